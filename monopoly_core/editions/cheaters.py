"""Monopoly Cheaters Edition (Hasbro UK 2021; seed ``003_2efce0b9b7f6c0c4.txt``, first part, with
``../shared/reference/sore_losers_and_cheaters.md``): the preset ``cheaters``.

The edition's hooks, each handing over to the module that holds the rule:

* ``cheaters_turn``: the turn (calls of "Cheat!", the cheat plan, jail, rolls), stations, the handcuffs;
* ``cheats``: the cheat cards and the probability model of cheating;
* ``cheaters_cards``: held Chance and Community Chest cards, Free Parking drawing a card, the edition's card effects;
* ``cheaters_money``: hotels, rent, selling deeds to the bank, bankruptcy, what may be traded.

The data: ``data/boards/cheaters-uk.toml`` (what the utility and tax squares become is written there),
``data/cards/cheaters-*.toml`` and ``data/cheats/cheaters-uk.toml`` (the project's own texts), and
``data/presets/cheaters.toml``. No banker: nothing to simulate (the engine is the bank).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import decisions as D
from .. import final_lap
from .. import landing
from .. import turn
from ..actions import Action
from ..building import arranged_on_street_problem, hotel_in_bank
from ..datafiles import load_toml
from ..errors import DataError
from . import cheaters_actions as C
from . import cheaters_cards
from . import cheaters_money
from . import cheaters_targets
from . import cheaters_turn
from . import cheats
from .base import Edition

if TYPE_CHECKING:
    from ..actions import Trade
    from ..cards import Card
    from ..decisions import Decision
    from ..game_state import GameState, Play
    from ..landing import LandingRule
    from ..rules import RuleSet
    from ..state import Player


class CheatersState:
    """The edition's own game-wide state (``GameState.extra``)."""

    def __init__(self, cheat_table: cheats.CheatTable, next_station: dict[int, int], hotel_on: int) -> None:
        self.cheats = cheat_table
        self.next_station = next_station    # station square -> the next station ahead
        self.hotel_on = hotel_on            # the street given a hotel at set-up (-1 none)
        self.last_player = -1               # the player "Cheat!" is called on now: who last looked at the cheats
        self.watch_turn = -1                # the turn in which they did (their cheat awaits the next roll)
        self.callers: set[int] = set()      # the people who have called "Cheat!" on them already
        self.jailed_turn = -1               # the last turn whose player was sent to jail in it
        #: a card being chosen between (a second card of one deck: ``decisions.KEEP_CARD``), or None
        self.choosing: tuple[str, int] | None = None
        self.target = ""                    # the effect whose target is being chosen (decisions.CHEAT_TARGET)
        self._plans: dict[int, Decision] = {}  # each seat's cheat plan decision (immutable: made once a game)

    def plan_decision(self, g: GameState, seat: int) -> Decision:
        """``seat``'s decision at the start of a turn: attempt a cheat, play a held card, or go on."""
        d = self._plans.get(seat)
        if d is None:
            d = self._plans[seat] = D.Decision(g, D.CHEAT, seat)
        return d


def setup_hotel(rules: RuleSet) -> int:
    """The street the board file puts a hotel on at set-up (``[setup] hotel_on``), or -1."""
    raw = load_toml("boards", rules.board).get("setup", {})
    value = raw.get("hotel_on", -1) if isinstance(raw, dict) else -1
    if isinstance(value, bool) or not isinstance(value, int):
        raise DataError(f"board {rules.board!r}: [setup] hotel_on must be a square's number")
    return value


