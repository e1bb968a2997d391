"""Statistics for paired comparisons: two rule sets played with the same per-game seeds.

Game ``i`` of both sides has the same seed, so the two games share their dice until the rules make them part:
each figure is tested on the pairs, which removes the luck both games share and finds smaller differences than
tests that treat the sides as independent samples. No scipy: the t distribution's tail is the regularized
incomplete beta function (a continued fraction, evaluated by the modified Lentz method), the chi-square tail
comes from :mod:`.markov.stats`.

* :class:`Moments` keeps count, mean and sum of squared deviations of many columns at once and merges chunk by
  chunk (Chan's parallel formula), so a million games cost the memory of one chunk.
* :func:`paired_t` is the paired t-test on per-game differences, with the confidence interval of the mean
  difference; :func:`mcnemar` the exact (or, for many discordant pairs, chi-square) test of a paired yes/no
  figure; :func:`stuart_maxwell` the test of marginal homogeneity of a paired category (who wins);
  :func:`holm` adjusts a family of p-values (one per money flow) for the number of tests.
* :func:`wilson` is the confidence interval of one side's share (how often the turn limit ended a game, how often
  a seat or a strategy won): asymmetric, always inside [0, 1], and never of zero width;
  :func:`paired_share_difference` the interval of the difference of two paired shares (Tango's score interval),
  inside [-1, 1] and never of zero width either.

>>> round(t_two_sided(2.0, 10), 4)
0.0734
>>> round(t_quantile(0.05, 10), 3)
2.228
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np

from .markov.stats import chi2_sf

_TINY = 1e-300
_EPS = 3e-16
_MAX_ITER = 10_000
#: Above these degrees of freedom the t distribution is the normal one to 1e-6.
_NORMAL_DF = 1e7


def incomplete_beta(x: float, a: float, b: float) -> float:
    """The regularized incomplete beta function I_x(a, b) for a, b > 0 and 0 <= x <= 1."""
    if not (a > 0 and b > 0):
        raise ValueError(f"a and b must be positive, got {a}, {b}")
    if not 0.0 <= x <= 1.0:
        raise ValueError(f"x must be between 0 and 1, got {x}")
    if x == 0.0 or x == 1.0:
        return x
    if x > (a + 1.0) / (a + b + 2.0):           # the fraction converges fast only below the mean: use symmetry
        return 1.0 - incomplete_beta(1.0 - x, b, a)
    log_front = a * math.log(x) + b * math.log1p(-x) - (math.lgamma(a) + math.lgamma(b) - math.lgamma(a + b))
    return math.exp(log_front) / a / _beta_fraction(x, a, b)


def _beta_fraction(x: float, a: float, b: float) -> float:
    """1 + d1/(1 + d2/(1 + ...)), the continued fraction of I_x(a, b), by the modified Lentz method."""
    f = c = 1.0
    d = 0.0
    for j in range(1, _MAX_ITER):
        m = j // 2
        if j % 2:
            term = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
        else:
            term = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
        d = 1.0 + term * d
        d = 1.0 / (d if abs(d) > _TINY else _TINY)
        c = 1.0 + term / c
        c = c if abs(c) > _TINY else _TINY
        f *= c * d
        if abs(c * d - 1.0) < _EPS:
            break
    return f


def t_two_sided(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t with ``df`` degrees of freedom."""
    if math.isnan(t):
        return 1.0
    if math.isinf(t):
        return 0.0
    if df >= _NORMAL_DF:
        return 2.0 * NormalDist().cdf(-abs(t))
    return incomplete_beta(df / (df + t * t), df / 2.0, 0.5)


