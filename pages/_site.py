"""The site's page list and the guard that keeps Streamlit's legacy ``pages/`` mode out of the way.

Streamlit runs an app whose folder holds ``pages/`` in its legacy multipage mode until the entry point calls
``st.navigation``. When the first request a fresh server sees is a deep link (``/play?seed=...``, a share link),
the legacy mode runs that page directly and the entry point never runs. Each page therefore calls
:func:`ensure_navigation` first: if the router has not declared the navigation in this run, the page declares it
(same pages, same titles), which also switches the legacy mode off for the rest of the server's life. Until then
the legacy mode would list every file in ``pages/`` (helpers too) in a sidebar, on any first request, for about
half a second: ``client.showSidebarNavigation = false`` in ``.streamlit/config.toml`` hides that list.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable
from urllib.parse import urlparse

import streamlit as st

from monopoly_core.bounds import short
from monopoly_core.viz.safe_text import markdown as plain

ROOT = Path(__file__).resolve().parent.parent
# (file, title, icon): a page appears once its file exists
PAGES = [
    ("pages/home.py", "Home", ":material/home:"),
    ("pages/play.py", "Play a game", ":material/casino:"),
    ("pages/markov.py", "Board as a Markov chain", ":material/hub:"),
    ("pages/rules.py", "Rules", ":material/rule:"),
    ("pages/database.py", "Game database", ":material/database:"),
]
#: The classroom section: the teacher's page, then one page per lesson of the core's catalogue
LESSON_ICONS = {"lesson_dice": ":material/casino:", "lesson_large_numbers": ":material/timeline:",
                "lesson_landing": ":material/grid_view:", "lesson_expected_value": ":material/payments:",
                "lesson_variants": ":material/compare_arrows:", "lesson_cheating": ":material/visibility:"}
TEACHER = ("pages/lessons.py", "For the teacher", ":material/school:")
#: the query parameter that asks a lesson for its printable worksheet or answer sheet (no sidebar, no controls)
PRINT = "print"
_DECLARED = "_site_navigation_run"
#: session-state key of the game database the site uses (set on the database page, used by every page)
DB_PATH = "db_path"


def db_path() -> str:
    from monopoly_core.store import default_db_path
    return st.session_state.setdefault(DB_PATH, str(default_db_path()))


def lesson_pages() -> list[tuple[str, str, str]]:
    """(file, title, icon) of the teacher's page and of every lesson in the core's catalogue."""
    from monopoly_core.lessons import LESSONS
    return [TEACHER] + [(f"pages/{x.slug}.py", f"{x.number}. {x.title}", LESSON_ICONS.get(x.slug, ":material/school:"))
                        for x in LESSONS]


#: The print views a lesson's link may ask for (``?print=worksheet``); the lesson pages name them (_lesson.SHEETS).
PRINT_VIEWS = ("worksheet", "answers")


def printing() -> bool:
    """True when the URL asks for a print view (``?print=worksheet`` or ``?print=answers``). Another value is no
    print view: the page keeps its menu to say so and lead on (a walkthrough met a red box with no way back)."""
    return st.query_params.get(PRINT) in PRINT_VIEWS


def navigation() -> "st.navigation":
    """Declare the site's pages and return the page chosen by the URL. The pages are listed in the top bar (a
    sidebar takes 300 px, a third of a 1024x768 classroom projector's width: issue 14, item 7), the lessons in a
    menu of their own. A print view hides the navigation: a worksheet prints without it."""
    st.set_page_config(page_title="Monopoly rules lab", page_icon="\U0001F3B2", layout="wide",
                       initial_sidebar_state="collapsed" if printing() else "auto")
    sections = {"": PAGES, "Lessons": lesson_pages()}     # the lab's pages as links, the lessons in a menu
    pages = {section: [st.Page(str(ROOT / path), title=title, icon=icon, default=(path == PAGES[0][0]))
                       for path, title, icon in entries if (ROOT / path).exists()]
             for section, entries in sections.items()}
    st.session_state[_DECLARED] = True
    page = st.navigation({k: v for k, v in pages.items() if v}, position="hidden" if printing() else "top")
    _say_page_not_found(page, [p for section in pages.values() for p in section])
    return page


_LOST = "site_page_not_found"     # the unknown page path already said in this visit


def _say_page_not_found(page, known) -> None:
    """An address naming no page of the lab opens Home: say so once, in words, rather than in silence (reviewer:
    /nonexistent_page landed on Home without a word)."""
    url = st.context.url
    if not url or page.url_path:       # (the default page, Home, is the one with no path of its own)
        return
    base = (st.get_option("server.baseUrlPath") or "").strip("/")
    path = urlparse(url).path.strip("/")
    asked = path[len(base):].strip("/") if base and path.startswith(base) else path
    if asked and asked not in {p.url_path for p in known} and st.session_state.get(_LOST) != asked:
        st.session_state[_LOST] = asked
        st.warning(plain(f"The lab has no page called {short(asked)}: this is the Home page. The pages are listed "
                         "at the top."))        # (an address is anyone's text: drawn as typed, never as Markdown)


def ensure_navigation() -> None:
    """Called at the top of every page: declare the navigation if the router did not run first, then rerun at
    once, so the page a visitor interacts with is always the router's (widget state belongs to a page, and
    the legacy mode's page would lose the first form the visitor submits)."""
    if not st.session_state.get(_DECLARED):
        navigation()
        st.rerun()


def compact_page() -> None:
    """Narrower page margins, for the pages that need the room (the Play page's board and its decisions side by
    side on a 1024x768 classroom projector): Streamlit's wide layout keeps 5rem on each side."""
    st.html("<style>[data-testid='stMainBlockContainer']{padding-left:1.25rem;padding-right:1.25rem;"
            "padding-top:2.5rem}</style>")


def read_address(marker: str, readers: dict[str, Callable[[str], str | None]], reads: str) -> None:
    """Apply the parts of the page's address (``?preset=mega``) once per visit, before its controls are drawn:
    ``readers[name](value)`` puts a value into its control and returns None, or returns why it could not, in words.
    A part with no reader, or one that could not be used, is said in a warning (never silently ignored); ``reads``
    says what the page does read. ``marker`` remembers that this address was read in this visit."""
    params = st.query_params.to_dict()
    if not params or st.session_state.get(marker) == params:
        return
    st.session_state[marker] = params
    problems = []
    for name, value in params.items():
        if name not in readers:
            continue
        problem = readers[name](value)
        values = st.query_params.get_all(name)
        if len(set(values)) > 1:        # (a part named twice with different values: the last is read, and said)
            lead = f"it names {short(name)} {len(values)} times, and this page reads the last, {short(value)}"
            problems.append(f"{lead}: {problem}" if problem else lead)
        elif problem:
            problems.append(problem)
    unread = [k for k in params if k not in readers]
    if unread:
        named = ", ".join(short(k) for k in unread[:5]) + (f" and {len(unread) - 5} more" if len(unread) > 5 else "")
        problems.append(f"this page does not read {named} in its address (it reads {reads})")
    if problems:
        # (the address is anyone's text: a link in it must not become a link or an image on the lab's page)
        st.warning(plain("The address was not all used: " + "; ".join(problems) + "."))
