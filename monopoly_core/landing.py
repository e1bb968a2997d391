"""What landing on a square does (002 THE PLAY and the squares' own rules), one rule per square kind.

The kinds are data: each square of a board file names its kind, and the edition in play maps every kind to a
:class:`LandingRule` (:meth:`.editions.base.Edition.landing_rules`), built into a per-square table when a game
starts: landing on ``square`` is ``yield from g.landing[square].land(g, p, square, dice_total, rent_mode)``.
The classic rules for the classic kinds are here; an edition adds its own kinds with rules of its own.

Rules are small objects rather than plain functions so that, compiled, the engine calls ``land`` directly (a
native method call): calling a function stored in a table goes through its Python wrapper and argument parsing,
about 170 instructions a landing (callgrind).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from mypy_extensions import mypyc_attr

from . import card_play
from . import decisions as D
from . import events as E
from . import flow
from . import movement
from . import payments
from . import sales
from .actions import PERCENT
from .rent import DICE_X10, rent_due
from .worth import total_worth

if TYPE_CHECKING:
    from .game_state import GameState, Play
    from .state import Player


@mypyc_attr(allow_interpreted_subclasses=True)
class LandingRule:
    """What landing on squares of one kind does. ``land`` is a generator (it may ask for decisions); nothing
    happens by default (GO, Just Visiting)."""

    def land(self, g: GameState, p: Player, square: int, dice_total: int, mode: int) -> Play:
        """``p`` lands on ``square`` (``dice_total``: for utility rents; ``mode``: a card's rent rule)."""
        return
        yield


class OnProperty(LandingRule):
    """An unowned property is offered; another player's unmortgaged one charges rent (002 PAYING RENT)."""

    def land(self, g: GameState, p: Player, square: int, dice_total: int, mode: int) -> Play:
        owner = g.owner[square]
        if owner < 0:
            yield from sales.offer(g, p, square)
        elif owner != p.seat and not g.mortgaged[square]:
            if mode == DICE_X10:
                rent_dice = g.edition.rent_dice
                dice_total = movement.roll(g, p, E.ROLL_UTILITY_CARD).total if rent_dice is None else \
                    movement.roll_dice(g, p, E.ROLL_UTILITY_CARD, rent_dice).total
            elif g.utility_roll and g.board.squares[square].kind == "utility":
                # (004 Utilities: "Roll the dice to determine rent", RuleSet.utility_rent; the rule is the
                # classic game's: editions that read the rent off other dice leave it unused)
                dice_total = movement.roll(g, p, E.ROLL_UTILITY_RENT).total
            rent = rent_due(g, square, dice_total, mode) if g.classic_rules else \
                g.edition.rent(g, square, dice_total, mode)
            yield from payments.charge(g, p, owner, rent, E.R_RENT, square)


class OnCardSquare(LandingRule):
    """Draw from the deck the square's kind names (Chance, Community Chest, or an edition's own)."""

    def land(self, g: GameState, p: Player, square: int, dice_total: int, mode: int) -> Play:
        yield from card_play.draw(g, p, g.board.squares[square].kind, square)


class OnTax(LandingRule):
    """Pay the tax of the square (with the "flat or percent" house rule, the player chooses first)."""

    def land(self, g: GameState, p: Player, square: int, dice_total: int, mode: int) -> Play:
        sq = g.board.squares[square]
        amount = sq.amount
        if sq.income_tax and g.rules.income_tax == "flat_or_percent":
            choice = yield from flow.ask(g, D.Decision(g, D.INCOME_TAX, p.seat, square=square, amount=amount))
            if choice.kind == PERCENT:
                amount = total_worth(g, p.seat) * g.rules.income_tax_percent // 100
        yield from payments.charge(g, p, g.fee_payee, amount, E.R_TAX, square)


class OnGoToJail(LandingRule):
    """Go directly to jail (002 JAIL)."""

    def land(self, g: GameState, p: Player, square: int, dice_total: int, mode: int) -> Play:
        yield from g.edition.go_to_jail(g, p, E.JAIL_BY_SQUARE)


class OnFreeParking(LandingRule):
    """Nothing, or (house rule) the jackpot of fees paid since it was last won, then the bank's seed again."""

    def land(self, g: GameState, p: Player, square: int, dice_total: int, mode: int) -> Play:
        if g.pot > 0:
            payments.transfer(g, E.POT, p.seat, g.pot, E.R_JACKPOT, square)
            if g.rules.free_parking_seed:
                payments.transfer(g, E.BANK, E.POT, g.rules.free_parking_seed, E.R_SEED)
        return
        yield


NOTHING = LandingRule()
PROPERTY = OnProperty()
CARD_SQUARE = OnCardSquare()
TAX = OnTax()
GO_TO_JAIL = OnGoToJail()
FREE_PARKING = OnFreeParking()