@functools.lru_cache(maxsize=256)
def t_quantile(alpha: float, df: float) -> float:
    """The t value whose two-sided tail is ``alpha`` (2.228 for 0.05 and 10 degrees of freedom). Kept for each
    (alpha, df) asked: a comparison asks it of every figure's rows at the same few, and each bisection costs about
    a hundred incomplete beta functions."""
    if df >= _NORMAL_DF:
        return NormalDist().inv_cdf(1.0 - alpha / 2.0)
    lo, hi = 0.0, 1.0
    while t_two_sided(hi, df) > alpha:
        hi *= 2.0
    for _ in range(100):
        mid = (lo + hi) / 2.0
        if t_two_sided(mid, df) > alpha:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2.0


def binomial_cdf_half(k: int, n: int) -> float:
    """P(X <= k) for X ~ Binomial(n, 1/2)."""
    if k < 0:
        return 0.0
    if k >= n:
        return 1.0
    return incomplete_beta(0.5, n - k, k + 1)


def wilson(successes: int, n: int, alpha: float) -> tuple[float, float]:
    """The Wilson score interval (low, high) of a share: ``successes`` of ``n`` at confidence level 1 - alpha.

    With p = successes / n and z the normal quantile of 1 - alpha / 2 (1.96 for 0.05)::

        centre = (p + z^2 / (2n)) / (1 + z^2 / n)
        half   = z / (1 + z^2 / n) * sqrt(p (1 - p) / n + z^2 / (4 n^2))
        interval = centre - half .. centre + half

    Why not p +- z sqrt(p (1 - p) / n) (Wald's normal approximation, what a mean's interval would give): for few
    games or a share near 0 or 1 its coverage is poor (Wilson 1927, "Probable inference, the law of succession,
    and statistical inference", JASA 22; Agresti & Coull 1998, "Approximate is better than 'exact' for interval
    estimation of binomial proportions", The American Statistician 52): it reaches below 0% or above 100%, and
    with 0 or n successes it has zero width, claiming a certainty 10 games cannot give. Wilson's interval inverts
    the score test instead: it is pulled towards 1/2, stays inside [0, 1], and 0 of 10 still allows up to 27.8%.

    >>> [round(x, 4) for x in wilson(0, 10, 0.05)]
    [0.0, 0.2775]
    >>> [round(x, 4) for x in wilson(5, 100, 0.05)]
    [0.0215, 0.1118]
    """
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
        raise ValueError(f"n must be a whole number of at least 1, got {n!r}")
    if isinstance(successes, bool) or not isinstance(successes, (int, np.integer)) or not 0 <= successes <= n:
        raise ValueError(f"successes must be a whole number from 0 to n = {n}, got {successes!r}")
    if not 0.0 < alpha < 1.0:
        raise ValueError(f"alpha must be between 0 and 1, got {alpha!r}")
    z = NormalDist().inv_cdf(1.0 - alpha / 2.0)
    p = successes / n
    z2n = z * z / n
    centre = (p + z2n / 2.0) / (1.0 + z2n)
    half = z / (1.0 + z2n) * math.sqrt(p * (1.0 - p) / n + z2n / (4.0 * n))
    # at 0 (or n) successes the bound is exactly 0 (or 1): centre and half are equal there but for rounding
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return low, high


def _tango_z(delta: float, only_b: int, only_a: int, n: int) -> float:
    """Tango's score statistic of "B's share minus A's is ``delta``" for ``n`` pairs, ``only_b`` of them yes on
    B only and ``only_a`` on A only: (only_b - only_a - n delta) / sqrt(n (2 q + delta (1 - delta))), where q is
    the maximum-likelihood chance of an A-only pair given delta, the root of
    2n q^2 + w q - only_a delta (1 - delta) = 0 with w = delta (2n - only_b + only_a) - (only_b + only_a)."""
    w = delta * (2 * n - only_b + only_a) - (only_b + only_a)
    q = (math.sqrt(max(0.0, w * w + 8.0 * n * only_a * delta * (1.0 - delta))) - w) / (4.0 * n)
    variance = n * (2.0 * q + delta * (1.0 - delta))
    gap = only_b - only_a - n * delta
    if variance <= 0.0:
        return 0.0 if gap == 0 else math.copysign(math.inf, gap)
    return gap / math.sqrt(variance)


