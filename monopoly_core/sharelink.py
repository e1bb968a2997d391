"""Share links: a game's setup and actions as URL query parameters, so another browser reopens the same game.

Parameters: ``preset`` (the preset name), ``rules`` (only the fields changed from the preset, compact JSON),
``players`` (name, kind, strategy and colour of each seat), ``seed``, ``steps`` and ``actions`` (the action
list, compressed). Everything else is rebuilt by replay.
"""
from __future__ import annotations

import base64
import binascii
import json
import zlib

from . import bounds, history_json as shape
from .actions import action_from_json
from .errors import BadSave, InvalidRules
from .game import Game, History
from .rules import RuleSet, load_preset
from .state import PlayerSpec

KEYS = ("preset", "rules", "players", "seed", "steps", "actions")
WHAT = "the link"
#: Longest value of each parameter, in characters, and the most bytes a packed one may inflate to. A link is
#: refused before anything is inflated past these (a 300 KB link once inflated to gigabytes).
MAX_CHARS = {"preset": 100, "rules": 20_000, "players": 8_000, "seed": 30, "steps": 20, "actions": 1_000_000}
#: (the actions: as much as a saved file may hold, so that a link carries every game a file does: an outside review's
#: legal game of 990,000 answers packed into 52,616 characters, and unpacked past the 8,000,000 this was)
MAX_INFLATED = {"rules": 64_000, "players": 32_000, "actions": 20_000_000}


def _pack(obj) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


#: The letters of URL-safe base64 (without its padding), all that :func:`_pack` writes.
_PACKED_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def _unpack(text: str, key: str):
    """A packed parameter's JSON, inflated a bounded piece at a time: refused as soon as it would pass
    :data:`MAX_INFLATED`, before the rest is inflated."""
    damaged = (f"the link's {key} are damaged: that part of the link is not the packed text this site writes (part "
               f"of the link may have been lost or changed when it was copied; copy the whole link again)")
    if text.strip(_PACKED_LETTERS):     # (letters the packing never writes were dropped, and "%%%" read as cut short)
        raise BadSave(damaged)
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_INFLATED[key])
        more = not inflater.eof and bool(inflater.unconsumed_tail or inflater.decompress(b"", 1))
    except (ValueError, binascii.Error, zlib.error):
        raise BadSave(damaged) from None
    if more:
        raise BadSave(f"the link's {key} are too large (more than {MAX_INFLATED[key]:,} bytes unpacked)")
    if not inflater.eof:
        raise BadSave(f"the link's {key} are damaged: that part of the link is cut short (copy the whole link "
                      f"again)")
    if inflater.unused_data:        # (letters after the packed text: an outside review's link opened with them)
        raise BadSave(damaged)
    return shape.parse(raw, f"the link's {key}")


def encode(game: Game) -> dict[str, str]:
    shape.refuse_arranged(game)
    h = game.history
    base = load_preset(h.rules.preset).rules
    changes = {name: mine for name, mine, _ in h.rules.diff(base)}
    return {"preset": h.rules.preset, "rules": _pack(changes) if changes else "",
            "players": _pack([p.to_json() for p in h.players]), "seed": str(h.seed), "steps": str(h.steps),
            "actions": _pack([a.to_json() for a in h.actions])}


def decode(params) -> History:
    """The history a link describes; a damaged, oversized or foreign link raises :class:`BadSave` (and nothing
    else), before any large piece of it is unpacked."""
    with shape.reading(WHAT):
        values = _values(params)
        missing = [k for k in ("preset", "players", "seed") if not values.get(k)]
        if missing:
            raise BadSave(f"the link is missing {', '.join(missing)}")
        base = load_preset(shape.check_preset(values["preset"], WHAT)).rules
        changes = _changes(values, WHAT)
        rules = base.replace(**changes).validate()
        shape.check_preset(rules.preset, WHAT)
        specs = tuple(PlayerSpec.from_json(p) for p in shape.check_players(_unpack(values["players"], "players"),
                                                                             WHAT))
        seed = shape.check_seed_value(_whole(values["seed"], "seed"), WHAT)
        # (a link without steps opens the game at its start; one whose steps are blank is damaged, not step 0)
        steps = shape.check_steps(_whole(values.get("steps", "0"), "steps"), WHAT)
        actions = shape.check_actions(_unpack(values["actions"], "actions") if values.get("actions") else [], WHAT)
        return History(rules, specs, seed, tuple(action_from_json(a) for a in actions), steps)


