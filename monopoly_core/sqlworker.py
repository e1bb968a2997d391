"""The process that runs people's SQL, and what it shares with the process that asks (layers 3 to 5 of
:mod:`monopoly_core.sqlsafe`).

DuckDB's memory limit and its interrupt cover work done in chunks, not one huge value built by one function call
(``repeat('x', 10**9)`` allocates the gigabyte at once, and no interrupt reaches it until it is built). So a
query runs in a separate worker process whose address space is capped (``RLIMIT_AS``): an allocation above the
ceiling fails there, never in the site's process, and the asking side (:mod:`monopoly_core.sqlpool`) kills the
worker when the time limit has passed. This module imports only the standard library, DuckDB and pyarrow, so the
worker starts in isolated mode (``python -I sqlworker.py CEILING``) without the rules engine.

The worker reads requests from its standard input and answers on its standard output, one frame each: an 8-byte
header (the lengths of a JSON header and of a binary payload), the JSON, the payload. Requests: ``open`` (a
database file, read-only and hardened), ``run`` (one query that :func:`~monopoly_core.sqlsafe.check_query`
accepted; the rows come back as an Arrow IPC stream) and ``close``.
"""
from __future__ import annotations

import json
import os
import re
import resource
import struct
import sys
import threading
import time

import duckdb
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.ipc as ipc

#: Most bytes of rows one query may send back (the rows are shown on a page and kept in its session).
MAX_RESULT_BYTES = 64 * 2**20
#: The most values a result may hold inside lists, structs and maps. Arrow keeps them compact (a true or false in one
#: bit), but the page's table and the CSV make a Python object of each: an outside review's 10 MB of lists of structs
#: took the site's process to 7.5 GB. A million such values stay within about 100 MB there.
MAX_NESTED_VALUES = 1_000_000
#: The most values (rows x columns) a result may hold. Arrow keeps a true or false in one bit, but the CSV writes each
#: value in a few bytes: an outside review's 25,000 columns of 10,000 booleans (30 MB) made a CSV of 1.2 GB, the
#: process peaking at 3.1 GB. Ten million values (10,000 rows of 1,000 columns) make a CSV of at most about 50 MB
#: beyond the result's own text.
MAX_CELLS = 10_000_000
#: Largest frame either side accepts (a result, plus room for its header).
MAX_FRAME = MAX_RESULT_BYTES + 2**20
_HEAD = struct.Struct(">II")


class QueryError(Exception):
    """The query could not be run; ``str(exc)`` says why, for people."""


class QueryRefused(QueryError):
    """The query was refused by the safety rules (not a mistake in SQL)."""


class OutOfMemory(QueryError):
    """The query ran out of memory. Its worker is not used again: an outside review saw DuckDB refuse every later
    query on the same connection, ``SELECT 42`` included, as out of memory after a run of heavy queries."""


# --- the hardened connection and the limits inside the worker ---------------------------------------------------
def hardened_connection(path, memory_limit: str) -> duckdb.DuckDBPyConnection:
    """A read-only connection with no external access, no extensions, a memory limit and locked settings;
    ``duckdb.Error`` when the file cannot be opened."""
    config = {"access_mode": "READ_ONLY", "enable_external_access": False,
              "autoinstall_known_extensions": False, "autoload_known_extensions": False,
              "allow_community_extensions": False, "allow_unsigned_extensions": False,
              "memory_limit": memory_limit, "max_temp_directory_size": "0GB",
              "threads": max(1, min(4, os.cpu_count() or 1))}
    conn = duckdb.connect(str(path), read_only=True, config=config)
    try:
        conn.execute("SET enable_progress_bar = false")
        conn.execute("SET lock_configuration = true")
    except BaseException:
        conn.close()
        raise
    return conn


class Timer:
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

    def __enter__(self) -> "Timer":
        self._timer.start()
        return self

    def __exit__(self, *exc) -> None:
        with self._lock:
            self._done = True
        self._timer.cancel()


def too_slow(limit: float) -> str:
    return (f"the query took longer than {limit:g} s and was stopped; try a smaller question (a WHERE, a LIMIT, "
            f"fewer joins)")


