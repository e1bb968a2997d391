"""Hostile input to the Cheaters Edition: bad cheat files, bad rule values, edited saves and links, and an illegal
answer to each of the edition's decisions. Every one is refused with a message saying what was wrong, and nothing
is lost (the game stays where it was)."""
import json

import pytest

from cheaters_table import blind, cheaters, to
from monopoly_core import Action, BadSave, Game, IllegalAction, InvalidRules, PlayerSpec, preset, savefile, sharelink
from monopoly_core import actions as A
from monopoly_core import decisions as D
from monopoly_core.editions import cheaters_actions as C
from monopoly_core.editions import cheaters_turn, cheats
from monopoly_core.errors import DataError

CARD = {"name": "Bank Job", "act": "Take £100.", "effect": "take_cash", "amount": 100, "reward": 50,
        "penalty": 100, "difficulty": 40}


@pytest.mark.parametrize("raw, words", [
    ({"cheats": "Bank Job"}, "must be a list"),
    ({"cheats": [1]}, "must be a [[cheats]] table"),
    ({"cheats": [{**CARD, "effect": ["take_cash"]}]}, "unknown effect"),
    ({"cheats": [{**CARD, "effect": "vanish"}]}, "unknown effect 'vanish'"),
    ({"cheats": [{**CARD, "name": "  "}]}, "needs a name"),
    ({"cheats": [{**CARD, "act": 5}]}, "needs a act"),
    ({"cheats": [{**CARD, "jail": "no"}]}, "jail must be true or false"),
    ({"cheats": [{**CARD, "amount": -5}]}, "amount must be a whole number from 0"),
    ({"cheats": [{**CARD, "reward": 10**12}]}, "reward must be a whole number from 0 to 100,000"),
    ({"cheats": [{**CARD, "penalty": 1.5}]}, "penalty must be a whole number"),
    ({"cheats": [{**CARD, "difficulty": 101}]}, "difficulty must be a whole number from 0 to 100"),
    ({"cheats": [{**CARD, "difficulty": True}]}, "difficulty must be a whole number"),
    ({"cheats": []}, "has no cheats"),
    ({"cheats": [CARD], "title": 3}, "title must be text"),
    ({"cheats": [CARD], "ultimate": []}, "[ultimate] must be a table"),
    ({"cheats": [CARD], "ultimate": {"cap_percent": "x"}}, "cap_percent must be a whole number"),
    ({"cheats": [CARD], "ultimate": {"take_cash": [50, 0]}}, "take_cash must list sizes from 1"),
    ({"cheats": [CARD], "ultimate": {"take_cash": [10**9]}}, "take_cash must list sizes from 1 to 100,000"),
    ({"cheats": [CARD], "ultimate": {"take_cash": [50], "take_cash_percent_per_unit": float("nan")}},
     "take_cash_percent_per_unit must be a percent"),
    ({"cheats": [CARD], "ultimate": {"take_cash": [50], "take_cash_percent_per_unit": -1}}, "must be a percent"),
    ({"cheats": [CARD], "ultimate": {"take_cash": [50], "take_cash_penalty_per_unit": -2}},
     "take_cash_penalty_per_unit must be a whole number from 0"),
])
def test_a_bad_cheat_file_is_refused_saying_where_and_why(raw, words):
    with pytest.raises(DataError, match=words.replace("[", r"\[").replace("]", r"\]")):
        cheats.cheat_deck(raw, "mine")


def test_the_cheat_file_of_the_lab_loads():
    deck = cheats.cheat_deck({"cheats": [CARD], "ultimate": {"take_cash": [50], "take_cash_percent_per_unit": 0.5,
                                                               "take_cash_penalty_per_unit": 2}}, "mine")
    assert len(deck.cards) == 1 and [(c.amount, c.penalty, c.difficulty) for c in deck.free] == [(50, 100, 25)]


@pytest.mark.parametrize("field, value", [("face_up_cheats", 0), ("face_up_cheats", 16), ("face_up_cheats", "5"),
                                          ("false_accusation_fine", -1), ("hotel_auction_increment", 0),
                                          ("ultimate_cheats", "yes"), ("cheat_deck", ""), ("cheat_deck", "nope"),
                                          ("cheat_deck", "../cards/uk-chance")])
def test_bad_values_of_the_cheaters_rules_are_refused_naming_the_field(field, value):
    with pytest.raises(InvalidRules, match=field):
        preset("cheaters", **{field: value}).validate()


def _played(seed: int = 4) -> Game:
    """A Cheaters game in which a person attempted cheats and called "Cheat!" on a bot."""
    g = Game.new(preset("cheaters"), [PlayerSpec("Ann", "person"), PlayerSpec("Rob", "bot", "always-buy")],
                 seed=seed)
    for _ in range(600):
        if g.over:
            break
        d = g.pending
        if d is not None and d.player not in g.bots and cheaters_turn.callers(g) and g.turn % 3 == 0:
            g.act(Action(C.CALL, 0))
            continue
        if d is None or d.player in g.bots:
            g.step()
            continue
        options = d.legal_actions()
        g.act(next((a for a in options if a.kind == C.ATTEMPT), options[0]))
    kinds = {a.kind for a in g.history.actions}
    assert {C.CALL, C.ATTEMPT} <= kinds
    return g


