"""Monopoly for Sore Losers, rule by rule (issue 16). Each test quotes the sentence it checks from seed
../shared/seeds/000_e69c306a8b2b524d.txt (the rule book, "000") or 001_73666be29a94f97b.txt (the description that
fills its gaps, "001"), arranges a position through ``Game.arrange()`` and acts through ``act()``/``step()``.
"""
import pytest

from monopoly_core import Action, Game, IllegalAction, PlayerSpec, Trade, preset
from monopoly_core import actions as A
from monopoly_core import decisions as D
from monopoly_core import events as E
from monopoly_core.board import load_board
from monopoly_core.editions import sore_losers_state as st
from scenario import end_turn, events_of, give, pays, place, roll, stack, until

GO, OLD_KENT, WHITECHAPEL, INCOME_TAX, KINGS_CROSS, ANGEL, EUSTON, PENTONVILLE, JAIL = 0, 1, 3, 4, 5, 6, 8, 9, 10
PALL_MALL, ELECTRICITY, WHITEHALL, NORTHUMBERLAND = 11, 12, 13, 14
FREE_PARKING, STRAND, GO_TO_JAIL, WATER = 20, 21, 30, 28
PARK_LANE, SUPER_TAX, MAYFAIR = 37, 38, 39


def sl(n=2, arrange=None, **rules) -> Game:
    """A Sore Losers table of ``n`` people, seat 0 starting (it rolls the lowest), stopped at its first decision."""
    g = Game.new(preset("sore-losers", **rules), [PlayerSpec(f"P{i}", "person") for i in range(n)], seed=1)
    g.arrange().next_rolls((1, 1), *[(6, 6)] * (n - 1))
    g.step()
    if arrange is not None:
        arrange(g)
    until(g, D.PRE_ROLL, D.JAIL, D.CASH_IN)
    return g


def coins(g, seat):
    return st.coins(g, seat)


def coin_events(g, start, reason=None):
    return [e for e in events_of(g, E.COIN, start) if reason is None or e.detail == reason]


def mr(seat):
    return lambda game: game.arrange().extra("mr_monopoly", seat, 0)


# --- the equipment ---------------------------------------------------------------------------------------------
def test_the_board_is_the_uk_board_with_the_utilities_turned_into_150_bills():
    # 001: "there are only 26 title deeds ... the utilities are no longer properties, but instead act as additional
    # tax spaces, both charging a fee of 150"
    board = load_board("sore-losers")
    uk = load_board("classic-uk")
    assert len(board.properties) == 26
    assert [(s.name, s.kind, s.amount) for s in board.squares if s.kind == "bill"] == \
        [("Electricity Bill", "bill", 150), ("Water Bill", "bill", 150)]
    for mine, classic in zip(board.squares, uk.squares):
        if classic.kind != "utility":
            assert (mine.name, mine.kind, mine.price, mine.rents) == (classic.name, classic.kind, classic.price,
                                                                      classic.rents)


def test_the_decks_are_the_projects_own_with_coin_and_token_cards_and_the_classic_decks_play_too():
    # 000: "draw a Chance or Community Chest Card that says to collect one"; 001: "take the Mr. Monopoly token if
    # they draw a Chance or Community chest card instructing them to do so"
    from monopoly_core.datafiles import load_toml
    for name in ("sore-losers-chance", "sore-losers-chest"):
        raw = load_toml("cards", name)
        assert "project" in raw["own"] and len(raw["cards"]) == 16
        effects = [c["effect"] for c in raw["cards"]]
        assert "sore_loser_coin" in effects and "mr_monopoly" in effects
    classic_decks = preset("sore-losers", chance_deck="uk-chance", chest_deck="uk-chest")
    g = Game.new(classic_decks, [PlayerSpec("A"), PlayerSpec("B")], seed=3)
    g.run()
    assert g.over
    # the coin cards belong to this edition: a classic game refuses them, naming the deck
    from monopoly_core import InvalidRules
    with pytest.raises(InvalidRules, match="chance_deck"):
        preset("classic-uk", chance_deck="sore-losers-chance")


def test_each_player_starts_with_two_coins_and_the_bank_keeps_the_rest():
    # 000 SET IT UP: "7 Each player takes two sore loser coins. Place the rest of the coins here."
    g = sl(3)
    assert [coins(g, s) for s in range(3)] == [2, 2, 2]
    assert st.table(g).supply == 30 - 6
    assert [(e.player, e.amount, e.detail) for e in events_of(g, E.COIN)] == [(s, 2, E.C_START) for s in range(3)]


def test_the_lowest_first_roll_starts():
    # 000: "Each player rolls both dice. The LOWEST roller starts and play moves to the left."
    g = Game.new(preset("sore-losers"), [PlayerSpec(f"P{i}", "person") for i in range(3)], seed=1)
    g.arrange().next_rolls((6, 5), (1, 2), (4, 4))
    g.step()
    assert g.order == [1, 2, 0]


