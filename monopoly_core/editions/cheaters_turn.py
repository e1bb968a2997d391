"""A turn of the Cheaters Edition (seed 003 first part, "On your turn", "Stations", "Go To Jail", "How do I get out
of Jail?", "How Do I Catch a Cheat?"), in the order of play:

1. the player looks at the face-up cheat cards: attempts one, plays a held card, or goes on (``decisions.CHEAT``).
   Their first answer closes the previous player's watch: that player's cheat, if nobody caught it, is revealed and
   rewarded (cheats.py), and from then on "Cheat!" is called on this player;
2. in jail: the classic jail choice (pay £50, Get Out of Jail Free, or roll for doubles); else the pre-roll window;
3. roll, move and land, again after doubles; three doubles: jail and the handcuffs. A station moves the token on to
   the next station and ends the turn.

Calling "Cheat!" ("call out, 'CHEAT!' ... before the next player rolls the dice") is something a person may do, not
a question each turn: while any window of the turn is open (this player's cheat plan, pre-roll, jail and post-roll
windows, and the next player's cheat plan), every person at the table but the one watched may interject a call
(``decisions.INTERJECTIONS``; :func:`call_problem`), once each. The watch ends when the next player moves on from
the cheat cards, which stands for the rule book's "after the next player rolls the dice" (the next player's own
attempt needs the table clear). Bots call at once when they notice a cheat (``cheats.attempt``).

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
from . import cheaters_actions as C
from . import cheaters_cards
from . import cheats

if TYPE_CHECKING:
    from ..game_state import GameState, Play
    from ..state import Player


def take_turn(g: GameState, p: Player) -> Play:
    """A Cheaters turn: this player's cheat plan (which closes the previous player's watch), then the classic turn
    with the handcuffs and the stations (:func:`rolls`)."""
    turn.start_turn(g, p)
    if not p.bankrupt:
        yield from plan(g, p)
    move_on(g, p)
    if p.bankrupt or g.over or final_lap.home(g, p.seat):     # (home: a nudge past GO on the final lap)
        return
    if p.in_jail:
        if jailed_for_cheating(g):
            return                      # caught cheating and sent to jail this turn: the turn is over
        choice = yield from flow.window(g, g.jail_windows[p.seat])
        if jailed_for_cheating(g) or p.bankrupt or g.over:
            return                      # caught by a call in the jail window: jailed anew (or out), the turn is over
        free = yield from jail.jail_choice(g, p, choice)
        if not free:
            yield from jail.end_of_turn(g, p)
            return
    elif p.seat not in g.skips_pre_roll:
        window = g.pre_roll_windows[p.seat]
        assert window is not None       # (made for every seat that does not skip it)
        yield from flow.window(g, window)
        if p.in_jail or p.bankrupt or g.over:
            return                      # caught by a call in the window and jailed (or out of the game)
    # the classic roll, move and land, again after doubles (a station ends the turn: g.turn_over)
    yield from turn.play_turn(g, p, g.rules.doubles_to_jail, before_roll=False)
    if p.cards and final_lap.home(g, p.seat):
        yield from home_cards(g, p)     # home at GO this turn: the cards held, before the final count may come


def jailed_for_cheating(g: GameState) -> bool:
    """Whether the current player was caught cheating and sent to jail in this turn."""
    return g.extra.cheats.attempted_turn == g.turn and g.extra.jailed_turn == g.turn



#: the decisions during which a person may call "Cheat!" (the windows' extra actions and the cheat plan)
CALL_WINDOWS = frozenset({D.CHEAT, D.PRE_ROLL, D.JAIL, D.POST_ROLL})


def call_problem(g: GameState, caller: int) -> str | None:
    """Why the person in seat ``caller`` may not call "Cheat!" now (None: they may)."""
    state = g.extra
    if not 0 <= caller < len(g.players):
        return f"there is no player {caller} at the table"
    who = g.players[caller]
    if caller in g.bots:
        return f"{who.name} is a bot: bots call \"Cheat!\" when they notice a cheat"
    if who.bankrupt:
        return f"{who.name} is out of the game"
    watched = state.last_player
    if watched < 0 or g.players[watched].bankrupt:
        return "nobody has had a turn to call \"Cheat!\" on yet"
    if watched == caller:
        return "you cannot call \"Cheat!\" on yourself"
    if caller in state.callers:
        return f"{who.name} has already called \"Cheat!\" on {g.players[watched].name}'s turn"
    if cheats.table(g).last_caught == (watched, state.watch_turn):
        # (a reviewer was offered the call, and pressed it to no effect, after the cheat had been caught)
        return f"{g.players[watched].name}'s cheat on this turn was caught already"
    return None


def callers(g: GameState) -> list[int]:
    """The people who may call "Cheat!" now, while the pending decision is one of :data:`CALL_WINDOWS`."""
    d = g.pending
    if g.over or d is None or d.kind not in CALL_WINDOWS:
        return []
    return [q.seat for q in g.players if call_problem(g, q.seat) is None]


def watched(g: GameState) -> int:
    """The seat "Cheat!" is called on now (-1: nobody yet)."""
    return int(g.extra.last_player)


def call(g: GameState, caller: int) -> Play:
    """A person calls "Cheat!" on the player watched now (already found legal)."""
    state = g.extra
    state.callers.add(caller)
    yield from cheats.accuse(g, g.players[caller], state.last_player)


def move_on(g: GameState, p: Player) -> None:
    """``p`` moves on from the cheat cards: the previous player's cheat, if nobody caught it, is revealed and
    rewarded, and calls of "Cheat!" are now on ``p`` (once a turn)."""
    state = g.extra
    if state.watch_turn == g.turn:
        return
    cheats.reveal(g)
    state.last_player, state.watch_turn = p.seat, g.turn
    state.callers.clear()


def plan(g: GameState, p: Player) -> Play:
    """"Start by checking out the Cheat cards on the board": attempt a face-up cheat (one a turn), play held cards,
    then go on with the turn. People may call "Cheat!" on the previous player until ``p``'s first answer."""
    t = cheats.table(g)
    d = g.extra.plan_decision(g, p.seat)
    while not p.bankrupt and not g.over:
        flow.check_budget(g)
        answer = yield from flow.ask(g, d)
        kind = answer.kind
        if kind == C.CALL:
            yield from call(g, answer.square)
            continue
        move_on(g, p)
        if kind == C.ATTEMPT:
            card = t.deck.cards[t.face_up[answer.square]]
            yield from cheats.attempt(g, p, card, answer.square)
        elif kind == C.FREE_CHEAT:
            yield from cheats.attempt(g, p, t.deck.free[answer.square], -1)
        elif kind == C.PLAY_CARD:
            yield from cheaters_cards.play_held(g, p, g.deck_kinds[answer.square])
        else:
            return
        if p.in_jail and jailed_for_cheating(g):
            return


