"""The Game database page (AppTest): a ready-made question, a bad query, a refused query, the sample offer; a
batch is written once and the page says which (issue 14), questions narrowed to one batch, a fresh database,
every table and column described, the dice chart with the exact chances."""
from __future__ import annotations

import base64
import json
from pathlib import Path

import numpy as np
import pytest
from apptest_helpers import unescaped
from streamlit.testing.v1 import AppTest

from monopoly_core.dbfolder import allowed_names
from monopoly_core.queries import QUESTIONS
from monopoly_core.schema_doc import RELATIONS
from monopoly_core.simulate import game_seed, sample_database, simulate
from monopoly_core.sqlsafe import run_query
from monopoly_core.viz.safe_text import markdown as plain

PAGE = str(Path(__file__).resolve().parent.parent / "pages" / "database.py")


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    path = tmp_path_factory.mktemp("page") / "games.duckdb"
    sample_database(path, games=12)
    return path


_env: list = []


@pytest.fixture(autouse=True)
def _site_folder(monkeypatch):
    """Each test's database is the server's default one (``MONOPOLY_DB``), so its folder is the one the page may
    open and create databases in."""
    _env[:] = [monkeypatch]
    yield
    _env.clear()


def _page(path) -> AppTest:
    _env[0].setenv("MONOPOLY_DB", str(path))
    _env[0].delenv("MONOPOLY_DB_FOLDER", raising=False)
    at = AppTest.from_file(PAGE, default_timeout=60)
    at.session_state["db_path"] = str(path)
    at.run()
    assert not at.exception
    return at


def _errors(at) -> list[str]:
    """The errors as a person reads them (the page escapes the visitor's text in them)."""
    return [unescaped(e.value) for e in at.error]


def test_ready_made_question(db):
    at = _page(db)
    at.button(key="db_q_win_rate_by_strategy").click().run()
    assert not at.exception and not _errors(at)
    df = at.dataframe[0].value
    assert set(df["strategy"]) == {"strategist", "set-collector", "cautious", "always-buy"}
    assert at.selectbox(key="db_x_1").value == "strategy" and at.selectbox(key="db_y_1").value == "win_rate"
    assert "win_rate_by_strategy" not in at.text_area(key="db_sql").value
    assert "FROM player_results" in at.text_area(key="db_sql").value
    at.selectbox(key="db_kind_1").set_value("pie").run()
    assert not at.exception


def test_an_edition_s_question_on_a_database_without_its_games_says_to_play_some(db):
    # (a walkthrough met "0 rows" under "Which cheats get away unnoticed? (Cheaters Edition)", with nothing on why;
    # the sample database holds classic games only)
    at = _page(db)
    at.button(key="db_q_cheat_success_rate").click().run()
    assert not at.exception and not _errors(at)
    said = [i.value for i in at.info]
    assert any("holds no games of the Cheaters Edition yet" in s and "Simulate games" in s for s in said), said
    at.button(key="db_q_win_rate_by_strategy").click().run()     # a question of every edition's games: no note
    assert not [i.value for i in at.info if "holds no games of" in i.value]


def test_bad_query(db):
    at = _page(db)
    at.text_area(key="db_sql").set_value("SELEC strategy FROM players")
    at.button(key="db_run").click().run()
    assert not at.exception
    errors = _errors(at)
    assert len(errors) == 1 and "could not run" in errors[0] and "syntax error" in errors[0]
    assert "Traceback" not in errors[0]


def test_refused_query(db):
    at = _page(db)
    at.text_area(key="db_sql").set_value("DROP TABLE games")
    at.button(key="db_run").click().run()
    assert not at.exception
    errors = _errors(at)
    assert len(errors) == 1 and errors[0].startswith("Refused:") and "DROP" in errors[0]
    at.text_area(key="db_sql").set_value("SELECT count(*) AS n FROM games")
    at.button(key="db_run").click().run()
    assert not _errors(at) and at.dataframe[0].value["n"].tolist() == [12]


def test_empty_database_offers_a_sample(tmp_path):
    path = tmp_path / "empty.duckdb"
    at = _page(path)
    at.text_input(key="db_sample_games").set_value("10")
    at.button(key="db_sample").click().run()
    assert not at.exception and not _errors(at)
    assert path.exists()
    assert not any(b.key == "db_sample" for b in at.button)


def _fill(at, **boxes) -> None:
    """Type into the Simulate form's boxes (``games="4"`` types 4 in db_sim_games)."""
    for name, text in boxes.items():
        at.text_input(key=f"db_sim_{name}").set_value(text)


