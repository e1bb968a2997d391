"""A run that was stopped part way (a student closing the tab) leaves whole games of a batch behind; the same run
again completes that batch instead of refusing the seed, and shows what one uninterrupted run shows (review of
lessons 5 and 6: "One student leaving mid-run breaks the teacher's seeded link for the whole class")."""
from __future__ import annotations

import threading

import duckdb
import pytest

from monopoly_core import preset
from monopoly_core.compare import compare
from monopoly_core.lessons import cheating, variants
from monopoly_core.simulate import DuplicateBatch, simulate
from monopoly_core.store import StoreBusy, Writer, busy, gate

SMALL = dict(players=2, seed=9, bots=["always-buy", "cautious"])


class TabClosed(BaseException):
    """What Streamlit raises in a run whose tab was closed (its StopException is a BaseException too)."""


def stop_after(calls: int):
    """A progress callback that stops the run after ``calls`` progress reports."""
    seen = []

    def progress(done: int, total: int) -> None:
        seen.append((done, total))
        if len(seen) == calls:
            raise TabClosed
    return progress


def batch_games(path, batch: int) -> list[tuple]:
    """Every game of ``batch`` with its events, without the ids (which depend on what else the file holds)."""
    with duckdb.connect(str(path), read_only=True) as conn:
        games = conn.execute("SELECT batch_index, seed, rounds, end_reason, winner, events FROM games WHERE batch = ? "
                             "ORDER BY batch_index", [batch]).fetchall()
        events = conn.execute("SELECT g.batch_index, e.seq, e.kind, e.player, e.amount, e.detail FROM events e "
                              "JOIN games g ON g.id = e.game WHERE g.batch = ? ORDER BY 1, 2", [batch]).fetchall()
    return games + events


def _rules(**changes):
    return preset("classic-uk", turn_limit=40, **changes)


def test_a_stopped_simulation_is_completed_by_the_same_run_resumed(tmp_path):
    args = dict(rules=_rules(), games=7, chunk=2, **SMALL)
    clean = simulate(tmp_path / "clean.duckdb", **args)
    path = tmp_path / "stopped.duckdb"
    with pytest.raises(TabClosed):
        simulate(path, progress=stop_after(2), **args)                  # 4 of the 7 games written
    simulate(path, rules=_rules(go_salary=400), games=3, **SMALL)       # another batch takes the next ids
    with pytest.raises(DuplicateBatch):                                 # without resume: refused, as before
        simulate(path, **args)
    seen = []
    report = simulate(path, resume=True, progress=lambda d, t: seen.append((d, t)), **args)
    assert (report.batch, report.kept, report.games) == (1, 4, 3)
    assert seen[-1] == (7, 7)
    assert (report.first_id, report.last_id) == (8, 10)                 # fresh ids after the other batch's
    assert batch_games(path, 1) == batch_games(tmp_path / "clean.duckdb", clean.batch)
    again = simulate(path, resume=True, **args)
    assert (again.kept, again.games) == (7, 0)


def test_a_stopped_comparison_is_completed_with_the_figures_of_one_run(tmp_path):
    a, b = _rules(), _rules(jail_fine=200)
    clean = compare(a, b, games=12, db_path=tmp_path / "clean.duckdb", **SMALL)
    path = tmp_path / "stopped.duckdb"
    with pytest.raises(TabClosed):
        compare(a, b, games=12, db_path=path, progress=stop_after(1), **SMALL)   # games 0-2 of each side
    # side A also holds games 3 and 4 (a chunk of 3 to 5 is then part there, part not: it is played, not doubled)
    simulate(path, rules=a, games=5, resume=True, seating="rotated", **SMALL)
    again = compare(a, b, games=12, db_path=path, **SMALL)
    assert [f.to_json() for f in again.figures] == [f.to_json() for f in clean.figures]
    assert again.batches == clean.batches and again.reused == (False, False)
    for batch in again.batches:
        assert batch_games(path, batch) == batch_games(tmp_path / "clean.duckdb", batch)
    third = compare(a, b, games=12, db_path=path, **SMALL)
    assert third.reused == (True, True)
    assert [f.to_json() for f in third.figures] == [f.to_json() for f in clean.figures]


def clean_and_resumed(play, games: int, seed: int, tmp_path, stop: int):
    """A lesson's run on a fresh database, and the same run pressed again after one stopped after ``stop``
    progress reports."""
    clean = play(games, seed, tmp_path / "clean.duckdb")
    path = tmp_path / "stopped.duckdb"
    with pytest.raises(TabClosed):
        play(games, seed, path, progress=stop_after(stop))
    return clean, play(games, seed, path), path


