"""The feed's sentences (issue 14, item 9): a sale says how many buildings went back, an auction's result is told
once, and a sentence that starts with the bank starts with a capital letter."""
from monopoly_core import Game, bots, preset
from monopoly_core import events as E
from monopoly_core.narrate import describe, visible

BALTIC, BOARDWALK = 3, 39       # house costs $50 and $200: a house sells back for $25 and $100


def game():
    return Game.new(preset("classic-us"), bots(["cautious", "strategist"]), seed=1)


def sale(square, level_left, refund):
    return E.Event(0, 5, E.SELL, 0, square, level_left, refund, 0)


def test_a_sale_says_how_many_buildings_went_back():
    g = game()
    assert "sells a house on Baltic Avenue back to the bank for $25 (2 houses left)" in describe(sale(BALTIC, 2, 25), g)
    assert "(the last one)" in describe(sale(BALTIC, 0, 25), g)
    assert "sells the hotel on Boardwalk back to the bank for $100 (4 houses stay)" in describe(sale(BOARDWALK, 4, 100),
                                                                                                 g)
    # a bankruptcy or a whole hotel going back at once: every level in one sale
    assert "sells 3 houses on Baltic Avenue back to the bank for $75." in describe(sale(BALTIC, 0, 75), g)
    assert "sells the hotel on Boardwalk back to the bank for $500." in describe(sale(BOARDWALK, 0, 500), g)
    assert "sells the hotel and 2 houses on Boardwalk back to the bank for $300 (2 houses stay)" in describe(
        sale(BOARDWALK, 2, 300), g)
    assert "(1 house stays)" in describe(sale(BOARDWALK, 1, 400), g)


def test_a_mega_skyscraper_sold_with_its_street_s_other_buildings_is_said_so():
    # (a walkthrough read "Strategist 6 sells 6 houses on Connecticut Avenue": a skyscraper, its hotel and houses)
    g = Game.new(preset("mega"), bots(["cautious", "strategist"]), seed=1)
    connecticut = next(s.index for s in g.board.squares if s.name == "Connecticut Avenue")
    half = g.board.squares[connecticut].house_cost // 2
    assert "sells the skyscraper and the hotel on Connecticut Avenue back to the bank for $150." in describe(
        sale(connecticut, 0, 6 * half), g)
    assert "sells the skyscraper on Connecticut Avenue back to the bank for $25 (the hotel stays)" in describe(
        sale(connecticut, 5, half), g)
    assert "sells the skyscraper, the hotel and 2 houses on Connecticut Avenue back to the bank for $100 " \
           "(2 houses stay)" in describe(sale(connecticut, 2, 4 * half), g)


def test_an_auction_win_is_told_once():
    g = Game.new(preset("classic-us"), bots(["random", "cautious", "strategist"]), seed=4)
    g.play("end")
    told = [describe(g.log[i], g) for i in range(len(g.log)) if visible(g.log[i])]
    wins = [t for t in told if " at auction " in t or "wins the auction of the deed" in t]
    sold = sum(1 for i in range(len(g.log)) if g.log.kind[i] == E.AUCTION and g.log.detail[i] == 1
               and g.log.other[i] == 0)
    assert sold and len(wins) == sold


def test_sentences_about_the_bank_start_with_a_capital():
    g = game()
    g.step()
    starts = [describe(g.log[i], g) for i in range(len(g.log)) if g.log.kind[i] == E.PAY]
    assert starts and all(t.startswith("The bank hands ") for t in starts)


def _mega_roll_sentence(faces):
    """The feed's sentence of a Mega roll of ``faces`` (white, white, speed), arranged (seed 002)."""
    from monopoly_core import Action, PlayerSpec
    from monopoly_core import actions as A
    from monopoly_core import decisions as D
    from scenario import until
    g = Game.new(preset("mega"), [PlayerSpec(f"P{i}", "person") for i in range(2)], seed=1)
    g.arrange().next_rolls((6, 6), (1, 2))        # the turn order: P0 first
    g.step()
    until(g, D.PRE_ROLL)
    start = len(g.log)
    g.arrange().next_rolls(faces)
    g.act(Action(A.ROLL))
    return next(describe(g.log[i], g) for i in range(start, len(g.log)) if g.log.kind[i] == E.ROLL)


