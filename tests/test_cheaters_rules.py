"""The Cheaters Edition's rules, one scenario each (issue 17). Every test cites the sentence of the rule book it
checks: seed 003_2efce0b9b7f6c0c4.txt, first part (SEED below), or the reference file where the seed is silent."""
import pytest

from cheaters_table import SEED, blind, crook, hawk, cheaters, end, events, roll, settle, to, to_seat
from monopoly_core import Action, Game, IllegalAction, PlayerSpec, Trade, preset
from monopoly_core import actions as A
from monopoly_core import decisions as D
from monopoly_core import events as E
from monopoly_core.board import load_board
from monopoly_core.editions import cheaters_actions as C
from monopoly_core.editions import cheaters_turn
from monopoly_core.editions import cheats
from monopoly_core.narrate import describe

JAIL, GO_TO_JAIL, FREE_PARKING = 10, 30, 20
OLD_KENT, WHITECHAPEL, ANGEL, PENTONVILLE, MAYFAIR, GRAFTON = 1, 3, 6, 9, 39, 34


# --- the board and equipment -------------------------------------------------------------------------------------
def test_the_board_has_no_utilities_or_taxes_and_its_stations_are_not_for_sale():
    # SEED "A Cheat's Gameboard: There are no utilities or taxes, the stations aren't for sale"
    board = load_board("cheaters-uk")
    kinds = {s.kind for s in board.squares}
    assert not kinds & {"utility", "tax", "railroad"}
    assert [s.index for s in board.squares if s.kind == "rest"] == [4, 12, 28, 38]
    assert len(board.properties) == 22                      # "22 Title Deed Cards"
    assert not any(board.squares[s].kind == "station" for s in board.properties)


def test_grafton_street_is_free_and_the_reference_prices_are_data():
    # SEED "(Did you notice that Grafton Street is free?!)"; reference: Whitehall 20, Leicester Square 130
    board = load_board("cheaters-uk")
    assert board.squares[GRAFTON].name == "Grafton Street" and board.squares[GRAFTON].price == 0
    assert board.squares[13].price == 20 and board.squares[26].price == 130


def test_pentonville_road_starts_with_a_hotel_its_buyer_gets_free():
    # SEED "Place one Hotel on Pentonville Road. It's free for whoever buys the Property!"; "16 Hotels"
    g = cheaters()
    assert g.level[PENTONVILLE] == 1 and g.hotels_left == 15 and g.houses_left == 0
    g.arrange().position(0, ANGEL)
    roll(g, (1, 2))
    d = to(g, D.BUY)
    assert d.square == PENTONVILLE and d.amount == 120
    g.act(Action(A.BUY))
    assert g.owner[PENTONVILLE] == 0 and g.level[PENTONVILLE] == 1 and g.players[0].cash == 1500 - 120


def test_a_rest_square_does_nothing():
    # The project's reading of the seed's "no utilities or taxes" (data/boards/cheaters-uk.toml): nothing happens
    g = cheaters()
    g.arrange().position(0, 1)
    roll(g, (1, 2))
    assert g.players[0].position == 4 and g.players[0].cash == 1500
    assert g.pending.kind == D.POST_ROLL


# --- turns and squares ---------------------------------------------------------------------------------------------
def test_the_highest_first_roll_starts():
    # SEED "Who goes first? Each player rolls both dice. The highest roller starts and play moves to the left."
    g = Game.new(preset("cheaters"), [PlayerSpec(f"P{i}", "person") for i in range(3)], seed=1)
    g.arrange().next_rolls((1, 2), (6, 5), (2, 2))
    g.step()
    assert g.order == [1, 2, 0]


def test_an_unowned_property_not_bought_is_auctioned_from_10_by_10():
    # SEED "Bids start at £10 and anyone can increase the bid by as little as £10."
    g = cheaters()
    roll(g, (1, 2))
    to(g, D.BUY)
    g.act(Action(A.DECLINE))
    d = to(g, D.BID)
    assert d.minimum == 10
    g.act(Action(A.BID, amount=10))
    d = to(g, D.BID)
    assert d.player == 1 and d.minimum == 20


def test_a_station_moves_you_to_the_next_station_and_ends_the_turn_even_after_doubles():
    # SEED "Stations: They're not for sale! When you land here, move to the next station space and end your turn."
    g = cheaters()
    g.arrange().position(0, 1)
    roll(g, (2, 2))                                    # doubles onto King's Cross
    assert g.players[0].position == 15 and g.owner[5] == -1
    moves = [e for e in events(g, E.MOVE) if e.detail == E.MOVE_BY_STATION]
    assert [(m.other, m.square) for m in moves] == [(5, 15)]
    d = to(g, D.POST_ROLL)
    assert not d.again                                 # no roll again: the turn ends
    g.act(Action(A.END))
    assert to(g, D.CHEAT).player == 1


def test_free_parking_draws_a_card_of_the_players_choice():
    # SEED "Free Parking: Opportunity is everywhere ... Draw a Chance or Community Chest card!"
    g = cheaters()
    g.arrange().position(0, 17)
    g.arrange().card_on_top("chest", "inherit £100")
    roll(g, (1, 2))
    d = to(g, D.PARKING_DECK)
    assert {a.square for a in d.legal_actions()} == {0, 1}
    g.act(Action(C.DRAW_DECK, 1))
    assert g.players[0].cash == 1600
    card = events(g, E.CARD)[-1]
    assert card.square == FREE_PARKING and card.other == 1


def test_a_card_that_does_not_say_immediately_is_held_and_a_card_that_does_is_done_at_once():
    # SEED "If the card says to do something immediately, read the card aloud and do what it says. Otherwise, you
    # may hold on to the card until you're ready to use it."
    g = cheaters()
    g.arrange().position(0, 4)
    g.arrange().card_on_top("chance", "bribed the judges")
    roll(g, (1, 2))
    assert [k for k, _ in g.players[0].cards] == ["chance"] and g.players[0].cash == 1500
    g2 = cheaters()
    g2.arrange().position(0, 4)
    g2.arrange().card_on_top("chance", "shifty behaviour")
    roll(g2, (1, 2))
    assert g2.players[0].cards == [] and g2.players[0].cash == 1400


def test_a_held_card_is_played_at_the_start_of_a_turn():
    # SEED "you may hold on to the card until you're ready to use it"
    g = cheaters()
    idx = g.arrange().hold_card(0, "chance", "bribed the judges")
    d = to(g, D.CHEAT)
    assert Action(C.PLAY_CARD, 0) in d.legal_actions()
    start = len(g.log)
    g.act(Action(C.PLAY_CARD, 0))
    assert g.players[0].cash == 1650 and g.players[0].cards == [] and g.decks["chance"][-1] == idx
    # the card is told before what it does (a browser review read the $150 with no card to say where it came from)
    played = [e for e in g.log.since(start) if e.kind == E.CARD_PLAYED]
    assert [(e.player, e.other, e.detail) for e in played] == [(0, 0, idx)]
    first_pay = next(i for i, e in enumerate(g.log.since(start)) if e.kind == E.PAY)
    assert g.log.since(start).index(played[0]) < first_pay
    assert describe(played[0], g) == ("P0 plays the Chance card they held: \u201c"
                                       f"{g.deck_cards['chance'][idx].text}\u201d")


