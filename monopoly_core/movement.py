"""Dice and movement (002 THE PLAY, GO): rolling, moving forward, the salary for passing GO."""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as E
from . import final_lap
from . import payments

if TYPE_CHECKING:
    from .dice import DiceModel, Roll
    from .game_state import GameState
    from .state import Player


def roll(g: GameState, p: Player, purpose: int) -> Roll:
    """Throw the game's dice for ``p`` (``purpose``: one of the events' ROLL_* codes)."""
    r = g.dice.sample(g.random)
    g.rolls += 1
    g.last_roll = r
    g.log.add(E.ROLL, p.seat, p.position, r.total, purpose, r.packed)
    return r


def roll_dice(g: GameState, p: Player, purpose: int, dice: DiceModel) -> Roll:
    """Throw ``dice`` rather than the game's own (Mega: the white dice alone in jail, for the turn order and for a
    utility's rent after a bus-ticket move)."""
    r = dice.sample(g.random)
    g.rolls += 1
    g.log.add(E.ROLL, p.seat, p.position, r.total, purpose, r.packed)
    return r


def salary_due(g: GameState, landed_on_go: bool) -> int:
    """The salary for passing GO, or for landing on it (double with ``RuleSet.double_go_on_landing``)."""
    amount = g.rules.go_salary
    return amount * 2 if landed_on_go and g.rules.double_go_on_landing else amount


def salary(g: GameState, p: Player, landed_on_go: bool) -> None:
    amount = salary_due(g, landed_on_go)
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
        if g.rules.final_lap and final_lap.on(g):
            return final_lap.stop_at_go(g, p, start)
    p.position = end
    g.log.add(E.MOVE, p.seat, end, steps, start, E.MOVE_BY_DICE)
    return end
