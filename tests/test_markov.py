"""The exact Markov chain (issue 4): structure, the three quantities, known figures, income, graph, CLI, stats.

Engine-against-chain agreement and the counting of events are in ``test_markov_sim.py``.
"""
from __future__ import annotations

import csv
import io
import math
import statistics

import numpy as np
import plotly.graph_objects as go
import pytest

from monopoly_core import preset
from monopoly_core import markov as M
from monopoly_core.cards import load_deck
from monopoly_core.cli import main
from monopoly_core.errors import InvalidRules
from monopoly_core.markov.builder import landing_effects
from monopoly_core.markov.quantities import end_of_turn, per_roll, visits_per_turn
from monopoly_core.viz import markov as V

PRESETS = ("classic-us", "classic-uk")
CASES = [(p, j, u) for p in PRESETS for j in M.JAIL_POLICIES for u in M.UK_CARD_POLICIES]


@pytest.fixture(scope="module")
def us():
    return preset("classic-us")


@pytest.fixture(scope="module")
def uk():
    return preset("classic-uk")


# --- structure ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name,jail,uk_card", CASES)
def test_rows_sum_to_one_and_pi_is_a_fixed_point(name, jail, uk_card):
    ch = M.chain(preset(name), jail, uk_card)
    P = ch.matrix
    assert P.shape == (ch.n_states, ch.n_states) == (40 * 3 + 3, 40 * 3 + 3)
    assert (P >= 0).all()
    np.testing.assert_allclose(P.sum(axis=1), 1.0, atol=1e-12)
    assert (ch.pi >= 0).all() and ch.pi.sum() == pytest.approx(1.0, abs=1e-12)
    np.testing.assert_allclose(ch.pi @ P, ch.pi, atol=1e-14)


def test_linear_solve_agrees_with_power_iteration(us):
    ch = M.chain(us, "long")
    x = np.zeros(ch.n_states)
    x[0] = 1.0
    for _ in range(3000):
        x = x @ ch.matrix
    np.testing.assert_allclose(x, ch.pi, atol=1e-12)


def test_go_to_jail_square_is_never_a_resting_state(us):
    d = M.stationary(us, "long")
    assert d.squares[30] == 0.0
    assert all(v > 0 for i, v in enumerate(d.squares) if i != 30)


def test_three_doubles_go_to_jail_without_moving(us):
    ch = M.chain(us, "long")
    lay = ch.layout
    for s in (0, 17, 39):
        row = lay.index(s, 2)    # two doubles already this turn
        assert ch.doubles_jail[row] == pytest.approx(1 / 6)
        assert ch.dice_landing[row].sum() == pytest.approx(5 / 6)    # the third doubles does not move
        # after a third roll that is not doubles the turn ends: no state with a doubles count follows
        targets = np.flatnonzero(ch.matrix[row])
        assert all(ch.states[t].doubles == 0 for t in targets)
        # a first doubles leads only to k = 1 states (or jail), never k = 2
        first = ch.matrix[lay.index(s, 0)]
        assert all(ch.states[t].doubles in (0, 1) for t in np.flatnonzero(first))


def test_long_jail_rows(us):
    ch = M.chain(us, "long")
    lay = ch.layout
    j0, j1, j2 = (lay.jail_index(t) for t in range(3))
    assert ch.matrix[j0, j1] == pytest.approx(5 / 6)        # no doubles: stay, one failed attempt
    assert ch.matrix[j1, j2] == pytest.approx(5 / 6)
    assert ch.matrix[j2, [j1, j2]].sum() == 0               # third failure: pay and move by that roll
    assert ch.dice_landing[j2].sum() == pytest.approx(1.0)
    # doubles from jail move by that roll with no extra roll: only k = 0 states (or jail again) follow
    for row in (j0, j1, j2):
        assert all(ch.states[t].doubles == 0 for t in np.flatnonzero(ch.matrix[row]))


