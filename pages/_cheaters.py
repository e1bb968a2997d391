"""The Play page's Cheaters Edition parts (issue 17): the five face-up cheat cards, held Chance and Community Chest
cards, who wears the handcuffs, the button words of the edition's decisions, a revealed or caught cheat as a banner,
and hiding a bot's cheat from the feed until it is revealed or caught."""
from __future__ import annotations

from html import escape

import streamlit as st

from monopoly_core import decisions as D
from monopoly_core import events as E
from monopoly_core import final_lap
from monopoly_core.editions import cheaters_actions as C
from monopoly_core.actions import Action
from monopoly_core.editions import cheaters_targets, cheaters_turn
from monopoly_core.editions import cheats
from monopoly_core.narrate import describe, money
from monopoly_core.viz.safe_text import markdown
from pages import _game_state as gs

QUESTION = {
    D.CHEAT: "Look at the Cheat cards: try one in secret, play a card you hold, or carry on honestly.",
    D.CALL_CHEAT: "Before the next roll: did the last player cheat? Call \u201cCheat!\u201d if you think so "
                  "(a wrong call costs you).",
    D.KEEP_CARD: "You may hold one card of each deck: use one of the two now, or keep one and put the other back.",
    D.PARKING_DECK: "Free Parking: draw a Chance or a Community Chest card.",
    D.CHEAT_TARGET: "Your card or cheat acts on someone: choose whom (or which street).",
}
#: the cheat decision of a player home at GO on the final lap: only their held cards (cheaters_turn.home_turn)
HOME_CARDS = ("You are home at GO: no more rolls or cheats, but you may still play a card you hold now (its money "
              "counts in the final cash), or keep it for later.")
#: the cheat decision asked again after this turn's attempt (one a turn in this lab: see cheated_this_turn): a
#: browser review read "try one in secret" and "Play honestly" right after cheating
UNDER_WAY = "Your cheat for this turn is under way: "
#: the cheat answers whose result is said to the cheater alone (:func:`_game_state.act`), and how it begins
ATTEMPTS = frozenset({C.ATTEMPT, C.FREE_CHEAT})
SECRET_SAID = ("Your cheat is done, in secret: the feed keeps it hidden until the next player's turn reveals it, "
               "unless someone calls \u201cCheat!\u201d first.")
SECRET_OPEN = "What your cheat did (open it where the others cannot see)"


def under_way(g, seat: int) -> str:
    """The cheat decision's question after this turn's attempt: under way, or caught already (then what it cost,
    where the caught banner may be out of sight: a browser review read "under way" after the catch); a card to
    play only for a player who holds one (the review's player held none)."""
    t = cheats.table(g)
    then = "play a card you hold, or go on to the roll." if g.players[seat].cards else "go on to the roll."
    if t.last_caught == (seat, g.turn):
        log = g.log
        for i in range(len(log) - 1, -1, -1):
            if log.kind[i] == E.CHEAT_OUTCOME and log.player[i] == seat:
                return f"{markdown(describe(log[i], g))} Now {then}"
    return UNDER_WAY + then
DECK_WORDS = ("Chance", "Community Chest")
#: the trade form's words on this edition's trades (003 "DEALS & TRADES", "the Hotel stays where it is")
TRADE_WORDS = ("A street's hotel stays on it and goes to the new owner, set or not. There are no mortgages; of the "
               "held cards, only Get Out of Jail Free cards change hands.")


def active(g) -> bool:
    return g.edition.name == "cheaters"


def cheated_this_turn(g) -> bool:
    """Whether this turn's cheat attempt has been made (one a turn, at the start of the player's own turn: this
    lab's simplification of 003's "one or more during your turn or during another player's turn", written in
    editions/cheats.py)."""
    t = cheats.table(g) if active(g) else None
    return t is not None and t.attempted_turn == g.turn


