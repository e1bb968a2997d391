"""Paired comparisons of two rule sets played by the real engine (issue 18): the same seeds on both sides, two
labelled batches in the database, a change with no effect finds nothing, a planted change is found, and bad
input is refused with a message before anything is played."""
from __future__ import annotations

import duckdb
import pytest

from monopoly_core.bounds import MIN_SECONDS      # (the shortest limit: a chunk and its write take longer)
from monopoly_core import InvalidRules, preset
from monopoly_core.compare import MAX_GAMES, compare
from monopoly_core.paired_stats import paired_share_difference, wilson

SMALL = dict(players=2, seed=9, bots=["always-buy", "cautious"])


def _rules(**changes):
    return preset("classic-uk", turn_limit=40, **changes)


def test_a_change_that_changes_no_game_finds_no_difference(tmp_path):
    # with Free Parking paying nothing, the pot's seed money is never used: every pair of games is the same game
    c = compare(_rules(), _rules(free_parking_seed=500), games=12, db_path=tmp_path / "g.duckdb", **SMALL)
    for f in c.figures:
        assert not f.test.significant, f.verdict
        assert all(r.diff == 0 for r in f.rows), f.key
        assert "not" in f.verdict or "None of the" in f.verdict or f.verdict.startswith("No clear difference")


def test_a_planted_difference_is_found_and_logged_as_two_labelled_batches(tmp_path):
    db = tmp_path / "g.duckdb"
    c = compare(_rules(), _rules(go_salary=600), games=24, db_path=db, label_b="salary 600", **SMALL)
    money = c.figure("money")
    salary = next(r for r in money.rows if r.label == "salary from GO")
    assert salary.b > 2 * salary.a and salary.diff - salary.diff_half > 0
    assert money.test.significant and "salary from GO" in money.verdict
    assert c.figure("length").test.name == "paired t-test"
    with duckdb.connect(str(db), read_only=True) as conn:
        rows = conn.execute("SELECT side, batch, label, games, seed FROM comparisons ORDER BY side").fetchall()
        assert rows == [("A", c.batches[0], "classic-uk (changed)", 24, 9), ("B", c.batches[1], "salary 600", 24, 9)]
        # game i of both batches has the same seed
        pairs = conn.execute("""SELECT count(*) FROM games a JOIN games b ON a.batch_index = b.batch_index
                                WHERE a.batch = ? AND b.batch = ? AND a.seed = b.seed""", list(c.batches)).fetchone()
        assert pairs == (24,)


def test_a_comparison_already_in_the_database_is_read_back_with_the_same_figures(tmp_path):
    db = tmp_path / "g.duckdb"
    first = compare(_rules(), _rules(jail_fine=200), games=10, db_path=db, **SMALL)
    again = compare(_rules(), _rules(jail_fine=200), games=10, db_path=db, **SMALL)
    assert again.reused == (True, True) and again.batches == first.batches
    assert [f.to_json() for f in again.figures] == [f.to_json() for f in first.figures]
    # more games with the same seed: the batches get the missing game (they used to refuse: "holds only 10")
    more = compare(_rules(), _rules(jail_fine=200), games=11, db_path=db, **SMALL)
    assert more.reused == (False, False) and more.batches == first.batches
    with duckdb.connect(str(db), read_only=True) as conn:
        assert conn.execute("SELECT count(*), count(DISTINCT batch) FROM games").fetchone() == (22, 2)


def test_a_comparison_stopped_at_its_time_limit_compares_the_pairs_played_and_the_next_plays_on(tmp_path):
    """A time limit (the site's clicks: bounds.SITE_TIME_LIMIT) stops after the last whole chunk of both sides; the
    figures are those of a comparison of that many games, and the same comparison asked again reads them back (they
    do not count against its limit) and plays on."""
    db = tmp_path / "g.duckdb"
    a, b = _rules(), _rules(jail_fine=200)
    cut = compare(a, b, games=10, db_path=db, time_limit=MIN_SECONDS, chunk=3, **SMALL)
    assert (cut.games, cut.planned, cut.timed_out) == (3, 10, True)
    assert cut.to_json()["games"] == 3 and cut.to_json()["planned"] == 10
    # (in chunks of the same size: the running moments add up in the same order, to the last bit)
    alone = compare(a, b, games=3, db_path=tmp_path / "alone.duckdb", chunk=3, **SMALL)
    assert [f.to_json() for f in cut.figures] == [f.to_json() for f in alone.figures]
    on = compare(a, b, games=10, db_path=db, time_limit=MIN_SECONDS, chunk=3, **SMALL)
    assert (on.games, on.planned, on.batches, on.read_back) == (6, 10, cut.batches, 3)
    assert on.to_json()["timed_out"] is True and on.to_json()["read_back"] == 3
    whole = compare(a, b, games=10, db_path=db, time_limit=3600, chunk=3, **SMALL)
    assert (whole.games, whole.planned, whole.timed_out, whole.read_back) == (10, 10, False, 6)
    assert [f.to_json() for f in whole.figures] == [f.to_json() for f in
                                                   compare(a, b, games=10, db_path=tmp_path / "w.duckdb",
                                                           chunk=3, **SMALL).figures]
    with duckdb.connect(str(db), read_only=True) as conn:
        assert conn.execute("SELECT count(*), count(DISTINCT batch) FROM games").fetchone() == (20, 2)
        # each comparison is recorded with the games it compared
        assert conn.execute("SELECT list(games ORDER BY comparison) FROM comparisons WHERE side = 'A'"
                            ).fetchone() == ([3, 6, 10],)


