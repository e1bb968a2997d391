"""A visitor's bad saved file or share link of a Monopoly for Sore Losers game (issue 16 review): the Play page says
what is wrong in words a class reads (no rule's field name), and the game on the page is kept.

Seed ../shared/seeds/000_e69c306a8b2b524d.txt: "Each player takes two sore loser coins"; "You can never have more
than four sore loser coins at a time" (a file asking for nine each is refused).
"""
import json

from apptest_helpers import open_page, texts, upload_box
from test_page_play import _open_link

from monopoly_core import Game, PlayerSpec, preset, savefile, sharelink


def sore_losers_game() -> Game:
    g = Game.new(preset("sore-losers"), [PlayerSpec("Ann", "bot", "cautious"), PlayerSpec("Bob", "bot")], seed=3)
    for _ in range(40):
        g.step()
    return g


def test_a_link_asking_for_too_many_coins_is_refused_in_words():
    params = dict(sharelink.encode(sore_losers_game()))
    params["rules"] = sharelink._pack({"starting_coins": 9})
    at = _open_link(params)
    shown = texts(at)
    assert at.session_state.get("play_game") is None and "could not be opened" in shown
    assert "sore loser coins each player starts with" in shown and "starting_coins" not in shown


def test_an_edited_save_is_refused_in_words_and_the_game_on_the_page_is_kept():
    data = json.loads(savefile.dumps(sore_losers_game()))
    data["history"]["rules"]["max_coins"] = 0
    at = open_page("pages/play.py")
    at.selectbox(key="setup_preset").set_value("sore-losers").run()
    at.button(key="start_game").click().run()
    kept = at.session_state["play_game"]
    upload_box(at).set_value(("game.json", json.dumps(data).encode(), "application/json")).run()
    shown = texts(at)
    assert not at.exception and at.session_state["play_game"] is kept and "was not loaded" in shown
    assert "most sore loser coins a player may hold" in shown and "max_coins" not in shown
