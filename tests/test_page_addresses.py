"""A page's address: the parts a page reads set its controls, and any other part is said in words (reviewer: the
Markov page ignored ?preset=mega in silence; the teacher's page took no seed from its link and named no unknown
part)."""
from __future__ import annotations

from apptest_helpers import texts
from test_page_lessons import open_page as _open      # (a visitor following a link with these address parts)


def test_the_markov_page_opens_the_rule_set_and_jail_policy_of_its_address():
    at = _open("pages/markov.py", preset="mega", jail="short")
    assert at.selectbox(key="mk_preset").value == "mega" and at.radio(key="mk_jail").value == "short"
    assert not at.warning


def test_the_markov_page_says_what_it_could_not_use():
    at = _open("pages/markov.py", preset="monopolyx", jail="forever", colour="red")
    words = " ".join(w.value for w in at.warning)
    assert "no rule set called 'monopolyx'" in words and "not 'forever'" in words
    assert "does not read 'colour'" in words
    assert at.selectbox(key="mk_preset").value == "classic-us" and at.radio(key="mk_jail").value == "long"


def test_the_teacher_s_page_takes_the_class_seed_from_its_link():
    at = _open("pages/lessons.py", seed="7", foo="1")
    assert at.number_input(key="teacher_seed").value == 7
    assert "does not read 'foo'" in texts(at)
    assert "seed 7" in texts(at)
    at = _open("pages/lessons.py", seed="-3")
    assert "the seed must be between 0" in texts(at) and at.number_input(key="teacher_seed").value != -3
    at = _open("pages/lessons.py", seed="9" * 400)           # not echoed whole
    assert "not a number of 400 digits" in texts(at) and "9" * 40 not in texts(at)
