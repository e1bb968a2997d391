"""The random bot: uniform over legal actions, for fuzzing the rules.

In management windows it takes at most three management actions before closing the window, and proposes a
random (legal) trade now and then, so fuzz games stay finite while still reaching every rule.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import actions as A
from .. import decisions as D
from ..actions import Action, Trade
from ..trading import tradeable
from .base import Bot, check

if TYPE_CHECKING:
    import random

    from ..decisions import Decision
    from ..game_state import GameState as Game

_WINDOWS = (D.PRE_ROLL, D.JAIL, D.POST_ROLL, D.BETWEEN_TURNS, D.BUY)


class RandomBot(Bot):
    name = "random"

    def __init__(self, rng: random.Random | str) -> None:
        super().__init__(rng)
        self._window_key: tuple | None = None
        self._window_actions = 0

    def choose(self, d: Decision, g: Game) -> Action:
        rng = self.rng
        if d.kind in _WINDOWS:
            key = (g.turn, g.ply if d.kind == D.BUY else 0, d.kind)
            if key != self._window_key:
                self._window_key, self._window_actions = key, 0
            if self._window_actions < 3 and d.allows_trade and rng.random() < 0.05:
                t = self.random_trade(g, d.player)
                if t is not None:
                    self._window_actions += 1
                    return Action(A.TRADE, trade=t)
        options = d.legal_actions()
        if d.kind in _WINDOWS and self._window_actions >= 3:
            options = [a for a in options if a.kind not in A.MANAGE] or options
        if d.kind == D.BID:
            top = min(g.players[d.player].cash, A.LIMIT, d.minimum + 150)   # (a bid is at most an action's amount)
            if rng.random() < 0.5 or top < d.minimum:
                return A.A_PASS
            return Action(A.BID, amount=rng.randint(d.minimum, top))
        action = options[int(rng.random() * len(options))]
        if action.kind in A.MANAGE:
            self._window_actions += 1
        return action

    def random_trade(self, g: Game, seat: int) -> Trade | None:
        rng = self.rng
        others = [p.seat for p in g.players if not p.bankrupt and p.seat != seat]
        if not others:
            return None
        other = others[int(rng.random() * len(others))]
        mine = [s for s in g.board.properties if tradeable(g, seat, s)]
        theirs = [s for s in g.board.properties if tradeable(g, other, s)]
        give = tuple(rng.sample(mine, 1)) if mine and rng.random() < 0.7 else ()
        get = tuple(rng.sample(theirs, 1)) if theirs and rng.random() < 0.7 else ()
        cash = g.players[seat].cash
        give_cash = int(rng.random() * min(cash, 300)) if rng.random() < 0.5 else 0
        give_cards = (g.players[seat].cards[0][0],) if g.players[seat].cards and rng.random() < 0.3 else ()
        return check(g, Trade(seat, other, give_cash=give_cash, give_squares=give, get_squares=get,
                              give_cards=give_cards))

    def debt(self, d: Decision, g: Game) -> Action:
        options = d.legal_actions()
        return options[int(self.rng.random() * len(options))]
