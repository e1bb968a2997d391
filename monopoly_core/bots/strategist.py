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

    _weights_rules = None       # the RuleSet the cached weights below belong to
    _weights: tuple[float, ...] = ()

    def weights(self, g):
        # remembered per RuleSet object: looking it up in landing_weights' cache hashes the whole RuleSet
        if self._weights_rules is not g.rules:
            self._weights, self._weights_rules = landing_weights(g.rules), g.rules
        return self._weights

    def compute_reserve(self, g, seat):
        return max(100, min(700, self.worst_rent(g, seat) * 2 // 3))

    def value(self, g, seat, square):
        sq = g.board.squares[square]
        w = self.weights(g)[square]
        base = sq.price * (0.75 + 0.35 * w)
        if sq.group:
            counts = g.owned_in[sq.group]       # streets of the group each seat holds (kept by the engine)
            mine = counts[seat]
            held = sum(counts)
            if held == mine:                    # no other owner in the group
                base *= 1 + 0.4 * mine
            elif mine == 0 and held == g.holding_size[sq.group] - 1 and len(counts) - counts.count(0) == 1:
                base *= 1.6   # deny an opponent's set: one other owner holds all the group's streets but this
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