def test_short_jail_pays_and_takes_a_normal_turn(us):
    ch = M.chain(us, "short")
    lay = ch.layout
    np.testing.assert_array_equal(ch.matrix[lay.jail_index(0)], ch.matrix[lay.index(ch.board.jail, 0)])
    assert ch.pi[lay.jail_index(1)] == ch.pi[lay.jail_index(2)] == 0.0     # never entered
    # doubles after paying roll again: k = 1 states follow
    assert any(ch.states[t].doubles == 1 for t in np.flatnonzero(ch.matrix[lay.jail_index(0)]))


def test_jail_share_follows_from_arrivals(us):
    """Per roll, In Jail = arrivals x (rolls spent in jail per stay): 1 for short, 1 + 5/6 + (5/6)^2 for long."""
    for jail, stay in (("short", 1.0), ("long", 1 + 5 / 6 + 25 / 36)):
        ch = M.chain(us, jail)
        arrivals_per_roll = float(ch.pi @ ch.matrix[:, ch.layout.jail_index(0)])
        assert per_roll(ch)[-1] == pytest.approx(arrivals_per_roll * stay, rel=1e-12)


def test_card_that_moves_onto_a_card_square_draws_again(us):
    """US Chance "Go back three spaces" from Chance 36 lands on Community Chest 33, which draws again."""
    ch = M.chain(us, "long")
    assert ch.landings[36, 33] == pytest.approx(1 / 16)      # one Chance card in 16 sends you back to 33
    decks = {"chance": load_deck(us.chance_deck), "chest": load_deck(us.chest_deck)}
    stay, to_jail, moves, _ = landing_effects(ch.board, decks, "pay")
    # resting on GO after landing on 36: "Advance to Go" (1/16), or back 3 then Chest's "Advance to Go" (1/16^2)
    rest_go = ch.landings[36] @ (stay * (np.arange(40) == 0))
    assert rest_go == pytest.approx(1 / 16 + 1 / 256)
    jail = ch.landing_jail[36]
    assert jail == pytest.approx(1 / 16 + 1 / 256)           # Go to Jail card, or back 3 then Chest's jail card
    assert to_jail[30] == 1.0 and stay[30] == 0.0


def test_uk_fine_or_chance_policy_changes_the_result(uk, us):
    pay = M.stationary(uk, "long", uk_card="pay")
    chance = M.stationary(uk, "long", uk_card="chance")
    # taking a Chance at Community Chest 2, "Go back three spaces" reaches Mayfair (39)
    assert chance.squares[39] > pay.squares[39]
    for cc in (2, 17, 33):
        assert chance.squares[cc] < pay.squares[cc]          # more tokens are moved on from the chest squares
    assert M.total_variation(pay.values(), chance.values()) > 1e-3
    # the policy is a no-op on decks without that card
    assert not M.has_fine_or_draw(us) and M.has_fine_or_draw(uk)
    np.testing.assert_array_equal(M.stationary(us, "long", uk_card="pay").values(),
                                  M.stationary(us, "long", uk_card="chance").values())


def test_bad_policy_or_quantity_names_the_field(us):
    with pytest.raises(InvalidRules, match="jail"):
        M.stationary(us, jail="forever")
    with pytest.raises(InvalidRules, match="uk_card"):
        M.stationary(us, uk_card="maybe")
    with pytest.raises(InvalidRules, match="quantity"):
        M.stationary(us, quantity="per-hour")


# --- the three quantities ----------------------------------------------------------------------------------

@pytest.mark.parametrize("name,jail,uk_card", CASES)
def test_end_of_turn_is_per_roll_restricted_to_turn_ends_and_is_the_turn_chain_fixed_point(name, jail, uk_card):
    ch = M.chain(preset(name), jail, uk_card)
    eot = end_of_turn(ch)
    # derived from per-roll: the turn-ending states' per-roll shares, renormalised
    ends = np.where(ch.turn_end, ch.pi, 0)
    np.testing.assert_allclose(eot, ch.lump(ends) / ends.sum(), atol=1e-15)
    # ... and independently, the stationary distribution of the turn-to-turn chain
    E, Q = M.turn_matrix(ch)
    np.testing.assert_allclose(Q.sum(axis=1), 1.0, atol=1e-12)
    from monopoly_core.markov.builder import stationary_vector
    q = stationary_vector(np.array(Q))
    np.testing.assert_allclose(np.bincount(ch.rest[E], weights=q, minlength=41), eot, atol=1e-12)
    assert M.rolls_per_turn(ch) == pytest.approx(1 / ends.sum())


