"""The board as a Markov chain (issues 4 and 14): where tokens land and why, exactly, and checked against the
engine.

Everything shown comes from :mod:`monopoly_core.markov` (numbers and tables) and :mod:`monopoly_core.viz`
(figures); this file only lays them out and keeps the user's choices in ``st.session_state``. The three
quantities are tabs drawn together, so switching between them happens in the browser with no round trip to the
server (a select box that reran the page took 0.4-1.4 s: Streamlit draws a changed plotly figure from scratch).
Every table has a CSV download; every formula is written out in full, at full width.
"""
from __future__ import annotations

import re

import streamlit as st

from monopoly_core import InvalidRules, presets
from monopoly_core.bounds import SITE_TIME_LIMIT, short
from monopoly_core import markov as M
from monopoly_core.viz import markov as V
from monopoly_core.viz.board import board_figure
from monopoly_core.viz.safe_text import html
from pages import _custom_rules, _mega_markov, _site, _sore_losers_markov
from pages._number_box import number_box
from pages._site import ensure_navigation

ensure_navigation()
_site.compact_page()        # (at 1024x768 the heat map began below the fold: the narrower margins give it room)

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
all_presets.update(_custom_rules.as_presets())      # the rule sets kept on the Rules page in this visit
c1, c2, c3 = st.columns([1.2, 1, 1])
names = list(all_presets)


def _address_preset(value: str) -> str | None:
    if value in names:
        st.session_state["mk_preset"] = value
        return None
    return (f"there is no rule set called {short(value)}; the rule sets are {', '.join(names)} "
            "(for example ?preset=mega)")


def _address_jail(value: str) -> str | None:
    if value in M.JAIL_POLICIES:
        st.session_state["mk_jail"] = value
        return None
    return f"the jail policy is {' or '.join(M.JAIL_POLICIES)}, not {short(value)}"


_site.read_address("mk_address", {"preset": _address_preset, "jail": _address_jail},
                   "preset and jail, for example ?preset=mega&jail=short")
st.session_state.setdefault("mk_preset", "classic-us" if "classic-us" in names else names[0])
st.session_state.setdefault("mk_jail", M.JAIL_POLICIES[1])
if st.session_state["mk_preset"] not in names:      # (a kept rule set from an earlier visit's Rules page)
    st.session_state["mk_preset"] = names[0]
name = c1.selectbox("Rule set", names, key="mk_preset",
                    format_func=lambda n: all_presets[n].title,
                    help="The board, decks, dice and jail rules come from this preset.")
rules = all_presets[name].rules
jail = c2.radio("Jail policy", M.JAIL_POLICIES, key="mk_jail", horizontal=True,
                help=" ".join(f"{k}: {v}" for k, v in JAIL_HELP.items()))
if M.has_fine_or_draw(rules):
    uk_card = c3.radio("Fine or Chance card", M.UK_CARD_POLICIES, key="mk_uk", horizontal=True,
                       help="'Pay a fine or take a Chance': always pay, or always take a Chance card.")
else:
    uk_card = "pay"      # (no card of these decks offers a fine or a Chance card: nothing to choose)
#: What the chain assumes about cards, in words: every edition, and the Cheaters Edition's cards kept in hand.
#: The one difference between the games and the chain known beforehand, for the test's verdict.
KNOWN_DIFFERENCE = ("a drawn Get Out of Jail Free card stays in its holder's hand until used, so the other cards "
                    "come up a little more often and the Chance squares a few percent less often than the chain "
                    "says (see above); a larger run shows whether it is that.")
CARDS_ASSUMED = ("The chain assumes each card is equally likely at every draw and a Get Out of Jail Free card goes "
                 "straight back to its deck.")
CARDS_KEPT = (f"Cards kept in hand: the chain's game has {M.HANDS} players, and each keeps one Chance and one "
              "Community Chest card it may keep (a card that does not say \"immediately\") for good, never "
              "playing it (no such card moves a token). So a draw is from the cards left in the deck: of 16, "
              f"{16 - M.HANDS}, and a card nobody keeps comes up 1 in {16 - M.HANDS}. One prisoner at a time: a "
              "player sent to jail frees the one there to Just Visiting; the chain takes this at its own rate of "
              "jail arrivals. Other cards are equally likely at every draw.")
