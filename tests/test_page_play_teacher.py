"""AppTest for what a teacher's first real try of the Play page tripped over (issue 14): the starting position,
rewinding, the game in the address bar, forms that send what they show, wording, rule controls that react to
each other, the title deed, whose turn it is and the hand-over between people."""
from __future__ import annotations

from apptest_helpers import APP, open_page, texts
from streamlit.testing.v1 import AppTest
from test_page_play import click_steps, start


def game(at):
    return at.session_state["play_game"]


# --- item 5: the starting position is shown at once -------------------------------------------------------------
def test_start_shows_the_starting_cash_and_the_pot_seed():
    at = open_page("pages/play.py")
    at.selectbox(key="setup_preset").set_value("classic-uk").run()
    at.selectbox(key="rule_free_parking").set_value("jackpot").run()
    at.number_input(key="rule_free_parking_seed").set_value(500).run()
    g = start(at, seed=31)
    assert g.turn == 0 and g.pot == 500 and all(p.cash == 1500 for p in g.players)
    shown = texts(at)
    assert shown.count("cash **\u00a31,500**") == len(g.players), shown
    assert "Free Parking pot \u00a3500" in shown
    assert "plays 1st" in shown                      # the turn order is rolled: part of the set-up
    assert at.button(key="ctl_undo").disabled        # nothing to undo but the set-up itself


def test_restart_shows_the_starting_position_too():
    at = open_page("pages/play.py")
    start(at, seed=8, bot_seat0=True)
    click_steps(at, 6)
    at.button(key="ctl_restart").click().run()
    g = game(at)
    assert g.turn == 0 and g.ply > 0 and all(p.cash == g.rules.starting_cash for p in g.players)


# --- item 6: rewinding lands on the turn asked for --------------------------------------------------------------
def test_rewind_to_turn_92_lands_on_turn_92():
    at = open_page("pages/play.py")
    start(at, seed=3, bot_seat0=True)
    at.button(key="ctl_end").click().run()
    g = game(at)
    assert g.over and len(g.turn_plies) > 92
    at.number_input(key="rewind_turn").set_value(92).run()
    at.button(key="ctl_rewind").click().run()
    back = game(at)
    assert back.turn == 92 and back.ply == g.turn_plies[91] + 1
    assert "turn 92 \u00b7" in texts(at) and "Rewound to the start of turn 92" in texts(at)
    assert back.log.signature() == tuple(c[:len(back.log)] for c in g.log.signature())


def test_rewind_refuses_a_turn_not_reached_and_keeps_the_game():
    at = open_page("pages/play.py")
    start(at, seed=13, bot_seat0=True)
    for _ in range(3):
        at.button(key="ctl_turn").click().run()
    g = game(at)
    at.number_input(key="rewind_turn").set_value(len(g.turn_plies) + 5).run()
    at.button(key="ctl_rewind").click().run()
    assert game(at) is g
    assert "There is no turn" in texts(at)


# --- item 4: the address bar holds the game, so a reload brings it back -----------------------------------------
def test_the_address_bar_follows_the_game_and_a_reload_reopens_it():
    at = open_page("pages/play.py")
    start(at, seed=9, bot_seat0=True)
    assert at.query_params["steps"] == str(game(at).ply)
    click_steps(at, 12)
    g = game(at)
    params = dict(at.query_params.items())
    assert params["seed"] == "9" and params["steps"] == str(g.ply)
    # a reload is a new session opening the same address
    other = AppTest.from_file(APP, default_timeout=60)
    for k, v in params.items():
        other.query_params[k] = v
    other.run()
    other.switch_page("pages/play.py").run()
    assert not other.exception
    assert game(other).log.signature() == g.log.signature()
    # undo changes the history: the address follows
    at.button(key="ctl_undo").click().run()
    assert at.query_params["steps"] == str(g.ply - 1)


# --- item 2: the forms send what they show, or refuse in words --------------------------------------------------
def _events_of(g, kind, seat):
    return [ev for ev in g.log.since(0) if ev.kind == kind and ev.player == seat]


def bid_box(at):
    return next(n for n in at.number_input if n.label == "Your bid")


def test_a_bid_above_the_cash_is_refused_beside_the_button_and_nothing_is_sent():
    from monopoly_core import events as E
    from test_page_play import buttons, step_until_person, until_person_buys
    at = open_page("pages/play.py")
    start(at, seed=11)
    until_person_buys(at)
    b = buttons(at)
    b[next(lbl for lbl in b if lbl.startswith("Don't buy"))].click().run()
    g = step_until_person(at)
    assert g.pending.kind == "bid" and g.pending.player == 0
    ply, cash = g.ply, g.players[0].cash
    # typed and clicked at once (the browser sends the box's new amount with the click): refused, nothing sent
    bid_box(at).set_value(99999)
    at.button(key="bid_go").click().run()
    assert game(at).ply == ply and not _events_of(game(at), E.BID, 0)
    assert "Bid not sent" in texts(at)
    # and from then on the button is off, with the reason beside it
    assert at.button(key="bid_go").disabled and at.button(key="bid_go").label == "Bid $99,999"
    assert any("You have only" in e.value for e in at.error)
    amount = min(cash, g.pending.minimum + 7)
    bid_box(at).set_value(amount).run()
    assert at.button(key="bid_go").label.endswith(f"${amount:,}")     # the button says the amount in the box
    at.button(key="bid_go").click().run()
    assert [ev.amount for ev in _events_of(game(at), E.BID, 0)] == [amount]


def test_a_trade_asking_more_cash_than_you_have_is_refused_and_nothing_is_sent():
    from monopoly_core import events as E
    from test_page_play import step_until_person
    at = open_page("pages/play.py")
    start(at, seed=11)
    g = step_until_person(at)
    assert g.pending.allows_trade
    ply = g.ply
    # typed and clicked at once (the browser sends the box's new amount with the click): refused, nothing sent
    at.number_input(key="trade_give_cash").set_value(99999)
    at.button(key="trade_go").click().run()
    assert game(at).ply == ply and not _events_of(game(at), E.TRADE_OFFER, 0)
    assert "Trade not proposed" in texts(at)
    assert at.button(key="trade_go").disabled
    assert any("You have only $1,500 in cash, not $99,999" in e.value for e in at.error)
    at.number_input(key="trade_give_cash").set_value(10).run()
    assert not at.button(key="trade_go").disabled
    at.button(key="trade_go").click().run()
    offers = _events_of(game(at), E.TRADE_OFFER, 0)
    assert len(offers) == 1 and game(at).log.extras[offers[0].detail].give_cash == 10
