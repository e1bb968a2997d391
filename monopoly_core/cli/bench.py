"""``bench``: the project's speed figures (medians of several runs), as text or JSON."""
from __future__ import annotations

import json
import platform
import sys

from .. import bench
from .common import whole


def register(sub) -> None:
    p = sub.add_parser("bench", help="measure speed (dice rolls and games per second, and more)")
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    p.add_argument("--games", type=whole(1, 100_000), default=200, help="games per timed run (default 200)")
    p.add_argument("--repeat", type=whole(1, 100), default=5, help="timed runs per figure; the median is reported")
    p.add_argument("--only", help=f"comma-separated sections to run (known: {', '.join(_known())}; default: all)")
    p.add_argument("--quick", action="store_true", help="small sizes for a fast check")
    p.set_defaults(func=run)


def _known() -> list[str]:
    return [name for name, _ in bench.SECTIONS]


def run(args) -> int:
    if args.quick:
        args.games, args.repeat = 30, 3
    wanted = {part.strip() for part in args.only.split(",")} if args.only is not None else None
    unknown = sorted(wanted - set(_known())) if wanted is not None else []
    if unknown:
        print(f"error: --only: unknown section {', '.join(map(repr, unknown))} (known: {', '.join(_known())})",
              file=sys.stderr)
        return 2
    out = {"python": platform.python_version(), "machine": platform.machine()}
    for name, fn in bench.SECTIONS:
        if wanted is None or name in wanted:
            out[name] = fn(args)
    if args.json:
        print(json.dumps(out, indent=2, sort_keys=True))
    else:
        for section, figures in out.items():
            if isinstance(figures, dict):
                print(f"[{section}]")
                for k, v in figures.items():
                    print(f"  {k}: {v}")
            else:
                print(f"{section}: {figures}")
    return 0