st.caption(f"{JAIL_HELP[jail]} " + (CARDS_KEPT if M.hands_of(rules) else CARDS_ASSUMED))
if M.jail_policy_played(rules, jail) != jail:
    # (an outside review: the chain paid at once where the game's token could only roll)
    st.info("Under these rules a prisoner has one turn in jail and may not pay before rolling on it, so nobody can "
            "leave at once: the short policy plays as the long one here (roll for doubles, pay after a miss).",
            icon=":material/info:")

assume = _mega_markov.assumptions(rules)
per_roll = M.stationary(rules, jail, M.PER_ROLL, uk_card, assume)

#: Each quantity's formula, complete: what is summed over is written under every sum.
FORMULAS = {
    M.PER_ROLL: [r"\pi = \pi P, \qquad \sum_{s} \pi_s = 1, \qquad "
                 r"\text{per-roll}(a) = \sum_{s \text{ rests on } a} \pi_s"],
    M.END_OF_TURN: [r"\text{end-of-turn}(a) = \frac{\sum_{s \text{ rests on } a,\ s \text{ ends the turn}} \pi_s}"
                    r"{\sum_{t \text{ ends the turn}} \pi_t}"],
    M.VISITS_PER_TURN: [r"\text{visits-per-turn}(a) = \text{rolls per turn} \times \sum_{s} \pi_s \times "
                        r"\bigl(\text{landings on } a \text{ in one roll from } s\bigr)",
                        r"\text{rolls per turn} = \frac{1}{\sum_{t \text{ ends the turn}} \pi_t}"],
}
QUANTITY_HELP = ("**Quantity**, one tab each: " + "; ".join(f"**{q}**: {M.MEANING[q]}" for q in M.QUANTITIES)
                 + ".")
STATES_HELP = ("In the formulas $\\pi$ is the chain's long-run distribution over its states s (a square with the "
               "doubles rolled so far, or a try in jail); a is a square or In Jail.")


@st.cache_resource(max_entries=64, show_spinner=False)
def _heat_figure(preset_name: str, jail: str, quantity: str, uk_card: str, assume: str = ""):
    """The heat map of one preset, policy and quantity (built once per server: drawing it takes 20-70 ms)."""
    return V.heat_board_figure(M.stationary(all_presets[preset_name].rules, jail, quantity, uk_card, assume))


def _named(fig, board: str, shown_as: str):
    """``fig`` with the board's id in its title ("(mega-us, jail long)") replaced by the rule set's title, which is
    what the page calls it (a reviewer read "mega-us" where the page says "Mega Edition (US)")."""
    title = fig.layout.title.text or ""
    return fig.update_layout(title_text=title.replace(f"({board}, ", f"({html(shown_as)}, "))


#: The chosen rule set's title, as its charts name it.
SHOWN_AS = all_presets[name].title


@st.cache_resource(max_entries=64, show_spinner=False)
def _bar_figure(preset_name: str, jail: str, quantity: str, uk_card: str, assume: str = "", shown_as: str = ""):
    rules = all_presets[preset_name].rules
    return _named(V.bar_figure(M.stationary(rules, jail, quantity, uk_card, assume)), rules.board, shown_as)


