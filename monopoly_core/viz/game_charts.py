"""Charts of one game: every player's net worth over the rounds (from the per-round snapshots)."""
from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from .safe_text import html


#: The most rounds drawn on one player's line.
MAX_POINTS = 1000


def net_worth_figure(game, *, height: int = 360) -> go.Figure:
    """Net worth of each player at the end of every round (needs ``Game.new(..., snapshots=True)``). The axis
    reads whole amounts ("2,000", as the feed and the panels write money), never plotly's "2k" (a walkthrough saw
    "2k" on one edition's chart and "2000" on another's). A game of more than :data:`MAX_POINTS` rounds is drawn
    from one round in n and each player's last, as the axis title says: a chart a few hundred pixels wide shows no
    more, and an 8-player game of 10,000 rounds took over two seconds to draw at every rerun of the Play page."""
    snap = game.snapshots or {}
    rounds, seats, worths = snap.get("round", ()), snap.get("player", ()), snap.get("net_worth", ())
    last = max(rounds) if len(rounds) else 0
    every = -(-last // MAX_POINTS) if last > MAX_POINTS else 1
    fig = go.Figure()
    for p in game.players:
        points = [(r, w) for r, s, w in zip(rounds, seats, worths) if s == p.seat]
        if every > 1:       # (each player's own last round kept: the one a bankrupt player's line ends at)
            points = [pt for i, pt in enumerate(points) if pt[0] % every == 0 or i == len(points) - 1]
        # (arrays: plotly checks a list's every element, a quarter of a second for eight lines of 1,000 points)
        xs, ys = np.array([r for r, _ in points], np.int64), np.array([w for _, w in points], np.int64)
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", name=html(p.name), line=dict(color=p.colour, width=2.5),
                                 hovertemplate="%{fullData.name}<br>round %{x}<br>net worth %{y:,}<extra></extra>"))
    fig.update_layout(height=height, margin=dict(l=10, r=10, t=30, b=10),
                      xaxis_title="round" if every == 1 else f"round (one in {every:,} shown, and the last)",
                      yaxis_title=f"net worth ({game.board.currency})", yaxis_tickformat=",d", legend=dict(orientation="h", y=1.12),
                      hovermode="x unified")
    return fig
