"""The shared skeleton of every bot: dispatch by decision kind, raising money, judging trades.

Subclasses tune a handful of methods (how much cash to keep, what a property is worth to them, whether to
build or trade). Analysis is cached against the engine's counters: a seat's plan (sets, near sets, mortgages)
against ``game.holdings_version[seat]``, the reserve and the building options against ``game.version``, so a
window where nothing relevant has changed costs a few comparisons.
"""
from __future__ import annotations

import random
from typing import Callable, ClassVar, Final, TYPE_CHECKING

from .. import actions as A
from .. import decisions as D
from . import sore_losers
from ..actions import Action, Trade
from ..building import HOTEL, sell_problem, shortage_closed
from ..mortgage import mortgage_problem, unmortgage_cost
from ..policies import Policy
from ..sales import ITEM_HOTEL
from ..state import jail_card
from . import cheaters
from ..trading import trade_problem, tradeable
from ..worth import liquidation, total_worth
from . import mega

if TYPE_CHECKING:
    from ..decisions import Decision
    from ..game_state import GameState as Game     # the read-only view policies get (see game_state.py)


_RENT_PRIORITIES: Final[dict] = {}     # id(board) -> (board, build priorities by next rent)
#: The bots' logic for an edition's own buildings, by edition name (for editions whose ``bot_manages`` is set)
EDITION_MANAGE: Final[dict] = {"mega": mega.manage}
#: an edition's own estimate of the worst rents (:func:`rent_exposure`), where its rents differ from the classic
EDITION_EXPOSURE: Final[dict] = {"mega": mega.exposure}
#: an edition's floor under every bot's cash reserve (:meth:`Bot.reserve`)
EDITION_RESERVE: Final[dict] = {"mega": mega.reserve}


def _mortgage_check(g: Game) -> Callable[[Game, int, int], str | None]:
    """The edition's mortgage rule, bound once for a scan of a seat's deeds: the classic rule itself where the
    edition keeps it (``GameState.classic_rules``: a call less per deed)."""
    return mortgage_problem if g.classic_rules else g.edition.mortgage_problem


class Plan:
    """What a bot knows about its holdings at one game version."""

    __slots__ = ("version", "sets", "mortgaged", "near", "lone", "anything", "set_squares", "cheapest",
                 "lifts", "cheapest_lift")

    def __init__(self, version: int, sets: list[tuple[int, ...]], mortgaged: list[int],
                 near: list[tuple[str, int, int]], lone: list[tuple[int, int]], g: Game) -> None:
        squares = g.board.squares
        self.version = version
        self.sets = sets            # the streets of each colour group the seat owns completely
        self.set_squares: set[int] = set()
        self.cheapest = 0           # the cheapest house on those streets (0 without any)
        for members in sets:
            for s in members:
                self.set_squares.add(s)
                cost = squares[s].house_cost
                if self.cheapest == 0 or cost < self.cheapest:
                    self.cheapest = cost
        self.mortgaged = mortgaged  # squares the seat has mortgaged
        self.lifts: list[tuple[int, int]] = []      # (square, cost to lift its mortgage)
        # the least it costs to lift one (no lifting below that much cash, whatever the reserve)
        self.cheapest_lift = 0
        for s in mortgaged:
            cost = unmortgage_cost(g, s)
            self.lifts.append((s, cost))
            if self.cheapest_lift == 0 or cost < self.cheapest_lift:
                self.cheapest_lift = cost
        self.near = near            # (group, missing square, its owner) for groups one street short
        self.lone = lone            # (square, owner): the only street of a group its owner holds, in a group
        #                             this seat is collecting (one or more, but not all but one)
        self.anything = bool(sets or mortgaged or near or lone)


