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
from .actions import Action, Trade
from .board import Board, Square, load_board
from .bots import STANDARD, STRATEGIES
from .cards import Card, Deck, load_deck
from .decisions import Decision
from .dice import DiceModel, load_dice
from .errors import (BadSave, DataError, DecisionPending, GameOver, IllegalAction, InvalidRules, MonopolyError,
                     NoDecisionPending)
from .events import Event, EventLog
from .game import Game, History
from .rules import Preset, RuleSet, load_preset, preset, presets
from .state import BOT, PERSON, PlayerSpec, bots

__all__ = ["Action", "Trade", "Board", "Square", "load_board", "STANDARD", "STRATEGIES", "Card", "Deck",
           "load_deck", "Decision", "DiceModel", "load_dice", "BadSave", "DataError", "DecisionPending",
           "GameOver", "IllegalAction", "InvalidRules", "MonopolyError", "NoDecisionPending", "Event",
           "EventLog", "Game", "History", "Preset", "RuleSet", "load_preset", "preset", "presets", "BOT",
           "PERSON", "PlayerSpec", "bots"]
