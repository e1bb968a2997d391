"""Running people's SQL on the game database, safely (DESIGN.md section 4; issue 5 "Safety").

:func:`run_query` (or a :class:`SafeReader` for several queries) checks a query, runs it on a hardened
read-only connection and returns a :class:`QueryResult`. Layers, each enough on its own for most attacks:

1. **Parse** with DuckDB's own parser (``extract_statements``): exactly one statement, of type SELECT
   (which covers WITH, FROM-first, VALUES, TABLE, DESCRIBE, SUMMARIZE, SHOW) or EXPLAIN of such a statement.
   Comments and string literals cannot hide a second statement, because the parser reads them.
2. **Inspect** the statement's parse tree (``json_serialize_sql``): table functions that read files or run
   other SQL (``read_csv``, ``read_text``, ``glob``, ``query`` ...), file paths or URLs used as tables, and
   other databases are refused by name.
3. **Connection**: read-only, ``enable_external_access = false`` (no files, no URLs, no extension installs),
   extension auto-install and auto-load off, a memory limit, and ``lock_configuration = true`` so the query
   cannot change any of that.
4. **Limits**: a timer thread calls ``interrupt()`` when the time limit passes (the connection stays usable),
   and results are streamed and cut at the row cap, with a note.

Every refusal or failure raises :class:`QueryError` (:class:`QueryRefused` for a policy refusal) whose message
is meant for people; nothing leaks a stack trace. Within one process the reader and the writers of a file take
the same gate (:func:`monopoly_core.store.gate`), so they are never open on one file at once.
"""
from __future__ import annotations

import atexit
import json
import re
import threading
import time
from dataclasses import dataclass, field

import duckdb
import pyarrow as pa

from .store import GatedConnection, StoreError, connect_error, resolve

ROW_CAP = 10_000
TIME_LIMIT = 5.0
MEMORY_LIMIT = "1GB"
MAX_QUERY_CHARS = 20_000

#: Table functions that reach outside the database (files, URLs, other SQL) or describe the machine.
BLOCKED_TABLE_FUNCTIONS = re.compile(
    r"^(read_\w+|glob|sniff_csv|parquet_\w+|iceberg_\w+|delta_\w+|query|query_table|\w*_scan|\w*_scan_\w+|"
    r"duckdb_extensions|duckdb_secrets|duckdb_temporary_files|which_secret|load_aws_credentials|"
    r"sqlite_\w+|postgres_\w+|mysql_\w+|arrow_\w+|python_\w+|pandas_\w+|checkpoint|force_checkpoint)$",
    re.I)
ALLOWED_STARTS = ("SELECT", "WITH", "FROM", "VALUES", "TABLE", "DESCRIBE", "DESC", "SUMMARIZE", "SHOW",
                  "EXPLAIN", "(")


class QueryError(Exception):
    """The query could not be run; ``str(exc)`` says why, for people."""


class QueryRefused(QueryError):
    """The query was refused by the safety rules (not a mistake in SQL)."""


@dataclass
class QueryResult:
    """The rows of a query (an Arrow table), cut at the row cap when ``truncated``."""

    table: pa.Table
    truncated: bool
    row_cap: int
    seconds: float
    sql: str = ""
    columns: list[str] = field(default_factory=list)

    @property
    def note(self) -> str | None:
        """A sentence for people when the result was cut, else None."""
        if not self.truncated:
            return None
        return (f"Only the first {self.row_cap:,} rows are shown: the query returned more. Add a LIMIT, a WHERE "
                f"or a GROUP BY to see what you need.")

    @property
    def num_rows(self) -> int:
        return self.table.num_rows

    def to_pandas(self):
        return self.table.to_pandas()

    def to_csv(self) -> str:
        """The rows as CSV text (header included)."""
        import io

        import pyarrow.csv as pacsv
        buf = io.BytesIO()
        pacsv.write_csv(_csv_safe(self.table), buf)
        return buf.getvalue().decode("utf-8")

    def to_parquet(self) -> bytes:
        """The rows as a Parquet file's bytes."""
        import io

        import pyarrow.parquet as pq
        buf = io.BytesIO()
        pq.write_table(self.table, buf)
        return buf.getvalue()


