"""Lesson 1, two dice (issue 19): the exact distribution of the sum against a sampled one, doubles, three doubles
in a row, and the speed die. Numbers from :mod:`monopoly_core.lessons.dice`, figures from
:mod:`monopoly_core.viz.lessons`."""
from __future__ import annotations

import streamlit as st

from monopoly_core.lessons import dice
from monopoly_core.lessons.running import plural
from monopoly_core.lessons.sheet import fraction_text
from monopoly_core.viz import lessons as V
from monopoly_core.viz.dice import totals_figure
from pages import _lesson
from pages._site import ensure_navigation

ensure_navigation()
LESSON = dice.LESSON

_lesson.begin(LESSON, (
    "Two dice have 6 x 6 = 36 outcomes, all equally likely. Count the outcomes that give a total and divide by 36: "
    "that is its exact probability. Roll the dice many times and the share of each total comes closer and "
    "closer to that number. Doubles (both dice the same) come up 6 times in 36, and because one roll does not "
    "depend on the one before, three doubles in a row, which send a player to jail, come up 1 time in "
    "6 x 6 x 6 = 216."))

# --- the exact facts ---------------------------------------------------------------------------------------------
st.subheader("Exactly")
model = dice.two_dice()
left, right = st.columns([3, 2])
left.plotly_chart(totals_figure(model, height=300), key="l1_exact", config={"displayModeBar": False})
with right:
    _lesson.table(dice.sum_rows(), "two-dice-totals", "l1_sum_table", formats={"decimal": "%.4f"})
m1, m2, m3 = st.columns(3)
m1.metric("Doubles", fraction_text(dice.p_doubles()), help="6 of the 36 outcomes: 1+1, 2+2, ..., 6+6.")
m2.metric("Three doubles in a row", fraction_text(dice.p_doubles_in_a_row(3)), help="(1/6) x (1/6) x (1/6).")
m3.metric("A total of 7", fraction_text(model.distribution()[7]), help="The likeliest total: 6 ways in 36.")

speed = st.toggle("Add the speed die (Mega Edition)", key="l1_speed",
                  help="A third die with faces 1, 2, 3, Mr. Monopoly, Mr. Monopoly and a Bus.")
if speed:
    st.markdown(
        "The speed die has six faces: 1, 2, 3, Mr. Monopoly (twice) and a Bus. With it there are "
        "6 x 6 x 6 = 216 outcomes. With pips on all three dice a token moves the total of all three; with "
        "Mr. Monopoly or the Bus it first moves by the white dice (the bonus move comes after). Doubles still "
        "count the white dice only; **triples** are 1-1-1, 2-2-2 or 3-3-3.")
    rows = dice.speed_rows()
    left, right = st.columns([3, 2])
    left.plotly_chart(V.speed_figure(rows), key="l1_speed_exact", config={"displayModeBar": False})
    with right:
        _lesson.table(rows, "speed-die-totals", "l1_speed_table", formats={"decimal": "%.4f"})
    s1, s2, s3 = st.columns(3)
    s1.metric("Triples", fraction_text(dice.p_triples()), help="3 of 216: 1-1-1, 2-2-2, 3-3-3.")
    s2.metric("Mr. Monopoly", fraction_text(dice.p_speed_face(dice.MR_MONOPOLY)), help="Two faces of six.")
    s3.metric("Bus", fraction_text(dice.p_speed_face(dice.BUS)), help="One face of six.")

# --- the simulation --------------------------------------------------------------------------------------------
st.subheader("Roll them")
totals = list(dice.speed_distribution() if speed else model.distribution())
follow = st.selectbox("Follow the share of this total", totals, index=totals.index(7), key="l1_follow",
                      help="The running share of rolls showing this total, against its exact probability.")
result = _lesson.simulation(LESSON, (speed,), lambda n, seed: dice.roll(n, seed, speed_die=speed),
                            once="Roll once", many="Roll {n:,} times")
if result is not None:
    n, sample = result
    st.plotly_chart(V.sampled_figure(sample.rows(), n), key="l1_sampled", config={"displayModeBar": False})
    run = sample.running_total(follow)
    doubles = sample.running_doubles()
    st.markdown(
        f"In {plural(n, 'roll')}, {follow} came up {plural(int(run.values.sum()), 'time')}: a share of "
        f"**{run.final:.2%}** against the exact **{run.exact_text} = {run.exact:.2%}**. Doubles came up "
        f"{plural(int(doubles.values.sum()), 'time')} (a share of {doubles.final:.2%} against the exact "
        f"{doubles.exact_text} = {doubles.exact:.2%})"
        + (f"; triples {plural(int(sample.triples.sum()), 'time')}." if speed else "."))
    c1, c2 = st.columns(2)
    c1.plotly_chart(V.running_figure(run), key="l1_running", config={"displayModeBar": False})
    c2.plotly_chart(V.running_figure(doubles), key="l1_running_doubles", config={"displayModeBar": False})
    st.caption("The shaded band is where the share of rolls lies with a chance of at least 95% after that many "
               "rolls. It is counted exactly from the binomial distribution (how many of n rolls hit, each with "
               "the exact probability), so it is right even after a few rolls and never leaves 0 to 1. After a "
               "single roll the share can only be 0 or 1, and the band covers both. Along a long run the share "
               "still steps outside it now and then, though at any one count of rolls at most 1 time in 20.")
    _lesson.table(sample.rows(), f"rolls-{n}-seed-{sample.seed}", "l1_sample_table",
                  formats={"exact": "%.4f", "share of rolls": "%.4f"})

_lesson.exercise(LESSON, dice.exercise())
