"""Share links: a game's setup and actions as URL query parameters, so another browser reopens the same game.

Parameters: ``preset`` (the preset name), ``rules`` (only the fields changed from the preset, compact JSON),
``players`` (name, kind, strategy and colour of each seat), ``seed``, ``steps`` and ``actions`` (the action
list, compressed). Everything else is rebuilt by replay.
"""
from __future__ import annotations

import base64
import json
import zlib

from .actions import action_from_json
from .errors import BadSave, InvalidRules
from .game import Game, History
from .rules import load_preset
from .state import PlayerSpec

KEYS = ("preset", "rules", "players", "seed", "steps", "actions")


def _pack(obj) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def _unpack(text: str):
    try:
        raw = zlib.decompress(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
        return json.loads(raw)
    except (ValueError, zlib.error) as exc:
        raise BadSave(f"the link is damaged ({exc.__class__.__name__})") from None


def encode(game: Game) -> dict[str, str]:
    h = game.history
    base = load_preset(h.rules.preset).rules
    changes = {name: mine for name, mine, _ in h.rules.diff(base)}
    return {"preset": h.rules.preset, "rules": _pack(changes) if changes else "",
            "players": _pack([p.to_json() for p in h.players]), "seed": str(h.seed), "steps": str(h.steps),
            "actions": _pack([a.to_json() for a in h.actions])}


def decode(params) -> History:
    """The history a link describes; a damaged or foreign link raises :class:`BadSave`."""
    missing = [k for k in ("preset", "players", "seed") if not params.get(k)]
    if missing:
        raise BadSave(f"the link is missing {', '.join(missing)}")
    try:
        base = load_preset(params["preset"]).rules
        changes = _unpack(params["rules"]) if params.get("rules") else {}
        if not isinstance(changes, dict):
            raise BadSave("the link's rules are damaged")
        rules = base.replace(**changes).validate()
        players = _unpack(params["players"])
        if not isinstance(players, list):
            raise BadSave("the link's players are damaged")
        specs = tuple(PlayerSpec.from_json(p) for p in players)
    except InvalidRules as exc:
        raise BadSave(f"the link's rules are not valid: {exc}") from None
    try:
        seed = int(params["seed"])
        steps = int(params.get("steps") or 0)
    except ValueError:
        raise BadSave("the link's seed and steps must be whole numbers") from None
    actions = _unpack(params["actions"]) if params.get("actions") else []
    if not isinstance(actions, list):
        raise BadSave("the link's actions are damaged")
    return History(rules, specs, seed, tuple(action_from_json(a) for a in actions), steps)


def open_link(params, *, snapshots: bool = True) -> Game:
    history = decode(params)
    game = Game.replay(history, snapshots=snapshots)
    if game.ply != history.steps:
        raise BadSave(f"the link's game ends early: {game.ply} of {history.steps} steps could be replayed")
    return game
