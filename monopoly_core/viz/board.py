"""The board as a plotly figure (the Markov page's heat map; the Play page draws the same drawing as SVG, see
:mod:`.board_svg`). Hovering a square shows its title deed.
"""
from __future__ import annotations

import plotly.graph_objects as go
from plotly.colors import sample_colorscale

from .safe_text import html
from .board_drawing import (BAND, CORNER, KIND_FILL, KIND_LABEL, STRIP, TRACK, Cell, deed_rows, drawing,  # noqa: F401
                            last_move_path, layout, status_rows)


def title_deed(board, index: int, *, game=None) -> str:
    """The hover text of a square: its title deed and, in a game, its owner, buildings and mortgage."""
    rows = [f"{what}: <b>{amount}</b>" for what, amount in deed_rows(board, index,
                                                                      rules=game.rules if game else None)]
    if game is not None and board.squares[index].ownable:
        rows += [html(r) for r in status_rows(game, index)]      # (they name players: escaped)
    return "<br>".join([f"<b>{board.squares[index].name}</b>"] + rows)


def board_figure(board, *, game=None, heat=None, heat_title: str = "", heat_format: str = ".2%",
                 colorscale="YlOrRd", heat_range: tuple[float, float] | None = None, path=None,
                 centre_text: str = "", height: int = 680) -> go.Figure:
    """Draw ``board``; with ``game`` show the position, with ``heat`` (one value per square) a heat map.

    ``heat_range`` fixes the colour scale's (low, high) ends; by default they are the smallest and largest
    value (which lets a square that is never landed on, like Go To Jail, wash out all the others).

    ``path`` is a list of square indices the last move went through (drawn as a line on the track inside the
    ring); ``centre_text`` is written in the middle (e.g. the last roll). The words are sized for a board
    ``height`` pixels high: long names are hyphenated to fit their square, never cut.
    """
    n = board.size
    fills = labels = None
    if heat is not None:
        if len(heat) != n:
            raise ValueError(f"heat needs one value per square ({n}), got {len(heat)}")
        lo, hi = heat_range if heat_range is not None else (min(heat), max(heat))
        span = (hi - lo) or 1.0
        fills = sample_colorscale(colorscale, [min(1.0, max(0.0, (v - lo) / span)) for v in heat])
        labels = [format(v, heat_format) for v in heat]
    d = drawing(board, game=game, heat_labels=labels, fills=fills, path=path, centre_text=centre_text)
    L = d.side
    px = height / (L + 0.2)             # pixels per board unit (a side square's width)
    shapes = [dict(type="rect", x0=r.x0, y0=r.y0, x1=r.x1, y1=r.y1, fillcolor=r.fill,
                   line=dict(color=r.stroke, width=1) if r.stroke else dict(width=0),
                   **({"layer": "below"} if r.below else {})) for r in d.rects]
    texts = ["<br>".join(lb.lines[:-1] + (f"<b>{lb.lines[-1]}</b>",)) if lb.bold_last else "<br>".join(lb.lines)
             for lb in d.labels]
    hovers = [title_deed(board, i, game=game) for i in range(n)]
    if heat is not None:
        hovers = [h + f"<br>{heat_title or 'value'}: {labels[i]}" for i, h in enumerate(hovers)]
    data = [dict(type="scatter", x=[lb.x for lb in d.labels], y=[lb.y for lb in d.labels], mode="text", text=texts,
                 textfont=dict(size=[round(lb.size * px, 1) for lb in d.labels], color="#222"), hoverinfo="skip",
                 showlegend=False),
            # invisible markers carry the hover text (and the square index, for click/select on pages)
            dict(type="scatter", x=[c.centre[0] for c in d.cells], y=[c.centre[1] for c in d.cells], mode="markers",
                 marker=dict(size=max(12, int(px * 0.95)), opacity=0, symbol="square"), hovertext=hovers,
                 hoverinfo="text", customdata=list(range(n)), showlegend=False, name="squares")]
    if d.tokens:
        t = d.tokens
        data.append(dict(type="scatter", x=[k.x for k in t], y=[k.y for k in t], mode="markers", showlegend=False,
                         hovertext=[f"<b>{html(k.hover[0])}</b><br>{html(k.hover[1])}" for k in t], hoverinfo="text",
                         marker=dict(color=[k.colour for k in t], size=[round(k.size * px) for k in t],
                                     symbol=["square" if k.in_jail else "circle" for k in t],
                                     line=dict(color="#111", width=[3 if k.current else 1 for k in t])),
                         name="tokens"))
    if d.path:
        m = len(d.path)
        data.append(dict(type="scatter", x=[p[0] for p in d.path], y=[p[1] for p in d.path], mode="lines+markers",
                         line=dict(color="rgba(30,30,30,0.55)", width=3, dash="dot"),
                         marker=dict(size=[6] * (m - 1) + [12], symbol=["circle"] * (m - 1) + ["star"], color="#222"),
                         hoverinfo="skip", showlegend=False, name="last move"))
    if heat is not None:
        data.append(dict(type="scatter", x=[None], y=[None], mode="markers", showlegend=False, hoverinfo="skip",
                         marker=dict(colorscale=colorscale, cmin=lo, cmax=hi, color=[0], showscale=True,
                                     colorbar=dict(title=dict(text=heat_title), tickformat=heat_format, len=0.6,
                                                   thickness=14))))
    font = d.labels[0].size * px
    annotations = [dict(x=L / 2, y=L / 2 + 1.2, text=f"<b>{d.title}</b>", showarrow=False,
                        font=dict(size=round(font + 6), color="#333"))]
    if centre_text:
        annotations.append(dict(x=L / 2, y=L / 2 - 0.3, text=centre_text, showarrow=False,
                                font=dict(size=round(font + 4))))
    frame = dict(shapes=shapes, annotations=annotations, height=height, margin=dict(l=4, r=4, t=4, b=4),
                 plot_bgcolor="rgba(0,0,0,0)", xaxis=dict(range=[-0.05, L + 0.05], visible=False, fixedrange=True),
                 yaxis=dict(range=[-0.05, L + 0.05], visible=False, scaleanchor="x", fixedrange=True),
                 hoverlabel=dict(bgcolor="white", font=dict(size=13, color="#111"), align="left"), dragmode=False,
                 hovermode="closest")
    return _figure(data, frame)


def _figure(data: list[dict], frame: dict) -> go.Figure:
    """The figure of ``data`` and its layout ``frame`` (plain dicts), built without plotly's check of every
    property: the check cost more than drawing the rest of the board (tests/test_board_figure.py checks the same
    dicts once). A plotly without that switch checks them."""
    spec = {"data": data, "layout": frame}
    try:
        return go.Figure(spec, _validate=False)
    except (TypeError, ValueError):
        return go.Figure(spec)
