"""The sentence of a comparison's figure says a direction only when the difference is larger than chance, and
says which Gini it reports (the review found "shared less evenly under B ... not larger than chance" beside a chart
showing the opposite)."""
from types import SimpleNamespace

from monopoly_core.compare_words import GINI_CHART, inequality
from monopoly_core import paired_stats as PS


def _row(a, b):
    return SimpleNamespace(a=a, b=b, diff=b - a, diff_low=b - a - 0.1, diff_high=b - a + 0.1)


def test_a_difference_not_larger_than_chance_claims_no_direction():
    words = inequality(_row(0.311, 0.358), PS.Test("paired t-test", 1.2, 0.31, 0.05), 0.05, "Classic", "Cheaters")
    assert words.startswith("No clear difference in how evenly net worth is shared")
    assert "less evenly" not in words and "more evenly" not in words
    assert "0.311 under Classic and 0.358 under Cheaters" in words and "p = 0.310" in words
    assert "averaged over the rounds that game lasted" in words
    assert words.endswith(GINI_CHART + ".")          # the Rules page has the chart by round beside it
    # (a browser review read the chart beside, Mega far above classic for 35 rounds, against "no clear difference")
    assert "The two can disagree: games that end sooner climb the chart sooner" in words


def test_a_page_without_the_chart_by_round_does_not_point_to_it():
    """Review of lesson 5: "(the chart beside shows round by round ...)" with no such chart on the page."""
    words = inequality(_row(0.311, 0.358), PS.Test("paired t-test", 1.2, 0.31, 0.05), 0.05, "Classic", "Cheaters",
                       chart_beside=False)
    assert words.endswith("averaged over the rounds that game lasted.") and "chart" not in words


def test_a_difference_larger_than_chance_says_its_direction():
    words = inequality(_row(0.311, 0.458), PS.Test("paired t-test", 5.0, 0.0001, 0.05), 0.05, "Classic", "Cheaters")
    assert words.startswith("Net worth is shared less evenly under Cheaters")
    assert "larger than chance at the 5% level" in words


def test_the_pages_narrow_cells_drop_the_bounds_percent_signs_and_sign_a_difference():
    """Review (second round): at 1280 px "-10.0% (-45.4% to +" was cut off in the Rules page's numbers."""
    from monopoly_core.compare_words import with_interval
    share = SimpleNamespace(diff=-0.1, diff_low=-0.454, diff_high=0.243, a=0.6, a_low=0.313, a_high=0.832)
    assert with_interval(share, "diff", "share", narrow=True) == "\u221210.0 pts (\u221245.4 to +24.3)"   # points
    assert with_interval(share, "a", "share", narrow=True) == "60.0% (31.3 to 83.2)"
    assert with_interval(share, "diff", "share") == "-10.0% (-45.4% to +24.3%)"     # the command's form stays
    mean = SimpleNamespace(diff=1180.0, diff_half=2337.8)
    assert with_interval(mean, "diff", "money", "\u00b1", narrow=True) == "+1,180.0 \u00b1 2,337.8"
    assert with_interval(SimpleNamespace(diff=-2.5, diff_half=1.0), "diff", "rounds", "\u00b1", narrow=True) == \
        "\u22122.5 \u00b1 1.0"


def test_a_level_is_said_with_the_digits_it_needs():
    """An outside review: ``compare --level 1e-6`` said "differs beyond chance at the 0% level" (and a 100%
    confidence interval)."""
    from monopoly_core.compare_words import as_level
    assert [as_level(x) for x in (0.05, 1 - 0.05, 1e-6, 1 - 1e-6, 0.5, 0.01)] == \
        ["5%", "95%", "0.0001%", "99.9999%", "50%", "1%"]
