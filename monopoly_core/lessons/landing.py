"""Lesson 3, where do players land? The Markov chain in small steps: one roll from GO, one turn, n turns, the
long run; why the orange group and the jail corner stand out; what the jail policy changes.

Every number comes from :mod:`monopoly_core.markov` (the exact chain built from the rules' dice, decks and jail
rules); the simulation is the real engine (:mod:`.turns`). The lesson speaks of where a token *ends its turn*
(the ``end-of-turn`` quantity), and a student's guess is about a square of the printed board, so the jail
corner counts a token in jail and one just visiting together.
"""
from __future__ import annotations

from fractions import Fraction

from ..board import load_board
from ..markov import END_OF_TURN, JAIL_POLICIES, Distribution, after_turns, chain, stationary
from ..markov.explain import pct
from ..markov.quantities import make_distribution
from ..rules import RuleSet, preset
from . import dice
from .sheet import Exercise, Lesson, fraction_text
from .turns import TurnSample, play_turns

#: The group the lesson explains, and its exercise's starting square.
ORANGE = "orange"


def first_roll(rules: RuleSet, jail: str = "long") -> Distribution:
    """Where a token starting a game on GO rests after its first roll (cards and Go To Jail resolved).
    Quantity ``one-roll``: one row of the chain's matrix, lumped to squares and In Jail."""
    ch = chain(rules, jail)
    return make_distribution(ch, "one-roll", ch.matrix[ch.layout.index(0, 0)] @ ch.lumping())


def after(rules: RuleSet, turns: int, jail: str = "long") -> Distribution:
    """Where a token that started on GO ends its ``turns``-th turn (``end-of-turn``)."""
    return after_turns(rules, turns, jail)


def long_run(rules: RuleSet, jail: str = "long") -> Distribution:
    """Where a token ends its turns in the long run (``end-of-turn``)."""
    return stationary(rules, jail, END_OF_TURN)


def on_the_board(dist: Distribution) -> list[float]:
    """One value per printed square: In Jail is added to the jail corner (a token in jail stands there)."""
    values = list(dist.squares)
    values[load_board(dist.board).jail] += dist.jail
    return values


def square_names(rules: RuleSet) -> list[str]:
    """The printed squares' names for a guess, the jail corner named for both ways of standing there."""
    board = load_board(rules.board)
    names = [sq.name for sq in board.squares]
    names[board.jail] = "Jail corner (in jail or just visiting)"
    return names


def ranking(rules: RuleSet, jail: str = "long") -> list[dict]:
    """The printed squares from the one most often ended on down, for the long run."""
    values = on_the_board(long_run(rules, jail))
    names = square_names(rules)
    order = sorted(range(len(values)), key=lambda s: -values[s])
    return [{"rank": i + 1, "square": s, "name": names[s], "share of turns ending there": values[s]}
            for i, s in enumerate(order)]


def verdict(rules: RuleSet, guess: int, jail: str = "long") -> str:
    """What a student's guess (a square index) turned out to be, in a sentence or two."""
    rows = ranking(rules, jail)
    mine = next(r for r in rows if r["square"] == guess)
    top = rows[0]
    dist = long_run(rules, jail)
    board = load_board(rules.board)
    top_name = "the jail corner" if top["square"] == board.jail else top["name"]
    if mine["rank"] == 1:
        head = f"Right: {top_name} is where a token most often ends its turn."
    else:
        head = (f"You picked {mine['name']}: number {mine['rank']} of {len(rows)}, "
                f"{pct(mine['share of turns ending there'])} of turns. The top square is {top_name}.")
    return (f"{head} The jail corner holds {pct(dist.jail + dist.squares[board.jail])} of turns: "
            f"{pct(dist.jail)} in jail and {pct(dist.squares[board.jail])} just visiting. "
            f"The top street is {next(r['name'] for r in rows if board.squares[r['square']].kind == 'street')}.")


