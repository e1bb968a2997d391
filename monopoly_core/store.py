"""The game database: every simulated or played game in one DuckDB file (DESIGN.md section 4).

* :func:`default_db_path` is ``data/games.duckdb`` next to the package (or ``$MONOPOLY_DB``, or ``games.duckdb`` in
  ``$MONOPOLY_DB_FOLDER``); any path works.
  The file and its tables are created on first write.
* :class:`Writer` is the only way in: it opens the file, creates the schema, and :meth:`Writer.write` inserts
  a batch of whole games (Arrow tables from :class:`~.records.TableBuilder`) in one transaction, so a crash or
  an interrupted batch leaves whole games only.
* A database the lab creates carries a mark (the row ``format = monopoly-rules-lab`` in ``meta``). A file that
  holds tables or views but not the mark is another program's: the writer refuses it and changes nothing in it
  (it looks with a read-only connection first). A lab database from before the mark is recognised by its own
  tables and columns, and marked on its next write.
* :func:`log_game` logs one game from the site (finished, or unfinished on request).
* Reading for people goes through :mod:`monopoly_core.sqlsafe` (hardened, read-only). Within one process a
  per-file gate (:func:`gate`) keeps a writer and the read-only reader from being open on the same file at the
  same moment (DuckDB refuses mixed configurations, and a reader must not see a half-written batch).

The tables and views are described column by column in :mod:`monopoly_core.schema_doc` (shown on the site's
database page and repeated in the README's "The game database"); a test checks that they and :data:`SCHEMA_SQL`
agree.
"""
from __future__ import annotations

import datetime as dt
import os
import re
import stat
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import duckdb
import pyarrow as pa

from . import events as E
from .board import load_board
from .cards import load_deck
from .bounds import check_seed
from .datafiles import available, data_dir
from .editions.cheats import load_cheats
from .errors import InvalidRules
from .play_version import BEFORE, PLAY_VERSION
from .records import FIXED, TableBuilder, TooLargeToLog, check_fits

SCHEMA_VERSION = "1"
DATA_TABLES = ("games", "players", "events", "snapshots")
#: The row of ``meta`` that marks a database as the lab's.
MARK = ("format", "monopoly-rules-lab")
#: Longest database path accepted (the usual PATH_MAX).
MAX_PATH = 4096

#: What each event kind means in the ``events`` table (filled into the ``event_kinds`` table), from the one
#: definition of each kind (:data:`.events.KINDS`); the database shows named codes by their names.
KIND_MEANINGS = {k.name: k.meaning({"other": "counterparty"}) for k in E.KINDS}

