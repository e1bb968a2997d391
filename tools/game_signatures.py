#!/usr/bin/env python3
"""Digests of a fixed set of seeded games, one per game, to show that a change of the engine's shape plays the
same games (issue 12's "classic games are the same games").

    python tools/game_signatures.py OUT.json           # write the digests of this checkout's build
    python tools/game_signatures.py --compare A.json B.json

Tables: both presets, every strategy (alone and mixed), 2-8 seats, house rules, step-by-step play. Each digest
covers every event, every answered action, the step count and the result. ``--compare`` prints how many games
differ, and which.
"""
from __future__ import annotations

import hashlib
import json
import sys

STRATEGIES = ("random", "always-buy", "cautious", "set-collector", "strategist")


def tables():
    standard = ["strategist", "set-collector", "cautious", "always-buy"]
    for edition in ("classic-us", "classic-uk"):
        yield edition, {}, standard, 60
        for s in STRATEGIES:                                   # each strategy against itself
            yield edition, {}, [s, s, s], 20
        yield edition, {}, ["random", "strategist", "random", "cautious"], 30
        yield edition, {"free_parking": "jackpot", "free_parking_seed": 100, "double_go_on_landing": True,
                        "income_tax": "flat_or_percent"}, ["random", "random", "set-collector"], 20
        yield edition, {"auctions": False, "even_building": False, "building_limits": False, "turn_limit": 40}, \
            ["strategist", "set-collector"], 15
        yield edition, {"houses": 12, "hotels": 4}, ["strategist", "random", "set-collector", "cautious",
                                                     "always-buy", "random", "strategist", "set-collector"], 15
        yield edition, {"mortgage_interest_pct": 100, "jail_fine": 10}, ["random"] * 5, 15


def digest(g) -> str:
    actions = [a.to_json() for a in g.history.actions]
    return hashlib.sha256(repr((g.log.signature(), actions, g.ply, g.result())).encode()).hexdigest()


def play_all() -> dict:
    from monopoly_core import Game, bots, native, preset
    out = {"build": native.status(), "games": {}}
    for edition, changes, table, n in tables():
        rules = preset(edition, **changes)
        for seed in range(n):
            g = Game.new(rules, bots(table), seed)
            g.run()
            key = f"{edition}|{sorted(changes.items())}|{','.join(table)}|{seed}"
            out["games"][key] = digest(g)
    for seed in range(5):                              # step-by-step play
        g = Game.new(preset("classic-uk"), bots(["random", "strategist", "cautious"]), seed)
        g.play("end")
        out["games"][f"step|{seed}"] = digest(g)
    return out


def main(argv: list[str]) -> int:
    if not (len(argv) == 1 and not argv[0].startswith("-")) and not (len(argv) == 3 and argv[0] == "--compare"):
        print(__doc__.split("\n\n")[1], file=sys.stderr)     # the usage lines (no file called --help written)
        return 2
    if argv[0] == "--compare":
        a, b = (json.load(open(p))["games"] for p in argv[1:3])
        differ = [k for k in a if a[k] != b.get(k)]
        print(f"{len(a)} games, {len(differ)} differ")
        for k in differ[:20]:
            print("  ", k)
        if len(differ) > 20:
            print(f"   ... and {len(differ) - 20} more")
        return 1 if differ else 0
    data = play_all()
    with open(argv[0], "w") as f:
        json.dump(data, f, indent=0)
    print(f"{len(data['games'])} games, build: {data['build']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
