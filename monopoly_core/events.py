"""Typed, compact events buffered by column.

Every event is seven integers: turn, kind, player, square, amount, other, detail. They are appended to one list
per column (DESIGN.md section 6: no dicts, no per-event strings), which the database writes in bulk and the
Play page and tests read back as :class:`Event` tuples.

Each kind is defined once, in :data:`KINDS`: its name, what it says, what each column holds and the names of its
codes. The log's schema (:data:`SCHEMA`), the database's descriptions and readable details (``store``,
``records``), the narration and the Markov counts read that table; rule code uses the named constants below
(``JAIL_BY_DOUBLES``, ``R_RENT``, ...), never bare numbers.

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
OFFERS_DECLINED: Final = 24
FINAL_LAP: Final = 25
HOME: Final = 26
# Monopoly for Sore Losers (editions/sore_losers.py)
COIN: Final = 27
MR_MONOPOLY: Final = 28
TRAP: Final = 29
FREE_HOUSE: Final = 30
BUS_TICKET: Final = 31              # Mega Edition: a bus ticket is drawn, used or lost
# Monopoly Cheaters Edition (editions/cheaters.py)
CHEAT: Final = 32
CHEAT_OUTCOME: Final = 33
ACCUSATION: Final = 34
WINDOW: Final = 35                  # a player who gained a group to build in on another's turn is asked between turns
CARD_PLAYED: Final = 36             # Cheaters Edition: a player plays a Chance or Community Chest card they held

# --- money reasons (PAY.detail) and the other named codes --------------------------------------------------------
# (Final literals, so compiled code uses the numbers themselves; tests check each against its name in KINDS)
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
R_FINAL_RENT: Final = 17
R_CHEAT: Final = 18
R_CHEAT_REWARD: Final = 19
R_CHEAT_PENALTY: Final = 20
R_FALSE_ACCUSATION: Final = 21
R_SALE_TO_BANK: Final = 22
R_GIFT: Final = 23              # the Mega Edition's Birthday Gift square (002), not a card
D_PURCHASE: Final = 0
D_AUCTION: Final = 1
D_TRADE: Final = 2
D_BANKRUPTCY: Final = 3
D_RETURNED: Final = 4
D_STOLEN: Final = 5
END_LAST_STANDING: Final = 0
END_TURN_LIMIT: Final = 1
END_FINAL_LAP: Final = 2
END_ANSWER_LIMIT: Final = 3
ROLL_MOVE: Final = 0
ROLL_JAIL: Final = 1
ROLL_ORDER: Final = 2
ROLL_UTILITY_CARD: Final = 3
ROLL_UTILITY_TICKET: Final = 4     # Mega: the white dice for a utility's rent after a bus-ticket move
ROLL_UTILITY_RENT: Final = 5       # a new roll for a utility's rent (RuleSet.utility_rent "new_roll": 004)
JAIL_BY_SQUARE: Final = 0
JAIL_BY_CARD: Final = 1
JAIL_BY_DOUBLES: Final = 2
JAIL_BY_MR_MONOPOLY: Final = 3
JAIL_BY_CHEATING: Final = 4
OUT_BY_DOUBLES: Final = 0
OUT_BY_FINE: Final = 1
OUT_BY_CARD: Final = 2
OUT_BY_FORCED_FINE: Final = 3
OUT_BY_MR_MONOPOLY: Final = 4
OUT_BY_HANDCUFFS: Final = 5
OUT_BY_ESCAPE: Final = 6
MOVE_BY_DICE: Final = 0
MOVE_BY_CARD: Final = 1
MOVE_BY_LAP: Final = 2
# Mega Edition moves (seed 002): the speed die's Mr. Monopoly and Bus faces, a bus ticket, triples, the Auction square
MOVE_BY_MR_MONOPOLY: Final = 3
MOVE_BY_BUS: Final = 4
MOVE_BY_TICKET: Final = 5
MOVE_BY_TRIPLES: Final = 6
MOVE_BY_AUCTION_SQUARE: Final = 7
# Cheaters Edition moves (seed 003): on to the next station, a cheat's move
MOVE_BY_STATION: Final = 8
MOVE_BY_CHEAT: Final = 9
# BUS_TICKET.detail: how a ticket came or went
TICKET_DRAWN: Final = 0
TICKET_BIRTHDAY: Final = 1
TICKET_BUS: Final = 2
TICKET_USED: Final = 3
TICKET_EXPIRED: Final = 4
TICKET_RETURNED: Final = 5
TICKET_TRADED: Final = 6
TICKET_BANKRUPTCY: Final = 7          # a bankrupt player's tickets go to the creditor player
# BUILD.detail and SELL.detail: a building placed or sold (0), or moved within its group by the Mega Edition's
# last-property rule, no money changing hands (editions/mega_groups.py)
REGROUPED: Final = 1
AUCTION_OPENS: Final = 0
AUCTION_SOLD: Final = 1
AUCTION_UNSOLD: Final = 2
AUCTION_UNCONTESTED: Final = 3        # a shortage auction nobody but its asker bid in: sold at the printed price
C_START: Final = 0
C_RENT: Final = 1
C_TAX: Final = 2
C_JAIL: Final = 3
C_OWN_PROPERTY: Final = 4
C_CARD: Final = 5
C_TRAPPED: Final = 6
C_STOLEN: Final = 7
C_RETURNED: Final = 8
C_CASH_IN: Final = 9
C_BANKRUPTCY: Final = 10
C_TRADE: Final = 11
MR_BY_CASH_IN: Final = 0
MR_BY_CARD: Final = 1
MR_BY_BANKRUPTCY: Final = 2
CHEAT_BY_CARD: Final = 0
CHEAT_TAKE_CASH: Final = 1
CHEAT_MOVE_SELF: Final = 2
CHEAT_SKIP_RENT: Final = 3
OUTCOME_REVEALED: Final = 0
OUTCOME_CAUGHT: Final = 1
OUTCOME_VOID: Final = 2
ACCUSED_RIGHTLY: Final = 0
ACCUSED_FALSELY: Final = 1

REASONS = ("start", "salary", "rent", "tax", "purchase", "auction", "build", "building_sale", "mortgage",
           "unmortgage", "interest", "fine", "card", "trade", "bankruptcy", "jackpot", "pot_seed", "final_rent",
           "cheat", "cheat_reward", "cheat_penalty", "false_accusation", "sale_to_bank",
           "birthday_gift")
PARTY = "a seat, or -1 the bank, -2 the Free Parking pot"


class EventKind(NamedTuple):
    """One kind of event, defined once: its name, what it says, what each column it uses holds, and the names of
    the codes a column holds (``codes``: column -> names by code). The log's schema, the database's
    descriptions and readable details, the narration and the Markov counts all read these."""

    code: int
    name: str
    says: str
    columns: tuple[tuple[str, str], ...]
    codes: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def names(self, column: str) -> tuple[str, ...]:
        """The names of ``column``'s codes (empty when it holds no named codes)."""
        for c, names in self.codes:
            if c == column:
                return names
        return ()

    def name_of(self, column: str, code: int) -> str:
        names = self.names(column)
        return names[code] if 0 <= code < len(names) else str(code)

    def meaning(self, rename: dict[str, str] | None = None) -> str:
        """One line: what it says, then each column's meaning (named codes listed), with columns renamed as
        ``rename`` says (the database calls ``other`` the counterparty)."""
        parts = [self.says]
        for column, text in self.columns:
            names = self.names(column)
            listed = f" ({', '.join(n for n in names if n)})" if names else ""
            parts.append(f"{(rename or {}).get(column, column)} = {text}{listed}")
        return "; ".join(parts)


