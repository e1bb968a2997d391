"""The ranges the lab accepts where outside input comes in (command line, saves, share links, the site, the
game database), in one place so every entry point refuses the same values with the same words.

A seed is a whole number from 0 to 2**63 - 1: the database stores it as a signed 64-bit integer, and a
negative seed would play the same game as its positive twin (``random.Random(-s)`` equals ``random.Random(s)``),
so a save whose seed's sign was flipped would still pass its check.
"""
from __future__ import annotations

import math
import reprlib

from .errors import InvalidRules

SEED_MAX = 2**63 - 1


def check_seed(seed, field: str = "seed") -> int:
    """``seed`` if it is a whole number from 0 to :data:`SEED_MAX`; else :class:`InvalidRules` saying why."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidRules(field, f"must be a whole number, got {short(seed)}")
    if not 0 <= seed <= SEED_MAX:
        raise InvalidRules(field, f"must be a whole number from 0 to {SEED_MAX:,} (2**63 - 1), got {short(seed)}")
    return seed


def check_count(value, field: str, lo: int, hi: int) -> int:
    """``value`` if it is a whole number from ``lo`` to ``hi``; else :class:`InvalidRules` saying why."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidRules(field, f"must be a whole number, got {short(value)}")
    if not lo <= value <= hi:
        raise InvalidRules(field, f"must be a whole number from {lo:,} to {hi:,}, got {short(value)}")
    return value


def check_seconds(value, field: str, hi: float) -> float:
    """``value`` if it is a number of seconds above 0 and at most ``hi`` (not NaN, not infinite)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InvalidRules(field, f"must be a number of seconds, got {short(value)}")
    if not (math.isfinite(value) and 0 < value <= hi):
        raise InvalidRules(field, f"must be a number of seconds above 0 and at most {hi:g}, got {short(value)}")
    return float(value)


def short(value) -> str:
    """``repr(value)``, cut to a readable length (a 5,000-digit number or a 50 MB name is not a message)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**30:
        return f"a number of about {int(value.bit_length() * math.log10(2)) + 1} digits"
    try:
        return reprlib.repr(value)
    except ValueError:          # (a number past Python's 4,300 digits inside a list or a dict)
        return f"a {type(value).__name__} holding a number too long to show"


#: The most player-rounds (games x players x turn limit) one click on the site may ask for: the work of games
#: that all run to their turn limit. Measured at its worst (an outside review: 8 random bots in the Mega Edition
#: with a starting cash no one runs out of, 6 in Sore Losers without the final lap) the lab plays 10,000 to 14,000
#: player-rounds a second on two workers and writes about 90 to 150 bytes of events each: so about 5 to 7 minutes
#: and at most about 600 MB for a click. With the presets' 500 rounds and 4 players that is 2,000 games (a
#: comparison plays two sides: 1,000 each); the command line, the teacher's own shell, takes more.
SITE_MAX_PLAYER_ROUNDS = 4_000_000


def site_games_cap(players: int, turn_limit: int, sides: int = 1) -> int:
    """The most games (of each of ``sides`` rule sets) one click on the site plays (:data:`SITE_MAX_PLAYER_ROUNDS`),
    at least 2."""
    return max(2, SITE_MAX_PLAYER_ROUNDS // (sides * max(1, players) * max(1, turn_limit)))


def site_games_problem(games: int, players: int, turn_limit: int, sides: int = 1) -> str | None:
    """Why ``games`` (of each side) are too many for one click on the site, in words (None: they are not)."""
    cap = site_games_cap(players, turn_limit, sides)
    if games <= cap:
        return None
    each = " a side" if sides > 1 else ""
    return (f"With a turn limit of {turn_limit:,} rounds and {players} players the site plays at most {cap:,} games"
            f"{each} at a time (games that never end would run for many minutes and fill the database): fewer "
            "games, fewer players or a lower turn limit. The command line plays more (python -m monopoly_core "
            f"{'compare' if sides > 1 else 'simulate'}).")
