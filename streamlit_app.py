"""The site's router: ``st.navigation`` over the file pages in ``pages/`` (DESIGN.md section 5).

Streamlit code lives here and in ``pages/`` only; everything computed comes from ``monopoly_core``.
"""
from pathlib import Path

import streamlit as st

st.set_page_config(page_title="Monopoly rules lab", page_icon="\U0001F3B2", layout="wide")

ROOT = Path(__file__).parent
# (file, title, icon): a page appears once its file exists
PAGES = [
    ("pages/home.py", "Home", ":material/home:"),
    ("pages/play.py", "Play a game", ":material/casino:"),
    ("pages/markov.py", "Board as a Markov chain", ":material/hub:"),
    ("pages/database.py", "Game database", ":material/database:"),
]

pages = [st.Page(str(ROOT / path), title=title, icon=icon, default=(i == 0))
         for i, (path, title, icon) in enumerate(PAGES) if (ROOT / path).exists()]
st.navigation(pages).run()
