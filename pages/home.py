"""Home: what the lab is for, in a few sentences, and a way into each page."""
from pathlib import Path

import streamlit as st

from monopoly_core import presets

ROOT = Path(__file__).parent

st.title("Monopoly rules lab")
st.markdown(
    "A place to explore a board game's rules and the probability behind them. Every page runs on the same "
    "rules core, which plays Monopoly exactly as the rule books print it, so what you see in one game, in the "
    "exact Markov chain and in thousands of simulated games all comes from one set of rules."
)

PAGES = [
    ("play.py", "Play a game", "Set up 2-8 players (people or bots), step through a game one roll at a time, "
     "make every decision the rules allow, undo, save and share it."),
    ("markov.py", "Board as a Markov chain", "Where do tokens land, and why? Exact landing probabilities from "
     "the same dice, cards and jail rules, as a heat map, a graph and a convergence story."),
    ("database.py", "Game database", "Simulate thousands of games and ask questions of them in SQL: which "
     "squares are landed on most, which strategy wins, how long games last."),
]
for file, title, text in PAGES:
    if (ROOT / file).exists():
        with st.container(border=True):
            st.page_link(str(ROOT / file), label=f"**{title}**")
            st.caption(text)

st.subheader("Rule sets")
st.caption("Each preset is a complete rule set; house rules can be switched on top of it on the Play page.")
for p in presets():
    st.markdown(f"- **{p.title}** (`{p.name}`): {p.description}")
