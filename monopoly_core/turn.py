"""The turn, as the rule books tell it (002 THE PLAY, GO, JAIL; 003 PLAY!; 004).

The whole game is one generator (:meth:`TurnRules._run`). It yields ``None`` at each automatic step boundary and
a :class:`~.decisions.Decision` whenever someone must choose; the driver in :mod:`.game` sends the answer back.
Reading this file top to bottom is reading the order of play.
"""
from __future__ import annotations

from typing import Final, TYPE_CHECKING

from . import actions as A
from . import decisions as D
from . import events as E
from .game_state import Play
from .management import ManagementRules
from .payments import GameStopped
from .rent import DICE_X10, NORMAL, rent_due
from .worth import net_worth, total_worth

if TYPE_CHECKING:
    from .actions import Action
    from .decisions import Decision
    from .dice import Roll
    from .state import Player

# square kinds as small ints for the landing dispatch
K_NONE: Final = 0
K_PROPERTY: Final = 1
K_CHANCE: Final = 2
K_CHEST: Final = 3
K_TAX: Final = 4
K_GO_TO_JAIL: Final = 5
K_FREE_PARKING: Final = 6
_KIND_CODE: Final = {"street": K_PROPERTY, "railroad": K_PROPERTY, "utility": K_PROPERTY, "chance": K_CHANCE,
              "chest": K_CHEST, "tax": K_TAX, "go_to_jail": K_GO_TO_JAIL, "free_parking": K_FREE_PARKING}


def kind_codes(board) -> list[int]:
    return [_KIND_CODE.get(s.kind, K_NONE) for s in board.squares]


