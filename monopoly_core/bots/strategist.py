"""The strategist: a stronger bot driven by where tokens actually land.

It values a property by its long-run landing probability times the rent it can earn (from the exact Markov
chain of the same board, dice and decks the game is played with), builds evenly to three houses - where the
rent jump is steepest - before going further, keeps a reserve against the worst rent on the board, stays in
jail once most properties are owned, and trades for sets: a fair swap when the partner also completes a set,
cash otherwise.
"""
from __future__ import annotations

import functools

from .base import Bot


@functools.lru_cache(maxsize=16)
def landing_weights(rules_key) -> tuple[float, ...]:
    """Per-square landing weight relative to the average square (1.0), from the exact chain (In Jail, a
    state of its own, is left out, so the squares are renormalised to average exactly 1)."""
    from ..markov import stationary
    pi = stationary(rules_key, jail="long", quantity="per-roll").squares
    scale = len(pi) / sum(pi)
    return tuple(x * scale for x in pi)


class StrategistBot(Bot):
    name = "strategist"
    trades = True
    build_target = 5
    offer_start, offer_step, offer_cap = 1.6, 0.6, 6.0
    set_premium = 2.0

    def weights(self, g):
        return landing_weights(g.rules)

    def compute_reserve(self, g, seat):
        return max(100, min(700, self.worst_rent(g, seat) * 2 // 3))

    def value(self, g, seat, square):
        sq = g.board.squares[square]
        w = self.weights(g)[square]
        base = sq.price * (0.75 + 0.35 * w)
        if sq.group:
            members = g.board.groups[sq.group].squares
            mine = sum(1 for s in members if g.owner[s] == seat)
            foreign = {g.owner[s] for s in members if g.owner[s] >= 0 and g.owner[s] != seat}
            if not foreign:
                base *= 1 + 0.4 * mine
            elif len(foreign) == 1 and mine == 0 and sum(1 for s in members if g.owner[s] >= 0) == len(members) - 1:
                base *= 1.6   # deny an opponent's set
        return int(base)

    def jail(self, d, g):
        if self.early_game(g):
            return super().jail(d, g)
        from ..actions import A_ROLL
        return A_ROLL

    def may_build_to(self, level, budget):
        # three houses on every street first (the options come lowest level first); a fourth house or a
        # hotel only with plenty of spare cash
        return level <= 3 or budget > 600
