"""Lessons 5 and 6 through Streamlit's AppTest (issue 19): default render, the simulation at each of its sizes
(whole games logged to the test's own database), the answer revealed, and the exact values the pages show against
figures computed by hand."""
from __future__ import annotations

import os
from fractions import Fraction

import pytest
from apptest_helpers import texts
from test_page_lessons import click, csv, frame, open_page, reveal_answer, run_every_size

from monopoly_core.lessons import cheating, variants

PAGE_5, PAGE_6 = "pages/lesson_variants.py", "pages/lesson_cheating.py"


def test_lesson_variants_defines_a_comeback_before_any_game():
    at = open_page(PAGE_5)
    assert at.title[0].value == "Lesson 5: Does the variant matter?" and at.latex
    definition = at.info[0].value
    assert "lowest net worth" in definition and "end of round 10" in definition
    assert "about 1 game in 4 would be a comeback" in definition
    assert at.info[-1].value == "Press a button to run the simulation with seed 2024."
    assert [b.label for b in at.button if b.key.startswith("lesson_variants_run_")] == [
        "One game of each", "100 games of each", "1,000 games of each"]


@pytest.mark.slow
def test_lesson_variants_runs_at_each_size_from_the_database_and_reveals_its_answer():
    at = open_page(PAGE_5)
    at = run_every_size(at, "lesson_variants", sizes=variants.SIZES)
    run = at.session_state["lesson_variants_result"][3]
    assert run.games == 1_000 and not isinstance(run, str)
    summary = frame(at, "comeback rate")
    assert list(summary["rules"]) == ["Classic (UK)", "Sore Losers", "Cheaters"]
    assert list(summary["games"]) == [1_000] * 3
    # the page's numbers are the database's: the same batches, counted again here
    from monopoly_core.store import Writer
    with Writer(os.environ["MONOPOLY_DB"]) as w:
        for (name, _), shown in zip(variants.VARIANTS, summary["comebacks"]):
            assert variants.comebacks(w.conn, run.batch(name), 1_000, name).comebacks == shown
    tests = frame(at, "in words")
    assert list(tests["test"]) == ["paired t-test", "paired t-test", "McNemar's exact test"] * 2
    shown = texts(at)
    for verdict in tests["in words"]:
        assert verdict in shown
    reveal_answer(at, "lesson_variants", variants.exercise().answer)


def test_lesson_variants_once_says_a_single_game_cannot_be_tested():
    at = click(open_page(PAGE_5), "lesson_variants_run_1")
    assert texts(at).count(variants.ONE_GAME) == 6
    assert list(frame(at, "comeback rate")["games"]) == [1, 1, 1]
    assert list(csv(at, "l5_summary")["rules"]) == ["Classic (UK)", "Sore Losers", "Cheaters"]
    assert list(csv(at, "l5_tests")["in words"]) == [variants.ONE_GAME] * 6


def test_lesson_variants_exercise_is_the_hand_counted_sign_test():
    # 3 against 11 discordant games: 2 x (C(14,0) + C(14,1) + C(14,2) + C(14,3)) / 2^14 = 2 x 470 / 16384
    assert variants.sign_test_p(3, 11) == Fraction(2 * (1 + 14 + 91 + 364), 2 ** 14) == Fraction(235, 4096)
    at = open_page(PAGE_5)
    reveal_answer(at, "lesson_variants", "1. 235/4096 (about 0.057).  2. No: 0.057 is above 0.05.")


# --- lesson 6 ------------------------------------------------------------------------------------------------

def test_lesson_cheating_shows_each_cards_value_against_the_opponents_chosen():
    at = open_page(PAGE_6)
    assert at.title[0].value == "Lesson 6: Is cheating worth it?" and at.latex
    model = frame(at, "expected value")
    bank = model[model["card"] == "Bank Job"].iloc[0]
    # three ordinary opponents, difficulty 40 %: caught 1 - (3/5)^3 = 98/125; (27/125) x 150 - (98/125) x 100 = -46
    assert bank["chance caught (exact)"] == "98/125" and bank["expected value"] == pytest.approx(-46)
    sticky = model[model["card"] == "Sticky Fingers"].iloc[0]
    # difficulty 25 %: caught 1 - (3/4)^3 = 37/64; (27/64) x 75 - (37/64) x 75 = -750/64
    assert sticky["chance caught (exact)"] == "37/64" and sticky["expected value"] == pytest.approx(-750 / 64)
    at.slider(key="l6_opponents").set_value(1).run()
    bank = frame(at, "expected value").set_index("card").loc["Bank Job"]
    assert bank["chance caught (exact)"] == "2/5" and bank["expected value"] == pytest.approx(50)
    at.selectbox(key="l6_vigilance").set_value(Fraction(3, 2)).run()
    bank = frame(at, "expected value").set_index("card").loc["Bank Job"]
    # one cautious opponent (vigilance 3/2): 40 % x 3/2 = 3/5; (2/5) x 150 - (3/5) x 100 = 0: not worth it
    assert bank["chance caught (exact)"] == "3/5" and bank["expected value"] == 0 and not bank["worth it"]
    table = csv(at, "l6_model")
    assert len(table) == len(cheating.deck().cards)


@pytest.mark.slow
def test_lesson_cheating_runs_at_each_size_and_reveals_its_answer():
    at = run_every_size(open_page(PAGE_6), "lesson_cheating", sizes=cheating.SIZES)
    run = at.session_state["lesson_cheating_result"][3]
    assert run.games == 1_000 and len(run.attempts) > 10_000
    shown = frame(at, "share caught")
    assert shown["attempts"].sum() == len(run.attempts)
    assert run.verdict() in texts(at)
    assert "not larger than chance" in run.verdict()      # the engine plays the model: caught ~ expected
    reveal_answer(at, "lesson_cheating", cheating.exercise().answer)


def test_lesson_cheating_once_reads_one_games_cheats_back():
    at = click(open_page(PAGE_6), "lesson_cheating_run_1")
    run = at.session_state["lesson_cheating_result"][3]
    assert run.games == 1 and f"**{len(run.attempts):,} cheats** attempted" in texts(at)
    assert frame(at, "share caught")["attempts"].sum() == len(run.attempts)
    assert csv(at, "l6_cheats")["attempts"].sum() == len(run.attempts)
