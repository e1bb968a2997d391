"""Monopoly: The Mega Edition (Winning Moves, US 2006; seed 002, first part "What's New?").

The edition is the classic engine with these hooks overridden (``docs/architecture.md`` lists them):

* what a game is made of: the 52-square board with skyscraper rents (``data/boards/mega-us.toml``), the classic
  pre-2008 US decks remapped to it, the speed die (``dice.speed_outcomes``), the bus tickets and the bank's
  skyscrapers and train depots (:mod:`.mega_tickets`);
* the turn (:mod:`.mega_turn`): bus tickets, the speed die's faces, triples, doubles on the white dice; the
  turn order and the jail rolls on the white dice alone;
* the new squares: Auction, Bus Ticket, Birthday Gift;
* rent: triple with the whole group, double with all but one, train depots, utilities 4x/10x/20x the white dice;
* building: houses and hotels with all but one of a group, skyscrapers on a group of hotels, depots on railroads,
  no mortgage while a group (or a railroad) has buildings, and the last-property rule (:mod:`.mega_groups`); the
  last skyscrapers and depots auctioned in a shortage, as houses and hotels are (:mod:`.mega_shortage`).

Levels: 0-4 houses, 5 a hotel, 6 a skyscraper on a street; 1 a train depot on a railroad (its ``house_cost`` in the
board file is the depot's price, so a depot sells back for half of it as every building level does).

Trades keep the classic rule as the rule book prints it (002 SELLING PROPERTIES: "no properties can be sold to another
player if buildings are placed on any properties of that color-group"): where one player has built on all but one of
a group, the last street cannot change hands in a trade until those buildings are sold (it can still be bought from
the bank, won at auction or taken in a bankruptcy, which the last-property rule then settles). A railroad with a
train depot is traded only once the depot is sold (tip 9: "avoid the need to sell a depot ... if you have one
railroad and wish to include it in a trade").
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from .. import decisions as D
from .. import events as E
from .. import flow
from .. import management
from .. import movement
from .. import payments
from .. import sales
from .. import turn
from ..actions import Action, register_kinds
from ..board import Board, load_board
from ..building import arranged_problem, sell_all_problem, sell_problem, shortage_closed
from ..datafiles import load_toml
from ..dice import load_dice
from ..errors import DataError
from ..landing import LandingRule
from ..rent import NORMAL, rent_due
from . import mega_groups
from . import mega_shortage as S
from . import mega_tickets as T
from . import mega_turn as M
from .base import Edition

if TYPE_CHECKING:
    from ..actions import Trade
    from ..game_state import GameState, Play
    from ..rules import RuleSet
    from ..state import Player

#: The name of a bus ticket as a tradeable token (``Trade.give_tokens``/``get_tokens``)
TICKET = "bus_ticket"
#: The Birthday Gift in cash (002 OTHER NEW SPACES: "collect $100 from the Bank, or draw a Bus Ticket").
BIRTHDAY_CASH = 100
_BOARDS: dict[str, Board] = {}


class SettledFirst(LandingRule):
    """A square's landing rule, after the last-property rule (:func:`.mega_groups.settle`) has settled any group
    completed since it last looked (002 NEW PROPERTIES: "If you acquire the final property of a group ... you must
    un-mortgage this property immediately (if mortgaged) and build it up"): a group completed by a purchase, an
    auction or a trade earlier in the roll charges its settled rent on the roll's next landing, and whether its owner
    can afford the build-up is judged before that rent is paid."""

    def __init__(self, rule: LandingRule) -> None:
        self.rule = rule

    def land(self, g: GameState, p: Player, square: int, dice_total: int, mode: int) -> Play:
        mega_groups.settle(g)
        yield from self.rule.land(g, p, square, dice_total, mode)


class OnAuctionSquare(LandingRule):
    """002 OTHER NEW SPACES, AUCTION: "pick an unowned property for the Banker to auction off. Later in the game,
    when all of the properties are owned, you must move ahead to the property on which you need to pay the highest
    rent (the closer one, if tied)"."""

    def land(self, g: GameState, p: Player, square: int, dice_total: int, mode: int) -> Play:
        for s in g.board.properties:
            if g.owner[s] < 0:
                choice = yield from flow.ask(g, D.Decision(g, D.AUCTION_PICK, p.seat, square=square))
                yield from sales.auction(g, choice.square)
                return
        if dice_total == 0 and _utility_rent_ahead(g, p):
            # reached by a bus ticket, no dice thrown: as for a ticket's ride onto a utility (002 BUS TICKETS), the
            # white dice are thrown, so that a utility's rent can be weighed and charged
            white = g.edition.jail_dice
            assert white is not None        # (the Mega Edition's white dice)
            dice_total = movement.roll_dice(g, p, E.ROLL_UTILITY_TICKET, white).total
        target = highest_rent_ahead(g, p, square, dice_total)
        if target >= 0:
            M.move_to(g, p, target, E.MOVE_BY_AUCTION_SQUARE)
            yield from g.landing[target].land(g, p, target, dice_total, NORMAL)


def _utility_rent_ahead(g: GameState, p: Player) -> bool:
    """Whether another player's unmortgaged utility could charge ``p`` rent."""
    for s in g.board.utilities:
        if g.owner[s] >= 0 and g.owner[s] != p.seat and not g.mortgaged[s]:
            return True
    return False


def highest_rent_ahead(g: GameState, p: Player, square: int, dice_total: int) -> int:
    """The property ahead of ``square`` on which ``p`` would owe the highest rent, the nearer if tied; -1 if none
    (every other property mortgaged or ``p``'s own)."""
    best, best_rent = -1, 0
    for i in range(1, g.size):
        s = (square + i) % g.size
        owner = g.owner[s]
        if owner >= 0 and owner != p.seat:
            rent = g.edition.rent(g, s, dice_total, NORMAL)
            if rent > best_rent:
                best, best_rent = s, rent
    return best


class OnBusTicketSquare(LandingRule):
    """002 OTHER NEW SPACES, BUS TICKET: "Take a Bus Ticket ... Do nothing if no Bus Tickets remain"."""

    def land(self, g: GameState, p: Player, square: int, dice_total: int, mode: int) -> Play:
        T.draw(g, p, E.TICKET_DRAWN)
        return
        yield


class OnBirthdayGift(LandingRule):
    """002 OTHER NEW SPACES, BIRTHDAY GIFT: "collect $100 from the Bank, or draw a Bus Ticket ... Your choice" (the
    cash when no ticket is left)."""

    def land(self, g: GameState, p: Player, square: int, dice_total: int, mode: int) -> Play:
        if T.tickets_left(g):
            choice = yield from flow.ask(g, D.Decision(g, D.BIRTHDAY_GIFT, p.seat, square=square))
            if choice.kind == M.GIFT_TICKET:
                T.draw(g, p, E.TICKET_BIRTHDAY)
                return
        payments.transfer(g, E.BANK, p.seat, BIRTHDAY_CASH, E.R_GIFT, square)


class Mega(Edition):
    """Monopoly: The Mega Edition."""

    def __init__(self) -> None:
        super().__init__()
        self.name = "mega"
        self.title = "Mega Edition"
        self.levels = ("unimproved", "1 house", "2 houses", "3 houses", "4 houses", "hotel", "skyscraper")
        self.buildings = ("", "house", "house", "house", "house", "hotel", "skyscraper")
        self.jail_dice = load_dice("2d6")
        self.rent_dice = self.jail_dice     # (the white dice: "throw dice" on the nearest-utility card too)
        self.bot_manages = True
        self.arrange_points = self.arrange_points | {D.USE_BUS_TICKET}     # (before the roll)
        self.builds_short_of = 1        # 002: "You may build houses and hotels once you own all but one property"
        self.tokens = {TICKET: "bus ticket"}
        self.own_rules = {"skyscrapers": "skyscrapers", "train_depots": "train depots", "bus_tickets": "bus tickets",
                          "majority_rent_multiplier": "a higher rent for a group held all but one"}
        self.unused_rules = {"utility_rent": "a utility's rent is counted on the dice that moved the token there "
                                             "(after a bus ticket, on the white dice thrown for it: 002 BUS TICKETS)"}

    # --- what a game is made of ------------------------------------------------------------------------------
    def board(self, rules: RuleSet) -> Board:
        """The board file, with each street's ``skyscraper_rent`` as its seventh rent (level 6)."""
        board = _BOARDS.get(rules.board)
        if board is None:
            plain = load_board(rules.board)
            raw = load_toml("boards", rules.board).get("squares", ())
            squares = []
            for sq, r in zip(plain.squares, raw):
                if sq.kind == "street":
                    sky = r.get("skyscraper_rent")
                    if not isinstance(sky, int) or isinstance(sky, bool) or sky < 0:
                        raise DataError(f"board {rules.board!r} square {sq.index} ({sq.name}): the Mega Edition "
                                        f"needs a skyscraper_rent")
                    sq = dataclasses.replace(sq, rents=sq.rents + (sky,))
                squares.append(sq)
            if len(plain.utility_multipliers) < len(plain.utilities):
                raise DataError(f"board {rules.board!r}: a utility multiplier is needed for each utility owned")
            board = _BOARDS[rules.board] = dataclasses.replace(plain, squares=tuple(squares))
        return board

    def landing_rules(self) -> dict[str, LandingRule]:
        return {**super().landing_rules(), "auction": OnAuctionSquare(), "bus_ticket": OnBusTicketSquare(),
                "birthday_gift": OnBirthdayGift()}

    def landing_table(self, board: Board) -> tuple[LandingRule, ...]:
        """Every square's rule, each landing first settling a group completed earlier in the same roll (the
        last-property rule applies "immediately": a Bus ride, a card move or Mr. Monopoly's move lands after it)."""
        settling: dict[int, LandingRule] = {}
        return tuple(settling.setdefault(id(rule), SettledFirst(rule)) for rule in super().landing_table(board))

    def player_extra(self, rules: RuleSet, seat: int) -> Any:
        return 0                    # bus tickets held

    def game_extra(self, rules: RuleSet) -> Any:
        return T.new_supply(rules)

    def problem(self, rules: RuleSet) -> tuple[str, str] | None:
        try:
            T.ticket_pile(rules.bus_tickets)
        except DataError as exc:
            return "bus_tickets", str(exc)
        if rules.dice != "2d6+speed":
            return "dice", "the Mega Edition is played with the speed die (2d6+speed)"
        return super().problem(rules)

    # --- the turn ----------------------------------------------------------------------------------------------
    def after_window(self, g: GameState) -> None:
        """The last-property rule, for a group a trade between turns completed."""
        mega_groups.settle(g)

    def decide_order(self, g: GameState) -> None:
        """The ticket pile is shuffled, then each player rolls the two white dice alone (002 TURN ORDER)."""
        g.rng.shuffle(T.supply(g).pile)
        turn.decide_order(g, dice=self.jail_dice)

    def bankrupt(self, g: GameState, p: Player, creditor: int) -> Play:
        """The classic bankruptcy, with the bus tickets handed to a creditor player first (:func:`T.hand_over`), or
        put out of play when the bank is the creditor (:func:`T.put_out_of_play`)."""
        if creditor >= 0:
            T.hand_over(g, p, g.players[creditor])
        else:
            T.put_out_of_play(g, p)
        return payments.bankrupt(g, p, creditor)

    def take_turn(self, g: GameState, p: Player) -> Play:
        return M.take_turn(g, p)

    # --- rent and building --------------------------------------------------------------------------------------
    def rent(self, g: GameState, square: int, dice_total: int, mode: int) -> int:
        """002 NEW PROPERTIES: "TRIPLE rent on any unimproved property in a group once you own all of its
        properties" (and double with all but one, from the reference); RAILROADS: "A Train Depot doubles the rent";
        utilities 4x, 10x, 20x the dice with 1, 2, 3 owned."""
        owner = g.owner[square]
        if owner < 0 or g.mortgaged[square]:
            return 0
        sq = g.board.squares[square]
        kind = sq.kind
        level = g.level[square]
        if kind == "street":
            if level:
                return sq.rents[level]
            have, size = g.owned_in[sq.group][owner], g.holding_size[sq.group]
            if have == size:
                return sq.rents[0] * g.rules.set_rent_multiplier
            if have == size - 1:
                return sq.rents[0] * g.rules.majority_rent_multiplier
            return sq.rents[0]
        rent = rent_due(g, square, dice_total, mode)      # railroads and utilities (4x/10x/20x: the board's data)
        return rent * 2 if kind == "railroad" and level else rent

    def build_problem(self, g: GameState, seat: int, square: int) -> str | None:
        """002 NEW PROPERTIES & SKYSCRAPERS and RAILROADS: houses and hotels with all but one of a group, built
        evenly; a skyscraper on a hotel once the whole group has hotels; a train depot on any railroad."""
        why = self.build_problem_but_cash(g, seat, square)
        if why is not None:
            return why
        sq = g.board.squares[square]
        cash = g.players[seat].cash
        if cash < sq.house_cost:
            return f"a building on {sq.name} costs {sq.house_cost}, you have {cash}"
        return None

    def arranged_problem(self, g: GameState, square: int) -> str | None:
        """002: houses and hotels with all but one of a group, a skyscraper with all of it ("NEW PROPERTIES &
        SKYSCRAPERS"), a train depot, one, on a railroad its owner holds unmortgaged ("RAILROADS")."""
        lv, sq = g.level[square], g.board.squares[square]
        if lv and sq.kind == "railroad":
            if g.owner[square] < 0:
                return f"{sq.name} belongs to the bank: a train depot stands only on a player's railroad"
            if lv > 1:
                return f"a railroad holds one train depot, not {lv}"
            if g.mortgaged[square]:
                return f"{sq.name} is mortgaged: sell its train depot first"
            return None
        return arranged_problem(g, square, but=0 if lv > self.hotel_level else 1)

    def arranged_supply_problem(self, g: GameState) -> str | None:
        x = T.supply(g)
        if x.skyscrapers_left < 0:
            return f"the bank is {-x.skyscrapers_left} skyscraper(s) short of that"
        if x.depots_left < 0:
            return f"the bank is {-x.depots_left} train depot(s) short of that"
        return super().arranged_supply_problem(g)

    def build_problem_but_cash(self, g: GameState, seat: int, square: int) -> str | None:
        """:meth:`build_problem` without the cash (what the bots cache per game version). Only the builder's own
        streets of the group must be free of mortgage (the standard rules build again "When all of the properties
        of a color-group are no longer mortgaged"): with all but one of a group, the last street may be another
        player's, and its mortgage is theirs to lift, not the builder's; the rule was written for one owner."""
        sq = g.board.squares[square]
        if g.owner[square] != seat:
            return f"you do not own {sq.name}"
        if g.mortgaged[square]:
            return f"{sq.name} is mortgaged"
        if sq.kind == "railroad":
            if g.level[square]:
                return f"{sq.name} already has a train depot"
            if T.supply(g).depots_left <= 0:
                return "the bank has no train depots left"
            return S.closed_problem(g, sales.ITEM_DEPOT)
        if sq.kind != "street":
            return f"{sq.name} cannot be built on"
        members = g.members_of[square]
        groups = g.board.groups          # (the group's label is looked up only for a refusal's message)
        if g.owned_in[sq.group][seat] < len(members) - 1:
            return f"you need all but one of the {groups[sq.group].label} group to build"
        owner, level = g.owner, g.level
        for s in members:
            if owner[s] == seat and g.mortgaged[s]:
                return f"a street of the {groups[sq.group].label} group is mortgaged"
        lv = level[square]
        hotel = self.hotel_level
        if lv > hotel:
            return f"{sq.name} already has a skyscraper"
        if lv == hotel:
            for s in members:
                if owner[s] != seat:
                    return f"a skyscraper needs the whole {groups[sq.group].label} group"
                if level[s] < hotel:
                    return f"a skyscraper needs hotels on every street of the {groups[sq.group].label} group"
            if T.supply(g).skyscrapers_left <= 0:
                return "the bank has no skyscrapers left"
            return S.closed_problem(g, sales.ITEM_SKYSCRAPER)
        if g.rules.even_building:
            for s in members:
                if owner[s] == seat and level[s] < lv:
                    return f"build evenly: other streets of the group have fewer buildings than {sq.name}"
        elif lv == hotel - 1:       # (uneven building, a house rule, leaves 002 HOTELS' four houses on each)
            for s in members:
                if owner[s] == seat and level[s] < lv:
                    return f"a hotel needs {lv} houses on every street of yours in the {groups[sq.group].label} " \
                           f"group first"
        if g.rules.building_limits:
            to_hotel = lv == hotel - 1
            if to_hotel and g.hotels_left <= 0:
                return "the bank has no hotels left"
            if not to_hotel and g.houses_left <= 0:
                return "the bank has no houses left"
            if g.closed_shortage[0] == g.turn and shortage_closed(g, to_hotel):
                return "nobody bid the minimum for the bank's last buildings at auction this turn"
        return None

    def building_item(self, g: GameState, square: int) -> int:
        """A train depot and a skyscraper are auction items of their own (:mod:`.mega_shortage`)."""
        item = S.own_item(g, square, self.hotel_level)
        return item if item >= 0 else super().building_item(g, square)

    def build(self, g: GameState, p: Player, square: int) -> Play:
        """002 BUILDING SHORTAGES for skyscrapers and train depots too (:mod:`.mega_shortage`); houses and hotels
        as in the standard rules (``management.build``)."""
        item = S.own_item(g, square, self.hotel_level)
        return S.build(g, p, square, item) if item >= 0 else management.build(g, p, square)

    def sell_problem(self, g: GameState, seat: int, square: int) -> str | None:
        """Depots sell back for half their price; a skyscraper "back to the bank for half its value" reverts to a
        hotel (002); houses and hotels as in the standard rules."""
        if not g.members_of[square]:
            sq = g.board.squares[square]
            if g.owner[square] != seat:
                return f"you do not own {sq.name}"
            return None if g.level[square] else f"{sq.name} has no train depot"
        problem = sell_problem(g, seat, square)
        if problem is None and g.level[square] > self.hotel_level and g.rules.building_limits and g.hotels_left <= 0:
            # (as a hotel waits for 4 houses in the bank: the standard rules' BUILDING SHORTAGES)
            return "the bank has no hotel for the skyscraper to revert to; sell the whole set's buildings instead"
        return problem

    def sell_all_problem(self, g: GameState, seat: int, square: int) -> str | None:
        """A player sells only their own buildings: with all but one of a group built on by another player, the
        group's buildings are not theirs to sell (002 SELLING PROPERTIES: "sold back to the Bank before the owner
        can sell"; a reviewer sold an opponent's hotels and kept the money)."""
        problem = sell_all_problem(g, seat, square)
        if problem is not None:
            return problem
        for s in g.members_of[square]:
            if g.owner[s] == seat and g.level[s]:
                return None
        return f"you have no buildings on the {g.board.groups[g.board.squares[square].group].label} group"

    def mortgage_problem(self, g: GameState, seat: int, square: int) -> str | None:
        """002: "You may not mortgage any property of a group until all houses on it are sold back to the bank"
        (and a railroad with its train depot). Only the seat's own buildings in the group count: with all but one of a
        group built on (a Mega rule), the last street may be another player's, who cannot sell those houses and
        would otherwise be barred from mortgaging a deed of their own by someone else's building; the rule was
        written for an owner of the whole group, who can."""
        sq = g.board.squares[square]
        if not sq.ownable or g.owner[square] != seat:
            return f"you do not own {sq.name}"
        if g.mortgaged[square]:
            return f"{sq.name} is already mortgaged"
        if g.level[square]:
            return f"sell the buildings on {sq.name} before mortgaging"
        for s in g.members_of[square]:     # (another player's buildings on all but one of the group: see above)
            if g.owner[s] == seat and g.level[s]:
                return f"sell the buildings of the {g.board.groups[sq.group].label} group before mortgaging"
        return None

    def settle_received_mortgage(self, g: GameState, seat: int, square: int) -> bool:
        """002: "If you acquire the final property of a group, after previously building on its other properties,
        you must un-mortgage this property immediately (if mortgaged)": the last-property rule lifts it at once (the
        mortgage and 10%), selling the group's buildings back where the cash falls short (:mod:`.mega_groups`),
        instead of a choice to keep it for 10% that the rule would then undo for a second 10% (two outside audits:
        with the cash, then without it). If even every building sold cannot pay, the classic choice follows."""
        members = g.members_of[square]
        if not members:
            return False
        built = False
        for s in members:
            if g.owner[s] != seat:
                return False
            if g.level[s]:
                built = True
        if built:
            mega_groups.lift_final_property(g, seat, members)
        return built

    def move_supply(self, g: GameState, square: int, old: int, new: int) -> int:
        """Skyscrapers and depots come from (and go back to) the edition's own supply. A skyscraper replaces a hotel,
        which goes back to the bank; sold, it reverts to a hotel from the bank. With no hotel in the bank it is sold
        only with the whole set's buildings (:meth:`sell_problem`), and then goes back whole (to level 0)."""
        x = T.supply(g)
        if not g.members_of[square]:
            x.depots_left -= new - old
            return new
        hotel = self.hotel_level
        if new > hotel >= old:
            x.skyscrapers_left -= 1
            g.hotels_left += 1
            return new
        if old > hotel >= new:
            x.skyscrapers_left += 1
            if new == hotel:
                if g.rules.building_limits and g.hotels_left <= 0:
                    return 0
                g.hotels_left -= 1
            return new
        return new

    def building_name(self, kind: str, level: int) -> str:
        return "train depot" if kind == "railroad" else super().building_name(kind, level)

    def trades_closed(self, g: GameState) -> str | None:
        """002 THE DICE & HOW TO MOVE: "Note: An opponent can't build or trade until your Mr. Monopoly move is
        completed": from the roll to the end of the bonus move, a purchase, an auction or a debt on the way offers no
        trade (a trade has an opponent in it, whoever proposes it)."""
        if T.supply(g).mr_monopoly_moving:
            return "no one trades until the Mr. Monopoly move is done"
        return None

    def trade_problem(self, g: GameState, trade: Trade) -> str | None:
        return self.trades_closed(g)

    # --- bus tickets change hands in trades (002 BUS TICKETS: "You can buy/sell/trade Bus Tickets") --------------
    def token_count(self, g: GameState, p: Player, name: str) -> int:
        return T.held(p) if name == TICKET else 0

    def move_token(self, g: GameState, giver: Player, receiver: Player, name: str) -> None:
        if name != TICKET:
            raise DataError(f"the {self.title} has no {name!r} tokens")
        T.trade(g, giver, receiver)

    def token_worth(self, g: GameState, seat: int, name: str) -> int:
        """A ticket to a bot: a free move to a square of its choice on one side, about the salary's quarter."""
        return g.rules.go_salary // 4 if name == TICKET else 0

    # --- the edition's own decisions -----------------------------------------------------------------------------
    def options(self, d: D.Decision) -> list[Action]:
        g = d.game
        kind = d.kind
        if kind == D.USE_BUS_TICKET:
            return [Action(M.RIDE_TICKET, s) for s in T.side_squares(g.size, g.players[d.player].position)]
        if kind == D.TRIPLES:
            here = g.players[d.player].position
            return [Action(M.MOVE_TO, s) for s in range(g.size) if s != here]
        if kind == D.BUS_FACE:
            return [M.A_TAKE_TICKET, M.A_RIDE_BUS]
        if kind == D.AUCTION_PICK:
            return [Action(M.PICK, s) for s in g.board.properties if g.owner[s] < 0]
        if kind == D.BIRTHDAY_GIFT:
            return [M.A_GIFT_CASH, M.A_GIFT_TICKET]
        return []

    def action_problem(self, d: D.Decision, action: Action) -> str | None:
        """Whether ``action`` is one of :meth:`options`, decided without listing them (a triples answer would
        otherwise build the 51 moves to check one)."""
        if action == self._option_like(d, action):
            return None
        if d.kind in (D.USE_BUS_TICKET, D.TRIPLES, D.AUCTION_PICK) and action.kind in M.KINDS:
            where = {D.USE_BUS_TICKET: "a square ahead on this side of the board",
                     D.TRIPLES: "any other square", D.AUCTION_PICK: "an unowned property"}[d.kind]
            return f"choose {where}"
        return f"{action.kind!r} is not an option when deciding {d.kind!r}"

    def _option_like(self, d: D.Decision, action: Action) -> Action | None:
        """The option of ``d`` with ``action``'s kind and square, if there is one."""
        g, kind, square = d.game, d.kind, action.square
        if kind == D.USE_BUS_TICKET:
            ok = square in T.side_squares(g.size, g.players[d.player].position)
            return Action(M.RIDE_TICKET, square) if ok else None
        if kind == D.TRIPLES:
            ok = 0 <= square < g.size and square != g.players[d.player].position
            return Action(M.MOVE_TO, square) if ok else None
        if kind == D.AUCTION_PICK:
            ok = 0 <= square < g.size and g.board.squares[square].ownable and g.owner[square] < 0
            return Action(M.PICK, square) if ok else None
        if kind == D.BUS_FACE:
            return action if action in (M.A_TAKE_TICKET, M.A_RIDE_BUS) else None
        if kind == D.BIRTHDAY_GIFT:
            return action if action in (M.A_GIFT_CASH, M.A_GIFT_TICKET) else None
        return None



register_kinds(bare=M.BARE_KINDS, square=M.SQUARE_KINDS)
