"""The board as a Markov chain (issue 4): where tokens land and why, exactly, and checked against the engine.

Everything shown comes from :mod:`monopoly_core.markov` (numbers) and :mod:`monopoly_core.viz` (figures); this
file only lays them out and keeps the user's choices in ``st.session_state``.
"""
from __future__ import annotations

import streamlit as st

from monopoly_core import presets
from monopoly_core import markov as M
from monopoly_core.viz import markov as V
from monopoly_core.viz.board import board_figure
from pages import _site
from pages._site import ensure_navigation

ensure_navigation()

JAIL_HELP = {
    "short": "Pay the fine at the start of the next turn and move on, doubles rolling again (early game).",
    "long": "Stay in jail up to three turns trying for doubles, paying only after the third failure "
            "(late game, when the board is full of houses).",
}
SIM_KEY = "mk_sim_result"

st.title("The board as a Markov chain")
st.markdown(
    "A token's next position depends only on where it is now (and how many doubles it has rolled this "
    "turn): that makes its journey a **Markov chain**. From the same dice, cards and jail rules the game is "
    "played with, this page computes *exactly* how often a token rests on each square, and checks the answer "
    "against the real game engine.")

# --- choices -----------------------------------------------------------------------------------------------
all_presets = {p.name: p for p in presets()}
c1, c2, c3, c4 = st.columns([1.2, 1, 1, 1.3])
names = list(all_presets)
name = c1.selectbox("Rule set", names, index=names.index("classic-us") if "classic-us" in names else 0,
                    key="mk_preset",
                    format_func=lambda n: all_presets[n].title,
                    help="The board, decks, dice and jail rules come from this preset.")
rules = all_presets[name].rules
jail = c2.radio("Jail policy", M.JAIL_POLICIES, index=1, key="mk_jail", horizontal=True,
                help=" ".join(f"{k}: {v}" for k, v in JAIL_HELP.items()))
if M.has_fine_or_draw(rules):
    uk_card = c3.radio("Fine or Chance card", M.UK_CARD_POLICIES, key="mk_uk", horizontal=True,
                       help="'Pay a fine or take a Chance': always pay, or always take a Chance card.")
else:
    uk_card = "pay"
    c3.caption("These decks have no 'fine or Chance' card.")
quantity = c4.selectbox("Quantity", M.QUANTITIES, key="mk_quantity",
                        help="per-roll: share of dice rolls after which the token rests there. end-of-turn: share "
                             "of turns that end there. visits-per-turn: landings per turn, counting squares "
                             "a card or Go To Jail sends the token on from.")
st.caption(f"{JAIL_HELP[jail]} The chain assumes each card is equally likely at every draw and a Get Out of "
           "Jail Free card goes straight back to its deck.")

dist = M.stationary(rules, jail, quantity, uk_card)
per_roll = M.stationary(rules, jail, M.PER_ROLL, uk_card)
board_name = dist.board
share = quantity != M.VISITS_PER_TURN

LOGGED_KEY = "mk_logged"


def _logged_games(rules, per_roll, jail) -> None:
    """The same comparison against the games logged in the game database (played or simulated)."""
    from monopoly_core.store import StoreError, movement_events
    st.markdown("##### Against the logged games")
    st.caption("The games in the game database with this board, these decks and jail rules (up to 2,000). Buying "
               "and trading do not move tokens, but each player chooses whether to pay their way out of jail, so "
               "logged games follow a mix of the two jail policies; the In Jail share shows which one they are "
               "closer to.")
    if st.button("Compare with the logged games", key="mk_logged_go"):
        try:
            games, cols = movement_events(rules, _site.db_path(), max_games=2000)
        except StoreError as exc:
            st.session_state[LOGGED_KEY] = (rules, None, str(exc))
        else:
            emp = M.count_events(**cols, rules=rules, skip_turns=5) if games else None
            st.session_state[LOGGED_KEY] = (rules, (games, emp), None)
    result = st.session_state.get(LOGGED_KEY)
    if result is None or result[0] != rules:
        return
    if result[2]:
        st.warning(f"The game database could not be read: {result[2]}")
        return
    games, emp = result[1]
    if not games or emp is None or not emp.rolls:
        st.info("No logged games match these rules yet: simulate some on the Game database page.")
        return
    observed = emp.per_roll()
    tv = M.total_variation(emp.counts, per_roll.values())
    m1, m2, m3 = st.columns(3)
    m1.metric("Logged games", f"{games:,}")
    m2.metric("Rolls counted", f"{emp.rolls:,}")
    m3.metric(f"Distance to the {jail} chain", f"{tv:.2%}", help="total variation distance")
    st.plotly_chart(V.comparison_figure(per_roll, observed), key="mk_compare_logged")
    short, long_ = (M.stationary(rules, j, M.PER_ROLL, per_roll.uk_card).jail for j in ("short", "long"))
    nearer = "stays, trying for doubles" if abs(observed.jail - long_) < abs(observed.jail - short) else \
        "leaves at once"
    st.markdown(f"In the logged games a roll ends In Jail **{observed.jail:.2%}** of the time; the chain says "
                f"{short:.2%} if everyone leaves jail at once and {long_:.2%} if everyone stays. These players "
                f"behave most like a token that {nearer}.")


