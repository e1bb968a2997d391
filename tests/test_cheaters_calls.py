"""Calling "Cheat!" in the Cheaters Edition is something a person may do, not a question each turn (seed
003_2efce0b9b7f6c0c4.txt, "How Do I Catch a Cheat?": "When you think that someone's cheated, call out, 'CHEAT!' ...
before the next player rolls the dice"). A person interjects a call while a window of the watched player's turn is
open, or at the next player's look at the cheat cards; step play, batch play and replay stay identical."""
import pytest

from cheaters_table import SEED, blind, cheaters, events, roll, to, to_seat
from monopoly_core import Action, Game, IllegalAction, PlayerSpec, preset
from monopoly_core import actions as A
from monopoly_core import decisions as D
from monopoly_core import events as E
from monopoly_core.editions import cheaters_actions as C
from monopoly_core.editions import cheaters_turn, cheats


def test_calling_is_an_interjection_of_the_edition():
    # the engine's window decisions carry it as an action taken in between, like building (decisions.INTERJECTIONS)
    assert C.CALL in D.INTERJECTIONS


def test_people_are_never_asked_to_call_at_the_start_of_a_turn():
    # SEED "When you think that someone's cheated, call out": a person calls when they think so, and is not asked
    table = [PlayerSpec("Ann", "person"), PlayerSpec("Bo", "person"), PlayerSpec("Cy", "bot", "always-buy"),
             PlayerSpec("Di", "bot", "cautious")]
    g = Game.new(preset("cheaters"), table, seed=5)
    plain = {D.CHEAT: C.A_NO_CHEAT, D.PRE_ROLL: Action(A.ROLL), D.JAIL: Action(A.ROLL), D.POST_ROLL: Action(A.END),
             D.BETWEEN_TURNS: Action(A.END),
             D.BUY: Action(A.DECLINE), D.BID: Action(A.PASS), D.PARKING_DECK: Action(C.DRAW_DECK, 0),
             D.KEEP_CARD: C.A_KEEP_OLD}
    asked = set()
    for _ in range(3_000):
        if g.over or g.turn > 40:
            break
        d = g.pending
        if d is None or d.player in g.bots:
            g.step()
            continue
        asked.add(d.kind)
        g.act(plain[d.kind] if d.kind in plain else d.legal_actions()[0])
    assert g.turn > 40 and D.CALL_CHEAT not in asked


def test_a_person_calls_on_the_player_whose_turn_it_is_during_their_window():
    g = cheaters(3, bots={1: blind})
    cheats.arrange_face_up(g, 0, "Bank Job")
    to(g, D.CHEAT)
    assert cheaters_turn.callers(g) == []               # nobody has had a turn yet
    g.act(Action(C.ATTEMPT, 0))                         # seat 0 cheats, then waits to roll
    d = to(g, D.PRE_ROLL)
    assert d.player == 0 and cheaters_turn.watched(g) == 0 and cheaters_turn.callers(g) == [2]
    card = cheats.table(g).pending.card
    g.act(Action(C.CALL, 2))                            # seat 2, a person, calls during seat 0's window
    assert events(g, E.ACCUSATION)[-1].detail == E.ACCUSED_RIGHTLY
    assert g.players[0].cash == 1500 - card.penalty
    assert g.pending is d                               # the same window is asked again
    assert cheaters_turn.callers(g) == []               # once each


def test_the_call_window_closes_when_the_next_player_moves_on_from_the_cheat_cards():
    # SEED "call out, 'CHEAT!' ... before the next player rolls the dice" (their first answer stands for it)
    g = cheaters(2)
    to(g, D.CHEAT)
    g.act(C.A_NO_CHEAT)
    roll(g, (1, 2))
    d = to(g, D.CHEAT)                                  # seat 1 looks at the cheat cards: seat 0 still watched
    assert d.player == 1 and cheaters_turn.watched(g) == 0 and cheaters_turn.callers(g) == [1]
    g.act(C.A_NO_CHEAT)
    d = to(g, D.PRE_ROLL)
    assert cheaters_turn.watched(g) == 1 and cheaters_turn.callers(g) == [0]
    with pytest.raises(IllegalAction, match="yourself"):
        g.act(Action(C.CALL, 1))


