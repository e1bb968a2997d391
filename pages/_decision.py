"""A person's decision: exactly the legal options of ``game.pending``, plus the "any time" actions of the
window (build, sell, mortgage, unmortgage, trade) when the window allows them."""
from __future__ import annotations

import streamlit as st

from monopoly_core import PERSON, Action, IllegalAction, Trade
from monopoly_core import actions as A
from monopoly_core import decisions as D
from monopoly_core import events as E
from monopoly_core import final_lap
from monopoly_core.trading import count_of, tradeable
from monopoly_core.mortgage import interest, unmortgage_cost
from monopoly_core.narrate import auction_item, describe_trade, money, trade_sides
from monopoly_core.viz.safe_text import markdown

from . import _cheaters
from . import _game_state as gs
from . import _mega
from . import _panels
from . import _sore_losers
from ._amounts import AmountProblem, read_amount, said

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
    D.BETWEEN_TURNS: "On another player's turn you gained a colour group you may build in. You don't have to wait "
                     "for your turn: build, trade or mortgage now, before the next player rolls, or let them roll.",
    **_sore_losers.QUESTION,
    **_mega.QUESTION,
    **_cheaters.QUESTION,
}


#: What a player home at GO may still do (Sore Losers, Cheaters), by the action kinds their window offers.
_HOME_VERBS = ((A.BUILD, "build"), (A.SELL_BUILDING, "sell buildings"), (A.MORTGAGE, "mortgage"),
               (A.UNMORTGAGE, "lift a mortgage"))


def home_question(d, g) -> str:
    """A player home at GO on the final lap is offered a window at their place in the order: why there is no roll,
    and what they may still do now (the Cheaters Edition has no mortgages: a second outside review read "Build,
    mortgage or trade" there)."""
    kinds = {a.kind for a in d.legal_actions()}
    can = [verb for kind, verb in _HOME_VERBS if kind in kinds] + (["trade"] if d.allows_trade else [])
    still = (f"You may still {', '.join(can[:-1])} or {can[-1]}" if len(can) > 1 else
             f"You may still {can[0]}" if can else "There is nothing for you to do now")
    return (f"You are home at GO: you roll no more. {still}, then end your turn (the game ends when every player "
            "is home).")


def placing_order(d, g, actions: list[Action]) -> list[Action]:
    """Where a building may go, as the picker lists them (its first is the one chosen unless changed): for Sore
    Losers' free house, the decider's own streets first, then the bank's and the others' (a browser review placed a
    free house on an opponent's street by pressing Place at once)."""
    if d.kind != D.FREE_HOUSE:
        return actions
    return sorted(actions, key=lambda a: (g.owner[a.square] != d.player, g.owner[a.square] >= 0))


def question(d, g) -> str:
    """What the decision ``d`` asks, in a sentence (a player home at GO is told why there is no roll)."""
    if d.kind == D.POST_ROLL and final_lap.home(g, d.player):
        return home_question(d, g)
    if d.kind == D.CHEAT and final_lap.home(g, d.player):
        return _cheaters.HOME_CARDS
    if d.kind == D.CHEAT and _cheaters.cheated_this_turn(g):
        return _cheaters.under_way(g, d.player)
    if _mega.ticket_to_choose(d, g):
        return _mega.TICKET_QUESTION
    if d.kind == D.POST_ROLL and d.again:
        # (its button says "Done: roll again (doubles)": a walkthrough read "before you finish" above it)
        return "Doubles: anything to manage before you roll again?"
    if d.kind == D.BETWEEN_TURNS and d.square >= 0 and d.other >= 0:
        group = g.board.groups[g.board.squares[d.square].group].label
        return (f"You may now build on the {markdown(group)} group, gained on another player's turn. You don't have "
                f"to wait for your turn: build, trade or mortgage now, before {markdown(g.players[d.other].name)} "
                "rolls, or let them roll.")
    if d.kind == D.MORTGAGED_DEED and d.square >= 0:
        return f"You received {markdown(g.board.squares[d.square].name)}, which is mortgaged."
    if d.kind == D.JAIL and d.player >= 0:
        return jail_question(d)
    return QUESTION.get(d.kind, d.kind)


