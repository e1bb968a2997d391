#!/usr/bin/env python3
"""Peak memory and seconds of the hostile inputs of issue 13 (the worst SQL queries, share links and command
lines), each run in its own process, and the latency of a ready-made query.

    .venv/bin/python tools/limits_bench.py [--root DIR] [--cap 120] [--only sql,worker,links,cli,latency] [--json]

Each case runs as ``python -m monopoly_core ...`` (or a small script) in a child process; a sampler reads the
resident memory of the child and all its descendants from /proc every 50 ms and reports the peak of their sum,
and the wall-clock seconds until the child exits (or ``--cap`` seconds, when it is killed: shown as ``>cap``).
``--root`` runs another checkout of the project (to measure a version before a change). ``worker`` sends the
same queries straight to the SQL worker, past the query checks, to measure the memory ceiling alone (this
checkout only: older ones have no worker). Not a test: figures depend on the machine, so they go in notes.
"""
from __future__ import annotations

import argparse
import base64
import json
import os
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

QUERIES = {
    "length(range(3e8))": "SELECT length(range(300000000))",
    "repeat('x', 1e9)": "SELECT repeat('x', 1000000000)",
    "lpad('x', 2e9, 'y')": "SELECT lpad('x', 2000000000, 'y')",
    "regexp_replace(repeat)": "SELECT regexp_replace(repeat('ab', 300000000), 'a', 'c', 'g')",
    "list_sum(range(3e8))": "SELECT list_sum(range(300000000))",
    "unnest(range(3e8))": "SELECT count(*) FROM (SELECT unnest(range(300000000)))",
    "array_to_string(range)": "SELECT length(array_to_string(range(100000000), ','))",
    "to_json(range(1e8))": "SELECT length(to_json(range(100000000)))",
    "printf('%0*d')": "SELECT length(printf('%01000000000d', 1))",
    "format('{:>1e9}')": "SELECT length(format('{:>1000000000}', 'x'))",
    "list repeat": "SELECT length(repeat([1, 2, 3], 300000000))",
    "string_agg(range)": "SELECT length(string_agg(x::VARCHAR, ',')) FROM range(300000000) t(x)",
}


def _children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(x) for x in f.read().split()]
    except OSError:
        return []


def _rss_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def _tree_rss_kb(pid: int) -> int:
    total, stack = 0, [pid]
    while stack:
        p = stack.pop()
        total += _rss_kb(p)
        stack.extend(_children(p))
    return total


