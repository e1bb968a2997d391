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


_VOWELS = frozenset("aeiouyAEIOUY")
_DIGRAPHS = frozenset({"ch", "sh", "th", "ph", "gh", "ck", "wh"})


def _hyphenate(word: str, width: int) -> list[str]:
    """``word`` in pieces of at most ``width`` characters (each but the last ending in a hyphen), cut where a
    reader expects it: between two consonants ("Mediter-ranean", "Fen-church"), else after a vowel
    ("White-chapel"), as near the middle as the width allows; never leaving fewer than three letters."""
    if len(word) <= width or len(word) < 6 or width < 4:
        return [word]
    best, best_score = 0, None
    for k in range(3, len(word) - 2):
        if k + 1 > width:                     # the first piece and its hyphen must fit
            break
        a, b = word[k - 1], word[k]
        if not (a.isalpha() and b.isalpha()):
            kind = 0
        elif a not in _VOWELS and b not in _VOWELS and (a + b).lower() not in _DIGRAPHS:
            kind = 2
        elif a in _VOWELS and b not in _VOWELS:
            kind = 1
        else:
            continue
        score = (kind, -abs(k - len(word) / 2), k)
        if best_score is None or score > best_score:
            best, best_score = k, score
    if not best:
        best = width - 1
    return [word[:best] + "-"] + _hyphenate(word[best:], width)


def _wrap(text: str, width: int = 11, lines: int = 3) -> list[str]:
    """``text`` in lines of at most ``width`` characters, long words hyphenated; at most ``lines`` lines."""
    out: list[str] = []
    line = ""
    for word in text.split():
        for piece in _hyphenate(word, width):
            if line and not line.endswith("-") and len(line) + 1 + len(piece) <= width:
                line = f"{line} {piece}"
            else:
                if line:
                    out.append(line)
                line = piece
    out.append(line)
    return out[:lines]


def deed_rows(board, index: int, *, rules=None) -> list[tuple[str, str]]:
    """A square's title deed as (what, how much) rows: price, the rent at every level, the house cost and the
    mortgage value (for the hover on the board and the buy decision on the Play page)."""
    sq = board.squares[index]
    cur = board.currency

    def m(x):
        return f"{cur}{x:,}"

    if sq.kind == "street":
        r = sq.rents
        mult = rules.set_rent_multiplier if rules is not None else 2
        grp = board.groups[sq.group]
        return ([("Price", m(sq.price)), ("Rent", m(r[0])),
                 (f"Rent with the whole {grp.label} set", m(r[0] * mult))]
                + [(f"With {h} house{'s' if h > 1 else ''}", m(r[h])) for h in range(1, 5)]
                + [("With a hotel", m(r[5])), ("Each house costs", m(sq.house_cost)),
                   ("A hotel costs", f"4 houses + {m(sq.house_cost)}"), ("Mortgage value", m(sq.mortgage))])
    if sq.kind == "railroad":
        label = board.railroad_label.lower()
        return ([("Price", m(sq.price))]
                + [(f"Rent if the owner has {k} {label}{'s' if k > 1 else ''}", m(x))
                   for k, x in enumerate(board.railroad_rents, 1)]
                + [("Mortgage value", m(sq.mortgage))])
    if sq.kind == "utility":
        return ([("Price", m(sq.price))]
                + [(f"Rent if the owner has {k} utilit{'ies' if k > 1 else 'y'}", f"{x}\u00d7 the dice")
                   for k, x in enumerate(board.utility_multipliers, 1)]
                + [("Mortgage value", m(sq.mortgage))])
    if sq.kind == "tax":
        return [("Pay", m(sq.amount))]
    return []


def title_deed(board, index: int, *, game=None) -> str:
    """The hover text of a square: its title deed and, in a game, its owner, buildings and mortgage."""
    sq = board.squares[index]
    lines = [f"<b>{sq.name}</b>"]
    lines += [f"{what}: <b>{amount}</b>" for what, amount in deed_rows(board, index,
                                                                         rules=game.rules if game else None)]
    if game is not None and sq.ownable:
        owner = game.owner[index]
        lines.append("Owner: " + (game.players[owner].name if owner >= 0 else "the bank"))
        lv = game.level[index]
        if lv:
            lines.append("Built: " + ("a hotel" if lv == 5 else f"{lv} house{'s' if lv > 1 else ''}"))
        if game.mortgaged[index]:
            lines.append("<i>mortgaged</i>")
    return "<br>".join(lines)


