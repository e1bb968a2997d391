"""Mortgages, trades, debts and bankruptcy (002 MORTGAGES, BANKRUPTCY; 004 DEALS & TRADES, HELP! I CAN'T PAY!)."""
import pytest

from monopoly_core import Action, IllegalAction, Trade
from monopoly_core import actions as A
from monopoly_core import decisions as D
from monopoly_core import events as E
from scenario import all_pass, events_of, give, pays, place, roll, set_level, stack, table, until


def test_mortgage_only_unimproved_and_lift_at_value_plus_ten_percent():
    # 002 MORTGAGES: "Before an improved property can be mortgaged, all of the buildings on all of the properties
    # of its color-group must be sold back ... the owner must pay the Bank the amount of the mortgage plus 10%"
    def arrange(g):
        give(g, 0, 37, 39)
        set_level(g, 39, 1)
    g = table(2, arrange=arrange)
    with pytest.raises(IllegalAction, match="sell the buildings"):
        g.act(Action(A.MORTGAGE, 37))
    g.act(Action(A.SELL_BUILDING, 39))
    g.act(Action(A.MORTGAGE, 37))
    assert g.mortgaged[37] and g.players[0].cash == 1500 + 100 + 175
    g.act(Action(A.UNMORTGAGE, 37))
    assert not g.mortgaged[37] and g.players[0].cash == 1500 + 100 + 175 - (175 + 18)   # 10% of 175 rounds up


def test_trade_cash_properties_and_cards_when_both_accept():
    # 004 DEALS & TRADES: "Property can be traded for cash, other property and/or Get Out of Jail Free cards."
    def arrange(g):
        give(g, 0, 1)
        give(g, 1, 3, 5)
        g.arrange().hold_card(1, "chest")
    g = table(2, arrange=arrange)
    t = Trade(0, 1, give_cash=100, give_squares=(1,), get_squares=(3, 5), get_cards=("chest",))
    g.act(Action(A.TRADE, trade=t))
    assert g.pending.kind == D.TRADE_RESPONSE and g.pending.player == 1
    g.act(Action(A.ACCEPT))
    assert g.owner[1] == 1 and g.owner[3] == 0 and g.owner[5] == 0
    assert g.players[0].cards and not g.players[1].cards
    assert (g.players[0].cash, g.players[1].cash) == (1400, 1600)
    assert g.pending.kind == D.PRE_ROLL   # back to the proposer's window


def test_a_rejected_trade_changes_nothing():
    g = table(2, arrange=lambda g: give(g, 1, 3))
    g.act(Action(A.TRADE, trade=Trade(0, 1, give_cash=10, get_squares=(3,))))
    g.act(Action(A.REJECT))
    assert g.owner[3] == 1 and g.players[0].cash == 1500
    assert events_of(g, E.TRADE_REJECT)


def test_streets_of_a_set_with_buildings_cannot_be_traded():
    # 002 SELLING PROPERTY: "no properties can be sold to another player if buildings are placed on any
    # properties of that color-group"
    def arrange(g):
        give(g, 0, *(1, 3))
        set_level(g, 3, 1)
    g = table(2, arrange=arrange)
    with pytest.raises(IllegalAction, match="has buildings"):
        g.act(Action(A.TRADE, trade=Trade(0, 1, give_squares=(1,), get_cash=10)))


def test_receiving_a_mortgaged_property_costs_ten_percent_or_the_full_lift():
    # 004 DEALS & TRADES: "The new owner must immediately either: repay the mortgage ... or keep the mortgage (just
    # pay the Bank 10% of the mortgage value now)"; 002: "if you lift the mortgage later you must pay the Bank an
    # additional 10% interest as well as the amount of the mortgage"
    g = table(2, arrange=lambda g: give(g, 1, 39, mortgaged=True))
    g.act(Action(A.TRADE, trade=Trade(0, 1, give_cash=50, get_squares=(39,))))
    g.act(Action(A.ACCEPT))
    assert g.pending.kind == D.MORTGAGED_DEED and g.pending.player == 0
    start = len(g.log)
    g.act(Action(A.KEEP))
    assert [e.amount for e in pays(g, start, E.R_INTEREST)] == [20]
    assert g.mortgaged[39]
    cash = g.players[0].cash
    g.act(Action(A.UNMORTGAGE, 39))       # later: the principal plus another 10%
    assert g.players[0].cash == cash - 220

    g2 = table(2, arrange=lambda g: give(g, 1, 39, mortgaged=True))
    g2.act(Action(A.TRADE, trade=Trade(0, 1, give_cash=50, get_squares=(39,))))
    g2.act(Action(A.ACCEPT))
    g2.act(Action(A.LIFT))
    assert not g2.mortgaged[39] and g2.players[0].cash == 1500 - 50 - 220


def _debt_table(creditor_is_player=True, **rules):
    def arrange(g):
        g.arrange().cash(0, 100)
        give(g, 0, 1, 3)                  # browns, mortgage value 30 each
        set_level(g, 1, 1)
        set_level(g, 3, 1)
        if creditor_is_player:
            give(g, 1, 37, 39)
            set_level(g, 39, 1)           # Boardwalk with a house: rent 200
    return table(2, arrange=arrange, **rules)