def test_simulate_form(tmp_path):
    path = tmp_path / "sim.duckdb"
    at = _page(path)
    _fill(at, games="4", players="2", workers="1", limit="20")
    _simulate(at)
    assert not at.exception and not _errors(at)
    assert at.success[0].value.startswith("Wrote batch 1 (4 games, ids 1 to 4, ")
    # the bots change seats every game unless the toggle is switched off (issue 18: seat apart from strategy)
    at.toggle(key="db_sim_rotate").set_value(False)
    at.text_input(key="db_sim_seed").set_value("2")
    _simulate(at)
    assert not _errors(at)
    rows = run_query("SELECT g.batch, p.seat, list(DISTINCT p.strategy) AS strategies, any_value(g.seating) AS "
                     "seating FROM players p JOIN games g ON p.game = g.id GROUP BY ALL ORDER BY ALL",
                     path).table.to_pylist()
    assert {(r["batch"], r["seating"]) for r in rows} == {(1, "rotated"), (2, "fixed")}
    assert all(len(r["strategies"]) == 2 for r in rows if r["batch"] == 1)     # both bots sat in each seat
    assert all(len(r["strategies"]) == 1 for r in rows if r["batch"] == 2)


def _simulate(at):
    next(b for b in at.button if b.label == "Simulate").click().run()


def _count(path) -> int:
    return run_query("SELECT count(*) AS n FROM games", path).table.to_pylist()[0]["n"]


def test_a_batch_already_in_the_database_is_refused_and_the_page_lists_the_batches_it_wrote(tmp_path):
    # Issue 14: 25 games and then 200 with the same master seed wrote the first 25 twice.
    path = tmp_path / "twice.duckdb"
    at = _page(path)
    for key, value in (("db_sim_games", 3), ("db_sim_players", 2), ("db_sim_workers", 1), ("db_sim_limit", 15)):
        at.text_input(key=key).set_value(str(value))
    _simulate(at)
    assert not _errors(at) and at.success[0].value.startswith("Wrote batch 1 (3 games, ids 1 to 3, ")
    at.text_input(key="db_sim_games").set_value("8")
    _simulate(at)
    errors = _errors(at)
    assert len(errors) == 1 and errors[0].startswith("Nothing was simulated: these games are already in the "
                                                     "database: batch 1 (3 games, ids 1 to 3)")
    assert not at.success            # review: the old "Wrote batch 1" stayed beside the refusal
    assert _count(path) == 3
    at.text_input(key="db_sim_seed").set_value("2")
    _simulate(at)
    assert not _errors(at)
    assert [s.value[:36] for s in at.success] == ["Wrote batch 2 (8 games, ids 4 to 11, "[:36]]
    assert _count(path) == 11
    at.button(key="db_run").click().run()              # a later query: the message belonged to the Simulate
    assert not at.success and not _errors(at)
    assert any(o.startswith("Batch 2: 8 games") for o in at.selectbox(key="db_scope").options)


def test_the_refused_batch_can_be_completed_with_the_box_the_refusal_names(tmp_path):
    """A run stopped part way, or a smaller run of the same games: the refusal says how to complete the batch,
    and the box plays only the games it lacks (the same games as one whole run)."""
    path = tmp_path / "complete.duckdb"
    at = _page(path)
    for key, value in (("db_sim_games", 3), ("db_sim_players", 2), ("db_sim_workers", 1), ("db_sim_limit", 15)):
        at.text_input(key=key).set_value(str(value))
    _simulate(at)
    at.text_input(key="db_sim_games").set_value("5")
    _simulate(at)
    errors = _errors(at)
    assert len(errors) == 1 and errors[0].endswith('Or tick "Complete a batch already in the database" to play only '
                                                   'the games it lacks.')
    at.checkbox(key="db_sim_resume").check()
    _simulate(at)
    assert not _errors(at)
    assert at.success[0].value.startswith("Wrote batch 1 (2 games, ids 4 to 5, ")
    assert "3 games of the batch already there, kept)" in at.success[0].value
    _simulate(at)
    assert at.success[0].value == "Nothing new to play: all 5 games are already in batch 1 of this database."
    rows = run_query("SELECT count(DISTINCT batch) AS b, count(DISTINCT batch_index) AS i, count(*) AS n FROM games",
                     path).table.to_pylist()
    assert rows == [{"b": 1, "i": 5, "n": 5}]


@pytest.fixture(scope="module")
def two_batches(tmp_path_factory):
    path = tmp_path_factory.mktemp("page2") / "games.duckdb"
    simulate(path, games=5, players=4, seed=1, turn_limit=40)
    simulate(path, games=4, players=2, seed=2, turn_limit=30, bots=["random"])
    return path


def test_ready_made_questions_can_be_asked_of_one_batch(two_batches):
    at = _page(two_batches)
    scope = at.selectbox(key="db_scope")
    assert scope.options[0] == "All games in the database" and scope.index == 0      # shown, not a placeholder
    assert scope.options[1].startswith("Batch 1: 5 games of classic-us, 4 players") and \
        scope.options[2].startswith("Batch 2: 4 games of classic-us, 2 players (random, random)")
    scope.set_value(2).run()
    at.button(key="db_q_first_player_wins").click().run()
    assert not at.exception and not _errors(at)
    expected = run_query(QUESTIONS["first_player_wins"].sql_for(2), two_batches).to_pandas()
    shown = at.dataframe[0].value
    assert shown["players"].tolist() == [2] and shown.equals(expected)
    assert "batch = 2" in at.text_area(key="db_sql").value
    at.selectbox(key="db_scope").set_value(1).run()         # the question on screen is asked again
    assert at.dataframe[0].value["players"].tolist() == [4]
    assert "batch = 1" in at.text_area(key="db_sql").value
    at.selectbox(key="db_scope").set_value(0).run()          # all games
    assert at.dataframe[0].value["players"].tolist() == [2, 4]


