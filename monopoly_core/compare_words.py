"""The sentence of each figure of a comparison: what changed, by how much, and whether it is larger than chance
at the chosen level, with the test named (for the Rules page, the ``compare`` command and its JSON)."""
from __future__ import annotations

import math

from .records import ROTATED


def _pct(x: float) -> str:
    return f"{x:.1%}"


def as_level(x: float) -> str:
    """A test's level or a confidence as a percentage with the digits it needs: 5%, 95%, 0.0001%, 99.9999% (an
    outside review: ``--level 1e-6`` read "differs beyond chance at the 0% level")."""
    return f"{x * 100:.6g}%"


def _pts(x: float) -> str:
    return f"{x * 100:+.1f} points"


def _ci(row, fmt, level: str) -> str:
    if math.isnan(row.diff_low) or math.isnan(row.diff_high):
        return ""
    return f"; {level} confidence interval {fmt(row.diff_low)} to {fmt(row.diff_high)}"


def number(x: float, unit: str) -> str:
    """A figure's number in its unit: a share as a percentage, a Gini to three places, else to one place."""
    if math.isnan(x):
        return "-"
    if unit == "share":
        return f"{x:.1%}"
    if unit == "Gini":
        return f"{x:.3f}"
    return f"{x:,.1f}"


def with_interval(row, side: str, unit: str, plus_minus: str = "+-", *, narrow: bool = False) -> str:
    """A side's value (``side`` "a" or "b") or the difference ("diff") with its confidence interval, as a class
    reads it (the Rules page and the ``compare`` command): a share with its bounds, "5.0% (2.2% to 11.2%)" (and a
    difference of shares "+3.0% (-1.2% to +7.9%)"), since a share's intervals are not centred on it; a mean as
    "30.1 +- 2.2". ``narrow`` (the page's half-width tables) leaves the % off the bounds, writes a true minus
    sign and a difference of shares in percentage points: "−10.0 pts (−45.4 to +24.3)"."""
    value = getattr(row, side)
    if unit == "share":
        sign = "+" if side == "diff" else ""
        bounds = (getattr(row, f"{side}_low"), getattr(row, f"{side}_high"))
        if narrow:
            low, high = (f"{x * 100:{sign}.1f}" for x in bounds)
            # a difference of shares in percentage points, as the table's caption says (a reviewer read "+0.6%")
            head = f"{value * 100:+.1f} pts" if side == "diff" else f"{value:.1%}"
            return f"{head} ({low} to {high})".replace("-", "−")
        low, high = (f"{x:{sign}.1%}" for x in bounds)
        return f"{value:{sign}.1%} ({low} to {high})"
    text = f"{number(value, unit)} {plus_minus} {number(getattr(row, f'{side}_half'), unit)}"
    if narrow and side == "diff":
        text = ("+" if value > 0 else "") + text.replace("-", "\u2212")
    return text


def _chance(test, alpha: float) -> str:
    word = "larger than chance" if test.significant else "not larger than chance"
    return f"{word} at the {as_level(alpha)} level ({test.name}, {test.p_text()})"


#: What the headline Gini is, in words, and how it differs from the chart of Gini by round beside it (a page
#: without that chart, a lesson's, leaves the second part out).
GINI_MEANS = "each game's Gini coefficient averaged over the rounds that game lasted"
GINI_CHART = (" (the chart beside is another measure: round by round over all games, a finished game keeping its "
              "final value. The two can disagree: games that end sooner climb the chart sooner, while each game's "
              "average counts only the rounds it lasted)")


def inequality(r, test, alpha: float, la: str, lb: str, *, chart_beside: bool = True) -> str:
    """The Gini sentence: a direction only when the difference is larger than chance, and which Gini it is
    (and how the chart of Gini by round beside it differs, when there is one)."""
    level = as_level(1 - alpha)
    means = GINI_MEANS + (GINI_CHART if chart_beside else "")
    figures = (f"{r.a:.3f} under {la} and {r.b:.3f} under {lb} on average ({r.diff:+.3f}"
               f"{_ci(r, lambda x: f'{x:+.3f}', level)})")
    if not test.significant:
        return (f"No clear difference in how evenly net worth is shared: {figures}, a difference chance alone "
                f"often gives ({test.name}, {test.p_text()}; {as_level(alpha)} level). The figure is {means}.")
    return (f"Net worth is shared {'less' if r.diff > 0 else 'more'} evenly under {lb}: {figures}, "
            f"{_chance(test, alpha)}. The figure is {means}.")


