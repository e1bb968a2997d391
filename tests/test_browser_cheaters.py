"""A Cheaters Edition game in a real browser (Debian's chromium), 1280x800, two people and two bots: the "Cheat!"
buttons are drawn with words and an icon (no emoji, which this chromium draws as an empty box) and a call made with
one reaches the feed (seed 003_2efce0b9b7f6c0c4.txt: "When you think that someone's cheated, call out, 'CHEAT!'")."""
from __future__ import annotations

import pytest

from test_browser import page, site  # noqa: F401  (the fixtures: a site on a free port, a page of chromium)

pytestmark = pytest.mark.browser


def _game_at_a_call():
    from monopoly_core import Game, PlayerSpec, preset
    from monopoly_core.editions import cheaters_turn
    specs = [PlayerSpec("Ann", "person"), PlayerSpec("Bo", "person"), PlayerSpec("Cy", "bot", "always-buy"),
             PlayerSpec("Di", "bot", "cautious")]
    g = Game.new(preset("cheaters"), specs, seed=21, snapshots=True)
    while not g.over and (g.round < 6 or not (g.waiting_for_person() and g.pending.kind == "cheat"
                                              and cheaters_turn.callers(g))):
        if g.waiting_for_person():
            acts = g.pending.legal_actions()
            g.act(next((a for a in acts if a.kind in ("no_cheat", "roll", "end", "pass", "decline", "draw_deck",
                                                       "keep_old")), acts[0]))
        else:
            g.step()
    return g


def test_people_call_cheat_with_a_button_in_the_browser(site, page):  # noqa: F811
    from urllib.parse import urlencode

    from monopoly_core import sharelink
    g = _game_at_a_call()
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{site}/play?{urlencode({k: v for k, v in sharelink.encode(g).items() if v})}")
    page.wait_for_selector("text=Opened the shared game", timeout=60_000)
    page.wait_for_selector("button:has-text('Bo: Cheat!')", timeout=30_000)
    calls = page.locator(".stButton button").filter(has_text="Cheat!")
    # (the icon is a ligature of the Material Symbols font: its name is the text the font draws as a megaphone)
    assert {t.replace("campaign", "").strip() for t in calls.all_inner_texts()} == {"Ann: Cheat!", "Bo: Cheat!"}
    assert "\U0001F6A8" not in page.content() and "\U0001F517" not in page.content()
    calls.filter(has_text="Ann").first.click()
    page.wait_for_selector("text=/Ann calls \"Cheat!\" on Di/", timeout=30_000)
    page.wait_for_timeout(1500)
    left = page.locator(".stButton button").filter(has_text="Cheat!").all_inner_texts()
    assert {t.replace("campaign", "").strip() for t in left} == {"Bo: Cheat!"}         # once each: Bo's is left
    assert page.locator("[data-testid='stException']").count() == 0