def test_a_fresh_database_keeps_the_old_file(tmp_path):
    path = tmp_path / "games.duckdb"
    simulate(path, games=2, players=2, seed=1, turn_limit=10)
    at = _page(path)
    at.button(key="db_fresh_start").click().run()
    assert "stay as they are" in at.warning[0].value and "games-2.duckdb" in at.warning[0].value
    at.button(key="db_fresh_no").click().run()
    assert at.session_state["db_path"] == str(path)
    at.button(key="db_fresh_start").click().run()
    at.button(key="db_fresh_yes").click().run()
    assert not at.exception
    assert at.session_state["db_path"] == str(tmp_path / "games-2.duckdb")
    assert any("kept as `games.duckdb`" in s.value for s in at.success)
    assert at.text_input(key="db_name").value == "games-2.duckdb"
    assert any(b.key == "db_sample" for b in at.button)        # the new file is empty: the sample is offered
    assert _count(path) == 2


def test_every_table_and_column_is_described_on_the_page(db):
    at = _page(db)
    pick = at.selectbox(key="db_schema_pick")
    for name, rel in RELATIONS.items():
        pick.set_value(name).run()
        text = "\n".join(m.value for m in at.markdown)
        assert rel.summary in text
        for column, meaning in rel.columns.items():
            assert f"| `{column}` |" in text and meaning in text, (name, column)


def test_the_dice_chart_draws_the_exact_chances(db):
    at = _page(db)
    at.button(key="db_q_dice_totals").click().run()
    assert not at.exception
    figure = json.loads(at.get("plotly_chart")[0].proto.spec)
    traces = {t["name"]: t for t in figure["data"]}
    assert set(traces) == {"share", "two_dice_chance"}
    assert _array(traces["two_dice_chance"]["x"]) == list(range(2, 13))
    assert _array(traces["two_dice_chance"]["y"]) == pytest.approx([(6 - abs(t - 7)) / 36 for t in range(2, 13)],
                                                                   abs=1e-4)


def _array(value) -> list:
    """A plotly JSON array: a list, or base64 bytes with a dtype (how plotly 6 sends numpy arrays)."""
    if isinstance(value, dict) and "bdata" in value:
        return np.frombuffer(base64.b64decode(value["bdata"]), dtype=value["dtype"]).tolist()
    return list(value)


# --- issue 13 items 1, 7, 9 and 12 on the page ----------------------------------------------------------------------
@pytest.mark.parametrize("sql, words", [
    ("SELECT " + "abs(" * 330 + "1" + ")" * 330, "nested too deeply"),
    ("UPDATE EXTENSIONS", "only reading queries"),
    ("WITH x AS (SELECT 1) DELETE FROM events", "a DELETE inside a WITH"),
    ("SELECT current_setting('temp_directory')", "is about the server"),
    ("SELECT * FROM duckdb_databases()", "is about the server"),
    ("SELECT repeat('x', 20000000)", "too large a value"),        # 20 MB: harmless even unchecked
])
def test_hostile_queries_are_refused_with_a_message(db, sql, words):
    at = _page(db)
    at.text_area(key="db_sql").set_value(sql)
    at.button(key="db_run").click().run()
    assert not at.exception
    errors = _errors(at)
    assert len(errors) == 1 and errors[0].startswith("Refused:") and words in errors[0]


def test_another_program_s_database_is_refused_and_left_intact(tmp_path):
    import duckdb
    theirs = tmp_path / "theirs.duckdb"
    with duckdb.connect(str(theirs)) as conn:
        conn.execute("CREATE TABLE accounts (id INTEGER); CREATE VIEW payments AS SELECT * FROM accounts")
    before = theirs.read_bytes()
    at = _page(theirs)
    at.text_input(key="db_sim_games").set_value("2")
    at.text_input(key="db_sim_workers").set_value("1")
    at.text_input(key="db_sim_limit").set_value("5")
    next(b for b in at.button if b.label == "Simulate").click().run()
    assert not at.exception
    assert any("Nothing was simulated" in e and "theirs.duckdb was not made by this lab" in e for e in _errors(at))
    assert not any(str(tmp_path) in e for e in _errors(at))          # the server's folders stay unsaid
    assert theirs.read_bytes() == before


@pytest.mark.parametrize("folder", [False, True])
def test_a_file_that_is_not_a_database_is_named_without_the_server_s_path(tmp_path, folder):
    """Review: a non-database file (or a folder) named notes.duckdb showed the server's full path and DuckDB's
    raw error, on opening and on Simulate. Plain words naming the file alone; nothing is overwritten."""
    home = tmp_path / "site"
    home.mkdir()
    notes = home / "notes.duckdb"
    notes.mkdir() if folder else notes.write_text("shopping list")
    at = _page(home / "games.duckdb")
    at.text_input(key="db_name").set_value("notes.duckdb").run()
    assert not at.exception
    want = "notes.duckdb is not a game database this lab can read"
    assert [e for e in _errors(at) if want in e] == _errors(at) != []
    at.text_input(key="db_sim_games").set_value("2")
    at.text_input(key="db_sim_workers").set_value("1")
    at.text_input(key="db_sim_limit").set_value("5")
    next(b for b in at.button if b.label == "Simulate").click().run()
    assert not at.exception
    errors = _errors(at)
    assert any(e.startswith("Nothing was simulated") and want in e for e in errors)
    for e in errors:
        assert str(tmp_path) not in e and "IO Error" not in e and "directory" not in e
    assert notes.is_dir() if folder else notes.read_text() == "shopping list"
    assert sorted(p.name for p in home.iterdir()) == ["notes.duckdb"]


