"""Chance and Community Chest in the Cheaters Edition (seed 003 first part, "Chance and Community Chest", "Free
Parking", "Go To Jail"): cards held until used, at most one of each deck, and Free Parking drawing a card.

"If the card says to do something immediately ... do what it says. Otherwise, you may hold on to the card until
you're ready to use it" (a card's ``hold = true`` in its deck file). "You may only have one Chance and one Community
Chest card at a time ... if you have a Chance card in front of you and you need to draw another one, do so. Then you
must immediately use and/or discard one": here the player chooses which of the two to keep, and the other goes to the
bottom of its deck (the project's reading: a card wanted now can be played before the draw, at the start of a turn).
Held cards are played at the start of the holder's turn; in jail only Get Out of Jail Free, through the jail choice;
home at GO on the final lap, at the holder's place in the order, any that moves no token (``cheaters_turn.home_turn``).
"""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from .. import card_play
from .. import final_lap
from .. import decisions as D
from .. import events as E
from .. import flow
from .. import holdings
from ..building import hotel_in_bank
from ..cards import card_destination
from ..datafiles import load_toml
from ..landing import LandingRule
from . import cheaters_actions as C
from . import cheaters_targets as targets

if TYPE_CHECKING:
    from ..cards import Card
    from ..game_state import GameState, Play
    from ..state import Player

# The edition's card effects, in the vocabulary of cards.py (the engine hands effects it does not know to
# Edition.card_effect, and Cheaters.own_card_effects claims these): send another player to jail; a free hotel on
# one of your streets, set or not; a hotel moved.
SEND_TO_JAIL = "send_to_jail"
FREE_HOTEL = "free_hotel"
MOVE_HOTEL = "move_hotel"


@functools.lru_cache(maxsize=None)
def holdable(deck_name: str) -> frozenset[int]:
    """The cards of deck file ``deck_name`` that may be held (``hold = true``: the card does not say
    "immediately")."""
    raw = load_toml("cards", deck_name)
    return frozenset(i for i, c in enumerate(raw.get("cards", ())) if c.get("hold", False))


def deck_name(g: GameState, kind: str) -> str:
    return str(getattr(g.rules, g.edition.deck_fields[kind]))


def held_of(p: Player, kind: str) -> int:
    """The place in ``p.cards`` of the card of deck ``kind`` that ``p`` holds, or -1."""
    for i, (k, _) in enumerate(p.cards):
        if k == kind:
            return i
    return -1


def draw(g: GameState, p: Player, kind: str, square: int) -> Play:
    """``p`` draws the top card of deck ``kind``: kept if it may be held, else done at once."""
    deck = g.decks[kind]
    index = deck.popleft()
    card = g.deck_cards[kind][index]
    g.log.add(E.CARD, p.seat, square, 0, card_play.deck_code(g, kind), index)
    if index in holdable(deck_name(g, kind)):
        yield from hold(g, p, kind, index)
        return
    deck.append(index)
    yield from card_play.card_effect(g, p, card, square)


def hold(g: GameState, p: Player, kind: str, index: int, may_use: bool = True) -> Play:
    """``p`` takes card ``index`` of deck ``kind`` in hand; holding one of that deck already, they "must immediately
    use and/or discard one": keep one of the two (the other goes to the bottom of its deck) or, where ``may_use``
    (a card drawn on one's own turn, not in jail), use either now and keep the other."""
    place = held_of(p, kind)
    if place < 0:
        p.cards.append((kind, index))
        return
    old = p.cards[place][1]
    d = D.Decision(g, D.KEEP_CARD, p.seat, square=old, amount=index, other=card_play.deck_code(g, kind),
                   item=1 if may_use else 0)
    g.extra.choosing = (kind, index)        # (in the player's hand with the other while they choose)
    answer = yield from flow.ask(g, d)
    g.extra.choosing = None
    deck = g.decks[kind]
    if answer.kind in (C.KEEP_NEW, C.USE_OLD):
        deck.append(old)
        p.cards[place] = (kind, index)
        if answer.kind == C.USE_OLD:
            g.log.add(E.CARD_PLAYED, p.seat, p.position, 0, card_play.deck_code(g, kind), old)
            yield from card_play.card_effect(g, p, g.deck_cards[kind][old], p.position)
    else:
        deck.append(index)
        if answer.kind == C.USE_NEW:
            yield from card_play.card_effect(g, p, g.deck_cards[kind][index], p.position)


def usable_now(g: GameState, p: Player, kind: str, index: int) -> bool:
    """Whether card ``index`` of deck ``kind`` may be used at once (not in jail; Get Out of Jail Free is used
    through the jail choice; nor a card whose act cannot be done now, :func:`can_do`)."""
    card = g.deck_cards[kind][index]
    return not p.in_jail and card.effect != "get_out_of_jail" and can_do(g, p, card)