def _csv_safe(table: pa.Table) -> pa.Table:
    """Columns CSV cannot hold (lists, structs, maps) as JSON-ish text."""
    cols = []
    for col in table.columns:
        t = col.type
        if pa.types.is_nested(t) or pa.types.is_dictionary(t):
            cols.append(pa.array([None if v is None else (json.dumps(v, default=str)
                                                          if not isinstance(v, str) else v)
                                  for v in col.to_pylist()], pa.string()))
        else:
            cols.append(col)
    return pa.table(cols, names=table.column_names)


# --- layer 1 and 2: what the query is ----------------------------------------------------------------------------
_parser_lock = threading.Lock()
_parser: duckdb.DuckDBPyConnection | None = None


def _parse_conn() -> duckdb.DuckDBPyConnection:
    """A private in-memory connection for parsing (no data, no external access)."""
    global _parser
    if _parser is None:
        _parser = duckdb.connect(":memory:", config={"enable_external_access": False,
                                                     "autoinstall_known_extensions": False,
                                                     "autoload_known_extensions": False})
        _parser.execute("SET lock_configuration = true")
        atexit.register(_close_parser)
    return _parser


def _close_parser() -> None:
    global _parser
    if _parser is not None:
        _parser.close()
        _parser = None


def check_query(sql) -> str:
    """The query, if it is one statement the runner accepts; else :class:`QueryRefused` or
    :class:`QueryError` (a syntax error) with the reason."""
    if not isinstance(sql, str):
        raise QueryRefused("the query must be text")
    if len(sql) > MAX_QUERY_CHARS:
        raise QueryRefused(f"the query is too long ({len(sql):,} characters; the limit is {MAX_QUERY_CHARS:,})")
    if "\x00" in sql:
        raise QueryRefused("the query contains a NUL character")
    with _parser_lock:
        conn = _parse_conn()
        statements = _statements(sql)
        if not statements:
            raise QueryRefused("the query is empty: write one SELECT statement")
        if len(statements) > 1:
            raise QueryRefused(f"one statement at a time, please: this text holds {len(statements)} statements "
                               f"(separated by ';')")
        st = statements[0]
        kind = st.type.name
        first = _first_word(sql)
        if kind == "EXPLAIN":
            inner = _after_explain(sql)
            inner_statements = _statements(inner)
            if len(inner_statements) != 1 or inner_statements[0].type.name != "SELECT":
                raise QueryRefused("EXPLAIN is allowed only for a SELECT query")
            _inspect(conn, inner)
        elif kind == "SELECT" and first in ALLOWED_STARTS:
            _inspect(conn, sql)
        else:
            word = first if first not in ("", "(") else kind
            raise QueryRefused(f"only reading queries are allowed (SELECT, WITH, EXPLAIN, DESCRIBE, SUMMARIZE), "
                               f"not {word}")
    return sql


def _statements(sql: str):
    try:
        return duckdb.extract_statements(sql)
    except duckdb.Error as exc:
        raise QueryError(_clean(exc)) from None


def _tokens(sql: str) -> list[tuple[int, str, str]]:
    """(offset, type, text) of the query's tokens, comments left out."""
    try:
        raw = duckdb.tokenize(sql)
    except duckdb.Error as exc:
        raise QueryError(_clean(exc)) from None
    out = []
    for i, (pos, ttype) in enumerate(raw):
        end = raw[i + 1][0] if i + 1 < len(raw) else len(sql)
        name = getattr(ttype, "name", str(ttype))
        if name != "comment":
            out.append((pos, name, sql[pos:end].strip()))
    return out


def _first_word(sql: str) -> str:
    toks = _tokens(sql)
    if not toks:
        return ""
    text = toks[0][2]
    return "(" if text.startswith("(") else text.split()[0].upper() if text else ""


