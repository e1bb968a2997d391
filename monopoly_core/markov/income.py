"""Expected rent per opponent turn, and payback time, for every property at every building level.

Rents are read from the title deeds in the board data, with the engine's rent rules (:func:`monopoly_core.rent.
rent_due`) applied to theoretical holdings instead of a game:

* streets: the printed rent of the level; unimproved with the whole colour set pays ``set_rent_multiplier``
  times the base rent;
* railroads: the rent for the number of railroads the owner holds; the "nearest railroad" card pays double;
* utilities: the multiplier for the number owned times the total of the dice roll that brought the token there;
  the "nearest utility" card pays ten times a new roll (its expected total). A landing by any other card move
  pays with a dice total of 0, as the engine charges it. With a new roll for the rent (``RuleSet.utility_rent``,
  the UK book's), every landing pays the multiplier times the mean total.

Expected rent per opponent turn = sum over the ways of landing (by dice, by each card rent mode) of the expected
landings per turn (the ``visits-per-turn`` quantity) times the rent each pays. A railroad level ``n owned``
assumes an average railroad (the mean landing rate of all railroads), likewise for utilities.

Payback is in *rounds*: in one round each of the ``opponents`` opponents takes one turn (so, your own turns).
A colour group's payback at a level = (prices of all its streets + the buildings on them) / (``opponents`` x the
group's expected rent per opponent turn). A hotel costs five houses' worth (four houses and the hotel).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .builder import Chain, chain
from .quantities import rolls_per_turn

STREET_LEVELS = ("no set", "set", "1 house", "2 houses", "3 houses", "4 houses", "hotel")
#: Levels of an edition's own, numbered after the classic ones (Mega, seed 002: a skyscraper above the hotel, and
#: double rent on an unimproved street with all but one of its group)
SKYSCRAPER, ALL_BUT_ONE = len(STREET_LEVELS), len(STREET_LEVELS) + 1
HOTEL_ROW = STREET_LEVELS.index("hotel")
EXTRA_LEVELS = ("skyscraper", "all but one")


@dataclass(frozen=True)
class RentRow:
    """One property at one level: the rent an ordinary landing pays and the expected rent per opponent turn."""

    square: int
    name: str
    group: str                 # colour group, or "railroad" / "utility"
    level: int                 # streets: index into STREET_LEVELS; railroads/utilities: number owned
    level_name: str
    rent: float                # on an ordinary dice landing (utilities: at the average dice total)
    per_opponent_turn: float   # expected rent from one opponent's turn


@dataclass(frozen=True)
class PaybackRow:
    """A colour group (or the railroads, the utilities) at one level, against ``opponents`` opponents."""

    group: str
    label: str
    colour: str
    level: int
    level_name: str
    cost: int                  # price of the holding plus its buildings
    per_opponent_turn: float   # expected rent of the whole holding from one opponent's turn
    opponents: int
    payback_rounds: float      # cost / (opponents x per_opponent_turn); inf when nothing is earned


@dataclass(frozen=True)
class Income:
    """Expected rents and payback times for one rule set and policy."""

    board: str
    jail_policy: str
    uk_card: str
    opponents: int
    rents: tuple[RentRow, ...]
    payback: tuple[PaybackRow, ...]


def landing_rates(ch: Chain) -> dict[str, np.ndarray]:
    """Expected landings per turn on each square, split by how the rent is charged.

    ``dice``: landings by a dice roll; ``dice_total``: the same weighted by that roll's total; ``card``: card
    moves without a rent mode; and one entry per card rent mode (``double``, ``dice_x10``).
    """
    per_turn = ch.pi * rolls_per_turn(ch)
    dice = per_turn @ ch.dice_landing
    all_landings = dice @ ch.landings
    out = {"dice": dice, "dice_total": per_turn @ ch.dice_landing_total}
    moded = np.zeros(ch.size)
    for mode, m in ch.mode_landings.items():
        out[mode] = dice @ m
        moded += out[mode]
    out["card"] = all_landings - dice - moded
    return out


def _mean_total(ch: Chain) -> float:
    return sum(r.total for r in ch.dice.outcomes) / len(ch.dice.outcomes)


def rent_rows(ch: Chain, set_rent_multiplier: int, majority_rent_multiplier: int = 1,
              skyscraper_rents: dict[int, int] | None = None, depots: bool = False,
              houses: bool = True, utility_new_roll: bool = False) -> list[RentRow]:
    """Every property at every level. An edition's own levels (Mega): ``majority_rent_multiplier`` above 1 adds an
    "all but one" row to each street, ``skyscraper_rents`` (square -> rent) a "skyscraper" row, and ``depots``
    a row per number of railroads owned with a train depot on the railroad (double rent), numbered after the
    plain counts (``n + railroads``). Without ``houses`` (the Cheaters Edition: "there aren't any Houses, just
    Hotels", seed 003) the house rows are left out: a street goes from its set straight to its hotel. With
    ``utility_new_roll`` (``RuleSet.utility_rent``, 004: "Roll the dice to determine rent") every landing on a utility
    pays its multiplier times a new roll, whatever brought the token there."""
    skyscraper_rents = skyscraper_rents or {}
    board = ch.board
    rates = landing_rates(ch)
    plain = rates["dice"] + rates["card"]
    mean_total = _mean_total(ch)
    rows = []
    rr, ut = board.railroads, board.utilities
    for s in board.properties:
        sq = board.squares[s]
        if sq.kind == "street":
            rents = [sq.rents[0], sq.rents[0] * set_rent_multiplier, *sq.rents[1:]]
            landings = plain[s] + rates["double"][s] + rates["dice_x10"][s]
            for lv, (name, rent) in enumerate(zip(STREET_LEVELS, rents)):
                if not houses and 1 < lv < HOTEL_ROW:
                    continue
                rows.append(RentRow(s, sq.name, sq.group, lv, name, float(rent), float(landings * rent)))
            extra = {SKYSCRAPER: skyscraper_rents.get(s, -1), ALL_BUT_ONE: sq.rents[0] * majority_rent_multiplier
                     if majority_rent_multiplier > 1 else -1}
            for lv, rent in extra.items():
                if rent >= 0:
                    rows.append(RentRow(s, sq.name, sq.group, lv, EXTRA_LEVELS[lv - SKYSCRAPER], float(rent),
                                        float(landings * rent)))
        elif sq.kind == "railroad":
            landings = plain[s] + rates["dice_x10"][s] + 2 * rates["double"][s]
            for n, rent in enumerate(board.railroad_rents[:len(rr)], start=1):
                rows.append(RentRow(s, sq.name, "railroad", n, f"{n} owned", float(rent), float(landings * rent)))
            if depots:          # 002 RAILROADS: "A Train Depot doubles the rent"
                for n, rent in enumerate(board.railroad_rents[:len(rr)], start=1):
                    rows.append(RentRow(s, sq.name, "railroad", n + len(rr), f"{n} owned, with a depot",
                                        float(2 * rent), float(2 * landings * rent)))
        elif sq.kind == "utility":
            for n, mult in enumerate(board.utility_multipliers[:len(ut)], start=1):
                on_dice = mean_total * plain[s] if utility_new_roll else rates["dice_total"][s]
                expected = mult * on_dice + 10 * mean_total * rates["dice_x10"][s]
                rows.append(RentRow(s, sq.name, "utility", n, f"{n} owned", float(mult * mean_total),
                                    float(expected)))
    return rows


def payback_rows(ch: Chain, rows: list[RentRow], opponents: int,
                 hotel_steps: int = HOTEL_ROW - 1) -> list[PaybackRow]:
    """Payback per group and level: the price of the group and of its buildings, over the rent the opponents pay.
    A building is bought one level at a time at the street's house cost: a hotel takes ``hotel_steps`` (five in the
    classic game, four houses and the hotel; one in the Cheaters Edition), a Mega skyscraper one more."""
    board = ch.board
    out = []

    def add(group, label, colour, level, level_name, cost, income):
        rounds = cost / (opponents * income) if income > 0 else float("inf")
        out.append(PaybackRow(group, label, colour, level, level_name, int(cost), float(income), opponents,
                              float(rounds)))

    for name, grp in board.groups.items():
        members = grp.squares
        price = sum(board.squares[s].price for s in members)
        for lv in range(1, len(STREET_LEVELS)):
            at_level = [r.per_opponent_turn for r in rows if r.square in members and r.level == lv]
            if not at_level:
                continue        # (a level the edition does not build: the Cheaters Edition's houses)
            steps = hotel_steps if lv == HOTEL_ROW else lv - 1
            building = sum(board.squares[s].house_cost * steps for s in members)
            add(name, grp.label, grp.colour, lv, STREET_LEVELS[lv], price + building, sum(at_level))
        sky = [r.per_opponent_turn for r in rows if r.square in members and r.level == SKYSCRAPER]
        if sky:                 # a skyscraper on every street: the hotel's levels, and itself
            building = sum(board.squares[s].house_cost * (hotel_steps + 1) for s in members)
            add(name, grp.label, grp.colour, SKYSCRAPER, EXTRA_LEVELS[0], price + building, sum(sky))
    for kind, label, colour in (("railroad", board.railroad_label + "s", "#444444"), ("utility", "Utilities",
                                                                                      "#9e9e9e")):
        squares = board.railroads if kind == "railroad" else board.utilities
        if not squares:
            continue
        mean_price = sum(board.squares[s].price for s in squares) / len(squares)
        for n in range(1, len(squares) + 1):
            per_square = [r.per_opponent_turn for r in rows if r.group == kind and r.level == n]
            if not per_square:
                continue
            income = n * sum(per_square) / len(per_square)
            add(kind, label, colour, n, f"{n} owned", round(n * mean_price), income)
        for n in range(1, len(squares) + 1):      # with a train depot on each (Mega): level n + railroads
            depot = [r for r in rows if r.group == kind and r.level == n + len(squares)]
            if depot:
                income = n * sum(r.per_opponent_turn for r in depot) / len(depot)
                cost = sum(board.squares[s].house_cost for s in squares) / len(squares)
                add(kind, label, colour, n + len(squares), depot[0].level_name, round(n * (mean_price + cost)),
                    income)
    return out


def income(rules, jail: str = "long", uk_card: str = "pay", opponents: int = 3, assume: str = "") -> Income:
    """Expected rent per opponent turn for every property and level, and payback per group and level against
    ``opponents`` opponents (default 3: a four-player game)."""
    if opponents < 1:
        raise ValueError(f"opponents must be at least 1, got {opponents}")
    from ..editions import get
    ch = chain(rules, jail, uk_card, assume)
    edition = get(rules.edition)
    hotel_steps = edition.hotel_level       # (the purchases a hotel takes: 5, or 1 with hotels only)
    rows = rent_rows(ch, rules.set_rent_multiplier, rules.majority_rent_multiplier, _skyscraper_rents(rules),
                     rules.train_depots > 0, houses=hotel_steps > 1,
                     utility_new_roll=rules.utility_rent == "new_roll" and "utility_rent" not in edition.unused_rules)
    return Income(board=ch.board.name, jail_policy=jail, uk_card=uk_card, opponents=opponents,
                  rents=tuple(rows), payback=tuple(payback_rows(ch, rows, opponents, hotel_steps)))


def _skyscraper_rents(rules) -> dict[int, int]:
    """Square -> skyscraper rent, where the edition's board has a level above the hotel (Mega); else empty."""
    from ..editions import get
    board = get(rules.edition).board(rules)
    top = len(STREET_LEVELS) - 1        # rents: base, 1-4 houses, hotel; a seventh is the skyscraper's
    return {s: sq.rents[top] for s, sq in enumerate(board.squares) if sq.kind == "street" and len(sq.rents) > top}
