"""Read-only panels of the Play page: players, the event feed and the end of the game."""
from __future__ import annotations

import streamlit as st

from monopoly_core import events as E
from monopoly_core.narrate import describe, money, visible
from monopoly_core.viz.safe_text import html, markdown
from monopoly_core.viz.game_charts import net_worth_figure


def _dot(colour: str) -> str:
    return f"<span style='color:{html(colour)};font-size:1.2em'>\u25CF</span>"


def players_panel(g) -> None:
    board = g.board
    for p in g.players:
        current = p.seat == g.current and not g.over
        title = f"{_dot(p.colour)} **{markdown(p.name)}**" + (" \u2190 on turn" if current else "")
        with st.container(border=True):
            if p.bankrupt:
                st.markdown(f"{title} \u00b7 bankrupt (turn {p.bankrupt_turn})", unsafe_allow_html=True)
                continue
            status = []
            if p.in_jail:
                status.append(f"in jail (try {p.jail_turns + 1})")
            if p.cards:
                status.append(f"{len(p.cards)} Get Out of Jail Free card{'s' if len(p.cards) > 1 else ''}")
            kind = "person" if p.kind == "person" else f"bot: {p.strategy}"
            st.markdown(f"{title} ({kind}) \u00b7 cash **{money(g, p.cash)}** \u00b7 net worth "
                        f"{money(g, g.net_worth(p.seat))}" + (" \u00b7 " + ", ".join(status) if status else ""),
                        unsafe_allow_html=True)
            groups: dict[str, list[str]] = {}
            for s in g.properties_of(p.seat):
                sq = board.squares[s]
                key = board.groups[sq.group].label if sq.group else (board.railroad_label + "s" if
                                                                       sq.kind == "railroad" else "utilities")
                lv = g.level[s]
                extra = (" (hotel)" if lv == 5 else f" ({lv} house{'s' if lv > 1 else ''})") if lv else ""
                name = f"~~{sq.short}~~ (mortgaged)" if g.mortgaged[s] else sq.short
                groups.setdefault(key, []).append(name + extra)
            if groups:
                st.caption(" \u2022 ".join(f"**{k}**: {', '.join(v)}" for k, v in groups.items()))


def feed(g, *, limit: int = 250) -> None:
    names = ["everyone"] + [p.name for p in g.players]
    who = st.selectbox("Show events of", names, key="feed_filter", label_visibility="collapsed")
    seat = names.index(who) - 1
    log = g.log
    lines = []
    for i in range(len(log) - 1, -1, -1):
        ev = log[i]
        if not visible(ev) or ev.kind in (E.START,):
            continue
        if seat >= 0 and ev.player != seat and not (ev.other == seat and ev.kind in (E.PAY, E.DEED, E.TRADE_OFFER,
                                                                                     E.TRADE_ACCEPT,
                                                                                     E.TRADE_REJECT)):
            continue
        lines.append(f"`T{ev.turn:>3}` {markdown(describe(ev, g))}")
        if len(lines) >= limit:
            break
    with st.container(height=420, key="feed"):
        st.markdown("  \n".join(lines) if lines else "_No events yet: press Step._")


def end_panel(g) -> None:
    winner = markdown(g.players[g.winner].name) if g.winner >= 0 else "nobody"
    reason = g.end_reason.replace("_", " ")
    st.success(f"Game over after {g.turn} turns ({g.round} rounds): **{winner}** wins ({reason}).")
    st.plotly_chart(net_worth_figure(g), width="stretch", key="net_worth_chart")
