"""Game database: simulate games into DuckDB and ask questions of them in SQL (issues 5 and 14).

Queries go through the core's hardened read-only runner (``monopoly_core.sqlsafe``); the page only draws. A
simulation starts only on its button (never on Enter in a number field), and the core refuses a batch whose
games are already in the file. Ready-made questions can be narrowed to one batch; a fresh database is a new
file next to the old one, which is kept. A visitor names a database by its file name only, in the one folder the
server allows (:mod:`monopoly_core.dbfolder`): the page never creates a file or a folder anywhere else.
"""
from __future__ import annotations

import os
from pathlib import Path

import streamlit as st

from monopoly_core import InvalidRules, editions, presets
from monopoly_core.bots import DESCRIPTIONS, STANDARD, STRATEGIES
from monopoly_core import bounds
from monopoly_core.dbfolder import FOLDER_ENV, allowed_names, check_site_path, site_db_path, site_folder
from monopoly_core.queries import CHART_KINDS, QUESTIONS, batches
from monopoly_core.schema_doc import RELATIONS, columns_markdown
from monopoly_core.simulate import FIXED, ROTATED, sample_database, simulate
from monopoly_core.sqlsafe import QueryError, QueryRefused, database_summary, run_query
from monopoly_core.store import DuplicateBatch, StoreError, fresh_path, resolve
from monopoly_core.viz.results import INTERVAL_CAPTION, result_figure, shows_interval, suggest_axes
from monopoly_core.viz.safe_text import markdown as plain
from pages import _rule_words as _words
from pages import _site
from pages._number_box import number_box
from pages._site import ensure_navigation

ensure_navigation()
# the page reads nothing from its address: any part of it is said in words, as the other pages do
_site.read_address("db_address", {}, "no part of it: everything is chosen on the page")

SQL, RESULT, ERROR, HINT, RUNS = "db_sql", "db_result", "db_error", "db_hint", "db_runs"
NO_GAMES_OF = "db_no_games_of"      # the edition a ready-made question is about, when the database has none of its games
PENDING = "db_pending"      # a query asked for, to run in the page
SCOPE = "db_scope"              # the batch ready-made questions are asked of (ALL_GAMES: every game)
ALL_GAMES = 0                   # batches are numbered from 1
ASKED = "db_asked"              # the SQL of the ready-made question last put in the editor
WROTE = "db_wrote"              # the batch the last Simulate wrote, said once, on the run right after it
#: a Simulate under way: what it was asked to play. Still here when the page runs again, it was stopped part way (a
#: click anywhere on the page stops the run in the middle, and Streamlit runs the page anew)
RUNNING = "db_running"
COMPLETE = "Complete a batch already in the database"
FRESH = "db_fresh"              # a fresh database waiting for confirmation / the file it replaced
NAME, NAME_ERROR = "db_name", "db_name_error"     # the file name typed (a name in the site's folder, never a path)
PATH = _site.DB_PATH
#: A result larger than this (its Arrow bytes) is not drawn as a chart, and the table shows its first rows up to
#: :data:`TABLE_MAX_BYTES`: 10,000 rows of 6,500 characters (64 MB, under the runner's limit) took the page to
#: about 1 GB, and more with every rerun, rebuilding the chart, the table and both downloads (an outside review).
CHART_MAX_BYTES = 8 * 2**20
#: Most columns of a result (of the visitor's own SQL) that get a chart drawn at once: over that, the first column
#: against the first number (a walkthrough's 300-column result) is a guess that means nothing, so the visitor picks.
AUTO_CHART_MAX_COLUMNS = 12
TABLE_MAX_BYTES = 16 * 2**20
_site.db_path()
st.session_state.setdefault(SCOPE, ALL_GAMES)
if SQL not in st.session_state:      # a first visit opens on a ready-made question, with its chart
    st.session_state[SQL] = st.session_state[ASKED] = QUESTIONS["win_rate_by_strategy"].sql
    st.session_state[HINT] = "win_rate_by_strategy"