class Bot(Policy):
    name = "base"
    uses_pre_roll: ClassVar[bool] = False   # the standing answer to every pre-roll window is "roll"
    trades = False              # proposes trades
    build_target = 5            # build up to this level (5 = hotel)
    #: Cheaters Edition: the chance, each turn, that this bot attempts a face-up cheat it can do (boldness),
    #: and how much likelier than an ordinary player it is to notice another's cheat (vigilance, 1.0 ordinary)
    boldness = 0.25
    vigilance = 1.0

    def __init__(self, rng: random.Random | str) -> None:
        self._rng = rng             # a random.Random, or the seed of the one made on first use (see rng)
        # figures cached per game version (and seat): the reserve, and the building options
        self._reserve_version, self._reserve_seat, self._reserve = -1, -1, 0
        self._builds_version, self._builds_seat = -1, -1
        # (level, priority, square), legal but for cash, best first
        self._build_options: list[tuple[int, float, int]] = []
        self._cheapest_build = 0
        self._plan: Plan | None = None
        self._plan_seat = -1
        self._proposed_turn = -1
        self._attempts: dict = {}

    @property
    def rng(self) -> random.Random:
        """This bot's own random stream. Given a seed, the Random is made on first use: most strategies never
        draw, and seeding one from a string costs more than setting up the rest of a game."""
        r = self._rng
        if isinstance(r, str):
            r = self._rng = random.Random(r)
        return r

    def choose(self, d: Decision, g: Game) -> Action:
        """The answer to ``d``, from the method named after its kind (``post_roll``, ``bid``, ...): an edition's
        new decision kinds are answered by methods of the same names.

        The four kinds asked after almost every roll call their methods directly: compiled, looking a method up
        by name and calling it generically costs about 1,000 instructions a roll, 4% (callgrind)."""
        kind = d.kind
        if kind == D.POST_ROLL:
            return self.post_roll(d, g)
        if kind == D.BID:
            return self.bid(d, g)
        if kind == D.BUY:
            return self.buy(d, g)
        if kind == D.DEBT:
            return self.debt(d, g)
        answer = getattr(self, kind, None)
        if answer is None:
            raise ValueError(f"{self.name}: no answer for a {d.kind!r} decision")
        return answer(d, g)

    # --- knobs ------------------------------------------------------------------------------------------------
    def compute_reserve(self, g: Game, seat: int) -> int:
        """Cash this bot tries to keep in hand; subclasses size it to the risks on the board."""
        return 0

    def value(self, g: Game, seat: int, square: int) -> int:
        """The most this bot would pay for ``square`` now."""
        sq = g.board.squares[square]
        return sq.price

    def auction_value(self, g: Game, seat: int, square: int) -> int:
        """The most this bot bids for ``square`` at auction (default: what it is worth to it)."""
        return self.value(g, seat, square)

    # --- cached analysis -----------------------------------------------------------------------------------------
    def plan(self, g: Game, seat: int) -> Plan:
        """What ``seat`` holds and is collecting, rebuilt only when the seat's holdings changed (the engine's
        ``holdings_version``: its deeds and mortgages, and the owners in the colour groups it holds part of).

        One pass over the colour groups, reading the engine's per-group counts (``g.group_rows``) rather than
        scanning owners: only the groups the seat holds all but one of, or some of, look at their streets.
        """
        p = self._plan
        version = g.holdings_version[seat]
        if p is not None and p.version == version and self._plan_seat == seat:
            return p
        owner = g.owner
        sets: list[tuple[int, ...]] = []
        near: list[tuple[str, int, int]] = []
        lone: list[tuple[int, int]] = []
        for name, members, counts, size in g.group_rows:
            mine = counts[seat]
            if mine == size:
                sets.append(members)
            elif mine == size - 1:
                for missing in members:         # the one street of the group this seat lacks
                    if owner[missing] != seat:
                        break
                o = owner[missing]
                if o >= 0:
                    near.append((name, missing, o))
            elif mine:
                for s in members:
                    o = owner[s]
                    if o >= 0 and o != seat and counts[o] == 1:
                        lone.append((s, o))
        flags = g.mortgaged
        mortgaged = [s for s in g.deeds_of[seat] if flags[s]]
        self._plan = p = Plan(version, sets, mortgaged, near, lone, g)
        self._plan_seat = seat
        return p

    def reserve(self, g: Game, seat: int) -> int:
        """Cash this bot tries to keep in hand (cached per game version: most answers need it, and the board
        seldom changes between two of them)."""
        if self._reserve_version != g.version or self._reserve_seat != seat:
            self._reserve = self.compute_reserve(g, seat)
            if g.edition.bot_manages:
                self._reserve = EDITION_RESERVE[g.edition.name](self, g, seat, self._reserve)
            self._reserve_version, self._reserve_seat = g.version, seat
        return self._reserve

    def _update_builds(self, g: Game, seat: int) -> None:
        """The buildings this seat may add now but for cash, best first (cached per game version; computed
        only when the bot could afford one, apart from the reserve)."""
        if self._builds_version == g.version and self._builds_seat == seat:
            return
        self._builds_version, self._builds_seat = g.version, seat
        plan = self.plan(g, seat)
        options: list[tuple[int, float, int]] = []
        level, squares, target, mortgaged = g.level, g.board.squares, self.build_target, g.mortgaged
        rules = g.rules
        priority = self.build_priorities(g)
        under_hotel = g.edition.hotel_level - 1     # the level a hotel is built on (4 in classic)
        houses_ok = not rules.building_limits or g.houses_left > 0
        hotels_ok = not rules.building_limits or g.hotels_left > 0
        if rules.building_limits and g.closed_shortage[0] == g.turn:     # (rare: only after an unsold auction)
            houses_ok = houses_ok and not shortage_closed(g, False)
            hotels_ok = hotels_ok and not shortage_closed(g, True)
        check_mortgages = bool(plan.mortgaged)  # without a mortgage of this seat's, none in its sets
        even = rules.even_building
        cheapest = 1 << 60
        for members in plan.sets:       # the plan guarantees this seat owns every street of these groups
            # (plain loops rather than any() and min(): compiled, they run without a call)
            if check_mortgages:
                blocked = False
                for s in members:
                    if mortgaged[s]:
                        blocked = True
                        break
                if blocked:
                    continue
            lowest = under_hotel        # the lowest level of the set, up to a hotel's four houses
            for s in members:
                if level[s] < lowest:
                    lowest = level[s]
            cap = lowest if even else under_hotel   # the highest level one may build on top of
            # (a hotel needs four houses on every street, even building or not: 002 HOTELS)
            hotel_ok = hotels_ok and lowest == under_hotel
            for s in members:
                lv = level[s]
                if lv < target and lv <= cap and (hotel_ok if lv == under_hotel else houses_ok):
                    options.append((lv, priority[s][lv], s))
                    if squares[s].house_cost < cheapest:
                        cheapest = squares[s].house_cost
        if len(options) > 1:
            options.sort()
        self._cheapest_build = cheapest
        self._build_options = options

    def build_priorities(self, g: Game) -> tuple[tuple[float, ...], ...]:
        """For each square and current level, a number ordering where to build next: lower is better. The
        options are sorted by (level, this number, square): the lowest level first (even building), then this.

        Here it is minus the next rent, the same for every game on a board, so it is worked out once per board
        (a bot sorts its options after every change of the board, and a table lookup beats a key function)."""
        board = g.board
        table = _RENT_PRIORITIES.get(id(board))
        if table is None or table[0] is not board:
            table = _RENT_PRIORITIES[id(board)] = (board, tuple(
                tuple(-float(sq.rents[min(lv + 1, HOTEL)]) for lv in range(HOTEL)) if sq.rents else ()
                for sq in board.squares))
        return table[1]

    # --- decisions ---------------------------------------------------------------------------------------------
    def pre_roll(self, d: Decision, g: Game) -> Action:
        return A.A_ROLL

    def jail(self, d: Decision, g: Game) -> Action:
        p = g.players[d.player]
        if self.early_game(g):
            if jail_card(g, p) >= 0:
                return A.A_USE_CARD
            if p.cash - g.rules.jail_fine >= self.reserve(g, d.player) and d.is_legal(A.A_PAY_FINE):
                return A.A_PAY_FINE
        return A.A_ROLL

    def buy(self, d: Decision, g: Game) -> Action:
        p = g.players[d.player]
        if p.cash >= d.amount and p.cash - d.amount >= self.reserve(g, d.player) \
                and self.value(g, d.player, d.square) >= d.amount:
            return A.A_BUY
        return A.A_DECLINE

    def bid(self, d: Decision, g: Game) -> Action:
        if d.item > ITEM_HOTEL:     # the Mega Edition's skyscraper or train depot in a shortage auction
            limit = mega.building_bid(self, d, g)
        elif d.item:   # a building in a shortage auction
            limit = g.board.squares[d.square].house_cost
        else:
            limit = self.auction_value(g, d.player, d.square)
        limit = min(limit, g.players[d.player].cash - self.reserve(g, d.player))
        if d.minimum > limit:
            return A.A_PASS
        # jump bids keep auctions short: raise by a third of the remaining room, at least the minimum
        step = max(d.minimum, d.amount + (limit - d.amount) // 3)
        return Action(A.BID, amount=min(step, limit))

    def post_roll(self, d: Decision, g: Game) -> Action:
        seat = d.player
        if g.final_lap is not None:     # (Sore Losers, Cheaters: the end phase, where cash wins)
            return sore_losers.final_lap_window(self, d, g)
        if g.edition.bot_manages:       # an edition's own buildings (Mega: depots, skyscrapers, all but one)
            action = EDITION_MANAGE[g.edition.name](self, d, g)
            if action is not None:
                return action
        plan = self._plan      # (the cache test of plan(), inline: this window comes after almost every roll)
        if plan is None or plan.version != g.holdings_version[seat] or self._plan_seat != seat:
            plan = self.plan(g, seat)
        if not plan.anything:
            return A.A_END
        action = self.manage(d, g, plan)
        return action if action is not None else A.A_END

    def between_turns(self, d: Decision, g: Game) -> Action:
        """The window between turns (a set came to this seat on another's turn): as after its own roll."""
        return self.post_roll(d, g)

    def manage(self, d: Decision, g: Game, plan: Plan) -> Action | None:
        """One management action (unmortgage, build, trade) or None to end the window."""
        seat = d.player
        cash = g.players[seat].cash
        # Lifting a mortgage needs cash - its cost >= twice the reserve, building cash - reserve >= a house's
        # cost; a reserve is never negative, so below those costs the reserve need not be worked out at all.
        if (plan.mortgaged and cash >= plan.cheapest_lift) or (plan.set_squares and cash >= plan.cheapest):
            reserve = self.reserve(g, seat)
            for s, cost in plan.lifts:
                if cash - cost >= reserve * 2 and g.mortgaged[s] and g.owner[s] == seat:
                    return Action(A.UNMORTGAGE, s)
            # every building option is on a set street, so below the plan's cheapest there is nothing to scan
            if plan.set_squares and cash - reserve >= plan.cheapest:
                self._update_builds(g, seat)
                if cash - reserve >= self._cheapest_build:
                    build = self.pick_build(g, seat, plan, cash - reserve)
                    if build is not None:
                        return build
        return self.offer(g, seat, plan)

    def offer(self, g: Game, seat: int, plan: Plan) -> Action | None:
        """A trade offer, at most one a turn, for bots that trade (None: none now)."""
        if self.trades and self._proposed_turn != g.turn:
            self._proposed_turn = g.turn
            t = self.propose_trade(g, seat, plan)
            if t is not None:
                return Action(A.TRADE, trade=t)
        return None

    def pick_build(self, g: Game, seat: int, plan: Plan, budget: int) -> Action | None:
        """The lowest, best-paying building this bot may afford within ``budget`` (None: none)."""
        self._update_builds(g, seat)
        squares = g.board.squares
        for lv, _, s in self._build_options:
            if squares[s].house_cost <= budget and self.may_build_to(lv + 1, budget):
                return Action(A.BUILD, s)
        return None

    def may_build_to(self, level: int, budget: int) -> bool:
        """Whether this bot builds up to ``level`` with ``budget`` to spare (the options are already capped
        at :attr:`build_target`)."""
        return True

    # --- trading -------------------------------------------------------------------------------------------
    #: a proposer offers price * (offer_start + offer_step * tries) for a street, up to offer_cap * price
    offer_start = 1.5
    offer_step = 0.75
    offer_cap = 8.0
    #: turns between two offers for the same street to the same owner
    offer_cooldown = 6
    #: a responder asks this multiple of the whole group's printed price to hand over a set
    set_premium = 1.5

    def propose_trade(self, g: Game, seat: int, plan: Plan) -> Trade | None:
        """One offer per turn at most: complete a set (a swap if the partner completes one too, else cash,
        raised each time it is refused), or buy a lone street of a group this bot is collecting."""
        for grp, missing, owner in plan.near:
            t = self._set_offer(g, seat, grp, missing, owner)
            if t is not None:
                return t
        return self._consolidation_offer(g, seat, plan)

    def _budget(self, g: Game, seat: int) -> int:
        """Cash this bot may spend on a trade now (asked only once an offer is due: the reserve may need
        working out)."""
        return g.players[seat].cash - self.reserve(g, seat)

    def _due(self, g: Game, key: tuple, square: int, owner: int) -> int | None:
        """The number of earlier offers for ``key`` if another may be made now for ``owner``'s ``square``,
        else None. The cooldown is looked at before the square (the cheaper test first)."""
        tries, last = self._attempts.get(key, (0, -10**9))
        if g.turn - last < self.offer_cooldown or not tradeable(g, owner, square):
            return None
        return tries

    def _offered(self, g: Game, key: tuple, tries: int, trade: Trade | None) -> Trade | None:
        """Count an offer actually made (it starts the cooldown and raises the next price); pass it on."""
        if trade is not None:
            self._attempts[key] = (tries + 1, g.turn)
        return trade

    def _set_offer(self, g: Game, seat: int, grp: str, missing: int, owner: int) -> Trade | None:
        key = ("set", missing, owner)
        tries = self._due(g, key, missing, owner)
        if tries is None:
            return None
        # a swap that completes a set for both sides
        for _, their_missing, their_owner in near_sets(g, owner):
            if their_owner == seat and tradeable(g, seat, their_missing) \
                    and g.board.squares[their_missing].group != grp:
                t = check(g, Trade(seat, owner, give_squares=(their_missing,), get_squares=(missing,)))
                if t:
                    return self._offered(g, key, tries, t)
        price = g.board.squares[missing].price
        offer = int(price * min(self.offer_cap, self.offer_start + self.offer_step * tries))
        if offer <= self._budget(g, seat):
            t = check(g, Trade(seat, owner, give_cash=offer, get_squares=(missing,)))
            return self._offered(g, key, tries, t)
        return None

    def _consolidation_offer(self, g: Game, seat: int, plan: Plan) -> Trade | None:
        """Buy a street of a group split three ways, from an owner holding just that one."""
        for s, o in plan.lone:
            key = ("lone", s, o)
            tries = self._due(g, key, s, o)
            if tries is None:
                continue
            offer = int(g.board.squares[s].price * min(4.0, 1.3 + 0.4 * tries))
            if offer <= self._budget(g, seat):
                t = check(g, Trade(seat, o, give_cash=offer, get_squares=(s,)))
                if t:
                    return self._offered(g, key, tries, t)
        return None

    def debt(self, d: Decision, g: Game) -> Action:
        if not g.classic_rules:         # (GameState.classic_rules: the classic way is this bot's own)
            edition_way = g.edition.bot_raise_money(g, d.player, d.amount)
            if edition_way is not None:
                return edition_way
        return self.raise_money(g, d.player, d.amount)

    def raise_money(self, g: Game, seat: int, needed: int) -> Action:
        """Cheapest way to raise money: mortgage lone properties, then sell buildings, then mortgage sets."""
        value, owned = liquidation(g, seat)
        if g.players[seat].cash + value < needed:
            return A.A_BANKRUPT
        lone = self.spare_deeds(g, seat, owned)
        if lone:
            return Action(A.MORTGAGE, self.least_valued(g, seat, lone))
        edition = g.edition       # (the edition's rules: Mega refuses more mortgages than classic)
        if edition.buildings_sellable:      # (Sore Losers: buildings stay; its rule refuses every sale, unasked)
            may_sell = sell_problem if g.classic_rules else edition.sell_problem     # (GameState.classic_rules)
            sells = [s for s in owned if g.level[s] and may_sell(g, seat, s) is None]
            if sells:
                return Action(A.SELL_BUILDING, min(sells, key=lambda s: g.board.squares[s].house_cost))
            builds = [s for s in owned if g.level[s] and edition.sell_all_problem(g, seat, s) is None]
            if builds:
                return Action(A.SELL_ALL, builds[0])
        may_mortgage = _mortgage_check(g)
        rest = [s for s in owned if may_mortgage(g, seat, s) is None]
        if rest:
            return Action(A.MORTGAGE, min(rest, key=lambda s: g.board.squares[s].price))
        return A.A_BANKRUPT

    def least_valued(self, g: Game, seat: int, squares: list[int]) -> int:
        """The first of ``squares`` (not empty) of the least :meth:`value` to this bot (a loop rather than
        min() with a key function: compiled, it runs without a call per square)."""
        best, best_value = squares[0], self.value(g, seat, squares[0])
        for s in squares:
            v = self.value(g, seat, s)
            if v < best_value:
                best, best_value = s, v
        return best

    def spare_deeds(self, g: Game, seat: int, unmortgaged: list[int]) -> list[int]:
        """The deeds among ``unmortgaged`` (the seat's) outside its complete sets that may be mortgaged now: the
        first to go when money is needed."""
        in_set = self.plan(g, seat).set_squares
        may_mortgage = _mortgage_check(g)
        return [s for s in unmortgaged if s not in in_set and may_mortgage(g, seat, s) is None]

    def trade_response(self, d: Decision, g: Game) -> Action:
        t = d.trade
        assert t is not None            # (a trade_response decision always carries its trade)
        return A.A_ACCEPT if self.judge_trade(g, d.player, t) > 0 else A.A_REJECT

    def judge_trade(self, g: Game, seat: int, t: Trade) -> int:
        """Net gain of ``t`` for the responder ``seat`` by this bot's values; a set handed to the proposer
        counts heavily against, unless the responder completes one too."""
        gain = t.give_cash - t.get_cash + 50 * (len(t.give_cards) - len(t.get_cards))
        if t.give_tokens or t.get_tokens:
            worth = g.edition.token_worth
            gain += sum(worth(g, seat, n) for n in t.give_tokens) - sum(worth(g, seat, n) for n in t.get_tokens)
        for s in t.give_squares:
            gain += self.value(g, seat, s)
        for s in t.get_squares:
            gain -= self.value(g, seat, s)
        if completes_set(g, t.proposer, t.get_squares, t.give_squares) and \
                not completes_set(g, seat, t.give_squares, t.get_squares):
            groups = {g.board.squares[s].group for s in t.get_squares if g.board.squares[s].group}
            gain -= int(self.set_premium * sum(g.board.squares[x].price for grp in groups
                                               for x in g.board.groups[grp].squares))
        return gain

    def fine_or_chance(self, d: Decision, g: Game) -> Action:
        p = g.players[d.player]
        return A.A_PAY if p.cash - d.amount >= self.reserve(g, d.player) else A.A_DRAW

    def income_tax(self, d: Decision, g: Game) -> Action:
        worth = total_worth(g, d.player)
        return A.A_PERCENT if worth * g.rules.income_tax_percent // 100 < d.amount else A.A_FLAT

    def mortgaged_deed(self, d: Decision, g: Game) -> Action:
        p = g.players[d.player]
        if p.cash - unmortgage_cost(g, d.square) >= self.reserve(g, d.player):
            return A.A_LIFT
        return A.A_KEEP

    # --- the Mega Edition's decisions (seed 002): the answers live in bots/mega.py --------------------------------
    def use_bus_ticket(self, d: Decision, g: Game) -> Action:
        return mega.use_bus_ticket(self, d, g)

    def triples(self, d: Decision, g: Game) -> Action:
        return mega.triples(self, d, g)

    def bus_face(self, d: Decision, g: Game) -> Action:
        return mega.bus_face(self, d, g)

    def auction_pick(self, d: Decision, g: Game) -> Action:
        return mega.auction_pick(self, d, g)

    def birthday_gift(self, d: Decision, g: Game) -> Action:
        return mega.birthday_gift(self, d, g)

    def place_building(self, d: Decision, g: Game) -> Action:
        if d.item > ITEM_HOTEL:     # the Mega Edition's skyscraper or train depot
            return mega.place_building(self, d, g)
        return d.legal_actions()[0]

    # --- Monopoly for Sore Losers (the answers are in bots/sore_losers.py) ----------------------------------
    def cash_in(self, d: Decision, g: Game) -> Action:
        return sore_losers.cash_in(self, d, g)

    def jail_whom(self, d: Decision, g: Game) -> Action:
        return sore_losers.jail_whom(self, d, g)

    def coin_victim(self, d: Decision, g: Game) -> Action:
        return sore_losers.coin_victim(self, d, g)

    def property_steal(self, d: Decision, g: Game) -> Action:
        return sore_losers.property_steal(self, d, g)

    def free_house(self, d: Decision, g: Game) -> Action:
        return sore_losers.free_house(self, d, g)

    # --- the Cheaters Edition's decisions (the logic is in bots/cheaters.py) ----------------------------------
    def cheat(self, d: Decision, g: Game) -> Action:
        return cheaters.cheat(self, d, g)

    def call_cheat(self, d: Decision, g: Game) -> Action:
        return cheaters.call_cheat(self, d, g)

    def keep_card(self, d: Decision, g: Game) -> Action:
        return cheaters.keep_card(self, d, g)

    def parking_deck(self, d: Decision, g: Game) -> Action:
        return cheaters.parking_deck(self, d, g)

    def cheat_target(self, d: Decision, g: Game) -> Action:
        return cheaters.cheat_target(self, d, g)

    # --- helpers -----------------------------------------------------------------------------------------------
    @staticmethod
    def early_game(g: Game) -> bool:
        """More than a third of the properties still with the bank."""
        props = len(g.board.properties)
        # only properties ever have an owner, so the unowned ones are the -1s less the other squares (in C)
        return (g.owner.count(-1) - (g.size - props)) * 3 > props

    @staticmethod
    def worst_rent(g: Game, seat: int) -> int:
        """A quick estimate of the worst rent an opponent could charge now: the dearest improved or
        complete-set street, or their railroads (computed once per game version for all bots)."""
        return rent_exposure_of_others(g)[seat]


def completes_set(g: Game, seat: int, gained: tuple[int, ...], lost: tuple[int, ...]) -> bool:
    """True when receiving ``gained`` (and giving ``lost``) leaves ``seat`` owning a set it did not own."""
    if not gained:
        return False
    owner = g.owner
    gone = set(lost)
    for s in gained:
        members = g.members_of[s]
        if not members:
            continue
        for x in members:                       # did the seat own the whole set before?
            if owner[x] != seat:
                break
        else:
            continue
        for x in members:                       # does it own the whole set after?
            if not ((owner[x] == seat and x not in gone) or x in gained):
                break
        else:
            return True
    return False


def rent_exposure(g: Game) -> list[int]:
    """For each seat, the worst rent its properties could charge on one landing now (cached per version)."""
    return _exposure(g)[0]


def rent_exposure_of_others(g: Game) -> list[int]:
    """For each seat, the worst of the other seats' :func:`rent_exposure` (0 with no other seat)."""
    return _exposure(g)[1]


def _exposure(g: Game) -> tuple[list[int], list[int]]:
    """Both exposure lists, computed together once per game version and shared by every bot of the game."""
    memo = g.memo.get("exposure")
    if memo is not None and memo[0] == g.version:
        return memo[1]
    if g.edition.bot_manages:       # (Mega: majority rents, buildings on all but one, depots, skyscrapers)
        return EDITION_EXPOSURE[g.edition.name](g)
    worst = [0] * len(g.players)
    level, mortgaged, squares = g.level, g.mortgaged, g.board.squares
    multiplier = g.rules.set_rent_multiplier
    hotel = g.edition.hotel_level       # (a hotel's rent is a street's last: level 1 in the Cheaters Edition)
    for _, members, counts, full in g.group_rows:
        # Only a complete set charges more than nothing here, and only a complete set can have buildings (the
        # building, trading and bankruptcy rules keep it so), so groups nobody holds whole are skipped.
        o = -1
        for seat, c in enumerate(counts):
            if c == full:
                o = seat
                break
        if o < 0:
            continue
        for s in members:
            if not mortgaged[s]:
                lv = level[s]
                rents = squares[s].rents
                r = (rents[lv] if lv < hotel else rents[-1]) if lv else rents[0] * multiplier
                if r > worst[o]:
                    worst[o] = r
    railroad_rents = g.board.railroad_rents
    for o, c in enumerate(g.owned_in.get("railroad", ())):
        if c and worst[o] < railroad_rents[c - 1]:
            worst[o] = railroad_rents[c - 1]
    # the worst of the others: the overall worst, except for the seat that holds it (then the runner-up)
    i = 0
    for seat, r in enumerate(worst):
        if r > worst[i]:
            i = seat
    runner_up = 0
    for seat, r in enumerate(worst):
        if seat != i and r > runner_up:
            runner_up = r
    others = [worst[i]] * len(worst)
    others[i] = runner_up
    g.memo["exposure"] = (g.version, (worst, others))
    return worst, others


def near_sets(g: Game, seat: int) -> list[tuple[str, int, int]]:
    """(group, missing square, its owner) for every group ``seat`` owns all but one street of."""
    out = []
    owner = g.owner
    for name, members, counts, size in g.group_rows:
        if counts[seat] == size - 1:
            for missing in members:          # the street this seat lacks
                if owner[missing] != seat:
                    break
            if owner[missing] >= 0:
                out.append((name, missing, owner[missing]))
    return out


def check(g: Game, t: Trade) -> Trade | None:
    return t if trade_problem(g, t) is None else None
