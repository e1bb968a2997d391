"""The board as a plotly figure: the Play page's board and the Markov page's heat map are the same drawing.

The layout comes from the board data alone (40 or 52 squares: ``size / 4 - 1`` squares between corners), with
GO in the bottom-right corner and play running clockwise, as on the printed board. Given a game, it shows
owners, houses and hotels, mortgages, every token, the current player and the last move; given ``heat``, it
colours each square by a value (landing probabilities). Hovering a square shows its title deed.
"""
from __future__ import annotations

from dataclasses import dataclass

import plotly.graph_objects as go
from plotly.colors import sample_colorscale

from .safe_text import html

CORNER = 1.6        # corner squares are this many times a side square's width
BAND = 0.32         # depth of the colour band on streets
KIND_FILL = {"go": "#e8f5e9", "jail": "#fff3e0", "free_parking": "#e3f2fd", "go_to_jail": "#fde2e2",
             "chance": "#fff8e1", "chest": "#e8eaf6", "tax": "#f5f5f5", "railroad": "#eeeeee",
             "utility": "#f1f8e9", "street": "#fbfbf6"}
KIND_LABEL = {"chance": "?", "chest": "\u2709", "railroad": "\U0001F682", "utility": "\u26a1", "tax": "\u00a4"}


@dataclass(frozen=True)
class Cell:
    x0: float
    y0: float
    x1: float
    y1: float
    side: int        # 0 bottom, 1 left, 2 top, 3 right
    corner: bool

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2

    def band(self) -> tuple[float, float, float, float]:
        """The rectangle of the colour band, on the edge facing the middle of the board."""
        x0, y0, x1, y1 = self.x0, self.y0, self.x1, self.y1
        return ((x0, y1 - BAND, x1, y1), (x1 - BAND, y0, x1, y1), (x0, y0, x1, y0 + BAND),
                (x0, y0, x0 + BAND, y1))[self.side]


def layout(n: int) -> list[Cell]:
    """Rectangles for an ``n``-square board (``n`` divisible by 4), GO bottom-right, clockwise."""
    if n % 4:
        raise ValueError(f"a square board needs a multiple of 4 squares, got {n}")
    k = n // 4 - 1
    c = CORNER
    L = 2 * c + k
    cells = []
    for i in range(n):
        side, j = divmod(i, k + 1)
        if j == 0:
            x0, y0 = ((L - c, 0), (0, 0), (0, L - c), (L - c, L - c))[side]
            cells.append(Cell(x0, y0, x0 + c, y0 + c, side, True))
            continue
        if side == 0:
            cells.append(Cell(L - c - j, 0, L - c - j + 1, c, 0, False))
        elif side == 1:
            cells.append(Cell(0, c + j - 1, c, c + j, 1, False))
        elif side == 2:
            cells.append(Cell(c + j - 1, L - c, c + j, L, 2, False))
        else:
            cells.append(Cell(L - c, L - c - j, L, L - c - j + 1, 3, False))
    return cells


def _wrap(text: str, width: int = 11) -> str:
    words, lines, line = text.split(), [], ""
    for w in words:
        if line and len(line) + 1 + len(w) > width:
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}".strip()
    lines.append(line)
    return "<br>".join(lines[:3])


def title_deed(board, index: int, *, game=None) -> str:
    """The hover text of a square: its title deed and, in a game, its owner, buildings and mortgage."""
    sq = board.squares[index]
    cur = board.currency
    lines = [f"<b>{sq.name}</b>"]
    if sq.kind == "street":
        grp = board.groups[sq.group]
        lines.append(f"{grp.label} set \u00b7 price {cur}{sq.price}")
        r = sq.rents
        lines.append(f"rent {cur}{r[0]} (set {cur}{r[0] * (game.rules.set_rent_multiplier if game else 2)})")
        lines.append(" \u00b7 ".join(f"{h}h {cur}{r[h]}" for h in range(1, 5)) + f" \u00b7 hotel {cur}{r[5]}")
        lines.append(f"house {cur}{sq.house_cost} \u00b7 mortgage {cur}{sq.mortgage}")
    elif sq.kind == "railroad":
        rents = " / ".join(f"{cur}{x}" for x in board.railroad_rents)
        lines.append(f"price {cur}{sq.price} \u00b7 rent {rents} for 1-{len(board.railroad_rents)} owned")
        lines.append(f"mortgage {cur}{sq.mortgage}")
    elif sq.kind == "utility":
        mult = " / ".join(f"{m}\u00d7" for m in board.utility_multipliers)
        lines.append(f"price {cur}{sq.price} \u00b7 rent {mult} the dice \u00b7 mortgage {cur}{sq.mortgage}")
    elif sq.kind == "tax":
        lines.append(f"pay {cur}{sq.amount}")
    if game is not None and sq.ownable:
        owner = game.owner[index]
        lines.append("owner: " + (html(game.players[owner].name) if owner >= 0 else "the bank"))
        lv = game.level[index]
        if lv:
            lines.append("hotel" if lv == 5 else f"{lv} house{'s' if lv > 1 else ''}")
        if game.mortgaged[index]:
            lines.append("<i>mortgaged</i>")
    return "<br>".join(lines)


