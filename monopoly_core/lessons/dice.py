"""Lesson 1, two dice: the exact distribution of the sum against a sampled one, doubles, three doubles in a row,
and the Mega Edition's speed die (216 outcomes, triples).

Both come from the rules core's dice models, the very outcome lists the engine rolls from, sampled the way the
engine samples them (:meth:`~monopoly_core.dice.DiceModel.sample`): ``2d6`` for the two white dice and
``2d6+speed`` for the white dice with the speed die, whose six faces are 1, 2, 3, Mr. Monopoly, Mr. Monopoly and a
Bus (Mega Edition rule book, "The dice & how to move"; the core numbers them 1-3, 4 and 5, 6). With pips on all
three dice the token moves the total of all three; with Mr. Monopoly or the Bus it first moves the white dice's
total (the bonus move comes after), which is the total the model gives. Doubles refer to the white dice only;
triples are 1-1-1, 2-2-2 or 3-3-3 (:func:`monopoly_core.dice.is_triples`).
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction
import numpy as np

from ..dice import SPEED_BUS, SPEED_MR_MONOPOLY, DiceModel, Roll, is_triples, load_dice
from .running import Running
from .sheet import Exercise, Lesson, check_size, fraction_text

MR_MONOPOLY = "Mr. Monopoly"
BUS = "Bus"
#: The speed die's six faces, as printed (Mr. Monopoly is on two of them).
SPEED_FACES = (1, 2, 3, MR_MONOPOLY, MR_MONOPOLY, BUS)
MAX_ROLLS = 1_000_000


def two_dice() -> DiceModel:
    """The two white dice: the core's ``2d6`` model."""
    return load_dice("2d6")


def speed_dice() -> DiceModel:
    """The white dice and the speed die: the core's ``2d6+speed`` model, the one the Mega Edition plays with."""
    return load_dice("2d6+speed")


def speed_outcomes() -> tuple[Roll, ...]:
    """All 6 x 6 x 6 = 216 outcomes, one per face of each die (the two Mr. Monopoly faces are two outcomes);
    the third face is the speed die's (1-3 pips, 4 and 5 Mr. Monopoly, 6 the Bus)."""
    return speed_dice().outcomes


def speed_face(r: Roll) -> int | str:
    """What the speed die shows in ``r``, as printed: its pips, or :data:`MR_MONOPOLY` or :data:`BUS`."""
    s = r.faces[2]
    return MR_MONOPOLY if s in SPEED_MR_MONOPOLY else BUS if s == SPEED_BUS else s


def speed_distribution() -> dict[int, Fraction]:
    """Exact probability of each first-move total with the speed die."""
    return speed_dice().distribution()


def share(outcomes, test) -> Fraction:
    """The exact probability of the outcomes for which ``test(outcome)`` holds (all equally likely)."""
    return Fraction(sum(1 for r in outcomes if test(r)), len(outcomes))


def p_doubles() -> Fraction:
    """Two white dice showing the same number: 6 of 36 = 1/6."""
    return two_dice().p_doubles()


def p_doubles_in_a_row(k: int = 3) -> Fraction:
    """Doubles ``k`` rolls running (rolls are independent): (1/6)^k; the third sends a token to jail."""
    return p_doubles() ** k


def p_triples() -> Fraction:
    """Triples with the speed die: 3 of 216 = 1/72."""
    return share(speed_outcomes(), is_triples)


def p_speed_face(face) -> Fraction:
    """The chance the speed die shows ``face`` (Mr. Monopoly: 2 of 6)."""
    return share(speed_outcomes(), lambda r: speed_face(r) == face)


def sum_rows() -> list[dict]:
    """The distribution of the sum of two dice as table rows: ways out of 36 and the exact probability, written as
    the ways over 36 and, where it cancels, in lowest terms ("2/36 = 1/18": a walkthrough saw "1/18" beside "2
    ways out of 36" and the chart's 2/36)."""
    model = two_dice()
    n = len(model.outcomes)
    return [{"total": t, "ways": int(p * n), "out of": n, "probability": ways_over(int(p * n), n),
             "decimal": float(p)} for t, p in model.distribution().items()]


def ways_over(ways: int, n: int) -> str:
    """``ways``/``n`` as a fraction, and in lowest terms where that differs: "6/36 = 1/6", "1/36"."""
    low = Fraction(ways, n)
    return f"{ways}/{n}" if low.denominator == n else f"{ways}/{n} = {low}"


def speed_rows() -> list[dict]:
    """The 216-outcome distribution by first-move total, split by what the speed die shows."""
    outcomes = speed_outcomes()
    rows = []
    for t, p in speed_distribution().items():
        at = [r for r in outcomes if r.total == t]
        rows.append({"total": t,
                     "pips on all three": sum(isinstance(speed_face(r), int) for r in at),
                     "Mr. Monopoly": sum(speed_face(r) == MR_MONOPOLY for r in at),
                     "Bus": sum(speed_face(r) == BUS for r in at),
                     "ways": len(at), "out of": len(outcomes), "probability": str(p), "decimal": float(p)})
    return rows


