"""Decisions: who must choose, what kind of choice, and exactly which actions are legal.

A :class:`Decision` is what ``game.pending`` holds when the next step needs a choice. Its legal options are
computed lazily from the current state (like python-chess's ``legal_moves``): :meth:`Decision.legal_actions`
lists every finite option (trades are open-ended, so :attr:`Decision.allows_trade` says whether one may be
proposed), and :meth:`Decision.check` refuses anything else with a reason, before the state is touched.

"At any time" actions (build, sell, mortgage, unmortgage, trade) are offered inside the well-defined windows
of DESIGN.md section 2: before the roll (``pre_roll``/``jail``), after each landing (``post_roll``), between turns
to a player who has come to hold a set on someone else's turn (``between_turns``), when buying (raising money only)
and when in debt (raising money only). People and bots see the same windows.
"""
from __future__ import annotations

from typing import Final, TYPE_CHECKING

from . import actions as A
from .actions import Action, Trade
from .bounds import short
from .errors import IllegalAction
from .building import build_problem, sell_problem
from .mortgage import mortgage_problem, unmortgage_cost, unmortgage_problem
from .trading import trade_problem
from .state import jail_card

if TYPE_CHECKING:
    from .game_state import GameState

# --- decision kinds ---------------------------------------------------------------------------------------------
PRE_ROLL: Final = "pre_roll"              # start of a turn: roll, or manage first
JAIL: Final = "jail"                      # start of a turn in jail: pay, use a card, or roll for doubles
BUY: Final = "buy"                        # landed on an unowned property: buy at the printed price or decline
BID: Final = "bid"                        # an auction: bid at least `minimum` (up to your cash) or pass
POST_ROLL: Final = "post_roll"            # after landing: manage, then end (or roll again after doubles)
DEBT: Final = "debt"                      # owe `amount` to `other`: raise money, or go bankrupt if it cannot be raised
TRADE_RESPONSE: Final = "trade_response"  # accept or reject `trade`
FINE_OR_CHANCE: Final = "fine_or_chance"  # the UK card: pay `amount` or draw a Chance card
INCOME_TAX: Final = "income_tax"          # older rule: pay the flat `amount` or a percentage of total worth
MORTGAGED_DEED: Final = "mortgaged_deed"  # received mortgaged `square`: keep the mortgage (pay interest) or lift it
PLACE_BUILDING: Final = "place_building"  # won a building auction: choose where the building goes
BETWEEN_TURNS: Final = "between_turns"    # a set came to you on another's turn: manage before the next roll, or end
# Monopoly for Sore Losers: legality and options are the edition's (Edition.action_problem, Edition.options)
CASH_IN: Final = "cash_in"                # four coins before the roll: cash them in for the token, or wait
JAIL_WHOM: Final = "jail_whom"            # Mr Monopoly goes to jail: whom to send in his place
COIN_VICTIM: Final = "coin_victim"        # Free Parking: whom to take a coin from (or make return one)
PROPERTY_STEAL: Final = "property_steal"  # Mr Monopoly trapped `other`: which property to take, or none
FREE_HOUSE: Final = "free_house"          # someone rolled doubles: where Mr Monopoly places a free house

# Mega Edition (seed 002): the options of these are the edition's (Edition.options / Edition.action_problem)
USE_BUS_TICKET: Final = "use_bus_ticket"  # before a roll, holding a bus ticket: roll, or ride to a square on this side
TRIPLES: Final = "triples"                # rolled triples: move to any square
BUS_FACE: Final = "bus_face"              # the speed die's Bus: take a bus ticket, or ride to the next card square
AUCTION_PICK: Final = "auction_pick"      # landed on Auction: pick the unowned property the bank auctions
BIRTHDAY_GIFT: Final = "birthday_gift"    # landed on Birthday Gift: $100 from the bank or a bus ticket

# the Cheaters Edition's (their answers are the edition's own action kinds: editions/cheaters_actions.py)
CHEAT: Final = "cheat"                    # start of a turn: attempt a face-up cheat, play a held card, or go on
CALL_CHEAT: Final = "call_cheat"          # before the next roll: call "Cheat!" on `other`'s turn, or not
KEEP_CARD: Final = "keep_card"            # a second card of one deck: keep the one held or the new one
PARKING_DECK: Final = "parking_deck"      # Free Parking: draw a Chance or a Community Chest card
CHEAT_TARGET: Final = "cheat_target"      # whom or what a card or cheat acts on (item: editions/cheaters_targets.py)

