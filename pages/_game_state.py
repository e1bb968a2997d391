"""The Play page's state: the game in ``st.session_state`` and the callbacks that change it.

The game's history (rules, players, seed, actions, steps) is the record; the live :class:`Game` beside it is
rebuilt by replay for undo, rewind, loading and links (DESIGN.md section 5). State changes only in callbacks.
"""
from __future__ import annotations

import streamlit as st

from monopoly_core import BadSave, Game, MonopolyError, presets, savefile, sharelink, store
from monopoly_core import actions as A
from monopoly_core.bounds import check_seed, short
from monopoly_core.narrate import describe, visible

from . import _rule_words as words, _setup
from ._number_box import read_box

GAME = "play_game"          # the live Game (or None)
NOTICE = "play_notice"      # (level, message) shown once at the top of the game view
SECRET = "secret"           # the level of a notice for one player's eyes (folded: a cheat's result)
RUN_TO_END = "play_run_to_end"
SERIAL = "play_game_serial"     # counts the games put in GAME: a game and its step count name one history
SAVE_FILE = "play_save_file"    # ((serial, step), text): the Download button's file, written once a step


def game() -> Game | None:
    return st.session_state.get(GAME)


def notice(level: str, message: str) -> None:
    st.session_state[NOTICE] = (level, message)


def set_game(g: Game) -> None:
    st.session_state[GAME] = start_position(g)
    st.session_state[SERIAL] = st.session_state.get(SERIAL, 0) + 1


def save_file(g: Game) -> str:
    """The shown game's file for the Download button (:func:`savefile.dumps`), written again only when the game
    or its step count changed: every widget reruns the page, and a long game's file takes a while (8 random bots
    over 1,000 rounds: 0.44 MB, a quarter of a second; over 10,000 rounds: 4.3 MB, five seconds). A game only
    moves forward between two :func:`set_game` calls (undo, rewind and loading put a new game there), so the
    same step count is the same history."""
    mark = (st.session_state.get(SERIAL), g.ply)
    kept = st.session_state.get(SAVE_FILE)
    if kept is not None and kept[0] == mark:
        return kept[1]
    text = savefile.dumps(g)
    st.session_state[SAVE_FILE] = (mark, text)
    return text


def new_game(g: Game) -> None:
    """Show ``g`` as a game of its own (started, uploaded or opened from a link): logging it in the database
    makes a new record, where undo, rewind and restart keep the record of the game they go back in."""
    st.session_state.pop(LOGGED_ID, None)
    st.session_state.pop(JUMPS, None)
    st.session_state.pop(CARRIED, None)
    set_game(g)


def start_position(g: Game) -> Game:
    """``g``, or, when it has not taken its set-up yet, the same game after it: the set-up (the bank hands out
    the starting cash, the players roll for the turn order) is made of automatic steps, and a game shown before
    them reads cash 0 and net worth 0 for everyone (issue 14, item 5). The position shown is the one just
    before the first turn begins."""
    if g.turn_plies or g.ply or g.pending is not None or g.over:
        return g
    while not g.turn_plies and g.pending is None and not g.over:
        g.step()
    return Game.replay(g.history, g.turn_plies[0], snapshots=True) if g.turn_plies else g


def started(g: Game) -> bool:
    """True once the first turn has begun (before that, there is nothing to undo but the set-up)."""
    return bool(g.turn_plies)


def start(rules, players, seed) -> None:
    """Start a new game from the set-up form. When a person plays first, their turn begins at once, so that their
    first decision shows rather than a Step to press (a teacher's walkthrough: every other answer now carries on to
    the next decision, but the first one waited for Step); a bot's first turn waits for Step, as its turns do."""
    try:
        new_game(Game.new(rules, players, check_seed(seed), snapshots=True))
        notice("success", f"New game started with seed {seed}.")
    except MonopolyError as exc:
        notice("error", f"Could not start the game: {exc}")
        return
    _to_a_persons_first_turn(game())


def _to_a_persons_first_turn(g: Game | None) -> None:
    """At a game's starting position, begin the first turn when a person plays it (see :func:`start`)."""
    if g is not None and not g.turn_plies and not g.over and g.pending is None and g.current not in g.bots:
        g.step()