def test_debtor_raises_money_then_pays():
    # 004 HELP! I CAN'T PAY!: "try to raise money by selling buildings back to the Bank and/or mortgaging properties"
    g = _debt_table()
    place(g, 0, 35)
    roll(g, (1, 3))
    until(g, D.DEBT)
    d = g.pending
    assert (d.amount, d.other) == (200, 1)
    with pytest.raises(IllegalAction, match="still raise"):
        g.act(Action(A.BANKRUPT))
    kinds = {a.kind for a in g.legal_actions()}
    assert {A.SELL_BUILDING, A.SELL_ALL} <= kinds and A.MORTGAGE not in kinds
    g.act(Action(A.SELL_ALL, 1))          # +50
    g.act(Action(A.MORTGAGE, 1))          # +30
    assert g.pending.kind == D.DEBT       # 180 < 200: still short
    g.act(Action(A.MORTGAGE, 3))          # +30 -> 210: the rent is paid at once
    until(g, D.POST_ROLL)
    assert g.players[0].cash == 10 and g.players[1].cash == 1700


def test_bankrupt_to_a_player_hands_over_everything():
    # 002 BANKRUPTCY: "you must turn over to that player all that you have of value ... if you own buildings, you
    # must return these to the Bank in exchange for cash to the extent of one-half ... This cash is given to the
    # creditor. If you have mortgaged properties, you also turn these properties over to your creditor but the new
    # owner must at once pay the Bank the amount of interest on the loan"
    def arrange(g):
        g.arrange().cash(0, 10)
        give(g, 0, 1)
        set_level  # noqa: B018
        give(g, 0, 5, mortgaged=True)
        g.arrange().hold_card(0, "chance")
        give(g, 1, 37, 39)
        set_level(g, 37, 5)
        set_level(g, 39, 5)
    g = table(3, arrange=arrange)
    place(g, 0, 35)
    roll(g, (1, 3))                       # Boardwalk with a hotel: 2000
    until(g, D.DEBT)
    assert Action(A.BANKRUPT) in g.legal_actions()
    g.act(Action(A.BANKRUPT))
    until(g, D.MORTGAGED_DEED)
    assert g.pending.player == 1 and g.pending.square == 5
    g.act(Action(A.KEEP))
    p0, p1 = g.players[0], g.players[1]
    assert p0.bankrupt and p0.cash == 0 and not p0.cards
    assert g.owner[1] == 1 and g.owner[5] == 1 and g.mortgaged[5]
    assert len(p1.cards) == 1
    assert p1.cash == 1500 + 10 - 10        # 10 cash in, 10 interest (10% of 100) out
    assert events_of(g, E.BANKRUPT)[-1].other == 1


def test_bankrupt_to_the_bank_auctions_the_properties_and_returns_the_cards():
    # 002 BANKRUPTCY: "Should you owe the Bank ... you must turn over all assets to the Bank. In this case, the
    # Bank immediately sells by auction all properties so taken, except buildings."
    def arrange(g):
        g.arrange().cash(0, 10)
        give(g, 0, 1, mortgaged=True)
        g.arrange().hold_card(0, "chance")
    g = table(3, arrange=arrange)
    card = g.players[0].cards[0][1]
    place(g, 0, 35)
    roll(g, (1, 2))                       # Luxury Tax 100
    until(g, D.DEBT)
    g.act(Action(A.BANKRUPT))
    until(g, D.BID)
    assert g.pending.square == 1 and not g.mortgaged[1]   # mortgages are cancelled
    assert g.decks["chance"][-1] == card
    while g.pending is not None and g.pending.kind == D.BID:
        g.act(Action(A.BID, amount=g.pending.minimum) if g.pending.player == 2 else Action(A.PASS))
        until(g)
    assert g.owner[1] == 2


def test_last_player_standing_wins():
    # 002 BANKRUPTCY: "The last player left in the game wins."
    def arrange(g):
        g.arrange().cash(0, 10)
    g = table(2, arrange=arrange)
    place(g, 0, 35)
    roll(g, (1, 2))
    until(g, D.DEBT)
    g.act(Action(A.BANKRUPT))
    assert g.over and g.end_reason == "last_player_standing" and g.winner == 1
    assert events_of(g, E.END)[-1].player == 1


def test_turn_limit_ends_the_game_and_net_worth_decides():
    g = table(2, turn_limit=1, arrange=lambda g: give(g, 1, 39))
    roll(g, (1, 2))
    until(g, D.BUY)
    g.act(Action(A.DECLINE))
    all_pass(g)
    g.act(Action(A.END))
    until(g, D.PRE_ROLL)
    roll(g, (1, 2))
    until(g, D.BUY)
    g.act(Action(A.DECLINE))
    while g.pending is not None and g.pending.kind in (D.BID,) or g.pending is None:
        if g.over:
            break
        g.act(Action(A.PASS)) if g.pending is not None else g.step()
    if not g.over:
        g.act(Action(A.END))
        while not g.over:
            g.step()
    assert g.end_reason == "turn_limit" and g.winner == 1   # Boardwalk makes seat 1 richer


