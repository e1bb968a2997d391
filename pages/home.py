"""Home: what the lab is for, in a few sentences, and a way into each page."""
import streamlit as st

from monopoly_core import load_dice, presets
from monopoly_core.lessons import LESSONS
from monopoly_core.viz.dice import totals_figure
from pages import _site
from pages._site import PAGES, ROOT, TEACHER, ensure_navigation

ensure_navigation()

st.title("Monopoly rules lab")
# (an outside review: ?foo=1 on Home was ignored in silence)
_site.read_address("home_address", {}, "no part of it: every page is opened from its card below or the top bar")
st.markdown(
    "A place to explore a board game's rules and the probability behind them. Every page runs on the same "
    "rules core, which plays Monopoly as the rule books print it (where a book is silent, or its cards are not "
    "public, the lab's choice is written down on the Rules page), so what you see in one game, in the exact Markov "
    "chain and in thousands of simulated games all comes from one set of rules."
)

def _seats() -> str:
    """How many players each rule set seats, from the rule sets themselves ("2-8 players (2-6 in ...)")."""
    ranges: dict[tuple[int, int], list[str]] = {}
    for p in presets():
        ranges.setdefault((p.rules.min_players, p.rules.max_players), []).append(p.title)
    ((lo, hi), _), *others = sorted(ranges.items(), key=lambda item: -len(item[1]))
    fewer = "; ".join(f"{a}-{b} in {' and '.join(titles)}" for (a, b), titles in others)
    return f"{lo}-{hi} players" + (f" ({fewer})" if fewer else "")


BLURBS = {
    "pages/play.py": f"Set up {_seats()}, people or bots, step through a game one roll at a time, make every "
                     "decision the rules allow, undo, save and share it.",
    "pages/markov.py": "Where do tokens land, and why? Exact landing probabilities from the same dice, cards and "
                       "jail rules, as a heat map, a graph and a convergence story.",
    "pages/rules.py": "Every rule set side by side, rule by rule, with the rule book's own words; make a rule set "
                      "of your own and see what a change does to thousands of games.",
    "pages/database.py": "Simulate thousands of games and ask questions of them in SQL: which squares are landed "
                         "on most, which strategy wins, how long games last.",
    "pages/lessons.py": f"{len(LESSONS)} short lessons in probability for a class ("
                        + "; ".join(lesson.title for lesson in LESSONS)
                        + "), each with a seeded link, a worksheet and an answer sheet.",
}
for file, title, icon in PAGES + [TEACHER]:
    if file in BLURBS and (ROOT / file).exists():
        with st.container(border=True):
            st.page_link(str(ROOT / file), label=f"**{title}**", icon=icon)
            st.caption(BLURBS[file])

st.subheader("A first question: what do two dice do?")
left, right = st.columns([3, 2])
with left:
    dice = load_dice("2d6")
    st.plotly_chart(totals_figure(dice), key="home_dice", config={"displayModeBar": False})
with right:
    st.markdown(
        f"Two dice have {len(dice.outcomes)} equally likely outcomes. Seven is the most likely total (6 ways in "
        f"36), two and twelve the least (1 way each), and doubles come up one roll in "
        f"{1 / float(dice.p_doubles()):.0f}. "
        "Every page of the lab uses this exact list of outcomes: the game rolls from it and the Markov chain "
        "reasons from it.")

st.subheader("Rule sets")
st.caption("Each preset is a complete rule set; house rules can be switched on top of it on the Play page.")
for p in presets():
    st.markdown(f"- **{p.title}** (`{p.name}`): {p.description}")
