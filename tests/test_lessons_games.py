"""Lessons 5 and 6 (issue 19): the numbers they read from the game database against the games themselves, and
the exact values they show against fractions worked by hand."""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from monopoly_core import events as E
from monopoly_core import preset
from monopoly_core.game import Game
from monopoly_core.lessons import cheating, variants
from monopoly_core.paired_stats import gini_rows
from monopoly_core.simulate import game_seed
from monopoly_core.state import bot_table
from monopoly_core.store import Writer


# --- lesson 5: does the variant matter? ----------------------------------------------------------------------

def trailing_from_the_engine(name: str, seed: int) -> bool | None:
    """Replay one game and find its comeback from the game's own snapshots, without the database."""
    g = Game.new(preset(name), bot_table(variants.PLAYERS), seed, snapshots=True)
    g.run()
    if g.result()["rounds"] <= variants.COMEBACK_ROUND:
        return None
    snap = g.snapshots
    rows = [i for i, r in enumerate(snap["round"]) if r == variants.COMEBACK_ROUND]
    out_by = {p["seat"]: p["bankrupt_turn"] for p in g.result()["players"]}
    alive = {snap["player"][i]: snap["net_worth"][i] for i in rows
             if out_by[snap["player"][i]] is None or out_by[snap["player"][i]] > snap["turn"][i]}
    low = min(alive.values())
    last = [seat for seat, worth in alive.items() if worth == low]
    return None if len(last) != 1 else last[0] == g.result()["winner"]


def test_comebacks_read_from_the_database_are_the_games_own(tmp_path):
    db = tmp_path / "games.duckdb"
    run = variants.play(12, 7, db)
    assert run.master == game_seed(7, 12) != variants.master_seed(7, 100)
    for name, _ in variants.VARIANTS:
        expected = tuple(trailing_from_the_engine(name, game_seed(run.master, i)) for i in range(12))
        assert run.comebacks[name].by_game == expected, name
        assert run.comebacks[name].counted == sum(x is not None for x in expected)
    assert [c.reused for c in run.comparisons] == [(False, False), (True, False)]   # classic played once
    again = variants.play(12, 7, db)
    assert [c.reused for c in again.comparisons] == [(True, True), (True, True)]
    assert again.comebacks == run.comebacks


def test_summary_rows_are_the_comparisons_figures(tmp_path):
    run = variants.play(6, 3, tmp_path / "games.duckdb")
    rows = {r["rules"]: r for r in variants.summary_rows(run)}
    sore = run.comparison("sore-losers")
    assert rows["Classic (UK)"]["rounds per game"] == pytest.approx(sore.figure("length").rows[0].a)
    assert rows["Sore Losers"]["Gini of net worth"] == pytest.approx(sore.figure("inequality").rows[0].b)
    with Writer(tmp_path / "games.duckdb") as w:
        rounds = w.conn.execute("SELECT avg(rounds) FROM games WHERE batch = ?",
                                [run.batch("cheaters")]).fetchone()[0]
    assert rows["Cheaters"]["rounds per game"] == pytest.approx(rounds)
    assert [t["test"] for t in variants.test_rows(run)] == ["paired t-test", "paired t-test",
                                                            "McNemar's exact test"] * 2


def test_the_comeback_test_counts_only_games_counted_on_both_sides():
    a = variants.Comebacks("classic-uk", (True, True, False, None, True, False))
    b = variants.Comebacks("cheaters", (False, True, True, True, None, True))
    # games 0-2 and 5 counted on both: only A in game 0, only B in games 2 and 5
    test, pairs = variants.comeback_test(a, b)
    assert pairs == 4 and test.name == "McNemar's exact test"
    assert test.p == pytest.approx(1.0)                 # 1 against 2: 2 x (1 + 3) / 8 = 1
    assert (a.counted, a.comebacks, b.counted, b.comebacks) == (5, 3, 5, 4)


def test_mcnemars_exact_p_is_the_sign_test_counted_by_hand():
    assert variants.sign_test_p(3, 11) == Fraction(235, 4096)       # 2 x (1 + 14 + 91 + 364) / 16384
    assert variants.sign_test_p(0, 6) == Fraction(1, 32)            # 2 x 1/64
    assert variants.sign_test_p(5, 5) == 1
    from monopoly_core.paired_stats import mcnemar
    assert mcnemar(3, 11, 0.05).p == pytest.approx(235 / 4096)
    ex = variants.exercise()
    assert "3 games" in ex.question and "11 games" in ex.question
    assert ex.answer == "1. 235/4096 (about 0.057).  2. No: 0.057 is above 0.05."
    assert "940 / 16,384" in ex.working


def test_the_gini_formula_on_the_page_is_the_one_the_comparison_computes():
    for worths in ([1, 2, 3, 4], [0, 0, 0, 4], [5, 5, 5, 5], [100, 300, 0, 600]):
        x = np.asarray(worths, float)
        by_formula = np.abs(x[:, None] - x[None, :]).sum() / (2 * len(x) ** 2 * x.mean())
        assert gini_rows(x[None, :])[0] == pytest.approx(by_formula)
    assert gini_rows(np.array([[0, 0, 0, 4]]))[0] == 0.75          # one of four has everything: 3/4