@pytest.mark.parametrize("name,jail,uk_card", CASES)
def test_visits_sum_to_expected_landings_per_turn(name, jail, uk_card):
    """Every landing is a dice landing or a card landing; the jail row counts arrivals in jail."""
    ch = M.chain(preset(name), jail, uk_card)
    visits = visits_per_turn(ch)
    rpt = M.rolls_per_turn(ch)
    lay = ch.layout
    p_dbl = 1 / 6
    # rolls that do not move the token: the jailing doubles, and failed attempts in jail that stay there
    jailing = sum(ch.pi[lay.index(s, lay.K - 1)] for s in range(40)) * p_dbl
    failed = sum(ch.pi[lay.jail_index(t)] for t in range(lay.T - 1)) * (1 - p_dbl) if jail == "long" else 0.0
    dice_landings = rpt * (1 - jailing - failed)
    card_landings = float(visits[:-1] @ ch.card_moves)
    assert visits[:-1].sum() == pytest.approx(dice_landings + card_landings, rel=1e-12)
    arrivals = rpt * float(ch.pi @ ch.matrix[:, lay.jail_index(0)])
    assert visits[-1] == pytest.approx(arrivals, rel=1e-12)
    # squares no card or roll can rest on are still visited (Go To Jail), and every square is reachable
    assert visits[30] > 0.02 and (visits > 0).all()


def test_quantity_travels_with_the_numbers(us):
    for q in M.QUANTITIES:
        d = M.stationary(us, "short", q)
        assert d.quantity == q and d.meaning == M.MEANING[q]
        assert d.jail_policy == "short" and d.board == "classic-us" and d.source == "exact"
        assert len(d.squares) == 40 and d.names[10] == "Just Visiting"
        rows = d.rows()
        assert rows[-1][:2] == ("jail", "In Jail") and len(rows) == 41
    assert M.stationary(us, quantity="per-roll").total == pytest.approx(1.0)
    assert M.stationary(us, quantity="end-of-turn").total == pytest.approx(1.0)
    assert M.stationary(us, quantity="visits-per-turn").total > 1.1


def test_strategist_weights_come_from_the_chain(us):
    from monopoly_core.bots.strategist import landing_weights
    w = landing_weights(us)
    d = M.stationary(us, "long")
    assert len(w) == 40
    assert w[24] == pytest.approx(40 * d.squares[24] / sum(d.squares)) and w[7] < 0.5 < w[24]
    assert sum(w) / len(w) == pytest.approx(1.0)      # relative to the average square


# --- known figures -----------------------------------------------------------------------------------------

def test_classic_us_known_figures(us):
    """Project Euler problem 84 ("Monopoly odds") states, for two six-sided dice, JAIL 6.24 %, E3 (Illinois,
    24) 3.18 % and GO 3.09 % per roll. Its model leaves jail at once (our ``short`` policy) and counts In Jail
    and Just Visiting as one square; it does not end the turn on going to jail, which moves JAIL by about
    0.02 points. Our exact short-policy figures: 6.22 %, 3.19 %, 3.10 %."""
    short = M.stationary(us, "short")
    assert short.jail + short.squares[10] == pytest.approx(0.0624, abs=5e-4)
    assert short.squares[24] == pytest.approx(0.0318, abs=2e-4)
    assert short.squares[0] == pytest.approx(0.0309, abs=2e-4)
    assert [r[0] for r in short.top(3)] == ["jail", "24", "0"]
    # Staying in jail (long) keeps a token there up to three rolls per stay: In Jail is then the most likely
    # state by far, 9.39 % of rolls (10.94 % of turn ends), with Illinois Avenue next.
    long = M.stationary(us, "long")
    assert long.top(2)[0][0] == "jail" and long.jail == pytest.approx(0.09386, abs=5e-5)
    assert long.top(2)[1][1] == "Illinois Avenue"
    assert M.stationary(us, "long", "end-of-turn").jail == pytest.approx(0.1094, abs=5e-4)
    # the least likely resting square is a Chance square (10 of its 16 cards move the token on)
    assert min(long.rows()[:40], key=lambda r: r[2] if r[2] > 0 else 1)[1] == "Chance"