#: The people's answers that carried on (:func:`_carry_on`), on the path the game is on: (the step of the decision
#: answered, the step the answer left the game at). Undo at the second goes back to the first, however the game got
#: there (a reviewer's second Undo, after Roll then End, stopped between the roll and its move). An answer, an Undo
#: or a rewind to an earlier step drops those beyond it (they were on another path); a new game, a restart and a
#: game brought back drop them all.
CARRIED = "play_carried"
#: The most kept (each is two numbers)
MAX_CARRIED = 1_000
#: The most steps a person's answer carries on by itself (:func:`_carry_on`): a bound, never reached in play (an
#: answer sets off a roll's move and its landing, or bots' replies to a trade offer).
CARRY_ON_STEPS = 200


#: The bots' decisions a person's answer carries on through: replies to their offer, bids in an auction.
_CARRIED_BOT_KINDS = frozenset({"trade_response", "bid"})


def _carry_on(g: Game) -> None:
    """After a person acts (and after Finish turn), take what follows up to the next decision: the automatic steps
    (a roll's move, the landing), the bots' replies to a person's trade offer and the bots' bids in an auction. A
    person who pressed Roll sees the token move at once, rather than the dice alone and a Step button to press (a
    teacher's walkthrough read that as the game being stuck), and a person who bid sees the auction come back to
    them or end (another walkthrough pressed Step after each of their bids). Decisions of bots other than those
    stay one Step each, as in the rest of the game; Undo takes back the answer with what it set off
    (:func:`undo`)."""
    taken = 0
    while not g.over and taken < CARRY_ON_STEPS:
        d = g.pending
        if d is not None and not (d.kind in _CARRIED_BOT_KINDS and d.player in g.bots):
            return
        g.step()
        taken += 1


#: The most sentences of what a press did said at the top of the game (the feed below tells every event).
SAID_LINES = 4


def _said(g: Game, events: list[int], *, latest: bool = False) -> str:
    """Sentences for the log's events at ``events`` that the table may read (a cheat awaiting its reveal is left
    out), at most :data:`SAID_LINES`: the first ones, or with ``latest`` the last ones; "" for none."""
    from . import _cheaters
    secret = _cheaters.hidden(g) if _cheaters.active(g) else set()
    shown = [i for i in events if visible(g.log[i]) and i not in secret]
    if len(shown) <= SAID_LINES:
        return " ".join(describe(g.log[i], g) for i in shown)
    if latest:
        return "\u2026 " + " ".join(describe(g.log[i], g) for i in shown[-SAID_LINES:])
    return " ".join(describe(g.log[i], g) for i in shown[:SAID_LINES]) + " \u2026"


def step() -> None:
    """One step, and what it did said at the top of the game, where the buttons are (a browser review, at 1024x768,
    pressed Step on a bot's turn and saw nothing change near them: "Cautious 4 buys Connecticut Avenue" was in
    the feed, some 1,000 px down)."""
    g = game()
    if g is None or g.over:
        return
    if g.waiting_for_person():
        notice("info", f"{g.players[g.pending.player].name} must decide first.")
        return
    logged = len(g.log)
    g.step()
    said = _said(g, list(range(logged, len(g.log))))
    if said:
        notice("info", said)


def play(until: str) -> None:
    """Play on ("turn": to the next turn, "person": until a person must decide). The step that begins a turn also
    rolls the dice for a player with nothing to decide first (a bot), so "turn" goes on to that player's first
    decision: it stopped with the dice rolled and the token not moved, or before the roll when the player was in
    jail (a reviewer saw both). What it did is said at the top, as for a step: the first sentences of the rest of
    a turn, the last ones of several turns."""
    g = game()
    if g is not None and not g.over:
        logged, turn = len(g.log), g.turn
        g.play(until=until)
        if until == "turn":
            _carry_on(g)
        turns = g.turn - turn
        said = _said(g, list(range(logged, len(g.log))), latest=turns > 1)
        if said:
            notice("info", (f"{turns} turns played. " if turns > 1 else "") + said)


#: The answers a person gives from the "Build, sell, mortgage" box (and a debt's list): what they did is said at
#: the top of the decision, where it is seen (a walkthrough, at 1024x768, found the feed's line below the fold).
SAID_KINDS = frozenset({A.BUILD, A.SELL_BUILDING, A.SELL_ALL, A.MORTGAGE, A.UNMORTGAGE})


