"""Charts of query results (issue 14): whole-number axes for whole-number quantities, and a reference column (the
dice's exact chances) drawn on the chart rather than only in the table."""
from __future__ import annotations

import pandas as pd
import pytest

from monopoly_core.viz.results import integer_ticks, result_figure


def _ticks(axis, low, high) -> list[float]:
    """The tick positions plotly draws between low and high for an axis with tick0/dtick set."""
    assert axis.dtick is not None, "the axis leaves its ticks to plotly, which labels a short axis 2, 2.5, 3"
    first = axis.tick0 + axis.dtick * -(-(low - axis.tick0) // axis.dtick)
    out, t = [], first
    while t <= high:
        out.append(t)
        t += axis.dtick
    return out


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
    ticks = _ticks(fig.layout.yaxis, 0, 120000)
    assert all(float(t).is_integer() for t in ticks) and 2 <= len(ticks) <= 9


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
