"""The Markov page (issues 4 and 14) through Streamlit's AppTest: default render, jail policy, the n slider, the
graph's starting square, a small simulation and the income controls; the three quantities drawn at once (so the
switch needs no round trip), complete formulas at full width, a CSV download for every table."""
from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

import io
import re

import pandas as pd

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


def _shares(frame):
    """A ranking table as shares again: the page shows each quantity in percent, "per-roll (%)"."""
    out = frame.copy()
    for column in [c for c in out.columns if c.endswith(" (%)")]:
        out[column[:-4]] = out.pop(column) / 100
    return out


def _ranking(at):
    return _shares(_frame(at, "rank"))


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
    # only the open tab (the heat map) is drawn, with all three quantities: switching between them needs no rerun
    assert [c.key for c in at.get("plotly_chart")] == [f"mk_heat_{q}" for q in M.QUANTITIES]
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
    assert not at.exception
    for quantity in M.QUANTITIES:              # one table per quantity tab
        table = _shares(_frame(at, f"{quantity} (%)"))
        exact = M.stationary(preset("classic-uk"), "long", quantity, "chance")
        assert table[quantity].sum() == pytest.approx(exact.total, abs=1e-4)
        assert len(table) == 41


TABS = ["Heat map", "Ranking", "Graph", "Convergence", "Theory vs experiment", "Income"]


def _formulas(at) -> list[str]:
    """Every formula on every tab (after a small simulation, so the chi-square one is shown too)."""
    out = []
    for tab in TABS:
        open_tab(at, tab)
        if tab == "Theory vs experiment":
            at.text_input(key="mk_rolls").set_value("2000").run()
            at.button(key="mk_simulate").click().run()
        out += [f.value for f in at.latex]
        assert not any(col.get("latex") for col in at.columns), f"{tab}: a formula squeezed into a column"
    return out


def test_every_formula_is_complete_and_at_full_width(page):
    # Issue 14 item 8: "d_TV = 1/2 sum_s |x" was cut off in a narrow column; the ranking's sum had nothing under it.
    formulas = _formulas(page)
    assert len(formulas) >= 8
    for f in formulas:
        assert r"\textstyle" not in f
        for after in re.findall(r"\\sum(.?)", f):
            assert after == "_", f"a sum without what it runs over: {f}"
        assert f.count("{") == f.count("}") and f.count(r"\left") == f.count(r"\right"), f


def _downloads(at) -> list[str]:
    """The element ids of the download buttons shown (an id ends with the button's key)."""
    return [b.proto.id for b in at.get("download_button")]


def test_every_table_has_a_csv_download(page):
    at = open_tab(page, "Ranking")
    for quantity in M.QUANTITIES:
        assert any(i.endswith(f"-mk_csv_ranking_{quantity}") for i in _downloads(at)), quantity
        rows = M.ranking_table(M.stationary(preset("classic-us"), "long", quantity))
        csv = pd.read_csv(io.StringIO(M.to_csv(rows)), dtype={"state": str})
        shown = _frame(at, f"{quantity} (%)")      # (in percent on the page, as the chart reads; shares in the CSV)
        assert list(shown.columns) == ["rank", "state", "name", f"{quantity} (%)"]
        assert shown[["rank", "state", "name"]].equals(csv[["rank", "state", "name"]])
        assert (shown[f"{quantity} (%)"] - csv[quantity] * 100).abs().max() < 1e-9
    open_tab(at, "Convergence")
    assert [i.endswith("-mk_csv_convergence") for i in _downloads(at)] == [True]
    open_tab(at, "Income")
    assert sorted(i.rsplit("-", 1)[-1] for i in _downloads(at)) == ["mk_csv_payback", "mk_csv_rents"]
    inc = M.income(preset("classic-us"), "long", opponents=3)
    assert _frame(at, "payback (rounds)").equals(pd.read_csv(io.StringIO(M.to_csv(M.payback_table(inc)))))


def test_choose_the_starting_square_and_threshold(page):
    at = open_tab(page, "Graph")
    at.selectbox(key="mk_from").set_value("7").run()
    at.slider(key="mk_threshold").set_value(10.0).run()         # (in percent, as the chart's title says)
    assert not at.exception
    assert any(m.value.startswith("From Chance") for m in at.markdown)
    graph = next(c for c in at.get("plotly_chart") if "10.0%" in c.proto.spec)
    assert graph is not None


def test_small_simulation_and_income(page):
    at = open_tab(page, "Theory vs experiment")
    at.text_input(key="mk_rolls").set_value("5000").run()
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
    # 30 games are some 6,000 rolls: too few to read the distance as the theory's error, and said so (a browser
    # review: one logged game, 250 rolls, "Distance to the long chain 15.53%" read by a class as the theory 15% off)
    rolls = int(metrics["Rolls counted"].replace(",", ""))
    warned = [w.value for w in at.warning if f"Only {rolls:,} rolls: with so few, chance alone" in w.value]
    assert len(warned) == 1


