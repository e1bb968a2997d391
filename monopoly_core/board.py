"""The board as data: squares, colour groups, and the lookups the engine needs on its hot path.

A :class:`Board` is built once from ``data/boards/<name>.toml`` and shared (read-only) by every game, the Markov
builder and the figures. Nothing about a particular board is written in Python: sizes, corners, groups and rents
all come from the file.
"""
from __future__ import annotations

from typing import Final

import functools
import re
from dataclasses import dataclass, field

from .datafiles import load_toml
from .errors import DataError

#: Square kinds that can be owned.
OWNABLE: Final = frozenset({"street", "railroad", "utility"})
#: A square kind is any lower-case name: what landing on it does is the edition's (``Edition.landing_rules``;
#: a deck kind draws a card), and ``RuleSet.validate`` refuses a board with a kind its edition does not know.
KIND_PATTERN: Final = re.compile(r"[a-z][a-z0-9_]*")


@dataclass(frozen=True, slots=True)
class Square:
    """One square of the board, as printed (and on its title deed)."""

    index: int
    name: str
    short: str
    kind: str
    group: str = ""
    price: int = 0
    house_cost: int = 0
    rents: tuple[int, ...] = ()
    mortgage: int = 0
    amount: int = 0            # tax squares: the amount to pay
    income_tax: bool = False   # the square the "flat or 10%" income tax house rule applies to

    @property
    def ownable(self) -> bool:
        return self.kind in OWNABLE


@dataclass(frozen=True, slots=True)
class Group:
    """A colour group: its streets in board order, label and display colour."""

    name: str
    label: str
    colour: str
    squares: tuple[int, ...]


@dataclass(frozen=True)
class Board:
    """An immutable board with precomputed lookup tables."""

    name: str
    title: str
    currency: str
    squares: tuple[Square, ...]
    groups: dict[str, Group]
    jail: int
    railroad_label: str
    railroad_rents: tuple[int, ...]
    utility_multipliers: tuple[int, ...]
    # derived tables, filled in __post_init__
    size: int = field(init=False)
    go_to_jail: tuple[int, ...] = field(init=False)
    railroads: tuple[int, ...] = field(init=False)
    utilities: tuple[int, ...] = field(init=False)
    properties: tuple[int, ...] = field(init=False)
    _nearest: dict[str, tuple[int, ...]] = field(init=False, repr=False)

    def __post_init__(self):
        sq = self.squares
        set_ = object.__setattr__
        set_(self, "size", len(sq))
        set_(self, "go_to_jail", tuple(s.index for s in sq if s.kind == "go_to_jail"))
        set_(self, "railroads", tuple(s.index for s in sq if s.kind == "railroad"))
        set_(self, "utilities", tuple(s.index for s in sq if s.kind == "utility"))
        set_(self, "properties", tuple(s.index for s in sq if s.ownable))
        nearest = {}
        for kind in ("railroad", "utility", "chance", "chest"):
            targets = [s.index for s in sq if s.kind == kind]
            if targets:
                nearest[kind] = tuple(self._first_ahead(i, targets) for i in range(len(sq)))
        set_(self, "_nearest", nearest)

    def _first_ahead(self, start: int, targets: list[int]) -> int:
        n = len(self.squares)
        return min(targets, key=lambda t: (t - start - 1) % n)

    def __getitem__(self, index: int) -> Square:
        return self.squares[index]

    def __len__(self) -> int:
        return len(self.squares)

    def nearest(self, start: int, kind: str) -> int:
        """The first square of ``kind`` strictly ahead of ``start`` (wrapping past GO), as the cards mean it."""
        try:
            return self._nearest[kind][start]
        except KeyError:
            raise DataError(f"board {self.name!r} has no {kind} square") from None

    def group_of(self, index: int) -> Group | None:
        g = self.squares[index].group
        return self.groups.get(g) if g else None

    def kinds_present(self) -> set[str]:
        return {s.kind for s in self.squares}


def _square(raw: dict, position: int, board: str) -> Square:
    where = f"board {board!r} square {position}"
    if raw.get("index", position) != position:
        raise DataError(f"{where}: index {raw.get('index')} out of order")
    kind = raw.get("kind")
    if not isinstance(kind, str) or not KIND_PATTERN.fullmatch(kind):
        raise DataError(f"{where}: a square's kind must be a lower-case name, got {kind!r}")
    rents = tuple(raw.get("rents", ()))
    # (a price of 0 is a price: the Cheaters Edition's "Grafton Street is free")
    if kind == "street" and (len(rents) != 6 or not raw.get("group") or not isinstance(raw.get("price"), int)
                             or raw["price"] < 0):
        raise DataError(f"{where}: a street needs a group, a price (0 or more) and 6 rents")
    return Square(index=position, name=raw["name"], short=raw.get("short", raw["name"]), kind=kind,
                  group=raw.get("group", ""), price=int(raw.get("price", 0)),
                  house_cost=int(raw.get("house_cost", 0)), rents=rents, mortgage=int(raw.get("mortgage", 0)),
                  amount=int(raw.get("amount", 0)), income_tax=bool(raw.get("income_tax", False)))


@functools.lru_cache(maxsize=None)
def load_board(name: str) -> Board:
    """The board named ``name`` (``data/boards/<name>.toml``), cached per process."""
    raw = load_toml("boards", name)
    squares = tuple(_square(s, i, name) for i, s in enumerate(raw.get("squares", ())))
    if len(squares) < 8:
        raise DataError(f"board {name!r}: too few squares ({len(squares)})")
    members: dict[str, list[int]] = {}
    for s in squares:
        if s.group:
            members.setdefault(s.group, []).append(s.index)
    groups = {}
    for g, info in raw.get("groups", {}).items():
        if g not in members:
            raise DataError(f"board {name!r}: group {g!r} has no streets")
        groups[g] = Group(g, info.get("label", g), info.get("colour", "#999999"), tuple(members[g]))
    missing = set(members) - set(groups)
    if missing:
        raise DataError(f"board {name!r}: streets name undeclared groups {sorted(missing)}")
    jail = int(raw.get("jail", -1))
    if not (0 <= jail < len(squares)) or squares[jail].kind != "jail":
        raise DataError(f"board {name!r}: 'jail' must be the index of the jail square")
    return Board(name=name, title=raw.get("title", name), currency=raw.get("currency", "$"), squares=squares,
                 groups=groups, jail=jail, railroad_label=raw.get("railroad", {}).get("label", "Railroad"),
                 railroad_rents=tuple(raw.get("railroad", {}).get("rents", ())),
                 utility_multipliers=tuple(raw.get("utility", {}).get("multipliers", ())))
