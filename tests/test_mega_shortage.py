"""The Mega Edition's building shortages for skyscrapers and train depots, one scenario each.

002 (../shared/seeds/002_0633d1fb819bfb08.txt) BUILDING SHORTAGES: "If there are a limited number of buildings
available and two or more players wish to buy more than the Bank has, the buildings must be sold at auction to the
highest bidder"; CONTENTS: "32 Houses • 12 Hotels • 8 Skyscrapers • 4 Train Depots". The supplies are RuleSet
fields (``skyscrapers``, ``train_depots``), set low here so that a shortage is a position away.
"""
import pytest

from monopoly_core import Action, Game, IllegalAction, PlayerSpec, bots, preset
from monopoly_core import actions as A
from monopoly_core import decisions as D
from monopoly_core import events as E
from monopoly_core import sales
from monopoly_core.editions import mega_tickets as T
from monopoly_core.narrate import describe
from monopoly_core.records import detail_text
from monopoly_core.store import log_game
from monopoly_core.sqlsafe import run_query
from mega_invariants import check
from scenario import events_of, give, pays, until
from test_mega_rules import mega

BROWN, DARK_BLUE = (1, 3, 4), (48, 49, 51)
READING, PENNSYLVANIA_RR = 6, 20


def two_hotel_groups(g):
    give(g, 0, *BROWN, level=5)             # seat 0: hotels on the whole brown group
    give(g, 1, *DARK_BLUE, level=5)         # seat 1: hotels on the whole dark blue group


def two_railroads(g):
    give(g, 0, READING)
    give(g, 1, PENNSYLVANIA_RR)


def bid(g, amounts):
    """Answer the running auction for the people: each bids ``amounts[seat]`` once (if not below the minimum), then
    passes."""
    until(g, D.BID)
    done = set()
    while g.pending is not None and g.pending.kind == D.BID:
        d = g.pending
        if d.player in g.bots:
            g.step()                                    # a bot answers for itself
            continue
        want = amounts.get(d.player)
        if want is not None and d.player not in done and want >= d.minimum:
            done.add(d.player)
            g.act(Action(A.BID, amount=want))
        else:
            g.act(Action(A.PASS))
        until(g)


def auctions(g, start=0):
    return [(e.other, e.detail) for e in events_of(g, E.AUCTION, start)]


def answer(g, *bids):
    """Answer the running auction with ``bids`` in order: (seat, amount) bids, None a pass by the seat asked."""
    for amount in bids:
        until(g, D.BID)
        g.act(Action(A.PASS) if amount is None else Action(A.BID, amount=amount))
    until(g)


def test_the_last_skyscraper_wanted_by_two_players_is_auctioned_and_the_winner_pays_the_bank():
    # 002 BUILDING SHORTAGES: "two or more players wish to buy more than the Bank has ... sold at auction to the
    # highest bidder"
    g = mega(arrange=two_hotel_groups, skyscrapers=1)
    start, cash = len(g.log), g.players[0].cash
    g.act(Action(A.BUILD, 1))
    until(g, D.BID)
    assert g.pending.item == sales.ITEM_SKYSCRAPER and g.level[1] == 5
    answer(g, 10, 30, 80, None)          # seat 0 asks, seat 1 wishes too (bids $30), seat 0 outbids
    assert auctions(g, start) == [(sales.ITEM_SKYSCRAPER, E.AUCTION_OPENS), (sales.ITEM_SKYSCRAPER, E.AUCTION_SOLD)]
    assert g.level[1] == 6 and T.supply(g).skyscrapers_left == 0
    assert g.players[0].cash == cash - 80                 # the bid, not the printed $50
    assert [(p.player, p.other, p.amount) for p in pays(g, start, E.R_BUILD)] == [(0, E.BANK, 80)]
    built = events_of(g, E.BUILD, start)
    assert [(b.player, b.square, b.amount, b.other) for b in built] == [(0, 1, 6, 80)]
    opened = events_of(g, E.AUCTION, start)[0]
    assert describe(opened, g) == "Auction of a skyscraper."


