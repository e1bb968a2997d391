"""The site's page list and the guard that keeps Streamlit's legacy ``pages/`` mode out of the way.

Streamlit runs an app whose folder holds ``pages/`` in its legacy multipage mode until the entry point calls
``st.navigation``. When the first request a fresh server sees is a deep link (``/play?seed=...``, a share link),
the legacy mode runs that page directly, the entry point never runs, and the sidebar lists every file in
``pages/``. Each page therefore calls :func:`ensure_navigation` first: if the router has not declared the
navigation in this run, the page declares it (same pages, same titles), which also switches the legacy mode off
for the rest of the server's life.
"""
from __future__ import annotations

from pathlib import Path

import streamlit as st

ROOT = Path(__file__).resolve().parent.parent
# (file, title, icon): a page appears once its file exists
PAGES = [
    ("pages/home.py", "Home", ":material/home:"),
    ("pages/play.py", "Play a game", ":material/casino:"),
    ("pages/markov.py", "Board as a Markov chain", ":material/hub:"),
    ("pages/database.py", "Game database", ":material/database:"),
]
_DECLARED = "_site_navigation_run"
#: session-state key of the game database the site uses (set on the database page, used by every page)
DB_PATH = "db_path"


def db_path() -> str:
    from monopoly_core.store import default_db_path
    return st.session_state.setdefault(DB_PATH, str(default_db_path()))


def navigation() -> "st.navigation":
    """Declare the site's pages and return the page chosen by the URL. The pages are listed in the top bar: a
    sidebar takes 300 px, a third of a 1024x768 classroom projector's width (issue 14, item 7)."""
    st.set_page_config(page_title="Monopoly rules lab", page_icon="\U0001F3B2", layout="wide")
    pages = [st.Page(str(ROOT / path), title=title, icon=icon, default=(i == 0))
             for i, (path, title, icon) in enumerate(PAGES) if (ROOT / path).exists()]
    st.session_state[_DECLARED] = True
    return st.navigation(pages, position="top")


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