# --- after n turns -----------------------------------------------------------------------------------------

def test_distribution_after_n_turns_starts_on_go_and_forgets_it(us):
    d0 = M.after_turns(us, 0)
    assert d0.squares[0] == 1.0 and d0.total == 1.0 and d0.turns == 0 and d0.quantity == "end-of-turn"
    d1 = M.after_turns(us, 1)
    assert d1.total == pytest.approx(1.0) and d1.squares[7] > 0 and d1.squares[0] < 0.1
    tv = M.convergence(us, 150)
    assert tv[0] > 0.9 and tv[150] < 1e-9
    assert all(b <= a + 1e-12 for a, b in zip(tv[20:], tv[21:]))    # monotone once mixing has set in
    eot = M.stationary(us, "long", "end-of-turn").values()
    np.testing.assert_allclose(M.after_turns(us, 300).values(), eot, atol=1e-12)


def test_one_roll_from_a_square(us):
    d = M.one_roll(us, 0, jail="long")
    assert d.total == pytest.approx(1.0)
    assert d.squares[7] < 1 / 6 and d.squares[5] > 1 / 36     # Chance moves some on; its railroad card adds
    assert d.squares[1] == 0.0 and d.squares[0] > 0            # cannot move one square; "Advance to Go"
    # from In Jail (long): a token in its first or second jail turn stays with 5/6; in its third it leaves.
    # Weighted by the long-run shares of the three jail turns (1 : 5/6 : 25/36), it stays with 0.604, plus
    # the small chance of leaving and being sent straight back.
    j = M.one_roll(us, "jail", jail="long")
    stays = (5 / 6) * (1 + 5 / 6) / (1 + 5 / 6 + 25 / 36)
    assert stays < j.jail < stays + 0.01
    with pytest.raises(ValueError):
        M.one_roll(us, 99)


# --- income ------------------------------------------------------------------------------------------------

def test_rent_rows_follow_the_title_deeds(us):
    inc = M.income(us, "long")
    rows = {(r.square, r.level): r for r in inc.rents}
    board = M.chain(us).board
    boardwalk = board.squares[39]
    assert [rows[(39, lv)].rent for lv in range(7)] == [50, 100, 200, 600, 1400, 1700, 2000]
    assert rows[(39, 6)].rent == boardwalk.rents[5] and rows[(39, 6)].level_name == "hotel"
    visits = M.stationary(us, "long", "visits-per-turn").squares
    assert rows[(39, 6)].per_opponent_turn == pytest.approx(visits[39] * 2000)
    # railroads by number owned (25/50/100/200), with the nearest-railroad card paying double
    assert [rows[(5, n)].rent for n in (1, 2, 3, 4)] == [25, 50, 100, 200]
    assert rows[(5, 1)].per_opponent_turn > visits[5] * 25
    # utilities: 4x or 10x the dice; the nearest-utility card pays 10x a new roll
    assert rows[(12, 1)].rent == 28 and rows[(12, 2)].rent == 70


def test_a_utility_s_rent_on_a_roll_of_its_own_is_the_mean_total_times_every_landing(us, uk):
    # 004 Utilities: "Roll the dice to determine rent" (classic-uk, RuleSet.utility_rent "new_roll"): whatever brought
    # the token there, the rent is the multiplier times a new roll, 7 on average; on the roll that moved the token
    # (classic-us), the landing's own total weighs it
    for rules in (uk, us):
        visits = M.stationary(rules, "long", "visits-per-turn").squares
        new_roll = M.income(rules.replace(utility_rent="new_roll"), "long").rents
        new = {(r.square, r.level): r for r in new_roll}
        for s in (12, 28):
            assert new[(s, 1)].rent == 28 and new[(s, 2)].rent == 70
            if s == 12 and rules is uk:          # (no card sends a token to a UK utility: every landing is a roll's)
                assert new[(s, 1)].per_opponent_turn == pytest.approx(4 * 7 * visits[s])
            assert new[(s, 2)].per_opponent_turn >= 10 * 7 * visits[s] - 1e-12
        if rules is uk:
            assert [r.per_opponent_turn for r in new_roll] == [r.per_opponent_turn for r in M.income(uk).rents]
    moving = {(r.square, r.level): r for r in M.income(us.replace(utility_rent="moving_roll"), "long").rents}
    assert moving[(12, 1)].per_opponent_turn != pytest.approx(
        {(r.square, r.level): r for r in M.income(us.replace(utility_rent="new_roll")).rents}[(12, 1)].per_opponent_turn)