class TurnRules(ManagementRules):
    # --- the game ------------------------------------------------------------------------------------------
    def _run(self) -> Play:
        yield None
        self._setup()
        if self._fast:
            self.ply += 1
        else:
            yield None
        try:
            while True:
                self.round += 1
                for seat in tuple(self.order):
                    p = self.players[seat]
                    if p.bankrupt:
                        continue
                    self.current = seat
                    yield from self._turn(p)
                self._snapshot()
                if self.round >= self.rules.turn_limit:
                    self._finish_by_worth()
                    return
        except GameStopped:
            return

    def _setup(self) -> None:
        log = self.log
        log.add(E.START, -1, -1, len(self.players))
        for p in self.players:
            self._transfer(E.BANK, p.seat, self.rules.starting_cash, E.R_START)
        if self.rules.free_parking == "jackpot" and self.rules.free_parking_seed:
            self._transfer(E.BANK, E.POT, self.rules.free_parking_seed, E.R_SEED)
        for kind in ("chance", "chest"):
            cards = list(range(len(self.deck_cards[kind])))
            self._rng.shuffle(cards)
            self.decks[kind].extend(cards)
        self._decide_order()

    def _decide_order(self) -> None:
        """Each player rolls; the highest total starts and play passes to the left (002 THE PLAY).
        Players tied for the highest roll again among themselves (the rule books are silent on ties)."""
        contenders = list(range(len(self.players)))
        while True:
            totals = {}
            for seat in contenders:
                r = self.dice.sample(self._random)
                totals[seat] = r.total
                self.rolls += 1
                self.log.add(E.ROLL, seat, -1, r.total, 2, r.packed)
            best = max(totals.values())
            contenders = [s for s in contenders if totals[s] == best]
            if len(contenders) == 1:
                break
        first = contenders[0]
        n = len(self.players)
        self.order = [(first + i) % n for i in range(n)]
        for place, seat in enumerate(self.order):
            self.log.add(E.ORDER, seat, place, 0)
        self.current = first

    def _finish(self, reason: int, winner: int) -> None:
        self.over = True
        self.end_reason = E.END_REASONS[reason]
        self.winner = winner
        self.log.add(E.END, winner, -1, 0, -1, reason)
        if self.snapshots is not None and (not self.snapshots["round"] or self.snapshots["turn"][-1] != self.turn):
            self._snapshot()

    def _snapshot(self) -> None:
        """Record every player's cash, net worth and holdings (one pass over the properties)."""
        snap = self.snapshots
        if snap is None:
            return
        n = len(self.players)
        worth = [p.cash for p in self.players]
        props, houses, hotels = [0] * n, [0] * n, [0] * n
        owner, level, mortgaged = self.owner, self.level, self.mortgaged
        for s, price, mortgage, house_cost in self._deeds:     # (a table, not Square lookups: once a round)
            o = owner[s]
            if o >= 0:
                lv = level[s]
                worth[o] += price - (mortgage if mortgaged[s] else 0) + house_cost * lv
                props[o] += 1
                if lv == 5:
                    hotels[o] += 1
                else:
                    houses[o] += lv
        # one row per player: each column is extended with its values in seat order
        players = self.players
        snap["round"].extend([self.round] * n)
        snap["turn"].extend([self.turn] * n)
        snap["player"].extend([p.seat for p in players])
        snap["cash"].extend([p.cash for p in players])
        snap["net_worth"].extend(worth)
        snap["position"].extend([p.position for p in players])
        snap["properties"].extend(props)
        snap["houses"].extend(houses)
        snap["hotels"].extend(hotels)

    def _finish_by_worth(self) -> None:
        """Turn limit reached: the richest player by net worth wins (ties: more cash, then earlier seat)."""
        alive = [p for p in self.players if not p.bankrupt]
        best = max(alive, key=lambda p: (net_worth(self, p.seat), p.cash, -p.seat))
        self._finish(E.END_TURN_LIMIT, best.seat)

    # --- one turn ------------------------------------------------------------------------------------------
    def _ask(self, d: Decision, action: Action | None = None) -> Play:
        """Yield decision ``d`` until its player answers with one of its own options; management actions
        (build, mortgage, trade, ...) are carried out in between and the same decision is asked again.

        ``action``, if given, is a first answer a bot already gave inline (see :meth:`_turn`), handled as if
        it had been answered here.
        """
        extra = d.extra
        while True:
            if action is None:
                action = self._auto(d) if d.player in self._auto_bots else (yield d)
            if action.kind not in extra:
                return action
            yield from self._manage(self.players[d.player], action)
            action = None

    def _turn(self, p: Player) -> Play:
        self.turn += 1
        self.turn_plies.append(self.ply)
        self.log.turn_no = self.turn
        self.log.add(E.TURN, p.seat, p.position, self.round, -1, 1 if p.in_jail else 0)
        p.doubles = 0
        if p.in_jail:
            free = yield from self._jail_turn(p)
            if not free:
                return
        elif p.seat not in self._skips_pre_roll:
            window = self._pre_roll[p.seat]
            assert window is not None       # (made for every seat that does not skip it)
            yield from self._ask(window)
        rules = self.rules
        while True:
            r = self._roll(p, 0)
            if self._fast:
                self.ply += 1
            else:
                yield None
            if r.doubles:
                p.doubles += 1
                if p.doubles == rules.doubles_to_jail:
                    self._to_jail(p, 2)
                    yield from self._ask(self._post_roll[p.seat][False])
                    return
            landing = self._move(p, r.total)
            if landing is not None:
                yield from landing
            if p.bankrupt:
                return
            again = r.doubles and not p.in_jail
            d = self._post_roll[p.seat][again]
            # For speed, a bot answering inline is asked here, and _ask (a generator) only runs when the
            # answer is a management action or a person must answer: most post-roll answers just end it.
            action = self._auto(d) if p.seat in self._auto_bots else None
            if action is None or action.kind in d.extra:
                yield from self._ask(d, action)
            if not again or p.bankrupt:
                return

    def _jail_turn(self, p: Player) -> Play:
        """A turn that starts in jail. Returns True when the player left jail before rolling (fine or card)
        and now takes a normal turn; False when the turn is used up here."""
        action = yield from self._ask(self._jail[p.seat])
        if action.kind == A.PAY_FINE:
            self._transfer(p.seat, self.fee_payee, self.rules.jail_fine, E.R_FINE)
            self._release(p, 1)
            return True
        if action.kind == A.USE_CARD:
            kind, index = p.cards.pop(0)
            self.decks[kind].append(index)
            self._release(p, 2, 0 if kind == "chance" else 1)
            return True
        r = self._roll(p, 1)
        if self._fast:
            self.ply += 1
        else:
            yield None
        if r.doubles:
            self._release(p, 0)
        else:
            p.jail_turns += 1
            if p.jail_turns < self.rules.jail_turns:
                yield from self._ask(self._post_roll[p.seat][False])
                return False
            yield from self._charge(p, self.fee_payee, self.rules.jail_fine, E.R_FINE)
            if p.bankrupt:
                return False
            self._release(p, 3)
        landing = self._move(p, r.total)
        if landing is not None:
            yield from landing
        if not p.bankrupt:
            yield from self._ask(self._post_roll[p.seat][False])
        return False

    def _release(self, p: Player, how: int, deck: int = -1) -> None:
        p.in_jail = False
        p.jail_turns = 0
        self.log.add(E.JAIL_OUT, p.seat, p.position, 0, deck, how)

    def _to_jail(self, p: Player, reason: int) -> None:
        """Go directly to jail: no salary, doubles no longer count, the turn ends (002 JAIL)."""
        p.position = self.board.jail
        p.in_jail = True
        p.jail_turns = 0
        self.log.add(E.JAIL_IN, p.seat, self.board.jail, 0, -1, reason)

    # --- dice and movement -----------------------------------------------------------------------------------
    def _roll(self, p: Player, purpose: int) -> Roll:
        r = self.dice.sample(self._random)
        self.rolls += 1
        self.last_roll = r
        self.log.add(E.ROLL, p.seat, p.position, r.total, purpose, r.packed)
        return r

    def _salary(self, p: Player, landed_on_go: bool) -> None:
        amount = self.rules.go_salary
        if landed_on_go and self.rules.double_go_on_landing:
            amount *= 2
        if amount:
            self._transfer(E.BANK, p.seat, amount, E.R_SALARY, 0)

    def _move(self, p: Player, steps: int) -> Play | None:
        """Move ``p`` forward ``steps`` squares (salary on passing GO) and land; returns what :meth:`_land`
        returns."""
        start = p.position
        end = start + steps
        if end >= self.size:
            end -= self.size
            self._salary(p, end == 0)
        p.position = end
        self.log.add(E.MOVE, p.seat, end, steps, start, 0)
        return self._land(p, end, steps, NORMAL)

    def _land(self, p: Player, square: int, dice_total: int, mode: int) -> Play | None:
        """Carry out what landing on ``square`` does.

        A landing that cannot need a decision (rent paid from cash, Go to Jail, Free Parking, nothing) is done
        here and None is returned; one that may need a decision (buying or an auction, a card, a tax, a debt)
        returns the generator that plays it, which the caller must run with ``yield from``. Most landings need
        none, and this spares the batch loop a generator per roll.
        """
        code = self.kind_code[square]
        if code == K_PROPERTY:
            owner = self.owner[square]
            if owner < 0:
                return self._offer(p, square)
            if owner != p.seat and not self.mortgaged[square]:
                if mode == DICE_X10:
                    dice_total = self._roll(p, 3).total
                rent = rent_due(self, square, dice_total, mode)
                if p.cash < rent:
                    return self._charge(p, owner, rent, E.R_RENT, square)
                self._transfer(p.seat, owner, rent, E.R_RENT, square)
        elif code == K_CHANCE:
            return self._draw(p, "chance", square)
        elif code == K_CHEST:
            return self._draw(p, "chest", square)
        elif code == K_TAX:
            return self._tax(p, square)
        elif code == K_GO_TO_JAIL:
            self._to_jail(p, 0)
        elif code == K_FREE_PARKING:
            if self.pot > 0:
                self._transfer(E.POT, p.seat, self.pot, E.R_JACKPOT, square)
                if self.rules.free_parking_seed:
                    self._transfer(E.BANK, E.POT, self.rules.free_parking_seed, E.R_SEED)
        return None

    def _tax(self, p: Player, square: int) -> Play:
        """Pay the tax of ``square`` (with the "flat or percent" house rule, the player chooses first)."""
        sq = self.board.squares[square]
        amount = sq.amount
        if sq.income_tax and self.rules.income_tax == "flat_or_percent":
            d = D.Decision(self, D.INCOME_TAX, p.seat, square=square, amount=amount)
            choice = self._auto(d) if d.player in self._auto_bots else (yield d)
            if choice.kind == A.PERCENT:
                amount = total_worth(self, p.seat) * self.rules.income_tax_percent // 100
        yield from self._charge(p, self.fee_payee, amount, E.R_TAX, square)
