"""The Mega Edition's Markov chain (issue 15): the three dice, triples, and the speed die's Mr. Monopoly and Bus
faces, under named assumptions (the token's moves there depend on ownership and choices, which one token's chain
cannot know).

The chain has the classic chain's states and shape (:class:`~.builder.Chain`), so every quantity, table and figure
of the Markov page works on it. Its assumptions, besides those of :mod:`.builder` (cards drawn at random, jail
policy ``short`` or ``long``):

* **Dice**: the 216 equally likely outcomes of the two white dice and the speed die (``dice.speed_outcomes``).
  Pips: move the total of all three. Doubles are judged on the white dice; ``doubles_to_jail`` doubles in a turn
  send the token to jail. In jail only the white dice are rolled (36 outcomes).
* **Triples** (1-1-1, 2-2-2, 3-3-3), a destination the player chooses, end the turn and never jail:
  ``triples=uniform`` any other square, each equally likely; ``triples=go`` always GO (the salary; from GO
  itself, any other square).
* **Mr. Monopoly**: move by the white dice, resolve the square (cards, Go To Jail); then
  ``mr_monopoly=next_property``: on to the next property ahead (the early game, every property unowned; or the
  late game with every property another player's and none mortgaged); ``mr_monopoly=stay``: no bonus move (every
  opponent's property mortgaged).
* **Bus**: move by the white dice, resolve the square; then ``bus=ride``: on to the nearest Chance or Community
  Chest ahead, and draw there; ``bus=ticket``: take a ticket and stay (as if tickets never ran out).
* **Bus tickets are never used**, and the **Auction square never moves the token** (some property is unowned).

Defaults (:data:`DEFAULT`): ``triples=uniform, mr_monopoly=next_property, bus=ride``, the early game.

What the chain's figures count: the per-roll and end-of-turn distributions are exact under these assumptions. The
landings behind ``visits-per-turn`` and the income figures are the dice landings (and the card moves from them); the
landings of a bonus move (Mr. Monopoly, the Bus, triples) are counted only as where the token rests, so those two
figures are lower bounds for the squares the bonus moves reach.
"""
from __future__ import annotations

import functools
from typing import NamedTuple

import numpy as np

from ..bounds import short
from ..board import Board
from ..cards import load_deck
from ..dice import SPEED_BUS, load_dice
from ..errors import InvalidRules
from .builder import Chain, State, check_policies, landing_effects, layout_for, stationary_vector

#: Each assumption and its choices, the default first.
CHOICES: dict[str, tuple[str, ...]] = {"triples": ("uniform", "go"), "mr_monopoly": ("next_property", "stay"),
                                       "bus": ("ride", "ticket")}
#: What each choice means, for the page and the CLI.
MEANINGS = {
    "triples=uniform": "triples: any other square, each equally likely",
    "triples=go": "triples: always GO (for the salary)",
    "mr_monopoly=next_property": "Mr. Monopoly: on to the next property (early game: all unowned)",
    "mr_monopoly=stay": "Mr. Monopoly: no bonus move (every opponent's property mortgaged)",
    "bus=ride": "Bus: ride on to the nearest Chance or Community Chest",
    "bus=ticket": "Bus: take a ticket and stay",
}


class Assumptions(NamedTuple):
    triples: str = "uniform"
    mr_monopoly: str = "next_property"
    bus: str = "ride"

    @property
    def key(self) -> str:
        return ",".join(f"{k}={v}" for k, v in zip(self._fields, self))


DEFAULT = Assumptions()


def parse(text: str) -> Assumptions:
    """``"triples=go,bus=ticket"`` (any of the three, in any order; "" for the defaults); a clear error naming the
    assumption otherwise."""
    values = DEFAULT._asdict()
    named: set[str] = set()
    parts = [p.strip() for p in text.split(",")] if text.strip() else []
    for part in parts:
        if not part:        # (",,,," was taken for the defaults without a word: an outside review)
            raise InvalidRules("assume", f"an empty assumption between commas in {short(text)}: name each as "
                                         f"name=value, for example triples=go,bus=ticket")
        name, _, value = part.partition("=")
        name, value = name.strip(), value.strip()
        if name not in CHOICES:
            raise InvalidRules("assume", f"unknown Mega assumption {short(name)} (known: {', '.join(CHOICES)})")
        if name in named:       # (the last of two was taken without a word: an outside review)
            raise InvalidRules("assume", f"{name} is named twice: give each assumption once")
        named.add(name)
        if value not in CHOICES[name]:
            raise InvalidRules("assume", f"{name} must be one of {', '.join(CHOICES[name])}, got {short(value)}")
        values[name] = value
    return Assumptions(**values)


def _groups(dice) -> list[tuple[str, int, bool, float]]:
    """The outcomes by (what the speed die says, the move by dice, white doubles), with exact probabilities."""
    counts: dict[tuple[str, int, bool], int] = {}
    for r in dice.outcomes:
        a, b, s = r.faces
        if a == b == s and s <= 3:
            key = ("triples", a + b + s, True)
        elif s <= 3:
            key = ("pips", r.total, r.doubles)
        else:
            key = ("bus" if s == SPEED_BUS else "mr_monopoly", a + b, r.doubles)
        counts[key] = counts.get(key, 0) + 1
    n = len(dice.outcomes)
    return [(kind, t, d, c / n) for (kind, t, d), c in sorted(counts.items())]


def _next_of(board: Board, kinds: frozenset[str]) -> np.ndarray:
    """For each square, the first square strictly ahead whose kind is one of ``kinds``."""
    n = board.size
    targets = [s.index for s in board.squares if s.kind in kinds]
    return np.array([min(targets, key=lambda t: (t - u - 1) % n) for u in range(n)])


