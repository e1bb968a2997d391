"""Bots: legal answers to every decision kind (checked by step() in every invariant run), seeded, and
meaningfully different strengths."""
from monopoly_core import Game, bots, preset


def _wins(mix, games=30, edition="classic-us"):
    wins = [0] * len(mix)
    for seed in range(games):
        g = Game.new(preset(edition), bots(mix), seed=seed)
        g.run()
        if g.winner >= 0:
            wins[g.winner] += 1
    return wins


def test_a_bot_game_is_reproducible_from_its_seed():
    a = Game.new(preset("classic-us"), bots(["random", "random"]), seed=4)
    b = Game.new(preset("classic-us"), bots(["random", "random"]), seed=4)
    a.run()
    b.run()
    assert a.history == b.history


def test_set_builders_beat_the_simple_strategies_with_seats_rotated():
    # Seat position matters in bot games, so the seating rotates every game. Seeded: fixed counts.
    from collections import Counter
    from monopoly_core import STANDARD
    wins = Counter()
    mix = list(STANDARD)
    for seed in range(240):
        k = seed % 4
        g = Game.new(preset("classic-us"), bots(mix[k:] + mix[:k]), seed=seed)
        g.run()
        wins[g.players[g.winner].strategy] += 1
    for strong in ("strategist", "set-collector"):
        for simple in ("always-buy", "cautious"):
            assert wins[strong] > wins[simple], wins


def test_strategic_bots_beat_random_play():
    # Seeded, so the counts are fixed numbers; the margin is wide so the rules can change a little without
    # flipping the result.
    wins = _wins(["strategist", "random", "random", "random"])
    assert wins[0] > sum(wins) / 2, wins
    wins = _wins(["set-collector", "random", "random", "random"])
    assert wins[0] > sum(wins) / 2, wins