# Lazy tabs: only the open tab's content is computed and sent (six plotly figures at once took 3.5 s
# to draw in a browser without a GPU).
tabs = st.tabs(["Heat map", "Ranking", "Graph", "Convergence", "Theory vs experiment", "Income"],
               key="mk_tab", on_change="rerun")

# --- heat map ------------------------------------------------------------------------------------------------
with tabs[0]:
    if tabs[0].open:
        from monopoly_core import load_board
        board = load_board(board_name)
        fmt = ".2%" if share else ".3f"
        jail_text = f"In Jail {dist.jail:{fmt}}" if share else f"jail arrivals {dist.jail:.3f}/turn"
        heat = V.heat_values(dist, jail_on_corner=False)
        landed = [v for v in heat if v > 0]     # Go To Jail is never a resting square: it must not wash out the rest
        st.plotly_chart(board_figure(board, heat=heat, heat_format=fmt, heat_range=(min(landed), max(landed)),
                                     heat_title=f"{quantity} (jail corner: Just Visiting)", colorscale=V.HEAT_SCALE,
                                     centre_text=f"{quantity}<br>{jail_text}", height=640),
                        key="mk_heat")
        st.markdown(M.describe_distribution(dist))
        st.caption("The jail corner is coloured for Just Visiting only; In Jail is written in the middle (it would "
                   "outshine every other square). The ranking and the table list both.")

# --- ranking -------------------------------------------------------------------------------------------------
with tabs[1]:
    if tabs[1].open:
        st.plotly_chart(V.bar_figure(dist), key="mk_bar")
        st.markdown(M.describe_distribution(dist))
        st.latex(r"\pi = \pi P,\qquad \textstyle\sum_s \pi_s = 1" if quantity == M.PER_ROLL else
                 r"\text{end of turn: } \pi_s\,[\text{no roll pending}] \big/ \textstyle\sum" if share else
                 r"\text{visits} = \text{rolls per turn}\times"
                 r" \textstyle\sum_i \pi_i\,(\text{landings per roll from } i)")
        st.dataframe([{"rank": i + 1, "state": s, "name": n, quantity: round(v, 6)}
                      for i, (s, n, v) in enumerate(dist.ranked())], hide_index=True, key="mk_table",
                     column_config={quantity: st.column_config.NumberColumn(format="%.6f")})

# --- graph ---------------------------------------------------------------------------------------------------
KEYS = [str(i) for i in range(len(dist.squares))] + [M.JAIL_STATE]


def _label(key: str) -> str:
    return "In Jail" if key == M.JAIL_STATE else f"{key}: {dist.names[int(key)]}"


def _picked() -> None:
    """A click on a node of the graph selects it as the starting square."""
    points = st.session_state["mk_graph"].selection.get("points", [])
    for p in points:
        key = p.get("customdata")
        if isinstance(key, list):
            key = key[0] if key else None
        if key in KEYS:
            st.session_state["mk_from"] = key
            return


with tabs[2]:
    if tabs[2].open:
        st.markdown("Each dot is a square (size: how often a token rests there per roll); each line is a move "
                    "one roll can make, thicker when likelier. Click a square, or choose it below, to see where a "
                    "token goes from there.")
        g1, g2 = st.columns([1, 1])
        threshold = g1.slider("Hide moves less likely than", 0.0, 0.20, 0.03, 0.005, key="mk_threshold",
                              format="%.3f", help="Only edges with a one-roll probability above this are drawn.")
        if st.session_state.get("mk_from") not in KEYS:
            st.session_state["mk_from"] = "0"
        start = g2.selectbox("From", KEYS, key="mk_from", format_func=_label)
        selected = M.JAIL_STATE if start == M.JAIL_STATE else int(start)
        graph = M.transition_graph(rules, jail, uk_card)
        st.plotly_chart(V.graph_figure(graph, threshold=threshold, selected=selected), key="mk_graph",
                        on_select=_picked, selection_mode="points")
        from_dist = M.one_roll(rules, start, jail, uk_card)
        st.plotly_chart(V.one_roll_figure(from_dist, start), key="mk_one_roll")
        st.markdown(M.describe_one_roll(from_dist, start))
        st.latex(r"P(\text{next} = t \mid \text{now} = s) = \sum_{\text{dice } d} P(d)\;"
                 r"P(\text{cards and Go To Jail take } s+d \text{ to } t)")

