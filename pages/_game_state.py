"""The Play page's state: the game in ``st.session_state`` and the callbacks that change it.

The game's history (rules, players, seed, actions, steps) is the record; the live :class:`Game` beside it is
rebuilt by replay for undo, rewind, loading and links (DESIGN.md section 5). State changes only in callbacks.
"""
from __future__ import annotations

import streamlit as st

from monopoly_core import BadSave, Game, MonopolyError, savefile, sharelink, store
from monopoly_core.bounds import check_seed

GAME = "play_game"          # the live Game (or None)
NOTICE = "play_notice"      # (level, message) shown once at the top of the game view
RUN_TO_END = "play_run_to_end"


def game() -> Game | None:
    return st.session_state.get(GAME)


def notice(level: str, message: str) -> None:
    st.session_state[NOTICE] = (level, message)


def set_game(g: Game) -> None:
    st.session_state[GAME] = g


def start(rules, players, seed) -> None:
    try:
        set_game(Game.new(rules, players, check_seed(seed), snapshots=True))
        notice("success", f"New game started with seed {seed}.")
    except MonopolyError as exc:
        notice("error", f"Could not start the game: {exc}")


def _answer_bot_replies(g: Game) -> None:
    """After a person acts, let bots answer what the person's action asked of them (a trade offer)."""
    while not g.over and g.pending is not None and g.pending.kind == "trade_response" \
            and g.pending.player in g.bots:
        g.step()


def step() -> None:
    g = game()
    if g is None or g.over:
        return
    if g.waiting_for_person():
        notice("info", f"{g.players[g.pending.player].name} must decide first.")
        return
    g.step()


def play(until: str) -> None:
    g = game()
    if g is not None and not g.over:
        g.play(until=until)


def act(action) -> None:
    g = game()
    if g is None:
        return
    try:
        g.act(action)
        _answer_bot_replies(g)
    except MonopolyError as exc:
        notice("error", f"Not allowed: {exc}")


def undo() -> None:
    g = game()
    if g is None or g.ply == 0:
        return
    set_game(Game.replay(g.history, g.ply - 1, snapshots=True))


def rewind(turn: int) -> None:
    g = game()
    if g is None or not (1 <= turn <= len(g.turn_plies)):
        return
    set_game(Game.replay(g.history, g.turn_plies[turn - 1], snapshots=True))
    notice("info", f"Rewound to the start of turn {turn}.")


def restart() -> None:
    g = game()
    if g is not None:
        set_game(Game.new(g.rules, g.specs, g.seed, snapshots=True))
        notice("info", f"Restarted with the same seed ({g.seed}).")


def load_upload(key: str) -> None:
    upload = st.session_state.get(key)
    if upload is None:
        return
    try:
        loaded = savefile.loads(upload.getvalue())
    except BadSave as exc:
        notice("error", f"That file was not loaded (your current game is kept): {exc}")
        return
    except Exception as exc:        # a visitor's file: whatever goes wrong is a message, never a traceback
        notice("error", f"That file was not loaded (your current game is kept): it could not be read "
                        f"({exc.__class__.__name__}).")
        return
    set_game(loaded)
    notice("success", f"Loaded a saved game: turn {loaded.turn}, {len(loaded.players)} players.")


def load_link(params) -> None:
    try:
        set_game(sharelink.open_link(params))
        notice("success", "Opened the shared game from the link.")
    except (BadSave, MonopolyError) as exc:
        notice("error", f"The shared link could not be opened: {exc}")
    except Exception as exc:        # a visitor's link: whatever goes wrong is a message, never a traceback
        notice("error", f"The shared link could not be opened: it could not be read ({exc.__class__.__name__}).")


def share_params(g: Game) -> dict[str, str]:
    return sharelink.encode(g)


LOGGED = "play_logged"      # the (seed, steps, events) of the game last written to the database


def _key(g: Game) -> tuple:
    return (g.seed, g.ply, len(g.log), g.rules.preset)


def log_finished(g: Game, db_path: str) -> None:
    """Write a finished game to the database once (issue 5: games played on the site are logged)."""
    if not g.over or st.session_state.get(LOGGED) == _key(g):
        return
    st.session_state[LOGGED] = _key(g)
    try:
        game_id = store.log_game(g, db_path, source="played")
        notice("success", f"The finished game is logged in the game database as game #{game_id}.")
    except store.StoreError as exc:
        notice("warning", f"The game could not be logged in the database: {exc}")


def log_unfinished(db_path: str) -> None:
    g = game()
    if g is None:
        return
    try:
        game_id = store.log_game(g, db_path, source="played", unfinished=not g.over)
        st.session_state[LOGGED] = _key(g)
        notice("success", f"Logged the game as it stands (game #{game_id} in the database).")
    except store.StoreError as exc:
        notice("warning", f"The game could not be logged: {exc}")