def group_rows(rules: RuleSet, jail: str = "long") -> list[dict]:
    """Every colour group: its share of turns in all and per street, from the most visited per street down."""
    dist = long_run(rules, jail)
    board = load_board(rules.board)
    rows = []
    for grp in board.groups.values():
        total = sum(dist.squares[s] for s in grp.squares)
        rows.append({"group": grp.label, "streets": len(grp.squares), "share of turns": total,
                     "per street": total / len(grp.squares)})
    return sorted(rows, key=lambda r: -r["per street"])


def jail_policy_rows(rules: RuleSet) -> list[dict]:
    """What the jail policy changes in the long run: time in jail, the jail corner, orange and the top street."""
    board = load_board(rules.board)
    orange = board.groups[ORANGE].squares
    rows = []
    for jail in JAIL_POLICIES:
        dist = long_run(rules, jail)
        streets = [s for s in range(board.size) if board.squares[s].kind == "street"]
        top = max(streets, key=lambda s: dist.squares[s])
        rows.append({"jail policy": jail, "in jail": dist.jail, "just visiting": dist.squares[board.jail],
                     "orange, per street": sum(dist.squares[s] for s in orange) / len(orange),
                     "top street": board.squares[top].name, "top street's share": dist.squares[top]})
    return rows


def simulate(rules: RuleSet, turns: int, seed: int, jail: str = "long") -> TurnSample:
    """``turns`` turns of the real engine, to set beside :func:`long_run`."""
    return play_turns(rules, turns, seed, jail=jail)


def from_jail_to(rules: RuleSet, group: str = ORANGE) -> tuple[Fraction, list[tuple[str, int, Fraction]]]:
    """The exact chance that one roll of two dice from the jail corner lands on ``group``, and for each of its
    streets the total needed and its probability (streets are never moved on by a card)."""
    board = load_board(rules.board)
    dist = dice.two_dice().distribution()
    parts = []
    for s in board.groups[group].squares:
        need = (s - board.jail) % board.size
        parts.append((board.squares[s].name, need, dist.get(need, Fraction(0))))
    return sum((p for _, _, p in parts), Fraction(0)), parts


def exercise(rules: RuleSet | None = None) -> Exercise:
    rules = rules or preset("classic-us")
    p, parts = from_jail_to(rules)
    n = len(dice.two_dice().outcomes)
    streets = [name for name, _, _ in parts]
    names = ", ".join(streets[:-1]) + f" and {streets[-1]}" if len(streets) > 1 else streets[0]
    return Exercise(
        question=f"A token stands on the jail corner (just visiting, or leaving jail). The orange streets are "
                 f"{names}. What is the probability that one roll of two dice lands it on an orange street? "
                 "Why does this make orange one of the most visited groups?",
        answer=f"{fraction_text(p)}. Every token passes through jail often, and the likeliest totals of two "
               "dice (6 to 9) lead from jail to orange.",
        working=f"Of the {n} outcomes of two dice, "
                + ", ".join(f"{q * n} give {need} ({name})" for name, need, q in parts)
                + f": ({' + '.join(str(q * n) for _, _, q in parts)})/{n} = {p}. Jail is the most visited corner "
                  "(Go To Jail, cards and three doubles all send tokens there), so the squares six to nine "
                  "steps past it are landed on more than their share.")


LESSON = Lesson(
    number=3, slug="lesson_landing", title="Where do players land?", minutes=30,
    summary="The Markov chain in small steps: one roll, one turn, the long run. Why orange and the jail corner "
            "stand out, and what the jail policy changes. Students predict before they see.",
    goals=("Predict, then check: which square is ended on most often in a long game.",
           "Follow a distribution from one roll to one turn to the long run, and see it forget where it started.",
           "Explain why the jail corner and the orange group stand out (jail sends tokens six to nine squares "
           "short of orange).",
           "Compare the two jail policies and read what changes."),
    formula=r"x_n = x_0\,Q^{\,n} \;\longrightarrow\; \pi \quad\text{where}\quad \pi = \pi\,Q",
    exercise=exercise)
