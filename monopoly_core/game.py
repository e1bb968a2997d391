"""The game: a state machine with explicit decisions (DESIGN.md section 2).

>>> from monopoly_core import Game, preset, bots
>>> g = Game.new(preset("classic-us"), bots(["cautious", "always-buy"]), seed=7)
>>> g.pending is None            # the next step is automatic
True
>>> events = g.step()            # one atomic step; bots answer their own decisions
>>> g.run()                      # play to the end (all seats are bots)
>>> g.over, g.end_reason in ("last_player_standing", "turn_limit")
(True, True)

* ``Game.new(rules, players, seed)`` builds the start state; every random draw comes from the game's own
  generator (dice, deck shuffles), and each bot draws from its own stream seeded from the game seed.
* ``game.pending`` is a :class:`~.decisions.Decision` or None (the next step is automatic).
* ``game.step()`` advances one atomic step (a bot's decision counts as one step; a person's raises
  :class:`DecisionPending`); ``game.act(action)`` answers the pending decision. An illegal action raises
  :class:`IllegalAction` naming the reason and changes nothing.
* ``game.history`` (rules, players, seed, every answered action and the step count) rebuilds the game exactly:
  :meth:`Game.replay`, :meth:`Game.clone`, undo, saves and share links all rest on it.
"""
from __future__ import annotations

import json

from dataclasses import dataclass
from typing import Final, TYPE_CHECKING

from . import decisions as D
from . import flow
from . import editions
from . import policies
from . import turn
from .actions import Action, action_from_json, stray_fields
from .arrange import Arrangement, position_problem
from .bounds import check_count, check_seed, short
from .errors import (BadSave, DecisionPending, GameOver, IllegalAction, IllegalReplay, InvalidRules,
                     NoDecisionPending)
from .game_state import SNAPSHOT_COLUMNS, GameState
from .policies import Policy
from .rules import RuleSet
from .state import BOT, Player, PlayerSpec, check_names
from .worth import net_worth

if TYPE_CHECKING:
    from . import events as E
    from .game_state import Play

__all__ = ["Game", "History", "SNAPSHOT_COLUMNS"]

#: The most steps :meth:`Game.play` or :meth:`Game.replay` may be asked for (far past any game: a bound, so that a
#: number of any size is refused in words).
MOST_STEPS_ASKED = 10**12


@dataclass(frozen=True)
class History:
    """Everything needed to rebuild a game: rules, players, seed, the answered actions and the step count."""

    rules: RuleSet
    players: tuple[PlayerSpec, ...]
    seed: int
    actions: tuple[Action, ...]
    steps: int

    def to_json(self) -> dict:
        return {"rules": self.rules.to_dict(), "players": [p.to_json() for p in self.players], "seed": self.seed,
                "actions": [a.to_json() for a in self.actions], "steps": self.steps}

    @classmethod
    def from_json(cls, d) -> "History":
        if not isinstance(d, dict):
            raise BadSave("a game history must be a JSON object")
        for key in ("rules", "players", "seed", "actions", "steps"):
            if key not in d:
                raise BadSave(f"missing {key!r}")
        try:
            rules = RuleSet.from_dict(d["rules"])
            if not isinstance(d["players"], list):
                raise BadSave("'players' must be a list")
            players = tuple(PlayerSpec.from_json(p) for p in d["players"])
        except InvalidRules as exc:
            raise BadSave(f"rules: {exc}") from None
        seed, steps = d["seed"], d["steps"]
        if isinstance(seed, bool) or not isinstance(seed, int) or isinstance(steps, bool) or not isinstance(steps, int):
            raise BadSave("'seed' and 'steps' must be whole numbers")
        try:
            check_seed(seed)
        except InvalidRules as exc:
            raise BadSave(str(exc)) from None
        if not isinstance(d["actions"], list):
            raise BadSave("'actions' must be a list")
        return cls(rules, players, seed, tuple(action_from_json(a) for a in d["actions"]), steps)


