"""The Mega Edition's bus tickets and its own building supply (seed 002, BUS TICKETS and CONTENTS).

A game's :class:`MegaSupply` (``GameState.extra``) holds the shuffled ticket pile, the tickets out of play, and the
bank's skyscrapers and train depots; each player's ``extra`` is the number of tickets they hold. Tickets are all
alike once held: one that said "All tickets expire, except this one" has done its work when it was drawn.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import events as E
from ..datafiles import load_toml
from ..errors import DataError

if TYPE_CHECKING:
    from ..game_state import GameState
    from ..rules import RuleSet
    from ..state import Player


class MegaSupply:
    """The Mega Edition's game-wide state: the ticket pile (top last; True for a ticket that expires the others),
    the tickets used or expired (out of play), and the bank's skyscrapers and train depots."""

    __slots__ = ("pile", "out_of_play", "tickets", "skyscrapers_left", "depots_left", "settled", "mr_monopoly_moving",
                 "drawn_turn", "drawn")

    def __init__(self, pile: list[bool], skyscrapers: int, depots: int) -> None:
        self.pile = pile
        self.tickets = len(pile)          # tickets in the game at the start
        self.out_of_play = 0
        self.skyscrapers_left = skyscrapers
        self.depots_left = depots
        self.settled = -1                 # the game version the last-property rule last looked at (mega_groups)
        #: a roll of Mr. Monopoly is being played out, from the dice move to the end of the bonus move: nobody
        #: trades meanwhile (mega_turn.take_turn; Mega.trades_closed)
        self.mr_monopoly_moving = False
        #: the tickets each seat drew in turn ``drawn_turn`` (seat -> count): "for use on a later turn" (:func:`usable`)
        self.drawn_turn = -1
        self.drawn: dict[int, int] = {}


def ticket_pile(name: str) -> list[bool]:
    """The tickets of ``data/tickets/<name>.toml`` in file order (True: it expires every other ticket)."""
    if not name:
        return []
    raw = load_toml("tickets", name)
    pile: list[bool] = []
    for t in raw.get("tickets", ()):
        count = t.get("count", 1)
        if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= 1000:
            raise DataError(f"tickets {name!r}: a count is a whole number from 0 to 1000, got {count!r}")
        pile.extend([bool(t.get("expires", False))] * count)
    return pile


def new_supply(rules: RuleSet) -> MegaSupply:
    return MegaSupply(ticket_pile(rules.bus_tickets), rules.skyscrapers, rules.train_depots)


def supply(g: GameState) -> MegaSupply:
    x = g.extra
    assert isinstance(x, MegaSupply)        # (a Mega game's extra, made by Mega.game_extra)
    return x


def held(p: Player) -> int:
    """The bus tickets ``p`` holds."""
    x = p.extra
    return x if isinstance(x, int) else 0


def usable(g: GameState, p: Player) -> int:
    """The tickets ``p`` may ride now: those held, less any drawn this turn (002: a ticket drawn on the Bus Ticket
    square is kept "for use on a later turn", the Birthday Gift's "for use on a later turn", the Bus face's "for
    later use"; an outside audit saw one drawn on the way ridden on the doubles' second roll). A ticket received in a
    trade this turn is not drawn: it may be ridden."""
    n = held(p)
    x = supply(g)
    if n and x.drawn_turn == g.turn:
        fresh = x.drawn.get(p.seat, 0)
        return n - fresh if n > fresh else 0
    return n


def tickets_left(g: GameState) -> int:
    return len(supply(g).pile)


def _set_held(g: GameState, p: Player, n: int, how: int) -> None:
    change = n - held(p)
    p.extra = n
    g.log.add(E.BUS_TICKET, p.seat, p.position, n, change, how)


def draw(g: GameState, p: Player, how: int) -> None:
    """``p`` takes the top ticket, if any remain (002 BUS TICKET: "Do nothing if no Bus Tickets remain"). One that
    says "All tickets expire" first sends every other ticket held by any player to the bank (002 BUS TICKETS)."""
    x = supply(g)
    if not x.pile:
        return
    expires = x.pile.pop()
    if x.drawn_turn != g.turn:
        x.drawn_turn, x.drawn = g.turn, {}
    if expires:
        for q in g.players:
            n = held(q)
            if n:
                x.out_of_play += n
                _set_held(g, q, 0, E.TICKET_EXPIRED)
        x.drawn = {}
    _set_held(g, p, held(p) + 1, how)
    x.drawn[p.seat] = x.drawn.get(p.seat, 0) + 1


