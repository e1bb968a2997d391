"""What does a change of rules do? Two rule sets played with the same per-game seeds, side by side (issue 18).

:func:`compare` plays game ``i`` of both rule sets with the seed ``game_seed(seed, i)`` (a paired comparison: the
two games share their luck until the rules make them part), logs both sides in the game database as two batches
labelled in its ``comparisons`` table, and returns a :class:`Comparison`: per figure the value on each side
with its confidence interval, the difference with its interval, the test that decides whether the difference is
larger than chance at the chosen level, and a sentence saying so. The figures are game length, the share of
games the turn limit ends, win rate by seat and by strategy, wealth inequality over rounds (the Gini coefficient
of net worth) and the money flows (rent by colour group, taxes, salary, cards, Free Parking, ...). The bots change
seats from game to game (both sides alike), so each strategy plays every seat equally often: the win rate by seat
is the seats' own effect and the win rate by strategy the strategies', two different figures.

A side whose games are already in the database (the same rules, bots and master seed) is read back instead of
played again; a side whose batch holds only some of them (a comparison that was stopped) is completed: the
chunks it holds are read back, the others played, and only the missing games written, so the figures are those of
one uninterrupted comparison. Only per-game numbers are kept (:mod:`.compare_figures`), folded into running
moments chunk by chunk: memory does not grow with the number of games, and the number of games is bounded
(:data:`MAX_GAMES`).

>>> import tempfile, os
>>> from monopoly_core import preset
>>> path = os.path.join(tempfile.mkdtemp(), "doc.duckdb")
>>> c = compare(preset("classic-uk", turn_limit=30), preset("classic-uk", turn_limit=30, go_salary=400),
...             games=4, players=2, seed=3, db_path=path)
>>> [f.key for f in c.figures]
['length', 'turn_limit', 'seat', 'strategy', 'inequality', 'money']
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Callable, Iterator

import numpy as np

from . import simulate as S
from .bounds import check_count, check_seconds, check_seed, has_control_characters, short
from .compare_figures import MAX_CURVE_ROUNDS, FigureTaker, GameFigures, flow_names
from .editions import get as get_edition, in_sentence, not_played
from .errors import InvalidRules
from .paired_stats import (Moments, Test, holm, mcnemar, paired_share_difference, paired_t, stuart_maxwell,
                           wilson)
from .rules import RuleSet
from .state import bot_table
from .store import COMPARISON, WAIT, StoreError, Writer, resolve

#: Most games a side (a comparison plays twice as many).
MAX_GAMES = S.MAX_GAMES
#: Longest label of a side.
MAX_LABEL = 60
#: The figures, in order: (key, title).
FIGURES = (("length", "Game length"), ("turn_limit", "Games ended by the turn limit"),
           ("seat", "Win rate by seat"), ("strategy", "Win rate by strategy"),
           ("inequality", "Wealth inequality over rounds"), ("money", "Where the money comes from and goes"))

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Row:
    """One line of a figure: the value on each side with its confidence interval, and the difference B - A with
    its interval (from the paired differences).

    Each side's interval is ``a_low`` to ``a_high`` (``b_low`` to ``b_high``). For a mean (rounds, Gini, money)
    it is the value +- ``a_half`` (t-based); for a share (the unit of the figure is ``"share"``) it is Wilson's
    score interval (:func:`.paired_stats.wilson`), which is not centred on the value: it stays inside 0 to 1 and
    has some width even at 0 of n. ``a_half`` is then half its width, kept for readers of a precision; show the
    bounds. The difference's interval is ``diff_low`` to ``diff_high``: ``diff`` +- ``diff_half`` for a mean,
    Tango's score interval of the paired difference for a share (not centred either)."""

    label: str
    a: float
    a_half: float
    b: float
    b_half: float
    diff: float
    diff_half: float
    a_low: float
    a_high: float
    b_low: float
    b_high: float
    diff_low: float
    diff_high: float

    @classmethod
    def of_means(cls, label: str, a: float, a_half: float, b: float, b_half: float, diff: float,
                 diff_half: float) -> "Row":
        """A row of means: every interval is the value +- its half-width."""
        return cls(label, a, a_half, b, b_half, diff, diff_half, a - a_half, a + a_half, b - b_half, b + b_half,
                   diff - diff_half, diff + diff_half)

    @classmethod
    def of_shares(cls, label: str, n: int, yes_a: int, yes_b: int, only_a: int, only_b: int,
                  alpha: float) -> "Row":
        """A row of shares of ``n`` paired games: ``yes_a`` of them yes on side A, ``yes_b`` on B, ``only_a`` on
        A alone and ``only_b`` on B alone. Each side's interval is Wilson's, the difference's Tango's (see
        :mod:`.paired_stats`), at level 1 - alpha; each half is half its interval's width."""
        (a_low, a_high), (b_low, b_high) = wilson(yes_a, n, alpha), wilson(yes_b, n, alpha)
        diff_low, diff_high = paired_share_difference(only_a, only_b, n, alpha)
        return cls(label, yes_a / n, (a_high - a_low) / 2, yes_b / n, (b_high - b_low) / 2, (yes_b - yes_a) / n,
                   (diff_high - diff_low) / 2, a_low, a_high, b_low, b_high, diff_low, diff_high)

    def to_json(self) -> dict:
        return {k: (None if isinstance(v, float) and math.isnan(v) else v) for k, v in self.__dict__.items()}


