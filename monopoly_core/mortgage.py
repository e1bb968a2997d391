"""Mortgage rules (002 MORTGAGES; 004 "10% on transfer"): only unimproved property, lifted at value + interest."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game_state import GameState


def interest(game: GameState, square: int) -> int:
    """The interest on ``square``'s mortgage: ``mortgage_interest_pct`` of the value, rounded up."""
    value = game.board.squares[square].mortgage
    return (value * game.rules.mortgage_interest_pct + 99) // 100     # (both are never negative)


def unmortgage_cost(game: GameState, square: int) -> int:
    return game.board.squares[square].mortgage + interest(game, square)


def mortgage_problem(game: GameState, seat: int, square: int) -> str | None:
    sq = game.board.squares[square]
    if not sq.ownable or game.owner[square] != seat:
        return f"you do not own {sq.name}"
    if game.mortgaged[square]:
        return f"{sq.name} is already mortgaged"
    level = game.level
    for s in game.members_of[square]:      # a loop, not any(...): bots ask this for every property in debt
        if level[s]:
            return f"sell the buildings of the {game.board.groups[sq.group].label} set before mortgaging"
    return None


def unmortgage_problem(game: GameState, seat: int, square: int) -> str | None:
    sq = game.board.squares[square]
    if not sq.ownable or game.owner[square] != seat:
        return f"you do not own {sq.name}"
    if not game.mortgaged[square]:
        return f"{sq.name} is not mortgaged"
    cost = unmortgage_cost(game, square)
    if game.players[seat].cash < cost:
        return f"lifting the mortgage costs {cost}, you have {game.players[seat].cash}"
    return None
