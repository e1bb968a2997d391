"""The Markov chain for the Cheaters Edition (issue 17): stations that send a token on to the next station and Free
Parking that draws a card change where tokens rest; the rows sum to one, the chain agrees with the engine's
movement, and the Markov page shows the Cheaters board against the classic board."""
import numpy as np
from apptest_helpers import open_page, texts

from monopoly_core import markov as M
from monopoly_core import preset

STATIONS = (5, 15, 25, 35)


def chain():
    return M.chain(preset("cheaters"))


def test_every_row_sums_to_one():
    ch = chain()
    assert np.allclose(ch.matrix.sum(axis=1), 1.0) and abs(ch.pi.sum() - 1.0) < 1e-12


def test_a_station_sends_the_token_on_to_the_next_station_and_ends_the_turn():
    # seed 003_2efce0b9b7f6c0c4.txt: "When you land here, move to the next station space and end your turn."
    ch = chain()
    lay = ch.layout
    row = ch.matrix[lay.index(1, 0)]                   # from Old Kent Road, a 4 lands on King's Cross
    assert row[lay.index(15, 0)] >= 3 / 36 - 1e-12    # every 4, the double 2+2 included, rests at Marylebone...
    assert row[lay.index(15, 1)] == 0.0                # ...with the turn over
    assert all(row[lay.index(5, k)] == 0.0 for k in range(lay.K))   # nobody rests where they landed
    classic = M.chain(preset("classic-uk"))
    assert classic.matrix[lay.index(1, 0), lay.index(5, 1)] > 0       # the classic board: 2+2 rolls again


def test_free_parking_draws_a_card_that_may_move_the_token():
    # seed 003: "Free Parking: Opportunity is everywhere ... Draw a Chance or Community Chest card!"
    ch = chain()
    lay = ch.layout
    row = ch.matrix[lay.index(17, 0)]                  # a 3 (1+2 or 2+1) from Community Chest reaches Free Parking
    movers = sum(1 for c in ch_deck() if c.moves)      # the Chance cards that move a token (6 of 16)
    # drawn from the 14 cards left in the deck while two players keep one each (markov/builder.py "Cards kept")
    assert abs(row[lay.index(20, 0)] - 2 / 36 * (14 - movers) / 14) < 1e-12
    classic = M.chain(preset("classic-uk"))
    assert abs(classic.matrix[lay.index(17, 0), lay.index(20, 0)] - 2 / 36) < 1e-12   # classic: it rests there


def ch_deck():
    from monopoly_core.cards import load_deck
    return load_deck(preset("cheaters").chance_deck).cards


def test_the_chain_agrees_with_the_engines_movement():
    # 40,000 engine rolls of movement-only players on the Cheaters board (seeded): close to the Cheaters chain,
    # further from the classic one, and no significant difference by the Markov chi-square test
    rules = preset("cheaters")
    emp = M.simulate_rolls(rules, 40_000, seed=3)
    mine = M.stationary(rules).values()
    classic = M.stationary(preset("classic-uk")).values()
    tv = M.total_variation(emp.counts, mine)
    assert tv < 0.02 and tv < M.total_variation(emp.counts, classic) / 2
    assert M.markov_chi_square(emp.counts, chain()).p_value > 0.001


def test_the_markov_page_shows_the_cheaters_board_against_the_classic_board():
    at = open_page("pages/markov.py")
    at.selectbox(key="mk_preset").set_value("cheaters").run()
    assert not at.exception, [e.value for e in at.exception]
    assert "The Cheaters board against the classic board" in texts(at)
    assert "A station sends a token on to the next station" in texts(at)
