"""Read-only panels of the Play page: players, the event feed and the end of the game."""
from __future__ import annotations

from html import escape

import streamlit as st

from monopoly_core import decisions as D
from monopoly_core import events as E
from monopoly_core.narrate import describe, money, visible
from monopoly_core.viz.board import deed_rows
from monopoly_core.viz.game_charts import net_worth_figure
from monopoly_core.viz.safe_text import entities, markdown

from . import _sore_losers
from . import _mega
from . import _cheaters


def _dot(colour: str) -> str:
    return f"<span style='color:{escape(colour)};font-size:1.2em'>\u25CF</span>"


def name(p) -> str:
    """A player's name for markdown with HTML: escaped (names come from the setup form and from share links)."""
    return entities(p.name)


def turn_banner(g) -> None:
    """Whose turn it is, in the player's colour and large enough to read across a table, and who must decide
    now when that is someone else (an auction, a trade offer)."""
    if g.over:
        return
    p = g.players[g.current]
    d = g.pending
    if g.turn == 0:
        text = f"<b>{name(p)}</b> plays first"
    elif d is not None and d.kind == D.BETWEEN_TURNS:
        # (a window between two turns: the last player's turn is over, the next has not begun)
        text = f"Between turns: <b>{name(p)}</b>’s is over, <b>{name(g.players[d.other])}</b> rolls next " \
               f"<span style='font-size:0.8em;color:#555'>· round {g.round}{_sore_losers.lap_words(g)}</span>"
    else:
        text = f"<b>{name(p)}</b>\u2019s turn <span style='font-size:0.8em;color:#555'>\u00b7 round {g.round}" \
               f"{_sore_losers.lap_words(g)}</span>"
    if d is not None and d.player != p.seat:
        q = g.players[d.player]
        text += (f"<div style='font-size:0.85em;margin-top:0.2rem'>{_dot(q.colour)} deciding now: "
                 f"<b>{name(q)}</b></div>")
    st.markdown(f"<div style='border-left:0.6rem solid {escape(p.colour)};background:#f6f6f2;border-radius:0.4rem;"
                f"padding:0.45rem 0.8rem;font-size:1.35rem;line-height:1.35'>{text}</div>", unsafe_allow_html=True)


def _dark(colour: str) -> bool:
    """True for a ``#rrggbb`` colour dark enough to need white writing on it (relative luminance under 0.4)."""
    if not (len(colour) == 7 and colour.startswith("#")):
        return False
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.4


def deed_card(g, square: int) -> None:
    """The title deed of ``square``, as printed on the card: the colour band, the price, the rent at every level,
    the house cost and the mortgage value (compact: it sits under the decision's buttons)."""
    sq = g.board.squares[square]
    band = g.board.groups[sq.group].colour if sq.kind == "street" else "#bdbdbd"
    ink = "#fff" if _dark(band) else "#111"
    rows = "".join(f"<div style='display:flex;justify-content:space-between;gap:0.8rem'><span>{escape(what)}</span>"
                   f"<b>{escape(amount)}</b></div>" for what, amount in deed_rows(g.board, square, rules=g.rules))
    st.markdown(f"<div style='border:1px solid #444;border-radius:0.3rem;max-width:20rem;font-size:0.8rem;"
                f"line-height:1.3'><div style='background:{band};color:{ink};padding:0.2rem;text-align:center;"
                f"border-bottom:1px solid #444'><span style='font-size:0.65rem;letter-spacing:0.12em'>TITLE DEED"
                f"</span><br><b>{escape(sq.name)}</b></div><div style='padding:0.3rem 0.6rem'>{rows}</div></div>",
                unsafe_allow_html=True)


