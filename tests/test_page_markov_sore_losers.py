"""AppTest: the Markov page shows an ordinary player's chain and Mr Monopoly's side by side for the sore-losers
preset (issue 16; seed ../shared/seeds/000_e69c306a8b2b524d.txt: Mr Monopoly sends someone else to jail)."""
from apptest_helpers import open_page, texts


def test_the_markov_page_shows_both_tokens_for_sore_losers():
    at = open_page("pages/markov.py")
    assert "Two tokens" not in texts(at)                    # a classic preset has one token
    at.selectbox(key="mk_preset").set_value("sore-losers").run()
    assert not at.exception, [e.value for e in at.exception]
    assert "Two tokens" in texts(at) and "never goes to jail" in texts(at)
    assert at.get("plotly_chart")[0].proto and len(at.get("plotly_chart")) >= 2
    table = at.dataframe[0].value
    assert table.iloc[0]["square"] == "In Jail" and table.iloc[0]["Mr Monopoly"] == "0.0000"
    at.radio(key="mk_sl_quantity").set_value("visits-per-turn").run()
    assert not at.exception, [e.value for e in at.exception]


def test_the_two_tokens_section_points_up_to_the_jail_policy_it_depends_on():
    # (the jail policy control is at the top of the page, above the two boards: "below" sent a class looking for
    # it under the boards)
    at = open_page("pages/markov.py")
    at.selectbox(key="mk_preset").set_value("sore-losers").run()
    shown = texts(at)
    assert "jail policy chosen above matters only to the ordinary player" in shown
    assert "jail policy below" not in shown
    assert at.radio(key="mk_jail").value in ("short", "long")


def test_theory_against_experiment_says_why_sore_losers_games_differ_from_the_chain():
    # A reviewer ran the tab at its defaults and met "p < 1e-300: the games and the chain differ" with no word of
    # why: the Mr Monopoly card (000: he never goes to jail and sends another player instead)
    at = open_page("pages/markov.py")
    at.selectbox(key="mk_preset").set_value("sore-losers").run()
    at.session_state["mk_tab"] = "Theory vs experiment"
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert any("expected to differ" in i.value for i in at.info)
    at.selectbox(key="mk_preset").set_value("classic-us").run()
    assert not any("expected to differ" in i.value for i in at.info)
