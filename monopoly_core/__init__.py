"""monopoly_core: the rules core of the Monopoly rules lab.

One package plays every edition the lab offers, for people and bots, one step at a time or to the end,
reproducibly from a seed. The site, the Markov analysis and the game database all stand on it; it never imports
streamlit.

>>> from monopoly_core import Game, preset, bots
>>> game = Game.new(preset("classic-uk"), bots(["strategist", "cautious"]), seed=1)
>>> game.run()
>>> game.over
True
"""
import os as _os
import sys as _sys

# The core's numeric work is small dense solves (a few hundred states). Multi-threaded BLAS only adds latency
# there, and on a busy machine its spinning threads turned a 2 ms solve into 100+ ms. One thread, unless the user
# says otherwise, and only if numpy has not been loaded yet (the setting is read when it loads).
if "numpy" not in _sys.modules:
    for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        _os.environ.setdefault(_var, "1")

# The compiled build of the engine, when there is a fresh one (see native.py): must come before any engine import.
from . import native as _native  # noqa: E402

_native.activate(__path__)

from .actions import Action, Trade  # noqa: E402
from .board import Board, Square, load_board
from .bots import STANDARD, STRATEGIES
from .cards import Card, Deck, load_deck
from .decisions import Decision
from .dice import DiceModel, load_dice
from .errors import (BadSave, DataError, DecisionPending, GameOver, GameStuck, IllegalAction, InvalidRules,
                     MonopolyError, NoDecisionPending)
from .events import Event, EventLog
from .game import Game, History
from .rules import Preset, RuleSet, load_preset, preset, presets
from .state import BOT, PERSON, PlayerSpec, bots

__all__ = ["Action", "Trade", "Board", "Square", "load_board", "STANDARD", "STRATEGIES", "Card", "Deck",
           "load_deck", "Decision", "DiceModel", "load_dice", "BadSave", "DataError", "DecisionPending",
           "GameOver", "GameStuck", "IllegalAction", "InvalidRules", "MonopolyError", "NoDecisionPending", "Event",
           "EventLog", "Game", "History", "Preset", "RuleSet", "load_preset", "preset", "presets", "BOT",
           "PERSON", "PlayerSpec", "bots"]