@dataclass(frozen=True)
class Figure:
    """One figure of a comparison: its rows, the test of the difference and the sentence that says it.

    ``extra`` holds what a chart needs beyond the rows (the game-length histograms, the rounds of the Gini
    curve)."""

    key: str
    title: str
    unit: str
    rows: tuple[Row, ...]
    test: Test
    verdict: str
    extra: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"key": self.key, "title": self.title, "unit": self.unit, "rows": [r.to_json() for r in self.rows],
                "test": self.test.name, "statistic": _finite(self.test.statistic), "p": self.test.p,
                "significant": self.test.significant, "verdict": self.verdict, "extra": self.extra}


def _finite(x: float):
    return None if math.isnan(x) or math.isinf(x) else x


@dataclass(frozen=True)
class Comparison:
    """The outcome of :func:`compare`."""

    label_a: str
    label_b: str
    rules_a: RuleSet
    rules_b: RuleSet
    games: int
    players: int
    seed: int
    alpha: float
    strategies: tuple[str, ...]
    seating: str
    figures: tuple[Figure, ...]
    batches: tuple[int, int]
    reused: tuple[bool, bool]
    db_path: str
    seconds: float
    comparison_id: int
    #: games asked for on each side: more than ``games`` when the comparison stopped at its time limit
    planned: int = 0
    #: the first games of each side that were read back from the database rather than played (all ``games``:
    #: ``reused``)
    read_back: int = 0

    @property
    def timed_out(self) -> bool:
        """Whether the comparison stopped at its time limit before all the games asked for were played."""
        return self.games < self.planned

    def figure(self, key: str) -> Figure:
        return next(f for f in self.figures if f.key == key)

    @property
    def not_played(self) -> list[tuple[str, str]]:
        """(rule, why) of each rule the two sides set apart that their edition does not play: it makes no
        difference to the games (an outside audit compared skyscrapers on the classic game and read +0.0 on every
        figure with no word why)."""
        return unplayed_changes(self.rules_a, self.rules_b)

    def to_json(self) -> dict:
        return {"a": {"label": self.label_a, "rules": self.rules_a.to_dict(), "batch": self.batches[0],
                      "reused": self.reused[0]},
                "b": {"label": self.label_b, "rules": self.rules_b.to_dict(), "batch": self.batches[1],
                      "reused": self.reused[1]},
                "changes": [{"rule": n, "a": x, "b": y} for n, x, y in self.rules_a.diff(self.rules_b)],
                "not_played": [{"rule": n, "why": why} for n, why in self.not_played],
                "games": self.games, "planned": self.planned, "timed_out": self.timed_out, "read_back": self.read_back,
                "players": self.players, "seed": self.seed, "level": self.alpha,
                "strategies": list(self.strategies), "seating": self.seating, "comparison": self.comparison_id,
                "database": self.db_path,
                "seconds": round(self.seconds, 3), "figures": [f.to_json() for f in self.figures]}


def unplayed_changes(a: RuleSet, b: RuleSet) -> list[tuple[str, str]]:
    """(rule, why) of each rule ``a`` and ``b`` set apart that their edition (the same on both sides) does not play
    (:func:`.editions.not_played`)."""
    if a.edition != b.edition:
        return []
    idle = not_played(a.edition)
    return [(n, idle[n]) for n, _, _ in a.diff(b) if n in idle]


