"""Charts of query results (the SQL page): a pure function from a table of rows to a plotly figure.

>>> import pandas as pd
>>> fig = result_figure(pd.DataFrame({"s": ["a", "b"], "n": [1, 2]}), "s", "n", "bar")
>>> fig.data[0].type
'bar'
"""
from __future__ import annotations

import plotly.express as px
import plotly.graph_objects as go

from ..queries import CHART_KINDS


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


def result_figure(df, x: str, y: str | None, kind: str = "bar", color: str | None = None, *,
                  title: str = "", height: int = 420) -> go.Figure:
    """One chart of ``df``: ``kind`` is one of :data:`~monopoly_core.queries.CHART_KINDS`. A histogram uses only
    ``x``; a pie uses ``x`` as names and ``y`` as values."""
    if kind not in CHART_KINDS:
        raise ValueError(f"chart kind must be one of {', '.join(CHART_KINDS)}, got {kind!r}")
    data = df.copy()
    for c in {x, y, color} - {None}:
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
        if data[x].dtype == object:
            fig.update_xaxes(type="category")
    fig.update_layout(height=height, margin=dict(l=10, r=10, t=40 if title else 20, b=10), title=title or None,
                      legend=dict(orientation="h", y=1.1))
    return fig
