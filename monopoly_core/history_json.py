"""The shape of a game's history as JSON (a saved file, a share link), checked before the engine reads it.

A save or a link comes from outside: any value may have any type, any size and any depth. These checks refuse
with :class:`~.errors.BadSave` and a sentence for people anything the engine's own loaders
(``History.from_json``, ``RuleSet.from_dict``, ``PlayerSpec.from_json``, ``action_from_json``) might meet with
another exception or with unbounded work: wrong types, too many players or actions, seeds out of range, presets
the lab does not have. :func:`reading` turns whatever still goes wrong inside a loader into a BadSave too.
"""
from __future__ import annotations

import json
from contextlib import contextmanager

from .bounds import check_seed, short
from .errors import BadSave, IllegalReplay, InvalidRules, MonopolyError
from .rules import RuleSet, presets
from .state import PlayerSpec, check_names

#: Fewest and most seats a history may name (what the rules' ``min_players`` and ``max_players`` may be; each
#: edition's own limits are checked with its rules).
MIN_PLAYERS = 2
MAX_PLAYERS = 8
#: Why a game set up with Game.arrange() is not written (an outside review's save of one loaded as another game).
ARRANGED = ("a game set up with Game.arrange() is not saved or shared: its history holds the answers, not the "
            "arrangement, so it would open as another game")


def refuse_arranged(game) -> None:
    """A save or a link of ``game`` would replay as another game if it was arranged: :class:`BadSave`."""
    if game.was_arranged:
        raise BadSave(ARRANGED)


#: The decisions a replayed answer may not fit, in words ("where the game asked before the roll").
ASKED = {"pre_roll": "before the roll", "post_roll": "after the roll (build, trade or end the turn)",
         "between_turns": "between turns (build, trade or let the next player roll)",
         "buy": "whether to buy a property", "bid": "for a bid in an auction", "jail": "how to get out of jail",
         "debt": "how to pay a debt", "trade_response": "for an answer to a trade",
         "cheat": "whether to cheat", "call_cheat": "whether to call \"Cheat!\""}


def asked_words(kind: str) -> str:
    return ASKED.get(kind, f"about {kind.replace('_', ' ')}")
#: Most answered actions a history may hold (a long game between people answers a few thousand). Every game the
#: rules accept must fit: 8 random bots with cash that never runs out answer about 270,000 in 10,000 rounds (the
#: longest turn limit), more than the 200,000 this was (outside review).
MAX_ACTIONS = 1_000_000
#: Most steps a history may ask to replay.
MAX_STEPS = 1_000_000_000
#: Longest text value in a rules object (preset, board and deck names are short).
MAX_TEXT = 100


@contextmanager
def reading(what: str):
    """Run a loader: a BadSave passes through, a rules refusal says what was wrong, and any other failure
    (nesting too deep for the JSON reader, a type the checks did not foresee) becomes a BadSave naming ``what``."""
    try:
        yield
    except IllegalReplay as exc:
        # the decision's reason, unless it only says the answer is no option here (said in words before it)
        generic = exc.reason == f"{exc.action!r} is not an option when deciding {exc.asked!r}"
        raise BadSave(f"step {exc.step} of {what} answers {exc.action.replace('_', ' ')!r} where the game asked "
                      f"{asked_words(exc.asked)}{'' if generic else f', and ' + exc.reason}: {what} does not "
                      f"replay with its own rules and seed (it was edited, or saved by another version of the "
                      f"lab)") from None
    except BadSave:
        raise
    except InvalidRules as exc:
        if exc.field == "players":
            raise BadSave(f"{what}'s players do not fit its rules: {exc.reason}") from None
        raise BadSave(f"{what}'s rules are not valid: {exc}") from None
    except MonopolyError as exc:
        raise BadSave(f"{what} cannot be replayed: {exc}") from None
    except RecursionError:
        raise BadSave(f"{what} is damaged: it is nested too deeply") from None
    except MemoryError:
        raise BadSave(f"{what} is too large") from None
    except Exception as exc:
        raise BadSave(f"{what} is damaged ({exc.__class__.__name__})") from None


class TwiceNamed(ValueError):
    """A JSON object naming one key twice (the lab never writes one)."""


def one_of_each(pairs: list) -> dict:
    """An object's pairs as a dict, refusing a key named twice: ``json`` keeps the last, so a second "summary" or
    "digest" written before the real one would be invisible to the checks of the rest (an outside review)."""
    out = dict(pairs)
    if len(out) != len(pairs):
        seen = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))
        raise TwiceNamed(twice)
    return out


def parse(raw: str | bytes, what: str):
    """JSON text as Python values; BadSave for text that is not JSON, names a key twice in one object, or is nested
    too deeply."""
    try:
        return json.loads(raw, object_pairs_hook=one_of_each)
    except TwiceNamed as exc:
        raise BadSave(f"{what} is not in the lab's format: it names {short(exc.args[0])} twice in one place (was it "
                      f"edited?)") from None
    except RecursionError:
        raise BadSave(f"{what} is damaged: it is nested too deeply") from None
    except json.JSONDecodeError as exc:
        raise BadSave(f"{what} is not in the lab's format: its text breaks off or goes wrong at line {exc.lineno}, "
                      f"column {exc.colno} (was it edited or cut short?)") from None
    except ValueError:
        raise BadSave(f"{what} is not in the lab's format (its text is not what the lab writes)") from None


