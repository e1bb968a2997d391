"""AppTest: a person plays a Mega Edition game on the Play page (issue 15), making a bus-ticket choice and a triples
choice with the page's own buttons, and the page shows the speed die, the bus tickets and the Mega supply."""
from apptest_helpers import open_page, texts, unescaped, shown

from monopoly_core import actions as A
from monopoly_core import decisions as D
from monopoly_core import events as E
from monopoly_core.editions import mega_tickets as T
from monopoly_core.editions import mega_turn as M
from pages._decision import label

#: A seed whose first turns bring seat 0 (the person) a bus ticket and triples with the answers below (found by
#: playing the same answers without the page; the page must play the very same game).
SEED = 56


def answer(d, g):
    """The person's answer: buy what they can, pass auctions, end turns; ride a held bus ticket to the last square
    on its side, take a ticket from the Bus and the Birthday Gift, move anywhere with triples (the first square)."""
    options = d.legal_actions()
    plain = [a for a in options if a.kind not in d.extra]
    k = d.kind
    if k == D.BUY:
        return A.A_BUY if A.A_BUY in options else A.A_DECLINE
    if k == D.USE_BUS_TICKET:
        return [a for a in options if a.kind == M.RIDE_TICKET][-1]
    if k in (D.BUS_FACE, D.BIRTHDAY_GIFT):
        return M.A_TAKE_TICKET if k == D.BUS_FACE else M.A_GIFT_TICKET
    answers = {D.BID: A.A_PASS, D.POST_ROLL: A.A_END, D.BETWEEN_TURNS: A.A_END, D.TRADE_RESPONSE: A.A_REJECT,
               D.MORTGAGED_DEED: A.A_KEEP,
               D.PRE_ROLL: A.A_ROLL, D.JAIL: A.A_ROLL}
    return answers.get(k, plain[0] if plain else options[0])


def press(at, d, g, action):
    """Press the page's control for ``action``: its button, or for many squares the list and its button."""
    if d.kind in (D.TRIPLES, D.AUCTION_PICK, D.USE_BUS_TICKET) and action.square >= 0:
        box = at.selectbox(key=f"mega_pick_{d.kind}")
        # every square apart: a reviewer found the three Community Chest squares folded into one entry
        assert len(set(box.options)) == len([a for a in d.legal_actions() if a.square >= 0])
        box.set_value(f"{label(action, d, g)} (square {action.square})").run()
        # one red button a decision: the ticket's ride is not, as Roll beside it is (a browser review saw two)
        answers = [b for b in at.button if (b.key or "").startswith(f"act_{d.kind}_") or b.key == f"mega_go_{d.kind}"]
        assert [b.proto.type for b in answers].count("primary") == 1, [(b.label, b.proto.type) for b in answers]
        at.button(key=f"mega_go_{d.kind}").click().run()
        return
    wanted = label(action, d, g)
    button = next(b for b in at.button if b.label == wanted)
    button.click().run()


def test_a_person_plays_mega_with_a_bus_ticket_and_triples():
    at = open_page("pages/play.py")
    at.selectbox(key="setup_preset").set_value("mega").run()
    at.text_input(key="setup_seed").set_value(str(SEED)).run()
    at.button(key="start_game").click().run()
    assert not at.exception, [unescaped(e.value) for e in at.exception]
    g = at.session_state["play_game"]
    assert g.rules.preset == "mega" and g.board.size == 52
    seen = set()
    for _ in range(200):
        g = at.session_state["play_game"]
        d = g.pending
        if g.over or {D.USE_BUS_TICKET, D.TRIPLES} <= seen:
            break
        if d is not None and g.waiting_for_person():
            if d.kind == D.PRE_ROLL and T.usable(g, g.players[d.player]):
                # a reviewer pressed "Roll the dice" and was asked about the ticket instead: the button says so
                assert label(A.A_ROLL, d, g) == "Go on: roll, or ride a bus ticket"
                assert "then roll or ride a bus ticket" in texts(at)
                seen.add("pre_roll with a ticket")
            seen.add(d.kind)
            press(at, d, g, answer(d, g))
        else:
            at.button(key="ctl_step").click().run()
        assert not at.exception, [unescaped(e.value) for e in at.exception]
    g = at.session_state["play_game"]
    log = list(g.log)
    assert any(e.kind == E.BUS_TICKET and e.player == 0 and e.detail == E.TICKET_USED for e in log)
    assert "pre_roll with a ticket" in seen
    assert any(e.kind == E.MOVE and e.player == 0 and e.detail == E.MOVE_BY_TRIPLES for e in log)
    assert any("speed die" in m.value for m in at.markdown)          # the board's centre: the last roll
    assert "train depots left" in shown(at)


