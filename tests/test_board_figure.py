"""The board drawing (issue 14, item 7): every square's words fit inside it at the size the Play page draws it,
tokens and the last move stay off the words, and pointing at a square shows its whole title deed."""
import re

import pytest

from monopoly_core import Game, bots, load_board, preset
from monopoly_core.viz.board import BAND, CORNER, STRIP, board_figure, last_move_path, layout
from monopoly_core.viz.board_drawing import text_em


def _trace(fig, name=None, mode=None):
    return next(t for t in fig.data if (name is None or t.name == name) and (mode is None or t.mode == mode))


@pytest.mark.parametrize("board_name", ["classic-us", "classic-uk"])
@pytest.mark.parametrize("height", [540, 640])
def test_every_square_s_words_fit_inside_it(board_name, height):
    board = load_board(board_name)
    fig = board_figure(board, height=height)
    text = _trace(fig, mode="text")
    cells = layout(board.size)
    L = cells[0].x1
    px = height / (L + 0.2)                      # the board is drawn as high as the figure
    for i, (label, size, cell) in enumerate(zip(text.text, text.textfont.size, cells)):
        lines = [re.sub(r"<[^>]+>", "", line) for line in label.split("<br>")]
        if cell.corner:
            w, h = cell.x1 - cell.x0, cell.y1 - cell.y0
        elif cell.side in (0, 2):
            w, h = cell.x1 - cell.x0, cell.y1 - cell.y0 - BAND - STRIP
        else:
            w, h = cell.x1 - cell.x0 - BAND - STRIP, cell.y1 - cell.y0
        widest = max(text_em(line) for line in lines) * size     # (tests/test_browser.py measures the real text)
        assert widest <= w * px, (board.squares[i].short, lines, size)
        assert len(lines) * 1.2 * size <= h * px, (board.squares[i].short, lines, size)
        # nothing is cut: every letter of the short name is there (hyphens and line breaks aside)
        assert board.squares[i].short.replace(" ", "") in "".join(lines).replace("-", "").replace(" ", "")


def test_tokens_and_the_last_move_stay_off_the_squares():
    g = Game.new(preset("classic-us"), bots(["cautious", "strategist", "random", "always-buy"]), seed=12)
    for _ in range(90):
        g.step()
    fig = board_figure(g.board, game=g, path=last_move_path(g), height=540)
    L = layout(g.board.size)[0].x1
    for name in ("tokens", "last move"):
        t = _trace(fig, name)
        assert len(t.x) > 0
        for x, y in zip(t.x, t.y):
            assert CORNER < x < L - CORNER and CORNER < y < L - CORNER, (name, x, y)


def test_pointing_at_a_square_shows_its_whole_title_deed():
    board = load_board("classic-us")
    fig = board_figure(board, height=540)
    squares = _trace(fig, "squares")
    boardwalk = squares.hovertext[39]
    sq = board.squares[39]
    for h in range(1, 5):
        assert f"With {h} house{'s' if h > 1 else ''}: <b>${sq.rents[h]:,}</b>" in boardwalk
    for part in (f"Price: <b>${sq.price}</b>", f"Rent: <b>${sq.rents[0]}</b>", f"With a hotel: <b>${sq.rents[5]:,}</b>",
                 f"Each house costs: <b>${sq.house_cost}</b>", f"Mortgage value: <b>${sq.mortgage}</b>"):
        assert part in boardwalk, part
    reading = squares.hovertext[5]
    assert "Rent if the owner has 4 railroads: <b>$200</b>" in reading


def test_the_figure_is_valid_plotly_though_built_without_plotly_s_checks():
    import json

    import plotly.graph_objects as go
    g = Game.new(preset("classic-uk"), bots(["cautious", "strategist", "random"]), seed=3)
    for _ in range(200):
        g.step()
    figures = [board_figure(g.board, game=g, path=last_move_path(g), centre_text="last roll 3 + 4 = 7", height=540),
               board_figure(g.board, heat=[i / 40 for i in range(40)], heat_title="share", height=640)]
    for fig in figures:
        checked = go.Figure(fig.to_dict())          # plotly's full check of every property: raises if one is wrong
        assert len(checked.data) == len(fig.data) and len(checked.layout.shapes) == len(fig.layout.shapes)
    # the check changes nothing in a game's board (a heat map's named colour scale it spells out in full)
    assert json.loads(go.Figure(figures[0].to_dict()).to_json()) == json.loads(figures[0].to_json())


