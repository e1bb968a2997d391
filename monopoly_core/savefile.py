"""Saved games: a JSON file holding the game's history and a digest of its events.

Loading replays the history with the current rules core and compares the digest, so a broken file, an edited
file, or a file from a version whose rules play differently is refused with a message that says which, and the
caller's current game is untouched (the caller only swaps games after a successful load).
"""
from __future__ import annotations

import hashlib
import json

from .errors import BadSave, MonopolyError
from .game import Game, History

FORMAT = "monopoly-lab-game/1"
MAX_BYTES = 20_000_000


def digest(game: Game) -> str:
    """A fingerprint of every event so far."""
    h = hashlib.sha256()
    log = game.log
    for col in (log.turn, log.kind, log.player, log.square, log.amount, log.other, log.detail):
        h.update(repr(col).encode())
    return h.hexdigest()[:32]


def to_dict(game: Game) -> dict:
    res = game.result()
    return {"format": FORMAT, "history": game.history.to_json(), "digest": digest(game),
            "summary": {"edition": res["edition"], "turns": res["turns"], "over": res["over"],
                        "players": [p["name"] for p in res["players"]]}}


def dumps(game: Game) -> str:
    return json.dumps(to_dict(game), indent=1)


def loads(text, *, snapshots: bool = True) -> Game:
    """Rebuild a game from :func:`dumps` output; anything else raises :class:`BadSave` with the reason."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_BYTES:
            raise BadSave("the file is too large to be a saved game")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise BadSave("not a saved game: the file is not text (UTF-8)") from None
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise BadSave(f"not a saved game: the file is not valid JSON ({exc.args[0]})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        found = data.get("format") if isinstance(data, dict) else type(data).__name__
        raise BadSave(f"not a saved game of this lab (expected format {FORMAT!r}, found {found!r})")
    history = History.from_json(data.get("history"))
    try:
        game = Game.replay(history, snapshots=snapshots)
    except BadSave:
        raise
    except MonopolyError as exc:
        raise BadSave(f"the saved game cannot be replayed: {exc}") from None
    if game.ply != history.steps:
        raise BadSave(f"the saved game ends early: {game.ply} of {history.steps} steps could be replayed")
    if data.get("digest") != digest(game):
        raise BadSave("the saved game does not replay to the same events: it was edited, or saved by a "
                      "version of the lab whose rules play differently")
    return game
