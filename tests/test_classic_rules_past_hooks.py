"""The engine calls the classic rule past a hot hook only where the edition keeps every one of them
(``editions.base.HOT_HOOKS``, ``Edition.keeps_classic_rules``, ``GameState.classic_rules``): an edition that
overrides any of them has it called, in batch play and step by step alike."""
import pytest

from monopoly_core import Game, PlayerSpec, bots, editions, preset
from monopoly_core import decisions as D
from monopoly_core import events as E
from monopoly_core.editions import Edition
from monopoly_core.editions.base import HOT_HOOKS
from monopoly_core.rent import NORMAL, rent_due

from scenario import give, place, roll, until


class DoubleRentEdition(Edition):
    """Classic, but every rent is doubled: an override of one hot hook, ``rent``."""

    def __init__(self):
        super().__init__()
        self.name = "test-double-rent"
        self.title = "Double rent test edition"

    def rent(self, g, square, dice_total, mode):
        return 2 * super().rent(g, square, dice_total, mode)


@pytest.fixture(scope="module")
def double_rent():
    editions.register(DoubleRentEdition())
    return "test-double-rent"


def test_the_classic_game_and_only_it_keeps_every_hot_hook():
    assert Edition().keeps_classic_rules()
    assert Game.new(preset("classic-uk"), bots(["random", "random"]), 1).classic_rules
    for name in ("mega", "sore-losers", "cheaters"):
        g = Game.new(preset(name), bots(["random", "random"]), 1)
        assert not g.classic_rules, name          # each overrides at least one hot hook
    assert not DoubleRentEdition().keeps_classic_rules()


@pytest.mark.parametrize("hook", HOT_HOOKS)
def test_overriding_any_hot_hook_sends_every_call_through_the_edition(hook):
    base = getattr(Edition, hook)
    Custom = type("Custom", (Edition,), {hook: lambda self, *a, **k: base(self, *a, **k)})
    assert not Custom().keeps_classic_rules()


def test_an_overridden_rent_hook_is_asked_at_a_landing(double_rent):
    # 002 PAYING RENT: "the owner may collect rent from him in accordance with the list printed on its Title
    # Deed card" -- here the edition's own rent, twice the printed one
    g = Game.new(preset("classic-us", edition=double_rent), [PlayerSpec("P0", "person"), PlayerSpec("P1", "person")], 1)
    g.arrange().next_rolls((6, 6), (1, 2))
    g.step()                      # the set-up: seat 0 starts
    until(g, D.PRE_ROLL)
    assert not g.classic_rules
    give(g, 1, 3)                 # Baltic Avenue, rent 4 unimproved
    place(g, 0, 0)
    roll(g, (1, 2))
    until(g, D.POST_ROLL)
    pays = [e for e in g.log if e.kind == E.PAY and e.detail == E.R_RENT]
    assert [(e.player, e.other, e.amount) for e in pays] == [(0, 1, 2 * rent_due(g, 3, 3, NORMAL))]
    assert pays[0].amount == 8


def test_batch_play_asks_the_overridden_hook_too(double_rent):
    rules = preset("classic-us", edition=double_rent)
    for seed in range(3):
        g = Game.new(rules, bots(["strategist", "cautious", "random"]), seed)
        g.run()
        rents = [e for e in g.log if e.kind == E.PAY and e.detail == E.R_RENT]
        assert rents and all(e.amount % 2 == 0 for e in rents)
