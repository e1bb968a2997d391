"""How a game ends (002 "The last player left in the game wins"; the turn limit, a rule of this lab), and the
per-round snapshots of every player's standing."""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as E
from .worth import net_worth

if TYPE_CHECKING:
    from .game_state import GameState


class GameStopped(Exception):
    """Raised inside the rules flow when the game ends mid-turn (last player standing); caught at the top."""


def finish(g: GameState, reason: int, winner: int) -> None:
    g.over = True
    g.end_reason = E.END_REASONS[reason]
    g.winner = winner
    g.log.add(E.END, winner, -1, 0, -1, reason)
    if g.snapshots is not None and (not g.snapshots["round"] or g.snapshots["turn"][-1] != g.turn):
        snapshot(g)


def check_last_standing(g: GameState) -> None:
    """End the game (raising :class:`GameStopped`) when one player is left."""
    left = [q for q in g.players if not q.bankrupt]
    if len(left) == 1:
        finish(g, E.END_LAST_STANDING, left[0].seat)
        raise GameStopped


#: The answers a game may hold at the start of a turn: past it, the game ends there as at the turn limit (a rule of
#: this lab), so that every game fits a saved file (``savefile.MAX_BYTES``, ``history_json.MAX_ACTIONS``). One turn
#: adds at most ``flow.MAX_STEPS_PER_TURN`` answers, most a few bytes each, and the people's own optional answers are
#: bounded in bytes (``decisions.PEOPLE_ANSWER_BYTES``). An outside review's Mega game of 8 people who only passed
#: and declined, over 10,000 rounds, answered 1,074,962 times (764,272 auction passes), and the lab refused its
#: file. Bot games stay far below it: 8 random bots over 10,000 rounds answer about 270,000 times.
ANSWER_LIMIT = 350_000


def finish_by_worth(g: GameState, reason: int = E.END_TURN_LIMIT) -> None:
    """Turn limit (or answer limit) reached: the richest player by net worth wins (ties: more cash, then earlier
    seat)."""
    alive = [p for p in g.players if not p.bankrupt]
    best = max(alive, key=lambda p: (net_worth(g, p.seat), p.cash, -p.seat))
    finish(g, reason, best.seat)


def snapshot(g: GameState, replace: bool = False) -> None:
    """Record every player's cash, net worth and holdings (one pass over the properties). With ``replace``, the
    snapshot of this same round and turn, if there is one, is taken again (money moved after it: the final lap's
    rents, counted after the round's snapshot)."""
    snap = g.snapshots
    if snap is None:
        return
    n = len(g.players)
    if replace and snap["round"] and snap["round"][-1] == g.round and snap["turn"][-1] == g.turn:
        for column in snap.values():
            del column[-n:]
    worth = [p.cash for p in g.players]
    props, houses, hotels = [0] * n, [0] * n, [0] * n
    owner, level, mortgaged = g.owner, g.level, g.mortgaged
    hotel = g.edition.hotel_level
    for s, price, mortgage, house_cost in g.deeds:     # (a table, not Square lookups: once a round)
        o = owner[s]
        if o >= 0:
            lv = level[s]
            worth[o] += price - (mortgage if mortgaged[s] else 0) + house_cost * lv
            props[o] += 1
            if lv == hotel:
                hotels[o] += 1
            else:
                houses[o] += lv
    players = g.players
    snap["round"].extend([g.round] * n)
    snap["turn"].extend([g.turn] * n)
    snap["player"].extend([p.seat for p in players])
    snap["cash"].extend([p.cash for p in players])
    snap["net_worth"].extend(worth)
    snap["position"].extend([p.position for p in players])
    snap["properties"].extend(props)
    snap["houses"].extend(houses)
    snap["hotels"].extend(hotels)
