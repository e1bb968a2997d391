"""The board as a Markov chain: exact analysis from the same rules data the engine plays with.

>>> from monopoly_core import preset
>>> from monopoly_core.markov import stationary
>>> d = stationary(preset("classic-us"), jail="long", quantity="per-roll")
>>> d.quantity, d.top(1)[0][1]
('per-roll', 'In Jail')

Modules, one job each: :mod:`.builder` builds and solves the chain (its docstring lists every assumption),
:mod:`.quantities` names what the numbers mean (``per-roll``, ``end-of-turn``, ``visits-per-turn``) and gives
the distribution after n turns, :mod:`.income` expected rents and payback, :mod:`.graph` the networkx view,
:mod:`.sim` the engine experiment and the counting of logged events, :mod:`.stats` the tests, :mod:`.explain`
the sentences for students, :mod:`.tables` the rows of every table the site shows (and downloads as CSV).
"""
from .builder import (HANDS, JAIL_POLICIES, UK_CARD_POLICIES, Chain, State, build_uncached, chain, hands_of,
                      has_fine_or_draw, jail_policy_played)
from .explain import (describe_comparison, describe_convergence, describe_distribution, describe_one_roll,
                      describe_payback)
from .graph import transition_graph
from .income import STREET_LEVELS, Income, PaybackRow, RentRow, income
from .quantities import (END_OF_TURN, JAIL_FIGURES, JAIL_STATE, MAX_TURNS, MEANING, PER_ROLL, QUANTITIES, VISITS_PER_TURN,
                         Distribution, after_turns, convergence, lumped_matrix, one_roll, rolls_per_turn, stationary,
                         turn_matrix)
from .sim import MAX_ROLLS, Empirical, MovementPolicy, count_events, simulate_rolls
from .stats import (ChiSquare, chance_distance, chi2_sf, chi_square, gamma_p, gamma_q, markov_chi_square,
                    path_covariance, path_standard_errors, total_variation)
from .tables import convergence_table, payback_table, ranking_table, rents_table, to_csv

__all__ = ["HANDS", "hands_of", "JAIL_POLICIES", "UK_CARD_POLICIES", "Chain", "State", "build_uncached", "chain",
           "has_fine_or_draw", "jail_policy_played",
           "describe_comparison", "describe_convergence", "describe_distribution", "describe_one_roll",
           "describe_payback", "transition_graph", "STREET_LEVELS", "Income", "PaybackRow", "RentRow", "income",
           "END_OF_TURN", "JAIL_FIGURES", "JAIL_STATE", "MAX_TURNS", "MAX_ROLLS", "MEANING", "PER_ROLL", "QUANTITIES",
           "VISITS_PER_TURN", "Distribution", "after_turns", "convergence", "lumped_matrix", "one_roll",
           "rolls_per_turn", "stationary", "turn_matrix", "Empirical", "MovementPolicy", "count_events",
           "simulate_rolls", "ChiSquare", "chance_distance", "chi2_sf", "chi_square", "gamma_p", "gamma_q",
           "markov_chi_square", "path_covariance", "path_standard_errors", "total_variation", "convergence_table",
           "payback_table", "ranking_table", "rents_table", "to_csv"]
