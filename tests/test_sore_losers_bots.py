"""Every bot answers every Monopoly for Sore Losers decision with a legal action, and plays the final lap for cash
(issue 16; seed ../shared/seeds/000_e69c306a8b2b524d.txt)."""
import pytest

from monopoly_core import STRATEGIES, Action, Game, PlayerSpec, preset
from monopoly_core import actions as A
from monopoly_core import decisions as D
from monopoly_core.decisions import Decision
from monopoly_core.editions import sore_losers_state as st
from monopoly_core.policies import make
from monopoly_core.worth import net_worth, net_worths

OLD_KENT, WHITECHAPEL, ANGEL, PALL_MALL, MAYFAIR, PARK_LANE = 1, 3, 6, 11, 39, 37


def position() -> Game:
    """Three seats: seat 0 holds the token, seat 1 four coins and two lone streets, seat 2 one coin."""
    g = Game.new(preset("sore-losers"), [PlayerSpec(f"P{i}", "person") for i in range(3)], seed=5)
    g.step()
    arr = g.arrange()
    arr.extra("mr_monopoly", 0, 0).extra("coins", 1, 4).extra("coins", 2, 1)
    arr.deed(ANGEL, 1).deed(PALL_MALL, 1).deed(PARK_LANE, 0).deed(MAYFAIR, 2)
    return g


KINDS = {
    D.CASH_IN: dict(player=1),
    D.JAIL_WHOM: dict(player=0),
    D.COIN_VICTIM: dict(player=1),
    D.PROPERTY_STEAL: dict(player=0, other=1),
    D.FREE_HOUSE: dict(player=0),
}


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("kind", list(KINDS))
def test_every_bot_answers_every_new_decision_legally(strategy, kind):
    g = position()
    d = Decision(g, kind, **KINDS[kind])
    bot = make(strategy, f"test {strategy}")
    action = bot.choose(d, g)
    assert d.problem(action) is None, (strategy, kind, action)


def test_the_bots_steal_what_is_worth_most_and_put_a_free_house_on_their_own_street():
    g = position()
    bot = make("set-collector", "x")
    steal = bot.choose(Decision(g, D.PROPERTY_STEAL, 0, other=1), g)
    assert steal == Action(A.STEAL_PROPERTY, PALL_MALL)     # the dearer of seat 1's two lone streets
    assert bot.choose(Decision(g, D.FREE_HOUSE, 0), g) == Action(A.PLACE_HOUSE, PARK_LANE)
    # Free Parking: the coin comes from whoever is closest to cashing in
    g.arrange().extra("coins", 1, 3).extra("coins", 2, 3).extra("mr_monopoly", -1, 0)
    victim = bot.choose(Decision(g, D.COIN_VICTIM, 0), g).amount
    assert victim in (1, 2) and st.coins(g, victim) == 3


def test_on_the_final_lap_a_bot_builds_only_where_the_final_rent_repays_the_house():
    # 000 THE END OF THE GAME: "For properties with buildings, collect rent for those buildings. Count up your cash.
    # The player with the most wins!"
    g = Game.new(preset("sore-losers"), [PlayerSpec("A", "person"), PlayerSpec("B", "person")], seed=5)
    g.step()
    for s in g.board.properties:
        g.arrange().deed(s, 0 if s in (MAYFAIR, PARK_LANE, OLD_KENT, WHITECHAPEL) else 1)
    g.arrange().level(MAYFAIR, 4).level(PARK_LANE, 4).level(OLD_KENT, 1).level(WHITECHAPEL, 1)
    g.arrange().cash(0, 5000)
    from monopoly_core import final_lap
    assert final_lap.begin_if_all_bought(g)
    bot = make("always-buy", "x")
    action = bot.choose(Decision(g, D.POST_ROLL, 0), g)
    # a hotel on Mayfair adds 2000 - 1700 = 300 for 200; on Park Lane 1500 - 1300 = 200 for 200, nothing gained;
    # a second house on the browns adds 30 - 10 = 20 for 50
    assert action == Action(A.BUILD, MAYFAIR)
    g.arrange().level(MAYFAIR, 5)
    assert bot.choose(Decision(g, D.POST_ROLL, 0), g) == A.A_END


def test_a_bot_waits_to_cash_in_only_when_far_ahead_and_nobody_holds_the_token():
    # 000 MR MONOPOLY: "Once you've collected four coins, you may trade in all four at the beginning of any of your
    # turns" (may: the bot's choice, bots/sore_losers.cash_in)
    g = position()
    bot = make("cautious", "x")
    ask = Decision(g, D.CASH_IN, 1)
    g.arrange().cash(1, 9000)
    assert bot.choose(ask, g) == A.A_CASH_IN                # far ahead, but seat 0 holds the token: take it
    g.arrange().extra("mr_monopoly", -1, 0)
    assert bot.choose(ask, g) == A.A_WAIT                   # far ahead of both, the token in the centre
    g.arrange().cash(2, 7000)
    assert bot.choose(ask, g) == A.A_CASH_IN                # seat 2 is within a third of seat 1's worth


def test_net_worths_are_each_seats_net_worth():
    # the bots compare every player's net worth in one pass (worth.net_worths): the same figures as net_worth's
    g = position()
    g.arrange().deed(OLD_KENT, 2).deed(WHITECHAPEL, 2, level=2).deed(ANGEL, 1, mortgaged=True)
    assert net_worths(g) == [net_worth(g, seat) for seat in range(3)]
    assert net_worths(g)[2] == 1500 + 60 + 60 + 2 * 50 + 400        # cash, both browns, two houses, Mayfair


def test_a_bot_without_a_street_for_a_free_house_puts_it_on_the_bank_s_cheapest_else_an_opponent_s_poorest():
    # 000: "place one free House on any street on the gameboard. The street does not have to be part of a complete
    # set and you don't have to own it" (where: the bot's choice, bots/sore_losers.free_house)
    g = position()
    bot = make("strategist", "x")
    ask = Decision(g, D.FREE_HOUSE, 0)
    g.arrange().level(PARK_LANE, 4)                         # seat 0's only street is full
    assert bot.choose(ask, g) == Action(A.PLACE_HOUSE, OLD_KENT)    # the first of the two cheapest, £60
    arr = g.arrange()
    for s in g.board.properties:
        if g.owner[s] < 0:
            arr.deed(s, 2)
    arr.level(OLD_KENT, 4)
    # every street the opponents': the one where a house adds the least rent (Whitechapel: £4 -> £20)
    assert bot.choose(ask, g) == Action(A.PLACE_HOUSE, WHITECHAPEL)