def test_a_query_on_a_database_not_yet_made_names_it_without_the_server_s_path(tmp_path):
    home = tmp_path / "site"
    home.mkdir()
    at = _page(home / "games.duckdb")
    at.text_input(key="db_name").set_value("lesson.duckdb").run()
    at.button(key="db_run").click().run()
    assert not at.exception
    errors = _errors(at)
    assert len(errors) == 1 and "there is no database lesson.duckdb yet" in errors[0]
    assert str(tmp_path) not in errors[0] and not (home / "lesson.duckdb").exists()


@pytest.mark.parametrize("name, words", [
    ("/nonexistent_dir/x.duckdb", "is a path"), ("sub/x.duckdb", "is a path"), ("..\\x.duckdb", "is a path"),
    ("../games.duckdb", "is a path"), ("~root/x.duckdb", "is a path"), ("notes.txt", "does not end in .duckdb"),
    (".duckdb", "type a name before .duckdb"), ("x" * 200 + ".duckdb", "too long"), ("a:b.duckdb", "characters"),
    ("   ", "type the database's name"), (".hidden.duckdb", "characters"),
])
def test_the_page_opens_databases_only_by_name_in_its_folder(tmp_path, name, words):
    """Review: a visitor typed /nonexistent_dir/x.duckdb and the server created that folder. A name typed on the
    page is a file name in the site's folder; anything else is refused with what is allowed, nothing is created
    and the database in use stays."""
    home = tmp_path / "site"
    home.mkdir()
    at = _page(home / "games.duckdb")
    at.text_input(key="db_name").set_value(name).run()
    assert not at.exception
    errors = _errors(at)
    assert len(errors) == 1 and words in errors[0] and "file name ending in .duckdb" in errors[0]
    assert at.session_state["db_path"] == str(home / "games.duckdb")
    assert at.text_input(key="db_name").value == name          # kept, to be corrected
    assert errors[0].endswith("The page still uses games.duckdb.")
    at.button(key="db_sample").click().run()            # the sample goes to the database still in use
    assert not at.exception and not _errors(at)
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["games.duckdb", "site"]
    assert not Path("/nonexistent_dir").exists()


def test_a_name_opens_that_file_in_the_folder(tmp_path, monkeypatch):
    """A plain name opens (or, on the first write, creates) that file in the site's folder, whatever the server's
    working directory; MONOPOLY_DB_FOLDER names another folder."""
    monkeypatch.chdir(tmp_path)
    home = tmp_path / "site"
    home.mkdir()
    at = _page(home / "games.duckdb")
    at.text_input(key="db_name").set_value("class 7b.duckdb").run()
    assert not at.exception and not _errors(at)
    assert at.session_state["db_path"] == str(home / "class 7b.duckdb")
    at.text_input(key="db_sample_games").set_value("10")
    at.button(key="db_sample").click().run()
    assert not at.exception and not _errors(at) and _count(home / "class 7b.duckdb") == 10
    other = tmp_path / "teacher"
    other.mkdir()
    _env[0].setenv("MONOPOLY_DB_FOLDER", str(other))
    at.text_input(key="db_name").set_value("lesson.duckdb").run()
    assert at.session_state["db_path"] == str(other / "lesson.duckdb")
    _env[0].setenv("MONOPOLY_DB_FOLDER", str(tmp_path / "missing"))    # a folder that is not there: not made
    at.text_input(key="db_name").set_value("x.duckdb").run()
    at.button(key="db_sample").click().run()
    assert not at.exception and any("does not create folders" in e for e in _errors(at))
    assert not (tmp_path / "missing").exists()


