"""Turns played by the real game engine, seen the way the Markov chain sees them.

Tokens that only move (:class:`~monopoly_core.markov.MovementPolicy`: nobody buys, bids or trades, and jail is
left by the chain's jail policy) play seeded games; from each game's event log (``events.SCHEMA``) every turn
gives two observations:

* where the token stood when the turn began, which is where its previous turn ended (a ``turn`` event's square,
  or In Jail when its detail says so): a sample of the ``end-of-turn`` quantity;
* how many times it landed on each square during the turn (``move`` events, card moves included): a sample of
  the ``visits-per-turn`` quantity.

The first turns of every token in every game are left out, because every token starts on GO rather than in the
long-run distribution. Games have two players, each a movement-only token, and the turns of both are counted in
the order they are played (measured: the share of turns in jail varies as much as with one token's turns
alone). Successive turns of one token are not independent (a token in jail tends to be in jail next turn too),
which :func:`monopoly_core.lessons.large_numbers.turn_spread` allows for.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from .. import events as E
from ..board import load_board
from ..game import Game
from ..markov import END_OF_TURN, Distribution, MovementPolicy
from ..markov.quantities import row_names
from ..rules import RuleSet
from ..state import bots
from .sheet import check_size

PLAYERS = 2
MAX_TURNS = 100_000
SKIP_TURNS = 10          # turns of each token left out at the start of every game
ROUNDS_PER_GAME = 2_000


@dataclass(frozen=True, eq=False)
class TurnSample:
    """``n`` turns of movement-only tokens. ``ends[t]``: the resting column at the end of a turn (a square
    index, or the board size for In Jail); ``landings[t, s]``: landings on square ``s`` during turn ``t``."""

    board: str
    jail_policy: str
    seed: int
    ends: np.ndarray
    landings: np.ndarray

    @property
    def n(self) -> int:
        return len(self.ends)

    @property
    def size(self) -> int:
        return self.landings.shape[1]

    def end_shares(self) -> np.ndarray:
        """Share of turns ending on each square, then In Jail."""
        return np.bincount(self.ends, minlength=self.size + 1) / self.n

    def end_distribution(self) -> Distribution:
        """:meth:`end_shares` as an ``end-of-turn`` distribution from simulation, beside the exact one."""
        v = [float(x) for x in self.end_shares()]
        return Distribution(quantity=END_OF_TURN, board=self.board, names=row_names(load_board(self.board)),
                            squares=tuple(v[:-1]), jail=v[-1], jail_policy=self.jail_policy, source="simulation",
                            samples=self.n)


def play_turns(rules: RuleSet, turns: int, seed: int, *, jail: str = "long") -> TurnSample:
    """Play ``turns`` counted turns (at most :data:`MAX_TURNS`) with movement-only tokens, games seeded from
    ``seed`` (same seed, same turns)."""
    check_size(turns, MAX_TURNS, "turns")
    base = rules.replace(auctions=False, turn_limit=ROUNDS_PER_GAME).validate(PLAYERS)
    size = load_board(rules.board).size
    seeds = random.Random(seed)
    skip = SKIP_TURNS * PLAYERS
    ends, landings, done = [], [], 0
    while done < turns:
        rounds = min(ROUNDS_PER_GAME, (turns - done) // PLAYERS + SKIP_TURNS + 2)
        policy = MovementPolicy(jail)
        game = Game.new(base.replace(turn_limit=rounds), bots(["cautious"] * PLAYERS), seeds.randrange(1 << 62),
                        policies={seat: policy for seat in range(PLAYERS)})
        game.run()
        end, land = _count(game.log.columns(), size, skip)
        take = min(turns - done, len(end))
        ends.append(end[:take])
        landings.append(land[:take])
        done += take
    return TurnSample(load_board(rules.board).name, jail, seed, np.concatenate(ends), np.concatenate(landings))


def _count(cols: dict, size: int, skip: int) -> tuple[np.ndarray, np.ndarray]:
    """The end-of-previous-turn column and the landings of every turn after the first ``skip`` turn events."""
    kind = np.asarray(cols["kind"])
    square = np.asarray(cols["square"])
    detail = np.asarray(cols["detail"])
    is_turn = kind == E.TURN
    starts = np.flatnonzero(is_turn)[skip:]
    ends = np.where(detail[starts] == 1, size, square[starts])
    turn_of = np.cumsum(is_turn) - 1 - skip       # the counted turn each event belongs to (< 0: not counted)
    moves = (kind == E.MOVE) & (turn_of >= 0)
    landings = np.zeros((len(starts), size), dtype=np.uint8)
    np.add.at(landings, (turn_of[moves], square[moves]), 1)
    return ends.astype(np.int64), landings