def jail_question(d) -> str:
    """ "You are in jail: pay the fine, use a card, or try for doubles", naming only the ways out open now (a
    browser review read "use a card" to a player who held none, and the fine is not always open before the roll)."""
    ways = [words for kind, words in ((A.PAY_FINE, "pay the fine"), (A.USE_CARD, "use your Get Out of Jail Free card"),
                                      (A.ROLL, "try for doubles")) if any(a.kind == kind for a in d.legal_actions())]
    if not ways:
        return QUESTION[D.JAIL]
    return f"You are in jail: {ways[0] if len(ways) == 1 else ', '.join(ways[:-1]) + ' or ' + ways[-1]}."


#: Button texts that do not depend on the position.
FIXED_LABELS = {A.USE_CARD: "Use a Get Out of Jail Free card", A.PASS: "Pass (leave the auction)",
                A.BANKRUPT: "Declare bankruptcy", A.ACCEPT: "Accept the trade", A.REJECT: "Reject the trade",
                A.DRAW: "Take a Chance"}


def label(action: Action, d, g) -> str:
    """The button text of a legal action."""
    m = lambda a: money(g, a)   # noqa: E731
    sq = g.board.squares[action.square].name if action.square >= 0 else ""
    k = action.kind
    if k in FIXED_LABELS and d.kind not in _sore_losers.QUESTION:
        return FIXED_LABELS[k]
    if k == A.REJECT_ALL:
        return f"Reject, and every later offer from {markdown(g.players[d.other].name)}"   # (labels read Markdown)
    if k == A.ROLL:
        if d.kind == D.JAIL:
            return "Roll for doubles"
        return _mega.TICKET_GO_ON if _mega.ticket_to_choose(d, g) else "Roll the dice"
    if k == A.PAY_FINE:
        return f"Pay the {m(g.rules.jail_fine)} fine"
    if k == A.BUY:
        name = g.board.squares[d.square].name
        return f"Take {name}: it is free" if d.amount == 0 else f"Buy {name} for {m(d.amount)}"
    if k == A.DECLINE:
        return "Don't buy: the bank auctions it" if g.rules.auctions else "Don't buy"
    if k == A.END:
        if d.kind == D.BETWEEN_TURNS:
            return "Done: let the next player roll"
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
        what = "a " + g.edition.building_name(g.board.squares[action.square].kind, g.level[action.square] + 1)
        return f"Build {what} on {sq} ({m(g.board.squares[action.square].house_cost)})"
    if k == A.SELL_BUILDING:
        what = ("the " if g.level[action.square] >= g.edition.hotel_level else "a ") + \
            g.edition.building_name(g.board.squares[action.square].kind, g.level[action.square])
        return f"Sell {what} on {sq} (+{m(g.board.squares[action.square].house_cost // 2)})"
    if k == A.SELL_ALL:
        grp = g.board.groups[g.board.squares[action.square].group]
        return f"Sell every building of the {grp.label} set"
    if k == A.MORTGAGE:
        return f"Mortgage {sq} (+{m(g.board.squares[action.square].mortgage)})"
    if k == A.UNMORTGAGE:
        return f"Lift the mortgage on {sq} ({m(unmortgage_cost(g, action.square))})"
    # the playing edition's own words only: two editions may name an answer alike (Mega's and the Cheaters
    # Edition's "pick": a square to auction, a player or street a card acts on)
    own = _sore_losers.label if _sore_losers.playing(g) else _mega.label if _mega.is_mega(g) else \
        _cheaters.label if _cheaters.active(g) else None
    return (own(action, d, g) if own is not None else None) or k


HANDED = "play_handed_to"     # the seat of the person the device was last handed to

#: The "Build, sell, mortgage" box's actions by what they do, for its "Show only" filter (an edition's own actions:
#: "Other").
MANAGE_GROUPS = {A.BUILD: "Build", A.SELL_BUILDING: "Sell", A.SELL_ALL: "Sell", A.MORTGAGE: "Mortgage",
                 A.UNMORTGAGE: "Lift a mortgage"}
#: From how many actions the box gets the filter (a walkthrough's Mega window listed 36 in one box).
MANAGE_FILTER_FROM = 9