def use(g: GameState, p: Player) -> None:
    """``p`` hands a ticket to the banker: "it is out of play for the remainder of the game" (002 BUS TICKETS)."""
    supply(g).out_of_play += 1
    _set_held(g, p, held(p) - 1, E.TICKET_USED)


def trade(g: GameState, giver: Player, receiver: Player) -> None:
    """One ticket changes hands in an accepted trade (002 BUS TICKETS: "You can buy/sell/trade Bus Tickets with
    other players"). The tickets are alike, so a giver who drew one this turn hands that one over first and keeps
    the older, which it may still ride (an outside audit: a player holding an old ticket and one just drawn, who
    traded one away, could then ride neither on the doubles' second roll)."""
    x = supply(g)
    fresh = x.drawn.get(giver.seat, 0) if x.drawn_turn == g.turn else 0
    if fresh:
        x.drawn[giver.seat] = fresh - 1
    _set_held(g, giver, held(giver) - 1, E.TICKET_TRADED)
    _set_held(g, receiver, held(receiver) + 1, E.TICKET_TRADED)


def hand_over(g: GameState, bankrupt: Player, creditor: Player) -> None:
    """A player bankrupt to another hands over their tickets with everything else (002 BANKRUPTCY: "you must turn
    over to that player all that you have of value"; BUS TICKETS: tickets can be bought, sold and traded, so they
    are of value). The loss is logged first, then the gain, as in a trade."""
    n = held(bankrupt)
    if n:
        _set_held(g, bankrupt, 0, E.TICKET_BANKRUPTCY)
        _set_held(g, creditor, held(creditor) + n, E.TICKET_BANKRUPTCY)


def put_out_of_play(g: GameState, bankrupt: Player) -> None:
    """The tickets of a player bankrupt to the bank go out of play, as a used one does (the rule book is silent:
    the bank auctions a bankrupt player's properties, and a ticket is not a property), as the bankruptcy begins. (They
    went at the next turn's start, so a bankruptcy that ended the game left them held: an outside review.)"""
    n = held(bankrupt)
    if n:
        supply(g).out_of_play += n
        _set_held(g, bankrupt, 0, E.TICKET_RETURNED)


def side_squares(size: int, position: int) -> list[int]:
    """The squares ahead of ``position`` on its side of the board, up to and including the next corner (002 BUS
    TICKETS: "move forward to any space on the same side of the board. (Corners are the final space on each side,
    as well as the first space of the next side.)"). Four sides of ``size // 4`` steps."""
    side = size // 4
    return [(position + i) % size for i in range(1, side - position % side + 1)]


# --- arranging a position (the supported set-up for tests and lessons, as Game.arrange is for holdings) -----------
def arrange_held(g: GameState, seat: int, n: int) -> None:
    """``seat`` holds ``n`` bus tickets, taken from (or put back on) the pile; ordinary tickets are taken first."""
    x = supply(g)
    p = g.players[seat]
    while held(p) < n:
        if not x.pile:
            raise ValueError("no bus tickets left in the pile")
        x.pile.sort(reverse=True)          # (the expiring tickets to the bottom: an arranged hand expires nothing)
        x.pile.pop()
        p.extra = held(p) + 1
    while held(p) > n:
        x.pile.insert(0, False)
        p.extra = held(p) - 1


def arrange_next_ticket(g: GameState, expires: bool) -> None:
    """The next ticket drawn says "All tickets expire" (``expires``) or is an ordinary one."""
    x = supply(g)
    if expires not in x.pile:
        raise ValueError(f"no {'expiring' if expires else 'ordinary'} ticket is left in the pile")
    x.pile.remove(expires)
    x.pile.append(expires)


def arrange_empty_pile(g: GameState) -> None:
    """Every ticket still in the pile is out of play (002: "When they are gone, they're gone!")."""
    x = supply(g)
    x.out_of_play += len(x.pile)
    x.pile.clear()
