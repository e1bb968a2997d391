"""What an outside reviewer (a teacher) found in lessons 1-4, each checked on the page through AppTest with the
numbers recomputed here independently: the Cheaters Edition builds hotels only (seed 003), lesson 3 explains the
rule set's own top group, plain words and correct counts everywhere, and running shares that stay in 0 to 1."""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from apptest_helpers import texts
from test_page_lessons import PAGES, click, frame, open_page

from monopoly_core import load_board, preset
from monopoly_core import markov as M
from monopoly_core.lessons import dice, landing, large_numbers
from monopoly_core.lessons.running import binomial_counts

CHEATERS = preset("cheaters")
MEGA = preset("mega")


def charts(at) -> list[dict]:
    """The plotly figures on the page, as the JSON spec the browser gets."""
    import json
    return [json.loads(c.proto.spec) for c in at.get("plotly_chart")]


def values(data) -> np.ndarray:
    """A figure's numbers, which plotly sends as a list or as base64 bytes with their dtype."""
    if isinstance(data, dict):
        import base64
        return np.frombuffer(base64.b64decode(data["bdata"]), dtype=data["dtype"])
    return np.asarray(data, dtype=float)


def title(chart: dict) -> str:
    return chart["layout"].get("title", {}).get("text", "")


def with_rule_set(page: str, key: str, name: str):
    at = open_page(PAGES[page])
    at.selectbox(key=key).set_value(name).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


# --- lesson 4 in the Cheaters Edition: hotels only ------------------------------------------------------------

def test_lesson_4_in_the_cheaters_edition_builds_hotels_only_at_the_hotels_cost():
    # 003: "there's no mortgaging and there aren't any Houses, just Hotels"; "Pay the Hotel cost on the Title Deed
    # card and put a Hotel on the Property" (the board's house_cost is the hotel's cost)
    at = with_rule_set("lesson_expected_value", "l4_preset", "cheaters")
    page = texts(at)
    assert "house" not in page.lower()
    board = load_board(CHEATERS.board)
    orange = board.groups["orange"].squares
    price = sum(board.squares[s].price for s in orange)
    hotels = sum(board.squares[s].house_cost for s in orange)
    assert (price, hotels) == (560, 900)
    every = frame(at, "cost")
    assert set(every[every["group"] == "orange"]["level"]) == {"set", "hotel"}
    assert every[(every["group"] == "orange") & (every["level"] == "hotel")]["cost"].iloc[0] == 1_460
    steps = frame(at, "pays for itself in (rounds)")
    assert list(steps["step"]) == ["set to hotel"] and list(steps["extra cost"]) == [900]
    assert "**3.3 rounds**. This edition builds nothing but the hotel" in page or "rounds**. This edition" in page
    assert "Worked example: is the hotel worth it?" in [s.value for s in at.subheader]
    assert at.selectbox(key="l4_level").options == ["set", "hotel"]
    # the hotel's rent is the printed hotel rent on every street, at the chain's landing rate
    visits = M.stationary(CHEATERS, "long", M.VISITS_PER_TURN).squares
    extra = sum(visits[s] * (board.squares[s].rents[5] - 2 * board.squares[s].rents[0]) for s in orange)
    assert steps["extra rent per opponent turn"].iloc[0] == pytest.approx(extra, rel=0.02)


def test_lesson_4_says_the_payback_claim_only_as_the_numbers_have_it():
    at = with_rule_set("lesson_expected_value", "l4_preset", "cheaters")
    claim = next(m.value for m in at.markdown if "pays back its cost" in m.value)
    assert "Houses pay back much faster" not in claim
    every = frame(at, "cost")
    colour = every[every["group"].isin([g.label for g in load_board(CHEATERS.board).groups.values()])]
    bare = colour[colour["level"] == "set"]["payback (rounds)"].min()
    built = colour[colour["level"] == "hotel"]["payback (rounds)"].min()
    assert f"about {bare:.0f} rounds" in claim and f"about {built:.0f}" in claim
    assert ("pay back faster than bare sets" in claim) == (built < bare)


def test_lesson_4_exercise_in_the_cheaters_edition_prices_a_hotel():
    at = with_rule_set("lesson_expected_value", "l4_preset", "cheaters")
    question = texts(at)
    # (the exercise's street is the red group's middle one: orange's answer was the worked example's own)
    from monopoly_core.lessons.expected_value import EXERCISE_GROUP
    board = load_board(CHEATERS.board)
    sq = board.squares[board.groups[EXERCISE_GROUP].squares[1]]
    assert f"a hotel costs {sq.house_cost}" in question and "a house costs" not in question
    assert f"Its rent is {2 * sq.rents[0]} with the whole set and {sq.rents[5]} with a hotel" in question


