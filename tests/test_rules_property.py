"""Buying, auctions and rent (002 BUYING PROPERTIES, PAYING RENT; 004 auctions; cards_us.md card rents)."""
import pytest

from monopoly_core import Action
from monopoly_core import actions as A
from monopoly_core import decisions as D
from monopoly_core import events as E
from scenario import all_pass, events_of, give, pays, place, rig_next, roll, set_level, stack, table, until


def test_buy_at_the_printed_price():
    # 002 BUYING PROPERTIES: "you may buy it from the Bank at its printed value"
    g = table(2)
    roll(g, (1, 2))                       # GO -> 3 Baltic Avenue, $60
    until(g, D.BUY)
    assert (g.pending.square, g.pending.amount) == (3, 60)
    g.act(Action(A.BUY))
    assert g.owner[3] == 0 and g.players[0].cash == 1440
    deed = events_of(g, E.DEED)[-1]
    assert (deed.player, deed.square, deed.amount, deed.detail) == (0, 3, 60, E.D_PURCHASE)


def test_declined_property_is_auctioned_to_everyone_including_the_decliner():
    # 002: "If you do not wish to buy the property ... the Banker auctions it to the highest bidder ... Any player,
    # including the one who declined the option of buying the property at the printed value, may bid."
    g = table(3)
    roll(g, (1, 2))
    until(g, D.BUY)
    g.act(Action(A.DECLINE))
    until(g, D.BID)
    asked = []
    bids = {0: 20, 1: 45, 2: None}
    while g.pending is not None and g.pending.kind == D.BID:
        d = g.pending
        asked.append(d.player)
        amount = bids[d.player]
        if amount is not None and amount >= d.minimum:
            g.act(Action(A.BID, amount=amount))
            bids[d.player] = None
        else:
            g.act(Action(A.PASS))
        until(g)
    assert asked[0] == 0                  # the decliner is asked first
    assert set(asked) == {0, 1, 2}
    assert g.owner[3] == 1 and g.players[1].cash == 1500 - 45
    assert [e.detail for e in pays(g, reason=E.R_AUCTION)] == [E.R_AUCTION]


def test_no_bids_leaves_the_deed_with_the_bank():
    # 004: "If no one wants to bid on the property, that's fine. No one pays anything and the Title Deed stays
    # with the Bank."
    g = table(2)
    roll(g, (1, 2))
    until(g, D.BUY)
    g.act(Action(A.DECLINE))
    all_pass(g)
    assert g.owner[3] == -1
    assert events_of(g, E.AUCTION)[-1].detail == 2
    assert [p.cash for p in g.players] == [1500, 1500]


def test_auction_bids_respect_minimum_increment_and_cash():
    # 004: "Bidding starts at 10 and anyone can increase the bid by as little as 1" (classic-uk preset)
    g = table(2, "classic-uk")
    roll(g, (1, 2))
    until(g, D.BUY)
    g.act(Action(A.DECLINE))
    until(g, D.BID)
    assert g.pending.minimum == 10
    with pytest.raises(Exception, match="lowest bid"):
        g.act(Action(A.BID, amount=9))
    g.act(Action(A.BID, amount=10))
    until(g, D.BID)
    assert g.pending.minimum == 11
    with pytest.raises(Exception, match="more than your cash"):
        g.act(Action(A.BID, amount=5000))


def _land_rent(g, lander_from, dice, expect_square):
    until(g, D.PRE_ROLL)
    place(g, g.pending.player, lander_from)
    start = len(g.log)
    roll(g, dice)
    until(g, D.POST_ROLL)
    assert g.players[g.pending.player].position == expect_square
    return [(e.player, e.other, e.amount) for e in pays(g, start, E.R_RENT)]


def test_street_rent_base_and_double_on_a_complete_set():
    # 002 PAYING RENT: "the owner may then charge double rent for unimproved properties in that color-group"
    g = table(2, arrange=lambda g: give(g, 1, 39))
    assert _land_rent(g, 35, (1, 3), 39) == [(0, 1, 50)]
    g2 = table(2, arrange=lambda g: give(g, 1, 37, 39))
    assert _land_rent(g2, 35, (1, 3), 39) == [(0, 1, 100)]


def test_double_rent_holds_even_if_another_street_of_the_set_is_mortgaged():
    # 002: "This rule applies to un-mortgaged properties even if another property in that color-group is mortgaged."
    def arrange(g):
        give(g, 1, 39)
        give(g, 1, 37, mortgaged=True)
    g = table(2, arrange=arrange)
    assert _land_rent(g, 35, (1, 3), 39) == [(0, 1, 100)]


def test_no_rent_on_a_mortgaged_property():
    # 002 PAYING RENT: "If the property is mortgaged, no rent can be collected."
    g = table(2, arrange=lambda g: give(g, 1, 39, mortgaged=True))
    assert _land_rent(g, 35, (1, 3), 39) == []