def label(action, d, g) -> str | None:
    """The button text of one of the edition's actions (None: not one of them)."""
    k = action.kind
    t = cheats.table(g) if active(g) else None
    if t is None:
        return None
    if k == C.NO_CHEAT:
        if final_lap.home(g, d.player):
            return "Keep my cards for now"
        # (the roll has a button of its own next: a browser review pressed "Roll on" and met "Roll the dice")
        return "Go on to the roll" if cheated_this_turn(g) else "Play honestly: go on to the roll"
    if k == C.ATTEMPT:
        card = t.deck.cards[t.face_up[action.square]]
        # (003: "Get this reward if you're successful"; a walkthrough read "Take £300 ... (reward £100" as a sum that
        # did not add up: the act is the cheat, the reward comes on top of it when nobody catches it)
        return f"Cheat: {card.name} \u2014 {card.act} ({stakes(g, card)})"
    if k == C.FREE_CHEAT:
        card = t.deck.free[action.square]
        return f"Free-form cheat: {card.act} ({card.difficulty}% chance each player notices; penalty " \
               f"{money(g, card.penalty)})"
    if k == C.PLAY_CARD:
        p = g.players[d.player]
        kind = g.deck_kinds[action.square]
        text = next(g.deck_cards[k2][i].text for k2, i in p.cards if k2 == kind)
        return f"Play your {DECK_WORDS[action.square]} card: {text}"
    if k == C.CALL:
        return f"Cheat! ({markdown(g.players[d.other].name)} cheated)"
    if k == C.NO_CALL:
        return "No call"
    if k in (C.USE_OLD, C.USE_NEW):
        kind = g.deck_kinds[d.other]
        index = d.square if k == C.USE_OLD else d.amount
        return f"Use {'the card I hold' if k == C.USE_OLD else 'the new card'} now (keep the other): " \
               f"{g.deck_cards[kind][index].text}"
    if k in (C.KEEP_OLD, C.KEEP_NEW):
        kind = g.deck_kinds[d.other]
        index = d.square if k == C.KEEP_OLD else d.amount
        return f"Keep {'the card I hold' if k == C.KEEP_OLD else 'the new card'}: {g.deck_cards[kind][index].text}"
    if k == C.PICK:
        if d.item == cheaters_targets.PLAYER:
            q = g.players[action.square]
            return f"{markdown(q.name)} ({money(g, q.cash)} in cash)"
        sq = g.board.squares[action.square]
        return f"{sq.name} (hotel rent {money(g, sq.rents[-1])})"
    if k == C.DRAW_DECK:
        return f"Draw a {DECK_WORDS[action.square]} card"
    if k == C.SELL_TO_BANK:
        sq = g.board.squares[action.square]
        price = sq.rents[-1] if g.level[action.square] else sq.price
        return f"Sell {sq.name} to the bank (+{money(g, price)})"
    return None


def stakes(g, card) -> str:
    """What a cheat card brings: "not caught: a reward of £100 too; caught: a penalty of £200 and jail", leaving
    out what is nothing (a browser review read "a reward of £0 too; caught: a penalty of £0 and jail")."""
    caught = [f"a penalty of {money(g, card.penalty)}"] if card.penalty else []
    if card.jail:
        caught.append("jail")
    parts = [f"not caught: a reward of {money(g, card.reward)} too"] if card.reward else []
    if caught:
        parts.append("caught: " + " and ".join(caught))
    return "; ".join(parts) or "no reward, no penalty"


def call_buttons(g) -> None:
    """A "Cheat!" button for each person who may call now: something a person may do while any decision of the
    watched player's turn is open (and at the next player's look at the cheat cards), never a question."""
    seats = cheaters_turn.callers(g)
    if not seats:
        return
    suspect = markdown(g.players[cheaters_turn.watched(g)].name)
    st.caption(f"Think {suspect} cheated on their turn? Anyone at the table may call \u201cCheat!\u201d until the "
               f"next player moves on from the cheat cards; a wrong call costs {money(g, g.rules.false_accusation_fine)}.")
    for col, seat in zip(st.columns(len(seats)), seats):
        # (a Material icon, not an emoji: a classroom's browser may have no emoji font)
        col.button(f"{markdown(g.players[seat].name)}: Cheat!", key=f"call_cheat_{seat}", icon=":material/campaign:",
                   on_click=gs.act, args=(Action(C.CALL, seat),), help=f"Call \u201cCheat!\u201d on {suspect}")


def _stake_spans(g, card) -> list[str]:
    """A face-up card's reward (green) and penalty (red), leaving out what is nothing (a browser review read
    "penalty £0 + jail")."""
    penalty = " + ".join(([money(g, card.penalty)] if card.penalty else []) + (["jail"] if card.jail else []))
    return ([f"<span style='color:#060'>reward {escape(money(g, card.reward))}</span>"] if card.reward else []) + \
        ([f"<span style='color:#900'>penalty {escape(penalty)}</span>"] if penalty else [])


