"""Running people's SQL on the game database, safely (DESIGN.md section 4; issue 5 "Safety"; issue 13).

:func:`run_query` (or a :class:`SafeReader` for several queries) checks a query, runs it on a hardened
read-only connection in a worker process and returns a :class:`QueryResult`. Layers, each enough on its own for
most attacks:

1. **Parse** with DuckDB's own parser (``extract_statements``): exactly one statement, of type SELECT
   (which covers WITH, FROM-first, VALUES, TABLE, DESCRIBE, SUMMARIZE, SHOW) or EXPLAIN of such a statement,
   nested at most :data:`MAX_DEPTH` brackets deep. Comments and string literals cannot hide a second
   statement, because the parser reads them.
2. **Inspect** the statement's parse tree (``json_serialize_sql``; a query whose tree cannot be read is
   refused): only the table functions that make rows from values in the query (``range``, ``unnest`` ...) or
   describe the database's own tables and columns (``duckdb_columns()``, ``pragma_table_info`` ...) may be
   called; file paths or URLs used as tables, DuckDB's own views (``pg_catalog.*``, ``duckdb_databases``,
   ``pragma_database_list``, anything in the ``system`` or ``temp`` catalog) and functions that describe the
   server (``current_setting()``, ``version()`` ...) are refused, all with one sentence (files, URLs, paths,
   settings, extensions, secrets, memory, the environment); ``information_schema`` (tables and columns only)
   stays readable. The functions that build one value from a number (``repeat``, ``lpad``, ``range``,
   ``printf`` widths ...) need that number written in the query, and together may build at most
   :data:`MAX_BUILT` characters or elements (a call's count times what its arguments build; side by side, added).
3. **Connection**: read-only, ``enable_external_access = false`` (no files, no URLs, no extension installs),
   extension auto-install and auto-load off, a memory limit, and ``lock_configuration = true`` so the query
   cannot change any of that (:mod:`monopoly_core.sqlworker`).
4. **Worker process** (:mod:`monopoly_core.sqlpool`): the query runs in a process with an address-space
   ceiling (``memory_ceiling``), so no value, however it is built, takes this process's memory; the worker is
   killed when the time limit has passed by a second, and replaced.
5. **Limits**: a timer calls ``interrupt()`` at the time limit, results are streamed and cut at the row cap
   (with a note) and at :data:`~monopoly_core.sqlworker.MAX_RESULT_BYTES`.

Every refusal or failure raises :class:`QueryError` (:class:`QueryRefused` for a policy refusal) whose message
is meant for people; nothing leaks a stack trace, and no other exception type leaves :func:`check_query` or
:func:`run_query`. Within one process the reader and the writers of a file take the same gate
(:func:`monopoly_core.store.gate`), so they are never open on one file at once.
"""
from __future__ import annotations

import atexit
import functools
import json
import re
import threading
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

import duckdb
import pyarrow as pa

from .bounds import check_count, check_seconds
from .errors import InvalidRules
from .sqlpool import RemoteConnection
from .sqlworker import AS_TEXT, FAR_DATES, RENAMED, QueryError, QueryRefused, execute, hardened_connection
from .sqlworker import clean as _clean
from .store import GatedConnection, StoreError, connect_error, exists, resolve

ROW_CAP = 10_000
MAX_ROW_CAP = 1_000_000
TIME_LIMIT = 5.0
MAX_TIME_LIMIT = 600.0
#: Address space of the worker process that runs a query; DuckDB's own memory limit is half of it, so DuckDB
#: refuses most big queries itself, and the ceiling catches the values it does not count.
MEMORY_CEILING = 2 * 2**30
MAX_QUERY_CHARS = 20_000
#: Deepest nesting of brackets in a query.
MAX_DEPTH = 100
#: Most characters or elements the value-building functions of one query may build (nested, multiplied; side by
#: side, added: :func:`_built_total`).
MAX_BUILT = 10_000_000

