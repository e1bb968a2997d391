"""The Cheaters Edition's own action kinds: the answers to its decisions (``decisions.CHEAT``, ``CALL_CHEAT``,
``KEEP_CARD``, ``PARKING_DECK``) and raising money by selling a deed to the bank in a debt.

Kept apart from the rules so that the edition's modules, its bots and the Play page share one set of names; they
are registered with :func:`..actions.register_kinds` so saved histories holding them load.
"""
from __future__ import annotations

from typing import Final

from ..actions import Action, register_kinds

NO_CHEAT: Final = "no_cheat"            # go on with the turn honestly (for now)
ATTEMPT: Final = "attempt"              # square = the face-up place of the cheat card attempted
FREE_CHEAT: Final = "free_cheat"        # ultimate cheat's mode: square = its place in the menu (cheats.free_menu)
PLAY_CARD: Final = "play_card"          # square = the deck (0 Chance, 1 Community Chest) of the held card played
CALL: Final = "call"                    # call "Cheat!": the answer to decisions.CALL_CHEAT (a bot that noticed a
#                                         cheat), or a person's call while a window is open (square = the caller)
NO_CALL: Final = "no_call"
KEEP_OLD: Final = "keep_old"            # keep the card held; the new one goes to the bottom of its deck
KEEP_NEW: Final = "keep_new"            # keep the new card; the one held goes to the bottom of its deck
USE_OLD: Final = "use_old"              # use the card held now (it goes to the bottom of its deck); keep the new one
USE_NEW: Final = "use_new"              # use the new card now (it goes to the bottom of its deck); keep the one held
DRAW_DECK: Final = "draw_deck"          # square = the deck to draw from at Free Parking
SELL_TO_BANK: Final = "sell_to_bank"    # square = the deed sold to the bank to raise money
PICK: Final = "pick"                    # square = the seat or street chosen as a card's or cheat's target

#: the kinds that take nothing, those that take a square (a person's call may name none), and all of them
BARE_KINDS: Final = (NO_CHEAT, NO_CALL, KEEP_OLD, KEEP_NEW, USE_OLD, USE_NEW)
SQUARE_KINDS: Final = (ATTEMPT, FREE_CHEAT, PLAY_CARD, CALL, DRAW_DECK, SELL_TO_BANK, PICK)
KINDS: Final = BARE_KINDS + SQUARE_KINDS
register_kinds(bare=BARE_KINDS, square=SQUARE_KINDS)

A_NO_CHEAT: Final = Action(NO_CHEAT)
A_CALL: Final = Action(CALL)
A_NO_CALL: Final = Action(NO_CALL)
A_KEEP_OLD: Final = Action(KEEP_OLD)
A_KEEP_NEW: Final = Action(KEEP_NEW)
