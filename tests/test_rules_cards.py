"""Chance and Community Chest (002 "CHANCE" & "COMMUNITY CHEST" CARDS; cards_us.md; cards_uk_classic.md)."""
from collections import Counter

from monopoly_core import Action, Game, bots, preset
from monopoly_core import actions as A
from monopoly_core import decisions as D
from monopoly_core import events as E
from scenario import events_of, give, pays, place, roll, set_level, stack, table, until


def test_decks_are_shuffled_with_the_games_generator():
    # 002 PREPARATION: the cards face down; 003 SET IT UP: "Shuffle the Community Chest cards"
    a = Game.new(preset("classic-us"), bots(["cautious"] * 2), seed=5)
    b = Game.new(preset("classic-us"), bots(["cautious"] * 2), seed=5)
    c = Game.new(preset("classic-us"), bots(["cautious"] * 2), seed=6)
    for g in (a, b, c):
        g.step()
    assert list(a.decks["chance"]) == list(b.decks["chance"])
    assert list(a.decks["chance"]) != list(c.decks["chance"])
    assert sorted(a.decks["chance"]) == list(range(16))


def test_cards_are_drawn_from_the_top_and_returned_to_the_bottom():
    # 002: "take the top card from the deck indicated, follow the instructions and return the card face down to
    # the bottom of the deck"
    g = table(2)
    idx = stack(g, "chest", "beauty contest")
    top_after = g.decks["chest"][1]
    place(g, 0, 0)
    roll(g, (1, 1))                       # to Community Chest 2
    until(g, D.POST_ROLL)
    assert g.decks["chest"][-1] == idx and g.decks["chest"][0] == top_after
    assert [e.amount for e in pays(g, reason=E.R_CARD)][-1] == 10


def test_advance_card_past_go_pays_salary_and_back_moves_do_not():
    # 002 GO: "lands on or passes over GO, whether by rolling the dice or by drawing a card"
    g = table(2)
    stack(g, "chance", "Illinois")
    place(g, 0, 33)
    start = len(g.log)
    roll(g, (1, 2))                       # 36 Chance -> Illinois 24, passing GO
    until(g, D.BUY)
    assert g.players[0].position == 24
    assert [e.amount for e in pays(g, start, E.R_SALARY)] == [200]


def test_go_back_three_spaces_draws_again_on_community_chest():
    # cards_us.md Chance 9: "Go Back Three Spaces": 36 -> 33 Community Chest (draw again)
    g = table(2)
    stack(g, "chance", "Go Back Three")
    stack(g, "chest", "beauty contest")
    place(g, 0, 33)
    start = len(g.log)
    roll(g, (1, 2))
    until(g, D.POST_ROLL)
    assert g.players[0].position == 33
    assert [e.other for e in events_of(g, E.CARD, start)] == [0, 1]
    assert pays(g, start, E.R_SALARY) == []
    assert events_of(g, E.MOVE, start)[-1].amount == -3


def test_uk_go_back_to_old_kent_road_moves_backwards_without_salary():
    # cards_uk_classic.md CC 2: "Go back to Old Kent Road ... moving BACK: no £200"
    g = table(2, "classic-uk")
    stack(g, "chest", "Old Kent Road")
    place(g, 0, 14)
    start = len(g.log)
    roll(g, (1, 2))                       # 17 Community Chest
    until(g, D.BUY)
    assert g.players[0].position == 1
    assert pays(g, start, E.R_SALARY) == []


def test_collect_from_and_pay_each_player():
    g = table(3)
    stack(g, "chest", "birthday")
    roll(g, (1, 1))
    until(g, D.POST_ROLL)
    assert [p.cash for p in g.players] == [1520, 1490, 1490]
    g2 = table(3)
    stack(g2, "chance", "Chairman")
    place(g2, 0, 4)
    roll(g2, (1, 2))
    until(g2, D.POST_ROLL)
    assert [p.cash for p in g2.players] == [1400, 1550, 1550]


def test_repairs_charge_per_house_and_hotel():
    # cards_us.md Chance 11: "For each house pay $25, For each hotel {pay} $100"
    def arrange(g):
        give(g, 0, 1, 3)
        set_level(g, 1, 4)
        set_level(g, 3, 5)
    g = table(2, arrange=arrange)
    stack(g, "chance", "general repairs")
    place(g, 0, 4)
    start = len(g.log)
    roll(g, (1, 2))
    until(g, D.POST_ROLL)
    assert [e.amount for e in pays(g, start, E.R_CARD)] == [4 * 25 + 100]


def test_uk_fine_or_chance_is_the_players_decision():
    # cards_uk_classic.md CC 16: "Pay a £10 fine or take a 'Chance'" - player's choice
    g = table(2, "classic-uk")
    stack(g, "chest", "fine or take")
    roll(g, (1, 1))
    until(g, D.FINE_OR_CHANCE)
    assert {a.kind for a in g.legal_actions()} == {A.PAY, A.DRAW}
    start = len(g.log)
    g.act(Action(A.PAY))
    assert [e.amount for e in pays(g, start, E.R_CARD)] == [10]
    g2 = table(2, "classic-uk")
    stack(g2, "chest", "fine or take")
    stack(g2, "chance", "crossword")
    roll(g2, (1, 1))
    until(g2, D.FINE_OR_CHANCE)
    g2.act(Action(A.DRAW))
    until(g2, D.POST_ROLL)
    assert [e.other for e in events_of(g2, E.CARD)] == [1, 0]
    assert g2.players[0].cash == 1600


def test_every_deck_card_is_played_without_error():
    # Each card of each deck, drawn from its own square, by a person who then ends the turn.
    for edition in ("classic-us", "classic-uk"):
        for deck, square in (("chance", 7), ("chest", 2)):
            for i in range(16):
                g = table(2, edition)
                d = g.decks[deck]
                d.remove(i)
                d.appendleft(i)
                place(g, 0, square - 2)
                roll(g, (1, 1))
                until(g)
                assert g.pending.player == 0
                assert Counter(k for k in g.log.kind)[E.CARD] >= 1
