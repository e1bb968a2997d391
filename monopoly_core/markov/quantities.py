"""The named quantities of the chain. A number without its quantity's name is never handed out.

* ``per-roll``: the long-run share of dice rolls (rolls made in jail included) after which the token rests on a
  state, once the square's card or Go To Jail effect is resolved. The stationary distribution of the chain,
  summed over the doubles count.
* ``end-of-turn``: the long-run share of turns that end with the token on a state. A turn ends after the rolls
  whose resting state has ``k = 0`` (no pending extra roll) and after every roll in jail, so this is the
  per-roll distribution restricted to those states and renormalised. Distributions "after n turns from GO" are
  end-of-turn distributions too (:func:`after_turns`).
* ``visits-per-turn``: the expected number of landings on each square per turn, counting card squares and the
  Go To Jail square before any redirection, and the squares cards send the token to; the jail row counts
  arrivals in jail (from the Go To Jail square, a card, or doubles). It need not sum to one.

In every result the square at the jail corner means Just Visiting only; In Jail is its own row.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from ..bounds import short
from ..errors import InvalidRules
from .builder import Chain, chain, check_policies, check_rules

PER_ROLL, END_OF_TURN, VISITS_PER_TURN = "per-roll", "end-of-turn", "visits-per-turn"
QUANTITIES = (PER_ROLL, END_OF_TURN, VISITS_PER_TURN)
#: What each quantity's numbers are, in words (for tables, axes and the page).
MEANING = {
    PER_ROLL: "share of dice rolls after which the token rests there",
    END_OF_TURN: "share of turns that end there",
    VISITS_PER_TURN: "expected landings per turn (jail row: arrivals in jail)",
}
#: Why the lab's pages give different figures for the jail corner (a browser review put the Markov page's 9.39% in
#: jail with 2.14% visiting, Lesson 3's 13.02% and the game database's 5.79% side by side, with nothing linking them).
JAIL_FIGURES = ("Why the jail corner has different figures on different pages: each counts something else. The "
                "Markov page's per-roll share counts every roll after which a token is in jail or on Just Visiting "
                "(a token waiting in jail counts again at each roll). Lesson 3 counts the turns that end on the "
                "corner, in jail and visiting together. The game database counts landings: a token that arrives "
                "counts once, however long it stays.")
JAIL_STATE = "jail"
JUST_VISITING = "Just Visiting"
IN_JAIL = "In Jail"


@dataclass(frozen=True)
class Distribution:
    """Values over the resting states of one board: one per square plus In Jail, with what they mean.

    ``squares[i]`` is square ``i`` (the jail corner: Just Visiting only); ``jail`` is In Jail. ``turns`` is set
    for end-of-turn distributions after that many turns from GO (None: the long run). ``source`` says where the
    numbers come from: ``exact`` (the chain), ``simulation`` or ``logged games``.
    """

    quantity: str
    board: str
    names: tuple[str, ...]
    squares: tuple[float, ...]
    jail: float
    jail_policy: str = ""
    uk_card: str = ""
    turns: int | None = None
    source: str = "exact"
    samples: int = 0          # rolls (or turns) behind empirical values; 0 for exact ones

    @property
    def meaning(self) -> str:
        return MEANING.get(self.quantity, self.quantity)

    @property
    def total(self) -> float:
        return float(sum(self.squares) + self.jail)

    def values(self) -> np.ndarray:
        """Squares then In Jail, as one array."""
        return np.array(self.squares + (self.jail,))

    def labels(self) -> list[str]:
        """Row names: the board's square names, the jail corner as Just Visiting, then In Jail."""
        return list(self.names) + [IN_JAIL]

    def rows(self) -> list[tuple[str, str, float]]:
        """``(state, name, value)`` rows: ``state`` is the square index as text, or ``jail``."""
        out = [(str(i), name, float(v)) for i, (name, v) in enumerate(zip(self.names, self.squares))]
        out.append((JAIL_STATE, IN_JAIL, float(self.jail)))
        return out

    def ranked(self) -> list[tuple[str, str, float]]:
        """:meth:`rows` from the largest value down (ties in board order)."""
        return sorted(self.rows(), key=lambda r: -r[2])

    def top(self, k: int = 5) -> list[tuple[str, str, float]]:
        return self.ranked()[:k]

    def value(self, state) -> float:
        """The value of a square index or ``"jail"``."""
        return float(self.jail) if state == JAIL_STATE else float(self.squares[int(state)])


def row_names(board) -> tuple[str, ...]:
    return tuple(JUST_VISITING if i == board.jail else sq.name for i, sq in enumerate(board.squares))


