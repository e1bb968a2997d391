"""The strategist: set-collector's buying and trading, plus fast development and where tokens actually land.

Measured over seat-rotated games of the standard table, buying toward sets and trading for them decides bot
games. On that engine the strategist adds:

* development first: once it owns a set, it puts three houses on every street of its sets before anything else
  (hotels, lifting mortgages), and mortgages its deeds outside its sets to pay for them. On 20 of the 22
  classic streets the third house is the building that adds the most rent (2.2 to 3 times the rent of two
  houses), and houses on a set earn far more than a lone deed. This is what makes it the strongest bot here
  (see the README's "Bots" section for the win shares);
* it builds first where a house adds the most expected rent per unit of cost (landing probability from the
  exact Markov chain, times the rent gained), instead of simply the highest next rent;
* it bids up to twice the price for a street that would complete an opponent's set, to deny it.

(Measured and dropped: valuing streets by landing probability lost games, since in bot games a street's worth is
mostly how close it brings a set; developing to two, four houses or hotels instead of three, a cash reserve sized
to the opponents' rents, leaving jail by the opponents' rents, other trade prices, a bonus for trades completing
its own set and deed-plus-cash offers were no better.)

It stays in jail late in the game (as every bot here does once most properties are owned). See the README's
"Bots" section for the measured win shares.
"""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from .. import actions as A
from ..actions import Action
from ..board import load_board
from ..building import HOTEL
from ..worth import liquidation
from .simple import SetCollectorBot

if TYPE_CHECKING:
    from .base import Plan
    from ..decisions import Decision
    from ..game_state import GameState as Game


@functools.lru_cache(maxsize=16)
def landing_weights(rules_key) -> tuple[float, ...]:
    """Per-square landing weight relative to the average square (1.0), from the exact chain (In Jail, a
    state of its own, is left out, so the squares are renormalised to average exactly 1)."""
    from ..markov import stationary
    pi = stationary(rules_key, jail="long", quantity="per-roll").squares
    scale: float = len(pi) / float(sum(pi))
    return tuple(x * scale for x in pi)


@functools.lru_cache(maxsize=16)
def strategist_priorities(rules_key) -> tuple[tuple[float, ...], ...]:
    """Per square and current level: minus the landing weight times the rent a building there adds, per unit
    of its cost (worked out once per RuleSet: the bot sorts its building options after every change)."""
    w = landing_weights(rules_key)
    board = load_board(rules_key.board)
    return tuple(tuple(-w[s] * (sq.rents[min(lv + 1, HOTEL)] - sq.rents[lv]) / sq.house_cost
                       for lv in range(HOTEL)) if sq.house_cost and sq.kind == "street" else ()
                 for s, sq in enumerate(board.squares))


class StrategistBot(SetCollectorBot):
    name = "strategist"
    deny_factor = 2.0           # bid up to this multiple of the price to keep an opponent from a set
    develop_to = 3              # houses on every street of its sets before hotels or lifting mortgages
    boldness = 0.3              # Cheaters Edition: cheats when the odds are good, watches well
    vigilance = 1.2

    def manage(self, d: Decision, g: Game, plan: Plan) -> Action | None:
        if plan.set_squares:
            self._update_builds(g, d.player)
            options = self._build_options       # lowest level first
            if options and options[0][0] < self.develop_to:
                return self.develop(g, d.player, plan)
        return super().manage(d, g, plan)

    def develop(self, g: Game, seat: int, plan: Plan) -> Action | None:
        """A house below :attr:`develop_to`, or a mortgage that pays for one; else a trade offer or None.
        No mortgage is lifted meanwhile (that money goes to houses)."""
        squares = g.board.squares
        budget = g.players[seat].cash - self.reserve(g, seat)
        cheapest = 1 << 60      # (only called with an option below develop_to: the loop sees one)
        for lv, _, s in self._build_options:
            if lv >= self.develop_to:
                break
            cost = squares[s].house_cost
            if cost <= budget:
                return Action(A.BUILD, s)
            if cost < cheapest:
                cheapest = cost
        spare = self.spare_deeds(g, seat, liquidation(g, seat)[1])
        # mortgage only when the deeds outside the sets can pay for a house (else keep them earning)
        if spare and budget + sum(squares[s].mortgage for s in spare) >= cheapest:
            return Action(A.MORTGAGE, self.least_valued(g, seat, spare))
        return self.offer(g, seat, plan)

    def auction_value(self, g: Game, seat: int, square: int) -> int:
        v = self.value(g, seat, square)
        sq = g.board.squares[square]
        if sq.group:
            others = {g.owner[s] for s in g.board.groups[sq.group].squares if s != square}
            if len(others) == 1:
                o = others.pop()
                if o >= 0 and o != seat:        # the last street of an opponent's set
                    v = max(v, int(sq.price * self.deny_factor))
        return v

    _priorities_rules: object = None    # the RuleSet the cached build priorities below belong to
    _priorities: tuple[tuple[float, ...], ...] = ()

    def build_priorities(self, g: Game) -> tuple[tuple[float, ...], ...]:
        # after even building, the most expected rent gained per unit of cost (minus, as lower goes first);
        # remembered per RuleSet object: looking it up in the lru_cache hashes the whole RuleSet
        if self._priorities_rules is not g.rules:
            self._priorities, self._priorities_rules = strategist_priorities(g.rules), g.rules
        return self._priorities
