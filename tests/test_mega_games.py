"""Mega Edition games (issue 15): invariant runs with every bot, games that end, replays of saved histories.

Rule scenarios are in test_mega_rules.py; the invariants of a Mega position in mega_invariants.py.
"""
import pytest

from mega_invariants import check
from monopoly_core import STANDARD, STRATEGIES, Game, bots, preset
from monopoly_core import events as E
from monopoly_core.game import History

MIXES = {
    "random4": ["random"] * 4,
    "mixed": ["random", "strategist", "set-collector", "cautious"],
    "standard": list(STANDARD),
    "heads-up": ["strategist", "always-buy"],
}


@pytest.mark.parametrize("mix", MIXES)
def test_invariants_hold_after_every_step_of_mega_games(mix):
    for seed in range(2):
        g = Game.new(preset("mega", turn_limit=120), bots(MIXES[mix]), seed=seed)
        steps = 0
        while not g.over:
            g.step()
            steps += 1
            problems = check(g)
            assert not problems, f"seed {seed}, step {steps}: {problems}"
        assert g.end_reason in E.END_REASONS and g.log.kind[-1] == E.END


def test_every_strategy_finishes_mega_games_and_uses_the_new_rules():
    # every bot answers every new decision: a game of each strategy reaches the end, and over them all the speed
    # die's faces, bus tickets, depots and the new squares come up
    seen = set()
    for s in STRATEGIES:
        for seed in range(3):
            g = Game.new(preset("mega"), bots([s, s, "cautious"]), seed=seed)
            g.run()
            assert g.over and g.end_reason in E.END_REASONS
            for ev in g.log:
                if ev.kind == E.MOVE:
                    seen.add(("move", ev.detail))
                elif ev.kind == E.BUS_TICKET:
                    seen.add(("ticket", ev.detail))
                elif ev.kind == E.BUILD and g.board.squares[ev.square].kind == "railroad":
                    seen.add("depot")
                elif ev.kind == E.BUILD and ev.amount == 6:
                    seen.add("skyscraper")
    for how in (E.MOVE_BY_MR_MONOPOLY, E.MOVE_BY_BUS, E.MOVE_BY_TICKET, E.MOVE_BY_TRIPLES):
        assert ("move", how) in seen
    assert ("ticket", E.TICKET_USED) in seen and ("ticket", E.TICKET_DRAWN) in seen
    assert "depot" in seen and "skyscraper" in seen


def test_a_mega_game_replays_from_its_saved_history():
    g = Game.new(preset("mega", turn_limit=60), bots(["random", "strategist", "random"]), seed=5)
    g.run()
    saved = History.from_json(g.history.to_json())
    assert Game.replay(saved).log.signature() == g.log.signature()


def test_scarce_buildings_and_no_limits_still_end():
    for rules in (dict(houses=6, hotels=2, skyscrapers=1, train_depots=1), dict(building_limits=False)):
        for seed in range(3):
            g = Game.new(preset("mega", turn_limit=150, **rules), bots(["random", "always-buy", "strategist"]),
                         seed=seed)
            g.run()
            assert g.over


def test_nobody_builds_or_trades_between_the_dice_move_and_mr_monopolys_move():
    # 002 THE DICE & HOW TO MOVE: "Note: An opponent can't build or trade until your Mr. Monopoly move is completed."
    checked = 0
    for seed in range(4):
        g = Game.new(preset("mega", turn_limit=80), bots(["random", "strategist", "random", "always-buy"]), seed)
        g.run()
        log = list(g.log)
        for i, ev in enumerate(log):
            if ev.kind == E.MOVE and ev.detail == E.MOVE_BY_MR_MONOPOLY:
                start = max(j for j in range(i) if log[j].kind == E.ROLL)
                between = log[start:i]
                assert not [e for e in between if e.kind == E.BUILD], (seed, i)
                # (a player in debt may raise money; nobody trades, the mover neither: a trade has an opponent in it)
                assert not [e for e in between if e.kind == E.TRADE_OFFER], (seed, i)
                checked += 1
    assert checked > 50


def test_every_event_of_a_mega_game_is_narrated():
    from monopoly_core import narrate
    g = Game.new(preset("mega", turn_limit=100), bots(["random", "strategist", "set-collector"]), 2)
    g.run()
    for ev in g.log:
        text = narrate.describe(ev, g)
        assert text and not text.startswith(E.KIND_NAMES[ev.kind] + " "), text
