"""The final lap: the end of the game in Sore Losers and the Cheaters Edition (``RuleSet.final_lap``).

000 THE END OF THE GAME: "The game ends when all of the properties have been purchased and all players have
made it back to the GO space. When you reach GO, stop there even if you have moves left. Collect £200. Once all
players reach GO, in turn order, each player collects rent for each of their properties. For properties in a
set, collect double rent. For properties with buildings, collect rent for those buildings. Count up your cash.
The player with the most wins!" The Cheaters Edition (003 END OF THE GAME) says the same with hotels; the wiki
description (001) adds that a player at GO "stop[s] taking turns and wait[s] for the other players to catch up,
although they can still collect and pay rent, and go bankrupt".

The state is one field, ``GameState.final_lap``: None until the lap begins, then, per seat, whether that player
has reached GO. The classic rules look at it in one place: a forward move that passes GO stops there
(:func:`stop_at_go`, from ``movement.advance`` and card moves), which ends the turn (``GameState.turn_over``), so
doubles do not roll again. The edition's ``take_turn`` and ``round_ends_game`` hooks do the rest (``editions.base``).

Choices the rule books leave open, made here:

* The lap begins as soon as it is seen that every property is owned: at the start of a turn, or when a move passes
  GO (:func:`on`), so that a player who buys the last property and then passes GO in the same turn (doubles, a
  card) stops there (003: "When you reach GO after all the Properties have been purchased, stop there"). Once begun
  it goes on even if a bankruptcy returns a property to the bank: the players are already on their way home.
* A player standing on GO when the lap begins (after "Advance to GO", say) has "made it back to the GO space":
  home at once, without going round again. Otherwise, in Sore Losers, Mr Monopoly arriving home at GO would trap
  them there for good (he takes no more turns, so his token never frees theirs) and the game could never end.
* A player home at GO rolls no more but still manages at their place in the order (``turn.home_turn``).
* A property's final rent is the rent a player would owe landing on it (the edition's ``final_rent`` hook, by
  default its ``rent`` with a dice total of 7 for a utility): double for an unimproved street of a complete set,
  building rent where built, stations by the number owned, nothing for a mortgaged property.
* Ties for the most cash go to the higher net worth, then to the player earlier in turn order.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import endgame
from . import events as E
from . import payments
from .worth import net_worth

if TYPE_CHECKING:
    from .game_state import GameState, Play
    from .state import Player


def all_bought(g: GameState) -> bool:
    """Every property on the board has an owner: the seats' deeds (``GameState.deeds_of``) add up to the board's
    properties. (Asked before every turn until the lap begins: a count per seat, not a scan of the board.)"""
    held = 0
    for deeds in g.deeds_of:
        held += len(deeds)
    return held == len(g.board.properties)


def begin_if_all_bought(g: GameState) -> bool:
    """Start the final lap if every property is owned; True when the lap is on (begun now or before)."""
    if g.final_lap is not None:
        return True
    if not all_bought(g):
        return False
    g.final_lap = lap = [False] * len(g.players)
    g.log.add(E.FINAL_LAP, -1, -1, g.round)
    for p in g.players:
        if not p.bankrupt and p.position == 0:
            lap[p.seat] = True
            g.log.add(E.HOME, p.seat, 0, g.round)
    return True


def on(g: GameState) -> bool:
    """Whether the final lap is on, beginning it now if it is due (asked where a move passes GO: 000 "When you reach
    GO, stop there" holds from the moment the last property is bought, even within the turn it was bought in)."""
    return g.final_lap is not None or (g.rules.final_lap and begin_if_all_bought(g))


def home(g: GameState, seat: int) -> bool:
    """``seat`` has reached GO on the final lap (and takes no more turns)."""
    lap = g.final_lap
    return lap is not None and lap[seat]


def stop_at_go(g: GameState, p: Player, start: int) -> int:
    """``p``, moving forward from ``start`` on the final lap, has passed or reached GO: stop there (the salary is
    the caller's, as for any pass of GO). Returns 0, the square reached."""
    lap = g.final_lap
    assert lap is not None          # (called only on the final lap)
    p.position = 0
    g.turn_over = True              # "stop there even if you have moves left": no roll again after doubles
    g.log.add(E.MOVE, p.seat, 0, (g.size - start) % g.size, start, E.MOVE_BY_LAP)
    if not lap[p.seat]:
        lap[p.seat] = True
        g.log.add(E.HOME, p.seat, 0, g.round)
    return 0


def undo_home(g: GameState, seat: int) -> None:
    """``seat`` is home no more: the move that took it to GO was undone (the Cheaters Edition: a cheat's nudge past
    GO, caught in the same turn)."""
    lap = g.final_lap
    if lap is not None:
        lap[seat] = False


def all_home(g: GameState) -> bool:
    """The final lap is on and every player still in the game has reached GO."""
    lap = g.final_lap
    if lap is None:
        return False
    for p in g.players:
        if not p.bankrupt and not lap[p.seat]:
            return False
    return True


def collect_final_rents(g: GameState) -> None:
    """In turn order, each player collects from the bank the final rent of each property they own; then the
    most cash wins (the game is finished)."""
    edition, owner = g.edition, g.owner
    alive = [g.players[seat] for seat in g.order if not g.players[seat].bankrupt]
    for p in alive:
        for s in g.board.properties:
            if owner[s] == p.seat:
                amount = edition.final_rent(g, s)
                if amount > 0:
                    payments.transfer(g, E.BANK, p.seat, amount, E.R_FINAL_RENT, s)
    place = {seat: i for i, seat in enumerate(g.order)}
    best = max(alive, key=lambda q: (q.cash, net_worth(g, q.seat), -place[q.seat]))
    endgame.snapshot(g, replace=True)       # (the round's snapshot was taken before the rents: the chart's last point)
    endgame.finish(g, E.END_FINAL_LAP, best.seat)