# --- collecting coins ------------------------------------------------------------------------------------------
def test_paying_rent_gives_the_payer_a_coin():
    # 000: "Whenever you pay rent, take one sore loser coin from the Bank!"
    g = sl(arrange=lambda g: give(g, 1, ANGEL))
    start = len(g.log)
    roll(g, (2, 4))
    until(g, D.POST_ROLL)
    assert [e.player for e in pays(g, start, E.R_RENT)] == [0]
    assert coins(g, 0) == 3 and [e.player for e in coin_events(g, start, E.C_RENT)] == [0]


def test_landing_on_your_own_property_gives_a_coin():
    # 000: "Immediately collect one sore loser coin each time you: ... land on your own property"
    g = sl(arrange=lambda g: give(g, 0, ANGEL))
    roll(g, (2, 4))
    until(g, D.POST_ROLL)
    assert coins(g, 0) == 3


def test_paying_a_bill_costs_150_and_gives_a_coin_and_so_does_a_tax():
    # 000: "Taxes and Bills: Pay the Bank the amount shown on the space. Whenever you pay taxes, collect one sore
    # loser coin!"
    g = sl(arrange=lambda g: place(g, 0, 7))
    cash = g.players[0].cash
    roll(g, (2, 3))                                         # 7 + 5: the Electricity Bill
    until(g, D.POST_ROLL)
    assert g.players[0].cash == cash - 150 and coins(g, 0) == 3
    g2 = sl()
    roll(g2, (1, 3))                                        # Income Tax
    until(g2, D.POST_ROLL)
    assert g2.players[0].cash == 1500 - 200 and coins(g2, 0) == 3


def test_going_to_jail_gives_a_coin():
    # 000: "Whenever you go to Jail, collect one sore loser coin from the Bank."
    g = sl(arrange=lambda g: place(g, 0, 24))
    roll(g, (2, 4))                                         # Go To Jail
    until(g, D.POST_ROLL)
    assert g.players[0].in_jail and coins(g, 0) == 3
    assert [e.detail for e in coin_events(g, 0, E.C_JAIL)] == [E.C_JAIL]


def test_a_fifth_coin_is_simply_not_taken():
    # 000: "You can never have more than four sore loser coins at a time. If you ever have four and need to collect
    # one, do nothing."
    def arrange(g):
        g.arrange().extra("coins", 0, 4)
        give(g, 0, ANGEL)
    g = sl(arrange=arrange)
    g.act(A.A_WAIT)                                         # four coins: asked first whether to cash them in
    roll(g, (2, 4))
    until(g, D.POST_ROLL)
    assert coins(g, 0) == 4 and st.table(g).supply == 30 - 4 - 2


def test_a_card_that_says_so_gives_a_coin():
    # 000: "draw a Chance or Community Chest Card that says to collect one"
    g = sl(arrange=lambda g: stack(g, "chest", "raffle"))
    roll(g, (1, 1))                                         # Community Chest
    until(g, D.POST_ROLL)
    assert coins(g, 0) == 3 and [e.detail for e in coin_events(g, 0, E.C_CARD)] == [E.C_CARD]


def test_free_parking_steals_a_coin_from_a_player_of_your_choice():
    # 000: "Free Parking: ... Steal one sore loser coin from any player."
    def arrange(g):
        place(g, 0, 14)
        g.arrange().extra("coins", 2, 3)
    g = sl(3, arrange=arrange)
    roll(g, (2, 4))
    until(g, D.COIN_VICTIM)
    assert {a.amount for a in g.legal_actions()} == {1, 2}
    with pytest.raises(IllegalAction):
        g.act(Action(A.STEAL_COIN, amount=0))               # not yourself
    g.act(Action(A.STEAL_COIN, amount=2))
    assert [coins(g, s) for s in range(3)] == [3, 2, 2]


def test_free_parking_with_four_coins_makes_a_player_return_one_to_the_bank():
    # 000: "If you already have four, or if you are MR MONOPOLY, take one sore loser coin from any player and return
    # it to the Bank."
    def arrange(g):
        place(g, 0, 14)
        g.arrange().extra("coins", 0, 4)
    g = sl(arrange=arrange)
    g.act(A.A_WAIT)
    roll(g, (2, 4))
    until(g, D.COIN_VICTIM)
    supply = st.table(g).supply
    g.act(Action(A.STEAL_COIN, amount=1))
    assert coins(g, 0) == 4 and coins(g, 1) == 1 and st.table(g).supply == supply + 1


# --- the Mr Monopoly token ---------------------------------------------------------------------------------------
def test_four_coins_cash_in_before_the_roll_for_the_token_and_go_back_to_the_bank():
    # 000: "Once you've collected four coins, you may trade in all four at the beginning of any of your turns to
    # take the MR MONOPOLY token"; "place it on your current space"
    g = sl(arrange=lambda g: g.arrange().extra("coins", 0, 4))
    assert g.pending.kind == D.CASH_IN and set(g.legal_actions()) == {A.A_CASH_IN, A.A_WAIT}
    supply = st.table(g).supply
    g.act(A.A_CASH_IN)
    assert st.mr_monopoly(g) == 0 and coins(g, 0) == 0 and st.table(g).supply == supply + 4
    assert [(e.player, e.square, e.detail) for e in events_of(g, E.MR_MONOPOLY)] == [(0, GO, E.MR_BY_CASH_IN)]