def _after_explain(sql: str) -> str:
    """The statement an EXPLAIN explains: what follows EXPLAIN, ANALYZE and an option list in brackets."""
    toks = _tokens(sql)
    i = 1
    if i < len(toks) and toks[i][2].upper() in ("ANALYZE", "ANALYSE"):
        i += 1
    if i < len(toks) and toks[i][2].startswith("("):
        depth = 0
        while i < len(toks):
            depth += toks[i][2].count("(") - toks[i][2].count(")")
            i += 1
            if depth <= 0:
                break
    return sql[toks[i][0]:] if i < len(toks) else ""


def _inspect(conn, sql: str) -> None:
    """Refuse table functions, file paths, URLs and other databases named anywhere in the parse tree."""
    try:
        text = conn.execute("SELECT json_serialize_sql(?)", [sql]).fetchone()[0]
        tree = json.loads(text)
    except (duckdb.Error, ValueError, TypeError):
        return      # the other layers still apply
    if tree.get("error"):
        return
    for node in _walk(tree):
        ntype = node.get("type")
        if ntype == "TABLE_FUNCTION":
            fn = (node.get("function") or {}).get("function_name", "")
            if BLOCKED_TABLE_FUNCTIONS.match(fn or ""):
                raise QueryRefused(f"the table function {fn}() is not allowed here: queries may read only the "
                                   f"game database's tables and views (no files, URLs or other SQL)")
        elif ntype == "BASE_TABLE":
            name = node.get("table_name", "") or ""
            if "/" in name or "\\" in name or "://" in name or re.search(r"\.\w{1,8}$", name):
                raise QueryRefused(f"reading files or URLs ({name!r}) is not allowed: query the tables and views "
                                   f"of the game database")



def _walk(node):
    """Every dict in a JSON tree."""
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            yield item
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


# --- layer 3 and 4: the connection and the limits --------------------------------------------------------------
class SafeReader(GatedConnection):
    """A hardened read-only connection to one database file (use as a context manager).

    While it is open it holds the file's gate, so no writer in this process can open the file; keep it open
    only as long as needed (:func:`run_query` opens one per query).
    """

    def __init__(self, db_path=None, *, time_limit: float = TIME_LIMIT, row_cap: int = ROW_CAP,
                 memory_limit: str = MEMORY_LIMIT, wait: float = 3.0):
        super().__init__(db_path, wait=wait)
        self.time_limit = time_limit
        self.row_cap = row_cap
        self.memory_limit = memory_limit

    def __enter__(self) -> "SafeReader":
        if not self.path.exists():
            raise QueryError(f"there is no database at {self.path} yet: simulate some games first (python -m "
                             f"monopoly_core simulate) or create a sample")
        try:
            return super().__enter__()
        except StoreError as exc:
            raise QueryError(str(exc)) from None

    def _open(self) -> duckdb.DuckDBPyConnection:
        return _hardened_connection(self.path, self.memory_limit)

    def run(self, sql, *, row_cap: int | None = None, time_limit: float | None = None) -> QueryResult:
        """Check and run one query; :class:`QueryError` with a message for people when it cannot."""
        if self.conn is None:
            raise QueryError("the reader is closed")
        cap = self.row_cap if row_cap is None else row_cap
        limit = self.time_limit if time_limit is None else time_limit
        sql = check_query(sql)
        return _execute(self.conn, sql, cap, limit)


def run_query(sql, db_path=None, *, row_cap: int = ROW_CAP, time_limit: float = TIME_LIMIT,
              wait: float = 3.0) -> QueryResult:
    """Run one query on the database at ``db_path`` through a fresh hardened read-only connection.
    ``wait`` is how long to wait for a writer in this process (a simulation) to finish before giving up."""
    sql = check_query(sql)          # refuse before touching the file
    with SafeReader(db_path, row_cap=row_cap, time_limit=time_limit, wait=wait) as reader:
        return reader.run(sql)


