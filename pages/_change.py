""""What does this change do?": two rule sets played with the same seeds (a paired comparison), the figures side
by side with their verdicts, and the Markov side of the change where it moves the chain."""
from __future__ import annotations

import os

import pandas as pd
import streamlit as st

from monopoly_core import InvalidRules, MonopolyError, RuleSet
from monopoly_core import markov as M
from monopoly_core.bots import DESCRIPTIONS, STANDARD, STRATEGIES
from monopoly_core import bounds
from monopoly_core.compare import Comparison, compare
from monopoly_core.compare_words import as_level, seating_words, with_interval
from monopoly_core.simulate import FIXED, ROTATED
from monopoly_core.store import StoreError
from monopoly_core.viz import compare as VC
from monopoly_core.viz import markov as VM
from monopoly_core.viz.safe_text import markdown

from . import _rule_words as words
from . import _site
from ._number_box import number_box
from ._rules_book import differences

RESULT = "rules_change_result"
FORM_NOW = "rules_change_form"          # the form's settings on this run
RESULT_FORM = "rules_change_result_form"  # the form's settings when the result shown was asked for
RUNNING = "rules_change_running"        # set while a comparison runs: still set on the next run, it was cut short
#: Most games a side from the page (the command line takes up to a million); one click plays for at most
#: bounds.SITE_TIME_LIMIT and the next plays on.
PAGE_MAX_GAMES = 20_000
#: Games a side from which the page plays on two worker processes (starting them takes about a second).
PARALLEL_FROM = 200
#: The comparison shown first (when no rule set is kept): the classic UK game against the Cheaters Edition, played
#: on boards of the same 40 squares, so the Markov side compares square by square.
DEFAULT_PAIR = ("preset:classic-uk", "preset:cheaters")
LEVELS = {0.05: "5% (95% confidence intervals)", 0.01: "1% (99%)", 0.10: "10% (90%)"}


def _rows_frame(c: Comparison, key: str) -> pd.DataFrame:
    """The numbers of one figure: each side's value and the difference with its confidence interval (a share
    with its low and high bounds, a mean \u00b1 half its interval)."""
    f = c.figure(key)
    rows = f.rows if key != "inequality" else f.rows[:1]
    return pd.DataFrame([{"": r.label,
                          **{label: with_interval(r, side, f.unit, "\u00b1", narrow=True)
                             for label, side in ((c.label_a, "a"), (c.label_b, "b"))},
                          "B \u2212 A": with_interval(r, "diff", f.unit, "\u00b1", narrow=True)}
                         for r in rows])


def _numbers_caption(c: Comparison, unit: str) -> str:
    """What the numbers under a chart are, in words a class reads."""
    level = as_level(1 - c.alpha)
    if unit == "share":
        return (f"Each side: the share of games, then in brackets the range (in %) that holds the true share "
                f"with {level} confidence, lowest to highest (Wilson's interval, which stays between 0% and 100% "
                f"and is not centred on the share when the share is near 0% or 100%). B \u2212 A: the difference "
                f"in percentage points (pts), then its {level} confidence interval in points (Tango's, for games "
                f"played in pairs).")
    return f"Each number \u00b1 half its {level} confidence interval (B \u2212 A: the difference, game for game)."


def offer(name: str, rules: RuleSet) -> None:
    """Set the form to the rule set just kept as ``name`` (B) against the preset it came from (A): a reviewer kept a
    rule set and found the form still on its first pair. Call it before the form is drawn in a run."""
    st.session_state["ch_a"] = f"preset:{rules.preset}"
    st.session_state["ch_b"] = f"kept:{name}"


def _first_pair(keys: list[str], choices: dict[str, tuple[str, RuleSet]]) -> tuple[str, str]:
    """The pair the form opens with: the last rule set kept against the preset it came from, else DEFAULT_PAIR
    (whose boards line up), else the first two rule sets."""
    mine = [k for k in keys if not k.startswith("preset:")]
    if mine:
        return f"preset:{choices[mine[-1]][1].preset}", mine[-1]
    return (DEFAULT_PAIR[0] if DEFAULT_PAIR[0] in keys else keys[0],
            DEFAULT_PAIR[1] if DEFAULT_PAIR[1] in keys else keys[min(1, len(keys) - 1)])


