"""A comparison's per-game figures (compare_figures.py) are looked up a whole column at a time: each event's game
row by its id, each payment's flow by its reason. These tests check those lookups against plain Python ones, on
arrays of every shape Arrow and DuckDB hand over (plain text, dictionary-encoded, in chunks with different
dictionaries, with nulls), and a chunk of logged games against sums the database works out itself."""
from __future__ import annotations

import duckdb
import numpy as np
import pyarrow as pa
import pytest

from monopoly_core import preset
from monopoly_core.compare import read_games
from monopoly_core.compare_figures import FigureTaker, _codes, _RowOf, flow_names
from monopoly_core.simulate import simulate


@pytest.mark.parametrize("ids", [[7, 3, 12, 5], [40], [2, 9, 1000, 4, 3, 11, 10]])
def test_each_game_id_finds_its_row_and_an_id_outside_the_chunk_none(ids):
    row_of = _RowOf(np.asarray(ids, np.int64))
    asked = [ids[-1], 0, *ids, 10**9, ids[0], -3]
    want = [ids.index(x) if x in ids else -1 for x in asked]
    assert row_of.rows(pa.array(asked, pa.int64())).tolist() == want
    assert row_of.rows(pa.chunked_array([asked[:3], asked[3:]], pa.int64())).tolist() == want


def test_an_empty_chunk_finds_no_row():
    assert _RowOf(np.asarray([], np.int64)).rows(pa.array([1, 2], pa.int64())).tolist() == [-1, -1]
    assert _RowOf(np.asarray([4], np.int64)).rows(pa.array([], pa.int64())).tolist() == []


TEXTS = ["rent", "tax", None, "card", "rent", "nobody knows", "salary", None, "tax"]
CODE = {"rent": 3, "tax": 5, "salary": 0, "card": 8}


def _plain(texts):
    return [CODE.get(x, -1) if x is not None else -1 for x in texts]


@pytest.mark.parametrize("shape", ["plain", "dictionary", "chunks", "dictionary chunks", "large text"])
def test_a_text_column_s_codes_are_those_of_each_text_whatever_its_arrow_shape(shape):
    if shape == "plain":
        column = pa.array(TEXTS)
    elif shape == "dictionary":
        column = pa.array(TEXTS).dictionary_encode()
    elif shape == "chunks":
        column = pa.chunked_array([TEXTS[:4], TEXTS[4:]])
    elif shape == "dictionary chunks":       # (each chunk its own dictionary, in its own order)
        column = pa.chunked_array([pa.array(TEXTS[:4]).dictionary_encode(),
                                   pa.array(list(reversed(TEXTS[4:]))).dictionary_encode()])
        want = _plain(TEXTS[:4] + list(reversed(TEXTS[4:])))
        assert _codes(column, CODE, -1).tolist() == want
        return
    else:
        column = pa.array(TEXTS, pa.large_string())
    assert _codes(column, CODE, -1).tolist() == _plain(TEXTS)


def test_an_empty_column_has_no_codes():
    assert _codes(pa.chunked_array([], pa.string()), CODE, -1).tolist() == []
    assert _codes(pa.array([], pa.string()), CODE, -1).tolist() == []


def test_a_chunk_s_money_per_game_is_the_database_s_own_sum_of_its_payments_in_any_row_order(tmp_path):
    db = tmp_path / "g.duckdb"
    rules = preset("classic-us")
    simulate(db, games=6, players=3, seed=5, turn_limit=60)
    flows = flow_names(rules, rules)
    taker = FigureTaker(rules, flows, ["strategist", "set-collector", "cautious"], 3, 60)
    with duckdb.connect(str(db)) as conn:
        tables = read_games(conn, "games WHERE batch = 1", [])
        want_total = dict(conn.sql("SELECT game, sum(amount) FROM events WHERE kind = 'pay' AND detail <> 'start' "
                                   "GROUP BY game").fetchall())
        want_rent = dict(conn.sql("SELECT game, sum(amount) FROM events WHERE kind = 'pay' AND detail = 'rent' "
                                  "GROUP BY game").fetchall())
    figures = taker.take(tables)
    ids = tables["games"]["id"].to_pylist()
    rent = [i for i, (key, _) in enumerate(flows) if key.startswith("rent:")]
    assert figures.money.sum(axis=1).tolist() == [want_total[g] for g in ids]
    assert figures.money[:, rent].sum(axis=1).tolist() == [want_rent.get(g, 0) for g in ids]
    assert figures.money[:, rent].sum() > 0
    # the same games handed over with every table's rows reversed: the same figures, row by row
    backwards = {name: t.take(pa.array(range(t.num_rows - 1, -1, -1))) for name, t in tables.items()}
    backwards["snapshots"] = tables["snapshots"]     # (snapshots come a round's seats together, as logged)
    again = taker.take(backwards)
    assert again.money.tolist() == figures.money.tolist()
    assert again.winner_strategy.tolist() == figures.winner_strategy.tolist()
    assert np.array_equal(again.gini, figures.gini)