def execute(conn, sql: str, cap: int, limit: float) -> tuple[pa.Table, bool, float]:
    """Run ``sql`` on ``conn``: (rows cut at ``cap``, whether they were cut, seconds); :class:`QueryError`
    with a message for people when it fails, is interrupted at ``limit`` seconds or sends too many bytes.

    When a date or timestamp column holds a value Python cannot (:func:`beyond_python`: ``DATE '294247-01-01'``,
    ``'infinity'``), the query is run again with those columns as DuckDB's text, so ordinary dates stay dates."""
    t0 = time.perf_counter()
    with Timer(conn, limit) as timer:
        try:
            table, truncated = _fetch(conn, sql, cap, ())
            far = tuple(i for i, column in enumerate(table.columns) if beyond_python(column))
            if far:
                table, truncated = _fetch(conn, sql, cap, far)
        except QueryError:
            raise
        except MemoryError:
            raise OutOfMemory(out_of_memory()) from None
        except Exception as exc:     # duckdb.Error, or pyarrow's OSError for an interrupted stream
            if timer.fired:
                raise QueryError(too_slow(limit)) from None
            raise (OutOfMemory if _out_of_memory(exc) else QueryError)(message(exc)) from None
    return table, truncated, time.perf_counter() - t0


def _fetch(conn, sql: str, cap: int, far: tuple[int, ...]) -> tuple[pa.Table, bool]:
    """The rows of ``sql`` (at most ``cap``, shaped by :func:`presentable`, the columns ``far`` as text) and
    whether they were cut."""
    batches: list[pa.RecordBatch] = []
    rows = size = nested = 0
    truncated = False
    rel = conn.sql(sql)
    if rel is None:
        raise QueryRefused("the statement returned no rows")
    rel, notes = presentable(rel, far)
    reader = rel.to_arrow_reader(2048)
    schema = reader.schema
    try:
        for batch in reader:
            if rows + batch.num_rows > cap:
                batch = batch.slice(0, cap - rows)
                truncated = True
            size += batch.nbytes
            if size > MAX_RESULT_BYTES:
                raise QueryError(too_large(size))
            if (rows + batch.num_rows) * len(schema) > MAX_CELLS:
                raise QueryError(too_many_cells(rows + batch.num_rows, len(schema)))
            nested += nested_values(batch)
            if nested > MAX_NESTED_VALUES:
                raise QueryError(too_many_values(nested))
            batches.append(batch)
            rows += batch.num_rows
            if truncated:
                break
    finally:
        reader.close()
        del reader, rel
    table = pa.Table.from_batches(batches, schema=schema)
    if notes:
        table = table.replace_schema_metadata({**(table.schema.metadata or {}), **notes})
    return table, truncated


#: The instants Python's dates can hold (1 January of year 1 to the end of 9999) in seconds from 1970, first
#: included, last excluded; pandas and the page's table fail on a date or timestamp outside them.
_FIRST_SECOND, _END_SECOND = -62_135_596_800, 253_402_300_800
_PER_SECOND = {"s": 1, "ms": 1_000, "us": 1_000_000, "ns": 1_000_000_000}


def beyond_python(values) -> bool:
    """Whether the Arrow ``values`` (a column, or the lists and structs in it) hold a date or timestamp that
    Python's dates cannot: beyond the year 9999 or before the year 1, or DuckDB's ``infinity``; or a time of day
    Python's cannot, DuckDB's ``24:00:00`` (an outside review)."""
    kind = values.type
    if isinstance(values, pa.ChunkedArray):
        return any(beyond_python(chunk) for chunk in values.chunks)
    if pa.types.is_list(kind) or pa.types.is_large_list(kind) or pa.types.is_fixed_size_list(kind):
        return beyond_python(values.flatten())
    if pa.types.is_struct(kind):
        return any(beyond_python(child) for child in values.flatten())
    if pa.types.is_date32(kind):
        low, high, scale = values.cast(pa.int32()), 86_400, 1
    elif pa.types.is_timestamp(kind):
        low, high, scale = values.cast(pa.int64()), 1, _PER_SECOND[kind.unit]
    elif pa.types.is_time(kind):
        last = pc.max(values.cast(pa.int32() if kind.bit_width == 32 else pa.int64())).as_py()
        return last is not None and last >= 86_400 * _PER_SECOND[kind.unit]
    else:
        return False
    ends = pc.min_max(low)
    first, last = ends["min"].as_py(), ends["max"].as_py()
    if first is None:                      # no rows, or only NULLs
        return False
    return first * high < _FIRST_SECOND * scale or last * high >= _END_SECOND * scale


