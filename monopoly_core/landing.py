"""What landing on a square does (002 THE PLAY and the squares' own rules), one rule per square kind.

The kinds are data: each square of a board file names its kind, and the edition in play maps every kind to a
landing rule (:meth:`.editions.base.Edition.landing_rules`), built into a per-square table when a game starts.
The classic rules for the classic kinds are here; an edition adds its own kinds with rules of its own.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import card_play
from . import events as E
from . import jail
from . import movement
from . import payments
from . import sales
from . import decisions as D
from .actions import PERCENT
from .flow import ask
from .rent import DICE_X10, rent_due
from .worth import total_worth

if TYPE_CHECKING:
    from .game_state import GameState, Play
    from .state import Player


def land(g: GameState, p: Player, square: int, dice_total: int, mode: int) -> Play:
    """Carry out what landing on ``square`` does (``dice_total`` for utility rents; ``mode``: a card's rent)."""
    yield from g.landing[square](g, p, square, dice_total, mode)


def nothing(g: GameState, p: Player, square: int, dice_total: int, mode: int) -> Play:
    """GO, Just Visiting and the other squares where nothing happens on landing."""
    return
    yield   # (a generator, like every landing rule)


def on_property(g: GameState, p: Player, square: int, dice_total: int, mode: int) -> Play:
    """An unowned property is offered; another player's unmortgaged one charges rent (002 PAYING RENT)."""
    owner = g.owner[square]
    if owner < 0:
        yield from sales.offer(g, p, square)
    elif owner != p.seat and not g.mortgaged[square]:
        if mode == DICE_X10:
            dice_total = movement.roll(g, p, E.ROLL_UTILITY_CARD).total
        rent = rent_due(g, square, dice_total, mode)
        yield from payments.charge(g, p, owner, rent, E.R_RENT, square)


def on_card_square(g: GameState, p: Player, square: int, dice_total: int, mode: int) -> Play:
    """Draw from the deck the square's kind names (Chance, Community Chest, or an edition's own)."""
    yield from card_play.draw(g, p, g.board.squares[square].kind, square)


def on_tax(g: GameState, p: Player, square: int, dice_total: int, mode: int) -> Play:
    """Pay the tax of ``square`` (with the "flat or percent" house rule, the player chooses first)."""
    sq = g.board.squares[square]
    amount = sq.amount
    if sq.income_tax and g.rules.income_tax == "flat_or_percent":
        choice = yield from ask(g, D.Decision(g, D.INCOME_TAX, p.seat, square=square, amount=amount))
        if choice.kind == PERCENT:
            amount = total_worth(g, p.seat) * g.rules.income_tax_percent // 100
    yield from payments.charge(g, p, g.fee_payee, amount, E.R_TAX, square)


def on_go_to_jail(g: GameState, p: Player, square: int, dice_total: int, mode: int) -> Play:
    jail.to_jail(g, p, E.JAIL_BY_SQUARE)
    return
    yield


def on_free_parking(g: GameState, p: Player, square: int, dice_total: int, mode: int) -> Play:
    """Nothing, or (house rule) the jackpot of fees paid since it was last won, then the bank's seed again."""
    if g.pot > 0:
        payments.transfer(g, E.POT, p.seat, g.pot, E.R_JACKPOT, square)
        if g.rules.free_parking_seed:
            payments.transfer(g, E.BANK, E.POT, g.rules.free_parking_seed, E.R_SEED)
    return
    yield
