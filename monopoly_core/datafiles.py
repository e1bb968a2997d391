"""Where the rules data lives and how it is read.

Boards, decks and presets are TOML files under the project's ``data/`` folder (DESIGN.md section 2: rules are
data). The folder is found next to the package, or wherever ``MONOPOLY_DATA_DIR`` points. Files are parsed once
per process and cached, because a batch simulation builds thousands of games from the same few files.
"""
from __future__ import annotations

import functools
import os
import reprlib
import tomllib
from pathlib import Path

from .errors import DataError


def data_dir() -> Path:
    """The folder holding ``boards/``, ``cards/`` and ``presets/``."""
    override = os.environ.get("MONOPOLY_DATA_DIR")
    if override:
        return Path(override)
    return Path(__file__).resolve().parent.parent / "data"


def available(kind: str) -> list[str]:
    """Names of the data files of one kind (``boards``, ``cards``, ``presets``), sorted."""
    folder = data_dir() / kind
    if not folder.is_dir():
        return []
    return sorted(p.stem for p in folder.glob("*.toml"))


@functools.lru_cache(maxsize=None)
def load_toml(kind: str, name: str) -> dict:
    """Parse ``data/<kind>/<name>.toml``; a missing or malformed file raises :class:`DataError`."""
    if not name or "/" in name or "\\" in name or name.startswith("."):
        raise DataError(f"not a valid {kind} name: {name!r}")
    path = data_dir() / kind / f"{name}.toml"
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{path.name}: {exc}") from None
    except (OSError, ValueError):      # not there, or a name no file can have (too long, a NUL character)
        known = ", ".join(available(kind)) or "none"
        raise DataError(f"no {kind[:-1]} named {reprlib.repr(name)} (known: {known})") from None
