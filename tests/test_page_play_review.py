"""AppTest for what an outside reviewer, playing in chromium, found on the Play page: the rewind box, undoing a
rewind, buttons turned off by a refusal, wording, rules an edition does not use and the bid button's amount."""
from __future__ import annotations

from apptest_helpers import open_page, shown, unescaped
from test_page_play import click_steps, open_rewind, rewind_key, rewind_open, start


def game(at):
    return at.session_state["play_game"]


def turns(at) -> int:
    return len(game(at).turn_plies)


def finish_turns(at, n: int) -> None:
    for _ in range(n):
        at.button(key="ctl_turn").click().run()


# --- 1: the rewind box holds the current turn -------------------------------------------------------------------
def test_the_rewind_box_opens_on_the_current_turn_every_time():
    """Nine turns in, the box opened EMPTY and "Rewind to that turn" said the turn was empty; opened first at turn
    1, it held 1 for the rest of the game. It opens on the current turn, and a press rewinds to its start."""
    at = open_page("pages/play.py")
    start(at, seed=13, bot_seat0=True)
    finish_turns(at, 1)
    open_rewind(at)
    assert at.text_input(key="rewind_turn").value == str(turns(at))
    at.session_state[rewind_key(at)] = False        # closed (a click beside it), and the game goes on
    finish_turns(at, 8)
    n = turns(at)
    assert n >= 9
    open_rewind(at)
    box = at.text_input(key="rewind_turn")
    assert box.value == str(n) and box.label == f"to the start of turn (1 to {n})"
    before = game(at)
    at.button(key="ctl_rewind").click().run()
    assert game(at).ply == before.turn_plies[n - 1] + 1
    assert f"Rewound to the start of turn {n}." in shown(at)


# --- 2: a rewind is undone by Undo, as a restart is ---------------------------------------------------------------
def rewind_to(at, turn: int) -> None:
    open_rewind(at)
    at.text_input(key="rewind_turn").set_value(str(turn))
    at.button(key="ctl_rewind").click().run()


def click_undo(at, n: int) -> None:
    for _ in range(n):
        at.button(key="ctl_undo").click().run()


def where(g) -> tuple:
    return g.ply, g.turn, g.log.signature()


def test_undo_right_after_a_rewind_brings_back_the_game_as_it_was():
    """Rewound from turn 9 to turn 2, Undo went to "turn 1 · step 5": turns 2 to 9 were lost, and nothing said so.
    Undo where a rewind landed brings the game back, and the rewind's message says it will."""
    at = open_page("pages/play.py")
    start(at, seed=13, bot_seat0=True)
    finish_turns(at, 8)
    at.button(key="ctl_step").click().run()             # (a step into the turn, as a person is when they rewind)
    before = where(game(at))
    ply, turn = before[:2]
    rewind_to(at, 2)
    assert game(at).turn == 2
    assert (f"Rewound to the start of turn 2. Undo brings back the game as it was before the rewind (turn {turn}, "
            f"step {ply}).") in shown(at)
    assert not at.button(key="ctl_undo").disabled
    click_undo(at, 1)
    assert where(game(at)) == before
    assert f"Brought back the game as it was before the rewind (turn {turn}, step {ply})." in shown(at)
    click_undo(at, 1)                                   # then Undo steps back as before
    assert game(at).ply == ply - 1


def test_the_rewind_box_says_what_undo_brings_back_only_where_a_rewind_landed():
    """Review (outside): the "Rewind..." box said "Undo brings back the game as it was before the rewind" before any
    rewind. It says so only where a rewind landed (then Undo brings that game back), and no longer once the game
    has moved on from there (then Undo steps back one step)."""
    def notes(at):
        return [c.value for c in at.caption if c.value.startswith("Undo brings back")]
    at = open_page("pages/play.py")
    start(at, seed=13, bot_seat0=True)
    finish_turns(at, 4)
    open_rewind(at)
    assert at.button(key="ctl_rewind") and not notes(at)          # the box is open, with no rewind yet
    before = game(at)
    rewind_to(at, 2)
    open_rewind(at)
    assert notes(at) == [f"Undo brings back the game as it was before the rewind (turn {before.turn}, step "
                         f"{before.ply})."]
    at.button(key="ctl_step").click().run()                         # the game moves on: Undo steps back now
    open_rewind(at)
    assert not notes(at)