def second_chance_card():
    """Seat 0 holds "bribed the judges" and draws "rigged raffle" from Chance: (game, held, new)."""
    g = cheaters()
    old = g.arrange().hold_card(0, "chance", "bribed the judges")
    new = g.arrange().card_on_top("chance", "rigged raffle")
    g.arrange().position(0, 4)
    roll(g, (1, 2))
    assert to(g, D.KEEP_CARD).player == 0
    return g, old, new


def test_a_second_card_of_a_deck_means_keeping_one_of_the_two():
    # SEED "You may only have one Chance and one Community Chest card at a time ... Then you must immediately use
    # and/or discard one by returning it to the bottom of the Chance deck."
    g, old, new = second_chance_card()
    d = g.pending
    assert d.square == old and d.amount == new
    g.act(C.A_KEEP_NEW)
    assert g.players[0].cards == [("chance", new)] and g.decks["chance"][-1] == old


def test_in_jail_only_get_out_of_jail_free_may_be_played():
    # SEED "you may not play Chance or Community Chest cards (except for Get Out of Jail Free)"
    g = cheaters()
    g.arrange().jail(0).hold_card(0, "chance", "bribed the judges")
    d = to(g, D.CHEAT)
    assert Action(C.PLAY_CARD, 0) not in d.legal_actions()
    with pytest.raises(IllegalAction):
        g.act(Action(C.PLAY_CARD, 0))
    g.act(C.A_NO_CHEAT)
    d = to(g, D.JAIL)
    assert not d.is_legal(Action(A.USE_CARD))          # the held card is not Get Out of Jail Free
    g2 = cheaters()
    g2.arrange().jail(0).hold_card(0, "chest", "get out of jail")
    to(g2, D.JAIL)
    g2.act(Action(A.USE_CARD))
    assert not g2.players[0].in_jail and g2.players[0].cards == []


def test_only_one_prisoner_a_newcomer_frees_the_previous_one_to_just_visiting():
    # SEED "Is someone else already in Jail? Free them and take their place! The player who was in Jail gives you
    # the handcuffs and moves their piece to the Just Visiting space."
    g = cheaters()
    g.arrange().jail(1).position(0, 27)
    roll(g, (1, 2))                                    # onto Go To Jail
    assert g.players[0].in_jail and not g.players[1].in_jail and g.players[1].position == JAIL
    out = events(g, E.JAIL_OUT)[-1]
    assert out.player == 1 and out.detail == E.OUT_BY_HANDCUFFS


# --- hotels, money and the end ---------------------------------------------------------------------------------
def test_with_a_complete_set_a_hotel_is_bought_straight_away_and_never_sold():
    # SEED "Once you have a complete colour set, you can start buying Hotels ... Pay the Hotel cost on the Title
    # Deed card and put a Hotel on the Property"; "You may not sell Hotels back to the Bank or to other players."
    g = cheaters()
    g.arrange().deed(OLD_KENT, 0).deed(WHITECHAPEL, 0).deed(ANGEL, 0)
    to(g, D.PRE_ROLL)
    cost = g.board.squares[OLD_KENT].house_cost
    g.act(Action(A.BUILD, OLD_KENT))
    assert g.level[OLD_KENT] == 1 and g.players[0].cash == 1500 - cost and g.hotels_left == 14
    d = g.pending
    assert not d.is_legal(Action(A.BUILD, OLD_KENT))   # one hotel per property
    assert not d.is_legal(Action(A.BUILD, ANGEL))      # not a complete set
    assert "never sold" in d.problem(Action(A.SELL_BUILDING, OLD_KENT))
    assert "no mortgaging" in d.problem(Action(A.MORTGAGE, ANGEL))


def test_the_rent_is_doubled_for_a_set_and_the_hotel_rent_where_a_hotel_stands():
    # SEED "When you own each Street in a colour set the amount of rent you can collect is increased! you may build
    # Hotels and charge even more rent!"
    g = cheaters()
    g.arrange().deed(OLD_KENT, 1).deed(WHITECHAPEL, 1, level=1).position(0, 0)
    roll(g, (1, 2))                                    # Whitechapel, with a hotel
    assert g.players[0].cash == 1500 - g.board.squares[WHITECHAPEL].rents[5]
    end(g)
    g.arrange().position(1, 20).position(0, 38)
    roll(g, (1, 2))                                    # seat 1's turn: off to Strand
    end(g)
    roll(g, (1, 2))                                    # seat 0: 38 + 3 = Old Kent Road, a set without a hotel
    assert g.players[0].cash == 1500 - 450 + 200 - 2 * 2


def test_not_enough_hotels_the_last_is_auctioned_from_10_by_1():
    # SEED "If multiple players want to buy the last Hotel, it must be auctioned. Bids start at £10 and increase by
    # as little as £1."
    g = cheaters()
    g.arrange().deed(OLD_KENT, 0).deed(WHITECHAPEL, 0).deed(11, 1).deed(13, 1).deed(14, 1).supply(hotels=1)
    to(g, D.PRE_ROLL)
    g.act(Action(A.BUILD, OLD_KENT))
    d = to(g, D.BID)
    assert d.item == 2 and d.minimum == 10
    g.act(Action(A.BID, amount=10))
    d = to(g, D.BID)
    assert d.player == 1 and d.minimum == 11
    g.act(Action(A.BID, amount=11))                     # seat 1 wants it too
    to(g, D.BID)
    g.act(Action(A.BID, amount=12))
    to(g, D.BID)
    g.act(Action(A.PASS))
    assert g.level[OLD_KENT] == 1 and g.hotels_left == 0 and g.players[0].cash == 1488


def test_the_last_hotel_nobody_else_bids_for_is_bought_at_its_price():
    # SEED "If multiple players want to buy the last Hotel, it must be auctioned": seat 1 could, but bids nothing,
    # so only seat 0 wants it and pays the printed price (not the opening £10)
    g = cheaters()
    g.arrange().deed(OLD_KENT, 0).deed(WHITECHAPEL, 0).deed(11, 1).deed(13, 1).deed(14, 1).supply(hotels=1)
    to(g, D.PRE_ROLL)
    g.act(Action(A.BUILD, OLD_KENT))
    to(g, D.BID)
    g.act(Action(A.BID, amount=10))
    to(g, D.BID)
    g.act(Action(A.PASS))
    price = g.board.squares[OLD_KENT].house_cost
    assert g.level[OLD_KENT] == 1 and g.hotels_left == 0 and g.players[0].cash == 1500 - price
    assert events(g, E.AUCTION)[-1].detail == E.AUCTION_UNCONTESTED


def test_money_is_raised_by_selling_deeds_to_the_bank_at_face_value_or_the_hotel_rent():
    # SEED "Sell Properties back to the Bank for face value"; "Sell Properties with a Hotel back to the Bank for the
    # price of rent with one Hotel ... the Hotel stays where it is."
    g = cheaters()
    g.arrange().deed(MAYFAIR, 1, level=1).deed(ANGEL, 0).deed(OLD_KENT, 0, level=1).cash(0, 10).position(0, 36)
    roll(g, (1, 2))
    d = to(g, D.DEBT)
    assert d.amount == 2000 and d.is_legal(Action(A.BANKRUPT))      # 10 + 100 + 250 < 2000
    g2 = cheaters()
    g2.arrange().deed(MAYFAIR, 1).deed(ANGEL, 0).deed(OLD_KENT, 0, level=1).cash(0, 10).position(0, 36)
    roll(g2, (1, 2))
    d = to(g2, D.DEBT)
    assert d.amount == 50 and not d.is_legal(Action(A.BANKRUPT))
    g2.act(Action(C.SELL_TO_BANK, OLD_KENT))
    assert g2.owner[OLD_KENT] == -1 and g2.level[OLD_KENT] == 1    # the hotel stays
    assert g2.players[0].cash == 10 + 250 - 50


