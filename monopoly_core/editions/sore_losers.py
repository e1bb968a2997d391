"""Monopoly for Sore Losers (Hasbro 2020) as an edition: seed 000 (the rule book), 001 (its gaps filled) and
``../shared/reference/sore_losers_and_cheaters.md``.

The UK board with the two utilities turned into £150 bills (``data/boards/sore-losers.toml``), the project's own
Chance and Community Chest decks with coin and Mr Monopoly cards (``data/cards/sore-losers-*.toml``; the classic UK
decks play too), and the preset ``sore-losers``. This module only wires the edition's rules
(:mod:`.sore_losers_rules`) and state (:mod:`.sore_losers_state`) into the :class:`~.base.Edition` hooks, and
says which answers to its own decisions are legal.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import actions as A
from .. import decisions as D
from .. import events as E
from .. import final_lap
from .. import landing
from .. import turn
from ..actions import Action
from ..building import arranged_on_street_problem
from ..errors import DataError, IllegalAction
from . import sore_losers_rules as R
from . import sore_losers_state as st
from .base import Edition

if TYPE_CHECKING:
    from ..board import Board
    from ..cards import Card
    from ..decisions import Decision
    from ..game_state import GameState, Play
    from ..landing import LandingRule
    from ..rules import RuleSet
    from ..state import Player

NAME = "sore-losers"
#: The name of the edition's tradeable token (``Trade.give_tokens``/``get_tokens``).
COIN = "coin"


def coins(n: int) -> str:
    """``n`` coins in words: "1 coin", "4 coins"."""
    return f"{n} coin" if n == 1 else f"{n} coins"


class SoreLosers(Edition):
    """Coins, the Mr Monopoly token, permanent buildings, bills for utilities, the lowest roll starts."""

    def __init__(self) -> None:
        super().__init__()
        self.name = NAME
        self.title = "Monopoly for Sore Losers"
        self.own_card_effects = frozenset({"sore_loser_coin", "mr_monopoly"})
        self.lowest_starts = True       # 000 SET IT UP: "Who goes first? ... The LOWEST roller starts"
        # 000 BUILDINGS: "Once buildings are built, they must stay on their street for the rest of the game"
        self.buildings_sellable = False
        self.arrange_points = self.arrange_points | {D.CASH_IN}            # (before the roll)
        self.buildings_block_trades = False     # (000: buildings go to the new owner of a traded street)
        self.watches_doubles = True
        # 000 DEALS & TRADES: "You can buy, sell or swap property and sore loser coins with other players"
        self.tokens = {COIN: "sore loser coin"}
        self.own_rules = {"coins": "sore loser coins", "starting_coins": "sore loser coins",
                          "max_coins": "sore loser coins"}
        self.unused_rules = {"utility_rent": "it has no utilities (\u201cThose utility spaces are electricity and "
                                             "water bills\u201d)"}
        self._landing: dict[int, tuple[Board, tuple[LandingRule, ...]]] = {}     # id(board) -> (board, its rules)

    # --- what a game is made of ------------------------------------------------------------------------------
    def landing_rules(self) -> dict[str, LandingRule]:
        return {"go": landing.NOTHING, "jail": landing.NOTHING, "street": R.PROPERTY, "railroad": R.PROPERTY,
                "tax": R.TAX, "bill": R.TAX, "go_to_jail": landing.GO_TO_JAIL, "free_parking": R.FREE_PARKING}

    def landing_table(self, board: Board) -> tuple[LandingRule, ...]:
        """Every square's rule, each with Mr Monopoly's trapping first. Made once per board and shared by its games
        (the rules hold nothing of a game): a game is only about 130 rolls, so wrapping 40 rules anew for each
        showed in the cost of a roll."""
        made = self._landing.get(id(board))
        if made is None or made[0] is not board:
            made = self._landing[id(board)] = (board, tuple(R.Trapping(rule) for rule in super().landing_table(board)))
        return made[1]

    def player_extra(self, rules: RuleSet, seat: int) -> Any:
        return st.Purse()

    def game_extra(self, rules: RuleSet) -> Any:
        return st.Table(rules)

    def problem(self, rules: RuleSet) -> tuple[str, str] | None:
        """The coin rules must fit together: nobody starts above the most a player may hold, cashing in must be
        possible with the coins in the game (else nobody could ever become Mr Monopoly), and the bank must have
        the starting coins of a full table."""
        most, start, total = rules.max_coins, rules.starting_coins, rules.coins
        if start > most:
            return "starting_coins", f"a player would start with {coins(start)} but may hold at most {coins(most)}"
        if start * rules.max_players > total:
            return "coins", f"up to {rules.max_players} players (the most this rule set seats) start with " \
                            f"{coins(start)} each, {coins(start * rules.max_players)} in all: more than the " \
                            f"{coins(total)} in the game"
        if most > total:
            return "max_coins", f"cashing in takes {coins(most)} but the game has only {coins(total)}: nobody " \
                                "could ever become Mr Monopoly"
        return super().problem(rules)

    # --- the turn ----------------------------------------------------------------------------------------------
    def decide_order(self, g: GameState) -> None:
        """000 SET IT UP 7: two coins each; "Who goes first? ... The LOWEST roller starts"."""
        st.hand_out(g)
        turn.decide_order(g, lowest=self.lowest_starts)

    def take_turn(self, g: GameState, p: Player) -> Play:
        if self.sits_out(g, p):
            return turn.home_turn(g, p)
        return R.take_turn(g, p)

    def after_doubles(self, g: GameState, p: Player) -> Play:
        return R.after_doubles(g, p)

    def go_to_jail(self, g: GameState, p: Player, reason: int) -> Play:
        return R.go_to_jail(g, p, reason)

    def bankrupt(self, g: GameState, p: Player, creditor: int) -> Play:
        return R.bankrupt(g, p, creditor)

    # --- building and mortgages ----------------------------------------------------------------------------------
    def arranged_problem(self, g: GameState, square: int) -> str | None:
        """000: buildings are permanent (they stay on a bankrupt player's streets, whoever takes the deeds, the bank
        included; 001: a mortgaged street's buildings are mothballed): any street may hold them."""
        return arranged_on_street_problem(g, square)

    def sell_problem(self, g: GameState, seat: int, square: int) -> str | None:
        return "buildings are permanent in Monopoly for Sore Losers: they stay on their street"

    def sell_all_problem(self, g: GameState, seat: int, square: int) -> str | None:
        return self.sell_problem(g, seat, square)

    def mortgage_problem(self, g: GameState, seat: int, square: int) -> str | None:
        """Any owned, unmortgaged property, buildings and all (001: "If a street with buildings on it is
        mortgaged, the buildings are mothballed and no rent is collected from that street")."""
        sq = g.board.squares[square]
        if not sq.ownable or g.owner[square] != seat:
            return f"you do not own {sq.name}"
        if g.mortgaged[square]:
            return f"{sq.name} is already mortgaged"
        return None

    # --- coins in trades ---------------------------------------------------------------------------------------------
    def token_count(self, g: GameState, p: Player, name: str) -> int:
        return st.coins(g, p.seat) if name == COIN else 0

    def move_token(self, g: GameState, giver: Player, receiver: Player, name: str) -> None:
        if name != COIN:
            raise DataError(f"the {self.title} has no {name!r} tokens")
        st.move_coins(g, giver.seat, receiver.seat, 1, E.C_TRADE)

    def token_trade_problem(self, g: GameState, giver: Player, receiver: Player, name: str,
                            count: int, back: int) -> str | None:
        """000: "You can never have more than four sore loser coins at a time", counted after the trade (DEALS &
        TRADES: "swap ... sore loser coins": a player holding four may swap one for one); "MR MONOPOLY never
        collects sore loser coins" (so he cannot take any in a trade either)."""
        if st.mr_monopoly(g) == receiver.seat:
            return f"{receiver.name} is Mr Monopoly, who never collects sore loser coins"
        most = g.rules.max_coins
        if st.coins(g, receiver.seat) + count - back > most:
            return f"{receiver.name} would hold more than {most} sore loser coins"
        return None

    def token_worth(self, g: GameState, seat: int, name: str) -> int:
        """A coin is a quarter of the way to the token: worth a quarter of a street's typical rent swing (£50)."""
        return 50 if name == COIN else 0

    # --- edition vocabulary --------------------------------------------------------------------------------------
    def card_effect(self, g: GameState, p: Player, card: Card, square: int) -> Play:
        if card.effect not in self.own_card_effects:
            raise DataError(f"the {self.title} has no rule for card effect {card.effect!r}")
        R.card_effect(g, p, card.effect, square)
        return
        yield

    def arrange_extra(self, g: GameState, name: str, seat: int, value: int) -> None:
        """``coins``: ``seat`` holds ``value`` coins (the difference from or to the bank); ``mr_monopoly``: ``seat``
        holds the token (-1: back to the centre), nobody trapped."""
        if name == "coins":
            if not (0 <= value <= g.rules.max_coins) or value - st.coins(g, seat) > st.table(g).supply:
                raise IllegalAction(f"a player holds 0 to {g.rules.max_coins} coins, from the bank's supply")
            st.arrange_coins(g, seat, value)
        elif name == "mr_monopoly":
            st.arrange_mr(g, seat)
        else:
            super().arrange_extra(g, name, seat, value)

    def options(self, d: Decision) -> list[Action]:
        g, kind = d.game, d.kind
        if kind == D.CASH_IN:
            return [A.A_CASH_IN, A.A_WAIT]
        if kind == D.JAIL_WHOM:
            return [Action(A.SEND_TO_JAIL, amount=s) for s in R.jail_candidates(g, d.player)]
        if kind == D.COIN_VICTIM:
            return [Action(A.STEAL_COIN, amount=s) for s in R.coin_victims(g, d.player)]
        if kind == D.PROPERTY_STEAL:
            return [Action(A.STEAL_PROPERTY, s) for s in R.stealable(g, d.other)] + [A.A_PASS]
        if kind == D.FREE_HOUSE:
            return [Action(A.PLACE_HOUSE, s) for s in R.free_house_squares(g)]
        return []

    def action_problem(self, d: Decision, action: Action) -> str | None:
        """The same answers as :meth:`options`, checked directly (a bot's answer is checked after every
        decision)."""
        g, kind, k = d.game, d.kind, action.kind
        if kind == D.CASH_IN and (k == A.CASH_IN or k == A.WAIT):
            return None
        if kind == D.JAIL_WHOM and k == A.SEND_TO_JAIL:
            if action.amount in R.jail_candidates(g, d.player):
                return None
            return "send another player who is still in the game and not in jail already"
        if kind == D.COIN_VICTIM and k == A.STEAL_COIN:
            if action.amount in R.coin_victims(g, d.player):
                return None
            return "choose another player who holds a sore loser coin"
        if kind == D.PROPERTY_STEAL and (k == A.PASS or k == A.STEAL_PROPERTY):
            if k == A.PASS or R.may_steal(g, d.other, action.square):
                return None
            return f"steal one of {g.players[d.other].name}'s properties that is not part of a complete set, or pass"
        if kind == D.FREE_HOUSE and k == A.PLACE_HOUSE:
            if R.may_place_free_house(g, action.square):
                return None
            return "a free house goes on a street with fewer than four houses, while the bank has one"
        return f"{k!r} is not an option when deciding {kind!r}"
