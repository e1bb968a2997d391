"""Named policies: the registry the engine looks bot strategies up in, so that it never imports the bots.

A policy is anything with ``choose(decision, game) -> Action`` (DESIGN.md section 2, "Bots"). The bots package
registers its strategies here when the package loads (``monopoly_core/__init__`` imports it), and a caller
may register its own. :meth:`Game.new` makes each bot seat's policy from its strategy name, or takes the
policies its caller hands it.
"""
from __future__ import annotations

from typing import Any, Callable

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


def make(name: str, seed: Any) -> Any:
    """A new policy of strategy ``name``; an unknown name raises ValueError naming the known ones."""
    try:
        factory = _FACTORIES[name]
    except KeyError:
        raise ValueError(f"unknown bot strategy {name!r} (known: {', '.join(_FACTORIES)})") from None
    return factory(seed)