@functools.lru_cache(maxsize=32)
def build(board_name: str, chance_deck: str, chest_deck: str, dice_name: str, doubles_to_jail: int,
          jail_turns: int, jail: str, assume: Assumptions) -> Chain:
    """Build and solve the Mega chain (cached per process: the arguments are the rules that move a token)."""
    from ..rules import RuleSet
    from .. import editions
    check_policies(jail, "pay")
    rules = RuleSet(board=board_name, edition="mega", dice=dice_name, bus_tickets="")
    board = editions.get("mega").board(rules)
    decks = {"chance": load_deck(chance_deck), "chest": load_deck(chest_deck)}
    dice, white = load_dice(dice_name), load_dice("2d6")
    n = board.size
    lay = layout_for(n, doubles_to_jail, jail_turns)
    K, T, N = lay.K, lay.T, lay.n_states
    stay, to_jail, moves, modes = landing_effects(board, decks, "pay")
    landings = np.linalg.inv(np.eye(n) - moves)
    rest_of = np.zeros((n, n + 1))                      # resting column after landing on u (cards resolved)
    rest_of[:, :n] = landings * stay[None, :]
    rest_of[:, n] = landings @ to_jail
    # the bonus moves, from the square the first move rests on: a matrix square -> resting column
    bonus = {}
    for kind, choice, targets in (
            ("mr_monopoly", assume.mr_monopoly, _next_of(board, frozenset({"street", "railroad", "utility"}))),
            ("bus", assume.bus, _next_of(board, frozenset(decks)))):
        after = np.zeros((n + 1, n + 1))
        after[n, n] = 1.0                                # in jail: no bonus move
        if choice in ("stay", "ticket"):
            after[:n, :n] = np.eye(n)
        else:
            after[:n] = rest_of[targets]
        bonus[kind] = rest_of @ after
    triples_to = np.zeros((n, n))
    triples_to[:, :] = 1.0 / (n - 1)
    np.fill_diagonal(triples_to, 0.0)
    if assume.triples == "go":                          # (from GO itself, any other square, as uniform)
        triples_to[1:] = 0.0
        triples_to[1:, 0] = 1.0
    triples_rest = triples_to @ rest_of

    P = np.zeros((N, N))
    DL, DLT, DJ = np.zeros((N, n)), np.zeros((N, n)), np.zeros(N)
    squares = np.arange(n)
    j0 = lay.jail_index(0)

    def rest(rows, R, p, k_next):
        P[np.ix_(rows, squares * K + k_next)] += p * R[:, :n]
        P[rows, j0] += p * R[:, n]

    groups = _groups(dice)
    for k in range(K):
        rows = squares * K + k
        for kind, total, dbl, p in groups:
            if kind == "triples":
                rest(rows, triples_rest, p, 0)
                continue
            if dbl and doubles_to_jail > 0 and k + 1 == doubles_to_jail:
                P[rows, j0] += p
                DJ[rows] += p
                continue
            k_next = lay.next_doubles(k, doubles_to_jail) if dbl else 0
            targets = (squares + total) % n
            R = rest_of[targets] if kind == "pips" else bonus[kind][targets]
            rest(rows, R, p, k_next)
            DL[rows, targets] += p
            DLT[rows, targets] += p * total
    free_row = lay.index(board.jail, 0)
    white_groups = [(t, d, p) for _, t, d, p in _groups_white(white)]
    for t in range(T):
        row = lay.jail_index(t)
        if jail == "short":
            P[row], DL[row], DLT[row], DJ[row] = P[free_row], DL[free_row], DLT[free_row], DJ[free_row]
            continue
        for total, dbl, p in white_groups:
            if dbl or t + 1 == T:
                target = (board.jail + total) % n
                P[row, squares * K] += p * rest_of[target, :n]
                P[row, j0] += p * rest_of[target, n]
                DL[row, target] += p
                DLT[row, target] += p * total
            else:
                P[row, lay.jail_index(t + 1)] += p
    pi = stationary_vector(P)
    turn_end = np.concatenate([np.tile(np.arange(K) == 0, n), np.ones(T, dtype=bool)])
    states = tuple([State(s, k) for s in range(n) for k in range(K)] + [State(board.jail, 0, t) for t in range(T)])
    arrays = dict(matrix=P, pi=pi, rest=lay.rest_index(), turn_end=turn_end, dice_landing=DL,
                  dice_landing_total=DLT, doubles_jail=DJ, landings=landings, landing_jail=landings @ to_jail,
                  card_moves=moves.sum(axis=1))
    mode_landings = {m: landings @ modes[m] for m in modes}
    for a in list(arrays.values()) + list(mode_landings.values()):
        a.flags.writeable = False
    return Chain(board=board, dice=dice, jail_policy=jail, uk_card="pay", doubles_to_jail=doubles_to_jail,
                 jail_turns=jail_turns, layout=lay, states=states, mode_landings=mode_landings, **arrays)


def _groups_white(dice) -> list[tuple[str, int, bool, float]]:
    counts: dict[tuple[int, bool], int] = {}
    for r in dice.outcomes:
        counts[(r.total, r.doubles)] = counts.get((r.total, r.doubles), 0) + 1
    return [("white", t, d, c / len(dice.outcomes)) for (t, d), c in sorted(counts.items())]


def chain(rules, jail: str = "long", assume: str = "") -> Chain:
    """The solved Mega chain for ``rules`` under the named assumptions (see the module's docstring)."""
    return build(rules.board, rules.chance_deck, rules.chest_deck, rules.dice, rules.doubles_to_jail,
                 rules.jail_turns, jail, parse(assume))


def is_mega(rules) -> bool:
    return rules.edition == "mega"
