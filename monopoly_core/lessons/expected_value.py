"""Lesson 4, expected value: which colour group pays best per opponent turn and how long it takes to pay back,
level by level; "is the third house worth it?" (or, in an edition without houses, the hotel) as a worked example;
simulated rent against the expected rent.

The expected rents are :func:`monopoly_core.markov.income` (its docstring names every assumption); this module reads
them at the building levels the rule set's edition has (:attr:`Edition.levels <monopoly_core.editions.base.
Edition.levels>`: houses then a hotel in the classic game, a skyscraper above the hotel in the Mega Edition, a hotel
straight away in the Cheaters Edition, seed 003: "there aren't any Houses, just Hotels"), and prices each level as the
edition builds it: every step up a level costs the street's ``house_cost`` once (a classic hotel is four houses and
the hotel, five in all; a Cheaters hotel is one). The jail policy is ``long`` throughout: houses stand late in the
game, when players stay in jail rather than pay their way into a board full of rent.
"""
from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from ..board import load_board
from ..editions import get as edition
from ..markov import STREET_LEVELS, VISITS_PER_TURN, Income, PaybackRow, income, stationary
from ..markov.income import EXTRA_LEVELS, SKYSCRAPER
from ..rules import RuleSet, preset
from .running import Running, plural
from .sheet import Exercise, Lesson
from .turns import play_turns

JAIL = "long"
#: The worked example: the orange group ...
EXAMPLE_GROUP = "orange"
#: ... and the exercise: the same step on the red group's middle street (on orange's, the answer was the worked
#: example's own "pays for itself in 2.9 rounds", shown above it: a browser review).
EXERCISE_GROUP = "red"
#: ... and its third house, where the edition builds houses (else its first building step).
THIRD_HOUSE = STREET_LEVELS.index("3 houses")
SET = STREET_LEVELS.index("set")


@dataclass(frozen=True)
class Level:
    """A level a colour group is charted at: ``level`` indexes the rent rows of :func:`~monopoly_core.markov.
    income` (:data:`~monopoly_core.markov.STREET_LEVELS`, or ``SKYSCRAPER``); ``name`` is the edition's word for
    it; ``buildings`` how many times a street's ``house_cost`` is paid to reach it; ``building`` what the last
    step buys ("house", "hotel", "" for the bare set)."""

    level: int
    name: str
    buildings: int
    building: str


def levels(rules: RuleSet) -> tuple[Level, ...]:
    """The whole set with nothing built, then every building level of the rule set's edition, in order."""
    ed = edition(rules.edition)
    out = [Level(SET, STREET_LEVELS[SET], 0, "")]
    for k, name in enumerate(ed.levels[1:], start=1):
        if name in STREET_LEVELS:
            lv = STREET_LEVELS.index(name)
        elif name in EXTRA_LEVELS:
            lv = SKYSCRAPER + EXTRA_LEVELS.index(name)
        else:
            raise ValueError(f"edition {ed.name!r}: no rent is known for its building level {name!r}")
        out.append(Level(lv, name, k, ed.buildings[k]))
    return tuple(out)


def holdings(rules: RuleSet, opponents: int = 3) -> Income:
    """Expected rent per opponent turn and payback (jail policy ``long``): every colour group at the levels its
    edition builds (:func:`levels`), priced as the edition builds them, as :func:`~monopoly_core.markov.income`
    gives them."""
    return income(rules, JAIL, opponents=opponents)


def payback_rows(inc: Income) -> list[dict]:
    """Every holding at every level: its cost, expected rent per opponent turn and payback in rounds."""
    return [{"group": r.label, "level": r.level_name, "cost": r.cost, "rent per opponent turn": r.per_opponent_turn,
             "payback (rounds)": r.payback_rounds} for r in inc.payback]


def _colour_rows(inc: Income) -> list[PaybackRow]:
    groups = set(load_board(inc.board).groups)
    return [r for r in inc.payback if r.group in groups]


