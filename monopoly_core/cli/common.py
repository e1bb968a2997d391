"""Argument helpers shared by subcommands."""
from __future__ import annotations

import argparse

from ..bots import STANDARD, STRATEGIES
from ..rules import preset
from ..state import bot_table


def add_edition(p: argparse.ArgumentParser) -> None:
    p.add_argument("--edition", default="classic-us", help="preset name (see `editions`); default classic-us")


def add_bots(p: argparse.ArgumentParser) -> None:
    p.add_argument("--bots", help="comma-separated bot strategies, cycled over the seats "
                   f"(known: {', '.join(STRATEGIES)}); default: {','.join(STANDARD)}")


def parse_bots(text: str | None, n: int):
    return bot_table(n, [s.strip() for s in text.split(",")] if text else None)


def rules_from(args):
    changes = {}
    if getattr(args, "turn_limit", None) is not None:
        changes["turn_limit"] = args.turn_limit
    return preset(args.edition, **changes)
