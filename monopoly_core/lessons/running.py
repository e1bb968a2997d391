"""Running averages and running shares: what the law of large numbers is about, shared by the lessons that simulate.

After ``n`` independent trials with mean ``mu`` and standard deviation ``sigma``, the average lies within
``2 sigma / sqrt(n)`` of ``mu`` about 95 % of the time *once n is large* (the normal approximation): the band
narrows as ``1 / sqrt(n)``, so a hundred times more trials make it ten times narrower.

For a few trials that band says too much, and for a share (hits out of ``n`` yes/no trials) it can even reach below
0 or above 1, where no share can be. So a share of independent trials gets the exact band instead: the counts ``k``
from the 2.5th to the 97.5th percentile of the binomial distribution ``B(n, p)``, divided by ``n``
(:func:`binomial_band`). A share lies inside it with a chance of at least 95 % after any number of trials, and it
never leaves 0 to 1. A share of dependent trials (turns of one token) keeps the normal band with the chain's
spread, cut to 0 to 1; that one holds about 95 % of the time only for many trials.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

#: Where a table of a running average stops to look: 1, 10, 100, ... trials.
CHECKPOINTS = (1, 10, 100, 1_000, 10_000, 100_000)
#: The chance outside the exact band on each side (2.5 % below, 2.5 % above: a 95 % band).
TAIL = 0.025


def running_average(values) -> np.ndarray:
    """The average of the first 1, 2, ..., n values."""
    v = np.asarray(values, dtype=float)
    return np.cumsum(v) / np.arange(1, len(v) + 1)


def plural(count: int, noun: str) -> str:
    """``count`` and ``noun``, the noun in the plural unless the count is one: "1 roll", "2 rolls", "1,000 turns"."""
    return f"{count:,} {noun}" + ("" if count == 1 else "s")


def binomial_counts(n: int, p: float, tail: float = TAIL) -> tuple[int, int]:
    """The smallest counts ``lo`` and ``hi`` with ``P(K <= lo) >= tail`` and ``P(K <= hi) >= 1 - tail`` for
    ``K ~ B(n, p)``: ``K`` lies from ``lo`` to ``hi`` with a chance of at least ``1 - 2 tail``.

    The probabilities are summed over a window of twelve standard deviations around the mean (what lies outside
    it is below 1e-30), each from its neighbour by ``P(k + 1) / P(k) = (n - k) p / ((k + 1) (1 - p))``."""
    if n < 1:
        raise ValueError(f"a band needs at least one trial, got {n}")
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"a probability is from 0 to 1, got {p}")
    if p in (0.0, 1.0):
        k = round(n * p)
        return k, k
    sd = math.sqrt(n * p * (1 - p))
    first = max(0, math.floor(n * p - 12 * sd - 2))
    last = min(n, math.ceil(n * p + 12 * sd + 2))
    ks = np.arange(first, last + 1)
    log_first = (math.lgamma(n + 1) - math.lgamma(first + 1) - math.lgamma(n - first + 1)
                 + first * math.log(p) + (n - first) * math.log1p(-p))
    steps = np.log((n - ks[:-1]) * p) - np.log((ks[:-1] + 1) * (1 - p))
    cdf = np.cumsum(np.exp(log_first + np.concatenate([[0.0], np.cumsum(steps)])))
    lo = int(ks[np.searchsorted(cdf, tail - 1e-12)])
    hi = int(ks[min(len(ks) - 1, np.searchsorted(cdf, 1 - tail - 1e-12))])
    return lo, hi


def binomial_band(n, p: float, tail: float = TAIL) -> tuple[np.ndarray, np.ndarray]:
    """The exact band of a share of ``n`` independent yes/no trials with chance ``p`` each (``n`` a number or an
    array): :func:`binomial_counts` divided by ``n``."""
    ns = np.atleast_1d(np.asarray(n, dtype=int))
    counts = np.array([binomial_counts(int(m), p, tail) for m in ns], dtype=float).reshape(-1, 2)
    return counts[:, 0] / ns, counts[:, 1] / ns


@dataclass(frozen=True, eq=False)
class Running:
    """One observation per trial, the exact value their average approaches and the spread of one trial.

    ``what`` names what is averaged or counted, as it reads after "average" or "share of" ("total of two dice",
    "rolls totalling 7"); ``share`` says the values are 0 or 1 (a hit or not), so the average is a share;
    ``unit`` is one trial in words ("roll", "turn"); ``independent`` says whether the trials are independent
    (turns of one token are not). ``sd`` is the standard deviation of a single observation (None: no band is
    drawn); ``exact_text`` says the exact value as a person would write it (``7``, ``1/6``).
    """

    what: str
    values: np.ndarray
    exact: float
    exact_text: str
    sd: float | None
    seed: int
    unit: str = "trial"
    share: bool = False
    independent: bool = True

    @property
    def n(self) -> int:
        return len(self.values)

    @property
    def measure(self) -> str:
        """"share" for hits out of trials, else "average": the one word every chart, table and sentence uses."""
        return "share" if self.share else "average"

    @property
    def label(self) -> str:
        """What the y-axis shows: "share of rolls totalling 7", "average total of two dice"."""
        return f"share of {self.what}" if self.share else f"average {self.what}"

    @property
    def so_far(self) -> str:
        """The table's column of the running value: "share so far" or "average so far"."""
        return f"{self.measure} so far"

    @property
    def exact_band(self) -> bool:
        """Whether the band is the exact binomial one (a share of independent trials)."""
        return self.share and self.independent and self.sd is not None

    @property
    def band_name(self) -> str:
        """The band in words, for a legend."""
        if self.exact_band:
            return "where 95% of shares fall (exact)"
        return "exact \u00b1 2 sd / \u221an" + (", cut to 0 to 1" if self.share else "")

    @functools.cached_property
    def running(self) -> np.ndarray:
        return running_average(self.values)

    @property
    def final(self) -> float:
        return float(self.running[-1])

    def half_width(self, n, k: float = 2.0):
        """Half the width of the normal band after ``n`` trials: ``k sd / sqrt(n)`` (array or number)."""
        if self.sd is None:
            raise ValueError(f"no band: the spread of one {self.unit} is not known")
        return k * self.sd / np.sqrt(n)

    def band(self, n) -> tuple[np.ndarray, np.ndarray]:
        """The band after ``n`` trials (a number or an array), as its low and high ends: the exact binomial
        band for a share of independent trials, else ``exact +- 2 sd / sqrt(n)``, cut to 0 to 1 for a share."""
        if self.exact_band:
            return binomial_band(n, self.exact)
        hw = np.atleast_1d(self.half_width(np.asarray(n, dtype=float)))
        low, high = self.exact - hw, self.exact + hw
        if self.share:
            low, high = np.clip(low, 0.0, 1.0), np.clip(high, 0.0, 1.0)
        return low, high

    def checkpoints(self) -> list[dict]:
        """A row at 1, 10, 100, ... trials (and the last): the running value so far, its distance to the exact
        value and, with a band, the band's ends and whether the running value is inside it."""
        marks = [c for c in CHECKPOINTS if c < self.n] + [self.n]
        rows = []
        for m in marks:
            avg = float(self.running[m - 1])
            row = {f"{self.unit}s": m, self.so_far: avg, "exact": self.exact, "distance": abs(avg - self.exact)}
            if self.sd is not None:
                low, high = (float(v[0]) for v in self.band(m))
                row["band from"], row["band to"] = low, high
                row["inside the band"] = low - 1e-12 <= avg <= high + 1e-12
            rows.append(row)
        return rows


def trials_for(variance, half_width, k: int = 2) -> int:
    """The fewest trials after which the band ``k sd / sqrt(n)`` is no wider than ``half_width`` on each side:
    ``n >= k^2 variance / half_width^2``, exact when both are fractions (or decimal strings such as ``"0.1"``)."""
    h = Fraction(half_width)
    if h <= 0:
        raise ValueError(f"half_width must be positive, got {half_width}")
    return max(1, math.ceil(Fraction(k) ** 2 * Fraction(variance) / h ** 2))
