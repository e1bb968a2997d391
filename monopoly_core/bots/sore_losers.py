"""How every bot answers Monopoly for Sore Losers' own decisions (seed 000): cash in or wait, whom to send to
jail, whom to take a coin from, which property to steal, where to put a free house; and how every bot plays the
final lap (shared with the Cheaters Edition), where only cash counts.

The answers read the game through the same public view as the other decisions (the edition's state through
:mod:`..editions.sore_losers_state`'s read functions) and use the bot's own :meth:`~.base.Bot.value` of a
property, so a set-collector steals toward its sets and a strategist by its own valuation.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import actions as A
from ..actions import Action
from ..editions import sore_losers_state as st
from ..editions.sore_losers_rules import free_house_top
from ..mortgage import unmortgage_cost
from ..worth import net_worths

if TYPE_CHECKING:
    from ..decisions import Decision
    from ..game_state import GameState as Game
    from .base import Bot


def cash_in(bot: Bot, d: Decision, g: Game) -> Action:
    """Cash in at once: the token collects rent instead of paying it and steals from whoever it lands on. Wait
    only when already far ahead (the richest by net worth with a lead of a third over the next) and nobody holds
    the token: the coins keep the token from a trailing player's Free Parking steal less than they help a player
    who is losing."""
    if st.mr_monopoly(g) >= 0:
        return A.A_CASH_IN
    worths = net_worths(g)
    mine = worths[d.player] * 3     # (a lead of a third: above four times each other's worth)
    others = False
    for q in g.players:
        if not q.bankrupt and q.seat != d.player:
            if worths[q.seat] * 4 >= mine:
                return A.A_CASH_IN
            others = True
    return A.A_WAIT if others else A.A_CASH_IN


def _leader(g: Game, seats: list[int]) -> int:
    """The richest of ``seats`` by net worth (the first on a tie)."""
    if len(seats) == 1:             # (often: one player holds the most coins)
        return seats[0]
    worths = net_worths(g)
    best, best_worth = seats[0], worths[seats[0]]
    for s in seats[1:]:
        w = worths[s]
        if w > best_worth:
            best, best_worth = s, w
    return best


def jail_whom(bot: Bot, d: Decision, g: Game) -> Action:
    """Send the richest opponent: jail keeps them off the board's properties for a while."""
    seats = [a.amount for a in d.legal_actions()]
    return Action(A.SEND_TO_JAIL, amount=_leader(g, seats))


def coin_victim(bot: Bot, d: Decision, g: Game) -> Action:
    """Take the coin from whoever is closest to cashing in (most coins), the richer of them on a tie."""
    seats = [a.amount for a in d.legal_actions()]
    most = max(st.coins(g, s) for s in seats)
    return Action(A.STEAL_COIN, amount=_leader(g, [s for s in seats if st.coins(g, s) == most]))


def property_steal(bot: Bot, d: Decision, g: Game) -> Action:
    """Steal the property worth most to this bot (a stolen deed costs nothing, so always steal)."""
    options = [a.square for a in d.legal_actions() if a.kind == A.STEAL_PROPERTY]
    if not options:
        return A.A_PASS
    best = options[0]
    best_value = -1
    for s in options:
        v = bot.value(g, d.player, s) + g.board.squares[s].house_cost * g.level[s]
        if v > best_value:
            best, best_value = s, v
    return Action(A.STEAL_PROPERTY, best)


def free_house(bot: Bot, d: Decision, g: Game) -> Action:
    """On its own street where the house adds the most rent; else on the cheapest street the bank still holds
    (whoever buys it pays only the price); else on the opponent's street where it adds the least rent.

    Asked after most doubles while someone holds the token, so each kind is one pass over the streets (the colour
    groups' members, in board order) of only the groups that can hold it (the engine's per-group counts say which),
    rather than the decision's whole list."""
    squares, level, owner = g.board.squares, g.level, g.owner
    top, me = free_house_top(g), d.player
    best, best_gain = -1, 0
    for _group, streets, counts, _size in g.group_rows:
        if counts[me]:
            for s in streets:
                lv = level[s]
                if owner[s] == me and lv < top:
                    rents = squares[s].rents
                    gain = rents[lv + 1] - rents[lv]
                    if best < 0 or gain > best_gain:
                        best, best_gain = s, gain
    if best >= 0:
        return Action(A.PLACE_HOUSE, best)
    best_price = 0
    for _group, streets, counts, size in g.group_rows:
        if sum(counts) < size:
            for s in streets:
                if owner[s] < 0 and level[s] < top and (best < 0 or squares[s].price < best_price):
                    best, best_price = s, squares[s].price
    if best >= 0:
        return Action(A.PLACE_HOUSE, best)
    for _group, streets, _counts, _size in g.group_rows:
        for s in streets:
            lv = level[s]
            if lv < top:
                rents = squares[s].rents
                gain = rents[lv + 1] - rents[lv]
                if best < 0 or gain < best_gain:
                    best, best_gain = s, gain
    return Action(A.PLACE_HOUSE, best)


# --- the end phase -----------------------------------------------------------------------------------------------
def final_lap_window(bot: Bot, d: Decision, g: Game) -> Action:
    """On the final lap the most cash wins (000 THE END OF THE GAME: "Count up your cash"), and each property pays
    its rent once more from the bank when all are home. So a bot spends money only where that final rent pays it
    back: lifting a mortgage that the rent covers, a building whose extra rent exceeds its cost; and it keeps its
    reserve for the rents it may still meet on the way home. It proposes no trades."""
    seat = d.player
    cash = g.players[seat].cash
    reserve = bot.reserve(g, seat)
    if cash <= reserve:
        return A.A_END
    squares, owner = g.board.squares, g.owner
    for s in g.board.properties:
        if owner[s] != seat:
            continue
        if g.mortgaged[s]:
            cost = unmortgage_cost(g, s)
            if _rent_if_lifted(g, seat, s) > cost and cash - cost >= reserve:
                return Action(A.UNMORTGAGE, s)
        elif g.edition.build_problem(g, seat, s) is None:
            cost = squares[s].house_cost
            if _extra_rent(g, seat, s) > cost and cash - cost >= reserve:
                return Action(A.BUILD, s)
    return A.A_END


def _base_rent(g: Game, seat: int, square: int, level: int) -> int:
    """What ``square`` charges at ``level`` when ``seat`` owns it unmortgaged (stations by the number owned)."""
    sq = g.board.squares[square]
    if sq.kind == "railroad":
        return g.board.railroad_rents[g.owned_in["railroad"][seat] - 1]
    if sq.kind != "street":
        return 0
    if level:
        return sq.rents[level]
    whole = g.owned_in[sq.group][seat] == g.holding_size[sq.group]
    return sq.rents[0] * (g.rules.set_rent_multiplier if whole else 1)


def _rent_if_lifted(g: Game, seat: int, square: int) -> int:
    return _base_rent(g, seat, square, g.level[square])


def _extra_rent(g: Game, seat: int, square: int) -> int:
    lv = g.level[square]
    return _base_rent(g, seat, square, lv + 1) - _base_rent(g, seat, square, lv)
