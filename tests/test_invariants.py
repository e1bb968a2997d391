"""Invariant runs: many seeded games per preset and bot mix, every invariant checked after every step."""
import itertools

import pytest

from invariants import check
from monopoly_core import STANDARD, Game, bots, preset
from monopoly_core import events as E

MIXES = {
    "random4": ["random"] * 4,
    "mixed": ["random", "strategist", "set-collector", "cautious"],
    "standard": list(STANDARD),
    "random8": ["random"] * 8,
    "heads-up": ["strategist", "always-buy"],
}
HOUSE_RULES = {
    "printed": {},
    "jackpot+choices": dict(free_parking="jackpot", free_parking_seed=500, double_go_on_landing=True,
                            income_tax="flat_or_percent"),
    "no-auctions+uneven": dict(auctions=False, even_building=False),
    "scarce-buildings": dict(houses=6, hotels=2),
    "no-limits+short": dict(building_limits=False, turn_limit=60),
}


@pytest.mark.parametrize("edition, mix, house", list(itertools.product(("classic-us", "classic-uk"), MIXES,
                                                                      HOUSE_RULES)))
def test_invariants_hold_after_every_step(edition, mix, house):
    for seed in range(2):
        g = Game.new(preset(edition, **HOUSE_RULES[house]), bots(MIXES[mix]), seed=seed)
        steps = 0
        while not g.over:
            g.step()
            steps += 1
            problems = check(g)
            assert not problems, f"seed {seed}, step {steps}: {problems}"
        assert g.end_reason in E.END_REASONS
        assert g.log.kind[-1] == E.END


def test_each_players_cash_is_recomputed_from_the_events_alone():
    for seed in range(5):
        g = Game.new(preset("classic-uk", free_parking="jackpot"), bots(["random", "strategist", "set-collector"]),
                     seed=seed)
        g.run()
        cash = [0] * len(g.players)
        pot = 0
        for ev in g.log:
            if ev.kind == E.PAY:
                if ev.player >= 0:
                    cash[ev.player] -= ev.amount
                elif ev.player == E.POT:
                    pot -= ev.amount
                if ev.other >= 0:
                    cash[ev.other] += ev.amount
                elif ev.other == E.POT:
                    pot += ev.amount
        assert cash == [p.cash for p in g.players]
        assert pot == g.pot


def test_every_strategy_finishes_games():
    from monopoly_core import STRATEGIES
    for s in STRATEGIES:
        for seed in range(3):
            g = Game.new(preset("classic-us"), bots([s, s, "cautious"]), seed=seed)
            g.run()
            assert g.over
