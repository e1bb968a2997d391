"""``sql``: one query through the safe read-only runner, printed as CSV. A refused or failed query exits with
status 2 and the reason on standard error."""
from __future__ import annotations

import sys

from ..sqlsafe import MAX_ROW_CAP, MAX_TIME_LIMIT, ROW_CAP, TIME_LIMIT, QueryError, run_query
from ..store import default_db_path
from .common import db_path, seconds, whole


def register(sub) -> None:
    p = sub.add_parser("sql", help="run one read-only SQL query on the game database (CSV out)")
    p.add_argument("query", help="one SELECT / WITH / EXPLAIN / DESCRIBE / SUMMARIZE statement")
    p.add_argument("--db", type=db_path, help=f"database file (default {default_db_path()})")
    p.add_argument("--row-cap", type=whole(1, MAX_ROW_CAP), default=ROW_CAP,
                   help=f"most rows printed, 1 to {MAX_ROW_CAP:,} (default {ROW_CAP:,})")
    p.add_argument("--time-limit", type=seconds(MAX_TIME_LIMIT), default=TIME_LIMIT,
                   help=f"seconds before the query is stopped, from 0.001 to {MAX_TIME_LIMIT:g} "
                        f"(default {TIME_LIMIT:g})")
    p.set_defaults(func=run)


def run(args) -> int:
    try:
        result = run_query(args.query, args.db, row_cap=args.row_cap, time_limit=args.time_limit)
    except QueryError as exc:
        print(f"refused: {exc}" if exc.__class__.__name__ == "QueryRefused" else f"error: {exc}",
              file=sys.stderr)
        return 2
    sys.stdout.write(result.to_csv())
    for note in result.notes:          # a cut, renamed columns, columns sent as text
        print(f"note: {note}", file=sys.stderr)
    return 0
