"""``sql``: one query through the safe read-only runner, printed as CSV. A refused or failed query exits with
status 2 and the reason on standard error."""
from __future__ import annotations

import re
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
    text = result.to_csv()
    sys.stdout.write(_shown_safely(text) if sys.stdout.isatty() else text)
    for note in result.notes:          # a cut, renamed columns, columns sent as text
        print(f"note: {note}", file=sys.stderr)
    return 0


#: Control characters a terminal would act on rather than show (an escape sequence retitles or recolours it).
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def _shown_safely(text: str) -> str:
    """Text for a terminal: each control character but tab and line breaks written as its escape (``\\x1b``).
    Output to a file or a pipe is the query's data as it is."""
    return _CONTROL.sub(lambda m: ascii(m.group())[1:-1], text)
