"""The dice's exact distribution as a bar chart (the same outcome list the engine samples from), each bar labelled
with its exact chance as a fraction of the equally likely outcomes (6/36 for a seven with two dice)."""
from __future__ import annotations

import plotly.graph_objects as go


def totals_figure(model, *, height: int = 260) -> go.Figure:
    """Probability of each total, exact: the fraction of outcomes on each bar, the percentage on hover."""
    dist = model.distribution()
    totals = list(dist)
    probs = [float(p) for p in dist.values()]
    n = len(model.outcomes)
    ways = [int(p * n) for p in dist.values()]
    fig = go.Figure(go.Bar(x=totals, y=probs, marker_color="#c62828", customdata=ways,
                           text=[f"{w}/{n}" for w in ways], textposition="outside", cliponaxis=False,
                           textfont=dict(size=11, color="#333"),
                           hovertemplate="total %{x}: %{customdata} of " + str(n) + " outcomes = %{y:.2%}"
                                         "<extra></extra>"))
    fig.update_layout(height=height, margin=dict(l=10, r=10, t=24, b=10), xaxis=dict(title="total", dtick=1),
                      yaxis=dict(title="probability", tickformat=".0%", range=[0, max(probs) * 1.18]),
                      bargap=0.15)
    return fig
