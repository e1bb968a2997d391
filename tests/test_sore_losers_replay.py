"""Monopoly for Sore Losers is deterministic (DESIGN.md section 2; issue 16): the same seed plays the same game in
batch and step play, and a history, through JSON, replays it exactly, with the edition's own answers (cash in,
steal a coin from a seat, steal a property, place a free house) written and read back."""
import json

from monopoly_core import Game, bots, preset
from monopoly_core import actions as A
from monopoly_core.game import History

MIX = ["random", "strategist", "set-collector", "random"]


def test_batch_and_step_play_are_the_same_sore_losers_game():
    for seed in (1, 2):
        fast = Game.new(preset("sore-losers"), bots(MIX), seed=seed)
        fast.run()
        slow = Game.new(preset("sore-losers"), bots(MIX), seed=seed)
        while not slow.over:
            slow.step()
        assert fast.log.signature() == slow.log.signature() and fast.history == slow.history


def test_a_history_with_the_editions_own_answers_replays_through_json():
    g = Game.new(preset("sore-losers"), bots(MIX), seed=7)
    g.run()
    kinds = {a.kind for a in g.history.actions}
    assert {A.CASH_IN, A.STEAL_COIN, A.PLACE_HOUSE} <= kinds
    again = Game.replay(History.from_json(json.loads(json.dumps(g.history.to_json()))))
    assert again.log.signature() == g.log.signature() and again.over