def act(action) -> None:
    g = game()
    if g is None:
        return
    try:
        before, logged, turn = g.ply, len(g.log), g.turn
        g.act(action)
        _carry_on(g)
    except MonopolyError as exc:
        notice("error", f"Not allowed: {exc}")
        return
    from . import _cheaters
    if _cheaters.active(g) and action.kind in _cheaters.ATTEMPTS:
        # a person's own cheat, said to them (its events are hidden from the feed until it is revealed or caught: a
        # browser review saw Ana's cash go from 1,500 to 1,800 with no word of it)
        lines = [describe(g.log[i], g) for i in range(logged, len(g.log)) if g.log[i].turn == turn]
        if lines:
            notice(SECRET, " ".join(lines[:4]) + (" …" if len(lines) > 4 else ""))
    else:
        # what the answer did, said where the person looks: a roll's move, its rent or card, an auction won, a call
        # of "Cheat!" (a browser review, at 1024x768, found only "Anything to manage before you finish?" there and
        # the rent 900 px down the feed; a later one saw a wrong call's button just go)
        said = _said(g, [i for i in range(logged, len(g.log)) if g.log[i].turn == turn])
        if said:
            notice("success" if action.kind in SAID_KINDS else "info", said)
    carried = _carried_up_to(before)
    if g.ply > before + 1:
        carried.append((before, g.ply))
        del carried[:-MAX_CARRIED]


def _carried_up_to(ply: int) -> list[tuple[int, int]]:
    """The carried answers (:data:`CARRIED`) that end at or before ``ply``: the game's path up to there."""
    carried = [c for c in st.session_state.get(CARRIED) or [] if c[1] <= ply]
    st.session_state[CARRIED] = carried
    return carried


#: The restarts and rewinds Undo can take back, latest last: (the game as it was before, the step it landed on,
#: the words for what brought back). A restart or a rewind is one more step on the undo stack, so one misclick
#: loses nothing: Undo at the step it landed on brings back the game as it was (an outside review: Undo after a
#: rewind from turn 9 to turn 2 went on to turn 1, and turns 2 to 9 were lost).
JUMPS = "play_jumps"
#: The most of them kept (each is a whole game).
MAX_JUMPS = 10


def _jumped(before: Game, after: Game, what: str) -> bool:
    """Keep ``before`` for Undo at ``after``'s step (``what``: "the game you restarted"). False when the jump
    landed where the game already was (a rewind to the start of the turn it is at: nothing to bring back)."""
    if after.ply == before.ply:
        return False
    jumps = st.session_state.setdefault(JUMPS, [])
    jumps.append((before, after.ply, what))
    del jumps[:-MAX_JUMPS]
    return True


def _jump_back(g: Game) -> tuple[Game, int, str] | None:
    """The restart or rewind Undo takes back at ``g`` (None: Undo steps back one step)."""
    jumps = st.session_state.get(JUMPS) or []
    return jumps[-1] if jumps and jumps[-1][1] == g.ply else None


def rewound_from(g: Game) -> Game | None:
    """The game as it was before the rewind that landed at ``g``'s step, which Undo brings back now (None: ``g`` was
    not reached by a rewind, or the game has moved on since)."""
    jump = _jump_back(g)
    return jump[0] if jump is not None and jump[2] == BEFORE_REWIND else None


def can_undo(g: Game) -> bool:
    """Whether Undo has somewhere to go: a step back, or the game as it was before the restart or rewind that
    landed here."""
    return started(g) or _jump_back(g) is not None


def undo() -> None:
    g = game()
    if g is None:
        return
    jump = _jump_back(g)
    if jump is not None:
        st.session_state[JUMPS].pop()
        st.session_state.pop(CARRIED, None)
        close_rewind_box()
        before, _, what = jump
        set_game(before)
        notice("info", f"Brought back {what} (turn {before.turn}, step {before.ply}).")
    elif started(g):
        back = Game.replay(g.history, _undo_to(g), snapshots=True)
        # what was taken back, said (a browser review pressed Undo and saw no word of what it undid)
        said = _said(g, list(range(len(back.log), len(g.log))))
        set_game(back)
        notice("info", f"Undone: {said}" if said else f"Undone: back to turn {back.turn}, step {back.ply}.")


def _undo_to(g: Game) -> int:
    """The step Undo goes back to from ``g``: the decision a person answered, when ``g`` is where the answer left
    the game (the answer and the steps it set off, :func:`_carry_on`, are taken back together: a person who pressed
    Roll and then Undo is asked to roll again); otherwise one step back."""
    carried = st.session_state.get(CARRIED) or []
    to = next((before for before, after in carried if after == g.ply), g.ply - 1)
    _carried_up_to(to)
    return to