@pytest.mark.parametrize("edition", ["classic-us", "mega"])
def test_tokens_on_a_corner_and_on_the_squares_beside_it_do_not_overlap(edition):
    """Review of session 9, item 7: a token in Jail and one on Connecticut Avenue were drawn on one spot (the
    corner's tokens stood at the track's inner corner, spread along it onto the next square's)."""
    from monopoly_core import PlayerSpec
    from monopoly_core.viz.board_drawing import drawing
    g = Game.new(preset(edition), [PlayerSpec(f"P{i}", "bot", "cautious") for i in range(8)], seed=3)
    g.step()
    n = g.board.size
    for corner in range(0, n, n // 4):
        seats = iter(range(8))
        for square in (corner - 1, corner, corner, corner, corner, corner + 1):   # four on the corner
            g.arrange().position(next(seats), square % n)
        tokens = drawing(g.board, game=g).tokens
        on_this = [t for t in tokens if t.seat < 6]
        for i, a in enumerate(on_this):
            for b in on_this[i + 1:]:
                gap = ((a.x - b.x) ** 2 + (a.y - b.y) ** 2) ** 0.5
                apart = g.players[a.seat].position != g.players[b.seat].position
                # tokens of two squares never touch; of one square they stand side by side, as on a street
                assert gap >= ((a.size + b.size) / 2 if apart else 0.3), (corner, a.seat, b.seat, gap)


def test_no_square_sign_needs_an_emoji_font():
    """The Mega board's Auction, Bus Ticket and Birthday Gift squares showed an empty box where a school machine
    has no emoji font: every sign drawn is in the Basic Multilingual Plane."""
    from monopoly_core.viz.board_svg import board_svg
    for edition in ("classic-us", "mega", "cheaters", "sore-losers"):
        g = Game.new(preset(edition), bots(["cautious", "strategist"]), seed=1)
        svg = board_svg(g.board, game=g)
        assert all(ord(c) < 0x10000 for c in svg), [c for c in svg if ord(c) >= 0x10000]


@pytest.mark.parametrize("board_name", ["classic-us", "classic-uk", "sore-losers", "mega-us", "cheaters-uk"])
def test_a_tax_or_a_bill_shows_what_it_costs_not_a_currency_symbol(board_name):
    # outside review: the tax squares showed "¤", a sign a class does not read; they say what landing costs, as a
    # property shows its price
    board = load_board(board_name)
    labels = _trace(board_figure(board, height=640), mode="text").text
    assert not [t for t in labels if "\u00a4" in t]
    for sq, label in zip(board.squares, labels):
        if sq.amount:
            assert f"pay {board.currency}{sq.amount}" in label, (sq.name, label)


def test_a_property_whose_price_is_0_is_free_on_the_board_and_its_deed():
    # outside review: the Cheaters Edition's Grafton Street ("Grafton Street is free", seed 003) showed nothing where
    # a price goes
    board = load_board("cheaters-uk")
    grafton = next(sq.index for sq in board.squares if sq.name == "Grafton Street")
    assert board.squares[grafton].price == 0
    fig = board_figure(board, height=640)
    assert _trace(fig, mode="text").text[grafton].endswith("free")
    assert "Price: <b>free</b>" in _trace(fig, "squares").hovertext[grafton]
    labels = _trace(fig, mode="text").text        # the stations are not for sale: no price, no "free"
    assert not [label for sq, label in zip(board.squares, labels) if sq.kind == "station" and "free" in label]


def test_a_cheaters_deed_shows_its_hotel_and_no_houses_or_mortgage():
    # seed 003, "A Cheat's Gameboard": "there's no mortgaging and there aren't any Houses, just Hotels"; a hotel is
    # bought straight onto a street for its building cost (editions/cheaters_money.hotel_problem)
    from monopoly_core import preset
    from monopoly_core.viz.board import deed_rows
    rules = preset("cheaters")
    board = load_board(rules.board)
    rows = dict(deed_rows(board, 1, rules=rules))       # Old Kent Road
    assert rows == {"Price": "\u00a360", "Rent": "\u00a32", "Rent with the whole brown set": "\u00a34",
                    "With a hotel": f"\u00a3{board.squares[1].rents[-1]}", "A hotel costs": f"\u00a3{board.squares[1].house_cost}"}
    classic = dict(deed_rows(load_board("classic-us"), 1, rules=preset("classic-us")))
    assert "With 1 house" in classic and "Mortgage value" in classic