def test_bankrupt_to_a_player_everything_goes_to_them_hotels_and_held_cards_included():
    # SEED "Do you owe another player? Give them all your Properties and any Chance and Community Chest cards."
    g = cheaters(3)
    g.arrange().deed(MAYFAIR, 1, level=1).deed(OLD_KENT, 0, level=1).cash(0, 0).position(0, 36)
    card = g.arrange().hold_card(0, "chance", "bribed the judges")
    roll(g, (1, 2))
    to(g, D.DEBT)
    g.act(Action(A.BANKRUPT))                          # 250 from selling Old Kent Road would not cover 2000
    assert g.players[0].bankrupt and g.owner[OLD_KENT] == 1 and g.level[OLD_KENT] == 1
    assert g.players[1].cards == [("chance", card)]


def test_bankrupt_to_the_bank_properties_are_auctioned_and_cards_return_to_their_decks():
    # SEED "Do you owe the Bank? All your Properties must be immediately put up for auction ... Return any Chance
    # and Community Chest cards that you have to the bottom of the appropriate decks."
    g = cheaters(3)
    g.arrange().deed(GRAFTON, 0).cash(0, 0).position(0, 4)
    card = g.arrange().hold_card(0, "chest", "fake antiques")
    g.arrange().card_on_top("chance", "shifty behaviour")
    roll(g, (1, 2))
    to(g, D.DEBT)
    g.act(Action(A.BANKRUPT))
    assert g.decks["chest"][-1] == card
    d = to(g, D.BID)
    assert d.square == GRAFTON and d.player != 0


# --- cheating -------------------------------------------------------------------------------------------------------
def test_five_cheat_cards_lie_face_up():
    # SEED "Shuffle the Cheat cards ... Draw five cards and place them face up"; "15 Cheat Cards"
    g = cheaters()
    t = cheats.table(g)
    assert len(t.deck.cards) == 15 and len(t.face_up) == 5 and len(set(t.face_up)) == 5 and len(t.pile) == 10


def test_a_cheat_nobody_catches_is_revealed_after_the_next_roll_and_rewarded():
    # SEED "Secretly do what's on the Cheat card. Then you must wait until the next player rolls the dice. If no
    # one catches you before then, you got away with the cheat! ... Collect the reward ... Return the card to the
    # bottom of the Cheat deck and place a new one face up"
    g = cheaters(bots={1: blind})
    card = cheats.arrange_face_up(g, 0, "Bank Job")
    to(g, D.CHEAT)
    g.act(Action(C.ATTEMPT, 0))
    assert g.players[0].cash == 1500 + card.amount and not events(g, E.CHEAT_OUTCOME)
    roll(g, (1, 2))
    to(g, D.BUY)
    g.act(Action(A.DECLINE))
    d = to(g, D.CHEAT)
    assert g.current == 1 and d.player == 1 and not events(g, E.CHEAT_OUTCOME)    # still watched: a call may come
    g.step()                                           # the next player moves on from the cheat cards: revealed
    outcome = events(g, E.CHEAT_OUTCOME)[-1]
    assert outcome.detail == E.OUTCOME_REVEALED and outcome.amount == card.reward
    t = cheats.table(g)
    assert t.pile[-1] == card.index and t.face_up[0] != card.index


def test_a_cheat_an_opponent_notices_is_caught_undone_and_penalised():
    # SEED "If the accused cheat is guilty, they must take the penalty on the back of the Cheat card."
    g = cheaters(bots={1: hawk})
    card = cheats.arrange_face_up(g, 0, "Bank Job")
    to(g, D.CHEAT)
    g.act(Action(C.ATTEMPT, 0))
    to(g, D.CHEAT, D.PRE_ROLL)
    assert g.players[0].cash == 1500 - card.penalty
    call = events(g, E.ACCUSATION)[-1]
    assert (call.player, call.other, call.detail) == (1, 0, E.ACCUSED_RIGHTLY)
    assert events(g, E.CHEAT_OUTCOME)[-1].detail == E.OUTCOME_CAUGHT


def test_a_caught_cheat_may_go_to_jail_and_the_turn_ends():
    # SEED "you can also be sent there if you're caught cheating"
    g = cheaters(bots={1: hawk})
    cheats.arrange_face_up(g, 2, "Quiet Loan")
    to(g, D.CHEAT)
    g.act(Action(C.ATTEMPT, 2))
    settle(g)
    assert g.players[0].in_jail and g.players[0].cash == 1500
    assert events(g, E.JAIL_IN)[-1].detail == E.JAIL_BY_CHEATING
    assert not any(e.kind == E.ROLL and e.player == 0 and e.turn == 1 for e in g.log)   # the turn ended


def test_a_person_calls_cheat_rightly_on_a_bots_hidden_attempt():
    # SEED "When you think that someone's cheated, call out, 'CHEAT!' ... before the next player rolls the dice. If
    # the accused cheat is guilty, they must take the penalty"
    g = cheaters(bots={1: crook})
    to_seat(g, 1, D.POST_ROLL)                         # seat 0 plays honestly, then the bot cheats, rolls, moves
    assert events(g, E.CHEAT)[-1].player == 1 and not events(g, E.CHEAT_OUTCOME)
    g.act(Action(C.CALL, 0))                           # seat 0 calls while the bot's window is open
    assert events(g, E.ACCUSATION)[-1].detail == E.ACCUSED_RIGHTLY
    assert events(g, E.CHEAT_OUTCOME)[-1].detail == E.OUTCOME_CAUGHT


def test_a_false_accusation_costs_the_accuser_100():
    # SEED "If someone accuses you of cheating and you're innocent ... the accuser must pay you £100."
    g = cheaters(bots={1: blind})
    to_seat(g, 1, D.POST_ROLL)                         # seat 0 plays honestly, then the (honest) bot's turn
    before = (g.players[0].cash, g.players[1].cash)
    g.act(Action(C.CALL, 0))
    assert (g.players[0].cash, g.players[1].cash) == (before[0] - 100, before[1] + 100)
    call = events(g, E.ACCUSATION)[-1]
    assert call.detail == E.ACCUSED_FALSELY and call.amount == 100


def test_the_escape_artist_slips_out_of_jail():
    # SEED "Cheat! If the Escape Artist Cheat card is face up on the board, you can try to secretly move your piece
    # out of Jail!"
    g = cheaters(bots={1: blind})
    g.arrange().jail(0)
    cheats.arrange_face_up(g, 1, "Escape Artist")
    d = to(g, D.CHEAT)
    assert Action(C.ATTEMPT, 1) in d.legal_actions()
    g.act(Action(C.ATTEMPT, 1))
    assert not g.players[0].in_jail and events(g, E.JAIL_OUT)[-1].detail == E.OUT_BY_ESCAPE
    assert to(g, D.PRE_ROLL).player == 0               # a normal turn follows


