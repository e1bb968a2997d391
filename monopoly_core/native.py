"""The optional compiled build: the same rules source, compiled by mypyc for about four times the speed.

The rules engine, its helpers and the bots are plain typed Python. mypyc (part of mypy) compiles typed modules
to C extensions that read the game's state through native attribute access; the games played are the same,
event for event (``tests/test_native_build.py`` checks that on every run). Nothing else changes: pages, the
database and the Markov analysis stay interpreted, and every module still runs as Python without the build.

* ``python -m monopoly_core native build`` compiles :data:`COMPILED` into ``build/native/`` (outside the source
  tree, so a stale extension can never shadow edited source), with a stamp of the sources it was built from.
* At import, :func:`activate` puts that folder first on the package's search path only if the stamp matches
  the sources as they are now; otherwise the package runs interpreted. ``MONOPOLY_BUILD=interpreted`` in the
  environment forces the interpreted build.
* ``python -m monopoly_core native status`` (and the bench command) say which build runs; ``... native
  clean`` removes the build.

``python3 dev.py test`` and ``python3 dev.py site`` build it when the sources changed and a C compiler is
present; without one they run interpreted and say so.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parent
NATIVE = ROOT / "build" / "native"          # compiled extensions, laid out as the package
STAMP = NATIVE / "STAMP"

#: The modules compiled, relative to the package: the engine (state, rule parts, protocol), its helpers, the board,
#: cards, dice and rules, the editions and the bots. What else the engine imports (the data files' loader, errors,
#: bounds) runs interpreted.
COMPILED = ("game_state.py", "game.py", "flow.py", "holdings.py", "turn.py", "movement.py", "landing.py",
            "jail.py", "payments.py", "sales.py", "card_play.py", "management.py", "endgame.py", "arrange.py",
            "final_lap.py", "decisions.py", "actions.py", "events.py", "state.py", "rent.py", "policies.py",
            "building.py", "mortgage.py", "trading.py", "worth.py", "dice.py", "board.py", "cards.py", "rules.py",
            "editions/base.py", "editions/classic.py",
            "editions/sore_losers.py", "editions/sore_losers_rules.py", "editions/sore_losers_state.py",
            "editions/mega.py", "editions/mega_turn.py", "editions/mega_tickets.py", "editions/mega_groups.py",
            "editions/mega_shortage.py",
            "bots/base.py", "bots/simple.py", "bots/strategist.py", "bots/random_bot.py", "bots/sore_losers.py",
            "bots/mega.py",
            "editions/cheaters.py", "editions/cheaters_turn.py", "editions/cheaters_money.py",
            "editions/cheaters_cards.py", "editions/cheats.py", "editions/cheaters_actions.py", "bots/cheaters.py",
            "editions/cheaters_targets.py")

#: Why the running process uses the build it does (set by :func:`activate`).
_status = "interpreted: not checked"


def source_digest() -> str:
    """A fingerprint of the compiled modules' source and the Python that runs them."""
    h = hashlib.sha256(f"{sys.implementation.cache_tag} {sys.version}".encode())
    for rel in COMPILED:
        h.update(rel.encode())
        h.update((PACKAGE / rel).read_bytes())
    return h.hexdigest()


def is_fresh() -> bool:
    """True when a native build exists and was made from the sources as they are now."""
    try:
        return STAMP.read_text().strip() == source_digest()
    except OSError:
        return False


def activate(package_path: list[str]) -> None:
    """Called by the package's ``__init__`` before it imports any compiled module: put the native build first on
    ``package_path`` when it is fresh and not switched off."""
    global _status
    if os.environ.get("MONOPOLY_BUILD", "") == "interpreted":
        _status = "interpreted: MONOPOLY_BUILD=interpreted"
    elif not STAMP.exists():
        _status = "interpreted: no native build (python -m monopoly_core native build)"
    elif not is_fresh():
        _status = "interpreted: the native build is older than the source (python -m monopoly_core native build)"
    else:
        package_path.insert(0, str(NATIVE / "monopoly_core"))
        _status = "native"


def extend_subpackage(path: list[str], name: str) -> None:
    """For a subpackage with compiled modules (``bots``): look in its native folder first, as the package does."""
    if _status == "native":
        path.insert(0, str(NATIVE.joinpath(*name.split("."))))


def status() -> str:
    """``native (mypyc)`` when compiled modules are in use (checked on a loaded module), else why not."""
    if _status == "native":
        game = sys.modules.get("monopoly_core.game")
        if game is not None and not str(getattr(game, "__file__", "")).endswith(".py"):
            return "native (mypyc)"
        return "native build on the path, but monopoly_core.game loaded from source"
    return _status


def build(verbose: bool = False) -> None:
    """Compile :data:`COMPILED` into ``build/native`` (needs mypy and a C compiler; a minute or two)."""
    from mypyc.build import mypycify          # only the build needs mypy
    from setuptools import Distribution

    work = ROOT / "build" / "native-work"
    digest = source_digest()                  # of the source compiled (taken before: it may be edited meanwhile)
    if NATIVE.exists():
        shutil.rmtree(NATIVE)
    paths = [str(Path("monopoly_core") / rel) for rel in COMPILED]
    cwd = os.getcwd()
    os.chdir(ROOT)                            # mypycify names modules by their paths from the project root
    try:
        # only the compiled modules must type-check; what they import is read for its types
        flags = ["--check-untyped-defs", "--follow-imports=silent", "--ignore-missing-imports"]
        modules = mypycify([*flags, *paths], opt_level="3", group_name="monopoly_core._native",
                           target_dir=str(work / "c"), verbose=verbose)
        dist = Distribution({"name": "monopoly-core-native", "ext_modules": modules})
        cmd = dist.get_command_obj("build_ext")
        cmd.build_lib = str(NATIVE)
        cmd.build_temp = str(work / "obj")
        cmd.parallel = os.cpu_count() or 1
        dist.run_command("build_ext")
    finally:
        os.chdir(cwd)
    STAMP.write_text(digest + "\n")


def clean() -> None:
    """Remove the native build (the package then runs interpreted)."""
    for d in (NATIVE, ROOT / "build" / "native-work"):
        if d.exists():
            shutil.rmtree(d)
