"""The compiled build (monopoly_core/native.py): the same games as the source, and used only while it is fresh.

``python3 dev.py test`` compiles the engine first, so in CI the comparison below always runs; it is skipped, with
that reason, only where no up-to-date native build exists (a checkout where nobody ran the build).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from monopoly_core import native

# Plays a spread of games in a fresh process and prints one digest per game (every event, every action, the step
# count and the result). Tables: both boards, 2-8 seats, every strategy (random bots reach the rare decisions),
# house rules, step-by-step play (the other driver of the same rules) and a replay from the history.
_PLAY = r"""
import hashlib, json
from monopoly_core import Game, bots, native, preset

def digest(g):
    return hashlib.sha256(repr((g.log.signature(), g.history.actions, g.ply, g.result())).encode()).hexdigest()

tables = [
    ("classic-us", {}, ["strategist", "set-collector", "cautious", "always-buy"]),
    ("classic-uk", {}, ["random", "strategist", "random", "cautious"]),
    ("classic-us", {"free_parking": "jackpot", "free_parking_seed": 100, "double_go_on_landing": True,
                    "income_tax": "flat_or_percent"}, ["random", "random", "set-collector"]),
    ("classic-uk", {"auctions": False, "even_building": False, "building_limits": False, "turn_limit": 40},
     ["strategist", "set-collector"]),
    ("classic-us", {"houses": 12, "hotels": 4}, ["strategist", "random", "set-collector", "cautious",
                                                 "always-buy", "random", "strategist", "set-collector"]),
]
out = {"build": native.status(), "games": []}
for edition, changes, table in tables:
    rules = preset(edition, **changes)
    for seed in range(12):
        g = Game.new(rules, bots(table), seed)
        g.run()
        out["games"].append(digest(g))
g = Game.new(preset("classic-uk"), bots(["random", "strategist", "cautious"]), 5)
g.play("end")                                   # one step at a time
out["games"].append(digest(g))
out["games"].append(digest(Game.replay(g.history)))
print(json.dumps(out))
"""


def _play(build: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "MONOPOLY_BUILD"}
    if build == "interpreted":
        env["MONOPOLY_BUILD"] = "interpreted"
    done = subprocess.run([sys.executable, "-c", _PLAY], env=env, cwd=native.ROOT, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


@pytest.mark.skipif(not native.is_fresh(), reason="no up-to-date native build here (python3 dev.py test builds "
                                                  "it; or python -m monopoly_core native build)")
def test_the_compiled_engine_plays_the_same_games_as_the_source():
    compiled, interpreted = _play("native"), _play("interpreted")
    assert compiled["build"] == "native (mypyc)"
    assert interpreted["build"] == "interpreted: MONOPOLY_BUILD=interpreted"
    assert len(set(interpreted["games"])) == len(interpreted["games"]) - 1   # all differ but the replay
    assert compiled["games"] == interpreted["games"]


@pytest.fixture
def fake_build(tmp_path, monkeypatch):
    """native.py pointed at an empty build folder of a test's own (the real build is left alone)."""
    monkeypatch.setattr(native, "NATIVE", tmp_path / "native")
    monkeypatch.setattr(native, "STAMP", tmp_path / "native" / "STAMP")
    monkeypatch.setattr(native, "_status", native._status)     # restored after the test
    monkeypatch.delenv("MONOPOLY_BUILD", raising=False)
    (tmp_path / "native").mkdir()
    return tmp_path / "native"


def test_a_native_build_is_used_only_when_made_from_the_current_source(fake_build, monkeypatch):
    path = ["/src/monopoly_core"]
    native.activate(path)
    assert path == ["/src/monopoly_core"] and native.status().startswith("interpreted: no native build")

    (fake_build / "STAMP").write_text("0" * 64 + "\n")         # built from other source
    native.activate(path)
    assert path == ["/src/monopoly_core"] and "older than the source" in native.status()

    (fake_build / "STAMP").write_text(native.source_digest() + "\n")
    monkeypatch.setenv("MONOPOLY_BUILD", "interpreted")
    native.activate(path)
    assert path == ["/src/monopoly_core"] and native.status() == "interpreted: MONOPOLY_BUILD=interpreted"

    monkeypatch.delenv("MONOPOLY_BUILD")
    native.activate(path)
    assert path == [str(fake_build / "monopoly_core"), "/src/monopoly_core"]
    sub = ["/src/monopoly_core/bots"]
    native.extend_subpackage(sub, "monopoly_core.bots")
    assert sub == [str(fake_build / "monopoly_core" / "bots"), "/src/monopoly_core/bots"]


def test_the_digest_covers_every_compiled_module(monkeypatch, tmp_path):
    before = native.source_digest()
    fake = tmp_path / "monopoly_core"
    for rel in native.COMPILED:
        (fake / rel).parent.mkdir(parents=True, exist_ok=True)
        (fake / rel).write_bytes((native.PACKAGE / rel).read_bytes())
    monkeypatch.setattr(native, "PACKAGE", fake)
    assert native.source_digest() == before
    (fake / "bots" / "base.py").write_text((fake / "bots" / "base.py").read_text() + "\n# edited\n")
    assert native.source_digest() != before
