"""Sentences that say what a Markov figure means, for a student reading the page (plain text, no markup)."""
from __future__ import annotations

from .quantities import JAIL_STATE, PER_ROLL, Distribution
from .stats import ChiSquare


def pct(x: float, digits: int = 2) -> str:
    """A share as a percentage, written as the site writes every percentage: "9.39%" (no space)."""
    return f"{x:.{digits}%}"


def _on(name: str) -> str:
    return "in jail" if name == "In Jail" else f"on {name}"


def _named(dist: Distribution, state: str, name: str) -> str:
    """A square's name, with its number where the board has several of that name (three Community Chests)."""
    if state == JAIL_STATE or dist.names.count(name) < 2:
        return name
    return f"{name} at square {state}"


def describe_distribution(dist: Distribution, k: int = 3) -> str:
    """Which states stand out, against a board where every square were equally likely."""
    n = len(dist.squares)
    if dist.quantity == "visits-per-turn":
        rows = sorted(dist.rows()[:-1], key=lambda r: -r[2])[:k]
        listed = ", ".join(f"{_named(dist, st, nm)} ({v:.3f})" for st, nm, v in rows[1:])
        return (f"The most visited square is {_named(dist, rows[0][0], rows[0][1])}, with {rows[0][2]:.3f} landings "
                f"per turn on average; "
                f"next come {listed}. A token lands {dist.total - dist.jail:.2f} times per turn in all, more "
                f"than once because doubles roll again and cards move it on, and arrives in jail "
                f"{dist.jail:.3f} times per turn.")
    uniform = 1 / n
    top = dist.top(k)
    name, value = _named(dist, top[0][0], top[0][1]), top[0][2]
    rest = ", ".join(f"{_named(dist, st, nm)} ({pct(v)})" for st, nm, v in top[1:])
    when = "After a dice roll" if dist.quantity == PER_ROLL else "At the end of a turn"
    squares = dist.rows()[:-1]
    never = [_named(dist, st, nm) for st, nm, v in squares if v <= 0]
    lowest = min((r for r in squares if r[2] > 0), key=lambda r: r[2])
    tail = f" No token ever rests on {' or '.join(never)}: it sends the token on." if never else ""
    return (f"{when}, the token is most often {_on(name)}: {pct(value)}, {value / uniform:.1f} times the "
            f"{pct(uniform)} of a board where all {n} squares were equally likely. Next come {rest}. The least "
            f"likely square to rest on is {_named(dist, lowest[0], lowest[1])} ({pct(lowest[2])}).{tail}")


def describe_convergence(tv: list[float], n: int) -> str:
    """The chain forgetting its start: the total variation distance after ``n`` turns from GO."""
    d = tv[n]
    first = next((i for i, x in enumerate(tv) if x < 0.01), None)
    when = (f"It falls below 1% after {first} turns." if first is not None
            else "It is still above 1% at the end of the chart.")
    return (f"After {n} turns from GO, the chance of the token being on any particular set of squares differs "
            f"from the long run by at most {pct(d)} (the total variation distance). {when} This is why the "
            f"long-run figures describe most of a game, not just its end.")


def _p(test: ChiSquare) -> str:
    text = test.p_text()
    return text if text[0] in "<>" else f"= {text}"


