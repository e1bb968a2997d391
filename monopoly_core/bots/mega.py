"""The bots' answers to the Mega Edition's decisions (seed 002), shared by every strategy.

Each answer reads the strategy's own knobs (:meth:`Bot.value`, :meth:`Bot.reserve`, ``build_target``), so a cautious
bot rides a bus ticket to fewer properties and builds fewer skyscrapers than an always-buy bot. :func:`manage` adds
the edition's own building (train depots, skyscrapers, houses with all but one of a group) to the bots' windows.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .. import actions as A
from ..actions import Action
from ..editions.mega import Mega
from ..building import shortage_closed
from ..editions.mega_tickets import side_squares, supply
from ..editions.mega_turn import RIDE_TICKET

if TYPE_CHECKING:
    from ..decisions import Decision
    from ..game_state import GameState as Game

# (the action kinds of editions/mega_turn.py, named here so that the bots need not import an edition module)
_TAKE_TICKET, _RIDE_BUS, _GIFT_CASH, _GIFT_TICKET = "take_ticket", "ride_bus", "gift_cash", "gift_ticket"
#: squares where a ticket ride costs nothing and asks nothing (a card, a tax, the Auction square or Go To Jail may)
_SAFE_KINDS: Final = frozenset({"go", "jail", "free_parking", "bus_ticket", "birthday_gift"})


def _wanted(bot: Any, g: Game, seat: int, square: int) -> int:
    """How much more than its price ``square`` is worth to ``bot`` (negative: not wanted; unaffordable or owned:
    -1)."""
    sq = g.board.squares[square]
    if not sq.ownable or g.owner[square] >= 0:
        return -1
    cash = g.players[seat].cash
    if cash - sq.price < bot.reserve(g, seat):
        return -1
    return bot.value(g, seat, square) - sq.price


def _best_property(bot: Any, g: Game, seat: int, options: list[Action]) -> Action | None:
    best, best_gain = None, -1
    for a in options:
        if a.square >= 0:
            gain = _wanted(bot, g, seat, a.square)
            if gain > best_gain:
                best, best_gain = a, gain
    return best


def use_bus_ticket(bot: Any, d: Decision, g: Game) -> Action:
    """Ride to the best unowned property on this side that the bot would buy. Failing that, once an opponent could
    charge more than the salary on one landing, ride to the farthest square ahead on this side where nothing is owed
    (a ticket is a landing chosen, and one held may expire when another player draws an "all tickets expire"
    ticket); otherwise roll. (The squares are looked at directly rather than through the decision's options: a bot
    holding a ticket is asked before every roll.)"""
    seat = d.player
    owner, squares, mortgaged = g.owner, g.board.squares, g.mortgaged
    side = side_squares(g.size, g.players[seat].position)
    best, best_gain = -1, -1
    for s in side:
        if owner[s] < 0 and squares[s].ownable:
            gain = _wanted(bot, g, seat, s)
            if gain > best_gain:
                best, best_gain = s, gain
    if best < 0 and exposure(g)[1][seat] > g.rules.go_salary:
        for s in side:
            sq = squares[s]
            if sq.ownable:
                if owner[s] == seat or (owner[s] >= 0 and mortgaged[s]):
                    best = s
            elif sq.kind in _SAFE_KINDS:
                best = s
    return Action(RIDE_TICKET, best) if best >= 0 else A.A_ROLL


def triples(bot: Any, d: Decision, g: Game) -> Action:
    """Any square: the best unowned property the bot would buy; else GO (the salary), else the first option."""
    options = d.legal_actions()
    choice = _best_property(bot, g, d.player, options)
    if choice is not None:
        return choice
    for a in options:
        if a.square == 0:
            return a
    return options[0]


def bus_face(bot: Any, d: Decision, g: Game) -> Action:
    """The rule book's advice: take a ticket, "usually a good idea if any tickets are left"."""
    return Action(_TAKE_TICKET)


def auction_pick(bot: Any, d: Decision, g: Game) -> Action:
    """The unowned property worth most to the bot (it may then bid for it)."""
    options = d.legal_actions()
    best, best_value = options[0], -1
    for a in options:
        v = bot.value(g, d.player, a.square)
        if v > best_value:
            best, best_value = a, v
    return best


def birthday_gift(bot: Any, d: Decision, g: Game) -> Action:
    """The cash when short of the bot's reserve, the ticket otherwise."""
    seat = d.player
    if g.players[seat].cash < bot.reserve(g, seat) + 100:
        return Action(_GIFT_CASH)
    return Action(_GIFT_TICKET)


def manage(bot: Any, d: Decision, g: Game) -> Action | None:
    """One of the edition's own buildings within the bot's budget (cash over its reserve): a train depot, a
    skyscraper (for bots that build hotels), or a house on a group held but for one street, up to the bot's
    ``build_target``, the lowest level first. None: nothing to add (the classic logic goes on).

    The candidates (legal but for cash) are worked out once per game version and kept in ``g.memo``: this is
    asked after almost every roll."""
    seat = d.player
    candidates = _candidates(bot, g, seat)
    if not candidates:
        return None
    budget = g.players[seat].cash - bot.reserve(g, seat)
    for cost, s in candidates:
        if cost <= budget:
            return Action(A.BUILD, s)
    return None


