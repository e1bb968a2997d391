"""Actions (answers to decisions) and trade offers: small immutable values that round-trip through JSON.

An action is what a person clicks or a bot returns. ``game.history`` is the seed plus the list of actions, so
every action must serialise exactly (:meth:`Action.to_json` / :func:`action_from_json`).
"""
from __future__ import annotations


from typing import Any, Final, TypeGuard, final

from .bounds import short
from .errors import BadSave, IllegalAction

# --- action kinds -----------------------------------------------------------------------------------------------
ROLL: Final = "roll"                    # roll the dice (start of turn; in jail: try for doubles)
PAY_FINE: Final = "pay_fine"            # in jail, before rolling
USE_CARD: Final = "use_card"            # in jail: play a Get Out of Jail Free card (square = unused, amount = 0)
BUY: Final = "buy"
DECLINE: Final = "decline"              # do not buy: the property goes to auction (if auctions are on)
BID: Final = "bid"                      # amount = the bid
PASS: Final = "pass"                    # leave the auction
END: Final = "end"                      # close a window: end the turn (or roll again after doubles)
BUILD: Final = "build"                  # square
SELL_BUILDING: Final = "sell_building"  # square: one level down (a hotel becomes four houses)
SELL_ALL: Final = "sell_all"            # square: sell every building of that square's colour set at once
MORTGAGE: Final = "mortgage"            # square
UNMORTGAGE: Final = "unmortgage"        # square
TRADE: Final = "trade"                  # trade = the offer
ACCEPT: Final = "accept"
REJECT: Final = "reject"
REJECT_ALL: Final = "reject_all"        # reject this offer and every later one from its proposer (issue 14)
BANKRUPT: Final = "bankrupt"            # declare bankruptcy (only when the debt cannot be raised)
PAY: Final = "pay"                      # the UK card: pay the fine
DRAW: Final = "draw"                    # the UK card: take a Chance
FLAT: Final = "flat"                    # income tax: the printed amount
PERCENT: Final = "percent"              # income tax: the percentage of total worth
KEEP: Final = "keep"                    # received a mortgaged property: pay the interest now, keep the mortgage
LIFT: Final = "lift"                    # received a mortgaged property: lift the mortgage now
PLACE: Final = "place"                  # won a building auction: place it on square
# Monopoly for Sore Losers (editions/sore_losers.py); a chosen player's seat travels in ``amount``
CASH_IN: Final = "cash_in"              # cash in four sore loser coins for the Mr Monopoly token before rolling
WAIT: Final = "wait"                    # keep the coins for now
SEND_TO_JAIL: Final = "send_to_jail"    # Mr Monopoly sends the player in seat ``amount`` to jail in his place
STEAL_COIN: Final = "steal_coin"        # Free Parking: take a coin from seat ``amount`` (or make it return one)
STEAL_PROPERTY: Final = "steal_property"  # Mr Monopoly takes ``square`` from a player he trapped
PLACE_HOUSE: Final = "place_house"      # Mr Monopoly places a free house on ``square`` after doubles

#: Actions allowed in any management window ("at any time" in the rule books).
MANAGE: Final = frozenset({BUILD, SELL_BUILDING, SELL_ALL, MORTGAGE, UNMORTGAGE, TRADE})
#: The subset that raises money (allowed when in debt, or when deciding whether to buy).
RAISE: Final = frozenset({SELL_BUILDING, SELL_ALL, MORTGAGE, TRADE})
ALL_KINDS: Final = frozenset({ROLL, PAY_FINE, USE_CARD, BUY, DECLINE, BID, PASS, END, BUILD, SELL_BUILDING, SELL_ALL,
                       MORTGAGE, UNMORTGAGE, TRADE, ACCEPT, REJECT, REJECT_ALL, BANKRUPT, PAY, DRAW, FLAT, PERCENT, KEEP,
                       LIFT, PLACE, CASH_IN, WAIT, SEND_TO_JAIL, STEAL_COIN, STEAL_PROPERTY, PLACE_HOUSE})
