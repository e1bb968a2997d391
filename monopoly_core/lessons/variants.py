"""Lesson 5, does the variant matter?: game length, wealth inequality and comebacks under the classic UK rules,
Monopoly for Sore Losers and the Cheaters Edition, from games logged to the game database, each difference
judged by a hypothesis test in plain words.

The games are the Rules page's paired comparison (:func:`monopoly_core.compare.compare`), run twice: classic
against Sore Losers, then classic against Cheaters (the classic games of the second are read back from the
database, not played again). Game ``i`` of every rule set has the same seed. Length and inequality (the Gini
coefficient of net worth, averaged over the rounds a game lasted) are the comparison's own figures, with its
paired t-tests and sentences. Comebacks are counted here, from the ``games``, ``players`` and ``snapshots``
tables of the same batches:

* the **trailing player** of a game is the player still in the game with the lowest net worth at the end of
  round :data:`COMEBACK_ROUND`; games that end by then, and games where two players tie for last, have none;
* a **comeback** is the trailing player going on to win the game.

Comebacks are compared game by game (the pairs counted on both sides) with McNemar's exact test, as the Rules
page compares the turn limit's share. If standing at round 10 said nothing about who wins, about one game in
four (four players) would be a comeback.

Each size has its own games: the comparison's master seed is drawn from the lesson's seed and the number of
games (:func:`master_seed`), so running 100 games after 1,000 neither repeats them nor clashes with them in the
database, and a class that opens the same link reads the first student's games back instead of playing them.
"""
from __future__ import annotations

from dataclasses import dataclass
from math import comb
from fractions import Fraction
from typing import Callable

from ..compare import Comparison, compare
from ..compare_words import inequality
from ..paired_stats import Test, mcnemar
from ..rules import preset
from ..simulate import FIXED, game_seed
from ..store import WAIT, Writer
from .sheet import Exercise, Lesson, check_size

#: The rule sets, the first being the one the others are compared with: (preset, name in words).
VARIANTS = (("classic-uk", "Classic (UK)"), ("sore-losers", "Sore Losers"), ("cheaters", "Cheaters"))
BASE = VARIANTS[0][0]
PLAYERS = 4
#: The round at whose end the trailing player is found.
COMEBACK_ROUND = 10
#: Games per rule set for once, a hundred times, a thousand times: 1,000 of each of the three take about ten seconds
#: on the lab's two-core machine, compiled or not (measured: 8.9 s and 12.6 s with two workers; read back: 4 s).
SIZES = (1, 100, 1_000)
MAX_GAMES = 5_000
#: The level of every test (5 %).
LEVEL = Fraction(1, 20)
ALPHA = float(LEVEL)
#: From this many games a rule set the games are played on two worker processes (starting them costs a second).
PARALLEL_FROM = 200

Progress = Callable[[int, int], None]


def master_seed(seed: int, games: int) -> int:
    """The comparison's master seed for ``games`` games with the lesson's ``seed``: one set of games per size."""
    return game_seed(seed, games)


@dataclass(frozen=True)
class Comebacks:
    """The comeback count of one rule set's games: ``by_game[i]`` is None when game ``i`` has no trailing
    player (it ended by round :data:`COMEBACK_ROUND`, or two players tied for last), else whether the trailing
    player won."""

    preset: str
    by_game: tuple[bool | None, ...]

    @property
    def counted(self) -> int:
        return sum(x is not None for x in self.by_game)

    @property
    def comebacks(self) -> int:
        return sum(x is True for x in self.by_game)

    @property
    def rate(self) -> float:
        return self.comebacks / self.counted if self.counted else float("nan")


@dataclass(frozen=True)
class VariantRun:
    """What :func:`play` found: the two comparisons (classic against each variant) and every rule set's
    comebacks."""

    games: int
    seed: int
    master: int
    comparisons: tuple[Comparison, ...]
    comebacks: dict[str, Comebacks]

    def comparison(self, variant: str) -> Comparison:
        return self.comparisons[[v for v, _ in VARIANTS[1:]].index(variant)]

    def batch(self, name: str) -> int:
        if name == BASE:
            return self.comparisons[0].batches[0]
        return self.comparison(name).batches[1]


