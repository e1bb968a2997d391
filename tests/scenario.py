"""Arrange-act-assert helpers for rule tests: a table of people, rigged dice, stacked decks, arranged holdings.

Tests *arrange* a position through the core's supported API (``Game.arrange()``, as a teacher sets up a board),
*act* only through ``step()`` / ``act()`` and *assert* on public state and events. Nothing here writes the
game's state directly.
"""
from __future__ import annotations

from monopoly_core import Action, Game, PlayerSpec, preset
from monopoly_core import actions as A
from monopoly_core import decisions as D
from monopoly_core import events as E

PERSON = "person"


def table(n: int = 2, edition: str = "classic-us", *, bots: dict | None = None, arrange=None, **rules) -> Game:
    """A game of ``n`` people (seat 0 starts), stopped at seat 0's first decision (pre-roll, or jail).

    ``arrange(game)`` runs after the set-up and before the first turn starts (e.g. to put seat 0 in jail).
    """
    specs = [PlayerSpec(f"P{i}", PERSON) for i in range(n)]
    for seat, strategy in (bots or {}).items():
        specs[seat] = PlayerSpec(f"B{seat}", "bot", strategy)
    g = Game.new(preset(edition, **rules), specs, seed=1)
    g.arrange().next_rolls((6, 6), *[(1, 2)] * (n - 1))
    g.step()                              # the set-up: starting cash, shuffles, turn order
    if arrange is not None:
        arrange(g)
    until(g, D.PRE_ROLL, D.JAIL)
    return g


def jailed(seat: int = 0, tries: int = 0):
    """An ``arrange`` function putting ``seat`` in jail with ``tries`` failed attempts."""
    def arrange(g):
        g.arrange().jail(seat, tries)
    return arrange


def until(g: Game, *kinds: str, max_steps: int = 10_000) -> None:
    """Take automatic steps until a decision of one of ``kinds`` is pending (any decision if none given)."""
    for _ in range(max_steps):
        d = g.pending
        if d is not None and (not kinds or d.kind in kinds):
            return
        if d is not None and d.player not in g.bots:
            raise AssertionError(f"a person must decide {d.kind} before reaching {kinds}")
        if g.over:
            raise AssertionError("the game ended first")
        g.step()
    raise AssertionError(f"no {kinds} decision within {max_steps} steps")


def roll(g: Game, *rolls) -> None:
    """Rig the next rolls and answer the pending pre-roll/jail decision with 'roll'."""
    g.arrange().next_rolls(*rolls)
    g.act(Action(A.ROLL))


def rig_next(g: Game, *rolls) -> None:
    """The next rolls come out as listed."""
    g.arrange().next_rolls(*rolls)


def give(g: Game, seat: int, *squares: int, level: int = 0, mortgaged: bool = False) -> None:
    for s in squares:
        g.arrange().deed(s, seat, level=level, mortgaged=mortgaged)


def set_level(g: Game, square: int, level: int) -> None:
    g.arrange().level(square, level)


def place(g: Game, seat: int, square: int) -> None:
    g.arrange().position(seat, square)


def stack(g: Game, deck: str, text: str) -> int:
    """Put the card whose text contains ``text`` on top of ``deck``; return its index."""
    return g.arrange().card_on_top(deck, text)


def events_of(g: Game, kind: int, start: int = 0) -> list:
    return [e for e in g.log.since(start) if e.kind == kind]


def pays(g: Game, start: int = 0, reason: int | None = None) -> list:
    return [e for e in g.log.since(start) if e.kind == E.PAY and (reason is None or e.detail == reason)]


def all_pass(g: Game) -> None:
    """Every bidder passes the running auction; stops at the next decision after it."""
    until(g, D.BID)
    while g.pending is not None and g.pending.kind == D.BID:
        g.act(Action(A.PASS))
        until(g)


def end_turn(g: Game) -> None:
    """Answer the post-roll window with 'end'."""
    until(g, D.POST_ROLL)
    g.act(Action(A.END))