KINDS = (PRE_ROLL, JAIL, BUY, BID, POST_ROLL, DEBT, TRADE_RESPONSE, FINE_OR_CHANCE, INCOME_TAX, MORTGAGED_DEED,
         PLACE_BUILDING, BETWEEN_TURNS, CASH_IN, JAIL_WHOM, COIN_VICTIM, PROPERTY_STEAL, FREE_HOUSE, USE_BUS_TICKET,
         TRIPLES, BUS_FACE, AUCTION_PICK, BIRTHDAY_GIFT, CHEAT, CALL_CHEAT, KEEP_CARD, PARKING_DECK, CHEAT_TARGET)
#: The decisions only an edition asks: their options are the edition's (``Edition.options``) and it judges their
#: answers (``Edition.action_problem``).
EDITION_KINDS: Final = frozenset({CASH_IN, JAIL_WHOM, COIN_VICTIM, PROPERTY_STEAL, FREE_HOUSE, USE_BUS_TICKET,
                                  TRIPLES, BUS_FACE, AUCTION_PICK, BIRTHDAY_GIFT, CHEAT, CALL_CHEAT, KEEP_CARD,
                                  PARKING_DECK, CHEAT_TARGET})

_BASE: Final = {
    PRE_ROLL: (A.ROLL,),
    JAIL: (A.ROLL, A.PAY_FINE, A.USE_CARD),
    BUY: (A.BUY, A.DECLINE),
    BID: (A.BID, A.PASS),
    POST_ROLL: (A.END,),
    DEBT: (A.BANKRUPT,),
    TRADE_RESPONSE: (A.ACCEPT, A.REJECT, A.REJECT_ALL),
    FINE_OR_CHANCE: (A.PAY, A.DRAW),
    INCOME_TAX: (A.FLAT, A.PERCENT),
    MORTGAGED_DEED: (A.KEEP, A.LIFT),
    PLACE_BUILDING: (A.PLACE,),
    BETWEEN_TURNS: (A.END,),
    USE_BUS_TICKET: (A.ROLL,),
}
#: Answers that are legal whenever their kind is offered (no state to check).
_ALWAYS: Final = {k: frozenset(v) & {A.ROLL, A.END, A.DECLINE, A.PASS, A.REJECT, A.REJECT_ALL, A.ACCEPT, A.KEEP,
                                     A.DRAW, A.FLAT, A.PERCENT, A.PAY} for k, v in _BASE.items()}
# (the Cheaters Edition's answers that need no check of the state: its action kinds, editions/cheaters_actions.py)
_ALWAYS.update({CHEAT: frozenset({"no_cheat"}), CALL_CHEAT: frozenset({"call", "no_call"}),
                KEEP_CARD: frozenset({"keep_old", "keep_new"})})
#: Actions someone at the table other than the decider may take while a window is open, carried out in between
#: like the management actions and the same window asked again (the Cheaters Edition: a person calls "Cheat!",
#: ``editions/cheaters_actions.CALL``); the edition judges them (``Edition.action_problem``).
INTERJECTIONS: Final = frozenset({"call"})
_WINDOW: Final = A.MANAGE | INTERJECTIONS
# (between turns no interjection: the Cheaters Edition's calls are made before the next roll, in its own decision)
_EXTRA: Final = {PRE_ROLL: _WINDOW, JAIL: _WINDOW, POST_ROLL: _WINDOW, BETWEEN_TURNS: A.MANAGE, BUY: A.RAISE,
                 DEBT: A.RAISE}
_NONE: Final[frozenset[str]] = frozenset()
_WINDOWS: Final = frozenset({PRE_ROLL, JAIL, POST_ROLL, BETWEEN_TURNS})
#: The steps kept to finish a turn. A person's answers that could go on for ever within one turn (trade offers
#: rejected over and over, bids raised by the least with a fortune in cash, building and selling or mortgaging and
#: lifting in turn) are refused once fewer steps than this are left of the turn's :data:`flow.MAX_STEPS_PER_TURN`:
#: then only the answers that move the game on remain (end, roll, pass, ...), and every game people can play ends
#: without passing the limit (which stays the net for a cycle of the rules themselves). An outside review reached the
#: limit by legal play (about 10,000 rejected offers in one turn), and the game could then not be saved or undone.
STEPS_KEPT_TO_FINISH: Final = 5_000
#: The most the people's answers of one game may take in a saved file (bytes of their compact JSON): past it, the
#: same answers are refused for the rest of the game, so that every game people play can be saved and loaded again
#: (``savefile.MAX_BYTES``, ``history_json.MAX_ACTIONS``). An outside review's person mortgaged and lifted one
#: street 990,000 times (no interest), a legal game whose file (34 MB) the lab then refused to load. Bots answer
#: within bounds of their own (8 random bots over 10,000 rounds: about 270,000 answers).
PEOPLE_ANSWER_BYTES: Final = 6_000_000


