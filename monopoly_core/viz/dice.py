"""The dice's exact distribution as a bar chart (the same outcome list the engine samples from)."""
from __future__ import annotations

import plotly.graph_objects as go


def totals_figure(model, *, height: int = 260) -> go.Figure:
    """Probability of each total, exact (fractions shown on hover)."""
    dist = model.distribution()
    totals = list(dist)
    probs = [float(p) for p in dist.values()]
    n = len(model.outcomes)
    ways = [int(p * n) for p in dist.values()]
    fig = go.Figure(go.Bar(x=totals, y=probs, marker_color="#c62828", customdata=ways,
                           hovertemplate="total %{x}: %{customdata} of " + str(n) + " outcomes = %{y:.2%}"
                                         "<extra></extra>"))
    fig.update_layout(height=height, margin=dict(l=10, r=10, t=10, b=10), xaxis=dict(title="total", dtick=1),
                      yaxis=dict(title="probability", tickformat=".0%"), bargap=0.15)
    return fig
