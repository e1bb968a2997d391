"""How the bots answer the Cheaters Edition's decisions (every bot answers every decision kind; ``Bot`` calls these).

A bot's ``boldness`` is the chance, each turn, that it attempts one of the face-up cheats it can do (the one with the
best reward for its risk); its ``vigilance`` multiplies its chance of noticing another's cheat, and a bot that
noticed one calls "Cheat!". Held cards are played at the first chance (a held card of money or a free hotel is worth
most the sooner it is used); Get Out of Jail Free is kept for jail.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..editions import cheaters_actions as C
from ..editions import cheaters_targets
from ..editions import cheats
from ..editions.cheaters_cards import held_of, playable

if TYPE_CHECKING:
    from ..decisions import Decision
    from ..game_state import GameState as Game
    from .base import Bot

#: what a held card of each effect is worth to a bot, for choosing which of two to keep (money cards: their amount)
_CARD_WORTH = {"get_out_of_jail": 50, "send_to_jail": 60, "free_hotel": 250, "move_hotel": 300}


def cheat(bot: Bot, d: Decision, g: Game) -> Action:
    """Play a held card first; then, with the chance of this bot's boldness, the face-up cheat it can do with the
    best expected gain (asked every turn: the cheap tests first, the cards looked at only when it will cheat)."""
    p = g.players[d.player]
    if p.cards and not p.in_jail:
        for i, kind in enumerate(g.deck_kinds):
            if playable(g, p, kind):
                return Action(C.PLAY_CARD, i)
    if bot.boldness <= 0 or bot.rng.random() >= bot.boldness:
        return C.A_NO_CHEAT
    t = cheats.table(g)
    best, best_score = C.A_NO_CHEAT, -1e9
    for slot in range(len(t.face_up)):
        if cheats.attempt_problem(g, p, slot) is not None:
            continue
        card = t.deck.cards[t.face_up[slot]]
        gain = card.reward + (card.amount if card.effect in ("take_cash", "take_from_player") else 25)
        risk = card.difficulty / 100.0
        loss = card.penalty + (200 if card.jail else 0)
        score = gain * (1 - risk) - loss * risk
        if card.effect == "escape_jail":
            score += 100
        if score > best_score:
            best, best_score = Action(C.ATTEMPT, slot), score
    return best


def call_cheat(bot: Bot, d: Decision, g: Game) -> Action:
    """Call "Cheat!" when this bot saw the cheat awaiting the next roll."""
    a = cheats.table(g).pending
    if a is not None and a.seat == d.other and d.player in a.noticed:
        return C.A_CALL
    return C.A_NO_CALL


def _worth(g: Game, kind: str, index: int) -> int:
    card = g.deck_cards[kind][index]
    if card.effect in ("collect",):
        return card.amount
    if card.effect == "collect_each":
        return card.amount * (len(g.order) - 1)
    return _CARD_WORTH.get(card.effect, 0)


def keep_card(bot: Bot, d: Decision, g: Game) -> Action:
    kind = g.deck_kinds[d.other]
    return C.A_KEEP_NEW if _worth(g, kind, d.amount) > _worth(g, kind, d.square) else C.A_KEEP_OLD


def parking_deck(bot: Bot, d: Decision, g: Game) -> Action:
    """Draw from a deck this bot holds no card of (a second card of one deck must be let go)."""
    p = g.players[d.player]
    for i, kind in enumerate(g.deck_kinds):
        if held_of(p, kind) < 0:
            return Action(C.DRAW_DECK, i)
    return Action(C.DRAW_DECK, 0)


def cheat_target(bot: Bot, d: Decision, g: Game) -> Action:
    """The automatic target (the richest other player, the dearest hotel, the best street for a hotel): the one
    the rules take for a bot without asking it, so a bot asked gives the same answer."""
    return Action(C.PICK, cheaters_targets.automatic(g, d.player, g.extra.target, d.item))