def test_lesson_4_counts_one_opponent_in_the_singular():
    at = open_page(PAGES["lesson_expected_value"])
    at.slider(key="l4_opponents").set_value(1).run()
    page = texts(at) + " ".join(str(c.get("layout")) for c in charts(at))
    assert "1 opponents" not in page and "against 1 opponent" in page.lower()
    assert "Payback in rounds against 1 opponent'" in page or "Payback in rounds against 1 opponent\"" in page


# --- lesson 3: the rule set's own top group, in words a class reads ----------------------------------------

def per_street(rules, jail="long") -> dict[str, float]:
    """Each colour group's long-run share of turns per street, summed here from the chain's end-of-turn row."""
    dist = M.stationary(rules, jail, M.END_OF_TURN)
    board = load_board(rules.board)
    return {g.label: sum(dist.squares[s] for s in g.squares) / len(g.squares) for g in board.groups.values()}


@pytest.mark.parametrize("name", ["mega", "classic-us", "cheaters"])
def test_lesson_3_explains_the_group_its_own_chart_puts_first(name):
    at = with_rule_set("lesson_landing", "l3_preset", name)
    click(at, "l3_show")
    shares = per_street(preset(name))
    top = max(shares, key=shares.get)
    assert frame(at, "per street")["group"].iloc[0] == top
    why = next(m.value for m in at.markdown if m.value.startswith("**Why ") and "jail corner?" not in m.value)
    assert why.startswith(f"**Why {top}?**")
    assert "six to nine" not in why and "one roll of two dice" not in why
    policies = frame(at, "jail policy")
    ratio = policies["in jail"].iloc[1] / policies["in jail"].iloc[0]
    assert f"inside {ratio:.1f} times as long as paying at once" in texts(at)
    if name == "mega":
        assert top == "red" and "not what puts it first" in why
    else:
        assert "on an orange street" in why and " a orange" not in why


def test_lesson_3_mega_exercise_counts_its_own_dice_with_correct_grammar():
    at = with_rule_set("lesson_landing", "l3_preset", "mega")
    click(at, "lesson_landing_answer")
    answer = at.success[0].value
    working = at.markdown[-1].value
    assert "(6 to 9)" not in answer and "1 give " not in working
    # orange on the Mega board, 52 squares: its streets lie 8, 10, 11 and 12 past the jail corner; the first move
    # of two white dice and the speed die (pips 1, 2, 3 on half its faces, none on the others) out of 216
    ways = {t: 0 for t in range(2, 16)}
    for a in range(1, 7):
        for b in range(1, 7):
            for speed in (1, 2, 3, 0, 0, 0):
                ways[a + b + speed] += 1
    assert "8, 10, 11 and 12" in answer
    assert all(f"{ways[t]} give {t}" in working for t in (8, 10, 11, 12))
    total = sum(ways[t] for t in (8, 10, 11, 12))
    assert answer.startswith(f"**Answer.** {Fraction(total, 216)} ")


def test_lesson_3_step_1_says_what_one_roll_from_go_can_do():
    at = open_page(PAGES["lesson_landing"])
    step = next(m.value for m in at.markdown if m.value.startswith("One roll of"))
    assert "Go To Jail square can put" not in step
    assert "Go To Jail square (square 30) is out of reach" in step
    assert "Chance (square 7)" in step and "Community Chest (square 2)" in step
    first = landing.first_roll(preset("classic-us"))
    assert first.jail > 0 and "a card can put the token in jail" in step
    assert "Mr. Monopoly" not in step
    mega = landing.first_roll_words(MEGA)
    assert "2 to 15 squares" in mega and "Go To Jail square (square 39) is out of reach" in mega
    assert "Mr. Monopoly and the Bus on the speed die can then move it on" in mega


@pytest.mark.parametrize("name", ["classic-us", "mega"])
def test_lesson_3_distance_reads_right_at_every_slider_value(name):
    at = with_rule_set("lesson_landing", "l3_preset", name)
    rules = preset(name)
    tv = M.convergence(rules, 30, "long")
    for turns in (1, 10, 20, 25, 30):
        at.slider(key="l3_turns").set_value(turns).run()
        said = next(m.value for m in at.markdown if "away from the long run" in m.value)
        assert "0.0%" not in said and "still" not in said
        assert (f"**{tv[turns]:.1%}**" in said) if tv[turns] >= 0.0005 else "**less than 0.05%**" in said
    assert f"further than {12 if name == 'classic-us' else 15} squares" in said
    for turns in range(1, 31):          # every value: the words never print a distance of 0.0%
        assert landing.distance_words(tv[turns]) != "0.0%"