def _file_part(text: str) -> str:
    """A choice as part of a file name: "mr_monopoly=next_property" -> "mr-monopoly-next-property"."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _csv_name(file_stem: str) -> str:
    """A download's file name: the table, the rule set and every choice its numbers depend on (the jail policy, the
    fine-or-Chance card where the decks have one, the Mega Edition's assumptions), so that two downloads of
    different numbers never share a name."""
    parts = [file_stem, name, f"jail-{jail}"]
    if M.has_fine_or_draw(rules):
        parts.append(f"card-{uk_card}")
    if assume:
        parts.append(_file_part(assume))
    return "-".join(parts) + ".csv"


def _csv_button(rows: list[dict], label: str, file_stem: str, key: str) -> None:
    """A download of a table exactly as shown, named after the rule set and the choices (:func:`_csv_name`)."""
    st.download_button(label, M.to_csv(rows), file_name=_csv_name(file_stem), mime="text/csv",
                       key=key, icon=":material/download:")


LOGGED_KEY = "mk_logged"


#: Fewer rolls than this in the logged games: the distance is said to be mostly chance (M.chance_distance).
FEW_ROLLS = 50_000


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
    if emp.rolls < FEW_ROLLS:
        # (a browser review: one logged game, 250 rolls, "Distance to the long chain 15.53%", read by a class as
        # the theory being 15% off; 1,001 games gave 0.78%)
        st.warning(f"Only {emp.rolls:,} rolls: with so few, chance alone puts the games about "
                   f"{M.chance_distance(per_roll.values(), emp.rolls):.0%} from the chain. Simulate more games on the "
                   f"Game database page (1,000 games give some 200,000 rolls) and compare again.",
                   icon=":material/warning:")
    st.plotly_chart(V.comparison_figure(per_roll, observed), key="mk_compare_logged")
    short, long_ = (M.stationary(rules, j, M.PER_ROLL, per_roll.uk_card, assume).jail for j in ("short", "long"))
    nearer = "stays, trying for doubles" if abs(observed.jail - long_) < abs(observed.jail - short) else \
        "leaves at once"
    st.markdown(f"In the logged games a roll ends In Jail **{observed.jail:.2%}** of the time; the chain says "
                f"{short:.2%} if everyone leaves jail at once and {long_:.2%} if everyone stays. These players "
                f"behave most like a token that {nearer}.")


if rules.edition == "sore-losers":
    _sore_losers_markov.mr_monopoly_section(rules, jail, uk_card)

# Lazy tabs: only the open tab's content is computed and sent (six plotly figures at once took 3.5 s
# to draw in a browser without a GPU).
tabs = st.tabs(["Heat map", "Ranking", "Graph", "Convergence", "Theory vs experiment", "Income"],
               key="mk_tab", on_change="rerun")

# --- heat map ------------------------------------------------------------------------------------------------
with tabs[0]:
    if tabs[0].open:
        for q, tab in zip(M.QUANTITIES, st.tabs(list(M.QUANTITIES), key="mk_heat_quantity")):
            with tab:
                st.plotly_chart(_heat_figure(name, jail, q, uk_card, assume), key=f"mk_heat_{q}", width="content")
                st.markdown(M.describe_distribution(M.stationary(rules, jail, q, uk_card, assume)))
        # (under the board, not over it: at 1024x768 the heat map began below the fold; a browser review)
        st.caption(QUANTITY_HELP)
        st.caption("The jail corner is coloured for Just Visiting only; In Jail is written in the middle (it would "
                   "outshine every other square). The ranking lists both. " + M.JAIL_FIGURES)
        if rules.edition == "cheaters":
            from pages import _cheaters
            st.markdown("##### The Cheaters board against the classic board")
            _cheaters.markov_against_classic(rules, jail, uk_card)

# --- ranking -------------------------------------------------------------------------------------------------
with tabs[1]:
    if tabs[1].open:
        st.caption(QUANTITY_HELP)
        for q, tab in zip(M.QUANTITIES, st.tabs(list(M.QUANTITIES), key="mk_rank_quantity")):
            with tab:
                dist = M.stationary(rules, jail, q, uk_card, assume)
                st.plotly_chart(_bar_figure(name, jail, q, uk_card, assume, SHOWN_AS), key=f"mk_bar_{q}")
                st.markdown(M.describe_distribution(dist))
                for formula in FORMULAS[q]:
                    st.latex(formula)
                st.caption(STATES_HELP)
                table = M.ranking_table(dist)
                # in percent, as the chart above reads (a browser review: 0.093855 under 9.39%); the CSV keeps the
                # shares themselves
                st.dataframe([{(f"{q} (%)" if k == q else k): (v * 100 if k == q else v) for k, v in row.items()}
                              for row in table], hide_index=True, key=f"mk_table_{q}",
                             column_config={f"{q} (%)": st.column_config.NumberColumn(format="%.4f")})
                _csv_button(table, "Download this table (CSV)", f"ranking-{q}", f"mk_csv_ranking_{q}")

# --- graph ---------------------------------------------------------------------------------------------------
KEYS = [str(i) for i in range(len(per_roll.squares))] + [M.JAIL_STATE]


def _label(key: str) -> str:
    return "In Jail" if key == M.JAIL_STATE else f"{key}: {per_roll.names[int(key)]}"


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
        # in percent, as the chart's title says it (a browser review read "0.030" on the slider and "3.0%" above)
        threshold = g1.slider("Hide moves less likely than", 0.0, 20.0, 3.0, 0.5, key="mk_threshold",
                              format="%.1f%%", help="Only moves one roll makes with a chance above this are "
                                                    "drawn.") / 100
        if st.session_state.get("mk_from") not in KEYS:
            st.session_state["mk_from"] = "0"
        start = g2.selectbox("From", KEYS, key="mk_from", format_func=_label)
        selected = M.JAIL_STATE if start == M.JAIL_STATE else int(start)
        graph = M.transition_graph(rules, jail, uk_card, assume=assume)
        st.plotly_chart(V.graph_figure(graph, threshold=threshold, selected=selected), key="mk_graph",
                        on_select=_picked, selection_mode="points")
        from_dist = M.one_roll(rules, start, jail, uk_card, assume)
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
        tv = M.convergence(rules, 60, jail, uk_card, assume=assume)
        k1, k2 = st.columns([1, 2])
        k1.metric("Distance to the long run", f"{tv[n]:.2%}", help="Total variation distance: the largest "
                  "difference in probability the two distributions give to any set of squares.")
        k1.markdown(M.describe_convergence(tv, n))
        k2.plotly_chart(V.convergence_figure(tv, marker=n), key="mk_convergence")
        st.latex(r"x_n = x_0\,Q^n, \qquad d_{TV}(n) = \frac{1}{2} \sum_{a} \bigl|\, x_n(a) - "
                 r"\text{end-of-turn}(a) \,\bigr|")
        st.caption("x₀ is a token on GO at the start of a turn, Q moves it on by one whole turn, and a runs over "
                   "the squares and In Jail.")
        _csv_button(M.convergence_table(tv), "Download the distances (CSV)", "convergence", "mk_csv_convergence")
        st.plotly_chart(_named(V.bar_figure(M.after_turns(rules, n, jail, uk_card, assume=assume)), rules.board,
                               SHOWN_AS), key="mk_after")

# --- theory against experiment -------------------------------------------------------------------------------
with tabs[4]:
    if tabs[4].open:
        st.markdown("Play the real game engine with tokens that only move (nobody buys anything) and count where "
                    "each token rests after every roll. The exact chain predicts these shares; the simulation "
                    "should agree up to chance, but for one real difference: in the games a Get Out of Jail Free "
                    "card stays in its holder's hand until used, so the other cards come up a little more often "
                    "than the chain assumes. With enough rolls the test sees it, a few percent on the Chance "
                    "squares (on the Mega Edition's board already at about 100,000 rolls): that is the card, not a "
                    "fault of the chain.")
        if rules.edition == "sore-losers":
            # (a reviewer met "p < 1e-300: the games and the chain differ" at the page's defaults, unexplained)
            st.info("In Monopoly for Sore Losers the games and this chain are expected to differ, by a lot: the "
                    "chain is an ordinary token's, but in the games one of the tokens soon draws the Mr Monopoly "
                    "card. Mr Monopoly never goes to jail, and on Go To Jail he sends another player there instead, "
                    "so both tokens move differently from the chain. The section “Two tokens” above has "
                    "each token's own exact chain. With that card made to do nothing, the engine agrees with the "
                    "chain (the lab's tests check it at 300,000 rolls).", icon=":material/info:")
        e1, e2, e3 = st.columns([1, 1, 1])
        # text boxes read by pages/_number_box.py (a number box sent its last valid number while it showed another)
        rolls, rolls_why = number_box("Rolls to simulate", "mk_rolls", default=100_000, lo=1_000, hi=2_000_000,
                                      what="the number of rolls", where=e1,
                                      help="About 100,000 rolls a second. A whole number from 1,000 to 2,000,000.")
        seed, seed_why = number_box("Seed", "mk_seed", default=1, lo=0, hi=2**31 - 1, what="the seed", where=e2,
                                    help="Same seed, same games. A whole number from 0 to 2,147,483,647.")
        settings = (name, jail, uk_card, assume, rolls, seed)
        pressed = e3.button("Simulate", type="primary", key="mk_simulate")
        failed = False
        if pressed and (rolls is None or seed is None):
            st.error(" ".join(["Nothing was simulated."] + [w for w in (rolls_why, seed_why) if w]),
                     icon=":material/block:")
        elif pressed:
            bar = st.progress(0.0, text="Playing games\u2026")
            try:
                emp = M.simulate_rolls(rules, rolls, jail=jail, uk_card=uk_card, seed=seed, assume=assume,
                                       time_limit=SITE_TIME_LIMIT, progress=lambda done, total: bar.progress(
                                           done / total, text=f"{done:,} of {total:,} rolls"))
            except InvalidRules as exc:     # (games that end too soon to count: said, not a traceback)
                st.session_state.pop(SIM_KEY, None)
                failed = True
                st.error(f"Nothing was simulated: {exc.reason}.", icon=":material/block:")
            else:
                st.session_state[SIM_KEY] = (settings, emp)
            bar.empty()
        result = st.session_state.get(SIM_KEY)
        if result is None or result[0][0] != settings[0]:
            if not failed:
                st.info("Choose how many rolls to simulate and press Simulate.")
        elif result[0][1:4] != settings[1:4]:
            # (a run under other choices, set against this chain, would show a difference the choices made)
            st.info("The chain's choices above (the jail policy" + (", the fine-or-Chance card" if
                    M.has_fine_or_draw(rules) else "") + (", the Mega Edition's assumptions" if assume else "") +
                    ") have changed since the last run: press Simulate to play the games under these.",
                    icon=":material/refresh:")
        else:
            emp = result[1]
            ch = M.chain(rules, jail, uk_card, assume)
            observed = emp.per_roll()
            test = M.markov_chi_square(emp.counts, ch)
            tv_obs = M.total_variation(emp.counts, per_roll.values())
            m1, m2, m3 = st.columns(3)
            m1.metric("Rolls counted", f"{emp.rolls:,}")
            m2.metric("Total variation distance", f"{tv_obs:.3%}")
            m3.metric("Chi-square p-value", test.p_text(), help=f"statistic {test.statistic:.1f} on "
                      f"{test.dof} degrees of freedom")
            if emp.deviations:
                # (counted by the simulation, never shown: an outside review)
                st.caption(f"{emp.deviations:,} times a token could not follow the jail policy (no money for the "
                           f"fine) and rolled instead: the games then differ from the chain a little in jail.")
            st.plotly_chart(V.comparison_figure(per_roll, observed, errors=M.path_standard_errors(ch, emp.rolls)),
                            key="mk_compare")
            st.markdown(M.describe_comparison(per_roll, observed, test, tv_obs, known=KNOWN_DIFFERENCE))
            st.latex(r"\chi^2 = n\,(\hat f - \pi)^\top \Sigma^{-1} (\hat f - \pi)")
            # (a browser review met the statistic, its degrees of freedom and this formula with no word on them)
            st.caption("In words: the chi-square statistic adds up how far each square's share in the games is from "
                       "the chain's, in units of the spread chance gives it; the p-value is how often chance alone "
                       "would give a statistic this large if the chain were exactly right. Below 0.05, the games and "
                       "the chain differ by more than chance; above it, they agree as far as these rolls can tell.")
            st.caption("Error bars: two standard errors, computed from the chain itself, because one roll's "
                       "position depends on the one before (so the usual formula for independent draws is wrong). "
                       "One real difference: in the game a drawn Get Out of Jail Free card stays with its holder "
                       "until used, then goes to the bottom of the deck, which makes the other cards a little more "
                       "frequent; with millions of rolls the Chance squares come out about 3% (relative) below "
                       "the chain, which assumes the card goes straight back (4-5% on the Mega Edition's board, "
                       "measured over 300,000 rolls: jail comes round less often on its 52 squares, so a card stays "
                       "in hand longer, 0.70 cards out of the decks on average against 0.51 on the classic board)."
                       + (" The Cheaters Edition's simulation plays the chain's game: two players who keep the "
                          "first card of each deck they may keep and never play it." if M.hands_of(rules) else ""))
        _logged_games(rules, per_roll, jail)

# --- income --------------------------------------------------------------------------------------------------
with tabs[5]:
    if tabs[5].open:
        opponents = st.slider("Opponents", 1, 7, 3, key="mk_opponents",
                              help="Payback counts rounds in which every opponent takes one turn.")
        inc = M.income(rules, jail, uk_card, opponents=opponents, assume=assume)
        st.plotly_chart(V.income_figure(inc, title=f"Income ({html(SHOWN_AS)}, jail {jail})"), key="mk_income")
        currency = M.chain(rules, jail, uk_card, assume).board.currency
        st.markdown(M.describe_payback(inc.payback, currency))
        st.latex(r"\text{rent per opponent turn} = \sum_{\text{squares of the holding}} "
                 r"\text{visits per turn} \times \text{rent}")
        st.latex(r"\text{payback (rounds)} = \frac{\text{price} + \text{buildings}}"
                 r"{\text{opponents} \times \text{rent per opponent turn}}")
        payback = M.payback_table(inc)
        st.dataframe(payback, hide_index=True, key="mk_payback",
                     column_config={"cost": st.column_config.NumberColumn(f"cost ({currency})")})
        _csv_button(payback, "Download this table (CSV)", f"payback-{opponents}-opponents", "mk_csv_payback")
        with st.expander("Every property at every level"):
            rents = M.rents_table(inc)
            st.dataframe(rents, hide_index=True, key="mk_rents")
            _csv_button(rents, "Download this table (CSV)", "rents", "mk_csv_rents")
