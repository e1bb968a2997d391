"""Lesson 6, is cheating worth it?: the expected value of each cheat card of the Cheaters Edition given the chance
of being caught, against the cheats bots attempted in real Cheaters games logged to the game database.

The model reads the cheat cards' data (``data/cheats/cheaters-uk.toml`` through
:func:`monopoly_core.editions.cheats.load_cheats`) and the rule the engine plays (``editions/cheats.py``): each
opponent notices a cheat with chance ``d v`` (the card's difficulty ``d`` times the opponent's vigilance ``v``,
at most 1), on their own, and one who notices calls "Cheat!". So a cheat against opponents of vigilance
``v_1 ... v_k`` is caught with chance ``q = 1 - (1 - d v_1) ... (1 - d v_k)``. Got away with, it pays the card's
reward ``R`` and keeps the money its act takes ``a`` (a bank job's £100; nothing for acts that move tokens,
hotels or rents); caught, the act is undone and the penalty ``P`` paid. In money:

    E = (1 - q)(a + R) - q P,     worth it (E > 0) exactly when q < (a + R) / (a + R + P).

What the act is worth beyond money (a skipped rent, a rival sent back, an escape from jail) and a trip to jail
when caught are left out, and the page says so. (One act of the games moves money the model leaves out: a nudge
of one's own token past GO collects the salary then, handed back if caught.) Fractions are exact: vigilances are decimals (1.2, 0.8).

The simulation plays Cheaters games with the standard table of bots (each has its own boldness and vigilance:
``monopoly_core/bots``), logged to the database, and reads every attempt back from the ``events`` table: its
card, who was still in the game to notice it (``players.bankrupt_turn``), whether it was caught
(``cheat_outcome``) and the money that moved because of it (``pay`` events for the cheat's act, its reward and
its penalty). Each attempt's own ``q`` (from the opponents it had) gives the number expected to be caught, set
against the number caught with a z-test.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist
from typing import Callable

from .. import policies
from ..editions.cheats import CheatCard, load_cheats
from ..rules import preset
from ..simulate import game_seed, simulate
from ..store import WAIT, Writer
from .sheet import Exercise, Lesson, check_size

PRESET = "cheaters"
PLAYERS = 4
#: Games for once, a hundred times, a thousand times (a thousand Cheaters games take 20 to 30 seconds on the lab's
#: two-core machine, and hold about 38,000 cheats).
SIZES = (1, 100, 1_000)
MAX_GAMES = 5_000
PARALLEL_FROM = 200
#: The level of the z-test (5 %): a smaller p is called evidence against the model.
LEVEL = 0.05
#: Effects whose act takes money the cheat keeps when not caught (its ``amount``).
CASH_ACTS = ("take_cash", "take_from_player")
#: The vigilance of an ordinary opponent (the set-collector bot's; the card's difficulty is its chance).
ORDINARY = Fraction(1)
#: The exercise's card and tables.
EXERCISE_CARD = "Bank Job"
#: The exercise's second table: two opponents, not the page's three (a browser review: the chart and table above
#: the exercise, at their default of three ordinary opponents, gave its answer).
OPPONENTS_ASKED = 2
_COUNT_WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}

Progress = Callable[[int, int], None]


def deck():
    """The Cheaters preset's cheat cards."""
    return load_cheats(preset(PRESET).cheat_deck)


def card(name: str) -> CheatCard:
    """The cheat card called ``name``; KeyError naming the cards otherwise."""
    for c in deck().cards:
        if c.name.lower() == name.lower():
            return c
    raise KeyError(f"no cheat card {name!r} (the cards: {', '.join(c.name for c in deck().cards)})")


def vigilance_of(strategy: str) -> Fraction:
    """A bot strategy's vigilance, exactly (its decimal as a fraction: 1.2 is 6/5)."""
    return Fraction(str(getattr(policies.make(strategy, "lesson"), "vigilance", 1.0)))


def vigilances() -> dict[str, Fraction]:
    """Every named strategy's vigilance, least watchful first."""
    return dict(sorted(((s, vigilance_of(s)) for s in policies.names()), key=lambda kv: (kv[1], kv[0])))


