"""The board as a drawing, before it is a picture: where every square, word, building, token and the last move
go, in board units (a side square is 1 wide; GO is in the bottom-right corner and play runs clockwise, as on the
printed board). :mod:`.board` turns a drawing into a plotly figure (the Markov page's heat map), :mod:`.board_svg`
into an SVG picture (the Play page's board): one drawing, so the two boards agree.

The layout comes from the board data alone (40 or 52 squares: ``size / 4 - 1`` squares between corners). Words
are sized in board units, so they scale with the board, and long names are hyphenated to fit their square.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .. import editions

CORNER = 1.6        # corner squares are this many times a side square's width
BAND = 0.32         # depth of the colour band on streets
STRIP = 0.12        # depth of the owner's strip on the outer edge of an owned square
TRACK = 0.32        # the tokens and the last move run on a track this far inside the ring of squares
CORNER_TOKENS = 0.6  # a corner square's tokens stand this far in from the track's corner, along both axes
BESIDE_CORNER = 0.15  # and the tokens of the squares beside a corner this much further from the corner
FONT = 0.225        # the size of a square's words, in side-square widths (10 px on a 540 px board)
KIND_FILL = {"go": "#e8f5e9", "jail": "#fff3e0", "free_parking": "#e3f2fd", "go_to_jail": "#fde2e2",
             "chance": "#fff8e1", "chest": "#e8eaf6", "tax": "#f5f5f5", "railroad": "#eeeeee",
             "utility": "#f1f8e9", "street": "#fbfbf6",
             "auction": "#fce4ec", "bus_ticket": "#e0f7fa", "birthday_gift": "#f3e5f5"}      # (Mega Edition squares)
#: A sign drawn above a square's name. Only signs of the Basic Multilingual Plane that the fonts of a plain school
#: machine have (DejaVu Sans, Segoe UI Symbol): an emoji (a train, a hammer, a bus, a gift) needs an emoji font,
#: and without one it is drawn as an empty box, so the railroads, Auction, Bus Ticket and Birthday Gift squares
#: are named by their words alone.
KIND_LABEL = {"chance": "?", "chest": "\u2709", "utility": "\u26a1"}
FIELD = "#f3f7f0"   # the middle of the board


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
#: Widths of characters in em, by class, for a sans-serif font (a little generous, so words fit in any of them).
_NARROW, _WIDE = frozenset("iljtfrI.,;:'!|()- "), frozenset("mwMW@%")


def text_em(text: str) -> float:
    """How wide ``text`` is, in em: narrow letters (i, l, t ...) 0.32, m and w 0.88, other capitals 0.66, the
    rest 0.53 (tests/test_browser.py checks the drawn words against their squares)."""
    return sum(0.32 if c in _NARROW else 0.88 if c in _WIDE else 0.66 if c.isupper() else 0.53 for c in text)


def _hyphenate(word: str, width: float) -> list[str]:
    """``word`` in pieces at most ``width`` em wide (each but the last ending in a hyphen), cut where a reader
    expects it: between two consonants ("Mediter-ranean", "Fen-church"), else after a vowel ("White-chapel"), as
    near the middle as the width allows; never leaving fewer than three letters."""
    if text_em(word) <= width or len(word) < 6:
        return [word]
    best, best_score = 0, None
    for k in range(3, len(word) - 2):
        if text_em(word[:k] + "-") > width:        # the first piece and its hyphen must fit
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
        return [word]                               # too narrow to cut well: the square's font shrinks instead
    return [word[:best] + "-"] + _hyphenate(word[best:], width)


def _wrap(text: str, width: float, lines: int = 4) -> list[str]:
    """``text`` in lines at most ``width`` em wide, long words hyphenated; at most ``lines`` lines."""
    out: list[str] = []
    line = ""
    for word in text.split():
        for piece in _hyphenate(word, width):
            if line and not line.endswith("-") and text_em(f"{line} {piece}") <= width:
                line = f"{line} {piece}"
            else:
                if line:
                    out.append(line)
                line = piece
    out.append(line)
    return out[:lines]


#: What a property whose price is 0 costs, on the board and its deed (the Cheaters Edition: "Grafton Street is free").
FREE = "free"


def deed_rows(board, index: int, *, rules=None) -> list[tuple[str, str]]:
    """A square's title deed as (what, how much) rows: price, the rent at every level, the house cost and the
    mortgage value (for the hover on the board and the buy decision on the Play page)."""
    sq = board.squares[index]
    cur = board.currency

    def m(x):
        return f"{cur}{x:,}"

    price = ("Price", m(sq.price) if sq.price else FREE)
    edition = editions.get(rules.edition) if rules is not None else None
    if sq.kind == "street" and edition is not None and edition.hotel_level == 1:
        # hotels only, and no mortgages (the Cheaters Edition, 003: "there's no mortgaging and there aren't any
        # Houses, just Hotels"): the hotel is bought straight onto the street for its building cost
        grp = board.groups[sq.group]
        return [price, ("Rent", m(sq.rents[0])),
                (f"Rent with the whole {grp.label} set", m(sq.rents[0] * rules.set_rent_multiplier)),
                ("With a hotel", m(sq.rents[-1])), ("A hotel costs", m(sq.house_cost))] + (
            [] if "mortgage_interest_pct" in edition.unused_rules else [("Mortgage value", m(sq.mortgage))])
    if sq.kind == "street":
        r = sq.rents
        mult = rules.set_rent_multiplier if rules is not None else 2
        grp = board.groups[sq.group]
        most = rules.majority_rent_multiplier if rules is not None else 1
        sky = len(r) > 6            # the Mega Edition's skyscraper, the seventh level
        return ([price, ("Rent", m(r[0]))]
                + ([("Rent with all but one of the group", m(r[0] * most))] if most > 1 else [])
                + [(f"Rent with the whole {grp.label} set", m(r[0] * mult))]
                + [(f"With {h} house{'s' if h > 1 else ''}", m(r[h])) for h in range(1, 5)]
                + [("With a hotel", m(r[5]))] + ([("With a skyscraper", m(r[6]))] if sky else [])
                + [("Each house costs", m(sq.house_cost)), ("A hotel costs", f"4 houses + {m(sq.house_cost)}")]
                + ([("A skyscraper costs", f"a hotel + {m(sq.house_cost)}")] if sky else [])
                + [("Mortgage value", m(sq.mortgage))])
    if sq.kind == "railroad":
        label = board.railroad_label.lower()
        return ([price]
                + [(f"Rent if the owner has {k} {label}{'s' if k > 1 else ''}", m(x))
                   for k, x in enumerate(board.railroad_rents, 1)]
                + ([("A train depot costs (doubles the rent)", m(sq.house_cost))] if sq.house_cost else [])
                + [("Mortgage value", m(sq.mortgage))])
    if sq.kind == "utility":
        return ([price]
                + [(f"Rent if the owner has {k} utilit{'ies' if k > 1 else 'y'}", f"{x}\u00d7 the dice")
                   for k, x in enumerate(board.utility_multipliers, 1)]
                + [("Mortgage value", m(sq.mortgage))])
    if sq.kind == "tax":
        return [("Pay", m(sq.amount))]
    return []


@dataclass(frozen=True)
class Rect:
    x0: float
    y0: float
    x1: float
    y1: float
    fill: str
    stroke: str = ""            # outline colour ("" for none), one pixel wide
    below: bool = False         # under the words (the squares themselves)


@dataclass(frozen=True)
class Label:
    x: float
    y: float                    # the centre of the block of lines
    lines: tuple[str, ...]
    size: float                 # font size, in board units
    bold_last: bool = False     # a heat map's value under the name


@dataclass(frozen=True)
class Token:
    x: float
    y: float
    colour: str
    size: float                 # diameter, in board units
    in_jail: bool               # drawn square
    current: bool               # the player on turn: larger, with a thick ring
    hover: tuple[str, ...]
    seat: int = -1              # whose token (for an edition's marks on it: Sore Losers' Mr Monopoly)


@dataclass
class Drawing:
    """Everything on the board, in board units with y up, in drawing order within each list."""

    side: float                                        # the board is side x side units
    cells: list[Cell]
    rects: list[Rect] = field(default_factory=list)
    labels: list[Label] = field(default_factory=list)
    deeds: list[tuple[str, list[tuple[str, str]], list[str]]] = field(default_factory=list)  # per square
    tokens: list[Token] = field(default_factory=list)
    path: list[tuple[float, float]] = field(default_factory=list)
    title: str = ""
    centre: str = ""


def _text_box(cell: Cell) -> tuple[float, float, float, float]:
    """The part of a square its words go in: without the colour band (inner edge) and the owner strip (outer)."""
    x0, y0, x1, y1 = cell.x0, cell.y0, cell.x1, cell.y1
    if cell.corner:
        return x0, y0, x1, y1
    return ((x0, y0 + STRIP, x1, y1 - BAND), (x0 + STRIP, y0, x1 - BAND, y1), (x0, y0 + BAND, x1, y1 - STRIP),
            (x0 + BAND, y0, x1 - STRIP, y1))[cell.side]


def on_track(cell: Cell, side: float) -> tuple[float, float]:
    """Where a square's tokens stand: just inside the ring, in front of the square, so they never cover its
    words (and the last move, drawn through these points, never crosses a street name)."""
    lo, hi = CORNER + TRACK, side - CORNER - TRACK
    cx, cy = cell.centre
    return min(max(cx, lo), hi), min(max(cy, lo), hi)


def status_rows(game, index: int) -> list[str]:
    """A property's owner, buildings and mortgage in a game."""
    owner = game.owner[index]
    rows = ["Owner: " + (game.players[owner].name if owner >= 0 else "the bank")]
    lv = game.level[index]
    if lv:
        sq = game.board.squares[index]
        rows.append("Built: " + (game.edition.levels[lv] if sq.group else game.edition.building_name(sq.kind, lv)))
    if game.mortgaged[index]:
        rows.append("Mortgaged")
    return rows


