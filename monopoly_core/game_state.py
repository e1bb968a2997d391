"""What a game holds: every field of its state, declared once with its type (DESIGN.md section 2: "state is
data; rules are functions over it").

The rules are module-level functions over a :class:`GameState`, grouped by topic (``turn``, ``movement``,
``landing``, ``jail``, ``payments``, ``sales``, ``card_play``, ``management``, ``endgame``); the edition in
play (:mod:`.editions`) says what the game is made of and owns the points where editions differ. The public
driver, :class:`~.game.Game`, is a GameState with the protocol (step, act, run, history) on top.

**The view policies read.** Bots and pages read these fields and never write them: ``rules``, ``board``, ``dice``,
``edition``, ``players``, ``owner``, ``deeds_of``, ``owned_in``, ``group_rows``, ``level``, ``mortgaged``,
``houses_left``, ``hotels_left``, ``pot``, ``final_lap``, ``order``, ``current``, ``turn``, ``round``,
``last_roll``, ``over``, ``winner``, ``version``, ``holdings_version`` and ``buildings_version`` (counters that move
whenever an owner, a building level or a mortgage changes: a policy may cache what it works out from the position
against them; see :mod:`.holdings`) and
``memo`` (a scratch dict where policies of one game share values cached against ``version``; never part of the
game's state).
Everything else is the engine's own. Only the mutators in :mod:`.holdings` change holdings, and they alone move
the counters.
"""
from __future__ import annotations

import random
from collections import deque
from typing import TYPE_CHECKING, Any, Callable, Generator, Mapping

from . import events as E
from .state import Player

if TYPE_CHECKING:
    from .actions import Action
    from .board import Board
    from .cards import Card
    from .decisions import Decision
    from .dice import DiceModel, Roll
    from .editions.base import Edition
    from .landing import LandingRule
    from .policies import Policy
    from .rules import RuleSet
    from .state import PlayerSpec

#: A rule that may need someone's decision runs as a generator: it yields a Decision (or None at an automatic
#: step boundary), is sent the answer, and returns its outcome. See :mod:`.flow`.
Play = Generator[Any, Any, Any]

SNAPSHOT_COLUMNS = ("round", "turn", "player", "cash", "net_worth", "position", "properties", "houses", "hotels")

_BOARD_TABLES: dict = {}


def board_tables(board: Board) -> tuple:
    """Per-board lookups every game on that board shares (read-only, so built once per board object): each
    square's holding key (its colour group, or its kind), the number of squares per holding key, each square's
    colour group members (empty for squares without a group), and (square, price, mortgage value, house cost)
    of every property."""
    from types import MappingProxyType
    entry = _BOARD_TABLES.get(id(board))
    if entry is None or entry[0] is not board:
        holding_key = tuple(s.group or s.kind for s in board.squares)
        holding_size = MappingProxyType({k: holding_key.count(k) for k in dict.fromkeys(holding_key)})
        members_of = tuple(board.groups[s.group].squares if s.group else () for s in board.squares)
        deeds = tuple((s, board.squares[s].price, board.squares[s].mortgage, board.squares[s].house_cost)
                      for s in board.properties)
        entry = _BOARD_TABLES[id(board)] = (board, (holding_key, holding_size, members_of, deeds))
    return entry[1]


