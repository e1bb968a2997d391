"""The Cheaters Edition in the game database (issue 17): cheat attempts, outcomes and accusations are logged as
events of their own kinds, and the ready-made questions answer which cheats succeed and whether bold cheaters win
more often."""
import pytest

from monopoly_core import events as E
from monopoly_core.queries import QUESTIONS
from monopoly_core.simulate import simulate
from monopoly_core.sqlsafe import run_query


@pytest.fixture(scope="module")
def cheaters_db(tmp_path_factory):
    path = tmp_path_factory.mktemp("cheaters") / "cheaters.duckdb"
    simulate(path, edition="cheaters", games=16, players=4, seed=5)
    simulate(path, edition="classic-uk", games=4, players=3, seed=6, turn_limit=40)
    return path


def test_cheats_outcomes_and_accusations_are_logged_with_their_own_kinds(cheaters_db):
    rows = run_query("SELECT kind, detail, count(*) AS n FROM events WHERE kind IN ('cheat', 'cheat_outcome', "
                     "'accusation') GROUP BY ALL", cheaters_db).table.to_pylist()
    seen = {(r["kind"], r["detail"]) for r in rows}
    assert ("cheat", "card") in seen
    assert {("cheat_outcome", "revealed"), ("cheat_outcome", "caught"), ("accusation", "right")} <= seen
    meanings = run_query("SELECT kind FROM event_kinds WHERE kind IN ('cheat', 'cheat_outcome', 'accusation')",
                         cheaters_db).table.to_pylist()
    assert len(meanings) == 3 and E.KIND_NAMES[E.CHEAT] == "cheat"


def test_the_success_rate_of_each_cheat(cheaters_db):
    q = QUESTIONS["cheat_success_rate"]
    res = run_query(q.sql, cheaters_db).table.to_pylist()
    assert res and all(0 <= r["success_rate"] <= 1 and r["got_away"] + r["caught"] == r["attempts"] for r in res)
    names = {r["cheat"] for r in res}
    assert names <= {"Bank Job", "Short Change", "Escape Artist", "Hotel Heist", "Wrong Token", "Extra Step",
                     "Rent Dodger", "Sticky Fingers", "Pickpocket", "The Big Score", "Long Jump", "Switcheroo",
                     "Demolition Job", "Toll Dodger", "Quiet Loan"}
    assert q.chart.x in res[0] and q.chart.y in res[0]


def test_whether_bold_cheaters_win_more_often(cheaters_db):
    q = QUESTIONS["bold_cheaters_win"]
    res = run_query(q.sql, cheaters_db).table.to_pylist()
    assert res and sum(r["players"] for r in res) == 16 * 4          # only the Cheaters games' players
    assert all(0 <= r["win_rate"] <= 1 for r in res) and {q.chart.x, q.chart.y, q.chart.reference} <= set(res[0])
    assert len({r["cheats_tried"] for r in res}) >= 2
    batch = run_query(q.sql_for(2), cheaters_db).table.to_pylist()
    assert batch == []                                                # the classic batch has no Cheaters games


def test_boldness_is_the_share_of_a_players_own_turns_with_an_attempt(cheaters_db):
    # a player out early played fewer turns than the game's average: their share is of their own turns
    q = QUESTIONS["bold_cheaters_win"]
    res = {r["cheats_tried"]: r["players"] for r in run_query(q.sql, cheaters_db).table.to_pylist()}
    rows = run_query("SELECT r.game, r.seat, "
                     "(SELECT count(*) FROM events e WHERE e.game = r.game AND e.player = r.seat AND e.kind = 'cheat')"
                     " AS attempts, (SELECT count(*) FROM events e WHERE e.game = r.game AND e.player = r.seat AND "
                     "e.kind = 'turn') AS turns FROM player_results r JOIN games g ON g.id = r.game "
                     "WHERE g.edition = 'cheaters' AND r.finished", cheaters_db).table.to_pylist()
    want: dict[str, int] = {}
    for r in rows:
        share = r["attempts"] / max(r["turns"], 1)
        band = ("1. never" if share == 0 else "2. under 5% of turns" if share < 0.05
                else "3. 5-15% of turns" if share < 0.15 else "4. 15% of turns or more")
        want[band] = want.get(band, 0) + 1
    assert res == want
    assert any(r["turns"] < max(x["turns"] for x in rows if x["game"] == r["game"]) - 1 for r in rows)


def test_how_players_leave_jail_is_said_in_words_not_the_log_s_codes(cheaters_db):
    # a browser review read "forced_fine", "handcuffs_passed_on" and "escape_cheat" in the chart's legend
    res = run_query(QUESTIONS["leaving_jail"].sql, cheaters_db).table.to_pylist()
    hows = {r["how"] for r in res}
    assert {"handcuffs passed on", "paid after the last try"} & hows
    assert not any("_" in h for h in hows)
    assert hows <= {"rolled doubles", "paid the fine", "used a Get Out of Jail Free card", "paid after the last try",
                    "freed by Mr Monopoly", "handcuffs passed on", "escaped by a cheat"}
    assert abs(sum(r["share"] for r in res) - 1) < 0.01