def test_mega_triples_are_told_as_triples_not_doubles():
    """Seed 002 DOUBLES & TRIPLES: "Triples (1-1-1, 2-2-2, 3-3-3)"; the board's centre says "(triples!)"."""
    said = _mega_roll_sentence((2, 2, 2))
    assert said.endswith("rolls 2 and 2, speed die 2 = 6 (triples!).") and "doubles" not in said
    assert _mega_roll_sentence((2, 2, 3)).endswith("rolls 2 and 2, speed die 3 = 7 (doubles).")
    assert _mega_roll_sentence((3, 4, 6)).endswith("rolls 3 and 4, speed die the Bus = 7.")
    assert _mega_roll_sentence((5, 5, 4)).endswith("rolls 5 and 5, speed die Mr. Monopoly = 10 (doubles).")


def test_the_speed_die_in_the_classic_game_tells_triples_as_doubles():
    """Outside the Mega Edition triples are ordinary doubles (the Rules page says so): an outside review read
    "rolls 2 and 2, speed die 2 = 6 (triples!)" in a classic game with the speed die, which then rolled again."""
    from monopoly_core import Action, PlayerSpec
    from monopoly_core import actions as A
    from monopoly_core import decisions as D
    from pages._mega import roll_words
    from scenario import until
    g = Game.new(preset("classic-us", dice="2d6+speed"), [PlayerSpec(f"P{i}", "person") for i in range(2)], seed=1)
    g.arrange().next_rolls((6, 6, 3), (1, 2, 1))
    g.step()
    until(g, D.PRE_ROLL)
    start = len(g.log)
    g.arrange().next_rolls((2, 2, 2))
    g.act(Action(A.ROLL))
    said = [describe(e, g) for e in list(g.log)[start:] if e.kind == E.ROLL]
    assert said[0].endswith("rolls 2 and 2, speed die 2 = 6 (doubles).")
    assert g.last_roll.faces == (2, 2, 2) and roll_words(g, g.last_roll) == "2 + 2, speed die 2: move 6"


def test_mega_s_turn_order_roll_of_the_white_dice_is_tagged_as_doubles():
    g = Game.new(preset("mega"), bots(["cautious", "cautious"]), seed=1)
    g.arrange().next_rolls((1, 1), (2, 3))
    g.step()
    said = [describe(e, g) for e in g.log if e.kind == E.ROLL][:2]
    assert said[0].endswith("rolls 1 and 1 = 2 (doubles) for the turn order.")
    assert said[1].endswith("rolls 2 and 3 = 5 for the turn order.")


def test_a_tax_is_told_in_one_bracket():
    """Was "pays $200 to the bank (tax) (Income Tax)" (review of session 9, item 7)."""
    g = game()
    tax = E.Event(0, 3, E.PAY, 0, 4, 200, -1, E.REASON_NAMES.index("tax"))
    assert describe(tax, g).endswith("pays $200 to the bank (tax: Income Tax).")


def test_the_turn_order_says_whether_the_highest_or_the_lowest_roll_starts():
    # a browser review read Sore Losers' lowest roller starting as a bug (000 SET IT UP: "The LOWEST roller starts")
    from monopoly_core import Game, bots, preset
    for name, words in (("classic-us", "highest"), ("sore-losers", "lowest")):
        g = Game.new(preset(name), bots(["cautious", "cautious", "random"]), 3)
        g.step()
        said = [describe(e, g) for e in g.log if e.kind == E.ORDER]
        assert said[0].endswith(f"plays 1st (the {words} roll starts).") and said[1].endswith("plays 2nd (play passes to the left of the first player).")
        rolls = {e.player: e.amount for e in g.log if e.kind == E.ROLL}
        first = min(rolls.values()) if words == "lowest" else max(rolls.values())
        assert rolls[g.order[0]] == first


def test_a_cheaters_hotel_taken_off_for_nothing_is_not_told_as_a_sale():
    """A last browser look (session 12): Demolition Job's hotel removal read "Cy sells 0 houses on Pentonville Road
    back to the bank for £0" (003: the cheat removes a hotel; nothing is paid)."""
    from monopoly_core import Game, PlayerSpec, preset
    from monopoly_core import events as E
    from monopoly_core.narrate import describe
    g = Game.new(preset("cheaters"), [PlayerSpec("Ana", "person"), PlayerSpec("Cy", "bot", "cautious")], 2)
    square = g.board.properties[0]
    g.log.add(E.SELL, 1, square, 0, 0)
    assert describe(g.log[len(g.log) - 1], g) == \
        f"Cy's hotel on {g.board.squares[square].name} is taken off the board (nothing is paid for it)."
