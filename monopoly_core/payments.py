"""Money moves, debts and bankruptcy (002 BANKRUPTCY, 004 HELP! I CAN'T PAY!).

Every movement of money goes through :meth:`PaymentRules._transfer`, which logs a ``PAY`` event with payer,
payee, amount and reason, so cash can be recomputed from events alone. A payment the payer cannot cover from
cash opens a ``debt`` decision: raise money (sell buildings, mortgage, trade) until it is covered, or declare
bankruptcy when even that cannot cover it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import decisions as D
from . import events as E
from .actions import BANKRUPT, LIFT
from .building import HOTEL
from .game_state import GameState, Play
from .mortgage import interest

if TYPE_CHECKING:
    from .state import Player


class GameStopped(Exception):
    """Raised inside the rules flow when the game ends mid-turn (last player standing); caught at the top."""


class PaymentRules(GameState):
    def _transfer(self, payer: int, payee: int, amount: int, reason: int, square: int = -1) -> None:
        """Move ``amount`` from ``payer`` to ``payee`` (seats, or BANK / POT). The caller checks cash."""
        if payer >= 0:
            self.players[payer].cash -= amount
        elif payer == E.BANK:
            self.bank_paid += amount
        else:
            self.pot -= amount
        if payee >= 0:
            self.players[payee].cash += amount
        elif payee == E.BANK:
            self.bank_received += amount
        else:
            self.pot += amount
        self.log.add(E.PAY, payer, square, amount, payee, reason)

    def _charge(self, p: Player, payee: int, amount: int, reason: int, square: int = -1) -> Play:
        """Make player ``p`` pay ``amount`` to ``payee``, opening a debt if cash falls short (generator)."""
        if amount <= 0 or p.bankrupt:
            return
        if p.cash < amount:
            covered = yield from self._raise_money(p, payee, amount, reason)
            if not covered:
                return
        self._transfer(p.seat, payee, amount, reason, square)

    def _raise_money(self, p: Player, creditor: int, amount: int, reason: int) -> Play:
        """The debt window: the debtor raises money until cash covers ``amount``, or goes bankrupt.

        Returns True when the debt can now be paid, False when the debtor went bankrupt instead.
        """
        self.log.add(E.DEBT, p.seat, -1, amount, creditor, reason)
        d = D.Decision(self, D.DEBT, p.seat, amount=amount, other=creditor)
        while p.cash < amount:
            action = self._auto(d) if d.player in self._auto_bots else (yield d)
            if action.kind == BANKRUPT:
                yield from self._bankrupt(p, creditor)
                return False
            yield from self._manage(p, action)
        return True

    def _receive_mortgaged(self, receiver: Player, square: int) -> Play:
        """A mortgaged property changed hands: the receiver lifts it now or pays the interest now (004)."""
        if receiver.bankrupt:
            return
        d = D.Decision(self, D.MORTGAGED_DEED, receiver.seat, square=square, amount=interest(self, square))
        action = self._auto(d) if d.player in self._auto_bots else (yield d)
        if action.kind == LIFT:
            self._lift_mortgage(receiver.seat, square)
        else:
            yield from self._charge(receiver, E.BANK, interest(self, square), E.R_INTEREST, square)

    def _remove_buildings(self, square: int) -> int:
        """Return ``square``'s buildings to the bank's supply; the number of levels removed."""
        lv = self.level[square]
        if lv == HOTEL:
            self.hotels_left += 1
        else:
            self.houses_left += lv
        self.level[square] = 0
        self.version += 1
        return lv

    def _bankrupt(self, p: Player, creditor: int) -> Play:
        """Retire ``p``: everything of value goes to the creditor player, or to the bank (then auctioned)."""
        self.log.add(E.BANKRUPT, p.seat, -1, 0, creditor)
        p.bankrupt = True
        p.bankrupt_turn = self.turn
        p.in_jail = False
        owned = [s for s in self.board.properties if self.owner[s] == p.seat]
        if creditor >= 0:
            c = self.players[creditor]
            # Buildings go back to the bank for half their price; that cash goes to the creditor with the rest.
            for s in owned:
                if self.level[s]:
                    levels = self.level[s]
                    refund = levels * (self.board.squares[s].house_cost // 2)
                    self._remove_buildings(s)
                    self.log.add(E.SELL, p.seat, s, 0, refund)
                    self._transfer(E.BANK, p.seat, refund, E.R_BUILDING_SALE, s)
            if p.cash:
                self._transfer(p.seat, creditor, p.cash, E.R_BANKRUPTCY)
            for s in owned:
                self._give_deed(s, creditor, p.seat, 0, E.D_BANKRUPTCY)
            c.cards.extend(p.cards)
            p.cards.clear()
            self._check_last_standing()
            for s in owned:
                if self.mortgaged[s]:
                    yield from self._receive_mortgaged(c, s)
        else:
            if p.cash:
                self._transfer(p.seat, E.BANK, p.cash, E.R_BANKRUPTCY)
            for s in owned:
                self._remove_buildings(s)
                self.mortgaged[s] = False
                self._give_deed(s, E.BANK, p.seat, 0, E.D_RETURNED)
            for kind, idx in p.cards:
                self.decks[kind].append(idx)
            p.cards.clear()
            self._check_last_standing()
            if self.rules.auctions:
                for s in owned:
                    yield from self._auction(s)

    def _check_last_standing(self) -> None:
        left = [q for q in self.players if not q.bankrupt]
        if len(left) == 1:
            self._finish(E.END_LAST_STANDING, left[0].seat)
            raise GameStopped
