"""Game.arrange() sets up only positions the rules could reach, and refuses bad values in words (an outside hostile
review, 2026-11-29: an arranged hotel on Boardwalk with Park Place another player's let that player "sell" the
hotel to pay a debt, so the engine refused its own bot's bankruptcy; a hotel on a bank's street stuck the game; the
arrange docstring's own example was one of them; wrong-typed arguments raised bare TypeError, KeyError or
AttributeError, differently in the two builds).

Rules cited: 002 HOUSES "When you own all the properties in a color-group you may buy houses"; 002 MORTGAGES
"all the buildings on all the properties of its color-group must be sold back to the bank before any property
can be mortgaged"; 002 (Mega) "you only need to own all but one property in a color group to start building";
"Skyscrapers ... once you have hotels on all properties in a color group"; RAILROADS "Train Depots can be built on
any railroad you own"; 003 (Cheaters) set-up: a hotel on the street the first card names, owned by nobody.
"""
from __future__ import annotations

import random

import pytest

from monopoly_core import Game, IllegalAction, PlayerSpec, bots, preset, presets

BOARDWALK, PARK_PLACE, READING = 39, 37, 5      # (classic-us)


def classic(seed=41, edition="classic-us", players=("cautious", "strategist")):
    g = Game.new(preset(edition), bots(list(players)), seed=seed)
    g.step()                                    # the set-up: cash, decks, turn order
    return g


def refused_at_next_step(g, words):
    """The next step refuses the arranged position with ``words`` and changes nothing."""
    ply, log = g.ply, len(g.log)
    with pytest.raises(IllegalAction, match=words):
        g.step()
    assert (g.ply, len(g.log)) == (ply, log)
    with pytest.raises(IllegalAction, match=words):        # (still refused: nothing was let through by the first)
        g.run()


def test_the_docstring_example_of_a_hotel_without_its_set_is_refused_then_mended_and_played_to_the_end():
    # the review's case: seed 41 made the strategist's bankruptcy "illegal" ("you can still raise the money")
    g = classic()
    g.arrange().deed(BOARDWALK, seat=0, level=5).cash(1, 2000).position(1, 30)
    refused_at_next_step(g, "the buildings on Boardwalk need the whole dark blue set held by their owner")
    g.arrange().deed(PARK_PLACE, seat=0)        # (in any order: checked when the game goes on)
    g.play(max_steps=1_000_000)
    assert g.over


def test_a_group_with_buildings_cannot_be_split_mortgaged_or_left_to_the_bank():
    g = classic()
    g.arrange().deed(PARK_PLACE, 0).deed(BOARDWALK, 0, level=5).deed(PARK_PLACE, 1)
    refused_at_next_step(g, "need the whole dark blue set")
    g.arrange().deed(PARK_PLACE, 0, mortgaged=True)
    refused_at_next_step(g, "Park Place is mortgaged")
    g.arrange().deed(PARK_PLACE, 0).deed(BOARDWALK, -1)    # (a deed arranged anew takes its buildings off first)
    assert g.level[BOARDWALK] == 0
    g.arrange().level(BOARDWALK, 5)
    refused_at_next_step(g, "Boardwalk belongs to the bank: buildings stand only on a player's street")
    g.arrange().level(BOARDWALK, 0)
    with pytest.raises(IllegalAction, match="Reading Railroad cannot be built on under these rules"):
        g.arrange().level(READING, 1)
    with pytest.raises(IllegalAction, match="Reading Railroad holds one building at most, not 2"):
        g.arrange().level(READING, 2)
    g.step()


def test_more_buildings_than_the_bank_holds_are_refused_and_a_larger_bank_may_be_arranged():
    g = classic()
    g.arrange().deed(1, 0).deed(3, 0).supply(houses=3).level(1, 2).level(3, 2)
    refused_at_next_step(g, "the bank is 1 house\\(s\\) short of that")
    g.arrange().supply(houses=40)               # (a test's bigger bank: more than the 32, at most 1,000)
    g.step()


def test_mega_builds_with_all_but_one_a_skyscraper_needs_the_group_and_a_depot_its_railroad():
    g = classic(seed=3, edition="mega", players=("cautious", "always-buy"))
    group = g.members_of[1]
    g.arrange().deed(group[0], 0, level=5).deed(group[1], 0, level=5)        # all but one: houses and hotels
    g.step()
    g.arrange().level(group[0], 6)
    refused_at_next_step(g, "need the whole .* set held by their owner")
    railroad, tax = g.board.railroads[0], next(s for s, q in enumerate(g.board.squares) if q.kind == "tax")
    g.arrange().level(group[0], 5).level(railroad, 1)
    refused_at_next_step(g, "a train depot stands only on a player's railroad")
    g.arrange().deed(railroad, 1, level=1).level(tax, 1)
    refused_at_next_step(g, "cannot be built on")
    g.arrange().level(tax, 0)
    g.step()
    assert g.level[railroad] == 1


def test_cheaters_and_sore_losers_hotels_may_stand_on_the_bank_s_streets():
    # 003: the set-up puts a hotel on a street nobody owns; 000: buildings stay after a bankruptcy
    for edition in ("cheaters", "sore-losers"):
        g = classic(seed=2, edition=edition, players=("cautious", "always-buy", "cautious"))
        top = g.edition.hotel_level
        g.arrange().level(39, top)
        with pytest.raises(IllegalAction, match="cannot be built on under these rules"):
            g.arrange().level(5, 1)             # (a station: King's Cross)
        g.step()


