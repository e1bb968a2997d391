"""Jail (002 "JAIL"; 003/004 "How do I get out of Jail?")."""
import pytest

from monopoly_core import Action, IllegalAction
from monopoly_core import actions as A
from monopoly_core import decisions as D
from monopoly_core import events as E
from scenario import all_pass, events_of, give, jailed, pays, place, rig_next, roll, stack, table, until


def test_sent_by_the_go_to_jail_square():
    # 002 JAIL: "You land in Jail when (1) your token lands on the space marked 'Go to Jail'"
    g = table(2)
    place(g, 0, 25)
    roll(g, (2, 3))
    until(g, D.POST_ROLL)
    assert g.players[0].in_jail and g.players[0].position == 10
    assert events_of(g, E.JAIL_IN)[-1].detail == 0
    assert [e.square for e in events_of(g, E.MOVE)][-1] == 30   # it lands on Go To Jail first


def test_sent_by_a_card():
    # 002 JAIL: "(2) you draw a card marked 'GO DIRECTLY TO JAIL'"
    g = table(2)
    place(g, 0, 4)
    stack(g, "chance", "Go to Jail")
    roll(g, (1, 2))                       # to Chance (7)
    until(g, D.POST_ROLL)
    assert g.players[0].in_jail
    assert events_of(g, E.JAIL_IN)[-1].detail == 1


def test_pay_the_fine_before_rolling_then_a_normal_turn():
    # 002 JAIL: "(4) Paying a fine of $50 before you roll the dice"; 004: "Pay 50 at the start of your next turn;
    # then, roll and move as normal."
    g = table(2, arrange=jailed(0))
    assert g.pending.kind == D.JAIL
    start = len(g.log)
    cash = g.players[0].cash
    rig_next(g, (2, 2))               # the normal roll follows at once: doubles roll again
    g.act(Action(A.PAY_FINE))
    assert not g.players[0].in_jail
    assert g.players[0].cash == cash - 50
    assert [e.amount for e in pays(g, start, E.R_FINE)] == [50]
    until(g, D.POST_ROLL, D.BUY)
    assert g.players[0].position == 14
    if g.pending.kind == D.BUY:
        g.act(Action(A.DECLINE))
        all_pass(g)
    assert g.pending.kind == D.POST_ROLL and g.pending.again   # doubles after paying count as usual


def test_get_out_of_jail_free_card_is_kept_then_used_and_returned_to_the_bottom():
    # 002 CARDS: "The 'GET OUT OF JAIL FREE!' cards are held until used and then returned to the bottom of the deck."
    kept = []

    def arrange(g):
        jailed(0)(g)
        kept.append(g.arrange().hold_card(0, "chance"))
    g = table(2, arrange=arrange)
    idx = kept[0]
    assert idx not in g.decks["chance"]
    assert Action(A.USE_CARD) in g.legal_actions()
    g.act(Action(A.USE_CARD))
    assert not g.players[0].in_jail and g.players[0].cards == []
    assert g.decks["chance"][-1] == idx
    assert events_of(g, E.JAIL_OUT)[-1].detail == 2


def test_drawing_the_card_keeps_it_out_of_the_deck():
    g = table(2)
    place(g, 0, 4)
    idx = stack(g, "chance", "Get out of Jail Free")
    roll(g, (1, 2))
    until(g, D.POST_ROLL)
    assert g.players[0].cards == [("chance", idx)]
    assert idx not in g.decks["chance"]


def test_doubles_free_the_prisoner_who_moves_but_does_not_roll_again():
    # 002 JAIL: "(1) rolling doubles ... you immediately move forward the number of spaces shown by your doubles
    # roll. Even though you rolled doubles, you do not take another turn."
    g = table(2, arrange=jailed(0))
    roll(g, (3, 3))
    until(g, D.POST_ROLL, D.BUY)
    assert not g.players[0].in_jail and g.players[0].position == 16
    if g.pending.kind == D.BUY:
        g.act(Action(A.BUY))
        until(g, D.POST_ROLL)
    assert g.pending.again is False
    assert events_of(g, E.JAIL_OUT)[-1].detail == 0