def default_label(rules: RuleSet, other: RuleSet) -> str:
    """A side's label: its preset's name, with "(changed)" when it differs from the preset in more than the
    preset's name."""
    from .rules import load_preset
    try:
        base = load_preset(rules.preset).rules
    except InvalidRules:
        return rules.preset
    return rules.preset if not rules.diff(base) else f"{rules.preset} (changed)"


#: The smallest level of the tests: below about 2.2e-16, 1 - level / 2 rounds to 1 and no interval can be drawn
#: (an outside review: --level 1e-320 ended in a traceback after every game was played, 2e-16 in intervals of
#: +- 13 billion "at the 0% level").
MIN_LEVEL = 1e-6


def check_level(alpha: float) -> float:
    """The level of the tests: a number from :data:`MIN_LEVEL` to 0.5 (0.05 is the usual)."""
    if isinstance(alpha, bool) or not isinstance(alpha, (int, float)) or not (MIN_LEVEL <= alpha <= 0.5):
        raise InvalidRules("level", f"must be a number from {MIN_LEVEL:g} to 0.5, got {short(alpha)}")
    return float(alpha)


def _check_label(label: str, what: str) -> str:
    if not isinstance(label, str) or not label.strip():
        raise InvalidRules(what, "must be some text")
    if len(label) > MAX_LABEL:
        raise InvalidRules(what, f"must be at most {MAX_LABEL} characters, got {len(label)}")
    if has_control_characters(label):     # (printed to a terminal and kept in the database, as a player's name)
        raise InvalidRules(what, f"may not contain control characters or line breaks: {short(label)}")
    return label.strip()