def _manage_filter(manage: list, d, g, box_key: str) -> list:
    """The actions of the "Build, sell, mortgage" box the person shows: all of them, or, in a long list of more
    than one kind, the kind picked in a "Show only" row (picking clears the box's choice: it may not be shown)."""
    present = {MANAGE_GROUPS.get(a.kind, "Other") for a in manage}
    groups = [k for k in dict.fromkeys([*MANAGE_GROUPS.values(), "Other"]) if k in present]
    if len(manage) < MANAGE_FILTER_FROM or len(groups) < 2:
        return manage
    shown = st.segmented_control(
        "Show only", groups, key=f"manage_show_{d.kind}_{g.ply}",
        on_change=lambda: st.session_state.update({box_key: None}),
        help="Narrow the list below to one kind of action (press again to show them all).")
    return manage if shown is None else [a for a in manage if MANAGE_GROUPS.get(a.kind, "Other") == shown]


def needs_handover(g) -> bool:
    """True when several people share the screen and the person who must decide now is not the one who has it
    (issue 14: a hand-over moment between people, so nobody acts in someone else's name)."""
    people = [p for p in g.players if p.kind == PERSON and not p.bankrupt]
    return len(people) >= 2 and st.session_state.get(HANDED) != g.pending.player


def _take_device(seat: int) -> None:
    st.session_state[HANDED] = seat


def handover_panel(g) -> None:
    p = g.players[g.pending.player]
    with st.container(border=True, key="handover"):
        st.markdown(f"<div style='font-size:1.6rem;text-align:center;padding:0.6rem 0'>"
                    f"{_panels._dot(p.colour)} Pass the device to <b>{_panels.name(p)}</b></div>",
                    unsafe_allow_html=True)
        # (the question as the person will read it, quoted: in brackets it read "(An auction is running)")
        # (a name is text, never Markdown: a caption and a button's label read Markdown; an outside review)
        # (an auction's state too: a browser review's "Pass the device to Ben" did not say what the bid stood at)
        state = f" {auction_state(g.pending, g)}" if g.pending.kind == D.BID else ""
        st.caption(f"{markdown(p.name)} must decide now: \u201c{question(g.pending, g)}\u201d{state} "
                   "Their choices appear when they take the device.")
        st.button(f"I am {markdown(p.name)}: show my choices", key="handover_go", on_click=_take_device,
                  args=(p.seat,), type="primary", width="stretch")


def auction_state(d, g) -> str:
    """What is auctioned and the highest bid so far, in Markdown (a bid decision's)."""
    item = auction_item(g, d.item, d.square)
    lead = f"{money(g, d.amount)} by {markdown(g.players[d.other].name)}" if d.other >= 0 else "no bids yet"
    return f"Auction of **{item}**: {lead}."