def test_the_feed_says_the_token_s_last_holder_takes_back_their_own():
    # 000: "take the MR MONOPOLY token" (from whoever holds it: they go back to their own token). The cash-in
    # question says so; a browser review found the feed silent about the player who lost it
    from monopoly_core.narrate import describe
    g = sl(arrange=lambda g: g.arrange().extra("coins", 0, 4).extra("mr_monopoly", 1, 0))
    g.act(A.A_CASH_IN)
    ev = events_of(g, E.MR_MONOPOLY)[-1]
    assert describe(ev, g) == "P0 cashes in four sore loser coins and becomes Mr Monopoly on Go, and P1 takes back " \
                              "their own token."


def test_cashing_in_in_jail_releases_the_player_who_then_rolls_and_moves():
    # 000: "4. Become MR MONOPOLY by trading in four sore loser coins at the beginning of your next turn. Then roll
    # and move."
    def arrange(g):
        g.arrange().jail(0).extra("coins", 0, 4)
        give(g, 0, WHITEHALL)
    g = sl(arrange=arrange)
    g.act(A.A_CASH_IN)
    assert not g.players[0].in_jail
    until(g, D.PRE_ROLL)
    roll(g, (1, 2))
    until(g, D.POST_ROLL)
    assert g.players[0].position == JAIL + 3


def test_mr_monopoly_collects_the_rent_from_the_owner_who_takes_a_coin():
    # 000: "When you're MR MONOPOLY, instead of paying rent, collect rent from the property's owner! That player
    # collects one sore loser coin from the Bank."
    def arrange(g):
        g.arrange().extra("mr_monopoly", 0, 0)
        give(g, 1, ANGEL)
    g = sl(arrange=arrange)
    cash0, cash1 = g.players[0].cash, g.players[1].cash
    roll(g, (2, 4))
    until(g, D.POST_ROLL)
    assert g.players[0].cash == cash0 + 6 and g.players[1].cash == cash1 - 6
    assert coins(g, 1) == 3 and coins(g, 0) == 2            # Mr Monopoly never collects coins
    # the feed says why the owner pays (a browser review read "P1 pays £6 rent to P0 (The Angel Islington)",
    # P1 owning it, as a mistake)
    from monopoly_core.narrate import describe
    rent = [ev for ev in g.log if ev.kind == E.PAY and ev.detail == E.R_RENT]
    assert [describe(ev, g) for ev in rent] == [
        "P1 pays £6 rent to P0 (The Angel Islington): Mr Monopoly collects rent from the owner instead of paying it."]


def test_mr_monopoly_collects_taxes_and_bills_from_the_bank():
    # 000: "When you're MR MONOPOLY, instead of paying taxes or bills, collect from the Bank the amount shown"
    g = sl(arrange=mr(0))
    roll(g, (1, 3))
    until(g, D.POST_ROLL)
    assert g.players[0].cash == 1500 + 200 and coins(g, 0) == 2


def test_mr_monopoly_sends_another_player_to_jail_in_his_place():
    # 000: "If you are MR MONOPOLY, send any other player to Jail in your place!"; 001: "The Mr. Monopoly token
    # remains on the Go to Jail space."
    def arrange(g):
        g.arrange().extra("mr_monopoly", 0, 0)
        place(g, 0, 24)
    g = sl(3, arrange=arrange)
    roll(g, (2, 4))
    until(g, D.JAIL_WHOM)
    assert {a.amount for a in g.legal_actions()} == {1, 2}
    g.act(Action(A.SEND_TO_JAIL, amount=2))
    until(g, D.POST_ROLL)
    assert g.players[0].position == GO_TO_JAIL and not g.players[0].in_jail
    assert g.players[2].in_jail and coins(g, 2) == 3
    assert [e.detail for e in events_of(g, E.JAIL_IN)] == [E.JAIL_BY_MR_MONOPOLY]


def test_mr_monopolys_three_doubles_do_not_jail_him():
    # 000: "If you ever roll doubles three times in a row, don't go to Jail! Just move and roll again!"
    g = sl(arrange=lambda g: g.arrange().extra("mr_monopoly", 0, 0).supply(houses=0), auctions=False)
    # (no free houses to place: the bank has none; no auction to run)
    roll(g, (2, 2))                                         # Income Tax: Mr Monopoly collects it
    for faces in ((3, 3), (4, 4)):                          # Just Visiting, then Marlborough Street (unowned)
        until(g, D.POST_ROLL)
        assert g.pending.again
        g.arrange().next_rolls(faces)
        g.act(A.A_END)
    until(g, D.BUY)
    g.act(A.A_DECLINE)
    until(g, D.POST_ROLL)
    assert not g.players[0].in_jail and g.players[0].position == 4 + 6 + 8
    assert g.pending.again and not events_of(g, E.JAIL_IN)


