"""Monopoly for Sore Losers: the edition's own state and the small rules that read or change it.

Seed 000 (the rule book) and 001 (a description filling its gaps). Each player's sore loser coins are the
player's own state (:class:`Purse`, ``Player.extra``); the coins still with the bank, who holds the Mr Monopoly
token and whom he has trapped are the game's (:class:`Table`, ``GameState.extra``). Every coin that moves is a
``coin`` event, so each player's coins can be recomputed from the events alone, as their cash can.

Each fact has one reader here (:func:`table`, :func:`purse`, :func:`coins`, :func:`mr_monopoly`, :func:`is_trapped`),
and each reads the state directly rather than through another: they are asked several times a roll, and
interpreted, every call layer costs more than the read (callgrind). The few rules run after every roll read
``g.extra`` the same way (a local annotated ``Table``: compiled, the annotation checks the type once).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from mypy_extensions import mypyc_attr

from .. import events as E

if TYPE_CHECKING:
    from ..game_state import GameState
    from ..rules import RuleSet


@mypyc_attr(allow_interpreted_subclasses=True)
class Purse:
    """One player's sore loser coins."""

    def __init__(self) -> None:
        self.coins = 0

    def __repr__(self) -> str:
        return f"Purse(coins={self.coins})"


@mypyc_attr(allow_interpreted_subclasses=True)
class Table:
    """The game-wide state: the bank's coins, the Mr Monopoly token and the players it has trapped."""

    def __init__(self, rules: RuleSet) -> None:
        self.supply = rules.coins        # coins with the bank (000: "Place the rest of the coins here")
        self.mr = -1                     # the seat holding the Mr Monopoly token, -1: it is in the centre
        self.trapped: list[int] = []     # seats trapped under the token ...
        self.trap_square = -1            # ... on this square (they are free once the token leaves it)

    def __repr__(self) -> str:
        return f"Table(supply={self.supply}, mr={self.mr}, trapped={self.trapped} on {self.trap_square})"


def table(g: GameState) -> Table:
    """The game's Table (a Sore Losers game's ``extra``; compiled, the return type is checked)."""
    t: Table = g.extra
    return t


def purse(g: GameState, seat: int) -> Purse:
    """``seat``'s Purse (a Sore Losers player's ``extra``)."""
    bag: Purse = g.players[seat].extra
    return bag


def coins(g: GameState, seat: int) -> int:
    """How many sore loser coins ``seat`` holds."""
    bag: Purse = g.players[seat].extra
    return bag.coins


def mr_monopoly(g: GameState) -> int:
    """The seat holding the Mr Monopoly token, or -1."""
    t: Table = g.extra
    return t.mr


def is_trapped(g: GameState, seat: int) -> bool:
    """Whether ``seat`` is trapped under Mr Monopoly now: 000 "That player may not move until their token is free"
    (free as soon as the token moves off the square or changes hands)."""
    t: Table = g.extra
    return seat in t.trapped and t.mr >= 0 and g.players[t.mr].position == t.trap_square


def trapped_seats(g: GameState) -> list[int]:
    """The seats trapped now."""
    return [s for s in table(g).trapped if is_trapped(g, s)]


def release(g: GameState, seat: int) -> None:
    """``seat`` is no longer trapped (it has been moved: sent to jail; or it left the game)."""
    t = table(g)
    if seat in t.trapped:
        t.trapped.remove(seat)


# --- coins moving ----------------------------------------------------------------------------------------------
def collect(g: GameState, seat: int, reason: int, square: int = -1) -> bool:
    """``seat`` takes one coin from the bank, if it may (000: "If you ever have four and need to collect one, do
    nothing"; "MR MONOPOLY never collects sore loser coins"; none left with the bank: nothing). True if taken."""
    t: Table = g.extra
    p = g.players[seat]
    bag: Purse = p.extra
    if p.bankrupt or seat == t.mr or bag.coins >= g.rules.max_coins or t.supply <= 0:
        return False
    bag.coins += 1
    t.supply -= 1
    g.log.add(E.COIN, seat, square, 1, E.BANK, reason)
    return True


def to_bank(g: GameState, seat: int, n: int, reason: int, square: int = -1) -> None:
    """``seat`` returns ``n`` coins (all it holds at most) to the bank."""
    bag = purse(g, seat)
    n = min(n, bag.coins)
    if n > 0:
        bag.coins -= n
        table(g).supply += n
        g.log.add(E.COIN, E.BANK, square, n, seat, reason)


def move_coins(g: GameState, frm: int, to: int, n: int, reason: int, square: int = -1) -> None:
    """``n`` coins pass from seat ``frm`` to seat ``to`` (a steal at Free Parking, a trade)."""
    purse(g, frm).coins -= n
    purse(g, to).coins += n
    g.log.add(E.COIN, to, square, n, frm, reason)


def hand_out(g: GameState) -> None:
    """000 SET IT UP 7: "Each player takes two sore loser coins"."""
    n = g.rules.starting_coins
    t = table(g)
    for p in g.players:
        purse(g, p.seat).coins += n
        t.supply -= n
        g.log.add(E.COIN, p.seat, -1, n, E.BANK, E.C_START)


# --- arranging a position (Game.arrange().extra) ---------------------------------------------------------------
def arrange_coins(g: GameState, seat: int, n: int) -> None:
    """``seat`` holds ``n`` coins; the difference comes from or goes to the bank (not logged: an arrangement)."""
    bag = purse(g, seat)
    table(g).supply -= n - bag.coins
    bag.coins = n


def arrange_mr(g: GameState, seat: int) -> None:
    """``seat`` (-1: nobody) holds the Mr Monopoly token, trapping nobody."""
    t = table(g)
    t.mr, t.trapped, t.trap_square = seat, [], -1
