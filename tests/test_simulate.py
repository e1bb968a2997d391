"""Batch simulation: determinism across worker counts, seeds, progress, the command, the sample database,
and the ready-made questions."""
from __future__ import annotations

import duckdb
import pytest

from monopoly_core.bounds import MIN_SECONDS      # (the shortest limit: a chunk and its write take longer)
from monopoly_core.cli import main
from monopoly_core.errors import InvalidRules
from monopoly_core.queries import CHART_KINDS, QUESTIONS
from monopoly_core.simulate import game_seed, sample_database, simulate
from monopoly_core.sqlsafe import run_query
from monopoly_core.store import DATA_TABLES, DuplicateBatch

CLOCK_COLUMNS = {"started_at", "finished_at", "logged_at"}


def _contents(path) -> dict:
    """Every data table's rows in a fixed order, wall-clock columns left out."""
    out = {}
    with duckdb.connect(str(path), read_only=True) as conn:
        for table in DATA_TABLES:
            cols = [c for (c,) in conn.execute(
                "SELECT column_name FROM duckdb_columns() WHERE table_name = ? ORDER BY column_index",
                [table]).fetchall() if c not in CLOCK_COLUMNS]
            order = {"games": "id", "players": "game, seat", "events": "game, seq",
                     "snapshots": "game, round, turn, player"}[table]
            out[table] = conn.execute(f"SELECT {', '.join(cols)} FROM {table} ORDER BY {order}").fetchall()
    return out


def test_same_master_seed_same_database_whatever_the_workers(tmp_path):
    args = dict(games=8, players=3, seed=42, turn_limit=50, bots=["strategist", "set-collector", "random"])
    one = simulate(tmp_path / "w1.duckdb", workers=1, **args)
    two = simulate(tmp_path / "w2.duckdb", workers=2, chunk=3, **args)
    assert (one.games, two.games, two.workers) == (8, 8, 2)
    a, b = _contents(tmp_path / "w1.duckdb"), _contents(tmp_path / "w2.duckdb")
    assert len(a["events"]) > 1000 and len(a["snapshots"]) > 0
    assert a == b


def test_game_seeds_depend_only_on_master_and_index():
    assert game_seed(1, 5) == game_seed(1, 5)
    assert len({game_seed(1, i) for i in range(1000)}) == 1000
    assert game_seed(1, 0) != game_seed(2, 0)
    assert 0 <= game_seed(-3, 7) < 2 ** 63


def test_progress_and_ids(tmp_path):
    calls = []
    path = tmp_path / "p.duckdb"
    first = simulate(path, games=5, players=2, seed=1, turn_limit=20, chunk=2,
                     progress=lambda done, total: calls.append((done, total)))
    assert calls == [(2, 5), (4, 5), (5, 5)]
    second = simulate(path, games=2, players=2, seed=2, turn_limit=20)
    assert (first.first_id, first.last_id, first.batch) == (1, 5, 1)
    assert (second.first_id, second.last_id, second.batch) == (6, 7, 2)
    with duckdb.connect(str(path), read_only=True) as conn:
        seeds = conn.execute("SELECT batch, batch_index, seed FROM games ORDER BY id").fetchall()
    assert seeds[0] == (1, 0, game_seed(1, 0)) and seeds[5] == (2, 0, game_seed(2, 0))


def _games(path) -> int:
    with duckdb.connect(str(path), read_only=True) as conn:
        return conn.execute("SELECT count(*) FROM games").fetchone()[0]


def test_the_same_batch_is_never_written_twice(tmp_path):
    # Issue 14: 25 games and then 200 with the same master seed wrote the first 25 games twice.
    path = tmp_path / "twice.duckdb"
    args = dict(players=3, seed=5, turn_limit=20, bots=["cautious", "always-buy"])
    simulate(path, games=3, **args)
    for games in (3, 8, 1):                     # the same games, more of them, fewer of them
        with pytest.raises(DuplicateBatch, match="already in the database: batch 1 \\(3 games, ids 1 to 3\\)"):
            simulate(path, games=games, **args)
    assert _games(path) == 3
    # any difference in rules, bots, players or seed makes new games
    for change in ({"seed": 6}, {"turn_limit": 21}, {"bots": ["always-buy", "cautious"]}, {"players": 2}):
        report = simulate(path, games=2, **{**args, **change})
        assert report.games == 2, change
    assert _games(path) == 11
    with pytest.raises(DuplicateBatch, match="batch 3 "):
        simulate(path, games=4, **{**args, "turn_limit": 21})


