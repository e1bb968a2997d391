"""Theory against experiment: movement with the real engine, counted the way the chain counts.

:func:`simulate_rolls` plays games through :meth:`Game.new(..., policies=...) <monopoly_core.game.Game.new>`
with :class:`MovementPolicy` (never buys, passes every auction, ends every window, follows the jail and UK-card
policies of the chain) and counts, from each game's event log, the state a token rests in after every movement
roll. :func:`count_events` does the counting from plain event columns, so the same figures come from games
logged in the database.

How events become chain states (``events.KINDS``): a movement roll is a ``roll`` event of purpose ``move`` or
``jail``. The token's resting state after that roll is read just before the next movement roll of the
same player or the next ``turn`` event, whichever comes first (so a fine paid at the start of the next turn is
not counted as part of the roll before). ``move`` events give the square, ``jail_in`` / ``jail_out`` the jail
state; the doubles count comes from the roll's faces through the rules' dice model. Landings (for
``visits-per-turn``) are ``move`` events, and jail arrivals ``jail_in`` events.

Where the engine and the chain's assumptions differ, and by how much: the engine plays real decks, drawn in
order and never reshuffled, and a drawn Get Out of Jail Free card stays with its holder until used, then goes to
the bottom of its deck. Holding it shrinks the deck for a while and returning it to the bottom delays its next
draw, so every other card comes up a little more often than 1/16: measured over two million rolls, the Chance
squares come out about 3 % (relative) below the chain, a difference the Markov chi-square test detects at that
size. (On the Mega Edition's board the gap is 4-5 %: jail comes round less often on 52 squares, so a drawn card
stays in hand longer, 0.70 cards out of the two decks on average against 0.51 on the classic board, counted after
every roll of 200,000.) With that one card made inert, the engine agrees with the chain at two million rolls (the
order of the decks makes no measurable difference). The policy uses a held card as the chain's jail policy allows: under
``short`` at once (the same as paying), under ``long`` on the last jail turn, where the only difference from
paying after a failed roll is that doubles then roll again (a later third doubles is affected: about 3 in
100,000 rolls). Left unused the card would leave its deck at 15 cards for good.

The Cheaters Edition keeps more cards in hand (every card marked ``hold = true``, at most one of each deck a
player). The chain's named assumption (:mod:`.builder`, "Cards kept in hand") is the game played here:
:data:`~.builder.HANDS` movement-only players, each keeping the first card of each deck it may keep and never
playing one (none moves a token; a second one goes back under the deck), so two cards of each deck are out and
the other cards each come up 1 in 14. Its other rule that moves a token, one prisoner at a time (a player sent to
jail frees the one there to Just Visiting), the chain takes at its own rate of jail arrivals. Counted as if every
card came up 1 in 16, the Chance squares came out 6-12 % below the chain (p about 1e-21 at 200,000 rolls); under
the assumption the two agree at a million rolls.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

import numpy as np

from .. import actions as A
from .. import decisions as D
from .. import events as E
from ..bounds import check_count, check_seconds, check_seed, minutes
from ..errors import InvalidRules
from ..policies import Policy
from ..dice import is_triples, load_dice
from ..events import pack_faces
from ..editions import cheaters_actions as C
from ..editions.mega_tickets import arrange_held
from ..rules import RuleSet
from . import mega
from ..state import jail_card
from .builder import HANDS, Layout, check_policies, check_rules, hands_of, jail_policy_played, layout_for
from .quantities import PER_ROLL, VISITS_PER_TURN, Distribution, row_names

#: The roll purposes that move a token (turn-order and utility-card rolls do not): see events.KINDS
MOVE_PURPOSES = (E.ROLL_MOVE, E.ROLL_JAIL)


class MovementPolicy(Policy):
    """A bot that only moves: declines every purchase, passes every bid, ends every window and follows the
    chain's jail policy (``short``: leave at once, by card or fine; ``long``: roll for doubles) and UK-card
    policy (``pay`` or ``chance``). It counts the times it could not follow the jail policy (no money)."""

    uses_pre_roll = False

    def __init__(self, jail: str = "long", uk_card: str = "pay", assume: str = "", seed: int = 0):
        check_policies(jail, uk_card)
        self.jail = jail
        self.fine_or_chance = A.A_PAY if uk_card == "pay" else A.A_DRAW
        self.deviations = 0
        # the Mega Edition's choices, as its chain assumes them (markov/mega.py); a seeded stream for triples
        self.mega = mega.parse(assume)
        self.rng = random.Random(seed)

    #: The standing answers: buy nothing, bid nothing, trade nothing, manage nothing.
    FIXED = {D.POST_ROLL: A.A_END, D.BETWEEN_TURNS: A.A_END, D.PRE_ROLL: A.A_ROLL, D.BUY: A.A_DECLINE,
             D.BID: A.A_PASS, D.TRADE_RESPONSE: A.A_REJECT, D.INCOME_TAX: A.A_FLAT, D.MORTGAGED_DEED: A.A_KEEP,
             D.CASH_IN: A.A_WAIT, D.PROPERTY_STEAL: A.A_PASS}

    def choose(self, d, g) -> A.Action:
        answer = self.FIXED.get(d.kind)
        if answer is not None:
            return answer
        if d.kind == D.JAIL:
            return self._jail(d, g)
        if d.kind == D.FINE_OR_CHANCE:
            return self.fine_or_chance
        if d.kind in D.EDITION_KINDS:
            return self._mega(d, g)
        return d.legal_actions()[0]     # debt with nothing to sell: bankrupt

    #: The Cheaters Edition's choices, as its chain assumes them (markov/builder.py "Cards kept in hand"): no
    #: cheat and no held card played; a second card of a deck goes back under it (the first is kept for good).
    CHEATERS = {D.CHEAT: C.A_NO_CHEAT, D.KEEP_CARD: C.A_KEEP_OLD}

    def _mega(self, d, g) -> A.Action:
        """Never ride a bus ticket; the Bus and triples as assumed; the Birthday Gift's cash; the first
        property at the Auction square (nobody bids). Cheaters: :data:`CHEATERS`; Free Parking draws a Chance
        card (the first deck), as the chain's Free Parking does.

        ``bus=ticket`` assumes the tickets never run out; the game has 16. These tokens never use theirs, so a
        token puts back those it holds whenever it is asked about them (before each roll, and at the Bus) through
        ``mega_tickets.arrange_held``, the supported way to arrange tickets: the pile never empties, and the Bus
        never has to send the token on."""
        fixed = self.CHEATERS.get(d.kind)
        if fixed is not None:
            return fixed
        if self.mega.bus == "ticket" and d.kind in (D.USE_BUS_TICKET, D.BUS_FACE):
            arrange_held(g, d.player, 0)
        if d.kind == D.USE_BUS_TICKET:
            return A.A_ROLL
        options = d.legal_actions()
        if d.kind == D.BUS_FACE:
            return options[0] if self.mega.bus == "ticket" else options[1]
        if d.kind == D.TRIPLES:
            if self.mega.triples == "go" and options[0].square == 0:
                return options[0]
            return options[int(self.rng.random() * len(options))]
        return options[0]

    def _jail(self, d, g) -> A.Action:
        p = g.players[d.player]
        if self.jail == "short":
            if jail_card(g, p) >= 0:
                return A.A_USE_CARD
            if d.is_legal(A.A_PAY_FINE):
                return A.A_PAY_FINE
            self.deviations += 1
            return A.A_ROLL
        if jail_card(g, p) >= 0 and p.jail_turns == g.rules.jail_turns - 1:
            return A.A_USE_CARD
        return A.A_ROLL


@dataclass
class Empirical:
    """Counts from engine games, in the chain's shapes.

    ``counts``: resting states after movement rolls (squares, then In Jail); ``transitions``: chain-state to
    chain-state counts between successive movement rolls of a token (the chain's state numbering);
    ``landings``: landings on each square plus jail arrivals; ``turns``: turns counted.
    """

    board: str
    layout: Layout
    counts: np.ndarray
    transitions: np.ndarray
    landings: np.ndarray
    turns: int = 0
    games: int = 0
    skipped_turns: int = 0
    deviations: int = 0
    source: str = "simulation"
    jail_policy: str = ""
    uk_card: str = ""
    names: tuple[str, ...] = field(default=(), repr=False)

    @property
    def rolls(self) -> int:
        return int(self.counts.sum())

    def _distribution(self, quantity: str, values: np.ndarray, samples: int) -> Distribution:
        v = [float(x) for x in values]
        return Distribution(quantity=quantity, board=self.board, names=self.names, squares=tuple(v[:-1]),
                            jail=v[-1], jail_policy=self.jail_policy, uk_card=self.uk_card, source=self.source,
                            samples=samples)

    def per_roll(self) -> Distribution:
        """Observed share of movement rolls after which the token rested on each state."""
        return self._distribution(PER_ROLL, self.counts / max(self.rolls, 1), self.rolls)

    def visits_per_turn(self) -> Distribution:
        """Observed landings per turn on each square (jail row: arrivals in jail per turn)."""
        return self._distribution(VISITS_PER_TURN, self.landings / max(self.turns, 1), self.turns)

    def lumped_transitions(self) -> np.ndarray:
        """Transition counts between resting states (squares, then In Jail), the shape of the graph view."""
        L = np.zeros((self.layout.n_states, self.layout.size + 1))
        L[np.arange(self.layout.n_states), self.layout.rest_index()] = 1.0
        return L.T @ self.transitions @ L

    def __add__(self, other: "Empirical") -> "Empirical":
        return Empirical(self.board, self.layout, self.counts + other.counts, self.transitions + other.transitions,
                         self.landings + other.landings, self.turns + other.turns, self.games + other.games,
                         self.skipped_turns + other.skipped_turns, self.deviations + other.deviations, self.source,
                         self.jail_policy, self.uk_card, self.names)


def _as_list(col) -> list:
    if hasattr(col, "to_pylist"):
        return col.to_pylist()
    if hasattr(col, "tolist"):
        return col.tolist()
    return list(col)


class _Token:
    """What the counter knows about one seat's token in the current game."""

    __slots__ = ("square", "in_jail", "failed", "doubles", "pending", "turns", "previous", "counted")

    def __init__(self, start: int):
        self.square = 0
        self.in_jail = False
        self.failed = 0          # failed attempts at doubles during this jail stay
        self.doubles = 0         # doubles rolled so far this turn
        self.pending = NONE      # the last movement roll, whose resting state is not recorded yet
        self.turns = 0           # turns this token has started in this game
        self.previous = start    # chain state after the token's previous roll
        self.counted = False     # whether the pending roll is counted (after the skipped turns)


NONE, PLAIN, DOUBLES, IN_JAIL_ROLL = range(4)


class _Counter:
    """Turns an event stream into resting-state counts; :func:`count_events` drives it."""

    def __init__(self, rules: RuleSet, skip_turns: int, max_rolls: int | None):
        from ..board import load_board
        board = load_board(rules.board)
        self.board = board
        self.n = board.size
        self.doubles_to_jail = rules.doubles_to_jail
        self.layout = layout_for(board.size, rules.doubles_to_jail, rules.jail_turns)
        # (triples end the turn: not doubles to the chain, whose state counts the rolls still to come)
        self.doubles_of = {pack_faces(r.faces): r.doubles and not is_triples(r) for r in load_dice(rules.dice).outcomes}
        self.skip = skip_turns
        self.limit = max_rolls if max_rolls is not None else -1
        self.counts = np.zeros(self.n + 1, dtype=np.int64)
        self.landings = np.zeros(self.n + 1, dtype=np.int64)
        self.transitions: dict[tuple[int, int], int] = {}
        self.tokens: dict[int, _Token] = {}
        self.rolls = self.turns = self.skipped = self.games = 0

    def token(self, seat: int) -> _Token:
        t = self.tokens.get(seat)
        if t is None:
            t = self.tokens[seat] = _Token(self.layout.index(0, 0))
        return t

    def finish(self, t: _Token, turn_over: bool = False) -> bool:
        """Record the resting state of ``t``'s pending roll; True when the roll limit is reached. ``turn_over``:
        the turn ended after that roll (the next event is a new turn), so even a doubles roll leaves ``k = 0``
        (a Cheaters station ends the turn after doubles too)."""
        pending, t.pending = t.pending, NONE
        lay = self.layout
        if t.in_jail:
            if pending == IN_JAIL_ROLL:
                t.failed = min(t.failed + 1, lay.T - 1)
            state, column = lay.jail_index(t.failed), self.n
        else:
            k = t.doubles if pending == DOUBLES and not turn_over else 0
            if self.doubles_to_jail == 0:
                k = min(k, 1)
            state, column = lay.index(t.square, min(k, lay.K - 1)), t.square
        if t.counted:
            self.counts[column] += 1
            key = (t.previous, state)
            self.transitions[key] = self.transitions.get(key, 0) + 1
            self.rolls += 1
        t.previous = state
        return self.rolls == self.limit

    def finish_all(self, turn_over: bool = False) -> bool:
        return any(self.finish(t, turn_over) for t in self.tokens.values() if t.pending)

    def run(self, kind, player, square, other, detail) -> None:
        n, skip = self.n, self.skip
        for i in range(len(kind)):
            k = kind[i]
            if k == E.ROLL:
                if other[i] not in MOVE_PURPOSES:
                    continue
                t = self.token(player[i])
                if t.pending and self.finish(t):
                    return
                if other[i] == E.ROLL_JAIL:
                    t.pending = IN_JAIL_ROLL
                elif self.doubles_of.get(detail[i], False):
                    t.doubles += 1
                    t.pending = DOUBLES
                else:
                    t.pending = PLAIN
                t.counted = t.turns > skip
            elif k == E.MOVE:
                t = self.token(player[i])
                t.square = square[i]
                if t.turns > skip:
                    self.landings[square[i]] += 1
            elif k == E.TURN:
                if self.finish_all(turn_over=True):
                    return
                t = self.token(player[i])
                t.doubles = 0
                t.turns += 1
                if t.turns > skip:
                    self.turns += 1
                else:
                    self.skipped += 1
            elif k == E.JAIL_IN or k == E.JAIL_OUT:
                t = self.token(player[i])
                if t.pending == IN_JAIL_ROLL:     # the jail roll ended this stay: not a failed attempt
                    t.pending = PLAIN
                t.in_jail, t.failed = k == E.JAIL_IN, 0
                if k == E.JAIL_IN:
                    t.square = self.board.jail
                    if t.turns > skip:
                        self.landings[n] += 1
            elif k == E.START or k == E.END:
                if self.finish_all(turn_over=True):     # a game ends after a whole turn
                    return
                if k == E.START:
                    self.tokens.clear()
                    self.games += 1
        self.finish_all()

    def result(self, source: str) -> Empirical:
        N = self.layout.n_states
        T = np.zeros((N, N), dtype=np.int64)
        for (a, b), c in self.transitions.items():
            T[a, b] = c
        return Empirical(board=self.board.name, layout=self.layout, counts=self.counts, transitions=T,
                         landings=self.landings, turns=self.turns, games=self.games, skipped_turns=self.skipped,
                         source=source, names=row_names(self.board))


def count_events(turn, kind, player, square, amount, other, detail, *, rules: RuleSet, skip_turns: int = 0,
                 max_rolls: int | None = None, source: str = "logged games") -> Empirical:
    """Per-roll resting states, transitions and landings from event columns (one list, array or Arrow column
    each, as :meth:`EventLog.columns <monopoly_core.events.EventLog.columns>` gives them or as read back from the
    database). Several games may follow each other (each starts with a ``start`` event).

    ``rules`` says the board, dice and jail rules the games were played with (the chain's state numbering).
    The first ``skip_turns`` turns of every player in every game are not counted (the token starts on GO,
    not in the long-run distribution). Counting stops after ``max_rolls`` rolls.
    """
    del turn, amount   # part of the event row; not needed here
    counter = _Counter(rules, skip_turns, max_rolls)
    counter.run(*(_as_list(c) for c in (kind, player, square, other, detail)))
    return counter.result(source)


def late_game(game) -> None:
    """The Mega chain's ``mr_monopoly=stay`` played: every property owned, by the first seat, and mortgaged, so that
    Mr. Monopoly finds no unowned property and no opponent's property with rent owed, and stays (002 THE DICE &
    HOW TO MOVE); the Auction square finds no rent owed either and leaves the token where it is, as the chain
    assumes. Nobody pays rent, so the tokens only move (arranged after the set-up, through ``Game.arrange``)."""
    game.step()                          # the set-up: cash, shuffles, the turn order
    arrange = game.arrange()
    for s in game.board.properties:
        arrange.deed(s, 0, mortgaged=True)


#: The most rolls :func:`simulate_rolls` counts (the Markov page asks at most 2,000,000): a bound on its time.
MAX_ROLLS = 20_000_000
#: How many rolls :func:`simulate_rolls` may play for each roll it counts (the first ``skip_turns`` turns of each
#: token are played, not counted; under the usual rules about 1.1 are played for each one counted, at most 7 for a
#: few rolls): past it the games end too soon to count, and the run stops with the reason. (Outside reviews: a rule
#: set with no cash, no salary and a fine of 100,000 ended almost every game by bankruptcy within 20 turns, and the
#: Markov page played about 1.2 million games for 1,000 rolls; measured against the rolls asked rather than those
#: counted, the same run then took 67-102 s to stop at 100,000 rolls asked.)
PLAYED_PER_COUNTED = 20


def simulate_rolls(rules: RuleSet, n_rolls: int, *, jail: str = "long", uk_card: str = "pay", seed: int = 0,
                   progress=None, players: int = 2, rounds_per_game: int = 2000,
                   skip_turns: int = 20, assume: str = "", time_limit: float | None = None) -> Empirical:
    """Count ``n_rolls`` movement rolls of the real engine under the chain's policies.

    Games of ``players`` movement-only bots (no auctions, no purchases) are played with seeds drawn from
    ``seed``, each for at most ``rounds_per_game`` rounds; the first ``skip_turns`` turns of each token in each
    game are not counted. ``progress(done_rolls, n_rolls)`` is called after each game (for a progress bar).
    Games that end too soon to count (:data:`PLAYED_PER_COUNTED`), or a run past ``time_limit`` seconds, stop with
    :class:`InvalidRules` saying why.
    """
    from ..game import Game
    from ..state import bots

    check_rules(rules, assume)
    n_rolls = check_count(n_rolls, "n_rolls", 1, MAX_ROLLS)
    players = check_count(players, "players", 2, 8)
    rounds_per_game = check_count(rounds_per_game, "rounds_per_game", 1, 10_000)
    skip_turns = check_count(skip_turns, "skip_turns", 0, 10_000)
    if rounds_per_game <= skip_turns:
        # (an outside review: no game then counted a roll, and the loop played games for ever)
        raise InvalidRules("rounds_per_game", f"must be more than skip_turns ({skip_turns}): the first skip_turns "
                           f"turns of each token are not counted, got {rounds_per_game}")
    seed = check_seed(seed)
    if hands_of(rules) and players != HANDS:
        raise InvalidRules("players", f"the chain of the {rules.edition} rules assumes {HANDS} players keeping "
                           f"cards in hand, got {players}")
    check_policies(jail, uk_card)
    jail = jail_policy_played(rules, jail)
    base = rules.replace(auctions=False, turn_limit=rounds_per_game).validate(players)
    specs = bots(["cautious"] * players)
    seeds = random.Random(seed)
    total: Empirical | None = None
    if time_limit is not None:
        time_limit = check_seconds(time_limit, "time_limit", 86_400.0)
    started = time.monotonic()
    played, games = 0, 0
    while total is None or total.rolls < n_rolls:
        counted = total.rolls if total is not None else 0
        if time_limit is not None and time.monotonic() - started > time_limit:
            raise InvalidRules("time_limit", f"the games took more than {minutes(time_limit)} and counted "
                               f"{counted:,} of the {n_rolls:,} rolls asked; ask for fewer rolls")
        if played > PLAYED_PER_COUNTED * (counted + players * (skip_turns + 10)):
            raise InvalidRules("rules", f"the games under these rules end too soon to count: {games:,} games played "
                               f"{played:,} rolls, and only {counted:,} of them came after each "
                               f"token's first {skip_turns} turns (those are not counted: every token starts on GO). "
                               f"Most games end before the tokens have moved long enough (a bankruptcy ends a "
                               f"two-player game): give the players more cash or a salary, or a lower fine")
        done = total.rolls if total is not None else 0
        rounds = min(rounds_per_game, (n_rolls - done) // players + skip_turns + 10)
        game_seed = seeds.randrange(1 << 62)
        policy = MovementPolicy(jail, uk_card, assume, game_seed)
        game = Game.new(base.replace(turn_limit=rounds), specs, game_seed,
                        policies={s: policy for s in range(players)})
        if mega.is_mega(base) and policy.mega.mr_monopoly == "stay":
            late_game(game)
        game.run()
        played, games = played + game.rolls, games + 1
        part = count_events(**game.log.columns(), rules=base, skip_turns=skip_turns, max_rolls=n_rolls - done,
                            source="simulation")
        part.deviations = policy.deviations
        total = part if total is None else total + part
        if progress is not None:
            progress(total.rolls, n_rolls)
    total.jail_policy, total.uk_card = jail, uk_card
    return total