st.session_state.setdefault(RUNS, 0)


#: Brings the query's outcome (its answer or its error) to the top of the window, once it is drawn.
SCROLL_TO_ANSWER = """<script>(function () {
  let tries = 0;
  function go() {
    const docs = [document];
    try { docs.push(window.parent.document); } catch (e) {}
    for (const d of docs) {
      const el = d.querySelector('.st-key-db_outcome');
      if (el && el.offsetHeight > 0) {
        el.style.scrollMarginTop = '4.5rem';      // (below the page's fixed header)
        el.scrollIntoView({block: 'start'});
        return;
      }
    }
    if (++tries < 50) setTimeout(go, 100);
  }
  setTimeout(go, 100);
})();</script>"""


# --- callbacks ---------------------------------------------------------------------------------------------------
def _run() -> None:
    """Ask for the editor's query to run: it runs in the page, under a spinner, where the last result or error
    was (run here, in the button's callback, the page kept showing the last result or error, greyed, for the
    seconds a slow query takes: a reviewer read a stale refusal as the new query's)."""
    st.session_state[RESULT] = st.session_state[ERROR] = None
    st.session_state[PENDING] = True


def _has_games_of(edition: str) -> bool:
    """Whether the site's database holds a finished game of ``edition`` (a failure to tell counts as yes: no
    note is better than a wrong one)."""
    try:
        return run_query(f"SELECT 1 FROM games WHERE finished AND edition = '{edition}' LIMIT 1",
                         st.session_state[PATH]).num_rows > 0
    except QueryError:
        return True


def _execute() -> None:
    """Run the editor's query; keep the rows or the reason it could not run."""
    st.session_state[RUNS] += 1
    sql = st.session_state[SQL]
    if st.session_state.get(HINT) is not None and st.session_state.get(ASKED) != sql:
        st.session_state[HINT] = None          # the question was edited: its chart may no longer fit
    try:
        st.session_state[RESULT] = run_query(sql, st.session_state[PATH])
        st.session_state[ERROR] = None
        # (asked once with the question, not at every rerun the result stays on screen for)
        hint = st.session_state.get(HINT)
        edition = QUESTIONS[hint].edition if hint else ""
        st.session_state[NO_GAMES_OF] = edition if edition and not _has_games_of(edition) else ""
    except QueryRefused as exc:
        st.session_state[RESULT], st.session_state[ERROR] = None, f"Refused: {exc}"
    except QueryError as exc:
        st.session_state[RESULT], st.session_state[ERROR] = None, f"The query could not run: {exc}"


def _ask(name: str) -> None:
    batch = st.session_state[SCOPE]
    st.session_state[SQL] = st.session_state[ASKED] = QUESTIONS[name].sql_for(None if batch == ALL_GAMES else batch)
    st.session_state[HINT] = name
    _run()


def _rescope() -> None:
    """Another batch chosen: ask the ready-made question on screen again, of the new batch."""
    if st.session_state.get(HINT) is not None:
        _ask(st.session_state[HINT])


def _open_named() -> None:
    """A database name typed: open that file in the site's folder, or say what names are allowed."""
    try:
        path = site_db_path(st.session_state[NAME])
    except StoreError as exc:          # the box keeps what was typed, to be corrected
        st.session_state[NAME_ERROR] = (f"That database cannot be opened: {exc}. The page still uses "
                                        f"{_name_of(st.session_state[PATH])}.")
        return
    st.session_state[NAME_ERROR] = None
    st.session_state[PATH] = str(path)
    st.session_state[NAME] = path.name
    _forget_result()


def _name_of(path) -> str:
    return Path(str(path)).name


def _fresh() -> Path:
    """The fresh database's file: the current name numbered on (games-2.duckdb), in the site's folder."""
    return fresh_path(site_folder() / _name_of(st.session_state[PATH]))


