"""Invariant runs for the Cheaters Edition (issue 17): after every step of bot games, 16 hotels in all, no houses,
one prisoner at most, at most one held card of each deck, every card somewhere, and money conserved through the
cheats' acts, rewards and penalties; every game ends, and replays exactly."""
import pytest

from monopoly_core import Game, bots, preset
from monopoly_core import events as E

TABLES = (("strategist", "set-collector", "cautious", "always-buy"), ("random", "random", "cautious"),
          ("random", "strategist"), ("always-buy", "random", "set-collector", "random", "cautious", "strategist"))


def violations(g: Game) -> list[str]:
    out = []
    hotels = sum(1 for lv in g.level if lv == 1)
    if hotels + g.hotels_left != g.rules.hotels or g.hotels_left < 0:
        out.append(f"hotels: {hotels} placed + {g.hotels_left} in the bank != {g.rules.hotels}")
    if g.houses_left != 0 or any(lv > 1 for lv in g.level):
        out.append("a house, or more than a hotel on a street")
    prisoners = [p.seat for p in g.players if p.in_jail]
    if len(prisoners) > 1:
        out.append(f"more than one prisoner: {prisoners}")
    for p in g.players:
        kinds = [k for k, _ in p.cards]
        if len(kinds) != len(set(kinds)):
            out.append(f"{p.name} holds two cards of one deck: {p.cards}")
    for kind, cards in g.deck_cards.items():
        held = [i for p in g.players for k, i in p.cards if k == kind]
        if g.extra.choosing is not None and g.extra.choosing[0] == kind:
            held.append(g.extra.choosing[1])        # a second card, while its drawer chooses which to keep
        if sorted(list(g.decks[kind]) + held) != list(range(len(cards))):
            out.append(f"the {kind} cards are not all in the deck or in hand")
    if g.money_in_play() != g.bank_paid - g.bank_received:
        out.append("money not conserved")
    return out


@pytest.mark.parametrize("table", TABLES)
@pytest.mark.parametrize("ultimate", (False, True))
def test_invariants_hold_after_every_step(table, ultimate):
    # seed 003_2efce0b9b7f6c0c4.txt: "16 Hotels"; "Free them and take their place!"; "You may only have one Chance
    # and one Community Chest card at a time"
    for seed in range(2):
        g = Game.new(preset("cheaters", ultimate_cheats=ultimate), bots(list(table)), seed)
        steps = 0
        while not g.over:
            g.step()
            steps += 1
            problems = violations(g)
            assert not problems, f"seed {seed} step {steps}: {problems}"
        assert g.end_reason in ("last_player_standing", "final_lap", "turn_limit")


def test_cheats_are_attempted_revealed_and_caught_in_bot_games():
    # seed 003: "If no one catches you ... Collect the reward"; "If the accused cheat is guilty, they must take the
    # penalty"
    kinds = {E.OUTCOME_REVEALED: 0, E.OUTCOME_CAUGHT: 0}
    reasons = set()
    for seed in range(12):
        g = Game.new(preset("cheaters"), bots(list(TABLES[0])), seed)
        g.run()
        for e in g.log:
            if e.kind == E.CHEAT_OUTCOME and e.detail in kinds:
                kinds[e.detail] += 1
            if e.kind == E.PAY:
                reasons.add(e.detail)
    assert kinds[E.OUTCOME_REVEALED] > 0 and kinds[E.OUTCOME_CAUGHT] > 0
    assert {E.R_CHEAT, E.R_CHEAT_REWARD, E.R_CHEAT_PENALTY} <= reasons


def test_games_end_by_the_final_lap_or_the_last_player_and_replay_exactly():
    # seed 003 END OF THE GAME: "The game ends when all the Properties have been purchased and each player makes it
    # back to the GO space ... The player with the most cash wins!"
    reasons = set()
    for seed in range(30):
        g = Game.new(preset("cheaters"), bots(list(TABLES[seed % 2])), seed)
        g.run()
        assert g.over
        reasons.add(g.end_reason)
        if seed < 4:
            assert Game.replay(g.history).log.signature() == g.log.signature()
    assert {"final_lap", "last_player_standing"} <= reasons
