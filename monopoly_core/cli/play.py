"""``play``: one bot game, as a readable log or as one JSON object. Same arguments, same output."""
from __future__ import annotations

import json
import sys

from ..errors import MonopolyError
from ..game import Game
from ..narrate import describe, money, visible
from .common import add_bots, add_edition, add_seed, integer, parse_bots, rules_from


def register(sub) -> None:
    p = sub.add_parser("play", help="play one game between bots")
    add_edition(p)
    p.add_argument("--players", type=integer, default=4, help="number of players (default 4)")
    add_seed(p, "the game's seed")
    p.add_argument("--turn-limit", type=integer, help="rounds before the game ends on net worth")
    add_bots(p)
    p.add_argument("--json", action="store_true", help="print one JSON object instead of the log")
    p.set_defaults(func=run)


def run(args) -> int:
    try:
        rules = rules_from(args)
        rules.validate(args.players)        # the count is checked before any seat is built
        game = Game.new(rules, parse_bots(args.bots, args.players), seed=args.seed)
    except MonopolyError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    game.run()
    result = game.result()
    if args.json:
        print(json.dumps(result, sort_keys=True))
        return 0
    out = sys.stdout
    for ev in game.log:
        if visible(ev):
            out.write(f"[turn {ev.turn:>4}] {describe(ev, game)}\n")
    out.write("\n")
    out.write(f"Result: {result['end_reason'].replace('_', ' ')} after {result['turns']} turns and "
              f"{result['rolls']} rolls; winner: {result['winner_name']}\n")
    for p in sorted(result["players"], key=lambda p: p["rank"]):
        status = "bankrupt" if p["bankrupt"] else f"cash {money(game, p['cash'])}"
        out.write(f"  {p['rank']}. {p['name']} ({p['strategy']}): {status}, "
                  f"net worth {money(game, p['net_worth'])}\n")
    return 0