def _changes(values: dict[str, str], what: str) -> dict:
    """The rules a link changes from its preset. Its preset is named once, by the ``preset`` parameter: changes
    that name another would open one preset's game under another's name (outside review: a Mega game logged as
    classic-us)."""
    changes = shape.check_rules(_unpack(values["rules"], "rules") if values.get("rules") else {}, what)
    if "preset" in changes and changes["preset"] != values["preset"]:
        raise BadSave(f"{what} is damaged: its rules name the preset {shape.short(changes['preset'])}, its address "
                      f"{shape.short(values['preset'])}")
    return changes


def _values(params) -> dict[str, str]:
    """The link's parameters as text, each within its length limit."""
    if not hasattr(params, "get"):
        raise BadSave("the link's parameters are damaged")
    values = {}
    for key in KEYS:
        value = params.get(key)
        if value is None:
            continue
        if not isinstance(value, str):
            raise BadSave(f"the link's {key} must be text")
        if len(value) > MAX_CHARS[key]:
            raise BadSave(f"the link is too long: its {key} has {len(value):,} characters (the limit is "
                          f"{MAX_CHARS[key]:,})")
        values[key] = value
    return values


def _whole(text: str, key: str) -> int:
    if not (text.strip().isascii() and text.strip().isdigit()):      # ("²" and "٣" are digits to isdigit)
        raise BadSave(f"the link's {key} must be a whole number from 0 up, got {shape.short(text)}")
    return int(text)


def open_link(params, *, snapshots: bool = True) -> Game:
    history = decode(params)
    with shape.reading(WHAT):
        game = Game.replay(history, snapshots=snapshots)
    if game.ply != history.steps:
        raise BadSave(f"the link's game ends early: {game.ply} of {history.steps} steps could be replayed")
    return game


# --- a rule set alone (the Rules page's custom rule sets) ----------------------------------------------------------
#: Longest name of a shared rule set.
MAX_NAME = 60
RULES_WHAT = "the rule set's link"


def rules_params(rules, name: str = "") -> dict[str, str]:
    """A rule set as link parameters: its preset, the rules changed from it (packed) and its name (one the link
    could not carry back is refused, as :func:`rules_from_params` would refuse it)."""
    if not isinstance(rules, RuleSet):
        raise InvalidRules("rules", f"expected a RuleSet (for example preset('classic-us')), got {shape.short(rules)}")
    try:
        name = _rule_set_name(name)
    except BadSave as exc:
        raise InvalidRules("name", str(exc).removeprefix("the rule set's name ")) from None
    base = load_preset(rules.preset).rules
    changes = {n: mine for n, mine, _ in rules.diff(base)}
    return {"preset": rules.preset, "rules": _pack(changes) if changes else "", "name": name}


def rules_from_params(params):
    """The (rules, name) a rule set's link describes; a damaged, oversized or foreign one raises :class:`BadSave`."""
    with shape.reading(RULES_WHAT):
        values = _values(params)
        if not values.get("preset"):
            raise BadSave("the rule set's link is missing preset")
        base = load_preset(shape.check_preset(values["preset"], RULES_WHAT)).rules
        changes = _changes(values, RULES_WHAT)
        rules = base.replace(**changes).validate()
        return rules, _rule_set_name(params.get("name") if hasattr(params, "get") else None)


def _rule_set_name(name) -> str:
    """A shared rule set's name as its link carries it, refused rather than cut or kept when it would not show as
    typed (a name reversed by a direction mark reads as a different rule set in the list)."""
    if name is None:
        return ""
    if not isinstance(name, str):
        raise BadSave("the rule set's name must be text")
    name = name.strip()
    if len(name) > MAX_NAME:
        raise BadSave(f"the rule set's name has {len(name):,} characters (the limit is {MAX_NAME})")
    if bounds.has_control_characters(name):
        raise BadSave("the rule set's name holds control characters or marks that reverse text; "
                      "a name is plain text on one line")
    return name