#: Table functions a query may call: those that make rows from values written in the query, and those that
#: describe only the database's own tables and columns (:data:`CATALOG_FUNCTIONS`). Every other table function is
#: refused, whatever it does (files, URLs, other SQL, the server's settings, extensions, secrets, memory, logs), and
#: so is any a later DuckDB adds.
ROW_FUNCTIONS = frozenset({"range", "generate_series", "unnest", "json_each", "json_tree", "repeat", "repeat_row",
                           "histogram", "histogram_values", "pg_timezone_names", "icu_calendar_names"})
#: Functions that describe the database's own tables and columns only (no paths, settings or files).
CATALOG_FUNCTIONS = frozenset({"duckdb_columns", "duckdb_tables", "duckdb_views", "duckdb_schemas", "duckdb_types",
                               "duckdb_functions", "duckdb_keywords", "duckdb_constraints", "duckdb_indexes",
                               "duckdb_sequences", "duckdb_dependencies", "pragma_table_info", "pragma_show"})
#: Functions and views, by name however called or qualified, that describe the server (files, paths, settings,
#: extensions, secrets, memory, the environment) rather than the games, except :data:`CATALOG_FUNCTIONS`.
#: ``pg_catalog``'s views (``pg_settings`` holds every setting, paths included; ``pg_database`` the databases)
#: are matched as ``pg_`` names, ``pragma_database_list`` and the ``duckdb_*`` views as theirs.
SERVER_NAMES = re.compile(r"^(duckdb_\w+|pragma_\w+|pg_catalog|pg_(?!typeof$)\w+|current_setting|getenv|getvariable|"
                          r"which_secret|\w*secret\w*|write_log|json_execute_serialized_sql)$", re.I)
#: Functions refused when called (``version()``, as ``pragma_version``), a name a column may also have.
SERVER_ONLY_AS_FUNCTIONS = frozenset({"version"})
#: The catalogs and schemas of DuckDB's own views (``system.main.duckdb_databases``, ``pg_catalog.pg_settings``):
#: a table named in them is the server's, not the games'.
SERVER_SCHEMAS = frozenset({"system", "temp", "pg_catalog"})
#: Functions that build one value whose size is a number argument: name -> position of that argument.
BUILDERS = {"repeat": 1, "lpad": 1, "rpad": 1, "list_resize": 1, "array_resize": 1, "to_base": 2,
            "equi_width_bins": 2, "bar": 3}
