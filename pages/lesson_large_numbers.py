"""Lesson 2, the law of large numbers (issue 19): a running average of dice totals, or of turns ending on a chosen
square, settles on its exact value inside a band that narrows as 1/sqrt(n). Numbers from
:mod:`monopoly_core.lessons.large_numbers`."""
from __future__ import annotations

import math

import streamlit as st

from monopoly_core import markov as M
from monopoly_core import preset
from monopoly_core.lessons import large_numbers
from monopoly_core.lessons.running import plural
from monopoly_core.viz import lessons as V
from pages import _lesson
from pages._site import ensure_navigation

ensure_navigation()
LESSON = large_numbers.LESSON
DICE, SQUARE = "Totals of two dice", "Turns ending on a square"

_lesson.begin(LESSON, (
    "Roll two dice again and again and keep the average of the totals. Early on it jumps about; later it "
    "hardly moves, and it settles on the exact expected total, 7. That is the **law of large numbers**. How "
    "close is it after n rolls? One roll's total has a standard deviation σ; the average of n rolls has "
    "σ/√n. So, once there are many rolls, the average lies inside the band 7 ± 2σ/√n about 95% "
    "of the time (for a few rolls this is only a rough guide), and a hundred times more rolls make that band ten "
    "times narrower. The same holds in the game: the share of "
    "turns a token ends on a square settles on the exact share the Markov chain computes."))

what = st.radio("Average of", (DICE, SQUARE), horizontal=True, key="l2_what")
rules = preset("classic-us")
if what == DICE:
    mean, var = large_numbers.dice_mean(), large_numbers.dice_variance()
    m1, m2, m3 = st.columns(3)
    m1.metric("Expected total", str(mean), help="Sum of total x probability over the 36 outcomes.")
    m2.metric("Variance of one roll", str(var), help="Sum of (total - 7)^2 x probability.")
    m3.metric("Standard deviation", f"{math.sqrt(var):.3f}", help="The square root of the variance.")
    settings = (DICE,)
    once, many = "Roll once", "Roll {n:,} times"

    def experiment(n, seed):
        return large_numbers.dice_run(n, seed)
else:
    exact = M.stationary(rules, "long", M.END_OF_TURN)
    names = exact.labels()
    keys = [str(i) for i in range(len(names) - 1)] + [M.JAIL_STATE]
    state = st.selectbox("Square", keys, index=keys.index("24"), key="l2_square",
                         format_func=lambda k: names[keys.index(k)],
                         help="Which square's share of turns to follow (the classic US board).")
    chosen = M.JAIL_STATE if state == M.JAIL_STATE else int(state)
    p = exact.value(chosen)
    st.caption("Movement-only tokens play the real game engine, leaving jail after three tries for doubles. Just "
               "Visiting and In Jail are two different places on the jail corner.")
    spread = float(large_numbers.turn_spread(rules)[len(exact.squares) if chosen == M.JAIL_STATE else chosen])
    m1, m2, m3 = st.columns(3)
    m1.metric("Exact share of turns ending there", f"{p:.2%}", help="From the Markov chain (end-of-turn).")
    m2.metric("Spread of one turn on its own", f"{math.sqrt(p * (1 - p)):.3f}",
              help="A turn ends there or not: sqrt(p (1 - p)), if turns were independent.")
    m3.metric("Spread in a row of turns", f"{spread:.3f}",
              help="Turns of a token depend on the turn before: the chain's own spread, which the band uses.")
    settings = (SQUARE, state)
    once, many = "Play one turn", "Play {n:,} turns"

    def experiment(n, seed):
        return large_numbers.square_run(rules, chosen, n, seed)

result = _lesson.simulation(LESSON, settings, experiment, once=once, many=many)
if result is not None:
    n, run = result
    st.plotly_chart(V.running_figure(run), key="l2_running", config={"displayModeBar": False})
    last = run.checkpoints()[-1]
    st.markdown(
        f"After {plural(n, run.unit)} the {run.measure} is **{run.final:.4f}**, "
        f"{last['distance']:.4f} from the exact {run.exact_text}; the band runs from {last['band from']:.4f} to "
        f"{last['band to']:.4f} there, and the {run.measure} is {'inside' if last['inside the band'] else 'outside'} "
        f"it. The band holds about 95% of runs only once there are many {run.unit}s.")
    if what == SQUARE:
        st.caption("Turns of one token are not independent (a token in jail tends to be in jail next turn too), "
                   "so the band uses the spread of a row of turns, computed from the Markov chain, rather than "
                   "sqrt(p (1 - p)). It still narrows as 1/√n. A share is never below 0 or above 1, so the band is "
                   "cut there.")
    _lesson.table(run.checkpoints(), f"running-average-{n}-seed-{run.seed}", "l2_checkpoints",
                  formats={run.so_far: "%.4f", "exact": "%.4f", "distance": "%.4f", "band from": "%.4f",
                           "band to": "%.4f"})

_lesson.exercise(LESSON, large_numbers.exercise())
