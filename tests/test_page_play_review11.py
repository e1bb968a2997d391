"""The Play page after the eleventh session's browser review (a teacher's first visit, 1024x768 and 1280x800): each
test cites what the reviewer saw."""
from __future__ import annotations

from apptest_helpers import downloaded_bytes, open_page, shown, texts, upload_box
from test_page_play import click_steps, start

from monopoly_core import Action, Game, PlayerSpec, preset
from monopoly_core import actions as A
from monopoly_core import decisions as D
from pages._decision import question


def test_a_loaded_save_folds_the_set_up_as_start_does():
    # "the set-up panel stays open and the visible screen doesn't change; 'Loaded a saved game' and the board are
    # 1,698 px further down"
    at = open_page("pages/play.py")
    start(at, seed=5, bot_seat0=True)
    click_steps(at, 10)
    data = downloaded_bytes(at.get("download_button")[0])
    at.session_state["setup_box"] = True                      # the visitor opened "Set up a new game"
    at.run()
    upload_box(at).set_value(("game.json", data, "application/json")).run()
    assert "Loaded a saved game" in texts(at) and at.session_state["setup_box"] is False
    # a refused file leaves the set-up as it was (the visitor may want to start a game instead)
    at.session_state["setup_box"] = True
    at.run()
    upload_box(at).set_value(("game.json", b"{}", "application/json")).run()
    assert "was not loaded" in texts(at) and at.session_state["setup_box"] is True


def test_logging_an_unfinished_game_is_said_under_its_button(tmp_path):
    # "the confirmation is placed about 590 px above the top of the screen; at the button nothing changes"
    at = open_page("pages/play.py")
    at.session_state["db_path"] = str(tmp_path / "g.duckdb")
    start(at, seed=21, bot_seat0=True)
    click_steps(at, 5)
    at.button(key="log_game").click().run()
    said = [e.value for e in at.success if "Logged the game as it stands" in e.value]
    assert len(said) == 1
    at.run()
    assert not [e for e in at.success if "Logged the game as it stands" in e.value]     # said once


def _in_jail(card: bool) -> Game:
    g = Game.new(preset("classic-us"), [PlayerSpec("Ann", "person"), PlayerSpec("Bot", "bot", "cautious")], 3)
    g.arrange().next_rolls((6, 5), (1, 2))
    g.step()
    g.arrange().jail(0, 0)
    if card:
        g.arrange().hold_card(0, "chance")
    while g.pending is None or g.pending.kind != D.JAIL:
        g.act(Action(A.END)) if g.pending is not None and g.pending.kind == D.POST_ROLL else g.step()
    return g


def test_the_jail_question_names_only_the_ways_out_open():
    # "You are in jail: pay the fine, use a card, or try for doubles." to a player who held no card
    g = _in_jail(card=False)
    assert not g.players[0].cards
    assert question(g.pending, g) == "You are in jail: pay the fine or try for doubles."
    g = _in_jail(card=True)
    assert question(g.pending, g) == ("You are in jail: pay the fine, use your Get Out of Jail Free card or try "
                                      "for doubles.")


def test_without_building_limits_the_caption_says_unlimited():
    # (an outside review read "houses left -9, hotels left -1" with building limits off)
    at = open_page("pages/play.py")
    at.session_state["setup_box"] = True
    at.run()
    at.toggle(key="rule_building_limits").set_value(False).run()
    start(at, seed=4, bot_seat0=True)
    assert "houses and hotels unlimited" in shown(at) and "houses left" not in shown(at)


def test_the_players_are_listed_in_the_order_of_play():
    # "The player cards list seats in seat order, not play order"
    at = open_page("pages/play.py")
    g = start(at, seed=5, bot_seat0=True)
    assert g.order and g.order != sorted(g.order)          # (seed 5: the dice put another seat first)
    cards = [m.value for m in at.markdown if "cash **" in m.value]
    names = [g.players[s].name for s in g.order]
    assert [next(n for n in names if f"**{n}**" in c) for c in cards] == names


def test_the_board_s_centre_says_whose_roll_it_shows():
    # "the centre says 'last roll ...' of the previous player while it is already the next person's turn"
    from monopoly_core import events as E
    at = open_page("pages/play.py")
    g = start(at, seed=5, bot_seat0=True)
    click_steps(at, 3)
    g = at.session_state["play_game"]
    roller = next(g.players[g.log.player[i]].name for i in range(len(g.log) - 1, -1, -1) if g.log.kind[i] == E.ROLL)
    import html
    assert f"last roll ({roller}): " in html.unescape(texts(at))       # (the board's SVG writes entities)


def test_the_caption_says_a_square_token_is_in_jail_while_one_is():
    # "Jailed tokens ... drawn inside the board area next to the Jail corner, not on it, with no legend"
    at = open_page("pages/play.py")
    g = start(at, seed=5, bot_seat0=True)
    assert "a square token is in jail" not in shown(at)
    g.arrange().jail(1, 0)
    at.run()
    assert "a square token is in jail" in shown(at)
