"""The two protocol helpers every rule uses: ask someone a decision, and mark a step boundary.

The whole game is one generator (:func:`.turn.play_game`). Step-by-step play (:meth:`Game.step`) resumes it one
step at a time: it yields ``None`` at each automatic step boundary and a :class:`~.decisions.Decision` whenever
someone must choose. Batch play (:meth:`Game.run`) drives the very same generator, but bots answer inline and
boundaries are counted rather than yielded, so it only comes back when a person must decide or the game ends.

No rule spells the driver out: a rule that may need a decision is a generator and writes
``action = yield from ask(g, decision)`` (or :func:`window` for a decision that also allows the "at any time"
actions); one that ends an automatic step writes ``yield from boundary(g)``. They count steps identically in both
drivers, so histories (and replays) are the same whichever drove the game.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Final

from . import management
from .actions import Action
from .errors import GameStuck, IllegalAction

if TYPE_CHECKING:
    from .decisions import Decision
    from .game_state import GameState, Play


def ask(g: GameState, d: Decision) -> Play:
    """Ask ``d`` of whoever holds its seat and return the answer: a bot inline in batch play (one step), a
    yield to the driver otherwise (a person, or any seat in step-by-step play)."""
    action = _inline(g, d)
    if action is None:
        action = yield d
    return action


def window(g: GameState, d: Decision) -> Play:
    """Ask ``d`` until its player answers with one of its own options; the management actions it allows (build,
    mortgage, trade, ...) are carried out in between and the same decision is asked again. (The loop of
    :func:`ask`, written out: it runs after almost every roll.)"""
    extra = d.extra
    while True:
        action = _inline(g, d)
        if action is None:
            action = yield d
        if action.kind not in extra:
            return action
        if g.ply > g.step_budget:
            check_budget(g)
        p = g.players[d.player]
        yield from management.apply(g, p, action)
        if p.bankrupt and d.always:
            # out of the game by what was done in between (the Cheaters Edition: a call of "Cheat!" whose penalty
            # could not be paid): nobody asks them again; the window's answer that moves on (end, roll) is theirs
            return Action(min(d.always))


def _inline(g: GameState, d: Decision) -> Action | None:
    """The answer of the bot holding ``d``'s seat while batch play lets bots answer inline (counted as one
    step), or None: the decision must be yielded to the driver."""
    bot = g.auto_bots.get(d.player)
    if bot is None:
        return None
    action = bot.choose(d, g)
    # the answers legal whenever their decision is offered (end, roll, pass, ...) need no check of the state
    if type(action) is not Action or action.kind not in d.always:
        why = d.problem(action)
        if why is not None:
            raise IllegalAction(f"bot {g.players[d.player].name} chose {action!r}: {why}")
    g.actions.append(action)
    g.ply += 1
    return action


#: The most steps one turn may take. Ordinary turns take tens; a person managing property, hundreds. A turn that
#: passes this is a cycle the rules failed to break, and ends in :class:`GameStuck` rather than a hang. Checked in
#: every loop of the rules that asks again without the game moving on (a window's management actions, an
#: auction's bids, raising money) and at every step of step-by-step play (``Game._send``): a cycle without
#: decisions cannot form, since every automatic step moves the game on.
MAX_STEPS_PER_TURN: Final = 20_000


def check_budget(g: GameState) -> None:
    """Raise :class:`GameStuck` once the current turn has passed :data:`MAX_STEPS_PER_TURN` steps."""
    if g.ply > g.step_budget:
        raise GameStuck(f"seed {g.seed}: turn {g.turn} passed {MAX_STEPS_PER_TURN:,} steps (step {g.ply}, "
                        f"rules {g.rules.preset}); replay the history to see the cycle")


def boundary(g: GameState) -> Play:
    """End an automatic step: yielded in step-by-step play, counted in batch play."""
    if g.fast:
        g.ply += 1
    else:
        yield None
