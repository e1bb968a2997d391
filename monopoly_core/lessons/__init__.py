"""Classroom lessons in probability built on the game: the computations behind the site's lesson pages.

One module per lesson, each a few pure functions over the core's public API (exact dice facts from the dice
model, landing probabilities and income from :mod:`monopoly_core.markov`, simulated turns from the engine) and
its catalogue entry ``LESSON`` (goals, time, exercise). Exact values are :class:`fractions.Fraction`; every
simulation takes a seed, so a class opening the same link sees the same numbers.

>>> from monopoly_core.lessons import LESSONS, dice
>>> [lesson.number for lesson in LESSONS]
[1, 2, 3, 4, 5, 6]
>>> dice.p_doubles(), dice.p_doubles_in_a_row(3), dice.p_triples()
(Fraction(1, 6), Fraction(1, 216), Fraction(1, 72))

Modules: :mod:`.sheet` (the catalogue entry, exercises, seeds, run sizes), :mod:`.running` (running averages
and the 1/sqrt(n) band), :mod:`.turns` (engine turns counted the chain's way), and the lessons :mod:`.dice`,
:mod:`.large_numbers`, :mod:`.landing`, :mod:`.expected_value`, :mod:`.variants` (games of three editions from the
game database) and :mod:`.cheating` (the Cheaters Edition's cheat cards against logged cheats).
"""
from . import cheating, dice, expected_value, landing, large_numbers, variants
from .sheet import DEFAULT_SEED, MAX_SEED, RUN_SIZES, Exercise, Lesson, parse_seed

#: The lessons that exist, in teaching order.
LESSONS: tuple[Lesson, ...] = (dice.LESSON, large_numbers.LESSON, landing.LESSON, expected_value.LESSON,
                              variants.LESSON, cheating.LESSON)


def lesson(slug: str) -> Lesson:
    """The lesson whose page is ``pages/<slug>.py``; KeyError naming the known ones otherwise."""
    for item in LESSONS:
        if item.slug == slug:
            return item
    raise KeyError(f"no lesson {slug!r} (known: {', '.join(x.slug for x in LESSONS)})")


__all__ = ["LESSONS", "lesson", "cheating", "dice", "expected_value", "landing", "large_numbers", "variants",
           "DEFAULT_SEED", "MAX_SEED", "RUN_SIZES", "Exercise", "Lesson", "parse_seed"]
