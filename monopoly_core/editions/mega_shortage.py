"""The Mega Edition's building shortages for its own buildings: skyscrapers and train depots (seed 002).

002 BUILDING SHORTAGES: "When the Bank has no buildings to sell, players wishing to buy them must wait for some
player to sell his/hers back to the Bank. If there are a limited number of buildings available and two or more
players wish to buy more than the Bank has, the buildings must be sold at auction to the highest bidder." The Mega
bank holds "8 Skyscrapers" and "4 Train Depots" (002 CONTENTS), so the rule reaches them as it reaches houses and
hotels: the engine's own shortage auction (:func:`management.shortage_auction`) sells them too.

Choices where the rule book is silent (the same as for houses and hotels, ``management.build``):

* "players wishing to buy" are the players able to place one now: legal but for cash
  (:meth:`Mega.build_problem_but_cash`: a skyscraper on a hotel of a group with hotels on every street; a depot on
  any unmortgaged railroad of theirs without one), with at least the auction's minimum bid in cash. A player holding
  two railroads without depots is one player wishing, as a player with two streets ready for a house is (the rule
  counts players, "two or more players").
* Skyscrapers and depots are always in limited supply (their counts are RuleSet fields with no "unlimited"), so their
  shortage auction does not wait for ``building_limits``, which is the switch for houses and hotels.
* An auction nobody wins closes that kind of building for the rest of the turn while the supply stays short
  (``holdings.close_shortage``), as for houses and hotels: otherwise the same request and the same empty auction
  could repeat for ever.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import management
from .. import sales
from ..building import item_closed, placeable_squares
from . import mega_tickets as T

if TYPE_CHECKING:
    from ..game_state import GameState, Play
    from ..state import Player

#: The words for each of the edition's own auction items in a refusal.
_PLURAL = {sales.ITEM_SKYSCRAPER: "skyscrapers", sales.ITEM_DEPOT: "train depots"}


def own_item(g: GameState, square: int, hotel_level: int) -> int:
    """The edition's own building next on ``square`` as an auction item: a train depot on a railroad without one, a
    skyscraper on a street's hotel; -1 for anything else (houses and hotels: the classic items)."""
    kind = g.board.squares[square].kind
    if kind == "railroad":
        return sales.ITEM_DEPOT if not g.level[square] else -1
    if kind == "street" and g.level[square] == hotel_level:
        return sales.ITEM_SKYSCRAPER
    return -1


def left(g: GameState, item: int) -> int:
    """The bank's supply of ``item`` (a skyscraper or a train depot)."""
    x = T.supply(g)
    return x.skyscrapers_left if item == sales.ITEM_SKYSCRAPER else x.depots_left


def closed_problem(g: GameState, item: int) -> str | None:
    """Why nobody may ask for ``item`` now because its shortage auction found no buyer this turn (None: they may)."""
    if g.closed_shortage[0] == g.turn and item_closed(g, item, left(g, item)):
        return f"nobody bid the minimum for the bank's last {_PLURAL[item]} at auction this turn: they can be bought " \
               f"again next turn"
    return None


def buyers(g: GameState, item: int) -> list[int]:
    """The seats able to place ``item`` now (legal but for cash) with at least the auction's minimum bid, in turn
    order from the player whose turn it is."""
    minimum = g.rules.auction_min_bid
    return [s for s in sales.bidders(g) if g.players[s].cash >= minimum and placeable_squares(g, s, item)]


def build(g: GameState, p: Player, square: int, item: int) -> Play:
    """``p`` buys ``item`` for ``square`` (found legal): auctioned among the able players when two or more of them
    wish to buy more than the bank has (:func:`buyers`), else bought at the printed price."""
    supply = left(g, item)
    if supply < len(g.order):           # (else never short: every seat at the table could have one)
        able = buyers(g, item)
        if len(able) >= 2 and supply < len(able):
            yield from management.shortage_auction(g, p, square, item, able)
            return
    yield from management.build(g, p, square)