@pytest.mark.parametrize("sql", [
    "SELECT 1 AS x, 2 AS x",
    "SELECT * FROM games a JOIN games b ON a.batch = b.batch LIMIT 3",
    "SELECT INTERVAL 1 DAY AS i",
    "SELECT '\\xFF'::BLOB AS b",
    "SELECT '101'::BIT AS b",
    "SELECT union_value(k := 1) AS u",
    "SELECT MAP {1: 2} AS m, {'a': 1, 'b': [1, 2]} AS s, [[1], [2, 3]] AS l",
    "SELECT '12345678-1234-5678-1234-567812345678'::UUID AS u, 170141183460469231731687303715884105727::HUGEINT AS h",
    "SELECT '01:00:00+01'::TIMETZ AS t, 'b'::ENUM('a', 'b') AS e, TIME '01:02' AS t2, NULL AS z",
    "SELECT 1::UHUGEINT AS u, 1::VARINT AS v, [1, 2]::INTEGER[2] AS a, 2.5::DECIMAL(30, 2) AS d",
    "SELECT DATE '294247-01-01' AS far",
    "SELECT 'infinity'::DATE AS d1, '-infinity'::TIMESTAMP AS t1, [DATE '2000-01-01', 'infinity'] AS l",
])
def test_any_column_type_or_name_is_shown_without_a_traceback(db, sql):
    """Repeated names and types pandas, Arrow's CSV or the table cannot carry (review: duplicate names, INTERVAL,
    BLOB, BIT, UNION ...): the table, both downloads and the chart controls appear, with a note of what changed."""
    at = _page(db)
    at.text_area(key="db_sql").set_value(sql)
    at.button(key="db_run").click().run()
    assert not at.exception and not _errors(at)
    df = at.dataframe[0].value
    assert len(set(df.columns)) == len(df.columns) and len(df) >= 1
    assert [b.label for b in at.get("download_button")] == ["Download CSV", "Download Parquet"]
    if "AS x, 2 AS x" in sql or "JOIN" in sql:
        assert any("renamed" in i.value for i in at.info)
    elif "DECIMAL" not in sql:
        assert any("as text" in i.value for i in at.info)


@pytest.mark.parametrize("sql, words", [("SELECT 1 AS n", "1 row in"), ("SELECT * FROM range(2)", "2 rows in"),
                                        ("SELECT 1 AS n WHERE false", "0 rows in")])
def test_the_caption_counts_rows_in_words(db, sql, words):
    """Review: one row was captioned "1 rows"."""
    at = _page(db)
    at.text_area(key="db_sql").set_value(sql)
    at.button(key="db_run").click().run()
    assert not at.exception and not _errors(at)
    assert any(c.value.startswith(words) for c in at.caption)


def test_a_result_that_cannot_be_shown_is_a_message(db, monkeypatch):
    """The last line of defence: whatever fails while a result is drawn ends in a message, not a traceback."""
    import streamlit as st

    def broken(*args, **kwargs):
        raise RuntimeError("cannot draw this")
    monkeypatch.setattr(st, "dataframe", broken)
    at = _page(db)
    at.text_area(key="db_sql").set_value("SELECT 1 AS n")
    at.button(key="db_run").click().run()
    assert not at.exception
    assert any("could not be shown" in e and "cannot draw this" in e for e in _errors(at))


@pytest.fixture(scope="module")
def editions_db(tmp_path_factory):
    """Classic, Mega (two white dice and a speed die), Sore Losers and Cheaters games in one file."""
    path = tmp_path_factory.mktemp("editions") / "games.duckdb"
    for edition in ("classic-us", "mega", "sore-losers", "cheaters"):
        simulate(path, edition=edition, games=6, players=3, seed=4, turn_limit=40)
    return path


def test_are_the_dice_fair_counts_the_two_white_dice_of_every_edition(editions_db):
    """Review: with a Mega game in the file the question gave totals 2-15 and negative two-dice chances. It counts
    the two white dice every edition rolls (a roll's first two faces), against their exact chance."""
    res = run_query(QUESTIONS["dice_totals"].sql, editions_db)
    rows = res.table.to_pylist()
    assert [r["total"] for r in rows] == list(range(2, 13))
    assert all(r["two_dice_chance"] == pytest.approx((6 - abs(r["total"] - 7)) / 36, abs=1e-4) for r in rows)
    faces = run_query("SELECT detail FROM events WHERE kind = 'roll'", editions_db).table.column("detail").to_pylist()
    assert any(f.count("+") == 2 for f in faces)                 # Mega's three-dice rolls are in the file
    white = sorted(int(f[0]) + int(f[2]) for f in faces)
    assert sum(r["rolls"] for r in rows) == len(white) and \
        {r["total"]: r["rolls"] for r in rows} == {t: white.count(t) for t in set(white)}
    assert "white dice" in QUESTIONS["dice_totals"].description and "speed die" in QUESTIONS["dice_totals"].description
    at = _page(editions_db)
    at.button(key="db_q_dice_totals").click().run()
    figure = json.loads(at.get("plotly_chart")[0].proto.spec)
    reference = {t["name"]: t for t in figure["data"]}["two_dice_chance"]
    assert min(_array(reference["y"])) > 0 and _array(reference["x"]) == list(range(2, 13))


@pytest.mark.parametrize("name", [n for n, q in QUESTIONS.items() if not q.edition])
def test_every_question_for_all_editions_answers_a_mixed_database(editions_db, name):
    """The questions for every edition's games run on a file of four editions, without negative counts or shares
    above one (a sign of unlike things mixed)."""
    rows = run_query(QUESTIONS[name].sql, editions_db).table.to_pylist()
    assert rows
    for row in rows:
        for column, value in row.items():
            if column in ("share", "win_rate", "first_player_win_rate", "fair_share", "two_dice_chance"):
                assert 0 <= value <= 1, (name, row)
            elif column in ("rolls", "games", "wins", "seats", "times", "payments", "draws", "bankruptcies"):
                assert value >= 0, (name, row)


