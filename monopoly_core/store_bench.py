"""The game database's speed figures for ``python -m monopoly_core bench`` (section ``store``).

* bulk insert rate: event rows per second written by :meth:`~.store.Writer.write` (median of repeats);
* a fresh database of N four-player classic games with the standard bots and 2 workers (N = 10,000, or 500
  with ``--quick``): wall time, database size, events per game;
* the time of every ready-made question on that database.
"""
from __future__ import annotations

import os
import shutil
import statistics
import tempfile
import time

from .bots import STANDARD
from .game import Game
from .queries import QUESTIONS
from .records import TableBuilder
from .rules import preset
from .simulate import simulate
from .sqlsafe import run_query
from .state import bots
from .store import Writer

FULL_GAMES = 10_000
QUICK_GAMES = 500


def _tables(n_games: int) -> dict:
    rules, specs = preset("classic-us"), bots(list(STANDARD))
    builder = TableBuilder(batch=1)
    for seed in range(n_games):
        g = Game.new(rules, specs, seed, snapshots=True)
        g.run()
        builder.add(g, seed + 1)
    return builder.tables()


def insert_rate(n_games: int, repeat: int, folder: str) -> dict:
    """Median event rows per second (and all rows per second) of bulk writes of ``n_games`` games."""
    tables = _tables(n_games)
    ev_rows = tables["events"].num_rows
    all_rows = sum(t.num_rows for t in tables.values())
    rates, all_rates = [], []
    for i in range(repeat):
        path = os.path.join(folder, f"insert{i}.duckdb")
        with Writer(path) as w:
            t0 = time.perf_counter()
            w.write(tables)
            dt = time.perf_counter() - t0
        rates.append(ev_rows / dt)
        all_rates.append(all_rows / dt)
    return {"insert_batch_games": n_games, "insert_batch_event_rows": ev_rows,
            "insert_event_rows_per_second": round(statistics.median(rates)),
            "insert_all_rows_per_second": round(statistics.median(all_rates)),
            "insert_event_rows_per_second_runs": [round(r) for r in rates]}


def batch_figures(n_games: int, workers: int, folder: str) -> dict:
    path = os.path.join(folder, "batch.duckdb")
    report = simulate(path, edition="classic-us", games=n_games, players=4, seed=1, workers=workers)
    size = os.path.getsize(path) + (os.path.getsize(path + ".wal") if os.path.exists(path + ".wal") else 0)
    out = {"batch_games": n_games, "batch_workers": workers, "batch_seconds": round(report.seconds, 1),
           "batch_games_per_second": round(n_games / report.seconds, 1),
           "batch_events_per_game": round(report.events / n_games, 1),
           "batch_database_mb": round(size / 1e6, 1)}
    times = {}
    for name, q in QUESTIONS.items():
        runs = []
        for _ in range(3):
            runs.append(run_query(q.sql, path, time_limit=30).seconds)
        times[name] = round(statistics.median(runs) * 1000, 1)
    out["question_ms"] = times
    out["question_ms_max"] = max(times.values())
    return out


def store_figures(opts) -> dict:
    folder = tempfile.mkdtemp(prefix="monopoly-bench-")
    try:
        out = insert_rate(min(opts.games, 200), max(3, opts.repeat), folder)
        out.update(batch_figures(QUICK_GAMES if opts.quick else FULL_GAMES, 2, folder))
        return out
    finally:
        shutil.rmtree(folder, ignore_errors=True)