def _check_history(h: History) -> None:
    """Refuse, in words, a History whose fields are not what :meth:`Game.replay` reads (one built by hand: the
    compiled build's constructor checks the types, the interpreted one does not; a negative step count replayed to
    step 0 without a word, an outside review found)."""
    what = None
    # (read as plain objects: the compiled build checks a typed field's items only as they are read)
    rules: object = h.rules
    players: object = h.players
    actions: object = h.actions
    if not isinstance(rules, RuleSet):
        what = f"its rules are {short(rules)}, not a RuleSet"
    elif not isinstance(players, tuple) or not all(isinstance(p, PlayerSpec) for p in players):
        what = f"its players are {short(players)}, not a tuple of PlayerSpec"
    elif not isinstance(actions, tuple) or not all(isinstance(a, Action) for a in actions):
        what = f"its actions are {short(actions)}, not a tuple of Action"
    if what is not None:
        raise BadSave(f"not a game's history: {what}")
    try:
        check_seed(h.seed)
        check_count(h.steps, "steps", 0, MOST_STEPS_ASKED)
    except InvalidRules as exc:
        raise BadSave(f"not a game's history: {exc}") from None


_VALIDATED: Final[dict] = {}


def _validate(rules: RuleSet, n_players: int) -> None:
    """``rules.validate(n_players)``, remembered per RuleSet object: a RuleSet is frozen and every field of a
    valid one is a str, int or bool, so one that passed once passes again (a batch builds thousands of games
    from the same RuleSet, and validating costs as much as setting up the rest of a game)."""
    key = (id(rules), n_players)
    if _VALIDATED.get(key) is rules:
        return
    rules.validate(n_players)
    if len(_VALIDATED) >= 256:
        _VALIDATED.clear()
    _VALIDATED[key] = rules


_CHECKED: Final[dict] = {}


def _check_spec(spec: PlayerSpec) -> None:
    """``spec.check()``, remembered per PlayerSpec object (frozen, like a RuleSet: a batch builds thousands of
    games from the same seats, and checking a name's every character costs more than a short game's turn)."""
    if _CHECKED.get(id(spec)) is spec:
        return
    spec.check()
    if len(_CHECKED) >= 1024:
        _CHECKED.clear()
    _CHECKED[id(spec)] = spec


