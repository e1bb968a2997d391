"""Lessons 5 and 6 through Streamlit's AppTest (issue 19): default render, the simulation at each of its sizes
(whole games logged to the test's own database), the answer revealed, and the exact values the pages show against
figures computed by hand."""
from __future__ import annotations

import os
import re
import time
from fractions import Fraction

import pytest
from apptest_helpers import texts
from test_page_lessons import click, csv, frame, open_page, reveal_answer, run_every_size, shown_as

from monopoly_core.lessons import cheating, variants
from monopoly_core.store import busy

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
    # the note on luck is the run's (a browser review read the 100-game note under 1,000 games)
    assert variants.luck_note(1_000) in shown and variants.luck_note(100) not in shown
    # how the bots are seated, and that the Rules page's games are others (a browser review read +11.3 rounds here
    # and +1.4 there for 100 games each, with nothing to say why)
    assert variants.SEATING_NOTE in shown
    assert "can tell another story" in variants.luck_note(100) and "Rules page" in variants.luck_note(100)
    reveal_answer(at, "lesson_variants", variants.exercise().answer)


def test_lesson_variants_once_says_a_single_game_cannot_be_tested():
    at = click(open_page(PAGE_5), "lesson_variants_run_1")
    assert texts(at).count(variants.ONE_GAME) == 1          # review: the same sentence appeared six times
    assert not any("in words" in d.value.columns for d in at.dataframe)    # no tests, no table of them
    assert list(frame(at, "comeback rate")["games"]) == [1, 1, 1]
    assert list(csv(at, "l5_summary")["rules"]) == ["Classic (UK)", "Sore Losers", "Cheaters"]


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
    assert csv(at, "l6_cheats")["attempts"].sum() == len(run.attempts)      # (the download: numbers)
    assert frame(at, "share caught")["attempts"].sum() == len(run.attempts)
    assert shown_as(at, "share caught")["attempts"].str.match(r"^\d{1,3}(,\d{3})*$").all()   # (shown: 3,709)
    assert run.verdict() in texts(at)
    assert "no evidence against the model" in run.verdict()      # the engine plays the model: caught ~ expected
    reveal_answer(at, "lesson_cheating", cheating.exercise().answer)


def test_lesson_cheating_once_reads_one_games_cheats_back():
    at = click(open_page(PAGE_6), "lesson_cheating_run_1")
    run = at.session_state["lesson_cheating_result"][3]
    assert run.games == 1 and f"**{len(run.attempts):,} cheats** attempted" in texts(at)
    assert frame(at, "share caught")["attempts"].sum() == len(run.attempts)
    assert csv(at, "l6_cheats")["attempts"].sum() == len(run.attempts)


# --- a run stopped part way, then pressed again (review: one student leaving mid-run blocked the seed) --------

def closing_the_tab(page: str, slug: str, n: int, seed: int, after: float):
    """A visitor follows the link with ``seed``, presses the ``n`` button and closes the tab ``after`` seconds in:
    AppTest stops a script that overruns its time as Streamlit stops the run of a closed tab (at its next progress
    report). Returns once the stopped run has let go of the database."""
    at = open_page(page, seed=str(seed))
    with pytest.raises(RuntimeError, match="timed out"):
        at.button(key=f"{slug}_run_{n}").click().run(timeout=after)
    deadline = time.monotonic() + 120
    time.sleep(0.5)
    while busy(os.environ["MONOPOLY_DB"]) and time.monotonic() < deadline:
        time.sleep(0.2)


def pressed_again(page: str, slug: str, n: int, seed: int, tmp_path, monkeypatch):
    """What the page shows when a visitor presses the ``n`` button of the link with ``seed`` now, and what it
    shows on a fresh database; and the games per batch the database held before."""
    import duckdb
    with duckdb.connect(os.environ["MONOPOLY_DB"], read_only=True) as conn:
        left = dict(conn.execute("SELECT batch, count(*) FROM games GROUP BY batch ORDER BY batch").fetchall())
    again = click(open_page(page, seed=str(seed)), f"{slug}_run_{n}")
    monkeypatch.setenv("MONOPOLY_DB", str(tmp_path / "clean.duckdb"))
    clean = click(open_page(page, seed=str(seed)), f"{slug}_run_{n}")
    return again, clean, left


def same_numbers(a, b) -> None:
    """The two pages show the same tables and the same words (but for the seconds a run took)."""
    assert len(a.dataframe) == len(b.dataframe)
    for x, y in zip(a.dataframe, b.dataframe):
        assert x.value.equals(y.value)
    played = re.compile(r"; played in (\d+ s|under a second)\.")
    assert played.sub("", texts(a)) == played.sub("", texts(b))


@pytest.mark.slow
def test_lesson_variants_pressed_again_after_a_stopped_run_shows_what_a_clean_run_shows(tmp_path, monkeypatch):
    # a run stopped at its third progress report, as Streamlit stops the run of a closed tab (there: by raising
    # from the progress bar's update): 75 of the 100 classic and Sore Losers games written
    class TabClosed(BaseException):
        pass

    def closed(done: int, total: int) -> None:
        if done >= 150:
            raise TabClosed
    with pytest.raises(TabClosed):
        variants.play(100, 4242, os.environ["MONOPOLY_DB"], progress=closed)
    again, clean, left = pressed_again(PAGE_5, "lesson_variants", 100, 4242, tmp_path, monkeypatch)
    assert left == {1: 75, 2: 75}
    assert not again.error and "could not be played" not in texts(again)
    same_numbers(again, clean)
    assert list(frame(again, "comeback rate")["games"]) == [100] * 3
    assert "chart beside" not in texts(again)          # review: it pointed to a chart the lesson does not show
    assert variants.ONE_IN_TWENTY in texts(again)


@pytest.mark.slow
def test_lesson_cheating_pressed_again_after_a_stopped_run_shows_what_a_clean_run_shows(tmp_path, monkeypatch):
    # the review's steps: 1,000 games with seed 6161, the tab closed after a few seconds (here 1.5: on an idle
    # machine the 1,000 games take about 5 s)
    closing_the_tab(PAGE_6, "lesson_cheating", 1_000, 6161, 1.5)
    again, clean, left = pressed_again(PAGE_6, "lesson_cheating", 1_000, 6161, tmp_path, monkeypatch)
    assert list(left) == [1] and 0 < left[1] < 1_000, left
    assert not again.error and "could not be played" not in texts(again)
    same_numbers(again, clean)
    assert csv(again, "l6_cheats")["attempts"].sum() > 10_000
