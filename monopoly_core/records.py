"""Finished (or unfinished) games as Arrow tables, shaped like the game database's tables.

The engine keeps its events and snapshots as one Python list per column (DESIGN.md section 6). A
:class:`TableBuilder` extends its own column lists from each game's lists (no per-event Python work) and turns
them into Arrow tables once per batch: integers become numpy arrays, and the readable ``kind`` and ``detail``
texts of the events are dictionary-encoded (a small dictionary of distinct texts plus one index per row), so
millions of rows cost a handful of vectorised operations. Batch simulation workers build these tables and
send them to the one writing process (:mod:`monopoly_core.store`), which inserts them in bulk.

This module does not touch DuckDB: it only builds tables, so worker processes never open the database.
"""
from __future__ import annotations

import datetime as dt
import json
import threading

import numpy as np
import pyarrow as pa

from . import events as E
from .errors import MonopolyError
from .state import BOT

_TRADE_KINDS = (E.TRADE_OFFER, E.TRADE_ACCEPT, E.TRADE_REJECT)
#: Kinds whose readable detail also depends on the ``other`` column (a named code, not a party).
_USES_OTHER = frozenset(k.code for k in E.KINDS if k.names("other"))


def detail_text(kind: int, other: int, detail: int) -> str | None:
    """The readable ``detail`` of one event in the database, from the event's definition (:data:`.events.KINDS`):
    the names of its codes, the dice faces of a roll, the deck and number of a card. Trade events excepted (see
    :func:`trade_text`)."""
    k = E.KINDS[kind] if 0 <= kind < len(E.KINDS) else None
    if k is None:
        return str(detail) if detail else None
    if kind == E.ROLL:
        faces = "+".join(str(detail)) if detail > 0 else str(detail)
        return faces if other == E.ROLL_MOVE else f"{faces} {k.name_of('other', other)}"
    if kind == E.CARD or kind == E.CARD_PLAYED:
        return f"{k.name_of('other', other)} {detail}"
    detail_names = k.names("detail")
    if not detail_names:
        return None
    text = k.name_of("detail", detail) or None
    if text is not None and k.names("other") and other >= 0:
        text = f"{text} {k.name_of('other', other)}"
    return text


def trade_text(trade) -> str:
    """A trade offer as compact JSON (only the parts that are not empty)."""
    return json.dumps(trade.to_json(), separators=(",", ":"), sort_keys=True)


def _kind_names() -> pa.Array:
    return pa.array(E.KIND_NAMES, pa.string())


# --- the tables' Arrow schemas (column order = the database's column order) --------------------------------------
GAMES = pa.schema([
    ("id", pa.int64()), ("batch", pa.int64()), ("batch_index", pa.int64()), ("source", pa.string()),
    ("preset", pa.string()), ("edition", pa.string()), ("board", pa.string()), ("chance_deck", pa.string()),
    ("chest_deck", pa.string()), ("players", pa.int16()), ("seed", pa.int64()), ("turn_limit", pa.int32()),
    ("rules", pa.string()), ("finished", pa.bool_()), ("end_reason", pa.string()), ("winner", pa.int16()),
    ("turns", pa.int32()), ("rounds", pa.int32()), ("rolls", pa.int32()), ("events", pa.int32()),
    ("started_at", pa.timestamp("us")), ("finished_at", pa.timestamp("us")), ("seating", pa.string()),
])
PLAYERS = pa.schema([
    ("game", pa.int64()), ("seat", pa.int16()), ("play_order", pa.int16()), ("name", pa.string()),
    ("kind", pa.string()), ("strategy", pa.string()), ("cash", pa.int32()), ("net_worth", pa.int32()),
    ("rank", pa.int16()), ("bankrupt", pa.bool_()), ("bankrupt_turn", pa.int32()),
])
SNAPSHOT_COLUMNS = ("game", "round", "turn", "player", "cash", "net_worth", "position", "properties", "houses",
                    "hotels")
_SNAPSHOT_TYPES = (np.int64, np.int32, np.int32, np.int16, np.int32, np.int32, np.int16, np.int16, np.int16,
                   np.int16)