def paired_share_difference(only_a: int, only_b: int, n: int, alpha: float) -> tuple[float, float]:
    """The confidence interval (low, high) at level 1 - alpha of B's share minus A's over ``n`` pairs (games
    played with the same seed on both sides), ``only_a`` of them yes on A only and ``only_b`` on B only.

    Tango's asymptotic score interval (Tango 1998, "Equivalence test and confidence interval for the difference
    in proportions for the paired-sample design", Statistics in Medicine 17; recommended by Fagerland, Lydersen &
    Laake 2014, Statistics in Medicine 33): every difference delta whose score statistic (:func:`_tango_z`) is
    within +- z, found by bisection (the statistic falls as delta grows). As Wilson's interval does for one share,
    it stays inside [-1, 1] and has width when no pair differs (then it is +- z^2 / (n + z^2)), where the
    t interval of the pairs' differences said "0 +- 0". At delta = 0 the statistic is McNemar's
    (only_b - only_a) / sqrt(only_b + only_a), so the interval leaves out 0 where McNemar's chi-square test (no
    continuity correction) finds a difference.

    >>> [round(x, 4) for x in paired_share_difference(0, 0, 10, 0.05)]
    [-0.2775, 0.2775]
    """
    for name, value in (("n", n), ("only_a", only_a), ("only_b", only_b)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < (1 if name == "n" else 0):
            raise ValueError(f"{name} must be a whole number of at least {1 if name == 'n' else 0}, got {value!r}")
    if only_a + only_b > n:
        raise ValueError(f"only_a + only_b ({only_a + only_b}) cannot exceed the {n} pairs")
    if not 0.0 < alpha < 1.0:
        raise ValueError(f"alpha must be between 0 and 1, got {alpha!r}")
    z = NormalDist().inv_cdf(1.0 - alpha / 2.0)
    estimate = (only_b - only_a) / n

    def bound(lo: float, hi: float, target: float) -> float:
        """The delta in [lo, hi] where the statistic crosses ``target`` (it falls from lo to hi)."""
        for _ in range(200):
            mid = (lo + hi) / 2.0
            if _tango_z(mid, only_b, only_a, n) > target:
                lo = mid
            else:
                hi = mid
            if hi - lo < 1e-13:
                break
        return (lo + hi) / 2.0

    low = -1.0 if _tango_z(-1.0, only_b, only_a, n) <= z else bound(-1.0, estimate, z)
    high = 1.0 if _tango_z(1.0, only_b, only_a, n) >= -z else bound(estimate, 1.0, -z)
    return low, high


class Moments:
    """Count, mean and sum of squared deviations of each of ``width`` columns, merged chunk by chunk."""

    def __init__(self, width: int):
        self.n = 0
        self.mean = np.zeros(width)
        self.m2 = np.zeros(width)

    def add(self, rows: np.ndarray) -> None:
        """Add a chunk of rows (shape ``(k, width)``)."""
        rows = np.asarray(rows, float)
        k = rows.shape[0]
        if k == 0:
            return
        mean = rows.mean(axis=0)
        m2 = ((rows - mean) ** 2).sum(axis=0)
        n = self.n + k
        delta = mean - self.mean
        self.mean = self.mean + delta * (k / n)
        self.m2 = self.m2 + m2 + delta ** 2 * (self.n * k / n)
        self.n = n

    def sd(self) -> np.ndarray:
        return np.sqrt(self.m2 / (self.n - 1)) if self.n > 1 else np.zeros_like(self.mean)

    def half_width(self, alpha: float) -> np.ndarray:
        """Half the width of each column's confidence interval of the mean at level 1 - alpha (t-based)."""
        if self.n < 2:
            return np.full_like(self.mean, np.nan)
        return t_quantile(alpha, self.n - 1) * self.sd() / math.sqrt(self.n)


@dataclass(frozen=True)
class Test:
    """One test's outcome: its name, its statistic, the p-value, and whether it is below the level."""

    name: str
    statistic: float
    p: float
    alpha: float

    @property
    def significant(self) -> bool:
        return self.p < self.alpha

    def p_text(self) -> str:
        return "p < 0.001" if self.p < 0.001 else f"p = {self.p:.3f}"


def paired_t(diff_mean: float, diff_sd: float, n: int, alpha: float) -> Test:
    """The paired t-test of "the mean difference is zero", from the differences' mean, sd and count."""
    if n < 2:
        return Test("paired t-test", float("nan"), 1.0, alpha)
    if diff_sd == 0.0:
        # every pair differs by the same amount: no chance in it at all
        return Test("paired t-test", 0.0 if diff_mean == 0 else float("inf"), 1.0 if diff_mean == 0 else 0.0,
                    alpha)
    t = diff_mean / (diff_sd / math.sqrt(n))
    return Test("paired t-test", t, t_two_sided(t, n - 1), alpha)


#: Above this many discordant pairs McNemar's test uses its chi-square form (with continuity correction).
MCNEMAR_EXACT_UP_TO = 100_000


def mcnemar(only_a: int, only_b: int, alpha: float) -> Test:
    """McNemar's test of a paired yes/no figure: ``only_a`` pairs say yes on side A only, ``only_b`` on B only."""
    n = only_a + only_b
    if n == 0:
        return Test("McNemar's exact test", 0.0, 1.0, alpha)
    if n <= MCNEMAR_EXACT_UP_TO:
        p = min(1.0, 2.0 * binomial_cdf_half(min(only_a, only_b), n))
        return Test("McNemar's exact test", float(only_b - only_a), p, alpha)
    stat = (abs(only_a - only_b) - 1.0) ** 2 / n
    return Test("McNemar's test", stat, chi2_sf(stat, 1), alpha)


def stuart_maxwell(table: np.ndarray, alpha: float) -> Test:
    """The Stuart-Maxwell test that a paired category has the same distribution on both sides.

    ``table[i, j]`` counts the pairs with category ``i`` on side A and ``j`` on side B; the statistic is
    d' S^-1 d over the differences d of the margins (one category left out), chi-square with as many degrees of
    freedom as S has rank."""
    t = np.asarray(table, float)
    used = (t.sum(axis=0) + t.sum(axis=1)) > 0
    t = t[np.ix_(used, used)]
    k = t.shape[0]
    if k < 2:
        return Test("Stuart-Maxwell test", 0.0, 1.0, alpha)
    d = (t.sum(axis=1) - t.sum(axis=0))[:-1]
    s = -(t + t.T)[:-1, :-1]
    np.fill_diagonal(s, (t.sum(axis=1) + t.sum(axis=0) - 2 * np.diag(t))[:-1])
    rank = int(np.linalg.matrix_rank(s))
    if rank == 0:
        return Test("Stuart-Maxwell test", 0.0, 1.0, alpha)
    stat = float(d @ np.linalg.pinv(s) @ d)
    return Test("Stuart-Maxwell test", stat, chi2_sf(max(stat, 0.0), rank), alpha)


def holm(p_values: list[float]) -> list[float]:
    """Holm's step-down adjustment of a family of p-values (each compared with the level as it stands)."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


def gini_rows(values: np.ndarray) -> np.ndarray:
    """The Gini coefficient of each row (0: everyone equal; (n-1)/n: one has everything); negatives count as 0.

    >>> gini_rows(np.array([[1, 1, 1, 1], [0, 0, 0, 4]])).tolist()
    [0.0, 0.75]
    """
    x = np.sort(np.clip(np.asarray(values, float), 0, None), axis=1)
    n = x.shape[1]
    total = x.sum(axis=1)
    weights = np.arange(1, n + 1, dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        g = 2.0 * (x * weights).sum(axis=1) / (n * total) - (n + 1.0) / n
    return np.where(total > 0, g, 0.0)