def notice_chance(c: CheatCard, vigilance) -> Fraction:
    """The chance one opponent of ``vigilance`` notices cheat ``c``: difficulty x vigilance, at most 1."""
    return min(Fraction(1), Fraction(c.difficulty, 100) * Fraction(str(vigilance)))


def caught_chance(c: CheatCard, opponents) -> Fraction:
    """The chance at least one of ``opponents`` (their vigilances) notices: one minus the chance none does."""
    missed = Fraction(1)
    for v in opponents:
        missed *= 1 - notice_chance(c, v)
    return 1 - missed


def act_cash(c: CheatCard) -> int:
    """The money the act takes and the cheat keeps if not caught."""
    return c.amount if c.effect in CASH_ACTS else 0


def expected_value(c: CheatCard, opponents) -> Fraction:
    """``(1 - q)(a + R) - q P``: the money a cheat brings on average against ``opponents``."""
    q = caught_chance(c, opponents)
    return (1 - q) * (act_cash(c) + c.reward) - q * c.penalty


def break_even(c: CheatCard) -> Fraction:
    """The chance of being caught at which the cheat brings nothing on average: ``(a + R) / (a + R + P)``."""
    gain = act_cash(c) + c.reward
    return Fraction(gain, gain + c.penalty) if gain + c.penalty else Fraction(1)


def model_rows(opponents) -> list[dict]:
    """Every cheat card against ``opponents`` (their vigilances): what it gains, costs, the chance of being
    caught, its expected value and whether it is worth it in money; best first."""
    rows = []
    for c in deck().cards:
        q = caught_chance(c, opponents)
        ev = expected_value(c, opponents)
        rows.append({"card": c.name, "act": c.act, "money the act takes": act_cash(c), "reward": c.reward,
                     "penalty": c.penalty, "jail if caught": c.jail or c.effect == "escape_jail",
                     "difficulty": c.difficulty / 100, "chance caught": float(q), "chance caught (exact)": str(q),
                     "expected value": float(ev), "break-even chance": float(break_even(c)),
                     "worth it": ev > 0})
    rows.sort(key=lambda r: -r["expected value"])
    return rows


# --- the simulation: real games, read back from the database ---------------------------------------------------
def master_seed(seed: int, games: int) -> int:
    """The batch's master seed: one set of games per size (the same as lesson 5's Cheaters games)."""
    return game_seed(seed, games)


@dataclass(frozen=True)
class Attempt:
    """One cheat attempted in a logged game: the card, how many opponents could notice it, the chance they
    would (the model's ``q`` for that attempt), whether it was caught and the money it moved for the cheat."""

    game: int
    turn: int
    cheat: int
    card: str
    opponents: tuple[Fraction, ...]
    q: Fraction
    expected: Fraction
    caught: bool
    money: int


@dataclass(frozen=True)
class CheatRun:
    """The attempts of ``games`` Cheaters games of database batch ``batch``."""

    games: int
    seed: int
    batch: int
    reused: bool
    attempts: tuple[Attempt, ...]

    @property
    def expected_caught(self) -> float:
        return float(sum(a.q for a in self.attempts))

    @property
    def caught(self) -> int:
        return sum(a.caught for a in self.attempts)

    def z(self) -> float:
        """(caught - expected) / its standard deviation if the model is right (NaN when nothing could vary)."""
        var = float(sum(a.q * (1 - a.q) for a in self.attempts))
        return (self.caught - self.expected_caught) / math.sqrt(var) if var > 0 else float("nan")

    def p(self) -> float:
        z = self.z()
        return 1.0 if math.isnan(z) else 2 * NormalDist().cdf(-abs(z))

    def card_rows(self) -> list[dict]:
        """Per card attempted: attempts, the share caught expected and seen, the money per attempt expected and
        seen (most attempted first)."""
        by: dict[str, list[Attempt]] = {}
        for a in self.attempts:
            by.setdefault(a.card, []).append(a)
        rows = []
        for name, xs in by.items():
            n = len(xs)
            rows.append({"card": name, "attempts": n,
                         "expected share caught": float(sum(a.q for a in xs)) / n,
                         "share caught": sum(a.caught for a in xs) / n,
                         "expected money per attempt": float(sum(a.expected for a in xs)) / n,
                         "money per attempt": sum(a.money for a in xs) / n})
        rows.sort(key=lambda r: (-r["attempts"], r["card"]))
        return rows

    def verdict(self) -> str:
        """The model's count of cheats caught against the games', and what the z-test can say of it: a small p is
        evidence against the model, not proof (1 seed in 20 gives one when the model is right); a large p is no
        evidence against it, not proof that it is right."""
        n = len(self.attempts)
        if n == 0:
            return "Nobody cheated in these games: play more games."
        z, p = self.z(), self.p()
        counted = (f"The model expects {self.expected_caught:,.1f} of the {n:,} attempts to be caught; "
                   f"{self.caught:,} were (a z-test of the number caught: z = {z:+.2f}, "
                   f"{'p < 0.001' if p < 0.001 else f'p = {p:.3f}'}).")
        if p < LEVEL:
            return (f"{counted} If the model were right, luck alone would make a difference this large less than 1 "
                    "time in 20, so these games are some evidence against the model. But even when a model is "
                    "right, about 1 seed in 20 gives p below 0.05: before deciding, try another seed or more games.")
        return (f"{counted} A difference this size is one luck alone often makes when the model is right, so these "
                "games give no evidence against the model. That does not prove the model right: it only means "
                "these games do not contradict it.")


