"""A turn of the Cheaters Edition (seed 003 first part, "On your turn", "Stations", "Go To Jail", "How do I get out
of Jail?"), in the order of play:

1. people at the table may call "Cheat!" on the previous player's turn, before this player rolls; then a cheat
   nobody caught is revealed and rewarded (cheats.py);
2. the player looks at the face-up cheat cards: attempts one, plays a held card, or goes on (``decisions.CHEAT``);
3. in jail: the classic jail choice (pay £50, Get Out of Jail Free, or roll for doubles); else the pre-roll window;
4. roll, move and land, again after doubles; three doubles: jail and the handcuffs. A station moves the token on to
   the next station and ends the turn.

One prisoner at a time: "Is someone else already in Jail? Free them and take their place!"
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import decisions as D
from .. import events as E
from .. import final_lap
from .. import flow
from .. import jail
from .. import movement
from .. import turn
from ..landing import LandingRule
from ..rent import NORMAL
from . import cheaters_actions as C
from . import cheaters_cards
from . import cheats

if TYPE_CHECKING:
    from ..game_state import GameState, Play
    from ..state import Player


def take_turn(g: GameState, p: Player) -> Play:
    """A Cheaters turn: calls of "Cheat!" on the turn before, its cheat revealed, this player's cheat, then the
    classic turn with the handcuffs and the stations (:func:`rolls`)."""
    turn.start_turn(g, p)
    state = g.extra
    yield from calls_before_the_roll(g, p)
    cheats.reveal(g)
    if not p.bankrupt:
        yield from plan(g, p)
    state.last_player = p.seat
    if p.bankrupt or g.over:
        return
    if p.in_jail:
        if state.cheats.attempted_turn == g.turn and state.jailed_turn == g.turn:
            return                      # caught cheating and sent to jail this turn: the turn is over
        free = yield from jail.jail_turn(g, p)
        if not free:
            return
    elif p.seat not in g.skips_pre_roll:
        window = g.pre_roll_windows[p.seat]
        assert window is not None       # (made for every seat that does not skip it)
        yield from flow.window(g, window)
    yield from rolls(g, p)


def rolls(g: GameState, p: Player) -> Play:
    """Roll, move and land, again after doubles (a station ends the turn, doubles or not)."""
    state = g.extra
    limit = g.rules.doubles_to_jail
    while True:
        r = movement.roll(g, p, E.ROLL_MOVE)
        yield from flow.boundary(g)
        if r.doubles:
            p.doubles += 1
            if p.doubles == limit:
                yield from g.edition.go_to_jail(g, p, E.JAIL_BY_DOUBLES)
                yield from flow.window(g, g.post_roll_windows[p.seat][0])
                return
        state.turn_ended = False
        square = movement.advance(g, p, r.total)
        yield from g.landing[square].land(g, p, square, r.total, NORMAL)
        if p.bankrupt:
            return
        again = r.doubles and not p.in_jail and not state.turn_ended and not final_lap.home(g, p.seat)
        yield from flow.window(g, g.post_roll_windows[p.seat][1 if again else 0])
        if not again or p.bankrupt:
            return


def calls_before_the_roll(g: GameState, p: Player) -> Play:
    """Each person at the table (but the previous player) may call "Cheat!" on the previous player's turn before
    this player rolls. (Bots call at once when they notice a cheat: cheats.attempt.)"""
    last = g.extra.last_player
    if last < 0 or g.players[last].bankrupt:
        return
    for q in g.players:
        if q.bankrupt or q.seat == last or q.seat in g.bots:
            continue
        answer = yield from flow.ask(g, D.Decision(g, D.CALL_CHEAT, q.seat, other=last))
        if answer.kind == C.CALL:
            yield from cheats.accuse(g, q, last)
            if g.players[last].bankrupt or p.bankrupt:
                return


def plan(g: GameState, p: Player) -> Play:
    """"Start by checking out the Cheat cards on the board": attempt a face-up cheat (one a turn), play held cards,
    then go on with the turn."""
    t = cheats.table(g)
    d = g.extra.plan_decision(g, p.seat)
    while not p.bankrupt:
        flow.check_budget(g)
        answer = yield from flow.ask(g, d)
        kind = answer.kind
        if kind == C.ATTEMPT:
            card = t.deck.cards[t.face_up[answer.square]]
            yield from cheats.attempt(g, p, card, answer.square)
        elif kind == C.FREE_CHEAT:
            yield from cheats.attempt(g, p, t.deck.free[answer.square], -1)
        elif kind == C.PLAY_CARD:
            yield from cheaters_cards.play_held(g, p, g.deck_kinds[answer.square])
        else:
            return
        if p.in_jail and t.attempted_turn == g.turn and g.extra.jailed_turn == g.turn:
            return


def go_to_jail(g: GameState, p: Player, reason: int) -> None:
    """To jail in the handcuffs; a player already there is freed to Just Visiting."""
    for q in g.players:
        if q.in_jail and q.seat != p.seat:
            jail.release(g, q, E.OUT_BY_HANDCUFFS)
    jail.to_jail(g, p, reason)
    g.extra.jailed_turn = g.turn
    g.extra.turn_ended = True


def prisoner(g: GameState) -> int:
    """The seat wearing the handcuffs, or -1."""
    for q in g.players:
        if q.in_jail:
            return q.seat
    return -1


class OnStation(LandingRule):
    """"Stations: They're not for sale! When you land here, move to the next station space and end your turn."
    Passing GO on the way pays the salary ("When you pass or land on the GO space, collect £200")."""

    def land(self, g: GameState, p: Player, square: int, dice_total: int, mode: int) -> Play:
        nxt = g.extra.next_station[square]
        steps = (nxt - square) % g.size
        g.extra.turn_ended = True
        if nxt < square:
            movement.salary(g, p, nxt == 0)
            if g.final_lap is not None:     # on the final lap, a move past GO stops there
                final_lap.stop_at_go(g, p, square)
                return
        p.position = nxt
        g.log.add(E.MOVE, p.seat, nxt, steps, square, E.MOVE_BY_STATION)
        return
        yield


STATION = OnStation()
