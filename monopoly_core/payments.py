"""Money moves, debts and bankruptcy (002 BANKRUPTCY, 004 HELP! I CAN'T PAY!).

Every movement of money goes through :func:`transfer`, which logs a ``PAY`` event with payer, payee, amount and
reason, so cash can be recomputed from events alone. A payment the payer cannot cover from cash opens a ``debt``
decision: raise money (sell buildings, mortgage, trade) until it is covered, or declare bankruptcy when even that
cannot cover it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import decisions as D
from . import endgame
from . import events as E
from . import flow
from . import holdings
from . import management
from . import sales
from .actions import BANKRUPT, LIFT
from .mortgage import interest

if TYPE_CHECKING:
    from .game_state import GameState, Play
    from .state import Player


def transfer(g: GameState, payer: int, payee: int, amount: int, reason: int, square: int = -1) -> None:
    """Move ``amount`` from ``payer`` to ``payee`` (seats, or BANK / POT). The caller checks cash."""
    if payer >= 0:
        g.players[payer].cash -= amount
    elif payer == E.BANK:
        g.bank_paid += amount
    else:
        g.pot -= amount
    if payee >= 0:
        g.players[payee].cash += amount
    elif payee == E.BANK:
        g.bank_received += amount
    else:
        g.pot += amount
    g.log.add(E.PAY, payer, square, amount, payee, reason)


def charge(g: GameState, p: Player, payee: int, amount: int, reason: int, square: int = -1) -> Play:
    """Make player ``p`` pay ``amount`` to ``payee``, opening a debt if cash falls short (generator). Nothing is
    owed to a player who has gone bankrupt: they receive nothing and hold nothing (issue 13)."""
    if amount <= 0 or p.bankrupt or (payee >= 0 and g.players[payee].bankrupt):
        return
    if p.cash < amount:
        covered = yield from raise_money(g, p, payee, amount, reason)
        if not covered:
            return
    transfer(g, p.seat, payee, amount, reason, square)


def raise_money(g: GameState, p: Player, creditor: int, amount: int, reason: int) -> Play:
    """The debt window: the debtor raises money until cash covers ``amount``, or goes bankrupt.

    Returns True when the debt can now be paid, False when the debtor went bankrupt instead.
    """
    g.log.add(E.DEBT, p.seat, -1, amount, creditor, reason)
    d = D.Decision(g, D.DEBT, p.seat, amount=amount, other=creditor)
    while p.cash < amount:
        if g.ply > g.step_budget:       # (compared here: a call less an answer)
            flow.check_budget(g)
        action = yield from flow.ask(g, d)
        if action.kind == BANKRUPT:
            yield from g.edition.bankrupt(g, p, creditor)
            return False
        yield from management.apply(g, p, action)
    return True


def mortgaged_among(g: GameState, squares) -> list[int]:
    """The deeds of ``squares`` that are mortgaged now: taken at the moment they change hands, these are the
    deeds whose new owner owes the interest (002 MORTGAGES and BANKRUPTCY: "the new owner must at once pay
    the Bank the amount of interest on the loan")."""
    mortgaged = g.mortgaged
    return [s for s in squares if mortgaged[s]]


def settle_received_mortgages(g: GameState, receiver: Player, squares: list[int]) -> Play:
    """For each deed of ``squares`` (mortgaged when ``receiver`` received it), the receiver lifts the mortgage
    now or pays the interest now (002 MORTGAGES; 004 "10% on transfer"). A deed the receiver has passed on
    meanwhile, or whose mortgage is gone, is no longer theirs to settle."""
    for s in squares:
        if receiver.bankrupt:
            return
        if g.owner[s] != receiver.seat or not g.mortgaged[s]:
            continue
        if g.edition.settle_received_mortgage(g, receiver.seat, s) and not g.mortgaged[s]:
            continue
        d = D.Decision(g, D.MORTGAGED_DEED, receiver.seat, square=s, amount=interest(g, s))
        action = yield from flow.ask(g, d)
        if action.kind == LIFT:
            management.lift_mortgage(g, receiver.seat, s)
        else:
            yield from charge(g, receiver, E.BANK, interest(g, s), E.R_INTEREST, s)


def bankrupt(g: GameState, p: Player, creditor: int) -> Play:
    """Retire ``p``: everything of value goes to the creditor player, or to the bank (then auctioned); a debt to
    the Free Parking pot leaves the cash in the pot and the rest to the bank."""
    g.log.add(E.BANKRUPT, p.seat, -1, 0, creditor)
    p.bankrupt = True
    p.bankrupt_turn = g.turn
    p.in_jail = False
    owned = list(g.deeds_of[p.seat])       # (a copy: the deeds leave the list as they change hands)
    if creditor >= 0:
        c = g.players[creditor]
        # Buildings go back to the bank for half their price; that cash goes to the creditor with the rest.
        for s in owned:
            if g.level[s]:
                refund = g.level[s] * (g.board.squares[s].house_cost // 2)
                holdings.remove_buildings(g, s)
                g.log.add(E.SELL, p.seat, s, 0, refund)
                transfer(g, E.BANK, p.seat, refund, E.R_BUILDING_SALE, s)
        if p.cash:
            transfer(g, p.seat, creditor, p.cash, E.R_BANKRUPTCY)
        owing = mortgaged_among(g, owned)
        for s in owned:
            holdings.give_deed(g, s, creditor, p.seat, 0, E.D_BANKRUPTCY)
        c.cards.extend(p.cards)
        p.cards.clear()
        endgame.check_last_standing(g)
        yield from settle_received_mortgages(g, c, owing)
    else:
        if p.cash:
            # (owed to the Free Parking pot, a house rule's, the cash goes into the pot it was owed to; the deeds
            # go back to the bank, as the books say of a debt to the bank: an outside audit saw the pot stay empty)
            transfer(g, p.seat, creditor, p.cash, E.R_BANKRUPTCY)
        for s in owned:
            holdings.remove_buildings(g, s)
            holdings.set_mortgaged(g, s, False)
            holdings.give_deed(g, s, E.BANK, p.seat, 0, E.D_RETURNED)
        for kind, idx in p.cards:
            g.decks[kind].append(idx)
        p.cards.clear()
        endgame.check_last_standing(g)
        if g.rules.auctions:
            for s in owned:
                yield from sales.auction(g, s)