def board_figure(board, *, game=None, heat=None, heat_title: str = "", heat_format: str = ".2%",
                 colorscale="YlOrRd", heat_range: tuple[float, float] | None = None, path=None,
                 centre_text: str = "", height: int = 680) -> go.Figure:
    """Draw ``board``; with ``game`` show the position, with ``heat`` (one value per square) a heat map.

    ``heat_range`` fixes the colour scale's (low, high) ends; by default they are the smallest and largest
    value (which lets a square that is never landed on, like Go To Jail, wash out all the others).

    ``path`` is a list of square indices the last move went through (drawn as a line); ``centre_text`` is
    written in the middle (e.g. the last roll).
    """
    n = board.size
    cells = layout(n)
    L = cells[0].x1
    shapes, xs, ys, texts, hovers = [], [], [], [], []
    if heat is not None:
        if len(heat) != n:
            raise ValueError(f"heat needs one value per square ({n}), got {len(heat)}")
        lo, hi = heat_range if heat_range is not None else (min(heat), max(heat))
        span = (hi - lo) or 1.0
        fills = sample_colorscale(colorscale, [min(1.0, max(0.0, (v - lo) / span)) for v in heat])
    for i, (sq, cell) in enumerate(zip(board.squares, cells)):
        fill = fills[i] if heat is not None else KIND_FILL.get(sq.kind, "#fafafa")
        shapes.append(dict(type="rect", x0=cell.x0, y0=cell.y0, x1=cell.x1, y1=cell.y1, fillcolor=fill,
                           line=dict(color="#555", width=1), layer="below"))
        if sq.kind == "street":
            bx0, by0, bx1, by1 = cell.band()
            shapes.append(dict(type="rect", x0=bx0, y0=by0, x1=bx1, y1=by1,
                               fillcolor=board.groups[sq.group].colour, line=dict(color="#555", width=1)))
        cx, cy = cell.centre
        label = _wrap(sq.short, 9 if cell.corner else 10)
        if heat is not None:
            label += f"<br><b>{format(heat[i], heat_format)}</b>"
        elif sq.price:
            label += f"<br>{board.currency}{sq.price}"
        elif sq.kind in KIND_LABEL:
            label = KIND_LABEL[sq.kind] + "<br>" + label
        xs.append(cx)
        ys.append(cy)
        texts.append(label)
        hover = title_deed(board, i, game=game)
        if heat is not None:
            hover += f"<br>{heat_title or 'value'}: {format(heat[i], heat_format)}"
        hovers.append(hover)
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=xs, y=ys, mode="text", text=texts, textfont=dict(size=9, color="#222"),
                             hoverinfo="skip", showlegend=False))
    # invisible markers carry the hover text (and the square index, for click/select on pages)
    fig.add_trace(go.Scatter(x=xs, y=ys, mode="markers", marker=dict(size=34, opacity=0, symbol="square"),
                             hovertext=hovers, hoverinfo="text", customdata=list(range(n)), showlegend=False,
                             name="squares"))
    if game is not None:
        _draw_game(fig, shapes, board, cells, game)
    if path:
        px = [cells[s].centre[0] for s in path]
        py = [cells[s].centre[1] for s in path]
        fig.add_trace(go.Scatter(x=px, y=py, mode="lines+markers", line=dict(color="rgba(30,30,30,0.55)",
                                 width=3, dash="dot"), marker=dict(size=[6] * (len(path) - 1) + [12],
                                 symbol=["circle"] * (len(path) - 1) + ["star"], color="#222"),
                                 hoverinfo="skip", showlegend=False, name="last move"))
    if heat is not None:
        fig.add_trace(go.Scatter(x=[None], y=[None], mode="markers", showlegend=False, hoverinfo="skip",
                                 marker=dict(colorscale=colorscale, cmin=lo, cmax=hi, color=[0],
                                             showscale=True, colorbar=dict(title=heat_title, tickformat=heat_format,
                                                                           len=0.6, thickness=14))))
    c = CORNER
    fig.add_annotation(x=L / 2, y=L / 2 + 1.2, text=f"<b>{board.title}</b>", showarrow=False,
                       font=dict(size=16, color="#333"))
    if centre_text:
        fig.add_annotation(x=L / 2, y=L / 2 - 0.3, text=centre_text, showarrow=False, font=dict(size=14))
    fig.update_layout(shapes=shapes, height=height, margin=dict(l=4, r=4, t=4, b=4), plot_bgcolor="#f3f7f0",
                      xaxis=dict(range=[-0.05, L + 0.05], visible=False, fixedrange=True),
                      yaxis=dict(range=[-0.05, L + 0.05], visible=False, scaleanchor="x", fixedrange=True),
                      hoverlabel=dict(bgcolor="white", font_size=12), dragmode=False)
    _ = c
    return fig