def test_any_players_doubles_let_mr_monopoly_place_a_free_house_on_any_street():
    # 000: "whenever any player, including you, rolls doubles, place one free House on any street on the gameboard.
    # The street does not have to be part of a complete set and you don't have to own it."
    def arrange(g):
        g.arrange().extra("mr_monopoly", 1, 0)
        give(g, 0, PARK_LANE)
        g.arrange().level(MAYFAIR, 4)
    g = sl(arrange=arrange)
    roll(g, (2, 2))                                         # seat 0's doubles; seat 1 holds the token
    until(g, D.FREE_HOUSE)
    assert g.pending.player == 1
    options = {a.square for a in g.legal_actions()}
    assert PARK_LANE in options and OLD_KENT in options and MAYFAIR not in options   # never a fifth: no hotel
    assert KINGS_CROSS not in options                       # streets only
    houses = g.houses_left
    g.act(Action(A.PLACE_HOUSE, PARK_LANE))
    assert g.level[PARK_LANE] == 1 and g.houses_left == houses - 1 and g.owner[PARK_LANE] == 0
    assert [(e.player, e.square, e.amount, e.other) for e in events_of(g, E.FREE_HOUSE)] == [(1, PARK_LANE, 1, 0)]


def test_no_free_house_when_the_bank_has_none_left():
    # 001: "If no houses are left in the Bank, nothing happens."
    def arrange(g):
        g.arrange().extra("mr_monopoly", 1, 0).supply(houses=0)
    g = sl(arrange=arrange)
    roll(g, (2, 2))
    until(g, D.POST_ROLL)
    assert not events_of(g, E.FREE_HOUSE)


def test_no_free_house_when_every_street_has_four_houses():
    # 001: free houses "may not be placed on streets that already have four houses, and they may not be used to
    # upgrade four-house groups to hotels"
    def arrange(g):
        arr = g.arrange().extra("mr_monopoly", 1, 0).supply(houses=100)
        for s in g.board.properties:
            if g.board.squares[s].kind == "street":
                arr.level(s, 4)
    g = sl(arrange=arrange)
    roll(g, (2, 2))
    until(g, D.POST_ROLL)
    assert not events_of(g, E.FREE_HOUSE)


def test_a_street_with_a_free_house_bought_from_the_bank_comes_with_the_house_for_the_price():
    # 000: "If you place a House on a street that is owned by the Bank, when a player lands on that space, they
    # still pay the price on the board space and get the House for free!"
    g = sl(arrange=lambda g: g.arrange().level(ANGEL, 1))
    roll(g, (2, 4))
    until(g, D.BUY)
    g.act(A.A_BUY)
    assert g.owner[ANGEL] == 0 and g.level[ANGEL] == 1 and g.players[0].cash == 1500 - 100


def test_landing_on_players_traps_them_gives_each_a_coin_and_lets_him_steal_one_property_each():
    # 000: "when you land on the same space as another player, put the MR MONOPOLY token on top of their token. You
    # may then steal one property from that player. You may not steal a property that is part of a complete set."
    def arrange(g):
        g.arrange().extra("mr_monopoly", 0, 0)
        place(g, 1, ANGEL)
        place(g, 2, ANGEL)
        give(g, 1, OLD_KENT, WHITECHAPEL, level=1)          # a complete set: safe
        give(g, 1, PALL_MALL, level=2)                      # not a set: may be stolen, buildings and all
        give(g, 2, EUSTON)
        give(g, 0, ANGEL)
    g = sl(3, arrange=arrange)
    roll(g, (2, 4))
    until(g, D.PROPERTY_STEAL)
    assert st.trapped_seats(g) == [1, 2] and coins(g, 1) == 3 and coins(g, 2) == 3
    assert g.pending.other == 1
    assert {a.square for a in g.legal_actions() if a.kind == A.STEAL_PROPERTY} == {PALL_MALL}
    with pytest.raises(IllegalAction):
        g.act(Action(A.STEAL_PROPERTY, OLD_KENT))
    g.act(Action(A.STEAL_PROPERTY, PALL_MALL))
    until(g, D.PROPERTY_STEAL)
    assert g.pending.other == 2
    g.act(A.A_PASS)                                         # "may": he need not
    until(g, D.POST_ROLL)
    assert g.owner[PALL_MALL] == 0 and g.level[PALL_MALL] == 2 and g.owner[EUSTON] == 2
    assert [e.detail for e in events_of(g, E.DEED) if e.square == PALL_MALL][-1] == E.D_STOLEN
    assert [(e.player, e.other) for e in events_of(g, E.TRAP)] == [(0, 1), (0, 2)]


