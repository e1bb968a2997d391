"""The Mega Edition's last-property rule (seed 002, NEW PROPERTIES & SKYSCRAPERS):

"If you acquire the final property of a group, after previously building on its other properties, you must
un-mortgage this property immediately (if mortgaged) and build it up according to the "even" building rule or, if you
can't afford to do so, you must redistribute existing houses among all properties of the group. You may need to break
down hotels to do this."

:func:`settle` applies it to every group a player has just completed: every Mega landing calls it before it resolves
(:class:`.mega.SettledFirst`: a Bus ride, a card move or Mr. Monopoly's move of the same roll lands on the settled
group), and the Mega turn after the roll's last landing and after each window (a property may be acquired by a
purchase, an auction, a trade or a bankruptcy). Two rules of 002 meet here: "immediately" and "An opponent can't
build or trade until your Mr. Monopoly move is completed". The second is the narrower, so it wins: a group another
player completes during a Mr. Monopoly move (at an auction on the move's first square, say) is built up or
redistributed when the move is done, and the mover pays the rent its deeds charge as they stand (a complete group
unbuilt: triple). Where the rule book is silent this lab chooses, and says so here:

* a mortgaged final property that its owner cannot afford to lift: the group's buildings are sold back to the bank at
  half price, one level at a time from the highest (even selling), until the lift is paid for; if none is left and
  the cash is still short, the deed stays mortgaged in a group without buildings (buildings may not stand in a group
  with a mortgage, and redistribution cannot lift one). One received mortgaged in a trade or a bankruptcy is
  lifted at once the same way, for the mortgage and 10% (:meth:`Mega.settle_received_mortgage`): the rule leaves no
  choice to keep it, so the 10% "interest when you buy" is not charged as well;
* "if you can't afford to do so" is judged on the cash in hand: buildings are bought with cash, and the rule itself
  names the way out when the cash falls short (redistribution), so no other deed is mortgaged and nothing else is
  sold to pay for the build-up;
* redistribution keeps the group's building levels (a hotel is five) and spreads them evenly, the extra levels on the
  group's last (dearest) streets; when the bank lacks the houses a broken-down hotel needs, the fewest levels that
  make the even spread fit the bank's supply are sold back at half price, and the rest are spread.
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
        # 002: "An opponent can't build or trade until your Mr. Monopoly move is completed": during one, only the
        # mover's groups are settled, another's waits for the move's end (an outside audit: a group completed at
        # auction on the move's first square was built up before the mover landed on it and paid its rent)
        mover = g.current if x.mr_monopoly_moving else -1
        waiting = False
        for _, members, counts, size in g.group_rows:
            for seat in range(len(counts)):     # (a plain loop: compiled, ``in`` compares boxed numbers)
                if counts[seat] == size:
                    if _uneven(g, members):
                        if mover >= 0 and seat != mover:
                            waiting = True
                        else:
                            _settle_group(g, seat, members)
                    break
        if not waiting:
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


def lift_final_property(g: GameState, seat: int, members: tuple[int, ...]) -> bool:
    """"un-mortgage this property immediately": lift the mortgage of every street of the group ``seat`` holds
    whole, selling the group's buildings back (from the highest) while the cash falls short. False when even every
    building sold cannot pay: the deed stays mortgaged in a group with none."""
    from ..management import lift_mortgage
    p = g.players[seat]
    for s in members:
        if g.mortgaged[s]:
            cost = unmortgage_cost(g, s)
            while p.cash < cost and _sell_highest(g, seat, members):
                pass
            if p.cash < cost:
                return False
            lift_mortgage(g, seat, s)
    return True


def _settle_group(g: GameState, seat: int, members: tuple[int, ...]) -> None:
    p = g.players[seat]
    if not lift_final_property(g, seat, members):
        return
    top = max(g.level[s] for s in members)
    if top == 0:
        return
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


def _sell_highest(g: GameState, seat: int, members: tuple[int, ...]) -> bool:
    """Sell one level of the group's highest street (the last of equals: even selling, in reverse of building);
    False when the group has no buildings left."""
    from ..management import sell_level
    best = -1
    for s in members:
        if g.level[s] and (best < 0 or g.level[s] >= g.level[best]):
            best = s
    if best < 0:
        return False
    sell_level(g, g.players[seat], best, force=True)
    return True


def _even(total: int, n: int) -> list[int]:
    """``total`` levels spread evenly over ``n`` streets, the extra ones on the last."""
    base, extra = divmod(total, n)
    return [base + (1 if i >= n - extra else 0) for i in range(n)]


def _redistribute(g: GameState, seat: int, members: tuple[int, ...]) -> None:
    """Spread the group's levels evenly (hotels broken down as needed). When the bank cannot supply the houses of
    the even spread, the fewest levels that make it fit are sold back at half price first (sales, each logged with
    the level it leaves). Each street whose level then changes is logged as a build (up) or a sale (down) of detail
    ``regrouped``, at no money: the level it ends at (an outside audit read every change as "builds a house",
    lowered streets too)."""
    hotel = g.edition.hotel_level
    level = g.level
    total = sum(level[s] for s in members)
    have_houses = sum(level[s] for s in members if level[s] < hotel)
    have_hotels = sum(1 for s in members if level[s] == hotel)
    kept = total
    while True:
        want = _even(kept, len(members))
        houses = sum(w for w in want if w < hotel)
        hotels = sum(1 for w in want if w == hotel)
        if not g.rules.building_limits or (houses - have_houses <= g.houses_left
                                           and hotels - have_hotels <= g.hotels_left):
            break
        kept -= 1               # (ends: no levels at all need no houses)
    # the levels sold back, taken from the streets that lose most, the last (dearest) first
    to_sell = total - kept
    for i in sorted(range(len(members)), key=lambda i: (want[i] - level[members[i]], -i)):
        if to_sell == 0:
            break
        s = members[i]
        sold = min(to_sell, level[s] - want[i])
        if sold > 0:
            to_sell -= sold
            refund = sold * (g.board.squares[s].house_cost // 2)
            holdings.set_level(g, s, level[s] - sold)     # (the supply is settled below, from the levels before)
            g.log.add(E.SELL, seat, s, level[s], refund)
            payments.transfer(g, E.BANK, seat, refund, E.R_BUILDING_SALE, s)
    g.houses_left -= houses - have_houses
    g.hotels_left -= hotels - have_hotels
    for s, w in zip(members, want):
        if level[s] != w:
            up = w > level[s]
            holdings.set_level(g, s, w)
            g.log.add(E.BUILD if up else E.SELL, seat, s, w, 0, E.REGROUPED)