REWIND_TURN = "rewind_turn"  # the number box of the turn to rewind to
BEFORE_REWIND = "the game as it was before the rewind"   # what Undo brings back after a rewind
#: the Play page's "Rewind..." popover: closed once a rewind or a restart is done, as a menu closes after its choice
#: (a walkthrough saw it stay open over the board); a refused turn keeps it open, with the reason. It is closed by
#: a new key (:func:`rewind_box_key`): the browser sent its last state, open, with the next click (a reviewer's
#: Undo after a rewind opened it again)
REWIND_BOX = "rewind_box"
REWIND_BOXES = "rewind_boxes"       # how many times it was closed so


def rewind_box_key() -> str:
    """The key of the "Rewind..." popover now: "rewind_box", then "rewind_box_1", ... after each closing."""
    n = st.session_state.get(REWIND_BOXES, 0)
    return f"{REWIND_BOX}_{n}" if n else REWIND_BOX


def close_rewind_box() -> None:
    """Draw the "Rewind..." popover closed from the next run (a new popover: the old one's state is dropped)."""
    st.session_state.pop(rewind_box_key(), None)
    st.session_state[REWIND_BOXES] = st.session_state.get(REWIND_BOXES, 0) + 1


def rewind() -> None:
    """Go back to the start of the turn in the rewind box, read when the button is pressed (so the turn rewound to
    is the one shown; a turn the game has not reached, or no turn, is refused in words and nothing moves). The
    start of a turn is the position right after the step that begins it (its caption reads that turn), not the
    step before it, which still belongs to the previous turn (issue 14, item 6)."""
    g = game()
    if g is None:
        return
    if not g.turn_plies:
        notice("warning", "Nothing was rewound: no turn has begun yet.")
        return
    turn, why = read_box(REWIND_TURN, "the turn to go back to", 1, len(g.turn_plies), len(g.turn_plies))
    if turn is None:
        notice("warning", f"Nothing was rewound. {why}")
        return
    set_game(Game.replay(g.history, g.turn_plies[turn - 1] + 1, snapshots=True))
    _carried_up_to(game().ply)
    close_rewind_box()
    kept = _jumped(g, game(), BEFORE_REWIND)
    notice("info", f"Rewound to the start of turn {turn}." + (f" {undo_rewind_words(g)}" if kept else ""))


def undo_rewind_words(before: Game) -> str:
    """ "Undo brings back the game as it was before the rewind (turn 9, step 80)." """
    return f"Undo brings back {BEFORE_REWIND} (turn {before.turn}, step {before.ply})."


def restart() -> None:
    g = game()
    if g is not None:
        set_game(Game.new(g.rules, g.specs, g.seed, snapshots=True))
        _to_a_persons_first_turn(game())
        st.session_state.pop(CARRIED, None)
        close_rewind_box()
        kept = started(g) and _jumped(g, game(), "the game you restarted")
        notice("info", f"Restarted with the same seed ({g.seed})."
               + (f" Undo brings back the game you restarted (turn {g.turn})." if kept else ""))


UPLOADS = "play_uploads_read"      # how many saved files the upload box has read (its key changes with it)


def upload_key() -> str:
    """The upload box's key: ``upload_save``, then ``upload_save_2``, ... one for each file read."""
    n = st.session_state.get(UPLOADS, 0)
    return "upload_save" if not n else f"upload_save_{n + 1}"


def load_upload(key: str) -> bool:
    """Load the saved game in the upload box ``key``; True once it is the game shown (else a notice says why)."""
    upload = st.session_state.get(key)
    if upload is None:
        return False
    st.session_state[UPLOADS] = st.session_state.get(UPLOADS, 0) + 1     # (a new, empty box for the next file)
    kept = " (your current game is kept)" if game() is not None else ""
    try:
        loaded = savefile.loads(upload.getvalue())
    except BadSave as exc:
        notice("error", f"That file was not loaded{kept}: {words.in_words(str(exc))}")
        return False
    except Exception:        # a visitor's file: whatever goes wrong is a message, never a traceback
        notice("error", f"That file was not loaded{kept}: it could not be read as a saved game of this lab.")
        return False
    new_game(loaded)
    notice("success", f"Loaded a saved game: turn {loaded.turn}, {len(loaded.players)} players.")
    return True


#: An address part of a link to a game not begun: open it with a seed of its own (see :func:`load_link`).
FRESH = "fresh"


