"""Three plain strategies: always-buy, cautious and set-collector."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .base import Bot

if TYPE_CHECKING:
    from ..actions import Trade
    from ..game_state import GameState as Game


class AlwaysBuyBot(Bot):
    """Buys every property it can afford and builds whenever it can; never proposes a trade."""

    name = "always-buy"
    boldness = 0.35             # Cheaters Edition: reckless, and not watching closely
    vigilance = 0.8

    def value(self, g: Game, seat: int, square: int) -> int:
        return g.board.squares[square].price


class CautiousBot(Bot):
    """Keeps a reserve sized to the worst rent it could meet, and pays less than face value at auction."""

    name = "cautious"
    build_target = 5
    boldness = 0.05             # Cheaters Edition: seldom cheats, watches closely
    vigilance = 1.5

    def compute_reserve(self, g: Game, seat: int) -> int:
        return max(150, min(600, self.worst_rent(g, seat) // 2))

    def auction_value(self, g: Game, seat: int, square: int) -> int:
        return g.board.squares[square].price * 9 // 10   # a bargain or nothing

    set_premium = 2.0

    def judge_trade(self, g: Game, seat: int, t: Trade) -> int:
        return super().judge_trade(g, seat, t) - 50


class SetCollectorBot(Bot):
    """Values streets by how close they bring it to a set, trades to complete sets and builds fast."""

    name = "set-collector"
    trades = True
    boldness = 0.2
    vigilance = 1.0
    offer_start = 2.0
    offer_step = 1.0
    offer_cap = 8.0

    def compute_reserve(self, g: Game, seat: int) -> int:
        return 50

    def value(self, g: Game, seat: int, square: int) -> int:
        sq = g.board.squares[square]
        if not sq.group:
            return sq.price
        counts = g.owned_in[sq.group]           # streets of the group each seat holds (kept by the engine)
        mine = counts[seat]
        for other, c in enumerate(counts):
            if c and other != seat:             # no bonus once someone else holds one
                return sq.price
        return sq.price + mine * sq.price // 2