def test_one_cheat_a_turn_and_only_the_acts_that_can_be_done():
    # SEED "keep an eye on the Cheat cards on the board so you can plan which to use" (the lab: one attempt a turn)
    g = cheaters(bots={1: blind})
    cheats.arrange_face_up(g, 0, "Bank Job")
    cheats.arrange_face_up(g, 1, "Escape Artist")
    d = to(g, D.CHEAT)
    assert Action(C.ATTEMPT, 1) not in d.legal_actions()      # not in jail
    g.act(Action(C.ATTEMPT, 0))
    assert not any(a.kind == C.ATTEMPT for a in g.pending.legal_actions())


def test_ultimate_cheats_mode_adds_free_form_cheats_likelier_caught_the_bigger_they_are():
    # SEED "ULTIMATE CHEAT'S MODE ... you can try anything! ... Steal money from the Bank! ... you'll need to make
    # some house rules to deal with the really wild cheats" (the lab's house rules: data/cheats/cheaters-uk.toml)
    g = cheaters(bots={1: blind})
    assert not any(a.kind == C.FREE_CHEAT for a in to(g, D.CHEAT).legal_actions())
    g = cheaters(bots={1: blind}, ultimate_cheats=True)
    free = [a for a in to(g, D.CHEAT).legal_actions() if a.kind == C.FREE_CHEAT]
    menu = cheats.table(g).deck.free
    assert len(free) == len(menu) > 0
    takes = [c for c in menu if c.effect == "take_cash"]
    assert [c.difficulty for c in takes] == sorted(c.difficulty for c in takes) and takes[0].difficulty < \
        takes[-1].difficulty
    big = next(a for a in free if menu[a.square] is takes[-1])
    g.act(big)
    assert g.players[0].cash == 1500 + takes[-1].amount
    assert events(g, E.CHEAT)[-1].detail == E.CHEAT_TAKE_CASH


def test_a_bot_notices_with_the_probability_of_the_cards_difficulty_and_its_vigilance():
    # SEED "Some cheats are harder to pull off than others" (the lab's model: difficulty x vigilance)
    caught = 0
    for seed in range(200):
        g = Game.new(preset("cheaters"), [PlayerSpec("P0", "person"), PlayerSpec("B1", "bot", "cautious")], seed,
                     policies={1: blind(f"{seed}")})
        g.arrange().next_rolls((6, 6), (1, 2))
        g.step()
        cheats.arrange_face_up(g, 0, "Sticky Fingers")          # difficulty 25
        to(g, D.CHEAT)
        g.act(Action(C.ATTEMPT, 0))
        settle(g)
        caught += bool(events(g, E.ACCUSATION))
    assert caught == 0
    hits = 0
    for seed in range(200):
        g = Game.new(preset("cheaters"), [PlayerSpec("P0", "person"), PlayerSpec("B1", "bot", "cautious")], seed)
        g.arrange().next_rolls((6, 6), (1, 2))
        g.step()
        cheats.arrange_face_up(g, 0, "Sticky Fingers")
        to(g, D.CHEAT)
        g.act(Action(C.ATTEMPT, 0))
        settle(g)
        hits += bool(events(g, E.ACCUSATION))
    # a cautious bot's vigilance 1.5: 37.5% of 200 = 75 expected; 4 standard deviations either side
    assert 75 - 28 <= hits <= 75 + 28


def test_a_property_with_a_hotel_is_sold_to_another_player_with_its_hotel():
    # SEED "Sell Properties with a Hotel ... to another player for an agreed-upon price. Whether you sell to the Bank
    # or another player, the Hotel stays where it is. It's OK to split a Property set."
    g = cheaters()
    g.arrange().deed(OLD_KENT, 0, level=1).deed(WHITECHAPEL, 0)
    d = to(g, D.PRE_ROLL)
    offer = Action(A.TRADE, trade=Trade(0, 1, get_cash=300, give_squares=(OLD_KENT,)))
    assert d.is_legal(offer)
    g.act(offer)
    to(g, D.TRADE_RESPONSE)
    g.act(Action(A.ACCEPT))
    assert g.owner[OLD_KENT] == 1 and g.level[OLD_KENT] == 1 and g.players[0].cash == 1800


def test_only_get_out_of_jail_free_cards_change_hands_in_a_trade():
    # SEED "Property can be traded for cash, other Property and/or Get Out of Jail Free cards."
    g = cheaters()
    g.arrange().deed(ANGEL, 0).hold_card(0, "chance", "bribed the judges")
    d = to(g, D.PRE_ROLL)
    why = d.problem(Action(A.TRADE, trade=Trade(0, 1, give_squares=(ANGEL,), give_cards=("chance",))))
    assert why == "only Get Out of Jail Free cards may be traded"


def test_a_game_with_cheats_and_calls_is_saved_and_replayed_exactly():
    # Determinism: same seed, same answers, same game (the edition's own answers load from a saved history)
    import json

    from monopoly_core.game import History
    g = Game.new(preset("cheaters", ultimate_cheats=True), [PlayerSpec("P0", "person"),
                                                             PlayerSpec("B1", "bot", "always-buy")], seed=11)
    for _ in range(400):
        if g.over:
            break
        d = g.pending
        if d is None or d.player in g.bots:
            g.step()
            continue
        options = d.legal_actions() + [Action(C.CALL, seat) for seat in cheaters_turn.callers(g)]
        pick = next((a for a in options if a.kind in (C.ATTEMPT, C.FREE_CHEAT, C.CALL)), options[0])
        g.act(pick)
    kinds = {a.kind for a in g.history.actions}
    assert C.CALL in kinds and (C.ATTEMPT in kinds or C.FREE_CHEAT in kinds)
    saved = History.from_json(json.loads(json.dumps(g.history.to_json())))
    assert Game.replay(saved).log.signature() == g.log.signature()


def test_three_doubles_send_you_to_jail_in_the_handcuffs():
    # SEED "If you roll a double three times in a row, you must immediately Go To Jail and put on the handcuffs!"
    g = cheaters()
    g.arrange().jail(1).position(0, 21)
    to(g, D.PRE_ROLL)
    g.arrange().next_rolls((1, 1), (2, 2), (3, 3))     # Fleet Street, Coventry Street, then the third doubles
    g.act(Action(A.ROLL))
    to(g, D.CHEAT)                                     # (the next turn starts)
    assert g.players[0].in_jail and g.players[0].position == JAIL and not g.players[1].in_jail
    assert events(g, E.JAIL_IN)[-1].detail == E.JAIL_BY_DOUBLES
    assert events(g, E.JAIL_OUT)[-1].detail == E.OUT_BY_HANDCUFFS