def _forget_result() -> None:
    st.session_state[RESULT] = st.session_state[ERROR] = None
    st.session_state[SCOPE] = ALL_GAMES


def _start_fresh() -> None:
    """Confirmed: point the site at a new, empty file next to the current one (which is left as it is)."""
    old = str(resolve(st.session_state[PATH]))
    st.session_state[PATH] = str(_fresh())
    st.session_state[NAME] = _name_of(st.session_state[PATH])
    st.session_state[FRESH] = {"from": old}
    st.session_state.pop(WROTE, None)
    _forget_result()


def _stopped_words(asked: dict, known) -> str:
    """What became of a Simulate stopped part way (``asked``: its settings), from the batches now in the
    database."""
    same = [b for b in known if (b.master_seed, b.preset, b.players, b.seating) ==
            (asked["seed"], asked["preset"], asked["players"], asked["seating"])]
    start = (f"The simulation of {asked['games']:,} games (master seed {asked['seed']}) was stopped part way: "
             f"another click ran the page again before it finished.")
    if not same:
        return f"{start} No game of it had been written yet, so nothing was added."
    batch = same[-1]
    if not batch.short:
        return f"{start} All the games of its batch {batch.batch} were already written, so it is whole."
    return (f"{start} Batch {batch.batch} holds {batch.games:,} of its {batch.planned:,} games (whole games only) and "
            f"is marked as stopped part way under \"Ask about\"; {batch.completion()}.")


def _progress_bar(label: str):
    bar = st.progress(0.0, text=label)

    def update(done: int, total: int) -> None:
        bar.progress(done / total, text=f"{label} {done:,} of {total:,} games")
    return bar, update


# --- the page ----------------------------------------------------------------------------------------------------
st.title("Game database")
st.caption("Every simulated game and every game logged from the Play page is stored in one DuckDB file. Ask it "
           "questions in SQL: one reading statement at a time, on the tables and views described at the bottom.")

with st.expander("Database file: open another, or start a fresh one", expanded=bool(st.session_state.get(FRESH))):
    st.session_state.setdefault(NAME, _name_of(st.session_state[PATH]))
    st.text_input("Name of the database file", key=NAME, on_change=_open_named,
                  help=f"A name of {allowed_names()}. The file is created when games are first written to it. "
                       f"The folder is chosen by whoever runs the site (the folder of the default database, or "
                       f"the one the environment variable {FOLDER_ENV} names).")
    if st.session_state.get(NAME_ERROR):          # said once, on the run that refused the name, as typed
        st.error(plain(st.session_state.pop(NAME_ERROR)))
    fresh = st.session_state.get(FRESH)
    if fresh == "confirm":
        with st.container(border=True):
            st.warning(f"Start a fresh, empty database? New games will be written to "
                       f"`{_fresh().name}`. The current file "
                       f"`{resolve(st.session_state[PATH]).name}` and every game in it stay as they are: type its "
                       f"name above to come back to it.")
            y, n = st.columns(2)
            y.button("Yes, start a fresh database", type="primary", key="db_fresh_yes", on_click=_start_fresh,
                     width="stretch")
            n.button("Cancel", key="db_fresh_no", on_click=lambda: st.session_state.update({FRESH: None}),
                     width="stretch")
    else:
        if isinstance(fresh, dict):
            st.success(f"Started a fresh database. The previous one is kept as `{_name_of(fresh['from'])}`.")
        st.button("Start a fresh database\u2026", key="db_fresh_start",
                  on_click=lambda: st.session_state.update({FRESH: "confirm"}),
                  help="A new, empty file next to this one, for a new experiment; nothing is deleted.")

unreadable = False
try:
    summary = database_summary(st.session_state[PATH])
except QueryError as exc:
    summary, unreadable = None, True
    st.error(f"The database cannot be read: {exc}")