#: How a simulation batch seats its bots (the games' ``seating`` column): the same seat in every game, or moved
#: one seat on per game (:func:`.simulate.seated`).
FIXED, ROTATED = "fixed", "rotated"


class TableBuilder:
    """Collects games and returns them as the four data tables (games, players, events, snapshots).

    >>> from monopoly_core import Game, preset, bots
    >>> g = Game.new(preset("classic-us", turn_limit=5), bots(["cautious", "always-buy"]), seed=1)
    >>> g.run()
    >>> b = TableBuilder(source="simulated")
    >>> b.add(g, game_id=1)
    >>> tables = b.tables()
    >>> tables["games"].num_rows, tables["events"].num_rows == len(g.log)
    (1, True)
    """

    def __init__(self, *, source: str = "simulated", batch: int | None = None, seating: str | None = None):
        self.source = source
        self.batch = batch
        self.seating = seating           # a simulation batch's seating: FIXED or ROTATED
        self._games: list[dict] = []
        self._players: dict[str, list] = {f.name: [] for f in PLAYERS}
        self._ev: dict[str, list[list[int]]] = {c: [] for c in E.COLUMNS}   # each game's column lists
        self._ev_game: list[int] = []        # game ids and their event counts, expanded with numpy at the end
        self._ev_counts: list[int] = []
        self._ev_rows = 0
        self._extras: list[tuple[int, list]] = []  # (first event row, log.extras) of games with trades
        self._rules_json: dict = {}                  # RuleSet -> JSON text (a batch shares its rules)
        self._snap: dict[str, list[list[int]]] = {c: [] for c in SNAPSHOT_COLUMNS[1:]}
        self._snap_game: list[int] = []
        self._snap_counts: list[int] = []

    def add(self, game, game_id: int, *, batch_index: int | None = None, started_at: float | None = None,
            finished_at: float | None = None) -> None:
        """Add one game. ``started_at`` / ``finished_at`` are Unix times (``finished_at`` is dropped for a game
        that is not over). A game holding a sum of money past the database's 32-bit columns raises
        :class:`TooLargeToLog`, saying which, before anything of it is added."""
        r = game.result()
        check_fits(game, r)
        rules = game.rules
        rules_json = self._rules_json.get(rules)
        if rules_json is None:
            rules_json = self._rules_json[rules] = rules.to_json()
        over = bool(game.over)
        self._games.append({
            "id": game_id, "batch": self.batch, "batch_index": batch_index, "source": self.source,
            "preset": rules.preset, "edition": rules.edition, "board": rules.board,
            "chance_deck": rules.chance_deck, "chest_deck": rules.chest_deck, "players": len(game.players),
            "seed": game.seed, "turn_limit": rules.turn_limit, "rules": rules_json, "finished": over,
            "end_reason": (r["end_reason"] or None) if over else None,
            "winner": r["winner"] if over and r["winner"] >= 0 else None,
            "turns": r["turns"], "rounds": r["rounds"], "rolls": r["rolls"], "events": len(game.log),
            "started_at": _time(started_at), "finished_at": _time(finished_at) if over else None,
            "seating": self.seating,
        })
        place = {seat: i for i, seat in enumerate(game.order)}
        cols = self._players
        for p in r["players"]:
            seat = p["seat"]
            cols["game"].append(game_id)
            cols["seat"].append(seat)
            cols["play_order"].append(place.get(seat))
            cols["name"].append(p["name"])
            cols["kind"].append(p["kind"])
            cols["strategy"].append(p["strategy"] if p["kind"] == BOT else None)
            cols["cash"].append(p["cash"])
            cols["net_worth"].append(p["net_worth"])
            cols["rank"].append(p["rank"])
            cols["bankrupt"].append(bool(p["bankrupt"]))
            cols["bankrupt_turn"].append(p["bankrupt_turn"])
        log = game.log
        n = len(log)
        if n:
            for c in E.COLUMNS:
                self._ev[c].append(getattr(log, c))
            self._ev_game.append(game_id)
            self._ev_counts.append(n)
            if log.extras:
                self._extras.append((self._ev_rows, log.extras))
            self._ev_rows += n
        snap = game.snapshots
        if snap and snap["player"]:
            for c in SNAPSHOT_COLUMNS[1:]:
                self._snap[c].append(snap[c])
            self._snap_game.append(game_id)
            self._snap_counts.append(len(snap["player"]))

    # --- conversion -----------------------------------------------------------------------------------------
    def tables(self) -> dict[str, pa.Table]:
        """The four tables (Arrow, column order and names as in the database)."""
        return {"games": pa.Table.from_pylist(self._games, schema=GAMES),
                "players": pa.Table.from_pydict(self._players, schema=PLAYERS),
                "events": self._events_table(), "snapshots": self._snapshots_table()}

    def _events_table(self) -> pa.Table:
        ev = self._ev
        game = np.repeat(np.asarray(self._ev_game, np.int64), np.asarray(self._ev_counts, np.int64))
        seq = _local_seq(self._ev_counts)
        kind = _column(ev["kind"], np.int8)
        other = _column(ev["other"], np.int32)
        detail = _column(ev["detail"], np.int32)
        kind_col = pa.DictionaryArray.from_arrays(pa.array(kind), _kind_names())
        return pa.table({
            "game": game, "seq": seq, "turn": _column(ev["turn"], np.int32),
            "player": _column(ev["player"], np.int8), "kind": kind_col,
            "square": _column(ev["square"], np.int16), "amount": _column(ev["amount"], np.int32),
            "counterparty": other, "detail": self._detail_column(kind, other, detail),
        })

    def _detail_column(self, kind: np.ndarray, other: np.ndarray, detail: np.ndarray) -> pa.DictionaryArray:
        """One readable text per event, dictionary-encoded (see :func:`_detail_indices`), trades added."""
        indices, texts = _detail_indices(kind, other, detail)
        if self._extras:
            self._trade_texts(kind, detail, indices, texts)
        mask = indices < 0
        arr = pa.array(indices, pa.int32(), mask=mask) if mask.any() else pa.array(indices, pa.int32())
        return pa.DictionaryArray.from_arrays(arr, pa.array(texts, pa.string()))

    def _trade_texts(self, kind: np.ndarray, detail: np.ndarray, indices: np.ndarray, texts: list[str]) -> None:
        """Point each trade event at the JSON of its offer (made once per offer, shared by offer and answer)."""
        rows = np.flatnonzero(np.isin(kind, _TRADE_KINDS))
        starts = np.asarray([start for start, _ in self._extras], np.int64)
        owner = np.searchsorted(starts, rows, side="right") - 1
        made: dict[tuple[int, int], int] = {}
        for row, g, ref in zip(rows.tolist(), owner.tolist(), detail[rows].tolist()):
            slot = made.get((g, ref))
            if slot is None:
                slot = made[g, ref] = len(texts)
                texts.append(trade_text(self._extras[g][1][ref]))
            indices[row] = slot

    def _snapshots_table(self) -> pa.Table:
        game = np.repeat(np.asarray(self._snap_game, np.int64), np.asarray(self._snap_counts, np.int64))
        cols = {"game": game}
        for c, t in zip(SNAPSHOT_COLUMNS[1:], _SNAPSHOT_TYPES[1:]):
            cols[c] = _column(self._snap[c], t)
        return pa.table(cols)