RANGES = frozenset({"range", "generate_series"})
PATTERNS = frozenset({"printf", "format"})
ALLOWED_STARTS = ("SELECT", "WITH", "FROM", "VALUES", "TABLE", "DESCRIBE", "DESC", "SUMMARIZE", "SHOW",
                  "EXPLAIN", "(")


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
    def renamed(self) -> list[tuple[str, str]]:
        """(name in the query, name in the result) of each column renamed because an earlier one had its
        name."""
        return [(a, b) for a, b in self._changed(RENAMED)]

    @property
    def as_text(self) -> list[tuple[str, str]]:
        """(column, DuckDB type) of each column sent as text because a table or CSV file cannot hold its
        type."""
        return [(a, b) for a, b in self._changed(AS_TEXT)]

    @property
    def far_dates(self) -> list[tuple[str, str]]:
        """(column, DuckDB type) of each date or timestamp column sent as text because it holds a value Python's
        dates cannot (beyond the year 9999, or infinite)."""
        return [(a, b) for a, b in self._changed(FAR_DATES)]

    def _changed(self, key: bytes) -> list:
        raw = (self.table.schema.metadata or {}).get(key)
        return json.loads(raw) if raw else []

    @property
    def notes(self) -> list[str]:
        """Sentences for people about how the rows shown differ from what the query returned."""
        out = [self.note] if self.note else []
        if self.renamed:
            pairs = ", ".join(f"{new} (the second {old})" if new.endswith("_2") else f"{new} (another {old})"
                              for old, new in self.renamed)
            out.append(f"Some columns had the same name, and every column needs its own, so they were renamed: "
                       f"{pairs}. Give them names with AS to choose your own.")
        if self.as_text:
            cols = ", ".join(f"{col} ({kind})" for col, kind in self.as_text)
            out.append(f"Shown as text, because a table or CSV file cannot hold these types as they are: {cols}.")
        if self.nan_columns:
            out.append(f"Shown as text, with NaN (not a number) written NaN, because a column of numbers cannot show "
                       f"it: {', '.join(self.nan_columns)}.")
        if self.big_columns:
            out.append(f"Shown as text, because a browser holds whole numbers exactly only up to "
                       f"{_EXACT_IN_A_BROWSER:,} and these columns go past it: {', '.join(self.big_columns)} "
                       f"(the downloads hold the numbers themselves).")
        if self.far_dates:
            cols = ", ".join(f"{col} ({kind})" for col, kind in self.far_dates)
            out.append(f"Shown as text, because the table can hold only dates from the year 1 to 9999 and times of "
                       f"day before 24:00, and these columns have a value outside them or an infinite date: {cols}.")
        return out

    @functools.cached_property
    def nan_columns(self) -> list[str]:
        """The columns of numbers holding a NaN, which :attr:`shown` and the CSV hold as text (looked for once: the
        Database page asks for them, the notes, the rows shown and the CSV)."""
        return _nan_columns(self.table)

    @functools.cached_property
    def big_columns(self) -> list[str]:
        """The columns of whole numbers holding one past :data:`_EXACT_IN_A_BROWSER` (a game's seed often is), which
        :attr:`shown` holds as text: a page's table rounds them (a browser review saw seeds marked as inexact, and
        a seed copied from one would open another game)."""
        return _big_columns(self.table)

    @property
    def shown(self) -> pa.Table:
        """The rows as a table on a page shows them: a column of numbers holding a NaN as text, NaN written NaN (a
        NaN in a column of numbers is drawn as an error cell), NULL staying empty, as the CSV writes them; a column
        of whole numbers too large for a browser to hold exactly as text (:attr:`big_columns`)."""
        return _big_as_text(_nan_as_text(self.table, self.nan_columns), self.big_columns)

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
        pacsv.write_csv(_csv_safe(_nan_as_text(self.table, self.nan_columns)), buf)     # (large numbers as numbers)
        return buf.getvalue().decode("utf-8")

    def to_parquet(self) -> bytes:
        """The rows as a Parquet file's bytes."""
        import io

        import pyarrow.parquet as pq
        buf = io.BytesIO()
        pq.write_table(self.table, buf)
        return buf.getvalue()


def _nan_columns(table: pa.Table) -> list[str]:
    """The columns of numbers that hold a NaN."""
    import pyarrow.compute as pc
    return [name for name, col in zip(table.column_names, table.columns)
            if pa.types.is_floating(col.type) and pc.any(pc.is_nan(col)).as_py()]


#: The largest whole number a browser's JavaScript holds exactly (2**53 - 1).
_EXACT_IN_A_BROWSER = 2**53 - 1


def _big_columns(table: pa.Table) -> list[str]:
    """The columns of whole numbers with a value past :data:`_EXACT_IN_A_BROWSER` either way."""
    import pyarrow.compute as pc
    out = []
    for name, col in zip(table.column_names, table.columns):
        if pa.types.is_integer(col.type) and col.type.bit_width == 64 and len(col) and col.null_count < len(col):
            low, high = pc.min_max(col).values()
            if high.as_py() > _EXACT_IN_A_BROWSER or low.as_py() < -_EXACT_IN_A_BROWSER:
                out.append(name)
    return out


def _big_as_text(table: pa.Table, big_columns: list[str]) -> pa.Table:
    if not big_columns:
        return table
    import pyarrow.compute as pc
    big = set(big_columns)
    cols = [pc.cast(col, pa.string()) if name in big else col for name, col in zip(table.column_names, table.columns)]
    return pa.table(cols, names=table.column_names)


def _nan_as_text(table: pa.Table, nan_columns: list[str]) -> pa.Table:
    """The ``nan_columns`` (:func:`_nan_columns`) as text, NaN written NaN (Arrow writes ``nan``, and a table's column
    of numbers draws it as an error), NULL staying NULL."""
    import pyarrow.compute as pc
    nan = set(nan_columns)
    if not nan:
        return table
    cols = [pc.if_else(pc.is_nan(col), "NaN", pc.cast(col, pa.string())) if name in nan else col
            for name, col in zip(table.column_names, table.columns)]
    return pa.table(cols, names=table.column_names)