def describe_comparison(theory: Distribution, observed: Distribution, test: ChiSquare, tv: float,
                        known: str = "") -> str:
    """What a theory-against-experiment comparison shows, with the test's verdict in words. ``known``: a difference
    between the games and the chain known beforehand (a sentence), named as the first suspect when the test finds
    one (a walkthrough read the Mega Edition's default run, p = 0.02, as "the maths is wrong", though the page
    explains the card that does it)."""
    n = test.n
    what = "rolls" if theory.quantity == PER_ROLL else "observations"
    look = (f"One difference is known: {known}" if known else
            "look for a rule the chain and the games treat differently, or more games that played differently.")
    verdict = (
        "Differences this large are common from chance alone, so the experiment agrees with the exact chain."
        if test.p_value >= 0.05 else
        f"Differences this large would be unusual from chance alone (p below 5%). {look[0].upper() + look[1:]}"
        if test.p_value >= 0.001 else
        "Differences this large are very unlikely to be chance (p below 0.1%): the games and the chain differ."
        + (f" {look}" if known else ""))
    method = ("The test allows for one roll's position depending on the one before."
              if test.method == "markov" else "The test treats the observations as independent.")
    return (f"With {n:,} {what}, the observed frequencies differ from the exact ones by a total variation "
            f"distance of {pct(tv, 3)}. The chi-square statistic is {test.statistic:.1f} on {test.dof} degrees "
            f"of freedom, p {_p(test)}. {verdict} {method}")


def describe_one_roll(dist: Distribution, state) -> str:
    """Where a token goes from one square in one roll."""
    here = "In Jail" if state == JAIL_STATE else dist.names[int(state)]
    top = dist.top(3)
    size = len(dist.squares)
    start = None if state == JAIL_STATE else int(state)

    def ahead(key) -> str:
        """How far ahead a square is (a reviewer: "six to eight ahead" was said of Mega's Gas Company, ten ahead)."""
        if start is None or key == JAIL_STATE:
            return ""
        steps = (int(key) - start) % size
        return f", {steps} ahead" if steps else ", staying put"
    listed = ", ".join(f"{nm} ({pct(v, 1)}{ahead(k)})" for k, nm, v in top)
    return (f"From {here}, the next roll most often leaves the token on {listed}: where the dice's likeliest totals "
            f"lead, and where cards, Go To Jail and the rule set's other moves (Mega's Mr. Monopoly and Bus) send a "
            f"token.")


def describe_payback(rows, currency: str = "") -> str:
    """The fastest payback among the holdings (rows: PaybackRow), then what the rows themselves say about building:
    whether built sets pay back faster than bare ones, and which step up of the fastest group adds the most rent
    for its cost (computed, not assumed: in the Cheaters Edition a set goes straight to a hotel). ``currency``: the
    board's sign, before the cost (a walkthrough read "its cost of 2,060" as a count)."""
    finite = [r for r in rows if r.payback_rounds != float("inf")]
    if not finite:
        return "No holding earns any rent."
    best = min(finite, key=lambda r: r.payback_rounds)
    n = best.opponents
    text = (f"Against {n} opponent{'' if n == 1 else 's'}, {best.label} at {best.level_name} pays back its cost of "
            f"{currency}{best.cost:,} in about {best.payback_rounds:.0f} rounds, the fastest of all.")
    streets = [r for r in finite if r.group not in ("railroad", "utility")]
    bare = [r for r in streets if r.level_name == "set"]
    built = [r for r in streets if r.level_name not in ("set", "no set", "all but one")]
    if bare and built:
        fastest_bare = min(bare, key=lambda r: r.payback_rounds)
        fastest_built = min(built, key=lambda r: r.payback_rounds)
        if fastest_built.payback_rounds < fastest_bare.payback_rounds:
            text += (f" Built sets pay back faster than bare ones: the fastest bare set, {fastest_bare.label}, "
                     f"takes about {fastest_bare.payback_rounds:.0f} rounds.")
        else:
            text += (f" Bare sets pay back at least as fast as built ones here: {fastest_bare.label}, bare, takes "
                     f"about {fastest_bare.payback_rounds:.0f} rounds.")
    ladder = sorted((r for r in streets if r.group == best.group and r.level_name not in ("no set", "all but one")),
                    key=lambda r: r.cost)
    steps = [((b.per_opponent_turn - a.per_opponent_turn) / (b.cost - a.cost), b.level_name)
             for a, b in zip(ladder, ladder[1:]) if b.cost > a.cost]
    if steps:
        text += f" On {best.label}, the step up to {max(steps)[1]} adds the most rent for what it costs."
    return text