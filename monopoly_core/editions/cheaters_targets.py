"""Whom or what a Cheaters card or cheat acts on (decisions.CHEAT_TARGET).

The rule book's examples name a choice: "send another player to Jail", "remove a hotel from someone else's
property", "move another player's token", cards that "move or place Hotels" (seed 003 first part, "Tricky Chance and
Community Chest Cards", "HOTELS"; the reference's list of cheats). A person chooses among the candidates; a bot, and
anyone with a single candidate, takes the automatic choice (the richest other player, the dearest hotel, the street
a hotel earns most on), so bots' games are the same whether or not people sit at the table.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .. import decisions as D
from .. import final_lap
from .. import flow
from ..actions import Action
from . import cheaters_actions as C

if TYPE_CHECKING:
    from ..game_state import GameState, Play
    from ..state import Player

#: what is chosen: ``Decision.item`` of a CHEAT_TARGET decision (the effect is ``GameState.extra.target``)
PLAYER: Final = 0                 # another player (square of the answer: their seat)
THEIR_HOTEL: Final = 1            # another player's street with a hotel (square: the street)
MY_STREET: Final = 2              # one of the chooser's streets without a hotel (square: the street)

#: effect -> what it asks for, in order (a hotel moved asks twice: from where, then to where)
ASKS: Final = {"take_from_player": (PLAYER,), "move_other": (PLAYER,), "send_to_jail": (PLAYER,),
               "remove_hotel": (THEIR_HOTEL,), "free_hotel": (MY_STREET,), "move_hotel": (THEIR_HOTEL, MY_STREET)}


def candidates(g: GameState, seat: int, effect: str, item: int) -> list[int]:
    """The seats or streets ``seat`` may pick for ``effect``'s ``item``."""
    if item == PLAYER:
        # a token in jail is not moved, nor sent to jail again (its tries for doubles would start over)
        free = effect == "move_other" or effect == "send_to_jail"
        # nor, moved or jailed, a player home at GO on the final lap (003: "Once all the players reach GO": they
        # wait there and take no more turns, so one moved away could never come back)
        moves = effect != "take_from_player"
        # and nobody is robbed who has nothing to take (003: "Complete this action to cheat": no act, no reward)
        return [q.seat for q in g.players if q.seat != seat and not q.bankrupt and not (free and q.in_jail)
                and not (moves and final_lap.home(g, q.seat)) and (moves or q.cash > 0)]
    out = []
    for s in g.board.properties:
        o = g.owner[s]
        if item == THEIR_HOTEL and o >= 0 and o != seat and g.level[s]:
            out.append(s)
        elif item == MY_STREET and o == seat and not g.level[s] and g.board.squares[s].kind == "street":
            out.append(s)
    return out


def automatic(g: GameState, seat: int, effect: str, item: int) -> int:
    """The choice a bot makes (-1: no candidate): the richest other player (ties: the earliest seat), the other
    players' hotel with the highest rent, one's street without a hotel that a hotel would earn most on."""
    best, best_key = -1, -1
    for x in candidates(g, seat, effect, item):
        key = g.players[x].cash if item == PLAYER else g.board.squares[x].rents[-1]
        if key > best_key:
            best, best_key = x, key
    return best


def choose(g: GameState, p: Player, effect: str, item: int) -> Play:
    """``p``'s pick for ``effect``'s ``item`` (-1: none): asked of a person with two or more candidates."""
    found = candidates(g, p.seat, effect, item)
    if len(found) < 2 or p.seat in g.bots:
        return automatic(g, p.seat, effect, item)
    g.extra.target = effect
    answer = yield from flow.ask(g, D.Decision(g, D.CHEAT_TARGET, p.seat, item=item))
    g.extra.target = ""
    return answer.square


def options(g: GameState, d: D.Decision) -> list[Action]:
    return [Action(C.PICK, x) for x in candidates(g, d.player, g.extra.target, d.item)]


def problem(g: GameState, d: D.Decision, action: Action) -> str | None:
    if action.kind != C.PICK:
        return f"{action.kind!r} is not an option when choosing a target"
    if action.square not in candidates(g, d.player, g.extra.target, d.item):
        return f"{action.square} is not one of the {('players', 'hotels', 'streets')[d.item]} to choose from"
    return None