def _hardened_connection(path, memory_limit: str) -> duckdb.DuckDBPyConnection:
    config = {"access_mode": "READ_ONLY", "enable_external_access": False,
              "autoinstall_known_extensions": False, "autoload_known_extensions": False,
              "allow_community_extensions": False, "allow_unsigned_extensions": False,
              "memory_limit": memory_limit, "max_temp_directory_size": "0GB"}
    try:
        conn = duckdb.connect(str(path), read_only=True, config=config)
    except duckdb.Error as exc:
        raise QueryError(str(connect_error(exc, path))) from None
    try:
        conn.execute("SET enable_progress_bar = false")
        conn.execute("SET lock_configuration = true")
    except BaseException:
        conn.close()
        raise
    return conn


class _Timer:
    """Interrupts ``conn`` after ``seconds`` unless finished first; ``fired`` says whether it did."""

    def __init__(self, conn, seconds: float):
        self.conn = conn
        self.fired = False
        self._done = False
        self._lock = threading.Lock()
        self._timer = threading.Timer(seconds, self._fire)
        self._timer.daemon = True

    def _fire(self) -> None:
        with self._lock:
            if not self._done:
                self.fired = True
                self.conn.interrupt()

    def __enter__(self) -> "_Timer":
        self._timer.start()
        return self

    def __exit__(self, *exc) -> None:
        with self._lock:
            self._done = True
        self._timer.cancel()


def _execute(conn, sql: str, cap: int, limit: float) -> QueryResult:
    t0 = time.perf_counter()
    batches: list[pa.RecordBatch] = []
    rows = 0
    truncated = False
    schema = None
    with _Timer(conn, limit) as timer:
        try:
            rel = conn.sql(sql)
            if rel is None:
                raise QueryRefused("the statement returned no rows")
            reader = rel.to_arrow_reader(2048)
            schema = reader.schema
            try:
                for batch in reader:
                    if rows + batch.num_rows > cap:
                        batches.append(batch.slice(0, cap - rows))
                        rows = cap
                        truncated = True
                        break
                    batches.append(batch)
                    rows += batch.num_rows
            finally:
                reader.close()
                del reader, rel
        except QueryError:
            raise
        except Exception as exc:     # duckdb.Error, or pyarrow's OSError for an interrupted stream
            if timer.fired:
                raise QueryError(f"the query took longer than {limit:g} s and was stopped; try a smaller "
                                 f"question (a WHERE, a LIMIT, fewer joins)") from None
            raise QueryError(_message(exc)) from None
    table = pa.Table.from_batches(batches, schema=schema)
    return QueryResult(table, truncated, cap, time.perf_counter() - t0, sql, table.column_names)


def _message(exc: Exception) -> str:
    """DuckDB's error as a sentence for people."""
    text = _clean(exc)
    low = text.lower()
    if "disabled by configuration" in low or ("external" in low and "disabled" in low):
        return ("reading or writing files, URLs or extensions is switched off here: queries may read only the "
                "game database's tables and views")
    if "read-only" in low:
        return "the database is read-only here: queries may only read"
    if "configuration has been locked" in low:
        return "settings cannot be changed here"
    if isinstance(exc, getattr(duckdb, "OutOfMemoryException", ())) or "out of memory" in low:
        return f"the query needed more memory than allowed ({MEMORY_LIMIT}); try a smaller question"
    return text


def _clean(exc: Exception) -> str:
    """DuckDB's message (``Binder Error: ...`` with its LINE pointer is readable as it is)."""
    return str(exc).strip() or exc.__class__.__name__


def database_summary(db_path=None) -> dict | None:
    """How many games (simulated and played) and events the database holds; None when the file does not exist
    yet. Raises :class:`QueryError` when it cannot be read (busy, or not a game database)."""
    if not resolve(db_path).exists():
        return None
    res = run_query("SELECT count(*) AS games, count(*) FILTER (WHERE source = 'simulated') AS simulated, "
                    "count(*) FILTER (WHERE source = 'played') AS played, coalesce(sum(events), 0)::BIGINT "
                    "AS events FROM games", db_path)
    return res.table.to_pylist()[0]
