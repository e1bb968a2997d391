"""What every table and view of the game database holds, column by column: the one description the site's
database page shows and the README's section "The game database" repeats (a test keeps the two equal).

The column types are not written here: :func:`schema_types` reads them from the schema itself
(:data:`monopoly_core.store.SCHEMA_SQL`), so a description never claims a type the database does not have.

>>> RELATIONS["games"].columns["batch"][:32]
'the simulation run that wrote it'
"""
from __future__ import annotations

import functools
import textwrap
from dataclasses import dataclass

import duckdb


def _square_kinds() -> list[str]:
    """Every square kind on the boards in ``data/boards/`` (an outside review found six missing from a written
    list: ``station``, ``auction`` ...)."""
    from .board import load_board
    from .datafiles import available
    from .errors import DataError
    found: set[str] = set()
    for name in available("boards"):
        try:
            found.update(sq.kind for sq in load_board(name).squares)
        except DataError:       # (a board file that cannot be read is refused where it is played, not here: an
            continue            # outside review's draft board took the whole Database page down)
    first = [k for k in ("street", "railroad", "utility", "tax", "chance", "chest", "go", "jail", "free_parking",
                         "go_to_jail") if k in found]
    return first + sorted(found - set(first))


def _landing_causes() -> list[str]:
    """What moved a token onto a square (the ``move`` event's details), and ``sent_to_jail``."""
    from . import events as E
    return list(E.KINDS[E.MOVE].names("detail")) + ["sent_to_jail"]


def _either(values: list[str]) -> str:
    """"`a`, `b` or `c`"."""
    quoted = [f"`{v}`" for v in values]
    return ", ".join(quoted[:-1]) + " or " + quoted[-1] if len(quoted) > 1 else "".join(quoted)


@dataclass(frozen=True)
class Relation:
    """A table or view: its name, ``kind`` ("table" or "view"), a sentence on what its rows are, and the
    meaning of each column, in the schema's column order."""

    name: str
    kind: str
    summary: str
    columns: dict[str, str]