def test_the_distance_chance_alone_makes_is_of_the_size_a_simulation_shows():
    pi = M.stationary(preset("classic-us")).values()
    assert 0.14 < M.chance_distance(pi, 250) < 0.17            # the review's one game: 15.53%
    assert M.chance_distance(pi, 250_000) < 0.006
    emp = M.simulate_rolls(preset("classic-us"), 20_000, seed=2)
    assert 0.5 < M.total_variation(emp.counts, pi) / M.chance_distance(pi, 20_000) < 2.0


def test_a_kept_rule_set_with_one_turn_in_jail_and_no_fine_first_says_short_plays_as_long():
    from pages import _custom_rules
    rules = preset("classic-us", jail_turns=1)
    at = AppTest.from_file(APP, default_timeout=120).run()
    at.session_state[_custom_rules.KEPT] = {"One turn": rules.to_json()}
    at.switch_page("pages/markov.py").run()
    at.selectbox(key="mk_preset").set_value(_custom_rules.markov_key(rules)).run()
    at.radio(key="mk_jail").set_value("short").run()
    assert not at.exception, [e.value for e in at.exception]
    assert any("the short policy plays as the long one here" in i.value for i in at.info)
    at.radio(key="mk_jail").set_value("long").run()
    assert not any("the short policy plays as the long one" in i.value for i in at.info)


def _words(at) -> str:
    return " ".join(str(e.value) for e in list(at.caption) + list(at.markdown) + list(at.info))


def test_the_cheaters_assumption_is_stated_and_its_simulation_agrees(page):
    """Reviewer: Cheaters Edition, 50,000 rolls, seed 2 gave p = 6.8e-05 ("the games and the chain differ"). The
    chain's named assumption about cards kept in hand is on the page, and the same simulation agrees now."""
    at = open_tab(page, "Theory vs experiment")
    at.selectbox(key="mk_preset").set_value("cheaters").run()
    assert "Cards kept in hand" in _words(at) and "1 in 14" in _words(at)
    at.text_input(key="mk_rolls").set_value("50000").run()
    at.text_input(key="mk_seed").set_value("2").run()
    at.button(key="mk_simulate").click().run()
    assert not at.exception
    p = _by_label(at.metric, "Chi-square p-value").value
    assert p.startswith(">") or float(p) > 1e-3
    at.selectbox(key="mk_preset").set_value("classic-us").run()
    assert "Cards kept in hand" not in _words(at) and "straight back to its deck" in _words(at)


@pytest.mark.parametrize("name", ["classic-us", "cheaters", "mega", "sore-losers"])
def test_no_fine_or_chance_words_where_there_is_no_such_card(page, name):
    """Reviewer: "These decks have no 'fine or Chance' card." appeared with no context on every edition but Classic
    UK. The choice shows only where a deck has that card; elsewhere nothing is said about it."""
    page.selectbox(key="mk_preset").set_value(name).run()
    assert not page.exception
    assert "fine or Chance" not in _words(page)
    assert not any(r.label == "Fine or Chance card" for r in page.radio)
    page.selectbox(key="mk_preset").set_value("classic-uk").run()
    assert any(r.label == "Fine or Chance card" for r in page.radio)


def test_a_p_value_near_one_is_never_shown_as_a_bare_one(page):
    """Review (second round): seed 3 showed the chi-square p-value as "1"; rounding must not print a certainty."""
    at = open_tab(page, "Theory vs experiment")
    at.text_input(key="mk_seed").set_value("3").run()
    at.button(key="mk_simulate").click().run()
    assert not at.exception
    shown = _by_label(at.metric, "Chi-square p-value").value
    assert shown not in ("1", "0") and "p = 1." not in _words(at)


def test_p_values_are_written_without_rounding_to_one_or_zero():
    from monopoly_core.markov.stats import ChiSquare
    texts = [ChiSquare(1.0, 39, p, 1000, "markov").p_text() for p in (0.99996, 0.9996, 0.0312, 2.1e-7, 0.0)]
    assert texts == ["> 0.9999", "0.9996", "0.0312", "2.1e-07", "< 1e-300"]


