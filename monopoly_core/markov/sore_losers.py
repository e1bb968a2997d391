"""Monopoly for Sore Losers as Markov chains: an ordinary player's token and Mr Monopoly's (seed 000).

An ordinary player moves as in the classic chain on the edition's board and decks (bills and coin cards do not
move a token). Mr Monopoly never goes to jail: "instead of going to Jail, send any other player in your place!"
and "If you ever roll doubles three times in a row, don't go to Jail! Just move and roll again!" (000); so his
token rests on Go To Jail and on the card square of a go-to-jail card, and doubles never jail him
(:func:`.builder.build` with ``never_jailed``). Trapping, coins and the token changing hands do not enter: each chain
is the movement of one token that keeps its part.

:func:`simulate_mr_monopoly` plays the real engine with seat 0 holding the token from the start and counts only
that token's rolls, the way :func:`.sim.simulate_rolls` counts everyone's.
"""
from __future__ import annotations

import random

from ..rules import RuleSet
from .builder import Chain, chain, check_policies
from .quantities import (END_OF_TURN, PER_ROLL, VISITS_PER_TURN, Distribution, check_quantity, end_of_turn,
                         make_distribution, per_roll, visits_per_turn)
from .sim import Empirical, MovementPolicy, count_events


def chains(rules: RuleSet, jail: str = "long", uk_card: str = "pay") -> tuple[Chain, Chain]:
    """(an ordinary player's chain, Mr Monopoly's chain) for ``rules``."""
    return chain(rules, jail, uk_card), chain(rules, jail, uk_card, never_jailed=True)


def mr_monopoly_rules(rules: RuleSet) -> RuleSet:
    """The rules Mr Monopoly's rolls are counted under (doubles never jail: the chain's state numbering)."""
    return rules.replace(doubles_to_jail=0)


def simulate_mr_monopoly(rules: RuleSet, n_rolls: int, *, uk_card: str = "pay", seed: int = 0,
                         rounds_per_game: int = 2000, skip_turns: int = 20) -> Empirical:
    """Count ``n_rolls`` movement rolls of Mr Monopoly's token in the real engine: games of two movement-only
    players (who never cash in coins), seat 0 given the token at the start; only seat 0's events are counted.
    A deck card that hands the token over would end the experiment's premise, so ``rules`` should use decks
    whose token cards do nothing (the chain cannot tell them apart: they do not move a token)."""
    from ..game import Game
    from ..state import bots

    if n_rolls < 1:
        raise ValueError(f"n_rolls must be at least 1, got {n_rolls}")
    check_policies("long", uk_card)
    base = rules.replace(auctions=False, turn_limit=rounds_per_game).validate(2)
    counted = mr_monopoly_rules(base)
    seeds = random.Random(seed)
    total: Empirical | None = None
    while total is None or total.rolls < n_rolls:
        done = total.rolls if total is not None else 0
        rounds = min(rounds_per_game, (n_rolls - done) + skip_turns + 10)
        policy = MovementPolicy("long", uk_card)
        game = Game.new(base.replace(turn_limit=rounds), bots(["cautious"] * 2), seeds.randrange(1 << 62),
                        policies={0: policy, 1: policy})
        game.step()                                         # the set-up
        game.arrange().extra("mr_monopoly", 0, 0)
        game.run()
        cols = game.log.columns()
        keep = [i for i, p in enumerate(cols["player"]) if p == 0 or cols["kind"][i] == 0]   # (0: the start)
        part = count_events(**{c: [v[i] for i in keep] for c, v in cols.items()}, rules=counted,
                            skip_turns=skip_turns, max_rolls=n_rolls - done, source="simulation")
        total = part if total is None else total + part
    total.jail_policy, total.uk_card = "long", uk_card
    return total


def distributions(rules: RuleSet, quantity: str = "per-roll", jail: str = "long",
                  uk_card: str = "pay") -> tuple[Distribution, Distribution]:
    """(an ordinary player's, Mr Monopoly's) long-run ``quantity``, side by side."""
    check_quantity(quantity)
    compute = {PER_ROLL: per_roll, END_OF_TURN: end_of_turn, VISITS_PER_TURN: visits_per_turn}[quantity]
    ordinary, mr = chains(rules, jail, uk_card)
    return (make_distribution(ordinary, quantity, compute(ordinary)),
            make_distribution(mr, quantity, compute(mr), source="exact chain (Mr Monopoly)"))


def differences(ordinary: Distribution, mr: Distribution, n: int = 5) -> list[tuple[str, float, float]]:
    """The ``n`` rows where the two tokens differ most: (row name, ordinary value, Mr Monopoly's value)."""
    rows = list(zip(ordinary.labels(), ordinary.values(), mr.values()))
    return sorted(rows, key=lambda r: -abs(r[2] - r[1]))[:n]