def test_the_last_skyscraper_nobody_else_bids_for_is_bought_at_its_printed_price():
    # 002 BUILDING SHORTAGES: the auction is for when "two or more players wish to buy"; the others able to place one
    # bid nothing, so only its asker wished to: it is bought at its printed price, not the $80 bid (an outside audit
    # saw the last house sold to its only taker for $1)
    g = mega(arrange=two_hotel_groups, skyscrapers=1)
    start, cash = len(g.log), g.players[0].cash
    g.act(Action(A.BUILD, 1))
    answer(g, 80, None)
    assert auctions(g, start) == [(sales.ITEM_SKYSCRAPER, E.AUCTION_OPENS),
                                  (sales.ITEM_SKYSCRAPER, E.AUCTION_UNCONTESTED)]
    assert g.level[1] == 6 and g.players[0].cash == cash - 50
    assert [(p.player, p.other, p.amount) for p in pays(g, start, E.R_BUILD)] == [(0, E.BANK, 50)]
    closed = events_of(g, E.AUCTION, start)[-1]
    assert describe(closed, g) == ("Nobody else bids for a skyscraper, so there is no auction: "
                                   f"{g.players[0].name} buys it at its price, $50.")


def test_a_skyscraper_won_by_another_player_is_placed_where_they_choose():
    # 002 BUILDING SHORTAGES: "sold at auction to the highest bidder" (the winner places it on a group of theirs)
    g = mega(arrange=two_hotel_groups, skyscrapers=1)
    cash = g.players[1].cash
    g.act(Action(A.BUILD, 1))
    bid(g, {0: 10, 1: 120})
    assert g.pending.kind == D.PLACE_BUILDING and g.pending.player == 1
    assert g.pending.item == sales.ITEM_SKYSCRAPER
    assert {a.square for a in g.legal_actions()} == set(DARK_BLUE)
    with pytest.raises(IllegalAction):
        g.act(Action(A.PLACE, 1))                         # seat 0's street
    g.act(Action(A.PLACE, 51))
    assert g.level[51] == 6 and g.level[1] == 5 and T.supply(g).skyscrapers_left == 0
    assert g.players[1].cash == cash - 120


def test_a_skyscraper_nobody_bids_for_is_not_auctioned_again_this_turn_and_the_game_goes_on():
    # 002 BUILDING SHORTAGES (the lab's rule where the book is silent on an auction without bids: that kind is not
    # sold again this turn, so the same request cannot repeat for ever)
    g = mega(arrange=two_hotel_groups, skyscrapers=1)
    g.act(Action(A.BUILD, 1))
    bid(g, {})
    assert auctions(g)[-1] == (sales.ITEM_SKYSCRAPER, E.AUCTION_UNSOLD)
    assert g.level[1] == 5 and T.supply(g).skyscrapers_left == 1
    with pytest.raises(IllegalAction, match="nobody bid the minimum for the bank's last skyscrapers"):
        g.act(Action(A.BUILD, 3))
    assert not any(a.kind == A.BUILD and a.square in BROWN for a in g.legal_actions())
    g.arrange().next_rolls((1, 2, 1))                  # to Arctic Avenue, seat 0's own
    g.act(Action(A.ROLL))
    until(g, D.POST_ROLL)
    g.act(Action(A.END))
    until(g, D.PRE_ROLL)
    assert g.pending.player == 1                          # the next turn: skyscrapers may be asked for again
    g.act(Action(A.BUILD, 48))
    until(g, D.BID)
    assert g.pending.item == sales.ITEM_SKYSCRAPER