#: Action kinds whose argument is ``amount`` (a bid, or a chosen player's seat), written ``[kind, amount]``.
AMOUNT_KINDS: Final = frozenset({BID, SEND_TO_JAIL, STEAL_COIN})

#: Action kinds that take nothing but their kind, and those that take a square (the rest: AMOUNT_KINDS, TRADE and
#: the editions' own kinds, judged by their editions).
BARE_KINDS: Final = frozenset({ROLL, PAY_FINE, USE_CARD, BUY, DECLINE, PASS, END, ACCEPT, REJECT, REJECT_ALL, BANKRUPT,
                               PAY, DRAW, FLAT, PERCENT, KEEP, LIFT, CASH_IN, WAIT})
SQUARE_KINDS: Final = frozenset({BUILD, SELL_BUILDING, SELL_ALL, MORTGAGE, UNMORTGAGE, PLACE, STEAL_PROPERTY,
                                 PLACE_HOUSE})


def stray_fields(action: "Action") -> str | None:
    """Why ``action`` carries a square, an amount or a trade its kind does not take, or None. A person's answer
    (:meth:`.game.Game.act`) and a replayed one are checked: ``Action("buy", square=32)`` bought whatever was on
    offer, and ``Action("roll", square=48)`` went into the history as ``["roll", 48]`` (outside review)."""
    kind = action.kind
    if kind in BARE_KINDS:
        extra = action.square != -1 or action.amount != 0 or action.trade is not None
    elif kind in SQUARE_KINDS:
        extra = action.amount != 0 or action.trade is not None
    elif kind in AMOUNT_KINDS:
        extra = action.square != -1 or action.trade is not None
    elif kind == TRADE:
        extra = action.square != -1 or action.amount != 0
    elif kind in EDITION_BARE:
        extra = action.square != -1 or action.amount != 0 or action.trade is not None
    elif kind in EDITION_SQUARE:
        extra = action.amount != 0 or action.trade is not None
    else:
        return None
    takes = "a square" if kind in EDITION_SQUARE else _TAKES.get(kind, "nothing")
    return f"{kind!r} takes {takes} and nothing else" if extra else None


_TAKES: Final = {**{k: "a square" for k in SQUARE_KINDS}, **{k: "an amount" for k in AMOUNT_KINDS}, TRADE: "a trade"}

#: Action kinds an edition adds (its module registers them with :func:`register_kinds`): they are answers to the
#: edition's own decisions, judged by ``Edition.action_problem``, and read back from saved histories like the rest.
EDITION_KINDS: set[str] = set()
#: Those of them that take nothing but their kind, and those that take a square (:func:`stray_fields`).
EDITION_BARE: set[str] = set()
EDITION_SQUARE: set[str] = set()


def register_kinds(*, bare: tuple[str, ...] = (), square: tuple[str, ...] = ()) -> None:
    """Let saved histories name an edition's own action kinds (see :data:`EDITION_KINDS`), each with what it takes:
    nothing (``bare``) or a square. A person's answer carrying anything else is refused (:func:`stray_fields`), as
    for the classic kinds: a Cheaters ``no_cheat`` with a trade attached was taken, and its game's save could not
    be read back (an outside review). Two editions may share a kind only if it takes the same in both."""
    for kind in bare:
        if kind in ALL_KINDS or kind in EDITION_SQUARE:
            raise ValueError(f"action kind {kind!r} is registered already, taking something else")
    for kind in square:
        if kind in ALL_KINDS or kind in EDITION_BARE:
            raise ValueError(f"action kind {kind!r} is registered already, taking something else")
    EDITION_BARE.update(bare)
    EDITION_SQUARE.update(square)
    EDITION_KINDS.update(bare, square)