def test_a_fresh_database_is_made_in_the_site_s_folder(tmp_path):
    """A teacher's MONOPOLY_DB_FOLDER holds the fresh database too, so the page can write it."""
    path = tmp_path / "games.duckdb"
    simulate(path, games=2, players=2, seed=1, turn_limit=10)
    at = _page(path)
    other = tmp_path / "teacher"
    other.mkdir()
    _env[0].setenv("MONOPOLY_DB_FOLDER", str(other))
    at.button(key="db_fresh_start").click().run()
    at.button(key="db_fresh_yes").click().run()
    assert at.session_state["db_path"] == str(other / "games-2.duckdb")
    at.text_input(key="db_sample_games").set_value("10")
    at.button(key="db_sample").click().run()
    assert not at.exception and not _errors(at) and _count(other / "games-2.duckdb") == 10


def test_the_simulate_form_names_rule_sets_in_full(db):
    # Reviewer: the Simulate form listed ids (cheaters, classic-uk) where Play and Markov show full names
    from monopoly_core import presets
    at = _page(db)
    box = at.selectbox(key="db_sim_edition")
    titles = [p.title for p in presets()]
    assert list(box.options) == titles and box.label == "Rule set"
    assert box.value == "classic-us"        # (the value the form simulates stays the preset's id)


# --- the number boxes are text boxes (pages/_number_box.py): a number box sent its last valid number while it
# showed another, so Simulate ran with a number the person no longer saw ------------------------------------------
@pytest.mark.parametrize("key, typed, words", [
    ("db_sim_games", "0", "The number of games must be from 1 to 100,000, not 0."),
    ("db_sim_games", "abc", "The number of games must be a whole number written with the digits 0 to 9."),
    ("db_sim_players", "9", "The number of players must be from 2 to 8, not 9."),
    ("db_sim_seed", "9" * 20, "The master seed must be from 0 to 9,007,199,254,740,991, not "
                              "99,999,999,999,999,999,999."),
    ("db_sim_limit", "-1", "The turn limit must be from 0 to 10,000, not -1."),
])
def test_a_bad_number_in_the_simulate_form_is_refused_and_nothing_is_simulated(tmp_path, key, typed, words):
    path = tmp_path / "refused.duckdb"
    at = _page(path)
    for k, value in (("db_sim_games", 3), ("db_sim_players", 2), ("db_sim_workers", 1), ("db_sim_limit", 15)):
        at.text_input(key=k).set_value(str(value))
    at.text_input(key=key).set_value(typed)
    _simulate(at)
    assert not at.exception and not at.success
    assert _errors(at) == [f"Nothing was simulated. {words}"]
    assert not path.exists() or _count(path) == 0


def test_numbers_typed_in_the_simulate_form_are_the_numbers_simulated(tmp_path):
    path = tmp_path / "typed.duckdb"
    at = _page(path)
    for k, value in (("db_sim_games", " 3 "), ("db_sim_players", "3"), ("db_sim_workers", "1"),
                     ("db_sim_limit", "1,000"), ("db_sim_seed", "9,007,199,254,740,991")):
        at.text_input(key=k).set_value(value)
    _simulate(at)
    assert not _errors(at)
    rows = run_query("SELECT batch_index, seed, players, turn_limit FROM games ORDER BY batch_index",
                     path).table.to_pylist()
    assert rows == [{"batch_index": i, "seed": game_seed(2**53 - 1, i), "players": 3, "turn_limit": 1000}
                    for i in range(3)]


@pytest.mark.parametrize("typed, words", [
    ("9", "The number of games in the sample must be from 10 to 5,000, not 9."),
    ("abc", "The number of games in the sample must be a whole number written with the digits 0 to 9."),
    ("9" * 20, "The number of games in the sample must be from 10 to 5,000, not 99,999,999,999,999,999,999."),
])
def test_a_bad_sample_size_is_refused_and_nothing_is_written(tmp_path, typed, words):
    path = tmp_path / "no-sample.duckdb"
    at = _page(path)
    at.text_input(key="db_sample_games").set_value(typed)
    at.button(key="db_sample").click().run()
    assert not at.exception
    assert _errors(at) == [f"Nothing was simulated. {words}"]
    assert not path.exists() or _count(path) == 0
    assert any(b.key == "db_sample" for b in at.button)        # the offer is still there