def decision_panel(g) -> None:
    d = g.pending
    p = g.players[d.player]
    st.session_state[HANDED] = d.player
    with st.container(border=True, key="decision"):
        st.markdown(f"#### {_panels._dot(p.colour)} {_panels.name(p)}, your decision", unsafe_allow_html=True)
        st.write(question(d, g))
        if d.kind == D.BUY:
            sq = g.board.squares[d.square]
            # (a property given for nothing, as a Cheaters card may: "it is free", not "costs £0", as its button says)
            price = "is yours for nothing" if d.amount == 0 else f"costs {money(g, d.amount)}"
            st.write(f"**{sq.name}** {price}; you have {money(g, p.cash)}. Its title deed is under the buttons.")
        if d.kind == D.DEBT:
            creditor = "the bank" if d.other < 0 else markdown(g.players[d.other].name)
            st.write(f"You owe **{money(g, d.amount)}** to {creditor}; you have {money(g, p.cash)}.")
        if d.kind == D.TRADE_RESPONSE:
            t = d.trade
            gives, gets = trade_sides(t, g)     # (a review: "X for Y (theirs first, yours after 'for')" was a riddle)
            name = markdown(g.players[t.proposer].name)
            st.write(f"**{name}** offers you **{markdown(gives)}**, and asks you for **{markdown(gets)}** in "
                     "return.")
        if d.kind == D.BID:
            st.write(f"{auction_state(d, g)} The lowest bid now is {money(g, d.minimum)}; "
                     f"you have {money(g, p.cash)}.")
            if d.item != 0:     # a building the bank is short of (002 BUILDING SHORTAGES)
                st.caption("The bank has fewer left than players who could build: it is auctioned if two or more "
                           "want it. If nobody but the player who asked for it bids, they buy it at its price, "
                           f"{money(g, g.board.squares[d.square].house_cost)}.")
        why = _sore_losers.explain(d, g)
        if why:
            st.write(why)
        options = d.legal_actions()
        base = [a for a in options if a.kind not in d.extra]
        if d.kind == D.BID:
            _bid_controls(d, g, p)
            base = [a for a in base if a.kind != A.BID]
        if d.kind in (D.PLACE_BUILDING, D.FREE_HOUSE):
            choices = {label(a, d, g): a for a in placing_order(d, g, base)}
            pick = st.selectbox("Where", list(choices), key=f"place_pick_{d.kind}")
            st.button("Place the house" if d.kind == D.FREE_HOUSE else "Place the building", on_click=gs.act,
                      args=(choices[pick],), type="primary", key=f"place_go_{d.kind}")
            base = []
        base = _mega.picker(d, g, base, label)
        # with an action chosen in the "Build, sell, mortgage" box below, its "Do it" is the red button, not the
        # first answer here: a walkthrough chose a house, pressed the red "Done: roll again", and no house was built
        manage_key = f"manage_{d.kind}_{g.ply}"     # (a new box for each decision, below)
        chosen = st.session_state.get(manage_key) is not None
        # one button a row, the whole width: a label is never cut ("Buy New York Av...", issue 14, item 7)
        for i, a in enumerate(base):
            st.button(label(a, d, g), key=f"act_{d.kind}_{a.kind}_{i}", on_click=gs.act, args=(a,),
                      type="primary" if i == 0 and d.kind != D.BID and not chosen else "secondary",
                      width="stretch")
        if d.kind == D.BUY or (d.kind == D.BID and d.item == 0):
            _panels.deed_card(g, d.square)        # what the property earns, when deciding what to pay for it
        manage = [a for a in options if a.kind in d.extra]
        if manage:
            # nothing chosen until the person chooses (a preselected "Mortgage ..." read as the plan), and a new
            # box for each decision (keyed by its step: a choice is never carried on to a later window)
            choices = {label(a, d, g): a for a in _manage_filter(manage, d, g, manage_key)}
            hint = "Choose what to do" if len(choices) == 1 else f"Choose one of {len(choices)} actions"
            pick = st.selectbox("Build, sell, mortgage", list(choices), index=None, key=manage_key,
                                placeholder=hint,
                                help="Every build, sale and mortgage the rules allow you right now.")
            st.button("Do it", key=f"manage_go_{d.kind}", on_click=gs.act,
                      args=(choices[pick],) if pick in choices else (), disabled=pick not in choices,
                      type="primary" if pick in choices else "secondary",
                      help=None if pick in choices else "Choose what to do in the box above first.", width="stretch")
        if d.allows_trade:
            trade_form(g, d.player)


BID_BOX = "bid_amount"


def _bid_typed(d, g) -> tuple[int | None, str | None]:
    """(the amount typed in the bid box, or None when it is no amount; why it cannot be bid now, or None)."""
    try:
        amount = read_amount(st.session_state.get(BID_BOX), "your bid", g.board.currency)
    except AmountProblem as exc:
        return None, f"{exc} The lowest bid now is {money(g, d.minimum)}."
    return amount, bid_problem(amount, d, g)


def bid_problem(amount: int, d, g) -> str | None:
    """Why ``amount`` cannot be bid now, in words (None: it can)."""
    cash = g.players[d.player].cash
    if amount < d.minimum:
        return f"The lowest bid now is {money(g, d.minimum)}."
    if amount > cash:
        bid = said(amount, g.board.currency, of="a bid of ")
        return f"You have only {money(g, cash)}: {bid} is more than you have."
    return None


def _bid_from_box() -> None:
    """Send the amount in the bid box as it is when the button is pressed (so the amount sent is the one shown),
    or refuse it with the reason and send nothing."""
    g = gs.game()
    d = g.pending if g is not None else None
    if d is None or d.kind != D.BID:
        return
    amount, why = _bid_typed(d, g)
    if amount is None or why is not None:
        gs.notice("error", f"Bid not sent. {why}")
        return
    gs.act(Action(A.BID, amount=amount))