#: Mega rents are steep (002: triple with a whole group, double with all but one, houses on all but one, depots,
#: skyscrapers): every bot keeps at least this share of the worst rent an opponent could charge on one landing.
#: Measured (4-bot table, 30 games): without it the bots build, then sell at half price and mortgage to pay the
#: next rent (0.42 building sales and 0.35 mortgages a roll, against 0.07 and 0.13 in classic games); with half,
#: 0.2 of each; a larger share changes little.
RENT_SHARE_KEPT: Final = 0.5


def reserve(bot: Any, g: Game, seat: int, own: int) -> int:
    """The bot's own reserve, at least :data:`RENT_SHARE_KEPT` of the worst Mega rent it could meet."""
    floor = int(exposure(g)[1][seat] * RENT_SHARE_KEPT)
    return own if own >= floor else floor


def exposure(g: Game) -> tuple[list[int], list[int]]:
    """For each seat, the worst rent its properties could charge on one landing now, and the worst of the other
    seats': :func:`bots.base.rent_exposure` under the Mega rents (002 NEW PROPERTIES, RAILROADS). A group held all
    but one charges double and can be built on; a train depot doubles a railroad's rent; a skyscraper is level 6.
    (Utilities are left out, as in the classic estimate.) Computed once per game version, shared by the bots."""
    memo = g.memo.get("mega_exposure")
    if memo is not None and memo[0] == g.version:
        return memo[1]
    worst = [0] * len(g.players)
    level, mortgaged, owner, squares = g.level, g.mortgaged, g.owner, g.board.squares
    full, majority = g.rules.set_rent_multiplier, g.rules.majority_rent_multiplier
    for _, members, counts, size in g.group_rows:
        # only a seat holding all but one of a group, or all of it, charges more than the printed rent there, and
        # only such a seat can build on it: the groups nobody holds that much of are skipped unread
        for o, held in enumerate(counts):
            if held < size - 1:
                continue
            multiplier = full if held == size else majority
            for s in members:
                if owner[s] == o and not mortgaged[s]:
                    lv = level[s]
                    r = squares[s].rents[lv] if lv else squares[s].rents[0] * multiplier
                    if r > worst[o]:
                        worst[o] = r
    railroad_rents = g.board.railroad_rents
    counts = g.owned_in.get("railroad", [])
    for s in g.board.railroads:
        o = owner[s]
        if o >= 0 and not mortgaged[s]:
            r = railroad_rents[counts[o] - 1] * (2 if level[s] else 1)
            if r > worst[o]:
                worst[o] = r
    others = [0] * len(worst)
    for seat in range(len(worst)):
        for o, r in enumerate(worst):
            if o != seat and r > others[seat]:
                others[seat] = r
    g.memo["mega_exposure"] = (g.version, (worst, others))
    return worst, others


def _candidates(bot: Any, g: Game, seat: int) -> list[tuple[int, int]]:
    """(cost, square) of the edition's own buildings ``seat`` may add now but for cash, best first: the checks of
    :meth:`Mega.build_problem_but_cash`, made once per group rather than once per street (the same answers, which
    ``tests/test_mega_bots.py`` checks against it), and kept per game version in ``g.memo``."""
    key = ("mega_builds", seat, bot.build_target)
    cached = g.memo.get(key)
    if cached is not None and cached[0] == g.version:
        return cached[1]
    owner, level, squares, mortgaged, edition = g.owner, g.level, g.board.squares, g.mortgaged, g.edition
    assert isinstance(edition, Mega)     # (asked only in Mega games: bots/base.EDITION_MANAGE)
    hotel, target, rules = edition.hotel_level, bot.build_target, g.rules
    x = supply(g)
    found = []
    # depots: any railroad of the seat's without one
    if x.depots_left > 0:
        for s in g.board.railroads:
            if owner[s] == seat and not level[s] and not mortgaged[s]:
                found.append(((0, -squares[s].house_cost), squares[s].house_cost, s))
    limits = rules.building_limits
    houses_ok = not limits or g.houses_left > 0
    hotels_ok = not limits or g.hotels_left > 0
    if limits and g.closed_shortage[0] == g.turn:     # (rare: only after an unsold shortage auction)
        houses_ok = houses_ok and not shortage_closed(g, False)
        hotels_ok = hotels_ok and not shortage_closed(g, True)
    skyscrapers_ok = x.skyscrapers_left > 0 and target >= hotel
    even = rules.even_building
    # streets: only the groups the seat holds all but one of (houses, hotels), or all of with hotels (skyscrapers)
    for _, members, counts, size in g.group_rows:
        held = counts[seat]
        if held < size - 1:
            continue
        lowest, blocked = 1 << 30, False
        for s in members:
            if owner[s] == seat:
                if mortgaged[s]:
                    blocked = True
                    break
                if level[s] < lowest:
                    lowest = level[s]
        if blocked:
            continue
        if held == size:        # (the classic logic builds complete groups up to the hotel)
            if lowest == hotel and skyscrapers_ok:
                for s in members:
                    if level[s] == hotel:
                        found.append(((hotel, -squares[s].house_cost), squares[s].house_cost, s))
            continue
        for s in members:
            lv = level[s]
            if owner[s] != seat or lv >= target or lv >= hotel or (even and lv > lowest):
                continue
            if hotels_ok if lv == hotel - 1 else houses_ok:
                found.append(((lv, -squares[s].house_cost), squares[s].house_cost, s))
    found.sort()
    out = [(cost, s) for _, cost, s in found]
    g.memo[key] = (g.version, out)
    return out
