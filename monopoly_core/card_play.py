"""Chance and Community Chest in play (002 "CHANCE" & "COMMUNITY CHEST" CARDS).

Decks are shuffled at the start with the game's generator, drawn from the top and returned to the bottom. A Get
Out of Jail Free card stays with its holder until used or sold, then goes to the bottom of its deck. Effects
come from the closed vocabulary in :mod:`.cards`; movement uses :func:`.cards.card_destination`, the same
function the Markov chain reads. Which decks a game has is the edition's data (``GameState.deck_kinds``); a
square draws from the deck named by its kind.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import decisions as D
from . import events as E
from . import final_lap
from . import flow
from . import movement
from . import payments
from . import sales
from .actions import DRAW
from .building import building_counts
from .cards import JAIL, card_destination, passes_go
from .rent import MODES, NORMAL

if TYPE_CHECKING:
    from .cards import Card
    from .game_state import GameState, Play
    from .state import Player


def deck_code(g: GameState, kind: str) -> int:
    """The number events give deck ``kind`` (its place among the game's decks: 0 chance, 1 chest in classic)."""
    return g.deck_kinds.index(kind)


def draw(g: GameState, p: Player, kind: str, square: int) -> Play:
    """``p`` draws the top card of deck ``kind`` on ``square`` and does what it says."""
    deck = g.decks[kind]
    index = deck.popleft()
    card = g.deck_cards[kind][index]
    g.log.add(E.CARD, p.seat, square, 0, deck_code(g, kind), index)
    if card.effect == "get_out_of_jail":
        p.cards.append((kind, index))
        return
    deck.append(index)
    yield from card_effect(g, p, card, square)


def card_effect(g: GameState, p: Player, card: Card, square: int) -> Play:
    effect = card.effect
    if card.moves:
        dest = card_destination(card, g.board, square)
        assert dest is not None         # (a card that moves has a destination)
        if dest == JAIL:
            yield from g.edition.go_to_jail(g, p, E.JAIL_BY_CARD)
            return
        forward = effect in ("advance", "advance_nearest") or (effect == "move" and card.by > 0)
        if passes_go(square, dest, forward):
            movement.salary(g, p, dest == 0)
            if g.rules.final_lap and final_lap.on(g):
                # stopped at GO, p lands there as after a roll (Sore Losers: Mr Monopoly traps whoever waits)
                final_lap.stop_at_go(g, p, square)
                yield from g.landing[0].land(g, p, 0, g.last_roll.total if g.last_roll else 0, NORMAL)
                return
        steps = (dest - square) % g.board.size if forward else -((square - dest) % g.board.size)
        p.position = dest
        g.log.add(E.MOVE, p.seat, dest, steps, square, E.MOVE_BY_CARD)
        mode = MODES.get(card.rent, NORMAL) if effect == "advance_nearest" else NORMAL
        # a utility reached by a card (without its own rent rule) charges on the dice thrown this turn
        yield from g.landing[dest].land(g, p, dest, g.last_roll.total if g.last_roll else 0, mode)
    elif effect == "collect":
        payments.transfer(g, E.BANK, p.seat, card.amount, E.R_CARD, square)
    elif effect == "pay":
        yield from payments.charge(g, p, g.fee_payee, card.amount, E.R_CARD, square)
    elif effect == "collect_each":
        for seat in sales.bidders(g):
            if seat != p.seat and not p.bankrupt:
                yield from payments.charge(g, g.players[seat], p.seat, card.amount, E.R_CARD, square)
    elif effect == "pay_each":
        for seat in sales.bidders(g):
            if seat != p.seat and not p.bankrupt and not g.players[seat].bankrupt:
                yield from payments.charge(g, p, seat, card.amount, E.R_CARD, square)
    elif effect == "repairs":
        houses, hotels = building_counts(g, p.seat)
        yield from payments.charge(g, p, g.fee_payee, houses * card.house + hotels * card.hotel, E.R_CARD, square)
    elif effect == "pay_or_draw":
        d = D.Decision(g, D.FINE_OR_CHANCE, p.seat, square=square, amount=card.amount)
        action = yield from flow.ask(g, d)
        if action.kind == DRAW:
            yield from draw(g, p, card.deck, square)
        else:
            yield from payments.charge(g, p, g.fee_payee, card.amount, E.R_CARD, square)
    else:
        yield from g.edition.card_effect(g, p, card, square)