def test_a_trapped_player_does_not_move_and_may_not_cash_in_until_the_token_moves_away():
    # 000: "That player may not move until their token is free. While trapped, players may still take part in
    # auctions, collect rent and buy Houses and Hotels. They may not cash in sore loser coins."
    def arrange(g):
        g.arrange().extra("mr_monopoly", 0, 0).extra("coins", 1, 3)
        place(g, 1, ANGEL)
        give(g, 0, ANGEL, PENTONVILLE)
    g = sl(arrange=arrange)
    roll(g, (2, 4))                                         # trap seat 1 on the Angel (it collects its fourth coin)
    end_turn(g)
    until(g, D.POST_ROLL, D.CASH_IN, D.PRE_ROLL)
    assert g.pending.kind == D.POST_ROLL and g.pending.player == 1   # no cash-in, no roll: only managing
    assert coins(g, 1) == 4
    g.act(A.A_END)
    until(g, D.PRE_ROLL)
    assert g.players[1].position == ANGEL
    roll(g, (1, 2))                                         # the token moves away: seat 1 is free again
    end_turn(g)
    until(g, D.CASH_IN)
    assert g.pending.player == 1 and not st.is_trapped(g, 1)


def test_the_jail_corner_covers_in_jail_and_just_visiting():
    # 000: "Note: If MR MONOPOLY lands on the In Jail/Just Visiting space, he lands on any players on either space!"
    def arrange(g):
        g.arrange().extra("mr_monopoly", 0, 0).jail(1)
        place(g, 2, JAIL)
        place(g, 0, 4)
    g = sl(3, arrange=arrange)
    roll(g, (2, 4))
    until(g, D.POST_ROLL)
    assert st.trapped_seats(g) == [1, 2]


def test_no_trapping_when_a_player_becomes_mr_monopoly_on_a_shared_square():
    # 000: "Note: If someone is on the same space as you when you become MR MONOPOLY, you do not land on them or
    # take property from them."
    g = sl(arrange=lambda g: g.arrange().extra("coins", 0, 4))      # both on GO
    g.act(A.A_CASH_IN)
    assert st.trapped_seats(g) == [] and not events_of(g, E.TRAP)


def test_another_player_cashing_in_takes_the_token_and_the_old_holder_is_back_on_his_square():
    # 000: "If another player cashes in four sore loser coins while you are MR MONOPOLY, they take the MR MONOPOLY
    # token ... You then take your original token from the middle of the gameboard and place it on your current space."
    def arrange(g):
        g.arrange().extra("mr_monopoly", 1, 0).extra("coins", 0, 4)
        place(g, 1, STRAND)
    g = sl(arrange=arrange)
    g.act(A.A_CASH_IN)
    assert st.mr_monopoly(g) == 0 and g.players[1].position == STRAND
    assert [(e.player, e.other) for e in events_of(g, E.MR_MONOPOLY)] == [(0, 1)]


def test_a_card_can_hand_over_the_token():
    # 001: "A player may also take the Mr. Monopoly token if they draw a Chance or Community chest card instructing
    # them to do so."
    g = sl(arrange=lambda g: stack(g, "chance", "comeback"))
    roll(g, (3, 4))                                         # Chance
    until(g, D.POST_ROLL)
    assert st.mr_monopoly(g) == 0 and coins(g, 0) == 2
    assert [e.detail for e in events_of(g, E.MR_MONOPOLY)] == [E.MR_BY_CARD]


# --- buildings and money -----------------------------------------------------------------------------------------
def test_buildings_are_never_sold_back_and_do_not_count_towards_raising_money():
    # 000: "Once buildings are built, they must stay on their street for the rest of the game."
    g = sl(arrange=lambda g: give(g, 0, OLD_KENT, WHITECHAPEL, level=2))
    assert not [a for a in g.legal_actions() if a.kind in (A.SELL_BUILDING, A.SELL_ALL)]
    with pytest.raises(IllegalAction, match="permanent"):
        g.act(Action(A.SELL_BUILDING, OLD_KENT))
    from monopoly_core.worth import liquidation_value
    assert liquidation_value(g, 0) == 30 + 30


def test_a_built_street_may_be_mortgaged_and_then_its_buildings_earn_nothing():
    # 001: "If a street with buildings on it is mortgaged, the buildings are mothballed and no rent is collected
    # from that street until it is unmortgaged." (000: raise money "by mortgaging properties")
    def arrange(g):
        give(g, 1, ANGEL, EUSTON, PENTONVILLE, level=3)
    g = sl(arrange=arrange)
    assert g.edition.mortgage_problem(g, 1, ANGEL) is None
    g.arrange().deed(ANGEL, 1, level=3, mortgaged=True)
    start, cash = len(g.log), g.players[0].cash
    roll(g, (2, 4))
    until(g, D.POST_ROLL)
    assert not pays(g, start, E.R_RENT) and g.players[0].cash == cash and coins(g, 0) == 2


