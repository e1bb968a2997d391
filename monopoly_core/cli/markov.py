"""``markov``: the exact long-run distribution of a token's position, as CSV or as a readable table.

The jail-corner square's row means Just Visiting only; In Jail is the row with state ``jail``. The Mega Edition's
chain rests on named assumptions (``--assume``; defaults ``triples=uniform,mr_monopoly=next_property,bus=ride``).
"""
from __future__ import annotations

import csv
import sys

from ..errors import InvalidRules, MonopolyError
from ..markov import JAIL_POLICIES, PER_ROLL, QUANTITIES, UK_CARD_POLICIES, has_fine_or_draw, stationary
from ..markov.mega import DEFAULT as MEGA_DEFAULT, parse as mega_parse
from .common import add_edition, rules_from


def register(sub) -> None:
    p = sub.add_parser("markov", help="exact landing probabilities from the Markov chain of the board",
                       description="Exact long-run distribution of one token (see monopoly_core/markov).")
    add_edition(p)
    p.add_argument("--jail", choices=JAIL_POLICIES, default="long",
                   help="short: pay and leave at once; long: stay and roll for doubles (default long)")
    p.add_argument("--quantity", choices=QUANTITIES, default=PER_ROLL,
                   help="per-roll (default), end-of-turn, or visits-per-turn")
    p.add_argument("--uk-card", choices=UK_CARD_POLICIES, default=None,
                   help="the UK 'pay a fine or take a Chance' card: always pay (default) or always take a Chance")
    p.add_argument("--assume", default="",
                   help="the Mega Edition's named assumptions, e.g. 'triples=go,bus=ticket' (default "
                        f"{MEGA_DEFAULT.key}: triples to any other square equally likely, Mr. Monopoly on to the "
                        "next property as in the early game, the Bus rides on to the nearest card square; see "
                        "monopoly_core/markov/mega.py)")
    p.add_argument("--csv", action="store_true", help="print CSV: state,name,probability")
    p.set_defaults(func=run)


def run(args) -> int:
    try:
        rules = rules_from(args)
        if args.assume and rules.edition != "mega":
            raise InvalidRules("assume", f"only the Mega Edition's chain has named assumptions, not {args.edition}")
        dist = stationary(rules, jail=args.jail, quantity=args.quantity, uk_card=args.uk_card or "pay",
                          assume=args.assume)
    except MonopolyError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.uk_card and not has_fine_or_draw(rules):
        print(f"note: --uk-card has no effect: the decks of {args.edition} have no pay-or-draw card",
              file=sys.stderr)
    out = sys.stdout
    if args.csv:
        w = csv.writer(out, lineterminator="\n")
        w.writerow(("state", "name", "probability"))
        for state, name, value in dist.rows():
            w.writerow((state, name, f"{value:.8f}"))
        return 0
    rows = dist.ranked()
    width = max(len(name) for _, name, _ in rows)
    out.write(f"{args.edition}, jail policy {args.jail}"
              + (f", UK card {dist.uk_card}" if has_fine_or_draw(rules) else "")
              + (f", assuming {mega_parse(args.assume).key}" if rules.edition == "mega" else "") + "\n")
    out.write(f"{dist.quantity}: {dist.meaning}\n\n")
    percent = dist.quantity != "visits-per-turn"
    out.write(f"{'rank':>4}  {'state':>5}  {'name':<{width}}  {'value':>9}\n")
    for rank, (state, name, value) in enumerate(rows, start=1):
        shown = f"{100 * value:8.4f}%" if percent else f"{value:9.5f}"
        out.write(f"{rank:>4}  {state:>5}  {name:<{width}}  {shown}\n")
    out.write(f"\n{'total':>11}  {'':<{width}}  " + (f"{100 * dist.total:8.4f}%" if percent
                                                      else f"{dist.total:9.5f}") + "\n")
    return 0