def test_rewinds_and_restarts_are_undone_in_the_order_they_were_made():
    at = open_page("pages/play.py")
    start(at, seed=13, bot_seat0=True)
    finish_turns(at, 6)
    at.button(key="ctl_step").click().run()
    first = where(game(at))
    rewind_to(at, 3)
    landed = where(game(at))                            # (a tuple: the game itself moves on as it is played)
    click_steps(at, 2)
    second = where(game(at))
    at.button(key="ctl_restart").click().run()
    at.button(key="ctl_undo").click().run()             # the restart taken back
    assert where(game(at)) == second
    click_undo(at, 2)                                   # the two steps taken back: where the rewind landed
    assert where(game(at)) == landed
    click_undo(at, 1)                                   # and the rewind taken back
    assert where(game(at)) == first


def test_a_rewind_to_the_start_of_the_turn_the_game_is_at_offers_nothing_to_bring_back():
    at = open_page("pages/play.py")
    start(at, seed=13, bot_seat0=True)
    finish_turns(at, 3)
    at.button(key="ctl_step").click().run()
    rewind_to(at, turns(at))
    at_start = game(at)
    rewind_to(at, turns(at))                            # there already
    assert game(at).ply == at_start.ply and "Undo brings back" not in shown(at).rsplit("Rewound", 1)[1]
    at.button(key="ctl_undo").click().run()             # Undo takes back the first rewind, not the one that did nothing
    assert game(at).ply > at_start.ply


# --- 3: a corrected value and one click act -----------------------------------------------------------------------
# (A button turned off after a refusal lost the click that came with the corrected value: the click only took the
# box's new text, and a second click was needed. The buttons stay on; their callbacks refuse, in words, and the
# refusal stays beside the box. tests/test_browser_play_review.py clicks them in chromium.)
def test_start_stays_on_after_a_refused_seed_and_a_corrected_seed_starts_at_once():
    at = open_page("pages/play.py")
    at.text_input(key="setup_seed").set_value("9" * 20).run()
    assert not at.button(key="start_game").disabled
    at.text_input(key="setup_seed").set_value("42")
    at.button(key="start_game").click().run()           # corrected, and pressed at once
    assert game(at).seed == 42


def test_a_corrected_rule_number_and_one_press_of_start_start_the_game_with_it():
    at = open_page("pages/play.py")
    at.text_input(key="rule_go_salary").set_value("abc").run()
    assert not at.button(key="start_game").disabled
    at.text_input(key="rule_go_salary").set_value("300")
    at.button(key="start_game").click().run()
    assert game(at).rules.go_salary == 300


def test_a_corrected_number_of_players_whose_seats_are_shown_starts_at_once():
    # (a number of players typed as Start is pressed that draws seats the person has not seen asks them to look
    # first: tests/test_page_play_numbers.py; here the seats shown are the ones corrected back to)
    at = open_page("pages/play.py")
    at.text_input(key="setup_n").set_value("9").run()    # refused: the four seats stay drawn
    at.text_input(key="setup_n").set_value("4")
    at.button(key="start_game").click().run()           # the seats seen: it starts
    assert len(game(at).players) == 4


def test_rewind_stays_on_after_a_refused_turn_and_a_corrected_turn_rewinds_at_once():
    at = open_page("pages/play.py")
    start(at, seed=13, bot_seat0=True)
    finish_turns(at, 4)
    open_rewind(at)
    at.text_input(key="rewind_turn").set_value("0").run()
    assert any(e.value.startswith("The turn to go back to must be from 1") for e in at.error)
    assert not at.button(key="ctl_rewind").disabled
    at.text_input(key="rewind_turn").set_value("2")
    at.button(key="ctl_rewind").click().run()
    assert game(at).turn == 2


def test_bid_stays_on_after_a_refusal_and_a_corrected_bid_is_sent_at_once():
    from monopoly_core import events as E
    from test_page_play import until_person_bids
    at = open_page("pages/play.py")
    g = until_person_bids(at)
    at.text_input(key="bid_amount").set_value("abc").run()
    assert any(e.value.startswith("Your bid must be a whole number") for e in at.error)
    assert not at.button(key="bid_go").disabled
    amount = g.pending.minimum
    at.text_input(key="bid_amount").set_value(str(amount))
    at.button(key="bid_go").click().run()
    assert [ev.amount for ev in game(at).log.since(0) if ev.kind == E.BID and ev.player == 0] == [amount]


