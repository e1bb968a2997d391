"""Lesson 3, where do players land? The Markov chain in small steps: one roll from GO, one turn, n turns, the
long run; why the jail corner and one colour group (orange on the classic board) stand out, worked out from the
chain for each rule set; what the jail policy changes.

Every number comes from :mod:`monopoly_core.markov` (the exact chain built from the rules' dice, decks and jail
rules); the simulation is the real engine (:mod:`.turns`). The lesson speaks of where a token *ends its turn*
(the ``end-of-turn`` quantity), and a student's guess is about a square of the printed board, so the jail
corner counts a token in jail and one just visiting together.
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np

from ..board import load_board
from ..dice import load_dice
from ..markov import END_OF_TURN, JAIL_POLICIES, Distribution, after_turns, chain, stationary, turn_matrix
from ..markov.explain import pct
from ..markov.quantities import make_distribution
from ..rules import RuleSet, preset
from . import dice
from .sheet import Exercise, Lesson, fraction_text
from .turns import TurnSample, play_turns

#: The classic board's top group, the default of :func:`from_jail_to`.
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
    """The printed squares' names for a guess, the jail corner named for both ways of standing there; a name
    printed on several squares ("Chance") gets its square's number, "Chance (square 7)", so each can be told
    apart."""
    board = load_board(rules.board)
    names = [sq.name for sq in board.squares]
    repeated = {n for n in names if names.count(n) > 1}
    names = [f"{n} (square {i})" if n in repeated else n for i, n in enumerate(names)]
    names[board.jail] = "Jail corner (in jail or just visiting)"
    return names


def state_names(rules: RuleSet) -> list[str]:
    """The rows of a distribution in words: each square by a name no other square has ("Chance (square 7)"), the
    jail square as "Just visiting", then "In jail"."""
    board = load_board(rules.board)
    names = square_names(rules)
    names[board.jail] = "Just visiting"
    return names + ["In jail"]


def dice_words(rules: RuleSet) -> str:
    """The rule set's dice in a few words: "two six-sided dice", "two white dice and the Mega Edition's speed
    die (...)" (the dice model's description up to its first semicolon)."""
    return load_dice(rules.dice).description.split(";")[0]


def first_roll_words(rules: RuleSet, jail: str = "long") -> str:
    """What Step 1 says about one roll from GO, from the distribution it shows: the squares reached, the card
    squares among them, and whether (and how) the token can end in jail."""
    board = load_board(rules.board)
    first = first_roll(rules, jail)
    totals = sorted({r.total for r in load_dice(rules.dice).outcomes})
    reach = [t % board.size for t in totals]
    names = square_names(rules)
    cards = [names[s] for s in reach if board.squares[s].kind in ("chance", "chest")]
    go_to_jail = [s for s, sq in enumerate(board.squares) if sq.kind == "go_to_jail"]
    text = (f"One roll of {dice_words(rules)} from GO first moves the token {totals[0]} to {totals[-1]} squares "
            "ahead, in the shape of the dice's distribution")
    if cards:
        text += f"; the cards drawn on {_and(cards)} send a little of it elsewhere"
    if first.jail > 0:
        text += f", and a card can put the token in jail ({pct(first.jail)} of the time)"
    if go_to_jail and not any(s in reach for s in go_to_jail):
        text += f". The Go To Jail square (square {go_to_jail[0]}) is out of reach of one roll"
    if any(r.total != sum(r.faces) for r in load_dice(rules.dice).outcomes):    # a face without pips
        text += ". Mr. Monopoly and the Bus on the speed die can then move it on"
    return text + "."


def longest_roll(rules: RuleSet) -> int:
    """The most squares one roll's dice total can move a token (12 with two dice, 15 with the speed die)."""
    return max(r.total for r in load_dice(rules.dice).outcomes)


def distance_words(tv: float) -> str:
    """A total variation distance as a page says it: a percentage with one decimal, or "less than 0.05%"
    where that would print as 0.0 %."""
    return "less than 0.05%" if tv < 0.0005 else f"{tv:.1%}"


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" and {items[-1]}"


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


def top_group(rules: RuleSet, jail: str = "long") -> str:
    """The colour group whose streets are ended on most often per street in the long run (its key)."""
    dist = long_run(rules, jail)
    board = load_board(rules.board)
    return max(board.groups, key=lambda g: sum(dist.squares[s] for s in board.groups[g].squares)
               / len(board.groups[g].squares))


def from_the_jail_corner(rules: RuleSet, jail: str = "long") -> tuple[float, dict[str, float], dict[str, float]]:
    """From the turn-to-turn chain the page's long run comes from: the share of turns that start on the jail
    corner (in jail or just visiting); for each colour group, per street, the chance that a token there (in the
    long run's mix of in jail and visiting) ends its next turn on it; and the share of the turns ending on each
    group that started on the jail corner."""
    ch = chain(rules, jail)
    board = ch.board
    ends, Q = turn_matrix(ch)
    pi = ch.pi[ends] / ch.pi[ends].sum()
    rest = ch.rest[ends]
    corner = (rest == board.jail) | (rest == ch.size)
    start = np.where(corner, pi, 0.0)
    next_turn = np.bincount(rest, weights=(start / start.sum()) @ Q, minlength=ch.size + 1)
    flow_in = np.bincount(rest, weights=start @ Q, minlength=ch.size + 1)
    arrive = np.bincount(rest, weights=pi, minlength=ch.size + 1)
    chance, came = {}, {}
    for g, grp in board.groups.items():
        squares = list(grp.squares)
        chance[g] = float(next_turn[squares].sum() / len(squares))
        came[g] = float(flow_in[squares].sum() / arrive[squares].sum())
    return float(start.sum()), chance, came