else:
    if summary:
        games, events = summary["games"], summary["events"]      # ("1 games", a walkthrough)
        st.caption(f"`{_name_of(st.session_state[PATH])}`: {games:,} {'game' if games == 1 else 'games'} "
                   f"({summary['simulated']:,} simulated, {summary['played']:,} played), {events:,} "
                   f"{'event' if events == 1 else 'events'}.")

if not unreadable and (not summary or not summary["games"]):
    with st.container(border=True):
        st.markdown("**The database is empty.** Create a small sample to start asking questions: four-player "
                    "classic games between the standard bots.")
        n, sample_problem = number_box("Games in the sample", "db_sample_games", default=300, lo=10, hi=5000,
                                       what="the number of games in the sample",
                                       help="A whole number from 10 to 5,000.")
        if st.button("Create a small sample", type="primary", key="db_sample"):
            if n is None:
                st.error(f"Nothing was simulated. {sample_problem}", icon=":material/block:")
            else:
                bar, update = _progress_bar("Simulating")
                try:
                    sample_database(check_site_path(st.session_state[PATH]), games=n, progress=update)
                except (StoreError, InvalidRules) as exc:
                    st.error(f"The sample could not be written: {exc}")
                else:
                    bar.empty()
                    _forget_result()
                    st.rerun()

# --- questions -----------------------------------------------------------------------------------------------------
st.subheader("Ask a question")
try:
    known = [] if unreadable else batches(st.session_state[PATH])
except QueryError as exc:
    known = []
    st.caption(f"The batches cannot be listed: {exc}")
stopped = st.session_state.pop(RUNNING, None)
if stopped is not None:                       # said once, on the run right after the one that was stopped
    st.warning(_stopped_words(stopped, known), icon=":material/warning:")
labels = {b.batch: b.label() for b in known}
if st.session_state[SCOPE] not in labels:
    st.session_state[SCOPE] = ALL_GAMES
st.selectbox("Ask about", [ALL_GAMES, *labels], key=SCOPE, on_change=_rescope,
             format_func=lambda b: "All games in the database" if b == ALL_GAMES else labels[b],
             help="Each simulation run is one batch. Choosing a batch narrows every ready-made question to its "
                  "games, so one experiment is not mixed with another. In your own SQL, keep to batch 3 with "
                  "WHERE batch = 3 on games, or WHERE game IN (SELECT id FROM games WHERE batch = 3) elsewhere. "
                  "A batch a run was stopped in says how many of its games it holds, and how to complete it.")
chosen_batch = next((b for b in known if b.batch == st.session_state[SCOPE]), None)
if chosen_batch is not None and chosen_batch.short:
    st.caption(f"Batch {chosen_batch.batch} holds {chosen_batch.games:,} of its {chosen_batch.planned:,} games: a "
               f"run of it was stopped part way, so its answers are those of fewer games than planned; "
               f"{chosen_batch.completion()}.")
st.caption("A click runs a ready-made question and puts its SQL in the editor, to read or change.")
with st.container(horizontal=True, wrap=True, key="db_questions"):     # each button as wide as its title
    for name, q in QUESTIONS.items():
        st.button(q.title, key=f"db_q_{name}", on_click=_ask, args=(name,), help=q.description, width="content")

st.text_area("SQL", key=SQL, height=180,
             help="One SELECT, WITH, EXPLAIN, DESCRIBE or SUMMARIZE statement. Files, URLs, extensions and "
                  "settings are off; a query is stopped after 5 seconds and shows at most 10,000 rows.")
st.button("Run query", type="primary", on_click=_run, key="db_run")

# The query's outcome in one placeholder: while a query runs, a "running" line takes the place of the last result
# or error (drawn after the run, they stayed on screen, greyed, for the seconds a slow query takes).
slot = st.empty()
just_asked = st.session_state.pop(PENDING, False)
if just_asked:
    slot.info("Running the query (a query is stopped after 5 seconds)\u2026", icon=":material/hourglass_top:")
    _execute()
