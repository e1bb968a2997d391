"""Charts of query results (the SQL page): a pure function from a table of rows to a plotly figure.

Whole-number quantities (counts, players, turns, money) get whole-number axis ticks: plotly would otherwise label a
short axis 2, 2.5, 3. A reference column (exact or expected values, such as the dice's exact chances) is drawn
as a line with markers over the chart, so the chart shows what the table compares.

>>> import pandas as pd
>>> fig = result_figure(pd.DataFrame({"s": ["a", "b"], "n": [1, 2]}), "s", "n", "bar")
>>> fig.data[0].type, fig.layout.yaxis.tickvals
('bar', (0, 1, 2))
"""
from __future__ import annotations

import math

import plotly.express as px
import plotly.graph_objects as go

from ..queries import CHART_KINDS

REFERENCE_COLOUR = "#212121"
#: Most ticks an integer axis gets (x, y): more would crowd the labels.
MAX_TICKS = {"x": 12, "y": 8}


def suggest_axes(df) -> tuple[str | None, str | None]:
    """A sensible (x, y) for a result without a suggested chart: the first column, and the first numeric column
    after it (or None when nothing can be plotted)."""
    cols = list(df.columns)
    if not cols:
        return None, None
    numeric = [c for c in cols if _numeric(df[c])]
    x = cols[0]
    y = next((c for c in numeric if c != x), None)
    return x, y


def _numeric(series) -> bool:
    return series.dtype.kind in "iufb" or (series.dtype == object and len(series) and
                                           all(isinstance(v, (int, float)) for v in series.dropna().head(20)))


def whole_numbers(series) -> bool:
    """True when every value of a numeric column is a whole number (an integer column, or floats such as DuckDB's
    sums that happen to be whole)."""
    if series.dtype.kind in "iu":
        return True
    if series.dtype.kind != "f":
        return False
    values = series.dropna()
    return bool(len(values)) and bool(((values % 1) == 0).all())


def integer_ticks(low: float, high: float, most: int) -> dict:
    """Axis settings with ticks on whole numbers only, at a round step (1, 2, 5, 10, 20, ...) that gives at most
    ``most`` ticks between ``low`` and ``high``."""
    span = max(high - low, 1)
    step = 1
    while span / step > most:
        for factor in (2, 2.5, 2):       # 1 -> 2 -> 5 -> 10 -> 20 -> 50 -> ...
            step = int(step * factor)
            if span / step <= most:
                break
    return dict(tick0=0, dtick=step, tickformat=",d")


def _integer_axis(fig: go.Figure, axis: str, series, *, from_zero: bool) -> None:
    """Whole-number ticks: on a short axis (at most two whole numbers a tick, where plotly's own steps could fall
    between them) the ticks are listed, one round step apart; a longer axis keeps plotly's steps (1, 2 or 5 times a
    power of ten: whole numbers there). Not a fixed step (``dtick``) left to plotly's autorange: with a query's raw
    rows, a few hundred bars at one x, that kept the chart from drawing for 10 to 25 seconds in chromium."""
    values = series.dropna()
    if not len(values):
        return
    low, high = float(values.min()), float(values.max())
    if from_zero:                        # bars start at 0
        low, high = min(low, 0.0), max(high, 0.0)
    most = MAX_TICKS[axis]
    low, high = math.floor(low), math.ceil(high)
    if high - low > 2 * most:
        settings: dict = dict(tickformat=",d")
    else:
        step = integer_ticks(low, high, most)["dtick"]
        settings = dict(tickmode="array", tickvals=list(range(low - low % step, high + 1, step)), tickformat=",d")
    (fig.update_xaxes if axis == "x" else fig.update_yaxes)(**settings)


def result_figure(df, x: str, y: str | None, kind: str = "bar", color: str | None = None, *,
                  reference: str | None = None, interval: tuple[str, str] | None = None, title: str = "",
                  height: int = 420) -> go.Figure:
    """One chart of ``df``: ``kind`` is one of :data:`~monopoly_core.queries.CHART_KINDS`. A histogram uses only
    ``x``; a pie uses ``x`` as names and ``y`` as values. ``reference`` (a column) is drawn over a bar, line or
    scatter chart as a line with markers. ``interval`` (successes, trials: the columns ``y`` is the share of)
    draws each value's Wilson confidence interval (:data:`LEVEL`) as an error bar on a bar, line or scatter chart
    of one colour (:func:`shows_interval` says whether it was drawn)."""
    if kind not in CHART_KINDS:
        raise ValueError(f"chart kind must be one of {', '.join(CHART_KINDS)}, got {kind!r}")
    data = df.copy()
    for c in {x, y, color, reference} - {None}:
        if c not in data.columns:
            raise ValueError(f"no column named {c!r} in the result")
        if data[c].dtype == object:      # e.g. Decimal sums: plot them as numbers when they are numbers
            try:
                data[c] = data[c].astype(float)
            except (TypeError, ValueError):
                pass
    if color is not None:
        data[color] = data[color].astype(str)
    if kind == "histogram":
        fig = px.histogram(data, x=x, color=color)
    elif kind == "pie":
        fig = px.pie(data, names=x, values=y)
    elif kind == "line":
        fig = px.line(data, x=x, y=y, color=color, markers=len(data) <= 60)
    elif kind == "scatter":
        fig = px.scatter(data, x=x, y=y, color=color)
    else:
        fig = px.bar(data, x=x, y=y, color=color, barmode="group")
        if data[x].dtype.kind == "O":   # text (pandas' str or object dtype): its values are names, not numbers
            # (else plotly reads '1', '2', '3' as numbers and drops 'Mr. Monopoly' and 'Bus': a browser review)
            fig.update_xaxes(type="category")
    if kind != "pie":
        _whole_number_axes(fig, data, x, y, kind, color)
    if interval is not None and kind in ("bar", "line", "scatter") and color is None and y is not None:
        _draw_interval(fig, data, y, *interval)
    if reference is not None and kind in ("bar", "line", "scatter"):
        _draw_reference(fig, data, x, y, reference)
    fig.update_layout(height=height, margin=dict(l=10, r=10, t=40 if title else 20, b=10), title=title or None,
                      legend=dict(orientation="h", y=1.1))
    return fig


