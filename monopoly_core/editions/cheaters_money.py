"""Hotels, rent, raising money and bankruptcy in the Cheaters Edition (seed 003 first part, "HOTELS", "What If I
Run Out of Cash?", "Still in Debt?").

* Hotels only: with a complete colour set, a hotel straight away on each street, one per property; "You may not sell
  Hotels back to the Bank or to other players"; "Not enough Hotels? If multiple players want to buy the last Hotel,
  it must be auctioned. Bids start at £10 and increase by as little as £1" (among the players able to buy one now;
  the winner's hotel goes on their best street without one: the project's choice, as the winner rarely has a
  choice worth asking).
* Rent: a street's rent, doubled with the whole set; the hotel rent where a hotel stands (a card may put one
  outside a set).
* Raising money: "Sell Properties back to the Bank for face value ... with a Hotel ... for the price of rent with one
  Hotel ... the Hotel stays where it is. It's OK to split a Property set." No mortgages.
* Bankruptcy: to a player, "Give them all your Properties and any Chance and Community Chest cards"; to the bank,
  "All your Properties must be immediately put up for auction ... Return any Chance and Community Chest cards" (the
  hotels staying where they are: its buyer "get[s] the Hotel for free").
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import decisions as D
from .. import endgame
from .. import events as E
from .. import holdings
from .. import management
from .. import payments
from .. import sales
from ..actions import Action
from ..building import shortage_closed
from . import cheaters_actions as C
from . import cheaters_cards
from . import cheats

if TYPE_CHECKING:
    from ..actions import Trade
    from ..game_state import GameState, Play
    from ..state import Player

NO_MORTGAGES = "there is no mortgaging in the Cheaters Edition"
NEVER_SOLD = "hotels are never sold, to the bank or to other players"


def rent(g: GameState, square: int) -> int:
    """A street's rent: with a hotel the hotel rent, else the printed rent, doubled with the whole set."""
    sq = g.board.squares[square]
    if g.level[square]:
        return sq.rents[-1]
    owner = g.owner[square]
    if sq.group and g.owned_in[sq.group][owner] == g.holding_size[sq.group]:
        return sq.rents[0] * g.rules.set_rent_multiplier
    return sq.rents[0]


def hotel_problem(g: GameState, seat: int, square: int, check_cash: bool = True) -> str | None:
    """Why ``seat`` may not buy a hotel for ``square`` now (None: it may)."""
    sq = g.board.squares[square]
    if sq.kind != "street":
        return f"{sq.name} is not a street"
    if g.owner[square] != seat:
        return f"you do not own {sq.name}"
    if g.level[square]:
        return f"{sq.name} already has a hotel"
    if g.owned_in[sq.group][seat] != g.holding_size[sq.group]:
        return f"you need the whole {g.board.groups[sq.group].label} set to buy hotels"
    if g.rules.building_limits:
        if g.hotels_left <= 0:
            return "the bank has no hotels left"
        if g.closed_shortage[0] == g.turn and shortage_closed(g, True):
            return "nobody bid the minimum for the bank's last hotels at auction this turn: they can be bought " \
                   "again next turn"
    if check_cash and g.players[seat].cash < sq.house_cost:
        return f"a hotel on {sq.name} costs {sq.house_cost}, you have {g.players[seat].cash}"
    return None


def hotel_streets(g: GameState, seat: int, check_cash: bool = False) -> list[int]:
    return [s for s in g.board.properties if g.owner[s] == seat and hotel_problem(g, seat, s, check_cash) is None]


def build(g: GameState, p: Player, square: int) -> Play:
    """Buy a hotel for ``square``; the last hotels go to auction when more players want them than there are."""
    if g.rules.building_limits and g.hotels_left < len(g.order):
        able = [s for s in sales.bidders(g) if hotel_streets(g, s) and g.players[s].cash >= g.rules.auction_min_bid]
        if len(able) >= 2 and g.hotels_left < len(able):
            winner, price = yield from sales.auction(g, square, sales.ITEM_HOTEL, eligible=set(able),
                                                     increment=g.rules.hotel_auction_increment, asker=p.seat,
                                                     price=g.board.squares[square].house_cost)
            if winner < 0:
                holdings.close_shortage(g, sales.ITEM_HOTEL)
            elif winner == p.seat:
                management.place(g, winner, square, price)
            else:
                streets = hotel_streets(g, winner)
                best = max(streets, key=lambda s: g.board.squares[s].rents[-1])
                management.place(g, winner, best, price)
            return
    cost = g.board.squares[square].house_cost
    payments.transfer(g, p.seat, E.BANK, cost, E.R_BUILD, square)
    management.place(g, p.seat, square, cost)