outcome = slot.container(key="db_outcome")
if st.session_state.get(ERROR):             # DuckDB's words quote the query: said as typed, never as Markdown
    outcome.error(plain(st.session_state[ERROR]))


def _show(result, hint) -> None:
    """The rows of a query, its downloads and its chart."""
    if hint is not None:
        st.markdown(f"**{hint.title}** {hint.description}")
        if hint.edition and st.session_state.get(NO_GAMES_OF) == hint.edition:
            # (a walkthrough met "0 rows" under a Cheaters Edition question, with nothing on why)
            title = _words.edition_name(editions.get(hint.edition).title)
            st.info(f"This database holds no games of {title} yet, so this question has nothing to count: play "
                    f"some with **Simulate games** below (rule set: {title}), then ask again.")
    for note in result.notes:               # (they name the query's columns: as typed)
        st.info(plain(note))
    size = result.table.nbytes
    st.caption(f"{result.num_rows:,} {'row' if result.num_rows == 1 else 'rows'} in {result.seconds * 1000:.0f} ms")
    # the rows as Arrow, not as pandas: pandas makes a float NULL a NaN and the table showed both as "None"; a column
    # holding a NaN as text, NaN written NaN, as in the CSV (a NaN in a column of numbers was drawn as an error cell)
    shown = result.shown
    if size > TABLE_MAX_BYTES:
        rows = max(1, int(result.num_rows * TABLE_MAX_BYTES / size))
        shown = shown.slice(0, rows)
        st.caption(f"This result is {size / 2**20:,.0f} MB: the table shows its first {rows:,} rows, and the "
                   "downloads hold them all.")
    st.dataframe(shown, width="stretch", hide_index=True, key="db_table",
                 column_config={c: st.column_config.TextColumn(alignment="right")
                                for c in result.nan_columns + result.big_columns})

    # (made when pressed, not on every rerun: a large result's CSV and Parquet were rebuilt at each click)
    d1, d2 = st.columns(2)
    d1.download_button("Download CSV", data=result.to_csv, file_name="query.csv", mime="text/csv",
                       key="db_csv", width="stretch")
    d2.download_button("Download Parquet", data=result.to_parquet, file_name="query.parquet",
                       mime="application/octet-stream", key="db_parquet", width="stretch")

    columns = list(result.table.column_names)
    if columns and result.num_rows and size > CHART_MAX_BYTES:
        st.caption(f"No chart for a result of {size / 2**20:,.0f} MB (at most {CHART_MAX_BYTES // 2**20} MB): "
                   "select fewer or shorter columns to draw one.")
    elif columns and result.num_rows:
        df = result.to_pandas()
        st.markdown("**Chart**")
        x0, y0 = (hint.chart.x, hint.chart.y) if hint else suggest_axes(df)
        wide = not hint and len(columns) > AUTO_CHART_MAX_COLUMNS
        if wide:
            y0 = None
        kind0 = hint.chart.kind if hint else "bar"
        color0 = hint.chart.color if hint else None
        reference0 = hint.chart.reference if hint else None
        run = st.session_state[RUNS]            # new widgets (and defaults) for every new result
        c = st.columns(5)
        none = "(none)"
        kind = c[0].selectbox("Chart", CHART_KINDS, index=CHART_KINDS.index(kind0), key=f"db_kind_{run}")
        x = c[1].selectbox("x", columns, index=columns.index(x0) if x0 in columns else 0, key=f"db_x_{run}")
        y_options = [None] + columns
        y = c[2].selectbox("y", y_options, index=y_options.index(y0) if y0 in columns else 0,
                           key=f"db_y_{run}", format_func=lambda v: none if v is None else v)
        colour = c[3].selectbox("colour", y_options, index=y_options.index(color0) if color0 in columns else 0,
                                key=f"db_colour_{run}", format_func=lambda v: none if v is None else v)
        reference = c[4].selectbox("compare with", y_options,
                                   index=y_options.index(reference0) if reference0 in columns else 0,
                                   key=f"db_reference_{run}", format_func=lambda v: none if v is None else v,
                                   help="A column of exact or expected values, drawn as a dotted line over a bar, "
                                        "line or scatter chart.")
        if y is None and kind != "histogram":
            st.caption(f"A result of {len(columns):,} columns gets no chart of its own: pick a y column (or a "
                       "histogram) to draw one."
                       if wide else "Pick a y column to draw this chart (or choose a histogram).")
        else:
            # a question's share gets its confidence intervals while the chart shows that share
            interval = hint.chart.interval if hint and y == hint.chart.y else None
            try:
                fig = result_figure(df, x, y, kind, colour, reference=reference, interval=interval)
                st.plotly_chart(fig, key=f"db_fig_{run}")
                if shows_interval(fig):
                    st.caption(INTERVAL_CAPTION)
            except (ValueError, TypeError) as exc:
                st.caption(plain(f"This chart cannot be drawn from these columns: {exc}"))


