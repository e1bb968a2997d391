"""Dice models with an exact distribution, sampled from the same outcome list.

A model lists every equally likely outcome of its dice (2d6: 36; 2d6 plus a six-faced speed die: 216). The
engine samples an outcome index with one call to the game's generator; the Markov chain and the classroom demos
read :meth:`DiceModel.distribution` from the very same list, as OpenSpiel's chance nodes do.
"""
from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable, Final


def pack_faces(faces: tuple[int, ...]) -> int:
    """Dice faces as one integer, e.g. (3, 5) -> 35, (3, 5, 6) -> 356 (how roll events store them)."""
    v = 0
    for f in faces:
        v = v * 10 + f
    return v


@dataclass(frozen=True, slots=True)
class Roll:
    """One outcome: the faces shown, the total to move and whether the (white) dice show doubles."""

    faces: tuple[int, ...]
    total: int
    doubles: bool
    #: the faces packed into one integer (:func:`pack_faces`), worked out once per outcome, not per roll
    packed: int = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "packed", pack_faces(self.faces))

    def __str__(self) -> str:
        return "+".join(map(str, self.faces))


@dataclass(frozen=True)
class DiceModel:
    """A named set of dice; all outcomes in :attr:`outcomes` are equally likely."""

    name: str
    description: str
    outcomes: tuple[Roll, ...]

    def sample(self, random: Callable[[], float]) -> Roll:
        """Draw one outcome with ``random`` (a zero-argument callable returning a float in [0, 1))."""
        outcomes = self.outcomes
        return outcomes[int(random() * len(outcomes))]

    @property
    def probability(self) -> Fraction:
        """The exact probability of each single outcome."""
        return Fraction(1, len(self.outcomes))

    def distribution(self) -> dict[int, Fraction]:
        """Exact probability of each total."""
        p = self.probability
        dist: dict[int, Fraction] = {}
        for r in self.outcomes:
            dist[r.total] = dist.get(r.total, 0) + p
        return dict(sorted(dist.items()))

    def p_doubles(self) -> Fraction:
        return sum((self.probability for r in self.outcomes if r.doubles), Fraction(0))


def _standard(n_dice: int, sides: int) -> tuple[Roll, ...]:
    rolls = []
    for faces in itertools.product(range(1, sides + 1), repeat=n_dice):
        rolls.append(Roll(faces, sum(faces), n_dice == 2 and faces[0] == faces[1]))
    return tuple(rolls)


#: The speed die's faces (Mega Edition, seed 002 THE DICE & HOW TO MOVE): 1, 2 and 3 pips, Mr. Monopoly on two
#: faces and the Bus on one. In a roll's faces the speed die is the third number: 1-3 its pips, 4 and 5 Mr. Monopoly,
#: 6 the Bus (so that every face keeps a digit of its own in the packed faces).
SPEED_MR_MONOPOLY: Final = (4, 5)
SPEED_BUS: Final = 6


def is_triples(r: Roll) -> bool:
    """Triple 1's, 2's or 3's on the white dice and the speed die (002 DOUBLES & TRIPLES)."""
    f = r.faces
    return len(f) == 3 and f[0] == f[1] == f[2] <= 3


def speed_outcomes() -> tuple[Roll, ...]:
    """Two white dice and the speed die: 216 equally likely outcomes. A roll of pips moves the total of all three;
    Mr. Monopoly and the Bus move the white dice first. Doubles are judged on the white dice alone (002 DOUBLES &
    TRIPLES)."""
    rolls = []
    for a, b, s in itertools.product(range(1, 7), repeat=3):
        rolls.append(Roll((a, b, s), a + b + (s if s <= 3 else 0), a == b))
    return tuple(rolls)


_MODELS = {
    "2d6": ("two six-sided dice; doubles when both show the same number", lambda: _standard(2, 6)),
    "2d6+speed": ("two white dice and the Mega Edition's speed die (1, 2, 3, Mr. Monopoly twice, Bus); doubles on "
                  "the white dice", speed_outcomes),
}


def available() -> list[str]:
    return list(_MODELS)


@functools.lru_cache(maxsize=None)
def load_dice(name: str) -> DiceModel:
    """The dice model named ``name``; unknown names raise KeyError with the known ones."""
    if name not in _MODELS:
        raise KeyError(f"unknown dice model {name!r} (known: {', '.join(_MODELS)})")
    desc, make = _MODELS[name]
    return DiceModel(name, desc, make())