def _draw_game(fig, shapes, board, cells, game) -> None:
    """Owners, buildings, mortgages and tokens."""
    for i in board.properties:
        cell = cells[i]
        owner = game.owner[i]
        if owner >= 0:
            colour = game.players[owner].colour
            # an owner strip on the outer edge
            x0, y0, x1, y1 = cell.x0, cell.y0, cell.x1, cell.y1
            strip = ((x0, y0, x1, y0 + 0.12), (x0, y0, x0 + 0.12, y1), (x0, y1 - 0.12, x1, y1),
                     (x1 - 0.12, y0, x1, y1))[cell.side]
            shapes.append(dict(type="rect", x0=strip[0], y0=strip[1], x1=strip[2], y1=strip[3], fillcolor=colour,
                               line=dict(width=0)))
        lv = game.level[i]
        if lv:
            bx0, by0, bx1, by1 = cell.band()
            horizontal = cell.side in (0, 2)
            if lv == 5:
                shapes.append(dict(type="rect", x0=bx0 + 0.2 * (bx1 - bx0) if horizontal else bx0 + 0.04,
                                   x1=bx1 - 0.2 * (bx1 - bx0) if horizontal else bx1 - 0.04,
                                   y0=by0 + 0.04 if horizontal else by0 + 0.2 * (by1 - by0),
                                   y1=by1 - 0.04 if horizontal else by1 - 0.2 * (by1 - by0),
                                   fillcolor="#c62828", line=dict(color="#fff", width=1)))
            else:
                for h in range(lv):
                    t0, t1 = 0.04 + h * 0.24, 0.04 + h * 0.24 + 0.2
                    if horizontal:
                        shapes.append(dict(type="rect", x0=bx0 + t0, x1=bx0 + t1, y0=by0 + 0.05, y1=by1 - 0.05,
                                           fillcolor="#2e7d32", line=dict(color="#fff", width=1)))
                    else:
                        shapes.append(dict(type="rect", y0=by0 + t0, y1=by0 + t1, x0=bx0 + 0.05, x1=bx1 - 0.05,
                                           fillcolor="#2e7d32", line=dict(color="#fff", width=1)))
        if game.mortgaged[i]:
            shapes.append(dict(type="rect", x0=cell.x0, y0=cell.y0, x1=cell.x1, y1=cell.y1,
                               fillcolor="rgba(90,90,90,0.45)", line=dict(width=0)))
    # tokens, spread within their square
    by_square: dict[int, list] = {}
    for p in game.players:
        if not p.bankrupt:
            by_square.setdefault(p.position, []).append(p)
    xs, ys, colours, sizes, symbols, lines, hovers = [], [], [], [], [], [], []
    current = game.current
    for sq, players in by_square.items():
        cx, cy = cells[sq].centre
        for k, p in enumerate(players):
            dx = ((k % 3) - 1) * 0.3
            dy = (k // 3) * -0.3 - 0.15
            xs.append(cx + dx)
            ys.append(cy + dy)
            colours.append(p.colour)
            is_current = p.seat == current and not game.over
            sizes.append(19 if is_current else 14)
            symbols.append("square" if p.in_jail else "circle")
            lines.append(3 if is_current else 1)
            status = " (in jail)" if p.in_jail else ""
            hovers.append(f"<b>{html(p.name)}</b>{status}<br>cash {board.currency}{p.cash:,}")
    fig.add_trace(go.Scatter(x=xs, y=ys, mode="markers", hovertext=hovers, hoverinfo="text", showlegend=False,
                             marker=dict(color=colours, size=sizes, symbol=symbols,
                                         line=dict(color="#111", width=lines)), name="tokens"))


def last_move_path(game) -> list[int]:
    """The squares the most recent move passed through (from the event log), for ``board_figure(path=...)``."""
    from .. import events as E
    log = game.log
    kinds = log.kind
    for i in range(len(kinds) - 1, -1, -1):
        if kinds[i] == E.MOVE:
            start, end, steps = log.other[i], log.square[i], log.amount[i]
            n = game.board.size
            if steps >= 0:
                return [(start + j) % n for j in range(steps + 1)] if steps <= n else [start, end]
            return [(start - j) % n for j in range(-steps + 1)]
        if kinds[i] == E.TURN and i < len(kinds) - 1:
            break
    return []
