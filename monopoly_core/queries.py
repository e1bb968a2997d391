"""Ready-made questions a class would ask of the game database: each a named SQL query with a one-line
description and a suggested chart. They run through the same safe runner as typed queries
(:func:`monopoly_core.sqlsafe.run_query`) and answer in well under a second on 10,000 games.

Every question can be asked of all games or of one simulation batch (:meth:`Question.sql_for`): a class that
simulates one experiment per batch compares like with like, however many other games the file holds.

>>> QUESTIONS["win_rate_by_strategy"].chart.kind
'bar'
>>> "batch = 3" in QUESTIONS["dice_totals"].sql_for(3)
True
"""
from __future__ import annotations

from dataclasses import dataclass

from . import events as E
from .records import FIXED, ROTATED
from .store import COMPARISON

CHART_KINDS = ("bar", "line", "scatter", "pie", "histogram")


@dataclass(frozen=True)
class Chart:
    """A suggested chart: ``x`` and ``y`` column names and a kind (one of :data:`CHART_KINDS`); ``reference``
    names a column of exact or expected values to draw over the bars (e.g. the dice's exact chances); ``interval``
    the counts a share is made of, for its confidence interval."""

    x: str
    y: str
    kind: str = "bar"
    color: str | None = None
    reference: str | None = None
    #: (successes, trials): the columns whose ratio ``y`` is (a win rate: wins of seats), for Wilson's confidence
    #: interval around each value (:func:`monopoly_core.viz.results.result_figure` draws it as an error bar)
    interval: tuple[str, str] | None = None


def _scope(batch: int | None) -> dict[str, str]:
    """The pieces of SQL that narrow a question to the games of one batch (all empty for all games).

    ``and_game``/``where_game`` filter rows that have a ``game`` column, ``and_batch``/``where_batch`` rows of
    ``games`` itself, and ``main_board`` is the board most of those games were played on (questions about
    squares use it).
    """
    if batch is None:
        where_batch = and_batch = and_game = where_game = ""
    else:
        if isinstance(batch, bool) or not isinstance(batch, int):
            raise TypeError(f"a batch is a whole number, got {batch!r}")
        in_batch = f"game IN (SELECT id FROM games WHERE batch = {batch})"
        where_batch, and_batch = f" WHERE batch = {batch}", f" AND batch = {batch}"
        and_game, where_game = f"\n  AND {in_batch}", f"\nWHERE {in_batch}"
    main_board = f"(SELECT board FROM games{where_batch} GROUP BY board ORDER BY count(*) DESC, board LIMIT 1)"
    return dict(where_batch=where_batch, and_batch=and_batch, and_game=and_game, where_game=where_game,
                main_board=main_board)


@dataclass(frozen=True)
class Question:
    """A ready-made question: ``template`` is its SQL with the scope fields of :func:`_scope` left open."""

    name: str
    title: str
    description: str
    template: str
    chart: Chart
    #: the edition whose games the question is about ("" for every edition's): its answer is empty (zeros)
    #: without such games
    edition: str = ""

    def sql_for(self, batch: int | None = None) -> str:
        """The question's SQL over all games (``batch`` None) or over the games of simulation batch ``batch``."""
        return self.template.format(**_scope(batch))

    @property
    def sql(self) -> str:
        """The question asked of every game in the database."""
        return self.sql_for(None)

#: Said by the questions that count per preset: a game under house rules is counted with the preset it started from
#: (a browser review compared classic-uk with a house rule on the Rules page; "How long is a game under each
#: preset?" then gave one classic-uk row of both, 53.7 rounds, where they played 53.4 and 55.3).
MIXED = ("Games under house rules count with the preset they started from: rule_sets says how many different rule "
         "sets a row holds (choose one batch in Ask about to keep an experiment's games apart).")

#: How the board of a one-board question is chosen when boards tie (a browser review, with 100 games on each of
#: two boards, was shown the second board's squares with no word of the first).
_TIED_BOARDS = ("of two boards with as many games, the first by name: choose a batch in Ask about for another "
                "board")

