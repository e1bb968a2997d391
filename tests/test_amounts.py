"""pages/_amounts.py: what a person types as a bid, trade cash or a count of tickets is read as exactly that
amount, or refused with a sentence naming what is wrong (a reviewer's 99999999999999999999 in a number box
was silently replaced by the box's last valid value)."""
from __future__ import annotations

import pytest

from pages._amounts import MAX_CHARS, AmountProblem, read_amount, read_whole

CASH = "the cash you give"


@pytest.mark.parametrize("typed, currency, amount", [
    ("120", "$", 120),
    ("0", "$", 0),
    ("  120  ", "$", 120),                 # spaces around
    ("$120", "$", 120),                    # the game's money sign in front
    ("$ 120", "$", 120),
    ("£1,500", "£", 1500),
    ("1,000", "$", 1000),                  # thousands separators
    ("1,000,000", "$", 1_000_000),
    ("1 000", "$", 1000),
    ("1\u00a0000", "£", 1000),             # a no-break space, as some keyboards and copies give
    ("+7", "$", 7),
    ("-0", "$", 0),                        # nothing, whatever its sign
    ("007", "", 7),
    ("99999999999999999999", "$", 99999999999999999999),   # read whole: the caller says it is too much
])
def test_accepted_forms_read_as_the_amount_typed(typed, currency, amount):
    assert read_amount(typed, CASH, currency) == amount


@pytest.mark.parametrize("typed, words", [
    ("", "The cash you give is empty: type a whole number."),
    ("   ", "The cash you give is empty: type a whole number."),
    (None, "The cash you give is empty: type a whole number."),
    ("12.5", "The cash you give must be a whole number, without a decimal point."),
    ("1.000", "The cash you give must be a whole number, without a decimal point."),
    ("abc", "The cash you give must be a whole number written with the digits 0 to 9."),
    ("1e9", "The cash you give must be a whole number written with the digits 0 to 9."),
    ("\u00b2", "The cash you give must be a whole number written with the digits 0 to 9."),   # ² (int refuses)
    ("\u0663", "The cash you give must be a whole number written with the digits 0 to 9."),   # ٣ (int takes it)
    ("\uff11\uff12", "The cash you give must be a whole number written with the digits 0 to 9."),   # full width
    ("12-3", "The cash you give must be a whole number written with the digits 0 to 9."),
    ("$", "The cash you give must be a whole number written with the digits 0 to 9."),
    (",", "The cash you give must be a whole number written with the digits 0 to 9."),
    ("-50", "The cash you give cannot be negative."),
    ("\u221250", "The cash you give cannot be negative."),          # the minus sign
    ("-$50", "The cash you give cannot be negative."),
    ("$-50", "The cash you give cannot be negative."),
    ("1,00", "The cash you give has a comma or a space out of place: write a thousand as 1,000."),
    ("1000,000", "The cash you give has a comma or a space out of place: write a thousand as 1,000."),
    ("1 2", "The cash you give has a comma or a space out of place: write a thousand as 1,000."),
    ("1,,000", "The cash you give has a comma or a space out of place: write a thousand as 1,000."),
    ("\u00a3120", "This game counts money in $: type the cash you give in digits, such as 120."),    # £ in a $ game
    ("120$", "This game counts money in $: type the cash you give in digits, such as 120."),
    ("$$5", "This game counts money in $: type the cash you give in digits, such as 120."),
])
def test_refused_forms_say_what_is_wrong(typed, words):
    with pytest.raises(AmountProblem) as exc:
        read_amount(typed, CASH, "$")
    assert str(exc.value) == words


def test_a_money_sign_in_a_count_is_refused():
    with pytest.raises(AmountProblem) as exc:
        read_amount("$3", "the number of bus tickets")
    assert str(exc.value) == "The number of bus tickets is a count, not money: type digits only."


@pytest.mark.parametrize("typed", ["9" * (MAX_CHARS + 1), "9" * 10_000, " " * 50_000 + "5"])
def test_input_too_long_is_refused_before_it_is_converted(typed):
    # (no 10,000-digit int conversion: the length is bounded first, and the limit is said)
    with pytest.raises(AmountProblem) as exc:
        read_amount(typed, CASH, "$")
    assert str(exc.value) == f"The cash you give is far too long to be an amount: at most {MAX_CHARS} characters."


def test_the_longest_input_taken_is_read():
    assert read_amount("9" * MAX_CHARS, CASH, "$") == 10 ** MAX_CHARS - 1


def test_the_sentence_starts_with_a_capital_whatever_the_box():
    with pytest.raises(AmountProblem) as exc:
        read_amount("abc", "your bid", "$")
    assert str(exc.value) == "Your bid must be a whole number written with the digits 0 to 9."


# --- read_whole: a number from a range (a seed, a count of games, a rule's number, a turn) -----------------------
@pytest.mark.parametrize("typed, lo, hi, value", [
    ("0", 0, 10, 0), ("10", 0, 10, 10), (" 7 ", 1, 10, 7), ("1,000", 0, 10_000, 1000),
    ("-3", -5, 5, -3),                     # a minus sign is read where the range takes it
    (str(2**53 - 1), 0, 2**53 - 1, 2**53 - 1),
])
def test_a_number_in_the_range_is_read_as_typed(typed, lo, hi, value):
    assert read_whole(typed, "the seed", lo, hi) == value


@pytest.mark.parametrize("typed, lo, hi, words", [
    ("0", 1, 10, "The turn must be from 1 to 10, not 0."),
    ("-1", 0, 10, "The turn must be from 0 to 10, not -1."),
    ("99999999999999999999", 1, 9_007_199_254_740_991,
     "The turn must be from 1 to 9,007,199,254,740,991, not 99,999,999,999,999,999,999."),
    ("9" * 30, 1, 10, "The turn must be from 1 to 10, not a number of 30 digits."),   # not said back whole
    ("9" * 41, 1, 10, f"The turn is far too long to be an amount: at most {MAX_CHARS} characters."),
    ("abc", 1, 10, "The turn must be a whole number written with the digits 0 to 9."),
    ("", 1, 10, "The turn is empty: type a whole number."),
    ("-", 1, 10, "The turn is empty: type a whole number."),
    ("2.5", 1, 10, "The turn must be a whole number, without a decimal point."),
])
def test_a_number_outside_the_range_or_no_number_is_refused_with_the_range(typed, lo, hi, words):
    with pytest.raises(AmountProblem) as caught:
        read_whole(typed, "the turn", lo, hi)
    assert str(caught.value) == words
