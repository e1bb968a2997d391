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


def test_every_page_has_a_card_and_the_cards_say_what_the_rule_sets_and_lessons_are():
    # Reviewer: no card for the Rules page; four lessons named where there are six; "2-8 players" where two rule
    # sets seat 2-6
    from monopoly_core import presets
    from monopoly_core.lessons import LESSONS
    at = AppTest.from_file(PAGE, default_timeout=60).run()
    assert not at.exception
    links = [link.proto.page for link in at.get("page_link")]
    assert [Path(x).stem for x in links] == ["play", "markov", "rules", "database", "lessons"]
    captions = " ".join(c.value for c in at.caption)
    for p in presets():
        if p.rules.max_players != 8:
            assert f"{p.rules.min_players}-{p.rules.max_players} in" in captions and p.title in captions
    assert f"{len(LESSONS)} short lessons" in captions
    assert all(lesson.title in captions for lesson in LESSONS)
