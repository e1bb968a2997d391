"""The Play page's words for Monopoly for Sore Losers (issue 16 review): what a class reads in a player's box and
on the edition's decision buttons follows the rules being played and shows on any classroom machine.

Seed ../shared/seeds/000_e69c306a8b2b524d.txt: "Once you've collected four coins, you may trade in all four"; "any
time any player rolls doubles, place one house on any property".
"""
from scenario import roll, until

from monopoly_core import Game, PlayerSpec, preset
from monopoly_core import actions as A
from monopoly_core import decisions as D
from pages import _sore_losers as words


def table(**rules) -> Game:
    """Two people at a Sore Losers table, seat 0 to start (it rolls the lowest)."""
    g = Game.new(preset("sore-losers", **rules), [PlayerSpec("Ann", "person"), PlayerSpec("Bob", "person")], seed=1)
    g.arrange().next_rolls((1, 1), (6, 6))
    g.step()
    return g


def test_a_players_coins_are_written_in_words_without_a_glyph_many_machines_lack():
    # (the coin emoji U+1FA99 showed as an empty box in Debian's chromium: no font has it)
    g = table()
    until(g, D.PRE_ROLL)
    line = words.status(g, g.players[0])[0]
    assert line == "2 sore loser coins"
    assert all(ord(ch) < 0x2000 for ch in line)


def test_the_cash_in_button_and_its_words_count_the_coins_the_rules_ask_for():
    # a house rule of three coins: the button must not promise four
    g = table(max_coins=3)
    g.arrange().extra("coins", 0, 3)
    until(g, D.CASH_IN)
    d = g.pending
    assert words.label(A.A_CASH_IN, d, g) == "Cash in three coins: become Mr Monopoly"
    assert "You hold three sore loser coins" in words.explain(d, g)
    assert "four" not in words.QUESTION[D.CASH_IN]


def test_the_free_house_question_names_who_rolled_the_doubles():
    g = table(auctions=False)
    g.arrange().extra("mr_monopoly", 1, 0)
    until(g, D.PRE_ROLL)
    roll(g, (2, 2))                                          # Ann's doubles: Bob, Mr Monopoly, places a house
    until(g, D.FREE_HOUSE)
    assert g.pending.player == 1
    assert words.explain(g.pending, g).startswith("**Ann** rolled doubles")