def test_the_final_lap_ends_with_the_rent_of_every_property_hotel_rent_where_built_double_for_a_set():
    # SEED "The game ends when all the Properties have been purchased and each player makes it back to the GO
    # space ... For Properties in a set, collect double rent. For Properties with a Hotel, collect rent for a
    # Hotel. The player with the most cash wins!"
    g = cheaters(bots={0: blind, 1: blind})
    for s in g.board.properties:
        g.arrange().deed(s, 0 if s in (OLD_KENT, WHITECHAPEL) else 1)
    g.arrange().level(OLD_KENT, 1)
    g.run()
    assert g.over and g.end_reason == "final_lap"
    finals = [e for e in events(g, E.PAY) if e.detail == E.R_FINAL_RENT]
    sq = g.board.squares
    for e in finals:
        expected = sq[e.square].rents[5] if g.level[e.square] else sq[e.square].rents[0] * (
            2 if g.owned_in[sq[e.square].group][g.owner[e.square]] == g.holding_size[sq[e.square].group] else 1)
        assert e.amount == expected and e.other == g.owner[e.square]
    by_square = {e.square: e.amount for e in finals}
    assert by_square[OLD_KENT] == 250                                 # the hotel rent
    doubled = [e for e in finals if not g.level[e.square]]
    assert doubled and all(e.amount == 2 * sq[e.square].rents[0] for e in doubled)   # every set complete
    assert g.winner == max(g.active_players(), key=lambda p: p.cash).seat


def test_cards_place_or_move_hotels_outside_complete_sets():
    # SEED "Some Cheat, Chance and Community Chest cards will allow you to buy, move or place Hotels on Properties
    # that are not part of a complete set."
    g = cheaters()
    g.arrange().deed(ANGEL, 0).deed(MAYFAIR, 1, level=1).hold_card(0, "chest", "move another player's hotel")
    to(g, D.CHEAT)
    g.act(Action(C.PLAY_CARD, 1))
    assert g.level[ANGEL] == 1 and g.level[MAYFAIR] == 0 and g.hotels_left == 14      # moved, not made
    g.arrange().deed(OLD_KENT, 0).hold_card(0, "chance", "fell off the back of a lorry")
    g.act(Action(C.PLAY_CARD, 0))
    assert g.level[OLD_KENT] == 1 and g.hotels_left == 13                              # placed from the bank


def test_without_building_limits_a_card_places_a_hotel_when_the_bank_has_none_left():
    # SEED "Some Cheat, Chance and Community Chest cards will allow you to ... place Hotels"; with the house rule
    # "building limits" off the bank never runs out (an outside review: the cards checked the count regardless)
    g = cheaters(building_limits=False)
    g.arrange().supply(hotels=0).deed(OLD_KENT, 0).hold_card(0, "chance", "fell off the back of a lorry")
    to(g, D.CHEAT)
    g.act(Action(C.PLAY_CARD, 0))
    assert g.level[OLD_KENT] == 1
    limited = cheaters()
    limited.arrange().supply(hotels=0).deed(OLD_KENT, 0).hold_card(0, "chance", "fell off the back of a lorry")
    d = to(limited, D.CHEAT)                                # with the limits, none is left to place: the card
    assert Action(C.PLAY_CARD, 0) not in d.legal_actions()  # is kept for when one is (a second outside audit)
    with pytest.raises(IllegalAction):
        limited.act(Action(C.PLAY_CARD, 0))
    assert limited.level[OLD_KENT] == 0 and limited.players[0].cards


def test_a_jackpot_the_edition_does_not_play_collects_nothing():
    # SEED: Free Parking draws a card (cheaters_cards.FREE_PARKING), so a Free Parking jackpot set in the rules is
    # not played: its seed is not paid in and the fines go to the bank (an outside review saw a pot grow that
    # nobody could win)
    g = cheaters(free_parking="jackpot", free_parking_seed=500)
    assert not g.jackpot and g.pot == 0 and g.fee_payee == E.BANK
    assert preset("classic-uk", free_parking="jackpot") and Game.new(
        preset("classic-uk", free_parking="jackpot"), [PlayerSpec("a", "person"), PlayerSpec("b", "person")], 1).jackpot


def test_a_second_card_of_a_deck_may_be_used_at_once_keeping_the_other():
    # SEED "if you have a Chance card in front of you and you need to draw another one, do so. Then you must
    # immediately use and/or discard one by returning it to the bottom of the Chance deck."
    g, old, new = second_chance_card()
    d = g.pending
    assert {Action(C.USE_OLD), Action(C.USE_NEW)} <= set(d.legal_actions())
    cash = g.players[0].cash
    start = len(g.log)
    g.act(Action(C.USE_OLD))                           # the judges' bribe now; the raffle kept
    assert g.players[0].cash == cash + g.deck_cards["chance"][old].amount
    assert [(e.kind, e.detail) for e in g.log.since(start) if e.kind in (E.CARD, E.CARD_PLAYED)] == \
        [(E.CARD_PLAYED, old)]
    assert g.players[0].cards == [("chance", new)] and g.decks["chance"][-1] == old


# --- from an outside audit of the rules -------------------------------------------------------------------------
def test_a_cheat_awaiting_its_reveal_keeps_its_card_out_of_the_next_players_reach():
    # SEED "Return the card ... and place a new one face up": the card stays on the table until the cheat is
    # revealed or caught. The next player may not pick it: revealed as they move on, its place would then show
    # another card than the one chosen (before, they did that card: an Escape Artist out of no jail, a Hotel Heist
    # of their own hotel).
    g = cheaters(2)
    cheats.arrange_face_up(g, 0, "Bank Job")
    to(g, D.CHEAT)
    g.act(Action(C.ATTEMPT, 0))                             # seat 0: Bank Job, nobody notices
    roll(g, (1, 2))
    to(g, D.BUY)
    g.act(Action(A.DECLINE))
    d = to(g, D.CHEAT)
    assert d.player == 1 and Action(C.ATTEMPT, 0) not in d.legal_actions()
    with pytest.raises(IllegalAction, match="still trying this cheat"):
        g.act(Action(C.ATTEMPT, 0))
    assert Action(C.ATTEMPT, 1) in d.legal_actions() or cheats.attempt_problem(g, g.players[1], 1) is not None
    assert [e.player for e in events(g, E.CHEAT)] == [0]


def test_a_card_that_jails_another_player_leaves_the_drawers_roll_again_after_doubles():
    # SEED "Did you roll a double? Roll the dice again and take another turn." "Your turn is now over" is the
    # jailed player's: sending another player to jail with a card does not end the drawer's turn.
    g = cheaters(3)
    g.arrange().hold_card(0, "chance", "bribed the judges")
    g.arrange().card_on_top("chance", "Send another player")
    to(g, D.CHEAT)
    g.act(C.A_NO_CHEAT)
    to(g, D.PRE_ROLL)
    g.arrange().position(0, 3).next_rolls((2, 2))           # to Chance (7)
    g.act(Action(A.ROLL))
    to(g, D.KEEP_CARD)
    g.act(Action(C.USE_NEW))                                # "Send another player ... to Jail", at once
    while g.pending is not None and g.pending.kind == D.CHEAT_TARGET:
        g.act(g.pending.legal_actions()[0])
    d = to(g, D.POST_ROLL)
    assert [p.seat for p in g.players if p.in_jail] == [1]
    assert d.player == 0 and d.again


def _lap_with(g, seat_of=lambda s: 1):
    for s in g.board.properties:
        g.arrange().deed(s, seat_of(s))


def test_on_the_final_lap_a_player_home_at_go_is_not_moved_or_jailed_by_another_players_card_or_cheat():
    # SEED END OF THE GAME: "Once all the players reach GO ...": a player home waits at GO and takes no more turns,
    # so one moved away by a cheat or jailed by a card could never come back (an audit found 72 such endings in
    # 2,000 bot games, the players counted home while away from GO)
    g = cheaters(3, bots={1: blind, 2: blind})
    _lap_with(g)
    g.arrange().position(0, 21).position(2, 12)              # seat 1 stands on GO: home as the lap begins
    to(g, D.CHEAT)
    assert g.final_lap == [False, True, False]
    from monopoly_core.editions import cheaters_targets as T
    for effect in ("move_other", "send_to_jail"):
        assert 1 not in T.candidates(g, 0, effect, T.PLAYER)
    assert 1 in T.candidates(g, 0, "take_from_player", T.PLAYER)     # (money: not a move)