_LIST = [
    Question(
        "squares_landed_most", "Which squares are landed on most?",
        "Share of all landings (dice and card moves, and trips to jail) per square, on the most played board (named "
        f"in the last column; {_TIED_BOARDS}). A landing on Chance counts even when its card sends the token on, so "
        "Chance is landed on more often than a token rests there (the Markov page's per-roll share), and a stay in jail is "
        "one landing however many turns it lasts (the Markov page counts each roll of it).",
        """WITH chosen AS (SELECT id FROM games WHERE board = {main_board}{and_batch}),
landed AS (
    SELECT square, count(*) AS landings FROM events
    WHERE kind IN ('move', 'jail_in') AND game IN (SELECT id FROM chosen) GROUP BY square)
SELECT l.square, s.name AS square_name, format('{{}} ({{}})', s.name, l.square) AS label, s.colour_group, l.landings,
       round(100 * l.landings / sum(l.landings) OVER (), 2) AS percent, s.board
FROM landed l JOIN squares s ON s.board = {main_board} AND s.square = l.square
ORDER BY landings DESC""",
        Chart("label", "percent", "bar")),
    Question(
        "win_rate_by_strategy", "Which bot strategy wins most often?",
        "Share of finished games won, per bot strategy, with the number of seats it played (each game's players "
        "table says which strategy sat in which seat, so batches whose bots change seats are counted right).",
        """SELECT strategy, count(*) AS seats, count(*) FILTER (WHERE won) AS wins,
       round(avg(won::INTEGER), 3) AS win_rate
FROM player_results
WHERE finished AND kind = 'bot'{and_game}
GROUP BY strategy
ORDER BY win_rate DESC""",
        Chart("strategy", "win_rate", "bar", interval=("wins", "seats"))),
    Question(
        "win_rate_by_seat", "Does the seat matter?",
        "Share of finished games won from each seat, against a fair share of 1 / players. In a batch whose bots "
        "change seats every game (seating rotated) every strategy sits in every seat equally often, so a seat "
        "that wins more than its share is a good seat, not a good bot in it.",
        """SELECT format('seat {{}} of {{}}', seat + 1, table_size) AS seat, count(*) AS games,
       count(*) FILTER (WHERE won) AS wins, round(avg(won::INTEGER), 3) AS win_rate,
       round(1 / table_size, 3) AS fair_share
FROM player_results
WHERE finished{and_game}
GROUP BY table_size, player_results.seat
ORDER BY table_size, player_results.seat""",
        Chart("seat", "win_rate", "bar", reference="fair_share", interval=("wins", "games"))),
    Question(
        "game_length_by_preset", "How long is a game under each preset?",
        "Average and median rounds and turns of finished games, per preset and number of players. " + MIXED,
        """SELECT preset, players, count(*) AS games, round(avg(rounds), 1) AS avg_rounds,
       median(rounds) AS median_rounds, round(avg(turns), 1) AS avg_turns,
       count(DISTINCT rules::VARCHAR) AS rule_sets
FROM games
WHERE finished{and_batch}
GROUP BY preset, players
ORDER BY preset, players""",
        Chart("preset", "avg_rounds", "bar", color="players")),
    Question(
        "first_player_wins", "How often does the first player win?",
        "Share of finished games won by whoever played first, against a fair share of 1 / players.",
        """SELECT table_size AS players, count(*) AS games, count(*) FILTER (WHERE won) AS wins,
       round(avg(won::INTEGER), 3) AS first_player_win_rate, round(1 / table_size, 3) AS fair_share
FROM player_results
WHERE finished AND play_order = 0{and_game}
GROUP BY table_size
ORDER BY players""",
        Chart("players", "first_player_win_rate", "bar", reference="fair_share", interval=("wins", "games"))),
    Question(
        "rent_by_colour_group", "Which colour groups collect the most rent?",
        "Total and average rent paid per colour group (railroads and utilities by kind), over all games.",
        """SELECT coalesce(colour_group, square_kind) AS colour_group, count(*) AS payments,
       sum(amount)::BIGINT AS total_rent, round(avg(amount), 1) AS average_rent,
       round(sum(amount) / (SELECT count(*) FROM games{where_batch}), 1) AS rent_per_game
FROM payments
WHERE reason = 'rent'{and_game}
GROUP BY ALL
ORDER BY total_rent DESC""",
        Chart("colour_group", "total_rent", "bar")),
    Question(
        "richest_share_over_time", "How much of the wealth does the richest player hold, round by round?",
        "Average share of all net worth held by the richest player at the end of each round (games still "
        "running at that round).",
        """SELECT round, count(*) AS games_running, round(avg(richest_share), 4) AS richest_share
FROM wealth_share{where_game}
GROUP BY round
ORDER BY round""",
        Chart("round", "richest_share", "line")),
    Question(
        "turn_limit_games", "How many games hit the turn limit?",
        "Games that ended at the turn limit rather than with one player left, per preset and limit. " + MIXED,
        """SELECT preset, turn_limit, count(*) AS games,
       count(*) FILTER (WHERE end_reason = 'turn_limit') AS hit_limit,
       round(avg((end_reason = 'turn_limit')::INTEGER), 3) AS share,
       count(DISTINCT rules::VARCHAR) AS rule_sets
FROM games
WHERE finished{and_batch}
GROUP BY preset, turn_limit
ORDER BY preset, turn_limit""",
        Chart("preset", "share", "bar", color="turn_limit")),
    Question(
        "money_flows", "Where does the money come from and go?",
        "Every payment by reason, source and destination (player, bank or Free Parking pot).",
        """SELECT detail AS reason,
       CASE WHEN player = -1 THEN 'bank' WHEN player = -2 THEN 'pot' ELSE 'player' END AS source,
       CASE WHEN counterparty = -1 THEN 'bank' WHEN counterparty = -2 THEN 'pot' ELSE 'player' END AS destination,
       count(*) AS payments, sum(amount)::BIGINT AS total, round(avg(amount), 1) AS average
FROM events
WHERE kind = 'pay'{and_game}
GROUP BY ALL
ORDER BY total DESC""",
        Chart("reason", "total", "bar", color="source")),
    Question(
        "most_profitable_squares", "Which squares earn their owners the most rent?",
        "Rent collected per square on the most played board (named in the last column; "
        f"{_TIED_BOARDS}), with the price of the square.",
        """WITH chosen AS (SELECT id FROM games WHERE board = {main_board}{and_batch}),
rent AS (
    SELECT square, count(*) AS payments, sum(amount)::BIGINT AS total_rent FROM events
    WHERE kind = 'pay' AND detail = 'rent' AND game IN (SELECT id FROM chosen) GROUP BY square)
SELECT r.square, s.name AS square_name, s.colour_group, r.payments, r.total_rent, s.price,
       round(r.total_rent / (SELECT count(*) FROM chosen), 1) AS rent_per_game, s.board
FROM rent r JOIN squares s ON s.board = {main_board} AND s.square = r.square
ORDER BY total_rent DESC""",
        Chart("square_name", "total_rent", "bar")),
    Question(
        "dice_totals", "Are the dice fair?",
        "How often each total of the two white dice was rolled, against the exact chance for two six-sided dice. "
        "Every edition rolls these two dice; the Mega Edition's third die, the speed die, is left out (its own "
        "question shows its faces), so games of every edition are counted alike.",
        # a roll's detail is its faces, "3+5" (or "3+5+4" with the speed die third, "3+5 jail" with a purpose):
        # the first two are the white dice
        """WITH white AS (
    SELECT detail[1]::INTEGER + detail[3]::INTEGER AS total FROM events
    WHERE kind = 'roll' AND regexp_matches(detail, '^[1-6][+][1-6]'){and_game})
SELECT total, count(*) AS rolls, round(count(*) / sum(count(*)) OVER (), 4) AS share,
       round((6 - abs(total - 7)) / 36, 4) AS two_dice_chance
FROM white
GROUP BY total
ORDER BY total""",
        Chart("total", "share", "bar", reference="two_dice_chance")),
    Question(
        "leaving_jail", "How do players get out of jail?",
        "How often players leave jail by rolling doubles, paying the fine, using a card or after three tries.",
        """SELECT CASE split_part(detail, ' ', 1)
         WHEN 'doubles' THEN 'rolled doubles' WHEN 'fine' THEN 'paid the fine'
         WHEN 'card' THEN 'used a Get Out of Jail Free card' WHEN 'forced_fine' THEN 'paid after the last try'
         WHEN 'mr_monopoly' THEN 'freed by Mr Monopoly' WHEN 'handcuffs_passed_on' THEN 'handcuffs passed on'
         WHEN 'escape_cheat' THEN 'escaped by a cheat' ELSE split_part(detail, ' ', 1) END AS how,
       count(*) AS times, round(count(*) / sum(count(*)) OVER (), 3) AS share
FROM events
WHERE kind = 'jail_out'{and_game}
GROUP BY how
ORDER BY times DESC""",
        Chart("how", "times", "pie")),
    Question(
        "bankruptcy_timing", "When do players go bankrupt?",
        "Bankruptcies per band of 25 turns, over all games.",
        """SELECT (bankrupt_turn // 25) * 25 AS from_turn, count(*) AS bankruptcies
FROM players
WHERE bankrupt{and_game}
GROUP BY from_turn
ORDER BY from_turn""",
        Chart("from_turn", "bankruptcies", "bar")),
    Question(
        "cards_drawn", "Which cards are drawn, and what do they do?",
        "How often each Chance and Community Chest card was drawn.",
        """WITH draws AS (
    SELECT game, counterparty AS deck_code, detail, count(*) AS n
    FROM events WHERE kind = 'card'{and_game}
    GROUP BY ALL)
SELECT c.deck, c.card, c.text, c.effect, sum(d.n)::BIGINT AS draws
FROM draws d JOIN games g ON g.id = d.game
JOIN cards c ON c.deck = CASE WHEN d.deck_code = 0 THEN g.chance_deck ELSE g.chest_deck END
            AND c.card = TRY_CAST(split_part(d.detail, ' ', 2) AS SMALLINT)
GROUP BY ALL
ORDER BY draws DESC""",
        Chart("text", "draws", "bar", color="deck")),
    Question(
        "building_between_turns", "Do players build without waiting for their turn?",
        "\"As soon as you get a colour set, you can start buying Houses (you don't have to wait for your turn)\": "
        "a player who gains a group on another player's turn (a trade, an auction, a card, a bankruptcy) may "
        "build before the next roll. Per preset, over finished games: how often that window opened, the houses "
        "and other buildings bought in it, and their share of all buildings bought. " + MIXED,
        # each build is placed by the last 'turn' or 'window' event before it in its game: after a 'window', it was
        # bought between turns
        """WITH chosen AS (SELECT id, preset, rules FROM games WHERE finished{and_batch}),
marked AS (
    SELECT game, kind,
           last_value(CASE WHEN kind IN ('turn', 'window') THEN kind END IGNORE NULLS)
               OVER (PARTITION BY game ORDER BY seq) AS since
    FROM events WHERE kind IN ('turn', 'window', 'build') AND game IN (SELECT id FROM chosen)),
per_game AS (
    SELECT game, count(*) FILTER (WHERE kind = 'window') AS windows,
           count(*) FILTER (WHERE kind = 'build' AND since = 'window') AS between_turns,
           count(*) FILTER (WHERE kind = 'build') AS built
    FROM marked GROUP BY game)
SELECT c.preset, count(*) AS games, coalesce(sum(p.windows), 0)::BIGINT AS windows,
       round(coalesce(sum(p.windows), 0) / count(*), 2) AS windows_per_game,
       coalesce(sum(p.between_turns), 0)::BIGINT AS built_between_turns,
       coalesce(sum(p.built), 0)::BIGINT AS built_in_all,
       round(coalesce(sum(p.between_turns), 0) / greatest(coalesce(sum(p.built), 0), 1), 3)
           AS share_built_between_turns,
       count(DISTINCT c.rules::VARCHAR) AS rule_sets
FROM chosen c LEFT JOIN per_game p ON p.game = c.id
GROUP BY c.preset
ORDER BY c.preset""",
        Chart("preset", "share_built_between_turns", "bar")),
    # --- Monopoly for Sore Losers (seed 000) ---
    Question(
        "mr_monopoly_changes", "Sore Losers: how often does the Mr Monopoly token change hands?",
        "Times a player took the Mr Monopoly token, by cashing in four sore loser coins or by a card, per finished "
        "game and per 100 rounds.",
        """WITH sl AS (SELECT id, rounds FROM games WHERE finished AND edition = 'sore-losers'{and_batch}),
taken AS (
    SELECT detail AS how, count(*) AS changes FROM events
    WHERE kind = 'mr_monopoly' AND player >= 0 AND game IN (SELECT id FROM sl) GROUP BY detail)
SELECT how, changes, round(changes / (SELECT count(*) FROM sl), 2) AS per_game,
       round(100 * changes / (SELECT sum(rounds) FROM sl), 2) AS per_100_rounds
FROM taken
ORDER BY changes DESC""",
        Chart("how", "per_game", "bar"), edition="sore-losers"),
    Question(
        "sore_loser_comeback", "Sore Losers: does Mr Monopoly help the player who is behind?",
        "Each cash-in of four coins, by where the player stood at the end of the round before (last, first or in "
        "between by net worth), and how often that player went on to win: a sore loser's comeback rate. To tell "
        "whether the token helps, compare it with the base rate, how often any player standing in that place at "
        "the end of a round went on to win (cash-in or not), and with a fair share of 1 / players.",
        """WITH sl AS (SELECT id FROM games WHERE finished AND edition = 'sore-losers'{and_batch}),
cash_ins AS (
    SELECT game, player AS seat, turn FROM events
    WHERE kind = 'mr_monopoly' AND detail = 'cash_in' AND game IN (SELECT id FROM sl)),
before AS (
    SELECT c.game, c.seat, c.turn, max(s.turn) AS snap_turn
    FROM cash_ins c JOIN snapshots s ON s.game = c.game AND s.player = c.seat AND s.turn < c.turn
    GROUP BY ALL),
standing AS (
    SELECT b.game, b.seat, b.turn, any_value(me.net_worth) AS mine, min(o.net_worth) AS lowest,
           max(o.net_worth) AS highest
    FROM before b
    JOIN snapshots me ON me.game = b.game AND me.turn = b.snap_turn AND me.player = b.seat
    JOIN snapshots o ON o.game = b.game AND o.turn = b.snap_turn
    JOIN players pl ON pl.game = o.game AND pl.seat = o.player
    WHERE NOT pl.bankrupt OR pl.bankrupt_turn > b.snap_turn
    GROUP BY ALL),
placed AS (
    SELECT game, seat,
           CASE WHEN mine = lowest THEN 'last' WHEN mine = highest THEN 'first' ELSE 'in between' END AS standing
    FROM standing),
everyone AS (
    SELECT o.game, o.player AS seat, o.net_worth AS mine, min(o.net_worth) OVER w AS lowest,
           max(o.net_worth) OVER w AS highest
    FROM snapshots o JOIN players pl ON pl.game = o.game AND pl.seat = o.player
    WHERE o.game IN (SELECT id FROM sl) AND (NOT pl.bankrupt OR pl.bankrupt_turn > o.turn)
    WINDOW w AS (PARTITION BY o.game, o.turn)),
base AS (
    SELECT CASE WHEN mine = lowest THEN 'last' WHEN mine = highest THEN 'first' ELSE 'in between' END AS standing,
           round(avg(r.won::INTEGER), 3) AS base_rate
    FROM everyone e JOIN player_results r ON r.game = e.game AND r.seat = e.seat
    GROUP BY ALL)
SELECT p.standing, count(*) AS cash_ins, count(*) FILTER (WHERE r.won) AS went_on_to_win,
       round(avg(r.won::INTEGER), 3) AS comeback_rate, any_value(b.base_rate) AS base_rate,
       round(avg(1 / r.table_size), 3) AS fair_share
FROM placed p JOIN player_results r ON r.game = p.game AND r.seat = p.seat
LEFT JOIN base b ON b.standing = p.standing
GROUP BY p.standing
ORDER BY p.standing""",
        Chart("standing", "comeback_rate", "bar", reference="base_rate", interval=("went_on_to_win", "cash_ins")),
        edition="sore-losers"),
    Question(
        "cheat_success_rate", "Which cheats get away unnoticed? (Cheaters Edition)",
        "For each cheat card, how often an attempt was revealed and rewarded rather than caught and penalised.",
        """WITH outcomes AS (
    SELECT o.game, o.counterparty AS card, o.detail AS outcome
    FROM events o WHERE o.kind = 'cheat_outcome' AND o.counterparty >= 0
      AND o.detail IN ('revealed', 'caught'){and_game})
SELECT c.text AS cheat, count(*) AS attempts, count(*) FILTER (WHERE outcome = 'revealed') AS got_away,
       count(*) FILTER (WHERE outcome = 'caught') AS caught,
       round(avg((outcome = 'revealed')::INTEGER), 3) AS success_rate
FROM outcomes o JOIN games g ON g.id = o.game
JOIN cards c ON c.deck = 'cheats:' || json_extract_string(g.rules, '$.cheat_deck') AND c.card = o.card
GROUP BY ALL
ORDER BY success_rate DESC, attempts DESC""",
        Chart("cheat", "success_rate", "bar", interval=("got_away", "attempts")), edition="cheaters"),
    Question(
        "bold_cheaters_win", "Do bold cheaters win more often? (Cheaters Edition)",
        "Win rate of the players of finished Cheaters Edition games, by how often they tried a cheat (the share "
        "of their own turns with an attempt: a player out early played fewer turns), against a fair share of "
        "1 / players. The bots' strategies differ in play as well as in boldness: compare within one strategy "
        "(the players table's strategy) before reading cause into it.",
        """WITH attempts AS (
    SELECT game, player AS seat, count(*) AS attempts FROM events WHERE kind = 'cheat'{and_game} GROUP BY ALL),
turns AS (
    SELECT game, player AS seat, count(*) AS turns FROM events WHERE kind = 'turn'{and_game} GROUP BY ALL),
seats AS (
    SELECT r.won, r.table_size, coalesce(a.attempts, 0) / greatest(coalesce(t.turns, 0), 1) AS boldness
    FROM player_results r LEFT JOIN attempts a ON a.game = r.game AND a.seat = r.seat
    LEFT JOIN turns t ON t.game = r.game AND t.seat = r.seat
    WHERE r.finished AND r.game IN (SELECT id FROM games WHERE edition = 'cheaters'{and_batch}))
SELECT CASE WHEN boldness = 0 THEN '1. never' WHEN boldness < 0.05 THEN '2. under 5% of turns'
            WHEN boldness < 0.15 THEN '3. 5-15% of turns' ELSE '4. 15% of turns or more' END AS cheats_tried,
       count(*) AS players, count(*) FILTER (WHERE won) AS wins, round(avg(won::INTEGER), 3) AS win_rate,
       round(avg(1 / table_size), 3) AS fair_share
FROM seats
GROUP BY ALL
ORDER BY cheats_tried""",
        Chart("cheats_tried", "win_rate", "bar", reference="fair_share", interval=("wins", "players")),
        edition="cheaters"),
]

