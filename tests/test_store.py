"""The game database: schema and README agree, events add up, whole-or-nothing writes, logging site games."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import duckdb
import pytest

from monopoly_core import Game, bots, load_board, preset
from monopoly_core.records import TableBuilder
from monopoly_core.schema_doc import RELATIONS, markdown, schema_types
from monopoly_core.simulate import simulate
from monopoly_core.store import TABLES, VIEWS, StoreError, Writer, log_game, schema_columns

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def small_db(tmp_path_factory):
    path = tmp_path_factory.mktemp("store") / "games.duckdb"
    simulate(path, games=12, players=3, seed=11, turn_limit=80, bots=["strategist", "always-buy", "random"])
    return path


def _read(path):
    return duckdb.connect(str(path), read_only=True)


# --- the schema and its documentation --------------------------------------------------------------------------
def test_every_column_is_described_and_the_readme_says_the_same(tmp_path):
    with Writer(tmp_path / "fresh.duckdb") as w:
        actual = schema_columns(w.conn)
    assert set(actual) == set(TABLES) | set(VIEWS) == set(RELATIONS)
    types = schema_types()
    for name, cols in actual.items():
        assert list(RELATIONS[name].columns) == cols == list(types[name]), f"{name}: described columns differ"
        assert RELATIONS[name].summary and all(RELATIONS[name].columns.values()), f"{name}: a description is empty"
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("<!-- database:begin -->"):text.index("<!-- database:end -->")]
    for name in RELATIONS:
        assert markdown(name) in section, f"README's block for {name} differs from monopoly_core.schema_doc"
    assert len(re.findall(r"^### `\w+` \((?:table|view)\)", section, re.M)) == len(RELATIONS)
    # every ready-made question listed (an outside review found 16 of 23 described)
    from monopoly_core.queries import QUESTIONS
    listed = re.findall(r"^- (.+)$", section[section.index("### Ready-made questions"):], re.M)
    assert listed == [q.title for q in QUESTIONS.values()]


# --- contents ----------------------------------------------------------------------------------------------------
def test_events_reproduce_final_cash(small_db):
    with _read(small_db) as conn:
        wrong = conn.execute("""
            WITH flows AS (
                SELECT game, counterparty AS seat, amount FROM events WHERE kind = 'pay' AND counterparty >= 0
                UNION ALL
                SELECT game, player AS seat, -amount FROM events WHERE kind = 'pay' AND player >= 0)
            SELECT p.game, p.seat, p.cash, coalesce(sum(f.amount), 0) AS from_events
            FROM players p LEFT JOIN flows f ON f.game = p.game AND f.seat = p.seat
            GROUP BY ALL HAVING p.cash <> from_events""").fetchall()
        checked = conn.execute("SELECT count(*) FROM players").fetchone()[0]
    assert checked == 36
    assert wrong == []


def test_rows_match_the_games(small_db):
    rules = preset("classic-us", turn_limit=80)
    with _read(small_db) as conn:
        row = conn.execute("SELECT seed, events, turns, winner, end_reason FROM games WHERE id = 5").fetchone()
        g = Game.new(rules, bots(["strategist", "always-buy", "random"]), row[0])
        g.run()
        assert row[1:] == (len(g.log), g.turn, g.winner, g.end_reason)
        ev = conn.execute("SELECT seq, turn, kind, player, square, amount, counterparty FROM events "
                          "WHERE game = 5 ORDER BY seq").fetchall()
        assert [(e.seq, e.turn, e.kind_name, e.player, e.square, e.amount, e.other) for e in g.log] == ev
        snaps = conn.execute("SELECT count(*) FROM snapshots WHERE game = 5").fetchone()[0]
        assert snaps > 0
        # readable details
        kinds = dict(conn.execute("SELECT kind, any_value(detail) FROM events WHERE game = 5 AND kind IN "
                                  "('roll', 'end') AND detail IS NOT NULL GROUP BY kind").fetchall())
        assert re.fullmatch(r"\d\+\d( \w+)?", kinds["roll"])
        assert kinds["end"] in ("last_player_standing", "turn_limit")
        assert conn.execute("SELECT count(*) FROM landings_per_square").fetchone()[0] > 20
        names = conn.execute("SELECT DISTINCT square_name FROM landings WHERE square = 24").fetchall()
        assert names == [(load_board("classic-us").squares[24].name,)]


def test_trade_details_are_json(small_db):
    with _read(small_db) as conn:
        rows = conn.execute("SELECT detail FROM events WHERE kind LIKE 'trade_%' LIMIT 5").fetchall()
    for (d,) in rows:
        assert d.startswith("{") and '"proposer"' in d


def test_log_game_finished_and_unfinished(tmp_path):
    path = tmp_path / "site.duckdb"
    g = Game.new(preset("classic-uk", turn_limit=30), bots(["cautious", "always-buy"]), seed=3)
    with pytest.raises(StoreError, match="not over"):
        log_game(g, path)
    for _ in range(40):
        g.step()
    first = log_game(g, path, unfinished=True)
    with _read(path) as conn:
        rows = conn.execute("SELECT id, source, finished, end_reason, batch FROM games ORDER BY id").fetchall()
        assert rows == [(1, "played", False, None, None)]
    g.run()
    second = log_game(g, path)          # the same game, finished: its one record (the moves so far agree)
    assert (first, second) == (1, 1)
    with _read(path) as conn:
        rows = conn.execute("SELECT id, source, finished, end_reason, batch FROM games ORDER BY id").fetchall()
        assert len(rows) == 1 and rows[0][:3] == (1, "played", True) and rows[0][3] is not None
        n = conn.execute("SELECT count(*) FROM events WHERE game = 1").fetchone()[0]
    assert n == len(g.log)


def test_a_played_game_is_one_record_across_visits(tmp_path):
    """Outside review: a finished game was logged again on every reload of the Play page, every upload of its
    saved file and every share link (three identical records of seed 31337), inflating every question. A played
    game is now one record whatever logs it: the same rules, seed and players, and the same moves so far."""
    path = tmp_path / "visits.duckdb"
    specs = bots(["strategist", "cautious"])
    g = Game.new(preset("classic-us"), specs, seed=31337)
    for _ in range(30):
        g.play(until="turn")
    first = log_game(g, path, unfinished=True)
    assert log_game(Game.replay(g.history), path, unfinished=True) == first            # a reload
    assert log_game(Game.replay(g.history, 25), path, unfinished=True) == first        # an earlier state: kept
    done = Game.replay(g.history)
    done.run()
    assert log_game(done, path) == first                                               # finished later
    assert log_game(Game.replay(done.history), path) == first                          # the upload of its file
    with _read(path) as conn:
        assert conn.execute("SELECT id, finished, events FROM games").fetchall() == [(first, True, len(done.log))]
        assert conn.execute("SELECT count(*) FROM events").fetchone()[0] == len(done.log)
    # other games of the same seed stay games of their own: other players, other moves, a simulated batch
    other = Game.new(preset("classic-us"), bots(["random", "cautious"]), seed=31337)
    other.run()
    assert log_game(other, path) == first + 1
    branch = Game.replay(g.history, 25)
    branch.arrange().next_rolls((6, 6), (5, 4))         # (an arranged game: its moves from here differ)
    branch.run()
    assert log_game(branch, path) == first + 2


def test_a_game_logged_again_replaces_its_record(tmp_path):
    """log_game(replacing=id): the same game logged unfinished, again, then finished is one record (games,
    players, events, snapshots once each); an id that holds another game is left alone and a new id is used."""
    path = tmp_path / "again.duckdb"
    g = Game.new(preset("classic-uk", turn_limit=30), bots(["cautious", "always-buy"]), seed=3, snapshots=True)
    for _ in range(40):
        g.step()
    first = log_game(g, path, unfinished=True)
    assert log_game(g, path, unfinished=True, replacing=first) == first
    g.run()
    assert log_game(g, path, replacing=first) == first
    with _read(path) as conn:
        assert conn.execute("SELECT id, finished FROM games").fetchall() == [(first, True)]
        assert conn.execute("SELECT count(*) FROM players").fetchone()[0] == 2
        assert conn.execute("SELECT count(*) FROM events").fetchone()[0] == len(g.log)
        snaps = conn.execute("SELECT count(*), count(DISTINCT (round, turn, player)) FROM snapshots").fetchone()
    assert snaps[0] == snaps[1] > 0
    other = Game.new(preset("classic-uk", turn_limit=30), bots(["cautious", "always-buy"]), seed=4)
    other.run()
    assert log_game(other, path, replacing=first) == first + 1      # seed 4 is not the game logged as #1
    with _read(path) as conn:
        assert conn.execute("SELECT list(seed ORDER BY id) FROM games").fetchone()[0] == [3, 4]


def test_a_failed_batch_leaves_nothing(tmp_path):
    path = tmp_path / "fail.duckdb"
    g = Game.new(preset("classic-us", turn_limit=10), bots(["cautious", "always-buy"]), seed=1)
    g.run()
    b = TableBuilder()
    b.add(g, 1)
    tables = b.tables()
    tables["snapshots"] = tables["events"]          # wrong columns: the last insert of the batch fails
    with Writer(path) as w:
        with pytest.raises(duckdb.Error):
            w.write(tables)
        counts = [w.conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in
                  ("games", "players", "events", "snapshots")]
    assert counts == [0, 0, 0, 0]


# --- whole games only, even when the writer is killed -----------------------------------------------------------
KILLER = textwrap.dedent("""
    import sys, time
    from monopoly_core import simulate, store
    original = store._insert
    seen = {"n": 0}
    def insert(conn, name, table):
        original(conn, name, table)
        if name == sys.argv[2]:
            seen["n"] += 1
            if seen["n"] == 3:                   # third batch: partly inserted, not committed
                print("MID", flush=True)
                time.sleep(120)
    store._insert = insert
    simulate.simulate(sys.argv[1], games=40, players=2, seed=7, turn_limit=40, chunk=5)
