"""Batch simulation into the game database (DESIGN.md sections 4 and 6).

``simulate(db, edition=..., games=N, players=P, seed=S, workers=W)`` plays N bot games and writes them to the
database. Game ``i`` of a run is played with seed :func:`game_seed(S, i) <game_seed>`, so every game, and so
the database's contents, are the same whatever the number of worker processes. Workers (spawned processes)
play chunks of consecutive games and send back Arrow tables; the calling process is the only writer and
writes each chunk in one transaction, in game order, so an interrupted run leaves whole games only.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "doc.duckdb")
>>> report = simulate(path, games=3, players=2, seed=1, turn_limit=20)
>>> report.games, report.first_id, report.last_id
(3, 1, 3)
"""
from __future__ import annotations

import functools
import hashlib
import itertools
import multiprocessing
import os
import signal
import sys
import time
import types
from collections import deque
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable, NamedTuple

import pyarrow as pa
import pyarrow.compute as pc

from .bounds import check_count, check_seconds, check_seed, short, timed_chunk
from .errors import InvalidRules
from .game import Game
from .records import FIXED, ROTATED, TableBuilder
from .rules import RuleSet, preset
from .state import PlayerSpec, bot_table
from .store import SIMULATION, WAIT, DuplicateBatch, Writer, resolve

#: progress(done, total): called after each chunk is written.
Progress = Callable[[int, int], None]

#: How a batch may seat its bots (:data:`.records.FIXED`, :data:`.records.ROTATED`).
SEATINGS = (FIXED, ROTATED)


class Plan(NamedTuple):
    """What every chunk of a batch needs to play its games (sent to the worker processes or the cluster)."""

    rules_json: str
    specs_json: list
    master: int
    first_id: int
    batch: int
    seating: str = FIXED


def seated(specs: list, index: int, seating: str) -> list:
    """The players of game ``index`` of a batch, seat by seat: ``specs`` as they are for a fixed seating; for a
    rotated one, every player moved ``index`` seats on (the player listed first sits in seat ``index mod n``), so
    over ``n`` consecutive games each plays every seat once and seat effects no longer pass for strategy effects.

    >>> seated(["a", "b", "c"], 1, ROTATED), seated(["a", "b", "c"], 5, ROTATED), seated(["a", "b"], 1, FIXED)
    (['c', 'a', 'b'], ['b', 'c', 'a'], ['a', 'b'])
    """
    if seating == FIXED or not specs:
        return list(specs)
    k = index % len(specs)
    return list(specs[len(specs) - k:]) + list(specs[:len(specs) - k])


def check_seating(seating: str) -> str:
    """``seating`` if it names a way to seat a batch, else :class:`InvalidRules` saying which ways there are."""
    if seating not in SEATINGS:
        raise InvalidRules("seating", f"must be {FIXED!r} or {ROTATED!r}, got {short(seating)}")
    return seating


