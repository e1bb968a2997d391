"""Running averages: what the law of large numbers is about, shared by the lessons that simulate.

After ``n`` independent trials with mean ``mu`` and standard deviation ``sigma``, the average lies within
``2 sigma / sqrt(n)`` of ``mu`` about 95 % of the time: the band narrows as ``1 / sqrt(n)``, so a hundred times
more trials make it ten times narrower.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

#: Where a table of a running average stops to look: 1, 10, 100, ... trials.
CHECKPOINTS = (1, 10, 100, 1_000, 10_000, 100_000)


def running_average(values) -> np.ndarray:
    """The average of the first 1, 2, ..., n values."""
    v = np.asarray(values, dtype=float)
    return np.cumsum(v) / np.arange(1, len(v) + 1)


@dataclass(frozen=True, eq=False)
class Running:
    """One observation per trial, the exact value their average approaches and the spread of one trial.

    ``sd`` is the standard deviation of a single observation (None: no band is drawn); ``exact_text`` says
    the exact value as a person would write it (``7``, ``1/6``).
    """

    what: str
    values: np.ndarray
    exact: float
    exact_text: str
    sd: float | None
    seed: int

    @property
    def n(self) -> int:
        return len(self.values)

    @functools.cached_property
    def running(self) -> np.ndarray:
        return running_average(self.values)

    @property
    def final(self) -> float:
        return float(self.running[-1])

    def half_width(self, n, k: float = 2.0):
        """Half the width of the band after ``n`` trials: ``k sd / sqrt(n)`` (array or number)."""
        if self.sd is None:
            raise ValueError(f"no band: the spread of one {self.what} is not known")
        return k * self.sd / np.sqrt(n)

    def checkpoints(self) -> list[dict]:
        """A row at 1, 10, 100, ... trials (and the last): the average so far, its distance to the exact value
        and, with a band, its half-width and whether the average is inside it."""
        marks = [c for c in CHECKPOINTS if c < self.n] + [self.n]
        rows = []
        for m in marks:
            avg = float(self.running[m - 1])
            row = {"trials": m, "average so far": avg, "exact": self.exact, "distance": abs(avg - self.exact)}
            if self.sd is not None:
                hw = float(self.half_width(m))
                row["band half-width (2 sd / sqrt n)"] = hw
                row["inside the band"] = abs(avg - self.exact) <= hw
            rows.append(row)
        return rows


def trials_for(variance, half_width, k: int = 2) -> int:
    """The fewest trials after which the band ``k sd / sqrt(n)`` is no wider than ``half_width`` on each side:
    ``n >= k^2 variance / half_width^2``, exact when both are fractions (or decimal strings such as ``"0.1"``)."""
    h = Fraction(half_width)
    if h <= 0:
        raise ValueError(f"half_width must be positive, got {half_width}")
    return max(1, math.ceil(Fraction(k) ** 2 * Fraction(variance) / h ** 2))