class Decision:
    """A pending choice. Read its fields; ask :meth:`legal_actions`; the engine calls :meth:`check`."""

    __slots__ = ("kind", "player", "square", "amount", "minimum", "other", "trade", "item", "again", "game",
                 "extra", "always")

    def __init__(self, game: GameState, kind: str, player: int, *, square: int = -1, amount: int = 0,
                 minimum: int = 0, other: int = -1, trade: Trade | None = None, item: int = 0,
                 again: bool = False) -> None:
        self.game = game
        self.kind = kind
        self.player = player      # the seat that decides
        self.square = square      # the property concerned (buy, bid, mortgaged deed)
        self.amount = amount      # price, current high bid, debt, fine, flat tax
        self.minimum = minimum    # lowest legal bid
        self.other = other        # high bidder, creditor, proposer
        self.trade = trade        # the trade to answer
        self.item = item          # auctions: 0 title deed, 1 house, 2 hotel, 3 skyscraper, 4 train depot (sales.ITEM_*)
        self.again = again        # post_roll: ending this window means rolling again (doubles)
        self.extra = _EXTRA.get(kind, _NONE)
        self.always = _ALWAYS.get(kind, _NONE)

    def __repr__(self) -> str:
        return (f"Decision({self.kind}, player={self.player}, square={self.square}, amount={self.amount}, "
                f"minimum={self.minimum})")

    @property
    def allows_trade(self) -> bool:
        """Whether a trade may be proposed in answer (a window, a purchase or a debt), unless the edition has closed
        trades for now (Mega: a Mr. Monopoly move under way) or the turn is near its last steps (:meth:`out_of_steps`)."""
        return A.TRADE in self.extra and self.game.edition.trades_closed(self.game) is None and not self.out_of_steps()

    # --- legality -------------------------------------------------------------------------------------------
    def problem(self, action: object) -> str | None:
        """Why ``action`` is illegal here, or None if it is legal."""
        if not isinstance(action, Action):
            return f"not an Action: {short(action)}"
        kind = action.kind
        if kind in self.always:
            return None
        g = self.game
        seat = self.player
        p = g.players[seat]
        if kind in self.extra:
            if kind in INTERJECTIONS:
                return g.edition.action_problem(self, action)
            if (kind == A.TRADE or self.kind in _WINDOWS) and self.out_of_steps():
                return _out_of_steps(g)
            return _manage_problem(g, seat, action)
        if kind not in _BASE.get(self.kind, ()):
            if kind in A.ALL_KINDS and self.kind in _BASE:
                return f"{kind!r} is not an option when deciding {self.kind!r}"
            return g.edition.action_problem(self, action)
        if kind == A.PAY_FINE:
            if p.cash < g.rules.jail_fine:
                return f"the fine is {g.rules.jail_fine}, you have {p.cash}"
            if not g.rules.jail_pay_on_last_turn and p.jail_turns >= g.rules.jail_turns - 1:
                # 002 JAIL: "Paying a fine of $50 before you roll the dice on either of your next two turns"
                return "on your last turn in jail you roll first: without doubles you then pay the fine and move"
        if kind == A.USE_CARD and jail_card(g, p) < 0:
            return "you hold no Get Out of Jail Free card"
        if kind == A.BUY and p.cash < self.amount:
            return f"the price is {self.amount}, you have {p.cash}"
        if kind == A.BID:
            if self.out_of_steps():
                return _out_of_steps(g)
            if action.amount < self.minimum:
                return f"the lowest bid now is {self.minimum}"
            if action.amount > p.cash:
                return f"you cannot bid more than your cash ({p.cash})"
        if kind == A.BANKRUPT and p.cash + g.edition.liquidation_value(g, seat) >= self.amount:
            return "you can still raise the money by selling buildings or mortgaging"
        if kind == A.LIFT and p.cash < unmortgage_cost(g, self.square):
            return f"lifting the mortgage costs {unmortgage_cost(g, self.square)}, you have {p.cash}"
        if kind == A.PLACE:
            sq = action.square
            if not (0 <= sq < g.board.size):
                return "no square"
            item = g.edition.building_item(g, sq)
            if item < 0:
                return "no building won at auction is placed here"
            why = g.edition.build_problem_but_cash(g, seat, sq)
            if why is None and item != self.item:
                why = "that square needs another kind of building"
            return why
        return None

    def out_of_steps(self) -> bool:
        """Whether a person deciding now has fewer than :data:`STEPS_KEPT_TO_FINISH` steps left of this turn, or the
        people's answers have passed :data:`PEOPLE_ANSWER_BYTES` (bots answer within bounds of their own)."""
        g = self.game
        return ((g.ply > g.step_budget - STEPS_KEPT_TO_FINISH or g.person_answer_bytes > PEOPLE_ANSWER_BYTES)
                and self.player not in g.bots)

    def check(self, action: object) -> None:
        """Raise :class:`IllegalAction` naming the reason, unless ``action`` is legal."""
        why = self.problem(action)
        if why is not None:
            raise IllegalAction(why)

    def is_legal(self, action: object) -> bool:
        return self.problem(action) is None

    def legal_actions(self) -> list[Action]:
        """Every legal action except trade proposals (see :attr:`allows_trade`), in a stable order.

        Bids are listed as the minimum bid and a few round raises; any amount from :attr:`minimum` up to the
        bidder's cash is legal.
        """
        g = self.game
        out: list[Action] = []
        for kind in _BASE.get(self.kind, ()):
            if kind == A.BID:
                if self.out_of_steps():
                    continue
                cash = min(g.players[self.player].cash, A.LIMIT)   # (a bid is at most an action's amount)
                for amt in sorted({self.minimum, self.minimum + 9, self.minimum + 49, cash} - {0}):
                    if self.minimum <= amt <= cash:
                        out.append(Action(A.BID, amount=amt))
                continue
            if kind == A.PLACE:
                from .building import placeable_squares
                out.extend(Action(A.PLACE, s) for s in placeable_squares(g, self.player, self.item))
                continue
            a = Action(kind)
            if self.problem(a) is None:
                out.append(a)
        out.extend(g.edition.options(self))     # an edition's own answers (Mega, Sore Losers, Cheaters)
        if self.extra and not (self.kind in _WINDOWS and self.out_of_steps()):
            out.extend(manage_actions(g, self.player, self.extra))
        return out


