"""Lesson 5, does the variant matter? (issue 19): game length, inequality and comebacks under classic, Sore Losers
and Cheaters rules, from games logged to the game database, with the Rules page's paired tests in plain words.
Numbers from :mod:`monopoly_core.lessons.variants` (which runs :func:`monopoly_core.compare.compare`)."""
from __future__ import annotations


import streamlit as st

from monopoly_core import presets
from monopoly_core.lessons import variants as V
from monopoly_core.state import bot_table
from monopoly_core.viz import lesson_games as VG
from pages import _lesson, _site
from pages._site import ensure_navigation

ensure_navigation()
LESSON = V.LESSON
TITLES = {p.name: p for p in presets()}

_lesson.begin(LESSON, (
    "Do house rules and editions change the game, or only its look? To find out, play the same games under each "
    "rule set: game *i* gets the same seed under classic, Sore Losers and Cheaters rules (its dice come from the "
    "same random numbers until the rules make the games part), four bots sit at the table, and every game is "
    "logged in the game database. Then measure three things: how many rounds a game lasts; how unequal the "
    "players' net worth is (the **Gini coefficient**: 0 when everyone is equally rich, 3/4 when one of four "
    "players has everything); and how often the player who is last comes back to win. A difference could be "
    "luck, so each one gets a **hypothesis test**: the p-value is the chance of a difference at least this large "
    "if the rules made no difference at all. Below 5%, we call the difference larger than chance."))

# the page's body, drawn above the exercise; the exercise is drawn first, so that its answer
# button waits for a run of games under way instead of stopping it (see _lesson.exercise)
body = st.container()
_lesson.exercise(LESSON, V.exercise(), waits_for_runs=True)
with body:
    st.info(f"**What counts as a comeback.** The *trailing player* of a game is the player still in the game with the "
            f"lowest net worth (cash, plus property prices less mortgages, plus buildings) at the end of round "
            f"{V.COMEBACK_ROUND}. A **comeback** is the trailing player going on to win. Games that are over by then, "
            f"and games where two players tie for last, have no trailing player and are not counted. With "
            f"{V.PLAYERS} players, if standing at round {V.COMEBACK_ROUND} said nothing about the winner, about "
            f"1 game in {V.PLAYERS} would be a comeback.")
    st.markdown("**The rule sets**\n\n" + "\n".join(
        f"- **{words}**{'' if TITLES[name].title == words else f' ({TITLES[name].title})'}: {TITLES[name].description}"
        for name, words in V.VARIANTS
        if name in TITLES))

    st.subheader("Play the games")
    st.caption(f"Four bots ({', '.join(s.strategy for s in bot_table(V.PLAYERS))}) play every game. "
               f"{V.SEATING_NOTE} 1,000 games of "
               "each rule set take about 15 seconds the first time on this lab's two-core machine when nothing "
               "else runs on it, and a minute or more on a busy or slower computer; a class opening the same link "
               "reads the first student's games back from the database in a few seconds.")


    def experiment(n: int, seed: int):
        return _lesson.played_games(V.play, n, seed, "the three rule sets with the same seeds")

    result = _lesson.simulation(LESSON, (), experiment, once="One game of each", many="{n:,} games of each",
                                sizes=V.SIZES, games=True)
    if result is not None:
        n, run = result
        if isinstance(run, str):
            st.error(run)
        else:
            batches = ", ".join(f"{words} {run.batch(name)}" for name, words in V.VARIANTS)
            seconds = sum(c.seconds for c in run.comparisons)
            st.markdown(f"**{n:,} game{'s' if n != 1 else ''} of each rule set** with seed {run.seed}, logged in the "
                        f"game database as batches {batches} (master seed {run.master}); "
                        + ("read back from the database" if all(all(c.reused) for c in run.comparisons)
                           else f"played in {seconds:.0f} s" if seconds >= 1 else "played in under a second") + ".")
            rows = V.summary_rows(run)
            st.plotly_chart(VG.variants_figure(rows, V.half_widths(run), chance=1 / V.PLAYERS), key="l5_figure",
                            config={"displayModeBar": False})
            _lesson.table(rows, f"variants-{n}-games-seed-{run.seed}", "l5_summary",
                          formats={"rounds per game": "%.1f", "Gini of net worth": "%.3f", "comeback rate": "percent"})
            st.markdown("**What the tests say**")
            tests = V.test_rows(run)
            if not tests:
                st.markdown(V.ONE_GAME)
            else:
                st.markdown("\n".join(f"- {t['in words']}" for t in tests))
                _lesson.table(tests, f"variant-tests-{n}-games-seed-{run.seed}", "l5_tests",
                              formats={"p-value": "%.4f"})
                st.caption("Game length and inequality: the paired t-test of the Rules page's comparison, on the "
                           "differences game by game. Comebacks: McNemar's exact test on the games counted under both "
                           "rule sets (only the games where one rule set has a comeback and the other not tell them "
                           f"apart). {V.luck_note(n)} " + V.ONE_IN_TWENTY)
            st.page_link(str(_site.ROOT / "pages" / "rules.py"), label="Compare any two rule sets on the Rules page",
                         icon=":material/rule:")