def _csv_safe(table: pa.Table) -> pa.Table:
    """Columns CSV cannot hold (lists, structs, maps) as JSON-ish text, of the rows as shown (:attr:`QueryResult.shown`:
    a NaN already written NaN, NULL staying an empty field)."""
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


def _unencodable(sql: str) -> int | None:
    """Where ``sql`` holds a lone surrogate (half of a UTF-16 pair, from a broken paste or a program), which no
    database text can hold; None when it has none. (The parser failed on it with an unnamed TypeError.)"""
    try:
        sql.encode("utf-8")
        return None
    except UnicodeEncodeError as exc:
        return exc.start


def check_query(sql) -> str:
    """The query, if it is one statement the runner accepts; else :class:`QueryRefused` or
    :class:`QueryError` (a syntax error) with the reason. Nothing else escapes: a failure of the checks themselves
    refuses the query."""
    if not isinstance(sql, str):
        raise QueryRefused("the query must be text")
    if len(sql) > MAX_QUERY_CHARS:
        raise QueryRefused(f"the query is too long ({len(sql):,} characters; the limit is {MAX_QUERY_CHARS:,})")
    if "\x00" in sql:
        raise QueryRefused("the query contains a NUL character")
    bad = _unencodable(sql)
    if bad is not None:
        raise QueryRefused(f"the query contains a character that is not text (U+{ord(sql[bad]):04X} at character "
                           f"{bad + 1}, half of a broken pair); type that part again")
    # a byte-order mark pasted from a file saved by some editors is not part of the query (it was refused as
    # "not \ufeffSELECT"); elsewhere in the text it is left for the parser to refuse
    sql = sql.lstrip("\ufeff")
    try:
        with _parser_lock:
            _check(_parse_conn(), sql)
    except QueryError:
        raise
    except RecursionError:
        raise QueryRefused(_too_deep()) from None
    except Exception as exc:      # a check that cannot decide refuses
        raise QueryRefused(f"the query could not be checked ({exc.__class__.__name__}); write it as one plain "
                           f"SELECT") from None
    return sql


def _check(conn, sql: str) -> None:
    toks = _tokens(sql)
    _check_depth(toks)
    statements = _statements(sql)
    if not statements:
        raise QueryRefused("the query is empty: write one SELECT statement")
    if len(statements) > 1:
        raise QueryRefused(f"one statement at a time, please: this text holds {len(statements)} statements "
                           f"(separated by ';')")
    kind = _kind(statements[0])
    first = _first_word(toks)
    if kind == "EXPLAIN":
        inner = _after_explain(sql, toks)
        inner_statements = _statements(inner)
        if len(inner_statements) != 1 or _kind(inner_statements[0]) != "SELECT":
            raise QueryRefused("EXPLAIN is allowed only for a SELECT query")
        _inspect(conn, inner)
    elif kind == "SELECT" and first in ALLOWED_STARTS:
        _inspect(conn, sql)
    else:
        raise QueryRefused(f"only reading queries are allowed (SELECT, WITH, EXPLAIN, DESCRIBE, SUMMARIZE), "
                           f"{_refused_kind(kind, first)}")
    _check_names(toks)


def _refused_kind(kind: str, first: str) -> str:
    """What a refused statement is, in plain words: the statement's own type, and the word it hides behind when
    it starts with a reading word (``WITH x AS (...) DELETE ...`` is a DELETE inside a WITH)."""
    what = kind.replace("_", " ") if kind not in ("UNKNOWN", "INVALID") else ""
    if first in ALLOWED_STARTS and first != "(" and what:
        article = "an" if what[0] in "AEIOU" else "a"
        return f"and this one is {article} {what} inside a {first} (a {first} may only lead to a reading query)"
    return f"not {first if first not in ('', '(') else what or 'this statement'}"


