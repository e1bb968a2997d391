"""Arrange-act-assert helpers for the Cheaters Edition's rule tests (issue 17): a table of people (and bots of the
test's own vigilance and boldness), answering the edition's per-turn decisions honestly until the one a test wants."""
from __future__ import annotations

from monopoly_core import Action, Game, PlayerSpec, preset
from monopoly_core import actions as A
from monopoly_core import decisions as D
from monopoly_core.bots.simple import CautiousBot
from monopoly_core.editions import cheaters_actions as C

SEED = "seed 003_2efce0b9b7f6c0c4.txt"


def _bot(seed: str, boldness: float, vigilance: float) -> CautiousBot:
    """A cautious bot of the given boldness and vigilance (set on the bot: strategy parameters, as a table of bots
    of one's own would have them; instances rather than subclasses, so that the compiled build takes them too)."""
    bot = CautiousBot(seed)
    bot.boldness = boldness
    bot.vigilance = vigilance
    return bot


def blind(seed: str) -> CautiousBot:
    """Never cheats, never notices a cheat."""
    return _bot(seed, 0.0, 0.0)


def hawk(seed: str) -> CautiousBot:
    """Never cheats, always notices a cheat (vigilance far above any difficulty's reciprocal)."""
    return _bot(seed, 0.0, 1000.0)


def crook(seed: str) -> CautiousBot:
    """Attempts a face-up cheat whenever it can; never notices others'."""
    return _bot(seed, 1.0, 0.0)


def cheaters(n: int = 2, *, bots: dict | None = None, **rules) -> Game:
    """A Cheaters Edition game of ``n`` seats (people unless ``bots`` gives a seat a bot maker), seat 0 first,
    after the set-up and before the first turn."""
    specs = [PlayerSpec(f"P{i}", "person") for i in range(n)]
    policies = {}
    for seat, make in (bots or {}).items():
        specs[seat] = PlayerSpec(f"B{seat}", "bot", "cautious")
        policies[seat] = make(f"test:{seat}")
    g = Game.new(preset("cheaters", **rules), specs, seed=1, policies=policies)
    g.arrange().next_rolls((6, 6), *[(1, 2)] * (n - 1))
    g.step()                              # the set-up: cash, shuffles, cheat cards face up, turn order
    return g


#: how people answer the decisions a test does not wait for: no call, no cheat, no bid, no purchase, end, roll
_PLAIN = {D.CALL_CHEAT: C.A_NO_CALL, D.CHEAT: C.A_NO_CHEAT, D.BID: Action(A.PASS), D.BUY: Action(A.DECLINE),
          D.POST_ROLL: Action(A.END), D.PRE_ROLL: Action(A.ROLL), D.JAIL: Action(A.ROLL),
          D.BETWEEN_TURNS: Action(A.END)}


def to(g: Game, *kinds: str, max_steps: int = 5_000) -> D.Decision:
    """Step on, people answering plainly (no call, no cheat, no bid, ...), until a decision of ``kinds`` is
    pending."""
    for _ in range(max_steps):
        d = g.pending
        if d is not None and d.kind in kinds:
            return d
        if g.over:
            raise AssertionError(f"the game ended before {kinds}")
        if d is not None and d.player not in g.bots:
            if d.kind not in _PLAIN:
                raise AssertionError(f"a person must decide {d.kind} before {kinds}")
            g.act(_PLAIN[d.kind])
            continue
        g.step()
    raise AssertionError(f"no {kinds} decision within {max_steps} steps")


def to_seat(g: Game, seat: int, kind: str, max_steps: int = 5_000) -> D.Decision:
    """Step on as :func:`to` does until ``seat`` must decide ``kind`` (a bot's decision too: step play stops at it,
    and people at the table may interject, as a call of "Cheat!")."""
    for _ in range(max_steps):
        d = to(g, kind)
        if d.player == seat:
            return d
        g.act(_PLAIN[kind]) if d.player not in g.bots else g.step()
    raise AssertionError(f"no {kind} decision of seat {seat} within {max_steps} steps")


def roll(g: Game, *faces) -> None:
    """Go on to the pending roll (pre-roll or jail choice) and roll these faces."""
    to(g, D.PRE_ROLL, D.JAIL)
    g.arrange().next_rolls(*faces)
    g.act(Action(A.ROLL))
    settle(g)


def settle(g: Game) -> None:
    """Take the automatic steps (and the bots' answers) up to the next decision of a person."""
    while not g.over and (g.pending is None or g.pending.player in g.bots):
        g.step()


def end(g: Game) -> None:
    """End the post-roll window pending now."""
    to(g, D.POST_ROLL)
    g.act(Action(A.END))


def events(g: Game, kind: int) -> list:
    return [e for e in g.log if e.kind == kind]
