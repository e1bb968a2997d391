"""Play: set up a game, step through it, make every decision, undo, save and share (issue: the Play page)."""
from __future__ import annotations

from urllib.parse import urlencode

import streamlit as st

from monopoly_core import events as E
from monopoly_core import savefile
from monopoly_core.narrate import money
from monopoly_core.viz.board_drawing import last_move_path
from monopoly_core.viz.board_svg import board_svg
from monopoly_core.viz.safe_text import markdown
from pages import _cheaters, _decision, _game_state as gs, _mega, _panels, _setup, _site, _sore_losers
from pages._number_box import number_box
from pages._site import ensure_navigation

ensure_navigation()

st.title("Play a game")

params = st.query_params.to_dict()
if params and not st.session_state.get(gs.LINK_OPENED):
    st.session_state[gs.LINK_OPENED] = True
    if params.get("players"):
        gs.load_link(params)          # a whole shared game
    else:
        gs.setup_from_address(params)  # only a set-up (?preset=mega&seed=7), or parts the page says it ignores

game = gs.game()
SETUP_SHOWN = "play_setup_shown"    # the setup form has been drawn in this session (its controls hold values)
SETUP_BOX = "setup_box"
FOLD_SETUP = "play_fold_setup"      # a game was just started from the form: close it, so that the board shows


def _notice() -> None:
    """The message of the last action (shown once), escaped: it may quote a name or a visitor's file."""
    note = st.session_state.pop(gs.NOTICE, None)
    if note and note[0] == gs.SECRET:
        # a person's own cheat: said, folded, to its player alone (the screen is the table's: an outside review saw
        # the attempt told to everyone while they were asked to call it; a browser review saw none of it said)
        from pages import _cheaters
        st.info(_cheaters.SECRET_SAID, icon=":material/visibility_off:")
        with st.expander(_cheaters.SECRET_OPEN):
            st.markdown(markdown(note[1]))
    elif note:
        getattr(st, note[0])(markdown(note[1]))


if game is None:
    # a link or an address that could not be read says so above the form, not under it (a walkthrough: the
    # message sat some 1,500 px down, and the page looked as if the link had done nothing)
    _notice()
if st.session_state.pop(FOLD_SETUP, False):
    # (a second game's form, opened by hand, stayed open over the new board: a walkthrough found the board below
    # the fold. Set before the box is drawn, the only time its state may be set)
    st.session_state[SETUP_BOX] = False
    # and back to the top of the page, where the board is: the browser kept the place of the Start button, some
    # 900 px down (a browser review). A fixed script of our own, no visitor's text in it.
    st.html("<script>for (const el of [window, window.parent, ...document.querySelectorAll("
            "'[data-testid=stMain], [data-testid=stAppViewContainer], section.main')]) "
            "{ try { el.scrollTo(0, 0); } catch (e) {} }</script>", unsafe_allow_javascript=True)

setup = st.expander("Set up a new game" if game else "Set up a game", expanded=game is None, key=SETUP_BOX,
                    on_change="rerun")


def _start_as_shown(rules, players, seed, errors: list[str], seats_seen: int | None) -> None:
    """Start the game the set-up shows as Start is pressed: the form of this run, drawn with what was typed as it
    was pressed (typed and pressed at once, the seed or rule typed is the one used), or say why not. Seats the
    person has not seen yet (a number of players typed as Start was pressed) keep the game from starting."""
    problem = " ".join(errors) or _setup.seats_changed(seats_seen)
    if problem:
        gs.notice("error", f"The game was not started. {problem}")
        return
    gs.start(rules, players, seed)
    st.session_state[FOLD_SETUP] = True
    st.rerun()          # (the page again, with the game: the set-up above was drawn without it)


def _load_and_fold(key: str) -> None:
    """Load the file chosen, and on success fold the set-up and go to the top, as Start does (a browser review:
    the set-up stayed open over the loaded board and its "Loaded a saved game" notice, 1,700 px further up)."""
    if gs.load_upload(key):
        st.session_state[FOLD_SETUP] = True