#: The largest sum of money the game database keeps (its cash, worth and amount columns are 32-bit integers).
LOG_LIMIT = 2**31 - 1


class TooLargeToLog(MonopolyError, ValueError):
    """A game whose money went past :data:`LOG_LIMIT` (rules that print money without end: a huge salary, a
    jackpot, thousands of rounds): it is played to its end, but the game database cannot hold it."""


def check_fits(game, result: dict | None = None) -> None:
    """Raise :class:`TooLargeToLog` if ``game`` holds money past :data:`LOG_LIMIT` (``result``: its
    ``game.result()``, if already made)."""
    if result is None:
        result = game.result()
    money = [abs(v) for p in result["players"] for v in (p["cash"], p["net_worth"])]
    amounts = game.log.amount
    if amounts:
        money += [max(amounts), -min(amounts)]
    snap = game.snapshots
    if snap and snap["player"]:
        money += [max(map(abs, snap["cash"])), max(map(abs, snap["net_worth"]))]
    if money and max(money) > LOG_LIMIT:
        raise TooLargeToLog(f"this game cannot be logged: it holds a sum of {max(money):,}, more than the game "
                            f"database keeps ({LOG_LIMIT:,})")


def _column(parts: list[list[int]], dtype) -> np.ndarray:
    """Several games' lists of one column as one numpy array."""
    if not parts:
        return np.empty(0, dtype)
    return np.concatenate([np.asarray(p, dtype) for p in parts])