def test_building_on_a_set_left_uneven_by_free_houses_restores_even_building_first():
    # 001: "houses must be purchased in such a way that the even building rule is restored for that colour set as
    # quickly as possible"
    def arrange(g):
        give(g, 0, ANGEL, EUSTON, PENTONVILLE)
        g.arrange().level(ANGEL, 3)                         # free houses made the set uneven
    g = sl(arrange=arrange)
    builds = {a.square for a in g.legal_actions() if a.kind == A.BUILD}
    assert builds == {EUSTON, PENTONVILLE}


def test_a_trade_that_breaks_a_set_halts_building_there_and_buildings_go_with_the_deed():
    # 000: "If you trade or sell a street with a building on it, those buildings go to the new owner." 001: "If a
    # complete colour group is broken up as a result of a trade, building via the standard method on that colour
    # group must be halted until the colour group is reunited."
    g = sl(arrange=lambda g: give(g, 0, OLD_KENT, WHITECHAPEL, level=1))
    g.act(Action(A.TRADE, trade=Trade(0, 1, get_cash=100, give_squares=(WHITECHAPEL,))))
    until(g, D.TRADE_RESPONSE)
    g.act(A.A_ACCEPT)
    until(g, D.PRE_ROLL)
    assert g.owner[WHITECHAPEL] == 1 and g.level[WHITECHAPEL] == 1
    assert not [a for a in g.legal_actions() if a.kind == A.BUILD]


def test_bankruptcy_to_a_player_gives_the_deeds_without_interest_and_the_coins_to_the_bank():
    # 000: "Do you owe another player? Give them all your mortgaged properties. Place any sore loser coins you have
    # back in the Bank. People have to earn those! The new owner may unmortgage those properties at any time."
    def arrange(g):
        give(g, 1, ANGEL, EUSTON, PENTONVILLE, level=4)
        give(g, 0, OLD_KENT, mortgaged=True)
        give(g, 0, MAYFAIR, level=1)
        g.arrange().cash(0, 10)
    g = sl(3, arrange=arrange)
    roll(g, (2, 4))
    until(g, D.DEBT)
    g.act(Action(A.MORTGAGE, MAYFAIR))                      # raising money: the house stays on Mayfair
    until(g, D.DEBT)
    g.act(A.A_BANKRUPT)
    until(g, D.PRE_ROLL, D.POST_ROLL)
    assert g.owner[OLD_KENT] == 1 and g.mortgaged[OLD_KENT] and g.owner[MAYFAIR] == 1 and g.level[MAYFAIR] == 1
    assert coins(g, 0) == 0 and not pays(g, 0, E.R_INTEREST)
    assert [e.detail for e in coin_events(g, 0, E.C_BANKRUPTCY)] == [E.C_BANKRUPTCY]


def test_bankruptcy_to_the_bank_returns_the_deeds_unmortgaged_with_their_buildings():
    # 000: "Do you owe the Bank? Return all your properties to the Bank. Any mortgages are cancelled and any buildings
    # stay where they are."
    def arrange(g):
        give(g, 0, OLD_KENT, WHITECHAPEL, level=2, mortgaged=True)
        g.arrange().cash(0, 10).extra("mr_monopoly", 0, 0).supply(houses=0)
        place(g, 0, 1)
    g = sl(3, arrange=arrange)
    stack(g, "chance", "Parking ticket")
    roll(g, (3, 3))                                         # Chance: pay £50
    until(g, D.DEBT)
    g.act(A.A_BANKRUPT)
    until(g, D.PRE_ROLL)
    assert g.owner[OLD_KENT] == -1 and not g.mortgaged[OLD_KENT] and g.level[OLD_KENT] == 2
    assert not events_of(g, E.AUCTION) and st.mr_monopoly(g) == -1


def test_coins_can_be_traded_but_no_one_holds_more_than_four_and_mr_monopoly_takes_none():
    # 000 DEALS & TRADES: "You can buy, sell or swap property and sore loser coins with other players at any time."
    g = sl(3, arrange=lambda g: g.arrange().extra("coins", 1, 3).extra("mr_monopoly", 2, 0))
    g.act(Action(A.TRADE, trade=Trade(0, 1, give_cash=40, get_tokens=("coin",))))
    until(g, D.TRADE_RESPONSE)
    g.act(A.A_ACCEPT)
    until(g, D.PRE_ROLL)
    assert coins(g, 0) == 3 and coins(g, 1) == 2
    from monopoly_core.trading import trade_problem
    assert "more than 4" in trade_problem(g, Trade(1, 0, give_tokens=("coin", "coin")))
    assert "Mr Monopoly" in trade_problem(g, Trade(0, 2, give_tokens=("coin",)))