def test_propose_stays_on_after_a_refusal_and_a_corrected_trade_is_proposed_at_once():
    from test_page_play import until_person_owns_and_may_trade
    at = open_page("pages/play.py")
    square = until_person_owns_and_may_trade(at)
    at.multiselect(key="trade_give_sq").set_value([square]).run()
    at.text_input(key="trade_get_cash").set_value("abc").run()
    assert any(e.value.startswith("The cash you ask must be a whole number") for e in at.error)
    assert not at.button(key="trade_go").disabled
    at.text_input(key="trade_get_cash").set_value("10")
    at.button(key="trade_go").click().run()
    assert "Trade not proposed" not in shown(at) and "your trade" in shown(at)


# --- 4: refusals built from labels read as sentences ----------------------------------------------------------------
def test_a_rule_number_refusal_names_the_rule_as_a_sentence_does():
    """"type Starting cash in digits": a label, capital and all, in the middle of a sentence."""
    at = open_page("pages/play.py")
    at.text_input(key="rule_starting_cash").set_value("£5").run()
    at.text_input(key="rule_jail_turns").set_value("0").run()
    said = [unescaped(e.value) for e in at.error]
    assert "This game counts money in $: type the starting cash in digits, such as 120." in said
    assert "The number of tries for doubles in jail before paying must be from 1 to 10, not 0." in said


def test_a_rule_named_in_a_refused_file_keeps_its_capitals_where_they_belong():
    from pages import _rule_words as words
    assert words.in_words("go_salary: no more than 10") == "\u201cthe salary for passing GO\u201d: no more than 10"


def test_the_hand_over_says_the_question_as_a_sentence():
    """"Player 1 must decide now (An auction is running)": a capital after the bracket."""
    import re
    at = open_page("pages/play.py")
    at.selectbox(key="setup_kind_1").set_value("person").run()
    start(at, seed=11)
    for _ in range(300):
        if any(c.value.startswith(("Player 1 must decide now", "Player 2 must decide now")) for c in at.caption):
            break
        buttons = {b.key: b for b in at.button}
        b = buttons.get("handover_go") or next((b for b in at.button if (b.key or "").startswith("act_")), None)
        (b or buttons["ctl_step"]).click().run()
    said = next(c.value for c in at.caption if " must decide now" in c.value)
    assert re.fullmatch(r"Player \d must decide now: \u201c[^\u201d]+\u201d Their choices appear when they take the "
                        r"device\.", said), said
    assert not re.search(r"\(\s*[A-Z]", said)


# --- 5: rules the edition does not use ------------------------------------------------------------------------------
MEGA_ONLY_BOXES = {"rule_skyscrapers": "skyscrapers", "rule_train_depots": "train depots",
                   "rule_majority_rent_multiplier": "a higher rent for a group held all but one"}


def test_the_mega_only_rules_are_off_in_a_classic_set_up_and_say_why():
    """In a Classic game's set-up, "Skyscrapers in the bank" and "Train depots in the bank" were boxes to change
    with no word that they do nothing in that edition."""
    at = open_page("pages/play.py")
    captions = [c.value for c in at.caption]
    for key, what in MEGA_ONLY_BOXES.items():
        assert at.text_input(key=key).disabled, key
        assert f"Not used by Classic Monopoly: only the Mega Edition has {what}." in captions
    assert not at.text_input(key="rule_houses").disabled          # (a rule Classic Monopoly plays)
    at.selectbox(key="setup_preset").set_value("mega").run()       # the Mega Edition's own rules: on, no note
    assert not any(at.text_input(key=key).disabled for key in MEGA_ONLY_BOXES)
    assert not [c.value for c in at.caption if "only the Mega Edition" in c.value]


