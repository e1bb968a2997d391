"""The Edition: what a game is made of, and the points where editions differ (DESIGN.md section 2).

An edition is an object of a subclass of :class:`Edition`. The classic game (:mod:`.classic`) is the first; the
Mega Edition, Sore Losers and Cheaters each come as one module of their own plus their data files and presets,
overriding the hooks below, and nothing in the classic rules is edited to add one. ``docs/architecture.md``
lists every hook with the editions that need it and why.

The hooks are methods so that an edition overrides only what it changes; the classic behaviour of each is the
default here, calling the classic rule functions. Registering an edition (:func:`.register`) makes its name a
legal value of ``RuleSet.edition``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from mypy_extensions import mypyc_attr

from .. import decisions as D
from .. import building, final_lap, jail, landing, management, mortgage, payments, sales, turn
from ..board import load_board
from ..cards import CLASSIC_EFFECTS, load_deck
from ..dice import load_dice
from ..errors import DataError, IllegalAction
from ..rent import NORMAL, rent_due
from ..worth import liquidation_value

if TYPE_CHECKING:
    from ..actions import Action, Trade
    from ..board import Board
    from ..cards import Card, Deck
    from ..decisions import Decision
    from ..dice import DiceModel
    from ..game_state import GameState, Play
    from ..landing import LandingRule
    from ..rules import RuleSet
    from ..state import Player


#: The hooks asked on the classic hot path (rent at a landing, checking a bot's building and mortgage answers,
#: building, the bots' ways of raising money) that the engine calls past the edition when it keeps them all
#: (:meth:`Edition.keeps_classic_rules`).
HOT_HOOKS: Final = ("rent", "build_problem", "build_problem_but_cash", "sell_problem", "mortgage_problem", "build",
                    "trade_problem", "bot_raise_money")


@mypyc_attr(allow_interpreted_subclasses=True)
class Edition:
    """The classic game's answers to every hook; an edition subclasses it and overrides what differs."""

    def __init__(self) -> None:
        self.name = "classic"
        self.title = "Classic Monopoly"
        #: names of the building levels a street can have, from none to the top (the data of the building
        #: model: the Mega Edition adds a skyscraper, Cheaters has hotels only)
        self.levels: tuple[str, ...] = ("unimproved", "1 house", "2 houses", "3 houses", "4 houses", "hotel")
        #: the building each level adds ("" for none): what a page or the narration calls it
        self.buildings: tuple[str, ...] = ("", "house", "house", "house", "house", "hotel")
        #: the level of a hotel (a hotel replaces ``hotel_level - 1`` houses)
        self.hotel_level = 5
        #: whether the lowest first roll starts the game (Sore Losers), not the highest; the narration says which
        self.lowest_starts = False
        #: the decks in play: deck kind -> the RuleSet field naming its deck file. A square of a deck's kind
        #: draws from it; the order gives each deck its number in events (0 chance, 1 chest)
        self.deck_fields: dict[str, str] = {"chance": "chance_deck", "chest": "chest_deck"}
        #: card effects beyond the classic vocabulary that this edition plays (:meth:`card_effect`); a deck with
        #: another edition's effect is refused by :meth:`problem` (Sore Losers: a coin, the token)
        self.own_card_effects: frozenset[str] = frozenset()
        #: whether buildings may be sold back to the bank, so that they count towards what a player in debt can
        #: raise (``worth.liquidation``; Sore Losers: buildings are permanent. Cheaters' hotels cannot be sold
        #: either, but a deed sold to the bank takes its hotel along: it says what a player can raise in its own
        #: :meth:`liquidation_value`)
        self.buildings_sellable = True
        #: whether :meth:`after_doubles` is called after every doubles of a turn (off: the classic rules skip the
        #: call)
        self.watches_doubles = False
        #: the dice rolled for doubles in jail (None: the game's dice; Mega: the white dice only)
        self.jail_dice: DiceModel | None = None
        #: the dice thrown for a utility's rent when a card says "throw dice" (None: the game's dice; Mega: the white
        #: dice, as for every utility rent there)
        self.rent_dice: DiceModel | None = None
        #: whether the bots look for the edition's own building first in their windows (Mega: depots, skyscrapers,
        #: building with all but one of a group: ``bots/base.py`` finds that logic by the edition's name, as the
        #: engine never imports the bots); classic: no, at no cost to the bots' hot path
        self.bot_manages = False
        #: the decisions at which Game.arrange() may change deeds and buildings (with none pending too): the windows,
        #: where the rules hold nothing in flight (an outside review arranged the deed of a street being bought or
        #: auctioned: two players then held it); an edition adds its own turn-start decisions
        self.arrange_points: frozenset[str] = frozenset({D.PRE_ROLL, D.POST_ROLL, D.JAIL, D.BETWEEN_TURNS})
        #: whether a deed of a colour set with buildings may change hands only once they are sold (classic:
        #: 002 SELLING PROPERTY; Cheaters: "Whether you sell to the Bank or another player, the Hotel stays")
        self.buildings_block_trades = True
        #: the edition's own things players may trade: name -> what one is called ("coin": "sore loser coin",
        #: "bus_ticket": "bus ticket"); classic has none (see :meth:`token_count`, :meth:`move_token`)
        self.tokens: dict[str, str] = {}
        #: whether a player keeps the drawn cards marked ``hold = true`` in hand until played, out of the deck
        #: (Cheaters, seed 003: "you may hold on to the card until you're ready to use it"); the Markov chain
        #: draws from the cards left in the deck (``markov.builder``, "Cards kept in hand"). Classic: no (its Get
        #: Out of Jail Free card is treated as returned at once)
        self.keeps_cards_in_hand = False
        #: the RuleSet fields only this edition plays, each with what it has in words ("skyscrapers"): every other
        #: edition plays as if they were not set (the site says so beside their controls, ``pages/_custom_rules.py``)
        self.own_rules: dict[str, str] = {}
        #: the RuleSet fields the classic rules play that this edition never reads, each with why in words, said
        #: after "Not used by <the edition>:" (Cheaters: "it has no mortgages ..."). Listed only where reading the
        #: edition's code paths shows the field has no effect on a game; ``tests/test_editions.py`` flips each and
        #: plays the same games
        self.unused_rules: dict[str, str] = {}
        #: how many streets of a colour group a player may lack and still build there (classic: 0, the whole set;
        #: Mega: 1, "all but one"). Between turns (``turn.between_turns``) a player who has come to hold such a
        #: group on someone else's turn is offered a window to build
        self.builds_short_of = 0

    def keeps_classic_rules(self) -> bool:
        """Whether this edition overrides none of :data:`HOT_HOOKS`. The engine then calls the classic rule
        functions there itself (``GameState.classic_rules``), a Python call less each time: the hooks are asked
        about two times a roll, and calling the rule past them saved 1.0% of a classic roll interpreted
        (callgrind, classic-us; ``docs/architecture.md``). Any edition that overrides one goes through its hooks
        at every one of them."""
        cls = type(self)
        return all(getattr(cls, hook) is getattr(Edition, hook) for hook in HOT_HOOKS)

    # --- what a game is made of ------------------------------------------------------------------------------
    def board(self, rules: RuleSet) -> Board:
        return load_board(rules.board)

    def dice(self, rules: RuleSet) -> DiceModel:
        """The dice model (Mega: two white dice and the speed die)."""
        return load_dice(rules.dice)

    def decks(self, rules: RuleSet) -> dict[str, Deck]:
        """The decks in play by kind (see :attr:`deck_fields`)."""
        return {kind: load_deck(getattr(rules, field)) for kind, field in self.deck_fields.items()}

    def landing_rules(self) -> dict[str, LandingRule]:
        """What landing on each square kind does (Mega adds Auction, Bus Ticket and Birthday Gift; Sore Losers
        bills and a Free Parking that steals a coin; Cheaters stations that move you on)."""
        return {"go": landing.NOTHING, "jail": landing.NOTHING, "street": landing.PROPERTY,
                "railroad": landing.PROPERTY, "utility": landing.PROPERTY, "tax": landing.TAX,
                "go_to_jail": landing.GO_TO_JAIL, "free_parking": landing.FREE_PARKING}

    def landing_table(self, board: Board) -> tuple[LandingRule, ...]:
        """The landing rule of every square of ``board`` (the deck kinds draw a card)."""
        rules = self.landing_rules()
        table = []
        for sq in board.squares:
            rule = rules.get(sq.kind)
            table.append(rule if rule is not None else landing.CARD_SQUARE)
        return tuple(table)

    def player_extra(self, rules: RuleSet, seat: int) -> Any:
        """Extra per-player state (Sore Losers: coins; Mega: bus tickets; Cheaters: held cards)."""
        return None

    def game_extra(self, rules: RuleSet) -> Any:
        """Extra game-wide state (Sore Losers: the coin supply and the Mr Monopoly token; Cheaters: the face-up
        cheat cards and the handcuffs)."""
        return None

    def problem(self, rules: RuleSet) -> tuple[str, str] | None:
        """Why ``rules`` cannot be played with this edition, as (RuleSet field, reason): a board square of a
        kind it has no rule for, a deck of the wrong kind or one that does not fit the board; or None."""
        try:
            board = self.board(rules)
        except DataError as exc:
            return "board", str(exc)
        decks = {}
        for kind, field in self.deck_fields.items():
            try:
                decks[kind] = deck = load_deck(getattr(rules, field))
            except DataError as exc:
                return field, str(exc)
            if deck.kind != kind:
                return field, f"deck {deck.name!r} is a {deck.kind} deck, not a {kind} deck"
            why = deck.check_board(board)
            if why:
                return field, f"does not fit board {board.name!r}: {why}"
        for kind, deck in decks.items():
            for c in deck.cards:
                if c.effect not in CLASSIC_EFFECTS and c.effect not in self.own_card_effects:
                    return self.deck_fields[kind], f"card {c.index + 1} ({c.text!r}) has the effect " \
                                                   f"{c.effect!r}, which the {self.title} does not play"
                if c.effect == "pay_or_draw" and c.deck not in decks:
                    return self.deck_fields[kind], f"card {c.index + 1} draws from a {c.deck} deck, which is " \
                                                   f"not in play"
        known = set(self.landing_rules()) | set(decks)
        for sq in board.squares:
            if sq.kind not in known:
                return "board", f"square {sq.index} ({sq.name}) is of kind {sq.kind!r}, which the {self.title} " \
                                f"has no rule for"
        return None

    # --- the turn ----------------------------------------------------------------------------------------------
    def decide_order(self, g: GameState) -> None:
        """Who starts (classic: highest roll; Sore Losers: lowest; Mega: the white dice only)."""
        turn.decide_order(g)

    def take_turn(self, g: GameState, p: Player) -> Play:
        """One turn (Mega: bus tickets instead of a roll, the speed die's faces, triples; Sore Losers: cashing in
        coins, Mr Monopoly's doubles, trapped players; Cheaters: the handcuffs). With ``RuleSet.final_lap`` (Sore
        Losers, Cheaters), the final lap begins once every property is owned, and a player who has reached GO on
        it rolls no more (:mod:`..final_lap`), only manages at their place in the order (``turn.home_turn``); an
        edition that overrides this hook calls :meth:`sits_out` first."""
        if g.rules.final_lap and self.sits_out(g, p):
            return turn.home_turn(g, p)
        turn.start_turn(g, p)         # (turn.take_turn's two steps, called here: a call less every turn)
        return turn.play_turn(g, p, g.rules.doubles_to_jail)

    def after_window(self, g: GameState) -> None:
        """What the rules apply after a window's actions outside a turn (``turn.between_turns``; Mega: the last-
        property rule for a group completed by a trade there). Classic: nothing."""

    def after_doubles(self, g: GameState, p: Player) -> Play:
        """After each doubles ``p`` rolls in a turn or in jail, before the move (called only when
        :attr:`watches_doubles`; Sore Losers: any player's doubles let Mr Monopoly place a free house)."""
        return
        yield

    def sits_out(self, g: GameState, p: Player) -> bool:
        """Whether ``p`` skips this turn: with ``RuleSet.final_lap``, having reached GO on the final lap (which
        begins, if it has not, once every property is owned)."""
        return g.rules.final_lap and final_lap.begin_if_all_bought(g) and final_lap.home(g, p.seat)

    def round_ends_game(self, g: GameState) -> bool:
        """After each round: whether the game is over, having finished it if so (classic: the turn limit; with
        ``RuleSet.final_lap``, Sore Losers and Cheaters: also every player home at GO on the final lap)."""
        if g.final_lap is not None and final_lap.all_home(g):
            final_lap.collect_final_rents(g)
            return True
        return turn.turn_limit_reached(g)

    def final_rent(self, g: GameState, square: int) -> int:
        """What the bank pays the owner of ``square`` at the end of the final lap: the rent a player landing
        there would owe (a utility as if 7 were rolled). See :mod:`..final_lap`."""
        return self.rent(g, square, 7, NORMAL)

    # --- jail, rent, building ----------------------------------------------------------------------------------
    def go_to_jail(self, g: GameState, p: Player, reason: int) -> Play:
        """``p`` is sent to jail (``reason``: events' JAIL_BY_*). Sore Losers: a coin, and Mr Monopoly sends
        another player of his choice; Cheaters: one prisoner at a time, in the handcuffs."""
        jail.to_jail(g, p, reason)
        return
        yield

    def rent(self, g: GameState, square: int, dice_total: int, mode: int) -> int:
        """Rent owed on ``square`` (Mega: double rent with all but one of a group, triple with all, depots,
        utilities 4x/10x/20x; Sore Losers: a mortgaged street's buildings earn nothing)."""
        return rent_due(g, square, dice_total, mode)

    def build_problem(self, g: GameState, seat: int, square: int) -> str | None:
        """Why ``seat`` may not build on ``square`` now (Mega: all but one of a group suffices, skyscrapers,
        depots on railroads; Cheaters: hotels straight away, one per property)."""
        return building.build_problem(g, seat, square)

    def build_problem_but_cash(self, g: GameState, seat: int, square: int) -> str | None:
        """:meth:`build_problem` whatever the player's cash: who may take part in a shortage auction and where its
        winner may place the building (Mega: all but one of a group)."""
        return building.build_problem(g, seat, square, check_cash=False)

    def arranged_problem(self, g: GameState, square: int) -> str | None:
        """Why the buildings on ``square`` could not stand there in a game under these rules (None: they could):
        what :meth:`Game.arrange` refuses, so that every position it sets up is one the engine plays on (an outside
        review arranged a hotel on Boardwalk with Park Place another player's, who then "sold" that hotel to pay a
        debt, and a hotel on a bank's street, which stuck the game). Classic: the whole set, none of it mortgaged
        (Mega: all but one, a depot on a railroad; Cheaters: the whole set, as classic)."""
        return building.arranged_problem(g, square)

    def arranged_supply_problem(self, g: GameState) -> str | None:
        """Why the bank's supply of buildings could not be what an arrangement has just left it (None: it could):
        with building limits, the houses and hotels placed came from the bank, which has none to spare below zero
        (Mega: its skyscrapers and depots too). :meth:`Game.arrange` undoes a change this refuses."""
        if g.rules.building_limits:
            if g.houses_left < 0:
                return f"the bank is {-g.houses_left} house(s) short of that (it has {g.rules.houses} in all)"
            if g.hotels_left < 0:
                return f"the bank is {-g.hotels_left} hotel(s) short of that (it has {g.rules.hotels} in all)"
        return None

    def sell_problem(self, g: GameState, seat: int, square: int) -> str | None:
        """Why ``seat`` may not sell one building of ``square`` back (Sore Losers and Cheaters: buildings are
        never sold)."""
        return building.sell_problem(g, seat, square)

    def sell_all_problem(self, g: GameState, seat: int, square: int) -> str | None:
        """Why ``seat`` may not sell every building of ``square``'s set at once (as :meth:`sell_problem`)."""
        return building.sell_all_problem(g, seat, square)

    def build(self, g: GameState, p: Player, square: int) -> Play:
        """``p`` buys one building for ``square`` (found legal by :meth:`build_problem`), with the shortage
        auction when the bank runs short (Cheaters: a hotel straight away; the last hotels auctioned from £10 by
        £1, among the players able to buy one)."""
        return management.build(g, p, square)     # (the rule's own generator: no layer around it)

    def building_item(self, g: GameState, square: int) -> int:
        """What the next building on ``square`` is as an auction item (``sales.ITEM_*``), -1 when none can be
        placed there from a supply the shortage auctions sell: a shortage auction's winner places the item on a square
        whose next building it is (``Decision`` ``place_building``). Classic: a house, or a hotel on the level under
        it, on a colour group's street (Mega adds the skyscraper above the hotel and the train depot)."""
        lv = g.level[square]
        top = self.hotel_level
        if lv >= top or not g.members_of[square]:
            return -1
        return sales.ITEM_HOTEL if lv == top - 1 else sales.ITEM_HOUSE

    def mortgage_problem(self, g: GameState, seat: int, square: int) -> str | None:
        """Why ``seat`` may not mortgage ``square`` (Cheaters: no mortgages; Mega: not while its group has
        buildings)."""
        return mortgage.mortgage_problem(g, seat, square)

    def settle_received_mortgage(self, g: GameState, seat: int, square: int) -> bool:
        """``seat`` was just handed the mortgaged deed of ``square`` (a trade, a bankruptcy): settle it by the
        edition's own rule and return True, or return False for the classic choice, lift it now or keep it for 10%
        (002 MORTGAGES; classic: always the choice. Mega: the last property of a group already built on is lifted at
        once, the group's buildings sold back to pay for it where the cash falls short)."""
        return False

    def bankrupt(self, g: GameState, p: Player, creditor: int) -> Play:
        """``p`` cannot pay ``creditor`` (a seat, or the bank) and leaves the game (Sore Losers: buildings stay
        where they are, mortgaged deeds to a creditor player, the coins back to the bank; Cheaters: hotels stay,
        held Chance and Community Chest cards go to the creditor or back to their decks)."""
        return payments.bankrupt(g, p, creditor)

    def move_supply(self, g: GameState, square: int, old: int, new: int) -> int:
        """``square``'s building level goes from ``old`` to ``new`` where the classic supply of houses and hotels
        does not apply: a level above the hotel, or a building on a square without a colour group (Mega:
        skyscrapers, train depots). Moves the edition's own supply and returns the level actually reached (Mega:
        a skyscraper sold when the bank has no hotel to put back goes back whole). Classic has no such levels."""
        raise DataError(f"the {self.title} has no building level {new} on square {square}")

    def building_name(self, kind: str, level: int) -> str:
        """What the building that makes ``level`` on a square of ``kind`` is called (Mega: a train depot on a
        railroad, a skyscraper above the hotel)."""
        return self.buildings[level] if 0 <= level < len(self.buildings) else f"level {level}"

    def options(self, d: Decision) -> list[Action]:
        """The edition's own legal answers to ``d``, listed after the classic ones by
        :meth:`Decision.legal_actions`: the options of its own decisions (``decisions.EDITION_KINDS``; Mega: where
        a bus ticket goes; Sore Losers: whom to steal from), and its own actions in classic decisions (Cheaters:
        attempts, held cards, selling deeds to the bank in a debt). Classic has none."""
        return []

    # --- tradeable tokens --------------------------------------------------------------------------------------
    def token_count(self, g: GameState, p: Player, name: str) -> int:
        """How many of the tradeable token ``name`` (a key of :attr:`tokens`) ``p`` holds."""
        return 0

    def move_token(self, g: GameState, giver: Player, receiver: Player, name: str) -> None:
        """One token ``name`` passes from ``giver`` to ``receiver`` in an accepted trade (after
        :meth:`token_count` showed the giver holds it). The edition logs it as its rules need."""
        raise DataError(f"the {self.title} has no {name!r} tokens")

    def token_trade_problem(self, g: GameState, giver: Player, receiver: Player, name: str,
                            count: int, back: int) -> str | None:
        """Why ``count`` tokens ``name`` may not pass from ``giver`` to ``receiver`` in a trade that also hands
        ``back`` of them from ``receiver`` to ``giver`` (a swap), other than the giver not holding them (checked
        before). None: they may."""
        return None

    def token_worth(self, g: GameState, seat: int, name: str) -> int:
        """What a token is worth to ``seat`` in money, for the bots judging a trade."""
        return 0

    def markov_squares(self, rules: RuleSet) -> tuple[dict[int, tuple[tuple[str, float], ...]], dict[int, int]]:
        """The squares that move a token their own way, for the Markov chain (``markov.builder``): ``draws``
        (square -> (deck kind, weight) pairs it draws from, beyond the deck squares) and ``hops`` (square -> the
        square it sends the token on to, ending the turn). Classic: none; Cheaters: Free Parking draws a card,
        stations send you on to the next station."""
        return {}, {}

    # --- money ------------------------------------------------------------------------------------------------
    def liquidation_value(self, g: GameState, seat: int) -> int:
        """What ``seat`` could still raise (a player in debt may go bankrupt only when cash plus this falls
        short). Classic: selling every building and mortgaging everything; Cheaters: selling every deed to the
        bank (face value, or the hotel rent with a hotel)."""
        return liquidation_value(g, seat)

    def trades_closed(self, g: GameState) -> str | None:
        """Why no trade may be proposed now, whoever proposes it (None: trades are open in the windows that allow
        them). Mega: while a Mr. Monopoly move is under way."""
        return None

    def trade_problem(self, g: GameState, trade: Trade) -> str | None:
        """Why ``trade`` is illegal in this edition beyond the classic rules (None: it is not). Cheaters: only Get
        Out of Jail Free cards change hands, and nobody may end up with two cards of one deck."""
        return None

    def bot_raise_money(self, g: GameState, seat: int, needed: int) -> Action | None:
        """A bot's next step to raise ``needed`` where the classic way (mortgage, sell buildings) does not apply
        (Cheaters: sell a deed to the bank); None: the bot's own classic answer."""
        return None

    # --- edition vocabulary --------------------------------------------------------------------------------------
    def card_effect(self, g: GameState, p: Player, card: Card, square: int) -> Play:
        """A card effect outside the classic vocabulary (Sore Losers: a coin, the token; Cheaters: hotels)."""
        raise DataError(f"the {self.title} has no rule for card effect {card.effect!r}")
        yield

    def apply(self, g: GameState, p: Player, action: Action) -> Play:
        """An edition's own action in a window (Mega: a bus ticket; Sore Losers: cash in coins; Cheaters: a
        cheat attempt). Classic has none: the decisions refuse them before they get here."""
        raise DataError(f"the {self.title} has no action {action.kind!r}")
        yield

    def action_problem(self, d: Decision, action: Action) -> str | None:
        """Why an edition's own action is illegal in ``d`` (None: legal). Classic has none."""
        return f"{action.kind!r} is not an option in the {self.title}"

    def arrange_extra(self, g: GameState, name: str, seat: int, value: int) -> None:
        """Arrange the edition's own state ``name`` (``Game.arrange().extra``; Sore Losers: coins, the token)."""
        raise IllegalAction(f"the {self.title} has nothing called {name!r} to arrange")
