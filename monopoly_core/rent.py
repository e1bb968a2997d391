"""Rent: what a lander owes the owner of a property (002 PAYING RENT; railroads and utilities by count owned)."""
from __future__ import annotations

from typing import Final, TYPE_CHECKING

if TYPE_CHECKING:
    from .game_state import GameState

#: Card rent modes (``advance_nearest``): normal rent, twice the railroad rent, ten times a new dice roll.
NORMAL: Final = 0
DOUBLE: Final = 1
DICE_X10: Final = 2
MODES: Final = {"double": DOUBLE, "dice_x10": DICE_X10}


def owns_set(game: GameState, seat: int, group: str) -> bool:
    """True when ``seat`` owns every street of ``group`` (mortgaged or not)."""
    return seat >= 0 and game.owned_in[group][seat] == game.holding_size[group]


def rent_due(game: GameState, square: int, dice_total: int = 7, mode: int = NORMAL) -> int:
    """Rent owed on landing on ``square`` (0 if unowned or mortgaged).

    Streets: the title deed by building level; unimproved streets of a complete set pay the set multiplier
    ("even if another street of the set is mortgaged"). Railroads by the number the owner holds; utilities 4x/10x
    the dice. ``mode`` applies the card-specified rents.
    """
    owner = game.owner[square]
    if owner < 0 or game.mortgaged[square]:
        return 0
    sq = game.board.squares[square]
    kind = sq.kind
    if kind == "street":
        level = game.level[square]
        if level:
            return sq.rents[level]
        if game.owned_in[sq.group][owner] == game.holding_size[sq.group]:
            return sq.rents[0] * game.rules.set_rent_multiplier
        return sq.rents[0]
    if kind == "railroad":
        rent = game.board.railroad_rents[game.owned_in["railroad"][owner] - 1]
        return rent * 2 if mode == DOUBLE else rent
    if kind == "utility":
        if mode == DICE_X10:
            return 10 * dice_total
        return game.board.utility_multipliers[game.owned_in["utility"][owner] - 1] * dice_total
    return 0