def test_a_nan_is_shown_as_nan_and_a_null_as_empty_in_the_table_and_the_csv(db):
    """Outside review: a float NaN showed as "None", like a NULL. The table gets the rows as Arrow (pandas made
    the NULL a NaN too), and the CSV spells NaN out, with NULL an empty field. A second review: the NaN then looked
    like an error (the grid draws a NaN in a column of numbers as an error cell); that column is shown as text, NaN
    written NaN as in the CSV, with a note saying so."""
    import io

    import pyarrow as pa
    at = _page(db)
    at.text_area(key="db_sql").set_value("SELECT 'nan'::DOUBLE AS x, NULL::DOUBLE AS y UNION ALL SELECT 1.5, 2.5")
    at.button(key="db_run").click().run()
    assert not at.exception and not _errors(at)
    shown = pa.ipc.open_stream(io.BytesIO(at.dataframe[0].proto.arrow_data.data)).read_all()
    x, y = shown.column("x").to_pylist(), shown.column("y").to_pylist()
    assert x == ["NaN", "1.5"] and y == [None, 2.5]
    assert pa.types.is_string(shown.schema.field("x").type) and pa.types.is_floating(shown.schema.field("y").type)
    assert ("Shown as text, with NaN (not a number) written NaN, because a column of numbers cannot show it: x."
            in [unescaped(i.value) for i in at.info])
    assert at.session_state["db_result"].to_csv().splitlines() == ['"x","y"', '"NaN",', '"1.5",2.5']
    # a column of numbers without a NaN stays numbers, with no note
    at.text_area(key="db_sql").set_value("SELECT 1.5::DOUBLE AS x, NULL::DOUBLE AS y")
    at.button(key="db_run").click().run()
    shown = pa.ipc.open_stream(io.BytesIO(at.dataframe[0].proto.arrow_data.data)).read_all()
    assert pa.types.is_floating(shown.schema.field("x").type) and not [i for i in at.info if "NaN" in i.value]


def test_a_whole_number_too_large_for_a_browser_is_shown_as_text_and_downloaded_as_a_number(db):
    """A browser review: seeds such as 13599106196960537 were marked inexact in the table (a browser's numbers hold
    whole numbers exactly only up to 2**53 - 1), and a seed copied from there would open another game. Such a
    column is shown as text, with a note; the CSV keeps the number itself."""
    import io

    import pyarrow as pa
    at = _page(db)
    at.text_area(key="db_sql").set_value("SELECT 13599106196960537::BIGINT AS seed, 7::BIGINT AS small "
                                         "UNION ALL SELECT -9007199254740993, 8")
    at.button(key="db_run").click().run()
    assert not at.exception and not _errors(at)
    shown = pa.ipc.open_stream(io.BytesIO(at.dataframe[0].proto.arrow_data.data)).read_all()
    assert shown.column("seed").to_pylist() == ["13599106196960537", "-9007199254740993"]
    assert pa.types.is_integer(shown.schema.field("small").type)
    assert any(unescaped(i.value).startswith("Shown as text, because a browser holds whole numbers exactly only up "
                                             "to 9,007,199,254,740,991") and "seed" in i.value for i in at.info)
    assert at.session_state["db_result"].to_csv().splitlines()[1:] == ["13599106196960537,7", "-9007199254740993,8"]
    # numbers a browser holds exactly stay numbers, with no note
    at.text_area(key="db_sql").set_value("SELECT 9007199254740991::BIGINT AS seed")
    at.button(key="db_run").click().run()
    shown = pa.ipc.open_stream(io.BytesIO(at.dataframe[0].proto.arrow_data.data)).read_all()
    assert pa.types.is_integer(shown.schema.field("seed").type) and not [i for i in at.info if "browser" in i.value]


def test_a_simulation_stops_at_the_time_limit_of_a_click_and_the_next_click_plays_on(tmp_path, monkeypatch):
    # (an outside review: 1,000 games of 8 random bots to a 10,000-round turn limit were one click, about 40 minutes
    # and 4.7 GB. One click now plays for at most bounds.SITE_TIME_LIMIT, in chunks of at most
    # bounds.SITE_CHUNK_PLAYER_ROUNDS, and keeps what it wrote; here the limit is as short as it gets: one chunk)
    from monopoly_core import bounds
    monkeypatch.setattr(bounds, "SITE_TIME_LIMIT", bounds.MIN_SECONDS)
    path = tmp_path / "sim.duckdb"
    at = _page(path)
    assert any("One click plays for at most 0.001 seconds" in c.value for c in at.caption)
    _fill(at, games="3", players="8", limit="10000", workers="1")
    _simulate(at)
    assert not at.exception and not _errors(at)
    said = [w.value for w in at.warning if w.value.startswith("Wrote batch 1 (1 game, ids 1 to 1, ")]
    assert len(said) == 1 and not at.success, [w.value for w in at.warning]
    assert ("It stopped after 0.001 seconds, the most one click plays, with 1 of the 3 games asked for in the batch: "
            'tick "Complete a batch already in the database" and press Simulate again to play the rest.') in said[0]
    n = "SELECT count(*) AS n, count(DISTINCT batch) AS batches FROM games"
    assert run_query(n, path).table.to_pylist() == [{"n": 1, "batches": 1}]
    # the next click, completing the batch, plays on (a chunk of 80,000 player-rounds: one such game)
    at.checkbox(key="db_sim_resume").check()
    _simulate(at)
    assert not at.exception and not _errors(at)
    assert any("with 2 of the 3 games asked for in the batch" in w.value for w in at.warning)
    _simulate(at)
    assert at.success and at.success[0].value.startswith("Wrote batch 1 (1 game, ") and not at.warning
    assert run_query(n, path).table.to_pylist() == [{"n": 3, "batches": 1}]