def best_rows(inc: Income) -> list[dict]:
    """For each level the colour groups are charted at: the group that pays back fastest and the one that earns
    most per opponent turn."""
    colour = _colour_rows(inc)
    rows = []
    for level in sorted({r.level for r in colour}):
        at = [r for r in colour if r.level == level]
        fastest = min(at, key=lambda r: r.payback_rounds)
        richest = max(at, key=lambda r: r.per_opponent_turn)
        rows.append({"level": at[0].level_name, "pays back fastest": fastest.label,
                     "payback (rounds)": fastest.payback_rounds, "earns most": richest.label,
                     "rent per opponent turn": richest.per_opponent_turn})
    return rows


def describe(inc: Income) -> str:
    """The fastest payback among the colour groups, and whether buildings pay back faster than bare sets (said
    only as the numbers have it)."""
    colour = [r for r in _colour_rows(inc) if r.payback_rounds != float("inf")]
    if not colour:
        return "No colour group earns any rent."
    best = min(colour, key=lambda r: r.payback_rounds)
    bare = min((r for r in colour if r.level == SET), key=lambda r: r.payback_rounds, default=None)
    built = min((r for r in colour if r.level != SET), key=lambda r: r.payback_rounds, default=None)
    text = (f"Against {plural(inc.opponents, 'opponent')}, {best.label} at {best.level_name} pays back its cost of "
            f"{best.cost:,} in about {best.payback_rounds:.0f} rounds, the fastest of all.")
    if bare is None or built is None:
        return text
    verdict = "faster" if built.payback_rounds < bare.payback_rounds else "no faster"
    return (f"{text} Built sets pay back {verdict} than bare sets here: the quickest bare set ({bare.label}) "
            f"takes about {bare.payback_rounds:.0f} rounds, the quickest built one ({built.label} at "
            f"{built.level_name}) about {built.payback_rounds:.0f}.")


def house_steps(inc: Income, group: str = EXAMPLE_GROUP) -> list[dict]:
    """Each step up of ``group``'s levels (set to one house, ..., four houses to hotels; set to hotel where the
    edition builds hotels only): what it costs, what it adds to the expected rent per opponent turn and per round,
    and how many rounds that extra rent takes to pay it."""
    steps = sorted((r for r in inc.payback if r.group == group and r.group in load_board(inc.board).groups),
                   key=lambda r: r.level)
    if not steps:
        raise ValueError(f"no colour group {group!r} on board {inc.board!r}")
    rows = []
    for below, above in zip(steps, steps[1:]):
        extra_cost = above.cost - below.cost
        extra_rent = above.per_opponent_turn - below.per_opponent_turn
        per_round = extra_rent * inc.opponents
        rows.append({"step": f"{below.level_name} to {above.level_name}", "to level": above.level,
                     "extra cost": extra_cost, "extra rent per opponent turn": extra_rent,
                     "extra rent per round": per_round,
                     "pays for itself in (rounds)": extra_cost / per_round if per_round > 0 else float("inf")})
    return rows


def example_step(inc: Income, group: str = EXAMPLE_GROUP) -> dict:
    """The worked example's step: two houses to three on every street of ``group`` where the edition builds
    houses, else its first step up (the bare set to a hotel on each street, in the Cheaters Edition)."""
    steps = house_steps(inc, group)
    return next((r for r in steps if r["to level"] == THIRD_HOUSE), steps[0])


def third_house(inc: Income, group: str = EXAMPLE_GROUP) -> dict:
    """The step from two houses to three on every street of ``group`` (an edition with houses)."""
    return next(r for r in house_steps(inc, group) if r["to level"] == THIRD_HOUSE)


def simulate_rent(rules: RuleSet, group: str, level: int, turns: int, seed: int, opponents: int = 3) -> Running:
    """The rent ``turns`` opponent turns of the real engine pay to a holding of ``group`` at ``level`` (an index
    into :data:`~monopoly_core.markov.STREET_LEVELS`), as a running average beside the expected rent."""
    inc = holdings(rules, opponents)
    rents = {r.square: r.rent for r in inc.rents if r.group == group and r.level == level}
    expected = next((r.per_opponent_turn for r in inc.payback if r.group == group and r.level == level), None)
    if not rents or expected is None:
        raise ValueError(f"no colour group {group!r} at level {level!r}")
    sample = play_turns(rules, turns, seed, jail=JAIL)
    paid = sum(sample.landings[:, s].astype(float) * rent for s, rent in rents.items())
    return Running("rent per opponent turn", paid, expected, f"{expected:.2f}", None, seed, unit="opponent turn")