def test_a_saved_cheaters_game_loads_as_it_was_and_an_edited_one_is_refused():
    g = _played()
    again = savefile.loads(savefile.dumps(g))
    assert again.log.signature() == g.log.signature() and again.ply == g.ply
    data = json.loads(savefile.dumps(g))
    calls = [i for i, a in enumerate(data["history"]["actions"]) if a[0] == C.CALL]
    data["history"]["actions"][calls[0]] = [C.CALL, 1]          # the call now made by the bot
    with pytest.raises(BadSave, match="not legal|edited"):
        savefile.loads(json.dumps(data))


@pytest.mark.parametrize("edit, words", [([C.CALL, 1], "bot"), ([C.CALL, 9], "no player 9"),
                                         ([C.CALL, -4], "no player -4"), ([C.PICK, 0], "answers 'pick' where the game asked whether to cheat"),
                                         (["call", "x"], "action")])
def test_a_share_link_with_an_edited_cheaters_action_is_refused(edit, words):
    g = _played()
    history = g.history
    actions = [a.to_json() for a in history.actions]
    i = next(i for i, a in enumerate(actions) if a[0] == C.CALL)
    actions[i] = edit
    link = sharelink.encode(g)
    link["actions"] = sharelink._pack(actions)
    with pytest.raises(BadSave, match=words):
        sharelink.open_link(link)


def _refused(g: Game, action, words: str) -> None:
    before = (g.log.signature(), g.ply, g.pending, [p.cash for p in g.players], list(cheats.table(g).face_up))
    with pytest.raises(IllegalAction, match=words):
        g.act(action)
    assert (g.log.signature(), g.ply, g.pending, [p.cash for p in g.players],
            list(cheats.table(g).face_up)) == before


def test_illegal_answers_to_the_cheat_plan_are_refused_and_change_nothing():
    g = cheaters(2)
    to(g, D.CHEAT)
    _refused(g, Action(C.ATTEMPT, 7), "no face-up cheat card in place 7")
    _refused(g, Action(C.PLAY_CARD, 5), "no deck 5")
    _refused(g, Action(C.PLAY_CARD, 0), "you hold no card")
    _refused(g, Action(C.FREE_CHEAT, 0), "ultimate cheat's mode is off")
    _refused(g, Action(C.DRAW_DECK, 0), "not an option")
    _refused(g, Action(A.ROLL), "not an option")
    _refused(g, "attempt", "not an Action")


def test_illegal_answers_to_the_card_decisions_are_refused_and_change_nothing():
    g = cheaters(2)
    g.arrange().hold_card(0, "chance", "send another player")
    g.arrange().position(0, 17)
    to(g, D.CHEAT)
    g.act(C.A_NO_CHEAT)
    to(g, D.PRE_ROLL)
    g.arrange().next_rolls((1, 2))                      # Free Parking
    g.act(Action(A.ROLL))
    d = to(g, D.PARKING_DECK)
    _refused(g, Action(C.DRAW_DECK, 2), "no deck 2")
    _refused(g, C.A_KEEP_NEW, "not an option")
    g.arrange().card_on_top("chance", "fell off the back of a lorry")
    g.act(Action(C.DRAW_DECK, 0))
    d = to(g, D.KEEP_CARD)
    _refused(g, Action(C.DRAW_DECK, 0), "not an option")
    assert d is g.pending


def test_illegal_targets_and_sales_are_refused_and_change_nothing():
    g = cheaters(3)
    g.arrange().hold_card(0, "chance", "send another player")
    to(g, D.CHEAT)
    g.act(Action(C.PLAY_CARD, 0))
    assert g.pending.kind == D.CHEAT_TARGET
    _refused(g, Action(C.PICK, 0), "not one of the players")
    _refused(g, Action(C.PICK, 99), "not one of the players")
    _refused(g, Action(C.CALL, 1), "not an option")
    g.act(Action(C.PICK, 2))
    g2 = cheaters(2, bots={1: blind})
    g2.arrange().deed(3, 1).deed(1, 0)                  # Whitechapel Road the bot's, Old Kent Road seat 0's
    to(g2, D.CHEAT)
    g2.act(C.A_NO_CHEAT)
    to(g2, D.PRE_ROLL)
    g2.arrange().cash(0, 0).next_rolls((1, 2))          # to Whitechapel Road with no cash: a debt of its rent
    g2.act(Action(A.ROLL))
    assert to(g2, D.DEBT).player == 0
    _refused(g2, Action(C.SELL_TO_BANK, 3), "you do not own")
    _refused(g2, Action(C.SELL_TO_BANK, 0), "no property 0")
    _refused(g2, Action(C.SELL_TO_BANK, 400), "no property 400")
    g2.act(Action(C.SELL_TO_BANK, 1))                   # the legal sale goes through
    assert g2.owner[1] == -1


def test_a_get_out_of_jail_free_card_is_not_used_at_a_second_draw():
    # SEED "you may not play Chance or Community Chest cards (except for Get Out of Jail Free)" - and that one is used
    # to leave jail, not at a draw
    g = cheaters(2)
    g.arrange().hold_card(0, "chance", "get out of jail")
    g.arrange().card_on_top("chance", "rigged raffle")
    g.arrange().position(0, 4)
    to(g, D.CHEAT)
    g.act(C.A_NO_CHEAT)
    to(g, D.PRE_ROLL)
    g.arrange().next_rolls((1, 2))                      # Chance
    g.act(Action(A.ROLL))
    d = to(g, D.KEEP_CARD)
    assert Action(C.USE_OLD) not in d.legal_actions() and Action(C.USE_NEW) in d.legal_actions()
    _refused(g, Action(C.USE_OLD), "cannot be used now")