def test_payback_per_group_and_level(us):
    three = M.income(us, "long", opponents=3)
    one = M.income(us, "long", opponents=1)
    by = {(r.group, r.level_name): r for r in three.payback}
    dark = by[("dark_blue", "set")]
    assert dark.cost == 350 + 400 and dark.opponents == 3
    assert by[("dark_blue", "hotel")].cost == 750 + 2 * 5 * 200
    assert by[("railroad", "4 owned")].cost == 800
    for a, b in zip(three.payback, one.payback):
        assert b.payback_rounds == pytest.approx(3 * a.payback_rounds)
    # the third house is the big jump: every colour group pays back faster with 3 houses than with the set
    for grp in M.chain(us).board.groups:
        assert by[(grp, "3 houses")].payback_rounds < by[(grp, "set")].payback_rounds / 3
    with pytest.raises(ValueError):
        M.income(us, opponents=0)


# --- graph -------------------------------------------------------------------------------------------------

def test_transition_graph(us):
    g = M.transition_graph(us, "long")
    assert g.number_of_nodes() == 41 and "jail" in g and g.graph["jail_policy"] == "long"
    assert g.nodes[24]["name"] == "Illinois Avenue" and g.nodes[24]["colour"] == "#ED1B24"
    assert g.nodes["jail"]["probability"] == pytest.approx(M.stationary(us, "long").jail)
    for node in g.nodes:
        assert sum(d["probability"] for _, _, d in g.out_edges(node, data=True)) == pytest.approx(1.0)
    assert g.has_edge("jail", "jail") and not g.has_edge(0, 1)
    thin = M.transition_graph(us, "long", threshold=0.05)
    assert 0 < thin.number_of_edges() < g.number_of_edges()
    assert all(d["probability"] > 0.05 for *_, d in thin.edges(data=True))
    full = M.transition_graph(us, "long", lumped=False)
    assert full.number_of_nodes() == M.chain(us).n_states


