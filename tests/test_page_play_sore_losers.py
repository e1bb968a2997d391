"""AppTest: a person plays Monopoly for Sore Losers on the Play page (issue 16): the coins and the token are shown,
the person cashes in four coins with a button and, as Mr Monopoly, chooses what to steal from a trapped player
(seed ../shared/seeds/000_e69c306a8b2b524d.txt: "cash in four sore loser coins ... You may then steal one property
from that player")."""
from apptest_helpers import open_page, texts
from test_page_play import buttons, step_until_person

from monopoly_core import decisions as D
from monopoly_core.editions import sore_losers_state as sl

PALL_MALL, EUSTON = 11, 8


def test_a_person_cashes_in_coins_and_chooses_a_steal():
    at = open_page("pages/play.py")
    at.selectbox(key="setup_preset").set_value("sore-losers").run()
    at.text_input(key="setup_n").set_value("3").run()
    at.text_input(key="setup_seed").set_value("16").run()
    at.button(key="start_game").click().run()
    assert not at.exception, [e.value for e in at.exception]
    g = at.session_state["play_game"]
    assert g.rules.edition == "sore-losers" and g.players[0].kind == "person"
    assert "2 sore loser coins" in texts(at) and "Mr Monopoly: in the centre" in texts(at)
    g.arrange().extra("coins", 0, 4)                       # a teacher sets up the comeback
    g = step_until_person(at)
    assert g.pending.kind == D.CASH_IN
    assert "cash them in" in texts(at)
    # the trapped bot stands seven squares ahead, holding a lone street
    me = g.players[0].position
    target = (me + 7) % g.size
    victim = next(p.seat for p in g.players if p.seat != 0)
    g.arrange().position(victim, target).deed(PALL_MALL, victim).deed(EUSTON, victim).next_rolls((3, 4))
    buttons(at)["Cash in four coins: become Mr Monopoly"].click().run()
    assert not at.exception, [e.value for e in at.exception]
    g = at.session_state["play_game"]
    assert sl.mr_monopoly(g) == 0 and sl.coins(g, 0) == 0
    assert "Mr Monopoly: Player 1" in texts(at)
    for _ in range(20):
        g = step_until_person(at)
        if g.pending.kind == D.PROPERTY_STEAL:
            break
        b = buttons(at)
        b[next(lbl for lbl in b if lbl.startswith(("Roll", "End my", "Done", "Don't buy", "Pass")))].click().run()
    assert g.pending.kind == D.PROPERTY_STEAL and g.pending.other == victim
    assert "You trapped" in texts(at)
    buttons(at)["Steal Pall Mall (£140)"].click().run()
    assert not at.exception, [e.value for e in at.exception]
    g = at.session_state["play_game"]
    assert g.owner[PALL_MALL] == 0 and victim in sl.trapped_seats(g)
    assert "trapped under Mr Monopoly" in texts(at)


def test_the_sore_loser_rules_are_offered_only_for_the_sore_losers_preset():
    # 000: "Each player takes two sore loser coins"; the coin rules are RuleSet fields a group may change
    at = open_page("pages/play.py")
    assert not [e for e in at.expander if e.label == "Sore Losers"]
    at.selectbox(key="setup_preset").set_value("sore-losers").run()
    assert [e for e in at.expander if e.label == "Sore Losers"]
    at.text_input(key="rule_starting_coins").set_value("3").run()
    at.button(key="start_game").click().run()
    assert not at.exception, [e.value for e in at.exception]
    g = at.session_state["play_game"]
    assert [sl.coins(g, p.seat) for p in g.players] == [3] * len(g.players)


def test_a_person_home_at_go_is_told_why_there_is_no_roll_and_may_build():
    # 001: once home, players "stop taking turns and wait for the other players to catch up"; 000 BUILDINGS: "you
    # don't have to wait for your turn": at their place in the order the page offers the window, in words
    at = open_page("pages/play.py")
    at.selectbox(key="setup_preset").set_value("sore-losers").run()
    at.text_input(key="setup_n").set_value("2").run()
    at.text_input(key="setup_seed").set_value("2").run()     # the bot plays first: arranged before seat 0's turn
    at.button(key="start_game").click().run()
    g = at.session_state["play_game"]
    assert g.turn == 0
    arrange = g.arrange()
    for s in g.board.properties:
        arrange.deed(s, 0 if s in (37, 39) else 1)
    arrange.position(0, 0).position(1, 20)               # seat 0 stands on GO as the lap begins: home
    for _ in range(30):
        g = step_until_person(at)
        if g.pending.kind == D.POST_ROLL and g.pending.player == 0:
            break
        b = buttons(at)
        b[next(lbl for lbl in b if lbl.startswith(("Roll", "End my", "Done", "Don't buy", "Pass", "Wait")))].click().run()
    assert g.final_lap[0] and g.pending.kind == D.POST_ROLL and g.pending.player == 0
    assert "You are home at GO: you roll no more." in texts(at)
    assert not [b for b in buttons(at) if b.startswith("Roll")] and "End my turn" in buttons(at)
    assert "Build a house on Mayfair (£200)" in texts(at) + " ".join(str(o) for s in at.selectbox for o in s.options)


def test_the_free_house_picker_lists_the_deciders_own_streets_first():
    # 000: "place one free House on any street ... you don't have to own it": the picker's first street (chosen
    # unless changed) is one's own, then the bank's, then the others' (a browser review placed one on an
    # opponent's street, the first listed)
    from scenario import give, roll, until
    from monopoly_core import decisions as D
    from pages._decision import placing_order
    from test_sore_losers_rules import sl
    OLD_KENT, PARK_LANE = 1, 37

    def arrange(g):
        g.arrange().extra("mr_monopoly", 1, 0)
        give(g, 0, OLD_KENT)
        give(g, 1, PARK_LANE)
    g = sl(arrange=arrange)
    roll(g, (2, 2))
    until(g, D.FREE_HOUSE)
    d = g.pending
    order = [a.square for a in placing_order(d, g, d.legal_actions())]
    assert d.player == 1 and order[0] == PARK_LANE and order.index(OLD_KENT) == len(order) - 1


def test_a_mortgaged_street_s_buildings_are_said_to_be_mothballed():
    # 001: "If a street with buildings on it is mortgaged, the buildings are mothballed and no rent is collected from
    # that street until it is unmortgaged" (a walkthrough read "Strand (mortgaged) (1 house)" as a broken rule)
    at = open_page("pages/play.py")
    at.selectbox(key="setup_preset").set_value("sore-losers").run()
    at.button(key="start_game").click().run()
    g = at.session_state["play_game"]
    strand = next(s.index for s in g.board.squares if s.name == "Strand")
    g.arrange().deed(strand, 0, level=1, mortgaged=True)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert "(mortgaged, its 1 house mothballed: no rent)" in texts(at)
