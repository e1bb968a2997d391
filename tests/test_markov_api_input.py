"""The Markov package's public functions refuse what they cannot read in words (an outside review: a preset's
name gave AttributeError, named assumptions outside Mega were passed over, 10**9 turns asked numpy for 305 GiB),
with the field named, as the rest of the core does."""
from __future__ import annotations

import pytest

from monopoly_core import markov as M
from monopoly_core import preset
from monopoly_core.errors import InvalidRules


@pytest.mark.parametrize("call, field", [
    (lambda: M.stationary("classic-us"), "rules"),
    (lambda: M.stationary(["classic-us"]), "rules"),
    (lambda: M.after_turns(None, 3), "rules"),
    (lambda: M.stationary(preset("classic-us"), assume="triples=go"), "assume"),
    (lambda: M.convergence(preset("classic-uk"), 5, assume="bus=ticket"), "assume"),
    (lambda: M.stationary(preset("classic-us"), quantity=["per-roll"]), "quantity"),
    (lambda: M.stationary(preset("classic-us"), jail="sometimes"), "jail"),
    (lambda: M.after_turns(preset("classic-us"), 10**9), "turns"),
    (lambda: M.after_turns(preset("classic-us"), -1), "turns"),
    (lambda: M.convergence(preset("classic-us"), 2.5), "turns"),
    (lambda: M.after_turns(preset("classic-us"), 3, start=40), "start"),
    (lambda: M.one_roll(preset("classic-us"), "x"), "state"),
    (lambda: M.one_roll(preset("classic-us"), 99), "state"),
    (lambda: M.simulate_rolls(preset("classic-us"), 0), "n_rolls"),
    (lambda: M.simulate_rolls(preset("classic-us"), 10**12), "n_rolls"),
    (lambda: M.simulate_rolls(preset("classic-us"), 100, players=9), "players"),
    (lambda: M.simulate_rolls(preset("classic-us"), 100, seed=-1), "seed"),
    (lambda: M.simulate_rolls("classic-us", 100), "rules"),
])
def test_bad_input_is_refused_naming_the_field(call, field):
    with pytest.raises(InvalidRules) as info:
        call()
    assert info.value.field == field, info.value


def test_the_bounds_leave_what_the_pages_ask_and_the_edges_work():
    us = preset("classic-us")
    assert M.after_turns(us, M.MAX_TURNS).total == pytest.approx(1.0)
    assert len(M.convergence(us, 60)) == 61
    assert M.one_roll(us, "7").total == pytest.approx(1.0)          # the Markov page's choice arrives as text
    assert M.after_turns(us, 0, start=39).squares[39] == 1.0


@pytest.mark.parametrize("field", ["jail", "quantity", "uk_card", "assume"])
def test_a_very_long_choice_is_quoted_short(field):
    with pytest.raises(InvalidRules) as info:
        M.stationary(preset("mega"), **{field: "x" * 1_000_000})
    assert info.value.field == field and len(str(info.value)) < 300


@pytest.mark.parametrize("call, field", [
    # (an outside review: rounds_per_game at or below skip_turns counted no roll, and the loop never ended)
    (lambda: M.simulate_rolls(preset("classic-us"), 100, rounds_per_game=20), "rounds_per_game"),
    (lambda: M.simulate_rolls(preset("classic-us"), 100, skip_turns=10_000), "rounds_per_game"),
    (lambda: M.chance_distance([0.5, 0.5], 0), "n"),
    (lambda: M.chance_distance([float("nan")], 5), "p"),
    (lambda: M.chance_distance([2.0], 5), "p"),
    (lambda: M.chance_distance(None, 5), "p"),
    (lambda: M.jail_policy_played(None, "short"), "rules"),
    (lambda: M.jail_policy_played(preset("classic-us"), "bad"), "jail"),
])
def test_the_helpers_refuse_what_they_cannot_use(call, field):
    with pytest.raises(InvalidRules) as info:
        call()
    assert info.value.field == field, info.value
    assert M.simulate_rolls(preset("classic-us"), 100, rounds_per_game=21).rolls == 100
