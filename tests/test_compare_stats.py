"""The comparison's statistics on constructed data with known answers (issue 18, "Tests"): an A/A comparison
calls a difference at about the stated rate over many seeds, a planted difference is found, and the
distribution functions agree with values computed by hand."""
from __future__ import annotations

import math

import numpy as np
import pytest

from monopoly_core.paired_stats import (Moments, binomial_cdf_half, gini_rows, holm, incomplete_beta, mcnemar,
                                        paired_share_difference, paired_t, stuart_maxwell, t_quantile,
                                        t_two_sided, wilson)

ALPHA = 0.05
REPEATS = 2000
# the rejection rate of a correctly sized test over REPEATS runs: ALPHA +- about 3 binomial standard errors
SLACK = 3 * math.sqrt(ALPHA * (1 - ALPHA) / REPEATS)


def test_distribution_functions_match_values_worked_by_hand():
    assert incomplete_beta(0.3, 1, 1) == pytest.approx(0.3)                 # uniform
    assert incomplete_beta(0.5, 2, 3) == pytest.approx(11 / 16)             # 6 x(1-x)^2 integrated... = 11/16
    assert t_two_sided(2.0, 10) == pytest.approx(0.07338803, abs=1e-7)      # t tables
    assert t_two_sided(0.0, 5) == pytest.approx(1.0)
    assert t_quantile(0.05, 10) == pytest.approx(2.228139, abs=1e-5)
    assert t_quantile(0.01, 1e9) == pytest.approx(2.575829, abs=1e-5)
    assert binomial_cdf_half(3, 10) == pytest.approx(sum(math.comb(10, k) for k in range(4)) / 1024)


Z95 = 1.959963984540054      # the normal quantile of 0.975 (tables: 1.96)


