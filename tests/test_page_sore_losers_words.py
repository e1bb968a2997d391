"""The Play page's words for Monopoly for Sore Losers (issue 16 review): what a class reads in a player's box and
on the edition's decision buttons follows the rules being played and shows on any classroom machine.

Seed ../shared/seeds/000_e69c306a8b2b524d.txt: "Once you've collected four coins, you may trade in all four"; "any
time any player rolls doubles, place one house on any property".
"""
from scenario import roll, until

from monopoly_core import Game, PlayerSpec, preset
from monopoly_core import actions as A
from monopoly_core import decisions as D
from monopoly_core.narrate import money
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


def test_the_end_of_a_final_lap_game_says_the_most_cash_won():
    # 000 THE END OF THE GAME: "Count up your cash. The player with the most wins!" (the net-worth chart beside it
    # must not leave a class thinking the richest in property won)
    from pages._panels import end_message
    g = Game.new(preset("sore-losers"), [PlayerSpec("Ann"), PlayerSpec("Bob")], seed=2)
    g.step()
    for s in g.board.properties:
        g.arrange().deed(s, s % 2)
    g.run()
    assert g.end_reason == "final_lap"
    msg = end_message(g)
    assert "the most cash wins" in msg and f"with {money(g, g.players[g.winner].cash)} in cash" in msg


def test_the_turn_banner_says_when_the_final_lap_is_on():
    # 000 THE END OF THE GAME: "When you reach GO, stop there even if you have moves left" (a class must see the
    # lap has begun where it looks first, not only in the caption under the board)
    g = table()
    for s in g.board.properties:
        g.arrange().deed(s, 0)
    g.arrange().position(0, 5).position(1, 15)      # (off GO: a player standing there as the lap begins is home)
    assert words.lap_words(g) == ""
    until(g, D.PRE_ROLL)
    assert words.lap_words(g) == " \u00b7 final lap: 0 of 2 home at GO"
    assert words.caption(g).startswith(" \u00b7 final lap: 0 of 2 home at GO \u00b7 Mr Monopoly")
