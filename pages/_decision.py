"""A person's decision: exactly the legal options of ``game.pending``, plus the "any time" actions of the
window (build, sell, mortgage, unmortgage, trade) when the window allows them."""
from __future__ import annotations

import streamlit as st

from monopoly_core import Action, Trade
from monopoly_core import actions as A
from monopoly_core import decisions as D
from monopoly_core.bots.base import tradeable
from monopoly_core.mortgage import interest, unmortgage_cost
from monopoly_core.narrate import describe_trade, money
from monopoly_core.viz.safe_text import markdown

from . import _game_state as gs

QUESTION = {
    D.PRE_ROLL: "Your turn: manage your properties if you like, then roll.",
    D.JAIL: "You are in jail: pay the fine, use a card, or try for doubles.",
    D.BUY: "You landed on an unowned property.",
    D.BID: "An auction is running.",
    D.POST_ROLL: "Anything to manage before you finish?",
    D.DEBT: "You owe more than your cash: raise the money, or go bankrupt if you cannot.",
    D.TRADE_RESPONSE: "You have been offered a trade.",
    D.FINE_OR_CHANCE: "The card lets you choose.",
    D.INCOME_TAX: "Income Tax: choose before you count your worth.",
    D.MORTGAGED_DEED: "You received a mortgaged property.",
    D.PLACE_BUILDING: "You won a building at auction: choose where it goes.",
}


#: Button texts that do not depend on the position.
FIXED_LABELS = {A.USE_CARD: "Use a Get Out of Jail Free card", A.PASS: "Pass (leave the auction)",
                A.BANKRUPT: "Declare bankruptcy", A.ACCEPT: "Accept the trade", A.REJECT: "Reject the trade",
                A.DRAW: "Take a Chance"}


def label(action: Action, d, g) -> str:
    """The button text of a legal action."""
    m = lambda a: money(g, a)   # noqa: E731
    sq = g.board.squares[action.square].name if action.square >= 0 else ""
    k = action.kind
    if k in FIXED_LABELS:
        return FIXED_LABELS[k]
    if k == A.ROLL:
        return "Roll for doubles" if d.kind == D.JAIL else "Roll the dice"
    if k == A.PAY_FINE:
        return f"Pay the {m(g.rules.jail_fine)} fine"
    if k == A.BUY:
        return f"Buy {g.board.squares[d.square].name} for {m(d.amount)}"
    if k == A.DECLINE:
        return "Don't buy: the bank auctions it" if g.rules.auctions else "Don't buy"
    if k == A.END:
        return "Done: roll again (doubles)" if d.again else "End my turn"
    if k == A.PAY:
        return f"Pay the {m(d.amount)} fine"
    if k == A.FLAT:
        return f"Pay {m(d.amount)}"
    if k == A.PERCENT:
        return f"Pay {g.rules.income_tax_percent}% of my total worth"
    if k == A.KEEP:
        return f"Keep the mortgage (pay {m(interest(g, d.square))} interest now)"
    if k == A.LIFT:
        return f"Lift the mortgage now ({m(unmortgage_cost(g, d.square))})"
    if k == A.PLACE:
        return f"Place it on {sq}"
    if k == A.BUILD:
        what = "a hotel" if g.level[action.square] == 4 else "a house"
        return f"Build {what} on {sq} ({m(g.board.squares[action.square].house_cost)})"
    if k == A.SELL_BUILDING:
        what = "the hotel" if g.level[action.square] == 5 else "a house"
        return f"Sell {what} on {sq} (+{m(g.board.squares[action.square].house_cost // 2)})"
    if k == A.SELL_ALL:
        grp = g.board.groups[g.board.squares[action.square].group]
        return f"Sell every building of the {grp.label} set"
    if k == A.MORTGAGE:
        return f"Mortgage {sq} (+{m(g.board.squares[action.square].mortgage)})"
    if k == A.UNMORTGAGE:
        return f"Lift the mortgage on {sq} ({m(unmortgage_cost(g, action.square))})"
    return k