def test_cash_alone_cannot_change_hands_in_a_trade():
    # 002 MISCELLANEOUS: "Cash can only be loaned to a player by the Bank, and then only by mortgaging properties.
    # No player may borrow from or lend cash to another player." 004 DEALS & TRADES: "Property can be traded for
    # cash, other property and/or Get Out of Jail Free cards."
    g = table(2, arrange=lambda g: g.arrange().hold_card(1, "chest"))
    for loan in (Trade(0, 1, get_cash=1000), Trade(0, 1, give_cash=10, get_cash=500)):
        with pytest.raises(IllegalAction, match="must include a property or a Get Out of Jail Free card"):
            g.act(Action(A.TRADE, trade=loan))
    assert g.pending.kind == D.PRE_ROLL and g.players[0].cash == 1500
    g.act(Action(A.TRADE, trade=Trade(0, 1, give_cash=40, get_cards=("chest",))))    # cash for a card is fine
    assert g.pending.kind == D.TRADE_RESPONSE


def _bankrupt_into(creditor_cash: int, debtor_deeds: dict[int, bool]):
    """Seat 0 (10 in cash, holding ``debtor_deeds``: square -> mortgaged) lands on seat 1's Boardwalk with a
    hotel and goes bankrupt to seat 1, who holds ``creditor_cash``; three players, so the game goes on."""
    def arrange(g):
        g.arrange().cash(0, 10).cash(1, creditor_cash)
        for square, mortgaged in debtor_deeds.items():
            give(g, 0, square, mortgaged=mortgaged)
        give(g, 1, 37, 39)
        set_level(g, 37, 5)
        set_level(g, 39, 5)
    g = table(3, arrange=arrange)
    place(g, 0, 35)
    roll(g, (1, 3))
    until(g, D.DEBT)
    g.act(Action(A.BANKRUPT))
    until(g, D.MORTGAGED_DEED)
    return g


def test_interest_is_owed_only_on_deeds_mortgaged_when_they_changed_hands():
    # 002 BANKRUPTCY: "If you have mortgaged properties, you also turn these properties over to your creditor but
    # the new owner must at once pay the Bank the amount of interest on the loan". Reading Railroad comes
    # mortgaged; Pennsylvania Railroad comes unmortgaged and its new owner mortgages it to pay that interest: no
    # interest is due on it.
    g = _bankrupt_into(0, {5: True, 15: False})
    assert (g.pending.player, g.pending.square) == (1, 5)
    start = len(g.log)
    g.act(Action(A.KEEP))                         # 10 interest due, 10 in cash: paid
    until(g)
    assert [(e.player, e.square, e.amount) for e in pays(g, start, E.R_INTEREST)] == [(1, 5, 10)]
    g2 = _bankrupt_into(0, {5: True, 15: False})
    g2.arrange().cash(1, 0)                       # now the interest cannot be paid from cash
    start = len(g2.log)
    g2.act(Action(A.KEEP))
    assert g2.pending.kind == D.DEBT and g2.pending.player == 1
    g2.act(Action(A.MORTGAGE, 15))                # raise it by mortgaging the deed just received
    until(g2)
    assert g2.pending.kind != D.MORTGAGED_DEED, "no interest is due on a deed received unmortgaged"
    assert [(e.square, e.amount) for e in pays(g2, start, E.R_INTEREST)] == [(5, 10)]


def test_a_deed_passed_on_while_raising_the_interest_is_not_offered_to_its_former_receiver():
    # 002 MORTGAGES: "If you are the new owner, you may lift the mortgage at once ... If the mortgage is not lifted
    # at once, you must pay the Bank 10% interest": only the deed's owner settles it. Seat 1 receives two
    # mortgaged railroads with no cash, and sells one on to seat 2 to pay the interest on the other.
    g = _bankrupt_into(0, {5: True, 15: True})
    g.arrange().cash(1, 0)
    assert (g.pending.player, g.pending.square) == (1, 5)
    start = len(g.log)
    g.act(Action(A.KEEP))
    assert g.pending.kind == D.DEBT
    g.act(Action(A.TRADE, trade=Trade(1, 2, give_squares=(15,), get_cash=60)))
    g.act(Action(A.ACCEPT))
    assert (g.pending.kind, g.pending.player, g.pending.square) == (D.MORTGAGED_DEED, 2, 15)
    g.act(Action(A.KEEP))                         # seat 2, the deed's owner now, pays its interest
    until(g)
    assert not (g.pending.kind == D.MORTGAGED_DEED and g.pending.player == 1)
    assert [(e.player, e.square) for e in pays(g, start, E.R_INTEREST)] == [(2, 15), (1, 5)]
    assert g.owner[15] == 2 and g.mortgaged[15]