def load_link(params) -> None:
    try:
        opened = sharelink.open_link(params)
        begun = opened.ply > 0          # (read first: showing a game takes its set-up steps)
        fresh = not begun and params.get(FRESH) == "1"
        if fresh:
            # the Rules page's "Play it": the link is drawn once, so each click opened the same seed (a browser
            # review's three tabs, one a group, were one game); a new seed for each opening
            opened = Game.new(opened.rules, opened.specs, _setup.fresh_seed(), snapshots=True)
        new_game(opened)
        # (fresh is read only as fresh=1 on a game not begun; otherwise it is said to be left out, as any part the
        # page does not read: an outside review's fresh=yes opened seed 1 without a word)
        unread = _unread(params, (*sharelink.KEYS, FRESH) if fresh else sharelink.KEYS)
        # (a part the page does not read is said, as for a set-up's address: an outside review's "&foo=bar" on a
        # whole shared game went without a word)
        if not begun:
            # a game not begun (the Rules page's "Play it"): a browser review read "Opened the shared game"
            _to_a_persons_first_turn(game())
            said = (f"Started a new game under the link's rules (seed {opened.seed}). \u201cSet up a new game\u201d "
                    f"changes the players or the seed.")
        else:
            said = "Opened the shared game from the link."
        notice("success", said + (f" This page does not read {unread} in its address: it was left out."
                                  if unread else ""))
    except (BadSave, MonopolyError) as exc:
        notice("error", f"The shared link could not be opened: {words.in_words(str(exc))}")
    except Exception:        # a visitor's link: whatever goes wrong is a message, never a traceback
        notice("error", "The shared link could not be opened: it could not be read as a game of this lab (copy "
                        "the whole link again).")


#: The address parameters that only set up a game (``/play?preset=mega&seed=7``); a whole shared game has
#: ``players`` too (see :mod:`monopoly_core.sharelink`).
SETUP_PARAMS = ("preset", "seed")


def _unread(params, read) -> str:
    """The address parts outside ``read``, named (at most five, then how many more); "" when there are none."""
    unread = [k for k in params if k not in read]
    return ", ".join(short(k) for k in unread[:5]) + (f" and {len(unread) - 5} more" if len(unread) > 5 else "")


def setup_from_address(params) -> None:
    """Fill the set-up form from an address that names a preset and/or a seed, not a whole game. A preset or
    seed that cannot be used, or a parameter this page does not read, is said in words (never ignored)."""
    names = [p.name for p in presets()]
    problems = []
    preset = params.get("preset")
    if preset is not None:
        if preset in names:
            st.session_state["setup_preset"] = preset
        else:
            problems.append(f"there is no rule set called {short(preset)}; the rule sets are "
                            f"{', '.join(names)} (for example ?preset=mega)")
    seed = params.get("seed")
    if seed is not None:
        digits = seed.strip()
        # (the length first: Python refuses to read a number of more than 4,300 digits, an outside review's crash)
        if len(digits) <= len(str(_setup.SEED_BOX_MAX)) and digits.isascii() and digits.isdigit() \
                and int(digits) <= _setup.SEED_BOX_MAX:
            st.session_state["setup_seed"] = int(seed)
        else:
            problems.append(f"the seed must be a whole number from 0 to {_setup.SEED_BOX_MAX:,}, not {short(seed)}")
    unread = _unread(params, SETUP_PARAMS + sharelink.KEYS)
    if unread:
        problems.append(f"this page does not read {unread} in its address (it reads "
                        f"preset and seed, or a whole game from a share link)")
    stray = [k for k in sharelink.KEYS if k not in SETUP_PARAMS and k in params and k != "players"]
    if "players" in params:     # (blank: "the address has players but no players", an outside review read)
        problems.append("the address's players part is empty, so it is not a whole shared game (copy the whole "
                        "link again)")
    elif stray:
        problems.append(f"the address has {', '.join(stray)} but no players, so it is not a whole shared game "
                        f"(copy the whole link again)")
    if problems:
        notice("warning", "The set-up in the address was not all used: " + "; ".join(problems) + ".")
    elif preset is not None or seed is not None:
        titles = {p.name: p.title for p in presets()}
        parts = ([f"rule set {titles[preset]}"] if preset is not None else []) + \
            ([f"seed {int(seed)}"] if seed is not None else [])
        notice("info", "The set-up form above is filled in from the address: " + ", ".join(parts) + ".")


def share_params(g: Game) -> dict[str, str] | None:
    """``g``'s share link's parts; None for a game that cannot be shared (one set up with ``Game.arrange``, as a
    lesson or a test may: its history would open as another game)."""
    try:
        return sharelink.encode(g)
    except BadSave:
        return None