@pytest.mark.parametrize("kwargs, message", [
    (dict(games=0), "games: must be a whole number from 1"),
    (dict(games=MAX_GAMES + 1), "games: must be a whole number from 1"),
    (dict(alpha=0.0), "level"),
    (dict(alpha=float("nan")), "level"),
    (dict(players=9), "players"),
    (dict(label_a="x" * 61), "label of A"),
    (dict(seed=-1), "seed"),
    (dict(time_limit=0), "time limit: must be a number of seconds from 0.001"),
    (dict(time_limit=float("nan")), "time limit"),
    (dict(time_limit=float("inf")), "time limit"),
    (dict(chunk=0), "chunk: must be a whole number from 1"),
])
def test_bad_input_is_refused_with_a_message(tmp_path, kwargs, message):
    args = dict(games=2, players=2, db_path=tmp_path / "g.duckdb") | kwargs
    with pytest.raises(InvalidRules, match=message):
        compare(_rules(), _rules(go_salary=300), **args)
    assert not (tmp_path / "g.duckdb").exists()


def test_two_identical_rule_sets_are_refused(tmp_path):
    with pytest.raises(InvalidRules, match="the same"):
        compare(_rules(), _rules(), games=2, players=2, db_path=tmp_path / "g.duckdb")


def test_each_side_s_share_has_wilson_s_interval_of_the_games_the_database_counts(tmp_path):
    # a share is k of n games: its interval is Wilson's for that count (not the share +- a normal half-width,
    # which reached below 0%: "5% +- 7%"), so it stays between 0% and 100% and has width even at 0 of n
    db = tmp_path / "g.duckdb"
    c = compare(preset("classic-uk", turn_limit=20), preset("classic-uk", turn_limit=20, go_salary=400), games=12,
                db_path=db, players=3, seed=2)
    n = c.games
    with duckdb.connect(str(db), read_only=True) as conn:
        for side, batch in zip("ab", c.batches):
            counts = {"turn_limit": dict(conn.execute(
                "SELECT 'share of games', count(*) FILTER (end_reason = 'turn_limit') FROM games WHERE batch = ?",
                [batch]).fetchall()),
                      "seat": dict(conn.execute(
                "SELECT 'seat ' || (s.seat + 1), count(g.id) FROM range(3) s(seat) LEFT JOIN games g "
                "ON g.winner = s.seat AND g.batch = ? GROUP BY s.seat", [batch]).fetchall())}
            for key, count in counts.items():
                for r in c.figure(key).rows:
                    k = count[r.label]
                    low, high = getattr(r, f"{side}_low"), getattr(r, f"{side}_high")
                    assert getattr(r, side) == pytest.approx(k / n)
                    assert (low, high) == (pytest.approx(wilson(k, n, c.alpha)[0]),
                                           pytest.approx(wilson(k, n, c.alpha)[1]))
        # the difference's interval is Tango's for the pairs that differ (the turn limit ended one game only)
        only_a, only_b = conn.execute("""
            SELECT count(*) FILTER (a.end_reason = 'turn_limit' AND b.end_reason <> 'turn_limit'),
                   count(*) FILTER (a.end_reason <> 'turn_limit' AND b.end_reason = 'turn_limit')
            FROM games a JOIN games b ON a.batch_index = b.batch_index
            WHERE a.batch = ? AND b.batch = ?""", list(c.batches)).fetchone()
        limit = c.figure("turn_limit").rows[0]
        assert (limit.diff_low, limit.diff_high) == tuple(pytest.approx(x) for x in
                                                          paired_share_difference(only_a, only_b, n, c.alpha))
    for key in ("turn_limit", "seat", "strategy"):
        assert c.figure(key).unit == "share"
        for r in c.figure(key).rows:
            assert -1 <= r.diff_low <= r.diff <= r.diff_high <= 1 and r.diff_high > r.diff_low
            for side in "ab":
                low, value, high = getattr(r, f"{side}_low"), getattr(r, side), getattr(r, f"{side}_high")
                assert 0 <= low <= value <= high <= 1 and high > low, (key, r)
    # the test has teeth: with the normal approximation some of these would have reached past 0% or 100%
    assert any(r.a - 1.96 * (r.a * (1 - r.a) / n) ** 0.5 < 0 or r.a + 1.96 * (r.a * (1 - r.a) / n) ** 0.5 > 1
               for key in ("turn_limit", "seat", "strategy") for r in c.figure(key).rows)


