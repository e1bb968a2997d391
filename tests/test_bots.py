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


def test_the_strategist_beats_set_collector_heads_up_with_seats_swapped():
    # Issue 2 asks for "one stronger strategy of your design". Heads-up, seats swapped every game: over 4,000
    # games the strategist won 63% (README, "Bots"). Seeded, so the count is fixed; 400 games put the margin
    # far outside chance (a fair coin gives more than 230 of 400 about once in 900 tries; these seeds give 248).
    wins = 0
    for seed in range(400):
        mix = ["strategist", "set-collector"] if seed % 2 == 0 else ["set-collector", "strategist"]
        g = Game.new(preset("classic-us"), bots(mix), seed=seed)
        g.run()
        wins += g.players[g.winner].strategy == "strategist"
    assert wins > 230, wins


def test_strategic_bots_beat_random_play():
    # Seeded, so the counts are fixed numbers; the margin is wide so the rules can change a little without
    # flipping the result.
    wins = _wins(["strategist", "random", "random", "random"])
    assert wins[0] > sum(wins) / 2, wins
    wins = _wins(["set-collector", "random", "random", "random"])
    assert wins[0] > sum(wins) / 2, wins


def test_a_cached_plan_and_building_options_always_equal_fresh_ones():
    # Bots keep their analysis of their holdings until the engine's holdings_version for their seat moves
    # (their deeds, their mortgages, the owners in the colour groups they hold part of). If the engine missed
    # a change, a bot would act on a stale plan: after every step of these games, each bot's cached plan must
    # equal one worked out from scratch by a new bot of the same strategy.
    from monopoly_core.bots import make_bot
    fields = ("sets", "mortgaged", "near", "lone", "set_squares", "lifts")
    mixes = (["set-collector", "strategist", "random", "cautious"], ["random"] * 5 + ["always-buy"],
             ["strategist", "set-collector"])
    for seed, mix in enumerate(mixes):
        g = Game.new(preset("classic-uk" if seed % 2 else "classic-us"), bots(mix), seed=seed)
        checked = checked_builds = 0
        while not g.over:
            g.step()
            for seat, bot in g.bots.items():
                cached = bot._plan
                if cached is None or bot._plan_seat != seat or cached.version != g.holdings_version[seat]:
                    continue            # not cached now: the next plan() rebuilds it anyway
                new_bot = make_bot(g.specs[seat].strategy, "fresh")
                fresh = new_bot.plan(g, seat)
                assert [getattr(cached, f) for f in fields] == [getattr(fresh, f) for f in fields], \
                    f"seed {seed}, ply {g.ply}, seat {seat}"
                checked += 1
                # the building options are cached too (per game version)
                if bot._builds_version == g.version and bot._builds_seat == seat:
                    new_bot._update_builds(g, seat)
                    assert bot._build_options == new_bot._build_options, f"seed {seed}, ply {g.ply}, seat {seat}"
                    checked_builds += 1
        assert checked > 100 and checked_builds > 20, (checked, checked_builds)


def test_the_bots_rent_exposure_reads_a_cheaters_hotel_at_its_hotel_rent():
    # an outside audit: the estimate read rents[level], and a Cheaters hotel is level 1, so the bots kept a reserve
    # for a one-house rent (003: "For Properties with a Hotel, collect rent for a Hotel"; data/boards/cheaters-uk:
    # the hotel rent is rents[5])
    from cheaters_table import cheaters
    from monopoly_core.bots.base import rent_exposure, rent_exposure_of_others
    g = cheaters(2)
    g.arrange().deed(37, 1).deed(39, 1, level=1)           # Park Lane and Mayfair, a hotel on Mayfair
    hotel_rent = g.board.squares[39].rents[5]
    assert hotel_rent > g.board.squares[39].rents[1]
    assert rent_exposure(g)[1] == hotel_rent and rent_exposure_of_others(g)[0] == hotel_rent


def test_the_random_bot_bids_no_more_than_an_action_can_hold_and_no_more_than_its_cash():
    """An outside hostile review: with more than 2**31 - 1 in cash near the top of an auction, the random bot drew
    a bid past the largest amount an action holds (an illegal answer); with less cash than the lowest bid it would
    bid the lowest bid anyway. It passes when it cannot bid."""
    from monopoly_core import actions as A
    from monopoly_core import decisions as D
    from tests.scenario import roll, table, until
    for cash, start in ((3 * 10**9, A.LIMIT - 400), (3 * 10**9, A.LIMIT - 1), (500, 300), (500, 500)):
        g = table(2, bots={1: "random"})
        g.arrange().cash(0, cash).cash(1, cash)
        roll(g, (1, 2))
        until(g, D.BUY)
        g.act(A.Action(A.DECLINE))
        until(g, D.BID)
        bids = []
        g.act(A.Action(A.BID, amount=start))
        while not g.over and g.pending is not None and g.pending.kind == D.BID:
            if g.pending.player == 1:
                g.step()
                answer = g.history.actions[-1]
                if answer.kind == A.BID:
                    bids.append(answer.amount)
                continue
            top = min(cash, A.LIMIT)
            g.act(A.Action(A.BID, amount=g.pending.minimum) if g.pending.minimum <= top else A.Action(A.PASS))
        assert g.owner[3] in (0, 1) and g.pending.kind != D.BID
        assert all(b <= min(cash, A.LIMIT) for b in bids), bids