def _bid_controls(d, g, p) -> None:
    # A text box read by pages/_amounts.py, not a number box: a browser keeps an out-of-range number in a red
    # box while the page receives the last valid one, and the button then sent an amount no longer shown (issue
    # 14, item 2, and a reviewer's 99999999999999999999). The button says the amount typed; a bad one is refused
    # beside it, in words.
    # filled with the lowest bid for each new bid, and again when the box was not drawn in between: Streamlit drops
    # an undrawn box's value, so an Undo back to this bid (after a pass) found it empty, with a refusal beside it
    # before anything was typed (an outside review)
    if st.session_state.get("bid_for") != (g.ply, d.minimum) or BID_BOX not in st.session_state:
        st.session_state["bid_for"] = (g.ply, d.minimum)
        st.session_state[BID_BOX] = str(d.minimum)
    st.text_input("Your bid", key=BID_BOX,
                  help=f"At least {money(g, d.minimum)}, at most your cash ({money(g, p.cash)}): a whole number, "
                       f"such as {d.minimum}.")
    amount, why = _bid_typed(d, g)
    # the button says the amount it would send; no amount is written on it when the box holds none. Never turned
    # off: a click on a button turned off by a refused bid only took the bid corrected, and a second click was
    # needed (an outside review); its callback refuses a bid it cannot send, in words
    # (an amount too long to read is said as the refusal says it: "Bid a number of 30 digits", an outside review)
    st.button("Bid" if amount is None else f"Bid {said(amount, g.board.currency)}", key="bid_go",
              on_click=_bid_from_box, type="primary", width="stretch")
    if why is not None:
        st.error(markdown(why), icon=":material/block:")


def _token_key(side: str, name: str) -> str:
    """The trade form's box for how many of the edition's token ``name`` a side hands over."""
    return f"trade_{side}_token_{name}"


class FormProblem(ValueError):
    """What is wrong with the trade form's boxes, as a whole sentence for the page."""


def _trade_in_form(g, seat: int) -> Trade | None:
    """The trade the form holds right now (read from the widgets' state), or None without a partner. Amounts
    the core cannot take at all (far too large) raise IllegalAction with the reason."""
    ss = st.session_state
    target = next((q for q in g.players if not q.bankrupt and q.seat != seat and q.seat == ss.get("trade_target")),
                  None)
    if target is None:
        return None

    def whole(key, what: str, currency: str = "") -> int:
        """A box's amount, read by pages/_amounts.py, or :class:`FormProblem` in words (a reviewer's
        99999999999999999999 was once read as the box's last valid amount, 10**12 refused by a field's name)."""
        try:
            return read_amount(ss.get(key, "0"), what, currency)
        except AmountProblem as exc:
            raise FormProblem(str(exc)) from None

    me = g.players[seat]
    cur = g.board.currency
    give_cash = whole("trade_give_cash", "the cash you give", cur)
    get_cash = whole("trade_get_cash", "the cash you ask", cur)
    for amount, p, who in ((give_cash, me, "You have"), (get_cash, target, f"{target.name} has")):
        if amount > p.cash:         # (before the core sees a number far beyond any cash)
            raise FormProblem(f"{who} only {money(g, p.cash)} in cash, not {said(amount, cur)}.")

    def tokens(side):
        counts = []
        for name, one in sorted(g.edition.tokens.items()):
            n = whole(_token_key(side, name), f"the number of {one}s")
            holder = me if side == "give" else target
            held = g.edition.token_count(g, holder, name)
            if n > held:
                raise FormProblem(f"{'You hold' if side == 'give' else holder.name + ' holds'} "
                                  f"{count_of(held, one)}, not {n:,}.")
            counts += [name] * n
        return tuple(counts)

    def chosen(key: str, kind: type) -> tuple:
        """A list box's choices; one of another kind is a choice the browser kept after it left the list."""
        values = tuple(ss.get(key) or ())
        if not all(isinstance(v, kind) and not isinstance(v, bool) for v in values):
            raise FormProblem("The form still showed something no longer on offer (after the last trade): "
                              "choose the properties and cards again.")
        return values

    return Trade(seat, target.seat, give_cash, chosen("trade_give_sq", int), chosen("trade_give_cards", str),
                 get_cash, chosen("trade_get_sq", int), chosen("trade_get_cards", str), tokens("give"), tokens("get"))