#: The height of a line of a square's words, in font sizes, as the board is fitted: the most a drawing spaces them
#: (plotly's heat map 1.3, the Play page's SVG 1.2; fitted at 1.25, the Mega board's three-line side squares at
#: 1024x768 ran over their edges, a browser review)
LINE_HEIGHT = 1.3


def _fitted(name: str, head: list[str], extra: list[str], width: float, font: float,
            box: tuple[float, float, float, float]) -> tuple[tuple[str, ...], float]:
    """A square's lines and their size: ``name`` wrapped at ``width`` em, between ``head`` and ``extra``, written
    smaller where they would not fit the text box ``box``; or wrapped wider, in fewer lines of smaller words, where
    that lets them be larger (a wide, low square: "New Jersey" on one line rather than "New" over "Jersey")."""
    bx0, by0, bx1, by1 = box
    best: tuple[tuple[str, ...], float] = ((), -1.0)
    for wider in (1.0, 1.5, 2.0):
        lines = tuple(head + _wrap(name, width * wider) + extra)
        size = min(font, (by1 - by0 - 0.06) / (len(lines) * LINE_HEIGHT), (bx1 - bx0 - 0.06) / max(map(text_em, lines)))
        if size > best[1] * 1.02:           # (a wider wrap only if clearly larger)
            best = (lines, size)
    return best