STRIP = 0.12        # depth of the owner's strip on the outer edge of an owned square
TRACK = 0.32        # the tokens and the last move run on a track this far inside the ring of squares


def _text_box(cell: Cell) -> tuple[float, float, float, float]:
    """The part of a square its words go in: without the colour band (inner edge) and the owner strip (outer)."""
    x0, y0, x1, y1 = cell.x0, cell.y0, cell.x1, cell.y1
    if cell.corner:
        return x0, y0, x1, y1
    return ((x0, y0 + STRIP, x1, y1 - BAND), (x0 + STRIP, y0, x1 - BAND, y1), (x0, y0 + BAND, x1, y1 - STRIP),
            (x0 + BAND, y0, x1 - STRIP, y1))[cell.side]


def _on_track(cell: Cell, L: float) -> tuple[float, float]:
    """Where a square's tokens stand: just inside the ring, in front of the square, so they never cover its
    words (and the last move, drawn through these points, never crosses a street name)."""
    lo, hi = CORNER + TRACK, L - CORNER - TRACK
    cx, cy = cell.centre
    return min(max(cx, lo), hi), min(max(cy, lo), hi)


def _fonts(height: int, L: float) -> tuple[int, int, int]:
    """The label font size (px) for a board drawn ``height`` pixels high, and how many characters fit on a line
    of a side square and of a top or bottom square (about 0.55 em a character)."""
    unit = height / (L + 0.2)
    size = int(max(8, min(13, round(unit * 0.24))))
    per_char = 0.52 * size
    narrow = int((0.94 * unit) // per_char)
    wide = int(((CORNER - BAND - STRIP) * unit) // per_char)
    return size, max(4, narrow), max(4, wide)


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
    cells = layout(n)
    L = cells[0].x1
    font, narrow, wide = _fonts(height, L)
    shapes, xs, ys, texts, hovers, sizes = [], [], [], [], [], []
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
        width = wide + 2 if cell.corner else (wide if cell.side in (1, 3) else narrow)
        words = _wrap(sq.short, width, 4)
        extra = []
        if heat is not None:
            extra = [f"<b>{format(heat[i], heat_format)}</b>"]
        elif sq.price:
            extra = [f"{board.currency}{sq.price}"]
        elif sq.kind in KIND_LABEL:
            words = [KIND_LABEL[sq.kind]] + words
        lines = words + extra
        bx0, by0, bx1, by1 = _text_box(cell)
        # a square whose lines would not fit its height is written a size or two smaller
        room = (by1 - by0) * height / (L + 0.2)
        sizes.append(font if len(lines) * font * 1.25 <= room else max(7, int(room / (len(lines) * 1.25))))
        xs.append((bx0 + bx1) / 2)
        ys.append((by0 + by1) / 2)
        texts.append("<br>".join(lines))
        hover = title_deed(board, i, game=game)
        if heat is not None:
            hover += f"<br>{heat_title or 'value'}: {format(heat[i], heat_format)}"
        hovers.append(hover)
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=xs, y=ys, mode="text", text=texts, textfont=dict(size=sizes, color="#222"),
                             hoverinfo="skip", showlegend=False))
    # invisible markers carry the hover text (and the square index, for click/select on pages)
    unit = height / (L + 0.2)          # pixels per side square's width
    fig.add_trace(go.Scatter(x=[c.centre[0] for c in cells], y=[c.centre[1] for c in cells], mode="markers",
                             marker=dict(size=max(12, int(unit * 0.95)), opacity=0, symbol="square"),
                             hovertext=hovers, hoverinfo="text", customdata=list(range(n)), showlegend=False,
                             name="squares"))
    if game is not None:
        _draw_game(fig, shapes, board, cells, game, L)
    if path:
        track = [_on_track(cells[s], L) for s in path]
        fig.add_trace(go.Scatter(x=[t[0] for t in track], y=[t[1] for t in track], mode="lines+markers",
                                 line=dict(color="rgba(30,30,30,0.55)", width=3, dash="dot"),
                                 marker=dict(size=[6] * (len(path) - 1) + [12],
                                             symbol=["circle"] * (len(path) - 1) + ["star"], color="#222"),
                                 hoverinfo="skip", showlegend=False, name="last move"))
    if heat is not None:
        fig.add_trace(go.Scatter(x=[None], y=[None], mode="markers", showlegend=False, hoverinfo="skip",
                                 marker=dict(colorscale=colorscale, cmin=lo, cmax=hi, color=[0],
                                             showscale=True, colorbar=dict(title=heat_title, tickformat=heat_format,
                                                                           len=0.6, thickness=14))))
    fig.add_annotation(x=L / 2, y=L / 2 + 1.2, text=f"<b>{board.title}</b>", showarrow=False,
                       font=dict(size=font + 6, color="#333"))
    if centre_text:
        fig.add_annotation(x=L / 2, y=L / 2 - 0.3, text=centre_text, showarrow=False, font=dict(size=font + 4))
    shapes.insert(0, dict(type="rect", x0=0, y0=0, x1=L, y1=L, fillcolor="#f3f7f0", line=dict(width=0),
                          layer="below"))
    fig.update_layout(shapes=shapes, height=height, margin=dict(l=4, r=4, t=4, b=4), plot_bgcolor="rgba(0,0,0,0)",
                      xaxis=dict(range=[-0.05, L + 0.05], visible=False, fixedrange=True),
                      yaxis=dict(range=[-0.05, L + 0.05], visible=False, scaleanchor="x", fixedrange=True),
                      hoverlabel=dict(bgcolor="white", font=dict(size=13, color="#111"), align="left"), dragmode=False,
                      hovermode="closest")
    return fig