def _whole_number_axes(fig: go.Figure, data, x: str, y: str | None, kind: str, color: str | None = None) -> None:
    """Whole-number ticks on each axis that shows whole numbers only (a histogram's counts always are)."""
    if data[x].dtype.kind in "iuf" and whole_numbers(data[x]):
        _integer_axis(fig, "x", data[x], from_zero=False)
    if kind == "histogram":
        fig.update_yaxes(tickformat=",d", rangemode="tozero")
    elif y is not None and data[y].dtype.kind in "iuf" and whole_numbers(data[y]):
        _integer_axis(fig, "y", _bar_heights(data, x, y, color) if kind == "bar" else data[y],
                      from_zero=kind == "bar")


def _bar_heights(data, x: str, y: str, color: str | None):
    """The heights a bar chart draws: plotly stacks the rows of one trace that share an x (a query's raw rows, many
    to a game), so the axis spans their sums, positive and negative apart, not the single values (listed ticks
    from the values left a chart of 3,000 rows with one tick, -1, under bars reaching past 2,000)."""
    import pandas as pd
    keys = [data[x]] if color is None else [data[x], data[color]]
    values = data[y]
    sums = pd.DataFrame({"up": values.clip(lower=0), "down": values.clip(upper=0)}).groupby(keys).sum()
    return pd.concat([sums["up"], sums["down"]])


#: Confidence level of the intervals drawn on shares.
LEVEL = 0.95
INTERVAL_CAPTION = (f"The black whiskers are {LEVEL:.0%} confidence intervals: Wilson's score interval of each share "
                    f"(wins of the games or seats counted, say), which stays between 0% and 100% and has width even "
                    f"at 0 wins of 10 games. More games give narrower intervals.")


def _draw_interval(fig: go.Figure, data, y: str, successes: str, trials: str) -> None:
    """Wilson's interval of each row's share ``successes`` of ``trials`` as an error bar around its ``y`` (the
    interval is not centred on the share, so the bar reaches down and up by different lengths)."""
    from ..paired_stats import wilson
    if not {successes, trials} <= set(data.columns) or len(fig.data) != 1:
        return
    low, high = [], []
    for value, k, n in zip(data[y], data[successes], data[trials]):
        if _counts(k, n):
            bottom, top = wilson(int(k), int(n), 1 - LEVEL)
            low.append(max(float(value) - bottom, 0.0))
            high.append(max(top - float(value), 0.0))
        else:
            low.append(0.0)
            high.append(0.0)
    fig.data[0].update(error_y=dict(type="data", symmetric=False, array=high, arrayminus=low, color=REFERENCE_COLOUR,
                                    thickness=1.5, width=6))


def _counts(k, n) -> bool:
    """Whether ``k`` of ``n`` are counts a share can be made of (whole, 0 <= k <= n, n >= 1)."""
    try:
        return float(k) == int(k) and float(n) == int(n) and 0 <= int(k) <= int(n) and int(n) >= 1
    except (TypeError, ValueError, OverflowError):
        return False


def shows_interval(fig: go.Figure) -> bool:
    """Whether :func:`result_figure` drew confidence intervals on ``fig``."""
    return any(getattr(t, "error_y", None) is not None and t.error_y.array is not None for t in fig.data)


def _draw_reference(fig: go.Figure, data, x: str, y: str | None, reference: str) -> None:
    """The reference column as a dark line with markers over the chart, named in the legend with the data."""
    order = data.sort_values(x) if data[x].dtype.kind in "iuf" else data
    for trace in fig.data:
        if not trace.name:
            trace.update(name=y, showlegend=True)
    fig.add_trace(go.Scatter(x=order[x], y=order[reference], mode="lines+markers", name=reference,
                             line=dict(color=REFERENCE_COLOUR, width=2, dash="dot"),
                             marker=dict(color=REFERENCE_COLOUR, size=7, symbol="diamond")))
