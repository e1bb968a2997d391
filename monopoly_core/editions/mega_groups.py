"""The Mega Edition's last-property rule (seed 002, NEW PROPERTIES & SKYSCRAPERS):

"If you acquire the final property of a group, after previously building on its other properties, you must
un-mortgage this property immediately (if mortgaged) and build it up according to the "even" building rule or, if you
can't afford to do so, you must redistribute existing houses among all properties of the group. You may need to break
down hotels to do this."

:func:`settle` applies it to every group a player has just completed: the Mega turn calls it after each landing and
after each window (a property may be acquired by a purchase, an auction, a trade or a bankruptcy). Where the rule
book is silent this lab chooses, and says so here:

* a mortgaged final property that its owner cannot afford to lift: the group's buildings are sold back to the bank at
  half price (buildings may not stand in a group with a mortgage, and redistribution cannot lift one);
* redistribution keeps the group's building levels (a hotel is five) and spreads them evenly, the extra levels on the
  group's last (dearest) streets; when the bank lacks the houses a broken-down hotel needs, the levels it cannot
  supply are sold back at half price.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import events as E
from .. import holdings
from .. import payments
from ..mortgage import unmortgage_cost
from .mega_tickets import supply

if TYPE_CHECKING:
    from ..game_state import GameState


def settle(g: GameState) -> None:
    """Apply the last-property rule to every uneven complete group (in board order). Only when the holdings changed
    since the last look (``g.version``): it is asked after every landing and window. (A plain function, not a
    generator: the rule asks no one anything.)"""
    x = supply(g)
    if x.settled != g.version:
        for _, members, counts, size in g.group_rows:
            for seat in range(len(counts)):     # (a plain loop: compiled, ``in`` compares boxed numbers)
                if counts[seat] == size:
                    if _uneven(g, members):
                        _settle_group(g, seat, members)
                    break
        x.settled = g.version


def _uneven(g: GameState, members: tuple[int, ...]) -> bool:
    level, mortgaged = g.level, g.mortgaged
    top = 0
    for s in members:
        if level[s] > top:
            top = level[s]
    if top == 0:
        return False
    for s in members:
        if mortgaged[s] or level[s] < top - 1:
            return True
    return False


def _settle_group(g: GameState, seat: int, members: tuple[int, ...]) -> None:
    from ..management import lift_mortgage, sell_level
    p = g.players[seat]
    for s in members:
        if g.mortgaged[s]:
            if p.cash >= unmortgage_cost(g, s):
                lift_mortgage(g, seat, s)
            else:
                for t in members:
                    while g.level[t]:
                        sell_level(g, p, t, force=True)
                return
    top = max(g.level[s] for s in members)
    short = [(s, top - 1 - g.level[s]) for s in members if g.level[s] < top - 1]
    need = sum(n for _, n in short)
    cost = sum(n * g.board.squares[s].house_cost for s, n in short)
    if p.cash >= cost and (not g.rules.building_limits or g.houses_left >= need):
        for s, n in short:
            for _ in range(n):
                price = g.board.squares[s].house_cost
                payments.transfer(g, seat, E.BANK, price, E.R_BUILD, s)
                lv = holdings.place_building(g, s)
                g.log.add(E.BUILD, seat, s, lv, price)
        return
    _redistribute(g, seat, members)


def _redistribute(g: GameState, seat: int, members: tuple[int, ...]) -> None:
    """Spread the group's levels evenly (hotels broken down as needed), logged as sales and builds at no cost."""
    from ..management import sell_level
    p = g.players[seat]
    hotel = g.edition.hotel_level
    total = sum(g.level[s] for s in members)
    base, extra = divmod(total, len(members))
    want = [base + (1 if i >= len(members) - extra else 0) for i in range(len(members))]
    houses = sum(w for w in want if w < hotel)
    hotels = sum(1 for w in want if w == hotel)
    have_houses = sum(g.level[s] for s in members if g.level[s] < hotel)
    have_hotels = sum(1 for s in members if g.level[s] == hotel)
    if g.rules.building_limits and houses - have_houses > g.houses_left:
        for s in members:              # the bank cannot supply the houses: the levels go back at half price
            while g.level[s]:
                sell_level(g, p, s, force=True)
        return
    g.houses_left -= houses - have_houses
    g.hotels_left -= hotels - have_hotels
    for s, w in zip(members, want):
        if g.level[s] != w:
            holdings.set_level(g, s, w)
            g.log.add(E.BUILD, seat, s, w, 0)
