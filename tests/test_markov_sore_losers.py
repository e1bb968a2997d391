"""The Sore Losers chains (issue 16): an ordinary player's token and Mr Monopoly's, exact and against the engine.

Seed ../shared/seeds/000_e69c306a8b2b524d.txt: Mr Monopoly is never jailed ("instead of going to Jail, send any
other player in your place!"; "If you ever roll doubles three times in a row, don't go to Jail! Just move and roll
again!"). The engine runs with decks whose Get Out of Jail Free and Mr Monopoly cards do nothing (as in
test_markov_sim.py: neither moves a token, so the chain cannot tell the decks apart, and nobody takes the token
away from the token the experiment follows).
"""
from __future__ import annotations

import os

import numpy as np
import pytest

from monopoly_core import datafiles, preset
from monopoly_core import markov as M
from monopoly_core.markov import sore_losers as SL

ROLLS = 150_000
ALPHA = 1e-3
GO_TO_JAIL = 30


@pytest.fixture(scope="module")
def inert(tmp_path_factory):
    """The sore-losers preset with decks whose Get Out of Jail Free and token cards do nothing."""
    tmp = tmp_path_factory.mktemp("data")
    src = datafiles.data_dir()
    for kind in ("boards", "presets", "cards"):
        (tmp / kind).mkdir(parents=True)
        for f in (src / kind).glob("*.toml"):
            (tmp / kind / f.name).symlink_to(f)
    for name in ("sore-losers-chance", "sore-losers-chest"):
        text = (src / "cards" / f"{name}.toml").read_text(encoding="utf-8")
        assert 'effect = "mr_monopoly"' in text and 'effect = "get_out_of_jail"' in text
        text = text.replace('effect = "mr_monopoly"', 'effect = "collect"\namount = 0') \
            .replace('effect = "get_out_of_jail"', 'effect = "collect"\namount = 0')
        (tmp / "cards" / f"{name}-inert.toml").write_text(text, encoding="utf-8")
    rules = preset("sore-losers")
    old = os.environ.get("MONOPOLY_DATA_DIR")
    os.environ["MONOPOLY_DATA_DIR"] = str(tmp)
    try:
        return rules.replace(chance_deck="sore-losers-chance-inert", chest_deck="sore-losers-chest-inert").validate()
    finally:
        if old is None:
            del os.environ["MONOPOLY_DATA_DIR"]
        else:
            os.environ["MONOPOLY_DATA_DIR"] = old


def test_both_chains_are_stochastic_and_mr_monopoly_never_rests_in_jail():
    rules = preset("sore-losers")
    ordinary, mr = SL.chains(rules)
    for ch in (ordinary, mr):
        np.testing.assert_allclose(ch.matrix.sum(axis=1), 1.0, atol=1e-12)
        assert (ch.matrix >= 0).all() and abs(ch.pi.sum() - 1) < 1e-12
    o, m = SL.distributions(rules)
    assert o.jail > 0.05 and m.jail == 0.0                   # "send any other player to Jail in your place"
    assert o.squares[GO_TO_JAIL] == 0.0 and m.squares[GO_TO_JAIL] > 0.02   # he stays on Go To Jail
    assert SL.differences(o, m, 1)[0][0] == "In Jail"


@pytest.mark.parametrize("who", ["ordinary", "mr_monopoly"])
def test_the_engine_agrees_with_each_chain_and_not_with_the_other(inert, who):
    rules = inert
    ordinary, mr = SL.chains(rules)
    real_o, real_m = SL.chains(preset("sore-losers"))
    np.testing.assert_array_equal(ordinary.matrix, real_o.matrix)      # the chain cannot tell the decks apart
    np.testing.assert_array_equal(mr.matrix, real_m.matrix)
    if who == "ordinary":
        emp, right, wrong = M.simulate_rolls(rules, ROLLS, seed=16), ordinary, mr
    else:
        emp, right, wrong = SL.simulate_mr_monopoly(rules, ROLLS, seed=16), mr, ordinary
    assert emp.rolls == ROLLS
    assert M.markov_chi_square(emp.counts, right).p_value > ALPHA
    assert emp.transitions[right.matrix == 0].sum() == 0               # only moves the chain allows
    assert M.markov_chi_square(emp.counts, wrong).p_value < 1e-9       # and the test tells the tokens apart