#: Name -> question, in the order the site lists them.
#: The Mega Edition's questions (issue 15): its speed die, bus tickets, triples and Mr. Monopoly, read from the event
#: kinds and codes it added (``bus_ticket`` events, ``move`` causes, three-dice ``roll`` faces).
_MEGA = [
    Question(
        "mega_speed_die", "Mega Edition: what does the speed die show?",
        "Movement rolls of Mega games by the speed die's face (pips 1-3, Mr. Monopoly, the Bus), against the exact "
        "chance of each face.",
        """WITH faces(face, exact_chance) AS (VALUES ('1', 1 / 6), ('2', 1 / 6), ('3', 1 / 6),
                                          ('Mr. Monopoly', 1 / 3), ('Bus', 1 / 6)),
rolled AS (
    SELECT CASE split_part(e.detail, '+', 3) WHEN '4' THEN 'Mr. Monopoly' WHEN '5' THEN 'Mr. Monopoly'
                WHEN '6' THEN 'Bus' ELSE split_part(e.detail, '+', 3) END AS face, count(*) AS n
    FROM events e JOIN games g ON g.id = e.game
    WHERE g.edition = 'mega' AND e.kind = 'roll' AND e.counterparty = """ + str(E.ROLL_MOVE) + """{and_game}
    GROUP BY face)
SELECT f.face, coalesce(r.n, 0) AS rolls,
       round(coalesce(r.n, 0) / greatest(sum(coalesce(r.n, 0)) OVER (), 1), 4) AS share,
       round(f.exact_chance, 4) AS exact_chance
FROM faces f LEFT JOIN rolled r ON r.face = f.face
ORDER BY f.exact_chance DESC, f.face""",
        Chart("face", "share", "bar", reference="exact_chance"), edition="mega"),
    Question(
        "mega_triples", "Mega Edition: how often are triples rolled?",
        "Triple 1's, 2's and 3's among the movement rolls of Mega games (exactly 1 in 216 each), and how many of "
        "the moves they allowed went to a property.",
        """WITH triples(faces) AS (VALUES ('1+1+1'), ('2+2+2'), ('3+3+3')),
rolls AS (
    SELECT e.detail AS faces, count(*) AS n FROM events e JOIN games g ON g.id = e.game
    WHERE g.edition = 'mega' AND e.kind = 'roll' AND e.counterparty = """ + str(E.ROLL_MOVE) + """{and_game}
    GROUP BY e.detail)
SELECT t.faces, coalesce(r.n, 0) AS times,
       round(coalesce(r.n, 0) / greatest((SELECT sum(n) FROM rolls), 1), 5) AS share,
       round(1 / 216, 5) AS exact_chance
FROM triples t LEFT JOIN rolls r ON r.faces = t.faces
ORDER BY t.faces""",
        Chart("faces", "share", "bar", reference="exact_chance"), edition="mega"),
    Question(
        "mega_bus_tickets", "Mega Edition: how are bus tickets gained, used and lost?",
        "Bus ticket events of Mega games: drawn on the Bus Ticket square, taken as a birthday gift or from the "
        "Bus, used, expired (an 'All tickets expire' ticket) or returned by a bankrupt player.",
        """WITH ways(how) AS (VALUES ('drawn'), ('birthday_gift'), ('bus'), ('used'), ('expired'), ('returned')),
seen AS (
    SELECT e.detail AS how, count(*) AS n, sum(abs(e.counterparty))::BIGINT AS tickets
    FROM events e JOIN games g ON g.id = e.game
    WHERE g.edition = 'mega' AND e.kind = 'bus_ticket'{and_game}
    GROUP BY e.detail)
SELECT w.how, coalesce(s.n, 0) AS events, coalesce(s.tickets, 0) AS tickets
FROM ways w LEFT JOIN seen s ON s.how = w.how
ORDER BY tickets DESC, w.how""",
        Chart("how", "tickets", "bar"), edition="mega"),
    Question(
        "mega_moves", "Mega Edition: how far do Mr. Monopoly, the Bus, tickets and triples move players?",
        "Moves of Mega games that are not dice moves, by cause: how many, and the average number of squares moved.",
        """WITH causes(cause) AS (VALUES ('mr_monopoly'), ('bus'), ('bus_ticket'), ('triples'), ('auction_square')),
moved AS (
    SELECT e.detail AS cause, count(*) AS n, avg(e.amount) AS steps
    FROM events e JOIN games g ON g.id = e.game
    WHERE g.edition = 'mega' AND e.kind = 'move'{and_game}
    GROUP BY e.detail)
SELECT c.cause, coalesce(m.n, 0) AS moves, round(coalesce(m.steps, 0), 2) AS average_squares
FROM causes c LEFT JOIN moved m ON m.cause = c.cause
ORDER BY moves DESC, c.cause""",
        Chart("cause", "moves", "bar"), edition="mega"),
]

