"""Speed figures (DESIGN.md section 6): measured here, reported by ``python -m monopoly_core bench``.

Each figure is the median of several repeats on one core, so a noisy shared machine moves it less. Later parts
of the project add their own figures by appending a function to :data:`SECTIONS`; each takes the parsed
options and returns a dict of figures.
"""
from __future__ import annotations

import statistics
import time

from . import native
from .bots import STANDARD
from .game import Game
from .policies import Policy
from .rules import preset
from .state import bots


def play_batch(n_games: int, *, first_seed: int = 0, edition: str = "classic-us", events: bool = True,
               snapshots: bool = False, table: tuple[str, ...] = STANDARD, answers: list | None = None) -> dict:
    """Play ``n_games`` four-player games of ``table``'s bots; wall time, rolls, turns and events.

    With ``answers`` (one list of actions per game, from :func:`record_answers`), every bot's decisions are
    answered from that list instead of being worked out: the same games, timed without the bots' thinking.
    """
    rules = preset(edition)
    specs = bots(list(table))
    rolls = events_n = turns = 0
    t0 = time.perf_counter()
    for i, seed in enumerate(range(first_seed, first_seed + n_games)):
        policies = None
        if answers is not None:
            answer = iter(answers[i]).__next__
            policies = {seat: _Recorded(answer, _vigilance(spec.strategy)) for seat, spec in enumerate(specs)}
        g = Game.new(rules, specs, seed, events=events, snapshots=snapshots, policies=policies)
        g.run()
        rolls += g.rolls
        turns += g.turn
        events_n += len(g.log)
    return {"seconds": time.perf_counter() - t0, "games": n_games, "rolls": rolls, "turns": turns,
            "events": events_n}


def warm(edition: str) -> None:
    """Load what the first games of ``edition`` load once per process: the data tables, and the strategist's
    exact chain with the Markov package it is computed by (numpy and all). A few games alone may not: the
    strategist asks for its chain the first time it builds, and in 5 warm-up games of classic-uk it never did, so
    the import landed in the timed games (about 330,000 instructions a roll over 30 games, callgrind)."""
    from .bots.strategist import strategist_priorities
    play_batch(3, first_seed=10**6, edition=edition)
    strategist_priorities(preset(edition))


class _Recorded(Policy):
    """The policy of one seat of a game whose seats answer each decision with the next recorded action (one
    recording shared by all seats). It keeps its bot's vigilance: in the Cheaters Edition, who notices a cheat
    depends on it (a strategy parameter that is not an answer)."""

    uses_pre_roll = False       # as the standard bots: their pre-roll answer is always "roll"

    def __init__(self, answer, vigilance: float = 1.0):
        self._next = answer
        self.vigilance = vigilance

    def choose(self, decision, game):
        return self._next()


def _vigilance(strategy: str) -> float:
    from .policies import make
    return float(getattr(make(strategy, "bench"), "vigilance", 1.0))


def record_answers(n_games: int, *, first_seed: int = 0, edition: str = "classic-us") -> list[list]:
    """Every answered action of each standard-table game, for :func:`play_batch`'s ``answers``."""
    rules = preset(edition)
    specs = bots(list(STANDARD))
    out = []
    for seed in range(first_seed, first_seed + n_games):
        g = Game.new(rules, specs, seed)
        g.run()
        out.append(list(g.history.actions))
    return out


def core_figures(opts) -> dict:
    games, repeat = opts.games, opts.repeat
    warm("classic-us")
    runs = [play_batch(games, first_seed=i * games) for i in range(repeat)]
    rolls_ps = [r["rolls"] / r["seconds"] for r in runs]
    games_ps = [r["games"] / r["seconds"] for r in runs]
    quiet = [play_batch(games, first_seed=i * games, events=False) for i in range(repeat)]
    snap = [play_batch(games, first_seed=i * games, snapshots=True) for i in range(repeat)]
    total = {k: sum(r[k] for r in runs) for k in ("games", "rolls", "turns", "events")}
    # Where the time goes: the same games with every answer replayed from a recording (the rules engine and
    # its events alone), and a table of the simplest strategy (what most open simulators play).
    answers = [record_answers(games, first_seed=i * games) for i in range(repeat)]
    engine = [play_batch(games, first_seed=i * games, answers=answers[i]) for i in range(repeat)]
    simple = [play_batch(games, first_seed=i * games, table=("always-buy",) * 4) for i in range(repeat)]
    return {
        "build": native.status(),
        "table": "4-player classic-us, bots " + ",".join(STANDARD),
        "games_per_run": games, "repeats": repeat,
        "dice_rolls_per_second": round(statistics.median(rolls_ps)),
        "games_per_second": round(statistics.median(games_ps), 1),
        "dice_rolls_per_second_runs": [round(x) for x in rolls_ps],
        "dice_rolls_per_second_events_off": round(statistics.median(r["rolls"] / r["seconds"] for r in quiet)),
        "dice_rolls_per_second_with_snapshots": round(statistics.median(r["rolls"] / r["seconds"] for r in snap)),
        "dice_rolls_per_second_answers_replayed": round(statistics.median(r["rolls"] / r["seconds"] for r in engine)),
        "dice_rolls_per_second_always_buy_table": round(statistics.median(r["rolls"] / r["seconds"] for r in simple)),
        "games_per_second_always_buy_table": round(statistics.median(r["games"] / r["seconds"] for r in simple), 1),
        "rolls_per_game": round(total["rolls"] / total["games"], 1),
        "turns_per_game": round(total["turns"] / total["games"], 1),
        "events_per_game": round(total["events"] / total["games"], 1),
    }


