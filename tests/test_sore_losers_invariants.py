"""Invariant runs for Monopoly for Sore Losers (issue 16): the classic invariants plus the edition's own, checked
after every step of seeded bot games (seed ../shared/seeds/000_e69c306a8b2b524d.txt):

* 000 CONTENTS "30 Cardboard Sore Loser Coins": the coins held plus the bank's are always 30, and each player's
  coins are the sum of their coin events;
* 000 "You can never have more than four sore loser coins at a time";
* one Mr Monopoly token: at most one holder, never a bankrupt player;
* 000 "That player may not move until their token is free": a player trapped before and after a step has not moved;
* 000 "Once buildings are built, they must stay on their street for the rest of the game": no building level ever
  goes down and no building is sold.
"""
import pytest

from invariants import check
from monopoly_core import Game, bots, preset
from monopoly_core import events as E
from monopoly_core.editions import sore_losers_state as st

MIXES = {
    "random4": ["random"] * 4,
    "mixed": ["random", "strategist", "set-collector", "cautious"],
    "standard": ["strategist", "set-collector", "cautious", "always-buy"],
    "random6": ["random"] * 6,
    "heads-up": ["strategist", "always-buy"],
}
VARIANTS = {"printed": {}, "classic-decks": dict(chance_deck="uk-chance", chest_deck="uk-chest"),
            "scarce-houses": dict(houses=8, hotels=2)}


def sore_loser_problems(g, before) -> list[str]:
    out = []
    t = st.table(g)
    held = [st.coins(g, p.seat) for p in g.players]
    if sum(held) + t.supply != g.rules.coins:
        out.append(f"coins not conserved: {held} held + {t.supply} in the bank != {g.rules.coins}")
    if max(held) > g.rules.max_coins or min(held) < 0:
        out.append(f"coins out of range: {held}")
    if t.mr >= 0 and g.players[t.mr].bankrupt:
        out.append("a bankrupt player holds the Mr Monopoly token")
    if t.mr >= 0 and held[t.mr] > g.rules.max_coins:
        out.append("Mr Monopoly holds too many coins")
    positions, levels, trapped = before
    for seat in trapped:
        if st.is_trapped(g, seat) and g.players[seat].position != positions[seat]:
            out.append(f"trapped player {seat} moved from {positions[seat]} to {g.players[seat].position}")
    for s, (old, new) in enumerate(zip(levels, g.level)):
        if new < old:
            out.append(f"the buildings on square {s} went down from {old} to {new}")
    return out


def snapshot(g):
    return [p.position for p in g.players], list(g.level), st.trapped_seats(g)


@pytest.mark.parametrize("mix, variant", [(m, v) for m in MIXES for v in VARIANTS])
def test_sore_loser_invariants_hold_after_every_step(mix, variant):
    for seed in range(2):
        g = Game.new(preset("sore-losers", **VARIANTS[variant]), bots(MIXES[mix]), seed=seed)
        steps = 0
        before = snapshot(g)
        while not g.over:
            g.step()
            steps += 1
            problems = check(g) + sore_loser_problems(g, before)
            assert not problems, f"seed {seed}, step {steps}: {problems}"
            before = snapshot(g)
        assert g.end_reason in E.END_REASONS and g.log.kind[-1] == E.END
        assert E.SELL not in g.log.kind


def test_each_players_coins_are_recomputed_from_the_coin_events_alone():
    for seed in range(6):
        g = Game.new(preset("sore-losers"), bots(["random", "strategist", "set-collector"]), seed=seed)
        g.run()
        held = [0] * len(g.players)
        for ev in g.log:
            if ev.kind == E.COIN:
                if ev.player >= 0:
                    held[ev.player] += ev.amount
                if ev.other >= 0:
                    held[ev.other] -= ev.amount
        assert held == [st.coins(g, p.seat) for p in g.players]


def test_every_strategy_finishes_sore_loser_games_by_one_of_the_two_ends():
    # 001 End of the Game: "There are two ways a game of Monopoly for Sore Losers may end": the last player standing,
    # or the final lap once every property is bought
    from monopoly_core import STRATEGIES
    reasons = set()
    for s in STRATEGIES:
        for seed in range(4):
            g = Game.new(preset("sore-losers"), bots([s, s, "cautious"]), seed=seed)
            g.run()
            assert g.over
            reasons.add(g.end_reason)
    assert reasons <= {"final_lap", "last_player_standing"} and "final_lap" in reasons


def test_every_coin_and_token_event_is_told_in_words():
    # the Play page's feed and the CLI log narrate the edition's events (events.KINDS names their codes)
    from monopoly_core.narrate import describe
    seen = set()
    for seed in range(4):
        g = Game.new(preset("sore-losers"), bots(["random", "strategist", "always-buy"]), seed=seed)
        g.run()
        for ev in g.log:
            if ev.kind in (E.COIN, E.MR_MONOPOLY, E.TRAP, E.FREE_HOUSE):
                text = describe(ev, g)
                assert not text.startswith(E.KIND_NAMES[ev.kind]) and text.endswith("."), text
                seen.add(ev.kind)
    assert seen == {E.COIN, E.MR_MONOPOLY, E.TRAP, E.FREE_HOUSE}
