"""The bots' answers to the Mega Edition's decisions (seed 002), shared by every strategy.

Each answer reads the strategy's own knobs (:meth:`Bot.value`, :meth:`Bot.reserve`, ``build_target``), so a cautious
bot rides a bus ticket to fewer properties and builds fewer skyscrapers than an always-buy bot. :func:`manage` adds
the edition's own building (train depots, skyscrapers, houses with all but one of a group) to the bots' windows.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import actions as A
from ..actions import Action
from ..editions.mega import Mega
from ..editions.mega_tickets import side_squares, supply
from ..editions.mega_turn import RIDE_TICKET

if TYPE_CHECKING:
    from ..decisions import Decision
    from ..game_state import GameState as Game

# (the action kinds of editions/mega_turn.py, named here so that the bots need not import an edition module)
_TAKE_TICKET, _RIDE_BUS, _GIFT_CASH, _GIFT_TICKET = "take_ticket", "ride_bus", "gift_cash", "gift_ticket"


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
    """Ride to the best unowned property on this side that the bot would buy; otherwise roll. (The squares are
    looked at directly rather than through the decision's options: a bot holding a ticket is asked before every
    roll.)"""
    seat = d.player
    owner, squares = g.owner, g.board.squares
    best, best_gain = -1, -1
    for s in side_squares(g.size, g.players[seat].position):
        if owner[s] < 0 and squares[s].ownable:
            gain = _wanted(bot, g, seat, s)
            if gain > best_gain:
                best, best_gain = s, gain
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


def _candidates(bot: Any, g: Game, seat: int) -> list[tuple[int, int]]:
    """(cost, square) of the edition's own buildings ``seat`` may add now but for cash, best first."""
    key = ("mega_builds", seat, bot.build_target)
    cached = g.memo.get(key)
    if cached is not None and cached[0] == g.version:
        return cached[1]
    owner, level, squares, edition = g.owner, g.level, g.board.squares, g.edition
    assert isinstance(edition, Mega)     # (asked only in Mega games: bots/base.EDITION_MANAGE)
    hotel = edition.hotel_level
    found = []
    # depots: any railroad of the seat's without one (the checks of Mega.build_problem, inline: the common case)
    if supply(g).depots_left > 0:
        for s in g.board.railroads:
            if owner[s] == seat and not level[s] and not g.mortgaged[s]:
                found.append(((0, -squares[s].house_cost), squares[s].house_cost, s))
    # streets: only the groups the seat holds all but one of, or all of with hotels (skyscrapers)
    for _, members, counts, size in g.group_rows:
        held = counts[seat]
        if held < size - 1:
            continue
        for s in members:
            lv = level[s]
            if owner[s] != seat or (held == size and lv < hotel):
                continue                # (the classic logic builds complete groups up to the hotel)
            if (lv >= bot.build_target and lv != hotel) or (lv == hotel and bot.build_target < hotel):
                continue
            if edition.build_problem_but_cash(g, seat, s) is None:
                found.append(((lv, -squares[s].house_cost), squares[s].house_cost, s))
    found.sort()
    out = [(cost, s) for _, cost, s in found]
    g.memo[key] = (g.version, out)
    return out
