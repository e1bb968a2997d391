"""AppTest: the Play page's number boxes (the set-up's seed, number of players and rules' numbers; the rewind box)
are text boxes read by pages/_number_box.py. A browser kept a number past 2**53, or outside a number box's
limits, in a red box while the page received the last valid number: a seed of 99999999999999999999 typed and
Start pressed at once started a game with the previous seed, and a rewind to turn 0 rewound to turn 10, without a
word. Now what is typed is used, or refused in words beside the button, and nothing happens."""
from __future__ import annotations

import pytest

from apptest_helpers import open_page, texts, unescaped, shown
from monopoly_core.viz.safe_text import markdown
from test_page_play import open_rewind, start

HUGE = "9" * 20
NO_GAME = "Set up a game"


def game(at):
    return at.session_state["play_game"] if "play_game" in at.session_state else None


def beside_start(at) -> str:
    """The problems said beside the Start button."""
    return next((unescaped(e.value) for e in at.error if e.value.startswith("The game cannot start yet")), "")


@pytest.fixture(scope="module")
def setup_page():
    return open_page("pages/play.py")


@pytest.mark.parametrize("typed, words", [
    (HUGE, "The seed must be from 0 to 9,007,199,254,740,991, not 99,999,999,999,999,999,999."),
    ("-1", "The seed must be from 0 to 9,007,199,254,740,991, not -1."),
    ("abc", "The seed must be a whole number written with the digits 0 to 9."),
    ("9007199254740992", "The seed must be from 0 to 9,007,199,254,740,991, not 9,007,199,254,740,992."),
])
def test_a_bad_seed_typed_and_start_pressed_at_once_starts_no_game(setup_page, typed, words):
    at = setup_page
    at.text_input(key="setup_seed").set_value("5").run()             # a good seed first: the one a number box sent
    assert not at.button(key="start_game").disabled
    at.text_input(key="setup_seed").set_value(typed)
    at.button(key="start_game").click().run()                        # typed and pressed at once
    assert not at.exception
    assert game(at) is None
    assert markdown(f"The game was not started. {words}") in texts(at)
    assert words in beside_start(at) and not at.button(key="start_game").disabled     # (on: see below)
    assert at.text_input(key="setup_seed").value == typed             # the box still shows what was typed


def test_a_good_seed_typed_and_start_pressed_at_once_starts_with_that_seed(setup_page):
    at = setup_page
    at.text_input(key="setup_seed").set_value("5").run()
    at.text_input(key="setup_seed").set_value(" 9,007,199,254,740,991 ")
    at.button(key="start_game").click().run()
    assert game(at).seed == 2**53 - 1
    assert markdown("New game started with seed 9007199254740991.") in texts(at)


@pytest.mark.parametrize("typed, words", [
    ("9", "The number of players must be from 2 to 8, not 9."),
    ("1", "The number of players must be from 2 to 8, not 1."),
    ("abc", "The number of players must be a whole number written with the digits 0 to 9."),
    (HUGE, "The number of players must be from 2 to 8, not 99,999,999,999,999,999,999."),
])
def test_a_bad_number_of_players_is_refused_beside_start_and_starts_no_game(typed, words):
    at = open_page("pages/play.py")
    at.text_input(key="setup_n").set_value("3").run()
    at.text_input(key="setup_n").set_value(typed)
    at.button(key="start_game").click().run()                        # typed and pressed at once
    assert game(at) is None
    assert markdown(f"The game was not started. {words}") in texts(at)
    assert words in beside_start(at)
    assert [e for e in at.text_input if (e.key or "").startswith("setup_name_")][2:3]   # the 3 seats stay drawn


def test_a_good_number_of_players_typed_is_the_number_of_players_of_the_game():
    at = open_page("pages/play.py")
    at.text_input(key="setup_n").set_value("3")
    at.button(key="start_game").click().run()       # at once: the seats drawn were for 4, so it asks to look again
    assert game(at) is None and markdown("look at the set-up again and press Start once more") in texts(at)
    assert len([e for e in at.text_input if (e.key or "").startswith("setup_name_")]) == 3
    at.button(key="start_game").click().run()
    assert len(game(at).players) == 3


@pytest.mark.parametrize("typed, words", [
    ("100001", "The salary for passing GO must be from 0 to 100,000, not 100,001."),
    (HUGE, "The salary for passing GO must be from 0 to 100,000, not 99,999,999,999,999,999,999."),
    ("abc", "The salary for passing GO must be a whole number written with the digits 0 to 9."),
])
def test_a_bad_rule_number_is_refused_beside_start_and_starts_no_game(typed, words):
    at = open_page("pages/play.py")
    at.text_input(key="rule_go_salary").set_value(typed).run()
    assert words in beside_start(at)
    assert any(e.value == words for e in at.error)                   # and under the box itself
    at.text_input(key="rule_go_salary").set_value("300").run()
    at.text_input(key="rule_go_salary").set_value(typed)
    at.button(key="start_game").click().run()                        # typed and pressed at once
    assert game(at) is None
    assert markdown(f"The game was not started. {words}") in texts(at)


def test_a_good_rule_number_typed_is_the_rule_of_the_game():
    at = open_page("pages/play.py")
    at.text_input(key="rule_go_salary").set_value("$400").run()
    assert "Salary for passing GO" in shown(at) and not at.button(key="start_game").disabled
    at.button(key="start_game").click().run()
    assert game(at).rules.go_salary == 400


@pytest.fixture(scope="module")
def played():
    """A bot game some turns in, with its rewind box."""
    at = open_page("pages/play.py")
    start(at, seed=13, bot_seat0=True)
    for _ in range(3):
        at.button(key="ctl_turn").click().run()
    return open_rewind(at)


@pytest.mark.parametrize("typed, words", [
    ("0", "The turn to go back to must be from 1 to {n}, not 0."),
    (HUGE, "The turn to go back to must be from 1 to {n}, not 99,999,999,999,999,999,999."),
    ("abc", "The turn to go back to must be a whole number written with the digits 0 to 9."),
])
def test_a_bad_turn_typed_and_rewind_pressed_at_once_rewinds_nothing(played, typed, words):
    at = played
    g = game(at)
    words = words.format(n=len(g.turn_plies))
    at.text_input(key="rewind_turn").set_value("2").run()
    assert not at.button(key="ctl_rewind").disabled
    at.text_input(key="rewind_turn").set_value(typed)
    at.button(key="ctl_rewind").click().run()
    assert game(at) is g and not at.exception
    assert markdown(f"Nothing was rewound. {words}") in texts(at)
    assert any(e.value == words for e in at.error)                   # beside the button


def test_a_good_turn_typed_and_rewind_pressed_at_once_rewinds_to_that_turn(played):
    at = played
    g = game(at)
    at.text_input(key="rewind_turn").set_value("1").run()
    at.text_input(key="rewind_turn").set_value(" 2 ")
    at.button(key="ctl_rewind").click().run()
    assert game(at).turn == 2 and game(at).ply == g.turn_plies[1] + 1
    assert "Rewound to the start of turn 2" in shown(at)
