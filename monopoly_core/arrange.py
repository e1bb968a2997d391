"""Arranging a position: the supported way for lessons, tests and the site to set up a board.

A teacher sets up a board before a lesson ("you own Park Place with a hotel, your friend is in jail"); rule tests
arrange a position, act through ``step()``/``act()`` and assert on public state. Every change here goes through
the same mutators the rules use (:mod:`.holdings`), so the counters policies cache against stay right; nothing
outside the core writes the game's state directly.

>>> from monopoly_core import Game, PlayerSpec, preset
>>> g = Game.new(preset("classic-us"), [PlayerSpec("Ann", "person"), PlayerSpec("Bob", "person")], seed=1)
>>> _ = g.step()                                   # the set-up: cash, decks, turn order
>>> a = g.arrange().deed(37, seat=0).deed(39, seat=0, level=5).cash(1, 2000).position(1, 30).next_rolls((4, 5))
>>> g.owner[39], g.level[39], g.players[1].cash
(0, 5, 2000)

A value of the wrong kind or out of range is refused by the call, with :class:`IllegalAction`, changing nothing.
The position as a whole is checked when the game goes on (the next ``step``, ``act`` or ``run``): buildings where
their owner could not have built them, or more than the bank holds, are refused then, with the reason, and the
game waits, as it was, for an arrangement that mends it (:func:`position_problem`). So a group can be arranged in
any order. (An outside review arranged a hotel on Boardwalk with Park Place another player's, who then "sold" that
hotel to pay a debt; a hotel on the bank's street stuck the game.)

Money an arrangement adds or removes is booked as paid out or taken in by the bank, so "money in play equals
starting money plus what the bank paid out minus what it took" still holds. A game arranged this way no longer
replays from its history: save the arrangement with it, or arrange again after a replay.
"""
from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Callable

from . import holdings
from .bounds import short
from .errors import DataError, IllegalAction

if TYPE_CHECKING:
    from .game_state import GameState

#: The most cash :meth:`Arrangement.cash` hands a player, or :meth:`Arrangement.pot` puts in the Free Parking pot
#: (far past any game; a bound on what a test may rig).
MOST_CASH = 10**15

#: The most houses or hotels :meth:`Arrangement.supply` puts in the bank (the rules' own bound on either).
MOST_BUILDINGS = 1000


def _whole(value: object, what: str, lo: int, hi: int) -> int:
    """``value`` if it is a whole number from ``lo`` to ``hi``; else :class:`IllegalAction` saying so."""
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise IllegalAction(f"{what} must be a whole number from {lo:,} to {hi:,}, not {short(value)}")
    return value


def _text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise IllegalAction(f"{what} must be text, not {short(value)}")
    return value


def position_problem(g: GameState) -> str | None:
    """Why the position an arrangement left could not be played on (None: it can): the first building standing
    where the edition's rules could not have put it (:meth:`~.editions.base.Edition.arranged_problem`), or a bank
    short of the buildings placed."""
    edition = g.edition
    for s in range(g.size):
        if g.level[s]:
            why = edition.arranged_problem(g, s)
            if why is not None:
                return why
    return edition.arranged_supply_problem(g)


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

    def push(self, faces: object) -> None:
        if not isinstance(faces, (tuple, list)) or not all(isinstance(f, int) and not isinstance(f, bool)
                                                          for f in faces):
            raise IllegalAction(f"a roll is the faces of the dice, such as (4, 5), not {short(faces)}")
        outcomes = self.outcomes
        if outcomes and len(faces) != len(outcomes[0].faces) and self.other:
            outcomes = self.other
        n = len(outcomes)
        for i, r in enumerate(outcomes):
            if r.faces == tuple(faces):
                self.queue.append((i + 0.5) / n)
                return
        raise IllegalAction(f"the dice cannot show {short(faces)}")

    def __call__(self) -> float:
        return self.queue.popleft() if self.queue else self.real()