def make_distribution(ch: Chain, quantity: str, lumped: np.ndarray, **extra) -> Distribution:
    """A :class:`Distribution` from a lumped vector (``size`` squares then In Jail) of chain ``ch``."""
    v = [float(x) for x in lumped]
    return Distribution(quantity=quantity, board=ch.board.name, names=row_names(ch.board), squares=tuple(v[:-1]),
                        jail=v[-1], jail_policy=ch.jail_policy, uk_card=ch.uk_card, **extra)


# --- the three quantities ------------------------------------------------------------------------------------

def per_roll(ch: Chain) -> np.ndarray:
    """Lumped per-roll stationary distribution (squares, then In Jail)."""
    return ch.lump(ch.pi)


def rolls_per_turn(ch: Chain) -> float:
    """Expected dice rolls per turn in the long run (rolls in jail included): 1 / P(a roll ends the turn)."""
    return 1.0 / float(ch.pi[ch.turn_end].sum())


def end_of_turn(ch: Chain) -> np.ndarray:
    """Lumped end-of-turn distribution, derived from the per-roll one."""
    v = np.where(ch.turn_end, ch.pi, 0.0)
    return ch.lump(v / v.sum())


def visits_per_roll_by_state(ch: Chain) -> np.ndarray:
    """(N, size + 1): expected landings on each square (and jail arrivals) caused by one roll from each state."""
    out = np.empty((ch.n_states, ch.size + 1))
    out[:, :-1] = ch.dice_landing @ ch.landings
    out[:, -1] = ch.dice_landing @ ch.landing_jail + ch.doubles_jail
    return out


def visits_per_turn(ch: Chain) -> np.ndarray:
    """Lumped visits per turn: expected landings on each square, then jail arrivals."""
    return (ch.pi @ visits_per_roll_by_state(ch)) * rolls_per_turn(ch)


_COMPUTE = {PER_ROLL: per_roll, END_OF_TURN: end_of_turn, VISITS_PER_TURN: visits_per_turn}


#: The most turns :func:`after_turns` and :func:`convergence` follow from GO (the page shows 60): a bound on their
#: time and memory (10**9 turns asked numpy for 305 GiB; 2,000,000 took 7.6 s and 696 MB).
MAX_TURNS = 100_000


def check_turns(turns) -> None:
    if isinstance(turns, bool) or not isinstance(turns, int) or not 0 <= turns <= MAX_TURNS:
        raise InvalidRules("turns", f"must be a whole number from 0 to {MAX_TURNS:,}, got {short(turns)}")


def check_quantity(quantity: str) -> None:
    if not isinstance(quantity, str) or quantity not in QUANTITIES:
        raise InvalidRules("quantity", f"must be one of {', '.join(QUANTITIES)}, got {short(quantity)}")


def stationary(rules, jail: str = "long", quantity: str = PER_ROLL, uk_card: str = "pay",
               assume: str = "") -> Distribution:
    """The long-run ``quantity`` of ``rules`` under a jail policy and UK-card policy (cached per process).

    >>> from monopoly_core import preset
    >>> d = stationary(preset("classic-us"), jail="long")
    >>> d.quantity, len(d.squares), round(d.total, 12)
    ('per-roll', 40, 1.0)
    """
    check_rules(rules, assume)
    check_quantity(quantity)
    check_policies(jail, uk_card)
    return _stationary(rules, jail, quantity, uk_card, assume)


@functools.lru_cache(maxsize=128)
def _stationary(rules, jail: str, quantity: str, uk_card: str, assume: str) -> Distribution:
    ch = chain(rules, jail, uk_card, assume)
    return make_distribution(ch, quantity, _COMPUTE[quantity](ch))


# --- turns from GO -------------------------------------------------------------------------------------------

@functools.lru_cache(maxsize=64)
def _turn_matrix(ch: Chain) -> tuple[np.ndarray, np.ndarray]:
    """The turn-level chain on the turn-ending states ``E``: ``Q = P_EE + P_EM (I - P_MM)^-1 P_ME`` where ``M``
    are the mid-turn states (a doubles roll still to be followed). Returns ``(E indices, Q)``."""
    P = ch.matrix
    E = np.flatnonzero(ch.turn_end)
    M = np.flatnonzero(~ch.turn_end)
    Q = P[np.ix_(E, E)]
    if len(M):
        inner = np.linalg.solve(np.eye(len(M)) - P[np.ix_(M, M)], P[np.ix_(M, E)])
        Q = Q + P[np.ix_(E, M)] @ inner
    Q.flags.writeable = False
    return E, Q