def play(games: int, seed: int, db_path=None, *, workers: int = 1, progress: Progress | None = None,
         wait: float = WAIT) -> VariantRun:
    """Play (or read back) ``games`` games of each rule set, logged in the database at ``db_path``, and count.

    Games already there are read back and only the missing ones played (:func:`~monopoly_core.compare.compare`
    completes a batch a stopped run left short), so the same seed always gives the same numbers. ``progress``
    counts the games of the three rule sets (each once: the classic games of the second comparison are the
    first's, read back). ``wait``: seconds to wait for another run writing to the same database."""
    check_size(games, MAX_GAMES, "games")
    master = master_seed(seed, games)
    base = preset(BASE)
    total = games * len(VARIANTS)
    comparisons = []
    # The bots keep their seats: the lesson reads length, inequality and comebacks, none of them by seat or by
    # strategy, and a link a class opened before comparisons rotated seats still reads back the same games.
    for i, (variant, words) in enumerate(VARIANTS[1:]):
        def step(n: int, _of: int, first: bool = i == 0, before: int = games * (i + 1)) -> None:
            # the first comparison plays both its rule sets; a later one only its variant (n counts both sides)
            if progress is not None:
                progress(n if first else before + n // 2, total)
        comparisons.append(compare(base, preset(variant), games=games, players=PLAYERS, seed=master,
                                   db_path=db_path, workers=workers if games >= PARALLEL_FROM else 1, alpha=ALPHA,
                                   label_a=VARIANTS[0][1], label_b=words, progress=step, seating=FIXED, wait=wait))
    run = VariantRun(games, seed, master, tuple(comparisons), {})
    with Writer(db_path, wait=wait) as writer:
        for name, _ in VARIANTS:
            run.comebacks[name] = comebacks(writer.conn, run.batch(name), games, name)
    return run


COMEBACK_SQL = """
WITH g AS (SELECT id, batch_index, rounds, winner FROM games WHERE batch = ? AND batch_index < ?),
snap AS (
    SELECT s.game, s.player, s.net_worth, s.turn FROM snapshots s JOIN g ON g.id = s.game
    WHERE s.round = ? AND g.rounds > ?),
alive AS (
    SELECT s.game, s.player, s.net_worth FROM snap s JOIN players p ON p.game = s.game AND p.seat = s.player
    WHERE p.bankrupt_turn IS NULL OR p.bankrupt_turn > s.turn),
low AS (
    SELECT a.game, list(a.player ORDER BY a.player) AS last FROM alive a
    WHERE a.net_worth = (SELECT min(b.net_worth) FROM alive b WHERE b.game = a.game) GROUP BY a.game)
SELECT g.batch_index, g.winner, low.last FROM g LEFT JOIN low ON low.game = g.id ORDER BY g.batch_index
"""


def comebacks(conn, batch: int, games: int, name: str, at_round: int = COMEBACK_ROUND) -> Comebacks:
    """The comebacks of the first ``games`` games of ``batch`` (read from the database on ``conn``)."""
    rows = conn.execute(COMEBACK_SQL, [batch, games, at_round, at_round]).fetchall()
    out = []
    for _, winner, last in rows:
        out.append(None if not last or len(last) != 1 else (winner is not None and int(last[0]) == int(winner)))
    return Comebacks(name, tuple(out))


def comeback_test(base: Comebacks, other: Comebacks, alpha: float = ALPHA) -> tuple[Test, int]:
    """McNemar's exact test on the games counted on both sides; returns the test and the number of those games."""
    both = [(a, b) for a, b in zip(base.by_game, other.by_game) if a is not None and b is not None]
    only_a = sum(a and not b for a, b in both)
    only_b = sum(b and not a for a, b in both)
    return mcnemar(only_a, only_b, alpha), len(both)


def _chance(test: Test) -> str:
    return (f"{'larger' if test.significant else 'not larger'} than chance at the {ALPHA:.0%} level "
            f"({test.name}, {test.p_text()})")


#: What the tests say of one game a side: nothing (said once, in place of the tests).
ONE_GAME = ("One game of each rule set cannot tell the rules from luck: a test needs many games. Play 100 or "
            "1,000.")
def luck_note(n: int) -> str:
    """What the number of games ``n`` each way can show (a browser review read the note for 100 games under a run
    of 1,000; another found 100 games here saying Cheaters games last 11.3 rounds longer, p = 0.001, and 100 games
    of the Rules page 1.4 rounds, p = 0.69: 1,000 games each way, seats fixed or rotating, put it at 2 to 4)."""
    if n < 1_000:
        return (f"With {n:,} games luck still moves every figure: a difference may be hidden, or look larger than it "
                f"is, and another {n:,} games (another seed, or the Rules page's own games) can tell another story. "
                f"1,000 games pin a difference down about three times more closely.")
    return (f"With {n:,} games each way, differences about a third the size of those 100 games can show stand out "
            f"from luck, but a small enough one can still be hidden.")


#: How the lesson seats its bots, in words (the Rules page rotates them by default: its games are other games).
SEATING_NOTE = ("Every bot keeps its seat in every game (the Rules page moves the bots one seat on each game unless "
                "told otherwise, and draws its own seeds, so its games are other games than these).")

#: Why one "larger than chance" among the six tests may still be luck.
ONE_IN_TWENTY = ("Each test calls a difference larger than chance for about 1 seed in 20 even when the rules make "
                 "no difference at all, so among six tests one such verdict can be luck; a difference that shows "
                 "again with another seed or with more games is much less likely to be.")


def comeback_verdict(run: VariantRun, variant: str) -> str:
    """A sentence: the comeback rates of classic and ``variant``, and whether the difference is larger than chance."""
    a, b = run.comebacks[BASE], run.comebacks[variant]
    test, pairs = comeback_test(a, b)
    words = dict(VARIANTS)
    if run.games < 2:
        return ONE_GAME
    if pairs < 2:
        return (f"Too few games reach round {COMEBACK_ROUND} with one player last under both rule sets to compare "
                f"comebacks: play more games.")
    return (f"The trailing player after round {COMEBACK_ROUND} wins {_rate(a)} of games under {words[BASE]} and "
            f"{_rate(b)} under {words[variant]}; over the {pairs:,} games counted under both, the difference is "
            f"{_chance(test)}.")


def _rate(c: Comebacks) -> str:
    return f"{c.rate:.1%} ({c.comebacks:,} of {c.counted:,})" if c.counted else "none (no game counted)"


def summary_rows(run: VariantRun) -> list[dict]:
    """One row per rule set: its games, average length, average Gini and comeback rate, as the page shows them."""
    rows = []
    for name, words in VARIANTS:
        c = run.comparisons[0] if name == BASE else run.comparison(name)
        side = "a" if name == BASE else "b"
        length, gini = c.figure("length").rows[0], c.figure("inequality").rows[0]
        cb = run.comebacks[name]
        rows.append({"rules": words, "games": run.games, "rounds per game": float(getattr(length, side)),
                     "Gini of net worth": float(getattr(gini, side)), "games counted for comebacks": cb.counted,
                     "comebacks": cb.comebacks, "comeback rate": cb.rate, "database batch": run.batch(name)})
    return rows


def half_widths(run: VariantRun) -> dict[str, tuple[float, float]]:
    """Each rule set's 95 % confidence half-widths of game length and of the Gini, by its name in words (NaN
    with a single game)."""
    out = {}
    for name, words in VARIANTS:
        c = run.comparisons[0] if name == BASE else run.comparison(name)
        side = "a_half" if name == BASE else "b_half"
        out[words] = (float(getattr(c.figure("length").rows[0], side)),
                      float(getattr(c.figure("inequality").rows[0], side)))
    return out


def test_rows(run: VariantRun) -> list[dict]:
    """Every test the lesson shows: what is compared, the test's name, its p-value and the verdict in words (none
    with a single game of each: there is nothing to test, :data:`ONE_GAME` says so once)."""
    if run.games < 2:
        return []
    words = dict(VARIANTS)
    rows = []
    for variant, _ in VARIANTS[1:]:
        c = run.comparison(variant)
        for key, what in (("length", "game length"), ("inequality", "inequality (Gini)")):
            f = c.figure(key)
            # the lesson shows no chart of the Gini round by round: its sentence does not point to one
            said = f.verdict if key == "length" else inequality(
                f.rows[0], f.test, c.alpha, c.label_a, c.label_b, chart_beside=False)
            rows.append({"compared": f"{what}: {words[BASE]} against {words[variant]}", "test": f.test.name,
                         "p-value": f.test.p, "larger than chance": f.test.significant, "in words": said})
        test, _ = comeback_test(run.comebacks[BASE], run.comebacks[variant])
        rows.append({"compared": f"comebacks: {words[BASE]} against {words[variant]}", "test": test.name,
                     "p-value": test.p, "larger than chance": test.significant,
                     "in words": comeback_verdict(run, variant)})
    return rows


# --- the exercise: McNemar's exact test by hand --------------------------------------------------------------------
#: Of the games counted under both rule sets: comebacks under classic only, and under the variant only.
EXERCISE_PAIRS = (3, 11)


def sign_test_p(only_a: int, only_b: int) -> Fraction:
    """McNemar's exact p-value, two-sided: twice the chance of a split at least as lopsided among the discordant
    games if each were a fair coin's toss (capped at 1)."""
    n = only_a + only_b
    k = min(only_a, only_b)
    tail = sum(Fraction(comb(n, i), 2 ** n) for i in range(k + 1))
    return min(Fraction(1), 2 * tail)


def exercise() -> Exercise:
    a, b = EXERCISE_PAIRS
    n = a + b
    p = sign_test_p(a, b)
    tail = sum(comb(n, i) for i in range(a + 1))
    verdict = ("The p-value is below 0.05, so the difference is larger than chance." if p < LEVEL else
               "The p-value is above 0.05: chance alone splits that unevenly often enough.")
    return Exercise(
        question=f"A class plays the same 200 seeds under the classic rules and under Sore Losers. In {a} games "
                 f"the trailing player came back to win under classic only; in {b} games under Sore Losers only "
                 "(in all the other games both rule sets agreed).\n\n"
                 f"1. If the rules made no difference, each of these {n} games would be equally likely to fall on "
                 f"either side, like a coin. What is the chance of a split at least as lopsided as {a} to {b}, "
                 "either way?\n\n"
                 "2. At the 5% level, is the difference in comebacks larger than chance?",
        answer=f"1. {p} (about {float(p):.3f}).  2. {'Yes' if p < LEVEL else 'No'}: "
               f"{float(p):.3f} is {'below' if p < LEVEL else 'above'} 0.05.",
        working=f"1. Only the games where the two rule sets disagree tell them apart: {a} + {b} = {n}. A split of "
                f"{a} or fewer on one side has chance (C({n},0) + C({n},1) + ... + C({n},{a})) / 2^{n} = "
                f"{tail:,} / {2 ** n:,}; either side: twice that, {2 * tail:,} / {2 ** n:,} = {p}.\n\n"
                f"2. This is McNemar's exact test, the one the page uses for comebacks. {verdict}")


LESSON = Lesson(
    number=5, slug="lesson_variants", title="Does the variant matter?", minutes=30,
    summary="Classic, Sore Losers and Cheaters rules played with the same seeds and logged in the game database: "
            "game length, inequality and comebacks, each difference judged by a hypothesis test in plain words.",
    goals=("Design a fair comparison: the same seeds under each rule set, so only the rules differ.",
           "Measure inequality with the Gini coefficient and define a comeback precisely before counting it.",
           "Read a hypothesis test: the p-value is the chance of a difference this large if the rules did not "
           "matter.",
           "See that a difference too small to show in 100 games can be plain in 1,000."),
    formula=r"p = P\big(|\bar D| \ge |\bar d|\ \big|\ \text{the rules make no difference}\big),\qquad "
            r"G = \frac{\sum_i \sum_j |x_i - x_j|}{2 n^2 \bar x}",
    exercise=exercise)
