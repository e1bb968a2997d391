#!/usr/bin/env python3
"""Instructions per dice roll of the standard table (callgrind), the steady speed figure on a noisy machine.

    python tools/instructions_per_roll.py [GAMES] [HASH_SEEDS] [PRESET]   # default 60 games, hash seeds 0, 1, 2,
                                                                          # classic-us

Runs the same script under callgrind twice, playing 0 and GAMES games, and divides the difference in
instructions by the rolls played: start-up and imports cancel out. Uses the build the package would load
(``MONOPOLY_BUILD=interpreted`` for the source). Python's string hashing changes dict and set layouts from run to
run, which moves the interpreted count by about 1%: each measurement fixes ``PYTHONHASHSEED`` and the figure is
the median over the hash seeds.
"""
from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import tempfile

SCRIPT = r"""
import sys
from monopoly_core import Game, bots, preset, STANDARD
rules, specs, n, rolls = preset(sys.argv[2]), bots(list(STANDARD)), int(sys.argv[1]), 0
from monopoly_core.bench import warm
warm(sys.argv[2])       # tables built, modules loaded, the strategist's chain solved
for seed in range(n):
    g = Game.new(rules, specs, seed)
    g.run()
    rolls += g.rolls
print(rolls)
"""


def instructions(games: int, hash_seed: int, preset: str = "classic-us") -> tuple[int, int]:
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable,
                               "-c", SCRIPT, str(games), preset], capture_output=True, text=True, check=True,
                              env={**os.environ, "PYTHONHASHSEED": str(hash_seed)})
        refs = int(re.search(r"Collected\s*:\s*(\d+)", done.stderr).group(1))
        return refs, int(done.stdout.strip())


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    seeds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    preset = sys.argv[3] if len(sys.argv) > 3 else "classic-us"
    figures = []
    for hash_seed in range(seeds):
        base, _ = instructions(0, hash_seed, preset)
        total, rolls = instructions(games, hash_seed, preset)
        figures.append((total - base) / rolls)
    shown = ", ".join(f"{f:,.0f}" for f in figures)
    print(f"{statistics.median(figures):,.0f} instructions a roll, median of hash seeds 0-{seeds - 1} ({shown}); "
          f"{rolls} rolls in {games} games of {preset}")


if __name__ == "__main__":
    main()