@pytest.mark.parametrize("caller, words", [(1, "bot"), (0, "yourself"), (7, "no player 7"), (-1, "no player")])
def test_illegal_calls_are_refused_with_a_reason_and_change_nothing(caller, words):
    g = cheaters(3, bots={1: blind})
    to(g, D.CHEAT)
    g.act(C.A_NO_CHEAT)
    d = to(g, D.PRE_ROLL)
    before = (g.log.signature(), g.ply, [p.cash for p in g.players])
    with pytest.raises(IllegalAction, match=words):
        g.act(Action(C.CALL, caller))
    assert (g.log.signature(), g.ply, [p.cash for p in g.players]) == before and g.pending is d


def test_a_call_is_refused_in_a_decision_that_is_not_a_window_of_the_turn():
    g = cheaters(2)
    to(g, D.CHEAT)
    g.act(C.A_NO_CHEAT)
    roll(g, (1, 2))                                     # Whitechapel Road: buy or auction
    to(g, D.BUY)
    with pytest.raises(IllegalAction, match="not an option"):
        g.act(Action(C.CALL, 1))


def test_a_cheat_caught_by_a_call_after_doubles_ends_the_turn_in_jail():
    # SEED "you can also be sent there if you're caught cheating"; "Go To Jail ... Your turn is now over"
    g = cheaters(2)
    cheats.arrange_face_up(g, 0, "Quiet Loan")           # caught: penalty and jail
    to(g, D.CHEAT)
    g.act(Action(C.ATTEMPT, 0))
    roll(g, (2, 2))                                      # doubles: the window before rolling again
    d = to(g, D.POST_ROLL)
    assert d.again and d.player == 0
    g.act(Action(C.CALL, 1))
    assert g.players[0].in_jail
    g.act(Action(A.END))
    d = to(g, D.CHEAT)
    assert d.player == 1                                 # no roll again from jail
    assert [e for e in g.log if e.kind == E.ROLL and e.player == 0 and e.turn == 1].__len__() == 1


def test_a_call_on_a_bots_window_in_step_play_replays_exactly():
    # Determinism: the bot was not asked when a person called in its window, and is not asked in the replay either
    table = [PlayerSpec("Ann", "person"), PlayerSpec("Rob", "bot", "random")]
    g = Game.new(preset("cheaters"), table, seed=3)
    calls = 0
    for _ in range(4_000):
        if g.over or calls >= 6:
            break
        d = g.pending
        if d is not None and cheaters_turn.callers(g) and d.player in g.bots:
            g.act(Action(C.CALL, 0))
            calls += 1
            continue
        if d is None or d.player in g.bots:
            g.step()
            continue
        g.act(d.legal_actions()[0])
    assert calls >= 3
    again = Game.replay(g.history)
    assert again.log.signature() == g.log.signature()
    for game in (g, again):                             # (undo and rewind replay, then play on: the bot's stream
        for _ in range(600):                            # must be where it was)
            if game.over:
                break
            d = game.pending
            game.step() if d is None or d.player in game.bots else game.act(d.legal_actions()[0])
    assert again.log.signature() == g.log.signature()


def test_a_cheat_whose_reward_is_its_act_is_told_without_a_reward_of_nothing():
    # (Quiet Loan: "Borrow £150 from the Bank tray and never mention it", reward £0 - the feed said "collects £0!")
    from monopoly_core.narrate import describe
    g = cheaters(2)
    card = cheats.arrange_face_up(g, 0, "Quiet Loan")
    assert card.reward == 0
    to(g, D.CHEAT)
    g.act(Action(C.ATTEMPT, 0))
    roll(g, (1, 2))
    to(g, D.CHEAT)
    g.act(C.A_NO_CHEAT)
    words = describe(events(g, E.CHEAT_OUTCOME)[-1], g)
    assert "keeps what it brought" in words and "£0" not in words
