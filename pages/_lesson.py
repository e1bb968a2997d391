"""What every lesson page shares: its heading and formula, the class seed from the link, the three simulation
sizes, tables that download as CSV, the exercise with its hidden answer, and the printable sheets.

A teacher's link opens a lesson with ``?seed=N`` (the whole class sees the same numbers) and a worksheet with
``?print=worksheet`` or its answers with ``?print=answers``: then the page shows only the sheet, without the
sidebar or any control, ready for the browser's Print.
"""
from __future__ import annotations

from typing import Callable

import pandas as pd
import streamlit as st

from monopoly_core import presets
from monopoly_core.bounds import short
from monopoly_core.lessons import DEFAULT_SEED, MAX_SEED, RUN_SIZES, Exercise, Lesson, parse_seed
from monopoly_core.viz.safe_text import markdown as plain
from pages import _site
from pages._number_box import number_box
from pages._site import PRINT, ROOT

SEED = "seed"
SHEETS = dict(zip(_site.PRINT_VIEWS, ("Worksheet", "Answer sheet")))
#: Hides Streamlit's chrome on a print view, and the screen-only hints when printing.
PRINT_CSS = """<style>
[data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"], [data-testid="stHeader"],
[data-testid="stToolbar"], [data-testid="stDecoration"], [data-testid="stStatusWidget"] {display: none !important;}
[data-testid="stMainBlockContainer"] {padding-top: 1.5rem !important; max-width: 52rem;}
@media print { .st-key-screen_only {display: none !important;} }
</style>"""


def rule_set(column, key: str):
    """A choice of preset in ``column`` (classic US first); returns its name and its rules."""
    all_presets = {p.name: p for p in presets()}
    names = list(all_presets)
    name = column.selectbox("Rule set", names, index=names.index("classic-us") if "classic-us" in names else 0,
                            key=key, format_func=lambda n: all_presets[n].title,
                            help="The board, cards, dice, rents and prices come from this preset.")
    return name, all_presets[name].rules


def rule_set_title(name: str) -> str:
    """A preset's full title for a page's words and charts ("Classic (US)", never its name "classic-us")."""
    return next(p.title for p in presets() if p.name == name)


def page_path(lesson: Lesson) -> str:
    return str(ROOT / "pages" / f"{lesson.slug}.py")


def _read_address(lesson: Lesson, sheet: bool = False) -> None:
    """Say any part of the lesson's address it does not read or cannot use, at the top of the page (an outside
    review: ?foo=1 was ignored in silence; a walkthrough found lesson 3's word on a bad ?seed= only far down the
    page, beside its simulation, which shows once the class has made its prediction: it is said there too, while
    the seed box holds the seed used instead). The seed is applied to the seed box by :func:`_link_seed`, the print
    view read by :func:`begin`; a printed ``sheet`` uses no seed, so says nothing of it."""
    def read_there(_value: str) -> None:
        return None

    def print_problem(value: str) -> str | None:
        # (an empty part was passed over without a word, an outside review; read_address promises never to)
        return None if value.strip() else (f"the address's {PRINT} part is empty, so the lesson is shown rather than "
                                           f"a printed sheet (for example ?{PRINT}=worksheet)")
    _site.read_address(f"{lesson.slug}_address", {SEED: read_there if sheet else _seed_problem, PRINT: print_problem},
                       f"{SEED} and {PRINT}, for example ?{SEED}={DEFAULT_SEED} or ?{PRINT}=worksheet")


def _seed_problem(value: str) -> str | None:
    """Why the link's seed cannot be used, in words for the address warning (None: it can)."""
    if not value.strip():
        return f"the address's {SEED} part is empty (this lesson uses the seed {DEFAULT_SEED})"
    try:
        parse_seed(value)
    except ValueError as exc:
        words = str(exc).rstrip(".")
        return f"{words[:1].lower()}{words[1:]} (this lesson uses the seed {DEFAULT_SEED} instead)"
    return None


