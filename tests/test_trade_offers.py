"""Trade offers a person can stop (issue 14: "Bots' repeated trade offers: at most one pending offer per bot per
turn, and a 'decline all from this bot for the rest of the game' choice")."""
import pytest

from monopoly_core import STANDARD, Action, Game, IllegalAction, PlayerSpec, Trade, bots, preset, sharelink
from monopoly_core import actions as A
from monopoly_core import decisions as D
from monopoly_core import events as E
from scenario import give, table


def test_a_player_may_decline_every_later_offer_from_a_proposer():
    g = table(3, arrange=lambda g: (give(g, 0, 1), give(g, 1, 3), give(g, 2, 6)))
    offer = Trade(0, 1, give_cash=100, get_squares=(3,))
    g.act(Action(A.TRADE, trade=offer))
    assert Action(A.REJECT_ALL) in g.legal_actions()
    g.act(Action(A.REJECT_ALL))
    assert [(e.player, e.other) for e in g.log if e.kind == E.OFFERS_DECLINED] == [(1, 0)]
    with pytest.raises(IllegalAction, match="P1 declines every trade offer from P0"):
        g.act(Action(A.TRADE, trade=offer))
    g.act(Action(A.TRADE, trade=Trade(0, 2, give_cash=100, get_squares=(6,))))     # others may still be asked
    assert g.pending.kind == D.TRADE_RESPONSE and g.pending.player == 2


def _plain(d) -> Action:
    """The person's stand-in answer: the first option that is not a management action (raising money when in
    debt, when that is all there is)."""
    options = d.legal_actions()
    return next((a for a in options if a.kind not in A.MANAGE), options[0])


def _first_offer_to_the_person(rules, seed):
    """A game where seat 0 is a person who answers everything with the first plain option, stopped when a bot
    first offers it a trade (None if no bot does within 200 turns)."""
    specs = [PlayerSpec("Ann", "person")] + [PlayerSpec(f"Bot {i}", "bot", "set-collector") for i in (1, 2)]
    g = Game.new(rules, specs, seed)
    while not g.over and g.turn < 200:
        d = g.pending
        if d is not None and d.player == 0:
            if d.kind == D.TRADE_RESPONSE:
                return g
            g.act(_plain(d))
        else:
            g.step()
    return None


def test_bots_offer_at_most_once_a_turn_and_never_again_after_decline_all():
    rules = preset("classic-us", turn_limit=200)
    g = next(g for g in (_first_offer_to_the_person(rules, s) for s in range(30)) if g is not None)
    proposer = g.pending.other
    g.act(Action(A.REJECT_ALL))
    while not g.over and g.turn < 400:
        d = g.pending
        if d is not None and d.player == 0:
            assert not (d.kind == D.TRADE_RESPONSE and d.other == proposer), "an offer after decline-all"
            g.act(_plain(d))
        else:
            g.step()
    offers = [(e.turn, e.player) for e in g.log if e.kind == E.TRADE_OFFER]
    assert len(offers) == len(set(offers)), "a bot made two offers in one turn"


def test_bots_make_at_most_one_offer_a_turn_in_bot_games():
    for seed in range(10):
        g = Game.new(preset("classic-uk"), bots(list(STANDARD)), seed)
        g.run()
        offers = [(e.turn, e.player) for e in g.log if e.kind == E.TRADE_OFFER]
        assert len(offers) == len(set(offers))


def test_the_play_page_offers_decline_all_as_a_button():
    from test_page_play import _open_link
    rules = preset("classic-us", turn_limit=200)
    g = next(g for g in (_first_offer_to_the_person(rules, s) for s in range(30)) if g is not None)
    at = _open_link(sharelink.encode(g))
    name = g.players[g.pending.other].name
    button = next(b for b in at.button if b.label == f"Reject, and every later offer from {name}")
    button.click().run()
    assert not at.exception
    after = at.session_state["play_game"]
    assert (0, g.pending.other) in after.declined
    assert any(e.kind == E.OFFERS_DECLINED for e in after.log)


def test_the_play_page_says_what_an_offer_gives_and_what_it_asks_for_in_words():
    """A browser review: the offer read "X for Y (theirs first, yours after 'for')", a riddle to a class."""
    from apptest_helpers import shown
    from test_page_play import _open_link

    from monopoly_core.narrate import trade_sides
    rules = preset("classic-us", turn_limit=200)
    g = next(g for g in (_first_offer_to_the_person(rules, s) for s in range(30)) if g is not None)
    gives, gets = trade_sides(g.pending.trade, g)
    at = _open_link(sharelink.encode(g))
    name = g.players[g.pending.other].name
    assert f"{name} offers you {gives}, and asks you for {gets} in return." in shown(at).replace("*", "")
    assert "theirs first" not in shown(at)