#: The rules the Cheaters Edition does not play, each with why (seed 003, "A Cheat's Gameboard").
NO_JACKPOT = "its Free Parking draws a Chance or Community Chest card and pays out no jackpot"
NO_TAX = "it has no tax squares (\u201cThere are no utilities or taxes\u201d)"
CHEATERS_UNUSED = {
    "mortgage_interest_pct": "it has no mortgages (\u201cthere's no mortgaging\u201d)",
    "income_tax": NO_TAX, "income_tax_percent": NO_TAX,
    "houses": "it has hotels only (\u201cthere aren't any Houses, just Hotels\u201d)",
    "even_building": "a street takes one hotel, bought straight away, so there is nothing to build evenly",
    "free_parking": NO_JACKPOT, "free_parking_seed": NO_JACKPOT,
    "utility_rent": "it has no utilities (\u201cThere are no utilities or taxes\u201d)"}
#: The rules each edition says it does not play, with its reason (the other editions' own rules aside).
OWN_UNUSED = {"cheaters": CHEATERS_UNUSED,
              "sore-losers": {"utility_rent": "it has no utilities (\u201cThose utility spaces are electricity and "
                                              "water bills\u201d)"},
              "mega": {"utility_rent": "a utility's rent is counted on the dice that moved the token there"}}
HOTEL_RAISE = "only the Cheaters Edition has a smallest raise of its own for the bank's last hotels"


def rule_controls(at) -> dict:
    """The set-up's rule controls by rule name."""
    return {w.key[len("rule_"):]: w for kind in ("text_input", "toggle", "selectbox") for w in getattr(at, kind)
            if (w.key or "").startswith("rule_")}


def test_every_rule_an_edition_does_not_play_is_off_and_says_why():
    """Review (outside): under the Cheaters Edition the boxes of mortgage interest, income tax (the amount and the
    percentage) and houses in the bank did nothing and said nothing, and "Smallest raise when the last hotels are
    auctioned" said "only the Cheaters Edition has cheat cards". Each rule an edition does not play is off, with the
    true reason in its note; these are the rules test_editions.py flips and finds no game changed by."""
    from test_editions import not_played

    from monopoly_core import preset
    at = open_page("pages/play.py")
    for name, title in (("cheaters", "the Cheaters Edition"), ("sore-losers", "Monopoly for Sore Losers"),
                        ("mega", "the Mega Edition"), ("classic-uk", "Classic Monopoly")):
        at.selectbox(key="setup_preset").set_value(name).run()
        assert not at.exception
        controls = rule_controls(at)
        noted = {f for f, w in controls.items() if f"Not used by {title}" in (w.help or "")}
        assert noted == set(not_played(preset(name).edition)) & set(controls), name
        assert all(controls[f].disabled for f in noted), name
        for f in noted:         # the edition's own reason, or the edition whose own rule it is
            why = OWN_UNUSED.get(name, {}).get(f, "only the ")
            assert f"Not used by {title}: {why}" in controls[f].help, (name, f)
        captions = [c.value for c in at.caption]
        assert not [c for c in captions if "cheat cards" in c], name
        if name == "cheaters":
            assert set(CHEATERS_UNUSED) <= noted
            for f, why in CHEATERS_UNUSED.items():
                assert f"Not used by the Cheaters Edition: {why}." in captions
            for f in ("hotel_auction_increment", "hotels", "auction_increment", "auction_min_bid", "jail_fine"):
                assert not controls[f].disabled, f       # rules it plays
        else:                                            # the classic rules' boxes: all played
            assert not noted & (set(CHEATERS_UNUSED) - set(OWN_UNUSED.get(name, {}))), name
            assert f"Not used by {title}: {HOTEL_RAISE}." in captions


# --- 6: an amount too long to read, on the bid button -----------------------------------------------------------------
def test_the_bid_button_says_a_30_digit_amount_as_the_other_boxes_do():
    """"Bid $111,111,111,111,111,111,111,111,111,111" where the other boxes say "a number of 30 digits"."""
    from test_page_play import until_person_bids
    at = open_page("pages/play.py")
    g = until_person_bids(at)
    at.text_input(key="bid_amount").set_value("1" * 30).run()
    assert at.button(key="bid_go").label == "Bid a number of 30 digits"
    assert f"You have only ${g.players[0].cash:,}: a number of 30 digits is more than you have." in \
        [unescaped(e.value) for e in at.error]
    at.text_input(key="bid_amount").set_value("9" * 20).run()      # (a shorter amount is still said in full)
    assert at.button(key="bid_go").label == "Bid $99,999,999,999,999,999,999"