def seating_words(seating: str, players: int) -> str:
    """How the bots sat, in sentences a class understands (the Rules page and the ``compare`` command)."""
    if seating == ROTATED:
        return (f"Seats rotate: each game every bot moves one seat on, so over {players} games each strategy "
                f"plays every seat once. The win rate by seat shows whether a seat helps whoever sits in it; the "
                f"win rate by strategy shows whether a way of playing helps wherever it sits.")
    return ("Seats are fixed: every bot keeps its seat in every game, so a seat and the strategy sitting in it "
            "cannot be told apart (the win rates by seat and by strategy tell the same story).")


def verdicts(rows: dict, tests: dict, alpha: float, la: str, lb: str, extra: dict) -> dict[str, str]:
    """One sentence per figure key."""
    level = as_level(1 - alpha)
    out = {}
    r = rows["length"][0]
    out["length"] = (f"Games last {r.a:,.1f} rounds on average under {la} and {r.b:,.1f} under {lb}: a "
                     f"difference of {r.diff:+,.1f} rounds ({_ci(r, lambda x: f'{x:+,.1f}', level)[2:]}), "
                     f"{_chance(tests['length'], alpha)}.")
    r = rows["turn_limit"][0]
    out["turn_limit"] = (f"The turn limit ends {_pct(r.a)} of games under {la} and {_pct(r.b)} under {lb} "
                         f"({_pts(r.diff)}{_ci(r, _pts, level)}): {_chance(tests['turn_limit'], alpha)}.")
    for key, what, whats in (("seat", "seat", "seats"), ("strategy", "strategy", "strategies")):
        rs = rows[key]
        if len(rs) < 2:
            out[key] = f"Every seat plays the same strategy, so there is nothing to compare by {what}."
            continue
        big = max(rs, key=lambda x: abs(x.diff))
        out[key] = (f"Taken over every {what} at once, who wins is {'' if tests[key].significant else 'not '}"
                    f"changed beyond chance at the {as_level(alpha)} level ({tests[key].name}, {tests[key].p_text()}); "
                    f"the largest change is {big.label}, {_pct(big.a)} under {la} and {_pct(big.b)} under {lb} "
                    f"({_pts(big.diff)}{_ci(big, _pts, level)}).")
        if not tests[key].significant and (big.diff_low > 0 or big.diff_high < 0):
            # (a browser review read "not changed beyond chance" beside an interval leaving out zero as a mistake)
            out[key] += (f" That one {what}'s interval leaves out zero while the test of all of them together "
                         f"does not find a change: among {len(rs)} {whats}, one crossing by chance is to be "
                         f"expected.")
    r = rows["inequality"][0]
    out["inequality"] = inequality(r, tests["inequality"], alpha, la, lb)
    adjusted = extra["money"]["adjusted_p"]
    changed = [x for x in rows["money"] if adjusted[x.label] < alpha]
    changed.sort(key=lambda x: -abs(x.diff))
    test = tests["money"]
    if changed:
        listed = "; ".join(f"{x.label} {x.diff:+,.0f} a game" for x in changed[:6])
        more = f" and {len(changed) - 6} more" if len(changed) > 6 else ""
        out["money"] = (f"{len(changed)} of {len(rows['money'])} money flows differ beyond chance at the "
                        f"{as_level(alpha)} level ({test.name}): {listed}{more}.")
    else:
        out["money"] = (f"None of the {len(rows['money'])} money flows differs beyond chance at the {as_level(alpha)} "
                        f"level ({test.name}; smallest adjusted p = {test.p:.3f}).")
    return out
