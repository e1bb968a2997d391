"""The ranges the lab accepts where outside input comes in (command line, saves, share links, the site, the
game database), in one place so every entry point refuses the same values with the same words.

A seed is a whole number from 0 to 2**63 - 1: the database stores it as a signed 64-bit integer, and a
negative seed would play the same game as its positive twin (``random.Random(-s)`` equals ``random.Random(s)``),
so a save whose seed's sign was flipped would still pass its check.
"""
from __future__ import annotations

import math
import numbers
import reprlib

from .errors import InvalidRules

SEED_MAX = 2**63 - 1


def _whole(value, field: str) -> int:
    """``value`` as a plain int if it is a whole number (an int or a NumPy integer: ``numbers.Integral``; True and
    False are not numbers here)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise InvalidRules(field, f"must be a whole number, got {short(value)}")
    return int(value)


def check_seed(seed, field: str = "seed") -> int:
    """``seed`` as an int if it is a whole number from 0 to :data:`SEED_MAX`; else :class:`InvalidRules` saying why.
    A NumPy integer is a whole number (a notebook's ``np.int64(3)`` was refused as "must be a whole number, got 3",
    while a square took it)."""
    seed = _whole(seed, field)
    if not 0 <= seed <= SEED_MAX:
        raise InvalidRules(field, f"must be a whole number from 0 to {SEED_MAX:,} (2**63 - 1), got {short(seed)}")
    return seed


def check_count(value, field: str, lo: int, hi: int) -> int:
    """``value`` as an int if it is a whole number from ``lo`` to ``hi``; else :class:`InvalidRules` saying why."""
    value = _whole(value, field)
    if not lo <= value <= hi:
        raise InvalidRules(field, f"must be a whole number from {lo:,} to {hi:,}, got {short(value)}")
    return value


#: The shortest time limit taken: a millisecond (a limit of 1e-320 s was taken once, and said back as "9.99989e-321
#: s"; no run can stop sooner than its first chunk anyway).
MIN_SECONDS = 0.001


def check_seconds(value, field: str, hi: float) -> float:
    """``value`` if it is a number of seconds of at least :data:`MIN_SECONDS` and at most ``hi`` (not NaN, not
    infinite)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise InvalidRules(field, f"must be a number of seconds, got {short(value)}")
    try:
        seconds = float(value)
    except OverflowError:           # (an int past a float's range: 10**400)
        seconds = math.inf
    if not (math.isfinite(seconds) and MIN_SECONDS <= seconds <= hi):
        raise InvalidRules(field, f"must be a number of seconds from {MIN_SECONDS:g} to {hi:g}, got {short(value)}")
    return seconds


def short(value) -> str:
    """``repr(value)``, cut to a readable length (a 5,000-digit number or a 50 MB name is not a message)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**30:
        return f"a number of about {int(value.bit_length() * math.log10(2)) + 1} digits"
    try:
        return reprlib.repr(value)
    except ValueError as exc:   # (a number past Python's 4,300 digits inside a list or a dict)
        if "digits" in str(exc):
            return f"a {type(value).__name__} holding a number too long to show"
        return f"a {type(value).__name__} that cannot be shown"
    except Exception:           # (an object whose own repr fails: an outside review's came out as its ValueError)
        return f"a {type(value).__name__} that cannot be shown"


#: How long one click on the site plays bot games (the Database page's Simulate, the Rules page's comparison), in
#: seconds. A run stops after the last whole chunk once this much time has passed and keeps what it played: the
#: same click plays on from there (Simulate, with "complete it" ticked; a comparison reads its games back). A
#: limit measured in time rather than in games: the presets' games end in a few dozen rounds, so a click plays
#: thousands of them (about 1,500 classic games a second on two workers, compiled), while games that all run to a
#: turn limit of 10,000 rounds take as long as they must. The worst measured: 8 random bots in the Mega Edition
#: with a starting cash of 1,000,000 and a turn limit of 10,000 (compiled, two workers) wrote 83 million events in
#: 181 s, a 628 MB database, with the process at a 1.0 GB peak; at two minutes, 42 million events and 322 MB. An
#: outside review's two-minute Mega click of that kind took the site's process from 0.42 to 1.15 GB at its peak,
#: with 0.8 GB more in the two workers.
SITE_TIME_LIMIT = 120.0

#: The most player-rounds (games x players x turn limit) one chunk of a run with a time limit holds (the site's
#: clicks, ``--time-limit``): a chunk is never cut, so this bounds how far past its limit a run goes (at the worst
#: above, 6 to 16 seconds on one worker) and what its workers hold at once (an outside review: 50-game chunks of 8
#: random bots to 10,000 rounds, the untimed default, took a 5-second limit to 231 s and 6.4 GB). It is one game
#: of 8 players to the largest turn limit, 10,000 rounds.
TIMED_CHUNK_PLAYER_ROUNDS = 80_000


def timed_chunk(players: int, turn_limit: int) -> int:
    """The most games one chunk of a run with a time limit holds (:data:`TIMED_CHUNK_PLAYER_ROUNDS`), at least 1."""
    return max(1, TIMED_CHUNK_PLAYER_ROUNDS // (max(1, players) * max(1, turn_limit)))


def minutes(seconds: float) -> str:
    """``seconds`` in words for a page: "3 minutes", "90 seconds"."""
    if seconds >= 120 and seconds % 60 == 0:
        return f"{int(seconds // 60)} minutes"
    return f"{seconds:g} second{'s' if seconds != 1 else ''}"


def has_control_characters(text: str) -> bool:
    """Whether ``text`` holds what would not show as typed: control characters and line or paragraph breaks
    (an escape sequence recolours a terminal), lone surrogates, and the invisible format characters (the marks
    that reverse text's direction, zero-width spaces, soft hyphens: an outside review named two players "Ann" and
    "Ann" with a zero-width space, and printed a path with a direction override). The zero-width joiner stays
    allowed: it joins emoji into one (a cook is a person, a joiner and a frying pan)."""
    import unicodedata
    return any(unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp", "Cf") and ch != "\u200d" for ch in text)


#: Letters that show as blank space (the Braille blank, the Hangul fillers), for :func:`shows_something`.
_BLANK_LETTERS = frozenset("\u2800\u3164\u115f\u1160\uffa0")


def shows_something(text: str) -> bool:
    """Whether ``text`` holds a character that shows on its own: not only spaces, invisible characters, blank
    letters and combining marks (a name of one combining accent, or of a Braille blank, started a game whose player
    the page could not show; an outside review)."""
    import unicodedata
    return any(not (ch.isspace() or ch in _BLANK_LETTERS or unicodedata.category(ch) in ("Cf", "Mn", "Me", "Cc"))
               for ch in text)
