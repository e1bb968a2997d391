"""What a player is worth, three ways, each used by one rule.

* :func:`net_worth`: cash, plus printed prices of properties (less the mortgage on mortgaged ones), plus the
  cost of buildings. Decides the winner at the turn limit; charted on the Play page.
* :func:`liquidation_value`: what selling every building and mortgaging everything would raise now. A player
  in debt may declare bankruptcy only when cash plus this falls short.
* :func:`total_worth`: the old Income Tax rule's "total worth" (cash, printed prices of all properties mortgaged
  or not, and the cost price of all buildings).
"""
from __future__ import annotations

from typing import TYPE_CHECKING


if TYPE_CHECKING:
    from .board import Square
    from .game_state import GameState


def _building_cost(sq: Square, level: int) -> int:
    return sq.house_cost * level   # a hotel (level 5) cost four houses plus the hotel price


def net_worth(game: GameState, seat: int) -> int:
    p = game.players[seat]
    total = p.cash
    squares = game.board.squares
    level, mortgaged = game.level, game.mortgaged
    for s in game.deeds_of[seat]:
        sq = squares[s]
        total += sq.price - (sq.mortgage if mortgaged[s] else 0) + _building_cost(sq, level[s])
    return total


def net_worths(game: GameState) -> list[int]:
    """:func:`net_worth` of every seat, in one pass over the properties (a bot comparing the players needs all)."""
    totals = [p.cash for p in game.players]
    squares = game.board.squares
    owner, level, mortgaged = game.owner, game.level, game.mortgaged
    for s in game.board.properties:
        seat = owner[s]
        if seat >= 0:
            sq = squares[s]
            totals[seat] += sq.price - (sq.mortgage if mortgaged[s] else 0) + _building_cost(sq, level[s])
    return totals


def total_worth(game: GameState, seat: int) -> int:
    p = game.players[seat]
    total = p.cash
    squares = game.board.squares
    for s in game.deeds_of[seat]:
        total += squares[s].price + _building_cost(squares[s], game.level[s])
    return total


def liquidation_value(game: GameState, seat: int) -> int:
    return liquidation(game, seat)[0]


def liquidation(game: GameState, seat: int) -> tuple[int, list[int]]:
    """:func:`liquidation_value`, and the seat's unmortgaged properties in board order (found in the same pass:
    a bot in debt needs both for every step of raising money)."""
    total = 0
    unmortgaged = []
    squares = game.board.squares
    level, mortgaged = game.level, game.mortgaged
    sellable = game.edition.buildings_sellable
    for s in game.deeds_of[seat]:
        sq = squares[s]
        if sellable:
            total += level[s] * (sq.house_cost // 2)
        if not mortgaged[s]:
            total += sq.mortgage
            unmortgaged.append(s)
    return total, unmortgaged

