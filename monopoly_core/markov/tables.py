"""The Markov page's tables as rows (one dict per row): the same rows are shown on screen and downloaded as CSV,
so a class can take every table into a spreadsheet exactly as it reads it.

>>> from monopoly_core import preset
>>> from monopoly_core.markov import stationary
>>> rows = ranking_table(stationary(preset("classic-us")))
>>> rows[0]["name"], list(rows[0])
('In Jail', ['rank', 'state', 'name', 'per-roll'])
>>> to_csv(rows[:1]).splitlines()[0]
'rank,state,name,per-roll'
"""
from __future__ import annotations

import csv
import io

from .income import Income
from .quantities import Distribution


def ranking_table(dist: Distribution) -> list[dict]:
    """Every resting state from the largest value down: rank, state (square index or ``jail``), name, value."""
    return [{"rank": i + 1, "state": s, "name": n, dist.quantity: round(v, 6)}
            for i, (s, n, v) in enumerate(dist.ranked())]


def payback_table(inc: Income) -> list[dict]:
    """Each colour group (and the railroads, the utilities) at each level: what it costs, the rent it earns per
    opponent turn, and the rounds it takes to earn its cost back."""
    return [{"group": r.label, "level": r.level_name, "cost": r.cost,
             "rent per opponent turn": round(r.per_opponent_turn, 2),
             "payback (rounds)": round(r.payback_rounds, 1)} for r in inc.payback]


def rents_table(inc: Income) -> list[dict]:
    """Every property at every level: the rent of one landing and the expected rent per opponent turn."""
    return [{"square": r.name, "level": r.level_name, "rent": r.rent,
             "per opponent turn": round(r.per_opponent_turn, 3)} for r in inc.rents]


def convergence_table(tv: list[float]) -> list[dict]:
    """The distance to the long run after 0, 1, 2, ... turns from GO."""
    return [{"turns from GO": n, "distance to the long run": round(d, 6)} for n, d in enumerate(tv)]


def to_csv(rows: list[dict]) -> str:
    """The rows as CSV text, with a header line of the column names."""
    out = io.StringIO()
    if rows:
        writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    return out.getvalue()