def compare(rules_a: RuleSet, rules_b: RuleSet, *, games: int = 100, players: int = 4, seed: int = 0, bots=None,
            db_path=None, workers: int = 1, alpha: float = 0.05, label_a: str | None = None,
            label_b: str | None = None, progress: Progress | None = None, executor=None,
            seating: str = S.ROTATED, wait: float = WAIT, time_limit: float | None = None,
            chunk: int | None = None) -> Comparison:
    """Play ``games`` games of each rule set with the same per-game seeds, log both, and compare them.

    The bots change seats from game to game (``seating`` ``"rotated"``, the default: game ``i`` moves every bot
    ``i`` seats on, see :func:`.simulate.seated`), so each strategy plays every seat equally often and the win
    rate by seat and the win rate by strategy measure different things; ``"fixed"`` keeps every bot in its seat
    (then a seat and the strategy sitting in it cannot be told apart).

    Bad input raises :class:`InvalidRules` (or :class:`~.store.StoreError` for the database) before anything is
    played: rule sets that do not validate for ``players``, two identical rule sets, counts out of range, a
    level outside (0, 0.5]. ``progress(done, total)`` counts the games of both sides. ``executor`` (see
    :func:`.simulate.simulate`) plays the games elsewhere; the figures do not depend on it. ``wait``: seconds to
    wait for another writer of the same file in this process before :class:`~.store.StoreBusy`.

    With ``time_limit`` (seconds) the comparison stops once that long has passed, after the last whole chunk of
    both sides (``chunk`` games each, by default small enough to end soon after the limit: see
    :func:`.simulate.chunk_size`; the site's clicks, see :mod:`.bounds`), and compares the pairs played so far:
    ``games`` then counts those, ``planned`` the games asked for. The batches keep them; the same comparison asked
    again reads them back and plays on."""
    games = check_count(games, "games", 1, MAX_GAMES)
    workers = check_count(workers, "workers", 1, S.max_workers())
    seed = check_seed(seed)
    if time_limit is not None:
        check_seconds(time_limit, "time limit", S.MAX_TIME_LIMIT)
    if chunk is not None:
        chunk = check_count(chunk, "chunk", 1, MAX_GAMES)
    S.check_seating(seating)
    alpha = check_level(alpha)
    for name, r in (("rule set A", rules_a), ("rule set B", rules_b)):
        if not isinstance(r, RuleSet):
            raise InvalidRules(name, f"must be a rule set, got {type(r).__name__}")
    if isinstance(players, bool) or not isinstance(players, int):
        raise InvalidRules("players", f"must be a whole number, got {players!r}")
    rules_a.validate(players)
    rules_b.validate(players)
    if not rules_a.diff(rules_b):
        raise InvalidRules("rules", "the two rule sets are the same: change a rule in one of them to compare")
    idle = unplayed_changes(rules_a, rules_b)
    if len(idle) == len(rules_a.diff(rules_b)):
        title = in_sentence(get_edition(rules_a.edition).title)
        raise InvalidRules("rules", f"the two rule sets differ only in rules {title} does not play ("
                           + "; ".join(f"{n.replace('_', ' ')}: {why}" for n, why in idle)
                           + "): they would play the same games")
    label_a = _check_label(label_a or default_label(rules_a, rules_b), "label of A")
    label_b = _check_label(label_b or default_label(rules_b, rules_a), "label of B")
    if label_a == label_b:
        label_b = f"{label_b} (B)"
    specs = bot_table(players, bots)
    strategies = list(dict.fromkeys(s.strategy for s in specs))
    flows = flow_names(rules_a, rules_b)
    curve = min(MAX_CURVE_ROUNDS, rules_a.turn_limit, rules_b.turn_limit)
    takers = [FigureTaker(r, flows, strategies, players, curve) for r in (rules_a, rules_b)]
    acc = _Accumulator(players, len(strategies), len(flows), curve)
    workers = min(workers, games)
    size = chunk or S.chunk_size(games, workers, time_limit, players, max(rules_a.turn_limit, rules_b.turn_limit))
    t0 = time.perf_counter()
    with Writer(db_path, wait=wait) as writer:
        sides = _plan_sides(writer, (rules_a, rules_b), specs, seed, games, seating)
        results = _played_chunks(sides, games, size, workers, executor)
        try:
            done = read = 0
            played = False
            for start in range(0, games, size):
                stop = min(start + size, games)
                taken = []
                for side, taker in zip(sides, takers):
                    if _stored(side, start, stop):
                        tables = _read_chunk(writer, side, start, stop)
                    else:
                        tables = next(results)
                        writer.write(S.without_games(tables, side["kept"]) if side["kept"] else tables)
                        played = True
                    taken.append(taker.take(tables))
                acc.add(*taken)
                done += 2 * (stop - start)
                if not played:
                    read = done // 2
                if progress is not None:
                    progress(done, 2 * games)
                # (reading back the games already there takes time from the limit too, but a click always plays
                # on past them: the same comparison asked again never stops where it stopped before)
                if time_limit is not None and played and stop < games and time.perf_counter() - t0 >= time_limit:
                    break
        finally:
            results.close()
        pairs = done // 2
        comparison_id = writer.label_comparison(
            [(side["batch"], label, side["reused"]) for side, label in zip(sides, (label_a, label_b))], pairs, seed)
    figures = acc.figures(alpha, label_a, label_b, strategies, flows, curve)
    return Comparison(label_a, label_b, rules_a, rules_b, pairs, players, seed, alpha, tuple(strategies), seating,
                      figures, (sides[0]["batch"], sides[1]["batch"]),
                      tuple(s["reused"] for s in sides), str(resolve(db_path)),
                      time.perf_counter() - t0, comparison_id, games, read)


def _plan_sides(writer: Writer, rules: tuple[RuleSet, RuleSet], specs, seed: int, games: int,
                seating: str) -> list[dict]:
    """Each side's batch: an existing one holding its games, wholly (read back) or partly (completed), or a new
    one to play. ``kept``: the batch indices already there; ``plan``: how its missing games are played (game
    ``i`` gets id ``plan.first_id + i``: the missing ones take fresh ids)."""
    sides = []
    first_id, batch = writer.next_game_id(), writer.next_batch_id()
    strategies = [s.strategy for s in specs]
    for r in rules:
        rules_json = r.to_json()
        old = writer.same_batch(rules_json, strategies, S.game_seed(seed, 0), seating)
        kept = frozenset() if old is None else writer.batch_indices(old["batch"], games)
        first_missing = next((i for i in range(games) if i not in kept), games)
        plan = S.Plan(rules_json, [s.to_json() for s in specs], seed, first_id - first_missing,
                      batch if old is None else old["batch"], seating)
        writer.plan_batch(plan.batch, games, seed, COMPARISON)
        sides.append({"batch": plan.batch, "kept": kept, "plan": plan, "reused": len(kept) == games})
        first_id += games - first_missing
        if old is None:
            batch += 1
    return sides


def _stored(side: dict, start: int, stop: int) -> bool:
    """Whether the side's batch already holds games ``start`` to ``stop - 1`` (that chunk is read back)."""
    return side["kept"].issuperset(range(start, stop))


