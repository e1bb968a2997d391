"""How every bot answers Monopoly for Sore Losers' own decisions (seed 000): cash in or wait, whom to send to
jail, whom to take a coin from, which property to steal, where to put a free house.

The answers read the game through the same public view as the other decisions (the edition's state through
:mod:`..editions.sore_losers_state`'s read functions) and use the bot's own :meth:`~.base.Bot.value` of a
property, so a set-collector steals toward its sets and a strategist by its own valuation.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import actions as A
from ..actions import Action
from ..editions import sore_losers_state as st
from ..worth import net_worth

if TYPE_CHECKING:
    from ..decisions import Decision
    from ..game_state import GameState as Game
    from .base import Bot


def cash_in(bot: Bot, d: Decision, g: Game) -> Action:
    """Cash in at once: the token collects rent instead of paying it and steals from whoever it lands on. Wait
    only when already far ahead (the richest by net worth with a lead of a third over the next): the coins keep
    the token from a trailing player's Free Parking steal less than they help a player who is losing."""
    worths = sorted((net_worth(g, q.seat) for q in g.players if not q.bankrupt and q.seat != d.player),
                    reverse=True)
    mine = net_worth(g, d.player)
    if worths and mine * 3 > worths[0] * 4 and st.mr_monopoly(g) < 0:
        return A.A_WAIT
    return A.A_CASH_IN


def _leader(g: Game, seats: list[int]) -> int:
    """The richest of ``seats`` by net worth (the first on a tie)."""
    best, best_worth = seats[0], net_worth(g, seats[0])
    for s in seats[1:]:
        w = net_worth(g, s)
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
    """On its own street where the house adds the most rent; else on a street the bank still holds (whoever buys
    it pays only the price); else on the opponent's street where it adds the least rent."""
    options = [a.square for a in d.legal_actions()]
    squares, level, owner = g.board.squares, g.level, g.owner
    gain = {s: squares[s].rents[level[s] + 1] - squares[s].rents[level[s]] for s in options}
    mine = [s for s in options if owner[s] == d.player]
    if mine:
        return Action(A.PLACE_HOUSE, max(mine, key=lambda s: (gain[s], -s)))
    banks = [s for s in options if owner[s] < 0]
    if banks:
        return Action(A.PLACE_HOUSE, min(banks, key=lambda s: (squares[s].price, s)))
    return Action(A.PLACE_HOUSE, min(options, key=lambda s: (gain[s], s)))