def test_third_failed_turn_pays_the_fine_and_moves_by_that_roll():
    # 002 JAIL: "If you don't roll doubles by your third turn, you must pay the fine of $50. You then get out of
    # Jail and immediately move forward the number of spaces shown by your roll."
    g = table(2, arrange=jailed(0, tries=2))
    start = len(g.log)
    roll(g, (1, 2))
    until(g, D.POST_ROLL, D.BUY)
    p = g.players[0]
    assert not p.in_jail and p.position == 13
    assert [e.amount for e in pays(g, start, E.R_FINE)] == [50]
    assert events_of(g, E.JAIL_OUT, start)[-1].detail == 3


def test_jail_turns_is_a_rule():
    g = table(2, arrange=jailed(0, tries=0), jail_turns=1)
    roll(g, (1, 2))
    until(g, D.POST_ROLL, D.BUY)
    assert not g.players[0].in_jail and g.players[0].position == 13


def test_a_failed_try_stays_in_jail():
    g = table(2, arrange=jailed(0))
    roll(g, (1, 2))
    until(g, D.POST_ROLL)
    p = g.players[0]
    assert p.in_jail and p.position == 10 and p.jail_turns == 1


def test_in_jail_a_player_still_collects_rent_and_builds():
    # 002 JAIL: "Even though you are in Jail, you may buy properties from or sell them to other players, buy or
    # sell buildings and collect rents."
    def arrange(g):
        jailed(0)(g)
        give(g, 0, 1, 3)                  # the browns belong to the prisoner
        place(g, 1, 38)
    g = table(2, arrange=arrange)
    assert g.pending.kind == D.JAIL
    build = Action(A.BUILD, 1)
    assert build in g.legal_actions()     # building is allowed from jail
    g.act(build)
    assert g.level[1] == 1
    roll(g, (1, 2))                       # fails to roll doubles; stays
    until(g, D.POST_ROLL)
    g.act(Action(A.END))
    until(g, D.PRE_ROLL)
    start = len(g.log)
    roll(g, (1, 2))                       # seat 1: 38 -> 1 (Mediterranean, 1 house: rent 10)
    until(g, D.POST_ROLL)
    assert [(e.player, e.other, e.amount) for e in pays(g, start, E.R_RENT)] == [(1, 0, 10)]


def test_us_rules_the_fine_cannot_be_paid_before_the_roll_on_the_third_turn():
    # 002 JAIL: "(4) Paying a fine of $50 before you roll the dice on either of your next two turns. If you don't
    # roll doubles by your third turn, you must pay the fine of $50."
    g = table(2, arrange=jailed(0, tries=2))            # classic-us: the third turn in jail
    assert Action(A.PAY_FINE) not in g.legal_actions()
    with pytest.raises(IllegalAction, match="last turn in jail you roll first"):
        g.act(Action(A.PAY_FINE))
    assert g.players[0].in_jail and g.pending.kind == D.JAIL          # nothing changed
    g2 = table(2, arrange=jailed(0, tries=1))           # the second turn: paying first is allowed
    assert Action(A.PAY_FINE) in g2.legal_actions()


def test_uk_rules_the_fine_may_be_paid_at_the_start_of_any_jailed_turn():
    # 004 "How do I get out of Jail?": "1. Pay €50 at the start of your next turn; then, roll and move as normal.
    # ... You can use up to 3 turns to try for a double."
    g = table(2, "classic-uk", arrange=jailed(0, tries=2))
    assert Action(A.PAY_FINE) in g.legal_actions()
    start = len(g.log)
    g.act(Action(A.PAY_FINE))
    assert not g.players[0].in_jail and [e.amount for e in pays(g, start, E.R_FINE)] == [50]
