#!/usr/bin/env python3
"""Games per second of the batch runner on 1 and 2 local worker processes and on a 2-worker Dask LocalCluster
(issue 18), each the median of several runs into a fresh database, with the events hash of every run (equal
across executors when the games are the same).

    python tools/cluster_bench.py [GAMES] [RUNS]     # default 2,000 games, 3 runs each

The cluster's start-up is outside the timing (a cluster is started once and serves many runs); each timed run
includes writing the database (and, on the cluster, writing and loading the Parquet files).
"""
from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import duckdb  # noqa: E402

from monopoly_core.native import status as build_status  # noqa: E402
from monopoly_core.parquet_runs import events_hash  # noqa: E402
from monopoly_core.simulate import simulate  # noqa: E402


def _one(folder: str, name: str, games: int, **kwargs) -> tuple[float, str]:
    db = os.path.join(folder, f"{name}.duckdb")
    report = simulate(db, games=games, players=4, seed=2024, **kwargs)
    with duckdb.connect(db, read_only=True) as conn:
        digest = events_hash(conn, 1)
    return report.games / report.seconds, digest


def main(argv: list[str]) -> int:
    games = int(argv[0]) if argv else 2000
    runs = int(argv[1]) if len(argv) > 1 else 3
    from distributed import LocalCluster

    from monopoly_core.executors import DaskExecutor
    out: dict[str, dict] = {}
    with tempfile.TemporaryDirectory() as folder, \
            LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            DaskExecutor(cluster) as dask:
        setups = {"local, 1 worker": dict(workers=1), "local, 2 workers": dict(workers=2),
                  "Dask LocalCluster, 2 workers": dict(executor=dask)}
        for r in range(runs):
            for k, (label, kwargs) in enumerate(setups.items()):
                extra = {"parquet": os.path.join(folder, f"pq{r}")} if "executor" in kwargs else {}
                rate, digest = _one(folder, f"setup{k}-run{r}", games, **kwargs, **extra)
                entry = out.setdefault(label, {"rates": [], "hashes": set()})
                entry["rates"].append(round(rate, 1))
                entry["hashes"].add(digest)
    result = {label: {"median games/s": statistics.median(e["rates"]), "runs": e["rates"],
                      "events hash": sorted(e["hashes"])} for label, e in out.items()}
    result["build"] = str(build_status())
    result["games"] = games
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