EMPTY_TRADE = "Choose something to give or to ask for."


def trade_problem(t: Trade, g) -> str | None:
    """Why the trade ``t`` cannot be proposed, in words (None: it can)."""
    # the cash first, in the currency (the rules core's reasons give bare numbers), then the core's reasons
    for amount, p, who in ((t.give_cash, g.players[t.proposer], "You have"),
                           (t.get_cash, g.players[t.target], f"{g.players[t.target].name} has")):
        if amount > p.cash:
            return f"{who} only {money(g, p.cash)} in cash, not {said(amount, g.board.currency)}."
    if t.is_empty():
        return EMPTY_TRADE
    d = g.pending
    why = d.problem(Action(A.TRADE, trade=t)) if d is not None else "there is no decision to trade in"
    return f"This trade is not allowed: {why}." if why else None


def _propose() -> None:
    """Propose the trade the form shows when the button is pressed, or refuse it with the reason."""
    g = gs.game()
    d = g.pending if g is not None else None
    if d is None or not d.allows_trade:
        return
    try:
        t = _trade_in_form(g, d.player)
        why = "Choose a player to trade with." if t is None else trade_problem(t, g)
    except FormProblem as exc:
        t, why = None, str(exc)
    except IllegalAction as exc:
        t, why = None, f"This trade is not allowed: {exc}."
    if why is not None:
        st.session_state.pop(TRADE_OUTCOME, None)       # (this press's answer is the refusal, not the last offer's)
        gs.notice("error", f"Trade not proposed. {why}")
        return
    first = len(g.log)
    gs.act(Action(A.TRADE, trade=t))
    g = gs.game()
    outcome = trade_outcome(g, t, first)
    st.session_state[TRADE_OUTCOME] = (id(g), g.ply, *outcome)
    if outcome[0] == "success":        # what was traded is no longer the givers': an empty form for the next one
        _clear_trade_form()


def _clear_trade_form() -> None:
    """Empty both sides of the trade form: after a trade went through (what was traded is no longer the givers'),
    and when another player is chosen to trade with (a walkthrough's $150 for one player stayed in the form and went
    out in an offer to another)."""
    ss = st.session_state
    # (set to the empty values rather than deleted: a deleted key let the browser send its last choice back, as the
    # label's text, and a second Propose after an accepted trade was refused as "get_squares must be a whole number,
    # got 'Indiana Avenue'", a browser review)
    for key in [k for k in ss if str(k).startswith(("trade_give_", "trade_get_"))]:
        ss[key] = [] if isinstance(ss[key], list) else "0"


def _amount_box(key: str) -> str:
    """``key``, its box starting at "0": set in the session rather than as the box's value, as
    :func:`_clear_trade_form` sets it too (Streamlit warned in the server's log of a box given both)."""
    st.session_state.setdefault(key, "0")
    return key


#: (game, step, level, words) of the last trade proposed, shown beside the Propose button while the game is
#: still at that step (the answer was otherwise only in the event log, below the fold)
TRADE_OUTCOME = "trade_outcome"


def trade_outcome(g, t: Trade, first: int) -> tuple[str, str]:
    """(level, words) of what became of the trade ``t`` proposed when the log had ``first`` events: accepted
    (what changed hands), refused (nothing did) or waiting for a person's answer."""
    kinds = {g.log.kind[i] for i in range(first, len(g.log))}
    them = markdown(g.players[t.target].name)
    if E.TRADE_ACCEPT in kinds:
        return "success", f"{them} **accepted** your trade: {markdown(describe_trade(t, g))}."
    if E.TRADE_REJECT in kinds:
        later = " and will refuse every later offer from you" if E.OFFERS_DECLINED in kinds else ""
        return "warning", f"{them} **refused** your trade{later}: nothing changed hands."
    return "info", f"Your offer waits for {them}'s answer."