def _played_chunks(sides: list[dict], games: int, size: int, workers: int, executor) -> Iterator[dict]:
    """The tables of the sides to play, chunk by chunk, A before B within a chunk (one pool for both)."""
    tasks = ((side["plan"], start, min(start + size, games)) for start in range(0, games, size)
             for side in sides if not _stored(side, start, min(start + size, games)))
    return S.play_tasks(tasks, workers, executor)


def _read_chunk(writer: Writer, side: dict, start: int, stop: int) -> dict:
    """Games ``start`` to ``stop - 1`` of an existing batch, read back in the database's table shapes."""
    return read_games(writer.conn, "games WHERE batch = ? AND batch_index >= ? AND batch_index < ?",
                      [side["batch"], start, stop])


def read_games(conn, games_from: str, params: list, events: str = "events", snapshots: str = "snapshots",
               players: str = "players") -> dict:
    """The columns a comparison reads of some games (``SELECT ... FROM {games_from}``) and of their players (who
    sat where), pay events and snapshots, as Arrow tables; ``players``, ``events`` and ``snapshots`` name where
    those are (a table, or ``read_parquet(...)``)."""
    conn = conn.cursor()         # its own result: the caller's connection may hold an unfinished one
    games = conn.sql(f"SELECT id, batch_index, rounds, end_reason, winner FROM {games_from} "
                         "ORDER BY batch_index", params=params).to_arrow_table()
    ids = games["id"].to_pylist()
    lo, hi = (min(ids), max(ids)) if ids else (0, -1)
    seats = conn.sql(f"SELECT game, seat, strategy FROM {players} WHERE game BETWEEN ? AND ?",
                     params=[lo, hi]).to_arrow_table()
    pays = conn.sql(f"SELECT game, player, counterparty, amount, square, detail, kind FROM {events} "
                        "WHERE game BETWEEN ? AND ? AND kind = 'pay'", params=[lo, hi]).to_arrow_table()
    snaps = conn.sql(f"SELECT game, round, player, net_worth FROM {snapshots} WHERE game BETWEEN ? AND ? "
                         "ORDER BY game, turn, player", params=[lo, hi]).to_arrow_table()
    conn.close()
    return {"games": games, "players": seats, "events": pays, "snapshots": snaps}