def _kind(statement) -> str:
    """The statement's type name; a type this DuckDB's Python module does not name (``UPDATE EXTENSIONS``
    raises ValueError there) is not a reading query either."""
    try:
        return statement.type.name
    except ValueError:
        return "UNKNOWN"


def _too_deep() -> str:
    return (f"the query is nested too deeply (the limit is {MAX_DEPTH} brackets inside each other, and about a "
            f"thousand operations in one expression)")


def _check_depth(toks: list[tuple[int, str, str]]) -> None:
    depth = 0
    for _, ttype, text in toks:
        if ttype in ("string_const", "comment"):
            continue
        for ch in text:
            if ch in "([{":
                depth += 1
                if depth > MAX_DEPTH:
                    raise QueryRefused(_too_deep())
            elif ch in ")]}":
                depth -= 1


def _statements(sql: str):
    try:
        return duckdb.extract_statements(sql)
    except duckdb.Error as exc:
        if "expression depth" in str(exc):
            raise QueryRefused(_too_deep()) from None
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


def _first_word(toks: list[tuple[int, str, str]]) -> str:
    if not toks:
        return ""
    text = toks[0][2]
    return "(" if text.startswith("(") else text.split()[0].upper() if text else ""


def _after_explain(sql: str, toks: list[tuple[int, str, str]]) -> str:
    """The statement an EXPLAIN explains: what follows EXPLAIN, ANALYZE and an option list in brackets."""
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
    """Refuse what the parse tree names that reaches outside the database or describes the server, and bound
    the values the query builds. A tree that cannot be read refuses the query."""
    try:
        text = conn.execute("SELECT json_serialize_sql(?)", [sql]).fetchone()[0]
        tree = json.loads(text)
    except (duckdb.Error, ValueError, TypeError):
        tree = None
    if not isinstance(tree, dict) or tree.get("error") is not False:
        raise QueryRefused("this query cannot be checked, so it is not run: write it as one plain SELECT")
    table_calls = set()          # a table function (FROM range(n)) streams its rows: it builds no one value
    for node in _walk(tree):
        ntype = node.get("type")
        if ntype == "TABLE_FUNCTION":
            call = node.get("function") or {}
            table_calls.add(id(call))
            fn = str(call.get("function_name", "") or "")
            if fn.lower() not in ROW_FUNCTIONS | CATALOG_FUNCTIONS:
                raise _about_the_server(f"the table function {fn}()")
            if fn.lower() in DESCRIBING_FUNCTIONS:
                _check_described(fn, call.get("arguments") or [])
        elif ntype == "FUNCTION":
            fn = str(node.get("function_name", "") or "").lower()
            _refuse_server_name(fn, f"the function {fn}()")
            if fn in SERVER_ONLY_AS_FUNCTIONS:
                raise _about_the_server(f"the function {fn}()")
        elif ntype in ("BASE_TABLE", "SHOW_REF"):
            _check_relation(node)
    if _built_total(tree, table_calls) > MAX_BUILT:
        raise QueryRefused(_too_big())


def _built_total(tree, table_calls: set) -> int:
    """The characters or elements the value-building functions of a query may build: a call's count times what its
    arguments build (``repeat(repeat('a', 100), 100)``: 10,000), the sum of what sits side by side (four columns of
    ``repeat('a', 100)``: 400; they were multiplied, and an outside review's four such columns were refused as
    building more than 10,000,000). Walked without recursion (a query nests up to :data:`MAX_DEPTH` brackets)."""
    sizes: dict[int, int] = {}
    stack: list = [(tree, False)]
    while stack:
        item, done = stack.pop()
        children = list(item.values()) if isinstance(item, dict) else item if isinstance(item, list) else []
        if not done:
            stack.append((item, True))
            stack.extend((c, False) for c in children if isinstance(c, (dict, list)))
            continue
        inner = sum(sizes.pop(id(c), 0) for c in children if isinstance(c, (dict, list)))
        own = 1
        if isinstance(item, dict) and item.get("type") == "FUNCTION" and id(item) not in table_calls:
            fn = str(item.get("function_name", "") or "").lower()
            own = _built_size(fn, [a.get("expression") for a in item.get("arguments") or [] if isinstance(a, dict)])
        size = own * max(1, inner) if own > 1 else inner
        if size > MAX_BUILT:
            raise QueryRefused(_too_big())
        sizes[id(item)] = size
    return sizes.get(id(tree), 0)


