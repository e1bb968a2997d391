"""Monopoly for Sore Losers on the Play page: each player's coins, the Mr Monopoly token and trapped players on the
board, the final lap, and words and buttons for the edition's own decisions (seed 000).

Reads the game only through the edition's read functions (``sore_losers_state``: coins, the token's holder, who
is trapped) and the public game state; a game of another edition shows nothing of this.
"""
from __future__ import annotations

from monopoly_core import actions as A
from monopoly_core import decisions as D
from monopoly_core.editions import sore_losers_state as sl
from monopoly_core.editions.sore_losers import NAME
from monopoly_core.narrate import money
from monopoly_core.viz.safe_text import markdown

#: What each of the edition's decisions asks, in a class's words.
QUESTION = {
    D.CASH_IN: "You have enough sore loser coins to cash them in: become Mr Monopoly now, before you roll, or wait.",
    D.JAIL_WHOM: "Mr Monopoly never goes to jail: choose who goes in your place.",
    D.COIN_VICTIM: "Free Parking: choose whose sore loser coin you take.",
    D.PROPERTY_STEAL: "You landed on a player as Mr Monopoly: you may steal one of their properties.",
    D.FREE_HOUSE: "Doubles were rolled: as Mr Monopoly, place a free house on any street.",
}
GOLD, TRAP_RED = "#c9a227", "#c62828"


def playing(g) -> bool:
    return g.rules.edition == NAME


def label(action, d, g) -> str | None:
    """The button text of one of the edition's actions (None: not one of them)."""
    k = action.kind
    if k == A.CASH_IN:
        return f"Cash in {count(g.rules.max_coins)} coins: become Mr Monopoly"
    if k == A.WAIT:
        return "Keep the coins for now"
    if k == A.SEND_TO_JAIL:
        return f"Send {markdown(g.players[action.amount].name)} to jail"
    if k == A.STEAL_COIN:
        q = g.players[action.amount]
        held = f"({sl.coins(g, q.seat)} coin{'s' if sl.coins(g, q.seat) != 1 else ''})"
        if returns_coin(g, d.player):
            return f"Make {markdown(q.name)} return a coin to the bank {held}"
        return f"Take a coin from {markdown(q.name)} {held}"
    if k == A.STEAL_PROPERTY:
        sq = g.board.squares[action.square]
        lv = g.level[action.square]
        extra = f", {g.edition.levels[lv]}" if lv else ""
        mortgaged = ", mortgaged" if g.mortgaged[action.square] else ""
        return f"Steal {sq.name} ({money(g, sq.price)}{extra}{mortgaged})"
    if k == A.PASS and d.kind == D.PROPERTY_STEAL:
        return "Steal nothing"
    if k == A.PLACE_HOUSE:
        sq = g.board.squares[action.square]
        owner = g.owner[action.square]
        whose = "the bank's" if owner < 0 else f"{markdown(g.players[owner].name)}'s"
        return f"{sq.name} ({whose}, {g.level[action.square]} house{'s' if g.level[action.square] != 1 else ''} now)"
    return None


def count(n: int) -> str:
    """A small number in words, as the rule book writes them ("four sore loser coins")."""
    words = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
    return words[n] if 0 <= n < len(words) else f"{n:,}"


def returns_coin(g, seat: int) -> bool:
    """Whether ``seat``'s Free Parking victim gives the coin back to the bank (000: "If you already have four, or
    if you are MR MONOPOLY")."""
    return sl.mr_monopoly(g) == seat or sl.coins(g, seat) >= g.rules.max_coins


def explain(d, g) -> str | None:
    """A line under the question, naming who is concerned."""
    if d.kind == D.PROPERTY_STEAL:
        q = g.players[d.other]
        return (f"You trapped **{markdown(q.name)}** (they cannot move until you leave). Properties in a complete "
                "set cannot be stolen; buildings come with the street.")
    if d.kind == D.COIN_VICTIM and returns_coin(g, d.player):
        return "You are Mr Monopoly or already hold four coins: the coin goes back to the bank."
    if d.kind == D.FREE_HOUSE:
        roller = "You" if g.current == d.player else f"**{markdown(g.players[g.current].name)}**"
        return f"{roller} rolled doubles. The house is free, on any street below four houses, whoever owns it."
    if d.kind == D.CASH_IN:
        n = count(g.rules.max_coins)
        said = f"You hold {n} sore loser coins: giving all {n} back to the bank makes you Mr Monopoly."
        holder = sl.mr_monopoly(g)
        if holder >= 0:
            return said + f" **{markdown(g.players[holder].name)}** is Mr Monopoly now and would get their own " \
                          "token back."
        return said
    return None


def status(g, p) -> list[str]:
    """The edition's words in a player's box: coins, the token, trapped; and the final lap's "home at GO"."""
    out = []
    if g.final_lap is not None and g.final_lap[p.seat]:
        out.append("home at GO (final lap)")
    if not playing(g):
        return out
    n = sl.coins(g, p.seat)
    # (words, not the coin emoji: many classroom machines have no font for it and show an empty box)
    out.insert(0, f"{n} sore loser coin{'s' if n != 1 else ''}")
    if sl.mr_monopoly(g) == p.seat:
        out.append("**Mr Monopoly**")
    if sl.is_trapped(g, p.seat):
        out.append("trapped under Mr Monopoly")
    return out


def marks(g) -> dict[int, tuple[str, bool, str]]:
    """Rings on the board's tokens: gold for the Mr Monopoly token, dashed red for a trapped player."""
    if not playing(g):
        return {}
    out = {seat: (TRAP_RED, True, "trapped under Mr Monopoly") for seat in sl.trapped_seats(g)}
    holder = sl.mr_monopoly(g)
    if holder >= 0:
        out[holder] = (GOLD, False, "Mr Monopoly")
    return out


def lap_words(g) -> str:
    """The final lap in the turn banner, where a class looks first (the caption under the board can be below the
    fold on a projector): "· final lap: 1 of 4 home at GO"; empty before the lap."""
    if g.final_lap is None:
        return ""
    home = sum(1 for p in g.players if not p.bankrupt and g.final_lap[p.seat])
    alive = sum(1 for p in g.players if not p.bankrupt)
    return f" \u00b7 final lap: {home} of {alive} home at GO"


def caption(g) -> str:
    """The edition's part of the line under the board."""
    parts = [lap_words(g)[3:]] if g.final_lap is not None else []
    if playing(g):
        holder = sl.mr_monopoly(g)
        parts.append("Mr Monopoly: " + (g.players[holder].name if holder >= 0 else "in the centre"))
        parts.append(f"coins in the bank {sl.table(g).supply}")
    return "".join(f" \u00b7 {x}" for x in parts)