def controls(choices: dict[str, tuple[str, RuleSet]]) -> None:
    """The form: two rule sets, games, players, bots, seed and level; runs the comparison on its button."""
    keys = list(choices)
    # the pair is kept in the session (not index=), so that keeping a rule set can offer it (:func:`offer`); a
    # pair with a choice no longer listed (a kept rule set removed) goes back to the first pair
    if not {st.session_state.get("ch_a"), st.session_state.get("ch_b")} <= set(keys):
        first = _first_pair(keys, choices)
        st.session_state["ch_a"], st.session_state["ch_b"] = (k if k in keys else keys[0] for k in first)
    c1, c2 = st.columns(2)
    a = c1.selectbox("Rule set A", keys, key="ch_a", format_func=lambda k: choices[k][0],
                     help="The rules as they are: a preset, or a rule set you kept above.")
    b = c2.selectbox("Rule set B", keys, key="ch_b", format_func=lambda k: choices[k][0],
                     help="The rules with the change.")
    rules_a, rules_b = choices[a][1], choices[b][1]
    diff = differences(rules_a, rules_b)
    if diff:
        st.caption(markdown("B differs from A in: " + "; ".join(diff)))    # (escaped: "$400 ... $200" is no formula)
    elif rules_a.diff(rules_b):
        st.caption("B differs from A only in rules that neither rule set's edition plays.")
    else:
        st.info("A and B are the same rules: pick another rule set, or keep a changed one above.")
    c1, c2, c3, c4 = st.columns(4)
    # text boxes read by pages/_number_box.py (a number box sent its last valid number while it showed another)
    games, games_why = number_box("Games on each side", "ch_games", default=100, lo=2, hi=PAGE_MAX_GAMES,
                                  what="the number of games on each side", where=c1,
                                  help="More games give narrower intervals: about four times the games halve "
                                       f"them. A whole number from 2 to {PAGE_MAX_GAMES:,}. One click plays for "
                                       f"at most {bounds.minutes(bounds.SITE_TIME_LIMIT)} (the presets' games: "
                                       "several thousand a side) and compares the games played by then; the next "
                                       "click plays on from them.")
    lo = max(rules_a.min_players, rules_b.min_players)
    hi = max(lo, min(rules_a.max_players, rules_b.max_players))
    players, players_why = number_box("Players", "ch_players", default=min(max(4, lo), hi), lo=lo, hi=hi,
                                      what="the number of players", where=c2,
                                      help=f"Both rule sets take {lo} to {hi} players.")
    seed, seed_why = number_box("Seed", "ch_seed", default=2024, lo=0, hi=2**53 - 1, what="the seed", where=c3,
                                help="Game i of both sides is played with the same seed drawn from this one. A "
                                     f"whole number from 0 to {2**53 - 1:,}.")
    alpha = c4.selectbox("Level of the tests", list(LEVELS), format_func=LEVELS.get, key="ch_level",
                         help="A difference is called larger than chance when a test this strict says so.")
    bots = st.multiselect("Bots, seated in turn", STRATEGIES, default=list(STANDARD), key="ch_bots",
                          help="; ".join(f"{k}: {v}" for k, v in DESCRIPTIONS.items()))
    rotate = st.toggle("Bots change seats every game", value=True, key="ch_rotate",
                       help="Each game every bot moves one seat on, so each bot plays every seat equally often: "
                            "then a lucky seat is not mistaken for a good way of playing. Switch it off to keep "
                            "every bot in the same seat (then the seat and the bot in it cannot be told apart).")
    pressed = st.button("Compare", type="primary", key="ch_go", disabled=not diff or not bots)
    # (a result shown under a form that now asks for something else says so: a walkthrough read a stopped
    # comparison's "Press Compare again to play on" under a form naming other rules; the form is its rules, not
    # their names: a kept rule set changed and kept again under its name is another)
    st.session_state[FORM_NOW] = (rules_a.to_json(), rules_b.to_json(), games, players, seed, alpha, tuple(bots),
                                  rotate)
    refused = [why for why in (games_why, players_why, seed_why) if why]
    if pressed and refused:
        # (the last comparison's result goes: below a refusal, under a form naming other rules, a walkthrough read
        # its charts as the answer)
        st.session_state.pop(RESULT, None)
        st.error(" ".join(["Nothing was compared."] + refused), icon=":material/block:")
    elif pressed:
        st.session_state[RESULT_FORM] = st.session_state[FORM_NOW]
        _run(rules_a, rules_b, choices[a][0], choices[b][0], games, players, seed, float(alpha), bots,
             ROTATED if rotate else FIXED)


