"""``compare``: what a change of rules does, from the command line (the Rules page's "What does this change do?").

``--a`` and ``--b`` each take a preset name, a rule set as JSON (``{"preset": "classic-uk", "free_parking":
"jackpot"}``: the preset with those rules changed; without ``preset``, every rule as ``RuleSet.to_json`` writes
them) or the path of a ``.json`` file holding such an object.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from ..compare import MAX_GAMES, MAX_LABEL, Comparison, compare
from ..compare_words import as_level, seating_words, with_interval
from ..errors import InvalidRules, MonopolyError
from ..history_json import TwiceNamed, one_of_each
from ..rules import RuleSet, preset
from ..simulate import FIXED, MAX_TIME_LIMIT, ROTATED, ProgressBar, max_workers
from ..store import StoreError, default_db_path
from .common import db_path, add_bots, bot_names, add_seed, integer, not_blank, seconds, whole

#: Largest rule-set file read (a rule set is about 1 KB).
MAX_RULES_FILE = 1_000_000


def register(sub) -> None:
    p = sub.add_parser("compare", help="play two rule sets with the same seeds and compare them",
                       description=__doc__.split("\n\n", 1)[1] if __doc__ else None)
    p.add_argument("--a", required=True, help="rule set A: a preset name, JSON, or a .json file")
    p.add_argument("--b", required=True, help="rule set B: a preset name, JSON, or a .json file")
    p.add_argument("--games", type=whole(1, MAX_GAMES), default=200,
                   help=f"games on each side, 1 to {MAX_GAMES:,} (default 200)")
    p.add_argument("--players", type=integer, default=4, help="players per game (default 4)")
    add_seed(p, "master seed: game i of both sides gets the same seed drawn from it")
    add_bots(p)
    p.add_argument("--fixed-seats", action="store_true",
                   help="keep every bot in the same seat in every game (by default the bots move one seat on each "
                   "game, so each strategy plays every seat equally often and a good seat is not mistaken for a "
                   "good strategy)")
    p.add_argument("--level", type=float, default=0.05,
                   help="the tests' level, from 1e-06 to 0.5 (default 0.05: 95%% confidence intervals)")
    p.add_argument("--label-a", help=f"a name for A (at most {MAX_LABEL} characters)")
    p.add_argument("--label-b", help=f"a name for B (at most {MAX_LABEL} characters)")
    p.add_argument("--db", type=db_path, help=f"database file (default {default_db_path()})")
    p.add_argument("--workers", type=whole(1, max_workers()), default=1,
                   help=f"worker processes, 1 to {max_workers()} (default 1); the figures do not depend on it")
    p.add_argument("--cluster", metavar="ADDRESS", type=not_blank("--cluster", "to play on this machine"),
                   help="play the games on a Dask distributed cluster (scheduler address, e.g. tcp://host:8786)")
    p.add_argument("--time-limit", type=seconds(MAX_TIME_LIMIT), metavar="SECONDS",
                   help=f"stop once this many seconds (up to {MAX_TIME_LIMIT:,.0f}) have passed, after the last whole "
                   "chunk of both sides, and compare the games played (the same command later reads them back and "
                   "plays on)")
    p.add_argument("--json", action="store_true", help="print the figures and verdicts as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def rules_arg(text: str, which: str) -> RuleSet:
    """A rule set from a preset name, a JSON object or a .json file (see the module's docstring)."""
    text = text.strip()
    from_file = not text.startswith("{") and text.endswith(".json")
    if from_file:
        path = Path(text)
        try:
            if path.exists() and not path.is_file():    # (a named pipe's open waited for a writer for ever)
                raise InvalidRules(which, f"{text} is not a regular file (a folder, a pipe or a device)")
            with path.open("rb") as f:              # (read at most the limit: a special file may never end)
                raw = f.read(MAX_RULES_FILE + 1)
            if len(raw) > MAX_RULES_FILE:
                raise InvalidRules(which, f"the file {text} is larger than {MAX_RULES_FILE:,} bytes")
            text = raw.decode("utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise InvalidRules(which, f"cannot read {text} ({exc.__class__.__name__})") from None
    # (a file is JSON whatever it holds: one of 100,000 "["s was said to be "no preset named '[[[[...'")
    if not from_file and not text.lstrip().startswith(("{", "[")):
        return preset(text)
    try:
        data = json.loads(text, object_pairs_hook=one_of_each)
    except TwiceNamed as exc:       # (json keeps the last: {"preset": "classic-us", "preset": "mega"} played mega)
        raise InvalidRules(which, f"names {exc.args[0]!r} twice") from None
    except RecursionError:
        raise InvalidRules(which, "not valid JSON (it is nested too deeply)") from None
    except ValueError as exc:
        raise InvalidRules(which, f"not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise InvalidRules(which, "must be a preset name or a JSON object")
    if "preset" in data and len(data) < len(RuleSet.__dataclass_fields__):
        changes = {k: v for k, v in data.items() if k not in ("preset", "format")}
        name = data["preset"]
        if not isinstance(name, str):
            raise InvalidRules(which, "its preset must be a preset name")
        return preset(name, **changes)
    return RuleSet.from_dict(data)


def run(args) -> int:
    executor = None
    try:
        a = rules_arg(args.a, "--a")
        b = rules_arg(args.b, "--b")
        if args.cluster:
            from ..executors import DaskExecutor
            executor = DaskExecutor(args.cluster)
        bots = bot_names(args.bots, args.players)
        bar = None if args.quiet or args.json else ProgressBar(sys.stderr)
        result = compare(a, b, games=args.games, players=args.players, seed=args.seed, bots=bots, db_path=args.db,
                         workers=args.workers, alpha=args.level, label_a=args.label_a, label_b=args.label_b,
                         progress=bar, executor=executor, seating=FIXED if args.fixed_seats else ROTATED,
                         time_limit=args.time_limit)
    except (MonopolyError, StoreError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    finally:
        if executor is not None:
            executor.close()
    if args.json:
        json.dump(result.to_json(), sys.stdout, indent=1, allow_nan=False, default=_plain)
        print()
    else:
        print_text(result, sys.stdout)
    return 0


def _plain(x):
    return None


def _rule(v) -> str:
    return ("on" if v else "off") if isinstance(v, bool) else str(v)


def print_text(c: Comparison, out) -> None:
    """The comparison as text: the two rule sets, their differences, and each figure with its verdict."""
    level = as_level(1 - c.alpha)
    out.write(f"A: {c.label_a}    B: {c.label_b}\n")
    for name, x, y in c.rules_a.diff(c.rules_b):
        out.write(f"  {name.replace('_', ' ')}: A {_rule(x)}, B {_rule(y)}\n")
    for name, why in c.not_played:
        out.write(f"  (not played here, so no difference to the games: {name.replace('_', ' ')}, as {why})\n")
    out.write(f"{c.games:,} game{'s' if c.games != 1 else ''} a side, {c.players} players "
              f"({', '.join(c.strategies)}), master seed {c.seed}; "
              f"batches {c.batches[0]} and {c.batches[1]} in {c.db_path} (comparison {c.comparison_id}); "
              f"{c.seconds:.1f} s\n")
    if c.timed_out:
        out.write(f"Stopped at the time limit: {c.games:,} of the {c.planned:,} games a side asked for "
                  f"{'was' if c.games == 1 else 'were'} played, and these figures are theirs (the same command reads "
                  "them back and plays on).\n")
    out.write(f"{seating_words(c.seating, c.players)}\n")
    for f in c.figures:
        if f.unit == "share":
            out.write(f"\n{f.title} (share of games, then its {level} confidence interval from low to high)\n")
        else:
            out.write(f"\n{f.title} ({f.unit}; value +- half its {level} confidence interval)\n")
        rows = f.rows if f.key != "inequality" else f.rows[:1] + f.rows[1::10]
        width = max(len(r.label) for r in rows) if rows else 10
        cells = [[with_interval(r, side, f.unit) for side in ("a", "b", "diff")] for r in rows]
        wide = max([18] + [len(x) for line in cells for x in line])
        out.write(f"  {'':{width}}  {'A':>{wide}}  {'B':>{wide}}  {'B - A':>{wide}}\n")
        for r, (a, b, d) in zip(rows, cells):
            out.write(f"  {r.label:{width}}  {a:>{wide}}  {b:>{wide}}  {d:>{wide}}\n")
        out.write(f"  {f.verdict}\n")
