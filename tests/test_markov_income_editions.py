"""The Markov page's income and payback tables build what each edition builds (a helper found the Cheaters Edition
charged for houses it does not have, and the Mega skyscraper priced as seven purchases where the engine charges six).

Seed 003 (Cheaters): "there's no mortgaging and there aren't any Houses, just Hotels"; "Pay the Hotel cost on the
Title Deed card and put a Hotel on the Property" (the board file's house_cost is the hotel's cost). Seed 002 (Mega):
a skyscraper replaces a hotel and costs the group's house cost, one purchase more (editions/mega.py)."""
from __future__ import annotations

from monopoly_core import preset
from monopoly_core.markov.explain import describe_payback
from monopoly_core.markov.income import income


def _ladder(edition: str, group: str = "orange") -> list[tuple[str, int]]:
    return [(r.level_name, r.cost) for r in income(preset(edition)).payback if r.group == group]


def test_the_cheaters_edition_goes_from_a_set_straight_to_a_hotel_at_the_hotel_s_cost():
    inc = income(preset("cheaters"))
    assert not [r for r in inc.rents if "house" in r.level_name]
    board_prices = 180 + 180 + 200          # Bow Street, Marlborough Street, Vine Street
    assert _ladder("cheaters") == [("set", board_prices), ("hotel", board_prices + 3 * 300)]


def test_a_mega_skyscraper_costs_one_purchase_more_than_the_hotel():
    ladder = dict(_ladder("mega"))
    per_level = ladder["1 house"] - ladder["set"]
    assert ladder["hotel"] == ladder["set"] + 5 * per_level
    assert ladder["skyscraper"] == ladder["hotel"] + per_level


def test_the_payback_sentence_counts_in_words_and_says_only_what_the_rows_show():
    one = describe_payback(income(preset("cheaters"), opponents=1).payback)
    assert one.startswith("Against 1 opponent,") and "house" not in one
    classic = describe_payback(income(preset("classic-us"), opponents=3).payback)
    assert classic.startswith("Against 3 opponents,") and "the step up to 3 houses adds the most rent" in classic


def test_the_one_roll_sentence_says_how_far_ahead_each_square_is():
    # Reviewer: "the squares six to eight ahead light up" was said of Mega, whose likeliest square from GO is ten
    # ahead (Mr. Monopoly's move to the next property)
    from monopoly_core import markov as M
    from monopoly_core.markov.explain import describe_one_roll
    mega = describe_one_roll(M.one_roll(preset("mega"), "0", "long", "pay", ""), "0")
    assert "six to eight" not in mega and "Gas Company (14.2%, 10 ahead)" in mega
    classic = describe_one_roll(M.one_roll(preset("classic-us"), "0", "long", "pay", ""), "0")
    assert "(13.8%, 6 ahead)" in classic


def test_a_name_the_board_repeats_is_said_with_its_square_number():
    # Reviewer: "Next come Community Chest (4.60 %), Community Chest (4.01 %)" on the Mega board
    from monopoly_core import markov as M
    from monopoly_core.markov.explain import describe_distribution
    text = describe_distribution(M.stationary(preset("mega"), "long", M.PER_ROLL, "pay", ""))
    assert "Community Chest at square " in text and "Community Chest (4" not in text
