"""Figures of the lessons whose trials are whole games (lessons 5 and 6): pure functions from
:mod:`monopoly_core.lessons.variants` and :mod:`monopoly_core.lessons.cheating` results to plotly figures."""
from __future__ import annotations

import math

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ..paired_stats import wilson
from .markov import OBSERVED_COLOUR, THEORY_COLOUR

VARIANT_COLOURS = ("#1f77b4", "#2e7d32", "#c62828")
GAIN, LOSS = "#2e7d32", "#c62828"


def variants_figure(rows: list[dict], half_widths: dict[str, tuple[float, float]], *, chance: float,
                    height: int = 380) -> go.Figure:
    """Three panels, one bar per rule set: rounds per game, Gini of net worth, comeback rate (with the rate
    a comeback would have if the standing said nothing, ``chance``, as a dashed line). ``rows`` are
    :func:`~monopoly_core.lessons.variants.summary_rows`; ``half_widths[rules]`` the 95 % interval's half-width of
    its length and its Gini. Comeback rates get Wilson's interval (:func:`~monopoly_core.paired_stats.wilson`:
    a share's interval stays within 0-100% and is not zero wide at 0 comebacks, as 2 sqrt(p (1 - p) / n) was)."""
    fig = make_subplots(rows=1, cols=3, subplot_titles=("Rounds per game", "Inequality (Gini of net worth)",
                                                        "Comeback rate"), horizontal_spacing=0.08)
    names = [r["rules"] for r in rows]
    colours = list(VARIANT_COLOURS[:len(rows)])
    length = [r["rounds per game"] for r in rows]
    gini = [r["Gini of net worth"] for r in rows]
    rate = [r["comeback rate"] if r["games counted for comebacks"] else 0.0 for r in rows]
    above, below = [], []           # the comeback rate's Wilson interval, as distances from the rate
    for p, r in zip(rate, rows):
        n = r["games counted for comebacks"]
        low, high = wilson(r["comebacks"], n, 0.05) if n else (p, p)
        above.append(high - p)
        below.append(p - low)
    panels = ((length, [half_widths[n][0] for n in names], None, "%{y:.1f} rounds"),
              (gini, [half_widths[n][1] for n in names], None, "Gini %{y:.3f}"),
              (rate, above, below, "%{y:.1%}"))
    for col, (values, highs, lows, hover) in enumerate(panels, start=1):
        highs = [0.0 if h is None or math.isnan(h) else h for h in highs]
        error = dict(type="data", array=highs, visible=any(highs))
        if lows is not None:
            error.update(symmetric=False, arrayminus=lows)
        fig.add_trace(go.Bar(x=names, y=values, marker_color=colours, showlegend=False, error_y=error,
                             hovertemplate=f"%{{x}}: {hover}<extra></extra>"), row=1, col=col)
    fig.add_hline(y=chance, line_dash="dash", line_color="#555", row=1, col=3,
                  annotation_text=f"{chance:.0%}: standing says nothing", annotation_position="top left")
    fig.update_yaxes(rangemode="tozero")
    fig.update_yaxes(tickformat=".0%", row=1, col=3)
    fig.update_layout(height=height, margin=dict(l=40, r=20, t=60, b=40),
                      title="Three rule sets, the same seeds (bars: 95% intervals)")
    return fig


def cheat_value_figure(rows: list[dict], *, height: int = 460) -> go.Figure:
    """The expected money of each cheat card (rows of :func:`~monopoly_core.lessons.cheating.model_rows`),
    green where it is worth it and red where it is not, best at the top."""
    names = [r["card"] for r in rows]
    values = [r["expected value"] for r in rows]
    fig = go.Figure(go.Bar(y=names, x=values, orientation="h",
                           marker_color=[GAIN if v > 0 else LOSS for v in values],
                           customdata=[[r["chance caught"], r["break-even chance"]] for r in rows],
                           hovertemplate="%{y}: %{x:+.2f} on average; caught %{customdata[0]:.1%} "
                                         "(break-even %{customdata[1]:.0%})<extra></extra>"))
    fig.add_vline(x=0, line_color="#333")
    fig.update_yaxes(autorange="reversed")
    fig.update_layout(title="Expected money of each cheat against these opponents", height=height,
                      margin=dict(l=10, r=20, t=60, b=40), xaxis_title="money a cheat brings on average")
    return fig


def cheat_check_figure(rows: list[dict], *, height: int = 380) -> go.Figure:
    """The share of each card's attempts that was caught, expected by the model against counted in the games
    (rows of :meth:`~monopoly_core.lessons.cheating.CheatRun.card_rows`), with the line where they agree."""
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=[0, 1], y=[0, 1], mode="lines", line=dict(color=THEORY_COLOUR, dash="dash"),
                             name="model and games agree", hoverinfo="skip"))
    fig.add_trace(go.Scatter(x=[r["expected share caught"] for r in rows], y=[r["share caught"] for r in rows],
                             mode="markers", name="a cheat card",
                             marker=dict(color=OBSERVED_COLOUR, size=[6 + 14 * math.sqrt(r["attempts"] /
                                                                                       max(x["attempts"] for x in rows))
                                                                      for r in rows]),
                             text=[f"{r['card']}: {r['attempts']:,} attempts" for r in rows],
                             hovertemplate="%{text}<br>expected %{x:.1%}, caught %{y:.1%}<extra></extra>"))
    fig.update_layout(title="Share of attempts caught: the model against the games", height=height,
                      margin=dict(l=50, r=20, t=60, b=40),
                      xaxis=dict(title="expected by the model", tickformat=".0%", range=[0, 1.02]),
                      yaxis=dict(title="caught in the games", tickformat=".0%", range=[0, 1.02]),
                      legend=dict(orientation="h", y=1.02, x=0, yanchor="bottom"))
    return fig