def _run(rules_a, rules_b, la, lb, games, players, seed, alpha, bots, seating) -> None:
    bar = st.progress(0.0, text="Playing both rule sets with the same seeds\u2026")

    limit = bounds.minutes(bounds.SITE_TIME_LIMIT)

    def progress(done: int, total: int) -> None:
        # (both sides count: the box asks for games a side; a walkthrough read "360 of 40,000" against 20,000)
        bar.progress(done / total, text=f"{done // 2:,} of {total // 2:,} games a side done (a click plays for at "
                                        f"most {limit}; the next plays on)")

    # two worker processes where there are two cores and enough games to pay for starting them
    workers = min(2, os.cpu_count() or 1) if games >= PARALLEL_FROM else 1
    st.session_state[RUNNING] = True
    try:
        result = compare(rules_a, rules_b, games=games, players=players, seed=seed, bots=bots, alpha=alpha,
                         label_a=la, label_b=lb, db_path=_site.db_path(), progress=progress, workers=workers,
                         seating=seating, time_limit=bounds.SITE_TIME_LIMIT)
    except InvalidRules as exc:
        st.session_state[RESULT] = words.error(exc)
    except (MonopolyError, StoreError) as exc:
        st.session_state[RESULT] = f"The comparison could not run: {exc}"
    else:
        st.session_state[RESULT] = result
    st.session_state.pop(RUNNING, None)
    bar.empty()


def results() -> None:
    if st.session_state.pop(RUNNING, None):
        # (a change to the page while the games were played ends the run where it stands: an outside review typed
        # into the games box at "74 of 300" and the run went without a word)
        st.info("The last comparison was cut short when the page changed before it ended. The games it played are "
                "kept in the game database: press Compare to read them back and play on.")
    result = st.session_state.get(RESULT)
    if result is None:
        return
    if isinstance(result, str):
        st.error(result)
        return
    c: Comparison = result
    games = f"{c.games:,} game{'s' if c.games != 1 else ''} a side"
    if all(c.reused):
        read = " (read back: these games were already there)"
    elif c.read_back:
        read = f" ({c.read_back:,} of them read back from the game database, {c.games - c.read_back:,} played now)"
    else:
        read = ""
    same_form = st.session_state.get(RESULT_FORM) == st.session_state.get(FORM_NOW)
    if not same_form:
        st.info("Below is the last comparison. The form above now asks for another: press Compare to run it.")
    st.markdown(f"**{markdown(c.label_a)} (A) against {markdown(c.label_b)} (B), {games}**, "
                f"{c.players} players ({', '.join(c.strategies)}), seed {c.seed}: "
                f"batches {c.batches[0]} (A) and {c.batches[1]} (B) in the game database, comparison "
                f"{c.comparison_id}{read}; {c.seconds:.1f} s.")
    if c.timed_out:
        st.warning(f"Stopped after {bounds.minutes(bounds.SITE_TIME_LIMIT)}, the most one click plays: {c.games:,} "
                   f"of the {c.planned:,} games a side asked for {'was' if c.games == 1 else 'were'} played, and "
                   "the figures below are theirs."
                   + (" Press Compare again to play on: the games played are kept in the game database and read "
                      "back." if same_form else ""),
                   icon=":material/timer:")
    st.caption(seating_words(c.seating, c.players))
    with st.expander("How to read the tests below"):
        st.markdown(TESTS_IN_WORDS)
    figures = c.figures
    for left, right in zip(figures[::2], figures[1::2]):
        cols = st.columns(2)
        for col, f in zip(cols, (left, right)):
            with col:
                st.markdown(f"##### {f.title}")
                st.plotly_chart(VC.figure(c, f.key), key=f"ch_fig_{f.key}", width="stretch")
                (st.success if f.test.significant else st.info)(markdown(f.verdict))  # names kept are text
                with st.expander("The numbers"):
                    st.dataframe(_rows_frame(c, f.key), hide_index=True, width="stretch")
                    st.caption(_numbers_caption(c, f.unit))