def with_words(level: Level) -> str:
    """A level in words after "with": "with the whole set", "with two houses", "with a hotel"."""
    words = {"set": "the whole set", "1 house": "one house", "2 houses": "two houses", "3 houses": "three houses",
             "4 houses": "four houses", "hotel": "a hotel", "skyscraper": "a skyscraper"}
    return "with " + words.get(level.name, level.name)


def exercise(rules: RuleSet | None = None) -> Exercise:
    rules = rules or preset("classic-us")
    inc = holdings(rules, 3)
    board = load_board(inc.board)
    s = board.groups[EXERCISE_GROUP].squares[1]
    sq = board.squares[s]
    step = example_step(inc, EXERCISE_GROUP)
    by_level = {lv.level: lv for lv in levels(rules)}
    above = by_level[step["to level"]]
    below = max((lv for lv in by_level.values() if lv.level < above.level), key=lambda lv: lv.level)
    rent = {r.level: r.rent for r in inc.rents if r.square == s}
    low, high = round(rent[below.level]), round(rent[above.level])
    visits = round(stationary(rules, JAIL, VISITS_PER_TURN).squares[s], 4)
    # worked as a student works it by hand: the product of the printed figures, rounded half up (0.0329 x 350 is
    # 11.515, so 11.52; the float product 11.514999... printed 11.51, an outside audit)
    exact = Decimal(str(visits)) * (high - low)
    extra = float(exact)
    shown = exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    turns = sq.house_cost / extra
    holding = next(r for r in inc.payback if r.group == EXERCISE_GROUP and r.level == above.level)
    faster = turns / 3 < holding.payback_rounds
    return Exercise(
        question=f"An opponent lands on {sq.name} about {visits} times per turn. Its rent is {low} {with_words(below)} "
                 f"and {high} {with_words(above)}, and a {above.building} costs {sq.house_cost}.\n\n"
                 f"1. How much does the {above.building} add to the expected rent per opponent turn?\n\n"
                 f"2. How many opponent turns does the extra rent take to pay for the {above.building}? How many "
                 "rounds against three opponents?",
        answer=f"1. About {shown} per opponent turn.  2. About {turns:.1f} opponent turns, "
               f"{turns / 3:.1f} rounds against three opponents.",
        working=f"1. Expected rent = landings per turn x rent, so the {above.building} adds {visits} x ({high} - "
                f"{low}) = {visits} x {high - low} = {shown}.\n\n"
                f"2. {sq.house_cost} / {shown} = {turns:.1f} opponent turns; three opponents take three "
                f"turns a round, so {turns:.1f} / 3 = {turns / 3:.1f} rounds. That is "
                f"{'faster' if faster else 'slower'} than the whole {board.groups[EXERCISE_GROUP].label} holding "
                f"{with_words(above)} on each street pays back ({holding.payback_rounds:.1f} rounds against three "
                f"opponents), so the {above.building} is {'a better' if faster else 'a weaker'} buy than the "
                "holding as a whole.")


LESSON = Lesson(
    number=4, slug="lesson_expected_value", title="Expected value", minutes=30,
    summary="Which colour group pays best per opponent turn, and how long each building level takes to pay "
            "back; is one more building worth it?",
    goals=("Compute an expected value: landings per turn times rent, added over the ways to land.",
           "Compare investments by payback time rather than by price or by printed rent.",
           "Reason at the margin: what one more house costs against what it adds (the third house).",
           "See simulated rent settle on the expected rent, and how slowly a rare big payment averages out."),
    formula=r"E[\text{rent}] = \sum_{s} v_s\, r_s,\qquad "
            r"\text{payback} = \frac{\text{cost}}{\text{opponents} \times E[\text{rent}]}",
    exercise=exercise)