def _out_of_steps(g: GameState) -> str:
    from .flow import MAX_STEPS_PER_TURN
    if g.person_answer_bytes > PEOPLE_ANSWER_BYTES:
        return (f"this game's answers fill {g.person_answer_bytes:,} bytes of a saved file, near the most a saved game "
                f"holds: no more trade offers, bids, building or mortgages in this game (pass, end the turn, or let "
                f"the next player roll)")
    taken = g.ply - (g.step_budget - MAX_STEPS_PER_TURN)
    return (f"this turn has taken {taken:,} steps, near the most one turn may take ({MAX_STEPS_PER_TURN:,}): no more "
            f"trade offers, bids, building or mortgages until the next turn (pass, end the turn, or let the next "
            f"player roll)")


def _manage_problem(g: GameState, seat: int, action: Action) -> str | None:
    kind, sq = action.kind, action.square
    if kind == A.TRADE:
        t = action.trade
        if t is None:
            return "a trade action needs a Trade"
        if t.proposer != seat:
            return "you can only propose trades for yourself"
        return trade_problem(g, t)
    if not (0 <= sq < g.board.size):
        return f"no square {sq}"
    edition, classic = g.edition, g.classic_rules     # (classic: the rule itself, a call less; Edition.HOT_HOOKS)
    if kind == A.BUILD:
        return build_problem(g, seat, sq) if classic else edition.build_problem(g, seat, sq)
    if kind == A.SELL_BUILDING:
        return sell_problem(g, seat, sq) if classic else edition.sell_problem(g, seat, sq)
    if kind == A.SELL_ALL:
        return edition.sell_all_problem(g, seat, sq)
    if kind == A.MORTGAGE:
        return mortgage_problem(g, seat, sq) if classic else edition.mortgage_problem(g, seat, sq)
    if kind == A.UNMORTGAGE:
        return unmortgage_problem(g, seat, sq)
    return f"unknown action {kind!r}"


def manage_actions(g: GameState, seat: int, allowed=A.MANAGE) -> list[Action]:
    """Every legal build / sell / mortgage / unmortgage action of ``seat`` now (trades excluded)."""
    out = []
    owner = g.owner
    seen_groups = set()
    for s in g.board.properties:
        if owner[s] != seat:
            continue
        if A.BUILD in allowed and g.edition.build_problem(g, seat, s) is None:
            out.append(Action(A.BUILD, s))
        if A.SELL_BUILDING in allowed and g.edition.sell_problem(g, seat, s) is None:
            out.append(Action(A.SELL_BUILDING, s))
        grp = g.board.squares[s].group
        if A.SELL_ALL in allowed and grp and grp not in seen_groups and g.edition.sell_all_problem(g, seat, s) is None:
            seen_groups.add(grp)
            out.append(Action(A.SELL_ALL, s))
        if A.MORTGAGE in allowed and g.edition.mortgage_problem(g, seat, s) is None:
            out.append(Action(A.MORTGAGE, s))
        if A.UNMORTGAGE in allowed and unmortgage_problem(g, seat, s) is None:
            out.append(Action(A.UNMORTGAGE, s))
    return out