def test_a_nudge_past_go_pays_the_salary_and_on_the_final_lap_stops_there_home():
    # SEED "When you pass or land on the GO space, collect £200"; END OF THE GAME: "When you reach GO after all
    # the Properties have been purchased, stop there even if you have moves left"
    g = cheaters(2, bots={1: blind})
    cheats.arrange_face_up(g, 0, "Long Jump")                # move your own token forward 5 before you roll
    g.arrange().position(0, 37)
    to(g, D.CHEAT)
    cash = g.players[0].cash
    g.act(Action(C.ATTEMPT, 0))
    assert g.players[0].position == 2 and g.players[0].cash == cash + 200
    g = cheaters(2, bots={1: blind})
    _lap_with(g)
    cheats.arrange_face_up(g, 0, "Long Jump")
    g.arrange().position(0, 37).position(1, 20)
    to(g, D.CHEAT)
    g.act(Action(C.ATTEMPT, 0))
    settle(g)
    assert g.players[0].position == 0 and g.final_lap == [True, False]
    assert not [e for e in events(g, E.ROLL) if e.player == 0 and e.other == E.ROLL_MOVE]    # home: no roll


def test_a_caught_nudge_past_go_is_undone_with_its_salary():
    # the project's cheat cards undo a caught move made this turn (data/cheats/cheaters-uk.toml): the salary the
    # nudge paid goes back with it, and a nudge that took the cheat home on the final lap no longer does
    g = cheaters(2, bots={1: hawk})
    _lap_with(g)
    cheats.arrange_face_up(g, 0, "Long Jump")
    g.arrange().position(0, 37).position(1, 20)
    to(g, D.CHEAT)
    cash = g.players[0].cash
    g.act(Action(C.ATTEMPT, 0))
    settle(g)
    card = cheats.table(g).deck.cards[[e for e in events(g, E.CHEAT)][0].other]
    assert [e.detail for e in events(g, E.CHEAT_OUTCOME)] == [E.OUTCOME_CAUGHT]
    assert g.players[0].position == 37 and g.final_lap == [False, False]
    assert g.players[0].cash == cash - card.penalty


def test_the_final_lap_begins_the_moment_the_last_property_is_bought():
    # SEED END OF THE GAME: "When you reach GO after all the Properties have been purchased, stop there": also in
    # the turn the last one was bought (doubles, then past GO)
    g = cheaters(2)
    for s in g.board.properties:
        if s != 37:
            g.arrange().deed(s, 1)
    g.arrange().position(0, 33).position(1, 20)
    to(g, D.CHEAT)
    g.act(C.A_NO_CHEAT)
    to(g, D.PRE_ROLL)
    g.arrange().next_rolls((2, 2), (3, 4))                   # to Park Lane, the last property; then past GO
    g.act(Action(A.ROLL))
    to(g, D.BUY)
    g.act(Action(A.BUY))
    end(g)
    to(g, D.POST_ROLL)
    assert g.players[0].position == 0 and g.final_lap == [True, False]


def test_a_cheat_still_awaiting_the_next_roll_when_the_game_ends_is_revealed_and_rewarded():
    # SEED "If no one catches you before then [the next player rolls], you got away with the cheat! ... Collect
    # the reward": the game's end leaves no next roll
    g = cheaters(2)
    _lap_with(g, lambda s: 0 if s < 20 else 1)
    card = cheats.arrange_face_up(g, 0, "Bank Job")
    g.arrange().position(0, 37).position(1, 37)
    to(g, D.CHEAT)
    g.act(C.A_NO_CHEAT)
    roll(g, (1, 2))                                          # seat 0 home
    end(g)
    to(g, D.CHEAT)
    g.act(Action(C.ATTEMPT, 0))                              # seat 1, the last one out, cheats
    roll(g, (1, 2))                                          # and goes home: the round ends the game
    end(g)
    while not g.over:
        to(g, D.POST_ROLL)                                   # (seat 0's place: home, a window)
        g.act(Action(A.END))
    outcome = events(g, E.CHEAT_OUTCOME)
    assert [(e.player, e.detail, e.amount) for e in outcome] == [(1, E.OUTCOME_REVEALED, card.reward)]
    assert g.end_reason == "final_lap"


def test_places_after_the_winner_of_the_final_lap_go_by_cash():
    # SEED END OF THE GAME: "The player with the most cash wins!": the places after first too
    for seed in range(40):
        g = Game.new(preset("cheaters"), [PlayerSpec(f"B{i}", "bot", s) for i, s in
                                           enumerate(("strategist", "cautious", "always-buy", "set-collector"))],
                     seed=seed)
        g.run()
        if g.end_reason == "final_lap":
            alive = [s for s in g.ranking() if not g.players[s].bankrupt]
            assert [g.players[s].cash for s in alive] == sorted((g.players[s].cash for s in alive), reverse=True)


def test_a_bankruptcy_that_ends_the_game_still_hands_the_creditor_the_cards():
    # SEED "Give them all your Properties and any Chance and Community Chest cards" (before, the cards stayed with
    # the bankrupt player when the bankruptcy ended the game)
    g = cheaters(2)
    g.arrange().hold_card(1, "chance", "bribed the judges")
    g.arrange().cash(1, 0).deed(MAYFAIR, 0).level(MAYFAIR, 1).position(1, 35)
    to(g, D.CHEAT)
    g.act(C.A_NO_CHEAT)
    roll(g, (1, 2))
    end(g)
    to(g, D.CHEAT)
    g.act(C.A_NO_CHEAT)
    roll(g, (2, 2))                                          # seat 1 to Mayfair's hotel, with nothing
    while not g.over:
        d = g.pending
        g.act(Action(A.BANKRUPT) if d.kind == D.DEBT else d.legal_actions()[0])
        settle(g)
    assert g.end_reason == "last_player_standing"
    assert not g.players[1].cards and [k for k, _ in g.players[0].cards] == ["chance"]


def test_a_nudge_caught_after_the_roll_leaves_the_token_where_the_dice_took_it():
    # SEED: a caught cheat must "take the penalty on the back of the Cheat card". The project's cards undo a caught
    # act where they can; a nudge caught after the roll is not undone (moving the token back two squares from where
    # the dice left it would put it on a square it never landed on: an audit saw it land by the move on Chance
    # without a card), so only the penalty is paid
    g = cheaters(2)
    card = cheats.arrange_face_up(g, 0, "Extra Step")           # forward 2 before you roll
    g.arrange().position(0, 5)
    to(g, D.CHEAT)
    g.act(Action(C.ATTEMPT, 0))
    assert g.players[0].position == 7
    roll(g, (1, 1))                                             # on to 9
    to(g, D.BUY)
    g.act(Action(A.DECLINE))
    to(g, D.POST_ROLL)
    cash = g.players[0].cash
    g.act(Action(C.CALL, 1))                                    # seat 1, a person, calls during seat 0's window
    assert [e.detail for e in events(g, E.CHEAT_OUTCOME)] == [E.OUTCOME_CAUGHT]
    assert g.players[0].position == 9 and g.players[0].cash == cash - card.penalty


