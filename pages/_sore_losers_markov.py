"""The Markov page's part for Monopoly for Sore Losers: an ordinary player's token and Mr Monopoly's, side by
side (seed 000: Mr Monopoly never goes to jail; he sends someone else, and three doubles just roll again)."""
from __future__ import annotations

import streamlit as st

from monopoly_core import markov as M
from monopoly_core.markov import sore_losers as SL
from monopoly_core.viz import markov as V


@st.cache_resource(max_entries=16, show_spinner=False)
def _figures(rules, jail: str, uk_card: str, quantity: str):
    ordinary, mr = SL.distributions(rules, quantity, jail, uk_card)
    return (ordinary, mr, V.heat_board_figure(ordinary, height=BOARD_HEIGHT),
            V.heat_board_figure(mr, height=BOARD_HEIGHT))


#: Each token's board, one above the other: side by side at 1024x768 each had some 430 px, and the square names and
#: figures ran over each other (a browser review).
BOARD_HEIGHT = 560


def mr_monopoly_section(rules, jail: str, uk_card: str) -> None:
    st.markdown("#### Two tokens: an ordinary player and Mr Monopoly")
    st.markdown("Mr Monopoly **never goes to jail**: landing on Go To Jail or drawing a go-to-jail card, he sends "
                "another player instead and stays where he is, and three doubles in a row just roll again. So his "
                "token follows a chain of its own. Both are exact; the jail policy chosen above matters only to the "
                "ordinary player.")
    quantity = st.radio("Quantity", M.QUANTITIES, horizontal=True, key="mk_sl_quantity",
                        help=" ".join(f"{q}: {M.MEANING[q]}." for q in M.QUANTITIES))
    ordinary, mr, fig_o, fig_m = _figures(rules, jail, uk_card, quantity)
    st.markdown("**An ordinary player**")
    st.plotly_chart(fig_o, key="mk_sl_ordinary", width="content")
    st.markdown("**Mr Monopoly**")
    st.plotly_chart(fig_m, key="mk_sl_mr", width="content")
    rows = [{"square": name, "ordinary player": f"{a:.4f}", "Mr Monopoly": f"{b:.4f}",
             "difference": f"{b - a:+.4f}"} for name, a, b in SL.differences(ordinary, mr, 6)]
    st.markdown("Where the two tokens differ most:")
    st.dataframe(rows, hide_index=True)