#: The tests the verdicts name, in a class's words (a browser review met "paired t-test, p = 0.688", "McNemar's exact
#: test", "Stuart-Maxwell test" and "Gini" with no word on what they are; the lessons explain p-values, this page
#: did not).
TESTS_IN_WORDS = (
    "- **p** (the p-value): how often chance alone would give a difference at least this large if A and B played "
    "alike. Below the level (5% unless you chose another), the difference is called real; above it, the games "
    "cannot tell A and B apart, which is not the same as showing they are alike.\n"
    "- **Paired t-test**: compares A and B game by game, each pair of games played with the same seed, on a number "
    "such as the game's length.\n"
    "- **McNemar's exact test**: the same for a yes-or-no result of each pair of games (did a player come back "
    "from last place?).\n"
    "- **Stuart-Maxwell test**: the same for a result with more than two answers (which seat won).\n"
    "- **Holm-adjusted**: many numbers tested at once; each p is raised so that chance alone seldom flags any.\n"
    "- **Gini coefficient**: how unequal the players' net worth is, from 0 (all alike) up to 3/4 with four "
    "players (one holds everything).")


def markov_side(choices: dict[str, tuple[str, RuleSet]]) -> None:
    """The two rule sets' long-run landing shares and their difference on the board, where the chain moves."""
    a, b = st.session_state.get("ch_a"), st.session_state.get("ch_b")
    if a not in choices or b not in choices:
        return
    (la, ra), (lb, rb) = choices[a], choices[b]
    jail = st.radio("Jail policy of the chain", M.JAIL_POLICIES, index=1, horizontal=True, key="ch_jail",
                    help="short: pay and leave at once; long: stay and roll for doubles.")
    try:
        da, db = (M.stationary(r, jail, M.PER_ROLL) for r in (ra, rb))
    except (MonopolyError, ValueError, KeyError) as exc:
        st.info(f"The Markov chain cannot be built for these rules: {exc}")
        return
    if len(da.squares) != len(db.squares):
        st.info(f"There is no square-by-square difference: A ({markdown(la)}) is played on a board of "
                f"{len(da.squares)} squares and B ({markdown(lb)}) on one of {len(db.squares)}, so their squares "
                f"do not line up. Each board's chain is on the Markov page.")
        return
    moved = max(abs(x - y) for x, y in zip(VM.heat_values(da), VM.heat_values(db)))
    if moved < 1e-12:
        st.info("This change does not move the chain: a token lands on every square as often under B as under A "
                "(the chain depends on the board, the dice, the cards and the jail rules only).")
        return
    c1, c2 = st.columns(2)
    c1.markdown(f"**A: {markdown(la)}**")
    c1.plotly_chart(VM.heat_board_figure(da, height=420), key="ch_mk_a", width="stretch")
    c2.markdown(f"**B: {markdown(lb)}**")
    c2.plotly_chart(VM.heat_board_figure(db, height=420), key="ch_mk_b", width="stretch")
    st.plotly_chart(VC.markov_difference_figure(da, db), key="ch_mk_diff", width="stretch")
    st.caption(f"Largest change on one square: {moved:.3%} of all rolls (per-roll long-run shares, jail policy "
               f"{jail})." + ("" if da.board == db.board else " A and B have boards of their own with the same "
                              "number of squares: B minus A compares the square in the same place on each board, "
                              "named as on B's board."))