def players_panel(g) -> None:
    """Every player: cash, net worth, jail and cards, and the properties by set; up to four side by side, in the
    order of play once the dice have decided it (a browser review read them by seat, the first to play third)."""
    board = g.board
    per_row = min(4, len(g.players))
    cols = []
    in_order = [g.players[s] for s in g.order] if len(g.order) == len(g.players) else list(g.players)
    for i, p in enumerate(in_order):
        if i % per_row == 0:
            cols = st.columns(per_row)
        current = p.seat == g.current and not g.over and not (g.pending is not None and
                                                               g.pending.kind == D.BETWEEN_TURNS)
        title = f"{_dot(p.colour)} **{name(p)}**" + (" \u2190 on turn" if current else "")
        with cols[i % per_row].container(border=True):
            if p.bankrupt:
                st.markdown(f"{title} \u00b7 bankrupt (turn {p.bankrupt_turn})", unsafe_allow_html=True)
                continue
            status = []
            if p.in_jail:
                status.append(f"in jail (try {p.jail_turns + 1})")
            if p.cards and _cheaters.active(g):
                status.append(f"{len(p.cards)} held card{'s' if len(p.cards) > 1 else ''}")
            elif p.cards:
                status.append(f"{len(p.cards)} Get Out of Jail Free card{'s' if len(p.cards) > 1 else ''}")
            status.extend(_sore_losers.status(g, p))
            status += _mega.status(g, p)
            kind = "person" if p.kind == "person" else f"bot: {p.strategy}"
            st.markdown(f"{title} ({kind})  \ncash **{money(g, p.cash)}** \u00b7 net worth "
                        f"{money(g, g.net_worth(p.seat))}" + (" \u00b7 " + ", ".join(status) if status else ""),
                        unsafe_allow_html=True)
            groups: dict[str, list[str]] = {}
            for s in g.properties_of(p.seat):
                sq = board.squares[s]
                key = board.groups[sq.group].label if sq.group else (board.railroad_label + "s" if
                                                                       sq.kind == "railroad" else "utilities")
                lv = g.level[s]
                built = g.edition.levels[lv] if sq.group else g.edition.building_name(sq.kind, lv)
                extra = f" ({built})" if lv else ""
                short = f"~~{sq.short}~~ (mortgaged)" if g.mortgaged[s] else sq.short
                if lv and g.mortgaged[s]:
                    # (only Sore Losers keeps buildings on a mortgaged street, 001: "the buildings are mothballed and
                    # no rent is collected"; a walkthrough read "(mortgaged) (1 house)" as a broken rule)
                    short, extra = f"~~{sq.short}~~ (mortgaged, its {built} mothballed: no rent)", ""
                groups.setdefault(key, []).append(short + extra)
            if groups:
                st.caption(" \u2022 ".join(f"**{k}**: {', '.join(v)}" for k, v in groups.items()))


def feed(g, *, limit: int = 250) -> None:
    names = ["everyone"] + [p.name for p in g.players]
    who = st.selectbox("Show events of", names, key="feed_filter", label_visibility="collapsed")
    seat = names.index(who) - 1
    log = g.log
    lines = []
    secret = _cheaters.hidden(g) if _cheaters.active(g) else set()
    for i in range(len(log) - 1, -1, -1):
        ev = log[i]
        if not visible(ev) or ev.kind in (E.START,) or i in secret:
            continue
        if seat >= 0 and ev.player != seat and not (ev.other == seat and ev.kind in (E.PAY, E.DEED, E.TRADE_OFFER,
                                                                                     E.TRADE_ACCEPT,
                                                                                     E.TRADE_REJECT)):
            continue
        text = markdown(describe(ev, g))
        if ev.kind in (E.CHEAT_OUTCOME, E.ACCUSATION):
            text = f"**{text}**"            # a cheat revealed or caught, a call of "Cheat!": moments to see
        lines.append(f"`turn {ev.turn}` {text}")      # ("T 10" was a badge a review could not read)
        if len(lines) >= limit:
            break
    with st.container(height=420, key="feed"):
        st.markdown("  \n".join(lines) if lines else "_No events yet: press Step._")


#: Why a game ended, where the reason's name alone does not say how the winner was chosen.
END_WORDS = {"final_lap": "everyone is home at GO after the final lap and has collected their final rents: the "
                          "most cash wins"}


def end_message(g) -> str:
    """The line that says the game is over, who won and why."""
    winner = markdown(g.players[g.winner].name) if g.winner >= 0 else "nobody"
    reason = END_WORDS.get(g.end_reason, g.end_reason.replace("_", " "))
    cash = f" with {money(g, g.players[g.winner].cash)} in cash" if g.end_reason in END_WORDS and g.winner >= 0 else ""
    turns = f"{g.turn} turn{'' if g.turn == 1 else 's'} ({g.round} round{'' if g.round == 1 else 's'})"
    return f"Game over after {turns}: **{winner}** wins{cash} ({reason})."


def standings(g) -> list[dict]:
    """The finished game's players from first to last (``Game.result``'s ranks): the panels above keep the order of
    play, so the winner may sit anywhere among them (a browser review found an 8-player game's winner in the middle
    and no list of places)."""
    rows = []
    for p in sorted(g.result()["players"], key=lambda p: (p["rank"], p["seat"])):
        rows.append({"place": p["rank"], "player": p["name"], "net worth": money(g, p["net_worth"]),
                     "cash": money(g, p["cash"]),
                     "bankrupt": f"turn {p['bankrupt_turn']}" if p["bankrupt"] and p["bankrupt_turn"] is not None
                     else "yes" if p["bankrupt"] else ""})
    return rows


def end_panel(g) -> None:
    st.success(end_message(g))
    st.markdown("**Final standings**")
    st.dataframe(standings(g), hide_index=True, key="final_standings")
    st.plotly_chart(net_worth_figure(g), width="stretch", key="net_worth_chart")