def measure(cmd: list[str], cwd: Path, cap: float) -> dict:
    """Run ``cmd``; its peak tree RSS (MB), seconds, exit status and the last line of its standard error."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    peak, killed = 0, False
    while proc.poll() is None:
        peak = max(peak, _tree_rss_kb(proc.pid))
        if time.perf_counter() - t0 > cap:
            os.killpg(proc.pid, 9)
            killed = True
            break
        time.sleep(0.05)
    err = proc.communicate()[1]
    seconds = time.perf_counter() - t0
    last = (err.strip().splitlines() or [""])[-1][:100]
    return {"peak_mb": round(peak / 1024), "seconds": None if killed else round(seconds, 1),
            "status": "killed" if killed else proc.returncode, "says": last}


def _bomb_link(raw_mb: int) -> dict:
    """Share-link parameters whose action list inflates to ``raw_mb`` MB of JSON."""
    n = raw_mb * 1_000_000 // 2
    raw = b"[" + b"0," * n + b"0]"
    packed = base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")
    return {"preset": "classic-us", "players": _pack([{"name": "A"}, {"name": "B"}]), "seed": "1",
            "steps": "0", "actions": packed}


def _long_name_link(name_mb: int) -> dict:
    return {"preset": "classic-us", "players": _pack([{"name": "A" * (name_mb * 1_000_000)}, {"name": "B"}]),
            "seed": "1", "steps": "0", "actions": _pack([])}


def _pack(obj) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


OPEN_LINK = ("import json, sys\nfrom monopoly_core import sharelink\n"
             "try:\n    sharelink.open_link(json.load(open(sys.argv[1])))\n"
             "except Exception as exc:\n    print(type(exc).__name__, exc, file=sys.stderr)\n")


def _ensure_db(root: Path, path: Path) -> None:
    if not path.exists():
        subprocess.run([sys.executable, "-m", "monopoly_core", "simulate", "--db", str(path), "--games", "20",
                        "--quiet"], cwd=root, check=True, stdout=subprocess.DEVNULL)


def run_sql(root: Path, cap: float, work: Path) -> dict:
    db = work / "games.duckdb"
    _ensure_db(root, db)
    return {name: measure([sys.executable, "-m", "monopoly_core", "sql", "--db", str(db), "--time-limit", "5", q],
                          root, cap) for name, q in QUERIES.items()}


UNCHECKED = ("import sys\nfrom monopoly_core.sqlpool import RemoteConnection\nfrom monopoly_core.sqlsafe import "
             "MEMORY_CEILING, QueryError\nconn = RemoteConnection(sys.argv[1], f'{MEMORY_CEILING // 2 // 2**20}MB', "
             "MEMORY_CEILING, 30)\ntry:\n    conn.run(sys.argv[2], 100, 5.0)\nexcept QueryError as exc:\n"
             "    print(exc, file=sys.stderr)\nconn.close()\n")


def run_worker(root: Path, cap: float, work: Path) -> dict:
    db = work / "games.duckdb"
    _ensure_db(root, db)
    return {name: measure([sys.executable, "-c", UNCHECKED, str(db), q], root, cap) for name, q in QUERIES.items()}


def run_links(root: Path, cap: float, work: Path) -> dict:
    out = {}
    for name, params in (("bomb link, 300 MB of actions", _bomb_link(300)),
                         ("50 MB player name", _long_name_link(50))):
        path = work / "link.json"
        path.write_text(json.dumps(params))
        size = sum(len(k) + len(v) + 2 for k, v in params.items())
        res = measure([sys.executable, "-c", OPEN_LINK, str(path)], root, cap)
        out[f"{name} ({size / 1000:,.0f} KB)"] = res
    return out


def run_cli(root: Path, cap: float, work: Path) -> dict:
    return {"play --players 100000000": measure([sys.executable, "-m", "monopoly_core", "play", "--players",
                                                 "100000000"], root, cap)}


LATENCY = ("import json, statistics, sys, time\nfrom monopoly_core.queries import QUESTIONS\n"
           "from monopoly_core.sqlsafe import run_query\nq = QUESTIONS['win_rate_by_strategy'].sql\n"
           "run_query(q, sys.argv[1])\nt = []\nfor _ in range(int(sys.argv[2])):\n"
           "    t0 = time.perf_counter(); run_query(q, sys.argv[1]); t.append(time.perf_counter() - t0)\n"
           "print(json.dumps({'median_ms': round(1000 * statistics.median(t), 1), "
           "'max_ms': round(1000 * max(t), 1)}))\n")


def run_latency(root: Path, cap: float, work: Path) -> dict:
    db = work / "games.duckdb"
    _ensure_db(root, db)
    res = subprocess.run([sys.executable, "-c", LATENCY, str(db), "100"], cwd=root, capture_output=True, text=True,
                         timeout=cap)
    return {"ready-made query (win rate by strategy), 100 runs": json.loads(res.stdout)}


PARTS = {"sql": run_sql, "worker": run_worker, "links": run_links, "cli": run_cli, "latency": run_latency}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, default=ROOT, help="the checkout to measure (default: this one)")
    ap.add_argument("--cap", type=float, default=120.0, help="seconds before a case is killed (default 120)")
    ap.add_argument("--only", help=f"comma-separated parts (known: {', '.join(PARTS)})")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args()
    wanted = args.only.split(",") if args.only else list(PARTS)
    unknown = [w for w in wanted if w not in PARTS]
    if unknown:
        ap.error(f"unknown part {', '.join(unknown)} (known: {', '.join(PARTS)})")
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for part in wanted:
            out[part] = PARTS[part](args.root.resolve(), args.cap, Path(tmp))
            if not args.json:
                for name, res in out[part].items():
                    print(f"{part:8} {name:45} {res}", flush=True)
    if args.json:
        print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
