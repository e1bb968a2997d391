"""A page's address: the parts a page reads set its controls, and any other part is said in words (reviewer: the
Markov page ignored ?preset=mega in silence; the teacher's page took no seed from its link and named no unknown
part)."""
from __future__ import annotations

import pytest
from apptest_helpers import APP, shown, texts
from streamlit.testing.v1 import AppTest

from monopoly_core.lessons import LESSONS
from test_page_lessons import open_page as _open      # (a visitor following a link with these address parts)


def test_the_markov_page_opens_the_rule_set_and_jail_policy_of_its_address():
    at = _open("pages/markov.py", preset="mega", jail="short")
    assert at.selectbox(key="mk_preset").value == "mega" and at.radio(key="mk_jail").value == "short"
    assert not at.warning


def test_the_markov_page_says_what_it_could_not_use():
    at = _open("pages/markov.py", preset="monopolyx", jail="forever", colour="red")
    words = shown(at)
    assert "no rule set called 'monopolyx'" in words and "not 'forever'" in words
    assert "does not read 'colour'" in words
    assert at.selectbox(key="mk_preset").value == "classic-us" and at.radio(key="mk_jail").value == "long"


def test_the_teacher_s_page_takes_the_class_seed_from_its_link():
    at = _open("pages/lessons.py", seed="7", foo="1")
    assert at.text_input(key="teacher_seed").value == "7"
    assert "does not read 'foo'" in shown(at)
    assert "seed 7" in shown(at)
    at = _open("pages/lessons.py", seed="-3")
    assert "the seed must be between 0" in shown(at) and at.text_input(key="teacher_seed").value != "-3"
    at = _open("pages/lessons.py", seed="9" * 400)           # not echoed whole
    assert "not a number of 400 digits" in shown(at) and "9" * 40 not in shown(at)


LINK, IMAGE = "[Sign in](https://e.vil/p)", "![](https://e.vil/j.png)"


def _no_markup(at) -> None:
    """The address's link and image are said as typed, never drawn as a link or an image (outside review: a link
    put another site's image and a fake "Sign in" link inside the lab's own warning boxes)."""
    raw = texts(at)
    assert "](https://e.vil" not in raw and "](https://e.vi)" not in raw
    assert "e.vil" in shown(at) or "e.vi)" in shown(at)


def test_text_from_the_address_is_never_drawn_as_markdown():
    _no_markup(_open("pages/markov.py", preset=LINK, jail=IMAGE))
    _no_markup(_open("pages/lessons.py", seed="[x](https://e.vi)"))
    at = _open("pages/lessons.py", **{"[k](https://e.vil/k)": "1"})
    _no_markup(at)
    _no_markup(_open("pages/lesson_dice.py", seed="[x](https://e.vi)"))
    _no_markup(_open("pages/lesson_dice.py", print="[x](https://e.vi)"))


# --- Home, Rules and the lessons (outside review: "Unknown address parts are silently ignored on the lesson pages,
# Home and Rules") ------------------------------------------------------------------------------------------------

def _said_unread(at, part: str) -> bool:
    return f"does not read '{part}' in its address" in shown(at)


def _open_home(**params: str) -> AppTest:
    """The site's address with ``params``: Home, the page an address without a page's name opens."""
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params.update(params)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_home_reads_no_part_of_its_address_and_says_so():
    at = _open_home(foo="1", bar="2")
    assert "this page does not read 'foo', 'bar' in its address (it reads no part of it" in shown(at)
    assert at.title[0].value == "Monopoly rules lab"            # the page itself is all there
    assert not _open_home().warning


def test_the_rules_page_says_an_unknown_part_and_still_opens_the_rule_set_of_its_link():
    at = _open("pages/rules.py", foo="1")
    assert _said_unread(at, "foo") and "it reads preset, rules and name" in shown(at)
    at = _open("pages/rules.py", preset="classic-uk", name="Mine", colour="red")
    assert _said_unread(at, "colour") and not _said_unread(at, "preset") and not _said_unread(at, "name")
    assert "The rule set \u201cMine\u201d was opened from the link and kept." in shown(at)
    assert at.text_input(key="rp_name").value == "Mine"


def test_a_rule_set_link_is_not_reported_as_unread():
    from monopoly_core import preset, sharelink
    params = sharelink.rules_params(preset("classic-us", go_salary=400), "Rich GO")
    at = _open("pages/rules.py", **params)
    assert params["rules"] and not at.warning
    assert at.text_input(key="rp_rule_go_salary").value == "400" and at.success


def test_a_rule_set_link_s_rules_or_name_without_its_preset_are_said_not_ignored():
    at = _open("pages/rules.py", name="Mine")
    assert "'name' is used only with a preset" in shown(at) and not at.success
    assert at.text_input(key="rp_name").value != "Mine"


LESSON_PAGES = [f"pages/{x.slug}.py" for x in LESSONS]


@pytest.mark.parametrize("page", LESSON_PAGES)
def test_a_lesson_says_an_unknown_part_and_not_its_seed(page):
    at = _open(page, seed="5", foo="1")
    assert _said_unread(at, "foo") and "it reads seed and print" in shown(at)
    assert not _said_unread(at, "seed")
    assert not _open(page, seed="5").warning            # the seed alone: nothing to say


def _in_screen_only_box(at, element) -> bool:
    boxes = [b for b in at.main.children.values() if str(getattr(b.proto, "id", "")).endswith("screen_only")]
    return any(element in box.children.values() for box in boxes)


@pytest.mark.parametrize("page", LESSON_PAGES)
def test_a_print_view_says_an_unknown_part_on_the_screen_not_on_the_sheet(page):
    at = _open(page, print="worksheet", seed="3", foo="1")
    assert _said_unread(at, "foo") and not _said_unread(at, "print") and not _said_unread(at, "seed")
    assert len(at.warning) == 1 and _in_screen_only_box(at, at.warning[0])     # (hidden by the print CSS)
    assert "Worksheet" in shown(at)                                          # the sheet is still there
    assert not _open(page, print="answers", seed="3").warning