def test_a_player_holding_four_coins_may_swap_them_as_the_cap_is_counted_after_the_trade():
    # 000 DEALS & TRADES: "You can buy, sell or swap property and sore loser coins with other players at any time";
    # "You can never have more than four sore loser coins at a time" holds after the swap, not halfway through it
    # (an outside audit found a one-for-one swap refused to a player holding four).
    from monopoly_core.trading import trade_problem
    g = sl(3, arrange=lambda g: g.arrange().extra("coins", 0, 4).extra("coins", 1, 2))
    assert trade_problem(g, Trade(0, 1, give_tokens=("coin",), get_tokens=("coin",))) is None
    assert trade_problem(g, Trade(0, 1, give_tokens=("coin", "coin"), get_tokens=("coin",))) is None
    assert "P0 would hold more than 4" in trade_problem(g, Trade(0, 1, give_tokens=("coin",),
                                                                 get_tokens=("coin", "coin")))
    assert g.pending.kind == D.CASH_IN
    g.act(A.A_WAIT)                                         # (four coins: the cash-in is offered first)
    until(g, D.PRE_ROLL)
    g.act(Action(A.TRADE, trade=Trade(0, 1, give_tokens=("coin", "coin"), get_cash=10, get_tokens=("coin",))))
    until(g, D.TRADE_RESPONSE)
    g.act(A.A_ACCEPT)
    until(g, D.PRE_ROLL)
    assert coins(g, 0) == 3 and coins(g, 1) == 3


# --- the end of the game -----------------------------------------------------------------------------------------
def test_the_game_ends_with_the_final_lap_logged_with_its_reason():
    # 000 THE END OF THE GAME: "The game ends when all of the properties have been purchased and all players have
    # made it back to the GO space."
    g = Game.new(preset("sore-losers"), [PlayerSpec("A"), PlayerSpec("B")], seed=2)
    g.step()
    for s in g.board.properties:
        g.arrange().deed(s, s % 2)
    g.run()
    assert g.end_reason == "final_lap" and g.log.kind[-1] == E.END
    assert g.log.detail[-1] == E.END_FINAL_LAP


def finish_with_people_ending_windows(g, rolls=None):
    """Play on, the people rolling (``rolls`` each time, if given), declining, passing and ending every window (a
    player home at GO still gets one at their place in the order), until the game is over."""
    plain = {D.POST_ROLL: A.A_END, D.BETWEEN_TURNS: A.A_END, D.PRE_ROLL: A.A_ROLL, D.BUY: A.A_DECLINE,
             D.BID: Action(A.PASS),
             D.CASH_IN: A.A_WAIT, D.JAIL: A.A_ROLL}
    for _ in range(5_000):
        if g.over:
            return
        g.run()
        if g.pending is not None:
            if rolls is not None and g.pending.kind in (D.PRE_ROLL, D.JAIL):
                g.arrange().next_rolls(rolls)
            g.act(plain[g.pending.kind] if g.pending.kind in plain else g.legal_actions()[0])
    raise AssertionError("the game did not end")


def mr_home_last(g):
    """Final lap, two players: seat 0 moves 3 to a street of its own, seat 1 (on Mayfair) moves 3, passing GO,
    and is home; seat 0 to roll."""
    roll(g, (1, 2))
    end_turn(g)
    until(g, D.PRE_ROLL)
    roll(g, (1, 2))
    end_turn(g)
    until(g, D.PRE_ROLL)


def test_at_the_end_mr_monopoly_does_not_steal_from_players_home_at_go():
    # 000: "If you are MR MONOPOLY at the end of the game and you land on players who have reached GO, you may not
    # steal a property from them."
    def arrange(g):
        for s in g.board.properties:
            g.arrange().deed(s, 1 if s == ANGEL else 0)     # the Angel alone: not part of a complete set
        g.arrange().extra("mr_monopoly", 0, 0).supply(houses=0)       # (no free house after the doubles)
        place(g, 0, 31)
        place(g, 1, 39)
    g = sl(arrange=arrange)
    mr_home_last(g)                                         # seat 0 to Bond Street; seat 1 home at GO
    roll(g, (3, 3))                                         # Mr Monopoly reaches GO where seat 1 waits
    until(g, D.POST_ROLL)                                   # (a steal would be asked first, of a person)
    assert [(e.player, e.other, e.square) for e in events_of(g, E.TRAP)] == [(0, 1, GO)]
    assert g.owner[ANGEL] == 1
    end_turn(g)
    finish_with_people_ending_windows(g)
    assert g.end_reason == "final_lap"


def test_at_the_end_mr_monopoly_reaching_go_by_a_card_traps_the_players_waiting_there():
    # 000 THE END OF THE GAME: "When you reach GO, stop there even if you have moves left"; 000: "You also collect
    # one sore loser coin when MR MONOPOLY lands on the same space as you". A card that takes him to GO on the
    # final lap lands him there as a roll would: the player waiting at GO is trapped and takes a coin.
    def arrange(g):
        for s in g.board.properties:
            g.arrange().deed(s, 0)
        g.arrange().extra("mr_monopoly", 0, 0).supply(houses=0)
        place(g, 0, 29)
        place(g, 1, 39)
        stack(g, "chance", "Advance to Go")
    g = sl(arrange=arrange)
    mr_home_last(g)                                         # seat 0 to Oxford Street; seat 1 home at GO
    start = len(g.log)
    roll(g, (1, 3))                                         # Mr Monopoly to Chance: "Advance to Go"
    until(g, D.POST_ROLL)
    assert g.players[0].position == GO
    assert [(e.player, e.other, e.square) for e in events_of(g, E.TRAP, start)] == [(0, 1, GO)]
    assert [e.player for e in coin_events(g, start, E.C_TRAPPED)] == [1] and coins(g, 1) == 3