def test_lesson_3_names_every_square_apart_and_charts_in_plain_words():
    at = open_page(PAGES["lesson_landing"])
    options = at.selectbox(key="l3_guess").options
    assert len(set(options)) == len(options) and "7: Chance (square 7)" in options
    click(at, "l3_show")
    click(at, "lesson_landing_run_100")
    table = frame(at, "simulated")
    assert table["where the turn ends"].is_unique and "Community Chest (square 17)" in set(table.iloc[:, 0])
    layouts = " ".join(str(c["layout"].get("title")) + str(c["layout"].get("yaxis")) for c in charts(at))
    assert "end-of-turn" not in layouts and "classic-us" not in layouts and "Classic (US)" in layouts


# --- lessons 1, 2 and 4: running shares ---------------------------------------------------------------------

def test_lesson_1_band_after_one_roll_stays_inside_0_to_1_and_is_exact():
    at = open_page(PAGES["lesson_dice"])
    click(at, "lesson_dice_run_1")
    figs = [c for c in charts(at) if title(c).startswith("Share of rolls")]
    assert figs and all(title(c).endswith("after 1 roll") for c in figs)
    for c in figs:
        band = next(t for t in c["data"] if t.get("fill") == "toself")
        y = values(band["y"])
        assert min(y) >= 0 and max(y) <= 1 and max(y) == 1
        assert c["layout"]["yaxis"]["title"]["text"].startswith("share of rolls")
        assert c["layout"]["xaxis"]["ticktext"] == ["1"]
    caption = next(c.value for c in at.caption if "band" in c.value)
    assert "at least 95%" in caption and "at most 1 time in 20" in caption
    assert "stays inside it about 95% of the time" not in caption


def test_the_exact_band_is_the_binomial_percentiles_counted_by_hand():
    # B(10, 1/6): P(K <= 0) = 0.1615 >= 2.5 %, P(K <= 4) = 0.9845 >= 97.5 % > P(K <= 3) = 0.9303
    assert binomial_counts(10, 1 / 6) == (0, 4)
    for n in (1, 2, 7, 30, 100, 400):
        lo, hi = binomial_counts(n, 1 / 6)
        cdf = np.cumsum([math.comb(n, k) * (1 / 6) ** k * (5 / 6) ** (n - k) for k in range(n + 1)])
        assert cdf[lo] >= 0.025 and (lo == 0 or cdf[lo - 1] < 0.025)
        assert cdf[hi] >= 0.975 and (hi == 0 or cdf[hi - 1] < 0.975)
        assert cdf[hi] - (cdf[lo - 1] if lo else 0) >= 0.95


def test_lesson_1_x_axis_is_labelled_in_full_decades():
    at = open_page(PAGES["lesson_dice"])
    click(at, "lesson_dice_run_10000")
    fig = next(c for c in charts(at) if title(c).startswith("Share of rolls totalling 7"))
    assert fig["layout"]["xaxis"]["ticktext"] == ["1", "10", "100", "1,000", "10,000"]
    assert fig["layout"]["xaxis"]["tickvals"] == [1, 10, 100, 1000, 10000]


def test_lesson_2_a_square_share_never_has_a_negative_band():
    at = open_page(PAGES["lesson_large_numbers"])
    at.radio(key="l2_what").set_value("Turns ending on a square").run()
    click(at, "lesson_large_numbers_run_1")
    rows = frame(at, "turns")
    assert rows["band from"].iloc[0] == 0.0 and rows["band to"].iloc[0] <= 1.0
    p = M.stationary(preset("classic-us"), "long", M.END_OF_TURN).squares[24]
    s = large_numbers.turn_spread(preset("classic-us"))[24]
    assert p - 2 * s < 0                    # the normal band would go below 0 after one turn
    assert rows["band to"].iloc[0] == pytest.approx(min(1.0, p + 2 * s))
    assert "share so far" in rows.columns


def test_lesson_4_rent_chart_says_why_it_has_no_band():
    at = open_page(PAGES["lesson_expected_value"])
    click(at, "lesson_expected_value_run_1")
    assert any(c.value.startswith("No band on this chart") for c in at.caption)
    fig = next(c for c in charts(at) if title(c).startswith("Average rent"))
    assert fig["layout"]["title"]["text"].endswith("after 1 opponent turn")


def test_lesson_1_counts_one_time_in_the_singular_and_shows_the_band_of_one_roll():
    at = open_page(PAGES["lesson_dice"])
    total = int(dice.roll(1, 2024).totals[0])
    at.selectbox(key="l1_follow").set_value(total).run()
    click(at, "lesson_dice_run_1")
    said = next(m.value for m in at.markdown if m.value.startswith("In 1 roll,"))
    assert f"{total} came up 1 time:" in said and "1 times" not in said
    fig = next(c for c in charts(at) if title(c).startswith(f"Share of rolls totalling {total}"))
    band = next(t for t in fig["data"] if t.get("fill") == "toself")
    assert len(set(values(band["x"]))) == 2          # a visible box, not a line of no width
