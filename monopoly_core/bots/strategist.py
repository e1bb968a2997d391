"""The strategist: set-collector's buying and trading, steered by where tokens actually land.

Measured over seat-rotated games of the standard table, buying toward sets and trading for them decides bot
games; on that engine the strategist adds what the exact Markov chain knows:

* it builds first where a house adds the most expected rent per unit of cost (landing probability times the
  rent gained), instead of simply the highest next rent;
* it bids up to twice the price for a street that would complete an opponent's set, to deny it;

(Valuing streets by landing probability, buying dear ones and passing on rarely visited ones, lost games in the
same measurement: in bot games a street's worth is mostly how close it brings a set.)

It stays in jail late in the game (as every bot here does once most properties are owned). See the README's
"Bots" section for the measured win shares.
"""
from __future__ import annotations

import functools

from ..board import load_board
from ..building import HOTEL
from .simple import SetCollectorBot


@functools.lru_cache(maxsize=16)
def landing_weights(rules_key) -> tuple[float, ...]:
    """Per-square landing weight relative to the average square (1.0), from the exact chain (In Jail, a
    state of its own, is left out, so the squares are renormalised to average exactly 1)."""
    from ..markov import stationary
    pi = stationary(rules_key, jail="long", quantity="per-roll").squares
    scale = len(pi) / sum(pi)
    return tuple(x * scale for x in pi)


@functools.lru_cache(maxsize=16)
def strategist_priorities(rules_key) -> tuple:
    """Per square and current level: minus the landing weight times the rent a building there adds, per unit
    of its cost (worked out once per RuleSet: the bot sorts its building options after every change)."""
    w = landing_weights(rules_key)
    board = load_board(rules_key.board)
    return tuple(tuple(-w[s] * (sq.rents[min(lv + 1, HOTEL)] - sq.rents[lv]) / sq.house_cost
                       for lv in range(HOTEL)) if sq.house_cost else ()
                 for s, sq in enumerate(board.squares))


class StrategistBot(SetCollectorBot):
    name = "strategist"
    deny_factor = 2.0           # bid up to this multiple of the price to keep an opponent from a set

    _weights_rules = None       # the RuleSet the cached weights below belong to
    _weights: tuple[float, ...] = ()

    def weights(self, g):
        # remembered per RuleSet object: looking it up in landing_weights' cache hashes the whole RuleSet
        if self._weights_rules is not g.rules:
            self._weights, self._weights_rules = landing_weights(g.rules), g.rules
        return self._weights

    def auction_value(self, g, seat, square):
        v = self.value(g, seat, square)
        sq = g.board.squares[square]
        if sq.group:
            others = {g.owner[s] for s in g.board.groups[sq.group].squares if s != square}
            if len(others) == 1:
                o = others.pop()
                if o >= 0 and o != seat:        # the last street of an opponent's set
                    v = max(v, int(sq.price * self.deny_factor))
        return v

    _priorities_rules = None    # the RuleSet the cached build priorities below belong to
    _priorities: tuple = ()

    def build_priorities(self, g):
        # after even building, the most expected rent gained per unit of cost (minus, as lower goes first)
        if self._priorities_rules is not g.rules:
            self._priorities, self._priorities_rules = strategist_priorities(g.rules), g.rules
        return self._priorities
