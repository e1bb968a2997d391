"""Dice and movement (002 THE PLAY, GO): rolling, moving forward, the salary for passing GO."""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as E
from . import final_lap
from . import payments

if TYPE_CHECKING:
    from .dice import Roll
    from .game_state import GameState
    from .state import Player


def roll(g: GameState, p: Player, purpose: int) -> Roll:
    """Throw the game's dice for ``p`` (``purpose``: one of the events' ROLL_* codes)."""
    r = g.dice.sample(g.random)
    g.rolls += 1
    g.last_roll = r
    g.log.add(E.ROLL, p.seat, p.position, r.total, purpose, r.packed)
    return r


def salary(g: GameState, p: Player, landed_on_go: bool) -> None:
    amount = g.rules.go_salary
    if landed_on_go and g.rules.double_go_on_landing:
        amount *= 2
    if amount:
        payments.transfer(g, E.BANK, p.seat, amount, E.R_SALARY, 0)


def advance(g: GameState, p: Player, steps: int) -> int:
    """Move ``p`` forward ``steps`` squares, with the salary for passing GO (and on the final lap, a stop there);
    returns the square reached. The caller then lands there: ``yield from g.landing[square].land(g, p, square, steps, NORMAL)``."""
    start = p.position
    end = start + steps
    if end >= g.size:
        end -= g.size
        salary(g, p, end == 0)
        if g.final_lap is not None:
            return final_lap.stop_at_go(g, p, start)
    p.position = end
    g.log.add(E.MOVE, p.seat, end, steps, start, E.MOVE_BY_DICE)
    return end
