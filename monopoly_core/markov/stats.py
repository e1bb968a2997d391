"""Statistics for theory against experiment: total variation, chi-square tests and their p-values.

No scipy: the chi-square survival function is the regularized upper incomplete gamma function
``Q(k/2, x/2)``, computed by its power series when ``x < a + 1`` and by its continued fraction (modified Lentz)
otherwise, to about 1e-14 relative accuracy.

Two tests are offered. :func:`chi_square` is Pearson's, which assumes independent draws. Successive resting
states of one token are *not* independent (a token in jail tends to be in jail after the next roll too), so for
counts taken roll after roll from a simulation :func:`markov_chi_square` is the properly sized test: it compares
the observed frequencies with the chain's exact long-run distribution using the chain's exact asymptotic
covariance of frequencies along a path (the Markov chain central limit theorem), and its statistic is
chi-square distributed with (categories - 1) degrees of freedom when the chain is right.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import numpy as np

from .builder import Chain

_EPS = 1e-15
_TINY = 1e-300
_MAX_ITER = 10_000


def gamma_p(a: float, x: float) -> float:
    """Regularized lower incomplete gamma function P(a, x)."""
    return 1.0 - gamma_q(a, x)


def gamma_q(a: float, x: float) -> float:
    """Regularized upper incomplete gamma function Q(a, x) = Gamma(a, x) / Gamma(a), for a > 0, x >= 0."""
    if a <= 0:
        raise ValueError(f"a must be positive, got {a}")
    if x < 0:
        raise ValueError(f"x must be at least 0, got {x}")
    if x == 0:
        return 1.0
    if math.isinf(x):
        return 0.0
    if x < a + 1.0:
        return max(0.0, 1.0 - _lower_series(a, x))
    return _upper_fraction(a, x)


def _prefactor(a: float, x: float) -> float:
    """x^a e^-x / Gamma(a), in logs to avoid overflow."""
    return math.exp(a * math.log(x) - x - math.lgamma(a))


def _lower_series(a: float, x: float) -> float:
    """P(a, x) = x^a e^-x / Gamma(a) * sum_n x^n / (a (a+1) ... (a+n))."""
    term = total = 1.0 / a
    denom = a
    for _ in range(_MAX_ITER):
        denom += 1.0
        term *= x / denom
        total += term
        if abs(term) < abs(total) * _EPS:
            break
    return total * _prefactor(a, x)


def _upper_fraction(a: float, x: float) -> float:
    """Q(a, x) by the continued fraction 1/(x+1-a- 1(1-a)/(x+3-a- 2(2-a)/(x+5-a- ...))), modified Lentz."""
    b = x + 1.0 - a
    c = 1.0 / _TINY
    d = 1.0 / b
    h = d
    for i in range(1, _MAX_ITER):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        if abs(d) < _TINY:
            d = _TINY
        c = b + an / c
        if abs(c) < _TINY:
            c = _TINY
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < _EPS:
            break
    return h * _prefactor(a, x)


def chi2_sf(x: float, dof: int) -> float:
    """P(X >= x) for X chi-square distributed with ``dof`` degrees of freedom (the test's p-value)."""
    if dof < 1:
        raise ValueError(f"degrees of freedom must be at least 1, got {dof}")
    if x <= 0:
        return 1.0
    return gamma_q(dof / 2.0, x / 2.0)


def total_variation(p, q) -> float:
    """Total variation distance between two distributions (each normalised to sum 1): half the sum of absolute
    differences; the largest difference in probability the two give to any set of states."""
    p = np.asarray(p, dtype=float)
    q = np.asarray(q, dtype=float)
    return float(0.5 * np.abs(p / p.sum() - q / q.sum()).sum())


@dataclass(frozen=True)
class ChiSquare:
    """A goodness-of-fit test result: the statistic, its degrees of freedom, the p-value and which test."""

    statistic: float
    dof: int
    p_value: float
    n: int          # observations (rolls)
    method: str     # "pearson" (independent draws) or "markov" (counts along a chain's path)

    def p_text(self) -> str:
        """The p-value as a class reads it: never a bare "1" or "0", which a rounded 0.9996 or 1e-320 would
        print as ("> 0.9999", "0.9996", "0.0312", "2.1e-07", "< 1e-300")."""
        p = self.p_value
        if p > 0.9999:
            return "> 0.9999"
        if p > 0.99:
            return f"{p:.4f}"
        if p < 1e-300:
            return "< 1e-300"
        return f"{p:.3g}"


def chance_distance(p, n: int) -> float:
    """Roughly the total variation distance that ``n`` independent draws from ``p`` land from ``p`` by chance
    alone: half the sum of each share's expected absolute error, sqrt(2 p (1 - p) / (pi n)). (A token's rolls
    depend on each other, which makes the real figure a little larger.) The Markov page says it beside a distance
    from few rolls: a browser review's class read 15.5% from 250 rolls as the theory's error, and this says 15%."""
    from ..bounds import check_count, short
    from ..errors import InvalidRules
    n = check_count(n, "n", 1, 10**15)
    try:
        shares = [float(x) for x in p]
    except (TypeError, ValueError):
        raise InvalidRules("p", f"must be a list of probabilities, got {short(p)}") from None
    if not shares or not all(0.0 <= x <= 1.0 for x in shares):       # (NaN fails both comparisons)
        raise InvalidRules("p", f"must be probabilities from 0 to 1, got {short(p)}")
    return 0.5 * sum(math.sqrt(2 * x * (1 - x) / (math.pi * n)) for x in shares)


def chi_square(observed, expected) -> ChiSquare:
    """Pearson's chi-square test of ``observed`` counts against ``expected`` probabilities (independent draws).

    Categories with zero expected probability are left out; if any of them was observed, the statistic is
    infinite and the p-value 0 (the data contain something the model says cannot happen).
    """
    obs = np.asarray(observed, dtype=float)
    exp = np.asarray(expected, dtype=float)
    n = obs.sum()
    if n <= 0:
        raise ValueError("no observations")
    exp = exp / exp.sum()
    keep = exp > 0
    if (obs[~keep] > 0).any():
        return ChiSquare(math.inf, int(keep.sum()) - 1, 0.0, int(n), "pearson")
    e = exp[keep] * n
    stat = float(((obs[keep] - e) ** 2 / e).sum())
    dof = int(keep.sum()) - 1
    return ChiSquare(stat, dof, chi2_sf(stat, dof), int(n), "pearson")


# --- tests for counts along a chain's path ------------------------------------------------------------------

def path_covariance(P: np.ndarray, pi: np.ndarray, lumping: np.ndarray) -> np.ndarray:
    """Asymptotic covariance of the frequencies of lumped states along one path of any chain, times the path length.

    For a chain with transition matrix ``P``, stationary ``pi`` and fundamental matrix ``Z = (I - P + 1 pi)^-1``,
    the per-state covariance is ``Sigma_ij = pi_i Z_ij + pi_j Z_ji - pi_i delta_ij - pi_i pi_j``; lumped with the
    0/1 matrix ``L`` (states by groups) it is ``L^T Sigma L``. Its diagonal over ``n`` is the variance of a group's
    frequency after ``n`` steps, the Markov chain central limit theorem's answer to ``p (1 - p) / n``.
    """
    N = len(pi)
    Z = np.linalg.inv(np.eye(N) - P + np.outer(np.ones(N), pi))
    A = pi[:, None] * Z
    sigma = A + A.T - np.diag(pi) - np.outer(pi, pi)
    return lumping.T @ sigma @ lumping


@functools.lru_cache(maxsize=32)
def _path_covariance(ch: Chain) -> np.ndarray:
    """:func:`path_covariance` of the per-roll chain, lumped to resting columns (squares, then In Jail)."""
    out = path_covariance(ch.matrix, ch.pi, ch.lumping())
    out.flags.writeable = False
    return out


def path_standard_errors(ch: Chain, n: int) -> np.ndarray:
    """Standard errors of the resting-state frequencies (squares, then In Jail) after ``n`` rolls along chain
    paths (for error bars: the simple sqrt(p(1-p)/n) is wrong for dependent rolls)."""
    return np.sqrt(np.clip(np.diag(_path_covariance(ch)), 0, None) / max(n, 1))


def markov_chi_square(observed, ch: Chain) -> ChiSquare:
    """The chi-square test for resting-state counts (squares, then In Jail) collected roll after roll.

    Statistic ``n d' S^-1 d`` with ``d`` the observed minus the exact per-roll frequencies and ``S`` the chain's
    asymptotic path covariance, both restricted to the states the chain can rest in, less one (the frequencies
    sum to one). With a correct chain it is chi-square distributed with (those states - 1) degrees of freedom
    for long paths; counts from several independent paths (tokens, games) add up the same way.
    """
    obs = np.asarray(observed, dtype=float)
    n = obs.sum()
    if n <= 0:
        raise ValueError("no observations")
    pi = ch.lump(ch.pi)
    keep = pi > 0
    if (obs[~keep] > 0).any():
        return ChiSquare(math.inf, int(keep.sum()) - 1, 0.0, int(n), "markov")
    idx = np.flatnonzero(keep)[:-1]
    d = obs[idx] / n - pi[idx]
    S = _path_covariance(ch)[np.ix_(idx, idx)]
    stat = float(n * d @ np.linalg.solve(S, d))
    dof = len(idx)
    return ChiSquare(stat, dof, chi2_sf(stat, dof), int(n), "markov")
