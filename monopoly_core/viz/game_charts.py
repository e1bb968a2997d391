"""Charts of one game: every player's net worth over the rounds (from the per-round snapshots)."""
from __future__ import annotations

import plotly.graph_objects as go

from .safe_text import html


def net_worth_figure(game, *, height: int = 360) -> go.Figure:
    """Net worth of each player at the end of every round (needs ``Game.new(..., snapshots=True)``). The axis
    reads whole amounts ("2,000", as the feed and the panels write money), never plotly's "2k" (a walkthrough saw
    "2k" on one edition's chart and "2000" on another's)."""
    snap = game.snapshots or {}
    fig = go.Figure()
    for p in game.players:
        xs = [r for r, s in zip(snap.get("round", ()), snap.get("player", ())) if s == p.seat]
        ys = [w for w, s in zip(snap.get("net_worth", ()), snap.get("player", ())) if s == p.seat]
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", name=html(p.name), line=dict(color=p.colour, width=2.5),
                                 hovertemplate="%{fullData.name}<br>round %{x}<br>net worth %{y:,}<extra></extra>"))
    fig.update_layout(height=height, margin=dict(l=10, r=10, t=30, b=10), xaxis_title="round",
                      yaxis_title=f"net worth ({game.board.currency})", yaxis_tickformat=",d", legend=dict(orientation="h", y=1.12),
                      hovermode="x unified")
    return fig