class _Accumulator:
    """Running paired moments of every per-game figure, and the few counts the category tests need."""

    def __init__(self, seats: int, strategies: int, flows: int, curve: int):
        self.seats, self.strategies, self.flows, self.curve = seats, strategies, flows, curve
        # columns: rounds, by_limit, seat one-hots, strategy one-hots, mean Gini, Gini by round, flows
        self.width = 2 + (seats + 1) + (strategies + 1) + 1 + curve + flows
        self.a, self.b, self.d = Moments(self.width), Moments(self.width), Moments(self.width)
        self.limit_table = np.zeros((2, 2), np.int64)
        self.seat_table = np.zeros((seats + 1, seats + 1), np.int64)
        self.strategy_table = np.zeros((strategies + 1, strategies + 1), np.int64)
        self.hist: list[dict[int, int]] = [{}, {}]

    def _rows(self, f: GameFigures) -> np.ndarray:
        n = len(f.index)
        seat = np.zeros((n, self.seats + 1))
        seat[np.arange(n), f.winner_seat] = 1
        strat = np.zeros((n, self.strategies + 1))
        strat[np.arange(n), f.winner_strategy] = 1
        return np.hstack([f.rounds[:, None], f.by_limit[:, None], seat, strat, f.gini_mean[:, None], f.gini,
                          f.money])

    def add(self, fa: GameFigures, fb: GameFigures) -> None:
        if not np.array_equal(fa.index, fb.index):
            raise StoreError("the two sides' games do not pair up (a batch in the database is incomplete)")
        ra, rb = self._rows(fa), self._rows(fb)
        self.a.add(ra)
        self.b.add(rb)
        self.d.add(rb - ra)
        np.add.at(self.limit_table, (fa.by_limit.astype(int), fb.by_limit.astype(int)), 1)
        np.add.at(self.seat_table, (fa.winner_seat, fb.winner_seat), 1)
        np.add.at(self.strategy_table, (fa.winner_strategy, fb.winner_strategy), 1)
        for h, rounds in zip(self.hist, (fa.rounds, fb.rounds)):
            values, counts = np.unique(rounds.astype(np.int64), return_counts=True)
            for v, c in zip(values.tolist(), counts.tolist()):
                h[v] = h.get(v, 0) + c

    def _curve_shown(self, curve: int) -> int:
        """Rounds of the Gini curve worth drawing: up to the length 95% of the games of both sides reach."""
        lengths = sorted({**self.hist[0], **self.hist[1]})
        total = sum(self.hist[0].values()) + sum(self.hist[1].values())
        seen = 0
        for length in lengths:
            seen += self.hist[0].get(length, 0) + self.hist[1].get(length, 0)
            if seen >= 0.95 * total:
                return max(1, min(curve, length))
        return curve

    def _row(self, label: str, col: int, alpha: float, scale: float = 1.0) -> Row:
        ha, hb, hd = (m.half_width(alpha)[col] for m in (self.a, self.b, self.d))
        return Row.of_means(label, self.a.mean[col] * scale, ha * scale, self.b.mean[col] * scale, hb * scale,
                            self.d.mean[col] * scale, hd * scale)

    def _share_rows(self, labels: list[str], table: np.ndarray, alpha: float) -> list[Row]:
        """Rows of shares, one per category of a paired table (``table[i, j]``: games with category ``i`` on
        side A and ``j`` on side B): each side's count of the category, and the pairs that have it on one side
        alone."""
        n = self.a.n
        yes_a, yes_b, both = table.sum(axis=1), table.sum(axis=0), np.diag(table)
        return [Row.of_shares(label, n, int(yes_a[i]), int(yes_b[i]), int(yes_a[i] - both[i]),
                              int(yes_b[i] - both[i]), alpha) for i, label in enumerate(labels)]

    def _t(self, col: int, alpha: float) -> Test:
        return paired_t(float(self.d.mean[col]), float(self.d.sd()[col]), self.d.n, alpha)

    def figures(self, alpha: float, la: str, lb: str, strategies: list[str], flows, curve: int) -> tuple:
        from .compare_words import verdicts
        s0 = 2
        t0 = s0 + self.seats + 1
        g0 = t0 + len(strategies) + 1
        m0 = g0 + 1 + curve
        length = self._row("rounds per game", 0, alpha)
        limit, = self._share_rows(["share of games"], self.limit_table[::-1, ::-1], alpha)   # row 0: the limit
        seats = self._share_rows([f"seat {i + 1}" for i in range(self.seats)], self.seat_table, alpha)
        strat = self._share_rows(list(strategies), self.strategy_table, alpha)
        gini_mean = self._row("average over the rounds played", g0, alpha)
        shown = self._curve_shown(curve)
        gini_curve = [self._row(f"round {r + 1}", g0 + 1 + r, alpha) for r in range(shown)]
        money = [self._row(words, m0 + i, alpha) for i, (_, words) in enumerate(flows)]
        tests = {"length": self._t(0, alpha),
                 "turn_limit": mcnemar(int(self.limit_table[1, 0]), int(self.limit_table[0, 1]), alpha),
                 "seat": stuart_maxwell(self.seat_table, alpha),
                 "strategy": stuart_maxwell(self.strategy_table, alpha),
                 "inequality": self._t(g0, alpha)}
        flow_p = [self._t(m0 + i, alpha).p for i in range(len(flows))]
        adjusted = holm(flow_p)
        moved = [i for i in range(len(flows)) if self.a.mean[m0 + i] or self.b.mean[m0 + i]]
        best = min((adjusted[i] for i in moved), default=1.0)
        tests["money"] = Test("paired t-tests, Holm-adjusted", float(len(moved)), best, alpha)
        money = [money[i] for i in moved]
        hist = {"rounds_a": sorted(self.hist[0].items()), "rounds_b": sorted(self.hist[1].items())}
        rows = {"length": (length,), "turn_limit": (limit,), "seat": tuple(seats), "strategy": tuple(strat),
                "inequality": (gini_mean, *gini_curve), "money": tuple(money)}
        extra = {"length": hist, "inequality": {"curve_rounds": shown},
                 "money": {"adjusted_p": {flows[i][1]: adjusted[i] for i in moved}}}
        sentences = verdicts(rows, tests, alpha, la, lb, extra)
        units = {"length": "rounds", "turn_limit": "share", "seat": "share", "strategy": "share",
                 "inequality": "Gini", "money": "money a game"}
        return tuple(Figure(key, title, units[key], rows[key], tests[key], sentences[key], extra.get(key, {}))
                     for key, title in FIGURES)