def test_a_stopped_lesson_5_run_shows_the_numbers_of_a_clean_one(tmp_path):
    clean, again, _ = clean_and_resumed(variants.play, 12, 4242, tmp_path, 2)
    assert variants.summary_rows(again) == variants.summary_rows(clean)
    assert variants.test_rows(again) == variants.test_rows(clean)
    assert again.comebacks == clean.comebacks


def test_a_stopped_lesson_6_run_shows_the_numbers_of_a_clean_one(tmp_path):
    clean, again, path = clean_and_resumed(cheating.play, 6, 6161, tmp_path, 1)
    assert not again.reused and again.batch == clean.batch
    assert again.card_rows() == clean.card_rows() and again.verdict() == clean.verdict()
    assert cheating.play(6, 6161, path).reused


def test_lesson_6_completes_lesson_5s_stopped_cheaters_games_and_lesson_5_reads_them(tmp_path):
    # the two lessons share their Cheaters games (same rules, bots and master seed)
    path = tmp_path / "games.duckdb"
    with pytest.raises(TabClosed):
        variants.play(8, 5, path, progress=stop_after(5))       # classic, Sore Losers whole; Cheaters in part
    run6 = cheating.play(8, 5, path)
    assert not run6.reused
    run5 = variants.play(8, 5, path)
    assert run5.batch("cheaters") == run6.batch and run5.comparison("cheaters").reused == (True, True)
    assert run6.verdict() == cheating.play(8, 5, tmp_path / "clean.duckdb").verdict()


def test_the_progress_of_lesson_5_runs_to_the_games_of_the_three_rule_sets(tmp_path):
    """Review: while "100 games of each" (300 games) ran, the bar said "200 of 400 games"."""
    seen = []
    variants.play(8, 1, tmp_path / "games.duckdb", progress=lambda d, t: seen.append((d, t)))
    assert {t for _, t in seen} == {8 * len(variants.VARIANTS)}
    done = [d for d, _ in seen]
    assert done == sorted(done) and done[-1] == 24


def test_the_same_seed_pressed_twice_at_once_plays_the_games_once(tmp_path):
    path = tmp_path / "games.duckdb"
    out: list = [None, None]

    def press(i: int) -> None:
        out[i] = variants.play(6, 77, path)
    threads = [threading.Thread(target=press, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not busy(path)
    assert variants.summary_rows(out[0]) == variants.summary_rows(out[1])
    with duckdb.connect(str(path), read_only=True) as conn:
        assert conn.execute("SELECT count(DISTINCT batch), count(*) FROM games").fetchone() == (3, 18)


def test_a_lesson_run_waits_as_long_as_it_is_told_for_another_writer(tmp_path):
    path = tmp_path / "games.duckdb"
    held = threading.Event()
    release = threading.Event()

    def writer() -> None:
        with gate(path, 1):
            held.set()
            release.wait(10)
    assert not busy(path)
    t = threading.Thread(target=writer)
    t.start()
    held.wait(10)
    try:
        assert busy(path)                   # what the lesson page looks at before it says it waits
        with pytest.raises(StoreBusy):
            cheating.play(1, 3, path, wait=0.2)
        threading.Timer(1.0, release.set).start()
        assert cheating.play(1, 3, path, wait=30).games == 1
    finally:
        release.set()
        t.join()
    assert not busy(path)


_HOLDER = """
import sys, time, duckdb
conn = duckdb.connect(sys.argv[1])          # another program's writing connection: DuckDB locks the file
print("held", flush=True)
sys.stdin.readline()                        # until told to let go
conn.close()
"""


def test_a_run_waits_for_another_process_holding_the_file(tmp_path):
    """Two server processes, or the CLI's simulation and the site, on one file: DuckDB's lock is the only gate
    between processes, so a writer tries again until its wait is over instead of failing at once."""
    import subprocess
    import sys
    import time
    path = tmp_path / "games.duckdb"
    with Writer(path):
        pass                                # a lab database, as the site makes it
    other = subprocess.Popen([sys.executable, "-c", _HOLDER, str(path)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert other.stdout.readline().strip() == "held"
        assert not busy(path)               # (this process's gate is free: only the file is locked)
        t0 = time.monotonic()
        with pytest.raises(StoreBusy, match="in use by another program"):
            cheating.play(1, 3, path, wait=0.6)
        assert time.monotonic() - t0 >= 0.5         # it waited before giving up
        threading.Timer(1.0, lambda: (other.stdin.write("\n"), other.stdin.flush())).start()
        assert cheating.play(1, 3, path, wait=30).games == 1
    finally:
        other.kill() if other.poll() is None else None
        other.wait(10)