class Game(GameState):
    """One game in progress. Public attributes are read-only outside the core; change it via step/act (and,
    to set up a position for a lesson or a test, :meth:`arrange`)."""

    _gen: Play

    # ------------------------------------------------------------------------------------------------------
    @classmethod
    def new(cls, rules: object, players: object, seed: object, *, events: object = True, snapshots: object = False,
            policies: object = None) -> "Game":
        """A new game. ``players`` is a list of :class:`PlayerSpec` (see :func:`~.state.bots`).

        ``events`` and ``snapshots`` switch the event log and the per-round snapshots on or off. Each bot seat
        plays the policy its caller hands it in ``policies`` (seat -> a :class:`~.policies.Policy`),
        or else a new policy of its named strategy (:mod:`.policies`), seeded from the game's seed and the seat.
        Games with policies of the caller's replay only with the same policies.
        """
        # (rules and seed are checked here, not by the compiled signature: its TypeError named neither)
        if not isinstance(rules, RuleSet):
            raise InvalidRules("rules", f"expected a RuleSet (for example preset('classic-us')), got {short(rules)}")
        if not isinstance(players, (list, tuple)):
            raise InvalidRules("players", f"expected a list of PlayerSpec (for example bots(['cautious', 'random']))"
                               f", got {short(players)}")
        for name, flag in (("events", events), ("snapshots", snapshots)):
            if not isinstance(flag, bool):
                raise InvalidRules(name, f"must be True or False, got {short(flag)}")
        if policies is not None and not isinstance(policies, dict):
            raise InvalidRules("policies", f"expected a dict of seat to policy, got {short(policies)}")
        specs = tuple(players)
        for s in specs:
            if not isinstance(s, PlayerSpec):
                raise InvalidRules("players", f"expected PlayerSpec, got {short(s)}")
        _validate(rules, len(specs))
        for s in specs:
            _check_spec(s)
        check_names(specs)
        return cls(rules, specs, check_seed(seed), bool(events), bool(snapshots), policies)

    def __init__(self, rules: RuleSet, specs: tuple[PlayerSpec, ...], seed: int, events: bool = True,
                 snapshots: bool = False, given: dict | None = None) -> None:
        # each bot's stream is seeded from f"{seed}:{seat}"; the bot builds its Random on first use (most never
        # draw, and seeding from a string costs more than the rest of setting up a game)
        bots: dict[int, Policy] = {i: policies.make(s.strategy, f"{seed}:{i}") for i, s in enumerate(specs)
                                   if s.kind == BOT}
        for seat, policy in (given or {}).items():
            if not (isinstance(seat, int) and 0 <= seat < len(specs)) or specs[seat].kind != BOT:
                raise InvalidRules("policies", f"seat {seat!r} is not a bot seat of this table")
            if not isinstance(policy, Policy):
                raise InvalidRules("policies", f"seat {seat}: a policy must be a monopoly_core.policies.Policy, "
                                   f"got {type(policy).__name__}")
            bots[seat] = policy
        super().__init__(rules, editions.get(rules.edition), specs, seed, bots, events, snapshots)
        # The window decisions are immutable, so each seat's are made once: its pre-roll window (None for the
        # seats never asked), its post-roll windows (after a last roll, and after doubles), its jail choice.
        n = len(specs)
        self.pre_roll_windows = [None if s in self.skips_pre_roll else D.Decision(self, D.PRE_ROLL, s)
                                 for s in range(n)]
        self.post_roll_windows = [(D.Decision(self, D.POST_ROLL, s), D.Decision(self, D.POST_ROLL, s, again=True))
                                  for s in range(n)]
        self.jail_windows = [D.Decision(self, D.JAIL, s, amount=rules.jail_fine) for s in range(n)]
        self._gen = turn.play_game(self)
        self.pending = self._gen.send(None)   # runs to the first boundary; nothing has happened yet

    # --- the protocol ---------------------------------------------------------------------------------------
    def _send(self, value: Action | None) -> None:
        try:
            self.pending = self._gen.send(value)
        except StopIteration:
            self.pending = None
            self.over = True
            # the window decisions refer back to the game: dropped once it is over, a finished game holds no
            # reference cycle and is freed as soon as the last reference to it goes (no garbage collection)
            self.pre_roll_windows, self.post_roll_windows, self.jail_windows = [], [], []
        self.ply += 1
        if self.ply > self.step_budget:
            flow.check_budget(self)

    def _answer(self, action: Action) -> None:
        d = self.pending
        if d is not None and d.player not in self.bots:     # (a person's: see decisions.PEOPLE_ANSWER_BYTES)
            try:
                size = len(json.dumps(action.to_json(), separators=(",", ":"))) + 2
            except Exception:       # (an Action subclass of the caller's own that cannot be written: refused whole)
                raise IllegalAction(f"{short(action)} cannot be written down as an answer") from None
            self.person_answer_bytes += size
        self.actions.append(action)
        self._send(action)

    def step(self) -> list[E.Event]:
        """Advance one atomic step and return the events it produced. A bot's pending decision is answered
        by the bot; a person's raises :class:`DecisionPending`."""
        if self.over:
            raise GameOver(f"the game is over ({self.end_reason})")
        if self.arranged:
            self._check_arranged()
        start = len(self.log)
        d = self.pending
        if d is None:
            self._send(None)
        else:
            bot = self.bots.get(d.player)
            if bot is None:
                raise DecisionPending(f"{self.players[d.player].name} must decide ({d.kind})")
            action = bot.choose(d, self)
            why = d.problem(action)
            if why is not None:
                raise IllegalAction(f"bot {self.players[d.player].name} chose {short(action)}: {why}")
            self._answer(action)
        return self.log.since(start)

    def act(self, action: object) -> list[E.Event]:
        """Answer the pending decision with ``action`` (an :class:`Action`); anything illegal, or not an
        Action at all, raises :class:`IllegalAction` and changes nothing."""
        if self.over:
            raise GameOver(f"the game is over ({self.end_reason})")
        if self.arranged:
            self._check_arranged()
        d = self.pending
        if d is None:
            raise NoDecisionPending("nothing to decide now: the next step is automatic")
        # (what an answer carries beyond its kind is said first, as the same words for every kind: an edition's
        # own legality test may only say the answer is not an option)
        stray = stray_fields(action) if isinstance(action, Action) else None
        if stray is not None:
            raise IllegalAction(stray)
        d.check(action)
        assert isinstance(action, Action)      # (check() refuses anything else)
        start = len(self.log)
        self._answer(action)
        return self.log.since(start)

    def waiting_for_person(self) -> bool:
        d = self.pending
        return d is not None and d.player not in self.bots

    def play(self, until: object = "end", max_steps: object = 1_000_000) -> int:
        """Take steps until ``until``: ``"end"``, ``"turn"`` (the next turn starts), or ``"person"`` (a person
        must decide). Always stops when a person must decide or the game ends. Returns the steps taken."""
        if until not in ("end", "turn", "person"):
            raise InvalidRules("until", f"must be 'end', 'turn' or 'person', got {short(until)}")
        limit = check_count(max_steps, "max_steps", 0, MOST_STEPS_ASKED)
        taken = 0
        turn_no = self.turn
        while not self.over and taken < limit and not self.waiting_for_person():
            self.step()
            taken += 1
            if until == "turn" and self.turn != turn_no:
                break
        return taken

    def run(self) -> None:
        """Play to the end as fast as possible, or until a person must decide (the batch simulator's loop).

        The same rules generator runs, but bots answer their decisions inline and automatic step boundaries
        are counted instead of yielded (:mod:`.flow`), so the generator only comes back here when a person must
        decide or the game is over. Step counts (and so histories) are exactly those of step-by-step play.
        """
        if self.over:
            return
        if self.arranged:
            self._check_arranged()
        self.fast, self.auto_bots = True, self.bots
        try:
            while not self.over:
                d = self.pending
                if d is None:
                    self._send(None)
                elif d.player in self.bots:
                    self.step()
                else:
                    break
        finally:
            self.fast, self.auto_bots = False, {}

    def arrange(self) -> Arrangement:
        """Set up a position (as a teacher sets up a board): deeds, buildings, cash, positions, jail, cards, the
        next dice. For lessons and rule tests; see :class:`~.arrange.Arrangement`. A game arranged this way
        no longer replays from its history, so it is not saved or shared (``savefile``, ``sharelink`` refuse it:
        an outside review's save of one loaded as another game, without a word)."""
        self.was_arranged = True
        return Arrangement(self)

    def _check_arranged(self) -> None:
        """Refuse to go on from an arranged position the rules could not have reached (the game is left as it is,
        for an arrangement that mends it): see :func:`.arrange.position_problem`."""
        why = position_problem(self)
        if why is not None:
            raise IllegalAction(f"the arranged position cannot be played: {why} (arrange it again)")
        self.arranged = False

    # --- history ----------------------------------------------------------------------------------------------
    @property
    def history(self) -> History:
        return History(self.rules, self.specs, self.seed, tuple(self.actions), self.ply)

    @classmethod
    def replay(cls, history: object, steps: object = None, *, events: object = True,
               snapshots: object = False) -> "Game":
        """Rebuild a game from its history, up to ``steps`` steps (default: all). Bots are consulted on their
        own decisions so their random streams stay in step, but the recorded action is what is played."""
        if not isinstance(history, History):
            raise BadSave(f"expected a game's History (game.history, or History.from_json of a saved one), got "
                          f"{short(history)}")
        _check_history(history)
        upto = history.steps if steps is None else check_count(steps, "steps", 0, MOST_STEPS_ASKED)
        g = cls.new(history.rules, history.players, history.seed, events=events, snapshots=snapshots)
        target = min(upto, history.steps)
        actions = history.actions
        k = 0
        while g.ply < target and not g.over:
            d = g.pending
            if d is None:
                g._send(None)
                continue
            if k >= len(actions):
                # (the steps named first: a browser review's save edited to 1,000,000,000 steps was told only of
                # the decision at step 695)
                raise BadSave(f"it names {target:,} steps, but its history of {k:,} actions ends at step {g.ply:,}, "
                              f"where a decision is needed ({d.kind.replace('_', ' ')})")
            action = actions[k]
            k += 1
            bot = g.bots.get(d.player)
            if bot is not None and action.kind not in D.INTERJECTIONS:    # (another's call: the bot was not asked)
                bot.choose(d, g)
            try:
                stray = stray_fields(action)
                if stray is not None:
                    raise IllegalAction(stray)
                d.check(action)
            except IllegalAction as exc:
                raise IllegalReplay(f"action {k} ({action.kind}) is not legal at step {g.ply}: {exc}", g.ply,
                                    action.kind, d.kind, str(exc)) from None
            g._answer(action)
        return g

    def clone(self) -> "Game":
        return Game.replay(self.history, events=self.log.enabled, snapshots=self.snapshots is not None)

    # --- queries (read-only views for pages, bots and tests) --------------------------------------------------
    def legal_actions(self) -> list[Action]:
        return [] if self.pending is None else self.pending.legal_actions()

    def net_worth(self, seat: object) -> int:
        return net_worth(self, self._seat(seat))

    def properties_of(self, seat: object) -> list[int]:
        seat = self._seat(seat)
        return [s for s in self.board.properties if self.owner[s] == seat]

    def _seat(self, seat: object) -> int:
        """``seat`` if this game has it; else :class:`IllegalAction` naming the seats there are."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.players):
            raise IllegalAction(f"no seat {short(seat)}: this game's seats are 0 to {len(self.players) - 1}")
        return seat

    def active_players(self) -> list[Player]:
        return [p for p in self.players if not p.bankrupt]

    def money_in_play(self) -> int:
        """Players' cash plus the pot: always starting money plus what the bank paid out minus what it took."""
        return sum(p.cash for p in self.players) + self.pot

    def ranking(self) -> list[int]:
        """Seats from first to last: the winner, then survivors by net worth (after the final lap, where "The player
        with the most cash wins", by cash as the winner was: then net worth, then turn order), then the bankrupt,
        latest first."""
        by_cash = self.end_reason == "final_lap"
        place = {seat: i for i, seat in enumerate(self.order)}

        def key(p: Player):
            if p.seat == self.winner:
                return (0, 0, 0, 0)
            if not p.bankrupt:
                worth = net_worth(self, p.seat)
                if by_cash:
                    return (1, -p.cash, -worth, place.get(p.seat, p.seat))
                return (1, -worth, p.seat, 0)
            return (2, -p.bankrupt_turn, p.seat, 0)
        return [p.seat for p in sorted(self.players, key=key)]

    def result(self) -> dict:
        """The outcome as plain data (the CLI's ``--json``; the database's games and players rows)."""
        rank = {seat: i + 1 for i, seat in enumerate(self.ranking())}
        return {
            "edition": self.rules.preset, "seed": self.seed, "over": self.over, "end_reason": self.end_reason,
            "winner": self.winner, "winner_name": self.players[self.winner].name if self.winner >= 0 else None,
            "turns": self.turn, "rounds": self.round, "rolls": self.rolls, "events": len(self.log),
            "players": [{"seat": p.seat, "name": p.name, "kind": p.kind, "strategy": p.strategy if p.kind == BOT
                         else "", "cash": p.cash, "net_worth": net_worth(self, p.seat), "bankrupt": p.bankrupt,
                         "bankrupt_turn": p.bankrupt_turn if p.bankrupt else None, "rank": rank[p.seat]}
                        for p in self.players],
        }
