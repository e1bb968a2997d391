"""Monopoly for Sore Losers: the rules that differ from the classic game, as functions over the game state.

Seed 000 (the rule book; quoted as 000) with 001 (a description filling its gaps; quoted as 001). The edition
(:mod:`.sore_losers`) wires these into the :class:`~.base.Edition` hooks; the state they read and change is in
:mod:`.sore_losers_state`.

Choices where the books are silent, each written where it is made:

* A trapped player stays trapped only while Mr Monopoly stands on their square: "That player may not move until
  their token is free" (000), "unable to move until Mr. Monopoly moves away" (001). Mr Monopoly moving on in the
  same turn (after doubles) frees them before their turn, which they then play; the box's summary, "they not only
  lose their next turn", is read as what usually happens (Mr Monopoly stays put until his next turn).
* A player sent to jail while trapped is freed by the move (being trapped stops a player moving on their own;
  being sent to jail moves them).
* Mr Monopoly's "send any other player" to jail picks among the players not already in jail and, on the final lap,
  not home at GO; with none, nobody goes.
* The four stations held by one player count as a complete set that Mr Monopoly may not steal from (000 pays "the
  increased rent on unmortgaged stations ... in the same way" as a colour set's). At the final count they earn what
  a player landing there would pay, by the number held, as every property does: "double rent" for a set is the
  rent a lander pays on an unimproved colour set, and a station's set rent is the four-station rent, not twice it.
* Mr Monopoly landing on Go To Jail sends another player "in your place" and is not jailed himself, so "Your
  turn is now over" (the jailed player's) does not stop him: after doubles he rolls again, as after his third
  doubles ("Just move and roll again!").
* "If you ever roll doubles three times in a row, don't go to Jail! Just move and roll again!" is the rule of whoever
  holds the token when the third doubles are rolled: a player handed the token by a card after the first doubles of
  a turn moves and rolls again too (the book ties the rule to being Mr Monopoly, not to being him all turn).
* A card that takes Mr Monopoly to GO on the final lap lands him there as a roll would: the players waiting at GO
  are trapped and take a coin (and, being home, cannot be stolen from).
* A stolen property keeps its mortgage, and nobody pays the 10% (a steal is not a trade: nothing is paid).
* Bankruptcy to a player: every deed goes to the creditor, mortgaged or not. The rule book says "Give them all your
  mortgaged properties" because a player raises money by mortgaging before going bankrupt; the debt window here lets
  a player declare bankruptcy only once mortgaging everything could not pay, so what is left unmortgaged is
  worth less than the debt, and giving it to the creditor (as the classic rules do) keeps it in the game rather
  than handing the bankrupt player a choice the book never offers. No interest is due ("The new owner may
  unmortgage those properties at any time").
* Bankruptcy to the bank: the deeds go back unmortgaged with their buildings and are not auctioned (000: "Return
  all your properties to the Bank ... If a player buys a property with a building on it from the Bank, they pay the
  price shown on the board space and get the building for free").
* Mr Monopoly landing where the square's owner stands steals first, then lands (:meth:`Trapping.trap_and_land`):
  having stolen the property, he owes and collects no rent on it; passing on the steal, he collects the rent from
  its owner as on any landing. (000 gives the trap's steal and the rent collected from an owner without an order.)
* Building keeps the classic rule that no street of the set is mortgaged (004: "You cannot build on a Street if any
  Street in its colour set is mortgaged"): 000 is silent, and 001's "mothballed" buildings are those already
  standing on a street when it is mortgaged.
* Cashing in four coins is offered at the start of a turn only, not before the extra roll that doubles give (000:
  "at the beginning of any of your turns"; the doubles' roll is part of the same turn, as in the classic rules'
  "roll again"), and not to a player home at GO on the final lap, who takes no more turns.
(Outside audits of 2026-11-29 asked for the last three, and the first, to be written down.)
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from mypy_extensions import mypyc_attr

from .. import decisions as D
from .. import endgame
from .. import events as E
from .. import final_lap
from .. import flow
from .. import holdings
from .. import jail
from .. import landing
from .. import payments
from .. import sales
from .. import turn
from ..actions import CASH_IN, STEAL_PROPERTY
from ..landing import LandingRule
from . import sore_losers_state as st

if TYPE_CHECKING:
    from ..game_state import GameState, Play
    from ..state import Player


# --- the Mr Monopoly token -------------------------------------------------------------------------------------
def become_mr_monopoly(g: GameState, p: Player, how: int) -> None:
    """``p`` takes the Mr Monopoly token and it stands on ``p``'s square (000: "As soon as you cash in four sore
    loser coins, take the MR MONOPOLY token and place it on your current space"). The previous holder's own
    token returns to their square. Nobody is trapped by it (000: "If someone is on the same space as you when you
    become MR MONOPOLY, you do not land on them"); a player in jail is released (001)."""
    t = st.table(g)
    previous = t.mr
    t.mr = p.seat
    t.trapped = []
    t.trap_square = -1
    g.log.add(E.MR_MONOPOLY, p.seat, p.position, 0, previous, how)
    if p.in_jail:
        jail.release(g, p, E.OUT_BY_MR_MONOPOLY)


def may_cash_in(g: GameState, p: Player) -> bool:
    """000: "Once you've collected four coins, you may trade in all four at the beginning of any of your turns";
    trapped players "may not cash in sore loser coins"; the holder has nothing to gain."""
    bag: st.Purse = p.extra         # (asked every turn: the coins first, seldom four)
    t: st.Table = g.extra
    return bag.coins >= g.rules.max_coins and t.mr != p.seat and not st.is_trapped(g, p.seat)


def cash_in(g: GameState, p: Player) -> None:
    st.to_bank(g, p.seat, g.rules.max_coins, E.C_CASH_IN, p.position)
    become_mr_monopoly(g, p, E.MR_BY_CASH_IN)


# --- the turn ------------------------------------------------------------------------------------------------------
def take_turn(g: GameState, p: Player) -> Play:
    """A turn: a trapped player does not move (only manages); with four coins a player may first cash them in;
    then the classic turn, except that Mr Monopoly's three doubles do not jail (000: "If you ever roll doubles
    three times in a row, don't go to Jail! Just move and roll again!"). On the final lap a player who has reached
    GO takes no more turns (the edition's ``sits_out``, checked before this)."""
    turn.start_turn(g, p)
    t: st.Table = g.extra
    if t.trapped and st.is_trapped(g, p.seat):
        # 000: "That player may not move until their token is free" (they still build, trade and mortgage)
        yield from flow.window(g, g.post_roll_windows[p.seat][0])
        return
    if may_cash_in(g, p):
        action = yield from flow.ask(g, D.Decision(g, D.CASH_IN, p.seat, amount=st.coins(g, p.seat)))
        if action.kind == CASH_IN:
            cash_in(g, p)
    limit = 0 if t.mr == p.seat else g.rules.doubles_to_jail
    yield from turn.play_turn(g, p, limit)


def go_to_jail(g: GameState, p: Player, reason: int) -> Play:
    """``p`` goes to jail and collects a coin (000: "Whenever you go to Jail, collect one sore loser coin"); Mr
    Monopoly sends another player instead (000: "If you are MR MONOPOLY, send any other player to Jail in your
    place!"). Only the players not in jail already can be sent (a choice: the book is silent)."""
    if st.mr_monopoly(g) != p.seat:
        send_to_jail(g, p, reason)
        return
    if reason == E.JAIL_BY_DOUBLES:
        return      # (the token came by a card this turn: three doubles do not jail him; play_turn moves on)
    if not jail_candidates(g, p.seat):
        return
    action = yield from flow.ask(g, D.Decision(g, D.JAIL_WHOM, p.seat))
    send_to_jail(g, g.players[action.amount], E.JAIL_BY_MR_MONOPOLY)


def jail_candidates(g: GameState, seat: int) -> list[int]:
    """Whom Mr Monopoly may send to jail: another player in the game, not in jail already and, on the final lap,
    not home at GO (001: they "stop taking turns and wait"; sent to jail, one would leave GO yet count as home)."""
    return [q.seat for q in g.players if q.seat != seat and not q.bankrupt and not q.in_jail
            and not final_lap.home(g, q.seat)]


def send_to_jail(g: GameState, q: Player, reason: int) -> None:
    st.release(g, q.seat)
    jail.to_jail(g, q, reason)
    st.collect(g, q.seat, E.C_JAIL, g.board.jail)


def after_doubles(g: GameState, p: Player) -> Play:
    """000: "whenever any player, including you, rolls doubles, place one free House on any street on the
    gameboard"; 001: "If no houses are left in the Bank, nothing happens ... may not be placed on streets that
    already have four houses, and they may not be used to upgrade four-house groups to hotels"."""
    t: st.Table = g.extra
    mr = t.mr
    if mr < 0 or not any_free_house_square(g):
        return
    action = yield from flow.ask(g, D.Decision(g, D.FREE_HOUSE, mr))
    s = action.square
    level = holdings.place_building(g, s)
    g.log.add(E.FREE_HOUSE, mr, s, level, g.owner[s])


def free_house_squares(g: GameState) -> list[int]:
    """The streets a free house may go on now: any street below four houses, while the bank has a house."""
    return [s for s in g.board.properties if may_place_free_house(g, s)]


def any_free_house_square(g: GameState) -> bool:
    """Whether a free house may go anywhere now (asked after every doubles while someone holds the token: a
    loop over the streets, the colour groups' members, that stops at the first)."""
    top, level = free_house_top(g), g.level
    for _group, streets, _counts, _size in g.group_rows:
        for s in streets:
            if level[s] < top:
                return True
    return False


def may_place_free_house(g: GameState, square: int) -> bool:
    return 0 <= square < g.size and g.board.squares[square].kind == "street" and g.level[square] < free_house_top(g)


def free_house_top(g: GameState) -> int:
    """A free house may go on a street whose level is below this: a hotel's level less one (001: "may not be placed
    on streets that already have four houses, and they may not be used to upgrade four-house groups to hotels");
    0, so none, when the bank has no house left (001: "If no houses are left in the Bank, nothing happens")."""
    if g.houses_left > 0 or not g.rules.building_limits:
        return g.edition.hotel_level - 1
    return 0


# --- trapping and stealing ---------------------------------------------------------------------------------------
def trap(g: GameState, mr: Player, square: int) -> list[int]:
    """Mr Monopoly lands on ``square``: every other player there is trapped and collects a coin (000: "You also
    collect one sore loser coin when MR MONOPOLY lands on the same space as you"). Returns the seats caught, whom
    :func:`steal` then asks about (a plain function: most of his landings catch nobody)."""
    t = st.table(g)
    t.trapped = []
    t.trap_square = square
    caught = [q.seat for q in g.players if q.seat != mr.seat and not q.bankrupt and q.position == square]
    for seat in caught:
        t.trapped.append(seat)
        g.log.add(E.TRAP, mr.seat, square, 0, seat)
        st.collect(g, seat, E.C_TRAPPED, square)
    return caught


def steal(g: GameState, mr: Player, caught: list[int]) -> Play:
    """Mr Monopoly may steal one property from each player he caught that is not part of a complete set (000: "You
    may then steal one property from that player")."""
    t = st.table(g)
    for seat in caught:
        if mr.bankrupt or t.mr != mr.seat or not may_steal_from(g, seat) or not stealable(g, seat):
            continue
        action = yield from flow.ask(g, D.Decision(g, D.PROPERTY_STEAL, mr.seat, other=seat))
        if action.kind == STEAL_PROPERTY:
            holdings.give_deed(g, action.square, mr.seat, seat, 0, E.D_STOLEN)


def may_steal_from(g: GameState, seat: int) -> bool:
    """000 THE END OF THE GAME: "If you are MR MONOPOLY at the end of the game and you land on players who have
    reached GO, you may not steal a property from them" (the edition's final lap says who has)."""
    return not final_lap.home(g, seat)


def stealable(g: GameState, seat: int) -> list[int]:
    """``seat``'s properties outside complete sets (000: "You may not steal a property that is part of a complete
    set"; the four stations count as a set), buildings included (001: "the buildings remain")."""
    owner = g.owner
    return [s for s in g.board.properties if owner[s] == seat and may_steal(g, seat, s)]


def may_steal(g: GameState, seat: int, square: int) -> bool:
    """``square`` is ``seat``'s and not part of a complete set it holds."""
    if not (0 <= square < g.size) or g.owner[square] != seat:
        return False
    key = g.holding_key[square]
    return g.owned_in[key][seat] < g.holding_size[key]


@mypyc_attr(allow_interpreted_subclasses=True)
class Trapping(LandingRule):
    """Any square's rule, with Mr Monopoly trapping whoever stands there first (the jail corner is one square, so
    001's "he covers both the Jail and Just Visiting spaces" holds)."""

    def __init__(self, inner: LandingRule) -> None:
        self.inner = inner

    def land(self, g: GameState, p: Player, square: int, dice_total: int, mode: int) -> Play:
        # (a plain method handing on the square's own rule: only Mr Monopoly's landings need one more step)
        t: st.Table = g.extra
        if t.mr == p.seat:
            return self.trap_and_land(g, p, square, dice_total, mode)
        return self.inner.land(g, p, square, dice_total, mode)

    def trap_and_land(self, g: GameState, p: Player, square: int, dice_total: int, mode: int) -> Play:
        caught = trap(g, p, square)
        if caught:
            yield from steal(g, p, caught)
        yield from self.inner.land(g, p, square, dice_total, mode)


# --- the squares ---------------------------------------------------------------------------------------------------
class OnProperty(LandingRule):
    """000: "Whenever you pay rent, take one sore loser coin"; "land on your own property" gives a coin; "When
    you're MR MONOPOLY, instead of paying rent, collect rent from the property's owner! That player collects one
    sore loser coin from the Bank." A mortgaged property charges nothing, so no coin either."""

    def land(self, g: GameState, p: Player, square: int, dice_total: int, mode: int) -> Play:
        owner = g.owner[square]
        if owner < 0:
            yield from sales.offer(g, p, square)
        elif owner == p.seat:
            st.collect(g, p.seat, E.C_OWN_PROPERTY, square)
        elif not g.mortgaged[square]:
            rent = g.edition.rent(g, square, dice_total, mode)
            if rent <= 0:
                return
            t: st.Table = g.extra
            if t.mr == p.seat:
                o = g.players[owner]
                yield from payments.charge(g, o, p.seat, rent, E.R_RENT, square)
                st.collect(g, owner, E.C_RENT, square)
            else:
                yield from payments.charge(g, p, owner, rent, E.R_RENT, square)
                st.collect(g, p.seat, E.C_RENT, square)


class OnTax(LandingRule):
    """Taxes and bills: "Whenever you pay taxes, collect one sore loser coin!"; "When you're MR MONOPOLY, instead
    of paying taxes or bills, collect from the Bank the amount shown on the board space!" (000)."""

    def land(self, g: GameState, p: Player, square: int, dice_total: int, mode: int) -> Play:
        if st.mr_monopoly(g) == p.seat:
            payments.transfer(g, E.BANK, p.seat, g.board.squares[square].amount, E.R_TAX, square)
            return
        yield from landing.TAX.land(g, p, square, dice_total, mode)
        st.collect(g, p.seat, E.C_TAX, square)


class OnFreeParking(LandingRule):
    """000: "Steal one sore loser coin from any player. If you already have four, or if you are MR MONOPOLY, take
    one sore loser coin from any player and return it to the Bank." (Nobody else holding a coin: nothing.)"""

    def land(self, g: GameState, p: Player, square: int, dice_total: int, mode: int) -> Play:
        yield from landing.FREE_PARKING.land(g, p, square, dice_total, mode)
        if not coin_victims(g, p.seat):
            return
        action = yield from flow.ask(g, D.Decision(g, D.COIN_VICTIM, p.seat, square=square))
        victim = action.amount
        if returns_coin(g, p.seat):
            st.to_bank(g, victim, 1, E.C_RETURNED, square)
        else:
            st.move_coins(g, victim, p.seat, 1, E.C_STOLEN, square)


def returns_coin(g: GameState, seat: int) -> bool:
    """Whether ``seat``'s Free Parking victim returns the coin to the bank rather than to ``seat``."""
    return st.mr_monopoly(g) == seat or st.coins(g, seat) >= g.rules.max_coins


def coin_victims(g: GameState, seat: int) -> list[int]:
    return [q.seat for q in g.players if q.seat != seat and not q.bankrupt and st.coins(g, q.seat) > 0]


PROPERTY = OnProperty()
TAX = OnTax()
FREE_PARKING = OnFreeParking()


# --- cards ---------------------------------------------------------------------------------------------------------
def card_effect(g: GameState, p: Player, effect: str, square: int) -> None:
    """The project's own cards: "sore_loser_coin" (000: "draw a Chance or Community Chest Card that says to collect
    one") and "mr_monopoly" (001: "A player may also take the Mr. Monopoly token if they draw a Chance or Community
    chest card instructing them to do so"; the holder drawing it keeps the token)."""
    if effect == "sore_loser_coin":
        st.collect(g, p.seat, E.C_CARD, square)
    elif st.mr_monopoly(g) != p.seat:
        become_mr_monopoly(g, p, E.MR_BY_CARD)


# --- bankruptcy ----------------------------------------------------------------------------------------------------
def bankrupt(g: GameState, p: Player, creditor: int) -> Play:
    """000 "2. If you're still in debt, you are bankrupt": the coins go back to the bank ("People have to earn
    those!"), the token to the centre; the buildings stay where they are. See the module's notes for the deeds."""
    g.log.add(E.BANKRUPT, p.seat, -1, 0, creditor)
    p.bankrupt = True
    p.bankrupt_turn = g.turn
    p.in_jail = False
    st.to_bank(g, p.seat, st.coins(g, p.seat), E.C_BANKRUPTCY)
    st.release(g, p.seat)
    t = st.table(g)
    if t.mr == p.seat:
        t.mr, t.trapped, t.trap_square = -1, [], -1
        g.log.add(E.MR_MONOPOLY, -1, -1, 0, p.seat, E.MR_BY_BANKRUPTCY)
    owned = [s for s in g.board.properties if g.owner[s] == p.seat]
    payee = creditor if creditor >= 0 else E.BANK
    if p.cash:
        payments.transfer(g, p.seat, payee, p.cash, E.R_BANKRUPTCY)
    for s in owned:
        if creditor < 0:
            holdings.set_mortgaged(g, s, False)
        holdings.give_deed(g, s, payee, p.seat, 0, E.D_BANKRUPTCY if creditor >= 0 else E.D_RETURNED)
    if creditor >= 0:
        g.players[creditor].cards.extend(p.cards)
    else:
        for kind, idx in p.cards:
            g.decks[kind].append(idx)
    p.cards.clear()
    endgame.check_last_standing(g)
    return
    yield
