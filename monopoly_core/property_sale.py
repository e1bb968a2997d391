"""Buying and auctions (002 BUYING PROPERTIES; 004 "Bidding starts at 10 ... as little as 1").

A player landing on an unowned property may buy it at the printed price; if they decline, the bank auctions it
to every player still in the game, the decliner included. The auction is an open ascending auction: bidders are
asked in turn order, a pass leaves the auction, the last bidder standing buys at their bid, and with no bids
the deed stays with the bank. A bid may not exceed the bidder's cash (a documented choice: the rule books do
not let a player pay with money they do not have).
"""
from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from . import decisions as D
from . import events as E
from .actions import BID, BUY
from .game_state import Play
from .payments import PaymentRules

if TYPE_CHECKING:
    from .state import Player


class PropertySaleRules(PaymentRules):
    def _give_deed(self, square: int, to: int, frm: int, price: int, reason: int) -> None:
        counts = self.owned_in[self.holding_key[square]]
        if frm >= 0:
            counts[frm] -= 1
        if to >= 0:
            counts[to] += 1
        self.owner[square] = to
        self.version += 1
        hv = self.holdings_version
        if frm >= 0:
            hv[frm] += 1
        if self.members_of[square]:     # a colour group: every seat holding part of it sees it change
            for seat, c in enumerate(counts):
                if c:
                    hv[seat] += 1
        elif to >= 0:
            hv[to] += 1
        self.log.add(E.DEED, to, square, price, frm, reason)

    def _offer(self, p: Player, square: int) -> Play:
        price = self.board.squares[square].price
        action = yield from self._ask(D.Decision(self, D.BUY, p.seat, square=square, amount=price))
        if action.kind == BUY:
            self._transfer(p.seat, E.BANK, price, E.R_PURCHASE, square)
            self._give_deed(square, p.seat, E.BANK, price, E.D_PURCHASE)
            return
        self.log.add(E.DECLINE, p.seat, square, price)
        if self.rules.auctions:
            yield from self._auction(square)

    def _bidders(self, eligible: set[int] | None = None) -> list[int]:
        """Seats still in the game in turn order, starting with the player whose turn it is."""
        order = self.order
        k = order.index(self.current) if self.current in order else 0
        seats = order[k:] + order[:k]
        return [s for s in seats if not self.players[s].bankrupt and (eligible is None or s in eligible)]

    def _auction(self, square: int, item: int = 0, eligible: set[int] | None = None) -> Play:
        """Run an auction for ``square`` (item 0: its deed; 1/2: a house/hotel). Returns (winner, price)."""
        log, players = self.log, self.players
        rules = self.rules
        log.add(E.AUCTION, -1, square, 0, item, 0)
        queue = deque(self._bidders(eligible))
        high, high_bidder = 0, -1
        while queue:
            seat = queue.popleft()
            if seat == high_bidder:
                if not queue:
                    break
                queue.append(seat)
                continue
            minimum = high + rules.auction_increment if high_bidder >= 0 else rules.auction_min_bid
            if players[seat].cash < minimum:
                log.add(E.PASS, seat, square)
                continue
            d = D.Decision(self, D.BID, seat, square=square, amount=high, minimum=minimum, other=high_bidder,
                           item=item)
            action = self._auto(d) if d.player in self._auto_bots else (yield d)
            if action.kind == BID:
                high, high_bidder = action.amount, seat
                log.add(E.BID, seat, square, high)
                queue.append(seat)
            else:
                log.add(E.PASS, seat, square)
        if high_bidder < 0:
            log.add(E.AUCTION, -1, square, 0, item, 2)
            return -1, 0
        log.add(E.AUCTION, high_bidder, square, high, item, 1)
        if item == 0:
            self._transfer(high_bidder, E.BANK, high, E.R_AUCTION, square)
            self._give_deed(square, high_bidder, E.BANK, high, E.D_AUCTION)
        else:
            self._transfer(high_bidder, E.BANK, high, E.R_BUILD, square)
        return high_bidder, high
