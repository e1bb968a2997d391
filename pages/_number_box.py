"""A whole-number box of the site (a seed, a count of games, a rule's number) drawn as a text box.

Why not ``st.number_input``: a browser keeps a number past about 2**53, or outside the box's limits, in a red box
while the page keeps receiving the LAST VALID number, so a button pressed next acted on a number the person no
longer saw, without a word (a seed of 99999999999999999999 started a game with the previous seed; a rewind to
turn 0 rewound to turn 10). A text box sends exactly what was typed; :func:`pages._amounts.read_whole` reads it or
says what is wrong, and the page refuses to act on it, beside the button.

Code that sets such a box (a link's ``?seed=``, "New seed", a rule set opened) may write a number into the
session: the box turns it into text before it is drawn.
"""
from __future__ import annotations

import streamlit as st

from ._amounts import AmountProblem, read_whole


def typed(key: str, default: int) -> object:
    """What the box ``key`` holds now: its text, a number code put there, or ``default`` before it is drawn."""
    return st.session_state.get(key, default)


def read_box(key: str, what: str, lo: int, hi: int, default: int, currency: str = "") -> tuple[int | None, str | None]:
    """(the number in box ``key``, None) or (None, why it cannot be used, in words). Read again in a button's
    callback, it is the number shown when the button was pressed."""
    value = typed(key, default)
    if isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi:
        return value, None
    try:
        return read_whole(value, what, lo, hi, currency), None
    except AmountProblem as exc:
        return None, str(exc)


def number_box(label: str, key: str, *, default: int, lo: int, hi: int, what: str, help: str | None = None,
               where=None, disabled: bool = False, currency: str = "") -> tuple[int | None, str | None]:
    """Draw the text box ``key`` (holding ``default`` until something else is typed or set) in ``where`` (a column
    or the page) and read it: (the number, None), or (None, the refusal in words, which the caller shows beside
    the button it keeps from acting). ``what`` names the box in the refusal ("the seed")."""
    ss = st.session_state
    if key not in ss:
        ss[key] = str(default)
    elif not isinstance(ss[key], str):       # a number set by code (a link, "New seed"): shown as its digits
        ss[key] = str(ss[key])
    (where or st).text_input(label, key=key, help=help, disabled=disabled)
    return read_box(key, what, lo, hi, default, currency)