def test_a_share_s_error_bar_is_its_wilson_interval_low_to_high(tmp_path):
    from monopoly_core.viz.compare import figure
    c = compare(preset("classic-uk", turn_limit=20), preset("classic-uk", turn_limit=20, go_salary=400), games=12,
                db_path=tmp_path / "g.duckdb", players=3, seed=2)
    for key in ("turn_limit", "seat", "strategy"):
        rows = c.figure(key).rows
        for trace, side in zip(figure(c, key).data, "ab"):
            values = [getattr(r, side) for r in rows]
            up, down = trace.error_y.array, trace.error_y.arrayminus
            assert trace.error_y.symmetric is False
            assert [v + u for v, u in zip(values, up)] == pytest.approx([getattr(r, f"{side}_high") for r in rows])
            assert [v - d for v, d in zip(values, down)] == pytest.approx([getattr(r, f"{side}_low") for r in rows])
            assert all(v - d >= 0 and v + u <= 1 for v, u, d in zip(values, up, down))
    limit = c.figure("turn_limit").rows[0]
    assert limit.a == 1.0 and limit.a_low < 1.0       # 12 of 12 games: the interval still reaches below 100%
    assert figure(c, "turn_limit").data[0].error_y.arrayminus[0] > 0


def test_the_game_length_chart_leaves_a_far_tail_off_and_says_so():
    # (a walkthrough: a few games ran to the turn limit of 500 while most ended by 150, and the histogram sat squeezed
    # into its left edge)
    from types import SimpleNamespace

    from monopoly_core.viz.compare import figure, length_shown
    bulk = [(r, 10) for r in range(40, 140)]
    tail = [(500, 3)]
    assert length_shown(bulk) == 139 and length_shown(bulk + tail) == 139
    assert length_shown([(40, 5), (70, 1)]) == 70            # no far tail: everything drawn
    f = SimpleNamespace(extra={"rounds_a": bulk + tail, "rounds_b": bulk})
    c = SimpleNamespace(label_a="A", label_b="B", figure=lambda key: f)
    fig = figure(c, "length")
    assert max(max(bar.x) for bar in fig.data) < 150
    assert "3 games of more than 139 rounds (up to 500) off the chart" in fig.layout.title.text
    assert sum(sum(bar.y) for bar in fig.data) == 2 * sum(g for _, g in bulk)
    whole = figure(SimpleNamespace(label_a="A", label_b="B", figure=lambda key: SimpleNamespace(
        extra={"rounds_a": bulk, "rounds_b": bulk})), "length")
    assert "off the chart" not in whole.layout.title.text


def test_a_seat_whose_interval_leaves_out_zero_under_a_test_finding_no_change_is_explained():
    """A browser review read "who wins by seat is not changed beyond chance (Stuart-Maxwell p = 0.123)" beside a
    seat's interval of the difference that left out zero as a contradiction: the sentence says the test covers
    every seat at once, and why one seat may cross zero by chance."""
    from monopoly_core.compare import Row
    from monopoly_core.compare_words import verdicts
    from monopoly_core.paired_stats import Test
    flat = Row.of_means("x", 1.0, 0.1, 1.0, 0.1, 0.0, 0.1)
    money = {"money": {"adjusted_p": {"x": 1.0}}}

    def seat_words(p, rows, key="seat"):
        tests = {k: Test("paired t-test", 0.0, 1.0, 0.05) for k in ("length", "turn_limit", "inequality", "money")}
        tests["seat"] = tests["strategy"] = Test("Stuart-Maxwell test", 4.0, p, 0.05)
        return verdicts({"length": [flat], "turn_limit": [flat], "inequality": [flat], "money": [flat], "seat": rows,
                         "strategy": rows}, tests, 0.05, "A", "B", money)[key]

    crossing = [Row.of_means("seat 1", 0.30, 0.05, 0.22, 0.05, -0.08, 0.05),
                Row.of_means("seat 2", 0.25, 0.05, 0.27, 0.05, 0.02, 0.05)]
    words = seat_words(0.123, crossing)
    assert words.startswith("Taken over every seat at once, who wins is not changed beyond chance at the 5% level "
                            "(Stuart-Maxwell test, p = 0.123)")
    assert "That one seat's interval leaves out zero" in words and "among 2 seats" in words
    assert "among 2 strategies" in seat_words(0.123, crossing, "strategy")
    inside = [Row.of_means("seat 1", 0.30, 0.05, 0.27, 0.05, -0.03, 0.05), crossing[1]]
    assert "leaves out zero" not in seat_words(0.4, inside)
    assert "leaves out zero" not in seat_words(0.01, crossing)        # the test agrees: nothing to explain
    assert seat_words(0.01, crossing).startswith("Taken over every seat at once, who wins is changed beyond")