class Arrangement:
    """Chainable set-up steps on one game (``g.arrange().deed(1, seat=0).cash(0, 100)``)."""

    def __init__(self, g: GameState) -> None:
        self.g = g

    def _square(self, square: object) -> int:
        if isinstance(square, bool) or not isinstance(square, int) or not 0 <= square < self.g.size:
            raise IllegalAction(f"no square {short(square)}")
        return square

    def _seat(self, seat: object) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.g.players):
            raise IllegalAction(f"no seat {short(seat)}")
        return seat

    def _seat_or_bank(self, seat: object) -> int:
        """A seat, or -1 for the bank (or, for an edition's state, the board's centre)."""
        return -1 if seat == -1 and not isinstance(seat, bool) else self._seat(seat)

    def _deck(self, deck: object) -> str:
        if not isinstance(deck, str) or deck not in self.g.deck_cards:
            raise IllegalAction(f"no deck {short(deck)}: the decks are {', '.join(self.g.deck_cards)}")
        return deck

    def _at_rest(self) -> None:
        """Refuse a change of deeds or buildings while the rules hold one in flight: only with no decision pending or at
        one of the edition's ``arrange_points`` (its windows and turn-start decisions). An outside review arranged the
        deed of a street being bought (two players then held it) or auctioned, and the engine later refused its own
        bots' answers, failed with an IndexError, or left a person with no legal answer."""
        d = self.g.pending
        if d is not None and d.kind not in self.g.edition.arrange_points:
            raise IllegalAction(f"deeds and buildings are arranged at a turn's start, after a roll, in jail or between "
                                f"turns, not while a decision ({d.kind.replace('_', ' ')}) is under way: the rules "
                                f"are in the middle of it")

    def _highest_level(self) -> int:
        return len(self.g.edition.levels) - 1

    def deed(self, square: object, seat: object, *, level: object = 0, mortgaged: object = False) -> "Arrangement":
        """``seat`` owns ``square`` (-1: the bank), with ``level`` buildings (from the bank's supply) and
        mortgaged or not."""
        self._at_rest()
        g = self.g
        where = self._square(square)
        if not g.board.squares[where].ownable:
            raise IllegalAction(f"{g.board.squares[where].name} is not a property")
        owner = self._seat_or_bank(seat)
        lv = _whole(level, "a building level", 0, self._highest_level())
        if not isinstance(mortgaged, bool):
            raise IllegalAction(f"mortgaged is True or False, not {short(mortgaged)}")
        g.arranged = True
        if g.level[where]:
            holdings.remove_buildings(g, where)
        if g.owner[where] != owner:
            from . import events as E
            holdings.give_deed(g, where, owner, g.owner[where], 0, E.D_TRADE)
        holdings.set_mortgaged(g, where, mortgaged)
        if lv:
            self.level(where, lv)
        return self

    def level(self, square: object, level: object) -> "Arrangement":
        """Put ``level`` buildings on ``square`` (0 to the edition's top level: the hotel, or Mega's skyscraper;
        Mega's train depot is level 1 on a railroad), taken from the supply."""
        self._at_rest()
        g = self.g
        where = self._square(square)
        highest = self._highest_level()
        if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level <= highest:
            raise IllegalAction(f"a level is 0 to {highest}, got {short(level)}")
        sq = g.board.squares[where]
        if level > 1 and not g.members_of[where]:       # (off the colour groups: Mega's one train depot at most)
            raise IllegalAction(f"{sq.name} holds one building at most, not {level}")
        g.arranged = True
        top = g.edition.hotel_level
        holdings.remove_buildings(g, where)
        if level > top or (level and not g.members_of[where]):    # an edition's own building (Mega)
            if level > top:
                g.hotels_left -= 1
            try:
                level = g.edition.move_supply(g, where, min(level - 1, top), level)
            except DataError:       # (no such building in this edition: play ended in this error, an outside review)
                raise IllegalAction(f"{sq.name} cannot be built on under these rules") from None
        elif level == top:
            g.hotels_left -= 1
        else:
            g.houses_left -= level
        holdings.set_level(g, where, level)
        return self

    def supply(self, *, houses: object = None, hotels: object = None) -> "Arrangement":
        """The bank's supply of houses and hotels (0 to :data:`MOST_BUILDINGS`: a test may give the bank more than
        the rules' own, to arrange buildings on every street)."""
        if houses is not None:
            self.g.houses_left = _whole(houses, "the bank's houses", 0, MOST_BUILDINGS)
        if hotels is not None:
            self.g.hotels_left = _whole(hotels, "the bank's hotels", 0, MOST_BUILDINGS)
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

    def position(self, seat: object, square: object) -> "Arrangement":
        self.g.players[self._seat(seat)].position = self._square(square)
        return self

    def jail(self, seat: object, tries: object = 0) -> "Arrangement":
        """``seat`` is in jail, having tried for doubles ``tries`` times (fewer than the rules allow)."""
        if isinstance(tries, bool) or not isinstance(tries, int) or not 0 <= tries < self.g.rules.jail_turns:
            raise IllegalAction(f"a player in jail has tried for doubles 0 to {self.g.rules.jail_turns - 1} times "
                                f"under these rules, not {short(tries)}")
        p = self.g.players[self._seat(seat)]
        p.position, p.in_jail, p.jail_turns = self.g.board.jail, True, tries
        return self

    def card_on_top(self, deck: object, text: object) -> int:
        """Put the card of ``deck`` whose text contains ``text`` on top; returns its index."""
        name, words = self._deck(deck), _text(text, "a card's words").lower()
        cards, pile = self.g.deck_cards[name], self.g.decks[name]
        idx = next((i for i, c in enumerate(cards) if words in c.text.lower()), -1)
        if idx < 0:
            raise IllegalAction(f"no {name} card says {short(text)}")
        if idx in pile:
            pile.remove(idx)
        pile.appendleft(idx)
        return idx

    def hold_card(self, seat: object, deck: object, text: object = "get out of jail") -> int:
        """``seat`` holds the card of ``deck`` whose text contains ``text`` (out of its deck); its index."""
        player = self.g.players[self._seat(seat)]
        idx = self.card_on_top(deck, text)
        name = self._deck(deck)
        self.g.decks[name].popleft()
        player.cards.append((name, idx))
        return idx

    def pot(self, amount: object) -> "Arrangement":
        """The Free Parking pot holds ``amount`` (the difference paid out or taken in by the bank)."""
        amount = _whole(amount, "the Free Parking pot", 0, MOST_CASH)
        diff = amount - self.g.pot
        if diff > 0:
            self.g.bank_paid += diff
        else:
            self.g.bank_received -= diff
        self.g.pot = amount
        return self

    def extra(self, name: object, seat: object, value: object) -> "Arrangement":
        """Set the edition's own state ``name`` for ``seat`` (Sore Losers: ``"coins"``, a number of coins;
        ``"mr_monopoly"``, the token's holder, -1 the centre): see the edition's ``arrange_extra``."""
        what = _text(name, "the name of an edition's own state")
        who = self._seat_or_bank(seat)
        self.g.edition.arrange_extra(self.g, what, who, _whole(value, f"the value of {short(what)}", -1, MOST_CASH))
        return self

    def next_rolls(self, *rolls: object) -> "Arrangement":
        """The next dice rolls show these faces, in order (then the game's own generator again)."""
        g = self.g
        dice = g.random
        if not isinstance(dice, ScriptedDice):
            dice = ScriptedDice(g)
            g.random = dice
        for faces in rolls:
            dice.push(faces)
        return self