#: The longest share link put in the address bar, in characters. Servers refuse longer addresses (a reload of
#: one of about 131,000 characters got a bare "400 Bad Request", outside review) and chat and mail programs cut
#: them; a game of 500 rounds by the standard bots takes about 1,500, a 10,000-round game of random bots 370,000.
MAX_ADDRESS = 60_000


def link_length(params: dict[str, str]) -> int:
    return sum(len(k) + len(v) + 2 for k, v in params.items() if v)


def too_long_words(length: int) -> str:
    return (f"This game is too long for a share link ({length:,} characters; an address holds about "
            f"{MAX_ADDRESS:,}), so it is not kept in the address bar: download it as a file to keep or share it.")


LINK_OPENED = "play_link_opened"    # the game in the address bar is this session's (do not open it again)
ADDRESS = "play_address"            # (game, step) last written to the address bar
LINK_TOO_LONG = "play_link_too_long"    # the length of the link the address bar could not hold, for this mark


def keep_in_address_bar(g: Game) -> None:
    """Write the game into the address bar as a share link whenever its history changes, so that reloading the
    page or opening a bookmark brings the game back (issue 14, item 4). Encoding costs well under a
    millisecond, but it is done only when the game or its step count changed, or when the address lost it
    (after a visit to another page)."""
    mark = (id(g), g.seed, g.ply)
    if st.session_state.get(ADDRESS) == mark and (st.query_params.get("steps") == str(g.ply)
                                                  or link_too_long(g) is not None):
        return      # (a link too long for the address bar was left out of it: not encoded again at every rerun)
    st.session_state[ADDRESS] = mark
    st.session_state[LINK_OPENED] = True
    params = share_params(g)
    if params is None:      # (a game set up by arrangement: no link brings it back)
        st.query_params.clear()
        return
    length = link_length(params)
    if length > MAX_ADDRESS:
        # (an address that a reload would lose with a server error: none, and the page says why)
        st.query_params.clear()
        st.session_state[LINK_TOO_LONG] = (mark, length)
        return
    st.session_state.pop(LINK_TOO_LONG, None)
    st.query_params.from_dict({k: v for k, v in params.items() if v})


def link_too_long(g: Game) -> int | None:
    """The length of ``g``'s share link when the address bar could not hold it (None when it holds it)."""
    kept = st.session_state.get(LINK_TOO_LONG)
    return kept[1] if kept and kept[0] == (id(g), g.seed, g.ply) else None


LOGGED = "play_logged"      # the (seed, steps, events) of the game last written to the database
LOGGED_ID = "play_logged_id"    # the database id this game was logged under (logging it again replaces it)


def _key(g: Game) -> tuple:
    return (g.seed, g.ply, len(g.log), g.rules.preset)


def _log(g: Game, db_path: str) -> int:
    """Write ``g`` to the database as the one record of this game: the first time under a new id, then over
    the same id (a game logged unfinished, then logged again or finished, is one game, not several)."""
    game_id = store.log_game(g, db_path, source="played", unfinished=not g.over,
                             replacing=st.session_state.get(LOGGED_ID))
    st.session_state[LOGGED_ID] = game_id
    st.session_state[LOGGED] = _key(g)
    return game_id


def log_finished(g: Game, db_path: str) -> None:
    """Write a finished game to the database once (issue 5: games played on the site are logged)."""
    if not g.over or st.session_state.get(LOGGED) == _key(g):
        return
    st.session_state[LOGGED] = _key(g)
    try:
        game_id = _log(g, db_path)
        notice("success", f"The finished game is logged in the game database as game #{game_id}.")
    except store.StoreError as exc:
        notice("warning", f"The game could not be logged in the database: {exc}")


#: What "Log it in the game database" did, said under that button once (level, words): a browser review pressed
#: it at the foot of the page and saw nothing, the notice being at the top, 590 px above the screen
LOG_SAID = "play_log_said"


def log_unfinished(db_path: str) -> None:
    g = game()
    if g is None:
        return
    try:
        game_id = _log(g, db_path)
        st.session_state[LOG_SAID] = ("success", f"Logged the game as it stands (game #{game_id} in the database; "
                                                  f"logging it again or finishing it updates this record).")
    except store.StoreError as exc:
        st.session_state[LOG_SAID] = ("warning", f"The game could not be logged: {exc}")