def decision_panel(g) -> None:
    d = g.pending
    p = g.players[d.player]
    with st.container(border=True, key="decision"):
        st.markdown(f"#### :material/front_hand: {markdown(p.name)}, your decision")
        st.write(QUESTION.get(d.kind, d.kind))
        if d.kind == D.BUY:
            sq = g.board.squares[d.square]
            st.write(f"**{sq.name}** costs {money(g, d.amount)}; you have {money(g, p.cash)}.")
        if d.kind == D.DEBT:
            creditor = "the bank" if d.other < 0 else markdown(g.players[d.other].name)
            st.write(f"You owe **{money(g, d.amount)}** to {creditor}; you have {money(g, p.cash)}.")
        if d.kind == D.TRADE_RESPONSE:
            t = d.trade
            st.write(f"**{markdown(g.players[t.proposer].name)}** offers: {markdown(describe_trade(t, g))} "
                     "(theirs first, yours after 'for').")
        if d.kind == D.BID:
            sq = g.board.squares[d.square]
            item = ("the deed of " + sq.name, "a house", "a hotel")[d.item]
            lead = f"{money(g, d.amount)} by {markdown(g.players[d.other].name)}" if d.other >= 0 else "no bids yet"
            st.write(f"Auction of **{item}**: {lead}. The lowest bid now is {money(g, d.minimum)}; "
                     f"you have {money(g, p.cash)}.")
        options = d.legal_actions()
        base = [a for a in options if a.kind not in d.extra]
        if d.kind == D.BID:
            _bid_controls(d, g, p)
            base = [a for a in base if a.kind != A.BID]
        if d.kind == D.PLACE_BUILDING:
            choices = {label(a, d, g): a for a in base}
            pick = st.selectbox("Where", list(choices), key="place_pick")
            st.button("Place the building", on_click=gs.act, args=(choices[pick],), type="primary")
            base = []
        cols = st.columns(max(1, len(base)))
        for i, a in enumerate(base):
            cols[i].button(label(a, d, g), key=f"act_{d.kind}_{a.kind}_{i}", on_click=gs.act, args=(a,),
                           type="primary" if i == 0 and d.kind != D.BID else "secondary", width="stretch")
        manage = [a for a in options if a.kind in d.extra]
        if manage:
            choices = {label(a, d, g): a for a in manage}
            c1, c2 = st.columns([4, 1])
            pick = c1.selectbox("Build, sell, mortgage", list(choices), key=f"manage_{d.kind}",
                                help="Every build, sale and mortgage the rules allow you right now.")
            c2.button("Do it", key=f"manage_go_{d.kind}", on_click=gs.act, args=(choices[pick],),
                      width="stretch")
        if d.allows_trade:
            trade_form(g, d.player)


def _bid_controls(d, g, p) -> None:
    c1, c2 = st.columns([3, 2])
    amount = c1.number_input("Your bid", min_value=d.minimum, max_value=max(d.minimum, p.cash),
                             value=d.minimum, step=g.rules.auction_increment, key=f"bid_{g.ply}")
    c2.button(f"Bid {money(g, int(amount))}", key="bid_go", on_click=gs.act,
              args=(Action(A.BID, amount=int(amount)),), type="primary", disabled=p.cash < d.minimum,
              width="stretch")


def trade_form(g, seat: int) -> None:
    """Propose a trade to any other player (bots answer with their strategy)."""
    others = [q for q in g.players if not q.bankrupt and q.seat != seat]
    if not others:
        return
    me = g.players[seat]
    with st.expander("Propose a trade"):
        by_seat = {q.seat: q for q in others}
        target = by_seat[st.selectbox("With", list(by_seat), format_func=lambda s: by_seat[s].name, key="trade_target")]
        names = g.board.squares
        mine = [s for s in g.board.properties if tradeable(g, seat, s)]
        theirs = [s for s in g.board.properties if tradeable(g, target.seat, s)]
        c1, c2 = st.columns(2)
        c1.markdown("**You give**")
        give_sq = c1.multiselect("Properties", mine, format_func=lambda s: names[s].name, key="trade_give_sq")
        give_cash = c1.number_input("Cash", 0, max(0, me.cash), 0, key="trade_give_cash")
        give_cards = c1.multiselect("Get Out of Jail Free cards", [k for k, _ in me.cards], key="trade_give_cards")
        c2.markdown(f"**{markdown(target.name)} gives**")
        get_sq = c2.multiselect("Properties ", theirs, format_func=lambda s: names[s].name, key="trade_get_sq")
        get_cash = c2.number_input("Cash ", 0, max(0, target.cash), 0, key="trade_get_cash")
        get_cards = c2.multiselect("Get Out of Jail Free cards ", [k for k, _ in target.cards],
                                   key="trade_get_cards")
        t = Trade(seat, target.seat, int(give_cash), tuple(give_sq), tuple(give_cards), int(get_cash),
                  tuple(get_sq), tuple(get_cards))
        st.button("Propose", on_click=gs.act, args=(Action(A.TRADE, trade=t),), key="trade_go")
        st.caption("Streets of a set with buildings cannot be traded until the buildings are sold. "
                   "A mortgaged property costs its receiver 10% interest at once (or the full lift).")
