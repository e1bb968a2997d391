"""Figures of the classroom lessons: pure functions from :mod:`monopoly_core.lessons` results to plotly figures.

The lessons also use :func:`monopoly_core.viz.dice.totals_figure` and the Markov figures
(:mod:`monopoly_core.viz.markov`) as they are; these are the ones only a lesson needs.
"""
from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from ..lessons.running import plural
from .markov import HIGHLIGHT, OBSERVED_COLOUR, THEORY_COLOUR

BAND_COLOUR = "rgba(31, 119, 180, 0.15)"
SPEED_COLOURS = {"pips on all three": "#c62828", "Mr. Monopoly": "#2e7d32", "Bus": "#f9a825"}


def _layout(fig: go.Figure, title: str, height: int, **axes) -> go.Figure:
    fig.update_layout(title=title, height=height, margin=dict(l=50, r=20, t=60, b=40),
                      legend=dict(orientation="h", y=1.02, x=0, yanchor="bottom"), **axes)
    return fig


def sampled_figure(rows: list[dict], n: int, *, height: int = 340) -> go.Figure:
    """Exact probability of each total as bars, the share of ``n`` sampled rolls as points
    (rows of :meth:`monopoly_core.lessons.dice.Sample.rows`)."""
    totals = [r["total"] for r in rows]
    fig = go.Figure()
    fig.add_trace(go.Bar(x=totals, y=[r["exact"] for r in rows], name="exact", marker_color=THEORY_COLOUR,
                         opacity=0.55, hovertemplate="total %{x}: exact %{y:.2%}<extra></extra>"))
    fig.add_trace(go.Scatter(x=totals, y=[r["share of rolls"] for r in rows], mode="markers",
                             name=f"{n:,} roll{'s' if n != 1 else ''}",
                             marker=dict(color=OBSERVED_COLOUR, size=10, symbol="diamond"),
                             hovertemplate="total %{x}: rolled %{y:.2%}<extra></extra>"))
    return _layout(fig, "Exact against sampled: the share of each total", height,
                   xaxis=dict(title="total", dtick=1), yaxis=dict(title="share of rolls", tickformat=".0%"))


def speed_figure(rows: list[dict], *, height: int = 340) -> go.Figure:
    """The 216 outcomes with the speed die, by first-move total, stacked by what the speed die shows
    (rows of :func:`monopoly_core.lessons.dice.speed_rows`)."""
    fig = go.Figure()
    totals = [r["total"] for r in rows]
    for face, colour in SPEED_COLOURS.items():
        fig.add_trace(go.Bar(x=totals, y=[r[face] / r["out of"] for r in rows], name=face, marker_color=colour,
                             customdata=[r[face] for r in rows],
                             hovertemplate=f"total %{{x}}, {face}: %{{customdata}} of 216<extra></extra>"))
    fig.update_layout(barmode="stack")
    return _layout(fig, "Two dice and the speed die: 216 outcomes by first move", height,
                   xaxis=dict(title="total of the first move", dtick=1),
                   yaxis=dict(title="probability", tickformat=".0%"))


def _log_points(n: int, max_points: int) -> np.ndarray:
    """At most ``max_points`` trial counts from 1 to ``n``, spread evenly on a log scale (the last included)."""
    if n <= max_points:
        return np.arange(1, n + 1)
    return np.unique(np.round(np.geomspace(1, n, max_points)).astype(int))