_LIST = [
    Relation("games", "table",
             "One row per game.", {
        "id": "the game's id (1, 2, 3, ... in the order games were written)",
        "batch": "the simulation run that wrote it (1, 2, ...); NULL for games played on the site",
        "batch_index": "the game's number within its run (0 first); its seed is `game_seed(master seed, batch_index)`",
        "source": "`simulated` or `played`",
        "preset": "the preset the rules started from, e.g. `classic-us`",
        "edition": "the edition mechanics in play, e.g. `classic`",
        "board": "the board (joins `squares.board`)",
        "chance_deck": "the Chance deck (joins `cards.deck`)",
        "chest_deck": "the Community Chest deck (joins `cards.deck`)",
        "players": "number of players",
        "seed": "the game's seed: `python -m monopoly_core play --seed S` with the same rules and bots replays it",
        "turn_limit": "rounds after which the game ends on net worth",
        "rules": "every rule, as the rules' JSON (e.g. `rules->>'starting_cash'`)",
        "finished": "false for a game logged before its end",
        "end_reason": "`last_player_standing`, `turn_limit`, `final_lap` (Sore Losers, Cheaters) or `answer_limit`; NULL "
                      "if unfinished",
        "winner": "the winner's seat; NULL if none",
        "turns": "turns played",
        "rounds": "rounds played (every player one turn)",
        "rolls": "dice rolls, including rolls for the turn order",
        "events": "number of rows in `events` for this game",
        "started_at": "when play started (UTC), if known",
        "finished_at": "when play ended (UTC); NULL if unfinished",
        "logged_at": "when the game was written to the database (UTC)",
        "seating": "how its run seated the bots: `fixed` (the same seat every game) or `rotated` (game i moves "
                   "every bot i seats on, so each plays every seat equally often; `players` says who sat where); "
                   "NULL for games played on the site and runs from before seatings were recorded (fixed)",
    }),
    Relation("players", "table",
             "One row per player per game, with the final standing.", {
        "game": "the game (`games.id`)",
        "seat": "the seat (0 first); `events.player` and `games.winner` use it",
        "play_order": "place in the turn order (0 = played first)",
        "name": "the player's name",
        "kind": "`person` or `bot`",
        "strategy": "the bot strategy (`strategist`, `set-collector`, `cautious`, `always-buy`, `random`); NULL for "
                    "people",
        "cash": "final cash",
        "net_worth": "final net worth (cash plus property and building values, mortgages deducted)",
        "rank": "final standing (1 = winner)",
        "bankrupt": "whether the player went bankrupt",
        "bankrupt_turn": "the turn of the bankruptcy; NULL if not bankrupt",
    }),
    Relation("events", "table",
             "One row per event, in order: everything that happened in every game. What `player`, `square`, "
             "`amount`, `counterparty` and `detail` mean depends on `kind`: the `event_kinds` table says it "
             "for each kind.", {
        "game": "the game (`games.id`)",
        "seq": "the event's number within its game (0 first)",
        "turn": "the turn it happened in (0 before the first turn)",
        "player": "the seat acting (or receiving); -1 when none",
        "kind": "what happened: `roll`, `move`, `pay`, `deed`, `build`, `card`, ... (see `event_kinds`)",
        "square": "the square concerned (see `squares`); -1 when none",
        "amount": "money, dice total, steps or level, by kind",
        "counterparty": "the other party (a seat, -1 bank, -2 pot) for `pay`, `deed`, trades, `debt` and `bankrupt`; "
                        "a small code or a square for other kinds",
        "detail": "compact readable detail: dice faces (`3+4`), a payment reason (`rent`), a card (`chance 7`), a "
                  "trade as JSON, an end reason, ...",
    }),
    Relation("snapshots", "table",
             "Each player's position at the end of every round and at the end of the game (games played with "
             "snapshots on: every simulated game).", {
        "game": "the game (`games.id`)",
        "round": "the round just completed",
        "turn": "the turn count at that moment",
        "player": "the seat",
        "cash": "cash",
        "net_worth": "net worth",
        "position": "the square the token is on",
        "properties": "title deeds owned",
        "houses": "houses standing on the player's streets",
        "hotels": "hotels standing on the player's streets",
    }),
    Relation("squares", "table",
             "The squares of every board in `data/boards/`, so queries can show names.", {
        "board": "the board (`games.board`)",
        "square": "the square's index (0 = GO)",
        "name": "the printed name",
        "short_name": "a short name for charts",
        "kind": _either(_square_kinds()),
        "colour_group": "the colour group of a street; NULL for other squares",
        "colour": "the colour group's display colour (`#rrggbb`)",
        "price": "the price of an ownable square",
        "house_cost": "the price of one house on a street",
        "mortgage": "the mortgage value",
    }),
    Relation("cards", "table",
             "The cards of every deck in `data/cards/`.", {
        "deck": "the deck file, e.g. `us-chance` (`games.chance_deck`, `games.chest_deck`); the Cheaters Edition's "
                "cheat cards as `cheats:NAME`",
        "deck_kind": "`chance`, `chest` or `cheat`",
        "card": "the card's number in its deck (the number in `events.detail`, e.g. `chance 7`)",
        "text": "the printed text",
        "effect": "what it does (`advance`, `collect`, `pay`, `go_to_jail`, `repairs`, ...)",
    }),
    Relation("event_kinds", "table",
             "What each event kind means: how to read the `player`, `square`, `amount`, `counterparty` and "
             "`detail` of its rows in `events`.", {
        "kind": "an event kind (`events.kind`)",
        "code": "the engine's number for it",
        "meaning": "what the event's columns mean for this kind",
    }),
    Relation("comparisons", "table",
             "The paired comparisons of two rule sets (the Rules page's \"What does this change do?\" and the "
             "`compare` command): two rows per comparison, its batches A and B with their labels. Game `i` of "
             "both batches was played with the same seed.", {
        "comparison": "the comparison's number (1, 2, ...)",
        "side": "`A` or `B`",
        "batch": "the batch holding this side's games (`games.batch`)",
        "label": "the side's name, e.g. `classic-uk` or `classic-uk (changed)`",
        "games": "games compared on each side (the batch's first games)",
        "seed": "the master seed both sides were played with",
        "reused": "true when the batch was already in the database and was read back, not played again",
        "compared_at": "when the comparison was made (UTC)",
    }),
    Relation("batches", "table",
             "What each simulation batch was meant to hold, written before its games are played: a run stopped "
             "part way (another click, a closed tab, Ctrl+C) leaves fewer games in `games` than `games` here, and "
             "the Database page marks such a batch as stopped part way until a run completes it. Batches made "
             "before this table existed have no row.", {
        "batch": "the batch (`games.batch`)",
        "games": "how many games the batch is meant to hold: the most any run of it asked for",
        "master_seed": "the master seed its games were played with (game `i` has the seed drawn for `i` from it)",
        "made_by": "`simulate` (the Database page's Simulate, the `simulate` command, lesson 6) or `compare` (the "
                   "Rules page's comparison, the `compare` command, lesson 5)",
        "planned_at": "when a run last planned the batch (UTC)",
        "play_version": "the version of the lab's game play its games were played under (moved on when a change "
                        "to the rules or the bots plays a seed differently; empty: before it was kept). A new run "
                        "reads back or completes only a batch of the current version",
    }),
    Relation("meta", "table",
             "Settings of the database file.", {
        "key": "a setting of the file (`schema_version`; `format`, the lab's mark)",
        "value": "its value",
    }),
    Relation("landings", "view",
             "Every landing: where a token stopped after a move (dice or card), plus every trip to jail.", {
        "game": "the game",
        "seq": "the event's number",
        "turn": "the turn",
        "player": "the seat",
        "board": "the board",
        "square": "the square landed on",
        "square_name": "its name",
        "square_kind": "its kind",
        "colour_group": "its colour group (NULL if not a street)",
        "cause": _either(_landing_causes()),
    }),
    Relation("landings_per_square", "view",
             "Landings per square over all games on each board (the classroom's \"which squares are landed on "
             "most\").", {
        "board": "the board",
        "square": "the square",
        "square_name": "its name",
        "square_kind": "its kind",
        "colour_group": "its colour group",
        "landings": "landings on it, over all games on that board",
        "share": "its share of all landings on that board",
    }),
    Relation("payments", "view",
             "Every payment (`pay` events) with readable names.", {
        "game": "the game",
        "seq": "the event's number",
        "turn": "the turn",
        "payer": "who paid (a seat, -1 bank, -2 pot)",
        "payee": "who was paid (a seat, -1 bank, -2 pot)",
        "amount": "how much",
        "reason": "`rent`, `salary`, `tax`, `purchase`, `build`, `card`, `fine`, `trade`, `start`, ...",
        "square": "the square it concerns (-1 if none)",
        "square_name": "its name",
        "square_kind": "its kind",
        "colour_group": "its colour group",
    }),
    Relation("money_flows", "view",
             "All payments summed by reason, where the money came from and where it went.", {
        "reason": "the payment reason",
        "source": "`player`, `bank` or `pot`",
        "destination": "`player`, `bank` or `pot`",
        "payments": "number of payments",
        "total": "money moved",
        "average": "average payment",
    }),
    Relation("rent_per_square", "view",
             "Rent collected on each square, over all games on each board.", {
        "board": "the board",
        "square": "the square",
        "square_name": "its name",
        "square_kind": "`street`, `railroad` or `utility`",
        "colour_group": "its colour group (NULL if not a street)",
        "price": "its price",
        "payments": "rent payments made on it",
        "total_rent": "rent collected on it",
        "games": "games in which it collected rent at least once",
    }),
    Relation("player_results", "view",
             "`players` with the game's facts and whether the player won.", {
        "game": "the game",
        "seat": "the seat",
        "play_order": "place in the turn order (0 = first)",
        "name": "the name",
        "kind": "`person` or `bot`",
        "strategy": "the bot strategy",
        "cash": "final cash",
        "net_worth": "final net worth",
        "rank": "final standing",
        "bankrupt": "went bankrupt",
        "bankrupt_turn": "the turn of the bankruptcy",
        "preset": "the game's preset",
        "source": "`simulated` or `played`",
        "table_size": "players in the game",
        "finished": "the game was finished",
        "end_reason": "how it ended",
        "game_turns": "turns in the game",
        "game_rounds": "rounds in the game",
        "won": "this player won",
    }),
    Relation("wealth_share", "view",
             "The richest player's share of all net worth at the end of every round (from `snapshots`).", {
        "game": "the game",
        "round": "the round",
        "richest": "the richest player's net worth",
        "total": "all players' net worth",
        "richest_share": "the richest player's share of it",
    }),
    Relation("card_draws", "view",
             "Every card drawn (`card` events), with its deck, text and effect.", {
        "game": "the game",
        "seq": "the event's number",
        "turn": "the turn",
        "player": "who drew",
        "square": "where",
        "deck_kind": "`chance` or `chest`",
        "deck": "the deck",
        "card": "the card's number",
        "text": "its text",
        "effect": "its effect",
    }),]