def test_the_last_skyscraper_wanted_by_one_player_is_bought_at_its_price_without_an_auction():
    # 002 BUILDING SHORTAGES: the auction is for "two or more players"; one player able to place it (the other
    # holds hotels on two of three dark blue streets, or cannot pay the auction's minimum) buys it as usual
    def arrange(g):
        give(g, 0, *BROWN, level=5)
        give(g, 1, 48, 49, level=5)
        give(g, 1, 51, level=4)
    g = mega(arrange=arrange, skyscrapers=1)
    cash = g.players[0].cash
    g.act(Action(A.BUILD, 1))
    assert auctions(g) == [] and g.level[1] == 6 and g.players[0].cash == cash - 50
    assert T.supply(g).skyscrapers_left == 0

    def broke(g):
        two_hotel_groups(g)
        g.arrange().cash(1, 0)
    g = mega(arrange=broke, skyscrapers=1)
    g.act(Action(A.BUILD, 1))
    assert auctions(g) == [] and g.level[1] == 6


def test_the_standard_eight_skyscrapers_are_auctioned_only_once_fewer_are_left_than_players_want():
    # 002 CONTENTS: "8 Skyscrapers": with two players able, the skyscraper is bought at its price while the bank
    # holds two or more, and auctioned when it holds one
    def arrange(g):
        g.arrange().supply(hotels=14)       # (14 hotels at once: more than the standard 12, which arrange refuses)
        two_hotel_groups(g)
        give(g, 0, 7, 8, 11, 12, level=5)
        give(g, 0, 15, 16, 18, 19, level=5)
    g = mega(arrange=arrange)
    for s in (7, 8, 11, 12, 15, 16):
        g.act(Action(A.BUILD, s))
    assert auctions(g) == [] and T.supply(g).skyscrapers_left == 2
    g.act(Action(A.BUILD, 18))
    assert auctions(g) == [] and T.supply(g).skyscrapers_left == 1
    g.act(Action(A.BUILD, 19))
    until(g, D.BID)
    assert g.pending.item == sales.ITEM_SKYSCRAPER


def test_the_last_train_depot_wanted_by_two_players_is_auctioned():
    # 002 BUILDING SHORTAGES with CONTENTS' "Train Depots" (a custom supply of one: four depots never run short for
    # four railroads); RAILROADS: a depot on any railroad owned
    g = mega(arrange=two_railroads, train_depots=1)
    start = len(g.log)
    g.act(Action(A.BUILD, READING))
    until(g, D.BID)
    assert g.pending.item == sales.ITEM_DEPOT
    assert describe(events_of(g, E.AUCTION, start)[0], g) == "Auction of a train depot."
    bid(g, {0: 5, 1: 60})
    assert g.pending.kind == D.PLACE_BUILDING and g.pending.player == 1
    assert [a.square for a in g.legal_actions()] == [PENNSYLVANIA_RR]
    g.act(Action(A.PLACE, PENNSYLVANIA_RR))
    assert g.level[PENNSYLVANIA_RR] == 1 and g.level[READING] == 0 and T.supply(g).depots_left == 0
    assert g.edition.rent(g, PENNSYLVANIA_RR, 7, 0) == 50


def test_a_train_depot_nobody_bids_for_closes_depots_for_the_turn():
    g = mega(arrange=two_railroads, train_depots=1)
    g.act(Action(A.BUILD, READING))
    bid(g, {})
    assert auctions(g)[-1] == (sales.ITEM_DEPOT, E.AUCTION_UNSOLD) and T.supply(g).depots_left == 1
    with pytest.raises(IllegalAction, match="last train depots"):
        g.act(Action(A.BUILD, READING))


def test_the_last_train_depot_wanted_by_one_player_is_bought_at_its_price():
    # one player with two railroads is one player wishing to buy (002: "two or more players")
    g = mega(arrange=lambda g: give(g, 0, READING, PENNSYLVANIA_RR), train_depots=1)
    cash = g.players[0].cash
    g.act(Action(A.BUILD, READING))
    assert auctions(g) == [] and g.level[READING] == 1 and g.players[0].cash == cash - 100
    # the standard four depots never run short for two players
    g = mega(arrange=two_railroads)
    g.act(Action(A.BUILD, READING))
    assert auctions(g) == [] and T.supply(g).depots_left == 3