# --- the rolls and seed boxes are text boxes (pages/_number_box.py): a number box sent its last valid number while
# it showed another, so Simulate ran with a number the person no longer saw ---------------------------------------
@pytest.mark.parametrize("key, typed, words", [
    ("mk_rolls", "999", "The number of rolls must be from 1,000 to 2,000,000, not 999."),
    ("mk_rolls", "9" * 20, "The number of rolls must be from 1,000 to 2,000,000, not 99,999,999,999,999,999,999."),
    ("mk_rolls", "abc", "The number of rolls must be a whole number written with the digits 0 to 9."),
    ("mk_seed", "-1", "The seed must be from 0 to 2,147,483,647, not -1."),
    ("mk_seed", "2147483648", "The seed must be from 0 to 2,147,483,647, not 2,147,483,648."),
])
def test_a_bad_number_of_rolls_or_seed_is_refused_and_nothing_is_simulated(page, key, typed, words):
    at = open_tab(page, "Theory vs experiment")
    at.text_input(key="mk_rolls").set_value("1000")
    at.text_input(key=key).set_value(typed)
    at.button(key="mk_simulate").click().run()
    assert not at.exception
    assert [e.value for e in at.error] == [f"Nothing was simulated. {words}"]
    assert "mk_sim_result" not in at.session_state
    assert not any(m.label == "Rolls counted" for m in at.metric)


def test_the_rolls_and_seed_typed_are_the_ones_simulated(page):
    at = open_tab(page, "Theory vs experiment")
    at.text_input(key="mk_rolls").set_value(" 1,234 ")
    at.text_input(key="mk_seed").set_value("7")
    at.button(key="mk_simulate").click().run()
    assert not at.exception and not at.error
    settings, emp = at.session_state["mk_sim_result"]
    assert settings[-2:] == (1234, 7) and emp.rolls == 1234
    assert _by_label(at.metric, "Rolls counted").value == "1,234"


@pytest.mark.parametrize("name", ["classic-us", "mega", "sore-losers"])
def test_every_percentage_is_written_one_way(page, name):
    """Review (outside): "9.39 %" in the sentences and "2.92%" in the metrics and figures. Every percentage on the
    page is written as most of the site writes it: no space before the sign."""
    at = page
    at.selectbox(key="mk_preset").set_value(name).run()
    seen = []
    for tab in ("Heat map", "Graph", "Convergence", "Theory vs experiment", "Income"):
        open_tab(at, tab)
        if tab == "Theory vs experiment":
            at.text_input(key="mk_rolls").set_value("2000").run()
            at.button(key="mk_simulate").click().run()
            assert not at.exception
        seen += [e.value for kind in ("markdown", "caption", "info", "warning") for e in getattr(at, kind)]
        seen += [m.value for m in at.metric]
    text = "\n".join(map(str, seen))
    assert re.search(r"\d%", text)
    assert not re.findall(r".{30}\d %.{10}", text)


HARSH = dict(starting_cash=0, go_salary=0, jail_fine=100_000, doubles_to_jail=1, jail_turns=1)


def test_games_that_end_before_they_can_be_counted_stop_the_simulation_with_the_reason():
    """Outside review (session 12): a kept rule set with no cash, no salary and a fine of 100,000 ended almost every
    two-player game by bankruptcy within the 20 turns a token plays before it is counted; the page's Simulate played
    about 1.2 million games (8 minutes) for its least 1,000 rolls. The run stops once it has played 20 rolls for each
    one it counted (a second review: measured against the rolls asked, 100,000 asked took 67-102 s to stop), and the
    page says why; a run past the site's time limit stops too."""
    from monopoly_core import InvalidRules
    from pages import _custom_rules
    with pytest.raises(InvalidRules,
                       match="end too soon to count.*more cash or a salary"):
        M.simulate_rolls(preset("classic-us", **HARSH), 1_000)
    rules = preset("classic-us", **HARSH)
    at = AppTest.from_file(APP, default_timeout=120).run()
    at.session_state[_custom_rules.KEPT] = {"Harsh jail": rules.to_json()}
    at.switch_page("pages/markov.py").run()
    at.selectbox(key="mk_preset").set_value(_custom_rules.markov_key(rules)).run()
    at = open_tab(at, "Theory vs experiment")
    at.text_input(key="mk_rolls").set_value("1000").run()
    at.button(key="mk_simulate").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert any("Nothing was simulated: the games under these rules end too soon to count" in e.value
               for e in at.error)
    assert not any("press Simulate" in i.value for i in at.info)
    for asked in (1_000, 2_000_000):       # (stopped as soon, however many rolls are asked)
        with pytest.raises(InvalidRules, match=r"played 1,\d\d\d rolls, and only \d+ of them"):
            M.simulate_rolls(preset("classic-us", **HARSH), asked)
    with pytest.raises(InvalidRules, match="time_limit: the games took more than 0.001 seconds and counted [0-9,]+ "
                                           "of the 2,000,000 rolls asked; ask for fewer rolls"):
        M.simulate_rolls(preset("classic-us"), 2_000_000, time_limit=0.001)
    # the usual rules play about 1.1 rolls for each one counted: far from the bound
    assert M.simulate_rolls(preset("classic-us"), 1_000, seed=3).rolls == 1_000