def test_the_last_roll_of_triples_says_move_anywhere_not_the_pips():
    # 002 DOUBLES & TRIPLES: "If you roll TRIPLE 1's, 2's, or 3's, move ahead to ANY space": the board's centre said
    # "2 + 2, speed die 2 (triples!): move 6", a move that never happens
    from monopoly_core import Game, PlayerSpec, preset
    from pages._mega import roll_words
    g = Game.new(preset("mega"), [PlayerSpec("A", "person"), PlayerSpec("B", "person")], seed=1)
    from monopoly_core.dice import load_dice
    model = load_dice("2d6+speed")
    by_faces = {r.faces: r for r in model.outcomes}
    assert roll_words(g, by_faces[(2, 2, 2)]) == "2 + 2, speed die 2 (triples!): move to any square"
    assert roll_words(g, by_faces[(3, 4, 1)]) == "3 + 4, speed die 1: move 8"
    assert roll_words(g, by_faces[(3, 4, 4)]) == "3 + 4, speed die Mr. Monopoly: move 7"
    # a pair beside the Mr. Monopoly or Bus face is doubles, not triples (a browser review: "6 + 6, speed die Bus
    # (triples!)"); the faces are stored as 4 and 5 (Mr. Monopoly) and 6 (Bus)
    assert roll_words(g, by_faces[(6, 6, 6)]) == "6 + 6, speed die Bus: move 12"
    assert roll_words(g, by_faces[(4, 4, 4)]) == "4 + 4, speed die Mr. Monopoly: move 8"
    assert roll_words(g, by_faces[(5, 5, 5)]) == "5 + 5, speed die Mr. Monopoly: move 10"
    assert [f for f in by_faces if "triples" in roll_words(g, by_faces[f])] == [(1, 1, 1), (2, 2, 2), (3, 3, 3)]


def mega_trade_form():
    """A Play page on a Mega game (seed SEED) where the person may propose a trade."""
    at = open_page("pages/play.py")
    at.selectbox(key="setup_preset").set_value("mega").run()
    at.text_input(key="setup_seed").set_value(str(SEED)).run()
    at.button(key="start_game").click().run()
    for _ in range(200):
        g = at.session_state["play_game"]
        if g.pending is not None and g.waiting_for_person() and g.pending.allows_trade:
            return at
        d = g.pending
        if d is not None and g.waiting_for_person():
            press(at, d, g, answer(d, g))
        else:
            at.button(key="ctl_person").click().run()
    raise AssertionError("the person never had a trade to propose")


def test_a_trade_of_more_bus_tickets_than_held_or_a_negative_count_is_refused_in_words():
    # Reviewer: "type 5, then -2": the box showed -2 while the refusal judged the stale 5
    from apptest_helpers import texts
    at = mega_trade_form()
    at.text_input(key="trade_give_token_bus_ticket").set_value("5").run()
    assert "You hold" in shown(at) and "not 5." in shown(at)
    at.text_input(key="trade_give_token_bus_ticket").set_value("-2").run()
    assert "The number of bus tickets cannot be negative." in shown(at)
