"""Lessons 5 and 6 through Streamlit's AppTest: a run stopped by a click on the page before it finished (a browser
walkthrough pressed "Show the answer" at "200 of 1,000 games" and the results went back to "Press a button" without
a word) is said on the next run of the page, where the results go; a run that ends says nothing."""
from __future__ import annotations

import pytest
import streamlit as st
from test_page_lessons import click, open_page

from monopoly_core.lessons import cheating, variants

PAGE_5, PAGE_6 = "pages/lesson_variants.py", "pages/lesson_cheating.py"
CUT = "stopped by a click on the page before it finished"


def cut_short(at) -> list[str]:
    """The page's words on a run cut short (none when it says nothing of one)."""
    return [i.value for i in at.info if CUT in i.value]


def stopping_play(*_args, **_kwargs):
    """A lesson's games stopped where they stand, as a click while they play stops them: Streamlit ends the script
    at its next update to the page (``st.stop`` asks for that end the way a click's rerun does)."""
    st.stop()


def test_a_run_stopped_by_a_click_is_said_once_where_the_results_go(monkeypatch):
    at = open_page(PAGE_5)
    assert not cut_short(at)
    with monkeypatch.context() as m:           # (never undo() itself: it would undo the test's own database)
        m.setattr(variants, "play", stopping_play)
        click(at, "lesson_variants_run_1000")
    assert at.session_state["lesson_variants_running"] == ("1,000 games of each", 2024)   # begun, never ended
    at.run()                                   # the next run of the page (after "Show the answer", say)
    [said] = cut_short(at)
    assert said.startswith('The last run ("1,000 games of each", seed 2024) was stopped by a click on the page')
    assert 'Press "1,000 games of each" again with seed 2024 to carry on.' in said
    assert "kept in the game database and are read back, so it goes quicker" in said
    # where the results go: just above the word that no result is shown yet
    assert at.info[-1].value == "Press a button to run the simulation with seed 2024."
    click(at, "lesson_variants_answer")
    assert not cut_short(at)                   # said once


def test_a_run_that_ends_clears_what_a_cut_left():
    at = open_page(PAGE_5)
    at.session_state["lesson_variants_running"] = ("1,000 games of each", 2024)    # as if a run had begun, not ended
    at.run()
    assert cut_short(at)
    at.session_state["lesson_variants_running"] = ("1,000 games of each", 2024)
    click(at, "lesson_variants_run_1")         # the button pressed again: that run carries on, nothing to say
    assert not cut_short(at) and "lesson_variants_running" not in at.session_state
    assert at.session_state["lesson_variants_result"][2] == 1
    click(at, "lesson_variants_answer")
    assert not cut_short(at)


def test_a_run_that_fails_is_not_said_as_cut_short(monkeypatch):
    def failing_play(*_args, **_kwargs):
        raise RuntimeError("broken")
    at = open_page(PAGE_6)
    with monkeypatch.context() as m:
        m.setattr(cheating, "play", failing_play)
        at.button(key="lesson_cheating_run_1").click().run()
    assert at.exception and "lesson_cheating_running" not in at.session_state
    at.run()
    assert not cut_short(at)


def test_each_lesson_says_only_its_own_run_cut_short():
    at = open_page(PAGE_6)
    at.session_state["lesson_variants_running"] = ("100 games of each", 2024)
    at.run()
    assert not cut_short(at)                   # lesson 5's run, not said in lesson 6
    at.session_state["lesson_cheating_running"] = ("Play 100 games", 2024)
    at.run()
    [said] = cut_short(at)
    assert said.startswith('The last run ("Play 100 games", seed 2024) was stopped') and "game database" in said


@pytest.mark.parametrize("page, slug", [(PAGE_5, "lesson_variants"), (PAGE_6, "lesson_cheating")])
def test_a_print_view_says_nothing_of_a_run_cut_short(page, slug):
    at = open_page(page, print="worksheet")
    at.session_state[f"{slug}_running"] = ("Play 100 games", 2024)
    at.run()
    assert not cut_short(at) and not at.button    # only the sheet