def begin(lesson: Lesson, intro: str) -> None:
    """The top of a lesson: title, a few sentences and the formula. When the link asks for a printable sheet,
    show that instead and stop the page there."""
    mode = st.query_params.get(PRINT)
    if mode:
        print_view(lesson, mode)
        st.stop()
    st.title(f"Lesson {lesson.number}: {lesson.title}")
    _read_address(lesson)
    st.caption(f"About {lesson.minutes} minutes. {lesson.summary}")
    st.markdown(intro)
    st.latex(lesson.formula)


def print_view(lesson: Lesson, mode: str) -> None:
    """The worksheet (the exercise with room to answer) or the answer sheet, with nothing else on the page."""
    if mode not in SHEETS:
        # the site's menu stays, with a way on (a walkthrough met a red box alone: no menu, no way back)
        st.error(plain(f"There is no print view called {short(mode)}: the link should end in ?print=worksheet or "
                       "?print=answers."))      # (the link's text drawn as typed, never as Markdown)
        st.markdown(f"Print [the worksheet](?print=worksheet) or [the answers](?print=answers) of Lesson "
                    f"{lesson.number}, or open the lesson:")
        st.page_link(str(ROOT / "pages" / f"{lesson.slug}.py"), label=f"Lesson {lesson.number}: {lesson.title}")
        return
    st.html(PRINT_CSS)
    with st.container(key="screen_only"):
        _read_address(lesson, sheet=True)       # (said on the screen, never printed on the sheet)
        st.info("Print this page with your browser (Ctrl+P, or Cmd+P on a Mac). This box is not printed.")
        # (a way back, not printed: a browser review found only the browser's Back button)
        st.page_link(str(ROOT / "pages" / f"{lesson.slug}.py"), label=f"Back to Lesson {lesson.number}",
                     icon=":material/arrow_back:")
    st.title(f"Lesson {lesson.number}: {lesson.title}")
    st.markdown(f"**{SHEETS[mode]}** \u00b7 about {lesson.minutes} minutes")
    if mode == "worksheet":
        st.markdown("Name: \\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_ "
                    "\u2003 Date: \\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_")
    st.markdown(lesson.summary)
    if mode != "worksheet":
        # (the formula and the goals state results the exercise asks for: a browser review found Lesson 1's
        # worksheet printing all three answers; they belong on the answer sheet)
        st.latex(lesson.formula)
    ex = lesson.exercise()
    st.subheader("Exercise")
    st.markdown(ex.question)
    if mode == "worksheet":
        st.markdown("**Your answer and your working:**")
        st.container(border=True, height=320)
    else:
        st.markdown(f"**Answer.** {ex.answer}")
        st.markdown(f"**Working.**\n\n{ex.working}")
        st.markdown("**What this lesson teaches**\n\n" + "\n".join(f"- {g}" for g in lesson.goals))


def _link_seed(lesson: Lesson) -> str | None:
    """Apply the seed this visit's link asks for to the seed box when the link changes; returns why the link's
    seed cannot be used, in words, while the box still holds the seed used instead (:func:`_read_address` says it
    at the top of the page too, once)."""
    key = f"{lesson.slug}_seed"
    link = st.query_params.get(SEED)
    try:
        seed = parse_seed(link)
        problem = None
    except ValueError as exc:
        seed, problem = DEFAULT_SEED, f"{exc} This lesson uses the seed {DEFAULT_SEED} instead."
    if st.session_state.get(f"{key}_link", "unset") != link:
        st.session_state[f"{key}_link"] = link
        st.session_state[key] = seed
    # (once the visitor types another seed, the link's is no longer the question)
    return problem if str(st.session_state.get(key, "")).replace(",", "").strip() == str(DEFAULT_SEED) else None