#: A trade's fields, in order.
TRADE_FIELDS: Final = ("proposer", "target", "give_cash", "give_squares", "give_cards", "get_cash", "get_squares",
                       "get_cards", "give_tokens", "get_tokens")


@final
class Trade:
    """A trade offer from ``proposer`` to ``target``.

    ``give_*`` go from the proposer to the target, ``get_*`` from the target to the proposer. Cards are named by
    the deck they belong to (``"chance"`` or ``"chest"``), one entry per Get Out of Jail Free card. Tokens are an
    edition's own tradeable things (Sore Losers' coins, Mega's bus tickets: ``Edition.tokens``), one entry per token.

    A value: compared and hashed by its fields, never changed after it is made (the fields are ``Final``, which
    the type checker enforces). A plain class rather than a frozen dataclass, so that its constructor checks
    its input the same way in both builds (see :class:`Action`).
    """

    __slots__ = TRADE_FIELDS

    def __init__(self, proposer: object, target: object, give_cash: object = 0, give_squares: object = (),
                 give_cards: object = (), get_cash: object = 0, get_squares: object = (),
                 get_cards: object = (), give_tokens: object = (), get_tokens: object = ()) -> None:
        # (parameters typed ``object`` and checked here, so that bad input is refused the same way, with
        # IllegalAction, whether this class runs compiled or interpreted). The usual offer (a bot's: seats, cash
        # and squares, no cards or tokens) passes one test; anything else is checked field by field, which says
        # what is wrong. (Bots check a trade before each offer they make: field by field costs about 19,000
        # instructions a trade interpreted, callgrind, 1.3% of a classic roll.)
        if not (type(proposer) is int and type(target) is int and type(give_cash) is int and type(get_cash) is int
                and LOWEST <= proposer <= LIMIT and LOWEST <= target <= LIMIT
                and LOWEST <= give_cash <= LIMIT and LOWEST <= get_cash <= LIMIT
                and _plain_squares(give_squares) and _plain_squares(get_squares)
                and type(give_cards) is tuple and type(get_cards) is tuple and type(give_tokens) is tuple
                and type(get_tokens) is tuple and not (give_cards or get_cards or give_tokens or get_tokens)):
            proposer, target = _whole("proposer", proposer), _whole("target", target)
            give_cash, get_cash = _whole("give_cash", give_cash), _whole("get_cash", get_cash)
            give_squares, get_squares = _wholes("give_squares", give_squares), _wholes("get_squares", get_squares)
            give_cards, get_cards = _texts("give_cards", give_cards), _texts("get_cards", get_cards)
            give_tokens, get_tokens = _texts("give_tokens", give_tokens), _texts("get_tokens", get_tokens)
        self.proposer: Final[int] = proposer
        self.target: Final[int] = target
        self.give_cash: Final[int] = give_cash
        self.give_squares: Final[tuple[int, ...]] = give_squares
        self.give_cards: Final[tuple[str, ...]] = give_cards
        self.get_cash: Final[int] = get_cash
        self.get_squares: Final[tuple[int, ...]] = get_squares
        self.get_cards: Final[tuple[str, ...]] = get_cards
        self.give_tokens: Final[tuple[str, ...]] = give_tokens
        self.get_tokens: Final[tuple[str, ...]] = get_tokens

    def _key(self) -> tuple:
        return (self.proposer, self.target, self.give_cash, self.give_squares, self.give_cards, self.get_cash,
                self.get_squares, self.get_cards, self.give_tokens, self.get_tokens)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Trade) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple:
        return Trade, self._key()      # (pickling: the compiled class needs its arguments spelt out)

    def __repr__(self) -> str:
        return f"Trade({', '.join(f'{k}={v!r}' for k, v in zip(TRADE_FIELDS, self._key()))})"

    def is_empty(self) -> bool:
        return not (self.give_cash or self.give_squares or self.give_cards or self.get_cash or self.get_squares
                    or self.get_cards or self.give_tokens or self.get_tokens)

    def to_json(self) -> dict:
        d: dict[str, Any] = {"proposer": self.proposer, "target": self.target}
        for k, v in zip(TRADE_FIELDS[2:], self._key()[2:]):
            if v:
                d[k] = list(v) if isinstance(v, tuple) else v
        return d

    @classmethod
    def from_json(cls, d) -> "Trade":
        if not isinstance(d, dict):
            raise BadSave("a trade must be an object")
        try:
            return cls(proposer=d["proposer"], target=d["target"], give_cash=d.get("give_cash", 0),
                       get_cash=d.get("get_cash", 0), give_squares=tuple(_list(d.get("give_squares", []))),
                       get_squares=tuple(_list(d.get("get_squares", []))),
                       give_cards=tuple(_list(d.get("give_cards", []))),
                       get_cards=tuple(_list(d.get("get_cards", []))),
                       give_tokens=tuple(_list(d.get("give_tokens", []))),
                       get_tokens=tuple(_list(d.get("get_tokens", []))))
        except KeyError as exc:
            raise BadSave(f"malformed trade: missing {exc}") from None
        except IllegalAction as exc:
            raise BadSave(f"malformed trade: {exc}") from None


