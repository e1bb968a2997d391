"""Rotated seats (issue 18, "win rate by seat and by strategy"): a batch may move every bot one seat on per game, so
each strategy plays every seat equally often. The batch records its seating, the database says who sat where in
every game, the duplicate-batch check tells a rotated batch from a fixed one, the same seed still plays the same
game, and a comparison's win rates by seat and by strategy come apart (checked on constructed games with a known
answer and against the database's own answer)."""
from __future__ import annotations

import duckdb
import numpy as np
import pyarrow as pa
import pytest

from monopoly_core import Game, preset
from monopoly_core.cli import main
from monopoly_core.compare import _Accumulator, compare
from monopoly_core.compare_figures import FigureTaker, flow_names
from monopoly_core.queries import QUESTIONS, batches
from monopoly_core.simulate import FIXED, ROTATED, game_seed, seated, simulate
from monopoly_core.sqlsafe import run_query
from monopoly_core.state import bot_table
from monopoly_core.store import DuplicateBatch, Writer

BOTS = ["strategist", "always-buy", "cautious"]
RUN = dict(players=3, seed=17, turn_limit=30, bots=BOTS)


def test_over_n_games_of_a_rotated_batch_every_bot_sits_in_every_seat_once():
    specs = ["x", "y", "z", "w"]
    for start in (0, 5):
        seats = [seated(specs, i, ROTATED) for i in range(start, start + 4)]
        for seat in range(4):
            assert sorted(s[seat] for s in seats) == sorted(specs)          # each seat held by every bot once
    assert seated(specs, 0, ROTATED) == specs                      # game 0 is seated as in a fixed batch
    assert seated(specs, 1, ROTATED)[1] == "x"                     # the bot listed first moves one seat on
    assert all(seated(specs, i, FIXED) == specs for i in range(6))


def _seats(path, batch: int) -> list[tuple[int, str, list[str]]]:
    with duckdb.connect(str(path), read_only=True) as conn:
        return conn.execute("""SELECT g.batch_index, g.seating, list(p.strategy ORDER BY p.seat) FROM games g
                               JOIN players p ON p.game = g.id WHERE g.batch = ? GROUP BY ALL ORDER BY 1""",
                            [batch]).fetchall()


def test_a_rotated_batch_records_who_sat_where_and_the_same_seed_plays_the_same_game(tmp_path):
    db = tmp_path / "g.duckdb"
    fixed = simulate(db, games=4, **RUN)
    rotated = simulate(db, games=4, seating=ROTATED, **RUN)
    assert [r[2] for r in _seats(db, fixed.batch)] == [BOTS] * 4
    assert [r[1] for r in _seats(db, fixed.batch)] == [FIXED] * 4
    got = _seats(db, rotated.batch)
    assert [r[1] for r in got] == [ROTATED] * 4
    assert [r[2] for r in got] == [BOTS, ["cautious", "strategist", "always-buy"],
                                   ["always-buy", "cautious", "strategist"], BOTS]
    # each game is the game its seed and its seats play: game 0 as in the fixed batch, game 1 seated rotated
    rules = preset("classic-us", turn_limit=30)
    specs = bot_table(3, BOTS)
    with duckdb.connect(str(db), read_only=True) as conn:
        def events(game_id: int) -> int:
            return conn.execute("SELECT count(*) FROM events WHERE game = ?", [game_id]).fetchone()[0]

        def winner(game_id: int):
            return conn.execute("SELECT winner, rounds FROM games WHERE id = ?", [game_id]).fetchone()

        assert events(rotated.first_id) == events(fixed.first_id)
        for i in range(4):
            game = Game.new(rules, seated(specs, i, ROTATED), game_seed(17, i))
            game.run()
            r = game.result()
            assert (len(game.log), (r["winner"] if r["winner"] >= 0 else None, r["rounds"])) == \
                (events(rotated.first_id + i), winner(rotated.first_id + i))


def test_the_duplicate_check_tells_a_rotated_batch_from_a_fixed_one(tmp_path):
    db = tmp_path / "g.duckdb"
    simulate(db, games=3, **RUN)
    assert simulate(db, games=3, seating=ROTATED, **RUN).batch == 2       # not the fixed batch's games
    for seating, batch in ((FIXED, 1), (ROTATED, 2)):
        with pytest.raises(DuplicateBatch, match=f"batch {batch} "):
            simulate(db, games=5, seating=seating, **RUN)
    rules_json = preset("classic-us", turn_limit=30).to_json()
    with Writer(db) as w:
        assert w.same_batch(rules_json, BOTS, game_seed(17, 0), FIXED)["batch"] == 1
        assert w.same_batch(rules_json, BOTS, game_seed(17, 0), ROTATED)["batch"] == 2
    # a comparison (rotated by default) reuses the rotated batch, a fixed one the fixed batch
    a, b = preset("classic-us", turn_limit=30), preset("classic-us", turn_limit=30, go_salary=300)
    same = dict(players=3, seed=17, bots=BOTS, games=3, db_path=db)
    assert compare(a, b, **same).batches[0] == 2
    assert compare(a, b, seating=FIXED, **same).batches[0] == 1


