"""AppTest: the Play page's bid box and trade cash boxes send the amount typed, or refuse it in words and leave
the game exactly as it was (an outside reviewer's 99999999999999999999 in a number box was replaced, silently,
by the box's last valid amount; pages/_amounts.py reads these boxes as text)."""
from __future__ import annotations

import pytest

from apptest_helpers import open_page, texts, unescaped, shown
from monopoly_core import events as E
from monopoly_core.viz.safe_text import markdown
from test_page_play import until_person_bids, until_person_owns_and_may_trade

HUGE = "9" * 20


def game(at):
    return at.session_state["play_game"]


def where(g) -> tuple:
    """What must not move when a typed amount is refused: the history, the step and the decision pending."""
    d = g.pending
    return len(g.log), g.ply, d.kind, d.player, d.minimum, tuple(p.cash for p in g.players)


def offers(g) -> list:
    """The trades offered so far, as the log carries them."""
    return [g.log.extras[ev.detail] for ev in g.log.since(0) if ev.kind == E.TRADE_OFFER]


@pytest.fixture(scope="module")
def auction():
    """A page where the person (seat 0) must bid in an auction of a deed they declined."""
    at = open_page("pages/play.py")
    until_person_bids(at)
    return at


@pytest.mark.parametrize("typed, words", [
    (HUGE, "You have only $"),
    ("-5", "Your bid cannot be negative. The lowest bid now is $"),
    ("abc", "Your bid must be a whole number written with the digits 0 to 9. The lowest bid now is $"),
])
def test_a_bad_bid_typed_and_pressed_is_refused_and_the_game_stays(auction, typed, words):
    at = auction
    at.text_input(key="bid_amount").set_value(str(game(at).pending.minimum)).run()   # a valid amount first
    assert not at.button(key="bid_go").disabled
    before = where(game(at))
    at.text_input(key="bid_amount").set_value(typed)
    at.button(key="bid_go").click().run()            # typed and pressed at once, as a browser sends them
    assert not at.exception
    assert where(game(at)) == before
    assert markdown(f"Bid not sent. {words}") in texts(at)      # (the notice is shown escaped)
    assert not at.button(key="bid_go").disabled       # (on: a corrected bid and one click are sent)
    assert any(words in unescaped(e.value) for e in at.error)    # and the reason stays beside the button
    assert any(words in unescaped(e.value) for e in at.error)
    if typed == HUGE:                                 # the button names the amount typed, not a stale one
        assert at.button(key="bid_go").label == "Bid $99,999,999,999,999,999,999"
        assert "a bid of $99,999,999,999,999,999,999 is more than you have" in shown(at)
    else:
        assert at.button(key="bid_go").label == "Bid"


def test_a_valid_typed_bid_is_named_on_the_button_and_placed(auction):
    at = auction
    g = game(at)
    amount = g.pending.minimum + 3
    assert amount <= g.players[0].cash
    at.text_input(key="bid_amount").set_value(f" ${amount} ").run()     # a money sign and spaces are fine
    assert at.button(key="bid_go").label == f"Bid ${amount:,}" and not at.button(key="bid_go").disabled
    at.button(key="bid_go").click().run()
    assert [ev.amount for ev in game(at).log.since(0) if ev.kind == E.BID and ev.player == 0] == [amount]


def test_undo_back_to_a_bid_finds_the_box_filled_with_the_lowest_bid_and_no_refusal():
    """An outside review: a person passed, pressed Undo, and found the bid box empty, the button reading "Bid" and
    "Your bid is empty" in red before typing anything."""
    at = open_page("pages/play.py")
    until_person_bids(at)
    d = game(at).pending
    assert at.text_input(key="bid_amount").value == str(d.minimum) and not at.error
    before = where(game(at))
    at.button(key=next(b.key for b in at.button if b.label == "Pass (leave the auction)")).click().run()
    assert game(at).pending is None or game(at).pending.kind != "bid" or game(at).pending.player != 0
    at.button(key="ctl_undo").click().run()
    assert not at.exception and where(game(at)) == before
    assert at.text_input(key="bid_amount").value == str(d.minimum)
    assert at.button(key="bid_go").label == f"Bid ${d.minimum:,}" and not at.error


@pytest.fixture()
def trading():
    """A page where the person owns a street and may propose a trade (the form's first partner is a bot)."""
    at = open_page("pages/play.py")
    square = until_person_owns_and_may_trade(at)
    at.multiselect(key="trade_give_sq").set_value([square])
    return at


def test_a_trade_asking_1_000_is_offered_as_1000(trading):
    at = trading
    partner = game(at).players[at.selectbox(key="trade_target").value]
    assert partner.cash >= 1000
    at.text_input(key="trade_get_cash").set_value("1,000")
    at.button(key="trade_go").click().run()
    assert not at.exception
    [offer] = offers(game(at))
    assert offer.get_cash == 1000 and offer.give_cash == 0


@pytest.mark.parametrize("box", ["trade_give_cash", "trade_get_cash"])
def test_a_trade_of_99999999999999999999_is_refused_naming_the_amount(trading, box):
    at = trading
    g = game(at)
    before = where(g)
    who = "You have" if box == "trade_give_cash" else f"{g.players[at.selectbox(key='trade_target').value].name} has"
    at.text_input(key=box).set_value(HUGE)
    at.button(key="trade_go").click().run()
    assert not at.exception
    assert where(game(at)) == before and not offers(game(at))
    assert "Trade not proposed" in shown(at)
    assert "in cash, not $99,999,999,999,999,999,999." in shown(at) and who in shown(at)
    assert not at.button(key="trade_go").disabled      # (on: a corrected amount and one click are sent)


def test_a_ticket_count_with_a_money_sign_is_refused_in_words():
    # (a count is no money: the same reading, without the money sign)
    from test_page_play_mega import mega_trade_form
    at = mega_trade_form()
    at.text_input(key="trade_give_token_bus_ticket").set_value("$2").run()
    assert "The number of bus tickets is a count, not money: type digits only." in shown(at)


def test_a_trade_of_30_digits_says_how_long_a_number_it_is_as_the_bid_does(trading):
    # (a follow-up of the outside review's bid: the trade form wrote a 30-digit amount out in full, grouped)
    at = trading
    at.text_input(key="trade_give_cash").set_value("1" * 30)
    at.button(key="trade_go").click().run()
    assert not at.exception and not offers(game(at))
    assert "in cash, not a number of 30 digits." in shown(at) and "111,111" not in shown(at)


def test_choosing_another_partner_empties_the_trade_form(trading):
    # (a walkthrough: $150 offered to one player stayed in "You give" and went out in an offer to another)
    at = trading
    at.text_input(key="trade_give_cash").set_value("150").run()
    at.text_input(key="trade_get_cash").set_value("20").run()
    options = at.selectbox(key="trade_target").options
    assert len(options) >= 2
    at.selectbox(key="trade_target").select_index(1).run()
    assert not at.exception
    assert at.text_input(key="trade_give_cash").value == "0" and at.text_input(key="trade_get_cash").value == "0"
    assert at.multiselect(key="trade_give_sq").value == []
