"""Mega Edition games in the game database (issue 15): `simulate --edition mega` logs them with the new event kinds,
and the ready-made Mega questions (speed die, triples, bus tickets, Mr. Monopoly's and the others' moves) answer,
for all games and for one batch."""
import pytest

from monopoly_core.cli import main
from monopoly_core.queries import QUESTIONS
from monopoly_core.simulate import simulate
from monopoly_core.sqlsafe import run_query

MEGA = [n for n, q in QUESTIONS.items() if q.edition == "mega"]


@pytest.fixture(scope="module")
def mega_db(tmp_path_factory):
    """One file with a batch of Mega games and a batch of classic ones, and a file with the Mega batch alone."""
    folder = tmp_path_factory.mktemp("mega")
    first = dict(edition="mega", games=8, players=4, seed=31, turn_limit=80)
    simulate(folder / "alone.duckdb", **first)
    simulate(folder / "both.duckdb", **first)
    simulate(folder / "both.duckdb", games=3, players=3, seed=32, turn_limit=40)
    return folder / "alone.duckdb", folder / "both.duckdb"


def test_simulate_edition_mega_from_the_command_line(tmp_path, capsys):
    code = main(["simulate", "--edition", "mega", "--games", "3", "--db", str(tmp_path / "m.duckdb"), "--quiet"])
    assert code == 0 and "wrote 3 games" in capsys.readouterr().out
    res = run_query("SELECT DISTINCT edition FROM games", tmp_path / "m.duckdb").to_pandas()
    assert list(res["edition"]) == ["mega"]
    kinds = run_query("SELECT kind FROM event_kinds WHERE kind = 'bus_ticket'", tmp_path / "m.duckdb")
    assert kinds.num_rows == 1


@pytest.mark.parametrize("name", MEGA)
def test_every_mega_question_answers_for_all_games_and_for_one_batch(mega_db, name):
    alone, both = mega_db
    q = QUESTIONS[name]
    res = run_query(q.sql, alone)
    assert res.num_rows > 0 and q.chart.x in res.columns and q.chart.y in res.columns
    df = res.to_pandas()
    assert df[q.chart.y].sum() > 0, name          # the Mega games gave it something to count
    one = run_query(q.sql_for(1), both).to_pandas()
    assert one.astype(str).sort_values(list(one.columns)).reset_index(drop=True).equals(
        df.astype(str).sort_values(list(df.columns)).reset_index(drop=True))


def test_the_speed_die_and_the_ticket_answers_add_up(mega_db):
    alone, _ = mega_db
    faces = run_query(QUESTIONS["mega_speed_die"].sql, alone).to_pandas()
    assert set(faces["face"]) == {"1", "2", "3", "Mr. Monopoly", "Bus"}
    assert faces["share"].sum() == pytest.approx(1.0, abs=1e-3)
    tickets = run_query(QUESTIONS["mega_bus_tickets"].sql, alone).to_pandas().set_index("how")["tickets"]
    gained = tickets["drawn"] + tickets["birthday_gift"] + tickets["bus"]
    assert tickets["used"] + tickets["expired"] + tickets["returned"] <= gained <= 16 * 8