def test_the_commands_take_the_seating(tmp_path, capsys):
    db = tmp_path / "g.duckdb"
    common = ["--games", "3", "--players", "3", "--seed", "4", "--bots", ",".join(BOTS), "--quiet", "--db", str(db)]
    assert main(["simulate", "--turn-limit", "20", "--rotate-seats", *common]) == 0
    assert main(["simulate", "--turn-limit", "20", *common]) == 0
    assert [b.label().split(" (")[1].split(")")[0] for b in batches(db)] == \
        [", ".join(BOTS) + ", changing seats every game", ", ".join(BOTS)]
    capsys.readouterr()
    args = ["compare", "--a", "classic-uk", "--b", '{"preset": "classic-uk", "go_salary": 300}', *common]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "Seats rotate: each game every bot moves one seat on" in out
    assert "Win rate by seat" in out and "Win rate by strategy" in out
    assert main([*args, "--fixed-seats"]) == 0
    assert "Seats are fixed" in capsys.readouterr().out


# --- constructed games with a known answer -------------------------------------------------------------------------
def _side(n: int, winner_strategy: str | None, seating: str, first_id: int) -> dict[str, pa.Table]:
    """``n`` games of three bots seated by ``seating`` in which the bot playing ``winner_strategy`` always wins
    (no one wins when it is None): the tables a comparison reads."""
    ids = list(range(first_id, first_id + n))
    seats = [seated(BOTS, i, seating) for i in range(n)]
    winners = [s.index(winner_strategy) if winner_strategy else None for s in seats]
    games = pa.table({"id": ids, "batch_index": list(range(n)), "rounds": [10] * n,
                      "end_reason": ["last_player_standing"] * n, "winner": pa.array(winners, pa.int16())})
    players = pa.table({"game": [g for g in ids for _ in BOTS], "seat": [k for _ in ids for k in range(3)],
                        "strategy": [x for s in seats for x in s]})
    events = pa.table({"game": pa.array([], pa.int64()), "player": pa.array([], pa.int64()),
                       "counterparty": pa.array([], pa.int64()), "amount": pa.array([], pa.int64()),
                       "square": pa.array([], pa.int64()), "detail": pa.array([], pa.string()),
                       "kind": pa.array([], pa.string())})
    snapshots = pa.table({"game": pa.array([], pa.int64()), "round": pa.array([], pa.int64()),
                          "player": pa.array([], pa.int64()), "net_worth": pa.array([], pa.int64())})
    return {"games": games, "players": players, "events": events, "snapshots": snapshots}


def _figures(a: dict, b: dict):
    rules = preset("classic-uk")
    flows = flow_names(rules, rules)
    takers = [FigureTaker(rules, flows, BOTS, 3, 5) for _ in "ab"]
    acc = _Accumulator(3, 3, len(flows), 5)
    acc.add(takers[0].take(a), takers[1].take(b))
    figures = acc.figures(0.05, "A", "B", BOTS, flows, 5)
    return {f.key: f for f in figures}


def test_a_strategy_that_always_wins_a_rotated_batch_wins_all_by_strategy_and_a_fair_share_by_seat():
    n = 300
    f = _figures(_side(n, "strategist", ROTATED, 1), _side(n, "cautious", ROTATED, n + 1))
    by_strategy = {r.label: (r.a, r.b) for r in f["strategy"].rows}
    assert by_strategy == {"strategist": (1.0, 0.0), "always-buy": (0.0, 0.0), "cautious": (0.0, 1.0)}
    assert f["strategy"].test.significant and "changed beyond chance" in f["strategy"].verdict
    for r in f["seat"].rows:                     # every seat won a third of the games, on both sides
        assert (r.a, r.b) == (pytest.approx(1 / 3), pytest.approx(1 / 3))
        assert r.a_half > 0 and r.diff_half > 0  # each with its confidence interval
    assert not f["seat"].test.significant and "not changed beyond chance" in f["seat"].verdict