def play(games: int, seed: int, db_path=None, *, workers: int = 1, progress: Progress | None = None,
         wait: float = WAIT) -> CheatRun:
    """Play (or read back) ``games`` Cheaters games with the standard bots, logged at ``db_path``, and read
    every cheat attempt back from the database.

    Games already there (an earlier visit's, lesson 5's Cheaters games of the same seed, or the first games of a
    run that was stopped) are read back and only the missing ones played (:func:`~monopoly_core.simulate.simulate`
    with ``resume``), so the same seed always gives the same games and the same numbers. ``wait``: seconds to wait
    for another run writing to the same database."""
    check_size(games, MAX_GAMES, "games")
    report = simulate(db_path, rules=preset(PRESET), games=games, players=PLAYERS, seed=master_seed(seed, games),
                      workers=workers if games >= PARALLEL_FROM else 1, progress=progress, resume=True, wait=wait)
    if progress is not None and report.kept == games:
        progress(games, games)
    with Writer(db_path, wait=wait) as writer:
        attempts = read_attempts(writer.conn, report.batch, games)
    return CheatRun(games, seed, report.batch, report.kept == games, attempts)


ATTEMPT_SQL = """
WITH g AS (SELECT id FROM games WHERE batch = ? AND batch_index < ?),
ev AS (
    SELECT e.game, e.seq, e.turn, e.player, e.kind, e.amount, e.counterparty, e.detail,
           sum(CASE WHEN e.kind = 'cheat' THEN 1 ELSE 0 END) OVER (PARTITION BY e.game ORDER BY e.seq) AS attempt
    FROM events e JOIN g ON g.id = e.game
    WHERE e.kind IN ('cheat', 'cheat_outcome')
       OR (e.kind = 'pay' AND e.detail IN ('cheat', 'cheat_reward', 'cheat_penalty'))),
attempts AS (SELECT game, attempt, turn, player, counterparty AS card FROM ev WHERE kind = 'cheat'),
outcome AS (SELECT game, attempt, max(detail = 'caught') AS caught FROM ev WHERE kind = 'cheat_outcome'
            GROUP BY game, attempt),
money AS (
    SELECT ev.game, ev.attempt,
           sum(CASE WHEN ev.counterparty = a.player THEN ev.amount WHEN ev.player = a.player THEN -ev.amount
                    ELSE 0 END) AS money
    FROM ev JOIN attempts a ON a.game = ev.game AND a.attempt = ev.attempt WHERE ev.kind = 'pay'
    GROUP BY ev.game, ev.attempt)
SELECT a.game, a.turn, a.player, a.card, coalesce(o.caught, false), coalesce(m.money, 0),
       (SELECT list(p.strategy ORDER BY p.seat) FROM players p
        WHERE p.game = a.game AND p.seat <> a.player AND (p.bankrupt_turn IS NULL OR p.bankrupt_turn >= a.turn))
FROM attempts a LEFT JOIN outcome o USING (game, attempt) LEFT JOIN money m USING (game, attempt)
ORDER BY a.game, a.attempt
"""