def test_the_variant_lesson_refuses_a_size_out_of_range():
    with pytest.raises(ValueError, match="number of games must be a whole number from 1 to 5,000"):
        variants.play(0, 1)


# --- lesson 6: is cheating worth it? -------------------------------------------------------------------------

def test_the_chance_of_being_caught_is_one_minus_nobody_noticing():
    bank = cheating.card("Bank Job")                     # difficulty 40, take 100, reward 50, penalty 100
    assert cheating.caught_chance(bank, [1]) == Fraction(2, 5)
    assert cheating.caught_chance(bank, [1, 1, 1]) == 1 - Fraction(3, 5) ** 3 == Fraction(98, 125)
    # a strategist (1.2), a cautious bot (1.5) and an always-buy bot (0.8) watching
    assert cheating.caught_chance(bank, [1.2, 1.5, 0.8]) == 1 - Fraction(13, 25) * Fraction(2, 5) * Fraction(17, 25)
    big = cheating.card("The Big Score")                 # difficulty 75: a cautious bot (1.5) always sees it
    assert cheating.notice_chance(big, 1.5) == 1 and cheating.caught_chance(big, [1.5, 0.8]) == 1


def test_the_expected_value_and_break_even_by_hand():
    bank = cheating.card("Bank Job")
    assert cheating.expected_value(bank, [1]) == Fraction(3, 5) * 150 - Fraction(2, 5) * 100 == 50
    assert cheating.expected_value(bank, [1, 1, 1]) == Fraction(27, 125) * 150 - Fraction(98, 125) * 100 == -46
    assert cheating.break_even(bank) == Fraction(150, 250)
    # money side by side reads alike (review, second round: "-£180.8" beside "+£18.75")
    assert [cheating.money(x) for x in (50, -46, Fraction(-904, 5), 18.75, -0.004)] == \
        ["+£50.00", "-£46.00", "-£180.80", "+£18.75", "+£0.00"]
    dodger = cheating.card("Rent Dodger")                # skip a rent: no money taken; reward 50, penalty 150
    assert cheating.act_cash(dodger) == 0
    assert cheating.expected_value(dodger, [1]) == Fraction(1, 2) * 50 - Fraction(1, 2) * 150 == -50
    assert cheating.break_even(dodger) == Fraction(1, 4)
    loan = cheating.card("Quiet Loan")                   # no reward, no penalty: only jail when caught
    assert cheating.break_even(loan) == 1 and cheating.expected_value(loan, [1]) == 75


def test_model_rows_cover_every_card_best_first():
    rows = cheating.model_rows([1, 1, 1])
    assert len(rows) == len(cheating.deck().cards) == 15
    assert [r["expected value"] for r in rows] == sorted((r["expected value"] for r in rows), reverse=True)
    assert all(r["worth it"] == (r["chance caught"] < r["break-even chance"]) for r in rows if r["penalty"]
               or r["reward"] or r["money the act takes"])


def test_the_bots_vigilances_are_read_exactly():
    v = cheating.vigilances()
    assert v["cautious"] == Fraction(3, 2) and v["strategist"] == Fraction(6, 5)
    assert v["always-buy"] == Fraction(4, 5) and v["set-collector"] == 1
    assert list(v.values()) == sorted(v.values())


def test_cheats_read_from_the_database_are_the_games_own(tmp_path):
    run = cheating.play(3, 11, tmp_path / "games.duckdb")
    master = cheating.master_seed(11, 3)
    seen = []
    for i in range(3):
        g = Game.new(preset("cheaters"), bot_table(4), game_seed(master, i))
        g.run()
        cols = g.log.columns()
        kind, detail = np.asarray(cols["kind"]), np.asarray(cols["detail"])
        seen.append((int((kind == E.CHEAT).sum()),
                     int(((kind == E.CHEAT_OUTCOME) & (detail == E.OUTCOME_CAUGHT)).sum())))
    by_game: dict[int, list] = {}
    for a in run.attempts:
        by_game.setdefault(a.game, []).append(a)
    assert [(len(xs), sum(a.caught for a in xs)) for _, xs in sorted(by_game.items())] == seen
    for a in run.attempts:
        c = cheating.card(a.card)
        assert 1 <= len(a.opponents) <= 3 and a.q == cheating.caught_chance(c, a.opponents)
        if c.effect == "take_cash" and not a.caught:
            assert a.money in (c.amount + c.reward, c.amount)    # kept the money and the reward (none if bankrupt)
        if a.caught:
            assert -c.penalty <= a.money <= 0                     # gave the act back, paid (at most) the penalty
    assert any(a.caught for a in run.attempts) and any(not a.caught for a in run.attempts)


