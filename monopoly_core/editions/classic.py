"""The classic game (seeds 002 and 003-004): the Edition whose hooks are the defaults."""
from __future__ import annotations

from .base import Edition


class Classic(Edition):
    """Classic Monopoly, US or UK: everything as :class:`~.base.Edition` says."""