def can_do(g: GameState, p: Player, card: Card) -> bool:
    """Whether ``p`` can do what held ``card`` says now: someone to send to jail, a hotel in the bank and a street
    of one's own to place it on, another player's hotel and a street to move it to. A card that cannot be done is
    kept, not spent for nothing (003: "you may hold on to the card until you're ready to use it"; an outside audit
    saw bots throw away one free-hotel card in six and one moved-hotel card in three)."""
    e, seat = card.effect, p.seat
    if e == SEND_TO_JAIL:
        return bool(targets.candidates(g, seat, e, targets.PLAYER))
    if e == FREE_HOTEL:
        return hotel_in_bank(g) and bool(targets.candidates(g, seat, e, targets.MY_STREET))
    if e == MOVE_HOTEL:
        return bool(targets.candidates(g, seat, e, targets.THEIR_HOTEL)) and \
            bool(targets.candidates(g, seat, e, targets.MY_STREET))
    return True


def playable(g: GameState, p: Player, kind: str) -> bool:
    """Whether ``p`` may play the card of deck ``kind`` they hold now: not in jail, not Get Out of Jail Free
    (which is played through the jail choice), and one whose act can be done now (:func:`can_do`); home at GO on
    the final lap, only a card that moves no token (``cards.card_destination``), so that they stay home."""
    place = held_of(p, kind)
    if place < 0 or p.in_jail:
        return False
    card = g.deck_cards[kind][p.cards[place][1]]
    if card.effect == "get_out_of_jail" or not can_do(g, p, card):
        return False
    return not final_lap.home(g, p.seat) or card_destination(card, g.board, p.position) is None


def any_playable(g: GameState, p: Player) -> bool:
    """Whether ``p`` holds a card they may play now (:func:`playable`)."""
    for kind, _ in p.cards:
        if playable(g, p, kind):
            return True
    return False


def play_held(g: GameState, p: Player, kind: str) -> Play:
    """``p`` plays the card of deck ``kind`` they hold: it goes to the bottom of its deck and is done (logged as
    played first, so that a reader of the feed or the database sees which card the money or the move came from)."""
    _, index = p.cards.pop(held_of(p, kind))
    g.decks[kind].append(index)
    g.log.add(E.CARD_PLAYED, p.seat, p.position, 0, card_play.deck_code(g, kind), index)
    yield from card_play.card_effect(g, p, g.deck_cards[kind][index], p.position)


def return_cards(g: GameState, p: Player) -> None:
    """``p``'s held cards go to the bottom of their decks (bankrupt to the bank)."""
    for kind, index in p.cards:
        g.decks[kind].append(index)
    p.cards.clear()


def hand_over(g: GameState, p: Player, to: Player) -> Play:
    """``p``'s held cards go to ``to`` (bankrupt to a player), who keeps at most one of each deck."""
    while p.cards:
        kind, index = p.cards.pop(0)
        yield from hold(g, to, kind, index, may_use=False)


def card_effect(g: GameState, p: Player, card: Card, square: int) -> Play:
    """The edition's own card effects: another player to jail; a free hotel on one of your streets, set or not; a
    hotel moved from another player's street to one of yours (whom and which: cheaters_targets)."""
    e = card.effect
    if e == SEND_TO_JAIL:
        victim = yield from targets.choose(g, p, e, targets.PLAYER)
        if victim >= 0:
            yield from g.edition.go_to_jail(g, g.players[victim], E.JAIL_BY_CARD)
    elif e == FREE_HOTEL:
        if hotel_in_bank(g):
            s = yield from targets.choose(g, p, e, targets.MY_STREET)
            if s >= 0:
                level = holdings.place_building(g, s)
                g.log.add(E.BUILD, p.seat, s, level, 0)
    elif e == MOVE_HOTEL:
        if targets.candidates(g, p.seat, e, targets.THEIR_HOTEL) and targets.candidates(g, p.seat, e, targets.MY_STREET):
            src = yield from targets.choose(g, p, e, targets.THEIR_HOTEL)
            dst = yield from targets.choose(g, p, e, targets.MY_STREET)
            g.log.add(E.SELL, g.owner[src], src, 0, 0)
            holdings.remove_buildings(g, src)
            level = holdings.place_building(g, dst)
            g.log.add(E.BUILD, p.seat, dst, level, 0)


class OnCardSquare(LandingRule):
    """Chance and Community Chest squares: draw, and hold or do the card."""

    def land(self, g: GameState, p: Player, square: int, dice_total: int, mode: int) -> Play:
        yield from draw(g, p, g.board.squares[square].kind, square)


class OnFreeParking(LandingRule):
    """"Free Parking: Opportunity is everywhere ... Draw a Chance or Community Chest card!" (the player's
    choice)."""

    def land(self, g: GameState, p: Player, square: int, dice_total: int, mode: int) -> Play:
        answer = yield from flow.ask(g, D.Decision(g, D.PARKING_DECK, p.seat, square=square))
        yield from draw(g, p, g.deck_kinds[answer.square], square)


CARD_SQUARE = OnCardSquare()
FREE_PARKING = OnFreeParking()
