"""The Mega Edition on the Play page (issue 15): the speed die's face, bus tickets in the players' panels, the
buildings' names, and the words and controls of the edition's own decisions. The rules are the core's
(``monopoly_core.editions.mega``); this module only words them for a class."""
from __future__ import annotations

import streamlit as st

from monopoly_core import decisions as D
from monopoly_core.dice import SPEED_BUS, SPEED_MR_MONOPOLY
from monopoly_core.editions import mega_tickets, mega_turn as M
from monopoly_core.narrate import money

from . import _game_state as gs

QUESTION = {
    D.USE_BUS_TICKET: "You hold a bus ticket: ride it to a square ahead on this side of the board, or roll.",
    D.TRIPLES: "Triples! Move to any square on the board (you do not roll again).",
    D.BUS_FACE: "The speed die shows the Bus: take a bus ticket, or ride on to the nearest Chance or Community Chest.",
    D.AUCTION_PICK: "The Auction square: pick an unowned property for the bank to auction.",
    D.BIRTHDAY_GIFT: "Birthday Gift: $100 from the bank, or a bus ticket.",
}
#: The decisions with many squares to choose from: a list and one button rather than a button a square.
PICKERS = {D.TRIPLES: "Move to", D.AUCTION_PICK: "Auction", D.USE_BUS_TICKET: "Ride a bus ticket to"}


def is_mega(g) -> bool:
    return g.edition.name == "mega"


def roll_words(g, roll) -> str:
    """A roll as a class reads it: "3 + 4, speed die Bus: move 7" (the classic dice: "3 + 4 = 7")."""
    if len(roll.faces) != 3:
        return f"{' + '.join(map(str, roll.faces))} = {roll.total}"
    a, b, s = roll.faces
    face = "Mr. Monopoly" if s in SPEED_MR_MONOPOLY else "Bus" if s == SPEED_BUS else str(s)
    # 002: "If you roll TRIPLE 1's, 2's, or 3's, move ahead to ANY space" (only Mega plays triples); a pair of 4s,
    # 5s or 6s beside the Mr. Monopoly or Bus face is doubles (a browser review read "6 + 6, speed die Bus (triples!)")
    if a == b == s and s not in SPEED_MR_MONOPOLY and s != SPEED_BUS and is_mega(g):
        return f"{a} + {b}, speed die {face} (triples!): move to any square"
    return f"{a} + {b}, speed die {face}: move {roll.total}"


def status(g, p) -> list[str]:
    """Words for a player's panel: the bus tickets they hold."""
    if not is_mega(g):
        return []
    n = mega_tickets.held(p)
    return [f"{n} bus ticket{'s' if n != 1 else ''}"] if n else []


def supply_words(g) -> str:
    if not is_mega(g):
        return ""
    x = mega_tickets.supply(g)
    return (f", skyscrapers left {x.skyscrapers_left}, train depots left {x.depots_left}, bus tickets left "
            f"{len(x.pile)}")


def ticket_to_choose(d, g) -> bool:
    """Whether going on from the pre-roll window leads to the bus-ticket question (ride or roll), not straight to
    the dice: the deciding player holds a ticket they may ride now (a reviewer pressed "Roll the dice", saw no dice,
    and was asked again)."""
    return is_mega(g) and d.kind == D.PRE_ROLL and mega_tickets.usable(g, g.players[d.player]) > 0


#: The pre-roll window's words and its going-on button, for a player who may ride a bus ticket instead of rolling
TICKET_QUESTION = "Your turn: manage your properties if you like, then roll or ride a bus ticket."
TICKET_GO_ON = "Go on: roll, or ride a bus ticket"


def label(action, d, g) -> str | None:
    """The button text of one of the edition's own answers (None: not one of them)."""
    k = action.kind
    name = g.board.squares[action.square].name if action.square >= 0 else ""
    words = {M.RIDE_TICKET: f"Ride a bus ticket to {name}", M.MOVE_TO: f"Move to {name}",
             M.TAKE_TICKET: "Take a bus ticket", M.RIDE_BUS: "Ride on to the nearest Chance or Community Chest",
             M.PICK: f"Auction {name}", M.GIFT_CASH: f"Take {money(g, 100)} from the bank",
             M.GIFT_TICKET: "Take a bus ticket"}
    return words.get(k)


def picker(d, g, options, label_of) -> list:
    """For a decision with many squares to choose from: a list and one button; returns the options left to show
    as buttons (the rest)."""
    title = PICKERS.get(d.kind)
    if title is None:
        return options
    squares = [a for a in options if a.square >= 0]
    # every square by its number too: the board has three Chance and three Community Chest squares (a reviewer
    # found them folded into one entry of the list, the others out of reach)
    choices = {f"{label_of(a, d, g)} (square {a.square})": a for a in squares}
    pick = st.selectbox(title, list(choices), key=f"mega_pick_{d.kind}")
    rest = [a for a in options if a.square < 0]
    # one red button a decision: with another answer beside it (Roll, for a bus ticket), that one (a browser review
    # found two red buttons under "Ride a bus ticket to")
    st.button(pick, key=f"mega_go_{d.kind}", on_click=gs.act, args=(choices[pick],),
              type="secondary" if rest else "primary", width="stretch")
    return rest