class Cheaters(Edition):
    """The Cheaters Edition: see the module's docstring."""

    def __init__(self) -> None:
        super().__init__()
        self.name = "cheaters"
        self.title = "Cheaters Edition"
        self.levels = ("no hotel", "hotel")
        self.arrange_points = self.arrange_points | {D.CHEAT}              # (the turn's look at the cards)
        self.buildings = ("", "hotel")
        self.hotel_level = 1
        self.buildings_block_trades = False     # "the Hotel stays where it is" (hotels are never sold)
        self.keeps_cards_in_hand = True         # 003: "you may hold on to the card until you're ready to use it"
        self.own_card_effects = frozenset({cheaters_cards.SEND_TO_JAIL, cheaters_cards.FREE_HOTEL,
                                           cheaters_cards.MOVE_HOTEL})
        self.own_rules = {"cheat_deck": "cheat cards", "face_up_cheats": "cheat cards",
                          "false_accusation_fine": "calls of \u201cCheat!\u201d",
                          "ultimate_cheats": "an ultimate cheat's mode",
                          "hotel_auction_increment": "a smallest raise of its own for the bank's last hotels"}
        # (003 "A Cheat's Gameboard": "There are no utilities or taxes ... there's no mortgaging and there aren't any
        # Houses, just Hotels"): no tax landing rule, so no board it plays has a tax square; mortgage_problem refuses
        # every mortgage; a hotel takes no houses (hotel_level 1) and hotel_problem never asks for even building;
        # Free Parking draws a card (cheaters_cards.FREE_PARKING), so a jackpot's pot is never paid out
        no_tax = "it has no tax squares (\u201cThere are no utilities or taxes\u201d)"
        no_jackpot = "its Free Parking draws a Chance or Community Chest card and pays out no jackpot"
        self.unused_rules = {
            "mortgage_interest_pct": "it has no mortgages (\u201cthere's no mortgaging\u201d)",
            "income_tax": no_tax, "income_tax_percent": no_tax,
            "houses": "it has hotels only (\u201cthere aren't any Houses, just Hotels\u201d)",
            "even_building": "a street takes one hotel, bought straight away, so there is nothing to build evenly",
            "free_parking": no_jackpot, "free_parking_seed": no_jackpot,
            "utility_rent": "it has no utilities (\u201cThere are no utilities or taxes\u201d)"}

    # --- what a game is made of --------------------------------------------------------------------------------
    def landing_rules(self) -> dict[str, LandingRule]:
        return {"go": landing.NOTHING, "jail": landing.NOTHING, "rest": landing.NOTHING, "street": landing.PROPERTY,
                "station": cheaters_turn.STATION, "go_to_jail": landing.GO_TO_JAIL,
                "free_parking": cheaters_cards.FREE_PARKING, "chance": cheaters_cards.CARD_SQUARE,
                "chest": cheaters_cards.CARD_SQUARE}

    def game_extra(self, rules: RuleSet) -> Any:
        deck = cheats.load_cheats(rules.cheat_deck)
        return CheatersState(cheats.CheatTable(deck, rules.face_up_cheats), self.next_stations(rules),
                             setup_hotel(rules))

    def problem(self, rules: RuleSet) -> tuple[str, str] | None:
        why = super().problem(rules)
        if why is not None:
            return why
        if not rules.cheat_deck:
            return "cheat_deck", "the Cheaters Edition needs its cheat cards"
        try:
            deck = cheats.load_cheats(rules.cheat_deck)
            hotel_on = setup_hotel(rules)
        except DataError as exc:
            return "cheat_deck", str(exc)
        if rules.face_up_cheats > len(deck.cards):
            return "face_up_cheats", f"the cheat file has only {len(deck.cards)} cards"
        board = self.board(rules)
        if hotel_on >= 0 and (hotel_on >= board.size or board.squares[hotel_on].kind != "street"):
            return "board", f"[setup] hotel_on names square {hotel_on}, which is not a street"
        if hotel_on >= 0 and rules.hotels < 1:
            return "hotels", "the board puts a hotel on a street at set-up: the bank needs at least one"
        if sum(1 for s in board.squares if s.kind == "station") == 1:
            return "board", "a station moves you on to the next station: a board needs none or two or more"
        for kind in self.deck_fields:
            for c in self.decks(rules)[kind].cards:
                if c.effect == "pay_or_draw":
                    return self.deck_fields[kind], "the Cheaters Edition has no 'pay or draw' cards"
        return None

    def markov_squares(self, rules: RuleSet) -> tuple[dict[int, tuple[tuple[str, float], ...]], dict[int, int]]:
        """Free Parking draws a card, a Chance card in the chain (what a token that only moves chooses: the chain
        is the movement of one token, and a Community Chest card moves a token less often); a station sends the
        token on to the next station and ends the turn."""
        board = self.board(rules)
        parking: tuple[tuple[str, float], ...] = (("chance", 1.0),)
        draws = {s.index: parking for s in board.squares if s.kind == "free_parking"}
        return draws, dict(self.next_stations(rules))

    def next_stations(self, rules: RuleSet) -> dict[int, int]:
        """Each station -> the next station ahead."""
        stations = [s.index for s in self.board(rules).squares if s.kind == "station"]
        return {s: stations[(i + 1) % len(stations)] for i, s in enumerate(stations)}

    # --- the turn ----------------------------------------------------------------------------------------------
    def decide_order(self, g: GameState) -> None:
        """Set-up ("Draw five cards and place them face up"; "Place one Hotel on Pentonville Road"), then the
        highest roll starts."""
        g.extra.cheats.deal(g.rng.shuffle)
        s = g.extra.hotel_on
        if s >= 0 and hotel_in_bank(g):
            from .. import holdings
            holdings.place_building(g, s)
        super().decide_order(g)

    def take_turn(self, g: GameState, p: Player) -> Play:
        if self.sits_out(g, p):
            # home at GO on the final lap: no cheat plan and no roll, only the "at any time" actions (003 HOTELS:
            # "You don't have to wait until your turn"); "Cheat!" is still called on whoever rolled last
            yield from cheaters_turn.home_turn(g, p)
            return
        yield from cheaters_turn.take_turn(g, p)

    def round_ends_game(self, g: GameState) -> bool:
        """As every edition's, and a cheat still awaiting the next roll when the game ends is revealed first: nobody
        rolls again (003: "If no one catches you before then, you got away with the cheat! ... Collect the
        reward")."""
        if (g.final_lap is not None and final_lap.all_home(g)) or g.round >= g.rules.turn_limit:
            cheats.reveal(g)
        return super().round_ends_game(g)

    def go_to_jail(self, g: GameState, p: Player, reason: int) -> Play:
        cheaters_turn.go_to_jail(g, p, reason)
        return
        yield

    # --- rent, hotels, money -----------------------------------------------------------------------------------
    def rent(self, g: GameState, square: int, dice_total: int, mode: int) -> int:
        """The rent owed now: nothing while the payer's Rent Dodger cheat is in play (:func:`cheats.dodge_rent`)."""
        due = cheaters_money.rent(g, square)
        if due and cheats.dodge_rent(g, g.current, g.owner[square], due):
            return 0
        return due

    def final_rent(self, g: GameState, square: int) -> int:
        """"For Properties in a set, collect double rent. For Properties with a Hotel, collect rent for a
        Hotel" (003 END OF THE GAME)."""
        return cheaters_money.rent(g, square)

    def build_problem(self, g: GameState, seat: int, square: int) -> str | None:
        return cheaters_money.hotel_problem(g, seat, square)

    def build(self, g: GameState, p: Player, square: int) -> Play:
        yield from cheaters_money.build(g, p, square)

    def arranged_problem(self, g: GameState, square: int) -> str | None:
        """003: the set-up's hotel stands on a street of the bank's, cards place and move hotels, and hotels stay where
        they are after a bankruptcy: any street may hold one."""
        return arranged_on_street_problem(g, square)

    def sell_problem(self, g: GameState, seat: int, square: int) -> str | None:
        return cheaters_money.NEVER_SOLD

    def sell_all_problem(self, g: GameState, seat: int, square: int) -> str | None:
        return cheaters_money.NEVER_SOLD

    def mortgage_problem(self, g: GameState, seat: int, square: int) -> str | None:
        return cheaters_money.NO_MORTGAGES

    def liquidation_value(self, g: GameState, seat: int) -> int:
        return cheaters_money.liquidation_value(g, seat)

    def bankrupt(self, g: GameState, p: Player, creditor: int) -> Play:
        yield from cheaters_money.bankrupt(g, p, creditor)

    def trade_problem(self, g: GameState, trade: Trade) -> str | None:
        return cheaters_money.trade_problem(g, trade)

    def bot_raise_money(self, g: GameState, seat: int, needed: int) -> Action | None:
        return cheaters_money.bot_raise_money(g, seat, needed)

    # --- the edition's vocabulary ----------------------------------------------------------------------------
    def card_effect(self, g: GameState, p: Player, card: Card, square: int) -> Play:
        yield from cheaters_cards.card_effect(g, p, card, square)

    def apply(self, g: GameState, p: Player, action: Action) -> Play:
        if action.kind == C.SELL_TO_BANK:
            cheaters_money.sell_to_bank(g, p, action.square)
            return
        if action.kind == C.CALL:               # a person's call of "Cheat!" while a window is open
            yield from cheaters_turn.call(g, action.square)
            return
        yield from super().apply(g, p, action)

    def action_problem(self, d: Decision, action: Action) -> str | None:
        g, kind = d.game, action.kind
        p = g.players[d.player]
        if kind == C.SELL_TO_BANK:
            return cheaters_money.sale_problem(d, action.square)
        if kind == C.CALL and d.kind in cheaters_turn.CALL_WINDOWS:
            return cheaters_turn.call_problem(g, action.square)
        if d.kind == D.CHEAT:
            if kind == C.NO_CHEAT:
                return None
            if kind == C.ATTEMPT:
                return cheats.attempt_problem(g, p, action.square)
            if kind == C.FREE_CHEAT:
                return cheats.free_problem(g, p, action.square)
            if kind == C.PLAY_CARD:
                if not 0 <= action.square < len(g.deck_kinds):
                    return f"no deck {action.square}"
                if not cheaters_cards.playable(g, p, g.deck_kinds[action.square]):
                    return "you hold no card of that deck you may play now (in jail: only Get Out of Jail Free, " \
                           "through the jail choice)"
                return None
        elif d.kind == D.CALL_CHEAT and kind in (C.CALL, C.NO_CALL):
            return None
        elif d.kind == D.KEEP_CARD and kind in (C.KEEP_OLD, C.KEEP_NEW):
            return None
        elif d.kind == D.KEEP_CARD and kind in (C.USE_OLD, C.USE_NEW):
            index = d.square if kind == C.USE_OLD else d.amount
            if not d.item or not cheaters_cards.usable_now(g, p, g.deck_kinds[d.other], index):
                return "that card cannot be used now (in jail, or Get Out of Jail Free, or not on your own draw)"
            return None
        elif d.kind == D.PARKING_DECK and kind == C.DRAW_DECK:
            return None if 0 <= action.square < len(g.deck_kinds) else f"no deck {action.square}"
        elif d.kind == D.CHEAT_TARGET:
            return cheaters_targets.problem(g, d, action)
        return f"{kind!r} is not an option when deciding {d.kind!r}"

    def options(self, d: Decision) -> list[Action]:
        g = d.game
        p = g.players[d.player]
        kind = d.kind
        if kind == D.CHEAT:
            out = [C.A_NO_CHEAT]
            t = cheats.table(g)
            for slot in range(len(t.face_up)):
                if cheats.attempt_problem(g, p, slot) is None:
                    out.append(Action(C.ATTEMPT, slot))
            for i, k in enumerate(g.deck_kinds):
                if cheaters_cards.playable(g, p, k):
                    out.append(Action(C.PLAY_CARD, i))
            if g.rules.ultimate_cheats:
                for i in range(len(t.deck.free)):
                    if cheats.free_problem(g, p, i) is None:
                        out.append(Action(C.FREE_CHEAT, i))
            return out
        if kind == D.CALL_CHEAT:
            return [C.A_CALL, C.A_NO_CALL]
        if kind == D.KEEP_CARD:
            out = [C.A_KEEP_OLD, C.A_KEEP_NEW]
            if d.item:
                deck = g.deck_kinds[d.other]
                for use, index in ((C.USE_OLD, d.square), (C.USE_NEW, d.amount)):
                    if cheaters_cards.usable_now(g, p, deck, index):
                        out.append(Action(use))
            return out
        if kind == D.PARKING_DECK:
            return [Action(C.DRAW_DECK, i) for i in range(len(g.deck_kinds))]
        if kind == D.CHEAT_TARGET:
            return cheaters_targets.options(g, d)
        if kind == D.DEBT:
            return [Action(C.SELL_TO_BANK, s) for s in g.board.properties if g.owner[s] == d.player]
        return []
