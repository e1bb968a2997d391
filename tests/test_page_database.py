"""The Game database page (AppTest): a ready-made question, a bad query, a refused query, the sample offer."""
from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from monopoly_core.simulate import sample_database

PAGE = str(Path(__file__).resolve().parent.parent / "pages" / "database.py")


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    path = tmp_path_factory.mktemp("page") / "games.duckdb"
    sample_database(path, games=12)
    return path


def _page(path) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=60)
    at.session_state["db_path"] = str(path)
    at.run()
    assert not at.exception
    return at


def _errors(at) -> list[str]:
    return [e.value for e in at.error]


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
    at.number_input(key="db_sample_games").set_value(10)
    at.button(key="db_sample").click().run()
    assert not at.exception and not _errors(at)
    assert path.exists()
    assert not any(b.key == "db_sample" for b in at.button)


def test_simulate_form(tmp_path):
    path = tmp_path / "sim.duckdb"
    at = _page(path)
    at.number_input(key="db_sim_games").set_value(4)
    at.number_input(key="db_sim_players").set_value(2)
    at.number_input(key="db_sim_workers").set_value(1)
    at.number_input(key="db_sim_limit").set_value(20)
    next(b for b in at.button if b.label == "Simulate").click().run()
    assert not at.exception and not _errors(at)
    assert "Wrote 4 games" in at.success[0].value


# --- issue 13 items 1, 7, 9 and 12 on the page ----------------------------------------------------------------------
@pytest.mark.parametrize("sql, words", [
    ("SELECT " + "abs(" * 330 + "1" + ")" * 330, "nested too deeply"),
    ("UPDATE EXTENSIONS", "only reading queries"),
    ("SELECT current_setting('temp_directory')", "describes the server"),
    ("SELECT * FROM duckdb_databases()", "describes the server"),
    ("SELECT repeat('x', 20000000)", "too large a value"),        # 20 MB: harmless even unchecked
])
def test_hostile_queries_are_refused_with_a_message(db, sql, words):
    at = _page(db)
    at.text_area(key="db_sql").set_value(sql)
    at.button(key="db_run").click().run()
    assert not at.exception
    errors = _errors(at)
    assert len(errors) == 1 and errors[0].startswith("Refused:") and words in errors[0]


@pytest.mark.parametrize("where", ["theirs", "{tmp}/a-file/games.duckdb", "/proc/no-such-dir/games.duckdb",
                                   "~no-such-user-here/games.duckdb", "{tmp}/" + "x" * 5000])
def test_odd_database_paths_are_messages(tmp_path, where):
    import duckdb
    (tmp_path / "a-file").write_text("not a folder")
    theirs = tmp_path / "theirs.duckdb"
    with duckdb.connect(str(theirs)) as conn:
        conn.execute("CREATE TABLE accounts (id INTEGER); CREATE VIEW payments AS SELECT * FROM accounts")
    before = theirs.read_bytes()
    at = _page(str(theirs) if where == "theirs" else where.format(tmp=tmp_path))
    at.number_input(key="db_sim_games").set_value(2)
    at.number_input(key="db_sim_workers").set_value(1)
    at.number_input(key="db_sim_limit").set_value(5)
    next(b for b in at.button if b.label == "Simulate").click().run()
    assert not at.exception
    assert any("Nothing was simulated" in e for e in _errors(at))
    assert theirs.read_bytes() == before
