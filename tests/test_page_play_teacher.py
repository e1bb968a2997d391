"""AppTest for what a teacher's first real try of the Play page tripped over (issue 14): the starting position,
rewinding, the game in the address bar, forms that send what they show, wording, rule controls that react to
each other, the title deed, whose turn it is and the hand-over between people."""
from __future__ import annotations

from apptest_helpers import APP, open_page, texts
from streamlit.testing.v1 import AppTest
from test_page_play import click_steps, start


def game(at):
    return at.session_state["play_game"]


# --- item 5: the starting position is shown at once -------------------------------------------------------------
def test_start_shows_the_starting_cash_and_the_pot_seed():
    at = open_page("pages/play.py")
    at.selectbox(key="setup_preset").set_value("classic-uk").run()
    at.selectbox(key="rule_free_parking").set_value("jackpot").run()
    at.number_input(key="rule_free_parking_seed").set_value(500).run()
    g = start(at, seed=31)
    assert g.turn == 0 and g.pot == 500 and all(p.cash == 1500 for p in g.players)
    shown = texts(at)
    assert shown.count("cash **\u00a31,500**") == len(g.players), shown
    assert "Free Parking pot \u00a3500" in shown
    assert "plays 1st" in shown                      # the turn order is rolled: part of the set-up
    assert at.button(key="ctl_undo").disabled        # nothing to undo but the set-up itself


def test_restart_shows_the_starting_position_too():
    at = open_page("pages/play.py")
    start(at, seed=8, bot_seat0=True)
    click_steps(at, 6)
    at.button(key="ctl_restart").click().run()
    g = game(at)
    assert g.turn == 0 and g.ply > 0 and all(p.cash == g.rules.starting_cash for p in g.players)


# --- item 6: rewinding lands on the turn asked for --------------------------------------------------------------
def test_rewind_to_turn_92_lands_on_turn_92():
    at = open_page("pages/play.py")
    start(at, seed=3, bot_seat0=True)
    at.button(key="ctl_end").click().run()
    g = game(at)
    assert g.over and len(g.turn_plies) > 92
    at.number_input(key="rewind_turn").set_value(92).run()
    at.button(key="ctl_rewind").click().run()
    back = game(at)
    assert back.turn == 92 and back.ply == g.turn_plies[91] + 1
    assert "turn 92 \u00b7" in texts(at) and "Rewound to the start of turn 92" in texts(at)
    assert back.log.signature() == tuple(c[:len(back.log)] for c in g.log.signature())


def test_rewind_refuses_a_turn_not_reached_and_keeps_the_game():
    at = open_page("pages/play.py")
    start(at, seed=13, bot_seat0=True)
    for _ in range(3):
        at.button(key="ctl_turn").click().run()
    g = game(at)
    at.number_input(key="rewind_turn").set_value(len(g.turn_plies) + 5).run()
    at.button(key="ctl_rewind").click().run()
    assert game(at) is g
    assert "There is no turn" in texts(at)


# --- item 4: the address bar holds the game, so a reload brings it back -----------------------------------------
def test_the_address_bar_follows_the_game_and_a_reload_reopens_it():
    at = open_page("pages/play.py")
    start(at, seed=9, bot_seat0=True)
    assert at.query_params["steps"] == str(game(at).ply)
    click_steps(at, 12)
    g = game(at)
    params = dict(at.query_params.items())
    assert params["seed"] == "9" and params["steps"] == str(g.ply)
    # a reload is a new session opening the same address
    other = AppTest.from_file(APP, default_timeout=60)
    for k, v in params.items():
        other.query_params[k] = v
    other.run()
    other.switch_page("pages/play.py").run()
    assert not other.exception
    assert game(other).log.signature() == g.log.signature()
    # undo changes the history: the address follows
    at.button(key="ctl_undo").click().run()
    assert at.query_params["steps"] == str(g.ply - 1)