def home_turn(g: GameState, p: Player) -> Play:
    """The turn of a player home at GO on the final lap (``turn.home_turn``: no roll, the "at any time" actions),
    with the cards they hold first: 003 "you may hold on to the card until you're ready to use it", and at the end
    "The player with the most cash wins!", so a card of money held on the way home is not lost. Only cards that move
    no token are offered (every held card of the Cheaters decks: money, a hotel placed or moved, another player
    jailed, never one of the players home); no cheats ("Cheat!" is still called on whoever rolled last)."""
    if final_lap.all_home(g):
        return
    turn.start_turn(g, p)
    yield from home_cards(g, p)
    if not p.bankrupt and not g.over:
        yield from flow.window(g, g.post_roll_windows[p.seat][0])


def home_cards(g: GameState, p: Player) -> Play:
    """``p``, home at GO, may play the cards they hold (:func:`home_turn`): asked at each of their home turns, and
    at the end of the turn that took them home (the last player home has no home turn before the final count, and
    may have drawn the card on the way, after doubles)."""
    d = g.extra.plan_decision(g, p.seat)
    while not p.bankrupt and not g.over and cheaters_cards.any_playable(g, p):
        flow.check_budget(g)
        answer = yield from flow.ask(g, d)
        if answer.kind == C.CALL:
            yield from call(g, answer.square)
        elif answer.kind == C.PLAY_CARD:
            yield from cheaters_cards.play_held(g, p, g.deck_kinds[answer.square])
        else:
            break


def go_to_jail(g: GameState, p: Player, reason: int) -> None:
    """To jail in the handcuffs; a player already there is freed to Just Visiting. A prisoner sent again (caught
    cheating in jail) starts a new stay: their tries for doubles count from none, as for anyone sent to jail. A
    player home at GO on the final lap (caught on a cheat of the turn that took them there: other players' cards and
    cheats leave them be) is home no more: 003 ends the game once "each player makes it back to the GO space"."""
    for q in g.players:
        if q.in_jail and q.seat != p.seat:
            jail.release(g, q, E.OUT_BY_HANDCUFFS)
    final_lap.undo_home(g, p.seat)
    jail.to_jail(g, p, reason)
    if p.seat == g.current:
        # 003: "Your turn is now over" is the jailed player's: sending another player (a card, a framing) leaves
        # the current player's turn, and a roll again after doubles, as it was
        g.extra.jailed_turn = g.turn
        g.turn_over = True


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
        g.turn_over = True
        if nxt < square:
            movement.salary(g, p, nxt == 0)
            if g.rules.final_lap and final_lap.on(g):      # on the final lap, a move past GO stops there
                final_lap.stop_at_go(g, p, square)
                return
        p.position = nxt
        g.log.add(E.MOVE, p.seat, nxt, steps, square, E.MOVE_BY_STATION)
        return
        yield


STATION = OnStation()
