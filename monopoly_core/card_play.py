"""Chance and Community Chest in play (002 "CHANCE" & "COMMUNITY CHEST" CARDS).

Decks are shuffled at the start with the game's generator, drawn from the top and returned to the bottom. A Get
Out of Jail Free card stays with its holder until used or sold, then goes to the bottom of its deck. Effects
come from the closed vocabulary in :mod:`.cards`; movement uses :func:`.cards.card_destination`, the same
function the Markov chain reads.
"""
from __future__ import annotations

from typing import Final, TYPE_CHECKING

from . import decisions as D
from . import events as E
from .actions import DRAW
from .building import building_counts
from .cards import JAIL, card_destination, passes_go
from .game_state import Play
from .property_sale import PropertySaleRules
from .rent import MODES, NORMAL

if TYPE_CHECKING:
    from .cards import Card
    from .state import Player

DECK_CODES: Final = {"chance": 0, "chest": 1}


class CardRules(PropertySaleRules):
    def _draw(self, p: Player, kind: str, square: int) -> Play:
        deck = self.decks[kind]
        index = deck.popleft()
        card = self.deck_cards[kind][index]
        self.log.add(E.CARD, p.seat, square, 0, DECK_CODES[kind], index)
        if card.effect == "get_out_of_jail":
            p.cards.append((kind, index))
            return
        deck.append(index)
        yield from self._card_effect(p, card, square)

    def _card_effect(self, p: Player, card: Card, square: int) -> Play:
        effect = card.effect
        if card.moves:
            dest = card_destination(card, self.board, square)
            assert dest is not None         # (a card that moves has a destination)
            if dest == JAIL:
                self._to_jail(p, 1)
                return
            forward = effect in ("advance", "advance_nearest") or (effect == "move" and card.by > 0)
            if passes_go(square, dest, forward):
                self._salary(p, dest == 0)
            steps = (dest - square) % self.board.size if forward else -((square - dest) % self.board.size)
            p.position = dest
            self.log.add(E.MOVE, p.seat, dest, steps, square, 1)
            mode = MODES.get(card.rent, NORMAL) if effect == "advance_nearest" else NORMAL
            # a utility reached by a card (without its own rent rule) charges on the dice thrown this turn
            landing = self._land(p, dest, self.last_roll.total if self.last_roll else 0, mode)
            if landing is not None:
                yield from landing
        elif effect == "collect":
            self._transfer(E.BANK, p.seat, card.amount, E.R_CARD, square)
        elif effect == "pay":
            yield from self._charge(p, self.fee_payee, card.amount, E.R_CARD, square)
        elif effect == "collect_each":
            for seat in self._bidders():
                if seat != p.seat:
                    yield from self._charge(self.players[seat], p.seat, card.amount, E.R_CARD, square)
        elif effect == "pay_each":
            for seat in self._bidders():
                if seat != p.seat and not p.bankrupt and not self.players[seat].bankrupt:
                    yield from self._charge(p, seat, card.amount, E.R_CARD, square)
        elif effect == "repairs":
            houses, hotels = building_counts(self, p.seat)
            yield from self._charge(p, self.fee_payee, houses * card.house + hotels * card.hotel, E.R_CARD, square)
        elif effect == "pay_or_draw":
            d = D.Decision(self, D.FINE_OR_CHANCE, p.seat, square=square, amount=card.amount)
            action = self._auto(d) if d.player in self._auto_bots else (yield d)
            if action.kind == DRAW:
                yield from self._draw(p, card.deck, square)
            else:
                yield from self._charge(p, self.fee_payee, card.amount, E.R_CARD, square)
