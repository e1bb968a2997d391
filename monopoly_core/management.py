"""The "at any time" actions, executed: build, sell buildings, mortgage, unmortgage, trade; and the windows in
which they are offered.

Legality lives in :mod:`.building`, :mod:`.mortgage` and :mod:`.trading` and is checked by the pending
:class:`~.decisions.Decision` before an action reaches these functions, so they only apply it.

Building shortages (002 BUILDING SHORTAGES): when supply limits are on and the bank holds fewer buildings of the
kind asked for than there are players able to place one now, the building is auctioned among those players
(bids from the auction minimum, payment to the bank, as 004 and 000 print it); the winner places it. When nobody
but the player who asked bids, only one wished to buy: they pay the printed price (:func:`.sales.auction`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import actions as A
from . import decisions as D
from . import events as E
from . import flow
from . import holdings
from . import payments
from . import sales
from .building import buildable_squares
from .mortgage import unmortgage_cost

if TYPE_CHECKING:
    from .actions import Action, Trade
    from .game_state import GameState, Play
    from .state import Player


def apply(g: GameState, p: Player, action: Action) -> Play:
    """Carry out one management action of ``p`` (already found legal)."""
    kind = action.kind
    if kind == A.BUILD:
        yield from build(g, p, action.square) if g.classic_rules else g.edition.build(g, p, action.square)
    elif kind == A.SELL_BUILDING:
        sell_level(g, p, action.square)
    elif kind == A.SELL_ALL:
        for s in g.members_of[action.square]:
            if g.owner[s] != p.seat:
                continue        # (Mega: another player may have built on the group's other streets)
            while g.level[s]:
                sell_level(g, p, s, force=True)
    elif kind == A.MORTGAGE:
        s = action.square
        value = g.board.squares[s].mortgage
        holdings.set_mortgaged(g, s, True)
        g.log.add(E.MORTGAGE, p.seat, s, value)
        payments.transfer(g, E.BANK, p.seat, value, E.R_MORTGAGE, s)
    elif kind == A.UNMORTGAGE:
        lift_mortgage(g, p.seat, action.square)
    elif kind == A.TRADE:
        assert action.trade is not None         # (a trade action carries its offer)
        yield from trade(g, action.trade)
    else:
        yield from g.edition.apply(g, p, action)


def lift_mortgage(g: GameState, seat: int, square: int) -> None:
    """Pay the bank the mortgage value plus interest and turn the deed face up (002 MORTGAGES)."""
    cost = unmortgage_cost(g, square)
    payments.transfer(g, seat, E.BANK, cost, E.R_UNMORTGAGE, square)
    holdings.set_mortgaged(g, square, False)
    g.log.add(E.UNMORTGAGE, seat, square, cost)


# --- building ----------------------------------------------------------------------------------------------------
def place(g: GameState, seat: int, square: int, price: int) -> None:
    level = holdings.place_building(g, square)
    g.log.add(E.BUILD, seat, square, level, price)


def build(g: GameState, p: Player, square: int) -> Play:
    cost = g.board.squares[square].house_cost
    hotel = g.level[square] == g.edition.hotel_level - 1
    # (here the shortage auctions of houses and hotels on colour groups; an edition's own buildings have their own
    # supply and their own auction: Mega's skyscrapers and train depots, editions/mega_shortage.py)
    if g.rules.building_limits and g.level[square] < g.edition.hotel_level and g.members_of[square]:
        supply = g.hotels_left if hotel else g.houses_left
        able = [] if supply >= len(g.order) else [s for s in sales.bidders(g)
                if buildable_squares(g, s, hotel=hotel, check_cash=False)
                and g.players[s].cash >= g.rules.auction_min_bid]
        if len(able) >= 2 and supply < len(able):
            yield from shortage_auction(g, p, square, sales.ITEM_HOTEL if hotel else sales.ITEM_HOUSE, able)
            return
    payments.transfer(g, p.seat, E.BANK, cost, E.R_BUILD, square)
    place(g, p.seat, square, cost)


def shortage_auction(g: GameState, p: Player, square: int, item: int, able: list[int]) -> Play:
    """``p`` asked for a building of auction ``item`` on ``square`` while the bank is short of them: the building
    is auctioned among the ``able`` seats (002 BUILDING SHORTAGES); the winner pays the bank (in the auction) and
    places it, on ``square`` when the winner is ``p``, else where they choose (``place_building``)."""
    winner, price = yield from sales.auction(g, square, item, eligible=set(able), asker=p.seat,
                                             price=g.board.squares[square].house_cost)
    if winner < 0:
        # nobody would pay the minimum: that kind of building is not asked for again this turn (else the
        # same request and the same empty auction could repeat for ever; issue 13)
        holdings.close_shortage(g, item)
    if winner == p.seat:
        place(g, winner, square, price)
    elif winner >= 0:
        d = D.Decision(g, D.PLACE_BUILDING, winner, square=square, amount=price, item=item)
        action = yield from flow.ask(g, d)
        place(g, winner, action.square, price)


def sell_level(g: GameState, p: Player, square: int, force: bool = False) -> None:
    """Sell one level to the bank at half price. A hotel becomes four houses if the bank has them; when
    ``force`` (selling a whole set) and it has not, the hotel goes back whole and the square is cleared."""
    hotel = g.edition.hotel_level
    lv = g.level[square]
    half = g.board.squares[square].house_cost // 2
    if lv > hotel or not g.members_of[square]:      # an edition's own building (Mega: skyscraper, train depot)
        to = g.edition.move_supply(g, square, lv, lv - 1)
        holdings.set_level(g, square, to)
        refund = (lv - to) * half
        g.log.add(E.SELL, p.seat, square, to, refund)
    elif lv == hotel and g.rules.building_limits and g.houses_left < hotel - 1:
        # only reachable with force=True: the whole hotel (all its levels) goes back at once
        g.hotels_left += 1
        holdings.set_level(g, square, 0)
        refund = hotel * half
        g.log.add(E.SELL, p.seat, square, 0, refund)
    else:
        if lv == hotel:
            g.hotels_left += 1
            g.houses_left -= hotel - 1
        else:
            g.houses_left += 1
        holdings.set_level(g, square, lv - 1)
        refund = half
        g.log.add(E.SELL, p.seat, square, lv - 1, refund)
    payments.transfer(g, E.BANK, p.seat, refund, E.R_BUILDING_SALE, square)


# --- trades ------------------------------------------------------------------------------------------------------
def trade(g: GameState, t: Trade) -> Play:
    ref = g.log.add_extra(t)
    g.log.add(E.TRADE_OFFER, t.proposer, -1, 0, t.target, ref)
    g.trades_proposed += 1
    d = D.Decision(g, D.TRADE_RESPONSE, t.target, other=t.proposer, trade=t)
    action = yield from flow.ask(g, d)
    if action.kind != A.ACCEPT:
        g.log.add(E.TRADE_REJECT, t.proposer, -1, 0, t.target, ref)
        if action.kind == A.REJECT_ALL:
            g.declined.add((t.target, t.proposer))
            g.log.add(E.OFFERS_DECLINED, t.target, -1, 0, t.proposer)
        return
    g.log.add(E.TRADE_ACCEPT, t.proposer, -1, 0, t.target, ref)
    a, b = g.players[t.proposer], g.players[t.target]
    if t.give_cash:
        payments.transfer(g, a.seat, b.seat, t.give_cash, E.R_TRADE)
    if t.get_cash:
        payments.transfer(g, b.seat, a.seat, t.get_cash, E.R_TRADE)
    # the deeds that owe interest are those mortgaged as they change hands (see payments.mortgaged_among)
    to_b, to_a = payments.mortgaged_among(g, t.give_squares), payments.mortgaged_among(g, t.get_squares)
    for s in t.give_squares:
        holdings.give_deed(g, s, b.seat, a.seat, 0, E.D_TRADE)
    for s in t.get_squares:
        holdings.give_deed(g, s, a.seat, b.seat, 0, E.D_TRADE)
    for src, dst, decks in ((a, b, t.give_cards), (b, a, t.get_cards)):
        for deck in decks:
            card = next(c for c in src.cards if c[0] == deck)
            src.cards.remove(card)
            dst.cards.append(card)
    for src, dst, tokens in ((a, b, t.give_tokens), (b, a, t.get_tokens)):
        for name in tokens:
            g.edition.move_token(g, src, dst, name)
    yield from payments.settle_received_mortgages(g, b, to_b)
    yield from payments.settle_received_mortgages(g, a, to_a)