def _draw_game(fig, shapes, board, cells, game, L: float) -> None:
    """Owners, buildings, mortgages and tokens."""
    for i in board.properties:
        cell = cells[i]
        owner = game.owner[i]
        if owner >= 0:
            colour = game.players[owner].colour
            # an owner strip on the outer edge
            x0, y0, x1, y1 = cell.x0, cell.y0, cell.x1, cell.y1
            strip = ((x0, y0, x1, y0 + STRIP), (x0, y0, x0 + STRIP, y1), (x0, y1 - STRIP, x1, y1),
                     (x1 - STRIP, y0, x1, y1))[cell.side]
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
    # tokens, in front of their square on the track inside the ring, spread along it
    by_square: dict[int, list] = {}
    for p in game.players:
        if not p.bankrupt:
            by_square.setdefault(p.position, []).append(p)
    xs, ys, colours, sizes, symbols, lines, hovers = [], [], [], [], [], [], []
    current = game.current
    for sq, players in by_square.items():
        cell = cells[sq]
        tx, ty = _on_track(cell, L)
        along_x = cell.side in (0, 2) or cell.corner
        inward = (1, 1, -1, -1)[cell.side]             # a second row of tokens stands further in
        # along the side: centred on a side square; from a corner, towards the middle of the board
        toward = (-1 if tx > L / 2 else 1) if cell.corner else 0
        for k, p in enumerate(players):
            a = ((k % 3) * toward if cell.corner else (k % 3) - 1) * 0.3
            b = (k // 3) * 0.3 * inward
            xs.append(tx + (a if along_x else b))
            ys.append(ty + (b if along_x else a))
            colours.append(p.colour)
            is_current = p.seat == current and not game.over
            sizes.append(19 if is_current else 14)
            symbols.append("square" if p.in_jail else "circle")
            lines.append(3 if is_current else 1)
            status = " (in jail)" if p.in_jail else ""
            hovers.append(f"<b>{p.name}</b>{status} on {board.squares[sq].name}<br>cash {board.currency}{p.cash:,}")
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