def test_a_player_on_go_when_the_lap_begins_is_home_so_mr_monopoly_arriving_there_cannot_lock_the_game():
    # 000 THE END OF THE GAME: "The game ends when all of the properties have been purchased and all players have
    # made it back to the GO space". Seat 1 stands on GO as the lap begins: it is home. Before, it was not, Mr
    # Monopoly arriving home at GO trapped it there ("That player may not move until their token is free") and,
    # home, never moved again: the game ran to the turn limit (an outside audit's seeds 824, 2340, 2541).
    def arrange(g):
        for s in g.board.properties:
            g.arrange().deed(s, 0 if s < 20 else 2)
        g.arrange().deed(OLD_KENT, 1)
        g.arrange().extra("mr_monopoly", 0, 0).supply(houses=0)
        place(g, 0, PARK_LANE)
        place(g, 1, GO)
        place(g, 2, 35)
    g = sl(3, arrange=arrange)
    assert g.final_lap == [False, True, False]
    roll(g, (1, 2))                                         # Mr Monopoly passes GO and stops there, home
    until(g, D.POST_ROLL)
    assert g.owner[OLD_KENT] == 1                           # (home: nothing stolen, 000's note)
    end_turn(g)
    finish_with_people_ending_windows(g, rolls=(1, 2))
    assert g.end_reason == "final_lap"


def test_a_player_home_at_go_still_builds_at_their_place_in_the_order_and_is_never_sent_to_jail():
    # 000 BUILDINGS: "As soon as you get a colour set, you can start buying Houses (you don't have to wait for your
    # turn)"; 001: once home, players "stop taking turns and wait for the other players to catch up". So a player
    # home at GO rolls no more but may build when their place in the order comes; and Mr Monopoly's "send any other
    # player to Jail" cannot take them from GO (they would count as home while in jail).
    def arrange(g):
        for s in g.board.properties:
            g.arrange().deed(s, 0 if s in (PARK_LANE, MAYFAIR) else 1)
        g.arrange().extra("mr_monopoly", 1, 0)
        place(g, 0, SUPER_TAX)
        place(g, 1, 20)
    g = sl(arrange=arrange)
    roll(g, (1, 2))                                         # seat 0 past GO: home
    end_turn(g)
    until(g, D.PRE_ROLL)
    assert g.pending.player == 1 and g.final_lap == [True, False]
    roll(g, (1, 2))                                         # seat 1, Mr Monopoly, to Go To Jail: whom to send?
    until(g, D.JAIL_WHOM, D.POST_ROLL)
    assert g.pending.kind == D.POST_ROLL and not events_of(g, E.JAIL_IN)     # nobody: seat 0 is home
    end_turn(g)
    until(g, D.POST_ROLL, D.PRE_ROLL)
    assert (g.pending.kind, g.pending.player) == (D.POST_ROLL, 0)           # seat 0's place: a window, no roll
    assert Action(A.BUILD, MAYFAIR) in g.legal_actions()
    g.act(Action(A.BUILD, MAYFAIR))
    assert g.level[MAYFAIR] == 1 and g.players[0].position == GO


def test_a_player_given_the_token_by_a_card_mid_turn_is_not_jailed_by_the_third_doubles_and_rolls_again():
    # 000: "When you're MR MONOPOLY ... If you ever roll doubles three times in a row, don't go to Jail! Just move
    # and roll again!" The rule is the holder's at the moment of the third doubles: a player who took the token
    # from a card after the first doubles of the turn moves and rolls again, as one who held it from the start.
    g = sl(arrange=lambda g: stack(g, "chest", "comeback") and g.arrange().supply(houses=0), auctions=False)
    roll(g, (1, 1))                                         # Community Chest: the token
    until(g, D.POST_ROLL)
    assert st.mr_monopoly(g) == 0 and g.pending.again
    g.arrange().next_rolls((2, 2))
    g.act(A.A_END)                                          # the Angel, unowned
    until(g, D.BUY)
    g.act(A.A_DECLINE)
    until(g, D.POST_ROLL)
    g.arrange().next_rolls((3, 3))
    g.act(A.A_END)                                          # third doubles: to the Electric bill, no jail
    until(g, D.POST_ROLL)
    assert not g.players[0].in_jail and g.players[0].position == ELECTRICITY
    assert g.pending.again and not events_of(g, E.JAIL_IN)
