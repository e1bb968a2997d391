"""The Mega Edition's Markov chain (issue 15): rows sum to one under every named assumption, and the chain agrees
with the real engine's movement played under the same assumptions (movement-only bots that choose as assumed).

As in test_markov_sim.py, the agreement run plays decks whose Get Out of Jail Free cards do nothing (a held card
delays its next draw, which the chain does not model); everything else is the real engine.
"""
from __future__ import annotations

import itertools

import numpy as np
import pytest

from monopoly_core import InvalidRules, preset
from monopoly_core import markov as M
from monopoly_core.editions import get
from monopoly_core.markov import mega
from test_markov_sim import ALPHA, returned  # noqa: F401  (the fixture)

ROLLS = 150_000


@pytest.mark.parametrize("jail", M.JAIL_POLICIES)
def test_every_row_sums_to_one_under_every_assumption(jail):
    # seed 002 THE DICE & HOW TO MOVE and DOUBLES & TRIPLES: the chain of the three dice, for each named assumption
    rules = preset("mega")
    for choice in itertools.product(*mega.CHOICES.values()):
        assume = ",".join(f"{k}={v}" for k, v in zip(mega.CHOICES, choice))
        ch = M.chain(rules, jail, "pay", assume)
        assert ch.matrix.shape == (52 * 3 + 3, 52 * 3 + 3)
        np.testing.assert_allclose(ch.matrix.sum(axis=1), 1.0, atol=1e-12)
        np.testing.assert_allclose(ch.pi @ ch.matrix, ch.pi, atol=1e-12)
        assert ch.pi.sum() == pytest.approx(1.0) and ch.pi.min() >= 0


def test_the_assumptions_change_the_chain_and_bad_ones_are_refused():
    rules = preset("mega")
    early = M.stationary(rules, "long", assume="")
    stay = M.stationary(rules, "long", assume="mr_monopoly=stay")
    # with the bonus move, the squares just past Chance and Community Chest (properties) gain from Mr. Monopoly
    assert early.squares[7] > stay.squares[7]
    ticket = M.stationary(rules, "long", assume="bus=ticket")
    chests = [i for i, s in enumerate(rules_board(rules).squares) if s.kind in ("chance", "chest")]
    assert sum(early.squares[i] for i in chests) > sum(ticket.squares[i] for i in chests)
    with pytest.raises(InvalidRules, match="bus must be one of"):
        M.chain(rules, "long", "pay", "bus=walk")
    with pytest.raises(InvalidRules, match="unknown Mega assumption"):
        M.chain(rules, "long", "pay", "speed=fast")


def rules_board(rules):
    from monopoly_core import editions
    return editions.get(rules.edition).board(rules)


@pytest.mark.parametrize("jail, assume", [("long", ""), ("short", "triples=go"), ("long", "mr_monopoly=stay"),
                                          ("long", "bus=ticket,mr_monopoly=stay")])
def test_the_engine_agrees_with_the_mega_chain_under_the_same_assumptions(returned, jail, assume):
    # issue 15: "the Markov rows ... agree with engine movement simulated under the same assumptions". (An outside
    # review met "the games and the chain differ" at 7.6 % and 12 % apart under mr_monopoly=stay and bus=ticket: the
    # simulation had played the early game and run out of tickets whatever the chain assumed.)
    rules = returned("mega")           # decks whose Get Out of Jail Free cards do nothing
    ch = M.chain(rules, jail, "pay", assume)
    emp = M.simulate_rolls(rules, ROLLS, jail=jail, seed=7, assume=assume)
    assert emp.rolls == ROLLS
    assert emp.transitions[ch.matrix == 0].sum() == 0          # every move the engine made, the chain allows
    test = M.markov_chi_square(emp.counts, ch)
    assert test.p_value > ALPHA, test
    # the test has power: the same counts reject the chain with the other Mr. Monopoly assumption
    other = "next_property" if "mr_monopoly=stay" in assume else "stay"
    kept = [part for part in assume.split(",") if part and not part.startswith("mr_monopoly=")]
    wrong = M.chain(rules, jail, "pay", ",".join(kept + [f"mr_monopoly={other}"]))
    assert M.markov_chi_square(emp.counts, wrong).p_value < 1e-9


def test_the_income_table_has_skyscraper_all_but_one_and_depot_rows():
    # 002 NEW PROPERTIES & SKYSCRAPERS: a skyscraper replaces a hotel (its rent: the board's skyscraper_rent);
    # reference: all but one of a group doubles the unimproved rent; RAILROADS: "A Train Depot doubles the rent"
    rules = preset("mega")
    inc = M.income(rules)
    boardwalk = max((r for r in inc.rents if r.level == 0 and r.group != "railroad" and r.group != "utility"),
                    key=lambda r: r.rent).square
    rows = {r.level_name: r for r in inc.rents if r.square == boardwalk}
    sky, hotel, base = rows["skyscraper"], rows["hotel"], rows["no set"]
    assert sky.rent == get("mega").board(rules).squares[boardwalk].rents[6] > hotel.rent
    assert sky.per_opponent_turn / sky.rent == pytest.approx(hotel.per_opponent_turn / hotel.rent)
    assert rows["all but one"].rent == 2 * base.rent
    rail = [r for r in inc.rents if r.group == "railroad"]
    first = rail[0].square
    plain = {r.level_name: r for r in rail if r.square == first}
    assert plain["2 owned, with a depot"].rent == 2 * plain["2 owned"].rent
    pay = {(r.group, r.level_name) for r in inc.payback}
    assert ("dark_blue", "skyscraper") in pay and ("railroad", "4 owned, with a depot") in pay
    classic = M.income(preset("classic-us"))
    assert not {r.level_name for r in classic.rents} & {"skyscraper", "all but one", "1 owned, with a depot"}
