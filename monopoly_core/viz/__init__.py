"""Figures: pure functions from results to plotly figures (no streamlit), usable from a notebook too."""