QUESTIONS: dict[str, Question] = {q.name: q for q in _LIST + _MEGA}


# --- the batches a question can be narrowed to --------------------------------------------------------------------
_BATCHES = """WITH b AS (
    SELECT batch, count(*) AS games, min(id) AS first_id, max(id) AS last_id, any_value(preset) AS preset,
           any_value(players) AS players, any_value(turn_limit) AS turn_limit
    FROM games WHERE batch IS NOT NULL GROUP BY batch)
SELECT b.*, (SELECT string_agg(p.strategy, ', ' ORDER BY p.seat) FROM players p WHERE p.game = b.first_id) AS bots,
       -- a database from before seatings were recorded has no seating column yet: its batches were fixed
       coalesce((SELECT to_json(g) ->> 'seating' FROM games g WHERE g.id = b.first_id), 'fixed') AS seating,
       {planned}
FROM b{plans} ORDER BY batch"""
#: One row per simulation batch, with what a teacher needs to tell batches apart, and how many games it was meant
#: to hold (the ``batches`` table: a run stopped part way left it short).
BATCHES_SQL = _BATCHES.format(planned="p.games AS planned, p.master_seed, p.made_by",
                              plans=" LEFT JOIN batches p ON p.batch = b.batch")
#: The same of a database from before the ``batches`` table, which does not know how many games a batch was meant
#: to hold.
BATCHES_SQL_BEFORE_PLANS = _BATCHES.format(planned="NULL::BIGINT AS planned, NULL::BIGINT AS master_seed, "
                                                   "NULL::VARCHAR AS made_by", plans="")


