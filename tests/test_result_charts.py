"""Charts of query results (issue 14): whole-number axes for whole-number quantities, and a reference column (the
dice's exact chances) drawn on the chart rather than only in the table."""
from __future__ import annotations

import pandas as pd
import pytest

from monopoly_core.viz.results import integer_ticks, result_figure


def _ticks(axis, low, high) -> list[float]:
    """The tick positions plotly draws between low and high for an axis with its ticks listed."""
    assert axis.tickvals is not None, "the axis leaves its ticks to plotly, which labels a short axis 2, 2.5, 3"
    assert axis.dtick is None       # (a fixed step left to plotly's autorange drew a chart of many bars slowly)
    return [t for t in axis.tickvals if low <= t <= high]


def test_players_and_counts_get_whole_number_ticks_and_shares_do_not():
    df = pd.DataFrame({"players": [2, 3, 4], "games": [3, 5, 4], "win_rate": [0.31, 0.25, 0.2]})
    fig = result_figure(df, "players", "win_rate", "bar")
    ticks = _ticks(fig.layout.xaxis, 2, 4)
    assert ticks == [2, 3, 4] and fig.layout.xaxis.tickformat == ",d"
    assert fig.layout.yaxis.dtick is None                      # a share keeps plotly's fractional ticks
    fig = result_figure(df, "players", "games", "line")
    assert _ticks(fig.layout.yaxis, 3, 5) == [3, 4, 5]


def test_sums_that_come_back_as_decimals_or_floats_count_as_whole_numbers():
    from decimal import Decimal
    df = pd.DataFrame({"reason": ["rent", "tax"], "total": [Decimal(120000), Decimal(35500)]})
    fig = result_figure(df, "reason", "total", "bar")
    # a long axis: plotly's own steps (1, 2 or 5 times a power of ten: whole numbers there), written as integers
    assert fig.layout.yaxis.tickformat == ",d" and fig.layout.yaxis.tickvals is None
    df = pd.DataFrame({"reason": ["rent", "tax"], "total": [Decimal(12), 3.0]})
    assert _ticks(result_figure(df, "reason", "total", "bar").layout.yaxis, 0, 12) == [0, 2, 4, 6, 8, 10, 12]


def test_a_histogram_counts_in_whole_numbers():
    fig = result_figure(pd.DataFrame({"turns": [10, 11, 11, 12]}), "turns", None, "histogram")
    assert fig.layout.yaxis.tickformat == ",d"
    assert _ticks(fig.layout.xaxis, 10, 12) == [10, 11, 12]


@pytest.mark.parametrize("span", [1, 4, 9, 13, 37, 250, 99_999])
def test_integer_ticks_are_round_whole_steps_and_not_crowded(span):
    t = integer_ticks(0, span, 8)
    assert str(t["dtick"]).rstrip("0") in {"1", "2", "5"}              # 1, 2, 5, 10, 20, 50, ...
    assert span / t["dtick"] <= 8


def test_the_exact_distribution_is_drawn_on_the_dice_chart():
    exact = [(6 - abs(t - 7)) / 36 for t in range(2, 13)]
    df = pd.DataFrame({"total": list(range(2, 13)), "rolls": [3, 5, 8, 11, 14, 16, 14, 11, 8, 6, 3],
                       "share": [0.03, 0.05, 0.08, 0.11, 0.14, 0.16, 0.14, 0.11, 0.08, 0.06, 0.03],
                       "two_dice_chance": exact})
    fig = result_figure(df, "total", "share", "bar", reference="two_dice_chance")
    kinds = [(t.type, t.name) for t in fig.data]
    assert kinds == [("bar", "share"), ("scatter", "two_dice_chance")]
    assert list(fig.data[1].y) == exact and list(fig.data[1].x) == list(range(2, 13))
    assert all(t.showlegend is not False for t in fig.data)
    assert _ticks(fig.layout.xaxis, 2, 12) == list(range(2, 13))
    with pytest.raises(ValueError, match="no column named 'nope'"):
        result_figure(df, "total", "share", "bar", reference="nope")


def test_a_share_gets_its_wilson_interval_as_an_uneven_error_bar():
    from monopoly_core.viz.results import shows_interval
    df = pd.DataFrame({"s": ["a", "b", "none"], "wins": [0, 50, 0], "games": [10, 100, 0],
                       "rate": [0.0, 0.5, float("nan")]})
    fig = result_figure(df, "s", "rate", "bar", interval=("wins", "games"))
    bars = fig.data[0].error_y
    assert shows_interval(fig) and list(bars.arrayminus) == [0.0, pytest.approx(0.0962, abs=1e-4), 0.0]
    assert list(bars.array) == [pytest.approx(0.2775, abs=1e-4), pytest.approx(0.0962, abs=1e-4), 0.0]
    assert not shows_interval(result_figure(df, "s", "rate", "bar"))
    assert not shows_interval(result_figure(df, "s", "rate", "pie", interval=("wins", "games")))