@pytest.mark.parametrize("level, rent", [(1, 200), (2, 600), (3, 1400), (4, 1700), (5, 2000)])
def test_house_and_hotel_rents_from_the_title_deed(level, rent):
    def arrange(g):
        give(g, 1, 37, 39)
        set_level(g, 37, min(level, 4) if level < 5 else 4)
        set_level(g, 39, level)
        g.arrange().cash(0, 3000)          # enough to pay any of these rents from cash
    g = table(2, arrange=arrange)
    assert _land_rent(g, 35, (1, 3), 39) == [(0, 1, rent)]


@pytest.mark.parametrize("owned, rent", [(1, 25), (2, 50), (3, 100), (4, 200)])
def test_railroad_rent_by_number_owned(owned, rent):
    g = table(2, arrange=lambda g: give(g, 1, *[5, 15, 25, 35][:owned]))
    assert _land_rent(g, 1, (1, 3), 5) == [(0, 1, rent)]


@pytest.mark.parametrize("both, rent", [(False, 4 * 7), (True, 10 * 7)])
def test_utility_rent_is_four_or_ten_times_the_dice(both, rent):
    g = table(2, arrange=lambda g: give(g, 1, *([12, 28] if both else [12])))
    assert _land_rent(g, 5, (3, 4), 12) == [(0, 1, rent)]


@pytest.mark.parametrize("both, rent", [(False, 4 * 11), (True, 10 * 11)])
def test_uk_utility_rent_is_counted_on_a_roll_of_its_own(both, rent):
    # 004 Utilities: "Roll the dice to determine rent. If the owner has 1 Utility, rent is 4x the dice roll." (an
    # outside audit: the rent was fixed by where the token started, e.g. a double 1 from jail always cost 8)
    g = table(2, "classic-uk", arrange=lambda g: give(g, 1, *([12, 28] if both else [12])))
    assert g.rules.utility_rent == "new_roll"
    until(g, D.PRE_ROLL)
    place(g, 0, 5)
    start = len(g.log)
    roll(g, (3, 4), (5, 6))               # moves 7 to Electric Company, then the rent's roll of 11
    until(g, D.POST_ROLL)
    assert [(e.player, e.other, e.amount) for e in pays(g, start, E.R_RENT)] == [(0, 1, rent)]
    assert [(e.amount, E.ROLL_PURPOSES[e.other]) for e in events_of(g, E.ROLL, start)] == [
        (7, "move"), (11, "utility_rent")]
    assert g.players[0].position == 12 and g.pending.player == 0      # (the rent's roll is no move, no doubles)


def test_the_us_utility_rent_is_counted_on_the_roll_that_moved_the_token():
    # reference/classic_board_us_uk.csv: "rent 4x dice total if 1 utility owned" (the lab's reading: the total thrown)
    g = table(2, arrange=lambda g: give(g, 1, 12))
    start = len(g.log)
    assert _land_rent(g, 5, (3, 4), 12) == [(0, 1, 28)]
    assert [E.ROLL_PURPOSES[e.other] for e in events_of(g, E.ROLL, start)] == ["move"]


def test_chance_nearest_railroad_pays_twice_the_rent():
    # cards_us.md Chance 5: "Advance token to the nearest Railroad and pay owner twice the rental"
    g = table(2, arrange=lambda g: give(g, 1, 15, 25))
    stack(g, "chance", "nearest Railroad")
    assert _land_rent(g, 19, (1, 2), 25) == [(0, 1, 100)]   # 22 Chance -> 25, two railroads: 50 x 2


def test_chance_nearest_utility_pays_ten_times_a_new_roll():
    # cards_us.md Chance 4: "If owned, throw dice and pay owner a total 10 times the amount thrown."
    g = table(2, arrange=lambda g: give(g, 1, 28))
    stack(g, "chance", "nearest Utility")
    rig_next(g, (1, 2), (5, 6))       # move 22, then the new roll of 11
    until(g, D.PRE_ROLL)
    place(g, 0, 19)
    start = len(g.log)
    g.act(Action(A.ROLL))
    until(g, D.POST_ROLL)
    assert g.players[0].position == 28
    assert [(e.player, e.other, e.amount) for e in pays(g, start, E.R_RENT)] == [(0, 1, 110)]
    assert events_of(g, E.ROLL, start)[-1].other == 3


def test_unowned_card_destination_may_be_bought():
    g = table(2)
    stack(g, "chance", "nearest Railroad")
    place(g, 0, 19)
    roll(g, (1, 2))
    until(g, D.BUY)
    assert g.pending.square == 25


@pytest.mark.parametrize("edition, square, amount", [("classic-us", 4, 200), ("classic-us", 38, 100),
                                                      ("classic-uk", 38, 100)])
def test_taxes_pay_the_amount_shown(edition, square, amount):
    # 002 INCOME TAX/LUXURY TAX: "you must pay the Bank the amount shown"
    g = table(2, edition)
    place(g, 0, square - 3)
    start = len(g.log)
    roll(g, (1, 2))
    until(g, D.POST_ROLL)
    assert [(e.player, e.other, e.amount) for e in pays(g, start, E.R_TAX)] == [(0, E.BANK, amount)]