def _setup_and_start() -> None:
    seats_seen = _setup.seats_drawn()       # (before the form draws the seats of a number typed as Start was pressed)
    # a Start button above the form too, drawn once the form is read (a browser review: at 1024x768 the one below
    # sat under seven groups of rules, off the screen, on a first visit)
    top = st.container()
    rules, players, seed, errors, warnings = _setup.setup_form()
    t1, t2 = top.columns([1, 3], vertical_alignment="center")
    pressed = t1.button("Start the game", type="primary", key="start_game_top", width="stretch")
    t2.caption("with the set-up below (the defaults are ready to go)")
    c1, c2 = st.columns([1, 3], vertical_alignment="center")
    # (never turned off: a click on a button turned off by a refused value only took the value corrected, and a
    # second click was needed, an outside review; a press is read here, after the form, and refused in words)
    if c1.button("Start the game", type="primary", key="start_game", width="stretch") or pressed:
        _start_as_shown(rules, players, seed, errors, seats_seen)
    with c2:
        # every problem beside the button, not only the first (issue 14, item 10)
        if errors:
            # (escaped: a refusal may quote a player's name, which is text, never Markdown; an outside review)
            st.error("The game cannot start yet:\n" + "\n".join(f"- {markdown(e)}" for e in errors))
        for w in warnings:
            st.warning(w)
    # the box's limit is the saves' own (it said "200MB per file", the server's default, though a save of more
    # than savefile.MAX_BYTES is refused): whole megabytes of 2**20 bytes, rounded down
    # (a fresh box after each file read, so that the same file can be chosen again: a browser review's second
    # choice of one save, to go back to the same start, did nothing and said nothing)
    key = gs.upload_key()
    st.file_uploader("\u2026 or resume a saved game (.json)", type=["json"], key=key,
                     on_change=_load_and_fold, args=(key,), max_upload_size=savefile.MAX_BYTES // 2**20,
                     help="A file saved with 'Download this game'. A broken or edited file is refused and "
                          "the current game is kept.")


# A game opened from a link or a reload draws its setup form only when it is opened: some forty controls the
# visitor has not asked for, drawn before the board, held the board back (issue 14, speed). Once drawn, the form
# is drawn on every run, closed or open, so that the house rules set in it are kept.
if game is None or setup.open or st.session_state.get(SETUP_SHOWN):
    st.session_state[SETUP_SHOWN] = True
    with setup:
        _setup_and_start()


# The "Rewind..." popover (key: gs.rewind_box_key()). Its turn box is drawn only while it is open, so that it opens
# on the current turn: a box drawn all along showed in the browser, when the popover opened, the turn of the first
# time it was opened (held for the rest of the game), or else an empty box, which the button then refused (an
# outside review: nine turns in, "The turn to go back to is empty").