class GameState:
    """A game's position and the few driver fields the rules need to ask for decisions (see :mod:`.flow`)."""

    # --- the table and its rules (fixed for the game) -------------------------------------------------------
    rules: RuleSet
    edition: Edition
    classic_rules: bool     # the edition keeps the classic rule at every hot hook (Edition.keeps_classic_rules)
    board: Board
    dice: DiceModel
    deck_cards: dict[str, tuple[Card, ...]]     # deck kind -> its printed cards
    deck_kinds: tuple[str, ...]                 # the decks in play, in their event code order
    seed: int
    specs: tuple[PlayerSpec, ...]
    size: int                                   # squares on the board
    landing: tuple[LandingRule, ...]            # per square: what landing there does (from the edition)
    holding_key: tuple[str, ...]
    holding_size: Mapping[str, int]
    members_of: tuple[tuple[int, ...], ...]
    deeds: tuple[tuple[int, int, int, int], ...]
    jackpot: bool                               # the Free Parking jackpot is played
    fee_payee: int                              # where fines and taxes go: the bank or the Free Parking pot
    utility_roll: bool                          # a utility's rent is counted on a new roll (RuleSet.utility_rent)

    # --- the position ------------------------------------------------------------------------------------------
    players: list[Player]
    owner: list[int]                            # per square: the owning seat, or -1
    deeds_of: list[list[int]]                   # per seat: the squares whose deeds it holds, in board order
    owned_in: dict[str, list[int]]              # per holding key: how many of it each seat owns
    group_rows: tuple[tuple[str, tuple[int, ...], list[int], int], ...]
    level: list[int]                            # per square: building level (see the edition's levels)
    mortgaged: list[bool]
    houses_left: int
    hotels_left: int
    pot: int
    bank_paid: int
    bank_received: int
    decks: dict[str, deque[int]]                # card indexes, top first
    extra: Any                                  # the edition's own game-wide state (None for classic)
    final_lap: list[bool] | None                # None, or on the final lap: per seat, reached GO (final_lap.py)
    turn_over: bool                             # this roll's move ended the turn: no roll again after doubles
    order: list[int]
    current: int
    turn: int
    turn_plies: list[int]
    round: int
    rolls: int
    trades_proposed: int
    declined: set[tuple[int, int]]              # (seat, proposer): seat declines every offer from proposer
    last_roll: Roll | None
    version: int
    holdings_version: list[int]
    buildings_version: list[int]                # per seat: moves when a building level on its deeds changes
    memo: dict
    over: bool
    end_reason: str
    winner: int

    # --- records ----------------------------------------------------------------------------------------------
    log: E.EventLog
    snapshots: dict[str, list] | None

    # --- the driver's fields the rules use (see flow.py) ----------------------------------------------------------
    pending: Decision | None
    ply: int
    bots: dict[int, Policy]                     # seat -> the policy answering its decisions
    rng: random.Random                          # the game's own generator: dice, shuffles
    random: Callable[[], float]                 # rng.random, or a stand-in a test arranged (see Game.arrange)
    arranged: bool                              # deeds or buildings arranged since the last check (see arrange.py)
    was_arranged: bool                          # arranged at all: its history no longer replays it (no save, no link)
    person_answer_bytes: int                    # the people's answers so far, as a saved file writes them (decisions)
    actions: list[Action]
    skips_pre_roll: frozenset[int]
    pre_roll_windows: list[Decision | None]     # per seat, made once (decisions are immutable): see Game
    post_roll_windows: list[tuple[Decision, Decision]]
    jail_windows: list[Decision]
    groups_seen: list[int]                      # per seat: the groups it could build in at its last look (bits)
    groups_seen_at: list[int]                   # per seat: its holdings_version at that look
    fast: bool                                  # run() drives the game: bots answer inline, no yields
    step_budget: int                            # the step count the current turn may not pass (flow.py)
    closed_shortage: tuple[int, int]            # (turn, a bit per auction item) of shortage auctions nobody won
    auto_bots: dict[int, Policy]                # the bots answering inline (empty in step-by-step play)

    def __init__(self, rules: RuleSet, edition: Edition, specs: tuple[PlayerSpec, ...], seed: int,
                 bots: dict[int, Policy], events: bool = True, snapshots: bool = False) -> None:
        self.rules = rules
        self.edition = edition
        self.classic_rules = edition.keeps_classic_rules()
        self.board = edition.board(rules)
        self.dice = edition.dice(rules)
        decks = edition.decks(rules)
        self.deck_kinds = tuple(decks)
        self.deck_cards = {kind: deck.cards for kind, deck in decks.items()}
        self.seed = seed
        self.specs = specs
        self.players = [Player(i, s, 0, edition.player_extra(rules, i)) for i, s in enumerate(specs)]
        n = self.board.size
        self.size = n
        self.landing = edition.landing_table(self.board)
        self.holding_key, self.holding_size, self.members_of, self.deeds = board_tables(self.board)
        self.owner = [-1] * n
        # each seat's deeds in board order, kept by holdings.give_deed, so that a bot weighing what a seat could
        # raise (worth.liquidation) or what it has mortgaged looks at a handful of squares, not the whole board
        self.deeds_of = [[] for _ in specs]
        # how many of each colour group (and of the railroads, the utilities) each seat owns, kept up to date by
        # holdings.give_deed so that rent and bots need not rescan the board
        self.owned_in = {k: [0] * len(specs) for k in self.holding_size}
        #: (group, its streets, owned_in[group], its size) per colour group in board order, for the bots' scans
        self.group_rows = tuple((name, grp.squares, self.owned_in[name], self.holding_size[name])
                                for name, grp in self.board.groups.items())
        self.level = [0] * n
        self.mortgaged = [False] * n
        self.houses_left = rules.houses
        self.hotels_left = rules.hotels
        self.pot = 0
        self.bank_paid = 0
        self.bank_received = 0
        # the Free Parking jackpot, where the edition plays it (the Cheaters Edition's Free Parking draws a card:
        # a jackpot set there would only fill a pot nobody wins)
        self.jackpot = rules.free_parking == "jackpot" and "free_parking" not in edition.unused_rules
        self.fee_payee = E.POT if self.jackpot else E.BANK
        self.utility_roll = rules.utility_rent == "new_roll" and "utility_rent" not in edition.unused_rules
        self.decks = {kind: deque() for kind in self.deck_kinds}
        self.extra = edition.game_extra(rules)
        self.final_lap = None
        self.turn_over = False
        self.order = []
        self.current = 0
        self.turn = 0
        self.turn_plies = []          # the step count at the start of each turn (for rewinding)
        self.round = 0
        self.rolls = 0
        self.trades_proposed = 0
        self.declined = set()
        self.memo = {}
        self.version = 0
        self.holdings_version = [0] * len(specs)
        self.buildings_version = [0] * len(specs)
        self.last_roll = None
        self.over = False
        self.end_reason = ""
        self.winner = -1
        self.log = E.EventLog(events)
        self.snapshots = {c: [] for c in SNAPSHOT_COLUMNS} if snapshots else None
        self.rng = random.Random(seed)
        self.random = self.rng.random
        self.bots = bots
        self.actions = []
        # Policies whose answer to the pre-roll window is always "roll" say so up front and are not asked (a
        # standing answer: the same in step-by-step play, batch play and replay).
        self.skips_pre_roll = frozenset(s for s, b in bots.items() if not b.uses_pre_roll)
        self.fast = False
        self.arranged = False
        self.was_arranged = False
        self.person_answer_bytes = 0
        self.step_budget = 1 << 62
        self.closed_shortage = (-1, 0)
        self.auto_bots = {}
        self.ply = 0
        self.pending = None
        self.pre_roll_windows, self.post_roll_windows, self.jail_windows = [], [], []
        self.groups_seen = [0] * len(specs)
        self.groups_seen_at = [0] * len(specs)