#: The largest whole number an action or trade may carry (money, squares): far above any game's, and small
#: enough for every column of the log and the database.
LIMIT: Final = 2**31 - 1
#: The smallest (a constant: ``-LIMIT`` written in a test makes a new int object each time it runs, interpreted)
LOWEST: Final = -LIMIT


def _whole(name: str, x: object) -> int:
    if isinstance(x, bool) or not isinstance(x, int):
        raise IllegalAction(f"{name} must be a whole number, got {_shown(x)}")
    if not (LOWEST <= x <= LIMIT):
        raise IllegalAction(f"{name} is out of range: {_shown(x)}")
    return x


def _wholes(name: str, xs: object) -> tuple[int, ...]:
    if xs == ():                # (most sides of most trades are empty: no generator for them)
        return ()
    if not isinstance(xs, tuple) or len(xs) > 64:
        raise IllegalAction(f"{name} must be a tuple of at most 64 squares, got {_shown(xs)}")
    return tuple(_whole(name, x) for x in xs)


def _plain_squares(xs: object) -> TypeGuard[tuple[int, ...]]:
    """Whether ``xs`` is a plain tuple of at most 64 whole numbers in range (what :func:`_wholes` accepts as it
    is, tested without a call per square)."""
    if type(xs) is not tuple or len(xs) > 64:
        return False
    for x in xs:
        if type(x) is not int or not LOWEST <= x <= LIMIT:
            return False
    return True


def _texts(name: str, xs: object) -> tuple[str, ...]:
    if xs == ():
        return ()
    if not isinstance(xs, tuple) or len(xs) > 64 or not all(isinstance(x, str) and len(x) <= 64 for x in xs):
        raise IllegalAction(f"{name} must be a tuple of names (at most 64, of 64 characters each), got {_shown(xs)}")
    return tuple(str(x) for x in xs)


def _action_problem(kind: object, square: object, amount: object, trade: object) -> str:
    """Why these cannot make an Action (the constructor's one test failed)."""
    if not isinstance(kind, str):
        return f"an action's kind must be text, got {_shown(kind)}"
    if trade is not None and not isinstance(trade, Trade):
        return f"an action's trade must be a Trade, got {_shown(trade)}"
    for name, value in (("square", square), ("amount", amount)):
        try:
            _whole(name, value)
        except IllegalAction as exc:
            return str(exc)
    return "not an action"


def _shown(x: object) -> str:
    """``x`` as a message shows it: its repr, cut short (a saved file may hold a value of any size; a number past
    Python's 4,300 digits cannot even be written out, see :func:`.bounds.short`)."""
    return short(x)


