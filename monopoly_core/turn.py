"""The game and its turns, as the rule books tell them (002 THE PLAY; 003 PLAY!; 004).

:func:`play_game` is the whole game as one generator (see :mod:`.flow` for how it is driven). Reading this file
top to bottom is reading the order of play: set-up, turn order, rounds of turns, and the end.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import endgame
from . import final_lap
from . import events as E
from . import flow
from . import jail
from . import movement
from . import payments
from .decisions import BETWEEN_TURNS, Decision
from .rent import NORMAL

if TYPE_CHECKING:
    from .dice import DiceModel
    from .game_state import GameState, Play
    from .state import Player


def play_game(g: GameState) -> Play:
    yield None
    setup(g)
    yield from flow.boundary(g)
    edition = g.edition
    try:
        while True:
            new_round = True
            for seat in tuple(g.order):
                p = g.players[seat]
                if p.bankrupt:
                    continue
                if g.turn and window_due(g, seat):
                    yield from between_turns(g, seat)     # (before the round moves on: it belongs to the last)
                if new_round:
                    g.round += 1
                    new_round = False
                if len(g.actions) >= endgame.ANSWER_LIMIT:      # (every game fits a saved file)
                    endgame.finish_by_worth(g, E.END_ANSWER_LIMIT)
                    return
                g.current = seat
                g.step_budget = g.ply + flow.MAX_STEPS_PER_TURN     # (a turn's steps are counted from here)
                yield from edition.take_turn(g, p)
            endgame.snapshot(g)
            if edition.round_ends_game(g):
                return
    except endgame.GameStopped:
        return


def setup(g: GameState) -> None:
    """Starting cash, the shuffled decks, the turn order (002 PREPARATION)."""
    g.log.add(E.START, -1, -1, len(g.players))
    for p in g.players:
        payments.transfer(g, E.BANK, p.seat, g.rules.starting_cash, E.R_START)
    if g.jackpot and g.rules.free_parking_seed:
        payments.transfer(g, E.BANK, E.POT, g.rules.free_parking_seed, E.R_SEED)
    for kind in g.deck_kinds:
        cards = list(range(len(g.deck_cards[kind])))
        g.rng.shuffle(cards)
        g.decks[kind].extend(cards)
    g.edition.decide_order(g)


def decide_order(g: GameState, lowest: bool = False, dice: DiceModel | None = None) -> None:
    """Each player rolls (``dice``, or the game's; Mega: the white dice alone); the highest total starts and play
    passes to the left (002 THE PLAY; with ``lowest``, the lowest: Sore Losers). Players tied roll again among
    themselves (the rule books are silent on ties)."""
    contenders = list(range(len(g.players)))
    model = g.dice if dice is None else dice
    while True:
        totals = {}
        for seat in contenders:
            r = model.sample(g.random)
            totals[seat] = r.total
            g.rolls += 1
            g.log.add(E.ROLL, seat, -1, r.total, E.ROLL_ORDER, r.packed)
        best = min(totals.values()) if lowest else max(totals.values())
        contenders = [s for s in contenders if totals[s] == best]
        if len(contenders) == 1:
            break
    first = contenders[0]
    n = len(g.players)
    g.order = [(first + i) % n for i in range(n)]
    for place, seat in enumerate(g.order):
        g.log.add(E.ORDER, seat, place, 0)
    g.current = first


def turn_limit_reached(g: GameState) -> bool:
    """After a round: at the turn limit the richest by net worth wins (a rule of this lab; logged)."""
    if g.round >= g.rules.turn_limit:
        endgame.finish_by_worth(g)
        return True
    return False


def start_turn(g: GameState, p: Player) -> None:
    """Count and log the turn ``p`` starts (every edition's turn begins so)."""
    g.turn += 1
    g.turn_plies.append(g.ply)
    g.log.turn_no = g.turn
    g.log.add(E.TURN, p.seat, p.position, g.round, -1, 1 if p.in_jail else 0)
    p.doubles = 0


def between_turns(g: GameState, next_seat: int) -> Play:
    """Before ``next_seat`` rolls: a window for each player who has come to hold a colour group they may build in (the
    whole set; Mega: all but one) since their last look, by a trade, an auction, a card or a bankruptcy on someone
    else's turn (004 BUILDINGS: "As soon as you get a colour set, you can start buying Houses (you don't have to wait
    for your turn)"; 000 the same; 003 of hotels: "You don't have to wait until your turn"; 002 HOUSES: "you may ...
    place at any time as many houses as your judgment and cash will allow"). They may build, mortgage, lift a mortgage
    and trade there, as in their own windows, and end it. In the order of play from the player whose turn just ended,
    who comes last: their look was taken when the turn ended (:func:`window_due`), so they are asked only for a group
    gained in another's window here. Not asked: a player out of the game; the player about to roll when their own
    window before the roll comes at once; anyone once every player is home on the final lap (the game is over at the
    end of the round: see :func:`home_turn`; :func:`window_due` then opens no gap). Each window has a turn's steps of
    its own (``flow.MAX_STEPS_PER_TURN``). Each seat's look is kept (``GameState.groups_seen``) and taken again only
    when its holdings moved (``holdings_version``)."""
    seen, seen_at, versions = g.groups_seen, g.groups_seen_at, g.holdings_version
    n = len(g.order)
    start = g.order.index(g.current)
    for i in range(1, n + 1):
        seat = g.order[(start + i) % n]
        if versions[seat] == seen_at[seat]:
            continue
        groups = building_groups(g, seat)
        new = groups & ~seen[seat]
        if new and _asked_between(g, seat, next_seat):
            street = g.group_rows[(new & -new).bit_length() - 1][1][0]     # (the first group gained)
            g.log.add(E.WINDOW, seat, street, bin(new).count("1"), next_seat)
            g.step_budget = g.ply + flow.MAX_STEPS_PER_TURN
            yield from flow.window(g, Decision(g, BETWEEN_TURNS, seat, square=street, other=next_seat))
            g.edition.after_window(g)
            groups = building_groups(g, seat)
        seen[seat], seen_at[seat] = groups, versions[seat]


def window_due(g: GameState, next_seat: int) -> bool:
    """Whether :func:`between_turns` will ask anyone (a plain function, asked before every turn: the generator is
    made only when it will; together about 1,000 instructions a classic roll less, callgrind). It first takes the look
    of the player whose turn just ended (their own windows were in it), and keeps the looks that ask nobody as
    :func:`between_turns` would keep them."""
    seen, seen_at, versions = g.groups_seen, g.groups_seen_at, g.holdings_version
    if g.final_lap is not None and final_lap.all_home(g):
        return False
    last = g.current
    if versions[last] != seen_at[last]:
        seen[last], seen_at[last] = building_groups(g, last), versions[last]
    for seat in range(len(versions)):
        if versions[seat] != seen_at[seat]:
            groups = building_groups(g, seat)
            if groups & ~seen[seat] and _asked_between(g, seat, next_seat):
                return True
            seen[seat], seen_at[seat] = groups, versions[seat]
    return False


def _asked_between(g: GameState, seat: int, next_seat: int) -> bool:
    """Whether ``seat`` is asked between turns: not one out of the game, nor the player about to roll when their own
    window before the roll comes at once."""
    return not g.players[seat].bankrupt and not (seat == next_seat and seat not in g.skips_pre_roll)


def building_groups(g: GameState, seat: int) -> int:
    """The colour groups (bits, in board order) in which ``seat`` holds enough streets to build, mortgaged or not:
    the whole set, or all but :attr:`Edition.builds_short_of` of it."""
    short = g.edition.builds_short_of
    bits = 0
    for i, (_, _, counts, size) in enumerate(g.group_rows):
        if counts[seat] >= size - short:
            bits |= 1 << i
    return bits


def home_turn(g: GameState, p: Player) -> Play:
    """The turn of a player home at GO on the final lap (``RuleSet.final_lap``): no roll and no move (001: "Once a
    player has reached GO for the final time, they stop taking turns and wait for the other players to catch up"),
    but at their place in the order the "at any time" actions stay open to them: build, mortgage, lift a mortgage,
    trade (000 BUILDINGS: "you don't have to wait for your turn"; DEALS & TRADES: "at any time"). Without this
    window a player home early could never build again, while the final rents pay for buildings. Once every player
    is home the game is over (the final rents are counted at the end of the round): no window then (a second
    outside review met one offered to a player seated after the last one home)."""
    if final_lap.all_home(g):
        return
    start_turn(g, p)
    yield from flow.window(g, g.post_roll_windows[p.seat][0])


def play_turn(g: GameState, p: Player, limit: int, before_roll: bool = True) -> Play:
    """A turn after :func:`start_turn` (the classic turn is the two, in ``Edition.take_turn``): the jail choice or
    the pre-roll window (skipped without ``before_roll``: the Cheaters Edition has its own), then roll, move and
    land, again after doubles unless the move ended the turn (``g.turn_over``: a Cheaters station, the final lap's
    stop at GO); the ``limit``-th doubles in a row send ``p`` to jail (0: never; Sore Losers' Mr Monopoly)."""
    if before_roll and p.in_jail:
        free = yield from jail.jail_turn(g, p)
        if not free:
            yield from jail.end_of_turn(g, p)
            return
    elif before_roll and p.seat not in g.skips_pre_roll:
        window = g.pre_roll_windows[p.seat]
        assert window is not None       # (made for every seat that does not skip it)
        yield from flow.window(g, window)
    while True:
        r = movement.roll(g, p, E.ROLL_MOVE)
        yield from flow.boundary(g)
        if r.doubles:
            if g.edition.watches_doubles:
                yield from g.edition.after_doubles(g, p)
            p.doubles += 1
            if p.doubles == limit:
                yield from g.edition.go_to_jail(g, p, E.JAIL_BY_DOUBLES)
                if p.in_jail or p.bankrupt:
                    yield from flow.window(g, g.post_roll_windows[p.seat][0])
                    return
                # (the edition kept p out of jail: Sore Losers' Mr Monopoly, holding the token since a card this
                # turn, "Just move and roll again!")
        g.turn_over = False
        square = movement.advance(g, p, r.total)
        yield from g.landing[square].land(g, p, square, r.total, NORMAL)
        if p.bankrupt:
            return
        again = r.doubles and not p.in_jail and not g.turn_over
        yield from flow.window(g, g.post_roll_windows[p.seat][1 if again else 0])
        if not again or p.bankrupt or p.in_jail:     # (a Cheaters call in the window may have jailed them)
            return
