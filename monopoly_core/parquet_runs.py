"""A batch's games as Parquet files in the database's table shapes, and what DuckDB does with them.

Whoever plays a chunk of games (a local worker process or a Dask worker on another machine) can write it as four
Parquet files, ``{table}-{start:09d}.parquet`` for ``games``, ``players``, ``events`` and ``snapshots``, in a
folder or an fsspec URL (``s3://bucket/run``, ``gcs://...``, ``memory://...``). The writing process then loads
them into the game database in one transaction per chunk (:meth:`.store.Writer.write_parquet`), or DuckDB queries
them where they lie (:func:`connect`): the same tables whatever ran the games.

:func:`events_hash` fingerprints a batch's events (game by game in batch order, every column), from the database
or from the Parquet files, so two runs can be shown to hold the same games whoever played them.
"""
from __future__ import annotations

import hashlib
import posixpath

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq

DATA_TABLES = ("games", "players", "events", "snapshots")
#: Event columns the hash covers, in order (the game as its place in the batch, so ids do not matter).
HASHED = ("seq", "turn", "player", "kind", "square", "amount", "counterparty", "detail")
#: Games hashed per query (bounded memory whatever the batch's size).
HASH_GAMES = 2000


def _fs(url: str):
    import fsspec
    fs, root = fsspec.core.url_to_fs(url)
    return fs, root


def check_url(url: str) -> None:
    """Refuse, in words and before anything is played or written, a Parquet address no filesystem here can
    open: an unknown protocol (``nosuchproto://``), or one whose fsspec package is not installed (``s3://``
    needs s3fs), or a local folder that cannot be made or written to (a file, /dev/full, a name too long: an outside
    review's tracebacks, each after an empty batch was begun). Raises :class:`InvalidRules` for ``parquet``."""
    import os
    from pathlib import Path

    from .bounds import short
    from .errors import InvalidRules
    if not isinstance(url, str) or not url.strip():
        raise InvalidRules("parquet", "must be a folder or a URL such as s3://bucket/run")
    if "://" not in url or url.startswith("file://"):
        folder = Path(url[len("file://"):] if url.startswith("file://") else url)
        try:
            folder.mkdir(parents=True, exist_ok=True)
            writable = os.access(folder, os.W_OK | os.X_OK)
        except (OSError, ValueError) as exc:       # (ValueError: a NUL in the name)
            why = "a file, not a folder" if isinstance(exc, FileExistsError) else \
                getattr(exc, "strerror", None) or exc.__class__.__name__
            raise InvalidRules("parquet", f"{short(url)} is not a folder Parquet files can be written in "
                               f"({why})") from None
        if not writable:
            raise InvalidRules("parquet", f"{short(url)} is a folder this lab may not write in")
        return
    try:
        _fs(url)
    except ImportError as exc:
        raise InvalidRules("parquet", f"{short(url)} needs a package this installation lacks ({exc})") from None
    except Exception as exc:        # (fsspec's own refusals: ValueError for an unknown protocol, and others)
        raise InvalidRules("parquet", f"{short(url)} cannot be used as a place for Parquet files "
                           f"({exc.__class__.__name__}: {str(exc)[:200]})") from None


def chunk_files(url: str, batch: int, start: int) -> dict[str, str]:
    """The four files of the chunk of ``batch`` starting at game ``start`` (full URLs)."""
    folder = posixpath.join(url.rstrip("/"), f"batch-{batch}")
    return {t: posixpath.join(folder, f"{t}-{start:09d}.parquet") for t in DATA_TABLES}


def write_chunk(tables: dict[str, pa.Table], files: dict[str, str]) -> None:
    """Write a chunk's four tables to their files (dictionary-encoded texts stay dictionary-encoded)."""
    fs, _ = _fs(next(iter(files.values())))
    for name, path in files.items():
        _, local = _fs(path)
        fs.makedirs(posixpath.dirname(local), exist_ok=True)
        with fs.open(local, "wb") as out:
            pq.write_table(tables[name], out, compression="zstd")


def attach(conn: duckdb.DuckDBPyConnection, url: str) -> str:
    """Let ``conn`` read ``url`` (registering its fsspec filesystem unless it is a local path); returns the path
    DuckDB should use."""
    if "://" not in url or url.startswith("file://"):
        return url.removeprefix("file://")
    fs, _ = _fs(url)
    try:
        conn.register_filesystem(fs)
    except duckdb.InvalidInputException as exc:
        if "already been registered" not in str(exc):
            raise
    return url


def connect(url: str, batch: int | None = None) -> duckdb.DuckDBPyConnection:
    """An in-memory DuckDB whose ``games``, ``players``, ``events`` and ``snapshots`` are views over the Parquet
    files under ``url`` (of one batch, or of every batch): query them as the database."""
    conn = duckdb.connect()
    root = attach(conn, url).rstrip("/")
    where = f"batch-{batch}" if batch is not None else "batch-*"
    for t in DATA_TABLES:
        pattern = f"{root}/{where}/{t}-*.parquet".replace("'", "''")
        conn.execute(f"CREATE VIEW {t} AS SELECT * FROM read_parquet('{pattern}')")
    return conn


def events_hash(conn: duckdb.DuckDBPyConnection, batch: int | None = None) -> str:
    """A fingerprint of the events of ``batch`` (or, without one, of every game ``conn`` holds), game by game in
    batch order: equal for equal games whatever their ids or whoever played them."""
    where = "WHERE batch = ?" if batch is not None else ""
    params = [batch] if batch is not None else []
    ids = [r[0] for r in conn.execute(f"SELECT id FROM games {where} ORDER BY batch_index, id", params).fetchall()]
    digest = hashlib.blake2b(digest_size=16)
    cur = conn.cursor()
    for i in range(0, len(ids), HASH_GAMES):
        part = ids[i:i + HASH_GAMES]
        order = {g: k for k, g in enumerate(part, start=i)}
        table = cur.sql(f"SELECT game, {', '.join(HASHED)} FROM events WHERE game IN "
                        f"(SELECT unnest(?::BIGINT[])) ORDER BY game, seq", params=[part]).to_arrow_table()
        place = pa.array([order[g] for g in table["game"].to_pylist()], pa.int64())
        digest.update(place.to_numpy().tobytes())
        for c in HASHED:
            col = table[c].combine_chunks()
            if pa.types.is_dictionary(col.type):
                col = col.cast(pa.string())
            digest.update(repr(col.to_pylist()).encode() if pa.types.is_string(col.type)
                          else col.cast(pa.int64()).to_numpy(zero_copy_only=False).tobytes())
    cur.close()
    return digest.hexdigest()