SCHEMA_SQL = """
CREATE TABLE IF NOT EXISTS meta (key VARCHAR PRIMARY KEY, value VARCHAR);
CREATE TABLE IF NOT EXISTS games (
    id BIGINT PRIMARY KEY, batch BIGINT, batch_index BIGINT, source VARCHAR NOT NULL, preset VARCHAR,
    edition VARCHAR, board VARCHAR, chance_deck VARCHAR, chest_deck VARCHAR, players SMALLINT, seed BIGINT,
    turn_limit INTEGER, rules JSON, finished BOOLEAN, end_reason VARCHAR, winner SMALLINT, turns INTEGER,
    rounds INTEGER, rolls INTEGER, events INTEGER, started_at TIMESTAMP, finished_at TIMESTAMP,
    logged_at TIMESTAMP, seating VARCHAR);
CREATE TABLE IF NOT EXISTS players (
    game BIGINT NOT NULL, seat SMALLINT, play_order SMALLINT, name VARCHAR, kind VARCHAR, strategy VARCHAR,
    cash INTEGER, net_worth INTEGER, rank SMALLINT, bankrupt BOOLEAN, bankrupt_turn INTEGER);
CREATE TABLE IF NOT EXISTS events (
    game BIGINT NOT NULL, seq INTEGER, turn INTEGER, player TINYINT, kind VARCHAR, square SMALLINT,
    amount INTEGER, counterparty INTEGER, detail VARCHAR);
CREATE TABLE IF NOT EXISTS snapshots (
    game BIGINT NOT NULL, round INTEGER, turn INTEGER, player SMALLINT, cash INTEGER, net_worth INTEGER,
    position SMALLINT, properties SMALLINT, houses SMALLINT, hotels SMALLINT);
CREATE TABLE IF NOT EXISTS squares (
    board VARCHAR, square SMALLINT, name VARCHAR, short_name VARCHAR, kind VARCHAR, colour_group VARCHAR,
    colour VARCHAR, price INTEGER, house_cost INTEGER, mortgage INTEGER, PRIMARY KEY (board, square));
CREATE TABLE IF NOT EXISTS cards (
    deck VARCHAR, deck_kind VARCHAR, card SMALLINT, text VARCHAR, effect VARCHAR, PRIMARY KEY (deck, card));
CREATE TABLE IF NOT EXISTS event_kinds (kind VARCHAR PRIMARY KEY, code SMALLINT, meaning VARCHAR);
CREATE TABLE IF NOT EXISTS comparisons (
    comparison BIGINT, side VARCHAR, batch BIGINT, label VARCHAR, games BIGINT, seed BIGINT, reused BOOLEAN,
    compared_at TIMESTAMP);
CREATE TABLE IF NOT EXISTS batches (
    batch BIGINT PRIMARY KEY, games BIGINT, master_seed BIGINT, made_by VARCHAR, planned_at TIMESTAMP,
    play_version INTEGER);

CREATE OR REPLACE VIEW landings AS
SELECT e.game, e.seq, e.turn, e.player, g.board, e.square, s.name AS square_name, s.kind AS square_kind,
       s.colour_group, CASE WHEN e.kind = 'move' THEN e.detail ELSE 'sent_to_jail' END AS cause
FROM events e JOIN games g ON g.id = e.game LEFT JOIN squares s ON s.board = g.board AND s.square = e.square
WHERE e.kind IN ('move', 'jail_in');

CREATE OR REPLACE VIEW landings_per_square AS
WITH per_game AS (
    SELECT game, square, count(*) AS n FROM events WHERE kind IN ('move', 'jail_in') GROUP BY game, square),
per_board AS (
    SELECT g.board, p.square, sum(p.n)::BIGINT AS landings
    FROM per_game p JOIN games g ON g.id = p.game GROUP BY g.board, p.square)
SELECT b.board, b.square, s.name AS square_name, s.kind AS square_kind, s.colour_group, b.landings,
       b.landings / sum(b.landings) OVER (PARTITION BY b.board) AS share
FROM per_board b LEFT JOIN squares s ON s.board = b.board AND s.square = b.square;

CREATE OR REPLACE VIEW payments AS
SELECT e.game, e.seq, e.turn, e.player AS payer, e.counterparty AS payee, e.amount, e.detail AS reason,
       e.square, s.name AS square_name, s.kind AS square_kind, s.colour_group
FROM events e JOIN games g ON g.id = e.game LEFT JOIN squares s ON s.board = g.board AND s.square = e.square
WHERE e.kind = 'pay';

CREATE OR REPLACE VIEW money_flows AS
SELECT detail AS reason,
       CASE WHEN player = -1 THEN 'bank' WHEN player = -2 THEN 'pot' ELSE 'player' END AS source,
       CASE WHEN counterparty = -1 THEN 'bank' WHEN counterparty = -2 THEN 'pot' ELSE 'player' END AS destination,
       count(*) AS payments, sum(amount)::BIGINT AS total, avg(amount) AS average
FROM events WHERE kind = 'pay' GROUP BY ALL;

CREATE OR REPLACE VIEW rent_per_square AS
WITH per_game AS (
    SELECT game, square, count(*) AS n, sum(amount) AS total
    FROM events WHERE kind = 'pay' AND detail = 'rent' GROUP BY game, square),
per_board AS (
    SELECT g.board, p.square, sum(p.n)::BIGINT AS payments, sum(p.total)::BIGINT AS total_rent,
           count(DISTINCT p.game) AS games
    FROM per_game p JOIN games g ON g.id = p.game GROUP BY g.board, p.square)
SELECT b.board, b.square, s.name AS square_name, s.kind AS square_kind, s.colour_group, s.price, b.payments,
       b.total_rent, b.games
FROM per_board b LEFT JOIN squares s ON s.board = b.board AND s.square = b.square;

CREATE OR REPLACE VIEW player_results AS
SELECT p.game, p.seat, p.play_order, p.name, p.kind, p.strategy, p.cash, p.net_worth, p.rank, p.bankrupt,
       p.bankrupt_turn, g.preset, g.source, g.players AS table_size, g.finished, g.end_reason,
       g.turns AS game_turns, g.rounds AS game_rounds, coalesce(p.seat = g.winner, false) AS won
FROM players p JOIN games g ON g.id = p.game;

CREATE OR REPLACE VIEW wealth_share AS
SELECT game, round, max(net_worth) AS richest, sum(net_worth)::BIGINT AS total,
       max(net_worth) / nullif(sum(net_worth), 0) AS richest_share
FROM snapshots GROUP BY game, round;

CREATE OR REPLACE VIEW card_draws AS
SELECT e.game, e.seq, e.turn, e.player, e.square, c.deck_kind, c.deck, c.card, c.text, c.effect
FROM events e JOIN games g ON g.id = e.game
JOIN cards c ON c.deck = CASE WHEN e.counterparty = 0 THEN g.chance_deck ELSE g.chest_deck END
            AND c.card = TRY_CAST(split_part(e.detail, ' ', 2) AS SMALLINT)
WHERE e.kind = 'card';
"""

#: Views created by :data:`SCHEMA_SQL`, in order.
VIEWS = ("landings", "landings_per_square", "payments", "money_flows", "rent_per_square", "player_results",
         "wealth_share", "card_draws")
TABLES = ("meta", "games", "players", "events", "snapshots", "squares", "cards", "event_kinds", "comparisons",
          "batches")
#: Who plans a batch (``batches.made_by``): a simulation (the Simulate form, ``simulate``, lesson 6) or a paired
#: comparison (the Rules page, ``compare``, lesson 5); each completes a batch it left short in its own way.
SIMULATION, COMPARISON = "simulate", "compare"
#: Columns added to a table after databases were made without them (table -> [(column, type)], in order, at the
#: table's end): a writer adds them to an older database; until then its rows read as NULL where the core asks.
ADDED_COLUMNS = {"games": [("seating", "VARCHAR")], "batches": [("play_version", "INTEGER")]}