@pytest.mark.parametrize("call, words", [
    (lambda a: a.deed("x", 0), "no square 'x'"),
    (lambda a: a.deed(39, "0"), "no seat '0'"),
    (lambda a: a.deed(39, 0, level="5"), "a building level must be a whole number from 0 to 5"),
    (lambda a: a.deed(39, 0, mortgaged=1), "mortgaged is True or False, not 1"),
    (lambda a: a.level(39, 9), "a level is 0 to 5, got 9"),
    (lambda a: a.card_on_top("nope", "x"), "no deck 'nope': the decks are chance, chest"),
    (lambda a: a.card_on_top("chance", 5), "a card's words must be text, not 5"),
    (lambda a: a.hold_card(0, "chest", None), "a card's words must be text, not None"),
    (lambda a: a.next_rolls(5), "a roll is the faces of the dice, such as \\(4, 5\\), not 5"),
    (lambda a: a.next_rolls((4, "5")), "a roll is the faces of the dice"),
    (lambda a: a.next_rolls((7, 7)), "the dice cannot show \\(7, 7\\)"),
    (lambda a: a.supply(houses="x"), "the bank's houses must be a whole number from 0 to 1,000, not 'x'"),
    (lambda a: a.supply(hotels=-1), "the bank's hotels must be a whole number from 0 to 1,000, not -1"),
    (lambda a: a.pot(-10), "the Free Parking pot must be a whole number from 0 to"),
    (lambda a: a.pot(10**30), "the Free Parking pot must be a whole number .* not a number of about 31 digits"),
    (lambda a: a.jail(0, "1"), "tried for doubles 0 to 2 times under these rules, not '1'"),
    (lambda a: a.position(0, 40), "no square 40"),
    (lambda a: a.extra(5, 0, 0), "the name of an edition's own state must be text, not 5"),
    (lambda a: a.extra("coins", 0, 0), "nothing called 'coins' to arrange"),
])
def test_a_wrong_value_is_refused_in_words_and_changes_nothing(call, words):
    g = classic()
    before = (list(g.owner), list(g.level), g.houses_left, g.hotels_left, g.pot, [p.cash for p in g.players],
              {k: list(v) for k, v in g.decks.items()})
    with pytest.raises(IllegalAction, match=words):
        call(g.arrange())
    assert before == (list(g.owner), list(g.level), g.houses_left, g.hotels_left, g.pot,
                      [p.cash for p in g.players], {k: list(v) for k, v in g.decks.items()})


def test_every_random_arrangement_is_refused_or_ends():
    """The review's fuzz (its run: 46 games the engine refused its own bot's answer in, 10 stuck): random deeds,
    levels, cash, supplies and dice in every preset; each arrangement is refused in words, or its game ends."""
    rng = random.Random(5)
    names = [p.name for p in presets()]
    ended = refused = 0
    for _ in range(60):
        rules = preset(rng.choice(names), turn_limit=60)
        n = rng.randint(2, 4)
        g = Game.new(rules, bots([rng.choice(["cautious", "always-buy", "random", "strategist"]) for _ in range(n)]),
                     seed=rng.randrange(10**6))
        g.step()
        props = list(g.board.properties)
        try:            # (a value refused by its call: said at once, in words)
            for _ in range(rng.randrange(1, 12)):
                op = rng.choice(["deed", "deed", "level", "cash", "supply", "rolls"])
                a = g.arrange()
                if op == "deed":
                    a.deed(rng.choice(props), rng.randrange(-1, n), level=rng.choice([0, 0, 1, 3, 5, 6]),
                           mortgaged=rng.random() < 0.2)
                elif op == "level":
                    a.level(rng.choice(props), rng.randrange(0, 7))
                elif op == "cash":
                    a.cash(rng.randrange(n), rng.choice([0, 50, 1500]))
                elif op == "supply":
                    a.supply(houses=rng.randrange(0, 40), hotels=rng.randrange(0, 13))
                else:
                    a.next_rolls(*[rng.choice(g.dice.outcomes).faces for _ in range(3)])
        except IllegalAction:
            refused += 1
            continue
        try:            # (a position refused when the game goes on; never an answer of the engine's own bots)
            g.play(max_steps=2_000_000)
        except IllegalAction as exc:
            assert str(exc).startswith("the arranged position cannot be played"), exc
            refused += 1
            continue
        assert g.over
        ended += 1
    assert ended > 10 and refused > 10, (ended, refused)


def test_a_person_s_game_arranged_wrongly_refuses_their_answer_too():
    g = Game.new(preset("classic-us"), [PlayerSpec("Ann", "person"), PlayerSpec("Bob", "person")], seed=1)
    while g.pending is None:
        g.step()
    g.arrange().level(BOARDWALK, 5)
    with pytest.raises(IllegalAction, match="arranged position cannot be played"):
        g.act(g.legal_actions()[0])
    g.arrange().level(BOARDWALK, 0)
    g.act(g.legal_actions()[0])