#: Name -> table or view: the tables first, in the order the README documents them.
RELATIONS: dict[str, Relation] = {r.name: r for r in _LIST}


@functools.lru_cache(maxsize=1)
def schema_types() -> dict[str, dict[str, str]]:
    """Table or view name -> {column: DuckDB type}, read from the schema created in a scratch in-memory
    database (no file needed)."""
    from .store import SCHEMA_SQL
    with duckdb.connect() as conn:
        conn.execute(SCHEMA_SQL)
        rows = conn.execute("SELECT table_name, column_name, data_type FROM duckdb_columns() "
                            "WHERE schema_name = 'main' AND database_name = current_database() "
                            "ORDER BY table_name, column_index").fetchall()
    out: dict[str, dict[str, str]] = {}
    for table, column, kind in rows:
        out.setdefault(table, {})[column] = kind
    return out


def columns_markdown(name: str) -> str:
    """One table or view as a Markdown table (column, type, meaning): the form the README and the site use."""
    types = schema_types()[name]
    rows = [f"| `{c}` | {types[c]} | {meaning} |" for c, meaning in RELATIONS[name].columns.items()]
    return "\n".join(["| column | type | meaning |", "|---|---|---|", *rows])


def markdown(name: str) -> str:
    """A table or view's block in the README: a ``### `name` (kind)`` heading, its summary and its columns."""
    rel = RELATIONS[name]
    summary = "\n".join(textwrap.wrap(rel.summary, 115, break_long_words=False, break_on_hyphens=False))
    return f"### `{name}` ({rel.kind})\n\n{summary}\n\n{columns_markdown(name)}\n"