def markov_figures(opts) -> dict:
    """Median build-and-solve time of the exact Markov chain (uncached), per preset and jail policy, in ms."""
    from .markov import JAIL_POLICIES, build_uncached
    from .rules import presets
    repeat = max(7, opts.repeat)
    out = {"repeats": repeat}
    for p in presets():
        for jail in JAIL_POLICIES:
            build_uncached(p.rules, jail)          # warm the data caches
            times = []
            for _ in range(repeat):
                t0 = time.perf_counter()
                build_uncached(p.rules, jail)
                times.append((time.perf_counter() - t0) * 1000)
            out[f"{p.name}_{jail}_build_solve_ms"] = round(statistics.median(times), 2)
    return out


def edition_figures(edition: str, classic: str):
    """The figures of ``edition`` beside the classic game on its own board (``classic``): rolls, games and events
    a second for the same 4-bot table, and what a roll and an event cost against classic (issues 15-17: a roll
    should cost at most 1.5 times a classic one), with the bots thinking and with their answers replayed (the
    rules engine alone). An edition's roll may do more than a classic one (Mega: a bonus move a third of the time,
    more building and auctions), so the cost of one event, and of one answered decision (the players' answers a
    roll: a bid, a build, a purchase, the end of a window), say whether the engine and the bots do each step at the
    same speed."""
    def figures(opts) -> dict:
        games, repeat = opts.games, opts.repeat
        out: dict = {"build": native.status(), "table": "4-player, bots " + ",".join(STANDARD),
                     "games_per_run": games, "repeats": repeat}
        rates = {}
        for name in (classic, edition):
            warm(name)
            runs = [play_batch(games, first_seed=i * games, edition=name) for i in range(repeat)]
            answers = [record_answers(games, first_seed=i * games, edition=name) for i in range(repeat)]
            engine = [play_batch(games, first_seed=i * games, edition=name, answers=answers[i])
                      for i in range(repeat)]
            answered = [sum(len(game) for game in a) for a in answers]
            rates[name] = (statistics.median(r["rolls"] / r["seconds"] for r in runs),
                           statistics.median(r["rolls"] / r["seconds"] for r in engine),
                           statistics.median(r["events"] / r["seconds"] for r in runs),
                           statistics.median(n / r["seconds"] for n, r in zip(answered, runs)))
            out[f"{name}_dice_rolls_per_second"] = round(rates[name][0])
            out[f"{name}_games_per_second"] = round(statistics.median(r["games"] / r["seconds"] for r in runs), 1)
            out[f"{name}_dice_rolls_per_second_answers_replayed"] = round(rates[name][1])
            out[f"{name}_rolls_per_game"] = round(sum(r["rolls"] for r in runs) / sum(r["games"] for r in runs), 1)
            out[f"{name}_events_per_roll"] = round(sum(r["events"] for r in runs) / sum(r["rolls"] for r in runs), 1)
            out[f"{name}_answers_per_roll"] = round(sum(answered) / sum(r["rolls"] for r in runs), 2)
        for i, what in enumerate(("roll_cost", "roll_cost_answers_replayed", "event_cost", "answer_cost")):
            out[f"{what}_vs_classic"] = round(rates[classic][i] / rates[edition][i], 2)
        return out
    return figures


SECTIONS = [("core", core_figures), ("markov", markov_figures)]


def store_figures(opts) -> dict:
    """The game database: bulk insert rate, a 2-worker batch into a fresh file, ready-made query times."""
    from .store_bench import store_figures as figures
    return figures(opts)


SECTIONS.append(("store", store_figures))


for _edition, _classic in (("mega", "classic-us"), ("sore-losers", "classic-uk"), ("cheaters", "classic-uk")):
    SECTIONS.append((_edition, edition_figures(_edition, _classic)))