result = st.session_state.get(RESULT)
if result is not None:
    with outcome:
        try:
            _show(result, QUESTIONS[st.session_state[HINT]] if st.session_state.get(HINT) else None)
        except Exception as exc:            # the last line of defence: no result may end in a traceback
            st.error(plain(f"The result could not be shown ({exc.__class__.__name__}: {str(exc)[:200]}). Try "
                           f"selecting fewer or simpler columns, or cast them to text (column::VARCHAR)."))
if just_asked:
    # The answer into view: at 1024x768 a ready-made question's answer was drawn 700 px and more below the fold,
    # under the buttons and the editor, and a click seemed to do nothing (a browser review). Only after a question
    # or Run, never when a chart's setting changes. A fixed script of our own, no visitor's text in it.
    st.html(SCROLL_TO_ANSWER, unsafe_allow_javascript=True)

# --- simulate ------------------------------------------------------------------------------------------------------
st.subheader("Simulate games")
with st.form("db_simulate", enter_to_submit=False):
    st.caption("Bot games under any preset, written to the database above when you press Simulate. The same "
               "master seed gives the same games whatever the number of worker processes, so a batch with the "
               "same rules, bots, seating, players and master seed as one already in the database is refused, unless "
               "you tick the box to complete it. One click plays for at most "
               f"{bounds.minutes(bounds.SITE_TIME_LIMIT)} and keeps the games written by then: tick the box and "
               "press Simulate again to play the rest.")
    titles = {p.name: p.title for p in presets()}
    names = list(titles)
    c = st.columns(3)
    edition = c[0].selectbox("Rule set", names, index=names.index("classic-us") if "classic-us" in names else 0,
                             key="db_sim_edition", format_func=titles.__getitem__)
    # text boxes read by pages/_number_box.py (a number box sent its last valid number while it showed another)
    cpus = max(1, os.cpu_count() or 1)
    boxes = [  # (label, key, default, lowest, highest, the box in a refusal, where)
        ("Games", "db_sim_games", 1000, 1, 100_000, "the number of games", c[1]),
        ("Players", "db_sim_players", 4, 2, 8, "the number of players", c[2]),
    ]
    c = st.columns(3)
    boxes += [
        ("Master seed", "db_sim_seed", 1, 0, 2**53 - 1, "the master seed", c[0]),
        ("Worker processes", "db_sim_workers", min(2, cpus), 1, cpus, "the number of worker processes", c[1]),
        ("Turn limit (rounds; 0 = the preset's)", "db_sim_limit", 0, 0, 10_000, "the turn limit", c[2]),
    ]
    read = [number_box(label, key, default=default, lo=lo, hi=hi, what=what, where=where,
                       help=f"A whole number from {lo:,} to {hi:,}.")
            for label, key, default, lo, hi, what, where in boxes]
    (games, _), (players, _), (seed, _), (workers, _), (limit, _) = read
    sim_problems = [why for _, why in read if why is not None]
    chosen = st.multiselect("Bots (cycled over the seats)", STRATEGIES, default=list(STANDARD), key="db_sim_bots",
                            help="; ".join(f"{k}: {v}" for k, v in DESCRIPTIONS.items()))
    rotate = st.toggle("Bots change seats every game", value=True, key="db_sim_rotate",
                       help="Each game every bot moves one seat on, so each bot plays every seat equally often: "
                            "then \"Does the seat matter?\" and \"Which bot strategy wins most often?\" answer "
                            "separate questions. Switch it off to keep every bot in the same seat.")
    resume = st.checkbox(COMPLETE, key="db_sim_resume",
                         help="When a batch with the same rules, bots, seating, players and master seed is already "
                              "in the database (a run stopped part way, or a smaller run of the same games), play "
                              "only the games it lacks, each with its own seed, instead of refusing the run.")
    submitted = st.form_submit_button("Simulate", type="primary")
