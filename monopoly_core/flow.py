"""The two protocol helpers every rule uses: ask someone a decision, and mark a step boundary.

The whole game is one generator (:func:`.turn.play_game`). Step-by-step play (:meth:`Game.step`) resumes it one
step at a time: it yields ``None`` at each automatic step boundary and a :class:`~.decisions.Decision` whenever
someone must choose. Batch play (:meth:`Game.run`) drives the very same generator, but bots answer inline and
boundaries are counted rather than yielded, so it only comes back when a person must decide or the game ends.

No rule spells the driver out: a rule that may need a decision is a generator and writes
``action = yield from ask(g, decision)``; one that ends an automatic step writes ``yield from boundary(g)``.
Both count steps identically in both drivers, so histories (and replays) are the same whichever drove the game.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action
from .errors import IllegalAction

if TYPE_CHECKING:
    from .decisions import Decision
    from .game_state import GameState, Play


def ask(g: GameState, d: Decision) -> Play:
    """Ask ``d`` of whoever holds its seat and return the answer: a bot inline in batch play (one step), a
    yield to the driver otherwise (a person, or any seat in step-by-step play)."""
    bot = g.auto_bots.get(d.player)
    if bot is None:
        action = yield d
        return action
    action = bot.choose(d, g)
    # the answers legal whenever their decision is offered (end, roll, pass, ...) need no check of the state
    if type(action) is not Action or action.kind not in d.always:
        why = d.problem(action)
        if why is not None:
            raise IllegalAction(f"bot {g.players[d.player].name} chose {action!r}: {why}")
    g.actions.append(action)
    g.ply += 1
    return action


def boundary(g: GameState) -> Play:
    """End an automatic step: yielded in step-by-step play, counted in batch play."""
    if g.fast:
        g.ply += 1
    else:
        yield None