def test_the_z_test_of_the_number_caught():
    c = cheating.card("Bank Job")
    q = Fraction(2, 5)
    attempts = tuple(cheating.Attempt(1, t, 0, c.name, (Fraction(1),), q, Fraction(50), t < 2, 0) for t in range(10))
    run = cheating.CheatRun(1, 0, 1, False, attempts)
    # 2 caught, 4 expected, variance 10 x 2/5 x 3/5 = 2.4
    assert run.expected_caught == 4 and run.caught == 2
    assert run.z() == pytest.approx(-2 / 2.4 ** 0.5)
    # p = 0.197: no evidence against the model, which is not proof that it is right (review of lesson 6: "the model
    # describes the games" claimed more than the test shows)
    words = run.verdict()
    assert "z = -1.29, p = 0.197" in words and "these games give no evidence against the model" in words
    assert "does not prove the model right" in words and "describes the games" not in words


def test_a_small_p_is_evidence_against_the_model_not_a_proof():
    """Review of lesson 6, seed 91: "(z = +2.31, p = 0.021): the games do not behave as the model says", when
    about 1 seed in 20 gives p < 0.05 with the model right."""
    c = cheating.card("Bank Job")
    q = Fraction(2, 5)
    attempts = tuple(cheating.Attempt(1, t, 0, c.name, (Fraction(1),), q, Fraction(50), t < 11, 0)
                     for t in range(16))
    run = cheating.CheatRun(1, 0, 1, False, attempts)
    # 11 caught of 16, 6.4 expected, variance 16 x 2/5 x 3/5 = 3.84: z = 4.6 / 1.96 = 2.35, p = 0.019
    assert run.z() == pytest.approx(4.6 / 3.84 ** 0.5)
    words = run.verdict()
    assert "z = +2.35, p = 0.019" in words and "some evidence against the model" in words
    assert "about 1 seed in 20 gives p below 0.05" in words and "do not behave as the model says" not in words


@pytest.mark.slow
def test_seed_91s_hundred_games_are_called_evidence_against_the_model_not_a_disproof(tmp_path):
    """The review's seed: "The model expects 3,209.5 ... 3,263 were ... (z = +2.31, p = 0.021): the games do not
    behave as the model says". (The games of that seed have changed since with the rules: a cheat awaiting its reveal
    keeps its card, a nudge past GO pays the salary, a cheat or card whose act cannot be done is not offered, and a
    player who gains a set on another's turn may build before the next roll; its p is still below 0.05, now below
    0.001.)"""
    words = cheating.play(100, 91, tmp_path / "games.duckdb").verdict()
    assert words.startswith("The model expects 2,911.8 of the 3,617 attempts to be caught; 2,990 were")
    assert "z = +3.68, p < 0.001" in words and "some evidence against the model" in words
    assert "about 1 seed in 20 gives p below 0.05" in words and "do not behave" not in words


def test_the_cheating_exercise_by_hand():
    ex = cheating.exercise()
    assert "chance 40%" in ex.question
    # (two opponents, not three: the page above the exercise shows three by default, and so gave the answer)
    assert ex.answer == ("1. Caught with chance 2/5 (40%); on average +£50.00.  2. Caught with chance 16/25 (64.0%); "
                         "on average -£10.00: worth it against one opponent, not against two.")
    assert "(1 - 2/5)^2 = 9/25" in ex.working and "9/25 x 150 - 16/25 x 100 = 54.0 - 64.0" in ex.working
    assert "= 3/5 (60%)" in ex.working


def test_the_comeback_rate_bar_is_wilsons_interval_inside_0_to_100():
    # 0 comebacks in 20 games: Wilson's interval at 95% is 0 to z^2/(n + z^2) = 3.8416/23.8416 = 16.1%, worked
    # by hand (the old normal bar, 2 sqrt(p (1 - p) / n), was zero wide there); 20 of 20 mirrors it.
    from monopoly_core.viz.lesson_games import variants_figure
    rows = [{"rules": name, "rounds per game": 30.0, "Gini of net worth": 0.5, "games counted for comebacks": 20,
             "comebacks": k, "comeback rate": k / 20} for name, k in (("none", 0), ("all", 20), ("half", 10))]
    fig = variants_figure(rows, {r["rules"]: (1.0, 0.01) for r in rows}, chance=0.25)
    bar = fig.data[2].error_y
    top = 3.8416 / 23.8416
    assert bar.symmetric is False
    assert bar.array[0] == pytest.approx(top, abs=1e-4) and bar.arrayminus[0] == 0
    assert bar.array[1] == 0 and bar.arrayminus[1] == pytest.approx(top, abs=1e-4)
    # 10 of 20: centre 0.5, half 1.96 / (1 + 3.8416/20) * sqrt(0.25/20 + 3.8416/1600) = 1.6442 * 0.12207 = 0.2007
    assert bar.array[2] == pytest.approx(0.2007, abs=1e-4) == bar.arrayminus[2]
