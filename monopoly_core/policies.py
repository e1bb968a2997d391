"""Policies: what answers a bot seat's decisions, and the registry the engine finds named strategies in (so that
it never imports the bots).

A policy is a :class:`Policy` with ``choose(decision, game) -> Action`` (DESIGN.md section 2, "Bots"; the shape
of Gymnasium's and OpenSpiel's agents). The bots package registers its strategies here when the package loads
(``monopoly_core/__init__`` imports it), and a caller may register its own. :meth:`Game.new` makes each bot
seat's policy from its strategy name, or takes the policies its caller hands it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, ClassVar

from mypy_extensions import mypyc_attr

from .bounds import short

if TYPE_CHECKING:
    from .actions import Action
    from .decisions import Decision
    from .game_state import GameState


@mypyc_attr(allow_interpreted_subclasses=True)
class Policy:
    """Answers decisions for a seat. ``choose`` gets the pending decision and the game as a read-only view (see
    ``game_state.py``) and returns one of the decision's legal actions.

    A class rather than any object with a ``choose`` method: compiled, the engine calls a policy's ``choose``
    directly (a native call) instead of looking it up and parsing its arguments, which cost about 1,900
    instructions a roll, 7% of one (callgrind, standard table). Policies written in plain Python subclass it
    as well."""

    #: False: the policy's answer to every pre-roll window is "roll", so it is not asked (a standing answer).
    #: A class variable, so that a subclass in plain Python may set it too (compiled, an instance attribute's
    #: class-level default would hide the subclass's value)
    uses_pre_roll: ClassVar[bool] = True

    def choose(self, d: Decision, g: GameState) -> Action:
        raise NotImplementedError(f"{type(self).__name__} must define choose(decision, game)")

_FACTORIES: dict[str, Callable[[Any], Any]] = {}
_DESCRIPTIONS: dict[str, str] = {}
_STANDARD: list[str] = []


def register(name: str, factory: Callable[[Any], Any], description: str = "") -> None:
    """Make strategy ``name`` available: ``factory(seed)`` returns a new policy whose random stream is seeded
    by ``seed`` (a string made from the game's seed and the seat)."""
    _FACTORIES[name] = factory
    _DESCRIPTIONS[name] = description


def set_standard(names: tuple[str, ...]) -> None:
    """The standard table (benchmarks, batch simulations): registered strategy names."""
    _STANDARD[:] = [n for n in names if n in _FACTORIES]


def names() -> tuple[str, ...]:
    return tuple(_FACTORIES)


def standard() -> tuple[str, ...]:
    return tuple(_STANDARD)


def description(name: str) -> str:
    return _DESCRIPTIONS.get(name, "")


def make(name: str, seed: Any) -> Policy:
    """A new policy of strategy ``name``; an unknown name raises ValueError naming the known ones."""
    try:
        factory = _FACTORIES[name]
    except KeyError:
        raise ValueError(f"unknown bot strategy {short(name)} (known: {', '.join(_FACTORIES)})") from None
    policy = factory(seed)
    if not isinstance(policy, Policy):
        raise TypeError(f"strategy {name!r} made a {type(policy).__name__}, not a Policy")
    return policy
