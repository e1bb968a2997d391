"""The home page's dice chart (issue 14): the exact distribution is written on the chart, as fractions of the 36
equally likely outcomes, not only shown on hover."""
from __future__ import annotations

import json
from pathlib import Path

from streamlit.testing.v1 import AppTest

from monopoly_core import load_dice
from monopoly_core.viz.dice import totals_figure

PAGE = str(Path(__file__).resolve().parent.parent / "pages" / "home.py")


def test_every_bar_of_the_dice_chart_carries_its_exact_chance():
    fig = totals_figure(load_dice("2d6"))
    bars = fig.data[0]
    assert list(bars.x) == list(range(2, 13))
    assert list(bars.text) == [f"{6 - abs(t - 7)}/36" for t in range(2, 13)]
    assert [round(y * 36) for y in bars.y] == [6 - abs(t - 7) for t in range(2, 13)]
    assert fig.layout.yaxis.range[1] > max(bars.y)          # room above the tallest bar for its label


def test_the_home_page_draws_it():
    at = AppTest.from_file(PAGE, default_timeout=60).run()
    assert not at.exception
    figure = json.loads(at.get("plotly_chart")[0].proto.spec)
    assert figure["data"][0]["text"][5] == "6/36"