# --- an outside audit's findings (each test failed before its fix) ---------------------------------------------------
def test_a_prisoner_caught_by_a_call_during_their_jail_choice_is_jailed_anew_and_their_turn_is_over():
    # SEED Go To Jail: "Your turn is now over"; "you can also be sent there if you're caught cheating"
    g = cheaters(2)
    g.arrange().jail(0, 1)
    cheats.arrange_face_up(g, 0, "The Big Score")              # caught: a penalty and jail
    to(g, D.CHEAT)
    g.act(Action(C.ATTEMPT, 0))
    to(g, D.JAIL)
    g.act(Action(C.CALL, 1))                                   # seat 1 calls while the jail choice is open
    assert events(g, E.CHEAT_OUTCOME)[-1].detail == E.OUTCOME_CAUGHT
    assert g.pending.kind == D.JAIL                            # the choice is asked again, but the turn is over:
    g.arrange().next_rolls((3, 3))
    g.act(Action(A.ROLL))
    settle(g)
    p = g.players[0]
    assert p.in_jail and p.position == JAIL and p.jail_turns == 0
    assert not [e for e in events(g, E.ROLL) if e.player == 0 and e.turn == g.turn]
    assert g.pending.player == 1


def test_a_player_home_at_go_and_then_caught_cheating_must_come_back_round_to_go():
    # SEED END OF THE GAME: "The game ends when all the Properties have been purchased and each player makes it
    # back to the GO space": a cheat home at GO sent to jail is no longer there
    g = cheaters(3)
    for s in g.board.properties:
        g.arrange().deed(s, 2)
    g.arrange().position(0, 37).position(1, 20).position(2, 21)
    cheats.arrange_face_up(g, 0, "The Big Score")
    to(g, D.CHEAT)
    g.act(Action(C.ATTEMPT, 0))
    roll(g, (1, 2))                                             # 37 + 3: GO, home
    to(g, D.POST_ROLL)
    assert g.final_lap == [True, False, False]
    g.act(Action(C.CALL, 1))
    assert g.players[0].in_jail and g.final_lap == [False, False, False]
    jail_choices = 0
    while not g.over:
        d = g.pending
        if d is None:
            g.step()
        elif d.kind == D.CHEAT:
            g.act(C.A_NO_CHEAT)
        elif d.kind in (D.PRE_ROLL, D.JAIL):
            jail_choices += d.kind == D.JAIL and d.player == 0
            g.arrange().next_rolls((5, 6))
            g.act(Action(A.ROLL))
        else:
            g.act(Action(A.END) if d.kind == D.POST_ROLL else d.legal_actions()[0])
    assert g.end_reason == "final_lap" and jail_choices >= 1
    assert not g.players[0].in_jail and g.players[0].position == 0


def test_a_player_home_at_go_may_still_play_the_cards_they_hold_but_not_cheat():
    # SEED Chance and Community Chest: "you may hold on to the card until you're ready to use it"; END OF THE
    # GAME: "The player with the most cash wins!" (a held card of money is not lost by going home)
    g = cheaters(2)
    for s in g.board.properties:
        g.arrange().deed(s, 1)
    g.arrange().position(0, 37).position(1, 20)
    g.arrange().hold_card(0, "chance", "rigged raffle")         # "You won a rigged raffle. Collect £100."
    cheats.arrange_face_up(g, 0, "Bank Job")
    to(g, D.CHEAT)
    g.act(C.A_NO_CHEAT)                                         # kept for later
    roll(g, (1, 2))                                             # home at GO
    end(g)
    to(g, D.CHEAT)
    g.act(C.A_NO_CHEAT)
    roll(g, (1, 2))
    end(g)
    d = to(g, D.CHEAT)                                          # seat 0's turn, home: the held card is offered
    assert d.player == 0 and g.final_lap[0]
    assert {a.kind for a in d.legal_actions()} == {C.NO_CHEAT, C.PLAY_CARD}       # no cheats from home
    cash = g.players[0].cash
    g.act(next(a for a in d.legal_actions() if a.kind == C.PLAY_CARD))
    assert g.players[0].cash == cash + 100 and not g.players[0].cards
    assert g.pending.kind == D.POST_ROLL and g.players[0].position == 0


def test_a_rent_dodger_that_meets_no_rent_earns_nothing_and_one_caught_after_dodging_pays_the_rent():
    # SEED CHEATING: "Front ... Complete this action to cheat. Back: Get this reward if you're successful"; a caught
    # cheat is undone where it can be (data/cheats/cheaters-uk.toml): the dodged rent is paid after all
    g = cheaters(2, bots={1: blind})
    cheats.arrange_face_up(g, 0, "Rent Dodger")
    g.arrange().position(0, 1)
    to(g, D.CHEAT)
    g.act(Action(C.ATTEMPT, 0))
    roll(g, (1, 2))                                             # square 4: a rest square, no rent
    end(g)
    cash = g.players[0].cash
    for _ in range(50):
        if events(g, E.CHEAT_OUTCOME):
            break
        g.step()
    outcome = events(g, E.CHEAT_OUTCOME)[-1]
    assert outcome.detail == E.OUTCOME_VOID and g.players[0].cash == cash
    g = cheaters(2)
    g.arrange().deed(WHITECHAPEL, 1)
    card = cheats.arrange_face_up(g, 0, "Rent Dodger")
    to(g, D.CHEAT)
    g.act(Action(C.ATTEMPT, 0))
    c0, c1 = g.players[0].cash, g.players[1].cash
    roll(g, (1, 2))                                             # Whitechapel: the rent is dodged
    assert not [e for e in events(g, E.PAY) if e.detail == E.R_RENT]
    to(g, D.POST_ROLL)
    g.act(Action(C.CALL, 1))
    rent = g.board.squares[WHITECHAPEL].rents[0]
    assert g.players[1].cash == c1 + rent and g.players[0].cash == c0 - rent - card.penalty


def test_a_pickpocket_needs_someone_with_money_to_take():
    # SEED CHEATING: "Complete this action to cheat": taking from an empty pile is no act (nor a reward)
    g = cheaters(2, bots={1: blind})
    cheats.arrange_face_up(g, 0, "Pickpocket")
    g.arrange().cash(1, 0)
    d = to(g, D.CHEAT)
    assert Action(C.ATTEMPT, 0) not in d.legal_actions()
    with pytest.raises(IllegalAction, match="nobody to take from"):
        g.act(Action(C.ATTEMPT, 0))


