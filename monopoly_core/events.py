"""Typed, compact events buffered by column.

Every event is seven integers: turn, kind, player, square, amount, other, detail. They are appended to one list
per column (DESIGN.md section 6: no dicts, no per-event strings), which the database writes in bulk and the
Play page and tests read back as :class:`Event` tuples. The meaning of each column per kind is in
:data:`SCHEMA`; :mod:`monopoly_core.narrate` turns an event into a sentence.

Money: a ``PAY`` event moves ``amount`` from ``player`` to ``other``, where :data:`BANK` (-1) and :data:`POT`
(-2, the Free Parking jackpot) stand for the bank and the pot. Starting cash is a ``PAY`` from the bank, so each
player's cash is the sum of their ``PAY`` events (tested).
"""
from __future__ import annotations

from typing import Final, NamedTuple

from .dice import pack_faces  # noqa: F401  (re-exported: roll events store the faces packed)

BANK: Final = -1
POT: Final = -2

# --- event kinds ------------------------------------------------------------------------------------------------
# (one Final constant per line: compiled, each use is the number itself, not a lookup)
START: Final = 0
ORDER: Final = 1
TURN: Final = 2
ROLL: Final = 3
MOVE: Final = 4
PAY: Final = 5
DEED: Final = 6
DECLINE: Final = 7
AUCTION: Final = 8
BID: Final = 9
PASS: Final = 10
CARD: Final = 11
JAIL_IN: Final = 12
JAIL_OUT: Final = 13
BUILD: Final = 14
SELL: Final = 15
MORTGAGE: Final = 16
UNMORTGAGE: Final = 17
TRADE_OFFER: Final = 18
TRADE_ACCEPT: Final = 19
TRADE_REJECT: Final = 20
DEBT: Final = 21
BANKRUPT: Final = 22
END: Final = 23

KIND_NAMES = ("start", "order", "turn", "roll", "move", "pay", "deed", "decline", "auction", "bid", "pass", "card",
              "jail_in", "jail_out", "build", "sell", "mortgage", "unmortgage", "trade_offer", "trade_accept",
              "trade_reject", "debt", "bankrupt", "end")

#: What each column means, per kind (documentation for the database and the narrator).
SCHEMA = {
    "start": "game starts; amount = number of players",
    "order": "player takes place square in the turn order (0 plays first); the rolls that decided it are roll "
             "events with other = 2",
    "turn": "player starts a turn; square = position, amount = round, detail = 1 if in jail",
    "roll": "dice roll; amount = total, detail = packed faces, other = purpose (0 move, 1 jail, 2 turn order, "
            "3 utility card), square = position (-1 for the turn-order rolls)",
    "move": "token moves to square from other; amount = signed steps; detail = cause (0 dice, 1 card)",
    "pay": "money: amount from player to other (-1 bank, -2 Free Parking pot); detail = reason; square = related",
    "deed": "title deed of square passes to player from other (-1 bank); amount = price; detail = reason",
    "decline": "player declines to buy square at amount",
    "auction": "auction of square; detail = 0 opens, 1 sold (player, amount), 2 unsold; other = item (0 deed, "
               "1 house, 2 hotel)",
    "bid": "player bids amount in the auction of square",
    "pass": "player leaves the auction of square",
    "card": "player draws card detail from deck other (0 chance, 1 chest) on square",
    "jail_in": "player goes to jail; detail = reason (0 square, 1 card, 2 doubles)",
    "jail_out": "player leaves jail; detail = how (0 doubles, 1 fine, 2 card, 3 forced fine); other = card deck",
    "build": "player builds on square; amount = new level (5 = hotel); other = price paid",
    "sell": "player sells a building on square to the bank; amount = new level; other = money received",
    "mortgage": "player mortgages square; amount = money received",
    "unmortgage": "player lifts the mortgage of square; amount = money paid",
    "trade_offer": "player offers a trade to other; detail = index into extras",
    "trade_accept": "other accepts player's trade; detail = index into extras",
    "trade_reject": "other rejects player's trade; detail = index into extras",
    "debt": "player owes amount to other and cannot pay from cash; detail = reason",
    "bankrupt": "player is bankrupt; other = creditor (-1 bank)",
    "end": "game over; player = winner (-1 none); detail = end reason",
}

