"""Players: who sits at the table (:class:`PlayerSpec`) and where they stand in a game (:class:`Player`).

The rest of a game's state (owners, buildings, mortgages, decks, the pot) lives on the :class:`~.game.Game`
as plain per-square lists, which the hot path indexes directly.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import unicodedata
from dataclasses import dataclass

from .bounds import has_control_characters, short, shows_something
from .errors import InvalidRules

if TYPE_CHECKING:
    from .game_state import GameState

PERSON: Final = "person"
BOT: Final = "bot"
TOKEN_COLOURS = ("#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6", "#9a6324")


@dataclass(frozen=True)
class PlayerSpec:
    """A seat at the table: a name, person or bot (with its strategy), and a token colour."""

    name: str
    kind: str = BOT
    strategy: str = "cautious"
    colour: str = ""

    def to_json(self) -> dict:
        return {"name": self.name, "kind": self.kind, "strategy": self.strategy, "colour": self.colour}

    @classmethod
    def from_json(cls, d) -> "PlayerSpec":
        from reprlib import repr as short
        if not isinstance(d, dict) or not isinstance(d.get("name"), str):
            raise InvalidRules("players", f"a player needs a name: {short(d)}")
        values = {"kind": d.get("kind", BOT), "strategy": d.get("strategy", "cautious"), "colour": d.get("colour", "")}
        for key, value in values.items():
            if not isinstance(value, str):
                raise InvalidRules("players", f"a player's {key} must be text, got {short(value)}")
        spec = cls(name=d["name"], kind=values["kind"], strategy=values["strategy"], colour=values["colour"])
        spec.check()
        return spec

    def check(self) -> None:
        """Refuse a seat the site could not show safely: a name is text of at most 40 characters without control
        characters, line breaks or text-direction overrides; a colour is ``#rrggbb`` (or empty: the seat's
        default colour)."""
        import re
        from reprlib import repr as short

        from .policies import names
        strategies = names()
        longest = 40
        if not isinstance(self.name, str) or not shows_something(self.name):
            raise InvalidRules("players", "every player needs a name that shows (not only spaces or invisible "
                                          "characters)")
        if len(self.name) > longest:
            raise InvalidRules("players", f"a player's name may have at most {longest} characters, got one of "
                               f"{len(self.name):,}")
        if has_control_characters(self.name):
            raise InvalidRules("players", f"a player's name may not contain control characters or invisible "
                                          f"ones: {short(self.name)}")
        if not isinstance(self.colour, str) or (self.colour and not re.fullmatch(r"#[0-9A-Fa-f]{6}", self.colour)):
            raise InvalidRules("players", f"{self.name}: a token colour is written #rrggbb (like #e6194b), got "
                               f"{short(self.colour)}")
        if self.kind not in (PERSON, BOT):
            raise InvalidRules("players", f"{self.name}: kind must be 'person' or 'bot', got {short(self.kind)}")
        if self.kind == BOT and self.strategy not in strategies:
            raise InvalidRules("players", f"{self.name}: unknown bot strategy {short(self.strategy)} "
                               f"(known: {', '.join(strategies)})")


def name_key(name: str) -> str:
    """A name as :func:`check_names` compares it: written alike (a fullwidth "Ａnn" reads as "Ann"), without the
    spaces around it."""
    return unicodedata.normalize("NFKC", name).strip()


def check_names(specs) -> None:
    """Refuse two players of one name (InvalidRules naming both seats): ``Game.new``, a saved file and a share link
    refuse them alike, as the feed and the panels tell players apart by name."""
    names = [name_key(s.name) for s in specs]
    for seat, name in enumerate(names):
        first = names.index(name)
        if first < seat:
            raise InvalidRules("players", f"players {first + 1} and {seat + 1} are both called {short(name)}; each "
                               f"player needs a name of their own")


def jail_card(g: GameState, p: Player) -> int:
    """The place in ``p.cards`` of a Get Out of Jail Free card ``p`` holds, or -1 (classic players hold no other
    cards; a Cheaters Edition player may hold one other card of each deck)."""
    for i, (kind, index) in enumerate(p.cards):
        if g.deck_cards[kind][index].effect == "get_out_of_jail":
            return i
    return -1


def bots(strategies, names=None) -> list[PlayerSpec]:
    """Specs for an all-bot table, e.g. ``bots(["cautious", "always-buy"])``; ``names``, if given, one per bot.
    Strategies that are not a list of names are refused naming what was given (a single text would otherwise
    be read letter by letter as the strategies "r", "a", ...)."""
    if not isinstance(strategies, (list, tuple)) or not all(isinstance(s, str) for s in strategies):
        raise InvalidRules("bots", f"expected a list of strategy names such as ['cautious', 'random'], got "
                           f"{short(strategies)}")
    if names is not None and (not isinstance(names, (list, tuple)) or len(names) != len(strategies)
                              or not all(isinstance(n, str) for n in names)):
        raise InvalidRules("bots", f"expected one name (text) for each of the {len(strategies)} bots, got "
                           f"{short(names)}")
    return [PlayerSpec(names[i] if names else f"{s.title()} {i + 1}", BOT, s, TOKEN_COLOURS[i % 8])
            for i, s in enumerate(strategies)]


def bot_table(players: int, strategies=None) -> list[PlayerSpec]:
    """Bot seats for ``players`` players, cycling over ``strategies`` (default: the standard table)."""
    from . import policies
    names = list(strategies) if strategies else list(policies.standard())
    if not names:
        raise InvalidRules("bots", "name at least one strategy")
    for s in names:
        if s not in policies.names():
            raise InvalidRules("bots", f"unknown strategy {short(s)} (known: {', '.join(policies.names())})")
    return bots([names[i % len(names)] for i in range(players)])


class Player:
    """A player's position in a game. Public attributes are read-only outside the core."""

    __slots__ = ("seat", "name", "kind", "strategy", "colour", "cash", "position", "in_jail", "jail_turns",
                 "doubles", "bankrupt", "bankrupt_turn", "cards", "extra")

    def __init__(self, seat: int, spec: PlayerSpec, cash: int, extra: Any = None) -> None:
        self.seat = seat
        self.name = spec.name
        self.kind = spec.kind
        self.strategy = spec.strategy
        self.colour = spec.colour or TOKEN_COLOURS[seat % 8]
        self.cash = cash
        self.position = 0
        self.in_jail = False
        self.jail_turns = 0          # failed attempts at doubles during this stay
        self.doubles = 0             # doubles rolled so far this turn
        self.bankrupt = False
        self.bankrupt_turn = 0
        self.cards: list[tuple[str, int]] = []   # Get Out of Jail Free cards held: (deck kind, card index)
        self.extra = extra           # the edition's own per-player state (None for classic)

    @property
    def active(self) -> bool:
        return not self.bankrupt

    def card_count(self, deck: str) -> int:
        return sum(1 for k, _ in self.cards if k == deck)

    def __repr__(self) -> str:
        return f"<Player {self.seat} {self.name!r} cash={self.cash} at {self.position}>"