def _list(x: object) -> list:
    if not isinstance(x, list):
        raise BadSave(f"expected a list, got {_shown(x)}")
    return x


@final
class Action:
    """An answer to a decision: a kind plus the square, amount or trade it needs.

    A value like :class:`Trade`: compared and hashed by its fields, never changed after it is made.
    """

    __slots__ = ("kind", "square", "amount", "trade")

    def __init__(self, kind: object, square: object = -1, amount: object = 0, trade: object = None) -> None:
        # (parameters typed ``object`` and checked here: bad input is refused with IllegalAction in both builds,
        # where typed parameters would raise TypeError compiled and let a float or a bool through interpreted)
        # one test for the usual case (bots make an action after almost every roll); the reason when it fails
        if not (type(kind) is str and type(square) is int and type(amount) is int
                and LOWEST <= square <= LIMIT and LOWEST <= amount <= LIMIT
                and (trade is None or type(trade) is Trade)):
            raise IllegalAction(_action_problem(kind, square, amount, trade))
        self.kind: Final = kind
        self.square: Final = square
        self.amount: Final = amount
        self.trade: Final = trade

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self.kind == other.kind and self.square == other.square \
            and self.amount == other.amount and self.trade == other.trade

    def __hash__(self) -> int:
        return hash((self.kind, self.square, self.amount, self.trade))

    def __reduce__(self) -> tuple:
        return Action, (self.kind, self.square, self.amount, self.trade)

    def __repr__(self) -> str:
        parts = [self.kind]
        if self.square >= 0:
            parts.append(f"square={self.square}")
        if self.amount:
            parts.append(f"amount={self.amount}")
        if self.trade is not None:
            parts.append(f"trade={self.trade}")
        return f"Action({', '.join(parts)})"

    def to_json(self) -> list:
        """Compact JSON form: ``[kind]``, ``[kind, square]``, ``["bid", amount]``, ``["trade", {...}]``."""
        if self.trade is not None:
            return [self.kind, self.trade.to_json()]
        if self.kind in AMOUNT_KINDS:
            return [self.kind, self.amount]
        if self.square >= 0:
            return [self.kind, self.square]
        return [self.kind]


def action_from_json(data) -> Action:
    """Parse :meth:`Action.to_json` output; anything else raises :class:`BadSave`."""
    if not isinstance(data, list) or not data or not isinstance(data[0], str):
        raise BadSave(f"not an action: {_shown(data)}")
    kind = data[0]
    if kind not in ALL_KINDS and kind not in EDITION_KINDS:
        raise BadSave(f"an answer of a kind this lab does not know ({_shown(kind)})")
    if len(data) == 1:
        return Action(kind)
    if len(data) != 2:
        raise BadSave(f"not an action: {_shown(data)}")
    arg = data[1]
    try:
        if kind == TRADE:
            return Action(kind, trade=Trade.from_json(arg))
        if kind in AMOUNT_KINDS:
            return Action(kind, amount=arg)
        return Action(kind, square=arg)
    except IllegalAction as exc:
        raise BadSave(f"not an action: {exc}") from None


# Shared instances for the argument-free actions (bots return these; no allocation on the hot path).
A_ROLL, A_END, A_BUY, A_DECLINE, A_PASS = Action(ROLL), Action(END), Action(BUY), Action(DECLINE), Action(PASS)
A_PAY_FINE, A_USE_CARD, A_ACCEPT, A_REJECT = Action(PAY_FINE), Action(USE_CARD), Action(ACCEPT), Action(REJECT)
A_REJECT_ALL = Action(REJECT_ALL)
A_BANKRUPT, A_PAY, A_DRAW, A_FLAT, A_PERCENT = Action(BANKRUPT), Action(PAY), Action(DRAW), Action(FLAT), Action(PERCENT)
A_KEEP, A_LIFT = Action(KEEP), Action(LIFT)
A_CASH_IN, A_WAIT = Action(CASH_IN), Action(WAIT)
