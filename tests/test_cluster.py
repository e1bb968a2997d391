"""The batch runner beyond one machine (issue 18): the same per-game seeds played by 1 local worker, 2 local
workers and a Dask cluster (a LocalCluster of 2 worker processes) give the same events hash; workers write
Parquet files in the database's table shapes, which DuckDB loads or queries where they lie."""
from __future__ import annotations

import duckdb
import pytest

from monopoly_core.parquet_runs import DATA_TABLES, connect, events_hash
from monopoly_core.simulate import simulate

distributed = pytest.importorskip(
    "distributed", reason="the 'distributed' package is not installed: pip install -e '.[cluster]' "
                          "(python3 dev.py test installs it)")

RUN = dict(games=16, players=3, seed=21, turn_limit=60, bots=["strategist", "always-buy", "cautious"], chunk=4)


def _hash(db) -> str:
    with duckdb.connect(str(db), read_only=True) as conn:
        return events_hash(conn, 1)


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as c:
        yield c


@pytest.mark.parametrize("seating", ["fixed", "rotated"])
def test_one_worker_two_workers_and_a_dask_cluster_play_the_same_games(tmp_path, cluster, seating):
    from monopoly_core.executors import DaskExecutor
    run = {**RUN, "seating": seating}
    simulate(tmp_path / "one.duckdb", workers=1, **run)
    simulate(tmp_path / "two.duckdb", workers=2, **run)
    with DaskExecutor(cluster) as ex:
        assert ex.workers() == 2
        report = simulate(tmp_path / "dask.duckdb", executor=ex, parquet=str(tmp_path / "pq"), **run)
    assert report.games == 16 and report.workers == 2
    one = _hash(tmp_path / "one.duckdb")
    assert one == _hash(tmp_path / "two.duckdb") == _hash(tmp_path / "dask.duckdb")
    # one Parquet file per chunk and table, in the database's shapes, and DuckDB queries them where they lie
    for t in DATA_TABLES:
        assert len(list((tmp_path / "pq" / "batch-1").glob(f"{t}-*.parquet"))) == 4
    with connect(str(tmp_path / "pq")) as pq:
        assert events_hash(pq) == one
        assert pq.execute("SELECT count(*) FROM games").fetchone() == (16,)
    with duckdb.connect(str(tmp_path / "dask.duckdb"), read_only=True) as db, \
            duckdb.connect(str(tmp_path / "one.duckdb"), read_only=True) as ref:
        q = "SELECT seed, winner, rounds, end_reason, seating FROM games ORDER BY batch_index"
        assert db.execute(q).fetchall() == ref.execute(q).fetchall()
        assert {r[4] for r in db.execute(q).fetchall()} == {seating}
        # who sat where, game by game, is in the players table whoever played the games
        q = "SELECT g.batch_index, p.seat, p.strategy FROM games g JOIN players p ON p.game = g.id ORDER BY 1, 2"
        assert db.execute(q).fetchall() == ref.execute(q).fetchall()
    with connect(str(tmp_path / "pq")) as pq:
        first_seats = pq.execute("SELECT list(strategy ORDER BY seat) FROM players WHERE game = "
                                 "(SELECT id FROM games WHERE batch_index = 1)").fetchone()[0]
        assert first_seats == (RUN["bots"] if seating == "fixed" else ["cautious", "strategist", "always-buy"])


def test_a_comparison_runs_on_the_cluster_with_the_same_figures(tmp_path, cluster):
    from monopoly_core import preset
    from monopoly_core.compare import compare
    from monopoly_core.executors import DaskExecutor
    a, b = preset("classic-uk", turn_limit=40), preset("classic-uk", turn_limit=40, go_salary=300)
    local = compare(a, b, games=6, players=2, seed=4, db_path=tmp_path / "l.duckdb")
    with DaskExecutor(cluster) as ex:
        remote = compare(a, b, games=6, players=2, seed=4, db_path=tmp_path / "r.duckdb", executor=ex)
    assert [f.to_json() for f in remote.figures] == [f.to_json() for f in local.figures]


def test_fsspec_urls_work_too(tmp_path):
    pytest.importorskip("fsspec")
    url = "memory://h18-test/run"
    simulate(tmp_path / "m.duckdb", workers=1, parquet=url, **RUN)
    assert _hash(tmp_path / "m.duckdb") == events_hash(connect(url))


def test_an_unreachable_scheduler_is_refused_with_a_message():
    from monopoly_core import InvalidRules
    from monopoly_core.executors import DaskExecutor
    with pytest.raises(InvalidRules, match="cannot reach the scheduler"):
        DaskExecutor("tcp://127.0.0.1:1", timeout=2)


def test_the_command_line_runs_on_a_cluster_by_its_address(tmp_path, cluster, capsys):
    from monopoly_core.cli import main
    args = ["--games", "8", "--players", "2", "--seed", "3", "--turn-limit", "40", "--quiet"]
    assert main(["simulate", *args, "--db", str(tmp_path / "c.duckdb"), "--cluster", cluster.scheduler_address]) == 0
    assert "wrote 8 games" in capsys.readouterr().out
    assert (tmp_path / "c-parquet" / "batch-1").is_dir()            # the default Parquet folder, by the database
    assert main(["simulate", *args, "--db", str(tmp_path / "l.duckdb")]) == 0
    assert _hash(tmp_path / "c.duckdb") == _hash(tmp_path / "l.duckdb")
    assert main(["compare", "--a", "classic-uk", "--b", '{"preset": "classic-uk", "go_salary": 300}', "--games", "4",
                 "--players", "2", "--quiet", "--json", "--db", str(tmp_path / "k.duckdb"),
                 "--cluster", cluster.scheduler_address]) == 0


def test_a_port_that_is_no_dask_scheduler_or_tls_without_certificates_is_refused_with_a_message():
    """An outside review: a port answering with an HTTP line made Dask read its first bytes as a length and ask
    for 3 EiB (numpy's ArrayMemoryError, a traceback), and tls:// without certificates raised a TypeError."""
    import socket
    import threading
    from monopoly_core import InvalidRules
    from monopoly_core.executors import DaskExecutor
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(4)
    server.settimeout(20)

    def answer():
        try:
            while True:
                conn, _ = server.accept()
                conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n" * 4)
                conn.close()
        except OSError:
            pass

    threading.Thread(target=answer, daemon=True).start()
    try:
        with pytest.raises(InvalidRules, match="something answers there, but not a Dask scheduler"):
            DaskExecutor(f"tcp://127.0.0.1:{server.getsockname()[1]}", timeout=5)
    finally:
        server.close()
    with pytest.raises(InvalidRules, match="cannot reach the scheduler at tls://127.0.0.1:9 .TypeError"):
        DaskExecutor("tls://127.0.0.1:9", timeout=2)