def simulation(lesson: Lesson, settings: tuple, run: Callable[[int, int], object], *, once: str,
               many: str, sizes: tuple[int, ...] = RUN_SIZES, games: bool = False) -> tuple[int, object] | None:
    """The seed and three buttons (once, 100 times, 10,000 times; a lesson whose trials are whole games gives
    smaller ``sizes``, and ``games``: its runs play games logged to the game database, which a run cut short
    keeps). A button runs ``run(size, seed)``; the result is kept while the seed and ``settings`` stay the same.
    A run cut short by a click on the page is said on the next run, where the results go. Returns
    ``(size, result)`` or None."""
    problem = _link_seed(lesson)
    if problem:
        st.warning(plain(problem))          # (it may quote the link: drawn as typed)
    cols = st.columns([1.2, 1, 1, 1], vertical_alignment="bottom")
    # a text box read by pages/_number_box.py (a number box sent its last valid seed while it showed another)
    seed, why = number_box("Seed", f"{lesson.slug}_seed", default=DEFAULT_SEED, lo=0, hi=MAX_SEED,
                           what="the seed", where=cols[0],
                           help="Same seed, same numbers: a class that opens the same link sees the same simulation. "
                                f"Change it to see another run (0 to {MAX_SEED:,}).")
    pressed = None
    labels = {n: once if n == 1 else many.format(n=n) for n in sizes}
    for col, n in zip(cols[1:], sizes):
        if col.button(labels[n], key=f"{lesson.slug}_run_{n}", width="stretch",
                      type="primary" if n == sizes[-1] else "secondary"):
            pressed = n
    _say_cut_short(lesson, games, pressed)
    key = f"{lesson.slug}_result"
    if seed is None:
        st.error(f"Nothing was simulated. {why}" if pressed is not None else why, icon=":material/block:")
        return None
    if pressed is not None:
        _flagged_run(lesson, (labels[pressed], seed), key, lambda: (settings, seed, pressed, run(pressed, seed)))
    stored = st.session_state.get(key)
    if stored is None or stored[0] != settings or stored[1] != seed:
        st.info(f"Press a button to run the simulation with seed {seed}.")
        return None
    return stored[2], stored[3]


def _running_key(lesson: Lesson) -> str:
    """The lesson's flag of a run under way: set when a run begins, cleared when it ends, so still set on the next
    run of the page when a click stopped it (Streamlit ends the script where it stands, with no word). Each lesson
    has its own, so a run cut short in one is never said in another."""
    return f"{lesson.slug}_running"


def _flagged_run(lesson: Lesson, what: tuple[str, int], key: str, run: Callable[[], object]) -> None:
    """Keep ``run()``'s result under ``key`` with the lesson's running flag (``what``: the button's words and the
    seed) set for as long as it runs."""
    flag = _running_key(lesson)
    st.session_state[flag] = what
    try:
        with st.spinner("Simulating\u2026"):
            st.session_state[key] = run()
            # (cleared inside the spinner: its end is an update to the page, where a click can still stop the
            # script, after the result is kept)
            st.session_state.pop(flag, None)
    except Exception:
        st.session_state.pop(flag, None)    # (an error is said as one; Streamlit's stop is no Exception, it passes)
        raise


def _say_cut_short(lesson: Lesson, games: bool, pressed: int | None) -> None:
    """Say, once and where the results go, that the lesson's last run was stopped by a click before it ended (a
    walkthrough pressed "Show the answer" at "200 of 1,000 games" and the results went back to "Press a button"
    without a word). Not when a run button was pressed: that run carries on from it."""
    cut = st.session_state.pop(_running_key(lesson), None)
    if cut is None or pressed is not None:
        return
    label, seed = cut
    again = (" The games it had already played are kept in the game database and are read back, so it goes "
             "quicker." if games else "")
    st.info(f"The last run (\"{label}\", seed {seed}) was stopped by a click on the page before it finished: any "
            f"click while a run plays, on another button or in a box, ends it where it stands. Press \"{label}\" "
            f"again with seed {seed} to carry on.{again}", icon=":material/pause_circle:")


#: Seconds a lesson's run waits for another run writing to the game database (a class pressing the same button
#: at once: the first plays, the others wait and read its games back) before it gives up and says so.
LESSON_WAIT = 600.0
WAITING = ("Waiting: another visitor's games are being written to the game database. Yours start, or are read "
           "back, as soon as they are done\u2026")
BUSY = ("The game database is busy writing other games, so these games were not played. Press the button again "
        "in a minute.")


