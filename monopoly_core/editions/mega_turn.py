"""A Mega Edition turn (seed 002, "What's New?": THE DICE & HOW TO MOVE, DOUBLES & TRIPLES, BUS TICKETS).

Read top to bottom, :func:`take_turn` is the order of play: jail or the pre-roll window; a bus ticket instead of the
roll; three dice; triples move anywhere; doubles on the white dice; numbers move the total of all three; Mr. Monopoly
and the Bus move by the white dice and then move again. The classic rules do the rest (landing, rent, jail).

Where the rule book is silent, this lab's choices:

* a player in jail does not ride a bus ticket (there the roll is a try for doubles); one who pays or uses a card to
  leave may, as the turn then goes on as usual;
* triples move to any square but the one the token stands on (a move "ahead");
* utilities charge 4, 10 or 20 times the white dice (the speed die's pips move the token, they are not "the dice
  thrown" for rent); after a bus-ticket move the white dice are rolled for it, as the rule book says (and on the
  Auction square reached by a ticket, where a utility may be the highest rent ahead);
* a first move that ends in jail (Go To Jail, a card) ends the turn: no Mr. Monopoly or Bus move follows;
* Mr. Monopoly "move[s] ahead": when the only property he can send the token to is the one it stands on (the one
  unowned property, just declined and not sold at auction; the one property where rent is owed), the token goes
  round the whole board to it, past GO with the salary, and lands there again (a move ahead of no squares is no
  move).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .. import decisions as D
from .. import events as E
from .. import flow
from .. import jail
from .. import movement
from .. import turn
from ..actions import Action
from ..decisions import Decision
from ..dice import SPEED_BUS, SPEED_MR_MONOPOLY
from ..rent import NORMAL
from . import mega_groups
from . import mega_tickets as T

if TYPE_CHECKING:
    from ..board import Board
    from ..game_state import GameState, Play
    from ..state import Player

# --- the edition's own action kinds (answers to its decisions) ----------------------------------------------------
RIDE_TICKET: Final = "ride_ticket"      # use a bus ticket: ride to `square`, on this side of the board
MOVE_TO: Final = "move_to"              # triples: move to `square`
TAKE_TICKET: Final = "take_ticket"      # the Bus face: take a bus ticket
RIDE_BUS: Final = "ride_bus"            # the Bus face: move on to the nearest Chance or Community Chest ahead
PICK: Final = "pick"                    # the Auction square: the bank auctions `square`
GIFT_CASH: Final = "gift_cash"          # Birthday Gift: $100 from the bank
GIFT_TICKET: Final = "gift_ticket"      # Birthday Gift: a bus ticket
#: the kinds that take nothing, those that take a square (``actions.register_kinds``), and all of them
BARE_KINDS: Final = (TAKE_TICKET, RIDE_BUS, GIFT_CASH, GIFT_TICKET)
SQUARE_KINDS: Final = (RIDE_TICKET, MOVE_TO, PICK)
KINDS: Final = BARE_KINDS + SQUARE_KINDS
A_TAKE_TICKET, A_RIDE_BUS = Action(TAKE_TICKET), Action(RIDE_BUS)
A_GIFT_CASH, A_GIFT_TICKET = Action(GIFT_CASH), Action(GIFT_TICKET)


def take_turn(g: GameState, p: Player) -> Play:
    """One Mega turn."""
    turn.start_turn(g, p)
    mega_groups.settle(g)      # (a group completed by a bankruptcy that ended the last turn)
    if p.in_jail:
        # 002: "While in JAIL, roll only the two white dice (if you pay beforehand to get out, roll all three dice)"
        free = yield from jail.jail_turn(g, p)
        if not free:
            # the last-property rule before the post-roll window, as after any roll (an outside audit: a roll out
            # of jail onto a group's last street opened the window on the uneven group, the rule applied after it)
            yield from _end(g, p, False)
            return
    elif p.seat not in g.skips_pre_roll:
        window = g.pre_roll_windows[p.seat]
        assert window is not None       # (made for every seat that does not skip it)
        yield from flow.window(g, window)
    limit = g.rules.doubles_to_jail
    while True:
        if T.usable(g, p):
            # 002 BUS TICKETS: "On any turn, you may choose to use a Bus Ticket ... instead of rolling the dice";
            # DOUBLES: "If doubles entitle you to roll again, you may use a Bus Ticket in place of rolling"
            choice = yield from flow.ask(g, Decision(g, D.USE_BUS_TICKET, p.seat, square=p.position))
            if choice.kind == RIDE_TICKET:
                yield from ride_ticket(g, p, choice.square)
                yield from _end(g, p, False)
                return
        r = movement.roll(g, p, E.ROLL_MOVE)
        yield from flow.boundary(g)
        white1, white2, speed = r.faces[0], r.faces[1], r.faces[2]
        white = white1 + white2
        if r.doubles and speed == white1 and speed <= 3:
            # 002: "If you roll TRIPLE 1's, 2's, or 3's, move ahead to ANY space on the board. Do not roll again. You
            # do not go to Jail if you've rolled doubles twice before rolling triples."
            choice = yield from flow.ask(g, Decision(g, D.TRIPLES, p.seat, square=p.position))
            move_to(g, p, choice.square, E.MOVE_BY_TRIPLES)
            yield from g.landing[choice.square].land(g, p, choice.square, white, NORMAL)
            yield from _end(g, p, False)
            return
        if r.doubles:
            p.doubles += 1
            if p.doubles == limit:
                yield from g.edition.go_to_jail(g, p, E.JAIL_BY_DOUBLES)
                yield from _end(g, p, False)
                return
        # numbers move all three dice; Mr. Monopoly and the Bus the white dice first (r.total says which)
        x = T.supply(g)
        # 002: "Note: An opponent can't build or trade until your Mr. Monopoly move is completed." (Only the mover
        # builds, in the window after it; a purchase, an auction or a debt on the way offers trades: closed.)
        x.mr_monopoly_moving = speed in SPEED_MR_MONOPOLY
        square = movement.advance(g, p, r.total)
        yield from g.landing[square].land(g, p, square, white, NORMAL)
        if speed > 3 and not p.bankrupt and not p.in_jail:
            if speed == SPEED_BUS:
                yield from bus_face(g, p, white)
            else:
                yield from mr_monopoly(g, p, white)
        x.mr_monopoly_moving = False
        if p.bankrupt:
            return
        again = r.doubles and not p.in_jail
        yield from _end(g, p, again)
        if not again or p.bankrupt:
            return


def _end(g: GameState, p: Player, again: bool) -> Play:
    """The last-property rule, then the post-roll window (unless the roll left ``p`` bankrupt)."""
    mega_groups.settle(g)
    if not p.bankrupt:
        yield from flow.window(g, g.post_roll_windows[p.seat][1 if again else 0])
        mega_groups.settle(g)


def move_to(g: GameState, p: Player, target: int, how: int) -> None:
    """Move ``p`` forward to ``target`` (a move that is not a dice move: a ticket, triples, Mr. Monopoly, the Bus,
    the Auction square; to the square it stands on, a whole lap), with the salary when it passes or lands on GO
    (002 BUS TICKETS: "If a Bus Ticket or Mr. Monopoly roll causes you to land on or pass GO, collect $200 as
    usual")."""
    start = p.position
    steps = (target - start) % g.size or g.size     # (the square it stands on, ahead: a whole lap)
    if target <= start:
        movement.salary(g, p, target == 0)
    p.position = target
    g.log.add(E.MOVE, p.seat, target, steps, start, how)


def ride_ticket(g: GameState, p: Player, target: int) -> Play:
    """Use a bus ticket: ride forward to ``target`` on this side of the board and land there. On an opponent's
    utility, roll the white dice for the rent (002 BUS TICKETS)."""
    T.use(g, p)
    move_to(g, p, target, E.MOVE_BY_TICKET)
    dice_total = 0
    owner = g.owner[target]
    if g.board.squares[target].kind == "utility" and owner >= 0 and owner != p.seat and not g.mortgaged[target]:
        white = g.edition.jail_dice
        assert white is not None        # (the Mega Edition's white dice)
        dice_total = movement.roll_dice(g, p, E.ROLL_UTILITY_TICKET, white).total
    yield from g.landing[target].land(g, p, target, dice_total, NORMAL)


def mr_monopoly_target(g: GameState, p: Player) -> int:
    """Where Mr. Monopoly sends ``p``: the next unowned property ahead; when all are owned, the next one ahead on
    which ``p`` owes rent; -1 to stay (002 THE DICE & HOW TO MOVE)."""
    owner = g.owner
    ahead = _properties_ahead(g.board)[p.position]
    for s in ahead:
        if owner[s] < 0:
            return s
    for s in ahead:
        if owner[s] != p.seat and not g.mortgaged[s]:
            return s
    return -1


_AHEAD: dict[int, tuple[Board, tuple[tuple[int, ...], ...]]] = {}


def _properties_ahead(board: Board) -> tuple[tuple[int, ...], ...]:
    """For each square, the board's properties in the order a token moving on from it meets them (worked out once
    per board: Mr. Monopoly looks after a third of all rolls)."""
    entry = _AHEAD.get(id(board))
    if entry is None or entry[0] is not board:
        n = board.size
        rows = []
        for u in range(n):        # (plain loops: compiled, a lambda over the loop variable is not closed over)
            ahead = sorted([((s - u - 1) % n, s) for s in board.properties])
            rows.append(tuple([s for _, s in ahead]))
        table = tuple(rows)
        entry = _AHEAD[id(board)] = (board, table)
    return entry[1]


def mr_monopoly(g: GameState, p: Player, white: int) -> Play:
    """The Mr. Monopoly bonus move, after the white-dice move's square is resolved. (The rule book's "An opponent
    can't build or trade until your Mr. Monopoly move is completed": only the player whose turn it is manages in
    windows, and the window comes after this move; no trade is offered on the way (:meth:`.mega.Mega.trades_closed`);
    and the last-property rule waits for the move's end for another player's group (:func:`.mega_groups.settle`).)"""
    target = mr_monopoly_target(g, p)
    if target < 0:
        return
    move_to(g, p, target, E.MOVE_BY_MR_MONOPOLY)
    yield from g.landing[target].land(g, p, target, white, NORMAL)


def bus_face(g: GameState, p: Player, white: int) -> Play:
    """The Bus: take a bus ticket, or move on to the nearest Chance or Community Chest ahead (002). With no ticket
    left, only the move remains."""
    if T.tickets_left(g):
        choice = yield from flow.ask(g, Decision(g, D.BUS_FACE, p.seat, square=p.position))
        if choice.kind == TAKE_TICKET:
            T.draw(g, p, E.TICKET_BUS)
            return
    target = nearest_card_square(g, p.position)
    move_to(g, p, target, E.MOVE_BY_BUS)
    yield from g.landing[target].land(g, p, target, white, NORMAL)


def nearest_card_square(g: GameState, position: int) -> int:
    """The nearest Chance or Community Chest square strictly ahead of ``position``."""
    size = g.size
    best = -1
    for kind in g.deck_kinds:
        s = g.board.nearest(position, kind)
        if best < 0 or (s - position) % size < (best - position) % size:
            best = s
    return best
