"""Lesson 3, where do players land? (issue 19): predict first, then the Markov chain in small steps, from one roll
to one turn to the long run; why orange and the jail corner stand out; the jail policy. Numbers from
:mod:`monopoly_core.lessons.landing`, figures from :mod:`monopoly_core.viz`."""
from __future__ import annotations

import streamlit as st

from monopoly_core import load_board
from monopoly_core import markov as M
from monopoly_core.lessons import landing
from monopoly_core.markov.explain import pct
from monopoly_core.viz import lessons as V
from monopoly_core.viz import markov as VM
from monopoly_core.viz.board import board_figure
from pages import _lesson
from pages._site import ROOT, ensure_navigation

ensure_navigation()
LESSON = landing.LESSON
GUESS, REVEALED = "l3_guess", "l3_revealed"
NO_CHART_BAR = {"displayModeBar": False}

_lesson.begin(LESSON, (
    "Are all the squares of the board landed on equally often? A token's next position depends only on where it is now "
    "(and how many doubles it has rolled this turn), so its journey is a **Markov chain**: a table Q of "
    "probabilities to go from each square to each other square in one turn. Start on GO with certainty; one turn "
    "later the chance is spread over the squares the dice can reach; after n turns it is the start multiplied "
    "by Q, n times over, and after a few dozen turns it no longer depends on the start at all. That long-run "
    "distribution π is the one that one more turn leaves unchanged."))

c1, c2 = st.columns(2)
name, rules = _lesson.rule_set(c1, "l3_preset")
jail = c2.radio("Jail policy", M.JAIL_POLICIES, index=1, key="l3_jail", horizontal=True,
                help="short: pay the fine at once and move on. long: stay in jail, trying for doubles, as long as the "
                     "rules allow (three turns in every rule set here).")
board = load_board(rules.board)
title = _lesson.rule_set_title(name)

# --- predict first -----------------------------------------------------------------------------------------------
st.subheader("Your prediction")
squares = landing.square_names(rules)
guess = st.selectbox("In a long game, which square do you think a token ends its turn on most often?",
                     list(range(len(squares))), index=None, key=GUESS, format_func=lambda s: f"{s}: {squares[s]}",
                     placeholder="Pick a square")
g1, g2 = st.columns([1, 3])
if g1.button("Check my guess", key="l3_check", type="primary", disabled=guess is None):
    st.session_state[REVEALED] = True
if g2.button("Just show me", key="l3_show"):
    st.session_state[REVEALED] = True
revealed = st.session_state.get(REVEALED, False)
if revealed and guess is not None:
    st.success(landing.verdict(rules, guess, jail))

# --- in small steps ----------------------------------------------------------------------------------------------
st.subheader("Step 1: one roll from GO")
first = landing.first_roll(rules, jail)
st.plotly_chart(VM.one_roll_figure(first, 0), key="l3_first", config=NO_CHART_BAR)
st.markdown(landing.first_roll_words(rules, jail))

st.subheader("Step 2: turn after turn")
turns = st.slider("Turns from GO", 1, 30, 1, key="l3_turns",
                  help="Where a token that started on GO ends this turn: the start times Q, this many times.")
after = landing.after(rules, turns, jail)
tv = M.convergence(rules, turns, jail)[turns]
st.plotly_chart(board_figure(board, heat=landing.on_the_board(after), heat_format=".1%",
                             heat_title=f"after {turns} turn{'s' if turns != 1 else ''} (jail corner: in jail + "
                                        "just visiting)", colorscale=VM.HEAT_SCALE,
                             centre_text=f"after {turns} turn{'s' if turns != 1 else ''}<br>"
                                         f"in jail {after.jail:.1%}", height=560),
                key="l3_after")
st.markdown(f"After {turns} turn{'s' if turns != 1 else ''} the distribution is **{landing.distance_words(tv)}** "
            "away from the long run (total variation distance: half the sum of the differences, square by square). "
            f"Doubles roll again, so one turn can carry a token further than {landing.longest_roll(rules)} squares; "
            "the distribution spreads out and forgets GO.")

