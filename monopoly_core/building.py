"""Building rules: when a house or hotel may be bought or sold (002 HOUSES, HOTELS, BUILDING SHORTAGES,
SELLING PROPERTY; 004 BUILDINGS).

Levels: 0 = unimproved, 1-4 = houses, 5 = hotel. Every function returns the reason an action is illegal, or
None when it is legal, so the engine, the decision checks, the bots and the pages share one set of rules.
"""
from __future__ import annotations

from typing import Final, TYPE_CHECKING

if TYPE_CHECKING:
    from .board import Square
    from .game_state import GameState

HOTEL: Final = 5


def _group(game: GameState, square: int) -> tuple[Square, tuple[int, ...]]:
    """The square and the streets of its colour group (empty for squares without one)."""
    return game.board.squares[square], game.members_of[square]


def build_problem(game: GameState, seat: int, square: int, *, check_cash: bool = True) -> str | None:
    """Why ``seat`` may not buy one building for ``square`` now (None: it may)."""
    sq, members = _group(game, square)
    if sq.kind != "street":
        return f"{sq.name} is not a street"
    if game.owner[square] != seat:
        return f"you do not own {sq.name}"
    owner, level, mortgaged = game.owner, game.level, game.mortgaged
    # plain loops rather than any(...) over generators: these checks run for every building a bot buys
    for s in members:
        if owner[s] != seat:
            return f"you need the whole {game.board.groups[sq.group].label} set to build"
    for s in members:
        if mortgaged[s]:
            return f"a street of the {game.board.groups[sq.group].label} set is mortgaged"
    lv = level[square]
    if lv >= HOTEL:
        return f"{sq.name} already has a hotel"
    rules = game.rules
    if rules.even_building:
        for s in members:
            if level[s] < lv:
                # with four houses here, this is also "a hotel needs four houses on every street of the set"
                return f"build evenly: other streets of the set have fewer buildings than {sq.name}"
    elif lv == game.edition.hotel_level - 1:
        # (uneven building, a house rule, still leaves 002 HOTELS: "When you have four houses on each property of a
        # complete color-group, you may buy a hotel"; an outside audit built one beside an empty street)
        for s in members:
            if level[s] < lv:
                return f"a hotel needs {lv} houses on every street of the {game.board.groups[sq.group].label} set " \
                       f"first"
    if rules.building_limits:
        hotel = lv == game.edition.hotel_level - 1
        if hotel and game.hotels_left <= 0:
            return "the bank has no hotels left"
        if not hotel and game.houses_left <= 0:
            return "the bank has no houses left"
        if game.closed_shortage[0] == game.turn and shortage_closed(game, hotel):
            return f"nobody bid the minimum for the bank's last {'hotels' if hotel else 'houses'} at auction this " \
                   f"turn: they can be bought again next turn"
    if check_cash and game.players[seat].cash < sq.house_cost:
        return f"a building on {sq.name} costs {sq.house_cost}, you have {game.players[seat].cash}"
    return None


def arranged_problem(game: GameState, square: int, *, but: int = 0) -> str | None:
    """Why the buildings on ``square`` could not stand there in a game (None: they could, or there are none): a
    street's buildings stand on a colour group whose owner holds all of it but ``but`` streets (classic: the whole
    set, 002 HOUSES and 004 BUILDINGS), none of those mortgaged (002 MORTGAGES: "all the buildings on all the
    properties of its color-group must be sold" first). What :meth:`Game.arrange` refuses (through the edition's
    :meth:`~.editions.base.Edition.arranged_problem`); read from the owners directly, not the holding counters, so
    that a change can be tried before it is made."""
    if not game.level[square]:
        return None
    sq, members = _group(game, square)
    seat, owner, mortgaged = game.owner[square], game.owner, game.mortgaged
    if sq.kind != "street" or not members:
        return f"{sq.name} cannot be built on"
    if seat < 0:
        return f"{sq.name} belongs to the bank: buildings stand only on a player's street"
    label = game.board.groups[sq.group].label
    held = 0
    for s in members:
        if owner[s] == seat:
            if mortgaged[s]:
                return f"{game.board.squares[s].name} is mortgaged, and a {label} street has buildings: a group with " \
                       f"buildings has no mortgaged street of their owner's"
            held += 1
    if held < len(members) - but:
        need = "the whole" if not but else "all but one of the"
        return f"the buildings on {sq.name} need {need} {label} set held by their owner"
    return None


