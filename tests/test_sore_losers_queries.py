"""The Sore Losers questions of the SQL page (issue 16) on a database of simulated sore-losers games: how often the
Mr Monopoly token changes hands, and a sore loser's comeback rate (seed ../shared/seeds/000_e69c306a8b2b524d.txt:
"Collect four coins and you can cash them in to make a comeback as MR MONOPOLY")."""
import pytest

from monopoly_core import Game, bots, preset
from monopoly_core import events as E
from monopoly_core.queries import CHART_KINDS, QUESTIONS
from monopoly_core.simulate import game_seed, simulate
from monopoly_core.sqlsafe import run_query

SORE = [n for n, q in QUESTIONS.items() if q.edition == "sore-losers"]


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    path = tmp_path_factory.mktemp("sl") / "sl.duckdb"
    report = simulate(path, edition="sore-losers", games=30, players=4, seed=16)
    assert report.games == 30
    return path


def test_there_are_two_sore_loser_questions():
    assert SORE == ["mr_monopoly_changes", "sore_loser_comeback"]


@pytest.mark.parametrize("name", SORE)
def test_each_sore_loser_question_answers_with_its_chart_columns(db, name):
    q = QUESTIONS[name]
    assert q.chart.kind in CHART_KINDS
    res = run_query(q.sql, db)
    assert res.num_rows > 0 and q.chart.x in res.columns and q.chart.y in res.columns
    assert q.chart.reference is None or q.chart.reference in res.columns


def test_the_token_changes_are_counted_from_the_events(db):
    # the same count, from the games replayed here with the batch's seeds
    rows = {r["how"]: r["changes"] for r in run_query(QUESTIONS["mr_monopoly_changes"].sql, db).table.to_pylist()}
    from monopoly_core.policies import standard
    expected: dict[str, int] = {}
    for i in range(30):
        g = Game.new(preset("sore-losers"), bots(list(standard())), game_seed(16, i))
        g.run()
        for ev in g.log:
            if ev.kind == E.MR_MONOPOLY and ev.player >= 0:
                how = E.KINDS[E.MR_MONOPOLY].name_of("detail", ev.detail)
                expected[how] = expected.get(how, 0) + 1
    assert rows == expected


def test_the_comeback_rate_sorts_cash_ins_by_standing(db):
    rows = run_query(QUESTIONS["sore_loser_comeback"].sql, db).table.to_pylist()
    assert {r["standing"] for r in rows} <= {"last", "first", "in between"}
    for r in rows:
        assert 0 <= r["went_on_to_win"] <= r["cash_ins"] and r["fair_share"] == 0.25
    total = sum(r["cash_ins"] for r in rows)
    cash_ins = run_query("SELECT count(*) AS n FROM events WHERE kind = 'mr_monopoly' AND detail = 'cash_in'",
                         db).table.to_pylist()[0]["n"]
    assert 0 < total <= cash_ins


@pytest.mark.parametrize("name", SORE)
def test_a_sore_loser_question_asked_of_one_batch_answers_as_if_the_file_held_only_that_batch(tmp_path, name):
    first = dict(edition="sore-losers", games=8, players=4, seed=21)
    simulate(tmp_path / "alone.duckdb", **first)
    simulate(tmp_path / "both.duckdb", **first)
    simulate(tmp_path / "both.duckdb", edition="sore-losers", games=8, players=3, seed=22,
             bots=["random", "always-buy"])
    q = QUESTIONS[name]

    def rows(sql, path):
        df = run_query(sql, path).to_pandas()
        return df.sort_values(list(df.columns)).reset_index(drop=True).astype(str)
    expected = rows(q.sql, tmp_path / "alone.duckdb")
    assert len(expected)
    assert rows(q.sql_for(1), tmp_path / "both.duckdb").equals(expected)
    assert not rows(q.sql, tmp_path / "both.duckdb").equals(expected)


def test_the_comeback_rate_comes_with_the_base_rate_of_players_in_the_same_place(db):
    # "does it help the player who is behind?": a cash-in's comeback rate means something only beside how often
    # any player in that place at the end of a round goes on to win; counted here from the games replayed in the
    # engine (their per-round snapshots), not from the database
    from monopoly_core.policies import standard
    rounds = {"last": [], "first": [], "in between": []}
    for i in range(30):
        g = Game.new(preset("sore-losers"), bots(list(standard())), game_seed(16, i), snapshots=True)
        g.run()
        snap = g.snapshots
        by_turn: dict[int, list[tuple[int, int]]] = {}
        for turn, seat, worth in zip(snap["turn"], snap["player"], snap["net_worth"]):
            p = g.players[seat]
            if not p.bankrupt or p.bankrupt_turn > turn:
                by_turn.setdefault(turn, []).append((seat, worth))
        for row in by_turn.values():
            lo, hi = min(w for _, w in row), max(w for _, w in row)
            for seat, worth in row:
                place = "last" if worth == lo else "first" if worth == hi else "in between"
                rounds[place].append(seat == g.winner)
    rows = run_query(QUESTIONS["sore_loser_comeback"].sql, db).table.to_pylist()
    assert rows and QUESTIONS["sore_loser_comeback"].chart.reference == "base_rate"
    for r in rows:
        won = rounds[r["standing"]]
        assert abs(r["base_rate"] - sum(won) / len(won)) <= 0.0005 + 1e-9      # (rounded to 3 places)