def table_panel(g) -> None:
    """The cheat cards face up, who wears the handcuffs, and the held cards of each player."""
    t = cheats.table(g)
    cards = []
    for index in t.face_up:
        c = t.deck.cards[index]
        # (no mark on the card of a cheat under way: it is hidden from the feed until revealed or caught, and a
        # card marked "in play" told the whole table, a browser review)
        cards.append(f"<div style='flex:1;min-width:8rem;border:2px solid #b00;border-radius:0.4rem;padding:0.3rem;"
                     f"font-size:0.78rem;background:#fff6f6'><b>{escape(c.name)}</b><br>{escape(c.act)}<br>"
                     + " \u00b7 ".join(_stake_spans(g, c)) + "</div>")
    st.markdown("<div style='display:flex;gap:0.3rem;flex-wrap:wrap'>" + "".join(cards) + "</div>",
                unsafe_allow_html=True)
    cuffs = next((p for p in g.players if p.in_jail), None)
    held = []
    for p in g.players:
        for kind, index in p.cards:
            held.append(f"{markdown(p.name)}: {DECK_WORDS[g.deck_kinds.index(kind)]} "
                        f"\u201c{markdown(g.deck_cards[kind][index].text)}\u201d")
    st.caption((":material/link: Handcuffs: " + (markdown(cuffs.name) if cuffs else "nobody in jail"))
               + (" \u00b7 Held cards: " + "; ".join(held) if held else " \u00b7 No held cards"))
    street = g.extra.hotel_on
    if street >= 0 and g.owner[street] < 0 and g.level[street] > 0:
        # (a browser review met a hotel on an unowned street at turn 0 with no word of why)
        st.caption(f":material/hotel: The hotel on {markdown(g.board.squares[street].name)} was placed at the "
                   "set-up: \u201cIt\u2019s free for whoever buys the Property!\u201d")


def hidden(g) -> set[int]:
    """The events of a cheat still waiting for the next roll, a bot's or a person's: hidden from the feed until it
    is revealed or caught (people at the table may still call "Cheat!"; an outside review saw a person's attempt
    told to the whole table at once, "Player 1 secretly tries a cheat: Wrong Token", while the panel asked the
    others whether to call it)."""
    t = cheats.table(g)
    a = t.pending
    if a is None:
        return set()
    log = g.log
    start = next((i for i in range(len(log) - 1, -1, -1) if log.kind[i] == E.CHEAT and log.player[i] == a.seat), -1)
    out = set()
    for i in range(max(start, 0), len(log)):
        k, d = log.kind[i], log.detail[i]
        if i == start or (k == E.PAY and d == E.R_CHEAT) or (k == E.MOVE and d == E.MOVE_BY_CHEAT) \
                or (k == E.JAIL_OUT and d == E.OUT_BY_ESCAPE) or (k == E.SELL and log.other[i] == 0):
            out.add(i)
    return out


def banner(g) -> None:
    """The last cheat revealed or caught in this turn or the one before, as a moment the class sees."""
    log = g.log
    for i in range(len(log) - 1, -1, -1):
        if log.turn[i] < g.turn - 1:
            return
        if log.kind[i] == E.CHEAT_OUTCOME and log.detail[i] != E.OUTCOME_VOID:
            text = markdown(describe(log[i], g))
            if log.detail[i] == E.OUTCOME_REVEALED:
                st.success(text, icon=":material/theater_comedy:")
            else:
                st.error(text, icon=":material/gavel:")
            return


def markov_against_classic(rules, jail: str, uk_card: str) -> None:
    """The Markov page: where tokens rest on the Cheaters board against the classic UK board, square by square
    (stations send a token on to the next one, Free Parking draws a card)."""
    import plotly.graph_objects as go

    from monopoly_core import markov as M
    from monopoly_core import preset

    mine = M.stationary(rules, jail, M.PER_ROLL, uk_card)
    classic = M.stationary(preset("classic-uk"), jail, M.PER_ROLL, uk_card)
    labels = [f"{i}: {n}" for i, n in enumerate(mine.names)] + ["In Jail"]
    fig = go.Figure()
    fig.add_trace(go.Bar(x=labels, y=list(classic.squares) + [classic.jail], name="classic UK board",
                         marker_color="#9aa5b1", hovertemplate="%{x}<br>classic %{y:.3%}<extra></extra>"))
    fig.add_trace(go.Bar(x=labels, y=list(mine.squares) + [mine.jail], name="Cheaters board",
                         marker_color="#b00020", hovertemplate="%{x}<br>Cheaters %{y:.3%}<extra></extra>"))
    fig.update_layout(barmode="group", height=420, yaxis=dict(title="share of rolls", tickformat=".1%"),
                      xaxis=dict(tickangle=-60), legend=dict(orientation="h", y=1.08, x=0),
                      margin=dict(l=50, r=20, t=40, b=120))
    st.plotly_chart(fig, key="mk_cheaters_vs_classic")
    diffs = sorted(((m - c, n) for m, c, n in zip(mine.squares, classic.squares, mine.names)), reverse=True)
    up, down = diffs[0], diffs[-1]
    st.markdown(f"Against the classic board, a token rests most more often on **{markdown(up[1])}** "
                f"({up[0]:+.2%} of rolls) and most less often on **{markdown(down[1])}** ({down[0]:+.2%}). "
                "A station sends a token on to the next station and ends the turn (so a token rests on a station "
                "only by being sent there), and Free Parking draws a card, which may move it on. The chain assumes "
                "Free Parking's card is a Chance card.")