def played_games(play: Callable, n: int, seed: int, what: str):
    """Games a lesson plays (or reads back) in the site's game database, with a progress bar:
    ``play(n, seed, db_path, workers=..., progress=..., wait=...)``'s result, or the reason it could not run, in
    words. While another run writes to the database (another visitor's, perhaps with the same seed) the bar says
    so and the run waits for it, up to :data:`LESSON_WAIT` seconds."""
    import os
    import time

    from monopoly_core import MonopolyError
    from monopoly_core.store import StoreBusy, StoreError, busy
    bar = st.progress(0.0, text=f"Playing {what}\u2026")
    path = _site.db_path()

    def progress(done: int, total: int) -> None:
        bar.progress(min(1.0, done / total), text=f"{done:,} of {total:,} games")

    try:
        t0 = time.monotonic()
        while busy(path) and time.monotonic() - t0 < LESSON_WAIT:
            bar.progress(0.0, text=WAITING)      # each update lets Streamlit stop the wait of a closed tab
            time.sleep(0.5)
        wait = max(1.0, LESSON_WAIT - (time.monotonic() - t0))
        return play(n, seed, path, workers=min(2, os.cpu_count() or 1), progress=progress, wait=wait)
    except StoreBusy:
        return BUSY
    except (MonopolyError, StoreError) as exc:
        return f"The games could not be played: {exc}"
    finally:
        bar.empty()


#: The most rows of a lesson's table shown whole, and the height of a row (Streamlit's data grid), in pixels.
WHOLE_ROWS = 16
ROW_PX = 35


def table(rows: list[dict], name: str, key: str, *, formats: dict[str, str] | None = None) -> None:
    """A table, and a button that downloads it as CSV (for a spreadsheet, the numbers as they are).

    Whole numbers of 1,000 and more are shown as the rest of the site writes them, 10,000 (a walkthrough read
    "10000"; the browser's own locale wrote "10.000" in German beside "7.0380" with a decimal point), through a
    Styler: the table still sorts them as numbers when a column's header is clicked (as text, "795" came after
    "3,709")."""
    df = pd.DataFrame(rows)
    config = {c: st.column_config.NumberColumn(format=f) for c, f in (formats or {}).items()}
    thousands = {c: "{:,}" for c in df.columns
                 if c not in config and df[c].dtype.kind in "iu" and len(df) and df[c].abs().max() >= 1000}
    # a short table whole, without its own scroll bar (a browser review: Lesson 1's eleven totals stopped at 11, and
    # 12 needed a scroll inside the table); a long one in a box of Streamlit's usual height
    height = (len(df) + 1) * ROW_PX + 3 if len(df) <= WHOLE_ROWS else "auto"
    st.dataframe(df.style.format(thousands) if thousands else df, hide_index=True, key=key, column_config=config,
                 height=height)
    st.download_button("Download CSV", df.to_csv(index=False).encode(), file_name=f"{name}.csv", mime="text/csv",
                       key=f"{key}_csv", icon=":material/download:")


def _toggle(key: str) -> None:
    st.session_state[key] = not st.session_state.get(key, False)


def exercise(lesson: Lesson, ex: Exercise, *, waits_for_runs: bool = False) -> None:
    """The exercise, and its answer once asked for. With ``waits_for_runs`` the answer's button is a fragment: a
    click on it waits for a run of games under way instead of stopping it (a browser review pressed "Show the
    answer" during Lesson 5's 1,000 games and lost the run). Streamlit keeps such a click only when the page has
    already drawn the fragment in the run under way, so the page calls this before it plays its games, into a
    container below them (``with body:`` after it)."""
    st.subheader("Exercise")
    st.markdown(ex.question)
    (_answer_waiting if waits_for_runs else _answer)(lesson, ex)


def _answer(lesson: Lesson, ex: Exercise) -> None:
    key = f"{lesson.slug}_answer_shown"
    shown = st.session_state.get(key, False)
    st.button("Hide the answer" if shown else "Show the answer", key=f"{lesson.slug}_answer", on_click=_toggle,
              args=(key,))
    if shown:
        st.success(f"**Answer.** {ex.answer}")
        st.markdown(ex.working)


_answer_waiting = st.fragment(_answer)
