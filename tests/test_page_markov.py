"""The Markov page (issue 4) through Streamlit's AppTest: default render, jail policy, the n slider, the graph's
starting square, a small simulation and the income controls."""
from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from monopoly_core import markov as M
from monopoly_core import preset

APP = str(Path(__file__).resolve().parent.parent / "streamlit_app.py")


@pytest.fixture
def page():
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.switch_page("pages/markov.py")
    at.run()
    assert not at.exception, at.exception
    return at


def _by_label(elements, label):
    return next(e for e in elements if e.label == label)


def _frame(at, column):
    """The table that has ``column`` (AppTest does not expose dataframe keys)."""
    return next(d.value for d in at.dataframe if column in d.value.columns)


def _ranking(at):
    return _frame(at, "rank")


def open_tab(at, name):
    """Select a tab (the page's tabs are lazy: only the open one runs)."""
    at.session_state["mk_tab"] = name
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_default_render(page):
    at = page
    assert at.title[0].value == "The board as a Markov chain"
    assert at.selectbox(key="mk_preset").value == "classic-us"
    assert at.radio(key="mk_jail").value == "long"
    assert len(at.get("plotly_chart")) == 1          # only the open tab (the heat map) is drawn
    assert any("most often in jail" in m.value for m in at.markdown)
    open_tab(at, "Ranking")
    table = _ranking(at)
    assert len(table) == 41
    assert table.iloc[0]["name"] == "In Jail"
    exact = M.stationary(preset("classic-us"), "long")
    assert table.iloc[0]["per-roll"] == pytest.approx(exact.jail, abs=1e-6)
    open_tab(at, "Convergence")
    tv = M.convergence(preset("classic-us"), 60)
    assert at.metric[0].value == f"{tv[10]:.2%}"
    open_tab(at, "Theory vs experiment")
    assert at.info[0].value.startswith("Choose how many rolls")


def test_change_jail_policy(page):
    at = open_tab(page, "Ranking")
    before = _ranking(at).iloc[0]["per-roll"]
    at.radio(key="mk_jail").set_value("short").run()
    assert not at.exception
    table = _ranking(at)
    short = M.stationary(preset("classic-us"), "short")
    assert table.iloc[0]["name"] == "In Jail" and table.iloc[0]["per-roll"] == pytest.approx(short.jail, abs=1e-6)
    assert table.iloc[0]["per-roll"] < before / 2
    assert table.iloc[1]["name"] == "Illinois Avenue"


def test_move_the_n_slider(page):
    at = open_tab(page, "Convergence")
    at.slider(key="mk_turns").set_value(30).run()
    assert not at.exception
    tv = M.convergence(preset("classic-us"), 60)
    assert at.metric[0].value == f"{tv[30]:.2%}"
    assert any("After 30 turns from GO" in m.value for m in at.markdown)


def test_other_preset_quantity_and_uk_card(page):
    at = open_tab(page, "Ranking")
    at.selectbox(key="mk_preset").set_value("classic-uk").run()
    at.radio(key="mk_uk").set_value("chance").run()
    at.selectbox(key="mk_quantity").set_value("visits-per-turn").run()
    assert not at.exception
    table = _ranking(at)
    visits = M.stationary(preset("classic-uk"), "long", "visits-per-turn", "chance")
    assert table["visits-per-turn"].sum() == pytest.approx(visits.total, abs=1e-4)


def test_choose_the_starting_square_and_threshold(page):
    at = open_tab(page, "Graph")
    at.selectbox(key="mk_from").set_value("7").run()
    at.slider(key="mk_threshold").set_value(0.1).run()
    assert not at.exception
    assert any(m.value.startswith("From Chance") for m in at.markdown)


def test_small_simulation_and_income(page):
    at = open_tab(page, "Theory vs experiment")
    at.number_input(key="mk_rolls").set_value(5_000).run()
    at.button(key="mk_simulate").click().run()
    assert not at.exception
    assert _by_label(at.metric, "Rolls counted").value == "5,000"
    assert any("chi-square statistic" in m.value for m in at.markdown)
    open_tab(at, "Income")
    at.slider(key="mk_opponents").set_value(1).run()
    assert not at.exception
    payback = _frame(at, "payback (rounds)")
    exact = M.income(preset("classic-us"), "long", opponents=1).payback
    assert list(payback["payback (rounds)"]) == [round(r.payback_rounds, 1) for r in exact]


def test_the_chain_against_logged_games_from_the_database(tmp_path):
    from monopoly_core.simulate import simulate
    db = str(tmp_path / "games.duckdb")
    simulate(db, edition="classic-us", games=30, players=4, seed=3)
    at = AppTest.from_file(APP, default_timeout=120).run()
    at.switch_page("pages/markov.py").run()
    at.session_state["db_path"] = db
    open_tab(at, "Theory vs experiment")
    at.button(key="mk_logged_go").click().run()
    assert not at.exception, [e.value for e in at.exception]
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Logged games"] == "30"
    assert int(metrics["Rolls counted"].replace(",", "")) > 1000
    assert any("behave most like a token" in m.value for m in at.markdown)
