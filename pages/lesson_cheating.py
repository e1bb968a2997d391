"""Lesson 6, is cheating worth it? (issue 19): the expected value of each cheat card of the Cheaters Edition given
the chance of being caught by the opponents at the table, against the cheats bots attempted in real Cheaters games
logged to the game database. Numbers from :mod:`monopoly_core.lessons.cheating`."""
from __future__ import annotations

from fractions import Fraction

import streamlit as st

from monopoly_core.lessons import cheating as C
from monopoly_core.state import bot_table
from monopoly_core.viz import lesson_games as VG
from pages import _lesson
from pages._site import ensure_navigation

ensure_navigation()
LESSON = C.LESSON
NO_CHART_BAR = {"displayModeBar": False}

_lesson.begin(LESSON, (
    "In the Cheaters Edition you may cheat: five cheat cards lie face up, each with a secret act, a **reward** "
    "if nobody catches you and a **penalty** if someone does. Each opponent notices a cheat with a chance: the "
    "card's **difficulty** *d* times how watchful that opponent is, their **vigilance** *v* (1 for an ordinary "
    "player). Opponents watch on their own, so the chance that *nobody* notices is the product of each one "
    "missing it, and the chance *q* of being caught is one minus that. Got away with, a cheat brings its reward "
    "*R* and the money its act takes *a*; caught, the act is undone and the penalty *P* paid. Its **expected "
    "value** weighs the two by their chances. More eyes, more risk: a cheat that pays against one opponent can "
    "lose against three."))

# the page's body, drawn above the exercise; the exercise is drawn first, so that its answer
# button waits for a run of games under way instead of stopping it (see _lesson.exercise)
body = st.container()
_lesson.exercise(LESSON, C.exercise(), waits_for_runs=True)
with body:
    # --- the model -------------------------------------------------------------------------------------------------
    st.subheader("The model: each card against your opponents")
    by_value: dict[Fraction, list[str]] = {}
    for strategy, v in C.vigilances().items():
        by_value.setdefault(v, []).append(strategy)
    levels = list(by_value)
    c1, c2 = st.columns(2)
    count = c1.slider("Opponents", 1, 5, 3, key="l6_opponents", help="How many players could notice your cheat.")
    vigilance = c2.selectbox("How watchful each opponent is (vigilance)", levels, index=levels.index(C.ORDINARY),
                             key="l6_vigilance",
                             format_func=lambda v: f"{float(v):g}" + (" (ordinary)" if v == C.ORDINARY else "")
                             + f": like the {' and '.join(by_value[v])} bot{'s' if len(by_value[v]) > 1 else ''}",
                             help="Multiplies each card's difficulty: the chance this opponent notices a cheat.")
    opponents = [vigilance] * count
    rows = C.model_rows(opponents)
    worth = [r for r in rows if r["worth it"]]
    best = rows[0]
    st.markdown(
        f"Against {count} opponent{'s' if count != 1 else ''} of vigilance {float(vigilance):g}, **{len(worth)} of "
        f"{len(rows)}** cheat cards bring money on average. The best is **{best['card']}** "
        f"({C.money(best['expected value'])} a cheat, caught "
        f"{best['chance caught']:.0%} of the time); the worst is **{rows[-1]['card']}** "
        f"({C.money(rows[-1]['expected value'])}).")
    st.plotly_chart(VG.cheat_value_figure(rows), key="l6_values", config=NO_CHART_BAR)
    _lesson.table(rows, f"cheat-values-{count}-opponents-vigilance-{float(vigilance):g}", "l6_model",
                  formats={"difficulty": "%.2f", "chance caught": "%.4f", "expected value": "%.2f",
                           "break-even chance": "%.3f"})
    st.caption("Money only: a trip to jail when caught, and what an act that moves no money is worth (a skipped rent, "
               "a rival sent back, an escape from jail), are left out. A cheat is worth it in money exactly when its "
               "chance of being caught is below its break-even chance, (a + R) / (a + R + P).")

    # --- the games -------------------------------------------------------------------------------------------------
    st.subheader("Real games: every cheat the bots tried")
    st.caption(f"Four bots ({', '.join(s.strategy for s in bot_table(C.PLAYERS))}) play the Cheaters Edition, each "
               "cheating on some turns (bolder bots more often) with the face-up card it rates best, and watching the "
               "others with its own vigilance. The games are logged in the game database; every cheat is read back "
               "from its events with the opponents still in the game at that moment. 1,000 games (about 38,000 "
               "cheats) take 20 to 30 seconds the first time on this lab's two-core machine.")


    def experiment(n: int, seed: int):
        return _lesson.played_games(C.play, n, seed, "Cheaters games")

    result = _lesson.simulation(LESSON, (), experiment, once="Play one game", many="Play {n:,} games", sizes=C.SIZES,
                                games=True)
    if result is not None:
        n, run = result
        if isinstance(run, str):
            st.error(run)
        else:
            st.markdown(f"**{n:,} game{'s' if n != 1 else ''}** with seed {run.seed}, batch {run.batch} of the game "
                        f"database{' (read back: these games were already there)' if run.reused else ''}: "
                        f"**{len(run.attempts):,} cheats** attempted. {run.verdict()}")
            card_rows = run.card_rows()
            if card_rows:
                st.plotly_chart(VG.cheat_check_figure(card_rows), key="l6_check", config=NO_CHART_BAR)
                _lesson.table(card_rows, f"cheats-{n}-games-seed-{run.seed}", "l6_cheats",
                              formats={"expected share caught": "%.3f", "share caught": "%.3f",
                                       "expected money per attempt": "%.2f", "money per attempt": "%.2f"})
                st.caption("Each attempt's expected chance of being caught uses its own opponents (fewer once players "
                           "go bankrupt). Money per attempt counts what moved because of the cheat: the act's money, "
                           "the reward and the penalty.")
