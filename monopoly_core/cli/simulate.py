"""``simulate``: play many bot games and write them to the game database."""
from __future__ import annotations

import sys

from ..errors import MonopolyError
from ..simulate import FIXED, MAX_GAMES, MAX_TIME_LIMIT, ROTATED, ProgressBar, max_workers, simulate
from ..store import DuplicateBatch, StoreError, default_db_path, resolve
from .common import (add_bots, add_edition, add_seed, bot_names, db_path, integer, not_blank, say_if_busy, seconds,
                     whole)


def register(sub) -> None:
    p = sub.add_parser("simulate", help="play many bot games into the game database")
    add_edition(p)
    p.add_argument("--games", type=whole(1, MAX_GAMES), default=100,
                   help=f"number of games, 1 to {MAX_GAMES:,} (default 100)")
    p.add_argument("--players", type=integer, default=4, help="players per game (default 4)")
    add_seed(p, "master seed: game i gets a seed drawn from it")
    p.add_argument("--db", type=db_path, help=f"database file (default {default_db_path()})")
    add_bots(p)
    p.add_argument("--workers", type=whole(1, max_workers()), default=1,
                   help=f"worker processes, 1 to {max_workers()} (default 1); the games and the database contents "
                   "do not depend on it")
    p.add_argument("--cluster", metavar="ADDRESS", type=not_blank("--cluster", "to play on this machine"),
                   help="play the games on a Dask distributed cluster (its scheduler, e.g. tcp://10.0.0.5:8786) "
                   "instead of local processes; the games are the same")
    p.add_argument("--parquet", metavar="URL", type=not_blank("--parquet", "to write to the database directly"),
                   help="write each chunk of games as Parquet files to this folder or fsspec URL (s3://...) where "
                   "they are played, then load them into the database; with --cluster the default is a folder "
                   "next to the database (the workers must be able to write to it)")
    p.add_argument("--rotate-seats", action="store_true",
                   help="move every bot one seat on each game (game i: i seats on), so each strategy plays every "
                   "seat equally often; by default every bot keeps its seat")
    p.add_argument("--turn-limit", type=integer, help="rounds before a game ends on net worth")
    p.add_argument("--resume", action="store_true",
                   help="complete the batch already in the database with the same rules, bots, seating, players "
                   "and master seed (a run that was interrupted, or a larger run of the same games) instead of "
                   "refusing it: only the games it lacks are played")
    p.add_argument("--time-limit", type=seconds(MAX_TIME_LIMIT), metavar="SECONDS",
                   help=f"stop once this many seconds (up to {MAX_TIME_LIMIT:,.0f}) have passed, after the last whole "
                   "chunk written (--resume then plays the rest)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def default_parquet(db) -> str:
    """The Parquet folder of a cluster run without ``--parquet``: ``games-parquet`` next to ``games.duckdb``."""
    path = resolve(db)
    return str(path.with_name(path.stem + "-parquet"))


def run(args) -> int:
    bar = None if args.quiet else ProgressBar(sys.stderr)
    executor = None
    try:
        bots = bot_names(args.bots, args.players)
        parquet = args.parquet
        if args.cluster:
            from ..executors import DaskExecutor
            executor = DaskExecutor(args.cluster)
            parquet = parquet or default_parquet(args.db)
        say_if_busy(args.db, sys.stderr)
        report = simulate(args.db, edition=args.edition, games=args.games, players=args.players, seed=args.seed,
                          bots=bots, workers=args.workers, turn_limit=args.turn_limit, progress=bar,
                          executor=executor, parquet=parquet, seating=ROTATED if args.rotate_seats else FIXED,
                          resume=args.resume, time_limit=args.time_limit)
    except DuplicateBatch as exc:
        print(f"error: {exc} Or pass --resume to complete that batch up to --games.", file=sys.stderr)
        return 2
    except (MonopolyError, StoreError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    finally:
        if executor is not None:
            executor.close()
    if report.interrupted:
        print(f"interrupted: {report.games} whole games were written (ids {report.first_id}-{report.last_id})",
              file=sys.stderr)
        return 130
    if report.timed_out:
        print(f"stopped at the time limit ({args.time_limit:g} s): {report.games:,} whole "
              f"game{'s were' if report.games != 1 else ' was'} written (ids "
              f"{report.first_id}-{report.last_id}, batch {report.batch}); run the same command with --resume to "
              "play the rest", file=sys.stderr)
    kept = (f"; {report.kept:,} game{'s were' if report.kept != 1 else ' was'} already in the batch and kept"
            if report.kept else "")
    if not report.games:
        print(f"nothing to play: all {report.kept:,} games are already in batch {report.batch} of {report.path}")
        return 0
    print(f"wrote {report.games:,} game{'s' if report.games != 1 else ''} (ids {report.first_id}-{report.last_id}, "
          f"batch {report.batch}, {report.events:,} events) to {report.path} in {report.seconds:.1f} s with "
          f"{report.workers} worker{'s' if report.workers != 1 else ''}{kept}")
    return 0