if submitted and sim_problems:
    st.error("Nothing was simulated. " + " ".join(sim_problems), icon=":material/block:")
elif submitted:
    bar, update = _progress_bar("Simulating")
    seating = ROTATED if rotate else FIXED
    st.session_state[RUNNING] = {"games": games, "seed": seed, "preset": edition, "players": players,
                                 "seating": seating}
    try:
        report = simulate(check_site_path(st.session_state[PATH]), edition=edition, games=games,
                          players=players, seed=seed, bots=chosen or None, workers=workers,
                          turn_limit=limit or None, progress=update, seating=seating, resume=resume,
                          time_limit=bounds.SITE_TIME_LIMIT)
    except DuplicateBatch as exc:
        st.session_state.pop(RUNNING, None)          # (the run ended here, with its reason)
        bar.empty()
        st.error(f"Nothing was simulated: {exc} Or tick \"{COMPLETE}\" to play only the games it lacks.")
    except (InvalidRules, StoreError) as exc:
        st.session_state.pop(RUNNING, None)
        bar.empty()
        st.error(f"Nothing was simulated: {exc}")
    else:
        st.session_state.pop(RUNNING, None)
        bar.empty()
        kept = (f"; {report.kept:,} game{'s' if report.kept != 1 else ''} of the batch already there, kept"
                if report.kept else "")
        wrote = (f"Wrote batch {report.batch} ({report.games:,} game{'s' if report.games != 1 else ''}, ids "
                 f"{report.first_id:,} to {report.last_id:,}, {report.seconds:.1f} s"
                 + (", interrupted" if report.interrupted else "") + kept + ") to this database. It is listed "
                 "under \"Ask about\" above." if report.games else
                 f"Nothing new to play: all {report.kept:,} games are already in batch {report.batch} of this "
                 "database.")
        if report.timed_out:
            wrote += (f" It stopped after {bounds.minutes(bounds.SITE_TIME_LIMIT)}, the most one click plays, "
                      f"with {report.kept + report.games:,} of the {games:,} games asked for in the batch: tick "
                      f"\"{COMPLETE}\" and press Simulate again to play the rest.")
        st.session_state[WROTE] = (wrote, report.timed_out)
        st.rerun()                          # the summary and the batch list above now include it
wrote = st.session_state.pop(WROTE, None)      # shown by the run that wrote it, gone at the next click
if wrote:
    text, timed_out = wrote
    (st.warning if timed_out else st.success)(text)

# --- schema --------------------------------------------------------------------------------------------------------
with st.expander("Tables and columns"):
    st.caption("What each table and view holds, column by column. Seats, players and squares are numbered from 0; "
               "in money columns -1 stands for the bank and -2 for the Free Parking pot; times are UTC.")
    shown = st.selectbox("Table or view", list(RELATIONS), key="db_schema_pick",
                         format_func=lambda r: f"{r} ({RELATIONS[r].kind})")
    st.markdown(RELATIONS[shown].summary)
    st.markdown(columns_markdown(shown))