def _check_relation(node: dict) -> None:
    """Refuse a table, view or SHOW/DESCRIBE target that is a file, a URL or one of the server's own views."""
    name = str(node.get("table_name", "") or "")
    # A name written as a string ('pg_catalog.pg_settings') arrives whole: its dotted pieces are read as the
    # catalog, schema and view they spell, so the server's views are refused in that spelling too.
    parts = [str(node.get(key, "") or "") for key in ("catalog_name", "schema_name")] + name.split(".")
    pieces = [p.strip("\"'") for p in parts if p]
    what = f"the view {'.'.join(pieces)}"
    if any(p.lower() in SERVER_SCHEMAS for p in pieces[:-1]):
        raise _about_the_server(what)
    for piece in pieces:
        _refuse_server_name(piece, what)
    if "/" in name or "\\" in name or "://" in name or re.search(r"\.\w{1,8}$", name):
        if _TABLE_IN_QUOTES.fullmatch(name) and name.rsplit(".", 1)[1].lower() not in DATA_FILE_ENDINGS:
            raise QueryRefused(f"{name!r} in quotes is read as a file name, and files are not allowed here: to read "
                               f"a table, write its name without quotes ({name})")
        raise _about_the_server(f"the file or URL {name!r}")


#: Catalog functions whose argument names the table they describe: the name must be a game table's, not one of
#: the server's views (``pragma_table_info('pg_catalog.pg_settings')`` listed that view's columns).
DESCRIBING_FUNCTIONS = frozenset({"pragma_table_info", "pragma_show"})


def _check_described(fn: str, arguments: list) -> None:
    """Refuse a describing function (:data:`DESCRIBING_FUNCTIONS`) unless it names, in quotes, a table that is
    not one of the server's own."""
    names = [_constant(a.get("expression")) if isinstance(a, dict) else None for a in arguments]
    if len(names) != 1 or not isinstance(names[0], str):
        raise QueryRefused(f"{fn}() takes one table's name in quotes, as in {fn}('games')")
    pieces = [p.strip('"') for p in names[0].split(".")]
    what = f"the view {'.'.join(pieces)}"
    if any(p.lower() in SERVER_SCHEMAS for p in pieces[:-1]):
        raise _about_the_server(what)
    for piece in pieces:
        _refuse_server_name(piece, what)


#: A dotted name of plain words (``'main.games'``): in quotes DuckDB reads it as a file, though its writer meant a
#: table, unless it ends as a data file does (``'games.csv'``).
_TABLE_IN_QUOTES = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)+")
DATA_FILE_ENDINGS = frozenset({"csv", "tsv", "txt", "parquet", "json", "jsonl", "ndjson", "duckdb", "db", "sqlite",
                               "gz", "zst", "xlsx", "arrow", "ipc", "avro", "blob", "log"})


def _about_the_server(what: str) -> QueryRefused:
    """The one refusal of everything that reaches past the games to the server."""
    return QueryRefused(f"{what} is about the server (its files, URLs, paths, settings, extensions, secrets, memory "
                        f"or environment), not the games: it is not allowed here. Queries may read only the game "
                        f"database's tables and views")


def _refuse_server_name(name: str, what: str) -> None:
    low = name.lower()
    if SERVER_NAMES.match(low) and low not in CATALOG_FUNCTIONS:
        raise _about_the_server(what)


def _check_names(toks: list[tuple[int, str, str]]) -> None:
    """Server functions and views named anywhere outside string literals, however quoted or qualified (a second
    net under the parse tree)."""
    for _, ttype, text in toks:
        if ttype in ("identifier", "keyword"):
            for part in re.split(r"[.\s]+", text):
                part = part.strip('"`')
                _refuse_server_name(part, f"the name {part}")