def drawing(board, *, game=None, heat_labels=None, fills=None, path=None, centre_text: str = "") -> Drawing:
    """The drawing of ``board``: with ``game`` its position (owners, buildings, mortgages, tokens), with
    ``heat_labels`` and ``fills`` (one per square) a heat map's values and colours; ``path`` the squares the last
    move went through, ``centre_text`` the words in the middle."""
    cells = layout(board.size)
    L = cells[0].x1
    d = Drawing(L, cells, title=board.title, centre=centre_text)
    d.rects.append(Rect(0, 0, L, L, FIELD, below=True))
    # a board with more squares a side is drawn at the same size, so its squares are smaller: its words are made as
    # large in pixels as a 40-square board's wherever they fit (the Mega Edition's 52 squares at 1280x800)
    font = FONT * max(1.0, L / (2 * CORNER + 9))
    narrow, wide = 0.94 / font, (CORNER - BAND - STRIP) / font        # em a line, by the square's width
    rules = game.rules if game is not None else None
    for i, (sq, cell) in enumerate(zip(board.squares, cells)):
        fill = fills[i] if fills is not None else KIND_FILL.get(sq.kind, "#fafafa")
        d.rects.append(Rect(cell.x0, cell.y0, cell.x1, cell.y1, fill, "#555", below=True))
        if sq.kind == "street":
            d.rects.append(Rect(*cell.band(), board.groups[sq.group].colour, "#555"))
        width = CORNER / font - 1 if cell.corner else (wide if cell.side in (1, 3) else narrow)
        head: list[str] = []
        extra: list[str] = []
        if heat_labels is not None:
            extra = [heat_labels[i]]
        elif sq.ownable:        # (a price of 0, the Cheaters Edition's Grafton Street, is "free", not nothing)
            extra = [f"{board.currency}{sq.price}" if sq.price else FREE]
        elif sq.amount:         # a tax (Sore Losers: a bill): what it costs, as a price is shown ("\u00a4" puzzled)
            extra = [f"pay {board.currency}{sq.amount}"]
        elif sq.kind in KIND_LABEL:
            head = [KIND_LABEL[sq.kind]]
        bx0, by0, bx1, by1 = box = _text_box(cell)
        lines, size = _fitted(sq.short, head, extra, width, font, box)
        d.labels.append(Label((bx0 + bx1) / 2, (by0 + by1) / 2, lines, size, heat_labels is not None))
        d.deeds.append((sq.name, deed_rows(board, i, rules=rules),
                        status_rows(game, i) if game is not None and sq.ownable else []))
    if game is not None:
        _position(d, board, game)
    if path:
        d.path = [on_track(cells[s], L) for s in path]
    return d