class StoreError(Exception):
    """A database problem, with a message for people (no stack trace needed)."""


class StoreBusy(StoreError):
    """The database file is being written (or read) by someone else right now."""


class DuplicateBatch(StoreError):
    """The games of a simulation are already in the database (same rules, bots and master seed)."""


# --- where the database lives --------------------------------------------------------------------------------
#: The environment variables that place the database: the file itself, and the one folder the site keeps its
#: databases in (:mod:`monopoly_core.dbfolder`)
DB_ENV, FOLDER_ENV = "MONOPOLY_DB", "MONOPOLY_DB_FOLDER"


def default_db_path() -> Path:
    """``$MONOPOLY_DB`` if set; else ``games.duckdb`` in ``$MONOPOLY_DB_FOLDER`` if a teacher named that folder
    (a teacher who moves the site's databases elsewhere means the first one too); else ``data/games.duckdb`` in
    the project's data folder."""
    override = os.environ.get(DB_ENV)
    if override:
        return Path(override)
    folder = os.environ.get(FOLDER_ENV)
    return Path(folder) / "games.duckdb" if folder else data_dir() / "games.duckdb"


#: The longest name of one file or folder most file systems take, in bytes.
NAME_MAX = 255


def resolve(db_path=None) -> Path:
    """The absolute path of ``db_path`` (default: :func:`default_db_path`); :class:`StoreError` for text that
    cannot be a file path (a NUL character, thousands of characters, an unknown ``~user``)."""
    raw = db_path if db_path not in (None, "") else default_db_path()
    if not isinstance(raw, (str, os.PathLike)):
        raise StoreError(f"a database path must be text, not {type(raw).__name__}")
    text = os.fspath(raw)
    if not isinstance(text, str) or "\x00" in text or len(text) > MAX_PATH:
        raise StoreError("that is not a usable file path for a database (too long, or it holds a NUL character)")
    if re.match(r"[A-Za-z][A-Za-z0-9+.-]*://", text):
        # (an outside review's s3://bucket/x.duckdb made a local folder called "s3:"; the Parquet option takes URLs)
        raise StoreError("the game database is a file on this computer, not a URL: give a file path (a simulation's "
                         "games can go to a URL with --parquet)")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        # (bytes that are not UTF-8 in a command-line path reach here as lone surrogates; DuckDB failed on them with
        # "std::bad_cast", an outside review)
        raise StoreError("that is not a usable file path for a database (it is not text: not UTF-8)") from None
    try:
        path = Path(text).expanduser().resolve()
    except (OSError, RuntimeError, ValueError) as exc:
        raise StoreError(f"that is not a usable file path for a database ({exc})") from None
    if any(len(part.encode()) > NAME_MAX for part in path.parts):
        # (a 300-letter file name in MONOPOLY_DB: looking at it raised "File name too long", a traceback on the
        # Database page: an outside review)
        raise StoreError(f"that is not a usable file path for a database (a name in it is longer than {NAME_MAX} "
                         f"bytes)")
    if path.name.lower().endswith(".wal"):
        # (DuckDB keeps a database's write-ahead log as its name plus .wal: a database called x.duckdb.wal was taken
        # for x.duckdb's log, and deleted with its games when x.duckdb was opened; an outside review)
        raise StoreError(f"a game database's name may not end in .wal ({path.name}): DuckDB keeps a database's "
                         f"log under the database's name plus .wal, and would take this file for another's log")
    for part in (path, path.with_name(path.name + ".wal")):    # (DuckDB opens the write-ahead log beside it too)
        if _special(part):
            # (a named pipe opened as a database, or as its log, waited for a writer for ever; a log linked to
            # /dev/zero failed to sync with a traceback: outside reviews)
            raise StoreError(f"{part.name} is not a regular file (a pipe, a socket or a device): a game database "
                             "and its log are files")
    return path


