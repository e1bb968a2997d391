"""The command line: ``python -m monopoly_core SUBCOMMAND``.

Each subcommand lives in its own module here with ``register(subparsers)`` adding its parser and setting
``func`` (which returns the exit status). Add a module name to :data:`COMMANDS` to add a subcommand.
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys

COMMANDS = ("editions", "play", "bench", "markov", "simulate", "compare", "sql", "native")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m monopoly_core",
                                     description="The Monopoly rules lab: rules core, simulations and analysis.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"{__name__}.{name}").register(sub)
    return parser


def main(argv=None) -> int:
    parser = build_parser()
    for arg in sys.argv[1:] if argv is None else argv:
        try:
            str(arg).encode("utf-8")
        except UnicodeEncodeError:
            # (bytes that are not UTF-8 arrive as lone surrogates, which DuckDB and the file system refused with
            # tracebacks after the games were played: an outside review)
            parser.error(f"an argument is not text (UTF-8): {ascii(arg)}")
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except BrokenPipeError:   # e.g. piped into `head`
        _drop_output()
        return 0
    except OSError as exc:    # e.g. the output is a full disk (> /dev/full): one line, not a traceback
        _drop_output()
        print(f"error: cannot go on: {exc.strerror or exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


def _drop_output() -> None:
    """Point standard output at the null device, so the interpreter's last flush of what could not be written
    does not fail a second time, with a traceback, on the way out."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
