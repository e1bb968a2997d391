"""Actions and trades are values, and a finished game is freed without the cycle collector.

The suite runs once on the compiled build and once on the source (``python3 dev.py test``), so these hold for
both: the compiled classes are plain classes, not NamedTuples or dataclasses.
"""
import gc
import weakref
import pickle

from monopoly_core import Game, bots, preset
from monopoly_core.actions import A_END, Action, Trade, action_from_json
from monopoly_core.bots import STANDARD


def test_actions_compare_and_hash_by_value():
    a = Action("bid", amount=40)
    assert a == Action("bid", -1, 40) and hash(a) == hash(Action("bid", -1, 40))
    assert a != Action("bid", amount=41) and a != Action("build", 40) and a != ("bid", -1, 40, None)
    assert len({a, Action("bid", amount=40), A_END, Action("end")}) == 2
    assert repr(Action("build", 3)) == "Action(build, square=3)"


def test_trades_compare_hash_and_round_trip_through_json_and_pickle():
    t = Trade(0, 2, give_cash=120, get_squares=(37,), get_cards=("chance",))
    same = Trade.from_json(t.to_json())
    assert same == t and hash(same) == hash(t) and same != Trade(0, 2, give_cash=121, get_squares=(37,))
    assert t.to_json() == {"proposer": 0, "target": 2, "give_cash": 120, "get_squares": [37],
                           "get_cards": ["chance"]}
    a = Action("trade", trade=t)
    assert action_from_json(a.to_json()) == a
    assert pickle.loads(pickle.dumps(a)) == a        # (the simulator's worker processes pickle results)
    assert repr(t).startswith("Trade(proposer=0, target=2, give_cash=120,")


def test_a_finished_game_holds_no_reference_cycle():
    """Once over, a game drops the decisions that point back to it: dropping the game frees it at once, and a
    batch of thousands of games never waits on the cycle collector (which costs the simulator time)."""
    rules, specs = preset("classic-us"), bots(list(STANDARD))
    Game.new(rules, specs, 1).run()          # warm caches (boards, decks, bot tables) outside the count
    gc.collect()
    gc.disable()
    try:
        for seed in range(3):
            g = Game.new(rules, specs, seed)
            g.run()
            assert g.over
            # (the game's own Random, referenced by nothing but the game: freed when the game is; a weak reference
            # to it rather than a count of collected objects, which other tests' threads may add to)
            alive = weakref.ref(g.rng)
            del g
            assert alive() is None, "a finished game is only freed by the cycle collector"
    finally:
        gc.enable()