def _controls(g) -> None:
    waiting = g.waiting_for_person()
    row1 = st.columns([1, 1.5, 1.8])
    row1[0].button("Step", on_click=gs.step, disabled=g.over or waiting, width="stretch", key="ctl_step",
                   help="One step: a roll, a move, a landing, or one bot decision.", type="primary")
    row1[1].button("Finish turn", on_click=gs.play, args=("turn",), disabled=g.over or waiting, width="stretch",
                   key="ctl_turn", help="Play the rest of this turn, then the next player's roll and move, up to "
                        "their first decision (stops when a person must decide).")
    row1[2].button("Until I decide", on_click=gs.play, args=("person",), disabled=g.over or waiting,
                   width="stretch", key="ctl_person", help="Play until a person must decide.")
    row2 = st.columns([1.5, 1, 1.6])
    row2[0].button("To the end", on_click=lambda: st.session_state.update({gs.RUN_TO_END: True}),
                   disabled=g.over or waiting, width="stretch", key="ctl_end",
                   help="Play to the end of the game (stops if a person must decide).")
    row2[1].button("Undo", on_click=gs.undo, disabled=not gs.can_undo(g), width="stretch", key="ctl_undo",
                   help="Take back the last step (a roll with the move it made, a person's answer with what it "
                        "set off). Where a rewind or a restart landed, bring back the game as it was before it.")
    turns = len(g.turn_plies)
    rewind_box = row2[2].popover("Rewind\u2026", width="stretch", key=gs.rewind_box_key(), on_change="rerun",
                                 help="Go back to the start of any turn, or restart.")
    with rewind_box:
        if turns and rewind_box.open:
            # a box, not a list: a list of hundreds of turns scrolls badly (issue 14, item 6); a text box, not a
            # number box (pages/_number_box.py: a browser sent a number box's last valid turn, not the 0 shown);
            # the callback reads the box when pressed, and refuses a turn the game has not reached, in words
            _, why = number_box(f"to the start of turn (1 to {turns})", gs.REWIND_TURN, default=turns, lo=1,
                                hi=turns, what="the turn to go back to")
            # (never turned off: a click on a button turned off by a refused turn only took the turn corrected,
            # and a second click was needed; the callback refuses a turn it cannot use, in words)
            st.button("Rewind to that turn", on_click=gs.rewind, key="ctl_rewind")
            if why is not None:
                st.error(why, icon=":material/block:")
            # what Undo does after a rewind, only where one landed: before any rewind, or once the game has moved
            # on from it, Undo steps back one step (an outside review read the note before any rewind)
            before = gs.rewound_from(g)
            if before is not None:
                st.caption(gs.undo_rewind_words(before))
        st.button("Restart with the same seed", on_click=gs.restart, key="ctl_restart",
                  help="Start this game again from the beginning with the same seed (Undo brings the game "
                       "back).")


def _run_to_end(g) -> None:
    st.session_state[gs.RUN_TO_END] = False
    bar = st.progress(0.0, text="Playing to the end\u2026")
    limit = g.rules.turn_limit
    while not g.over and not g.waiting_for_person():
        g.play(until="end", max_steps=400)
        alive = len(g.active_players())
        bar.progress(min(1.0, g.round / limit), text=f"Round {g.round}: {alive} players left")
    bar.empty()


def _share(g) -> None:
    c1, c2, c3 = st.columns(3)
    if g.was_arranged:      # (set up by arrangement, as a lesson or a test may: its history would open as another game)
        c1.caption(f"This game cannot be downloaded or shared: {savefile.ARRANGED}.")
    else:
        c1.download_button("Download this game", data=gs.save_file(g),
                           file_name=f"monopoly-{g.seed}-t{g.turn}.json", mime="application/json", key="download_save",
                           width="stretch",
                           help="A JSON file holding the rules, players, seed and every decision: upload it to resume.")
    too_long = gs.link_too_long(g)
    if c2.button("Put a share link in the address bar", key="share_link", width="stretch", disabled=g.was_arranged):
        params = gs.share_params(g) or {}
        length = gs.link_length(params)
        if length > gs.MAX_ADDRESS:
            too_long = length
        else:
            shown = {k: v for k, v in params.items() if v}
            st.query_params.from_dict(shown)
            st.session_state[gs.LINK_OPENED] = True
            # the link itself too, with the copy button of a code box (a browser review found only "copy it")
            here = (st.context.url or "").split("?", 1)[0]
            st.caption("The address bar now holds this game; or copy the link below (the button at its right) and "
                       "open it in another browser.")
            st.code(f"{here}?{urlencode(shown)}", language=None, wrap_lines=True)
    if too_long:
        st.warning(gs.too_long_words(too_long))
    c3.button("Log it in the game database" + ("" if g.over else " (unfinished)"), key="log_game",
              on_click=gs.log_unfinished, args=(_site.db_path(),), width="stretch",
              help="Finished games are logged by themselves; this logs the game as it stands now, for the "
                   "SQL page.", disabled=g.over and st.session_state.get(gs.LOGGED) is not None)
    said = st.session_state.pop(gs.LOG_SAID, None)
    if said:
        getattr(c3, said[0])(markdown(said[1]))


