"""Arranging a position: the supported way for lessons, tests and the site to set up a board.

A teacher sets up a board before a lesson ("you own Park Place with a hotel, your friend is in jail"); rule tests
arrange a position, act through ``step()``/``act()`` and assert on public state. Every change here goes through
the same mutators the rules use (:mod:`.holdings`), so the counters policies cache against stay right; nothing
outside the core writes the game's state directly.

>>> from monopoly_core import Game, PlayerSpec, preset
>>> g = Game.new(preset("classic-us"), [PlayerSpec("Ann", "person"), PlayerSpec("Bob", "person")], seed=1)
>>> _ = g.step()                                   # the set-up: cash, decks, turn order
>>> a = g.arrange().deed(39, seat=0, level=5).cash(1, 2000).position(1, 30).next_rolls((4, 5))
>>> g.owner[39], g.level[39], g.players[1].cash
(0, 5, 2000)

Money an arrangement adds or removes is booked as paid out or taken in by the bank, so "money in play equals
starting money plus what the bank paid out minus what it took" still holds. A game arranged this way no longer
replays from its history: save the arrangement with it, or arrange again after a replay.
"""
from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Callable

from . import holdings
from .bounds import short
from .errors import IllegalAction

if TYPE_CHECKING:
    from .game_state import GameState

#: The most cash :meth:`Arrangement.cash` hands a player (far past any game; a bound on what a test may rig).
MOST_CASH = 10**15


class ScriptedDice:
    """Stands in for a game's random source so that the next rolls come out as listed, then the real one
    again. Only the dice read it while rolls are queued (no rule draws another random number between two
    rolls)."""

    def __init__(self, g: GameState) -> None:
        self.real: Callable[[], float] = g.random
        self.outcomes = g.dice.outcomes
        # an edition that rolls other dice too (Mega: the white dice alone for the turn order and in jail)
        self.other = g.edition.jail_dice.outcomes if g.edition.jail_dice is not None else ()
        self.queue: deque[float] = deque()

    def push(self, faces: tuple[int, ...]) -> None:
        outcomes = self.outcomes
        if outcomes and len(faces) != len(outcomes[0].faces) and self.other:
            outcomes = self.other
        n = len(outcomes)
        for i, r in enumerate(outcomes):
            if r.faces == tuple(faces):
                self.queue.append((i + 0.5) / n)
                return
        raise IllegalAction(f"the dice cannot show {faces!r}")

    def __call__(self) -> float:
        return self.queue.popleft() if self.queue else self.real()