def test_a_query_s_raw_rows_get_listed_ticks_not_a_step_left_to_plotly():
    # Measured in chromium: "SELECT * FROM events LIMIT 10000" drew its default chart (a bar a row, most rows at one
    # x) in 38 s with a fixed tick step (dtick) left to plotly's autorange, and in 3.6 s with the ticks listed.
    df = pd.DataFrame({"game": [1] * 1000, "player": [i % 4 for i in range(1000)], "seq": list(range(1000))})
    # plotly stacks the rows at one x: the axis spans their sum (1,500), not the values 0-3 (listed ticks from the
    # values left a browser's chart of 3,000 rows with one tick, under bars reaching past 2,000)
    stacked = result_figure(df, "game", "player", "bar").layout.yaxis
    assert stacked.dtick is None and stacked.tickvals is None and stacked.tickformat == ",d"
    long = result_figure(df, "game", "seq", "bar").layout.yaxis
    assert long.dtick is None and long.tickvals is None and long.tickformat == ",d"
    short = result_figure(df.head(4).assign(game=[1, 2, 3, 4]), "game", "player", "bar").layout.yaxis
    assert short.dtick is None and list(short.tickvals) == [0, 1, 2, 3]


def test_the_net_worth_axis_writes_whole_amounts_in_every_edition():
    # (a walkthrough saw "2k" on the Sore Losers chart and "2000" on the Cheaters one: plotly's own ticks)
    from monopoly_core import Game, bots, preset
    from monopoly_core.viz.game_charts import net_worth_figure
    for name in ("classic-us", "sore-losers", "cheaters", "mega"):
        g = Game.new(preset(name), bots(["strategist", "cautious"]), seed=3, snapshots=True)
        for _ in range(200):
            g.step()
        fig = net_worth_figure(g)
        assert fig.layout.yaxis.tickformat == ",d", name
        assert max(max(t.y) for t in fig.data) >= 1000, name     # (amounts plotly would have written "1k")


def test_text_that_looks_like_numbers_is_drawn_as_names_and_every_bar_shows():
    """A browser review: the Mega speed die's faces '1', '2', '3', 'Mr. Monopoly' and 'Bus' (pandas' str dtype,
    not object) were drawn on a number axis, and the two faces that are not numbers were left off."""
    df = pd.DataFrame({"face": ["Mr. Monopoly", "1", "2", "3", "Bus"], "share": [0.31, 0.16, 0.17, 0.17, 0.19],
                       "exact_chance": [1 / 3, 1 / 6, 1 / 6, 1 / 6, 1 / 6]})
    fig = result_figure(df, "face", "share", "bar", reference="exact_chance")
    assert fig.layout.xaxis.type == "category"
    assert list(fig.data[0].x) == ["Mr. Monopoly", "1", "2", "3", "Bus"]


def test_a_long_game_s_net_worth_lines_are_thinned_and_the_axis_says_so():
    """An 8-player game of 10,000 rounds drew 80,000 points and took over two seconds at every rerun of the Play
    page (outside review): past MAX_POINTS rounds a line keeps one round in n and each player's last, and the
    axis title says so; a shorter game keeps every round."""
    from monopoly_core import Game, bots, preset
    from monopoly_core.viz import game_charts
    rules = preset("classic-us").replace(starting_cash=1_000_000, turn_limit=2_500)
    g = Game.new(rules, bots(["random"] * 3), seed=4, snapshots=True)
    g.run()
    fig = game_charts.net_worth_figure(g)
    every = -(-2_500 // game_charts.MAX_POINTS)
    assert every == 3 and fig.layout.xaxis.title.text == "round (one in 3 shown, and the last)"
    for trace, p in zip(fig.data, g.players):
        xs = list(trace.x)
        assert len(xs) <= game_charts.MAX_POINTS + 1
        assert all(r % every == 0 for r in xs[:-1]) and xs[-1] == max(
            r for r, s in zip(g.snapshots["round"], g.snapshots["player"]) if s == p.seat)
        # (the points kept are the game's own figures)
        worth = {r: w for r, s, w in zip(g.snapshots["round"], g.snapshots["player"], g.snapshots["net_worth"])
                 if s == p.seat}
        assert list(trace.y) == [worth[r] for r in xs]
    short = Game.new(preset("classic-us", turn_limit=40), bots(["random"] * 2), seed=4, snapshots=True)
    short.run()
    fig = game_charts.net_worth_figure(short)
    assert fig.layout.xaxis.title.text == "round"
    rounds = sorted({r for r, s in zip(short.snapshots["round"], short.snapshots["player"]) if s == 0})
    assert list(fig.data[0].x) == rounds