#: DuckDB types (``DuckDBPyType.id``) whose values reach a table on the page, a chart and a CSV file as they are.
#: Lists, arrays and structs of these stay too (a program reading the result keeps its lists); every other type
#: (INTERVAL, BLOB, BIT, UNION, MAP, UUID, TIME WITH TIME ZONE, ENUM, BIGNUM, a list of intervals ...) is sent as
#: DuckDB's own text for it, because pandas, Arrow's CSV writer or the page's table cannot carry it. A date or
#: timestamp column is also sent as text when one of its values is beyond Python's dates (:func:`beyond_python`).
SHOWN_AS_IS = frozenset({"boolean", "tinyint", "smallint", "integer", "bigint", "hugeint", "utinyint", "usmallint",
                         "uinteger", "ubigint", "float", "double", "decimal", "varchar", "date", "time",
                         "timestamp", "timestamp_s", "timestamp_ms", "timestamp_ns", "timestamp with time zone"})
#: Keys of the result's schema metadata that say what was changed: JSON lists of [old name, new name], of
#: [column, DuckDB type] sent as text for its type, and of [column, DuckDB type] sent as text for its far dates.
RENAMED, AS_TEXT, FAR_DATES = b"monopoly.renamed", b"monopoly.as_text", b"monopoly.far_dates"
_VIEW = "__monopoly_result"


def unique_names(names: list[str]) -> list[str]:
    """``names`` with each repeat given a number (``x, x`` gives ``x, x_2``), never one already used: tables,
    CSV files and charts need each column to have its own name."""
    taken = set(names)
    seen: set[str] = set()
    out = []
    for name in names:
        new, n = name, 1
        while new in seen or (new != name and new in taken):
            n += 1
            new = f"{name}_{n}"
        seen.add(new)
        out.append(new)
    return out


def carried(kind) -> bool:
    """Whether values of the DuckDB type ``kind`` reach pandas, a table and a CSV file as they are."""
    name = str(kind.id)
    if name in ("list", "array", "struct"):
        return all(carried(child) for label, child in kind.children if label != "size")
    return name in SHOWN_AS_IS


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def presentable(rel, far: tuple[int, ...] = ()):
    """``rel`` with unique column names and every column of a type outside :data:`SHOWN_AS_IS` cast to text, as
    are the columns numbered in ``far`` (dates Python cannot hold), and the schema metadata that says so (empty
    when nothing needed changing)."""
    names, types = list(rel.columns), [str(t.id) for t in rel.types]
    new = unique_names(names)
    text = [not carried(t) and i not in far for i, t in enumerate(rel.types)]
    if new == names and not any(text) and not far:
        return rel, {}
    inner = ", ".join(f'"__c{i}"' for i in range(len(names)))
    cols = ", ".join((f'CAST("__c{i}" AS VARCHAR)' if text[i] or i in far else f'"__c{i}"') + " AS "
                     + _quote(new[i]) for i in range(len(names)))
    shaped = rel.query(_VIEW, f"SELECT {cols} FROM {_VIEW} AS __r({inner})")
    notes = {}
    if new != names:
        notes[RENAMED] = json.dumps([[a, b] for a, b in zip(names, new) if a != b]).encode()
    if any(text):
        notes[AS_TEXT] = json.dumps([[new[i], str(rel.types[i])] for i in range(len(names))
                                     if text[i] and types[i] != "null"]).encode()     # NULL: nothing to say
    if far:
        notes[FAR_DATES] = json.dumps([[new[i], str(rel.types[i])] for i in far]).encode()
    return shaped, notes


def nested_values(batch: pa.RecordBatch) -> int:
    """How many values ``batch`` holds inside its lists, structs and maps (each becomes a Python object when shown)."""
    return sum(_inside(col) for col in batch.columns if pa.types.is_nested(col.type))


