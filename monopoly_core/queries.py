"""Ready-made questions a class would ask of the game database: each a named SQL query with a one-line
description and a suggested chart. They run through the same safe runner as typed queries
(:func:`monopoly_core.sqlsafe.run_query`) and answer in well under a second on 10,000 games.

>>> QUESTIONS["win_rate_by_strategy"].chart.kind
'bar'
"""
from __future__ import annotations

from dataclasses import dataclass

CHART_KINDS = ("bar", "line", "scatter", "pie", "histogram")


@dataclass(frozen=True)
class Chart:
    """A suggested chart: ``x`` and ``y`` column names and a kind (one of :data:`CHART_KINDS`)."""

    x: str
    y: str
    kind: str = "bar"
    color: str | None = None


@dataclass(frozen=True)
class Question:
    name: str
    title: str
    description: str
    sql: str
    chart: Chart


#: The board most games in the database were played on (questions about squares use it).
_MAIN_BOARD = "(SELECT board FROM games GROUP BY board ORDER BY count(*) DESC, board LIMIT 1)"

_LIST = [
    Question(
        "squares_landed_most", "Which squares are landed on most?",
        "Share of all landings (dice and card moves, and trips to jail) per square, on the most played board.",
        f"""SELECT square, square_name, format('{{}} ({{}})', square_name, square) AS label, colour_group, landings,
       round(100 * share, 2) AS percent
FROM landings_per_square
WHERE board = {_MAIN_BOARD}
ORDER BY landings DESC""",
        Chart("label", "percent", "bar")),
    Question(
        "win_rate_by_strategy", "Which bot strategy wins most often?",
        "Share of finished games won, per bot strategy, with the number of seats it played.",
        """SELECT strategy, count(*) AS seats, count(*) FILTER (WHERE won) AS wins,
       round(avg(won::INTEGER), 3) AS win_rate
FROM player_results
WHERE finished AND kind = 'bot'
GROUP BY strategy
ORDER BY win_rate DESC""",
        Chart("strategy", "win_rate", "bar")),
    Question(
        "game_length_by_preset", "How long is a game under each preset?",
        "Average and median rounds and turns of finished games, per preset and number of players.",
        """SELECT preset, players, count(*) AS games, round(avg(rounds), 1) AS avg_rounds,
       median(rounds) AS median_rounds, round(avg(turns), 1) AS avg_turns
FROM games
WHERE finished
GROUP BY preset, players
ORDER BY preset, players""",
        Chart("preset", "avg_rounds", "bar", color="players")),
    Question(
        "first_player_wins", "How often does the first player win?",
        "Share of finished games won by whoever played first, against a fair share of 1 / players.",
        """SELECT table_size AS players, count(*) AS games, round(avg(won::INTEGER), 3) AS first_player_win_rate,
       round(1 / table_size, 3) AS fair_share
FROM player_results
WHERE finished AND play_order = 0
GROUP BY table_size
ORDER BY players""",
        Chart("players", "first_player_win_rate", "bar")),
    Question(
        "rent_by_colour_group", "Which colour groups collect the most rent?",
        "Total and average rent paid per colour group (railroads and utilities by kind), over all games.",
        """SELECT coalesce(colour_group, square_kind) AS colour_group, sum(payments)::BIGINT AS payments,
       sum(total_rent)::BIGINT AS total_rent, round(sum(total_rent) / sum(payments), 1) AS average_rent,
       round(sum(total_rent) / (SELECT count(*) FROM games), 1) AS rent_per_game
FROM rent_per_square
GROUP BY ALL
ORDER BY total_rent DESC""",
        Chart("colour_group", "total_rent", "bar")),
    Question(
        "richest_share_over_time", "How much of the wealth does the richest player hold, round by round?",
        "Average share of all net worth held by the richest player at the end of each round (games still "
        "running at that round).",
        """SELECT round, count(*) AS games_running, round(avg(richest_share), 4) AS richest_share
FROM wealth_share
GROUP BY round
ORDER BY round""",
        Chart("round", "richest_share", "line")),
    Question(
        "turn_limit_games", "How many games hit the turn limit?",
        "Games that ended at the turn limit rather than with one player left, per preset and limit.",
        """SELECT preset, turn_limit, count(*) AS games,
       count(*) FILTER (WHERE end_reason = 'turn_limit') AS hit_limit,
       round(avg((end_reason = 'turn_limit')::INTEGER), 3) AS share
FROM games
WHERE finished
GROUP BY preset, turn_limit
ORDER BY preset, turn_limit""",
        Chart("preset", "share", "bar", color="turn_limit")),
    Question(
        "money_flows", "Where does the money come from and go?",
        "Every payment by reason, source and destination (player, bank or Free Parking pot).",
        """SELECT reason, source, destination, payments, total, round(average, 1) AS average
FROM money_flows
ORDER BY total DESC""",
        Chart("reason", "total", "bar", color="source")),
    Question(
        "most_profitable_squares", "Which squares earn their owners the most rent?",
        "Rent collected per square on the most played board, with the price of the square.",
        f"""SELECT square, square_name, colour_group, payments, total_rent, price,
       round(total_rent / (SELECT count(*) FROM games WHERE board = {_MAIN_BOARD}), 1) AS rent_per_game
FROM rent_per_square
WHERE board = {_MAIN_BOARD}
ORDER BY total_rent DESC""",
        Chart("square_name", "total_rent", "bar")),
    Question(
        "dice_totals", "Are the dice fair?",
        "How often each dice total was rolled, against the exact chance for two six-sided dice.",
        """SELECT amount AS total, count(*) AS rolls, round(count(*) / sum(count(*)) OVER (), 4) AS share,
       round((6 - abs(amount - 7)) / 36, 4) AS two_dice_chance
FROM events
WHERE kind = 'roll'
GROUP BY amount
ORDER BY total""",
        Chart("total", "share", "bar")),
    Question(
        "leaving_jail", "How do players get out of jail?",
        "How often players leave jail by rolling doubles, paying the fine, using a card or after three tries.",
        """SELECT split_part(detail, ' ', 1) AS how, count(*) AS times,
       round(count(*) / sum(count(*)) OVER (), 3) AS share
FROM events
WHERE kind = 'jail_out'
GROUP BY how
ORDER BY times DESC""",
        Chart("how", "times", "pie")),
    Question(
        "bankruptcy_timing", "When do players go bankrupt?",
        "Bankruptcies per band of 25 turns, over all games.",
        """SELECT (bankrupt_turn // 25) * 25 AS from_turn, count(*) AS bankruptcies
FROM players
WHERE bankrupt
GROUP BY from_turn
ORDER BY from_turn""",
        Chart("from_turn", "bankruptcies", "bar")),
    Question(
        "cards_drawn", "Which cards are drawn, and what do they do?",
        "How often each Chance and Community Chest card was drawn.",
        """WITH draws AS (
    SELECT game, counterparty AS deck_code, detail, count(*) AS n
    FROM events WHERE kind = 'card' GROUP BY ALL)
SELECT c.deck, c.card, c.text, c.effect, sum(d.n)::BIGINT AS draws
FROM draws d JOIN games g ON g.id = d.game
JOIN cards c ON c.deck = CASE WHEN d.deck_code = 0 THEN g.chance_deck ELSE g.chest_deck END
            AND c.card = TRY_CAST(split_part(d.detail, ' ', 2) AS SMALLINT)
GROUP BY ALL
ORDER BY draws DESC""",
        Chart("text", "draws", "bar", color="deck")),
]

#: Name -> question, in the order the site lists them.
QUESTIONS: dict[str, Question] = {q.name: q for q in _LIST}
