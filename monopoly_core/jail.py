"""Jail (002 JAIL; 004 "How do I get out of Jail?"): going in, a turn that starts there, coming out.

A player is sent to jail by the Go to Jail square, a card, or too many doubles in one turn; no salary, and the
turn ends. A turn that starts in jail offers paying the fine, a Get Out of Jail Free card, or rolling for
doubles; after the last allowed try without doubles the fine is paid and the roll is moved. Whether the fine may
be paid before the roll on that last turn differs between the books (``RuleSet.jail_pay_on_last_turn``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import actions as A
from . import card_play
from . import events as E
from . import flow
from . import movement
from . import payments
from .rent import NORMAL
from .state import jail_card

if TYPE_CHECKING:
    from .actions import Action
    from .game_state import GameState, Play
    from .state import Player


def to_jail(g: GameState, p: Player, reason: int) -> None:
    """Go directly to jail: no salary, doubles no longer count, the turn ends (002 JAIL)."""
    p.position = g.board.jail
    p.in_jail = True
    p.jail_turns = 0
    g.log.add(E.JAIL_IN, p.seat, g.board.jail, 0, -1, reason)


def release(g: GameState, p: Player, how: int, deck: int = -1) -> None:
    p.in_jail = False
    p.jail_turns = 0
    g.log.add(E.JAIL_OUT, p.seat, p.position, 0, deck, how)


def on_last_try(g: GameState, p: Player) -> bool:
    """True on the turn that is ``p``'s last allowed try for doubles."""
    return p.jail_turns >= g.rules.jail_turns - 1


def jail_turn(g: GameState, p: Player) -> Play:
    """A turn that starts in jail: its window and the choice made there. Returns True when the player left jail
    before rolling (fine or card) and now takes a normal turn; False when the turn is used up here (a roll without
    doubles, or the roll out of jail and its move): then the caller ends the turn, with the post-roll window unless
    the player went bankrupt (:func:`end_of_turn`, or the edition's own end: the Mega Edition settles a group
    completed by the move before that window)."""
    action = yield from flow.window(g, g.jail_windows[p.seat])
    free = yield from jail_choice(g, p, action)
    return free


def end_of_turn(g: GameState, p: Player) -> Play:
    """The end of a turn used up in jail (:func:`jail_turn` returned False): the post-roll window, unless the
    player went bankrupt."""
    if not p.bankrupt:
        yield from flow.window(g, g.post_roll_windows[p.seat][0])


def jail_choice(g: GameState, p: Player, action: Action) -> Play:
    """What follows the jail choice ``action`` (pay, card or roll): :func:`jail_turn` after its window (apart, for
    an edition whose window may end the turn first: the Cheaters Edition's call of "Cheat!"). Returns as
    :func:`jail_turn` does; the post-roll window of a turn used up here is the caller's."""
    if action.kind == A.PAY_FINE:
        payments.transfer(g, p.seat, g.fee_payee, g.rules.jail_fine, E.R_FINE)
        release(g, p, E.OUT_BY_FINE)
        return True
    if action.kind == A.USE_CARD:
        kind, index = p.cards.pop(jail_card(g, p))
        g.decks[kind].append(index)
        release(g, p, E.OUT_BY_CARD, card_play.deck_code(g, kind))
        return True
    dice = g.edition.jail_dice
    r = movement.roll(g, p, E.ROLL_JAIL) if dice is None else movement.roll_dice(g, p, E.ROLL_JAIL, dice)
    yield from flow.boundary(g)
    if r.doubles and g.edition.watches_doubles:
        yield from g.edition.after_doubles(g, p)
    if r.doubles:
        release(g, p, E.OUT_BY_DOUBLES)
    else:
        p.jail_turns += 1
        if p.jail_turns < g.rules.jail_turns:
            return False
        yield from payments.charge(g, p, g.fee_payee, g.rules.jail_fine, E.R_FINE)
        if p.bankrupt:
            return False
        release(g, p, E.OUT_BY_FORCED_FINE)
    square = movement.advance(g, p, r.total)
    yield from g.landing[square].land(g, p, square, r.total, NORMAL)
    return False