def read_attempts(conn, batch: int, games: int) -> tuple[Attempt, ...]:
    """Every cheat attempted in the first ``games`` games of ``batch``, read from the database on ``conn``."""
    cards = deck().cards
    vig: dict[str, Fraction] = {}
    out = []
    for game, turn, seat, index, caught, money, others in conn.execute(ATTEMPT_SQL, [batch, games]).fetchall():
        c = cards[int(index)]
        opponents = tuple(vig.setdefault(s, vigilance_of(s)) for s in (others or ()))
        out.append(Attempt(int(game), int(turn), int(seat), c.name, opponents, caught_chance(c, opponents),
                           expected_value(c, opponents), bool(caught), int(money)))
    return tuple(out)


def money(x) -> str:
    """An amount with its sign before the pound sign and always two decimals, so amounts side by side read
    alike: +£50.00, -£180.80, +£18.75."""
    pence = round(float(x) * 100)          # the sign of what is shown: -0.004 is +£0.00, not -£0.00
    return f"{'-' if pence < 0 else '+'}£{abs(pence) / 100:,.2f}"


# --- the exercise -------------------------------------------------------------------------------------------------
def exercise() -> Exercise:
    c = card(EXERCISE_CARD)
    d = Fraction(c.difficulty, 100)
    a, r, pen = act_cash(c), c.reward, c.penalty
    q1 = caught_chance(c, [ORDINARY])
    k, many = OPPONENTS_ASKED, _COUNT_WORDS[OPPONENTS_ASKED]
    q3 = caught_chance(c, [ORDINARY] * k)
    e1, e3 = expected_value(c, [ORDINARY]), expected_value(c, [ORDINARY] * k)
    return Exercise(
        question=f"The {c.name} card: \"{c.act}\" If nobody catches you, you keep the £{a} and the bank pays a "
                 f"reward of £{r}. If you are caught, you give the £{a} back and pay a penalty of £{pen}. An "
                 f"ordinary opponent notices it with chance {float(d):.0%}, each on their own.\n\n"
                 "1. Against one ordinary opponent, what is the chance of being caught, and what does the cheat "
                 "bring on average?\n\n"
                 f"2. The same against {many} ordinary opponents. Is the cheat worth it?",
        answer=f"1. Caught with chance {q1} ({float(q1):.0%}); on average {money(e1)}.  2. Caught with "
               f"chance {q3} ({float(q3):.1%}); on average {money(e3)}: worth it against one opponent, "
               f"{'not ' if e3 <= 0 else ''}against {many}.",
        working=f"1. q = {d}. Got away with: £{a} + £{r} = £{a + r}; caught: -£{pen}. "
                f"E = (1 - {d}) x {a + r} - {d} x {pen} = {float((1 - d) * (a + r)):.0f} - "
                f"{float(d * pen):.0f} = {money(e1)}.\n\n"
                f"2. Nobody of {many} notices with chance (1 - {d})^{k} = {(1 - d) ** k}, so q = 1 - "
                f"{(1 - d) ** k} = {q3}. E = {(1 - d) ** k} x {a + r} - {q3} x {pen} = {float((1 - q3) * (a + r)):.1f} - "
                f"{float(q3 * pen):.1f} = {money(e3)}. The cheat pays only while q stays below "
                f"(a + R) / (a + R + P) = {break_even(c)} ({float(break_even(c)):.0%}): every extra pair of eyes "
                "makes it likelier to be caught.")


LESSON = Lesson(
    number=6, slug="lesson_cheating", title="Is cheating worth it?", minutes=25,
    summary="The expected value of each cheat card given the chance of being caught by the opponents at the "
            "table, against thousands of cheats attempted in real Cheaters games.",
    goals=("Combine independent events: the chance that at least one of several opponents notices is one minus "
           "the chance that none does.",
           "Compute an expected value with a gain and a loss, and the break-even chance where it turns negative.",
           "Check a model against data: the number of cheats caught, expected against counted.",
           "Say what a model leaves out (jail, the value of acts that move no money)."),
    formula=r"q = 1 - \prod_{i=1}^{k} (1 - d\,v_i),\qquad E = (1 - q)(a + R) - q\,P",
    exercise=exercise)
