"""Saved games: a JSON file holding the game's history, a digest of its events and a short summary.

Loading checks the file's shape, replays the history with the current rules core and then requires the whole
file to be exactly what this lab writes for the game it replays: a broken file, an edited file (a changed seed,
an action appended, a summary rewritten, an extra field) or a file from a version whose rules play differently
is refused with a message that says which, and the caller's current game is untouched (the caller only swaps
games after a successful load). Any failure while reading becomes :class:`~.errors.BadSave`.
"""
from __future__ import annotations

import hashlib
import json

from . import history_json as shape
from .errors import BadSave
from .game import Game, History

FORMAT = "monopoly-lab-game/2"
#: The format of the files written before the digest covered the history (read no more: see :func:`loads`).
FORMAT_1 = "monopoly-lab-game/1"
MAX_BYTES = 20_000_000
WHAT = "the saved game"


def digest(game: Game, history: dict | None = None) -> str:
    """A fingerprint of every event so far and of the history as the file writes it (``history``; default: the
    game's): its rules, players, seed and every answer. The events alone let a file through whose edit had not yet
    changed one (a turn limit or a jail fine not reached, a rejected trade's cash: an outside review loaded 43 of
    3,000 such edits). The history is fingerprinted as written, so a file that leaves out a rule added later still
    matches its own digest."""
    h = hashlib.sha256()
    log = game.log
    for col in (log.turn, log.kind, log.player, log.square, log.amount, log.other, log.detail):
        h.update(repr(col).encode())
    h.update(_canonical(game.history.to_json() if history is None else history).encode())
    return h.hexdigest()[:32]


ARRANGED = shape.ARRANGED


def to_dict(game: Game) -> dict:
    shape.refuse_arranged(game)
    res = game.result()
    return {"format": FORMAT, "history": game.history.to_json(), "digest": digest(game),
            "summary": {"edition": res["edition"], "turns": res["turns"], "over": res["over"],
                        "players": [p["name"] for p in res["players"]]}}


def dumps(game: Game) -> str:
    """The file: indented, but each answer on a line of its own, compact (``["bid",60]``): a long game's answers
    indented one value to a line took 34 bytes each, and a legal game's file passed :data:`MAX_BYTES`."""
    data = to_dict(game)
    actions = data["history"]["actions"]
    data["history"]["actions"] = _ACTIONS_MARK
    text = json.dumps(data, indent=1)
    lines = ",\n  ".join(json.dumps(a, separators=(",", ":")) for a in actions)
    # (the key with its mark: a quote inside a JSON string is always escaped, so no name can hold this text)
    mark = '"actions": ' + json.dumps(_ACTIONS_MARK)
    return text.replace(mark, '"actions": ' + (f"[\n  {lines}\n  ]" if actions else "[]"), 1)


_ACTIONS_MARK = "(the answers, one a line)"


def loads(text, *, snapshots: bool = True) -> Game:
    """Rebuild a game from :func:`dumps` output; anything else raises :class:`BadSave` with the reason."""
    with shape.reading(WHAT):
        data = shape.parse(_text(text), "not a saved game: the file")
        if isinstance(data, dict) and data.get("format") == FORMAT_1:
            raise BadSave(f"saved by an earlier version of this lab (its format is {FORMAT_1!r}): this version "
                          f"reads only {FORMAT!r} files, whose digest covers the rules and every answer as well as "
                          "the events, so that any edit is noticed")
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            found = data.get("format") if isinstance(data, dict) else None
            # (a file without a format says so in words: a reviewer read "this file's is None")
            theirs = f"this file's is {shape.short(found)}" if found is not None else "this file names none"
            raise BadSave("not a game saved by this lab: a saved game is the file the Play page's Download "
                          f"button writes, which says it is one (its format is {FORMAT!r}; {theirs})")
        history = History.from_json(shape.check_history(data.get("history"), WHAT))
        shape.check_preset(history.rules.preset, WHAT)
        game = Game.replay(history, snapshots=snapshots)
        if game.ply != history.steps:
            raise BadSave(f"the saved game ends early: {game.ply} of {history.steps} steps could be replayed")
        _check_whole_file(data, game)
    return game


def _text(text) -> str:
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_BYTES:
            raise BadSave("the file is too large to be a saved game")
        try:
            # (utf-8-sig: a byte-order mark, which some editors write at the start, is not part of the text)
            return bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise BadSave("not a saved game: the file is not text (UTF-8)") from None
    if not isinstance(text, str):
        raise BadSave("not a saved game: expected the file's text")
    if len(text) > MAX_BYTES:
        raise BadSave("the file is too large to be a saved game")
    return text.removeprefix("\ufeff")


def _check_whole_file(data: dict, game: Game) -> None:
    """The file must be what :func:`to_dict` writes for the replayed game, field for field, and match its digest.
    A rule the file leaves out counts as the default it was read as (files from before a rule existed still load).
    """
    expected = json.loads(json.dumps(to_dict(game)))
    found = dict(data)
    history = dict(found["history"])
    history["rules"] = {**expected["history"]["rules"], **history["rules"]}
    found["history"] = history
    changed = sorted({f"history's {k}" for k in set(history) | set(expected["history"])
                      if _canonical(history.get(k)) != _canonical(expected["history"].get(k))} |
                     {k for k in set(found) | set(expected) if k not in ("history", "digest")
                      and _canonical(found.get(k)) != _canonical(expected.get(k))})
    if changed:
        raise BadSave(f"the saved game was edited: its {', '.join(changed)} "
                      f"{'does' if len(changed) == 1 else 'do'} not match the game it replays (a saved file is "
                      f"refused after any change)")
    # (after the fields, which name what was changed where they can; the digest then says an edit they cannot see)
    if data.get("digest") != digest(game, data.get("history")):
        raise BadSave("the saved game does not match its digest (a fingerprint of its events, rules, players and "
                      "answers): it was edited, or saved by a version of the lab whose rules play differently")


def _canonical(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))