def _inside(arr: pa.Array) -> int:
    """The values of the nested array ``arr``, counted down to its leaves (a struct's fields, a list's elements)."""
    t = arr.type
    if pa.types.is_struct(t):
        return len(arr) + sum(_inside(field) for field in arr.flatten())
    if pa.types.is_map(t):
        return len(arr) + _inside(arr.keys) + _inside(arr.items)
    if pa.types.is_list(t) or pa.types.is_large_list(t) or pa.types.is_fixed_size_list(t):
        return len(arr) + _inside(arr.flatten())
    return len(arr)


def too_many_values(n: int) -> str:
    return (f"the result holds too many values inside lists or structs to show ({n:,} or more; the limit is "
            f"{MAX_NESTED_VALUES:,}): ask for fewer rows, or unnest or aggregate the lists")


def too_many_cells(rows: int, columns: int) -> str:
    return (f"the result holds too many values to show ({columns:,} columns of {rows:,} rows or more; the limit is "
            f"{MAX_CELLS:,} values): select fewer columns or rows")


def too_large(size: int) -> str:
    return (f"the result is too large to show ({size / 2**20:,.0f} MB or more; the limit is "
            f"{MAX_RESULT_BYTES / 2**20:,.0f} MB): ask for fewer rows or shorter values")


def out_of_memory(ceiling: int | None = None) -> str:
    amount = f" ({ceiling / 2**20:,.0f} MB)" if ceiling else ""
    return f"the query needed more memory than allowed{amount} and was stopped; try a smaller question"


def message(exc: Exception) -> str:
    """DuckDB's error as a sentence for people."""
    text = clean(exc)
    low = text.lower()
    if "disabled by configuration" in low or ("external" in low and "disabled" in low):
        return ("reading or writing files, URLs or extensions is switched off here: queries may read only the "
                "game database's tables and views")
    if "read-only" in low:
        return "the database is read-only here: queries may only read"
    if "configuration has been locked" in low:
        return "settings cannot be changed here"
    if _out_of_memory(exc):
        return out_of_memory()
    unknown = _UNKNOWN_COLUMN.search(text)
    if unknown:
        # (a walkthrough's student typed WHERE preset = classic-us and got only DuckDB's "Referenced column
        # "classic" not found"; a text value without quotes is read as a column's name)
        text += (f"\n\nIf {unknown.group(1)} is a value you are looking for rather than a column, put the whole "
                 "value in single quotes, as in WHERE preset = 'classic-us'.")
    return text


def _out_of_memory(exc: Exception) -> bool:
    low = clean(exc).lower()
    return (isinstance(exc, getattr(duckdb, "OutOfMemoryException", ())) or "out of memory" in low
            or "could not allocate" in low or "bad_alloc" in low)


#: DuckDB's words for a name that is no column of the tables asked about.
_UNKNOWN_COLUMN = re.compile(r'Referenced column "([^"]{1,80})" not found')


#: DuckDB's "did you mean" pointing at one of its own catalog views, which the runner refuses (a table missing from
#: a database suggested ``pg_namespace``): the hint is dropped, as following it only meets a refusal
_SERVER_HINT = re.compile(r'\s*Did you mean "(?:pg_|duckdb_|sqlite_|pragma_|information_schema)[^"]*"\?', re.I)
#: DuckDB's advice to change a setting, which the runner refuses (an outside review's 1,000 nested CTEs met "Use
#: "SET max_expression_depth TO x" to increase the maximum expression depth"): said as what to do instead
_SETTING_ADVICE = re.compile(r'\s*Use "SET [a-z_]+ TO x" to increase the [a-z ]+\.?', re.I)
_INSTEAD = " The lab's queries cannot change settings: write the query with fewer levels."


#: DuckDB's words when a result nests lists or structs past the depth Arrow carries (63 levels), said for a reader
_TOO_NESTED = "Recursion level in ArrowSchema"


