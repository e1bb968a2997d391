"""``editions``: the presets, one per line, with a short description."""
from __future__ import annotations

from ..rules import presets


def register(sub) -> None:
    p = sub.add_parser("editions", help="list the presets")
    p.set_defaults(func=run)


def run(args) -> int:
    items = presets()
    width = max(len(p.name) for p in items)
    for p in items:
        print(f"{p.name:<{width}}  {p.description}")
    return 0
