"""Argument helpers shared by subcommands: the edition and bots options, and argument types that refuse a value
outside its range (negative, zero, huge, NaN, not a number) with a message and exit status 2 before anything
runs."""
from __future__ import annotations

import argparse
import re

from ..bounds import MIN_SECONDS, SEED_MAX, check_count, check_seconds, check_seed, has_control_characters, short
from ..bots import STANDARD, STRATEGIES
from ..errors import InvalidRules
from ..rules import preset
from ..state import bot_table


def say_if_busy(db, out) -> None:
    """Say on ``out`` that the database is in use by another program, before a run that writes to it waits for it
    (up to ``store.WAIT`` seconds): an outside review's ``simulate`` waited 30 s in silence. A file that is missing
    or cannot be opened says nothing here: the run reports that itself."""
    from ..store import WAIT, StoreBusy, StoreError, Writer, exists, resolve
    try:
        path = resolve(db)
        if not exists(path):
            return
        with Writer(path, wait=0):
            pass
    except StoreBusy:
        print(f"waiting for the database {path.name}: another program is writing to it (up to {WAIT:.0f} s) ...",
              file=out, flush=True)
    except StoreError:
        pass


def add_edition(p: argparse.ArgumentParser) -> None:
    p.add_argument("--edition", default="classic-us", help="preset name (see `editions`); default classic-us")


def add_bots(p: argparse.ArgumentParser) -> None:
    p.add_argument("--bots", help="comma-separated bot strategies, cycled over the seats "
                   f"(known: {', '.join(STRATEGIES)}); default: {','.join(STANDARD)}")


def add_seed(p: argparse.ArgumentParser, help_text: str) -> None:
    p.add_argument("--seed", type=seed, default=0, help=f"{help_text}, from 0 to 2**63 - 1 (default 0)")


def _refusing(check):
    """An argparse type from a ``check(value)`` that raises :class:`InvalidRules`."""
    def parse(text: str):
        try:
            return check(text)
        except InvalidRules as exc:
            raise argparse.ArgumentTypeError(exc.reason) from None
    return parse


def _integer(text: str) -> int:
    """Plain digits (and a minus sign) only, as the Play page and links read them: ``int`` would also take "٣",
    " 7 " and "1_000" (an outside review)."""
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 4_000:
        raise InvalidRules("value", f"must be a whole number, got {text[:40]!r}")
    return int(text)


#: An argparse type: a whole number in plain digits, its range checked where it is used (the rules say how many
#: players and rounds they allow).
integer = _refusing(_integer)


def whole(lo: int, hi: int):
    """An argparse type: a whole number from ``lo`` to ``hi``."""
    return _refusing(lambda text: check_count(_integer(text), "value", lo, hi))


def seconds(hi: float):
    """An argparse type: a number of seconds from :data:`MIN_SECONDS` to ``hi`` (``nan``, ``inf``, less refused)."""
    def check(text: str) -> float:
        # (plain digits, a point and an exponent only: float() also took "١", "1_0" and " 5 ", which the whole-number
        # options refuse; an outside review)
        if not re.fullmatch(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?|[+-]?(nan|inf)", text):
            raise InvalidRules("value", f"must be a number of seconds written in plain digits, got {short(text)}")
        try:
            value = float(text)
        except ValueError:
            raise InvalidRules("value", f"must be a number of seconds, got {short(text)}") from None
        try:
            return check_seconds(value, "value", hi)
        except InvalidRules:        # (said as typed: 5,000 nines were "inf" and 1e-400 "0.0" once parsed)
            raise InvalidRules("value", f"must be a number of seconds from {MIN_SECONDS:g} to {hi:g}, got "
                                        f"{short(text)}") from None
    return _refusing(check)


seed = _refusing(lambda text: check_seed(_integer(text)))
seed.__doc__ = f"An argparse type: a game seed from 0 to {SEED_MAX:,}."


def _db_path(text: str) -> str:
    """A database file's path: not empty (``--db ""`` once wrote to the default database without a word)."""
    if not text.strip():
        raise InvalidRules("value", "an empty path names no file: leave --db out for the default database")
    if has_control_characters(text):
        # (a name holding a newline and an escape sequence made a file of that name, and the report of the games
        # written to it cleared the terminal; an outside review)
        raise InvalidRules("value", f"a database path may not hold control characters or invisible ones (a text "
                                    f"direction override): {short(text)}")
    return text


db_path = _refusing(_db_path)


def not_blank(option: str, without: str):
    """An argparse type: any text but an empty one (``--cluster ""`` and ``--parquet ""`` were taken as absent,
    without a word; an outside review). ``without`` says what leaving the option out does."""
    def check(text: str) -> str:
        if not text.strip():
            raise InvalidRules("value", f"an empty value names nothing: leave {option} out {without}")
        return text
    return _refusing(check)


def bot_names(text: str | None, players: int) -> list[str] | None:
    """The strategies ``--bots`` names (None: the default table). An empty ``--bots`` is a mistake, not the default
    table (an outside review), and so are more names than seats: the extra bots were dropped in silence
    (``--players 2 --bots a,b,c`` played a and b)."""
    if text is None:
        return None
    names = [s.strip() for s in text.split(",")]
    if isinstance(players, int) and 0 < players < len(names) and all(names):
        # (an empty name is refused as an unknown strategy first; past 8 names no --players fits them)
        more = f", or set --players {len(names)}" if len(names) <= 8 else " (a game seats at most 8)"
        raise InvalidRules("bots", f"{len(names)} strategies named for {players} players: name at most "
                           f"{players}{more}")
    return names


def parse_bots(text: str | None, n: int):
    return bot_table(n, bot_names(text, n))


def rules_from(args):
    changes = {}
    if getattr(args, "turn_limit", None) is not None:
        changes["turn_limit"] = args.turn_limit
    return preset(args.edition, **changes)