def test_a_call_on_a_cheat_already_caught_is_refused_and_never_false_however_many_home_turns_passed():
    # SEED Falsely Accused?: "If someone accuses you of cheating and you're innocent ... the accuser must pay you
    # £100": a cheat caught on the turn watched is not innocent, though players home at GO took turns since
    g = cheaters(4)
    for s in g.board.properties:
        g.arrange().deed(s, 2)
    g.arrange().position(0, 21).position(1, 0).position(2, 0).position(3, 0)
    cheats.arrange_face_up(g, 0, "Bank Job")
    to(g, D.CHEAT)
    g.act(Action(C.ATTEMPT, 0))
    roll(g, (1, 2))
    to(g, D.POST_ROLL)
    g.act(Action(C.CALL, 1))
    g.act(Action(A.END))
    for _ in range(2):
        d = to(g, D.POST_ROLL)                                  # the home windows of seats 1 and 2
        if d.player == 2:
            break
        g.act(Action(A.END))
    assert cheaters_turn.watched(g) == 0
    c0, c3 = g.players[0].cash, g.players[3].cash
    calls = len(events(g, E.ACCUSATION))
    # a walkthrough was offered the call, and pressed it to no effect, after the catch: it is refused in words now
    assert 3 not in cheaters_turn.callers(g)
    with pytest.raises(IllegalAction, match="cheat on this turn was caught already"):
        g.act(Action(C.CALL, 3))
    assert len(events(g, E.ACCUSATION)) == calls and (g.players[0].cash, g.players[3].cash) == (c0, c3)
    # the engine's own judgement stays right, should such a call reach it (not as a false accusation)
    list(cheats.accuse(g, g.players[3], 0))
    assert events(g, E.ACCUSATION)[-1].detail == E.ACCUSED_RIGHTLY
    assert (g.players[0].cash, g.players[3].cash) == (c0, c3)


def test_a_token_moved_back_by_a_cheat_caught_before_its_owner_rolls_is_moved_forward_again():
    # data/cheats/cheaters-uk.toml: move_other "moved forward again if caught before they roll" (SEED: "If the
    # accused cheat is guilty, they must take the penalty"; the victim's call at the start of their turn is in time)
    g = cheaters(2)
    cheats.arrange_face_up(g, 0, "Wrong Token")
    g.arrange().position(1, 21)
    to(g, D.CHEAT)
    g.act(Action(C.ATTEMPT, 0))
    assert g.players[1].position == 18
    roll(g, (1, 2))
    to(g, D.BUY)
    g.act(Action(A.DECLINE))
    while g.pending.kind == D.BID:
        g.act(Action(A.PASS))
    end(g)
    d = to(g, D.CHEAT)
    assert d.player == 1
    g.act(Action(C.CALL, 1))
    assert events(g, E.CHEAT_OUTCOME)[-1].detail == E.OUTCOME_CAUGHT
    assert g.players[1].position == 21


def test_a_held_card_that_cannot_be_done_now_is_kept_not_spent_for_nothing():
    # SEED "you may hold on to the card until you're ready to use it" (a second outside audit: a free hotel with
    # no street to put it on, a hotel to move with none to take, a jailing with nobody to jail were played and lost)
    g = cheaters(2)
    g.arrange().hold_card(0, "chance", "hotel fell off")        # the holder owns no street
    d = to(g, D.CHEAT)
    assert Action(C.PLAY_CARD, 0) not in d.legal_actions()
    g = cheaters(2)
    g.arrange().deed(OLD_KENT, 0).hold_card(0, "chest", "move another player's hotel")   # nobody else has one
    d = to(g, D.CHEAT)
    assert Action(C.PLAY_CARD, 1) not in d.legal_actions()
    g = cheaters(3)
    g.arrange().jail(1).hold_card(0, "chest", "Frame another")
    for s in g.board.properties:
        g.arrange().deed(s, 2)
    g.arrange().position(0, 5).position(2, 0)                   # seat 2 home at GO as the final lap begins
    d = to(g, D.CHEAT)
    assert g.final_lap == [False, False, True] and Action(C.PLAY_CARD, 1) not in d.legal_actions()
    from monopoly_core.editions import cheaters_targets as T
    assert T.candidates(g, 0, "send_to_jail", T.PLAYER) == []   # the prisoner is not sent again, nor one home
    g.act(C.A_NO_CHEAT)
    assert g.players[0].cards                                    # still held


def test_the_last_player_home_may_play_a_card_drawn_on_the_way_before_the_final_count():
    # SEED "you may hold on to the card until you're ready to use it"; END OF THE GAME: "The player with the most
    # cash wins!" (a second outside audit: the last one home had no home turn, and the card's £100 was lost)
    g = cheaters(2)
    for s in g.board.properties:
        g.arrange().deed(s, 1 if s != 37 else 0)
    g.arrange().position(0, 34).position(1, 0)
    g.arrange().card_on_top("chance", "rigged raffle")          # "You won a rigged raffle. Collect £100."
    to(g, D.PRE_ROLL)
    g.arrange().next_rolls((1, 1), (2, 2))                      # Chance on 36, then past GO: home
    g.act(Action(A.ROLL))
    settle(g)
    assert g.players[0].cards
    g.act(Action(A.END))                                        # (the window after the doubles' landing)
    settle(g)
    d = to(g, D.POST_ROLL, D.CHEAT)
    if d.kind == D.POST_ROLL:
        g.act(Action(A.END))
        d = to(g, D.CHEAT)
    assert d.player == 0 and g.final_lap == [True, True] and not g.over
    cash = g.players[0].cash
    g.act(next(a for a in d.legal_actions() if a.kind == C.PLAY_CARD))
    settle(g)
    assert g.over and not g.players[0].cards
    rents = sum(e.amount for e in events(g, E.PAY) if e.detail == E.R_FINAL_RENT and e.other == 0)
    assert g.players[0].cash == cash + 100 + rents


def test_a_prisoner_bankrupted_by_a_call_during_their_jail_choice_takes_no_more_of_the_turn():
    # SEED "Bankruptcy ... you are out of the game" (004): an outside audit saw the bankrupt prisoner asked the jail
    # choice again, roll out, be offered a purchase and keep a Chance card drawn, lost to the deck for good
    g = cheaters(3)
    cheats.arrange_face_up(g, 0, "Bank Job")
    g.arrange().jail(0, 2).cash(0, 0)
    to(g, D.CHEAT)
    g.act(Action(C.ATTEMPT, 0))
    to(g, D.JAIL)
    g.act(Action(C.CALL, 1))                                    # caught: the £100 and the penalty cannot be paid
    settle(g)
    g.act(Action(A.BANKRUPT))
    first = len(g.log)
    settle(g)
    p = g.players[0]
    assert p.bankrupt and g.pending is not None and g.pending.player != 0
    after = [e for e in g.log if e.seq >= first and e.player == 0 and e.kind in (E.ROLL, E.MOVE, E.CARD)]
    assert not after and not p.cards


#: What each effect's act text must say (the cards are the lab's own: their words are all a player reads of them)
_SAYS = {"take_cash": ("\u00a3{n}", "Bank"), "take_from_player": ("\u00a3{n}", "another player"),
         "move_other": ("another player's token back {n} squares",), "move_self": ("your own token forward {n} "
                                                                              "squares",),
         "escape_jail": ("Jail",), "remove_hotel": ("hotel", "another player"), "skip_rent": ("rent",)}


@pytest.mark.parametrize("card", cheats.load_cheats("cheaters-uk").cards, ids=lambda c: c.name)
def test_each_cheat_card_says_what_its_effect_does(card):
    # An outside audit read Wrong Token ("the leading player goes back 3 squares") and Switcheroo ("the leading
    # player's token") while a person may pick any other player's token: a card's words follow its effect and
    # amount (data/cheats/cheaters-uk.toml; seed 003: "Complete this action to cheat").
    for words in _SAYS[card.effect]:
        assert words.format(n=card.amount) in card.act, (card.name, card.act)
    assert "leading" not in card.act