def _trade_outcome_here(g) -> None:
    """The answer to the trade just proposed, where it was proposed (while the game has not moved on)."""
    shown = st.session_state.get(TRADE_OUTCOME)
    if shown is not None and shown[:2] == (id(g), g.ply):
        getattr(st, shown[2])(shown[3])


def trade_caption(g) -> str:
    """What the trade form should know of the edition's rules: whether built streets may be traded, and what a
    mortgaged deed costs its receiver (or the edition's own words, as the Cheaters Edition's)."""
    built = ("Streets of a set with buildings cannot be traded until the buildings are sold. "
             if g.edition.buildings_block_trades else "Buildings go with their street to the new owner. ")
    own = _cheaters.TRADE_WORDS if _cheaters.active(g) else ""
    return built + (own or f"A mortgaged property costs its receiver {g.rules.mortgage_interest_pct}% interest at "
                           "once (or the full lift).")


def _jail_cards(g, p) -> list[str]:
    """The decks of the Get Out of Jail Free cards ``p`` holds (the only held cards a trade carries)."""
    return [k for k, i in p.cards if g.deck_cards[k][i].effect == "get_out_of_jail"]


def trade_form(g, seat: int) -> None:
    """Propose a trade to any other player (bots answer with their strategy)."""
    others = [q for q in g.players if not q.bankrupt and q.seat != seat]
    if not others:
        return
    me = g.players[seat]
    shown = st.session_state.get(TRADE_OUTCOME)
    with st.expander("Propose a trade", expanded=shown is not None and shown[:2] == (id(g), g.ply)):
        by_seat = {q.seat: q for q in others}
        target = by_seat[st.selectbox("With", list(by_seat), format_func=lambda s: by_seat[s].name, key="trade_target",
                                      on_change=_clear_trade_form)]
        names = g.board.squares
        mine = [s for s in g.board.properties if tradeable(g, seat, s)]
        theirs = [s for s in g.board.properties if tradeable(g, target.seat, s)]
        c1, c2 = st.columns(2)
        c1.markdown("**You give**")
        # text boxes read by pages/_amounts.py: a number box kept an amount past its limits in a red box while
        # the last valid amount was sent (issue 14, item 2); any typed amount is refused in words below
        c1.multiselect("Properties", mine, format_func=lambda s: names[s].name, key="trade_give_sq",
                       placeholder="none")
        c1.text_input(f"Cash (you have {money(g, me.cash)})", key=_amount_box("trade_give_cash"))
        c1.multiselect("Get Out of Jail Free cards", _jail_cards(g, me), key="trade_give_cards",
                       placeholder="none")
        c2.markdown(f"**{markdown(target.name)} gives**")
        c2.multiselect("Properties ", theirs, format_func=lambda s: names[s].name, key="trade_get_sq",
                       placeholder="none")
        c2.text_input(f"Cash (they have {money(g, target.cash)})", key=_amount_box("trade_get_cash"))
        c2.multiselect("Get Out of Jail Free cards ", _jail_cards(g, target), key="trade_get_cards",
                       placeholder="none")
        for name, one in sorted(g.edition.tokens.items()):       # the edition's own: coins, bus tickets
            c1.text_input(f"{one.capitalize()}s (you hold {g.edition.token_count(g, me, name)})",
                          key=_amount_box(_token_key("give", name)))
            c2.text_input(f"{one.capitalize()}s (they hold {g.edition.token_count(g, target, name)}) ",
                          key=_amount_box(_token_key("get", name)))
        try:
            t = _trade_in_form(g, seat)
            why = trade_problem(t, g) if t is not None else "Choose a player to trade with."
        except FormProblem as exc:
            why = str(exc)
        except IllegalAction as exc:
            why = f"This trade is not allowed: {exc}."
        # an empty form is not an error yet; the button is never turned off, so that a value typed (or corrected)
        # and clicked at once is sent, or refused in words by its callback
        refused = why is not None and why != EMPTY_TRADE
        st.button("Propose", on_click=_propose, key="trade_go", type="primary")
        if not refused:     # (the last offer's answer, not beside a new error: a browser review read both at once)
            _trade_outcome_here(g)
        if refused:
            st.error(markdown(why), icon=":material/block:")      # (it may quote a player's name)
        st.caption(trade_caption(g))
