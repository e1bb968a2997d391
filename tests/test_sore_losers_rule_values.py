"""The Sore Losers coin rules (RuleSet coins, starting_coins, max_coins) must fit together; values that do not are
refused with a message that says why, naming the rule that is off (issue 16 review).

Seed ../shared/seeds/000_e69c306a8b2b524d.txt: "30 Cardboard Sore Loser Coins"; "Each player takes two sore loser
coins"; "You can never have more than four sore loser coins at a time"; "Once you've collected four coins, you may
trade in all four".
"""
import pytest

from monopoly_core import InvalidRules, preset


@pytest.mark.parametrize("changes, field, words", [
    (dict(starting_coins=5), "starting_coins", "a player would start with 5 coins but may hold at most 4 coins"),
    (dict(max_coins=1), "starting_coins", "a player would start with 2 coins but may hold at most 1 coin"),
    (dict(max_coins=40), "max_coins", "cashing in takes 40 coins but the game has only 30 coins: nobody could ever "
                                      "become Mr Monopoly"),
    (dict(coins=3), "coins", "up to 6 players (the most this rule set seats) start with 2 coins each, 12 coins in "
                             "all: more than the 3 coins in the game"),
])
def test_coin_rules_that_do_not_fit_together_are_refused_with_the_reason(changes, field, words):
    with pytest.raises(InvalidRules) as refused:
        preset("sore-losers", **changes)
    assert refused.value.field == field and refused.value.reason == words


def test_coin_rules_that_fit_are_played():
    rules = preset("sore-losers", coins=12, max_players=4, starting_coins=3, max_coins=12)
    assert (rules.coins, rules.max_coins) == (12, 12)
