"""Buying and auctions (002 BUYING PROPERTIES; 004 "Bidding starts at 10 ... as little as 1").

A player landing on an unowned property may buy it at the printed price; if they decline, the bank auctions it
to every player still in the game, the decliner included. The auction is an open ascending auction: bidders are
asked in turn order, a pass leaves the auction, the last bidder standing buys at their bid, and with no bids
the deed stays with the bank. A bid may not exceed the bidder's cash (a documented choice: the rule books do
not let a player pay with money they do not have).
"""
from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from . import decisions as D
from . import events as E
from . import flow
from . import holdings
from . import payments
from .actions import BID, BUY

if TYPE_CHECKING:
    from .game_state import GameState, Play
    from .state import Player

#: What an auction sells (the ``item`` of its events and decisions; ``events.KINDS[AUCTION]`` names them in the
#: log and the database, in this order).
ITEM_DEED = 0
ITEM_HOUSE = 1
ITEM_HOTEL = 2
#: the Mega Edition's own buildings, auctioned when the bank runs short of them (002 BUILDING SHORTAGES)
ITEM_SKYSCRAPER = 3
ITEM_DEPOT = 4


def offer(g: GameState, p: Player, square: int) -> Play:
    """``p`` landed on the unowned ``square``: buy it at the printed price, or it goes to auction."""
    price = g.board.squares[square].price
    action = yield from flow.window(g, D.Decision(g, D.BUY, p.seat, square=square, amount=price))
    if action.kind == BUY:
        payments.transfer(g, p.seat, E.BANK, price, E.R_PURCHASE, square)
        holdings.give_deed(g, square, p.seat, E.BANK, price, E.D_PURCHASE)
        return
    g.log.add(E.DECLINE, p.seat, square, price)
    if g.rules.auctions:
        yield from auction(g, square)


def bidders(g: GameState, eligible: set[int] | None = None) -> list[int]:
    """Seats still in the game in turn order, starting with the player whose turn it is."""
    order = g.order
    k = order.index(g.current) if g.current in order else 0
    seats = order[k:] + order[:k]
    return [s for s in seats if not g.players[s].bankrupt and (eligible is None or s in eligible)]


def auction(g: GameState, square: int, item: int = ITEM_DEED, eligible: set[int] | None = None,
            increment: int = 0, asker: int = -1, price: int = 0) -> Play:
    """Run an auction for ``square``'s deed (or, for another ``item``, a building for it). Returns
    (winner, price); winner -1 when nobody bid. ``increment``: the smallest raise, when not the rules'
    auction increment (the Cheaters Edition's hotel auctions rise by £1, its deed auctions by £10).

    A building short in the bank is auctioned only if "two or more players wish to buy" it (002 BUILDING
    SHORTAGES; 004: "If multiple players want to buy the last House or Hotel"): the auction asks who does. When
    nobody but ``asker``, who asked for it, bids, only one wished to: ``asker`` buys it at its printed ``price``,
    not at the opening bid (an outside audit saw the last house sold to its only taker for $1)."""
    log, players = g.log, g.players
    rules = g.rules
    log.add(E.AUCTION, -1, square, 0, item, E.AUCTION_OPENS)
    queue = deque(bidders(g, eligible))
    high, high_bidder = 0, -1
    contested = asker < 0       # (a deed's auction, or a building's that someone besides its asker bid in)
    while queue:
        seat = queue.popleft()
        if seat == high_bidder:
            if not queue:
                break
            queue.append(seat)
            continue
        minimum = high + (increment or rules.auction_increment) if high_bidder >= 0 else rules.auction_min_bid
        if players[seat].cash < minimum:
            log.add(E.PASS, seat, square)
            continue
        d = D.Decision(g, D.BID, seat, square=square, amount=high, minimum=minimum, other=high_bidder, item=item)
        if g.ply > g.step_budget:       # (compared here: a call less a bid)
            flow.check_budget(g)
        action = yield from flow.ask(g, d)
        if action.kind == BID:
            high, high_bidder = action.amount, seat
            log.add(E.BID, seat, square, high)
            queue.append(seat)
            if seat != asker:
                contested = True
        else:
            log.add(E.PASS, seat, square)
    if high_bidder < 0:
        log.add(E.AUCTION, -1, square, 0, item, E.AUCTION_UNSOLD)
        return -1, 0
    if not contested and players[high_bidder].cash >= price:   # (the asker could pay it: legal to ask)
        high = price
        log.add(E.AUCTION, high_bidder, square, high, item, E.AUCTION_UNCONTESTED)
    else:
        log.add(E.AUCTION, high_bidder, square, high, item, E.AUCTION_SOLD)
    if item == ITEM_DEED:
        payments.transfer(g, high_bidder, E.BANK, high, E.R_AUCTION, square)
        holdings.give_deed(g, square, high_bidder, E.BANK, high, E.D_AUCTION)
    else:
        payments.transfer(g, high_bidder, E.BANK, high, E.R_BUILD, square)
    return high_bidder, high