# --- stats -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("x", [0.01, 0.5, 1.0, 3.84, 10.0, 40.0, 150.0])
def test_chi2_sf_against_closed_forms(x):
    assert M.chi2_sf(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-12)
    assert M.chi2_sf(x, 1) == pytest.approx(math.erfc(math.sqrt(x / 2)), rel=1e-10)
    # even degrees of freedom: a Poisson tail, exp(-x/2) sum_{i<k/2} (x/2)^i / i!
    for k in (4, 10, 40):
        exact = math.exp(-x / 2) * sum((x / 2) ** i / math.factorial(i) for i in range(k // 2))
        assert M.chi2_sf(x, k) == pytest.approx(exact, rel=1e-10)


def test_chi2_sf_against_published_table():
    # critical values from the standard chi-square table (e.g. NIST/SEMATECH e-Handbook, section 1.3.6.7.4)
    for x, dof, p in ((3.841, 1, 0.05), (6.635, 1, 0.01), (18.307, 10, 0.05), (23.209, 10, 0.01),
                      (55.758, 40, 0.05), (63.691, 40, 0.01), (124.342, 100, 0.05)):
        assert M.chi2_sf(x, dof) == pytest.approx(p, abs=2e-5)
    assert M.chi2_sf(0, 5) == 1.0
    assert M.gamma_p(2.5, 1.7) + M.gamma_q(2.5, 1.7) == pytest.approx(1.0)
    with pytest.raises(ValueError):
        M.chi2_sf(1.0, 0)


def test_pearson_chi_square_by_hand():
    t = M.chi_square([10, 20, 30], [1, 1, 1])
    assert (t.statistic, t.dof, t.n, t.method) == (10.0, 2, 60, "pearson")
    assert t.p_value == pytest.approx(math.exp(-5))
    impossible = M.chi_square([1, 5, 5], [0, 1, 1])
    assert impossible.statistic == math.inf and impossible.p_value == 0.0


def test_total_variation():
    assert M.total_variation([1, 0], [0, 1]) == 1.0
    assert M.total_variation([2, 2], [1, 1]) == 0.0
    assert M.total_variation([0.5, 0.5, 0], [0.25, 0.25, 0.5]) == pytest.approx(0.5)


def test_markov_chi_square_is_calibrated_on_paths_of_the_chain(us):
    """Counts along paths sampled from the chain itself: the statistic averages its degrees of freedom, while
    the exact per-roll vector is rejected when the paths come from the other jail policy."""
    ch = M.chain(us, "long")
    rng = np.random.default_rng(84)
    cum = np.cumsum(ch.matrix, axis=1)

    def sample(P_cum, tokens=100, steps=2000):
        x = rng.choice(ch.n_states, size=tokens, p=ch.pi)
        counts = np.zeros(ch.n_states)
        for _ in range(steps):
            x = np.minimum((P_cum[x] < rng.random(tokens)[:, None]).sum(axis=1), ch.n_states - 1)
            counts += np.bincount(x, minlength=ch.n_states)
        return ch.lump(counts)

    stats = [M.markov_chi_square(sample(cum), ch).statistic for _ in range(16)]
    dof = 39
    assert abs(statistics.mean(stats) - dof) < 4 * math.sqrt(2 * dof / 16)
    wrong = M.markov_chi_square(sample(np.cumsum(M.chain(us, "short").matrix, axis=1)), ch)
    assert wrong.p_value < 1e-12


# --- CLI ---------------------------------------------------------------------------------------------------

def test_cli_csv(capsys):
    assert main(["markov", "--edition", "classic-us", "--jail", "long", "--csv"]) == 0
    out = capsys.readouterr().out
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["state", "name", "probability"]
    body = rows[1:]
    assert len(body) == 41
    assert [r[0] for r in body[:40]] == [str(i) for i in range(40)] and body[40][:2] == ["jail", "In Jail"]
    assert body[10][1] == "Just Visiting" and body[24][1] == "Illinois Avenue"
    for r in body:
        assert len(r[2].split(".")[1]) >= 6
    assert sum(float(r[2]) for r in body) == pytest.approx(1.0, abs=1e-6)
    assert float(body[40][2]) == pytest.approx(M.stationary(preset("classic-us"), "long").jail, abs=1e-8)


def test_cli_quantities_and_uk_card(capsys):
    assert main(["markov", "--edition", "classic-uk", "--jail", "short", "--uk-card", "chance", "--csv"]) == 0
    chance = {r[0]: float(r[2]) for r in list(csv.reader(io.StringIO(capsys.readouterr().out)))[1:]}
    assert main(["markov", "--edition", "classic-uk", "--jail", "short", "--uk-card", "pay", "--csv"]) == 0
    pay = {r[0]: float(r[2]) for r in list(csv.reader(io.StringIO(capsys.readouterr().out)))[1:]}
    assert chance["39"] > pay["39"]
    assert main(["markov", "--quantity", "visits-per-turn", "--csv"]) == 0
    visits = list(csv.reader(io.StringIO(capsys.readouterr().out)))[1:]
    assert float(visits[30][2]) > 0 and sum(float(r[2]) for r in visits) > 1.1
    assert main(["markov", "--uk-card", "chance", "--csv"]) == 0
    assert "no effect" in capsys.readouterr().err


def test_cli_table_sorted_by_probability(capsys):
    assert main(["markov", "--edition", "classic-us", "--jail", "short"]) == 0
    out = capsys.readouterr().out
    assert "per-roll" in out and "jail policy short" in out
    lines = [ln for ln in out.splitlines() if ln[:4].strip().isdigit()]
    assert len(lines) == 41
    values = [float(ln.rsplit(None, 1)[1].rstrip("%")) for ln in lines]
    assert values == sorted(values, reverse=True)
    assert "In Jail" in lines[0]


def test_cli_bad_arguments_exit_2(capsys):
    assert main(["markov", "--edition", "no-such-game"]) == 2
    assert "no-such-game" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        main(["markov", "--jail", "sometimes"])
    assert exc.value.code == 2
    assert "--jail" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        main(["markov", "--quantity", "per-hour"])
    assert exc.value.code == 2


# --- figures and sentences ----------------------------------------------------------------------------------

def test_figures(us):
    d = M.stationary(us, "long")
    bar = V.bar_figure(d, highlight="jail")
    assert isinstance(bar, go.Figure)
    ys = list(bar.data[0].y)
    assert ys == sorted(ys, reverse=True) and bar.data[0].customdata[0] == "jail"
    assert len(set(bar.data[0].x)) == 41 and "Chance (7)" in bar.data[0].x    # three Chance squares, 3 bars
    assert bar.layout.shapes[0].y0 == pytest.approx(1 / 40)          # the uniform line
    assert "per-roll" in bar.layout.title.text
    g = M.transition_graph(us, "long")
    fig = V.graph_figure(g, threshold=0.03, selected=30)
    nodes = fig.data[-1]
    assert nodes.name == "squares" and len(nodes.customdata) == 41 and "jail" in nodes.customdata
    assert any(t.line.color == V.HIGHLIGHT for t in fig.data[:-1])   # Go To Jail's edge, in red
    heat = V.heat_values(d)
    assert len(heat) == 40 and heat[10] == pytest.approx(d.squares[10] + d.jail)
    assert V.heat_values(d, jail_on_corner=False)[10] == d.squares[10]
    tv = M.convergence(us, 30)
    conv = V.convergence_figure(tv, marker=5)
    assert list(conv.data[0].y)[:3] == pytest.approx(tv[:3]) and conv.layout.yaxis.type == "log"
    # in percent with no fixed places (".0e" read "1e+0 .. 1e-4"; ".2~%" then read a tick of 1e-6 as "0%": browser
    # reviews)
    assert conv.layout.yaxis.tickformat == "~%"
    # a heat map as wide as its board and colour bar, the Mega board drawn larger (a browser review: the bar stood
    # 200 px off the board at 1280x800, the Mega board's words 8 px high)
    assert V.heat_board_figure(d).layout.width == 640 + V.HEAT_BAR_WIDTH
    mega = V.heat_board_figure(M.stationary(preset("mega"), "long"))
    assert mega.layout.height == 720 and mega.layout.width == 720 + V.HEAT_BAR_WIDTH
    one = V.one_roll_figure(M.one_roll(us, 7), 7)
    assert len(one.data[0].y) == 41 and len(set(one.data[0].x)) == 41
    inc = V.income_figure(M.income(us))
    assert len(inc.data) == 2 * 10      # 8 colour groups, railroads, utilities; rent and payback each
    # the Mega railroads with a depot are a line of their own (one line from "4 owned" to "1 owned, with a depot"
    # read as one sawtooth series: a browser review)
    mega = V.income_figure(M.income(preset("mega")))
    rail = [t for t in mega.data if t.legendgroup == "railroad"]
    assert len(rail) == 4 and [list(t.x) for t in rail][::2] == [[f"{n} owned" for n in range(1, 5)],
                                                                [f"{n} owned, with a depot" for n in range(1, 5)]]
    assert [t.showlegend for t in rail] == [True, False, False, False]
    cmp = V.comparison_figure(d, d, errors=[0.001] * 41)
    assert len(cmp.data) == 2 and cmp.data[1].error_y.array[0] == pytest.approx(0.002)


def test_sentences_say_what_the_numbers_are(us):
    d = M.stationary(us, "long")
    s = M.describe_distribution(d)
    assert "in jail" in s and "9.39%" in s and "2.50%" in s
    v = M.describe_distribution(M.stationary(us, "long", "visits-per-turn"))
    assert "landings per turn" in v
    c = M.describe_convergence(M.convergence(us, 40), 10)
    assert "After 10 turns" in c and "total variation" in c
    t = M.ChiSquare(30.0, 39, M.chi2_sf(30.0, 39), 100_000, "markov")
    assert "agrees" in M.describe_comparison(d, d, t, 0.001)
    bad = M.ChiSquare(300.0, 39, M.chi2_sf(300.0, 39), 100_000, "markov")
    assert "differ" in M.describe_comparison(d, d, bad, 0.05)
    # a difference known beforehand is named as the first suspect (a walkthrough read the Mega Edition's p = 0.02 at
    # the page's defaults as "the maths is wrong")
    unusual = M.ChiSquare(60.0, 39, M.chi2_sf(60.0, 39), 100_000, "markov")
    assert 0.001 < unusual.p_value < 0.05
    said = M.describe_comparison(d, d, unusual, 0.01, known="the card stays in hand.")
    assert "(p below 5%). One difference is known: the card stays in hand." in said and "look for" not in said
    assert "(p below 5%). Look for a rule" in M.describe_comparison(d, d, unusual, 0.01)
    assert "differ. One difference is known: the card" in M.describe_comparison(d, d, bad, 0.05, known="the card")
    assert "rounds" in M.describe_payback(M.income(us).payback)
    assert "pays back its cost of $" in M.describe_payback(M.income(us).payback, "$")


def test_the_graph_names_few_enough_squares_to_read_at_1280_pixels():
    """Reviewer: the Mega graph's 52 names overlapped at 1280 x 800. Names sit outside the ring in a 12-point font;
    on a board of more than 40 squares only the most visited (and In Jail, and the chosen square) are named, and
    every dot names itself on hover."""
    mega = preset("mega")
    g = M.transition_graph(mega, "long")
    fig = V.graph_figure(g, threshold=0.03, selected=5)
    names = [a.text for a in fig.layout.annotations]
    assert len(g.nodes) == 53 and len(names) <= V.GRAPH_NAMED + 2
    assert "In Jail" in names and "<b>" + g.nodes[5]["short"] + "</b>" in names
    top = sorted(g.nodes, key=lambda k: -g.nodes[k]["probability"])[:V.GRAPH_NAMED]
    assert all(g.nodes[k]["short"] in names or k == 5 for k in top)
    assert all(a.font.size >= 12 for a in fig.layout.annotations)
    nodes = fig.data[-1]
    assert nodes.mode == "markers" and all(g.nodes[k if k == "jail" else int(k)]["name"] in h
                                           for k, h in zip(nodes.customdata, nodes.hovertext))
    assert "20 squares where a token rests most" in fig.layout.title.text
    classic = V.graph_figure(M.transition_graph(preset("classic-us"), "long"))
    assert len(classic.layout.annotations) == 41          # a classic board: every square named


def test_each_graph_name_sits_level_with_its_own_dot():
    """Second review: names anchored above or below sat level with the next dot ("Boardwalk" beside GO, "GO"
    beside Mediterranean). A name beside the ring has its middle at its dot's height and starts on the dot's outer
    side; a name at the top or bottom runs outwards straight above or below its dot."""
    for name in ("classic-us", "mega"):
        g = M.transition_graph(preset(name), "long")
        fig = V.graph_figure(g, selected=0)
        pos = V.ring_positions(g)
        named = V.named_nodes(g, 0)
        assert len(named) == len(fig.layout.annotations)
        for k, a in zip(named, fig.layout.annotations):         # (one name per named node, in that order)
            (x, y) = pos[k]
            assert a.text.replace("<b>", "").replace("</b>", "") == g.nodes[k]["short"]
            if a.textangle == -90:
                assert abs(a.x - x * 1.07) < 1e-9 and a.yanchor == ("bottom" if y > 0 else "top")
            elif k == V.JAIL_STATE:
                assert a.yanchor == "middle" and abs(a.y) < abs(y)          # towards the centre
            else:
                assert a.y == y and a.yanchor == "middle", (name, k)
                assert (a.x > x and a.xanchor == "left") or (a.x < x and a.xanchor == "right"), (name, k)
