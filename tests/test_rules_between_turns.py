"""Building without waiting for your turn: the window between turns (turn.between_turns).

004 BUILDINGS: "As soon as you get a colour set, you can start buying Houses (you don't have to wait for your turn)."
000 BUILDINGS (Sore Losers) says the same. 002 HOUSES: "When you own all of the properties in a color-group you may buy
houses from the Bank ... place at any time as many houses as your judgment and cash will allow." 003 HOTELS (the
Cheaters Edition): "You don't have to wait until your turn." A set that comes to a player on someone else's turn (a
trade, an auction, a card, a bankruptcy) may be built on before the next player rolls.
"""
import pytest

from monopoly_core import Action, Game, IllegalAction, PlayerSpec, Trade, preset
from monopoly_core import actions as A
from monopoly_core import decisions as D
from monopoly_core import events as E
from monopoly_core.bots import STANDARD
from monopoly_core.state import bots
from scenario import events_of, give, table, until

MEDITERRANEAN, BALTIC = 1, 3


def _gift_brown_to(g: Game, seat: int, roll=(4, 6)) -> None:
    """Seat 0 (holding Baltic, ``seat`` Mediterranean) gives Baltic to ``seat`` in its window before the roll,
    ``seat`` accepts, and seat 0 rolls ``roll`` (4 + 6: Just Visiting) and ends its turn."""
    g.act(Action(A.TRADE, trade=Trade(0, seat, give_squares=(BALTIC,))))
    until(g, D.TRADE_RESPONSE)
    g.act(Action(A.ACCEPT))
    until(g, D.PRE_ROLL)
    assert g.owner[BALTIC] == seat
    g.arrange().next_rolls(roll)
    g.act(Action(A.ROLL))
    until(g, D.POST_ROLL)
    g.act(Action(A.END))
    until(g)


def _brown_table(n: int, seat: int, **kw) -> Game:
    g = table(n, **kw)
    give(g, 0, BALTIC)
    give(g, seat, MEDITERRANEAN)
    return g


def test_a_set_gained_on_another_players_turn_may_be_built_on_before_the_next_roll():
    g = _brown_table(3, 2)
    _gift_brown_to(g, 2)
    d = g.pending
    assert (d.kind, d.player) == (D.BETWEEN_TURNS, 2)          # seat 1 rolls next; seat 2 is asked first
    assert Action(A.BUILD, MEDITERRANEAN) in d.legal_actions() and d.allows_trade
    cash = g.players[2].cash
    g.act(Action(A.BUILD, MEDITERRANEAN))
    assert g.level[MEDITERRANEAN] == 1 and g.players[2].cash == cash - 50
    assert (g.pending.kind, g.pending.player) == (D.BETWEEN_TURNS, 2)   # the window stays open until ended
    start = len(g.log)
    g.act(Action(A.END))
    until(g)
    assert (g.pending.kind, g.pending.player) == (D.PRE_ROLL, 1)
    assert not events_of(g, E.ROLL, start)                     # the house went up before seat 1's roll


def test_ending_the_window_at_once_is_legal_and_the_rules_window_takes_only_its_own_answers():
    g = _brown_table(3, 2)
    _gift_brown_to(g, 2)
    d = g.pending
    with pytest.raises(IllegalAction):
        g.act(Action(A.ROLL))                                  # not seat 2's turn
    assert g.pending is d
    assert [a for a in d.legal_actions() if a.kind not in A.MANAGE] == [Action(A.END)]
    g.act(Action(A.END))
    until(g)
    assert (g.pending.kind, g.pending.player) == (D.PRE_ROLL, 1)


def test_the_player_who_rolls_next_is_not_asked_as_their_own_window_comes_at_once():
    g = _brown_table(3, 1)
    _gift_brown_to(g, 1)
    d = g.pending
    assert (d.kind, d.player) == (D.PRE_ROLL, 1)
    assert Action(A.BUILD, MEDITERRANEAN) in d.legal_actions()


def test_the_window_is_offered_once_per_new_set_not_at_every_turn():
    g = _brown_table(4, 3)
    _gift_brown_to(g, 3)
    assert (g.pending.kind, g.pending.player) == (D.BETWEEN_TURNS, 3)
    g.act(Action(A.END))
    until(g, D.PRE_ROLL)
    assert g.pending.player == 1
    g.arrange().next_rolls((4, 6))
    g.act(Action(A.ROLL))
    until(g, D.POST_ROLL)
    g.act(Action(A.END))
    until(g)
    assert (g.pending.kind, g.pending.player) == (D.PRE_ROLL, 2)    # seat 3 is not asked again


def test_nobody_is_asked_when_no_set_changed_hands():
    g = table(3)
    g.arrange().next_rolls((4, 6))
    g.act(Action(A.ROLL))
    until(g, D.POST_ROLL)
    g.act(Action(A.END))
    until(g)
    assert (g.pending.kind, g.pending.player) == (D.PRE_ROLL, 1)


def test_a_bot_that_gains_a_set_builds_before_the_next_player_rolls():
    # a bot seat is asked too, and answers as after its own roll: a bot with $1,500 builds on brown at once
    g = _brown_table(3, 2, bots={2: "strategist"})
    start = len(g.log)
    _gift_brown_to(g, 2)
    until(g, D.PRE_ROLL)
    assert g.pending.player == 1
    builds = [e for e in events_of(g, E.BUILD, start) if e.player == 2]
    assert builds and g.level[MEDITERRANEAN] + g.level[BALTIC] == len(builds)


def test_mega_all_but_one_of_a_group_opens_the_window():
    # 002 NEW PROPERTIES & SKYSCRAPERS: "You may build houses and hotels once you own all but one property in a color
    # group" (brown has three streets on the Mega board: Mediterranean, Baltic, Arctic)
    g = Game.new(preset("mega"), [PlayerSpec(f"P{i}", "person") for i in range(3)], seed=1)
    g.arrange().next_rolls((6, 6), (1, 2), (1, 2))
    g.step()
    give(g, 0, BALTIC)
    give(g, 2, MEDITERRANEAN)
    until(g, D.PRE_ROLL)
    _gift_brown_to(g, 2, roll=(5, 6, 2))                      # 13: Just Visiting
    d = g.pending
    assert (d.kind, d.player) == (D.BETWEEN_TURNS, 2)
    assert Action(A.BUILD, MEDITERRANEAN) in d.legal_actions()


@pytest.mark.parametrize("name", ["classic-us", "classic-uk", "mega", "sore-losers", "cheaters"])
def test_bots_take_the_window_in_every_edition_and_every_game_ends(name):
    asked = 0
    for seed in range(40):
        g = Game.new(preset(name), bots(list(STANDARD)), seed)
        while not g.over:
            d = g.pending
            asked += d is not None and d.kind == D.BETWEEN_TURNS
            g.step()
    assert asked > 0