_K = EventKind
#: Every event kind, by code.
KINDS: tuple[EventKind, ...] = (
    _K(START, "start", "the game starts", (("amount", "number of players"),)),
    _K(ORDER, "order", "the turn order is decided (the rolls that decided it are roll events of purpose order)",
       (("player", "a player"), ("square", "their place in the turn order, 0 plays first"))),
    _K(TURN, "turn", "a player starts a turn",
       (("player", "whose turn"), ("square", "where they stand"), ("amount", "the round"),
        ("detail", "whether they start it in jail")), (("detail", ("", "in_jail")),)),
    _K(ROLL, "roll", "the dice are rolled",
       (("player", "who rolls"), ("square", "where they stand, -1 for the turn-order rolls"),
        ("amount", "the total"), ("other", "the purpose"), ("detail", "the faces, packed as digits (35 is 3 and 5)")),
       (("other", ("move", "jail", "order", "utility_card", "utility_ticket", "utility_rent")),)),
    _K(MOVE, "move", "a token moves and lands",
       (("player", "whose token"), ("square", "where it lands"), ("amount", "signed steps"),
        ("other", "the square it left"), ("detail", "the cause")),
       (("detail", ("dice", "card", "final_lap", "mr_monopoly", "bus", "bus_ticket", "triples", "auction_square",
                    "station", "cheat")),)),
    _K(PAY, "pay", "money changes hands",
       (("player", f"the payer: {PARTY}"), ("other", f"the payee: {PARTY}"), ("amount", "how much"),
        ("square", "the square it is paid for, -1 none"), ("detail", "the reason")), (("detail", REASONS),)),
    _K(DEED, "deed", "a title deed changes hands",
       (("player", "the new owner, -1 the bank"), ("square", "the property"), ("amount", "the price paid"),
        ("other", "the previous owner, -1 the bank"), ("detail", "how")),
       (("detail", ("purchase", "auction", "trade", "bankruptcy", "returned", "stolen")),)),
    _K(DECLINE, "decline", "a player declines to buy the property they landed on",
       (("player", "who declines"), ("square", "the property"), ("amount", "its price"))),
    _K(AUCTION, "auction", "an auction opens or closes",
       (("player", "the winner, when sold"), ("square", "the property it is for"),
        ("amount", "the winning bid, when sold (uncontested: the printed price paid)"), ("other", "what is sold"),
        ("detail", "the state")),
       (("other", ("deed", "house", "hotel", "skyscraper", "train_depot")),
        ("detail", ("open", "sold", "unsold", "uncontested")))),
    _K(BID, "bid", "a player bids in an auction",
       (("player", "the bidder"), ("square", "the auction's property"), ("amount", "the bid"))),
    _K(PASS, "pass", "a player leaves an auction", (("player", "who passes"), ("square", "the auction's property"))),
    _K(CARD, "card", "a player draws a card",
       (("player", "who draws"), ("square", "where"), ("other", "the deck, by its place among the game's decks"),
        ("detail", "the card's number in its deck file, from 0")), (("other", ("chance", "chest")),)),
    _K(JAIL_IN, "jail_in", "a player is sent to jail",
       (("player", "who"), ("square", "the jail"), ("detail", "why")),
       (("detail", ("go_to_jail_square", "card", "doubles", "sent_by_mr_monopoly", "caught_cheating")),)),
    _K(JAIL_OUT, "jail_out", "a player leaves jail",
       (("player", "who"), ("square", "the jail"), ("other", "the deck of the card used, -1 none"),
        ("detail", "how")),
       (("other", ("chance", "chest")),
        ("detail", ("doubles", "fine", "card", "forced_fine", "mr_monopoly", "handcuffs_passed_on", "escape_cheat")))),
    _K(BUILD, "build", "a building is placed",
       (("player", "the owner"), ("square", "the street"), ("amount", "the new level (5 = hotel)"),
        ("other", "the price paid"), ("detail", "how")), (("detail", ("", "regrouped")),)),
    _K(SELL, "sell", "a building is sold back to the bank",
       (("player", "the owner"), ("square", "the street"), ("amount", "the new level"),
        ("other", "the money received"), ("detail", "how")), (("detail", ("", "regrouped")),)),
    _K(MORTGAGE, "mortgage", "a property is mortgaged",
       (("player", "the owner"), ("square", "the property"), ("amount", "the money received"))),
    _K(UNMORTGAGE, "unmortgage", "a mortgage is lifted",
       (("player", "the owner"), ("square", "the property"), ("amount", "the money paid"))),
    _K(TRADE_OFFER, "trade_offer", "a player offers a trade",
       (("player", "the proposer"), ("other", "the player asked"),
        ("detail", "the offer (in the log: an index into its extras; in the database: the offer as JSON, give_* "
                   "going from the proposer, get_* coming back)"))),
    _K(TRADE_ACCEPT, "trade_accept", "a trade is accepted",
       (("player", "the proposer"), ("other", "the player who accepts"), ("detail", "the offer, as for trade_offer"))),
    _K(TRADE_REJECT, "trade_reject", "a trade is rejected",
       (("player", "the proposer"), ("other", "the player who rejects"), ("detail", "the offer, as for trade_offer"))),
    _K(DEBT, "debt", "a player owes more than their cash and must raise money",
       (("player", "the debtor"), ("amount", "the debt"), ("other", f"the creditor: {PARTY}"),
        ("detail", "the reason, as for pay")), (("detail", REASONS),)),
    _K(BANKRUPT, "bankrupt", "a player is bankrupt",
       (("player", "who"), ("other", "the creditor, -1 the bank"))),
    _K(END, "end", "the game is over",
       (("player", "the winner, -1 none"), ("detail", "why it ended")),
       (("detail", ("last_player_standing", "turn_limit", "final_lap", "answer_limit")),)),
    _K(OFFERS_DECLINED, "offers_declined", "a player declines every later trade offer from another",
       (("player", "who declines"), ("other", "the proposer whose offers they decline"))),
    _K(FINAL_LAP, "final_lap", "every property is owned: the final lap to GO begins", (("amount", "the round"),)),
    _K(HOME, "home", "a player reaches GO on the final lap and takes no more turns",
       (("player", "who"), ("square", "GO"), ("amount", "the round"))),
    _K(COIN, "coin", "sore loser coins change hands (Sore Losers)",
       (("player", "who receives them, -1 the bank"), ("other", "who gives them, -1 the bank"),
        ("amount", "how many"), ("square", "where it happens, -1 nowhere in particular"), ("detail", "why")),
       (("detail", ("start", "rent", "tax", "jail", "own_property", "card", "trapped", "stolen", "returned",
                    "cash_in", "bankruptcy", "trade")),)),
    _K(MR_MONOPOLY, "mr_monopoly", "the Mr Monopoly token changes hands (Sore Losers)",
       (("player", "the new holder, -1 nobody (back to the centre)"), ("square", "where the token is placed"),
        ("other", "the previous holder, -1 nobody"), ("detail", "how")),
       (("detail", ("cash_in", "card", "bankruptcy")),)),
    _K(TRAP, "trap", "Mr Monopoly lands on a player and traps them (Sore Losers)",
       (("player", "Mr Monopoly's holder"), ("square", "the square"), ("other", "the trapped player"))),
    _K(FREE_HOUSE, "free_house", "Mr Monopoly places a free house after doubles (Sore Losers)",
       (("player", "Mr Monopoly's holder"), ("square", "the street"), ("amount", "its new level"),
        ("other", "the street's owner, -1 the bank"))),
    _K(BUS_TICKET, "bus_ticket", "a player gains, uses or loses Mega Edition bus tickets",
       (("player", "who"), ("square", "where they stand"), ("amount", "the tickets they hold now"),
        ("other", "tickets gained (positive) or lost (negative)"), ("detail", "how")),
       (("detail", ("drawn", "birthday_gift", "bus", "used", "expired", "returned", "traded", "bankruptcy")),)),
    _K(CHEAT, "cheat", "a player secretly attempts a cheat (Cheaters Edition)",
       (("player", "the cheat"), ("square", "the face-up place of the card, -1 a free-form cheat"),
        ("amount", "the size of the act (money or squares)"), ("other", "the card's number in its file, -1 none"),
        ("detail", "what kind of cheat")),
       (("detail", ("card", "take_cash", "move_self", "skip_rent")),)),
    _K(CHEAT_OUTCOME, "cheat_outcome", "a cheat is revealed (rewarded) or caught (penalised)",
       (("player", "the cheat"), ("amount", "the reward or the penalty"),
        ("other", "the card's number in its file, -1 a free-form cheat"), ("detail", "what happened")),
       (("detail", ("revealed", "caught", "void")),)),
    _K(ACCUSATION, "accusation", "a player calls \"Cheat!\" on another",
       (("player", "the accuser"), ("other", "the accused"), ("amount", "what a false accusation cost"),
        ("detail", "whether it was right")), (("detail", ("right", "false")),)),
    _K(WINDOW, "window", "between turns, a player who gained a colour group to build in on another player's turn "
       "may build, mortgage and trade before the next roll",
       (("player", "who"), ("square", "the first street of the (first) group gained"),
        ("amount", "how many groups gained"), ("other", "the player who rolls next"))),
    _K(CARD_PLAYED, "card_played", "a player plays a Chance or Community Chest card they held (Cheaters Edition: "
       "drawn earlier and kept until used); what the card does follows",
       (("player", "who plays it"), ("square", "where they stand"),
        ("other", "the deck, by its place among the game's decks"), ("detail", "the card's number in its deck file, "
                                                                        "from 0")), (("other", ("chance", "chest")),)),
)