def why_top_group(rules: RuleSet, jail: str = "long") -> str:
    """Why the top group (per street) stands out, in words computed from the chain: how much of its traffic
    comes from the jail corner, and whether a token there reaches it more than any other group in one turn."""
    board = load_board(rules.board)
    top = top_group(rules, jail)
    share, chance, came = from_the_jail_corner(rules, jail)
    label = board.groups[top].label
    a = "an" if label[0] in "aeiou" else "a"
    nearest = max(chance, key=lambda g: chance[g])
    steps = [(s - board.jail) % board.size for s in board.groups[top].squares]
    head = (f"**Why {label}?** Its streets are ended on most often per street. The jail corner is where "
            f"{pct(share)} of all turns start, and {pct(came[top])} of the turns that end on {a} {label} street "
            "started there.")
    if nearest == top:
        return (f"{head} A token on the jail corner ends its next turn on {a} {label} street with a chance of "
                f"{pct(chance[top])} per street, more than on any other group: {label} lies "
                f"{_and([str(d) for d in steps])} squares past the jail corner, just where a roll of "
                f"{dice_words(rules)} usually takes a token leaving it. (That chance counts the tokens in jail "
                f"that stay there; one roll that moves a token off the corner, as the exercise asks, reaches "
                f"{label} more often.)")
    other = board.groups[nearest].label
    return (f"{head} That is not what puts it first: a token on the jail corner ends its next turn on "
            f"{other} more often ({pct(chance[nearest])} per street, {label} {pct(chance[top])}). {label.capitalize()} "
            f"lies {steps[0]} to {steps[-1]} squares past the jail corner, further than one turn usually goes, and "
            "its traffic comes from all the squares before it, turn after turn. The long run adds up every way of "
            "arriving; the chain does that sum for us.")


def jail_policy_rows(rules: RuleSet) -> list[dict]:
    """What the jail policy changes in the long run: time in jail, the jail corner, the top group (under the long
    policy) per street, and the top street."""
    board = load_board(rules.board)
    group = board.groups[top_group(rules, "long")]
    rows = []
    for jail in JAIL_POLICIES:
        dist = long_run(rules, jail)
        streets = [s for s in range(board.size) if board.squares[s].kind == "street"]
        top = max(streets, key=lambda s: dist.squares[s])
        rows.append({"jail policy": jail, "in jail": dist.jail, "just visiting": dist.squares[board.jail],
                     f"{group.label}, per street": sum(dist.squares[s] for s in group.squares) / len(group.squares),
                     "top street": board.squares[top].name, "top street's share": dist.squares[top]})
    return rows


def simulate(rules: RuleSet, turns: int, seed: int, jail: str = "long") -> TurnSample:
    """``turns`` turns of the real engine, to set beside :func:`long_run`."""
    return play_turns(rules, turns, seed, jail=jail)


def from_jail_to(rules: RuleSet, group: str = ORANGE) -> tuple[Fraction, list[tuple[str, int, Fraction]]]:
    """The exact chance that the first move of one roll of the rule set's dice from the jail corner lands on
    ``group``, and for each of its streets the total needed and its probability (streets are never moved on by
    a card)."""
    board = load_board(rules.board)
    dist = load_dice(rules.dice).distribution()
    parts = []
    for s in board.groups[group].squares:
        need = (s - board.jail) % board.size
        parts.append((board.squares[s].name, need, dist.get(need, Fraction(0))))
    return sum((p for _, _, p in parts), Fraction(0)), parts


def _ways(count: int, total: int) -> str:
    return f"{count} give{'s' if count == 1 else ''} {total}"


def exercise(rules: RuleSet | None = None) -> Exercise:
    rules = rules or preset("classic-us")
    board = load_board(rules.board)
    _, chance, _ = from_the_jail_corner(rules)
    group = max(chance, key=lambda g: chance[g])     # the group one turn from the jail corner reaches most
    label = board.groups[group].label
    p, parts = from_jail_to(rules, group)
    n = len(load_dice(rules.dice).outcomes)
    streets = _and([name for name, _, _ in parts])
    totals = _and([str(need) for _, need, _ in parts])
    dice_text = dice_words(rules)
    return Exercise(
        question=f"A token stands on the jail corner (just visiting, or leaving jail). The {label} streets are "
                 f"{streets}. What is the probability that the first move of one roll of {dice_text} lands it on "
                 f"{'an' if label[0] in 'aeiou' else 'a'} {label} street? Why does this make {label} one of the most "
                 "visited groups?",
        answer=f"{fraction_text(p)}. Every token passes through jail often, and the totals {totals} lead from "
               f"jail to {label}.",
        working=f"Of the {n} outcomes of {dice_text}, "
                + ", ".join(f"{_ways(q * n, need)} ({name})" for name, need, q in parts)
                + f": ({' + '.join(str(q * n) for _, _, q in parts)})/{n} = {p}. Jail is the most visited corner "
                  "(Go To Jail, cards and three doubles all send tokens there), so the squares those totals "
                  "reach past it are landed on more than their share.")


LESSON = Lesson(
    number=3, slug="lesson_landing", title="Where do players land?", minutes=30,
    summary="The Markov chain in small steps: one roll, one turn, the long run. Why one colour group and the "
            "jail corner stand out, and what the jail policy changes. Students predict before they see.",
    goals=("Predict, then check: which square is ended on most often in a long game.",
           "Follow a distribution from one roll to one turn to the long run, and see it forget where it started.",
           "Explain why the jail corner and the top colour group stand out (on the classic board, orange lies "
           "six to nine squares past jail).",
           "Compare the two jail policies and read what changes."),
    formula=r"x_n = x_0\,Q^{\,n} \;\longrightarrow\; \pi \quad\text{where}\quad \pi = \pi\,Q",
    exercise=exercise)