def test_the_cheaters_editions_hotels_and_auction_raises_say_when_they_matter():
    """The notes of rules that matter only with others, under the Cheaters Edition: without building limits the bank
    never runs out of hotels, for its hotel cards and set-up too (so the number of hotels is not played, as in every
    edition); declined deeds not auctioned, no auction rises by the smallest raise (its last hotels rise by their
    own). The games agree."""
    from test_editions import played

    from monopoly_core import preset
    base = preset("cheaters", turn_limit=120)
    no_limits, no_auctions = base.replace(building_limits=False), base.replace(auctions=False)
    assert all(played(no_limits, s) == played(no_limits.replace(hotels=1), s) for s in range(3))
    assert any(played(base, s) != played(base.replace(hotels=1), s) for s in range(3))      # with the limits: played
    assert all(played(no_auctions, s) == played(no_auctions.replace(auction_increment=100), s) for s in range(3))
    assert all(played(no_limits, s) == played(no_limits.replace(hotel_auction_increment=100), s) for s in range(3))
    at = open_page("pages/play.py")
    at.selectbox(key="setup_preset").set_value("cheaters").run()
    at.toggle(key="rule_building_limits").set_value(False).run()
    controls = rule_controls(at)
    assert controls["hotels"].disabled
    assert "Not used now: the bank's houses and hotels never run out." in controls["hotels"].help
    assert controls["hotel_auction_increment"].disabled
    assert "Not used now: the bank's hotels never run out." in controls["hotel_auction_increment"].help
    at.toggle(key="rule_building_limits").set_value(True).run()
    at.toggle(key="rule_auctions").set_value(False).run()
    controls = rule_controls(at)
    assert controls["auction_increment"].disabled and not controls["auction_min_bid"].disabled
    assert ("Not used now: no auction rises by it: declined properties are not auctioned, and the bank's last hotels "
            "are auctioned by a raise of their own.") in controls["auction_increment"].help
    at.selectbox(key="setup_preset").set_value("classic-uk").run()      # there, the last houses' auctions rise by it
    at.toggle(key="rule_auctions").set_value(False).run()
    assert not rule_controls(at)["auction_increment"].disabled


def test_the_board_says_free_where_a_property_costs_nothing():
    """Review (outside): Grafton Street, free in the Cheaters Edition, showed nothing where the price goes."""
    import re
    at = open_page("pages/play.py")
    at.selectbox(key="setup_preset").set_value("cheaters").run()
    start(at, seed=3)
    board = next(m.value for m in at.markdown if "<svg" in m.value)
    assert re.search(r"<tspan[^>]*>Grafton St</tspan><tspan[^>]*>free</tspan>", board)
    assert "<title>Grafton Street&#10;Price&#58; free&#10;" in board            # its deed, pointed at
    assert re.search(r"<tspan[^>]*>\u00a3\d+</tspan>", board)                # (the others: their price)


def test_the_rewind_box_closes_after_a_rewind_or_a_restart_and_stays_open_on_a_refusal():
    """A walkthrough saw the "Rewind..." popover stay open over the board after "Rewind to that turn": it closes once
    a rewind or a restart is done, as a menu does, and stays open on a refused turn, whose reason is inside it."""
    at = open_page("pages/play.py")
    start(at, seed=13, bot_seat0=True)
    finish_turns(at, 4)
    open_rewind(at)
    at.text_input(key="rewind_turn").set_value("99").run()
    at.button(key="ctl_rewind").click().run()
    assert rewind_open(at)
    at.text_input(key="rewind_turn").set_value("2").run()
    at.button(key="ctl_rewind").click().run()
    assert not at.exception and not rewind_open(at)
    assert turns(at) == 2
    # the browser sends the old popover's last state, open, with the next click: Undo must not open it again
    at.session_state["rewind_box"] = True
    at.button(key="ctl_undo").click().run()
    assert not at.exception and not rewind_open(at) and turns(at) > 2
    open_rewind(at)
    at.button(key="ctl_restart").click().run()
    assert not at.exception and not rewind_open(at) and game(at).turn == 0
