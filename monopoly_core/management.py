"""The "at any time" actions, executed: build, sell buildings, mortgage, unmortgage, trade.

Legality lives in :mod:`.building`, :mod:`.mortgage` and :mod:`.trading` and is checked by the pending
:class:`~.decisions.Decision` before an action reaches these methods, so they only apply it.

Building shortages (002 BUILDING SHORTAGES): when supply limits are on and the bank holds fewer buildings of the
kind asked for than there are players able to place one now, the building is auctioned among those players
(bids from the auction minimum, payment to the bank, as 004 and 000 print it); the winner places it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import actions as A
from . import decisions as D
from . import events as E
from .building import HOTEL, buildable_squares
from .card_play import CardRules
from .game_state import Play
from .mortgage import unmortgage_cost

if TYPE_CHECKING:
    from .actions import Action, Trade
    from .state import Player


class ManagementRules(CardRules):
    def _manage(self, p: Player, action: Action) -> Play:
        kind = action.kind
        if kind == A.BUILD:
            yield from self._build(p, action.square)
        elif kind == A.SELL_BUILDING:
            self._sell_level(p, action.square)
        elif kind == A.SELL_ALL:
            for s in self.board.groups[self.board.squares[action.square].group].squares:
                while self.level[s]:
                    self._sell_level(p, s, force=True)
        elif kind == A.MORTGAGE:
            s = action.square
            value = self.board.squares[s].mortgage
            self.mortgaged[s] = True
            self.version += 1
            self.holdings_version[p.seat] += 1
            self.log.add(E.MORTGAGE, p.seat, s, value)
            self._transfer(E.BANK, p.seat, value, E.R_MORTGAGE, s)
        elif kind == A.UNMORTGAGE:
            self._lift_mortgage(p.seat, action.square)
        elif kind == A.TRADE:
            assert action.trade is not None         # (a trade action carries its offer)
            yield from self._trade(action.trade)

    def _lift_mortgage(self, seat: int, square: int) -> None:
        """Pay the bank the mortgage value plus interest and turn the deed face up (002 MORTGAGES)."""
        cost = unmortgage_cost(self, square)
        self._transfer(seat, E.BANK, cost, E.R_UNMORTGAGE, square)
        self.mortgaged[square] = False
        self.version += 1
        self.holdings_version[seat] += 1
        self.log.add(E.UNMORTGAGE, seat, square, cost)

    # --- building ----------------------------------------------------------------------------------------------
    def _place(self, seat: int, square: int, price: int) -> None:
        lv = self.level[square]
        if lv == 4:
            self.hotels_left -= 1
            self.houses_left += 4
        else:
            self.houses_left -= 1
        self.level[square] = lv + 1
        self.version += 1
        self.log.add(E.BUILD, seat, square, lv + 1, price)

    def _build(self, p: Player, square: int) -> Play:
        cost = self.board.squares[square].house_cost
        hotel = self.level[square] == 4
        if self.rules.building_limits:
            supply = self.hotels_left if hotel else self.houses_left
            able = [] if supply >= len(self.order) else [s for s in self._bidders()
                    if buildable_squares(self, s, hotel=hotel, check_cash=False)
                    and self.players[s].cash >= self.rules.auction_min_bid]
            if len(able) >= 2 and supply < len(able):
                winner, price = yield from self._auction(square, 2 if hotel else 1, eligible=set(able))
                if winner == p.seat:
                    self._place(winner, square, price)
                elif winner >= 0:
                    d = D.Decision(self, D.PLACE_BUILDING, winner, square=square, amount=price,
                                   item=2 if hotel else 1)
                    action = self._auto(d) if d.player in self._auto_bots else (yield d)
                    self._place(winner, action.square, price)
                return
        self._transfer(p.seat, E.BANK, cost, E.R_BUILD, square)
        self._place(p.seat, square, cost)

    def _sell_level(self, p: Player, square: int, force: bool = False) -> None:
        """Sell one level to the bank at half price. A hotel becomes four houses if the bank has them; when
        ``force`` (selling a whole set) and it has not, the hotel goes back whole and the square is cleared."""
        self.version += 1
        lv = self.level[square]
        half = self.board.squares[square].house_cost // 2
        if lv == HOTEL and self.rules.building_limits and self.houses_left < 4:
            # only reachable with force=True: the whole hotel (five levels) goes back at once
            self.hotels_left += 1
            self.level[square] = 0
            refund = HOTEL * half
            self.log.add(E.SELL, p.seat, square, 0, refund)
        else:
            if lv == HOTEL:
                self.hotels_left += 1
                self.houses_left -= 4
            else:
                self.houses_left += 1
            self.level[square] = lv - 1
            refund = half
            self.log.add(E.SELL, p.seat, square, lv - 1, refund)
        self._transfer(E.BANK, p.seat, refund, E.R_BUILDING_SALE, square)

    # --- trades ------------------------------------------------------------------------------------------------
    def _trade(self, t: Trade) -> Play:
        ref = self.log.add_extra(t)
        self.log.add(E.TRADE_OFFER, t.proposer, -1, 0, t.target, ref)
        self.trades_proposed += 1
        d = D.Decision(self, D.TRADE_RESPONSE, t.target, other=t.proposer, trade=t)
        action = self._auto(d) if d.player in self._auto_bots else (yield d)
        if action.kind != A.ACCEPT:
            self.log.add(E.TRADE_REJECT, t.proposer, -1, 0, t.target, ref)
            return
        self.log.add(E.TRADE_ACCEPT, t.proposer, -1, 0, t.target, ref)
        a, b = self.players[t.proposer], self.players[t.target]
        if t.give_cash:
            self._transfer(a.seat, b.seat, t.give_cash, E.R_TRADE)
        if t.get_cash:
            self._transfer(b.seat, a.seat, t.get_cash, E.R_TRADE)
        for s in t.give_squares:
            self._give_deed(s, b.seat, a.seat, 0, E.D_TRADE)
        for s in t.get_squares:
            self._give_deed(s, a.seat, b.seat, 0, E.D_TRADE)
        for src, dst, decks in ((a, b, t.give_cards), (b, a, t.get_cards)):
            for deck in decks:
                card = next(c for c in src.cards if c[0] == deck)
                src.cards.remove(card)
                dst.cards.append(card)
        for receiver, squares in ((b, t.give_squares), (a, t.get_squares)):
            for s in squares:
                if self.mortgaged[s]:
                    yield from self._receive_mortgaged(receiver, s)
