#!/usr/bin/env python3
"""Instructions per dice roll of the standard table (callgrind), the steady speed figure on a noisy machine.

    python tools/instructions_per_roll.py [GAMES]       # default 60 games of 4-player classic-us, standard bots

Runs the same script under callgrind twice, playing 0 and GAMES games, and divides the difference in
instructions by the rolls played: start-up and imports cancel out. Uses the build the package would load
(``MONOPOLY_BUILD=interpreted`` for the source).
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile

SCRIPT = r"""
import sys
from monopoly_core import Game, bots, preset, STANDARD
rules, specs, n, rolls = preset("classic-us"), bots(list(STANDARD)), int(sys.argv[1]), 0
Game.new(rules, specs, 10_000).run()        # warm: tables built, modules loaded
for seed in range(n):
    g = Game.new(rules, specs, seed)
    g.run()
    rolls += g.rolls
print(rolls)
"""


def instructions(games: int) -> tuple[int, int]:
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable,
                               "-c", SCRIPT, str(games)], capture_output=True, text=True, check=True)
        refs = int(re.search(r"Collected\s*:\s*(\d+)", done.stderr).group(1))
        return refs, int(done.stdout.strip())


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    base, _ = instructions(0)
    total, rolls = instructions(games)
    print(f"{(total - base) / rolls:,.0f} instructions a roll ({rolls} rolls in {games} games)")


if __name__ == "__main__":
    main()
