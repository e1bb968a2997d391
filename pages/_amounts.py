"""Reading an amount a person typed (a bid, cash in a trade, a count of tickets) from a text box.

Why text boxes and not ``st.number_input``: a number box enforces its limits in the browser. A value past about
2**53, or below the box's minimum, stays in the box shown red while the page keeps receiving the LAST VALID
value, so a button pressed next acted on an amount the person no longer saw (a reviewer typed
99999999999999999999 as trade cash and the previous amount was offered). A text box sends exactly what was
typed; :func:`read_amount` reads it, or says in a sentence a class understands what is wrong with it, so a
button never acts on anything but the amount shown.

Accepted: the digits 0 to 9, spaces around them, the game's own money sign in front ("$120", "£ 120") and
thousands written with commas or spaces ("1,000", "1 000"). Refused, each with its own sentence: an empty box,
a decimal point ("12.5"), anything else that is not those digits ("abc", "1e9", "²", and the digits of other
scripts such as "٣", which Python's ``int`` would take but which are not what the box shows a class), a minus
sign, another currency's sign and an input too long to be an amount (bounded before any conversion).
How large an amount may be (the player's cash, the tickets held) is the caller's to say: it knows the limit.
"""
from __future__ import annotations

import unicodedata

#: The longest text read as an amount (longer input is refused before it is looked at: no conversion of
#: thousands of digits). 40 characters hold any amount a game can have, with its separators, many times over.
MAX_CHARS = 40

_DIGITS = frozenset("0123456789")
_MINUS = frozenset("-\u2212")                      # hyphen-minus and the minus sign
_GROUP = frozenset(", \u00a0\u202f")                # comma, space, no-break space, narrow no-break space


class AmountProblem(ValueError):
    """What is wrong with a typed amount, as a whole sentence for the page."""


def _is_money_sign(ch: str) -> bool:
    return unicodedata.category(ch) == "Sc"


def _lead(ch: str, currency: str) -> str:
    """What a leading character is: "sign" (minus, plus), "money" (the game's own money sign) or ""."""
    return "sign" if ch in _MINUS or ch == "+" else "money" if currency and ch == currency else ""


def read_amount(text: object, what: str, currency: str = "") -> int:
    """The whole, non-negative number typed in ``text``, or :class:`AmountProblem` saying what is wrong.

    ``what`` names the box in the sentence, lower case ("the cash you give", "your bid"); ``currency`` is the
    game's money sign ("$", "£"), or "" for a count (tickets), where no money sign belongs.
    """
    name = what[:1].upper() + what[1:]
    raw = "" if text is None else str(text)
    if len(raw) > MAX_CHARS:
        raise AmountProblem(f"{name} is far too long to be an amount: at most {MAX_CHARS} characters.")
    s = raw.strip()
    if not s:
        raise AmountProblem(f"{name} is empty: type a whole number.")
    negative = False
    taken: set[str] = set()          # a sign (minus or plus) and the game's money sign, each at most once, in front
    while s and (lead := _lead(s[0], currency)) and lead not in taken:
        taken.add(lead)
        negative = negative or s[0] in _MINUS
        s = s[1:].lstrip()
    if any(_is_money_sign(ch) for ch in s):
        if not currency:
            raise AmountProblem(f"{name} is a count, not money: type digits only.")
        raise AmountProblem(f"This game counts money in {currency}: type {what} in digits, such as 120.")
    if "." in s:
        raise AmountProblem(f"{name} must be a whole number, without a decimal point.")
    if not any(ch in _DIGITS for ch in s) or any(ch not in _DIGITS and ch not in _GROUP for ch in s):
        raise AmountProblem(f"{name} must be a whole number written with the digits 0 to 9.")
    groups = "".join("," if ch in _GROUP else ch for ch in s).split(",")
    if len(groups) > 1 and not (1 <= len(groups[0]) <= 3 and all(len(x) == 3 for x in groups[1:])):
        raise AmountProblem(f"{name} has a comma or a space out of place: write a thousand as 1,000.")
    value = int("".join(groups))
    if negative and value:
        raise AmountProblem(f"{name} cannot be negative.")
    return value


#: The most digits of a refused number said back in the refusal (a longer one is said as "a number of 30 digits").
_SAID_DIGITS = 24


def said(value: int, currency: str = "", of: str = "") -> str:
    """A refused number as a refusal says it: "-3", "$1,200" (after ``of``: "a bid of $1,200"), or past
    :data:`_SAID_DIGITS` digits "a number of 30 digits" (a row of 30 ones, grouped, is read by nobody)."""
    digits = len(str(abs(value)))
    if digits > _SAID_DIGITS:
        return f"a number of {digits} digits"
    return f"{of}{'-' if value < 0 else ''}{currency}{abs(value):,}"


def read_whole(text: object, what: str, lo: int, hi: int, currency: str = "") -> int:
    """The whole number typed in ``text`` if it is from ``lo`` to ``hi``, or :class:`AmountProblem` saying what is
    wrong, with the range ("The seed must be from 0 to 9,007,199,254,740,991, not 99,999,999,999,999,999,999.").

    Read as :func:`read_amount` reads an amount; a minus sign in front is read too, so that a number below the
    range is refused with the range (a class reads "from 1 to 10, not -3" better than "cannot be negative").
    """
    name = what[:1].upper() + what[1:]
    raw = "" if text is None else str(text)
    s = raw.strip()
    negative = bool(s) and s[0] in _MINUS and len(raw) <= MAX_CHARS
    value = read_amount(s[1:] if negative else raw, what, currency)
    value = -value if negative else value
    if lo <= value <= hi:
        return value
    raise AmountProblem(f"{name} must be from {lo:,} to {hi:,}, not {said(value)}.")
