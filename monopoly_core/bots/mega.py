"""The bots' answers to the Mega Edition's decisions (seed 002), shared by every strategy.

Each answer reads the strategy's own knobs (:meth:`Bot.value`, :meth:`Bot.reserve`, ``build_target``), so a cautious
bot rides a bus ticket to fewer properties and builds fewer skyscrapers than an always-buy bot. :func:`manage` adds
the edition's own building (train depots, skyscrapers, houses with all but one of a group) to the bots' windows.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .. import actions as A
from ..actions import Action
from ..editions.mega import Mega
from ..building import placeable_squares, shortage_closed
from ..editions.mega_shortage import closed_problem
from ..editions.mega_tickets import side_squares, supply
from ..sales import ITEM_DEPOT, ITEM_SKYSCRAPER
from ..editions.mega_turn import MOVE_TO, RIDE_TICKET

if TYPE_CHECKING:
    from .base import Bot
    from ..decisions import Decision
    from ..game_state import GameState as Game

# (the action kinds of editions/mega_turn.py, named here so that the bots need not import an edition module)
_TAKE_TICKET, _RIDE_BUS, _GIFT_CASH, _GIFT_TICKET = "take_ticket", "ride_bus", "gift_cash", "gift_ticket"
#: squares where a ticket ride costs nothing and asks nothing (a card, a tax, the Auction square or Go To Jail may)
_SAFE_KINDS: Final = frozenset({"go", "jail", "free_parking", "bus_ticket", "birthday_gift"})


def _wanted(bot: Bot, g: Game, seat: int, square: int) -> int:
    """How much more than its price ``square`` is worth to ``bot`` (negative: not wanted; unaffordable or owned:
    -1)."""
    sq = g.board.squares[square]
    if not sq.ownable or g.owner[square] >= 0:
        return -1
    cash = g.players[seat].cash
    if cash - sq.price < bot.reserve(g, seat):
        return -1
    return bot.value(g, seat, square) - sq.price


def use_bus_ticket(bot: Bot, d: Decision, g: Game) -> Action:
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


def triples(bot: Bot, d: Decision, g: Game) -> Action:
    """Any square: the best unowned property the bot would buy (the first of the best, in board order); else GO
    (the salary); else, standing on GO, the square after it. (The squares are looked at directly rather than
    through the decision's 51 options: the same answer.)"""
    here = g.players[d.player].position
    owner, squares = g.owner, g.board.squares
    best, best_gain = -1, -1
    for s in g.board.properties:
        if s != here and owner[s] < 0:
            gain = _wanted(bot, g, d.player, s)
            if gain > best_gain:
                best, best_gain = s, gain
    if best < 0:
        best = 0 if here != 0 else 1
    return Action(MOVE_TO, best)


def bus_face(bot: Bot, d: Decision, g: Game) -> Action:
    """The rule book's advice: take a ticket, "usually a good idea if any tickets are left"."""
    return Action(_TAKE_TICKET)


def auction_pick(bot: Bot, d: Decision, g: Game) -> Action:
    """The unowned property worth most to the bot (it may then bid for it)."""
    options = d.legal_actions()
    best, best_value = options[0], -1
    for a in options:
        v = bot.value(g, d.player, a.square)
        if v > best_value:
            best, best_value = a, v
    return best


def birthday_gift(bot: Bot, d: Decision, g: Game) -> Action:
    """The cash when short of the bot's reserve, the ticket otherwise."""
    seat = d.player
    if g.players[seat].cash < bot.reserve(g, seat) + 100:
        return Action(_GIFT_CASH)
    return Action(_GIFT_TICKET)


def manage(bot: Bot, d: Decision, g: Game) -> Action | None:
    """One of the edition's own buildings within the bot's budget (cash over its reserve): a train depot, a
    skyscraper (for bots that build hotels), or a house on a group held but for one street, up to the bot's
    ``build_target``, the lowest level first. None: nothing to add (the classic logic goes on).

    This is asked after almost every roll, so the cheap tests come first: none of the seat's buildings can cost
    less than its holding's cheapest (with no reserve, then with it); only then are the candidates (legal but
    for cash) worked out, once per game version."""
    seat = d.player
    cash = g.players[seat].cash
    cheapest = _holding(g, _memo(g), seat).cheapest
    if cash < cheapest:
        return None         # (no candidate to afford, whatever the reserve: it is never negative)
    budget = cash - bot.reserve(g, seat)
    if budget < cheapest:
        return None
    candidates = _candidates(bot, g, seat)
    for cost, s in candidates:
        if cost <= budget:
            return Action(A.BUILD, s)
    return None


def building_bid(bot: Bot, d: Decision, g: Game) -> int:
    """The most ``bot`` bids for a skyscraper or a train depot in a shortage auction (before its reserve): the
    printed price of the building where it would place it (:func:`place_building`), as the classic bots bid a
    house's or a hotel's price; nothing for a skyscraper when the strategy stops at hotels (``build_target``, as
    :func:`manage` does)."""
    if d.item == ITEM_SKYSCRAPER and bot.build_target < g.edition.hotel_level:
        return 0
    squares = _placements(d, g)
    return g.board.squares[_best_placement(g, squares)].house_cost if squares else 0


def place_building(bot: Bot, d: Decision, g: Game) -> Action:
    """A skyscraper or a train depot won at auction goes where it adds the most rent (a skyscraper's rent over the
    hotel's; a depot doubles its railroad's rent: the first of them, as they all charge alike), the first such
    square if tied."""
    return Action(A.PLACE, _best_placement(g, _placements(d, g)))


def _placements(d: Decision, g: Game) -> list[int]:
    """Where the deciding seat may place the auction's item (a bid's or a placing's): the placing's options."""
    return placeable_squares(g, d.player, d.item)


def _best_placement(g: Game, squares: list[int]) -> int:
    best, best_gain = squares[0], -1
    for s in squares:
        rents = g.board.squares[s].rents
        lv = g.level[s]
        gain = rents[lv + 1] - rents[lv] if g.board.squares[s].kind == "street" and lv + 1 < len(rents) else 0
        if gain > best_gain:
            best, best_gain = s, gain
    return best


#: Mega rents are steep (002: triple with a whole group, double with all but one, houses on all but one, depots,
#: skyscrapers): every bot keeps at least this share of the worst rent an opponent could charge on one landing.
#: Measured (4-bot table, 30 games): without it the bots build, then sell at half price and mortgage to pay the
#: next rent (0.42 building sales and 0.35 mortgages a roll, against 0.07 and 0.13 in classic games); with half,
#: 0.2 of each; a larger share changes little.
RENT_SHARE_KEPT: Final = 0.5


def reserve(bot: Bot, g: Game, seat: int, own: int) -> int:
    """The bot's own reserve, at least :data:`RENT_SHARE_KEPT` of the worst Mega rent it could meet."""
    floor = int(exposure(g)[1][seat] * RENT_SHARE_KEPT)
    return own if own >= floor else floor


def exposure(g: Game) -> tuple[list[int], list[int]]:
    """For each seat, the worst rent its properties could charge on one landing now, and the worst of the other
    seats': :func:`bots.base.rent_exposure` under the Mega rents (002 NEW PROPERTIES, RAILROADS). A group held all
    but one charges double and can be built on; a train depot doubles a railroad's rent; a skyscraper is level 6.
    (Utilities are left out, as in the classic estimate.) Computed once per game version, shared by the bots, from
    each seat's :class:`_Holding` (only the squares that can charge more than the printed rent are read); a seat's
    own worst is worked out again only when its holding or its buildings changed (a change is usually one seat's)."""
    memo = _memo(g)
    if memo.exposure_version == g.version:
        return memo.exposure
    n = len(g.players)
    worst = [0] * n
    buildings_version = g.buildings_version
    for o in range(n):
        h = _holding(g, memo, o)
        if h.worst_at != buildings_version[o]:
            h.worst, h.worst_at = _worst_rent(g, o, h), buildings_version[o]
        worst[o] = h.worst
    # the worst of the others: the overall worst, except for the seat that holds it (then the runner-up)
    top = 0
    for o in range(n):
        if worst[o] > worst[top]:
            top = o
    runner_up = 0
    for o in range(n):
        if o != top and worst[o] > runner_up:
            runner_up = worst[o]
    others = [worst[top] if n else 0] * n
    if n:
        others[top] = runner_up
    memo.exposure_version, memo.exposure = g.version, (worst, others)
    return worst, others


def _worst_rent(g: Game, seat: int, h: _Holding) -> int:
    """The worst rent ``seat``'s properties could charge on one landing now (see :func:`exposure`), from its
    holding ``h``."""
    level, mortgaged, owner, squares = g.level, g.mortgaged, g.owner, g.board.squares
    full, majority = g.rules.set_rent_multiplier, g.rules.majority_rent_multiplier
    w = 0
    for members, whole in h.groups:
        multiplier = full if whole else majority
        for s in members:
            if owner[s] == seat and not mortgaged[s]:
                lv = level[s]
                r = squares[s].rents[lv] if lv else squares[s].rents[0] * multiplier
                if r > w:
                    w = r
    if h.railroads:
        base = g.board.railroad_rents[len(h.railroads) - 1]      # (the rent by railroads owned, mortgaged or not)
        for s in h.railroads:
            if not mortgaged[s]:
                r = base * 2 if level[s] else base
                if r > w:
                    w = r
    return w


class _Holding:
    """What one seat holds that the Mega estimates read: the colour groups it holds all but one of or all of
    (members, whole), and its railroads, in board order. Rebuilt only when ``holdings_version[seat]`` moves (its
    deeds and mortgages, and the owners in the groups it holds part of); building levels are read live, except by
    ``worst`` (:func:`_worst_rent`), kept until ``buildings_version[seat]`` moves from ``worst_at``."""

    __slots__ = ("version", "groups", "railroads", "cheapest", "worst", "worst_at")

    def __init__(self, g: Game, seat: int) -> None:
        self.version = g.holdings_version[seat]
        self.groups: list[tuple[tuple[int, ...], bool]] = []
        owner, squares = g.owner, g.board.squares
        cheapest = 1 << 60      # the least any building of the seat's could cost (a bound: 1 << 60 with none)
        for _, members, counts, size in g.group_rows:
            held = counts[seat]
            if held >= size - 1:
                self.groups.append((members, held == size))
                for s in members:
                    if owner[s] == seat and squares[s].house_cost < cheapest:
                        cheapest = squares[s].house_cost
        self.railroads: list[int] = []
        for s in g.board.railroads:
            if owner[s] == seat:
                self.railroads.append(s)
                if squares[s].house_cost < cheapest:
                    cheapest = squares[s].house_cost
        self.cheapest = cheapest
        self.worst, self.worst_at = 0, -1


class _Builds:
    """One seat's candidate buildings (:func:`_candidates`) at one game version, for one ``build_target``."""

    __slots__ = ("version", "target", "out")

    def __init__(self, version: int, target: int, out: list[tuple[int, int]]) -> None:
        self.version, self.target, self.out = version, target, out


class _Memo:
    """The Mega bots' figures for one game (``g.memo``), shared by its bots: each seat's holding and candidate
    buildings, and the exposure at one game version. (Fields, not dict keys: asked after almost every roll.)"""

    __slots__ = ("holdings", "builds", "exposure_version", "exposure")

    def __init__(self, seats: int) -> None:
        self.holdings: list[_Holding | None] = [None] * seats
        self.builds: list[_Builds | None] = [None] * seats
        self.exposure_version = -1
        self.exposure: tuple[list[int], list[int]] = ([], [])


def _memo(g: Game) -> _Memo:
    memo = g.memo.get("mega_bots")
    if not isinstance(memo, _Memo):
        memo = g.memo["mega_bots"] = _Memo(len(g.players))
    return memo


def _holding(g: Game, memo: _Memo, seat: int) -> _Holding:
    h = memo.holdings[seat]
    if h is None or h.version != g.holdings_version[seat]:
        h = memo.holdings[seat] = _Holding(g, seat)
    return h


def _candidates(bot: Bot, g: Game, seat: int) -> list[tuple[int, int]]:
    """(cost, square) of the edition's own buildings ``seat`` may add now but for cash, best first: the checks of
    :meth:`Mega.build_problem_but_cash`, made once per group rather than once per street (the same answers, which
    ``tests/test_mega_bots.py`` checks against it), read only in the groups and railroads of the seat's
    :class:`_Holding`, and kept per game version."""
    memo = _memo(g)
    target = bot.build_target
    cached = memo.builds[seat]
    if cached is not None and cached.version == g.version and cached.target == target:
        return cached.out
    h = _holding(g, memo, seat)
    found: list[tuple[tuple[int, int], int, int]] = []
    x = supply(g)
    # (an unsold shortage auction closes skyscrapers or depots for the turn: rare, so asked only when supplied)
    skyscrapers = x.skyscrapers_left > 0 and closed_problem(g, ITEM_SKYSCRAPER) is None
    depots = x.depots_left > 0 and closed_problem(g, ITEM_DEPOT) is None
    if h.groups or (h.railroads and depots):
        _find_candidates(g, seat, target, h, skyscrapers, depots, found)
        found.sort()
    out = [(cost, s) for _, cost, s in found]
    memo.builds[seat] = _Builds(g.version, target, out)
    return out


def _find_candidates(g: Game, seat: int, target: int, h: _Holding, skyscrapers_left: bool, depots_left: bool,
                     found: list[tuple[tuple[int, int], int, int]]) -> None:
    """Append to ``found`` ((level, -cost), cost, square) for each building of :func:`_candidates`."""
    owner, level, squares, mortgaged, edition = g.owner, g.level, g.board.squares, g.mortgaged, g.edition
    assert isinstance(edition, Mega)     # (asked only in Mega games: bots/base.EDITION_MANAGE)
    hotel, rules = edition.hotel_level, g.rules
    # depots: any railroad of the seat's without one
    if depots_left:
        for s in h.railroads:
            if not level[s] and not mortgaged[s]:
                found.append(((0, -squares[s].house_cost), squares[s].house_cost, s))
    if not h.groups:
        return
    limits = rules.building_limits
    houses_ok = not limits or g.houses_left > 0
    hotels_ok = not limits or g.hotels_left > 0
    if limits and g.closed_shortage[0] == g.turn:     # (rare: only after an unsold shortage auction)
        houses_ok = houses_ok and not shortage_closed(g, False)
        hotels_ok = hotels_ok and not shortage_closed(g, True)
    skyscrapers_ok = skyscrapers_left and target >= hotel
    even = rules.even_building
    # streets: only the groups the seat holds all but one of (houses, hotels), or all of with hotels (skyscrapers)
    for members, whole in h.groups:
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
        if whole:        # (the classic logic builds complete groups up to the hotel)
            if lowest == hotel and skyscrapers_ok:
                for s in members:
                    if level[s] == hotel:
                        found.append(((hotel, -squares[s].house_cost), squares[s].house_cost, s))
            continue
        for s in members:
            lv = level[s]
            if owner[s] != seat or lv >= target or lv >= hotel or (even and lv > lowest):
                continue
            if (hotels_ok and lowest >= lv) if lv == hotel - 1 else houses_ok:     # (002 HOTELS: four on each)
                found.append(((lv, -squares[s].house_cost), squares[s].house_cost, s))