def check_rules(data, what: str) -> dict:
    """A rules object: a JSON object of rule names to true/false, whole numbers or short text."""
    if not isinstance(data, dict):
        raise BadSave(f"{what}: the rules must be a JSON object, not {_kind(data)}")
    for key, value in data.items():
        if not isinstance(value, (bool, int, str)):
            raise BadSave(f"{what}: the rule {short(key)} has a value of the wrong kind "
                          f"({short(value)})")
        if isinstance(value, str) and len(value) > MAX_TEXT:
            # (an outside review's 5,000-letter board name was "a value of the wrong kind")
            raise BadSave(f"{what}: the rule {short(key)} must be a name of at most {MAX_TEXT} characters, not "
                          f"{len(value):,} ({short(value)})")
    return data


def check_preset(name, what: str) -> str:
    """The name of a preset this lab has (a share link names it; a save's rules carry it)."""
    known = [p.name for p in presets()]
    if not isinstance(name, str) or name not in known:
        raise BadSave(f"{what} names a preset this lab does not have ({short(name)}; known: "
                      f"{', '.join(known)})")
    return name


def check_players(data, what: str) -> list:
    """A list of :data:`MIN_PLAYERS` to :data:`MAX_PLAYERS` seats, each one a seat the site can show (its name,
    kind, strategy and colour checked here, so that a refusal names the seat)."""
    if not isinstance(data, list):
        raise BadSave(f"{what}: the players must be a list of seats, not {_kind(data)}")
    if not MIN_PLAYERS <= len(data) <= MAX_PLAYERS:
        raise BadSave(f"{what} has {len(data)} player{'' if len(data) == 1 else 's'}; a game needs "
                      f"{MIN_PLAYERS} to {MAX_PLAYERS}")
    specs = []
    for seat, p in enumerate(data, 1):
        if not isinstance(p, dict):
            raise BadSave(f"{what}: player {seat} must be a JSON object, not {_kind(p)}")
        try:
            specs.append(PlayerSpec.from_json(p))
        except InvalidRules as exc:
            raise BadSave(f"{what}: player {seat} is not valid: {exc.reason}") from None
    # two players of one name, refused as Game.new refuses them, in the file's or link's words (a link played two
    # "Ann": an outside review)
    try:
        check_names(specs)
    except InvalidRules as exc:
        raise BadSave(f"{what}: {exc.reason}") from None
    return data


def check_actions(data, what: str) -> list:
    """A list of at most :data:`MAX_ACTIONS` actions, each ``[kind]`` or ``[kind, number or object]``."""
    if not isinstance(data, list):
        raise BadSave(f"{what}: the actions must be a list, not {_kind(data)}")
    if len(data) > MAX_ACTIONS:
        raise BadSave(f"{what} holds too many actions ({len(data):,}; the limit is {MAX_ACTIONS:,})")
    for a in data:
        ok = isinstance(a, list) and 1 <= len(a) <= 2 and isinstance(a[0], str) and len(a[0]) <= 40 and \
            (len(a) == 1 or isinstance(a[1], dict) or (isinstance(a[1], int) and not isinstance(a[1], bool)))
        if not ok:
            raise BadSave(f"{what}: not an action: {short(a)}")
    return data


def check_steps(steps, what: str) -> int:
    if isinstance(steps, bool) or not isinstance(steps, int) or not 0 <= steps <= MAX_STEPS:
        raise BadSave(f"{what}: the step count must be a whole number from 0 to {MAX_STEPS:,}, got "
                      f"{short(steps)}")
    return steps


def check_seed_value(seed, what: str) -> int:
    try:
        return check_seed(seed)
    except InvalidRules as exc:
        raise BadSave(f"{what}: the seed {exc.reason}") from None


def check_history(data, what: str) -> dict:
    """A whole history object (a save's ``history``), before ``History.from_json`` reads it."""
    if not isinstance(data, dict):
        raise BadSave(f"{what}: the game history must be a JSON object, not {_kind(data)}")
    missing = [k for k in ("rules", "players", "seed", "actions", "steps") if k not in data]
    if missing:
        raise BadSave(f"{what}: the game history is missing {', '.join(missing)}")
    RuleSet.from_dict(check_rules(data["rules"], what))      # a refusal is said by reading(), without "rules: "
    check_players(data["players"], what)
    check_seed_value(data["seed"], what)
    check_actions(data["actions"], what)
    check_steps(data["steps"], what)
    return data


def _kind(value) -> str:
    names = {dict: "a JSON object", list: "a list", str: "text", bool: "true/false", int: "a number",
             float: "a number", type(None): "null"}
    return names.get(type(value), type(value).__name__) + (f" of {len(value):,}" if isinstance(value, list) else "")
