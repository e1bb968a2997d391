"""Editions: the registry of the games the engine can play (see :mod:`.base` for the hooks).

``RuleSet.edition`` names one of these. An edition module registers itself here; the classic game is always
registered.
"""
from __future__ import annotations

from ..native import extend_subpackage

extend_subpackage(__path__, __name__)      # the compiled editions, when the package runs its native build

from .base import Edition  # noqa: E402
from .classic import Classic  # noqa: E402
from .sore_losers import SoreLosers  # noqa: E402
from .mega import Mega  # noqa: E402
from .cheaters import Cheaters  # noqa: E402

_EDITIONS: dict[str, Edition] = {}


def register(edition: Edition) -> None:
    """Make ``edition`` playable under its name (a later registration of the same name replaces it)."""
    _EDITIONS[edition.name] = edition


def get(name: str) -> Edition:
    """The edition called ``name``; KeyError naming the known ones otherwise."""
    try:
        return _EDITIONS[name]
    except KeyError:
        raise KeyError(f"unknown edition {name!r} (known: {', '.join(_EDITIONS)})") from None


def names() -> tuple[str, ...]:
    return tuple(_EDITIONS)


def in_sentence(title: str) -> str:
    """An edition's title as said in a sentence: "the Mega Edition", but "Classic Monopoly"."""
    return f"the {title}" if title.endswith("Edition") else title


def not_played(edition: str) -> dict[str, str]:
    """The rules (RuleSet fields) ``edition`` does not play, each with why in a few words: the rules it says it never
    reads (``Edition.unused_rules``) and every other edition's own rules ("only the Mega Edition has skyscrapers").
    Games are played as if they were not set: tests/test_editions.py flips each and finds no game changed."""
    out = dict(get(edition).unused_rules)
    for name, owner in _EDITIONS.items():
        if name != edition:
            for field, what in owner.own_rules.items():
                out.setdefault(field, f"only {in_sentence(owner.title)} has {what}")
    return out


register(Classic())
register(SoreLosers())
register(Mega())
register(Cheaters())

__all__ = ["Edition", "Classic", "SoreLosers", "Mega", "Cheaters", "register", "get", "names", "not_played",
           "in_sentence"]
