"""The exact Markov chain of one token, built from the same board, decks, dice and jail rules the engine plays.

Named assumptions (every number the chain produces rests on these and nothing else):

* **Dice**: every outcome in the dice model's list is equally likely (2d6: 36 outcomes); the chain reads the list
  itself (:attr:`~monopoly_core.dice.DiceModel.outcomes`), so a new dice model needs no change here.
* **Cards**: each card of a deck is equally likely at every draw (as if the deck were reshuffled before each
  draw, the standard assumption for a stationary chain). A Get Out of Jail Free card is treated as returned to
  the deck at once, so it does nothing to movement. Where a card sends the token is asked of
  :func:`monopoly_core.cards.card_destination`, the engine's own definition; nothing about card movement is
  written here.
* **Cards kept in hand** (the Cheaters Edition, seed 003: "you may hold on to the card until you're ready to use
  it"; "You may only have one Chance and one Community Chest card at a time"): the chain's game has
  :data:`HANDS` players, and each keeps one card of each deck in hand for good, a card marked ``hold = true``
  (a token that only moves never plays one: no such card moves a token; a second one drawn goes back under the
  deck). So a draw is from the cards still in the deck: with 16 cards of which 6 may be kept, from 14, the 10
  that are never kept each 1 in 14 and the 4 kept-kind cards left between them 4 in 14. The simulation
  (:mod:`.sim`) plays exactly this: two movement-only players who keep the first card they may keep.
* **One prisoner at a time** (the Cheaters Edition, seed 003: "Is someone else already in Jail? Free them and take
  their place!"): under the long jail policy, between two turns of a token in jail each other player of the
  chain's game goes to jail at the chain's own rate of jail arrivals per turn, and the token then rolls from Just
  Visiting (:func:`_freed_by_others`). Under the short policy it has paid already: nothing changes.
* **Card chains**: a card that moves the token onto another card square draws again there (e.g. "Go back three
  spaces" from Chance 36 lands on Community Chest 33); landing on the Go To Jail square, or a go-to-jail card,
  ends the move in jail.
* **Doubles**: doubles roll again; the ``doubles_to_jail``-th doubles of one turn sends the token to jail without
  moving by that roll (``doubles_to_jail = 0``: never). Going to jail ends the turn.
* **Jail policy** ``short``: pay (or use a card) at the start of the next turn, then take a normal turn in which
  doubles roll again. ``long``: stay up to ``jail_turns`` turns trying for doubles; doubles move by that roll
  with no extra roll; after the last failure pay and move by that roll.
* **UK fine-or-Chance card** (``pay_or_draw``): a fixed policy, ``pay`` (never moves) or ``chance`` (a card of the
  named deck is drawn on the same square and its movement applies from there).
* Nothing depends on ownership or money: the chain is the movement of one token.
* **Never jailed** (``never_jailed``, Sore Losers' Mr Monopoly, seed 000: "instead of going to Jail, send any other
  player in your place"; "If you ever roll doubles three times in a row, don't go to Jail! Just move and roll
  again!"): the Go To Jail square and go-to-jail cards leave the token where it is, and doubles never jail (as
  ``doubles_to_jail = 0``). The jail states are then never entered.

States (the per-roll chain: the state a token rests in after a dice roll, once cards and Go To Jail are
resolved): ``(square, k)`` for every square and ``k = 0 .. K-1`` doubles rolled so far this turn *that the next
roll follows* (``k = 0``: the turn has ended, the next roll starts a new turn), plus the jail states ``J0 ..
J(jail_turns-1)``: in jail after that many failed attempts at doubles. With ``K = doubles_to_jail`` (or 2 when
doubles never send to jail: then ``k = 1`` means "rolling again"). The short policy never enters ``J1`` and
later; their rows are defined as paying at once, like ``J0``, so both policies share one state space (and one
shape for empirical transition counts).
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from ..board import Board, load_board
from ..cards import JAIL, Deck, card_destination, load_deck
from ..dice import DiceModel, load_dice
from ..bounds import short
from ..errors import DataError, InvalidRules

JAIL_POLICIES = ("short", "long")
UK_CARD_POLICIES = ("pay", "chance")
#: Card rent modes that change what a landing is worth (the ``rent`` field of ``advance_nearest`` cards).
CARD_MODES = ("double", "dice_x10")
#: Players in the chain's game where cards are kept in hand (the Cheaters Edition): each keeps one card of each
#: deck, so this many cards of a deck are out of it (the simulation plays this many movement-only players).
HANDS = 2


class State(NamedTuple):
    """One state of the chain: a square and the doubles rolled so far this turn, or in jail (``jail >= 0``
    failed attempts so far, ``square`` is then the jail corner)."""

    square: int
    doubles: int = 0
    jail: int = -1

    @property
    def in_jail(self) -> bool:
        return self.jail >= 0

    def label(self, board: Board) -> str:
        if self.in_jail:
            return f"In Jail ({self.jail} failed)" if self.jail else "In Jail"
        name = board.squares[self.square].short
        return f"{name} +{self.doubles}d" if self.doubles else name


class Layout(NamedTuple):
    """How states are numbered: ``(square, k)`` is ``square * K + k``; jail state ``t`` is ``size * K + t``."""

    size: int
    K: int
    T: int

    @property
    def n_states(self) -> int:
        return self.size * self.K + self.T

    def index(self, square: int, doubles: int = 0) -> int:
        return square * self.K + doubles

    def jail_index(self, failed: int = 0) -> int:
        return self.size * self.K + failed

    def rest_index(self) -> np.ndarray:
        """For every state, its resting column: the square, or ``size`` for In Jail."""
        return np.concatenate([np.repeat(np.arange(self.size), self.K), np.full(self.T, self.size)])

    def next_doubles(self, k: int, doubles_to_jail: int) -> int:
        """``k`` after a doubles roll that does not send the token to jail."""
        return min(k + 1, 1) if doubles_to_jail == 0 else k + 1


def layout_for(board_size: int, doubles_to_jail: int, jail_turns: int) -> Layout:
    return Layout(board_size, doubles_to_jail if doubles_to_jail > 0 else 2, jail_turns)


@dataclass(frozen=True, eq=False)
class Chain:
    """The per-roll chain of one rule set and policy, solved. Arrays are read-only.

    ``matrix[i, j]``: probability that the roll made from state ``i`` leaves the token resting in state ``j``.
    ``pi``: the stationary distribution over states (long-run share of rolls after which the token rests there).
    The ``landing_*`` and ``dice_*`` arrays carry what the visits and rent figures need.
    """

    board: Board
    dice: DiceModel
    jail_policy: str
    uk_card: str
    doubles_to_jail: int
    jail_turns: int
    layout: Layout
    states: tuple[State, ...]
    matrix: np.ndarray            # (N, N) per-roll transition matrix
    pi: np.ndarray                # (N,) stationary distribution
    rest: np.ndarray              # (N,) resting column of each state (square index, or size for In Jail)
    turn_end: np.ndarray          # (N,) bool: a roll ending in this state ends the turn
    dice_landing: np.ndarray      # (N, size) probability that the roll from state i lands (by dice) on a square
    dice_landing_total: np.ndarray  # (N, size) the same, weighted by the dice total of that roll
    doubles_jail: np.ndarray      # (N,) probability that the roll from state i is the jailing doubles
    landings: np.ndarray          # (size, size) expected landings on t after landing on u (cards chained)
    landing_jail: np.ndarray      # (size,) expected jail arrivals after landing on u
    mode_landings: dict           # mode -> (size, size) expected card landings on t with that rent mode
    card_moves: np.ndarray        # (size,) probability that landing on u draws a card moving to another landing

    @property
    def n_states(self) -> int:
        return self.layout.n_states

    @property
    def size(self) -> int:
        return self.board.size

    def labels(self) -> list[str]:
        return [s.label(self.board) for s in self.states]

    def lump(self, vector: np.ndarray) -> np.ndarray:
        """Sum a per-state vector into resting columns: ``size`` squares then In Jail."""
        return np.bincount(self.rest, weights=vector, minlength=self.size + 1)

    def lumping(self) -> np.ndarray:
        """The (N, size + 1) 0/1 matrix mapping states to resting columns."""
        out = np.zeros((self.n_states, self.size + 1))
        out[np.arange(self.n_states), self.rest] = 1.0
        return out


# --- landing resolution --------------------------------------------------------------------------------------

def kept_cards(deck: Deck) -> frozenset[int]:
    """The cards of ``deck`` a player may keep in hand (``hold = true`` in its deck file)."""
    from ..editions.cheaters_cards import holdable
    return holdable(deck.name)


def card_weights(deck: Deck, hands: int) -> list[float]:
    """The chance that a draw from ``deck`` is each of its cards when ``hands`` players each keep one of its
    kept-kind cards in hand (0: every card equally likely). Kept cards must not move a token."""
    n = len(deck.cards)
    kept = kept_cards(deck) if hands else frozenset()
    out = min(hands, len(kept))
    if not out:
        return [1.0 / n] * n
    for card in deck.cards:
        if card.index in kept and card.moves:
            raise DataError(f"deck {deck.name!r}: card {card.text!r} moves a token and may be kept in hand; the "
                            "chain assumes kept cards never move one")
    left = (len(kept) - out) / len(kept)        # each kept-kind card is in the deck this share of the time
    return [(left if card.index in kept else 1.0) / (n - out) for card in deck.cards]


def _draw(decks: dict[str, Deck], kind: str, board: Board, square: int, weight: float, uk_card: str,
          depth: int = 0, hands: int = 0):
    """Yield ``(probability, destination, mode)`` for a draw from deck ``kind`` on ``square``: destination is a
    square, :data:`~monopoly_core.cards.JAIL`, or None (the token stays). Each card in the deck is equally
    likely (``hands``: see :func:`card_weights`)."""
    if depth > 4:
        raise DataError(f"decks refer to each other in a loop (pay_or_draw from {kind!r})")
    deck = decks[kind]
    for card, share in zip(deck.cards, card_weights(deck, hands)):
        p = weight * share
        if card.effect == "pay_or_draw":
            if uk_card == "chance":
                yield from _draw(decks, card.deck, board, square, p, uk_card, depth + 1, hands)
            else:
                yield p, None, ""
            continue
        dest = card_destination(card, board, square) if card.moves else None
        mode = card.rent if card.effect == "advance_nearest" else ""
        yield p, dest, mode


def landing_effects(board: Board, decks: dict[str, Deck], uk_card: str, draws: dict | None = None,
                    hops: dict | None = None, never_jailed: bool = False, hands: int = 0):
    """What landing on each square does to the token, as matrices over squares.

    Returns ``(stay, to_jail, moves, modes)``: ``stay[u]`` the probability the token rests on ``u``,
    ``to_jail[u]`` that it goes to jail from there, ``moves[u, d]`` that a card sends it on to land on ``d``,
    ``modes[mode][u, d]`` the part of ``moves`` with a card rent mode. Each row sums to one, but for the squares
    of ``hops`` (see :func:`hop_matrix`).

    An edition's squares: ``draws`` (square -> ((deck kind, weight), ...)) draw from decks of their own (the
    Cheaters Edition's Free Parking, by the player's choice); ``hops`` (square -> square) move the token on
    without landing and end the turn (its stations): nothing else happens there. ``never_jailed`` (Sore Losers'
    Mr Monopoly): what would send the token to jail leaves it where it is. ``hands``: players keeping a card of
    each deck in hand (:func:`card_weights`).
    """
    n = board.size
    stay, to_jail = np.zeros(n), np.zeros(n)
    moves = np.zeros((n, n))
    modes = {m: np.zeros((n, n)) for m in CARD_MODES}
    for u, sq in enumerate(board.squares):
        if hops and u in hops:
            continue
        sources = draws[u] if draws and u in draws else ((sq.kind, 1.0),) if sq.kind in decks else ()
        if sq.kind == "go_to_jail":
            (stay if never_jailed else to_jail)[u] = 1.0
        elif sources:
            for kind, weight in sources:
                for p, dest, mode in _draw(decks, kind, board, u, weight, uk_card, 0, hands):
                    if dest is None or (dest == JAIL and never_jailed):
                        stay[u] += p
                    elif dest == JAIL:
                        to_jail[u] += p
                    else:
                        moves[u, dest] += p
                        if mode in modes:
                            modes[mode][u, dest] += p
        else:
            stay[u] = 1.0
    return stay, to_jail, moves, modes


def hop_matrix(n: int, hops: dict | None) -> np.ndarray:
    """``hop[u, d]``: landing on ``u`` moves the token on to rest at ``d`` and ends the turn."""
    hop = np.zeros((n, n))
    for u, d in (hops or {}).items():
        hop[u, d] = 1.0
    return hop


# --- building the chain --------------------------------------------------------------------------------------

def _outcome_groups(dice: DiceModel) -> list[tuple[int, bool, float]]:
    """The dice outcomes grouped by (total, doubles), with their exact probabilities as floats."""
    counts: dict[tuple[int, bool], int] = {}
    for r in dice.outcomes:
        key = (r.total, r.doubles)
        counts[key] = counts.get(key, 0) + 1
    n = len(dice.outcomes)
    return [(t, d, c / n) for (t, d), c in sorted(counts.items())]


def check_policies(jail: str, uk_card: str) -> None:
    if jail not in JAIL_POLICIES:
        raise InvalidRules("jail", f"must be one of {', '.join(JAIL_POLICIES)}, got {short(jail)}")
    if uk_card not in UK_CARD_POLICIES:
        raise InvalidRules("uk_card", f"must be one of {', '.join(UK_CARD_POLICIES)}, got {short(uk_card)}")


def build(board_name: str, chance_deck: str, chest_deck: str, dice_name: str, doubles_to_jail: int,
          jail_turns: int, jail: str = "long", uk_card: str = "pay", draws: dict | None = None,
          hops: dict | None = None, never_jailed: bool = False, hands: int = 0) -> Chain:
    """Build and solve the chain (uncached; see :func:`chain` for the cached entry point). ``draws`` and
    ``hops``: an edition's squares, ``never_jailed``: a token no rule sends to jail, ``hands``: players keeping
    a card of each deck in hand (see :func:`landing_effects`)."""
    check_policies(jail, uk_card)
    if never_jailed:
        doubles_to_jail = 0
    board = load_board(board_name)
    decks = {"chance": load_deck(chance_deck), "chest": load_deck(chest_deck)}
    dice = load_dice(dice_name)
    n = board.size
    lay = layout_for(n, doubles_to_jail, jail_turns)
    K, T, N = lay.K, lay.T, lay.n_states

    stay, to_jail, moves, modes = landing_effects(board, decks, uk_card, draws, hops, never_jailed, hands)
    hop = hop_matrix(n, hops)
    try:
        landings = np.linalg.inv(np.eye(n) - moves)      # fundamental matrix of the card-move chain
    except np.linalg.LinAlgError:
        raise DataError(f"cards on board {board.name!r} can move a token around forever") from None
    landing_jail = landings @ to_jail
    rest_of = np.empty((n, n + 1))                        # resting column after landing on u
    rest_of[:, :n] = landings * stay[None, :]
    rest_of[:, n] = landing_jail
    rest_end = landings @ hop                             # resting, the turn over, after landing on u (a hop)
    ends = bool(hop.any())

    P = np.zeros((N, N))
    DL = np.zeros((N, n))
    DLT = np.zeros((N, n))
    DJ = np.zeros(N)
    squares = np.arange(n)
    j0 = lay.jail_index(0)
    jail_sq = board.jail

    def land(rows, targets, p, total, k_next):
        """Add a dice landing on ``targets`` (one per row) with probability ``p``, resting with ``k_next``."""
        R = rest_of[targets]
        cols = squares * K + k_next
        P[np.ix_(rows, cols)] += p * R[:, :n]
        P[rows, j0] += p * R[:, n]
        if ends:
            P[np.ix_(rows, squares * K)] += p * rest_end[targets]
        DL[rows, targets] += p
        DLT[rows, targets] += p * total

    groups = _outcome_groups(dice)
    for k in range(K):
        rows = squares * K + k
        for total, dbl, p in groups:
            if dbl and doubles_to_jail > 0 and k + 1 == doubles_to_jail:
                P[rows, j0] += p
                DJ[rows] += p
                continue
            k_next = lay.next_doubles(k, doubles_to_jail) if dbl else 0
            land(rows, (squares + total) % n, p, total, k_next)

    free_row = lay.index(jail_sq, 0)
    for t in range(T):
        row = lay.jail_index(t)
        if jail == "short":
            # pay at the start of the turn, then roll as a token just visiting at the start of a turn
            P[row], DL[row], DLT[row], DJ[row] = P[free_row], DL[free_row], DLT[free_row], DJ[free_row]
            continue
        r = np.array([row])
        for total, dbl, p in groups:
            if dbl or t + 1 == T:     # doubles: out, no extra roll; last failure: pay, move by this roll
                land(r, np.array([(jail_sq + total) % n]), p, total, 0)
            else:
                P[row, lay.jail_index(t + 1)] += p

    pi = stationary_vector(P) if not (hands and jail == "long") else \
        _freed_by_others(P, DL, DLT, DJ, lay, free_row, hands, ends_turn(lay))
    rest = lay.rest_index()
    turn_end = ends_turn(lay)
    states = tuple([State(s, k) for s in range(n) for k in range(K)] + [State(jail_sq, 0, t) for t in range(T)])
    arrays = dict(matrix=P, pi=pi, rest=rest, turn_end=turn_end, dice_landing=DL, dice_landing_total=DLT,
                  doubles_jail=DJ, landings=landings, landing_jail=landing_jail,
                  card_moves=moves.sum(axis=1))
    mode_landings = {m: landings @ modes[m] for m in CARD_MODES}
    for a in list(arrays.values()) + list(mode_landings.values()):
        a.flags.writeable = False
    return Chain(board=board, dice=dice, jail_policy=jail, uk_card=uk_card, doubles_to_jail=doubles_to_jail,
                 jail_turns=jail_turns, layout=lay, states=states, mode_landings=mode_landings, **arrays)


def ends_turn(lay: Layout) -> np.ndarray:
    """For every state, whether a roll ending in it ends the turn (``k = 0`` and the jail states)."""
    return np.concatenate([np.tile(np.arange(lay.K) == 0, lay.size), np.ones(lay.T, dtype=bool)])


def _freed_by_others(P: np.ndarray, DL: np.ndarray, DLT: np.ndarray, DJ: np.ndarray, lay: Layout, free_row: int,
                     hands: int, turn_end: np.ndarray) -> np.ndarray:
    """One prisoner at a time (the Cheaters Edition, seed 003: "Is someone else already in Jail? Free them and take
    their place! The player who was in Jail ... moves their piece to the Just Visiting space"): between two turns
    of a token in jail, each of the ``hands - 1`` other players goes to jail in their turn with probability ``q``,
    and the token then rolls from Just Visiting like a token that paid. ``q`` is the chain's own rate of jail
    arrivals per turn of a token not in jail (the other players move like this token, independently of it): a
    fixed point, found by iteration. Rewrites the jail rows in place; returns the stationary vector."""
    jail_rows = np.arange(lay.jail_index(0), lay.n_states)
    arrays = (P, DL, DLT, DJ)
    kept = [a[jail_rows].copy() for a in arrays]
    outside = np.ones(lay.n_states, dtype=bool)
    outside[jail_rows] = False
    q = 0.0
    for _ in range(100):
        for a, own in zip(arrays, kept):
            a[jail_rows] = (1 - q) * own + q * a[free_row]
        pi = stationary_vector(P)
        arrivals = float(pi @ P[:, lay.jail_index(0)])                      # per roll
        # turns started outside jail, per roll: after a turn ending outside, or freed from jail
        turns_free = float(pi[turn_end & outside].sum() + q * pi[jail_rows].sum())
        one = arrivals / turns_free if turns_free > 0 else 0.0
        new_q = 1.0 - (1.0 - one) ** (hands - 1)
        if abs(new_q - q) < 1e-14:
            break
        q = new_q
    return pi


def stationary_vector(P: np.ndarray) -> np.ndarray:
    """The stationary distribution of a stochastic matrix with one recurrent class, by an exact linear solve
    of ``pi (P - I) = 0`` with ``sum(pi) = 1`` (one equation replaced by the normalisation)."""
    N = P.shape[0]
    A = P.T - np.eye(N)
    A[-1, :] = 1.0
    b = np.zeros(N)
    b[-1] = 1.0
    pi = np.linalg.solve(A, b)
    pi[np.abs(pi) < 1e-15] = 0.0
    return pi


@functools.lru_cache(maxsize=64)
def _cached(board, chance_deck, chest_deck, dice, doubles_to_jail, jail_turns, jail, uk_card, draws=(),
            hops=(), never_jailed=False, hands=0) -> Chain:
    return build(board, chance_deck, chest_deck, dice, doubles_to_jail, jail_turns, jail, uk_card,
                 dict(draws), dict(hops), never_jailed, hands)


def edition_squares(rules) -> tuple[tuple, tuple]:
    """The edition's squares that move a token their own way, as (draws, hops) of :func:`landing_effects`, in
    hashable form (the Cheaters Edition: Free Parking draws a card, stations send you on)."""
    from ..editions import get
    draws, hops = get(rules.edition).markov_squares(rules)
    return tuple(sorted(draws.items())), tuple(sorted(hops.items()))


def hands_of(rules) -> int:
    """Players keeping cards in hand in the chain's game: :data:`HANDS` where the edition keeps drawn cards
    (``Edition.keeps_cards_in_hand``: the Cheaters Edition), else 0 (a Get Out of Jail Free card is treated as
    returned at once)."""
    from ..editions import get
    return HANDS if get(rules.edition).keeps_cards_in_hand else 0


def check_rules(rules, assume: str = "") -> None:
    """Refuse what the chain's public functions cannot read as a rule set, and named assumptions for an edition
    whose chain has none (they were passed over in silence; the command line refused them)."""
    from ..rules import RuleSet
    if not isinstance(rules, RuleSet):
        raise InvalidRules("rules", f"must be a rule set (such as preset('classic-us')), not a "
                           f"{type(rules).__name__}")
    if not isinstance(assume, str):
        raise InvalidRules("assume", f"must be text, not a {type(assume).__name__}")
    if assume and rules.edition != "mega":
        raise InvalidRules("assume", f"only the Mega Edition's chain has named assumptions, not the "
                           f"{rules.edition} edition's")


def jail_policy_played(rules, jail: str) -> str:
    """The jail policy a token can follow under ``rules``: ``short`` pays at the start of the turn after going to
    jail, which a prisoner cannot do with one turn in jail and no fine before its roll (``jail_turns`` 1 without
    ``jail_pay_on_last_turn``: 002 and the US rules pay "before you roll the dice on either of your next two turns",
    so the last turn rolls first). There the token rolls for doubles and pays after a miss: ``long``. (An outside
    review: the chain paid at once where the engine's token rolled, In Jail 0.197 against 0.170 simulated.)"""
    check_rules(rules)
    check_policies(jail, "pay")
    if jail == "short" and rules.jail_turns == 1 and not rules.jail_pay_on_last_turn:
        return "long"
    return jail


def chain(rules, jail: str = "long", uk_card: str = "pay", assume: str = "", never_jailed: bool = False) -> Chain:
    """The solved chain for a :class:`~monopoly_core.rules.RuleSet` and policy, cached per process.

    Only the rules that move a token matter (board, decks, dice, ``doubles_to_jail``, ``jail_turns``, and whether
    the short jail policy can be played: :func:`jail_policy_played`), so rule sets that differ elsewhere share one
    chain. ``never_jailed``: the token of Sore Losers' Mr Monopoly. The Mega Edition's chain (:mod:`.mega`) rests
    on named assumptions, ``assume`` ("" for its defaults; other editions have none).
    """
    check_rules(rules, assume)
    check_policies(jail, uk_card)
    jail = jail_policy_played(rules, jail)
    if rules.edition == "mega":
        from .mega import chain as mega_chain
        return mega_chain(rules, jail, assume)
    return _cached(rules.board, rules.chance_deck, rules.chest_deck, rules.dice, rules.doubles_to_jail,
                   rules.jail_turns, jail, uk_card, *edition_squares(rules), never_jailed, hands_of(rules))


def build_uncached(rules, jail: str = "long", uk_card: str = "pay") -> Chain:
    """Build and solve without the cache (the bench measures this)."""
    jail = jail_policy_played(rules, jail)
    if rules.edition == "mega":
        from .mega import DEFAULT, build as mega_build
        return mega_build.__wrapped__(rules.board, rules.chance_deck, rules.chest_deck, rules.dice,
                                      rules.doubles_to_jail, rules.jail_turns, jail, DEFAULT)
    draws, hops = edition_squares(rules)
    return build(rules.board, rules.chance_deck, rules.chest_deck, rules.dice, rules.doubles_to_jail,
                 rules.jail_turns, jail, uk_card, dict(draws), dict(hops), hands=hands_of(rules))


def has_fine_or_draw(rules) -> bool:
    """True when one of the rules' decks has a pay-or-draw card (so the ``uk_card`` policy matters)."""
    return any(c.effect == "pay_or_draw" for name in (rules.chance_deck, rules.chest_deck)
               for c in load_deck(name).cards)
