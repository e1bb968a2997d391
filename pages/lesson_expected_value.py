"""Lesson 4, expected value (issue 19): which colour group pays best per opponent turn and how long each building
level takes to pay back; is the third house worth it?; simulated rent against the expected rent. Numbers from
:mod:`monopoly_core.lessons.expected_value` (which reads :func:`monopoly_core.markov.income`)."""
from __future__ import annotations

import streamlit as st

from monopoly_core import load_board
from monopoly_core.lessons import expected_value as EV
from monopoly_core.lessons.running import plural
from monopoly_core.viz import lessons as V
from monopoly_core.viz import markov as VM
from monopoly_core.viz.safe_text import markdown
from pages import _lesson
from pages._site import ensure_navigation

ensure_navigation()
LESSON = EV.LESSON
NO_CHART_BAR = {"displayModeBar": False}

_lesson.begin(LESSON, (
    "Rent is paid only when an opponent lands, so what a property is worth depends on two things: how often it "
    "is landed on and what a landing pays. Their product, v times r (landings per opponent turn times rent), "
    "added over the squares of a holding, is its **expected rent** per opponent turn: what it earns on average "
    "each time an opponent takes a turn. Divide what a holding cost by what it earns in a round (every "
    "opponent takes one turn) and you get its **payback time**, a fair way to compare a cheap group with an "
    "expensive one. The landing chances come from the Markov chain, with tokens staying in jail to roll for "
    "doubles (late in the game, when buildings stand)."))

c1, c2 = st.columns(2)
name, rules = _lesson.rule_set(c1, "l4_preset")
opponents = c2.slider("Opponents", 1, 7, 3, key="l4_opponents",
                      help="Payback counts rounds: in a round every opponent takes one turn.")
board = load_board(rules.board)
title = _lesson.rule_set_title(name)
inc = EV.holdings(rules, opponents)
levels = EV.levels(rules)
per = plural(opponents, "opponent").replace(" ", "-")      # in a CSV's file name: "1-opponent", "3-opponents"

st.subheader("Which group pays best?")
st.plotly_chart(VM.income_figure(inc, title=f"Income in {title}, tokens staying in jail to roll for doubles"),
                key="l4_income", config=NO_CHART_BAR)
st.markdown(EV.describe(inc))
_lesson.table(EV.best_rows(inc), f"best-groups-{name}-{per}", "l4_best",
              formats={"payback (rounds)": "%.1f", "rent per opponent turn": "%.2f"})
with st.expander("Every group at every level"):
    _lesson.table(EV.payback_rows(inc), f"payback-{name}-{per}", "l4_payback",
                  formats={"rent per opponent turn": "%.2f", "payback (rounds)": "%.1f"})

# --- worked example ----------------------------------------------------------------------------------------------
group = EV.EXAMPLE_GROUP
label = board.groups[group].label
steps = EV.house_steps(inc, group)
step = EV.example_step(inc, group)
by_level = {lv.level: lv for lv in levels}
above = by_level[step["to level"]]
below = max((lv for lv in levels if lv.level < above.level), key=lambda lv: lv.level)
article = "the third" if above.level == EV.THIRD_HOUSE else "the" if len(steps) == 1 else "a"
st.subheader(f"Worked example: is {article} {above.building} worth it?")
rounds = step["pays for itself in (rounds)"]
if len(steps) == 1:
    compare = (f". This edition builds nothing but the {above.building}, so it is the only step up; compare the "
               "bare set and the built one in the tables above.")
elif rounds == min(s["pays for itself in (rounds)"] for s in steps):
    compare = (f", faster than any other step: the printed rent jumps most there. Yes, the {above.building} is "
               "worth it.")
else:
    compare = "."
cur = markdown(board.currency)       # ("$" would open LaTeX in Markdown)
st.markdown(
    (f"Take the whole {label} set with nothing built. " if below.level == EV.SET else
     f"Take the {label} group {EV.with_words(below)} on each street. ")
    + f"Going up to {EV.with_words(above).removeprefix('with ')} on each street costs "
    f"**{cur}{step['extra cost']:,}** in all. It raises the group's expected rent by "
    f"**{cur}{step['extra rent per opponent turn']:.2f}** per opponent turn, so by "
    # (the product shown with the digits it is made of: 34.89 x 3 is 104.67, and a walkthrough's calculator
    # disagreed with the 104.68 of the unrounded figure)
    f"{cur}{step['extra rent per round']:.2f} per round against {plural(opponents, 'opponent')} "
    f"({opponents} \u00d7 {step['extra rent per opponent turn']:.4f}). "
    f"It pays for itself in **{rounds:.1f} rounds**" + compare)
st.plotly_chart(V.house_steps_figure(steps, highlight=step["to level"]), key="l4_steps", config=NO_CHART_BAR)
_lesson.table(steps, f"house-steps-{group}-{name}-{per}", "l4_steps_table",
              formats={"extra rent per opponent turn": "%.2f", "extra rent per round": "%.2f",
                       "pays for itself in (rounds)": "%.1f"})

# --- simulation --------------------------------------------------------------------------------------------------
st.subheader("Collect the rent")
s1, s2 = st.columns(2)
groups = list(board.groups)
sim_group = s1.selectbox("Group", groups, index=groups.index(group), key="l4_group",
                         format_func=lambda g: board.groups[g].label)
level_names = {lv.level: lv.name for lv in levels}
choices = list(level_names)
level = s2.selectbox("Level", choices, index=choices.index(step["to level"]), key="l4_level",
                     format_func=level_names.get)
st.caption("Movement-only opponents play the real game engine; every landing on the group pays its printed rent.")
result = _lesson.simulation(LESSON, (name, opponents, sim_group, level),
                            lambda n, seed: EV.simulate_rent(rules, sim_group, level, n, seed, opponents),
                            once="One opponent turn", many="{n:,} opponent turns")
if result is not None:
    n, run = result
    st.plotly_chart(V.running_figure(run), key="l4_running", config=NO_CHART_BAR)
    paid = int((run.values > 0).sum())
    st.markdown(f"In {plural(n, run.unit)}, {paid:,} paid rent to the "
                f"{board.groups[sim_group].label} group, **{run.final:.2f}** a turn on average against the expected "
                f"**{run.exact_text}**. Most turns pay nothing and a few pay a lot, so the average needs many "
                "turns to settle.")
    st.caption("No band on this chart, unlike lessons 1 and 2. One turn's rent is not a yes or a no but mostly "
               "nothing and now and then a big payment, and a turn depends on the turn before (where the token "
               "stands), so a fair band would need the spread of a whole row of turns' rents, which this lesson "
               "does not work out; the spread of one turn alone would draw a band too narrow. Watch the distance "
               "in the table shrink instead.")
    _lesson.table(run.checkpoints(), f"rent-{sim_group}-{n}-seed-{run.seed}", "l4_checkpoints",
                  formats={run.so_far: "%.2f", "exact": "%.2f", "distance": "%.2f"})

_lesson.exercise(LESSON, EV.exercise(rules))
