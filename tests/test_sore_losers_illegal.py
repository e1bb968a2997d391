"""Illegal answers to each of Monopoly for Sore Losers' own decisions (issue 16 review): every one is refused with
a message saying what is allowed, and nothing changes (the same decision is still pending, no event is logged).

Seed ../shared/seeds/000_e69c306a8b2b524d.txt: "send any other player to Jail in your place"; "Steal one sore loser
coin from any player"; "You may not steal a property that is part of a complete set"; 001: free houses "may not be
placed on streets that already have four houses".
"""
import pytest
from scenario import place, roll, until

from monopoly_core import Action, Game, IllegalAction, PlayerSpec, preset
from monopoly_core import actions as A
from monopoly_core import decisions as D

OLD_KENT, WHITECHAPEL, ANGEL, GO_TO_JAIL_FROM, STRAND = 1, 3, 6, 24, 21


def table() -> Game:
    g = Game.new(preset("sore-losers", auctions=False), [PlayerSpec(f"P{i}", "person") for i in range(3)], seed=1)
    g.arrange().next_rolls((1, 1), (6, 6), (6, 6))
    g.step()
    return g


def cash_in(g):
    g.arrange().extra("coins", 0, 4)
    until(g, D.CASH_IN)


def jail_whom(g):
    g.arrange().extra("mr_monopoly", 0, 0)
    place(g, 0, GO_TO_JAIL_FROM)
    until(g, D.PRE_ROLL)
    roll(g, (2, 4))
    until(g, D.JAIL_WHOM)


def coin_victim(g):
    place(g, 0, 13)
    until(g, D.PRE_ROLL)
    roll(g, (3, 4))
    until(g, D.COIN_VICTIM)


def property_steal(g):
    g.arrange().extra("mr_monopoly", 0, 0).deed(OLD_KENT, 1).deed(WHITECHAPEL, 1).deed(ANGEL, 1).supply(houses=0)
    g.arrange().position(1, 17)
    place(g, 0, 10)
    until(g, D.PRE_ROLL)
    roll(g, (3, 4))
    until(g, D.PROPERTY_STEAL)


def free_house(g):
    g.arrange().extra("mr_monopoly", 1, 0).level(OLD_KENT, 4)
    until(g, D.PRE_ROLL)
    roll(g, (2, 2))
    until(g, D.FREE_HOUSE)


WRONG_KIND = [Action(A.STEAL_COIN, amount=1), Action(A.SEND_TO_JAIL, amount=1), Action(A.PLACE_HOUSE, ANGEL),
              Action(A.STEAL_PROPERTY, ANGEL), Action(A.BUY), Action("nonsense")]
CASES = {
    D.CASH_IN: (cash_in, []),
    D.JAIL_WHOM: (jail_whom, [Action(A.SEND_TO_JAIL, amount=0), Action(A.SEND_TO_JAIL, amount=3),
                              Action(A.SEND_TO_JAIL, amount=-1), Action(A.SEND_TO_JAIL, amount=10**6)]),
    D.COIN_VICTIM: (coin_victim, [Action(A.STEAL_COIN, amount=0), Action(A.STEAL_COIN, amount=7)]),
    D.PROPERTY_STEAL: (property_steal, [Action(A.STEAL_PROPERTY, OLD_KENT), Action(A.STEAL_PROPERTY, 0),
                                        Action(A.STEAL_PROPERTY, -5), Action(A.STEAL_PROPERTY, 999)]),
    D.FREE_HOUSE: (free_house, [Action(A.PLACE_HOUSE, OLD_KENT), Action(A.PLACE_HOUSE, 0),
                                Action(A.PLACE_HOUSE, 5), Action(A.PLACE_HOUSE, 12), Action(A.PLACE_HOUSE, 40)]),
}


@pytest.mark.parametrize("kind", list(CASES))
def test_every_illegal_answer_is_refused_with_a_reason_and_changes_nothing(kind):
    arrange, wrong = CASES[kind]
    g = table()
    arrange(g)
    d = g.pending
    assert d.kind == kind
    before = (g.ply, len(g.log), g.history.to_json())
    for action in [a for a in WRONG_KIND if a.kind != d.legal_actions()[0].kind] + wrong:
        with pytest.raises(IllegalAction) as refused:
            g.act(action)
        assert str(refused.value), action
        assert g.pending is d and (g.ply, len(g.log), g.history.to_json()) == before
    g.act(d.legal_actions()[0])                 # and a legal answer still goes through
    assert g.ply > before[0]