def arranged_on_street_problem(game: GameState, square: int) -> str | None:
    """:func:`arranged_problem` for editions whose buildings outlive their owner's hold on the set (Sore Losers and
    Cheaters: buildings stay where they are after a bankruptcy, whoever takes the deeds, the bank included; Cheaters
    also sets a hotel on a street of the bank's and moves hotels by cards): any street may hold them, only a street."""
    sq = game.board.squares[square]
    if game.level[square] and (sq.kind != "street" or not game.members_of[square]):
        return f"{sq.name} cannot be built on"
    return None


def hotel_in_bank(game: GameState) -> bool:
    """The bank can hand out a hotel: one is left, or the supply is unlimited (building limits off)."""
    return not game.rules.building_limits or game.hotels_left > 0


def shortage_closed(game: GameState, hotel: bool) -> bool:
    """True when a shortage auction for this kind of building found no buyer this turn (and the supply is still
    short), so no one may ask for one again until the next turn (this lab's rule: 002 BUILDING SHORTAGES does not
    say what happens when nobody bids)."""
    return item_closed(game, 2 if hotel else 1, game.hotels_left if hotel else game.houses_left)


def item_closed(game: GameState, item: int, supply: int) -> bool:
    """:func:`shortage_closed` for any auction ``item`` (``sales.ITEM_*``; Mega: skyscrapers and train depots),
    given the bank's ``supply`` of it."""
    turn, kinds = game.closed_shortage
    if turn != game.turn or not kinds & (1 << item):
        return False
    return supply < len(game.order)


def sell_problem(game: GameState, seat: int, square: int) -> str | None:
    """Why ``seat`` may not sell one building level of ``square`` back to the bank (None: it may)."""
    sq, members = _group(game, square)
    if game.owner[square] != seat:
        return f"you do not own {sq.name}"
    level = game.level
    lv = level[square]
    if lv == 0:
        return f"{sq.name} has no buildings"
    if game.rules.even_building:
        for s in members:
            if level[s] > lv:
                return f"sell evenly: other streets of the set have more buildings than {sq.name}"
    if lv == HOTEL and game.rules.building_limits and game.houses_left < 4:
        return "the bank has fewer than 4 houses to break the hotel down; sell the whole set's buildings instead"
    return None


def sell_all_problem(game: GameState, seat: int, square: int) -> str | None:
    """Why ``seat`` may not sell every building of ``square``'s set at once (None: it may)."""
    sq, members = _group(game, square)
    if not members or game.owner[square] != seat:
        return f"you do not own {sq.name}"
    if not any(game.level[s] for s in members):
        return f"the {game.board.groups[sq.group].label} set has no buildings"
    return None


def sale_value(game: GameState, square: int, levels: int | None = None) -> int:
    """Money the bank pays for ``levels`` building levels of ``square`` (default: all): half the price each."""
    n = game.level[square] if levels is None else levels
    return n * (game.board.squares[square].house_cost // 2)


def building_counts(game: GameState, seat: int) -> tuple[int, int]:
    """(houses, hotels) owned by ``seat``."""
    houses = hotels = 0
    level = game.level
    for s in game.deeds_of[seat]:
        lv = level[s]
        if lv >= HOTEL:             # (Mega: a skyscraper counts as a hotel; a train depot as nothing)
            hotels += 1
        elif game.members_of[s]:
            houses += lv
    return houses, hotels


def buildable_squares(game: GameState, seat: int, *, hotel: bool | None = None, check_cash: bool = True) -> list[int]:
    """Squares where ``seat`` may place one house or hotel now (optionally only houses or only hotels). Without
    ``check_cash``, by the edition's rule (:meth:`Edition.build_problem_but_cash`: Mega builds with all but one of a
    group), leaving out an edition's own buildings (Mega's skyscrapers and depots: :func:`placeable_squares` finds
    where those go)."""
    out = []
    edition = game.edition
    top = edition.hotel_level
    for s in game.deeds_of[seat]:
        if check_cash:
            why = build_problem(game, seat, s)
        elif game.level[s] >= top or not game.members_of[s]:
            continue
        else:
            why = build_problem(game, seat, s, check_cash=False) if game.classic_rules else \
                edition.build_problem_but_cash(game, seat, s)
        if why is None and (hotel is None or (game.level[s] == top - 1) == hotel):
            out.append(s)
    return out


def placeable_squares(game: GameState, seat: int, item: int) -> list[int]:
    """Squares where ``seat`` may place one building of auction ``item`` now, whatever its cash (the winner of a
    shortage auction chooses among them): those whose next building is that item
    (:meth:`Edition.building_item`) and that the edition's rule allows but for cash."""
    edition = game.edition
    out = []
    for s in game.deeds_of[seat]:
        if edition.building_item(game, s) == item and edition.build_problem_but_cash(game, seat, s) is None:
            out.append(s)
    return out
