"""House-rule toggles: each is honoured by the engine (issue 2, RuleSet and presets)."""
from monopoly_core import Action
from monopoly_core import actions as A
from monopoly_core import decisions as D
from monopoly_core import events as E
from scenario import events_of, give, jailed, pays, place, rig_next, roll, stack, table, until


def test_free_parking_nothing_by_default():
    # 002 FREE PARKING: "A player landing on this space receives no cash, properties or rewards of any kind."
    g = table(2)
    place(g, 0, 17)
    roll(g, (1, 2))
    until(g, D.POST_ROLL)
    assert g.players[0].position == 20 and g.players[0].cash == 1500 and g.pot == 0


def test_free_parking_jackpot_collects_taxes_fines_and_card_fees_with_a_seed():
    g = table(2, free_parking="jackpot", free_parking_seed=500)
    assert g.pot == 500
    place(g, 0, 1)
    roll(g, (1, 2))                       # Income Tax 200 into the pot
    until(g, D.POST_ROLL)
    assert g.pot == 700
    assert [e.other for e in pays(g, reason=E.R_TAX)] == [E.POT]
    g.act(Action(A.END))
    until(g, D.PRE_ROLL)
    place(g, 1, 17)
    start = len(g.log)
    roll(g, (1, 2))
    until(g, D.POST_ROLL)
    assert [e.amount for e in pays(g, start, E.R_JACKPOT)] == [700]
    assert g.pot == 500                   # the bank seeds it again
    assert g.money_in_play() == g.bank_paid - g.bank_received


def test_jail_fines_go_to_the_jackpot():
    g = table(2, arrange=jailed(0), free_parking="jackpot")
    rig_next(g, (1, 2))
    g.act(Action(A.PAY_FINE))
    assert g.pot == 50


def _bankrupt_on_income_tax(g):
    """Seat 0, with $150 and Baltic Avenue (mortgage $30), lands on Income Tax ($200) and declares bankruptcy."""
    g.arrange().cash(0, 150)
    give(g, 0, 3)
    place(g, 0, 1)
    roll(g, (1, 2))
    until(g, D.DEBT)
    g.act(Action(A.BANKRUPT))
    return g


def test_a_player_bankrupt_to_the_jackpot_leaves_their_cash_in_the_pot():
    # The lab's reading of the house rule: what a player owes the pot (here the Income Tax) is the pot's, so their
    # last cash goes into it (an outside audit saw $150 go to the bank and the pot stay empty); the deeds go back to
    # the bank, as 002 BANKRUPTCY says of a debt to the bank ("turn over all assets to the Bank").
    g = _bankrupt_on_income_tax(table(2, free_parking="jackpot"))
    assert g.players[0].bankrupt and g.over
    assert g.pot == 150 and g.owner[3] == -1
    assert [(e.player, e.other) for e in pays(g, reason=E.R_BANKRUPTCY)] == [(0, E.POT)]
    assert g.money_in_play() == g.bank_paid - g.bank_received


def test_double_salary_for_landing_exactly_on_go():
    g = table(2, double_go_on_landing=True)
    place(g, 0, 33)
    start = len(g.log)
    roll(g, (3, 4))
    until(g, D.POST_ROLL)
    assert [e.amount for e in pays(g, start, E.R_SALARY)] == [400]
    g2 = table(2, double_go_on_landing=True)
    place(g2, 0, 33)
    start = len(g2.log)
    roll(g2, (3, 5))                      # passing to Mediterranean, not landing: the normal salary
    until(g2, D.BUY)
    assert [e.amount for e in pays(g2, start, E.R_SALARY)] == [200]


def test_go_salary_and_starting_cash_are_rules():
    g = table(2, go_salary=400, starting_cash=2000)
    assert [p.cash for p in g.players] == [2000, 2000]
    place(g, 0, 36)
    roll(g, (1, 2))                       # 39 Boardwalk? no: 36 + 3 = 39 (no GO); use a pass
    until(g, D.BUY)
    g.act(Action(A.DECLINE))
    until(g)
    g3 = table(2, go_salary=400)
    place(g3, 0, 38)
    start = len(g3.log)
    roll(g3, (1, 2))
    until(g3, D.BUY)
    assert [e.amount for e in pays(g3, start, E.R_SALARY)] == [400]


def test_no_auctions_leaves_a_declined_property_with_the_bank():
    g = table(2, auctions=False)
    roll(g, (1, 2))
    until(g, D.BUY)
    g.act(Action(A.DECLINE))
    until(g, D.POST_ROLL)
    assert g.owner[3] == -1 and not events_of(g, E.AUCTION)


def test_no_auctions_also_leaves_a_bankrupt_player_s_deeds_with_the_bank():
    # The rule's own words (rules.py, auctions): "off: it stays with the bank, and so do the deeds of a player
    # bankrupt to the bank" (on, 002 BANKRUPTCY: "the Bank immediately sells by auction all properties so taken")
    for auctions in (True, False):
        g = _bankrupt_on_income_tax(table(3, auctions=auctions))
        assert g.players[0].bankrupt and bool(events_of(g, E.AUCTION)) == auctions
        if not auctions:
            assert g.owner[3] == -1 and not g.mortgaged[3]


def test_jail_fine_is_a_rule():
    g = table(2, arrange=jailed(0), jail_fine=80)
    cash = g.players[0].cash
    rig_next(g, (1, 2))
    g.act(Action(A.PAY_FINE))
    assert g.players[0].cash == cash - 80


def test_income_tax_flat_or_ten_percent_choice():
    # reference/classic_board_us_uk.csv: "Income Tax 200 (US pre-2008 rules: 200 OR 10% of total worth, player
    # chooses before counting)"
    g = table(2, income_tax="flat_or_percent", arrange=lambda g: give(g, 0, 39))
    place(g, 0, 1)
    roll(g, (1, 2))
    until(g, D.INCOME_TAX)
    assert g.pending.amount == 200
    start = len(g.log)
    g.act(Action(A.PERCENT))
    assert [e.amount for e in pays(g, start, E.R_TAX)] == [(1500 + 400) // 10]


def test_doubles_to_jail_zero_never_jails():
    g = table(2, doubles_to_jail=0)
    stack(g, "chest", "beauty")
    for rolls in ((1, 1), (2, 2), (3, 3)):
        rig_next(g, rolls)
        if g.pending.kind == D.PRE_ROLL:
            g.act(Action(A.ROLL))
        else:
            g.act(Action(A.END))
        until(g, D.POST_ROLL, D.BUY)
        if g.pending.kind == D.BUY:
            g.act(Action(A.BUY))
            until(g, D.POST_ROLL)
    assert not g.players[0].in_jail and g.pending.again