def _last_roller(g) -> str:
    """The name of the player who made the game's last roll (found from the end of the log: a few events back)."""
    log = g.log
    for i in range(len(log) - 1, -1, -1):
        if log.kind[i] == E.ROLL:
            return g.players[log.player[i]].name
    return ""


def _supply_words(g) -> str:
    """ "houses left 12, hotels left 3"; without building limits (a house rule) "houses and hotels unlimited" (an
    outside review read "houses left -9, hotels left -1": the counts run on below zero then)."""
    if not g.rules.building_limits:
        return "houses and hotels unlimited" if g.edition.hotel_level > 1 else "hotels unlimited"
    return (f"houses left {g.houses_left}, " if g.edition.hotel_level > 1 else "") + f"hotels left {g.hotels_left}"


#: The board is as wide as its column, but never taller than the window under the page's title (issue 14,
#: item 7: at 1024x768 and at 1280x800 the board and the decision beside it fit on the screen).
BOARD_MAX_WIDTH = "min(100%, calc(100vh - 215px))"


@st.fragment
def game_view() -> None:
    g = gs.game()
    if g is None:
        _notice()                 # a link or a file that could not be opened says why
        st.info("Set up a game above (the defaults are ready to go) and press **Start the game**.")
        return
    if st.session_state.get(gs.RUN_TO_END):
        _run_to_end(g)
    gs.log_finished(g, _site.db_path())
    left, right = st.columns([1.25, 1], gap="small")
    with left:
        last = g.last_roll
        # whose roll it was (a browser review: the centre read "last roll ..." of the previous player while it was
        # already the next person's turn, which a class may read as its own)
        centre = f"last roll ({_last_roller(g)}): {_mega.roll_words(g, last)}" if last else ""
        # an SVG picture, not a plotly chart: it appears with the page and redraws at once (issue 14, speed)
        svg = board_svg(g.board, game=g, path=last_move_path(g), centre_text=centre, max_width=BOARD_MAX_WIDTH,
                        label=f"The board at turn {g.turn}", marks=_sore_losers.marks(g))
        # (in a <div>, markdown reads the picture as one block of HTML, not tag by tag)
        st.container(key="board").markdown(f"<div>{svg}</div>", unsafe_allow_html=True)
        st.caption(f"Seed {g.seed} \u00b7 turn {g.turn} \u00b7 round {g.round} \u00b7 step {g.ply} \u00b7 "
                   + _supply_words(g) + _mega.supply_words(g)
                   + (f" \u00b7 Free Parking pot {money(g, g.pot)}" if g.jackpot else "")
                   + _sore_losers.caption(g)
                   # (a browser review read a jailed token, drawn inside the board by the Jail corner, as on the
                   # next street: the token's shape is said while someone is in jail)
                   + (" \u00b7 a square token is in jail" if any(p.in_jail and not p.bankrupt for p in g.players)
                      else "") + " \u00b7 point at a square for its title deed")
    with right:
        _panels.turn_banner(g)
        # the notice under the buttons, not over them: shown once, it went away on the next click and the buttons
        # moved up under the pointer (a browser review's second click on Step landed on "To the end")
        _controls(g)
        _notice()
        if g.over:
            _panels.end_panel(g)
        elif g.waiting_for_person():
            if _decision.needs_handover(g):
                _decision.handover_panel(g)
            else:
                _decision.decision_panel(g)
        else:
            d = g.pending
            who = markdown(g.players[d.player].name if d is not None else g.players[g.current].name)
            st.caption(f"Next: {'a decision by ' + who if d is not None else 'an automatic step'} "
                       f"(press Step).")
        if _cheaters.active(g):
            _cheaters.call_buttons(g)
    if _cheaters.active(g):
        st.markdown("##### The Cheat cards face up")
        _cheaters.table_panel(g)
    _panels.players_panel(g)
    st.markdown("##### What happened (newest first)")
    if _cheaters.active(g):
        _cheaters.banner(g)
    _panels.feed(g)
    gs.keep_in_address_bar(g)          # (first: the share row says when the game outgrew the address bar)
    _share(g)


_site.compact_page()
game_view()
