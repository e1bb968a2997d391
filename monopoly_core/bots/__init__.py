"""Bots: policies that answer decisions with the same legal options a person sees.

``choose(decision, game) -> Action``. Each bot gets its own random stream, seeded from the game's seed and its
seat, so bot games are reproducible. Strategies:

* ``random``: uniform over the legal actions (and the odd random trade) - for fuzzing the rules.
* ``always-buy``: buys everything it can afford, builds whenever it can, never trades.
* ``cautious``: keeps a cash reserve sized to the worst rent on the board; trades only when clearly ahead.
* ``set-collector``: buys toward colour sets, trades to complete them, builds fast.
* ``strategist``: set-collector's buying and trading; three houses on every street of its sets first, paid for by
  mortgaging its other deeds; builds first where the exact Markov chain says a house adds the most expected rent
  per unit of cost, and bids high to deny an opponent the last street of a set. The strongest bot here.
"""
from __future__ import annotations

from .. import policies
from ..native import extend_subpackage

extend_subpackage(__path__, __name__)      # the compiled bots, when the package runs its native build

from .base import Bot  # noqa: E402
from .random_bot import RandomBot
from .simple import AlwaysBuyBot, CautiousBot, SetCollectorBot
from .strategist import StrategistBot

_CLASSES = {"random": RandomBot, "always-buy": AlwaysBuyBot, "cautious": CautiousBot,
            "set-collector": SetCollectorBot, "strategist": StrategistBot}

STRATEGIES: tuple[str, ...] = tuple(_CLASSES)
#: The standard table for benchmarks and batch simulations: one of each non-random strategy.
STANDARD = ("strategist", "set-collector", "cautious", "always-buy")
DESCRIPTIONS = {
    # (shown on the site: in a class's words, not "for fuzzing")
    "random": "makes any move the rules allow, picked at random: a yardstick the other strategies should beat",
    "always-buy": "buys and builds whenever it can afford to; never trades",
    "cautious": "keeps a cash reserve against the worst rent; trades only when clearly ahead",
    "set-collector": "buys toward colour sets, trades to complete them, builds fast",
    "strategist": "trades for sets; mortgages other deeds to put 3 houses on its sets fast; builds where landing "
                  "odds pay most; bids to deny opponents a set",
}


def make_bot(strategy: str, rng) -> Bot:
    """A bot of ``strategy`` drawing from ``rng``: a ``random.Random``, or a seed string for the Random the
    bot makes when it first draws."""
    return policies.make(strategy, rng)


for _name, _cls in _CLASSES.items():      # the engine finds the strategies here (it never imports the bots)
    policies.register(_name, _cls, DESCRIPTIONS[_name])
policies.set_standard(STANDARD)


__all__ = ["Bot", "STRATEGIES", "STANDARD", "DESCRIPTIONS", "make_bot"]