def _position(d: Drawing, board, game) -> None:
    """Owners (a strip on the outer edge), buildings (on the colour band), mortgages (shaded) and tokens."""
    cells = d.cells
    for i in board.properties:
        cell = cells[i]
        owner = game.owner[i]
        if owner >= 0:
            x0, y0, x1, y1 = cell.x0, cell.y0, cell.x1, cell.y1
            strip = ((x0, y0, x1, y0 + STRIP), (x0, y0, x0 + STRIP, y1), (x0, y1 - STRIP, x1, y1),
                     (x1 - STRIP, y0, x1, y1))[cell.side]
            d.rects.append(Rect(*strip, game.players[owner].colour))
        lv = game.level[i]
        if lv:
            bx0, by0, bx1, by1 = cell.band()
            horizontal = cell.side in (0, 2)
            if lv > game.edition.hotel_level or not board.squares[i].group:
                # the Mega Edition's skyscraper (the whole band, dark) and train depot (a brown block)
                sky = lv > game.edition.hotel_level
                pad = 0.04 if sky else 0.3
                d.rects.append(Rect(bx0 + (pad * (bx1 - bx0) if horizontal else 0.03),
                                    by0 + (0.03 if horizontal else pad * (by1 - by0)),
                                    bx1 - (pad * (bx1 - bx0) if horizontal else 0.03),
                                    by1 - (0.03 if horizontal else pad * (by1 - by0)),
                                    "#263238" if sky else "#6d4c41", "#fff"))
            elif lv == game.edition.hotel_level:
                d.rects.append(Rect(bx0 + 0.2 * (bx1 - bx0) if horizontal else bx0 + 0.04,
                                    by0 + 0.04 if horizontal else by0 + 0.2 * (by1 - by0),
                                    bx1 - 0.2 * (bx1 - bx0) if horizontal else bx1 - 0.04,
                                    by1 - 0.04 if horizontal else by1 - 0.2 * (by1 - by0), "#c62828", "#fff"))
            else:
                for h in range(lv):
                    t0, t1 = 0.04 + h * 0.24, 0.04 + h * 0.24 + 0.2
                    if horizontal:
                        d.rects.append(Rect(bx0 + t0, by0 + 0.05, bx0 + t1, by1 - 0.05, "#2e7d32", "#fff"))
                    else:
                        d.rects.append(Rect(bx0 + 0.05, by0 + t0, bx1 - 0.05, by0 + t1, "#2e7d32", "#fff"))
        if game.mortgaged[i]:
            d.rects.append(Rect(cell.x0, cell.y0, cell.x1, cell.y1, "rgba(90,90,90,0.45)"))
    # tokens, in front of their square on the track inside the ring, spread along it
    by_square: dict[int, list] = {}
    for p in game.players:
        if not p.bankrupt:
            by_square.setdefault(p.position, []).append(p)
    for sq, players in by_square.items():
        cell = cells[sq]
        tx, ty = on_track(cell, d.side)
        along_x = cell.side in (0, 2)
        inward = (1, 1, -1, -1)[cell.side]             # a second row of tokens stands further in
        # a corner's tokens stand on the diagonal towards the middle, off the track (at the track's inner corner
        # they stood on the next square's tokens: Jail's and Connecticut Avenue's on one spot), in rows across it
        dx, dy = (1 if tx < d.side / 2 else -1), (1 if ty < d.side / 2 else -1)
        if not cell.corner:     # the square beside a corner: its tokens a little away from the corner's track point
            n = len(cells)
            for corner in (cells[(sq - 1) % n], cells[(sq + 1) % n]):
                if corner.corner:
                    cx, cy = on_track(corner, d.side)
                    tx += BESIDE_CORNER * ((tx > cx) - (tx < cx))
                    ty += BESIDE_CORNER * ((ty > cy) - (ty < cy))
        across = min(len(players), 3)      # tokens side by side, the row centred on the square (a lone one too)
        for k, p in enumerate(players):
            a, b = ((k % 3) - (across - 1) / 2) * 0.3, (k // 3) * 0.3
            if cell.corner:
                x, y = tx + dx * (CORNER_TOKENS + b) + a * 0.71, ty + dy * (CORNER_TOKENS + b) - a * 0.71 * dx * dy
            else:
                x, y = (tx + a, ty + b * inward) if along_x else (tx + b * inward, ty + a)
            current = p.seat == game.current and not game.over
            d.tokens.append(Token(x, y, p.colour,
                                  0.44 if current else 0.32, p.in_jail, current,
                                  (p.name + (" (in jail)" if p.in_jail else "") + f" on {board.squares[sq].name}",
                                   f"cash {board.currency}{p.cash:,}"), p.seat))


def last_move_path(game) -> list[int]:
    """The squares the most recent move passed through (from the event log), for ``board_figure(path=...)``."""
    from .. import events as E
    log = game.log
    kinds = log.kind
    for i in range(len(kinds) - 1, -1, -1):
        if kinds[i] == E.MOVE:
            e = log[i]
            start, end, steps = e.other, e.square, e.amount
            n = game.board.size
            if steps >= 0:
                return [(start + j) % n for j in range(steps + 1)] if steps <= n else [start, end]
            return [(start - j) % n for j in range(-steps + 1)]
        if kinds[i] == E.TURN and i < len(kinds) - 1:
            break
    return []