def test_the_summary_of_a_database_of_one_game_says_one_game(tmp_path):
    # (a walkthrough read "games.duckdb: 1 games (0 simulated, 1 played)")
    from monopoly_core.simulate import simulate
    path = tmp_path / "one.duckdb"
    simulate(path, games=1, players=2, seed=3, turn_limit=20)
    at = _page(path)
    line = next(c.value for c in at.caption if "one.duckdb" in c.value)
    assert ": 1 game (1 simulated, 0 played)," in line and line.endswith(" events.")


def test_a_wide_result_of_ones_own_sql_gets_no_chart_until_its_axes_are_picked(db):
    # (a walkthrough: a 300-column result drew its first column against its first number, a chart that meant
    # nothing; a result of at most 12 columns still gets its chart at once)
    at = _page(db)
    wide = ", ".join(f"{i} AS c{i}" for i in range(13))
    at.text_area(key="db_sql").set_value(f"SELECT 'a' AS name, {wide}")
    at.button(key="db_run").click().run()
    assert not at.exception and not _errors(at)
    assert not at.get("plotly_chart") and at.selectbox(key="db_y_1").value is None
    assert ("A result of 14 columns gets no chart of its own: pick a y column (or a histogram) to draw one."
            in [c.value for c in at.caption])
    at.selectbox(key="db_y_1").set_value("c3").run()
    assert len(at.get("plotly_chart")) == 1 and json.loads(at.get("plotly_chart")[0].proto.spec)["data"]
    narrow = ", ".join(f"{i} AS c{i}" for i in range(11))
    at.text_area(key="db_sql").set_value(f"SELECT 'a' AS name, {narrow}")
    at.button(key="db_run").click().run()
    assert len(at.get("plotly_chart")) == 1 and at.selectbox(key="db_y_2").value == "c0"


def test_building_between_turns_counts_the_builds_bought_in_a_window(tmp_path):
    """004 BUILDINGS: "As soon as you get a colour set, you can start buying Houses (you don't have to wait for
    your turn)". The ready-made question places every build after the last 'turn' or 'window' event of its game;
    counted here by walking each game's events in order, per preset, and the page draws it."""
    path = tmp_path / "games.duckdb"
    for edition in ("classic-us", "mega"):
        simulate(path, edition=edition, games=12, players=4, seed=3)
    question = QUESTIONS["building_between_turns"]
    rows = {r["preset"]: r for r in run_query(question.sql, path).table.to_pylist()}
    import duckdb
    with duckdb.connect(str(path), read_only=True) as con:       # (every row: run_query caps what it returns)
        events = [dict(zip(("preset", "game", "seq", "kind"), row)) for row in con.execute(
            "SELECT g.preset, e.game, e.seq, e.kind FROM events e JOIN games g ON g.id = e.game "
            "WHERE g.finished ORDER BY e.game, e.seq").fetchall()]
    expected: dict = {}
    last: dict = {}
    for e in events:
        x = expected.setdefault(e["preset"], {"games": set(), "windows": 0, "between": 0, "built": 0})
        x["games"].add(e["game"])
        if e["kind"] in ("turn", "window"):
            last[e["game"]] = e["kind"]
            x["windows"] += e["kind"] == "window"
        elif e["kind"] == "build":
            x["built"] += 1
            x["between"] += last.get(e["game"]) == "window"
    assert set(rows) == set(expected) == {"classic-us", "mega"}
    for preset, x in expected.items():
        row = rows[preset]
        assert (row["games"], row["windows"], row["built_between_turns"], row["built_in_all"]) == \
            (len(x["games"]), x["windows"], x["between"], x["built"]), preset
        assert row["share_built_between_turns"] == pytest.approx(x["between"] / x["built"], abs=5e-4)
    assert sum(x["between"] for x in expected.values()) > 0        # the window is used in these games
    one_batch = run_query(question.sql_for(1), path).table.to_pylist()
    assert [r["preset"] for r in one_batch] == ["classic-us"] and one_batch[0]["games"] == 12
    at = _page(path)
    at.button(key="db_q_building_between_turns").click().run()
    assert not at.exception and not _errors(at) and at.get("plotly_chart")


def test_the_per_preset_questions_say_how_many_rule_sets_a_row_mixes(tmp_path):
    """A browser review: after comparing classic-uk with a house rule on the Rules page, "How long is a game under
    each preset?" gave one classic-uk row of both rule sets (53.7 rounds, where they played 53.4 and 55.3), with
    nothing on it. Each per-preset question counts the rule sets of a row, and says so."""
    from monopoly_core import preset
    path = tmp_path / "games.duckdb"
    simulate(path, edition="classic-uk", games=6, players=2, seed=3, turn_limit=40)
    simulate(path, rules=preset("classic-uk", go_salary=400, turn_limit=40), games=4, players=2, seed=3)
    for name in ("game_length_by_preset", "turn_limit_games", "building_between_turns"):
        question = QUESTIONS[name]
        assert "rule_sets says how many different rule sets a row holds" in question.description
        rows = run_query(question.sql, path).table.to_pylist()
        assert [(r["preset"], r["games"], r["rule_sets"]) for r in rows] == [("classic-uk", 10, 2)], name
        batch = run_query(question.sql_for(2), path).table.to_pylist()
        assert [(r["games"], r["rule_sets"]) for r in batch] == [(4, 1)], name