def test_with_fixed_seats_the_winning_strategy_s_seat_wins_every_game_too():
    n = 60
    f = _figures(_side(n, "strategist", FIXED, 1), _side(n, None, FIXED, n + 1))
    assert [(r.label, r.a) for r in f["seat"].rows] == [("seat 1", 1.0), ("seat 2", 0.0), ("seat 3", 0.0)]
    assert [(r.label, r.a) for r in f["strategy"].rows] == [("strategist", 1.0), ("always-buy", 0.0),
                                                            ("cautious", 0.0)]
    assert all(r.b == 0 for r in f["seat"].rows + f["strategy"].rows)         # no winner on side B
    # 0 wins of 60 is not certainty that a seat never wins: Wilson's interval reaches z^2 / (60 + z^2) = 6.0%
    # (the normal approximation's was 0% +- 0%); 60 of 60 reaches down as far below 100%
    for r in f["seat"].rows + f["strategy"].rows:
        assert r.b_low == 0 and r.b_high == pytest.approx(1.96 ** 2 / (60 + 1.96 ** 2), abs=1e-4)
        assert (r.a_low, r.a_high) == ((pytest.approx(60 / (60 + 1.96 ** 2), abs=1e-4), 1.0) if r.a == 1 else
                                       (0.0, pytest.approx(1.96 ** 2 / (60 + 1.96 ** 2), abs=1e-4)))
    # B minus A for the seat that always won on A: every pair differs, the difference -100% can be the truth
    seat1 = f["seat"].rows[0]
    assert seat1.diff == -1.0 and seat1.diff_low == -1.0 and -1.0 < seat1.diff_high < -0.85


def test_a_real_rotated_comparison_agrees_with_the_ready_made_questions(tmp_path):
    db = tmp_path / "g.duckdb"
    c = compare(preset("classic-uk", turn_limit=60), preset("classic-uk", turn_limit=60, go_salary=400),
                games=18, db_path=db, players=3, seed=8, bots=BOTS)
    assert c.seating == ROTATED and c.to_json()["seating"] == ROTATED
    for side, batch in zip("ab", c.batches):
        strategy = {r["strategy"]: r["win_rate"]
                    for r in run_query(QUESTIONS["win_rate_by_strategy"].sql_for(batch), db).table.to_pylist()}
        seat = {r["seat"]: r["win_rate"]
                for r in run_query(QUESTIONS["win_rate_by_seat"].sql_for(batch), db).table.to_pylist()}
        assert strategy == {r.label: pytest.approx(getattr(r, side), abs=5e-4) for r in c.figure("strategy").rows}
        assert seat == {f"{r.label} of 3": pytest.approx(getattr(r, side), abs=5e-4) for r in c.figure("seat").rows}
        with duckdb.connect(str(db), read_only=True) as conn:     # each strategy sat in each seat 6 times
            counts = conn.execute("""SELECT p.strategy, p.seat, count(*) FROM players p JOIN games g
                                     ON g.id = p.game WHERE g.batch = ? GROUP BY ALL""", [batch]).fetchall()
        assert sorted(n for *_, n in counts) == [6] * 9


def test_a_database_from_before_seatings_were_recorded_still_loads_and_answers(tmp_path):
    db = tmp_path / "old.duckdb"
    simulate(db, games=3, **RUN)
    with duckdb.connect(str(db)) as conn:        # as the lab wrote it before: no seating column, no mark
        conn.execute("ALTER TABLE games DROP COLUMN seating")
        conn.execute("DELETE FROM meta WHERE key = 'format'")
    assert [b.seating for b in batches(db)] == [FIXED]
    assert run_query(QUESTIONS["win_rate_by_seat"].sql, db).num_rows == 3
    with pytest.raises(DuplicateBatch, match="batch 1 "):          # its batch counts as fixed
        simulate(db, games=3, **RUN)
    assert simulate(db, games=3, seating=ROTATED, **RUN).batch == 2
    assert [r[1] for r in _seats(db, 1)] == [None] * 3 and [r[1] for r in _seats(db, 2)] == [ROTATED] * 3


def test_flows_the_two_boards_name_differently_are_one_flow():
    # comparing a UK and a US rule set once failed: "stations" and "railroads" were two flows with one key
    flows = flow_names(preset("classic-uk"), preset("classic-us"))
    keys = [k for k, _ in flows]
    assert len(keys) == len(set(keys))
    assert dict(flows)["rent:railroad"].count("/") == 1


def test_a_comparison_of_a_uk_and_a_us_rule_set_runs(tmp_path):
    c = compare(preset("classic-uk", turn_limit=20), preset("classic-us", turn_limit=20), games=3,
                db_path=tmp_path / "g.duckdb", players=2, seed=1)
    assert np.isfinite([r.a for r in c.figure("money").rows]).all()


def test_a_seating_that_is_not_one_is_refused_in_words_of_bounded_length():
    from monopoly_core.errors import InvalidRules
    from monopoly_core.simulate import check_seating
    for bad in (None, 5, "ROTATED", ["rotated"], "x" * 10_000_000):
        with pytest.raises(InvalidRules, match="must be 'fixed' or 'rotated'") as caught:
            check_seating(bad)
        assert len(str(caught.value)) < 200