def _too_big() -> str:
    return (f"the query builds too large a value: repeat, lpad, rpad, range, generate_series, list_resize, printf "
            f"widths and the like may build at most {MAX_BUILT:,} characters or elements in one query (a call's "
            f"count times what its arguments build, side by side added)")


def _built_size(fn: str, args: list) -> int:
    """How many characters or elements a call of ``fn`` builds, from the numbers written in the query (1 for a
    function that builds nothing by itself); :class:`QueryRefused` when that number is not written there."""
    if fn in BUILDERS:
        pos = BUILDERS[fn]
        if pos >= len(args):
            return 80 if fn == "bar" else 1
        return max(1, _written_number(fn, args[pos]))
    if fn in RANGES:
        nums = [_written_number(fn, a) for a in args]
        if len(nums) == 1:
            return max(1, nums[0])
        start, stop = nums[0], nums[1]
        step = nums[2] if len(nums) > 2 else 1
        return max(1, (abs(stop - start) // max(1, abs(step))) + 1)
    if fn in PATTERNS and args:
        pattern = _constant(args[0])
        if not isinstance(pattern, str):
            raise QueryRefused(f"{fn}() needs its pattern written in the query as text")
        if re.search(r"%[-+ #0-9.]*\*", pattern) or re.search(r"\{[^}]*\{", pattern):
            raise QueryRefused(f"{fn}() widths must be written in the pattern as numbers, not taken from "
                               f"arguments")
        return max([1] + [int(d) for d in re.findall(r"\d{1,12}", pattern)] +
                   ([MAX_BUILT + 1] if re.search(r"\d{13}", pattern) else []))
    return 1


def _written_number(fn: str, expr) -> int:
    value = _constant(expr)
    if not isinstance(value, Decimal):
        raise QueryRefused(f"{fn}() needs its size written in the query as a number (at most {MAX_BUILT:,})")
    if value.is_nan() or value.is_infinite() or abs(value) > 10**12:
        raise QueryRefused(_too_big())
    return int(value)


def _constant(expr):
    """The number (a Decimal) or text an expression writes literally (through casts and a sign), else None."""
    for _ in range(MAX_DEPTH):
        if not isinstance(expr, dict):
            return None
        cls = expr.get("class")
        if cls == "CAST":
            expr = expr.get("child")
        elif cls == "FUNCTION" and expr.get("is_operator") and expr.get("function_name") in ("+", "-") \
                and len(expr.get("arguments") or []) == 1:
            inner = _constant((expr["arguments"][0] or {}).get("expression"))
            return (-inner if expr["function_name"] == "-" else inner) if isinstance(inner, Decimal) else None
        elif cls == "CONSTANT":
            literal = expr.get("literal") or {}
            text = literal.get("text")
            if literal.get("kind") == "STRING":
                return text if isinstance(text, str) else None
            try:
                return Decimal(str(text))
            except (InvalidOperation, ValueError):
                return None
        else:
            return None
    return None


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


# --- layers 3 to 5: the worker, the connection and the limits -------------------------------------------------
#: The range of a worker's address space (``memory_ceiling``) and of the wait for a writer (``wait``, seconds): a
#: ceiling of 1,000 bytes failed as DuckDB's "Out of Memory", one of "x" as a TypeError, a wait of NaN as a
#: ValueError (an outside review; "no other exception type leaves run_query").
MIN_MEMORY_CEILING, MAX_MEMORY_CEILING = 256 * 2**20, 64 * 2**30
MAX_WAIT = 3600.0


def _check_limits(row_cap, time_limit, memory_ceiling=MEMORY_CEILING, wait=3.0) -> None:
    try:
        check_count(row_cap, "row cap", 1, MAX_ROW_CAP)
        check_seconds(time_limit, "time limit", MAX_TIME_LIMIT)
        check_count(memory_ceiling, "memory ceiling (bytes)", MIN_MEMORY_CEILING, MAX_MEMORY_CEILING)
        check_seconds(wait, "wait", MAX_WAIT)
    except InvalidRules as exc:
        raise QueryError(str(exc)) from None


class SafeReader(GatedConnection):
    """A hardened read-only connection to one database file, held by a worker process (a context manager).

    While it is open it holds the file's gate, so no writer in this process can open the file; keep it open
    only as long as needed (:func:`run_query` opens one per query).
    """

    def __init__(self, db_path=None, *, time_limit: float = TIME_LIMIT, row_cap: int = ROW_CAP,
                 memory_ceiling: int = MEMORY_CEILING, wait: float = 3.0):
        _check_limits(row_cap, time_limit, memory_ceiling, wait)
        try:
            super().__init__(db_path, wait=wait)
        except StoreError as exc:           # a path that cannot be a file
            raise QueryError(str(exc)) from None
        self.time_limit = time_limit
        self.row_cap = row_cap
        self.memory_ceiling = memory_ceiling
        self.memory_limit = f"{memory_ceiling // 2 // 2**20}MB"

    def __enter__(self) -> "SafeReader":
        if not exists(self.path):
            raise QueryError(f"there is no database {self.path.name} yet: simulate some games first (python -m "
                             f"monopoly_core simulate) or create a sample")
        try:
            return super().__enter__()
        except StoreError as exc:
            raise QueryError(str(exc)) from None

    def _open(self) -> RemoteConnection:
        return RemoteConnection(self.path, self.memory_limit, self.memory_ceiling,
                                wait=self._wait + self.time_limit + 2.0)

    def run(self, sql, *, row_cap: int | None = None, time_limit: float | None = None) -> QueryResult:
        """Check and run one query; :class:`QueryError` with a message for people when it cannot."""
        if self.conn is None:
            raise QueryError("the reader is closed")
        cap = self.row_cap if row_cap is None else row_cap
        limit = self.time_limit if time_limit is None else time_limit
        _check_limits(cap, limit)
        sql = check_query(sql)
        table, truncated, seconds = self.conn.run(sql, cap, limit)
        return QueryResult(table, truncated, cap, seconds, sql, table.column_names)


def run_query(sql, db_path=None, *, row_cap: int = ROW_CAP, time_limit: float = TIME_LIMIT,
              wait: float = 3.0, memory_ceiling: int = MEMORY_CEILING) -> QueryResult:
    """Run one query on the database at ``db_path`` through a fresh hardened read-only connection in a worker
    process with ``memory_ceiling`` bytes of address space. ``wait`` is how long to wait for a writer in this
    process (a simulation) to finish before giving up."""
    _check_limits(row_cap, time_limit, memory_ceiling, wait)
    sql = check_query(sql)          # refuse before touching the file
    with SafeReader(db_path, row_cap=row_cap, time_limit=time_limit, wait=wait,
                    memory_ceiling=memory_ceiling) as reader:
        return reader.run(sql)


def _hardened_connection(path, memory_limit: str) -> duckdb.DuckDBPyConnection:
    """The worker's hardened connection, opened in this process (for tests of the connection layer alone)."""
    try:
        return hardened_connection(path, memory_limit)
    except duckdb.Error as exc:
        raise QueryError(str(connect_error(exc, path))) from None


def _execute(conn, sql: str, cap: int, limit: float) -> QueryResult:
    """Run ``sql`` on a connection of this process, as the worker does (for tests of the connection layer)."""
    table, truncated, seconds = execute(conn, sql, cap, limit)
    return QueryResult(table, truncated, cap, seconds, sql, table.column_names)


def database_summary(db_path=None) -> dict | None:
    """How many games (simulated and played) and events the database holds; None when the file does not exist
    yet. Raises :class:`QueryError` when it cannot be read (busy, or not a game database)."""
    try:
        path = resolve(db_path)
    except StoreError as exc:
        raise QueryError(str(exc)) from None
    if not exists(path):
        return None
    res = run_query("SELECT count(*) AS games, count(*) FILTER (WHERE source = 'simulated') AS simulated, "
                    "count(*) FILTER (WHERE source = 'played') AS played, coalesce(sum(events), 0)::BIGINT "
                    "AS events FROM games", db_path)
    return res.table.to_pylist()[0]