def running_figure(run, *, max_points: int = 600, height: int = 380) -> go.Figure:
    """A running average or share (:class:`monopoly_core.lessons.running.Running`) against the number of trials on
    a log scale labelled 1, 10, 100, ... in full, the exact value as a line and, when one trial's spread is known,
    the band :meth:`~monopoly_core.lessons.running.Running.band` (exact for a share of independent trials)."""
    x = _log_points(run.n, max_points)
    avg = run.running[x - 1]
    fig = go.Figure()
    if run.sd is not None:
        low, high = run.band(x)
        bx = x
        if len(x) == 1:         # one trial: a band of one point would not show; give it a little width
            bx, low, high = np.array([0.8, 1.25]), np.repeat(low, 2), np.repeat(high, 2)
        fig.add_trace(go.Scatter(x=np.concatenate([bx, bx[::-1]]), y=np.concatenate([high, low[::-1]]),
                                 fill="toself", fillcolor=BAND_COLOUR, line=dict(width=0), hoverinfo="skip",
                                 name=run.band_name))
    fig.add_trace(go.Scatter(x=x, y=avg, mode="lines" if len(x) > 1 else "markers", name=f"{run.measure} so far",
                             line=dict(color=OBSERVED_COLOUR, width=2), marker=dict(color=OBSERVED_COLOUR, size=9),
                             customdata=[plural(int(m), run.unit) for m in x],
                             hovertemplate="after %{customdata}: %{y:.4f}<extra></extra>"))
    fig.add_hline(y=run.exact, line=dict(color=THEORY_COLOUR, dash="dash", width=2),
                  annotation_text=f"exact {run.exact_text}", annotation_position="top right")
    yaxis = dict(title=run.label)
    if run.sd is not None:
        low, high = run.exact - 2.5 * run.sd, run.exact + 2.5 * run.sd
        least, most = float(run.values.min()), float(run.values.max())
        if most > least:        # an average never leaves the range of the values averaged
            low, high = max(low, least), min(high, most)
        lo, hi = min(low, float(avg.min())), max(high, float(avg.max()))
        lo, hi = lo - 0.05 * (hi - lo), hi + 0.05 * (hi - lo)
        yaxis["range"] = [max(lo, -0.02), min(hi, 1.02)] if run.share else [lo, hi]
    return _layout(fig, f"{run.label[0].upper()}{run.label[1:]}, after {plural(run.n, run.unit)}", height,
                   xaxis=dict(title=f"number of {run.unit}s (each step right: ten times more)", type="log",
                              **_decade_ticks(run.n)), yaxis=yaxis)


def plain_words(fig: go.Figure, title: str, y_title: str, names: tuple[str, ...] = ()) -> go.Figure:
    """A Markov figure reworded for a class: ``title`` and the y-axis in plain words instead of the chain's
    quantity names ("end-of-turn") and rule-set keys, and the traces renamed by ``names`` in order."""
    fig.update_layout(title=title, yaxis_title=y_title)
    for trace, name in zip(fig.data, names):
        trace.name = name
    return fig


def _decade_ticks(n: int) -> dict:
    """Ticks at 1, 10, 100, ... up to ``n`` only, written in full (1,000 rather than 1k or 10^3)."""
    values = [10 ** k for k in range(len(str(max(1, n))))]
    return dict(tickmode="array", tickvals=values, ticktext=[f"{v:,}" for v in values])


def groups_figure(rows: list[dict], board, *, height: int = 320) -> go.Figure:
    """Each colour group's share of turns per street (rows of :func:`monopoly_core.lessons.landing.group_rows`),
    in its own colour, with a board where every square were equally likely for comparison."""
    colours = {g.label: g.colour for g in board.groups.values()}
    fig = go.Figure(go.Bar(x=[r["group"] for r in rows], y=[r["per street"] for r in rows],
                           marker_color=[colours.get(r["group"], "#90a4ae") for r in rows],
                           marker_line=dict(color="#555555", width=0.5),
                           hovertemplate="%{x}: %{y:.2%} of turns per street<extra></extra>"))
    fig.add_hline(y=1 / board.size, line=dict(color="#333333", dash="dash", width=1),
                  annotation_text=f"every square alike: 1/{board.size}", annotation_position="top right")
    return _layout(fig, "Share of turns ending on each street, by colour group (long run)", height,
                   yaxis=dict(title="per street", tickformat=".1%", rangemode="tozero"), xaxis=dict(title=None))


def house_steps_figure(steps: list[dict], *, highlight: int | None = None, height: int = 320) -> go.Figure:
    """How many rounds each step up a group's building levels takes to pay for itself
    (rows of :func:`monopoly_core.lessons.expected_value.house_steps`); ``highlight`` marks one step by its
    ``to level``."""
    colours = [HIGHLIGHT if s["to level"] == highlight else THEORY_COLOUR for s in steps]
    fig = go.Figure(go.Bar(x=[s["step"] for s in steps], y=[s["pays for itself in (rounds)"] for s in steps],
                           marker_color=colours, customdata=[s["extra cost"] for s in steps],
                           hovertemplate="%{x}: costs %{customdata}, pays for itself in %{y:.1f} rounds"
                                         "<extra></extra>"))
    return _layout(fig, "Each step up: rounds until the extra rent has paid for it", height,
                   yaxis=dict(title="rounds"), xaxis=dict(title=None))