def test_bots_bid_for_the_last_skyscraper_at_most_its_price_and_place_it_on_their_best_street():
    # 002 BUILDING SHORTAGES, played by bots: a bot bids up to the skyscraper's price on its own best street (less
    # its reserve) and places it where it adds the most rent
    def arrange(g):
        give(g, 0, *BROWN, level=5)
        give(g, 1, 7, 8, 11, 12, level=5)               # light blue: a skyscraper adds $500 over a hotel
        give(g, 1, *DARK_BLUE, level=5)                 # dark blue: $1,000
    g = Game.new(preset("mega", skyscrapers=1),
                 [PlayerSpec("You", "person"), *bots(["always-buy"])], seed=1)
    g.arrange().next_rolls((6, 6), (1, 2))
    g.step()
    arrange(g)
    until(g, D.PRE_ROLL)
    g.act(Action(A.BUILD, 1))
    bid(g, {0: 1})
    until(g, D.PRE_ROLL)
    assert g.pending.player == 0                          # back in seat 0's window, the bot's skyscraper placed
    won = events_of(g, E.AUCTION)[-1]
    assert won.detail == E.AUCTION_SOLD and won.player == 1 and won.amount <= 200
    assert [g.level[s] for s in (7, 8, 11, 12, *DARK_BLUE)] == [5, 5, 5, 5, 6, 5, 5]


@pytest.mark.parametrize("strategy", ["strategist", "set-collector", "cautious", "always-buy", "random"])
def test_every_bot_answers_the_skyscraper_and_depot_auctions_and_the_game_ends(strategy):
    # 002 BUILDING SHORTAGES: every strategy bids in (and places what it wins from) both new auctions, and games
    # with them end (the invariants of mega_invariants.py hold after every step)
    sold = set()
    for seed in range(3):
        g = Game.new(preset("mega", skyscrapers=1, train_depots=1, turn_limit=40), bots([strategy] * 3), seed=seed)
        g.step()
        two_hotel_groups(g)
        two_railroads(g)
        give(g, 2, 40, 41, 42, 44, level=5)
        give(g, 2, 33)
        while not g.over:
            g.step()
            assert not check(g)
        for e in events_of(g, E.AUCTION):
            if e.other in (sales.ITEM_SKYSCRAPER, sales.ITEM_DEPOT):
                sold.add((e.other, e.detail))
        assert g.end_reason in E.END_REASONS
    assert (sales.ITEM_SKYSCRAPER, E.AUCTION_SOLD) in sold and (sales.ITEM_DEPOT, E.AUCTION_SOLD) in sold


def test_the_database_names_the_new_auction_items(tmp_path):
    # the game database reads an auction's item by its name (events.KINDS), so a class can ask for them in SQL
    assert detail_text(E.AUCTION, sales.ITEM_SKYSCRAPER, E.AUCTION_SOLD) == "sold skyscraper"
    assert detail_text(E.AUCTION, sales.ITEM_DEPOT, E.AUCTION_UNSOLD) == "unsold train_depot"
    assert detail_text(E.AUCTION, sales.ITEM_HOUSE, E.AUCTION_UNCONTESTED) == "uncontested house"

    g = mega(arrange=lambda g: (two_hotel_groups(g), two_railroads(g)), skyscrapers=1, train_depots=1)
    g.act(Action(A.BUILD, 1))
    bid(g, {0: 70})
    g.act(Action(A.BUILD, READING))
    bid(g, {})
    log_game(g, tmp_path / "short.duckdb", unfinished=True)
    details = run_query("SELECT detail FROM events WHERE kind = 'auction' ORDER BY seq", tmp_path / "short.duckdb")
    # (seat 1 bid nothing for the skyscraper: uncontested, bought at its price)
    assert list(details.to_pandas()["detail"]) == ["open skyscraper", "uncontested skyscraper", "open train_depot",
                                                    "unsold train_depot"]