KIND_NAMES = tuple(k.name for k in KINDS)
#: What each column means, per kind (the log's documentation).
SCHEMA = {k.name: k.meaning() for k in KINDS}
REASON_NAMES = KINDS[PAY].names("detail")
DEED_REASONS = KINDS[DEED].names("detail")
JAIL_IN_REASONS = KINDS[JAIL_IN].names("detail")
JAIL_OUT_REASONS = KINDS[JAIL_OUT].names("detail")
END_REASONS = KINDS[END].names("detail")
ROLL_PURPOSES = KINDS[ROLL].names("other")


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
#: The integers an event takes in the log.
WIDTH: Final = 7


class EventLog:
    """Append-only event buffer: one flat list of integers, :data:`WIDTH` to an event, in :data:`COLUMNS` order.

    Each column reads back as a list of its own (``log.kind``, ``log.columns()``), the shape the database writes.
    One flat list rather than a list per column: seven appends to one local list cost fewer instructions than
    to seven lists found by attribute, in both builds (measured in isolation, callgrind: 949 -> 844 compiled and
    2,048 -> 1,841 interpreted per event, which a roll has about six of; a tuple and one ``extend`` saved more
    interpreted but cost more compiled).

    ``turn`` is stamped from :attr:`turn_no`, which the engine updates at each turn start. ``extras`` holds the
    rare structured payloads (trade offers), referenced by index from ``detail``.
    """

    __slots__ = ("rows", "extras", "turn_no", "enabled")

    def __init__(self, enabled: bool = True) -> None:
        self.rows: list[int] = []
        self.extras: list = []
        self.turn_no = 0
        self.enabled = enabled

    def add(self, kind: int, player: int, square: int = -1, amount: int = 0, other: int = -1,
            detail: int = 0) -> None:
        """Append one event (nothing when the log is switched off)."""
        if self.enabled:
            rows = self.rows
            rows.append(self.turn_no)
            rows.append(kind)
            rows.append(player)
            rows.append(square)
            rows.append(amount)
            rows.append(other)
            rows.append(detail)

    # --- the columns, each read back as a list of its own -----------------------------------------------------
    @property
    def turn(self) -> list[int]:
        return self.rows[0::WIDTH]

    @property
    def kind(self) -> list[int]:
        return self.rows[1::WIDTH]

    @property
    def player(self) -> list[int]:
        return self.rows[2::WIDTH]

    @property
    def square(self) -> list[int]:
        return self.rows[3::WIDTH]

    @property
    def amount(self) -> list[int]:
        return self.rows[4::WIDTH]

    @property
    def other(self) -> list[int]:
        return self.rows[5::WIDTH]

    @property
    def detail(self) -> list[int]:
        return self.rows[6::WIDTH]

    def add_extra(self, payload) -> int:
        self.extras.append(payload)
        return len(self.extras) - 1

    def __len__(self) -> int:
        return len(self.rows) // WIDTH

    def __getitem__(self, i: int) -> Event:
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("event index out of range")
        r = self.rows
        at = i * WIDTH
        return Event(i, r[at], r[at + 1], r[at + 2], r[at + 3], r[at + 4], r[at + 5], r[at + 6])

    def since(self, start: int) -> list[Event]:
        """Events from index ``start`` on (what one step produced)."""
        return [self[i] for i in range(start, len(self))]

    def __iter__(self):
        return (self[i] for i in range(len(self)))

    def columns(self) -> dict[str, list[int]]:
        return {c: self.rows[i::WIDTH] for i, c in enumerate(COLUMNS)}

    def signature(self) -> tuple:
        """A hashable summary of every event, for determinism checks."""
        return tuple(tuple(self.rows[i::WIDTH]) for i in range(WIDTH))


def unpack_faces(packed: int, n: int = 2) -> tuple[int, ...]:
    out = []
    for _ in range(n):
        out.append(packed % 10)
        packed //= 10
    return tuple(reversed(out))
