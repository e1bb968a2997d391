"""Card decks as data, and the closed vocabulary of card effects.

A deck file (``data/cards/<name>.toml``) lists printed texts with one effect each. The engine executes the
effects (``card_play.py``); the Markov builder reads the same definitions through :func:`card_destination`, so
"where does this card send me" is answered in exactly one place.
"""
from __future__ import annotations

from typing import Final

import functools
import re
from dataclasses import dataclass

from .board import Board
from .datafiles import load_toml
from .errors import DataError

#: effect -> required fields. The vocabulary is closed: a deck using anything else is refused at load time.
EFFECTS: dict[str, tuple[str, ...]] = {
    "advance": ("to",),
    "back_to": ("to",),
    "move": ("by",),
    "advance_nearest": ("kind", "rent"),
    "go_to_jail": (),
    "collect": ("amount",),
    "pay": ("amount",),
    "collect_each": ("amount",),
    "pay_each": ("amount",),
    "repairs": ("house", "hotel"),
    "get_out_of_jail": (),
    "pay_or_draw": ("amount", "deck"),
    # edition effects: loaded here, played only by an edition that names them in ``Edition.own_card_effects``
    "sore_loser_coin": (),          # Sore Losers
    "mr_monopoly": (),
    "send_to_jail": (),             # Cheaters
    "free_hotel": (),
    "move_hotel": (),
}
#: The effects every edition plays (:mod:`.card_play`); the others belong to the editions that claim them.
CLASSIC_EFFECTS: Final = frozenset(EFFECTS) - {"sore_loser_coin", "mr_monopoly", "send_to_jail", "free_hotel",
                                               "move_hotel"}
NEAREST_RENTS = ("double", "dice_x10")
#: A deck's kind names the squares that draw from it (classic: "chance" and "chest"); any lower-case name.
DECK_KIND: Final = re.compile(r"[a-z][a-z0-9_]*")

#: Marker returned by :func:`card_destination` for "go to jail".
JAIL: Final = -1


@dataclass(frozen=True, slots=True)
class Card:
    """One printed card: its text and its effect with parameters."""

    index: int
    text: str
    effect: str
    to: int = -1
    by: int = 0
    kind: str = ""
    rent: str = ""
    amount: int = 0
    house: int = 0
    hotel: int = 0
    deck: str = ""

    @property
    def moves(self) -> bool:
        """True when the card moves the token (so it matters to the Markov chain)."""
        return self.effect in ("advance", "back_to", "move", "advance_nearest", "go_to_jail")


@dataclass(frozen=True)
class Deck:
    """A deck definition (the printed cards in file order). Games shuffle a copy of the indices."""

    name: str
    kind: str   # "chance" or "chest": which squares draw from it
    title: str
    cards: tuple[Card, ...]

    def __len__(self) -> int:
        return len(self.cards)

    def check_board(self, board: Board) -> str | None:
        """Why this deck cannot be used on ``board``, or None when it can."""
        kinds = board.kinds_present()
        for c in self.cards:
            if c.effect in ("advance", "back_to") and not (0 <= c.to < board.size):
                return f"card {c.index + 1} ({c.text!r}) names square {c.to}, the board has {board.size}"
            if c.effect == "advance_nearest" and c.kind not in kinds:
                return f"card {c.index + 1} ({c.text!r}) needs a {c.kind} square, the board has none"
        return None


def _card(raw: dict, index: int, deck: str) -> Card:
    effect = raw.get("effect")
    where = f"deck {deck!r} card {index + 1}"
    if effect not in EFFECTS:
        raise DataError(f"{where}: unknown effect {effect!r} (known: {', '.join(EFFECTS)})")
    for f in EFFECTS[effect]:
        if f not in raw:
            raise DataError(f"{where}: effect {effect!r} needs field {f!r}")
    if effect == "advance_nearest" and raw["rent"] not in NEAREST_RENTS:
        raise DataError(f"{where}: rent must be one of {NEAREST_RENTS}")
    if effect == "pay_or_draw" and not (isinstance(raw["deck"], str) and DECK_KIND.fullmatch(raw["deck"])):
        raise DataError(f"{where}: deck must be a deck kind such as 'chance', got {raw['deck']!r}")
    fields = {k: raw[k] for k in ("to", "by", "kind", "rent", "amount", "house", "hotel", "deck") if k in raw}
    return Card(index=index, text=raw.get("text", ""), effect=effect, **fields)


@functools.lru_cache(maxsize=None)
def load_deck(name: str) -> Deck:
    """The deck named ``name`` (``data/cards/<name>.toml``), cached per process."""
    raw = load_toml("cards", name)
    kind = raw.get("deck")
    if not isinstance(kind, str) or not DECK_KIND.fullmatch(kind):
        raise DataError(f"deck {name!r}: 'deck' must name the deck's kind, such as 'chance', got {kind!r}")
    cards = tuple(_card(c, i, name) for i, c in enumerate(raw.get("cards", ())))
    if not cards:
        raise DataError(f"deck {name!r} has no cards")
    return Deck(name=name, kind=kind, title=raw.get("title", name), cards=cards)


def card_destination(card: Card, board: Board, square: int) -> int | None:
    """Where ``card`` drawn on ``square`` sends the token: a square index, :data:`JAIL`, or None (no move).

    This is the single definition of card movement shared by the engine and the Markov chain.
    """
    e = card.effect
    if e == "advance" or e == "back_to":
        return card.to
    if e == "move":
        return (square + card.by) % board.size
    if e == "advance_nearest":
        return board.nearest(square, card.kind)
    if e == "go_to_jail":
        return JAIL
    return None


def passes_go(start: int, end: int, forward: bool) -> bool:
    """True when a forward move from ``start`` to ``end`` passes or lands on GO (square 0)."""
    return forward and (end < start or end == 0) and end != start