""")


@pytest.mark.parametrize("stop_after", ["events", "snapshots"])
def test_killed_writer_leaves_whole_games(tmp_path, stop_after):
    path = tmp_path / "killed.duckdb"
    proc = subprocess.Popen([sys.executable, "-c", KILLER, str(path), stop_after], stdout=subprocess.PIPE,
                            cwd=ROOT, text=True)
    try:
        line = proc.stdout.readline()
        assert line.strip() == "MID"
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait(timeout=30)
        proc.stdout.close()
    with _read(path) as conn:
        games = conn.execute("SELECT count(*) FROM games").fetchone()[0]
        assert games == 10                         # two whole chunks of five
        bad = conn.execute("""
            SELECT g.id FROM games g
            LEFT JOIN (SELECT game, count(*) AS n, max(seq) AS last, count(DISTINCT seq) AS distinct_seq
                       FROM events GROUP BY game) e ON e.game = g.id
            LEFT JOIN (SELECT game, count(*) AS n FROM players GROUP BY game) p ON p.game = g.id
            WHERE e.n IS DISTINCT FROM g.events OR e.last <> g.events - 1 OR e.distinct_seq <> e.n
               OR p.n IS DISTINCT FROM g.players""").fetchall()
        assert bad == []
        ends = conn.execute("SELECT count(*) FROM events e JOIN games g ON g.id = e.game "
                            "WHERE e.kind = 'end' AND e.seq = g.events - 1").fetchone()[0]
        assert ends == games
        for table in ("events", "players", "snapshots"):
            orphans = conn.execute(f"SELECT count(*) FROM {table} WHERE game NOT IN (SELECT id FROM games)"
                                   ).fetchone()[0]
            assert orphans == 0, table
    # the file takes new games afterwards
    report = simulate(path, games=2, players=2, seed=8, turn_limit=20)
    assert (report.first_id, report.batch) == (11, 2)


def test_movement_events_come_back_in_the_cores_coding(tmp_path):
    # The events read back for the Markov comparison must equal the games' own event columns.
    from monopoly_core import Game, STANDARD, bots, preset
    from monopoly_core.store import MOVEMENT_KINDS, log_game, movement_events
    from monopoly_core import events as E
    db = str(tmp_path / "m.duckdb")
    games = []
    for seed in (1, 2):
        g = Game.new(preset("classic-us"), bots(list(STANDARD)), seed=seed)
        g.run()
        log_game(g, db, source="simulated")
        games.append(g)
    n, cols = movement_events(preset("classic-us"), db)
    assert n == 2
    codes = {E.KIND_NAMES.index(k) for k in MOVEMENT_KINDS}
    want = {c: [] for c in ("turn", "kind", "player", "square", "amount", "other", "detail")}
    for g in games:
        for ev in g.log:
            if ev.kind in codes:
                for c in want:
                    v = getattr(ev, c)
                    want[c].append(v if c != "detail" or ev.kind == E.ROLL else 0)
    assert {c: list(cols[c]) for c in want} == want
    assert movement_events(preset("classic-uk"), db) == (0, {})
    assert movement_events(preset("classic-us", jail_turns=2), db) == (0, {})


# --- issue 13 items 9 and 11: other programs' databases, odd paths, seeds out of range ------------------------------
def _foreign(path, sql: str):
    conn = duckdb.connect(str(path))
    conn.execute(sql)
    conn.close()
    return path.read_bytes()


@pytest.mark.parametrize("sql, holds", [
    ("CREATE TABLE accounts (id INTEGER, amount INTEGER); INSERT INTO accounts VALUES (1, 2); "
     "CREATE VIEW payments AS SELECT * FROM accounts", "accounts, payments"),
    ("CREATE TABLE games (name VARCHAR); INSERT INTO games VALUES ('chess')", "games"),
    ("CREATE SCHEMA ledger; CREATE TABLE ledger.entries (a INTEGER)", "tables in other schemas"),
    ("CREATE TABLE meta (key VARCHAR PRIMARY KEY, value VARCHAR); INSERT INTO meta VALUES ('schema_version', '1')",
     "meta"),
])
def test_another_program_s_database_is_refused_and_left_unchanged(tmp_path, sql, holds):
    path = tmp_path / "theirs.duckdb"
    before = _foreign(path, sql)
    with pytest.raises(StoreError, match=f"not made by this lab \\(it holds {holds}"):
        simulate(path, games=1, players=2, turn_limit=5)
    with pytest.raises(StoreError, match="not made by this lab"):
        log_game(_finished_game(), path)
    assert path.read_bytes() == before


def test_the_simulate_command_refuses_another_program_s_database(tmp_path, capsys):
    from monopoly_core.cli import main
    path = tmp_path / "theirs.duckdb"
    before = _foreign(path, "CREATE TABLE accounts (id INTEGER); CREATE VIEW payments AS SELECT * FROM accounts")
    assert main(["simulate", "--db", str(path), "--games", "1", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "not made by this lab" in err and "Traceback" not in err and path.read_bytes() == before


def _finished_game():
    g = Game.new(preset("classic-us", turn_limit=5), bots(["cautious", "random"]), seed=3)
    g.run()
    return g


def test_a_lab_database_is_marked_and_one_from_before_the_mark_is_still_the_lab_s(tmp_path):
    path = tmp_path / "ours.duckdb"
    simulate(path, games=1, players=2, turn_limit=5)
    with _read(path) as conn:
        assert conn.execute("SELECT value FROM meta WHERE key = 'format'").fetchone() == ("monopoly-rules-lab",)
    with duckdb.connect(str(path)) as conn:              # as the lab wrote it before the mark existed
        conn.execute("DELETE FROM meta WHERE key = 'format'; DROP VIEW card_draws")
    simulate(path, games=1, players=2, turn_limit=5, seed=2)       # (another batch: the same one is refused)
    with _read(path) as conn:
        assert conn.execute("SELECT count(*) FROM games").fetchone() == (2,)
        assert conn.execute("SELECT value FROM meta WHERE key = 'format'").fetchone() == ("monopoly-rules-lab",)


@pytest.mark.parametrize("where", ["{tmp}/a-file/games.duckdb", "/proc/no-such-dir/games.duckdb", "{tmp}",
                                   "~no-such-user-here/games.duckdb", "{tmp}/nul\x00.duckdb", "{tmp}/" + "x" * 5000])
def test_odd_database_paths_are_clear_refusals(tmp_path, where):
    (tmp_path / "a-file").write_text("not a folder")
    path = where.format(tmp=tmp_path)
    with pytest.raises(StoreError) as info:
        simulate(path, games=1, players=2, turn_limit=5)
    assert str(info.value) and "Traceback" not in str(info.value)
    from monopoly_core.sqlsafe import QueryError, database_summary, run_query
    with pytest.raises(QueryError):
        run_query("SELECT 1", path)
    try:
        assert database_summary(path) is None
    except QueryError:
        pass


def test_a_seed_out_of_range_is_refused_before_any_game_or_log_exists(tmp_path):
    # Issue 13 item 11: a seed of 2**63 crashed logging with OverflowError; the core now refuses it at the start
    # (and the log would refuse it too, should a game ever carry one)
    from monopoly_core import InvalidRules
    for seed in (2**63, -1):
        with pytest.raises(InvalidRules, match="seed: must be a whole number from 0"):
            Game.new(preset("classic-us", turn_limit=3), bots(["cautious", "random"]), seed=seed)
    assert not (tmp_path / "g.duckdb").exists()


def test_a_board_file_that_cannot_be_read_leaves_the_schema_s_words(tmp_path, monkeypatch):
    # (an outside review: a draft board file with a typo took the whole Database page down, as the schema's words
    # read every board)
    import shutil
    from monopoly_core import schema_doc
    shutil.copytree(ROOT / "data", tmp_path / "data")
    (tmp_path / "data" / "boards" / "draft.toml").write_text("this is = = not toml\n", encoding="utf-8")
    monkeypatch.setenv("MONOPOLY_DATA_DIR", str(tmp_path / "data"))
    kinds = schema_doc._square_kinds()
    assert "street" in kinds and "station" in kinds


def test_a_damaged_database_is_said_damaged_not_in_use(tmp_path):
    """An outside review: DuckDB's "computed checksum ... does not match ... in block at location 8192" holds the
    letters "lock", and every entry point said the file was in use by another program; simulate waited 30 s for
    it."""
    from monopoly_core.cli import main
    from monopoly_core.store import StoreBusy
    path = tmp_path / "r.duckdb"
    simulate(path, games=3, players=2, seed=1, turn_limit=30)
    data = bytearray(path.read_bytes())
    data[8192:8192 + 64] = bytes(range(64))
    path.write_bytes(bytes(data))
    with pytest.raises(StoreError, match="r.duckdb is damaged .part of the file does not match its checksum") as e:
        simulate(path, games=2, players=2, seed=2, turn_limit=30, wait=20)
    assert not isinstance(e.value, StoreBusy) and str(tmp_path) not in str(e.value)
    assert main(["sql", "select 1", "--db", str(path)]) == 2


def test_a_truncated_database_s_error_names_the_file_not_its_folders(tmp_path):
    """An outside review: a database cut to half its length made a query say DuckDB's 'Could not read enough bytes
    from file "/the/server/folders/t.duckdb"' on the Database page (the opening error names the file only)."""
    from monopoly_core.sqlsafe import QueryError, run_query
    path = tmp_path / "t.duckdb"
    simulate(path, games=40, players=2, seed=1, turn_limit=60)
    data = path.read_bytes()
    path.write_bytes(data[:len(data) // 2])
    with pytest.raises(QueryError, match="Could not read enough bytes") as exc:
        run_query("SELECT * FROM games", path)           # (reads a block past the cut)
    assert str(tmp_path) not in str(exc.value) and '"t.duckdb"' in str(exc.value)


def test_a_file_name_too_long_for_the_file_system_is_refused_in_words(tmp_path):
    """An outside review: MONOPOLY_DB naming a 300-letter file raised OSError (File name too long), a traceback on
    the Database page."""
    from monopoly_core.store import resolve
    with pytest.raises(StoreError, match="a name in it is longer than 255 bytes"):
        resolve(tmp_path / ("a" * 300 + ".duckdb"))
    assert resolve(tmp_path / ("a" * 240 + ".duckdb")).name.startswith("a")