def game_seed(master: int, index: int) -> int:
    """The seed of game ``index`` of a run with master seed ``master`` (a 63-bit hash: independent of order,
    chunking and worker count)."""
    digest = hashlib.blake2b(f"{master}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


@dataclass(frozen=True)
class Report:
    """What a simulation wrote."""

    path: str
    batch: int
    games: int
    first_id: int
    last_id: int
    events: int
    seconds: float
    workers: int
    interrupted: bool = False
    kept: int = 0             # games of the run already in the batch (resumed), not played again
    timed_out: bool = False   # stopped at its time limit, after the last whole chunk written


#: Most games in one run (a run of a million games takes hours; more is a typing slip, not a plan).
MAX_GAMES = 1_000_000
#: The longest time limit a run takes, in seconds (a day).
MAX_TIME_LIMIT = 86_400.0


def max_workers() -> int:
    """Most worker processes in one run: more than the machine's cores only adds memory (at least 4, so a run's
    settings work on a small machine too)."""
    return max(4, os.cpu_count() or 1)


def chunk_size(games: int, workers: int, time_limit: float | None = None, players: int = 0,
               turn_limit: int = 0) -> int:
    """Games per chunk: small enough to keep every worker busy and progress moving, big enough to insert in
    bulk (a chunk is one transaction; a game is a few thousand events). With a time limit, also at most
    :func:`.bounds.timed_chunk` games of ``players`` to ``turn_limit`` rounds: a chunk is never cut."""
    size = max(1, min(50, games // (workers * 4) or 1))
    return size if time_limit is None else min(size, timed_chunk(players, turn_limit))


def simulate(db_path=None, *, edition: str = "classic-us", games: int = 100, players: int = 4, seed: int = 0,
             bots=None, workers: int = 1, turn_limit: int | None = None, rules: RuleSet | None = None,
             progress: Progress | None = None, chunk: int | None = None, executor=None,
             parquet: str | None = None, seating: str = FIXED, resume: bool = False,
             wait: float = WAIT, time_limit: float | None = None) -> Report:
    """Play ``games`` bot games and write them to the database at ``db_path`` (default database if None).

    ``rules`` (a RuleSet) overrides ``edition``; ``turn_limit`` changes the rules' turn limit. ``bots`` is a
    list of strategies cycled over the seats (default: the standard table). ``progress(done, total)`` is
    called after each written chunk. Invalid settings raise :class:`~.errors.InvalidRules` before anything is
    written. A KeyboardInterrupt stops the run after the last whole chunk written (``report.interrupted``).
    A run whose games are already in the database (the same rules, bots and master seed, whatever the number
    of games) raises :class:`~.store.DuplicateBatch` and writes nothing: copies would skew every statistic.
    ``executor`` (an object with ``results(tasks)``, such as :class:`.executors.DaskExecutor`) plays the same
    chunks elsewhere instead of the local pool of ``workers`` processes; the games are the same. With
    ``parquet`` (a folder or an fsspec URL the players can write to) each chunk is written there as Parquet files
    in the database's table shapes by whoever plays it, and loaded into the database from them
    (:mod:`.parquet_runs`). ``seating`` ``"rotated"`` moves every bot one seat on per game (see :func:`seated`);
    the default ``"fixed"`` keeps each in its seat. The games' ``seating`` column records it.

    With ``resume`` a run whose games are partly or wholly in the database is not refused: the batch holding
    them (an interrupted run's, say) gets the missing games, played with their own seeds and written under new
    ids, so that it holds exactly the games one uninterrupted run would have written (``report.kept`` counts
    those already there; none is played twice). ``wait`` is how many seconds to wait for another writer of the
    same file in this process before :class:`~.store.StoreBusy`.

    With ``time_limit`` (seconds) the run stops once that long has passed, after the last whole chunk written
    (``report.timed_out``; the site's clicks, see :mod:`.bounds`): what was written is a part of the batch that
    ``resume`` completes. A chunk is never cut: without ``chunk``, a timed run's chunks are small enough to end
    soon after the limit (:func:`chunk_size`).
    """
    games = check_count(games, "games", 1, MAX_GAMES)
    workers = check_count(workers, "workers", 1, max_workers())
    seed = check_seed(seed)
    check_seating(seating)
    if time_limit is not None:
        check_seconds(time_limit, "time limit", MAX_TIME_LIMIT)
    if chunk is not None:
        chunk = check_count(chunk, "chunk", 1, MAX_GAMES)
    if parquet:
        from .parquet_runs import check_url
        check_url(parquet)                  # (before the database file is made: a bad address writes nothing)
    if rules is None:
        rules = preset(edition) if turn_limit is None else preset(edition, turn_limit=turn_limit)
    elif turn_limit is not None:
        rules = rules.replace(turn_limit=turn_limit)
    if isinstance(players, bool) or not isinstance(players, int):
        raise InvalidRules("players", f"must be a whole number, got {players!r}")
    rules.validate(players)                 # the count is checked before any seat is built
    specs = bot_table(players, bots)
    workers = min(executor.workers() if executor is not None else workers, games)
    size = chunk or chunk_size(games, workers, time_limit, players, rules.turn_limit)
    t0 = time.perf_counter()
    done = events = 0
    interrupted = timed_out = False
    rules_json = rules.to_json()
    with Writer(db_path, wait=wait) as writer:
        old = writer.same_batch(rules_json, [s.strategy for s in specs], game_seed(seed, 0), seating)
        if old is not None and not resume:
            raise DuplicateBatch(duplicate_message(old))
        kept = frozenset() if old is None else writer.batch_indices(old["batch"], games)
        missing = [i for i in range(games) if i not in kept]
        batch = writer.next_batch_id() if old is None else old["batch"]
        writer.plan_batch(batch, games, seed, SIMULATION)
        # game i gets id first_id + i: the missing games take fresh ids from the next free one on
        first_id = writer.next_game_id() - (missing[0] if missing else 0)
        plan = Plan(rules_json, [s.to_json() for s in specs], seed, first_id, batch, seating)
        tasks = ((plan, start, stop) for start, stop in missing_chunks(missing, size))
        fn = functools.partial(play_chunk_parquet, url=parquet) if parquet else play_chunk
        results = play_tasks(tasks, workers, executor, fn)
        last = missing[0] - 1 if missing else -1
        try:
            for chunk_out in results:
                if parquet:
                    writer.write_parquet(chunk_out["files"])
                    done += chunk_out["games"]
                    events += chunk_out["events"]
                else:
                    writer.write(chunk_out)
                    done += chunk_out["games"].num_rows
                    events += chunk_out["events"].num_rows
                last = missing[done - 1]
                if progress is not None:
                    progress(len(kept) + done, games)
                if time_limit is not None and done < len(missing) and time.perf_counter() - t0 >= time_limit:
                    timed_out = True
                    break
        except KeyboardInterrupt:
            interrupted = True
        finally:
            results.close()
    return Report(str(resolve(db_path)), batch, done, first_id + (missing[0] if missing else 0), first_id + last,
                  events, time.perf_counter() - t0, workers, interrupted, len(kept), timed_out)


def missing_chunks(missing: list[int], size: int) -> list[tuple[int, int]]:
    """The batch indices ``missing`` (ascending) as chunks ``(start, stop)`` of at most ``size`` consecutive games.

    >>> missing_chunks([0, 1, 2, 3, 4], 2), missing_chunks([3, 4, 5, 9], 2)
    ([(0, 2), (2, 4), (4, 5)], [(3, 5), (5, 6), (9, 10)])
    """
    out = []
    for _, run in itertools.groupby(enumerate(missing), lambda x: x[1] - x[0]):
        indices = [i for _, i in run]
        out += [(start, min(start + size, indices[-1] + 1)) for start in range(indices[0], indices[-1] + 1, size)]
    return out


def without_games(tables: dict[str, pa.Table], indices: frozenset[int]) -> dict[str, pa.Table]:
    """A played chunk's tables without the games whose batch index is in ``indices`` (games its batch already
    holds), nor their players, events and snapshots."""
    games = tables["games"]
    drop = pc.is_in(games["batch_index"], value_set=pa.array(sorted(indices), pa.int64()))
    ids = pc.filter(games["id"], drop)
    out = {"games": games.filter(pc.invert(drop))}
    for name in ("players", "events", "snapshots"):
        out[name] = tables[name].filter(pc.invert(pc.is_in(tables[name]["game"], value_set=ids)))
    return out


def duplicate_message(old: dict) -> str:
    """Why a run was refused, for people: which batch already holds its games, and what to change."""
    n = old["games"]
    return (f"these games are already in the database: batch {old['batch']} ({n:,} game{'s' if n != 1 else ''}, "
            f"ids {old['first_id']:,} to {old['last_id']:,}) was simulated with the same rules, bots, seating, "
            f"number of players and master seed, so its games would be written again. Choose another master seed "
            f"for new games.")


def play_tasks(tasks, workers: int, executor=None, fn=None):
    """``fn(task)`` of each task (default :func:`play_chunk`: its tables), in task order (a generator: close it
    to stop early), from the local pool of ``workers`` processes or, given ``executor``, from it (see
    :mod:`.executors`)."""
    fn = fn or play_chunk
    if executor is not None:
        return executor.results(tasks, fn)
    return _results(tasks, workers, fn)


def _results(tasks, workers: int, fn=None):
    """Each task's tables, in task order: in this process for one worker, else from a pool of spawned worker
    processes with a bounded number of chunks in flight (so a slow writer does not pile up memory)."""
    fn = fn or play_chunk
    if workers == 1:
        for task in tasks:
            yield fn(task)
        return
    ctx = multiprocessing.get_context("spawn")
    with _main_hidden():
        pool = ctx.Pool(workers, initializer=_ignore_sigint)
    try:
        pending: deque = deque()
        queue = iter(tasks)
        for task in queue:
            pending.append(pool.apply_async(fn, (task,)))
            if len(pending) >= workers * 2:
                break
        while pending:
            result = pending.popleft().get()
            nxt = next(queue, None)
            if nxt is not None:
                pending.append(pool.apply_async(fn, (nxt,)))
            yield result
        pool.close()
    finally:
        pool.terminate()
        pool.join()


@contextmanager
def _main_hidden():
    """Hide the main module while worker processes start.

    A spawned worker re-runs the parent's main script (as ``__mp_main__``) before it takes work; under Streamlit
    that script is the page itself. Workers need only this module, so they are started with a blank main.
    """
    main = sys.modules.get("__main__")
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        yield
    finally:
        if main is not None:
            sys.modules["__main__"] = main


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the parent, which stops the run after the last whole chunk."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def play_chunk(task) -> dict:
    """Play games ``start`` to ``stop - 1`` of a run and return their tables (runs in worker processes)."""
    plan, start, stop = task
    plan = Plan(*plan)
    rules = RuleSet.from_json(plan.rules_json)
    specs = [PlayerSpec.from_json(s) for s in plan.specs_json]
    builder = TableBuilder(source="simulated", batch=plan.batch, seating=plan.seating)
    first_id, master = plan.first_id, plan.master
    for i in range(start, stop):
        began = time.time()
        game = Game.new(rules, seated(specs, i, plan.seating), game_seed(master, i), snapshots=True)
        game.run()
        builder.add(game, first_id + i, batch_index=i, started_at=began, finished_at=time.time())
    return builder.tables()


def play_chunk_parquet(task, url: str) -> dict:
    """Play a chunk and write it as Parquet files under ``url`` (runs wherever the games are played); returns
    the files and the numbers of games and events, all the writing process needs."""
    from .parquet_runs import chunk_files, write_chunk
    plan, start, _ = task
    tables = play_chunk(task)
    files = chunk_files(url, Plan(*plan).batch, start)
    write_chunk(tables, files)
    return {"files": files, "games": tables["games"].num_rows, "events": tables["events"].num_rows}


def sample_database(path=None, games: int = 300, *, seed: int = 2024, workers: int = 1,
                    progress: Progress | None = None) -> Report:
    """Fill a database with a small sample (four-player classic games, standard bots) so the SQL page is never
    empty."""
    return simulate(path, edition="classic-us", games=games, players=4, seed=seed, workers=workers,
                    progress=progress)


class ProgressBar:
    """A text progress bar for a terminal (``progress`` callback for :func:`simulate`)."""

    def __init__(self, stream=None, width: int = 30, label: str = "games"):
        self.stream = stream or sys.stderr
        self.width = width
        self.label = label
        self.t0 = time.perf_counter()
        self._last = 0.0
        self._tty = hasattr(self.stream, "isatty") and self.stream.isatty()

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        final = done >= total
        if not final and now - self._last < (0.2 if self._tty else 5.0):
            return
        self._last = now
        filled = int(self.width * done / total) if total else self.width
        bar = "#" * filled + "-" * (self.width - filled)
        elapsed = now - self.t0
        line = f"[{bar}] {done:,}/{total:,} {self.label}  {elapsed:5.1f} s"
        if self._tty:
            self.stream.write("\r" + line + ("\n" if final else ""))
        else:
            self.stream.write(line + "\n")
        self.stream.flush()