# --- convergence ---------------------------------------------------------------------------------------------
with tabs[3]:
    if tabs[3].open:
        st.markdown("Every token starts on GO. Move the slider to see where a token is likely to be after a number "
                    "of turns, and how far that still is from the long run.")
        n = st.slider("Turns from GO", 0, 60, 10, key="mk_turns")
        tv = M.convergence(rules, 60, jail, uk_card)
        k1, k2 = st.columns([1, 2])
        k1.metric("Distance to the long run", f"{tv[n]:.2%}", help="Total variation distance: the largest "
                  "difference in probability the two distributions give to any set of squares.")
        k1.markdown(M.describe_convergence(tv, n))
        k1.latex(r"x_n = x_0\,Q^n,\qquad d_{TV} = \tfrac12 \textstyle\sum_s |x_n(s) - \pi(s)|")
        k2.plotly_chart(V.convergence_figure(tv, marker=n), key="mk_convergence")
        st.plotly_chart(V.bar_figure(M.after_turns(rules, n, jail, uk_card)), key="mk_after")

# --- theory against experiment -------------------------------------------------------------------------------
with tabs[4]:
    if tabs[4].open:
        st.markdown("Play the real game engine with tokens that only move (nobody buys anything) and count where "
                    "each token rests after every roll. The exact chain predicts these shares; the simulation "
                    "should agree up to chance.")
        e1, e2, e3 = st.columns([1, 1, 1])
        rolls = e1.number_input("Rolls to simulate", 1_000, 2_000_000, 100_000, 10_000, key="mk_rolls",
                                help="About 100,000 rolls a second.")
        seed = e2.number_input("Seed", 0, 2**31 - 1, 1, key="mk_seed", help="Same seed, same games.")
        settings = (name, jail, uk_card, int(rolls), int(seed))
        if e3.button("Simulate", type="primary", key="mk_simulate"):
            bar = st.progress(0.0, text="Playing games\u2026")
            emp = M.simulate_rolls(rules, int(rolls), jail=jail, uk_card=uk_card, seed=int(seed),
                                   progress=lambda done, total: bar.progress(done / total,
                                                                             text=f"{done:,} of {total:,} rolls"))
            bar.empty()
            st.session_state[SIM_KEY] = (settings, emp)
        result = st.session_state.get(SIM_KEY)
        if result is None or result[0][:3] != settings[:3]:
            st.info("Choose how many rolls to simulate and press Simulate.")
        else:
            emp = result[1]
            ch = M.chain(rules, jail, uk_card)
            observed = emp.per_roll()
            test = M.markov_chi_square(emp.counts, ch)
            tv_obs = M.total_variation(emp.counts, per_roll.values())
            m1, m2, m3 = st.columns(3)
            m1.metric("Rolls counted", f"{emp.rolls:,}")
            m2.metric("Total variation distance", f"{tv_obs:.3%}")
            m3.metric("Chi-square p-value", f"{test.p_value:.3g}", help=f"statistic {test.statistic:.1f} on "
                      f"{test.dof} degrees of freedom")
            st.plotly_chart(V.comparison_figure(per_roll, observed, errors=M.path_standard_errors(ch, emp.rolls)),
                            key="mk_compare")
            st.markdown(M.describe_comparison(per_roll, observed, test, tv_obs))
            st.latex(r"\chi^2 = n\,(\hat f - \pi)^\top \Sigma^{-1} (\hat f - \pi)")
            st.caption("Error bars: two standard errors, computed from the chain itself, because one roll's "
                       "position depends on the one before (so the usual formula for independent draws is wrong). "
                       "One real difference: in the game a drawn Get Out of Jail Free card stays with its holder "
                       "until used, then goes to the bottom of the deck, which makes the other cards a little more "
                       "frequent; with millions of rolls the Chance squares come out about 3 % (relative) below "
                       "the chain, which assumes the card goes straight back.")
        _logged_games(rules, per_roll, jail)

# --- income --------------------------------------------------------------------------------------------------
with tabs[5]:
    if tabs[5].open:
        opponents = st.slider("Opponents", 1, 7, 3, key="mk_opponents",
                              help="Payback counts rounds in which every opponent takes one turn.")
        inc = M.income(rules, jail, uk_card, opponents=opponents)
        st.plotly_chart(V.income_figure(inc), key="mk_income")
        st.markdown(M.describe_payback(inc.payback))
        st.latex(r"\text{rent per opponent turn} = \sum_{\text{ways to land}} \text{visits per turn}\times"
                 r"\text{rent},\qquad \text{payback} = \frac{\text{price} + \text{buildings}}"
                 r"{\text{opponents}\times\text{rent per opponent turn}}")
        st.dataframe([{"group": r.label, "level": r.level_name, "cost": r.cost,
                       "rent per opponent turn": round(r.per_opponent_turn, 2),
                       "payback (rounds)": round(r.payback_rounds, 1)} for r in inc.payback],
                     hide_index=True, key="mk_payback")
        with st.expander("Every property at every level"):
            st.dataframe([{"square": r.name, "level": r.level_name, "rent": r.rent,
                           "per opponent turn": round(r.per_opponent_turn, 3)} for r in inc.rents],
                         hide_index=True, key="mk_rents")
