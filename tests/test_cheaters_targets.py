"""Whom or what a Cheaters card or cheat acts on: a person chooses where the rule book implies a choice, a bot takes
the automatic choice (seed 003_2efce0b9b7f6c0c4.txt first part, "send another player to Jail for no reason";
"Some Cheat, Chance and Community Chest cards will allow you to ... move or place Hotels"; the reference's cheats
"remove a hotel from someone else's property", "move another player's token")."""
import pytest

from cheaters_table import blind, cheaters, events, to
from monopoly_core import Action, IllegalAction
from monopoly_core import decisions as D
from monopoly_core import events as E
from monopoly_core.editions import cheaters_actions as C
from monopoly_core.editions import cheaters_targets as T
from monopoly_core.editions import cheats

OLD_KENT, ANGEL, STRAND, MAYFAIR = 1, 6, 21, 39


def _sending_to_jail():
    """Three players, £100 and £900 for seats 1 and 2; seat 0 plays its held "send another player to Jail" card and
    is asked whom."""
    g = cheaters(3)
    g.arrange().cash(1, 100).cash(2, 900).hold_card(0, "chance", "send another player")
    to(g, D.CHEAT)
    g.act(Action(C.PLAY_CARD, 0))
    return g


def test_a_person_chooses_whom_a_card_sends_to_jail():
    # SEED "send another player to Jail for no reason"
    g = _sending_to_jail()
    d = g.pending
    assert d.kind == D.CHEAT_TARGET and d.player == 0 and d.item == T.PLAYER
    assert d.legal_actions() == [Action(C.PICK, 1), Action(C.PICK, 2)]
    with pytest.raises(IllegalAction, match="not one of the players"):
        g.act(Action(C.PICK, 0))                       # not oneself
    g.act(Action(C.PICK, 1))                           # the poorer one: not the automatic choice
    assert g.players[1].in_jail and not g.players[2].in_jail


def test_a_person_chooses_which_hotel_a_cheat_removes_and_a_bot_takes_the_dearest():
    # reference: "remove a hotel from someone else's property"
    g = cheaters(2)
    g.arrange().deed(STRAND, 1, level=1).deed(MAYFAIR, 1, level=1)
    cheats.arrange_face_up(g, 0, "Hotel Heist")
    to(g, D.CHEAT)
    g.act(Action(C.ATTEMPT, 0))
    d = g.pending
    assert d.kind == D.CHEAT_TARGET and d.item == T.THEIR_HOTEL
    assert {a.square for a in d.legal_actions()} == {STRAND, MAYFAIR}      # (Pentonville's hotel: nobody owns it)
    g.act(Action(C.PICK, STRAND))
    assert g.level[STRAND] == 0 and g.level[MAYFAIR] == 1
    assert T.automatic(g, 0, "remove_hotel", T.THEIR_HOTEL) == MAYFAIR


def test_a_person_chooses_where_a_moved_hotel_comes_from_and_goes():
    # SEED "Some Cheat, Chance and Community Chest cards will allow you to buy, move or place Hotels"
    g = cheaters(2)
    g.arrange().deed(OLD_KENT, 0).deed(ANGEL, 0).deed(STRAND, 1, level=1).deed(MAYFAIR, 1, level=1)
    g.arrange().hold_card(0, "chest", "move another player's hotel")
    to(g, D.CHEAT)
    g.act(Action(C.PLAY_CARD, 1))
    assert g.pending.item == T.THEIR_HOTEL
    g.act(Action(C.PICK, STRAND))
    assert g.pending.item == T.MY_STREET
    g.act(Action(C.PICK, OLD_KENT))
    assert g.level[STRAND] == 0 and g.level[OLD_KENT] == 1 and g.level[ANGEL] == 0 and g.level[MAYFAIR] == 1


def test_a_bot_is_not_asked_and_takes_the_richest_player():
    g = cheaters(3, bots={1: blind})
    g.arrange().cash(0, 900).cash(2, 300)
    ask = T.choose(g, g.players[1], "take_from_player", T.PLAYER)
    with pytest.raises(StopIteration) as done:         # nothing asked: the generator ends at once
        next(ask)
    assert done.value.value == 0
    ask = T.choose(g, g.players[0], "take_from_player", T.PLAYER)
    assert next(ask).kind == D.CHEAT_TARGET            # a person with two candidates is asked


def test_a_bot_answers_the_target_decision_with_its_automatic_choice():
    # every bot answers every decision kind (bots/base.py): asked, it gives the choice the rules take for it
    g = cheaters(3, bots={1: blind})
    g.arrange().cash(0, 300).cash(2, 900)
    g.extra.target = "take_from_player"
    d = D.Decision(g, D.CHEAT_TARGET, 1, item=T.PLAYER)
    assert g.bots[1].choose(d, g) == Action(C.PICK, 2)
    g.extra.target = ""


def test_the_buttons_name_the_players_and_streets_not_squares_to_auction():
    # Reviewer: the Play page labelled a Cheaters target "Auction Old Kent Road" (Mega's words for its own "pick",
    # seat 1 read as square 1); clicking it moved a player
    from pages import _decision
    g = _sending_to_jail()
    d = g.pending
    labels = [_decision.label(a, d, g) for a in d.legal_actions()]
    assert labels == [f"{g.players[1].name} (£100 in cash)", f"{g.players[2].name} (£900 in cash)"]