# --- raising money --------------------------------------------------------------------------------------------------
def bank_price(g: GameState, square: int) -> int:
    """What the bank pays for a deed: its face value, or with a hotel the rent with a hotel (003: "Sell Properties
    with a Hotel back to the Bank for the price of rent with one Hotel").

    The bank sells such a deed again at its printed price, the hotel free: 003 says so of a deed a card gives back
    ("they pay face value for the Property and get the Hotel for free"), and the lab reads it of every deed the bank
    holds with a hotel. A choice: 003's glossary also calls the rent with a hotel "the face value of a Property with
    a Hotel", which would price the resale at that rent. So a player short of cash may sell Mayfair with its hotel
    for £2,000 and later buy it back, on landing there, for £400 (an outside audit's example)."""
    sq = g.board.squares[square]
    return sq.rents[-1] if g.level[square] else sq.price


def liquidation_value(g: GameState, seat: int) -> int:
    total = 0
    for s in g.board.properties:
        if g.owner[s] == seat:
            total += bank_price(g, s)
    return total


def sale_problem(d: D.Decision, square: int) -> str | None:
    g = d.game
    if d.kind != D.DEBT:
        return "deeds are sold to the bank to raise money for a debt"
    if not (0 <= square < g.size) or not g.board.squares[square].ownable:
        return f"no property {square}"
    if g.owner[square] != d.player:
        return f"you do not own {g.board.squares[square].name}"
    return None


def sell_to_bank(g: GameState, p: Player, square: int) -> None:
    """``p`` sells ``square``'s deed to the bank (a hotel stays where it is)."""
    price = bank_price(g, square)
    holdings.give_deed(g, square, E.BANK, p.seat, price, E.D_RETURNED)
    if price:
        payments.transfer(g, E.BANK, p.seat, price, E.R_SALE_TO_BANK, square)


def bot_raise_money(g: GameState, seat: int, needed: int) -> Action:
    """A bot sells its least useful deed to the bank: outside its sets first, the cheapest first; bankrupt when
    even selling everything falls short."""
    if g.players[seat].cash + liquidation_value(g, seat) < needed:
        return Action("bankrupt")
    best, best_key = -1, (2, 0)
    for s in g.board.properties:
        if g.owner[s] == seat:
            grp = g.board.squares[s].group
            in_set = 1 if grp and g.owned_in[grp][seat] == g.holding_size[grp] else 0
            key = (in_set, bank_price(g, s))
            if best < 0 or key < best_key:
                best, best_key = s, key
    return Action(C.SELL_TO_BANK, best)


# --- bankruptcy and trades ------------------------------------------------------------------------------------------
def bankrupt(g: GameState, p: Player, creditor: int) -> Play:
    g.log.add(E.BANKRUPT, p.seat, -1, 0, creditor)
    p.bankrupt = True
    p.bankrupt_turn = g.turn
    p.in_jail = False
    t = cheats.table(g)
    if t.pending is not None and t.pending.seat == p.seat:
        cheats.reveal(g)                # logged as void: a bankrupt cheat collects nothing
    owned = [s for s in g.board.properties if g.owner[s] == p.seat]
    if creditor >= 0:
        c = g.players[creditor]
        if p.cash:
            payments.transfer(g, p.seat, creditor, p.cash, E.R_BANKRUPTCY)
        for s in owned:
            holdings.give_deed(g, s, creditor, p.seat, 0, E.D_BANKRUPTCY)
        # 003: "Give them all your Properties and any Chance and Community Chest cards", also when this ends the game
        yield from cheaters_cards.hand_over(g, p, c)
        endgame.check_last_standing(g)
    else:
        if p.cash:
            payments.transfer(g, p.seat, E.BANK, p.cash, E.R_BANKRUPTCY)
        for s in owned:
            holdings.give_deed(g, s, E.BANK, p.seat, 0, E.D_RETURNED)
        cheaters_cards.return_cards(g, p)
        endgame.check_last_standing(g)
        if g.rules.auctions:
            for s in owned:
                yield from sales.auction(g, s)


def trade_problem(g: GameState, trade: Trade) -> str | None:
    """Only Get Out of Jail Free cards change hands in a trade ("Property can be traded for cash, other Property
    and/or Get Out of Jail Free cards"), and nobody ends up with two cards of one deck."""
    for cards, giver, taker in ((trade.give_cards, trade.proposer, trade.target),
                                (trade.get_cards, trade.target, trade.proposer)):
        for kind in cards:
            if kind not in g.decks:
                return f"there is no {kind} deck"
            src, dst = g.players[giver], g.players[taker]
            place = cheaters_cards.held_of(src, kind)
            if place >= 0 and g.deck_cards[kind][src.cards[place][1]].effect != "get_out_of_jail":
                return "only Get Out of Jail Free cards may be traded"
            if cheaters_cards.held_of(dst, kind) >= 0:
                return f"{dst.name} already holds a {kind} card: a player holds at most one of each deck"
    return None