class Arrangement:
    """Chainable set-up steps on one game (``g.arrange().deed(1, seat=0).cash(0, 100)``)."""

    def __init__(self, g: GameState) -> None:
        self.g = g

    def _square(self, square: int) -> int:
        if not (0 <= square < self.g.size):
            raise IllegalAction(f"no square {square}")
        return square

    def _seat(self, seat: object) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.g.players):
            raise IllegalAction(f"no seat {short(seat)}")
        return seat

    def deed(self, square: int, seat: int, *, level: int = 0, mortgaged: bool = False) -> "Arrangement":
        """``seat`` owns ``square`` (-1: the bank), with ``level`` buildings (from the bank's supply) and
        mortgaged or not."""
        g = self.g
        if not g.board.squares[self._square(square)].ownable:
            raise IllegalAction(f"{g.board.squares[square].name} is not a property")
        if seat != -1:
            self._seat(seat)
        if g.level[square]:
            holdings.remove_buildings(g, square)
        if g.owner[square] != seat:
            from . import events as E
            holdings.give_deed(g, square, seat, g.owner[square], 0, E.D_TRADE)
        holdings.set_mortgaged(g, square, mortgaged)
        if level:
            self.level(square, level)
        return self

    def level(self, square: int, level: int) -> "Arrangement":
        """Put ``level`` buildings on ``square`` (0 to the edition's top level: the hotel, or Mega's skyscraper;
        Mega's train depot is level 1 on a railroad), taken from the supply."""
        g = self.g
        top = g.edition.hotel_level
        highest = len(g.edition.levels) - 1
        if not (0 <= level <= highest):
            raise IllegalAction(f"a level is 0 to {highest}, got {level}")
        holdings.remove_buildings(g, self._square(square))
        if level > top or (level and not g.members_of[square]):    # an edition's own building (Mega)
            if level > top:
                g.hotels_left -= 1
            level = g.edition.move_supply(g, square, min(level - 1, top), level)
        elif level == top:
            g.hotels_left -= 1
        else:
            g.houses_left -= level
        holdings.set_level(g, square, level)
        return self

    def supply(self, *, houses: int | None = None, hotels: int | None = None) -> "Arrangement":
        """The bank's supply of houses and hotels."""
        if houses is not None:
            self.g.houses_left = houses
        if hotels is not None:
            self.g.hotels_left = hotels
        return self

    def cash(self, seat: object, amount: object) -> "Arrangement":
        """``seat`` holds ``amount`` in cash (the difference paid out or taken in by the bank)."""
        if isinstance(amount, bool) or not isinstance(amount, int) or not 0 <= amount <= MOST_CASH:
            raise IllegalAction(f"a player holds from 0 to {MOST_CASH:,} in cash, not {short(amount)}")
        p = self.g.players[self._seat(seat)]
        diff = amount - p.cash
        if diff > 0:
            self.g.bank_paid += diff
        else:
            self.g.bank_received -= diff
        p.cash = amount
        return self

    def position(self, seat: int, square: int) -> "Arrangement":
        self.g.players[self._seat(seat)].position = self._square(square)
        return self

    def jail(self, seat: int, tries: int = 0) -> "Arrangement":
        """``seat`` is in jail, having tried for doubles ``tries`` times (fewer than the rules allow)."""
        if not 0 <= tries < self.g.rules.jail_turns:
            raise IllegalAction(f"a player in jail has tried for doubles 0 to {self.g.rules.jail_turns - 1} times "
                                f"under these rules, not {tries}")
        p = self.g.players[self._seat(seat)]
        p.position, p.in_jail, p.jail_turns = self.g.board.jail, True, tries
        return self

    def card_on_top(self, deck: str, text: str) -> int:
        """Put the card of ``deck`` whose text contains ``text`` on top; returns its index."""
        cards, pile = self.g.deck_cards[deck], self.g.decks[deck]
        idx = next((i for i, c in enumerate(cards) if text.lower() in c.text.lower()), -1)
        if idx < 0:
            raise IllegalAction(f"no {deck} card says {text!r}")
        if idx in pile:
            pile.remove(idx)
        pile.appendleft(idx)
        return idx

    def hold_card(self, seat: int, deck: str, text: str = "get out of jail") -> int:
        """``seat`` holds the card of ``deck`` whose text contains ``text`` (out of its deck); its index."""
        idx = self.card_on_top(deck, text)
        self.g.decks[deck].popleft()
        self.g.players[self._seat(seat)].cards.append((deck, idx))
        return idx

    def pot(self, amount: int) -> "Arrangement":
        """The Free Parking pot holds ``amount`` (the difference paid out or taken in by the bank)."""
        diff = amount - self.g.pot
        if diff > 0:
            self.g.bank_paid += diff
        else:
            self.g.bank_received -= diff
        self.g.pot = amount
        return self

    def extra(self, name: str, seat: int, value: int) -> "Arrangement":
        """Set the edition's own state ``name`` for ``seat`` (Sore Losers: ``"coins"``, a number of coins;
        ``"mr_monopoly"``, the token's holder, -1 the centre): see the edition's ``arrange_extra``."""
        if seat != -1:
            self._seat(seat)
        self.g.edition.arrange_extra(self.g, name, seat, value)
        return self

    def next_rolls(self, *rolls: tuple[int, ...]) -> "Arrangement":
        """The next dice rolls show these faces, in order (then the game's own generator again)."""
        g = self.g
        dice = g.random
        if not isinstance(dice, ScriptedDice):
            dice = ScriptedDice(g)
            g.random = dice
        for faces in rolls:
            dice.push(faces)
        return self
