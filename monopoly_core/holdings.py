"""The only mutators of holdings: who owns a deed, its buildings, its mortgage.

Every change of an owner, a building level or a mortgage goes through one of these functions, and they alone
move the counters policies cache against (``GameState.version``: any change; ``holdings_version[seat]``: a change
in what ``seat`` holds or in a colour group it holds part of; ``buildings_version[seat]``: a building level
changed on one of ``seat``'s deeds). No rule and no test bumps a counter by hand.
"""
from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from . import events as E

if TYPE_CHECKING:
    from .game_state import GameState


def give_deed(g: GameState, square: int, to: int, frm: int, price: int, reason: int) -> None:
    """Title deed of ``square`` passes from ``frm`` to ``to`` (seats, or BANK); logged as a DEED event."""
    counts = g.owned_in[g.holding_key[square]]
    if frm >= 0:
        counts[frm] -= 1
    if to >= 0:
        counts[to] += 1
    g.owner[square] = to
    if frm >= 0:
        g.deeds_of[frm].remove(square)
    if to >= 0:
        insort(g.deeds_of[to], square)
    g.version += 1
    hv = g.holdings_version
    if frm >= 0:
        hv[frm] += 1
    if g.members_of[square]:        # a colour group: every seat holding part of it sees it change
        for seat, c in enumerate(counts):
            if c:
                hv[seat] += 1
    elif to >= 0:
        hv[to] += 1
    g.log.add(E.DEED, to, square, price, frm, reason)


def set_mortgaged(g: GameState, square: int, mortgaged: bool) -> None:
    """Turn ``square``'s deed face down (mortgaged) or face up."""
    g.mortgaged[square] = mortgaged
    g.version += 1
    owner = g.owner[square]
    if owner >= 0:
        g.holdings_version[owner] += 1


def set_level(g: GameState, square: int, level: int) -> None:
    """Set ``square``'s building level (the supply is the caller's business: see :func:`place_building`)."""
    g.level[square] = level
    g.version += 1
    owner = g.owner[square]
    if owner >= 0:
        g.buildings_version[owner] += 1


def place_building(g: GameState, square: int) -> int:
    """One level more on ``square`` from the bank's supply (the fifth level, a hotel, returns four houses);
    returns the new level."""
    hotel = g.edition.hotel_level
    lv = g.level[square] + 1
    if lv > hotel or not g.members_of[square]:     # an edition's own building (Mega: skyscraper, train depot)
        lv = g.edition.move_supply(g, square, lv - 1, lv)
    elif lv == hotel:
        g.hotels_left -= 1
        g.houses_left += hotel - 1
    else:
        g.houses_left -= 1
    g.level[square] = lv
    g.version += 1
    owner = g.owner[square]
    if owner >= 0:
        g.buildings_version[owner] += 1
    return lv


def close_shortage(g: GameState, item: int) -> None:
    """A shortage auction for ``item`` (house or hotel; Mega: skyscraper, train depot) found no buyer: that kind is
    not sold again this turn (see building.shortage_closed and item_closed). What may be built changed, so the
    counter moves."""
    turn, kinds = g.closed_shortage
    g.closed_shortage = (g.turn, (kinds if turn == g.turn else 0) | (1 << item))
    g.version += 1


def remove_buildings(g: GameState, square: int) -> int:
    """Return ``square``'s buildings to the bank's supply; the number of levels removed."""
    lv = g.level[square]
    if lv > g.edition.hotel_level or (lv and not g.members_of[square]):
        g.edition.move_supply(g, square, lv, 0)    # an edition's own building (Mega: skyscraper, train depot)
    elif lv == g.edition.hotel_level:
        g.hotels_left += 1
    else:
        g.houses_left += lv
    set_level(g, square, 0)
    return lv
