"""AppTest for what an outside reviewer, playing in chromium, found on the Play page: the rewind box, undoing a
rewind, buttons turned off by a refusal, wording, rules an edition does not use and the bid button's amount."""
from __future__ import annotations

from apptest_helpers import open_page, shown
from test_page_play import open_rewind, start


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