# --- money reasons (PAY.detail) and other codes -----------------------------------------------------------------
R_START: Final = 0
R_SALARY: Final = 1
R_RENT: Final = 2
R_TAX: Final = 3
R_PURCHASE: Final = 4
R_AUCTION: Final = 5
R_BUILD: Final = 6
R_BUILDING_SALE: Final = 7
R_MORTGAGE: Final = 8
R_UNMORTGAGE: Final = 9
R_INTEREST: Final = 10
R_FINE: Final = 11
R_CARD: Final = 12
R_TRADE: Final = 13
R_BANKRUPTCY: Final = 14
R_JACKPOT: Final = 15
R_SEED: Final = 16
REASON_NAMES = ("start", "salary", "rent", "tax", "purchase", "auction", "build", "building_sale", "mortgage",
                "unmortgage", "interest", "fine", "card", "trade", "bankruptcy", "jackpot", "pot_seed")

DEED_REASONS = ("purchase", "auction", "trade", "bankruptcy", "returned")
D_PURCHASE: Final = 0
D_AUCTION: Final = 1
D_TRADE: Final = 2
D_BANKRUPTCY: Final = 3
D_RETURNED: Final = 4
JAIL_IN_REASONS = ("go_to_jail_square", "card", "doubles")
JAIL_OUT_REASONS = ("doubles", "fine", "card", "forced_fine")
END_REASONS = ("last_player_standing", "turn_limit")
END_LAST_STANDING: Final = 0
END_TURN_LIMIT: Final = 1
ROLL_PURPOSES = ("move", "jail", "order", "utility_card")


class Event(NamedTuple):
    seq: int
    turn: int
    kind: int
    player: int
    square: int
    amount: int
    other: int
    detail: int

    @property
    def kind_name(self) -> str:
        return KIND_NAMES[self.kind]


COLUMNS = ("turn", "kind", "player", "square", "amount", "other", "detail")


class EventLog:
    """Append-only event buffer, one Python list per column.

    ``turn`` is stamped from :attr:`turn_no`, which the engine updates at each turn start. ``extras`` holds the
    rare structured payloads (trade offers), referenced by index from ``detail``.
    """

    __slots__ = ("turn", "kind", "player", "square", "amount", "other", "detail", "extras", "turn_no", "enabled")

    def __init__(self, enabled: bool = True) -> None:
        self.turn: list[int] = []
        self.kind: list[int] = []
        self.player: list[int] = []
        self.square: list[int] = []
        self.amount: list[int] = []
        self.other: list[int] = []
        self.detail: list[int] = []
        self.extras: list = []
        self.turn_no = 0
        self.enabled = enabled

    def add(self, kind: int, player: int, square: int = -1, amount: int = 0, other: int = -1,
            detail: int = 0) -> None:
        """Append one event (nothing when the log is switched off). A plain method: compiled, a call from the
        engine is a direct C call and each append goes straight to the list."""
        if self.enabled:
            self.turn.append(self.turn_no)
            self.kind.append(kind)
            self.player.append(player)
            self.square.append(square)
            self.amount.append(amount)
            self.other.append(other)
            self.detail.append(detail)

    def add_extra(self, payload) -> int:
        self.extras.append(payload)
        return len(self.extras) - 1

    def __len__(self) -> int:
        return len(self.kind)

    def __getitem__(self, i: int) -> Event:
        if i < 0:
            i += len(self.kind)
        return Event(i, self.turn[i], self.kind[i], self.player[i], self.square[i], self.amount[i],
                     self.other[i], self.detail[i])

    def since(self, start: int) -> list[Event]:
        """Events from index ``start`` on (what one step produced)."""
        return [self[i] for i in range(start, len(self.kind))]

    def __iter__(self):
        return (self[i] for i in range(len(self.kind)))

    def columns(self) -> dict[str, list[int]]:
        return {c: getattr(self, c) for c in COLUMNS}

    def signature(self) -> tuple:
        """A hashable summary of every event, for determinism checks."""
        return tuple(tuple(getattr(self, c)) for c in COLUMNS)


def unpack_faces(packed: int, n: int = 2) -> tuple[int, ...]:
    out = []
    for _ in range(n):
        out.append(packed % 10)
        packed //= 10
    return tuple(reversed(out))
