"""The site's router: ``st.navigation`` over the file pages in ``pages/`` (DESIGN.md section 5).

Streamlit code lives here and in ``pages/`` only; everything computed comes from ``monopoly_core``. The page
list lives in ``pages/_site.py`` so that a page reached before the router ever ran can declare it too.
"""
from pages import _site

_site.navigation().run()