def _score_bounds(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's interval worked out another way than :func:`wilson` does it: the shares pi whose score test
    accepts k of n, the roots of (k/n - pi)^2 = z^2 pi (1 - pi) / n (Wilson 1927, eq. for the "limits of
    probable inference"), i.e. (1 + z^2/n) pi^2 - (2k/n + z^2/n) pi + (k/n)^2 = 0, by the quadratic formula."""
    p = k / n
    a, b, c = 1 + z * z / n, -(2 * p + z * z / n), p * p
    root = math.sqrt(b * b - 4 * a * c)
    return (-b - root) / (2 * a), (-b + root) / (2 * a)


@pytest.mark.parametrize("k, n", [(0, 10), (5, 100), (81, 263), (15, 148), (1, 29), (10, 10), (3, 7)])
def test_a_share_s_wilson_interval_is_the_score_test_s(k, n):
    low, high = wilson(k, n, 0.05)
    assert (low, high) == pytest.approx(_score_bounds(k, n), abs=1e-12)


def test_a_share_s_wilson_interval_matches_published_and_hand_worked_values():
    # 0 of n: the lower root is 0 and the upper one z^2 / (n + z^2) = 3.8415 / 13.8415 for n = 10
    assert wilson(0, 10, 0.05) == (0.0, pytest.approx(Z95 ** 2 / (10 + Z95 ** 2)))
    assert wilson(0, 10, 0.05)[1] == pytest.approx(0.2775, abs=5e-5)
    assert wilson(10, 10, 0.05) == (pytest.approx(10 / (10 + Z95 ** 2)), 1.0)     # the mirror image
    assert wilson(5, 100, 0.05) == (pytest.approx(0.0215, abs=5e-5), pytest.approx(0.1118, abs=5e-5))
    # Newcombe 1998 (Statistics in Medicine 17: 857-872), Table II, method 3 (score, no continuity correction)
    assert wilson(81, 263, 0.05) == (pytest.approx(0.2553, abs=5e-5), pytest.approx(0.3662, abs=5e-5))
    assert wilson(15, 148, 0.05) == (pytest.approx(0.0624, abs=5e-5), pytest.approx(0.1605, abs=5e-5))
    assert wilson(0, 20, 0.05) == (0.0, pytest.approx(0.1611, abs=5e-5))
    assert wilson(1, 29, 0.05) == (pytest.approx(0.0061, abs=5e-5), pytest.approx(0.1718, abs=5e-5))
    # another level: z = 2.5758 for 99%, 0 of 10 gives z^2 / (10 + z^2)
    assert wilson(0, 10, 0.01)[1] == pytest.approx(2.5758293 ** 2 / (10 + 2.5758293 ** 2))


def test_a_share_s_interval_stays_inside_0_and_1_and_never_has_zero_width():
    for n in (1, 2, 5, 12, 100, 1000):
        for k in range(n + 1):
            low, high = wilson(k, n, 0.05)
            assert 0.0 <= low <= k / n <= high <= 1.0 and high - low > 0, (k, n)
            wald = Z95 * math.sqrt(k / n * (1 - k / n) / n)
            if k in (0, n):
                assert wald == 0                         # what the normal approximation claimed: certainty


def _coverage(n: int, p: float, interval) -> float:
    """How often the interval of k of n holds p, k drawn from Binomial(n, p): summed exactly over every k."""
    return sum(math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)
               if interval(k, n)[0] <= p <= interval(k, n)[1])


@pytest.mark.parametrize("n, p", [(20, 0.02), (10, 0.1), (30, 0.05), (100, 0.01)])
def test_a_small_share_s_interval_holds_the_true_share_about_as_often_as_it_says(n, p):
    # Agresti & Coull 1998: Wald's coverage collapses for small n or p near 0 (33% at 20 games and p = 2%);
    # Wilson's stays near the nominal 95% (it dips a little below it at some n and p, never this far)
    def wald(k, n):
        h = Z95 * math.sqrt(k / n * (1 - k / n) / n)
        return k / n - h, k / n + h
    assert _coverage(n, p, lambda k, m: wilson(k, m, 0.05)) > 0.9
    assert _coverage(n, p, wald) < 0.8                    # the test tells the two apart


@pytest.mark.parametrize("k, n", [(-1, 10), (11, 10), (0, 0), (1.5, 10), (True, 2)])
def test_a_share_s_interval_refuses_counts_that_are_not_k_of_n(k, n):
    with pytest.raises(ValueError, match="must be a whole number"):
        wilson(k, n, 0.05)


def _score_by_search(delta: float, only_a: int, only_b: int, n: int) -> float:
    """Tango's score statistic worked out without his closed form: the chance q of an A-only pair that makes the
    games most likely given delta (B-only pairs then have q + delta, the rest 1 - 2q - delta), found by ternary
    search of the concave log-likelihood, then (only_b - only_a - n delta) / sqrt(n (2q + delta (1 - delta)))
    (the variance of only_b - only_a under that q; Tango 1998, section 2)."""
    def loglik(q: float) -> float:
        parts = ((only_b, q + delta), (only_a, q), (n - only_a - only_b, 1 - 2 * q - delta))
        return sum(k * math.log(x) if k else 0.0 for k, x in parts)
    lo, hi = max(0.0, -delta) + 1e-15, (1 - delta) / 2 - 1e-15
    for _ in range(300):
        m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        lo, hi = (m1, hi) if loglik(m1) < loglik(m2) else (lo, m2)
    q = (lo + hi) / 2
    return (only_b - only_a - n * delta) / math.sqrt(n * (2 * q + delta * (1 - delta)))


@pytest.mark.parametrize("only_a, only_b, n", [(1, 7, 21), (3, 7, 50), (20, 40, 160), (0, 5, 12), (6, 2, 9)])
def test_a_paired_difference_of_shares_is_where_tango_s_score_statistic_reaches_z(only_a, only_b, n):
    low, high = paired_share_difference(only_a, only_b, n, 0.05)
    assert _score_by_search(low, only_a, only_b, n) == pytest.approx(Z95, abs=1e-5)
    assert _score_by_search(high, only_a, only_b, n) == pytest.approx(-Z95, abs=1e-5)


def test_a_paired_difference_with_no_pair_apart_still_has_an_interval():
    # no game differs: the score statistic is -sqrt(n delta / (1 - delta)) for delta > 0 (the most likely A-only
    # chance is 0), which reaches -z at delta = z^2 / (n + z^2), worked by hand; the t interval of the pairs'
    # differences said 0 +- 0
    for n in (6, 10, 60):
        assert paired_share_difference(0, 0, n, 0.05) == (pytest.approx(-Z95 ** 2 / (n + Z95 ** 2)),
                                                          pytest.approx(Z95 ** 2 / (n + Z95 ** 2)))
    assert paired_share_difference(12, 0, 12, 0.05)[0] == -1.0          # every pair A only: -100% is possible
    assert paired_share_difference(0, 12, 12, 0.05)[1] == 1.0


def test_a_paired_difference_s_interval_is_inside_minus_1_and_1_and_leaves_out_0_as_mcnemar_says():
    for n in (1, 3, 8, 30):
        for only_a in range(n + 1):
            for only_b in range(n + 1 - only_a):
                low, high = paired_share_difference(only_a, only_b, n, 0.05)
                assert -1.0 <= low <= (only_b - only_a) / n <= high <= 1.0 and high > low, (only_a, only_b, n)
                if only_a + only_b and abs(abs(only_b - only_a) / math.sqrt(only_a + only_b) - Z95) > 1e-9:
                    # McNemar's chi-square statistic (no continuity correction) is the score statistic at 0
                    assert (low > 0 or high < 0) == (abs(only_b - only_a) / math.sqrt(only_a + only_b) > Z95)


def _paired_coverage(n: int, only_a: float, only_b: float, interval) -> float:
    """How often the interval holds the true difference only_b - only_a, summed exactly over every table of n
    pairs (multinomial chances of A-only, B-only and the rest)."""
    total = 0.0
    for a in range(n + 1):
        for b in range(n + 1 - a):
            chance = (math.factorial(n) / (math.factorial(a) * math.factorial(b) * math.factorial(n - a - b))
                      * only_a ** a * only_b ** b * (1 - only_a - only_b) ** (n - a - b))
            low, high = interval(a, b, n)
            total += chance if low <= only_b - only_a <= high else 0.0
    return total


def test_a_paired_difference_s_interval_holds_the_true_difference_where_the_t_interval_fails():
    # 20 paired games, B alone says yes in 5% of them: the t interval of the differences is 0 +- 0 whenever no
    # pair differs (36% of the time) and holds the true 5 points only 64% of the time
    def t_interval(a, b, n):
        d = (b - a) / n
        sd = math.sqrt((a * (-1 - d) ** 2 + b * (1 - d) ** 2 + (n - a - b) * d * d) / (n - 1))
        return d - t_quantile(0.05, n - 1) * sd / math.sqrt(n), d + t_quantile(0.05, n - 1) * sd / math.sqrt(n)
    assert _paired_coverage(20, 0.0, 0.05, lambda a, b, n: paired_share_difference(a, b, n, 0.05)) > 0.95
    assert _paired_coverage(20, 0.0, 0.05, t_interval) < 0.7
    assert _paired_coverage(50, 0.01, 0.05, lambda a, b, n: paired_share_difference(a, b, n, 0.05)) > 0.94


@pytest.mark.parametrize("only_a, only_b, n", [(-1, 0, 5), (0, 0, 0), (3, 3, 5), (0.5, 0, 5)])
def test_a_paired_difference_refuses_counts_that_are_not_pairs(only_a, only_b, n):
    with pytest.raises(ValueError, match="must be a whole number|cannot exceed"):
        paired_share_difference(only_a, only_b, n, 0.05)


def test_moments_merged_chunk_by_chunk_equal_moments_of_everything():
    rng = np.random.default_rng(1)
    data = rng.normal(1e6, 3.0, size=(1000, 3))
    m = Moments(3)
    for chunk in np.array_split(data, 17):
        m.add(chunk)
    assert m.n == 1000
    assert np.allclose(m.mean, data.mean(axis=0))
    assert np.allclose(m.sd(), data.std(axis=0, ddof=1))


def _paired_t(a: np.ndarray, b: np.ndarray) -> float:
    d = b - a
    return paired_t(float(d.mean()), float(d.std(ddof=1)), len(d), ALPHA).p


def test_paired_t_a_a_rejects_at_about_the_stated_rate():
    rng = np.random.default_rng(2024)
    hits = 0
    for _ in range(REPEATS):
        shared = rng.normal(50, 10, 30)                     # the luck both games of a pair share
        a = shared + rng.normal(0, 3, 30)
        b = shared + rng.normal(0, 3, 30)
        hits += _paired_t(a, b) < ALPHA
    assert abs(hits / REPEATS - ALPHA) < SLACK


def test_paired_t_finds_a_planted_difference_and_its_interval_covers_it():
    rng = np.random.default_rng(7)
    shared = rng.normal(50, 10, 200)
    a = shared + rng.normal(0, 3, 200)
    b = shared + rng.normal(0, 3, 200) + 2.0
    assert _paired_t(a, b) < 1e-6
    m = Moments(1)
    m.add((b - a)[:, None])
    lo, hi = m.mean[0] - m.half_width(ALPHA)[0], m.mean[0] + m.half_width(ALPHA)[0]
    assert lo < 2.0 < hi


def test_identical_pairs_are_no_difference_and_a_constant_shift_is_certain():
    assert paired_t(0.0, 0.0, 10, ALPHA).p == 1.0
    assert paired_t(5.0, 0.0, 10, ALPHA).p == 0.0


def test_mcnemar_a_a_is_at_most_the_stated_rate_and_finds_a_planted_difference():
    rng = np.random.default_rng(3)
    hits = 0
    for _ in range(REPEATS):
        both = rng.random(100) < 0.3
        a = both | (rng.random(100) < 0.1)
        b = both | (rng.random(100) < 0.1)
        hits += mcnemar(int((a & ~b).sum()), int((~a & b).sum()), ALPHA).significant
    assert hits / REPEATS < ALPHA + SLACK                   # the exact test is conservative
    assert hits / REPEATS > ALPHA / 3
    assert mcnemar(5, 40, ALPHA).significant
    assert not mcnemar(20, 22, ALPHA).significant
    # the chi-square form takes over for many discordant pairs and agrees with the exact one
    exact = 2 * binomial_cdf_half(49_800, 50_500 + 49_800)
    assert mcnemar(50_500, 49_800, ALPHA).name == "McNemar's test"
    assert mcnemar(50_500, 49_800, ALPHA).p == pytest.approx(exact, rel=0.02)


def test_stuart_maxwell_a_a_rejects_at_about_the_stated_rate_and_finds_a_planted_shift():
    rng = np.random.default_rng(11)
    hits = 0
    probs = np.array([0.4, 0.3, 0.2, 0.1])
    for _ in range(REPEATS):
        a = rng.choice(4, 300, p=probs)
        same = rng.random(300) < 0.5                        # half the pairs share their winner
        b = np.where(same, a, rng.choice(4, 300, p=probs))
        table = np.zeros((4, 4))
        np.add.at(table, (a, b), 1)
        hits += stuart_maxwell(table, ALPHA).significant
    assert abs(hits / REPEATS - ALPHA) < SLACK
    a = rng.choice(4, 300, p=probs)
    b = rng.choice(4, 300, p=probs[::-1])
    table = np.zeros((4, 4))
    np.add.at(table, (a, b), 1)
    assert stuart_maxwell(table, ALPHA).p < 1e-6


def test_stuart_maxwell_of_two_categories_is_mcnemar_without_correction():
    t = stuart_maxwell(np.array([[10, 5], [15, 10]]), ALPHA)
    assert t.statistic == pytest.approx((15 - 5) ** 2 / 20)


def test_holm_adjustment_by_hand():
    assert holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])


def test_gini_of_known_shares():
    g = gini_rows(np.array([[1, 1, 1, 1], [0, 0, 0, 4], [0, 0, 0, 0], [-5, 0, 0, 4]]))
    assert g.tolist() == pytest.approx([0.0, 0.75, 0.0, 0.75])
