"""Lesson 4, expected value: which colour group pays best per opponent turn and how long it takes to pay back,
level by level; "is the third house worth it?" as a worked example; simulated rent against the expected rent.

The expected rents and payback times are :func:`monopoly_core.markov.income` (its docstring names every
assumption); this module only reads them level by level. The jail policy is ``long`` throughout: houses stand
late in the game, when players stay in jail rather than pay their way into a board full of rent.
"""
from __future__ import annotations

from ..board import load_board
from ..markov import STREET_LEVELS, VISITS_PER_TURN, Income, income, stationary
from ..rules import RuleSet, preset
from .running import Running
from .sheet import Exercise, Lesson
from .turns import play_turns

JAIL = "long"
#: The worked example: the third house on the orange group (the exercise takes its middle street).
EXAMPLE_GROUP = "orange"
THIRD_HOUSE = STREET_LEVELS.index("3 houses")


def holdings(rules: RuleSet, opponents: int = 3) -> Income:
    """Expected rent per opponent turn and payback, every group at every level (jail policy ``long``)."""
    return income(rules, JAIL, opponents=opponents)


def payback_rows(inc: Income) -> list[dict]:
    """Every holding at every level: its cost, expected rent per opponent turn and payback in rounds."""
    return [{"group": r.label, "level": r.level_name, "cost": r.cost, "rent per opponent turn": r.per_opponent_turn,
             "payback (rounds)": r.payback_rounds} for r in inc.payback]


def best_rows(inc: Income) -> list[dict]:
    """For each building level of the colour groups: the group that pays back fastest and the one that earns
    most per opponent turn."""
    rows = []
    for level in range(1, len(STREET_LEVELS)):
        at = [r for r in inc.payback if r.level == level and r.group in _colour_groups(inc)]
        fastest = min(at, key=lambda r: r.payback_rounds)
        richest = max(at, key=lambda r: r.per_opponent_turn)
        rows.append({"level": STREET_LEVELS[level], "pays back fastest": fastest.label,
                     "payback (rounds)": fastest.payback_rounds, "earns most": richest.label,
                     "rent per opponent turn": richest.per_opponent_turn})
    return rows


def _colour_groups(inc: Income) -> set[str]:
    return set(load_board(inc.board).groups)


def house_steps(inc: Income, group: str = EXAMPLE_GROUP) -> list[dict]:
    """Each step up of ``group`` (set to one house, ..., four houses to hotels): what it costs, what it adds to
    the expected rent per opponent turn and per round, and how many rounds that extra rent takes to pay it."""
    levels = sorted((r for r in inc.payback if r.group == group), key=lambda r: r.level)
    if not levels:
        raise ValueError(f"no colour group {group!r} on board {inc.board!r}")
    rows = []
    for below, above in zip(levels, levels[1:]):
        extra_cost = above.cost - below.cost
        extra_rent = above.per_opponent_turn - below.per_opponent_turn
        per_round = extra_rent * inc.opponents
        rows.append({"step": f"{below.level_name} to {above.level_name}", "to level": above.level,
                     "extra cost": extra_cost, "extra rent per opponent turn": extra_rent,
                     "extra rent per round": per_round,
                     "pays for itself in (rounds)": extra_cost / per_round if per_round > 0 else float("inf")})
    return rows


def third_house(inc: Income, group: str = EXAMPLE_GROUP) -> dict:
    """The step from two houses to three on every street of ``group``."""
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
    return Running("rent per opponent turn", paid, expected, f"{expected:.2f}", None, seed)


def exercise(rules: RuleSet | None = None) -> Exercise:
    rules = rules or preset("classic-us")
    board = load_board(rules.board)
    s = board.groups[EXAMPLE_GROUP].squares[1]
    sq = board.squares[s]
    visits = round(stationary(rules, JAIL, VISITS_PER_TURN).squares[s], 4)
    two, three = sq.rents[2], sq.rents[3]       # printed rents: base, 1 house, 2 houses, 3 houses, ...
    extra = visits * (three - two)
    turns = sq.house_cost / extra
    return Exercise(
        question=f"An opponent lands on {sq.name} about {visits} times per turn. Its rent is {two} with two "
                 f"houses and {three} with three, and a house costs {sq.house_cost}.\n\n"
                 "1. How much does the third house add to the expected rent per opponent turn?\n\n"
                 "2. How many opponent turns does the extra rent take to pay for the house? How many rounds "
                 "against three opponents?",
        answer=f"1. About {extra:.2f} per opponent turn.  2. About {turns:.1f} opponent turns, "
               f"{turns / 3:.1f} rounds against three opponents.",
        working=f"1. Expected rent = landings per turn x rent, so the third house adds {visits} x ({three} - "
                f"{two}) = {visits} x {three - two} = {extra:.2f}.\n\n"
                f"2. {sq.house_cost} / {extra:.2f} = {turns:.1f} opponent turns; three opponents take three "
                f"turns a round, so {turns:.1f} / 3 = {turns / 3:.1f} rounds. Yes, it is worth it: few "
                "investments in the game pay back that fast.")


LESSON = Lesson(
    number=4, slug="lesson_expected_value", title="Expected value", minutes=30,
    summary="Which colour group pays best per opponent turn, and how long each building level takes to pay "
            "back; is the third house worth it?",
    goals=("Compute an expected value: landings per turn times rent, added over the ways to land.",
           "Compare investments by payback time rather than by price or by printed rent.",
           "Reason at the margin: what one more house costs against what it adds (the third house).",
           "See simulated rent settle on the expected rent, and how slowly a rare big payment averages out."),
    formula=r"E[\text{rent}] = \sum_{s} v_s\, r_s,\qquad "
            r"\text{payback} = \frac{\text{cost}}{\text{opponents} \times E[\text{rent}]}",
    exercise=exercise)