st.subheader("Step 3: the long run")
if not revealed:
    st.info("Make your prediction above first, then check it to see the long run.")
else:
    long_run = landing.long_run(rules, jail)
    st.plotly_chart(V.plain_words(VM.bar_figure(long_run), f"Where a token ends its turns in the long run: {title}",
                                  "share of turns ending there"), key="l3_long_run", config=NO_CHART_BAR)
    # (a browser review found the jail corner counted two ways on one page: two bars above, one row below)
    st.caption(f"The chart keeps a token in jail apart from one just visiting; the table below counts them "
               f"together as the jail corner, the square a student points at: {pct(long_run.jail)} in jail + "
               f"{pct(long_run.squares[board.jail])} just visiting = "
               f"{pct(long_run.jail + long_run.squares[board.jail])} of turns.")
    _lesson.table(landing.ranking(rules, jail), f"long-run-{name}-{jail}", "l3_ranking",
                  formats={"share of turns ending there": "%.4f"})
    st.markdown("**Why the jail corner?** Three roads lead there: the Go To Jail square, cards, and "
                f"{rules.doubles_to_jail} doubles in a row; under the long policy a token also stays up to "
                f"{rules.jail_turns} turns.")
    st.caption(M.JAIL_FIGURES)
    st.markdown(landing.why_top_group(rules, jail))
    groups = landing.group_rows(rules, jail)
    st.plotly_chart(V.groups_figure(groups, board), key="l3_groups", config=NO_CHART_BAR)
    _lesson.table(groups, f"groups-{name}-{jail}", "l3_groups_table",
                  formats={"share of turns": "%.4f", "per street": "%.4f"})
    policy_rows = landing.jail_policy_rows(rules)
    st.markdown("**What the jail policy changes.** Staying in jail to roll for doubles (long) keeps tokens inside "
                f"{policy_rows[1]['in jail'] / policy_rows[0]['in jail']:.1f} times as long as paying at once "
                "(short); that time is taken from every other square.")
    _lesson.table(policy_rows, f"jail-policies-{name}", "l3_policies",
                  formats={"in jail": "%.4f", "just visiting": "%.4f", "top street's share": "%.4f",
                           **{c: "%.4f" for c in policy_rows[0] if c.endswith(", per street")}})

    st.subheader("Check it with the game engine")
    result = _lesson.simulation(LESSON, (name, jail), lambda n, seed: landing.simulate(rules, n, seed, jail),
                                once="Play one turn", many="Play {n:,} turns")
    if result is not None:
        n, sample = result
        observed = sample.end_distribution()
        st.plotly_chart(V.plain_words(VM.comparison_figure(long_run, observed),
                                      f"The chain against the game engine: {title}", "share of turns ending there",
                                      ("exact, from the chain", f"played by the engine ({n:,} turn"
                                       f"{'s' if n != 1 else ''})")), key="l3_compare", config=NO_CHART_BAR)
        tv_obs = M.total_variation(sample.end_shares(), long_run.values())
        st.markdown(f"{n:,} turn{'s' if n != 1 else ''} of movement-only tokens in the real engine: their "
                    f"shares differ from the chain's by a total variation distance of **{tv_obs:.1%}**. "
                    "More turns, a smaller distance.")
        _lesson.table([{"where the turn ends": label, "exact": e, "simulated": o}
                       for label, e, o in zip(landing.state_names(rules), long_run.values(), observed.values())],
                      f"engine-turns-{n}-seed-{sample.seed}", "l3_sample_table",
                      formats={"exact": "%.4f", "simulated": "%.4f"})

st.page_link(str(ROOT / "pages" / "markov.py"), label="Explore the whole chain on the Markov page",
             icon=":material/hub:")
_lesson.exercise(LESSON, landing.exercise(rules))
