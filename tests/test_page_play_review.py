"""AppTest for what an outside reviewer, playing in chromium, found on the Play page: the rewind box, undoing a
rewind, buttons turned off by a refusal, wording, rules an edition does not use and the bid button's amount."""
from __future__ import annotations

from apptest_helpers import open_page, shown
from test_page_play import click_steps, open_rewind, start


def game(at):
    return at.session_state["play_game"]


def turns(at) -> int:
    return len(game(at).turn_plies)


def finish_turns(at, n: int) -> None:
    for _ in range(n):
        at.button(key="ctl_turn").click().run()


# --- 1: the rewind box holds the current turn -------------------------------------------------------------------
def test_the_rewind_box_opens_on_the_current_turn_every_time():
    """Nine turns in, the box opened EMPTY and "Rewind to that turn" said the turn was empty; opened first at turn
    1, it held 1 for the rest of the game. It opens on the current turn, and a press rewinds to its start."""
    at = open_page("pages/play.py")
    start(at, seed=13, bot_seat0=True)
    finish_turns(at, 1)
    open_rewind(at)
    assert at.text_input(key="rewind_turn").value == str(turns(at))
    at.session_state["rewind_box"] = False          # closed (a click beside it), and the game goes on
    finish_turns(at, 8)
    n = turns(at)
    assert n >= 9
    open_rewind(at)
    box = at.text_input(key="rewind_turn")
    assert box.value == str(n) and box.label == f"to the start of turn (1 to {n})"
    before = game(at)
    at.button(key="ctl_rewind").click().run()
    assert game(at).ply == before.turn_plies[n - 1] + 1
    assert f"Rewound to the start of turn {n}." in shown(at)


# --- 2: a rewind is undone by Undo, as a restart is ---------------------------------------------------------------
def rewind_to(at, turn: int) -> None:
    open_rewind(at)
    at.text_input(key="rewind_turn").set_value(str(turn))
    at.button(key="ctl_rewind").click().run()


def click_undo(at, n: int) -> None:
    for _ in range(n):
        at.button(key="ctl_undo").click().run()


def where(g) -> tuple:
    return g.ply, g.turn, g.log.signature()


def test_undo_right_after_a_rewind_brings_back_the_game_as_it_was():
    """Rewound from turn 9 to turn 2, Undo went to "turn 1 · step 5": turns 2 to 9 were lost, and nothing said so.
    Undo where a rewind landed brings the game back, and the rewind's message says it will."""
    at = open_page("pages/play.py")
    start(at, seed=13, bot_seat0=True)
    finish_turns(at, 8)
    at.button(key="ctl_step").click().run()             # (a step into the turn, as a person is when they rewind)
    before = where(game(at))
    ply, turn = before[:2]
    rewind_to(at, 2)
    assert game(at).turn == 2
    assert (f"Rewound to the start of turn 2. Undo brings back the game as it was before the rewind (turn {turn}, "
            f"step {ply}).") in shown(at)
    assert not at.button(key="ctl_undo").disabled
    click_undo(at, 1)
    assert where(game(at)) == before
    assert f"Brought back the game as it was before the rewind (turn {turn}, step {ply})." in shown(at)
    click_undo(at, 1)                                   # then Undo steps back as before
    assert game(at).ply == ply - 1


def test_rewinds_and_restarts_are_undone_in_the_order_they_were_made():
    at = open_page("pages/play.py")
    start(at, seed=13, bot_seat0=True)
    finish_turns(at, 6)
    at.button(key="ctl_step").click().run()
    first = where(game(at))
    rewind_to(at, 3)
    landed = where(game(at))                            # (a tuple: the game itself moves on as it is played)
    click_steps(at, 2)
    second = where(game(at))
    at.button(key="ctl_restart").click().run()
    at.button(key="ctl_undo").click().run()             # the restart taken back
    assert where(game(at)) == second
    click_undo(at, 2)                                   # the two steps taken back: where the rewind landed
    assert where(game(at)) == landed
    click_undo(at, 1)                                   # and the rewind taken back
    assert where(game(at)) == first


def test_a_rewind_to_the_start_of_the_turn_the_game_is_at_offers_nothing_to_bring_back():
    at = open_page("pages/play.py")
    start(at, seed=13, bot_seat0=True)
    finish_turns(at, 3)
    at.button(key="ctl_step").click().run()
    rewind_to(at, turns(at))
    at_start = game(at)
    rewind_to(at, turns(at))                            # there already
    assert game(at).ply == at_start.ply and "Undo brings back" not in shown(at).rsplit("Rewound", 1)[1]
    at.button(key="ctl_undo").click().run()             # Undo takes back the first rewind, not the one that did nothing
    assert game(at).ply > at_start.ply
