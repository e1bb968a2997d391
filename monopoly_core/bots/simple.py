"""Three plain strategies: always-buy, cautious and set-collector."""
from __future__ import annotations

from ..actions import Trade
from .base import Bot, check, tradeable


class AlwaysBuyBot(Bot):
    """Buys every property it can afford and builds whenever it can; never proposes a trade."""

    name = "always-buy"

    def value(self, g, seat, square):
        return g.board.squares[square].price


class CautiousBot(Bot):
    """Keeps a reserve sized to the worst rent it could meet, and pays less than face value at auction."""

    name = "cautious"
    build_target = 5

    def compute_reserve(self, g, seat):
        return max(150, min(600, self.worst_rent(g, seat) // 2))

    def auction_value(self, g, seat, square):
        return g.board.squares[square].price * 9 // 10   # a bargain or nothing

    def judge_trade(self, g, seat, t):
        return super().judge_trade(g, seat, t) - 50


class SetCollectorBot(Bot):
    """Values streets by how close they bring it to a set, trades to complete sets and builds fast."""

    name = "set-collector"
    trades = True

    def compute_reserve(self, g, seat):
        return 50

    def value(self, g, seat, square):
        sq = g.board.squares[square]
        if not sq.group:
            return sq.price
        members = g.board.groups[sq.group].squares
        mine = sum(1 for s in members if g.owner[s] == seat)
        others = {g.owner[s] for s in members if g.owner[s] >= 0 and g.owner[s] != seat}
        bonus = 0 if others else mine * sq.price // 2
        return sq.price + bonus

    def propose_trade(self, g, seat, plan):
        p = g.players[seat]
        for grp, missing, owner in plan.near:
            if not tradeable(g, owner, missing):
                continue
            key = (missing, owner, g.deeds_version)
            tries = self._attempts.get(key, 0)
            if tries >= 2:
                continue
            self._attempts[key] = tries + 1
            price = g.board.squares[missing].price
            # offer a swap the partner also likes, else cash
            for s in g.board.properties:
                if tradeable(g, seat, s) and g.board.squares[s].group != grp and not g.mortgaged[s]:
                    gs = g.board.squares[s].group
                    if gs and sum(1 for x in g.board.groups[gs].squares if g.owner[x] == owner) == \
                            len(g.board.groups[gs].squares) - 1:
                        t = check(g, Trade(seat, owner, give_squares=(s,), get_squares=(missing,)))
                        if t:
                            return t
            offer = min(p.cash - self.reserve(g, seat), price * (2 + tries))
            if offer > price:
                t = check(g, Trade(seat, owner, give_cash=offer, get_squares=(missing,)))
                if t:
                    return t
        return None