@dataclass(frozen=True)
class Batch:
    """One simulation run in the database: its number, its games' ids and the settings its games share; with
    ``planned``, the games it was meant to hold (None in a database from before that was recorded)."""

    batch: int
    games: int
    first_id: int
    last_id: int
    preset: str
    players: int
    turn_limit: int
    bots: str
    seating: str = FIXED
    planned: int | None = None
    master_seed: int | None = None
    made_by: str | None = None

    @property
    def short(self) -> bool:
        """Whether the batch holds fewer games than it was meant to (a run of it was stopped part way)."""
        return self.planned is not None and self.games < self.planned

    def label(self) -> str:
        """A line that tells this batch from the others, e.g. "Batch 2: 300 games of classic-us, ..."; a batch
        short of its games says so first ("1,500 of 2,000 games ...") and how to complete it last."""
        moving = ", changing seats every game" if self.seating == ROTATED else ""
        count = (f"{self.games:,} of {self.planned:,} games" if self.short else
                 f"{self.games:,} game{'s' if self.games != 1 else ''}")
        # (a batch completed after another batch was written has ids in two runs, with the other's between them:
        # an outside review filtered by such a range and mixed batches)
        ids = (f"ids {self.first_id:,} to {self.last_id:,}" if self.last_id - self.first_id + 1 == self.games else
               f"ids between {self.first_id:,} and {self.last_id:,}, with other batches' ids among them (ask "
               f"for batch = {self.batch})")
        return (f"Batch {self.batch}: {count} of {self.preset}, {self.players} players ({self.bots}{moving}), turn "
                f"limit {self.turn_limit}, {ids}"
                + (f": stopped part way; {self.completion()}" if self.short else ""))

    def completion(self) -> str:
        """How to complete a batch short of its games, in words for the Database page."""
        if self.made_by == COMPARISON:
            # (lesson 5 makes comparisons too: its button, pressed again with the same seed, completes its own)
            return (f"complete it by running the same comparison again, on the Rules page or in the lesson that "
                    f"played it ({self.planned:,} games, "
                    f"seed {self.master_seed})")
        return (f"complete it with Simulate below: the same rule set, players, bots, seating and turn limit, "
                f"{self.planned:,} games, master seed {self.master_seed}, and \"Complete a batch already in the "
                f"database\" ticked")


def batches(db_path=None) -> list[Batch]:
    """Every simulation batch in the database at ``db_path``, oldest first (through the safe reader); an empty
    list when the file does not exist yet."""
    from .sqlsafe import SafeReader
    from .store import resolve
    if not resolve(db_path).exists():
        return []
    with SafeReader(db_path) as reader:
        plans = reader.run("SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = 'main' AND "
                           "table_name = 'batches'").table.to_pylist()[0]["n"]
        rows = reader.run(BATCHES_SQL if plans else BATCHES_SQL_BEFORE_PLANS).table.to_pylist()
    return [Batch(**row) for row in rows]