def test_the_command_refuses_a_batch_already_written(tmp_path, capsys):
    path = tmp_path / "cli-twice.duckdb"
    argv = ["simulate", "--games", "2", "--players", "2", "--seed", "3", "--turn-limit", "15", "--quiet",
            "--db", str(path)]
    assert main(argv) == 0
    capsys.readouterr()
    assert main(argv[:2] + ["5"] + argv[3:]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: these games are already in the database: batch 1") and "master seed" in err
    assert _games(path) == 2


def test_bad_settings_are_refused_before_writing(tmp_path):
    path = tmp_path / "bad.duckdb"
    for kwargs in ({"games": 0}, {"workers": 0}, {"bots": ["nobody"]}, {"players": 1}, {"edition": "nope"}):
        with pytest.raises(InvalidRules):
            simulate(path, **kwargs)
    assert not path.exists()


def test_simulate_command(tmp_path, capsys):
    path = tmp_path / "cli.duckdb"
    assert main(["simulate", "--games", "3", "--players", "2", "--seed", "9", "--turn-limit", "20",
                 "--bots", "cautious,always-buy", "--db", str(path)]) == 0
    cap = capsys.readouterr()
    assert "wrote 3 games" in cap.out and "3/3 games" in cap.err
    assert main(["simulate", "--games", "3", "--bots", "nobody", "--db", str(path)]) == 2
    assert "unknown strategy" in capsys.readouterr().err
    assert main(["simulate", "--games", "2", "--edition", "no-such", "--db", str(path)]) == 2


@pytest.fixture(scope="module")
def sample(tmp_path_factory):
    path = tmp_path_factory.mktemp("sample") / "sample.duckdb"
    report = sample_database(path, games=24)
    assert report.games == 24
    return path


CLASSIC_QUESTIONS = [name for name, q in QUESTIONS.items() if not q.edition]   # (an edition's: tested with it)


@pytest.mark.parametrize("name", CLASSIC_QUESTIONS)
def test_every_ready_made_question_answers(sample, name):
    q = QUESTIONS[name]
    assert q.title and q.description and q.chart.kind in CHART_KINDS
    res = run_query(q.sql, sample)
    assert res.num_rows > 0, name
    assert q.chart.x in res.columns and q.chart.y in res.columns
    for optional in (q.chart.color, q.chart.reference):
        assert optional is None or optional in res.columns
    assert not res.truncated


@pytest.mark.parametrize("name", [n for n, q in QUESTIONS.items() if "most played board" in q.description])
def test_a_question_about_the_most_played_board_names_it(sample, name):
    # a teacher's walkthrough read the Cheaters board's answer as the classic board's: the answer says which
    res = run_query(QUESTIONS[name].sql, sample).to_pandas()
    assert set(res["board"]) == {"classic-us"}, name


@pytest.fixture(scope="module")
def two_batches(tmp_path_factory):
    """One file with two batches, and a file with the first batch alone."""
    folder = tmp_path_factory.mktemp("batches")
    first = dict(games=6, players=4, seed=21, turn_limit=60)
    simulate(folder / "alone.duckdb", **first)
    simulate(folder / "both.duckdb", **first)
    simulate(folder / "both.duckdb", games=5, players=3, seed=22, turn_limit=40, bots=["random", "always-buy"])
    return folder / "alone.duckdb", folder / "both.duckdb"


def _sorted_rows(result):
    df = result.to_pandas()
    return df.sort_values(list(df.columns)).reset_index(drop=True).astype(str)


@pytest.mark.parametrize("name", CLASSIC_QUESTIONS)
def test_a_question_asked_of_one_batch_answers_as_if_the_file_held_only_that_batch(two_batches, name):
    alone, both = two_batches
    q = QUESTIONS[name]
    expected = _sorted_rows(run_query(q.sql, alone))
    assert len(expected), name
    assert _sorted_rows(run_query(q.sql_for(1), both)).equals(expected), name
    assert not _sorted_rows(run_query(q.sql, both)).equals(expected), "the other batch should change the answer"


class _Stopped(Exception):
    """What a click on another button does to a run in the site (Streamlit stops the page's script mid-run)."""


def _stopped_after(chunks: int):
    seen = []

    def progress(done, total):
        seen.append(done)
        if len(seen) == chunks:
            raise _Stopped
    return progress


def test_a_run_stopped_part_way_lists_its_batch_as_short_until_it_is_completed(tmp_path):
    """Outside review: a Simulate cut short by another click was listed as 'Batch 23: 1,500 games of ...' with no
    mark that 2,000 were asked for. The batches table holds each batch's plan, written before any game."""
    from monopoly_core.queries import batches
    path = tmp_path / "stopped.duckdb"
    args = dict(games=12, players=2, seed=424242, turn_limit=30, chunk=3)
    with pytest.raises(_Stopped):
        simulate(path, progress=_stopped_after(2), **args)
    [short] = batches(path)
    assert (short.games, short.planned, short.master_seed, short.short) == (6, 12, 424242, True)
    assert short.label().startswith("Batch 1: 6 of 12 games of classic-us")
    assert short.label().endswith(": stopped part way; complete it with Simulate below: the same rule set, players, "
                                  "bots, seating and turn limit, 12 games, master seed 424242, and \"Complete a batch "
                                  "already in the database\" ticked")
    simulate(path, resume=True, **{**args, "games": 5})           # a smaller run of it: still short of 12
    assert [b.short for b in batches(path)] == [True]
    report = simulate(path, resume=True, **args)
    [whole] = batches(path)
    assert (report.kept, whole.games, whole.planned, whole.short) == (6, 12, 12, False)
    assert whole.label() == "Batch 1: 12 games of classic-us, 2 players (strategist, set-collector), turn limit 30, " \
                            "ids 1 to 12"


def test_a_run_stops_at_its_time_limit_after_a_whole_chunk_and_resume_plays_the_rest(tmp_path):
    """``time_limit`` (the site's clicks: bounds.SITE_TIME_LIMIT) stops after the last whole chunk written; the
    batch is short, and a resumed run completes it into the games one uninterrupted run writes."""
    from monopoly_core.queries import batches
    path = tmp_path / "cut.duckdb"
    args = dict(games=7, players=2, seed=11, turn_limit=25, chunk=3)
    cut = simulate(path, time_limit=MIN_SECONDS, **args)
    assert (cut.games, cut.timed_out, cut.interrupted) == (3, True, False)
    assert [(b.games, b.planned, b.short) for b in batches(path)] == [(3, 7, True)]
    rest = simulate(path, resume=True, time_limit=MIN_SECONDS, **args)
    assert (rest.kept, rest.games, rest.timed_out) == (3, 3, True)
    last = simulate(path, resume=True, time_limit=MIN_SECONDS, **args)
    assert (last.kept, last.games, last.timed_out) == (6, 1, False)      # (the last chunk: nothing left to stop)
    whole = simulate(tmp_path / "whole.duckdb", **args)
    assert not whole.timed_out
    q = "SELECT batch_index, seed, rounds, winner FROM games ORDER BY batch_index"
    with duckdb.connect(str(path), read_only=True) as a, duckdb.connect(str(tmp_path / "whole.duckdb"),
                                                                        read_only=True) as b:
        assert a.execute(q).fetchall() == b.execute(q).fetchall()
    for bad, words in ((0, "time limit: must be a number of seconds from 0.001"), (float("nan"), "time limit"),
                       (10**6, "to 86400"), (10**400, "to 86400"), (1e-320, "from 0.001"), ("5", "must be a number of seconds")):
        with pytest.raises(InvalidRules, match=words):
            simulate(tmp_path / "bad.duckdb", time_limit=bad, **args)
    assert not (tmp_path / "bad.duckdb").exists()


def test_a_timed_run_plays_in_chunks_small_enough_to_end_soon_after_its_limit(tmp_path):
    """A chunk is never cut: with a time limit the default chunk holds at most bounds.TIMED_CHUNK_PLAYER_ROUNDS
    (an outside review: --time-limit 5 on 8 random bots to 10,000 rounds ran 231 s in 50-game chunks, 6.4 GB)."""
    import numpy as np
    from monopoly_core.simulate import chunk_size
    assert chunk_size(1000, 2) == 50 and chunk_size(1000, 2, 120.0, 4, 500) == 40
    assert chunk_size(1000, 2, 120.0, 8, 10_000) == 1 and chunk_size(8, 2, 120.0, 2, 20) == 1
    r = simulate(tmp_path / "long.duckdb", games=9, players=8, seed=3, turn_limit=10_000, bots=["always-buy"],
                 time_limit=np.int64(1) * MIN_SECONDS)
    assert (r.games, r.timed_out) == (1, True)        # (untimed, the chunk would be 9 // 4 = 2 games)
    short = simulate(tmp_path / "n.duckdb", games=2, players=2, seed=3, turn_limit=20, time_limit=np.int64(60))
    assert short.games == 2 and not short.timed_out


def test_a_batch_completed_after_another_says_its_ids_are_not_in_a_row(tmp_path):
    from monopoly_core.queries import batches
    path = tmp_path / "mixed.duckdb"
    args = dict(games=4, players=2, seed=11, turn_limit=20, chunk=2)
    simulate(path, time_limit=MIN_SECONDS, **args)                        # ids 1 and 2
    simulate(path, games=2, players=2, seed=12, turn_limit=20)     # batch 2: ids 3 and 4
    simulate(path, resume=True, **args)                            # batch 1 gets 5 and 6
    first, second = batches(path)
    assert "ids between 1 and 6, with other batches' ids among them (ask for batch = 1)" in first.label()
    assert second.label().endswith("ids 3 to 4")


def test_a_run_stopped_before_its_first_games_leaves_its_number_to_no_other_batch(tmp_path):
    from monopoly_core.queries import batches
    path = tmp_path / "early.duckdb"
    with pytest.raises(_Stopped):
        simulate(path, games=4, players=2, seed=1, turn_limit=20, chunk=2, progress=_stopped_after(1))
    with pytest.raises(_Stopped):
        simulate(path, games=4, players=2, seed=2, turn_limit=20, chunk=4, progress=_stopped_after(1))
    # the second run wrote its one chunk (4 games) before stopping: a whole batch 2, the first one short
    assert [(b.batch, b.games, b.planned, b.short) for b in batches(path)] == [(1, 2, 4, True), (2, 4, 4, False)]
    with duckdb.connect(str(path)) as conn:            # a run planned but stopped before writing any game
        conn.execute("INSERT INTO batches (batch, games, master_seed, made_by, planned_at) VALUES (3, 10, 9, 'simulate', now())")
    report = simulate(path, games=2, players=2, seed=3, turn_limit=20)
    assert report.batch == 4 and [b.batch for b in batches(path)] == [1, 2, 4]


def test_a_comparison_stopped_part_way_is_listed_short_and_says_how_to_complete_it(tmp_path):
    from monopoly_core.compare import compare
    from monopoly_core.queries import batches
    from monopoly_core.rules import preset
    path = tmp_path / "cmp.duckdb"
    with pytest.raises(_Stopped):
        compare(preset("classic-us", turn_limit=20), preset("classic-uk", turn_limit=20), games=8, players=2, seed=5,
                db_path=path, progress=_stopped_after(1))
    listed = batches(path)
    assert listed and all(b.short and b.planned == 8 and b.made_by == "compare" for b in listed)
    assert ("complete it by running the same comparison again, on the Rules page or in the lesson that played it "
            "(8 games, seed 5)") in listed[0].label()


def test_a_database_from_before_batch_plans_still_lists_its_batches(tmp_path):
    from monopoly_core.queries import batches
    path = tmp_path / "old.duckdb"
    simulate(path, games=3, players=2, seed=1, turn_limit=20)
    with duckdb.connect(str(path)) as conn:
        conn.execute("DROP TABLE batches")
    [old] = batches(path)
    assert (old.games, old.planned, old.short) == (3, None, False) and "stopped" not in old.label()