def turn_matrix(ch: Chain) -> tuple[np.ndarray, np.ndarray]:
    """``(E, Q)``: the indices of the turn-ending states and the turn-to-turn transition matrix between them."""
    return _turn_matrix(ch)


def turn_distributions(ch: Chain, turns: int, start: int = 0, last_only: bool = False) -> np.ndarray:
    """(turns + 1, size + 1): lumped end-of-turn distributions after 0 .. ``turns`` turns, starting at the
    beginning of a turn on square ``start`` (GO by default); with ``last_only``, (1, size + 1): the last alone."""
    E, Q = turn_matrix(ch)
    x = np.zeros(len(E))
    x[np.searchsorted(E, ch.layout.index(start, 0))] = 1.0
    rest = ch.rest[E]
    if last_only:
        for _ in range(turns):
            x = x @ Q
        return np.bincount(rest, weights=x, minlength=ch.size + 1)[None, :]
    out = np.empty((turns + 1, ch.size + 1))
    for n in range(turns + 1):
        out[n] = np.bincount(rest, weights=x, minlength=ch.size + 1)
        x = x @ Q
    return out


def after_turns(rules, turns: int, jail: str = "long", uk_card: str = "pay", start: int = 0,
                assume: str = "") -> Distribution:
    """The end-of-turn distribution after ``turns`` turns (up to :data:`MAX_TURNS`) from ``start`` (GO), for
    ``rules`` and policies."""
    check_turns(turns)
    ch = chain(rules, jail, uk_card, assume)
    start = _square(ch, start, "start")
    return make_distribution(ch, END_OF_TURN, turn_distributions(ch, turns, start, last_only=True)[-1], turns=turns)


def convergence(rules, turns: int, jail: str = "long", uk_card: str = "pay", start: int = 0,
                assume: str = "") -> list[float]:
    """Total variation distance between the distribution after n turns from GO and the long-run end-of-turn
    distribution, for n = 0 .. ``turns`` (up to :data:`MAX_TURNS`)."""
    check_turns(turns)
    ch = chain(rules, jail, uk_card, assume)
    start = _square(ch, start, "start")
    target = end_of_turn(ch)
    dists = turn_distributions(ch, turns, start)
    return [float(x) for x in 0.5 * np.abs(dists - target[None, :]).sum(axis=1)]


# --- one roll ------------------------------------------------------------------------------------------------

def lumped_matrix(ch: Chain) -> np.ndarray:
    """(size + 1, size + 1): one-roll transitions between resting states (squares, then In Jail).

    A resting state mixes several chain states (the doubles count, the jail attempts); each is weighted by its
    long-run share, so row ``a`` is where a token resting on ``a`` goes with its next roll, in the long run. A
    square the token never rests on (Go To Jail) gets the row of a fresh turn started there.
    """
    return _lumped_matrix(ch)


@functools.lru_cache(maxsize=64)
def _lumped_matrix(ch: Chain) -> np.ndarray:
    L = ch.lumping()
    flow = (ch.pi[:, None] * ch.matrix) @ L            # (N, size + 1)
    weight = L.T @ ch.pi                              # (size + 1,)
    out = L.T @ flow
    for a in np.flatnonzero(weight <= 0):
        i = ch.layout.index(int(a), 0) if a < ch.size else ch.layout.jail_index(0)
        out[a] = ch.matrix[i] @ L
        weight[a] = 1.0
    out = out / weight[:, None]
    out.flags.writeable = False
    return out


def one_roll(rules, state, jail: str = "long", uk_card: str = "pay", assume: str = "") -> Distribution:
    """Where a token resting on ``state`` (a square index or ``"jail"``) rests after its next roll (row of
    :func:`lumped_matrix`). Quantity ``one-roll``: probabilities that sum to one."""
    ch = chain(rules, jail, uk_card, assume)
    a = ch.size if state == JAIL_STATE else _square(ch, state, "state")
    return make_distribution(ch, "one-roll", lumped_matrix(ch)[a])


def _square(ch: Chain, square, what: str) -> int:
    """``square`` (a number, or its digits as the pages' choices carry it) as a square of the chain's board, or
    :class:`InvalidRules` naming ``what``."""
    if isinstance(square, str) and square.isascii() and square.isdigit() and len(square) < 4:
        square = int(square)
    elif isinstance(square, np.integer):
        square = int(square)
    if isinstance(square, bool) or not isinstance(square, int) or not 0 <= square < ch.size:
        raise InvalidRules(what, f"must be a square of the {ch.board.name} board, 0 to {ch.size - 1}"
                           + (f" or {JAIL_STATE!r}" if what == "state" else "") + f", got {short(square)}")
    return square
