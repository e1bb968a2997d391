"""What every lesson has: its catalogue entry (goals, time, exercise) and the settings a class shares.

A teacher hands out one link per lesson with a fixed seed, so every student's simulation shows the same
numbers; :func:`parse_seed` reads that seed from a link and says plainly what is wrong with a bad one. The
simulation sizes are the same in every lesson: once, a hundred times, ten thousand times.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable

from ..markov.explain import pct

#: How many times a lesson's simulation can run: once, a hundred times, ten thousand times.
RUN_SIZES = (1, 100, 10_000)
#: The seed a lesson opens with when its link names none.
DEFAULT_SEED = 2024
MAX_SEED = 2**31 - 1


@dataclass(frozen=True)
class Exercise:
    """One exercise: the question a worksheet prints, its short answer and the working that leads there.

    Text is plain Markdown (no HTML), so the same strings serve the page, the worksheet and the answer sheet.
    """

    question: str
    answer: str
    working: str


@dataclass(frozen=True)
class Lesson:
    """A lesson's catalogue entry. ``slug`` names its page file and URL path (``pages/<slug>.py``);
    ``formula`` is the lesson's one formula, in LaTeX (the page and the worksheet both show it)."""

    number: int
    slug: str
    title: str
    minutes: int
    summary: str
    goals: tuple[str, ...]
    formula: str
    exercise: Callable[[], Exercise]


def parse_seed(text: str | int | None, default: int = DEFAULT_SEED) -> int:
    """The seed a link asks for: a whole number from 0 to :data:`MAX_SEED`; ``None`` or empty gives
    ``default``. Anything else raises ValueError with a sentence a teacher can act on."""
    if text is None or (isinstance(text, str) and not text.strip()):
        return default
    raw = str(text).strip()
    # (the digits 0 to 9 only, as every number box of the site reads them: int() would also take '١٢' as 12)
    if not (raw.isascii() and raw.isdigit()) and not (raw[:1] == "-" and raw[1:].isascii() and raw[1:].isdigit()):
        raise ValueError(f"The seed must be a whole number written with the digits 0 to 9, not {raw[:20]!r}.")
    digits = raw.lstrip("-").lstrip("0")
    if len(digits) > len(str(MAX_SEED)):
        # (counted before int(): past Python's 4,300 digits int() itself refused, in a programmer's words, an
        # outside review's 5,000-digit ?seed=; a long seed is not echoed whole)
        raise ValueError(f"The seed must be between 0 and {MAX_SEED:,}, not a number of {len(digits):,} digits.")
    seed = int(("-" if raw[:1] == "-" else "") + (digits or "0"))      # (leading zeros count to int() too)
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"The seed must be between 0 and {MAX_SEED:,}, not {seed:,}.")
    return seed


def check_size(n: int, limit: int, what: str) -> int:
    """``n`` as a count of at least 1 and at most ``limit`` (memory and time stay bounded), else ValueError."""
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= limit:
        raise ValueError(f"The number of {what} must be a whole number from 1 to {limit:,}, not {n!r}.")
    return n


def fraction_text(p: Fraction, digits: int = 2) -> str:
    """``1/6 (16.67 %)``: an exact probability as a fraction and a percentage."""
    return f"{p} ({pct(float(p), digits)})"