@dataclass(frozen=True, eq=False)
class Sample:
    """``n`` seeded rolls: the total of each, and whether it was doubles (and triples, with the speed die)."""

    speed_die: bool
    seed: int
    totals: np.ndarray
    doubles: np.ndarray
    triples: np.ndarray

    @property
    def n(self) -> int:
        return len(self.totals)

    def rows(self) -> list[dict]:
        """Every possible total: its exact probability, how often it came up and its share of the rolls."""
        exact = speed_distribution() if self.speed_die else two_dice().distribution()
        counts = np.bincount(self.totals, minlength=max(exact) + 1)
        return [{"total": t, "exact": float(p), "rolled": int(counts[t]), "share of rolls": float(counts[t] / self.n)}
                for t, p in exact.items()]

    def running_total(self, total: int) -> Running:
        """The running share of rolls showing ``total``, and its exact probability."""
        exact = (speed_distribution() if self.speed_die else two_dice().distribution()).get(total, Fraction(0))
        return _running(f"rolls totalling {total}", self.totals == total, exact, self.seed)

    def running_doubles(self) -> Running:
        return _running("rolls with doubles", self.doubles, p_doubles(), self.seed)


def _running(what: str, hits: np.ndarray, p: Fraction, seed: int) -> Running:
    """A running share of hits; one roll is a yes/no trial with standard deviation sqrt(p (1 - p)), and rolls are
    independent, so the band is the exact binomial one."""
    return Running(what, hits.astype(float), float(p), str(p), math.sqrt(float(p * (1 - p))), seed, unit="roll",
                   share=True)


def roll(n: int, seed: int, *, speed_die: bool = False) -> Sample:
    """Roll ``n`` times (at most :data:`MAX_ROLLS`) from ``seed``, as the engine rolls: the white dice, or with
    the speed die one of the 216 outcomes."""
    check_size(n, MAX_ROLLS, "rolls")
    draw = random.Random(seed).random
    model = speed_dice() if speed_die else two_dice()
    rolls = [model.sample(draw) for _ in range(n)]
    triples = np.fromiter((is_triples(r) for r in rolls), bool, n)
    return Sample(speed_die, seed, np.fromiter((r.total for r in rolls), np.int64, n),
                  np.fromiter((r.doubles for r in rolls), bool, n), triples)


def exercise() -> Exercise:
    """Three questions one step past what the page shows (a browser review: the page's table, its metrics and the
    formula gave 5/36, 1/216 and 1/72, the old questions' answers, above them): a sum of the table's rows, the
    chance of a run of rolls without doubles, and two dice of the three at once."""
    model = two_dice()
    high = [r for r in model.outcomes if r.total >= 9]
    p_high = share(model.outcomes, lambda r: r.total >= 9)
    p_none = (1 - p_doubles()) ** 3
    bus_seven = share(speed_outcomes(), lambda r: speed_face(r) == BUS and r.faces[0] + r.faces[1] == 7)
    return Exercise(
        question="1. Two dice are rolled. What is the probability that their total is 9 or more?\n\n"
                 "2. A player rolls the two dice three times. What is the probability that none of the three rolls "
                 "is a double?\n\n"
                 "3. The Mega Edition adds a speed die with faces 1, 2, 3, Mr. Monopoly, Mr. Monopoly and a Bus. "
                 "What is the probability that the speed die shows the Bus and the two white dice total 7?",
        answer=f"1. {fraction_text(p_high)}  2. {fraction_text(p_none)}  3. {fraction_text(bus_seven)}",
        working=f"1. Of the {len(model.outcomes)} equally likely outcomes, {len(high)} give 9 or more: "
                f"{', '.join(str(r) for r in high)} (4 ways to make 9, 3 to make 10, 2 to make 11, 1 to make 12). "
                f"So the "
                f"probability is {len(high)}/{len(model.outcomes)} = {p_high}.\n\n"
                f"2. A roll is not a double with probability 1 - {p_doubles()} = {1 - p_doubles()}. Rolls are "
                f"independent, so the chances multiply: ({1 - p_doubles()})^3 = {p_none}.\n\n"
                f"3. The speed die does not depend on the white dice. The Bus is 1 face of 6; a white total of 7 "
                f"is 6 ways of 36, {model.distribution()[7]}. So (1/6) x ({model.distribution()[7]}) = "
                f"{bus_seven}: {int(bus_seven * len(speed_outcomes()))} of the {len(speed_outcomes())} outcomes.")


LESSON = Lesson(
    number=1, slug="lesson_dice", title="Two dice", minutes=20,
    summary="The distribution of the sum of two dice, exact against sampled; doubles, three doubles in a row; "
            "the speed die's 216 outcomes and triples.",
    goals=("Count equally likely outcomes to find an exact probability (5/36 for a total of 8).",
           "See a sampled frequency settle on the exact probability as the rolls add up.",
           "Multiply the chances of independent events: three doubles in a row is (1/6)^3 = 1/216.",
           "Extend the count to three dice: triples with the speed die are 3 of 216 = 1/72."),
    formula=r"P(\text{total} = t) = \frac{6 - |t - 7|}{36},\qquad "
            r"P(\text{three doubles in a row}) = \left(\tfrac{1}{6}\right)^3 = \tfrac{1}{216}",
    exercise=exercise)
