"""What a game holds: every field of its state, declared once with its type, at the root of the rule parts.

A :class:`~.game.Game` is built as one chain of classes, each adding the rules of one part of the rule books to
the one before it::

    GameState -> PaymentRules -> PropertySaleRules -> CardRules -> ManagementRules -> TurnRules -> Game
    (this)       payments.py     property_sale.py     card_play.py  management.py     turn.py      game.py

A chain rather than mixins, and the state declared here rather than wherever it is first assigned, so that a
type checker (and mypyc, which compiles typed classes to native attribute access: see ``native.py``)
sees one class whose fields every rule part may read. The parts call one another both ways (a payment may
start an auction; an auction is asked through the turn's windows), so the few methods a part uses before the
chain defines them are declared here too, each naming the module that defines it.

Game.__init__ (in :mod:`.game`) gives every field its first value; the declarations here cost nothing at run
time.
"""
from __future__ import annotations

import random
from collections import deque
from typing import TYPE_CHECKING, Any, Callable, Generator, Mapping

if TYPE_CHECKING:
    from .actions import Action, Trade
    from .board import Board
    from .cards import Card
    from .decisions import Decision
    from .dice import DiceModel, Roll
    from .events import EventLog
    from .rules import RuleSet
    from .state import Player, PlayerSpec

#: A rule that may need someone's decision runs as a generator: it yields a Decision (or None at an automatic
#: step boundary), is sent the answer, and returns its outcome.
Play = Generator[Any, Any, Any]


class GameState:
    # --- the table and its rules (fixed for the game) -------------------------------------------------------
    rules: RuleSet
    board: Board
    dice: DiceModel
    deck_cards: dict[str, tuple[Card, ...]]
    seed: int
    specs: tuple[PlayerSpec, ...]
    size: int                               # squares on the board
    # per-board lookups shared by every game on that board (see game._board_tables)
    kind_code: tuple[int, ...]
    holding_key: tuple[str, ...]
    holding_size: Mapping[str, int]
    members_of: tuple[tuple[int, ...], ...]
    _deeds: tuple[tuple[int, int, int, int], ...]
    fee_payee: int                          # where fines and taxes go: the bank or the Free Parking pot

    # --- the position ------------------------------------------------------------------------------------------
    players: list[Player]
    owner: list[int]                        # per square: the owning seat, or -1
    owned_in: dict[str, list[int]]          # per holding key: how many of it each seat owns
    group_rows: tuple[tuple[str, tuple[int, ...], list[int], int], ...]
    level: list[int]                        # per square: 0-4 houses, 5 a hotel
    mortgaged: list[bool]
    houses_left: int
    hotels_left: int
    pot: int
    bank_paid: int
    bank_received: int
    decks: dict[str, deque[int]]            # card indexes, top first
    order: list[int]
    current: int
    turn: int
    turn_plies: list[int]
    round: int
    rolls: int
    trades_proposed: int
    last_roll: Roll | None
    version: int
    holdings_version: list[int]
    memo: dict
    over: bool
    end_reason: str
    winner: int

    # --- records ----------------------------------------------------------------------------------------------
    log: EventLog
    snapshots: dict[str, list] | None

    # --- the protocol: who decides, and the generator that plays the game -------------------------------------
    pending: Decision | None
    ply: int
    bots: dict[int, Any]                    # seat -> anything with choose(decision, game)
    _rng: random.Random
    _random: Callable[[], float]
    _actions: list[Action]
    _skips_pre_roll: frozenset[int]
    _pre_roll: list[Decision | None]
    _post_roll: list[tuple[Decision, Decision]]
    _jail: list[Decision]
    _fast: bool
    _auto_bots: dict[int, Any]
    _gen: Play

    # --- rule parts used before the chain defines them ---------------------------------------------------------
    def _auto(self, d: Decision) -> Action:                          # game.py
        raise NotImplementedError

    def _ask(self, d: Decision, action: Action | None = None) -> Play:                    # turn.py
        raise NotImplementedError

    def _finish(self, reason: int, winner: int) -> None:             # turn.py
        raise NotImplementedError

    def _land(self, p: Player, square: int, dice_total: int, mode: int) -> Play | None:   # turn.py
        raise NotImplementedError

    def _salary(self, p: Player, landed_on_go: bool) -> None:       # turn.py
        raise NotImplementedError

    def _to_jail(self, p: Player, reason: int) -> None:             # turn.py
        raise NotImplementedError

    def _give_deed(self, square: int, to: int, frm: int, price: int, reason: int) -> None:   # property_sale.py
        raise NotImplementedError

    def _auction(self, square: int, item: int = 0, eligible: set[int] | None = None) -> Play:   # property_sale.py
        raise NotImplementedError

    def _manage(self, p: Player, action: Action) -> Play:           # management.py
        raise NotImplementedError

    def _lift_mortgage(self, seat: int, square: int) -> None:       # management.py
        raise NotImplementedError