def clean(exc: Exception) -> str:
    """DuckDB's message (``Binder Error: ...`` with its LINE pointer is readable as it is), less a hint at one of
    DuckDB's own catalog views."""
    text = str(exc)
    if _TOO_NESTED in text or isinstance(exc, RecursionError):     # (Python's own limit, past some 400 levels)
        return ("the result nests lists or structs too deeply to be shown (over 62 levels); flatten it, or cast the "
                "column to text (CAST(x AS VARCHAR))")
    text = _SERVER_HINT.sub("", text)
    if _SETTING_ADVICE.search(text):
        text = _SETTING_ADVICE.sub("", text).rstrip() + _INSTEAD
    return text.strip() or exc.__class__.__name__


# --- frames -------------------------------------------------------------------------------------------------------
def write_frame(stream, header: dict, payload: bytes = b"") -> None:
    head = json.dumps(header).encode()
    stream.write(_HEAD.pack(len(head), len(payload)) + head)
    if payload:
        stream.write(payload)
    stream.flush()


def read_frame(stream) -> tuple[dict, bytes] | None:
    """The next frame, or None at the end of the stream (the other side is gone or sent garbage)."""
    raw = _read_exactly(stream, _HEAD.size)
    if raw is None:
        return None
    n_head, n_payload = _HEAD.unpack(raw)
    if n_head + n_payload > MAX_FRAME:
        return None
    head = _read_exactly(stream, n_head)
    payload = _read_exactly(stream, n_payload) if n_payload else b""
    if head is None or payload is None:
        return None
    try:
        header = json.loads(head)
    except ValueError:
        return None
    return (header, payload) if isinstance(header, dict) else None


def _read_exactly(stream, n: int) -> bytes | None:
    chunks, left = [], n
    while left:
        chunk = stream.read(left)
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def to_ipc(table: pa.Table) -> bytes:
    sink = pa.BufferOutputStream()
    with ipc.new_stream(sink, table.schema) as writer:
        writer.write_table(table)
    return sink.getvalue().to_pybytes()


def from_ipc(data: bytes) -> pa.Table:
    return ipc.open_stream(data).read_all()


# --- the worker ---------------------------------------------------------------------------------------------------
class _Session:
    """The worker's state: at most one open connection, and the memory ceiling it runs under."""

    def __init__(self, ceiling: int):
        self.ceiling = ceiling
        self.conn: duckdb.DuckDBPyConnection | None = None

    def handle(self, req: dict) -> tuple[dict, bytes]:
        op = req.get("op")
        if op == "open":
            self.close()
            try:
                self.conn = hardened_connection(req["path"], req["memory_limit"])
            except duckdb.Error as exc:
                return {"error": "connect", "message": clean(exc)}, b""
            return {"ok": True}, b""
        if op == "close":
            self.close()
            return {"ok": True}, b""
        if op == "run":
            if self.conn is None:
                return {"error": "QueryError", "message": "the reader is closed"}, b""
            try:
                table, truncated, seconds = execute(self.conn, req["sql"], int(req["cap"]), float(req["limit"]))
                payload = to_ipc(table)
            except OutOfMemory as exc:
                return {"error": "QueryError", "message": str(exc), "retire": True}, b""
            except QueryError as exc:
                return {"error": type(exc).__name__, "message": str(exc)}, b""
            except MemoryError:
                return {"error": "QueryError", "message": out_of_memory(self.ceiling), "retire": True}, b""
            return {"ok": True, "truncated": truncated, "seconds": seconds}, payload
        return {"error": "QueryError", "message": f"unknown request {op!r}"}, b""

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def serve(stdin, stdout, ceiling: int) -> None:
    """Answer requests until the asking side closes the pipe (or a request leaves the worker unsafe to reuse)."""
    session = _Session(ceiling)
    write_frame(stdout, {"ready": True, "pid": os.getpid()})
    while True:
        frame = read_frame(stdin)
        if frame is None:
            break
        reply, payload = session.handle(frame[0])
        write_frame(stdout, reply, payload)
        if reply.get("retire"):
            break
    session.close()


def main(argv: list[str]) -> int:
    ceiling = int(argv[0])
    resource.setrlimit(resource.RLIMIT_AS, (ceiling, ceiling))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr          # a stray print must not break a frame
    serve(stdin, stdout, ceiling)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
