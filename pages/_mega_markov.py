"""The Markov page's choice of the Mega Edition's named assumptions (issue 15; monopoly_core/markov/mega.py): the
token's moves on triples, Mr. Monopoly and the Bus depend on ownership and choices, which a class picks here."""
from __future__ import annotations

import streamlit as st

from monopoly_core.editions import get
from monopoly_core.markov import mega

from . import _custom_rules, _rule_words as words

TITLES = {"triples": "Triples go to", "mr_monopoly": "Mr. Monopoly", "bus": "The Bus"}
WORDS = {"uniform": "any square (equally likely)", "go": "GO", "next_property": "the next property (early game)",
         "stay": "no bonus move", "ride": "ride to the next card square", "ticket": "take a ticket and stay"}


def assumptions(rules) -> str:
    """The assumptions chosen on the page for a Mega rule set (its controls drawn here); "" for other editions,
    which have no choices to make: with the speed die (a rule set of one's own), the page says what its faces do
    there, as a reviewer found no word of it."""
    if not mega.is_mega(rules):
        if rules.dice == _custom_rules.SPEED_DIE:
            st.caption(words.speed_die_elsewhere(get(rules.edition).title) + " The chain assumes the same, so it "
                       "has no choices about triples, Mr. Monopoly or the Bus to make.")
        return ""
    cols = st.columns(len(mega.CHOICES))
    parts = []
    for col, (name, choices) in zip(cols, mega.CHOICES.items()):
        value = col.radio(TITLES[name], choices, key=f"mk_mega_{name}", format_func=WORDS.get,
                          help="; ".join(mega.MEANINGS[f"{name}={c}"] for c in choices))
        parts.append(f"{name}={value}")
    st.caption("The Mega Edition's chain also assumes bus tickets are never used and the Auction square never "
               "moves a token (some property is still unowned); in jail only the two white dice are rolled.")
    return ",".join(parts)
