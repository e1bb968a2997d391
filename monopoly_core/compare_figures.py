"""Per-game figures of a comparison, taken chunk by chunk from the database's table shapes.

A chunk of games (the ``games``, ``players``, ``events`` and ``snapshots`` tables of some games, as Arrow tables:
straight from the batch runner, read back from DuckDB, or from Parquet files) becomes one row of numbers per game
(:class:`GameFigures`): its length in rounds, whether the turn limit ended it, who won (the seat, and the strategy
that sat in that seat in that game: the ``players`` table says, so a batch whose bots change seats from game to
game is read right), the
Gini coefficient of net worth after each round, and the money moved per flow (rent per colour group, taxes,
salary, cards, Free Parking, ...). Paired side by side, these rows are all :mod:`.compare` keeps of a game, so a
comparison's memory does not grow with its number of games.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from . import events as E
from .board import load_board
from .paired_stats import gini_rows
from .rules import RuleSet

#: Most rounds the wealth-inequality curve follows (games last far fewer rounds with the usual bots).
MAX_CURVE_ROUNDS = 200

#: Money flows by payment reason, in words; rent and cards are split further (see :func:`flow_names`).
REASON_WORDS = {"salary": "salary from GO", "tax": "taxes", "jackpot": "Free Parking jackpot",
                "fine": "jail fines", "purchase": "buying property", "auction": "property auctions",
                "build": "building", "building_sale": "selling buildings", "mortgage": "mortgages",
                "unmortgage": "lifting mortgages", "interest": "mortgage interest", "trade": "cash in trades",
                "bankruptcy": "bankruptcy settlements", "pot_seed": "the bank's Free Parking seed money",
                "final_rent": "final lap rent from the bank", "birthday_gift": "Birthday Gift cash"}
#: Reasons that are not a flow a rule changes in play (starting cash is a rule itself, shown in the table).
SKIPPED_REASONS = ("start",)
CARD_FLOWS = ("cards: from the bank", "cards: to the bank or the pot", "cards: between players")


def rent_names(rules: RuleSet) -> list[tuple[str, str]]:
    """(key, words) of each rent flow on the rule set's board: one per colour group, then the railroads
    (stations) and the utilities."""
    board = load_board(rules.board)
    out = [(f"rent:{g.name}", f"rent: {g.label.lower()}") for g in board.groups.values()]
    for kind, words in (("railroad", f"rent: {board.railroad_label.lower()}"), ("utility", "rent: utilities")):
        if any(s.kind == kind for s in board.squares):
            out.append((f"rent:{kind}", words))
    return out


def flow_names(a: RuleSet, b: RuleSet) -> list[tuple[str, str]]:
    """Every money flow of a comparison of ``a`` and ``b``, (key, words), in a fixed order: salary, the rent
    flows of both boards, taxes, cards, Free Parking, then every other payment reason of the event table. A flow
    the two boards name differently (the US railroads are the UK stations) is one flow with both names."""
    out = [("salary", REASON_WORDS["salary"])]
    rent: dict[str, str] = {}
    for rules in (a, b):
        for key, words in rent_names(rules):
            if key not in rent:
                rent[key] = words
            elif words != rent[key]:
                rent[key] = f"{rent[key]} / {words.removeprefix('rent: ')}"
    out += list(rent.items())
    out.append(("tax", REASON_WORDS["tax"]))
    out += [(c, c) for c in CARD_FLOWS]
    out.append(("jackpot", REASON_WORDS["jackpot"]))
    done = {"salary", "rent", "tax", "card", "jackpot", *SKIPPED_REASONS}
    out += [(r, REASON_WORDS.get(r, r.replace("_", " "))) for r in E.REASONS if r not in done]
    return out


@dataclass
class GameFigures:
    """The figures of the games of one chunk, one row per game in ``batch_index`` order."""

    index: np.ndarray          # batch_index
    rounds: np.ndarray
    by_limit: np.ndarray       # 1.0 when the turn limit ended the game
    winner_seat: np.ndarray    # the winner's seat, or the number of seats for none
    winner_strategy: np.ndarray  # index into the comparison's strategies, or len(strategies) for none
    gini: np.ndarray           # (games, curve rounds): Gini of net worth at the end of rounds 1, 2, ...
    gini_mean: np.ndarray      # each game's Gini averaged over the rounds it was played (within the curve)
    money: np.ndarray          # (games, flows): money moved per flow


class FigureTaker:
    """Turns chunks of one side's tables into :class:`GameFigures` (the board's rent groups looked up once)."""

    def __init__(self, rules: RuleSet, flows: list[tuple[str, str]], strategies: list[str], seats: int,
                 curve_rounds: int):
        self.flows = {key: i for i, (key, _) in enumerate(flows)}
        self.strategies = strategies
        self.seats = seats
        self.curve_rounds = curve_rounds
        board = load_board(rules.board)
        rent_flow = np.full(board.size, -1, np.int64)
        for s in board.squares:
            key = f"rent:{s.group}" if s.kind == "street" else f"rent:{s.kind}"
            rent_flow[s.index] = self.flows.get(key, -1)
        self._rent_flow = rent_flow
        self._reason_flow = {r: self.flows.get(r, -1) for r in E.REASONS}

    def take(self, tables: dict[str, pa.Table]) -> GameFigures:
        games = tables["games"].sort_by("batch_index")
        ids = games["id"].to_numpy(zero_copy_only=False).astype(np.int64)
        n = len(ids)
        row_of = _RowOf(ids)
        winners = games["winner"].to_numpy(zero_copy_only=False)
        seat = np.where(np.isnan(winners.astype(float)), self.seats, winners).astype(np.int64)
        strat = self._strategy_at(tables["players"], row_of, n)[np.arange(n), np.clip(seat, 0, self.seats)]
        reasons = games["end_reason"].to_pylist()
        rounds = games["rounds"].to_numpy(zero_copy_only=False).astype(float)
        gini = self._gini(tables["snapshots"], row_of, n)
        played = np.clip(rounds, 1, max(1, self.curve_rounds)).astype(np.int64)
        within = np.arange(self.curve_rounds)[None, :] < played[:, None]
        gini_mean = (gini * within).sum(axis=1) / played if self.curve_rounds else np.zeros(n)
        return GameFigures(
            index=games["batch_index"].to_numpy(zero_copy_only=False).astype(np.int64),
            rounds=rounds,
            by_limit=np.asarray([r == "turn_limit" for r in reasons], float),
            winner_seat=seat, winner_strategy=strat,
            gini=gini, gini_mean=gini_mean,
            money=self._money(tables["events"], row_of, n))

    def _strategy_at(self, players: pa.Table, row_of: _RowOf, n: int) -> np.ndarray:
        """(games, seats + 1): the index of the strategy in each seat of each game (the last column, for "no
        winner", and a seat no known strategy sat in hold ``len(strategies)``)."""
        none = len(self.strategies)
        out = np.full((n, self.seats + 1), none, np.int64)
        if players.num_rows == 0:
            return out
        code = {name: i for i, name in enumerate(self.strategies)}
        rows = row_of.rows(players["game"])
        seat = players["seat"].to_numpy(zero_copy_only=False).astype(np.int64)
        which = _codes(players["strategy"], code, none)
        ok = (rows >= 0) & (seat >= 0) & (seat < self.seats)
        out[rows[ok], seat[ok]] = which[ok]
        return out

    def _money(self, events: pa.Table, row_of: _RowOf, n: int) -> np.ndarray:
        flows = len(self.flows)
        out = np.zeros((n, flows))
        kind = events["kind"]
        if pa.types.is_dictionary(kind.type):
            kind = kind.cast(pa.string())
        pay = events.filter(pc.equal(kind, "pay"))
        if pay.num_rows == 0:
            return out
        rows = row_of.rows(pay["game"])
        payer = pay["player"].to_numpy(zero_copy_only=False).astype(np.int64)
        payee = pay["counterparty"].to_numpy(zero_copy_only=False).astype(np.int64)
        amount = pay["amount"].to_numpy(zero_copy_only=False).astype(float)
        square = pay["square"].to_numpy(zero_copy_only=False).astype(np.int64)
        flow = _codes(pay["detail"], self._reason_flow, -1)
        special = _codes(pay["detail"], {"rent": 1, "card": 2}, 0)
        rent = special == 1
        inside = rent & (square >= 0) & (square < len(self._rent_flow))
        flow[inside] = self._rent_flow[square[inside]]
        card = special == 2
        for key, mask in ((CARD_FLOWS[0], card & (payer < 0)), (CARD_FLOWS[1], card & (payer >= 0) & (payee < 0)),
                          (CARD_FLOWS[2], card & (payer >= 0) & (payee >= 0))):
            flow[mask] = self.flows[key]
        keep = (flow >= 0) & (rows >= 0)
        # (whole amounts: a float sum is exact, in whatever order it is taken)
        return np.bincount(rows[keep] * flows + flow[keep], weights=amount[keep], minlength=n * flows).reshape(
            n, flows)

    def _gini(self, snapshots: pa.Table, row_of: _RowOf, n: int) -> np.ndarray:
        """Gini of net worth at the end of rounds 1..curve_rounds; after a game's end its last value stays."""
        r = self.curve_rounds
        out = np.full((n, r), np.nan)
        if snapshots.num_rows == 0 or r == 0:
            return np.zeros((n, r))
        seats = self.seats
        worth = snapshots["net_worth"].to_numpy(zero_copy_only=False).astype(float).reshape(-1, seats)
        rnd = snapshots["round"].to_numpy(zero_copy_only=False)[::seats].astype(np.int64)
        g = gini_rows(worth)
        rows = row_of.rows(snapshots["game"])[::seats]
        ok = (rows >= 0) & (rnd >= 1) & (rnd <= r)
        out[rows[ok], rnd[ok] - 1] = g[ok]          # a later snapshot of the same round (the game's end) wins
        last = np.full(n, np.nan)                   # each game's final value, for the rounds after its end
        last[rows[rows >= 0]] = g[rows >= 0]
        return _fill_forward(out, last)


class _RowOf:
    """Each game id's row in a chunk (its position in ``ids``), looked up for a whole column at once: a chunk's
    pay events run to millions of rows in long games, and a Python lookup per row was most of a comparison's
    reading back (cProfile: 1.1 of 1.5 s for 20 games a side of 2,000 rounds)."""

    def __init__(self, ids: np.ndarray) -> None:
        self._order = np.argsort(ids, kind="stable")
        self._sorted = ids[self._order]

    def rows(self, games: pa.Array | pa.ChunkedArray) -> np.ndarray:
        """The row of each id of ``games`` (-1 for an id not in the chunk)."""
        game = games.to_numpy(zero_copy_only=False).astype(np.int64)
        if not len(self._sorted):
            return np.full(len(game), -1, np.int64)
        at = np.minimum(np.searchsorted(self._sorted, game), len(self._sorted) - 1)
        return np.where(self._sorted[at] == game, self._order[at], -1)


def _codes(column: pa.Array | pa.ChunkedArray, code: dict[str, int], missing: int) -> np.ndarray:
    """``code[x]`` for each text ``x`` of ``column`` (``missing`` for a text not in ``code``, or null), worked
    out once per distinct text (a column of a few dozen reasons or strategies over millions of rows)."""
    if not pa.types.is_dictionary(column.type):
        column = pc.dictionary_encode(column)
    if isinstance(column, pa.ChunkedArray):
        column = column.unify_dictionaries().combine_chunks() if column.num_chunks else pa.array(
            [], column.type)
    table = np.array([code.get(x, missing) for x in column.dictionary.to_pylist()] + [missing], np.int64)
    indices = column.indices.fill_null(len(table) - 1).to_numpy(zero_copy_only=False).astype(np.int64)
    return table[indices]


def _fill_forward(m: np.ndarray, last: np.ndarray) -> np.ndarray:
    """Each NaN takes the value to its left (or, at the start of a row, 0: everyone starts equal); the
    rounds after the last value take the game's final value."""
    n, r = m.shape
    seen = ~np.isnan(m)
    idx = np.where(seen, np.arange(r), -1)
    np.maximum.accumulate(idx, axis=1, out=idx)
    filled = np.where(idx >= 0, m[np.arange(n)[:, None], np.maximum(idx, 0)], 0.0)
    last_seen = np.where(seen.any(axis=1), r - 1 - np.argmax(seen[:, ::-1], axis=1), -1)
    after = np.arange(r)[None, :] > last_seen[:, None]
    return np.where(after & ~np.isnan(last)[:, None], last[:, None], filled)
