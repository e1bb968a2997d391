"""In a real browser (Debian's chromium, Playwright), an amount typed in the trade form is the amount judged: an
outside reviewer typed 99999999999999999999 into a number box, which the browser kept in a red box while the
page received the last valid amount, so pressing the button offered a different trade. The boxes are text now
(pages/_amounts.py): the refusal names the amount typed and nothing is offered."""
from __future__ import annotations

import time

import pytest

from test_browser import (  # noqa: F401  (site: the fixture, a fresh site)
    _buy_decision_link, _decision_link, _played_link, browser_page, site)

pytestmark = pytest.mark.browser

HUGE = "9" * 20


def _settle(page) -> None:
    """Wait until the page's run is over (no element left greyed from the last run, no "running" sign)."""
    page.wait_for_function("() => !document.querySelector('[data-stale=\"true\"]') && "
                           "!document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=60_000)
    time.sleep(0.5)


def _open(page, address: str, selector: str) -> str:
    """Open ``address``, wait for ``selector`` and the page's run to end; the game's status line."""
    page.goto(address)
    page.wait_for_selector(selector, timeout=60_000)
    _settle(page)
    return page.locator("text=/step \\d+ ·/").first.inner_text()


def test_a_huge_cash_amount_typed_and_offered_at_once_is_refused_and_nothing_is_offered(site):  # noqa: F811
    g, link = _buy_decision_link()
    with browser_page(1280, 800) as page:
        status = _open(page, site + link, ".st-key-decision button")
        page.locator(".st-key-decision").get_by_text("Propose a trade").click()
        box = page.locator(".st-key-trade_give_cash input")
        box.wait_for(timeout=20_000)
        # typed, then the button pressed at once (no Enter): the click carries the box's new text
        box.fill(HUGE)
        page.locator(".st-key-trade_go button").click()
        # (the refusal beside the button: the notice "Trade not proposed" too when the click reached the page
        # before the box's rerun turned the button off; either way nothing is offered)
        page.wait_for_selector("text=/in cash, not \\$99,999,999,999,999,999,999\\./", timeout=30_000)
        _settle(page)
        body = page.locator("body").inner_text()
        cash = f"${g.players[0].cash:,}"
        assert f"You have only {cash} in cash, not $99,999,999,999,999,999,999." in body
        assert box.input_value() == HUGE                     # the box still shows what was typed
        assert page.locator("text=/step \\d+ ·/").first.inner_text() == status   # the game did not move
        assert "Player 1 offers" not in body and "your trade" not in body    # no offer told in the feed or the form
        assert page.locator("[data-testid='stException']").count() == 0


def test_a_huge_bid_typed_and_pressed_at_once_is_refused_and_the_button_names_it(site):  # noqa: F811
    g, link = _decision_link("bid")
    with browser_page(1280, 800) as page:
        status = _open(page, site + link, ".st-key-bid_go button")
        assert page.locator(".st-key-bid_go button").inner_text() == f"Bid ${g.pending.minimum:,}"
        page.locator(".st-key-bid_amount input").fill(HUGE)
        page.locator(".st-key-bid_go button").click()
        page.wait_for_selector("text=/is more than you have/", timeout=30_000)    # (as for the trade above)
        _settle(page)
        body = page.locator("body").inner_text()
        assert f"You have only ${g.players[0].cash:,}: a bid of $99,999,999,999,999,999,999 is more than you have." \
            in body
        assert page.locator(".st-key-bid_go button").inner_text() == "Bid $99,999,999,999,999,999,999"
        assert page.locator("text=/step \\d+ ·/").first.inner_text() == status     # no bid was made
        assert page.locator("[data-testid='stException']").count() == 0


def test_a_huge_seed_typed_and_start_pressed_at_once_starts_no_game(site):  # noqa: F811
    # (confirmed before this change: the game started with the previous seed, and no word about the one typed)
    with browser_page(1280, 800) as page:
        page.goto(f"{site}/play?seed=41")
        page.wait_for_selector(".st-key-start_game button", timeout=60_000)
        _settle(page)
        box = page.locator(".st-key-setup_seed input")
        assert box.input_value() == "41"
        box.fill(HUGE)
        page.locator(".st-key-start_game button").click()       # typed, then pressed at once (no Enter)
        page.wait_for_selector("text=/not 99,999,999,999,999,999,999/", timeout=30_000)
        _settle(page)
        body = page.locator("body").inner_text()
        assert "The seed must be from 0 to 9,007,199,254,740,991, not 99,999,999,999,999,999,999." in body
        assert "New game started" not in body and not page.locator("text=/step \\d+ ·/").count()   # no game
        assert box.input_value() == HUGE
        box.fill("42")
        # corrected, then one click, as a person clicks: without waiting for the button to be on (force). Before
        # the button stayed on after a refusal, this click only took the corrected seed (an outside review)
        page.locator(".st-key-start_game button").click(force=True)
        page.wait_for_selector("text=/New game started with seed 42\\./", timeout=30_000)
        assert page.locator("[data-testid='stException']").count() == 0


def test_a_rewind_to_turn_0_typed_and_pressed_at_once_rewinds_nothing(site):  # noqa: F811
    # (confirmed before this change: "Rewound to the start of turn 10.", and no word about the 0 typed)
    g, link = _played_link(lambda g: len(g.turn_plies) >= 5, seats=2)     # five turns in
    turns = len(g.turn_plies)
    with browser_page(1280, 800) as page:
        status = _open(page, site + link, ".st-key-decision button")
        page.get_by_role("button", name="Rewind\u2026").click()
        box = page.locator(".st-key-rewind_turn input")
        box.wait_for(timeout=20_000)
        box.fill("0")
        page.locator(".st-key-ctl_rewind button").click()          # typed, then pressed at once (no Enter)
        page.wait_for_selector("text=/not 0\\./", timeout=30_000)
        _settle(page)
        body = page.locator("body").inner_text()
        assert f"The turn to go back to must be from 1 to {turns}, not 0." in body
        assert "Rewound" not in body
        assert page.locator("text=/step \\d+ ·/").first.inner_text() == status       # the game did not move
        assert page.locator("[data-testid='stException']").count() == 0


def _owned_trade_link():
    """(game, link, square, bot seat) of a classic game where the person (seat 0), having bought what they could,
    may propose a trade and holds a street a bot takes as a gift."""
    from urllib.parse import urlencode

    from monopoly_core import Action, Game, PlayerSpec, Trade, preset, sharelink
    from monopoly_core import events as E
    from monopoly_core.trading import tradeable
    specs = [PlayerSpec("Player 1", "person", "strategist", "#e53935"),
             PlayerSpec("Bot 2", "bot", "strategist", "#1e88e5"), PlayerSpec("Bot 3", "bot", "always-buy", "#43a047")]
    g = Game.new(preset("classic-us"), specs, seed=11, snapshots=True)
    while True:
        if g.waiting_for_person():
            d = g.pending
            mine = [s for s in g.board.properties if tradeable(g, 0, s) and not g.mortgaged[s]]
            for s in mine if d.allows_trade else ():
                for bot in (b for b in (1, 2) if not g.players[b].bankrupt):
                    trial = g.clone()
                    first = len(trial.log)
                    trial.act(Action("trade", trade=Trade(0, bot, 0, (s,), (), 0, (), (), (), ())))
                    while not trial.waiting_for_person() and not trial.over:      # (the bot's answer)
                        trial.step()
                    if E.TRADE_ACCEPT in {trial.log.kind[i] for i in range(first, len(trial.log))}:
                        return g, "/play?" + urlencode({k: v for k, v in sharelink.encode(g).items() if v}), s, bot
            acts = d.legal_actions()
            g.act(next((a for a in acts if a.kind in ("buy", "roll", "end", "pass", "reject")), acts[0]))
        else:
            g.step()


def test_a_second_propose_after_an_accepted_trade_is_refused_in_words_not_in_a_field_s_name(site):  # noqa: F811
    # a browser review: after "Bot 2 accepted your trade", the form still showed the street given away, and a
    # second Propose said "get_squares must be a whole number, got 'Indiana Avenue'" (the browser had sent the
    # list box's last choice back, as its label, after the page deleted the box's value)
    g, link, square, bot = _owned_trade_link()
    name = g.board.squares[square].name
    with browser_page(1280, 800) as page:
        _open(page, site + link, ".st-key-decision button")
        page.locator(".st-key-decision").get_by_text("Propose a trade").click()
        if bot != 1:
            page.locator(".st-key-trade_target input").click()
            page.get_by_role("option", name=g.players[bot].name).click()
            _settle(page)
        box = page.locator(".st-key-trade_give_sq input")
        box.wait_for(timeout=20_000)
        time.sleep(1)                       # (the expander's opening)
        box.scroll_into_view_if_needed()
        box.click()
        time.sleep(1)
        page.locator("[role='option']", has_text=name).first.click()
        page.keyboard.press("Escape")
        _settle(page)
        page.locator(".st-key-trade_go button").click()
        page.wait_for_selector("text=/accepted/", timeout=30_000)
        _settle(page)
        assert name not in page.locator(".st-key-trade_give_sq").inner_text()      # an empty form
        page.locator(".st-key-trade_go button").click()
        page.wait_for_selector("text=/Trade not proposed/", timeout=30_000)
        _settle(page)
        body = page.locator("body").inner_text()
        assert "Choose something to give or to ask for." in body
        assert "must be a whole number" not in body and "give_squares" not in body
        assert page.locator("[data-testid='stException']").count() == 0