def _special(path: Path) -> bool:
    """Whether something other than a regular file or a folder is at ``path`` (False where nothing is, or it cannot
    be looked at)."""
    try:
        mode = path.stat().st_mode
    except (OSError, ValueError):
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def exists(path: Path) -> bool:
    """Whether a file is at ``path`` (False when the path cannot be looked at: a name too long, no access)."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def fresh_path(db_path=None) -> Path:
    """A file name for a fresh database next to ``db_path`` that no file uses yet: ``games.duckdb`` gives
    ``games-2.duckdb``, then ``games-3.duckdb``, ... (the old file is left as it is)."""
    path = resolve(db_path)
    stem, _, number = path.stem.rpartition("-")
    base = stem if stem and number.isdigit() else path.stem
    n = 2
    while True:
        candidate = path.with_name(f"{base}-{n}{path.suffix}")
        if not any(candidate.with_name(candidate.name + extra).exists() for extra in ("", ".wal")):
            return candidate
        n += 1


# --- the per-file gate -----------------------------------------------------------------------------------------
#: Seconds a writer waits for the file's gate by default before :class:`StoreBusy` (a long run passes its own).
WAIT = 30.0
#: Seconds between tries to open a file another process holds (see :meth:`GatedConnection._open_when_free`).
OTHER_PROCESS_POLL = 0.25
_gates: dict[Path, threading.Lock] = {}
_gates_lock = threading.Lock()


def _lock_of(path: Path) -> threading.Lock:
    with _gates_lock:
        return _gates.setdefault(path, threading.Lock())


@contextmanager
def gate(db_path, timeout: float):
    """Hold the process-wide lock of one database file for the duration of the block.

    Writers and the read-only reader both take it, so they are never open on the same file at once. Raises
    :class:`StoreBusy` after ``timeout`` seconds (a simulation may be writing to it).
    """
    path = resolve(db_path)
    lock = _lock_of(path)
    if not lock.acquire(timeout=max(timeout, 0)):
        raise StoreBusy(f"the database {path.name} is busy (a simulation or a game log is writing to it); "
                        f"try again when it has finished")
    try:
        yield path
    finally:
        lock.release()


def busy(db_path) -> bool:
    """Whether a writer or the reader of this process holds the file's gate at this moment (a caller about to
    wait for it can say so first)."""
    lock = _lock_of(resolve(db_path))
    if not lock.acquire(blocking=False):
        return True
    lock.release()
    return False


def connect_error(exc: Exception, path: Path) -> StoreError:
    """A clear message for a failure to open ``path``, naming the file by its name only (a web page must not show
    the server's folders) and in plain words where DuckDB's own are a programmer's."""
    text = str(exc)
    name = path.name
    # (the word, not the letters: a damaged file's "checksum ... in block at location 8192" was read as a lock, and
    # simulate waited 30 s for a program that did not exist: an outside review)
    if re.search(r"\block\b", text, re.IGNORECASE):
        return StoreBusy(f"the database {name} is in use by another program (perhaps a simulation running in "
                         f"another window); try again when it has finished")
    if ("not a valid duckdb database" in text.lower() or "is a directory" in text.lower() or _is_dir(path)
            or _foreign_file(path)):
        return StoreError(f"{name} is not a game database this lab can read (another program's file, a folder, or "
                          f"a damaged file): choose another name")
    if "corrupt database" in text.lower() or "checksum" in text.lower():
        return StoreError(f"{name} is damaged (part of the file does not match its checksum) and cannot be read: "
                          f"choose another database, or start a fresh one")
    first = text.splitlines()[0].replace(str(path), name) if text else repr(exc)
    return StoreError(f"cannot open the database {name}: {first}")


def _foreign_file(path: Path) -> bool:
    """Whether ``path`` is a file with something in it but not a DuckDB database (whose bytes 8-11 say ``DUCK``).
    DuckDB's own words for one vary with its name: random bytes named ``.json`` were "Cannot launch in-memory
    database in read-only mode!" (an outside review)."""
    try:
        with open(path, "rb") as f:
            head = f.read(12)
    except OSError:
        return False
    return len(head) > 0 and head[8:12] != b"DUCK"


def _is_dir(path: Path) -> bool:
    """``path.is_dir()``, False where the path cannot even be looked at (a name too long for the file system: an
    outside review's 300-character file name turned the message into a traceback)."""
    try:
        return path.is_dir()
    except OSError:
        return False


# --- writing ---------------------------------------------------------------------------------------------------
class GatedConnection:
    """A DuckDB connection to one file, held under the file's :func:`gate` while open (a context manager).

    The base of :class:`Writer` and of the safe reader; subclasses say how to open the connection.
    """

    def __init__(self, db_path=None, *, wait: float = WAIT):
        self.path = resolve(db_path)
        self._wait = wait
        self._gate = None
        self.conn: duckdb.DuckDBPyConnection | None = None

    def _open(self) -> duckdb.DuckDBPyConnection:
        raise NotImplementedError

    def __enter__(self):
        deadline = time.monotonic() + max(self._wait, 0)
        held = gate(self.path, self._wait)
        held.__enter__()                 # StoreBusy here: nothing is held
        self._gate = held
        try:
            self.conn = self._open_when_free(deadline)
        except BaseException:
            self.close()
            raise
        return self

    def _open_when_free(self, deadline: float) -> duckdb.DuckDBPyConnection:
        """:meth:`_open`, tried again while another process holds the file (DuckDB's file lock: the CLI's
        simulation, a second server) until ``deadline``: the gate only orders this process's connections."""
        while True:
            try:
                return self._open()
            except StoreBusy:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise
                time.sleep(min(OTHER_PROCESS_POLL, left))

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None
        if self._gate is not None:
            g, self._gate = self._gate, None
            g.__exit__(None, None, None)


class Writer(GatedConnection):
    """The one writing connection to a database file (use as a context manager).

    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "doc.duckdb")
    >>> with Writer(path) as w:
    ...     w.next_game_id()
    1
    """

    def _open(self) -> duckdb.DuckDBPyConnection:
        folder = self.path.parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"the folder {folder} for the database cannot be created "
                             f"({exc.strerror or exc.__class__.__name__}); choose another place") from None
        if exists(self.path):
            check_ours(self.path)        # before a writing connection touches the file
        try:
            conn = duckdb.connect(str(self.path), config={"autoinstall_known_extensions": False,
                                                          "autoload_known_extensions": False})
        except duckdb.Error as exc:
            raise connect_error(exc, self.path) from None
        try:
            conn.execute("SET enable_progress_bar = false")
            _create_schema(conn)
        except duckdb.Error as exc:      # (a log that cannot be written: a full disk, a device linked in its place)
            conn.close()
            raise connect_error(exc, self.path) from None
        except BaseException:
            conn.close()
            raise
        return conn

    def next_game_id(self) -> int:
        return int(self.conn.execute("SELECT coalesce(max(id), 0) + 1 FROM games").fetchone()[0])

    def next_batch_id(self) -> int:
        """The next free batch number: past every batch with games and every batch planned (a run stopped before
        its first games were written keeps its number, so no later batch takes over its plan)."""
        return int(self.conn.execute("SELECT greatest((SELECT coalesce(max(batch), 0) FROM games), "
                                     "(SELECT coalesce(max(batch), 0) FROM batches)) + 1").fetchone()[0])

    def plan_batch(self, batch: int, games: int, master_seed: int, made_by: str) -> None:
        """Record, before its games are played, how many games a run means ``batch`` to hold (``batches``): the
        most any run asked of it, so a run stopped part way shows as a batch short of its games until a run
        completes it."""
        now = dt.datetime.now(dt.timezone.utc).replace(tzinfo=None)
        self.conn.execute("INSERT INTO batches (batch, games, master_seed, made_by, planned_at, play_version) "
                          "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (batch) DO UPDATE SET "
                          "games = greatest(batches.games, excluded.games), planned_at = excluded.planned_at",
                          [batch, games, master_seed, made_by, now, PLAY_VERSION])

    def batch_indices(self, batch: int, below: int) -> frozenset[int]:
        """The batch indices below ``below`` that ``batch`` holds (an interrupted run holds only some)."""
        rows = self.conn.execute("SELECT batch_index FROM games WHERE batch = ? AND batch_index < ?",
                                 [batch, below]).fetchall()
        return frozenset(int(i) for i, in rows)

    def same_batch(self, rules_json: str, strategies: list[str | None], first_seed: int,
                   seating: str = FIXED) -> dict | None:
        """The simulation batch already holding the games a new run would write, or None.

        Game ``i`` of a run is fixed by the rules, the bots in their seats (the batch's ``seating``: the same
        seats every game, or rotated by ``i``) and the seed drawn for index ``i`` from the master seed, and every
        run starts at index 0; so two runs share games exactly when their first games agree in all three and
        their batches seat the bots the same way (game 0 of a rotated batch is game 0 of a fixed one, game 1 is
        not). A batch from before seatings were recorded seated its bots fixed. Only a batch played by this
        version of the engine counts (:mod:`.play_version`): one from before a change to how games are played
        holds games a new run would not play. Returns ``{"batch", "games",
        "first_id", "last_id"}`` of the old one.
        """
        row = self.conn.execute("""
            WITH first AS (
                SELECT g.batch FROM games g
                WHERE g.source = 'simulated' AND g.batch_index = 0 AND g.seed = ? AND g.rules::VARCHAR = ?
                  AND coalesce(g.seating, 'fixed') = ?
                  AND (SELECT list(coalesce(p.strategy, '') ORDER BY p.seat) FROM players p WHERE p.game = g.id) = ?
                  AND coalesce((SELECT b.play_version FROM batches b WHERE b.batch = g.batch), ?) = ?
                ORDER BY g.batch LIMIT 1)
            SELECT g.batch, count(*), min(g.id), max(g.id) FROM games g JOIN first f ON f.batch = g.batch
            GROUP BY g.batch""", [first_seed, rules_json, seating, [s or "" for s in strategies], BEFORE,
                                  PLAY_VERSION]).fetchone()
        if row is None:
            return None
        return dict(zip(("batch", "games", "first_id", "last_id"), (int(v) for v in row)))

    def label_comparison(self, sides: list[tuple[int, str, bool]], games: int, seed: int) -> int:
        """Record a paired comparison (:mod:`.compare`): its two batches with their labels, ``A`` then ``B``
        (``sides``: batch, label, whether the batch was already there); returns the comparison's number."""
        number = int(self.conn.execute("SELECT coalesce(max(comparison), 0) + 1 FROM comparisons").fetchone()[0])
        now = dt.datetime.now(dt.timezone.utc).replace(tzinfo=None)
        for side, (batch, label, reused) in zip("AB", sides):
            self.conn.execute("INSERT INTO comparisons VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                              [number, side, batch, label, games, seed, reused, now])
        return number

    def write_parquet(self, files: dict[str, str]) -> int:
        """Load whole games from Parquet files in the tables' shapes (``files``: table -> path or fsspec URL,
        see :mod:`.parquet_runs`) in one transaction; returns the number of games loaded."""
        from .parquet_runs import attach
        conn = self.conn
        now = dt.datetime.now(dt.timezone.utc).replace(tzinfo=None)
        conn.execute("BEGIN TRANSACTION")
        try:
            for name in DATA_TABLES:
                extra = ", ?::TIMESTAMP AS logged_at" if name == "games" else ""
                params = ([now] if extra else []) + [attach(conn, files[name])]
                conn.execute(f"INSERT INTO {name} BY NAME SELECT *{extra} FROM read_parquet(?)", params)
            games = conn.execute("SELECT count(*) FROM read_parquet(?)", [attach(conn, files["games"])]).fetchone()
            conn.execute("COMMIT")
        except BaseException:
            _rollback(conn)
            raise
        return int(games[0])

    def write(self, tables: dict[str, pa.Table], *, replacing: int | None = None) -> int:
        """Insert whole games (the four tables of a :class:`~.records.TableBuilder`) in one transaction;
        returns the number of games written. On any error nothing of the batch remains. ``replacing``: a game
        id whose rows are deleted first, in the same transaction (a game logged again)."""
        games = tables["games"]
        if games.num_rows == 0:
            return 0
        now = dt.datetime.now(dt.timezone.utc).replace(tzinfo=None)
        games = games.append_column("logged_at", pa.array([now] * games.num_rows, pa.timestamp("us")))
        conn = self.conn
        conn.execute("BEGIN TRANSACTION")
        try:
            if replacing is not None:
                for name in DATA_TABLES[::-1]:
                    conn.execute(f"DELETE FROM {name} WHERE {'id' if name == 'games' else 'game'} = ?", [replacing])
            for name, table in (("games", games), ("players", tables["players"]), ("events", tables["events"]),
                                ("snapshots", tables["snapshots"])):
                if table.num_rows:
                    _insert(conn, name, table)
            conn.execute("COMMIT")
        except BaseException:
            _rollback(conn)
            raise
        return games.num_rows


def _rollback(conn) -> None:
    """Undo the open transaction (keeping the original error if the rollback itself fails)."""
    try:
        conn.execute("ROLLBACK")
    except duckdb.Error:
        pass


def _insert(conn, name: str, table: pa.Table) -> None:
    """Bulk insert an Arrow table into ``name``, matching columns by name."""
    view = f"_incoming_{name}"
    conn.register(view, table)
    try:
        conn.execute(f"INSERT INTO {name} BY NAME SELECT * FROM {view}")
    finally:
        conn.unregister(view)


def _create_schema(conn) -> None:
    """Check the schema version, create the tables and views if missing, mark the database as the lab's,
    refresh the reference tables."""
    conn.execute("CREATE TABLE IF NOT EXISTS meta (key VARCHAR PRIMARY KEY, value VARCHAR)")
    row = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    if row is not None and row[0] != SCHEMA_VERSION:
        raise StoreError(f"this database has schema version {row[0]}, this program writes version "
                         f"{SCHEMA_VERSION}; use a new database file")
    conn.execute(SCHEMA_SQL)
    for table, columns in ADDED_COLUMNS.items():      # an older database gets the columns added since
        for column, kind in columns:
            conn.execute(f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {column} {kind}")
    if row is None:
        conn.execute("INSERT INTO meta VALUES ('schema_version', ?)", [SCHEMA_VERSION])
    conn.execute("INSERT OR IGNORE INTO meta VALUES (?, ?)", list(MARK))
    _refresh_reference(conn)


# --- whose database is it? ----------------------------------------------------------------------------------------
def check_ours(path: Path) -> None:
    """Refuse (:class:`StoreError`, nothing changed) a database file that is not the lab's: one that holds
    tables or views but neither the lab's mark nor exactly the lab's own tables (a lab database from before
    the mark). An empty database file is the lab's to fill. Looks through a read-only connection."""
    try:
        conn = duckdb.connect(str(path), read_only=True)
    except duckdb.Error as exc:
        raise connect_error(exc, path) from None
    try:
        found = schema_columns(conn)
        elsewhere = conn.execute(
            "SELECT count(*) FROM (SELECT schema_name FROM duckdb_tables() WHERE NOT internal AND database_name = "
            "current_database() UNION ALL SELECT schema_name FROM duckdb_views() WHERE NOT internal AND "
            "database_name = current_database()) WHERE schema_name <> 'main'").fetchone()[0]
        if not elsewhere and (not found or _marked(conn, found) or _lab_tables_before_the_mark(found)):
            return
    except duckdb.Error as exc:
        first = str(exc).splitlines()[0].replace(str(path), path.name)
        raise StoreError(f"the database {path.name} cannot be read as a game database ({first}); nothing was "
                         f"changed in it") from None
    finally:
        conn.close()
    names = ", ".join(sorted(found)[:8]) + (", ..." if len(found) > 8 else "") or "tables in other schemas"
    raise StoreError(f"the database {path.name} was not made by this lab (it holds {names}); nothing was changed in "
                     f"it. Choose another file: a new one is created on the first write")


def _marked(conn, found: dict[str, list[str]]) -> bool:
    if found.get("meta") != ["key", "value"]:
        return False
    row = conn.execute("SELECT value FROM meta WHERE key = ?", [MARK[0]]).fetchone()
    return row is not None and row[0] == MARK[1]


def _lab_tables_before_the_mark(found: dict[str, list[str]]) -> bool:
    """Every table and view is one of the lab's with the lab's columns, and the data tables are all there."""
    expected = _lab_columns()
    return set(found) <= set(expected) and set(DATA_TABLES) | {"meta"} <= set(found) and \
        all(found[name] in (expected[name], _before_added(name, expected[name])) for name in found)


def _before_added(table: str, columns: list[str]) -> list[str]:
    """A table's columns as a database made before :data:`ADDED_COLUMNS` holds them."""
    added = {c for c, _ in ADDED_COLUMNS.get(table, ())}
    return [c for c in columns if c not in added]


_LAB_COLUMNS: dict[str, list[str]] = {}


def _lab_columns() -> dict[str, list[str]]:
    """The columns of every table and view of :data:`SCHEMA_SQL` (built once in memory)."""
    if not _LAB_COLUMNS:
        with duckdb.connect(":memory:") as conn:
            conn.execute(SCHEMA_SQL)
            _LAB_COLUMNS.update(schema_columns(conn))
    return _LAB_COLUMNS


def _refresh_reference(conn) -> None:
    """Fill ``squares``, ``cards`` and ``event_kinds`` from the data files (small; replaced each time)."""
    squares = {c: [] for c in ("board", "square", "name", "short_name", "kind", "colour_group", "colour",
                               "price", "house_cost", "mortgage")}
    for name in available("boards"):
        board = load_board(name)
        for s in board.squares:
            group = board.groups.get(s.group) if s.group else None
            for col, v in (("board", name), ("square", s.index), ("name", s.name), ("short_name", s.short),
                           ("kind", s.kind), ("colour_group", group.label if group else None),
                           ("colour", group.colour if group else None), ("price", s.price or None),
                           ("house_cost", s.house_cost or None), ("mortgage", s.mortgage or None)):
                squares[col].append(v)
    cards = {c: [] for c in ("deck", "deck_kind", "card", "text", "effect")}
    for name in available("cards"):
        deck = load_deck(name)
        for c in deck.cards:
            for col, v in (("deck", name), ("deck_kind", deck.kind), ("card", c.index), ("text", c.text),
                           ("effect", c.effect)):
                cards[col].append(v)
    for name in available("cheats"):           # the Cheaters Edition's cheat cards, as a deck "cheats:NAME"
        for c in load_cheats(name).cards:
            for col, v in (("deck", f"cheats:{name}"), ("deck_kind", "cheat"), ("card", c.index),
                           ("text", c.name), ("effect", c.effect)):
                cards[col].append(v)
    kinds = {"kind": list(E.KIND_NAMES), "code": list(range(len(E.KIND_NAMES))),
             "meaning": [KIND_MEANINGS[k] for k in E.KIND_NAMES]}
    conn.execute("BEGIN TRANSACTION")
    try:
        for name, cols in (("squares", squares), ("cards", cards), ("event_kinds", kinds)):
            conn.execute(f"DELETE FROM {name}")
            if cols[next(iter(cols))]:
                _insert(conn, name, pa.table(cols))
        conn.execute("COMMIT")
    except BaseException:
        _rollback(conn)
        raise


#: The columns that tell two logged games' events apart (all but the game's id).
_EVENT_COLUMNS = ("seq", "turn", "player", "kind", "square", "amount", "counterparty", "detail")


def _events_rows(table) -> list[tuple]:
    cols = [table[c].to_pylist() for c in _EVENT_COLUMNS]
    return list(zip(*cols))


def _same_played_game(conn, game, tables) -> tuple[int, int] | None:
    """(id, events) of a played game already in the database that is ``game`` as it stands, or as it stood earlier,
    or a later state of it: the same rules, seed and players, and one's events the start of the other's (the same
    moves so far). None if there is none. So a game logged again from a reload, an upload or a share link (a new
    visit that does not know the id it was logged under) is still one record."""
    games, players, events = tables["games"], tables["players"], tables["events"]
    n = events.num_rows
    seats = list(zip(*(players[c].to_pylist() for c in ("seat", "name", "kind", "strategy"))))
    candidates = conn.execute(
        "SELECT id, events FROM games WHERE source = 'played' AND seed = ? AND rules = ? AND players = ? "
        "ORDER BY id DESC LIMIT 20",
        [game.seed, games["rules"][0].as_py(), len(game.players)]).fetchall()
    mine = None
    for game_id, count in candidates:
        theirs = conn.execute("SELECT seat, name, kind, strategy FROM players WHERE game = ? ORDER BY seat",
                              [game_id]).fetchall()
        if [tuple(r) for r in theirs] != seats:
            continue
        k = min(n, count or 0)
        rows = conn.execute(f"SELECT {', '.join(_EVENT_COLUMNS)} FROM events WHERE game = ? AND seq < ? "
                            "ORDER BY seq", [game_id, k]).fetchall()
        if mine is None:
            mine = _events_rows(events)
        if [tuple(r) for r in rows] == mine[:k]:
            return game_id, count or 0
    return None


def log_game(game, db_path=None, source: str = "played", *, unfinished: bool = False,
             started_at: float | None = None, replacing: int | None = None) -> int:
    """Write one game (its result, players, events and any snapshots) and return its id.

    A game that is not over is refused unless ``unfinished=True`` (then it is stored with ``finished`` false,
    no end reason and no winner). ``started_at`` is a Unix time, if the caller knows when play began.
    ``replacing`` is the id this same game was logged under before (the Play page logs a game as it stands,
    then again when it ends): its rows are replaced, in the same transaction, so that one game is one record.
    An id that no longer holds a game of this seed and source (a new database) is not touched: a new id is used.
    A played game is one record across visits too (:func:`_same_played_game`): logged again from a reload, an
    upload or a share link, it replaces the record of the same game as it stood before, and a record that goes
    further than it is kept as it is (its id is returned).
    """
    if not game.over and not unfinished:
        raise StoreError("the game is not over; pass unfinished=True to log it as it stands")
    if not game.log.enabled:
        raise StoreError("this game was played with its event log switched off, so it cannot be logged")
    try:
        check_seed(game.seed)               # the database keeps seeds as signed 64-bit numbers
    except InvalidRules as exc:
        raise StoreError(f"this game cannot be logged: its seed {exc.reason}") from None
    try:
        check_fits(game)
    except TooLargeToLog as exc:
        raise StoreError(str(exc)) from None
    finished_at = time.time() if game.over else None
    with Writer(db_path) as w:
        same = replacing is not None and w.conn.execute(
            "SELECT count(*) FROM games WHERE id = ? AND seed = ? AND source = ?",
            [replacing, game.seed, source]).fetchone()[0] == 1
        builder = TableBuilder(source=source)
        builder.add(game, -1, started_at=started_at, finished_at=finished_at)     # (the id is set below)
        tables = builder.tables()
        del builder
        if not same and source == "played":
            found = _same_played_game(w.conn, game, tables)
            if found is not None:
                if found[1] >= len(game.log):
                    return found[0]         # (already there, as far as this game goes or further)
                same, replacing = True, found[0]
        game_id = replacing if same else w.next_game_id()
        w.write(_with_id(tables, game_id), replacing=game_id if same else None)
    return game_id


def _with_id(tables: dict[str, pa.Table], game_id: int) -> dict[str, pa.Table]:
    """One game's tables (built before its id was known: the search for an earlier record of it reads them)
    under ``game_id``. (Built once: a long game's tables take a while and a good deal of memory, 8 random bots
    over 10,000 rounds 660,000 events, and were built twice.)"""
    out = {}
    for name, table in tables.items():
        column = "id" if name == "games" else "game"
        at = table.schema.get_field_index(column)
        field = table.schema.field(at)
        out[name] = table.set_column(at, field, pa.repeat(pa.scalar(game_id, field.type), table.num_rows))
    return out


def schema_columns(conn) -> dict[str, list[str]]:
    """Table or view name -> its column names, in order (for the documentation test and the site)."""
    rows = conn.execute("SELECT table_name, column_name FROM duckdb_columns() WHERE schema_name = 'main' "
                        "AND database_name = current_database() ORDER BY table_name, column_index").fetchall()
    out: dict[str, list[str]] = {}
    for table, column in rows:
        out.setdefault(table, []).append(column)
    return out


class _Reader(GatedConnection):
    """A trusted read-only connection for the core's own queries (people's SQL goes through sqlsafe)."""

    def _open(self) -> duckdb.DuckDBPyConnection:
        try:
            return duckdb.connect(str(self.path), read_only=True)
        except duckdb.Error as exc:
            raise connect_error(exc, self.path) from None


#: The rules a token's movement depends on: logged games count for a chain only if these match.
MOVEMENT_RULES = ("board", "chance_deck", "chest_deck", "dice", "jail_turns", "doubles_to_jail")
#: Event kinds the movement counter reads (see monopoly_core.markov.sim.count_events).
MOVEMENT_KINDS = ("start", "turn", "roll", "move", "jail_in", "jail_out", "end")


def movement_events(rules, db_path=None, *, max_games: int | None = None) -> tuple[int, dict]:
    """Movement events of the logged games played with the same board, decks, dice and jail rules as
    ``rules``, as integer columns in the core's own coding (``EventLog.columns()``), ready for
    :func:`monopoly_core.markov.count_events`. Returns (number of games, columns); (0, {}) without a database.
    """
    path = resolve(db_path)
    if not exists(path):
        return 0, {}
    where = " AND ".join(f"g.rules->>'{k}' = ?" for k in MOVEMENT_RULES)
    params = [str(getattr(rules, k)) for k in MOVEMENT_RULES]
    limit = f"LIMIT {int(max_games)}" if max_games else ""
    kinds = ", ".join(f"'{k}'" for k in MOVEMENT_KINDS)
    sql = f"""
        WITH chosen AS (SELECT g.id FROM games g WHERE {where} ORDER BY g.id {limit})
        SELECT e.turn, k.code AS kind, e.player, e.square, e.amount, e.counterparty AS other,
               CASE WHEN e.kind = 'roll'   -- the dice as written ("3+4", maybe with a purpose after a space)
                    THEN coalesce(TRY_CAST(replace(split_part(e.detail, ' ', 1), '+', '') AS INTEGER), 0)
                    ELSE 0 END AS detail
        FROM events e JOIN chosen c ON c.id = e.game JOIN event_kinds k ON k.kind = e.kind
        WHERE e.kind IN ({kinds})
        ORDER BY e.game, e.seq"""
    with _Reader(path, wait=5.0) as r:
        try:
            n = r.conn.sql(f"SELECT count(*) FROM games g WHERE {where}", params=params).fetchall()[0][0]
            if not n:
                return 0, {}
            table = r.conn.sql(sql, params=params).to_arrow_table()
        except duckdb.Error as exc:
            raise StoreError(f"the database {path.name} is not a game database of this lab "
                             f"({str(exc).splitlines()[0]})") from None
    games = min(n, max_games) if max_games else n
    return games, {c: table.column(c).to_numpy() for c in ("turn", "kind", "player", "square", "amount", "other",
                                                             "detail")}