# --- readable details: a process-wide table from (kind, other code, detail code) to a text ---------------------
_KINDS, _OTHERS, _DETAILS = 64, 8, 1024          # the table's domain; codes outside it are looked up one by one
_UNKNOWN, _NONE = -2, -1
_key_slot = np.full(_KINDS * _OTHERS * _DETAILS, _UNKNOWN, np.int32)   # key -> index into _texts (or _NONE)
_texts: list[str] = []
_text_slot: dict[str, int] = {}
_uses_other = np.zeros(256, bool)
_uses_other[list(_USES_OTHER)] = True
_lock = threading.Lock()


def _slot(text: str | None) -> int:
    if text is None:
        return _NONE
    slot = _text_slot.get(text)
    if slot is None:
        slot = _text_slot[text] = len(_texts)
        _texts.append(text)
    return slot


def _detail_indices(kind: np.ndarray, other: np.ndarray, detail: np.ndarray) -> tuple[np.ndarray, list[str]]:
    """Each event's index into a list of distinct detail texts (-1 for none), and that list (a copy).

    Texts are made once per process for each distinct (kind, code) and found again with one array lookup per
    event, so converting a batch costs a few vectorised operations whatever its size. Trade events get -1 here
    (their text is the offer, filled in by the builder)."""
    k = kind.astype(np.int64)
    o = np.where(_uses_other[kind.astype(np.uint8)], other.astype(np.int64) + 2, 0)
    d = detail.astype(np.int64)
    inside = (k >= 0) & (k < _KINDS) & (o >= 0) & (o < _OTHERS) & (d >= 0) & (d < _DETAILS)
    key = np.where(inside, (k * _OTHERS + o) * _DETAILS + d, 0)
    with _lock:
        indices = _key_slot[key]
        missing = inside & (indices == _UNKNOWN)
        if missing.any():
            for kk in np.unique(key[missing]).tolist():
                kind_code, rest = divmod(kk, _OTHERS * _DETAILS)
                other_code, detail_code = divmod(rest, _DETAILS)
                text = None if kind_code in _TRADE_KINDS else detail_text(kind_code, other_code - 2, detail_code)
                _key_slot[kk] = _slot(text)
            indices = _key_slot[key]
        for row in np.flatnonzero(~inside).tolist():      # codes too large for the table (none so far)
            kind_code = int(kind[row])
            text = None if kind_code in _TRADE_KINDS else detail_text(kind_code, int(other[row]), int(detail[row]))
            indices[row] = _slot(text)
        return indices, list(_texts)


def _local_seq(counts: list[int]) -> np.ndarray:
    """0, 1, ..., n1-1, 0, 1, ..., n2-1, ... for game sizes n1, n2, ... (the events' sequence numbers)."""
    counts_a = np.asarray(counts, np.int64)
    total = int(counts_a.sum())
    if not total:
        return np.empty(0, np.int32)
    starts = np.repeat(np.cumsum(counts_a) - counts_a, counts_a)
    return (np.arange(total, dtype=np.int64) - starts).astype(np.int32)


def _time(t: float | None):
    """A Unix time as a naive UTC datetime (the database stores plain TIMESTAMPs in UTC)."""
    return None if t is None else dt.datetime.fromtimestamp(t, dt.timezone.utc).replace(tzinfo=None)
