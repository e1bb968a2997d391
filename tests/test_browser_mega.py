"""A new user plays a Mega Edition game in a real browser (Debian's chromium, Playwright) at 1280x800 (issue 15):
picks the preset and a seed on the Play page, rides a bus ticket, moves anywhere with triples, and plays on until
the game is over. Seed 166 brings the person (seat 0) both choices with the answers below, found by playing the
same answers without the page."""
from __future__ import annotations

import re
import time

import pytest

from test_browser import browser_page, site  # noqa: F401  (the fixture: a fresh site)

pytestmark = pytest.mark.browser

SEED = 166
#: The person's answers by decision: decline to buy, pass auctions, end turns, take tickets and the cash gift;
#: the first held ticket is ridden (to the first square offered), later ones not; bankrupt when in debt.
ANSWERS = {"pre_roll": "roll", "post_roll": "end", "between_turns": "end", "buy": "decline", "bid": "pass",
           "jail": "roll",
           "bus_face": "take_ticket", "birthday_gift": "gift_cash", "trade_response": "reject",
           "debt": "bankrupt", "mortgaged_deed": "keep", "income_tax": "flat", "fine_or_chance": "pay_fine"}
KINDS = sorted([*ANSWERS, "use_bus_ticket", "triples", "auction_pick", "place_building"], key=len, reverse=True)


@pytest.fixture()
def page(site):  # noqa: F811
    with browser_page(1280, 800) as pg:     # (the "readable at 1280x800")
        yield pg


def _step(page) -> int:
    return int(re.search(r"step (\d+) ·", page.locator("body").inner_text()).group(1))


def _press(page, locator) -> None:
    """Click and wait for the page to take the step (the status line's step number moves on)."""
    n = _step(page)
    locator.click()
    page.wait_for_function(f"() => !document.body.innerText.includes('step {n} ·')", timeout=60_000)
    _settle(page)


def _settle(page) -> None:
    """Wait until the page's run is over: no element left over from the last run (Streamlit keeps them, greyed,
    until it replaces them) and no "running" sign."""
    page.wait_for_function("() => !document.querySelector('[data-stale=\"true\"]') && "
                           "!document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=60_000)
    time.sleep(0.3)


def _decision_keys(page) -> list[str]:
    return [k for k in page.evaluate(
        "() => [...document.querySelectorAll('.st-key-decision [class*=\"st-key-\"]')]"
        ".map(e => [...e.classList].find(c => c.startsWith('st-key-')))") if k]


def _target(keys: list[str], rode: bool) -> tuple[str, str]:
    """(decision kind, CSS selector of the button the person presses)."""
    for kind in ("triples", "auction_pick"):
        if f"st-key-mega_go_{kind}" in keys:
            return kind, f".st-key-mega_go_{kind} button"
    if "st-key-mega_go_use_bus_ticket" in keys:     # (the rides in a list and one button, the roll a button)
        return "use_bus_ticket", ".st-key-act_use_bus_ticket_roll_0 button" if rode else \
            ".st-key-mega_go_use_bus_ticket button"
    kind = next((kn for k in keys for kn in KINDS if k.startswith(f"st-key-act_{kn}_")), "")
    wanted = ("roll" if rode else "ride_ticket") if kind == "use_bus_ticket" else ANSWERS.get(kind, "")
    for k in keys:
        if re.fullmatch(rf"st-key-act_{kind}_{wanted}_\d+", k):
            return kind, f".{k} button"
    first = next((k for k in keys if k.startswith("st-key-act_")), "")
    return kind, f".{first} button" if first else ""       # ("": only the "Build, sell, mortgage" box is left)


def _first_managing(page, kind: str):
    """Choose the first action in the "Build, sell, mortgage" box (it starts empty) and return its "Do it"
    button, enabled by the choice."""
    page.locator(f"[class*='st-key-manage_{kind}_'] [data-testid='stSelectbox']").click()
    page.get_by_role("option").first.click()
    _settle(page)
    return page.locator(f".st-key-manage_go_{kind} button:not([disabled])")


def test_a_new_user_plays_a_mega_game_to_the_end_with_a_ticket_and_triples(site, page):  # noqa: F811
    page.goto(f"{site}/play")
    page.locator("[data-testid='stSelectbox']").filter(has_text="Rule set (preset)").click()
    page.get_by_role("option", name=re.compile("Mega Edition")).click()
    page.wait_for_function("() => document.body.innerText.includes('52-square')", timeout=30_000)
    seed = page.get_by_role("textbox", name="Seed")        # (a text box: a number box sent its last valid seed)
    seed.fill(str(SEED))
    seed.press("Enter")
    time.sleep(1)
    page.get_by_role("button", name="Start the game").first.click()
    page.wait_for_selector(".st-key-ctl_step", timeout=60_000)
    _settle(page)
    pressed = []
    for _ in range(400):
        assert page.locator("[data-testid='stException']").count() == 0
        if page.locator(".st-key-decision").count():
            kind, target = _target(_decision_keys(page), any(t.startswith("Ride a bus ticket") for _, t in pressed))
            button = page.locator(target).first if target else _first_managing(page, kind).first
            pressed.append((kind, button.inner_text()))
            _press(page, button)
            continue
        control = next((page.locator(f".st-key-{k} button:not([disabled])") for k in ("ctl_person", "ctl_end")
                        if page.locator(f".st-key-{k} button:not([disabled])").count()), None)
        if control is None:
            break                   # nothing left to press: the game is over
        _press(page, control.first)
    texts = [t for _, t in pressed]
    assert any(t.startswith("Ride a bus ticket to ") for t in texts), texts
    assert any(k == "triples" and t.startswith("Move to ") for k, t in pressed), pressed
    page.wait_for_function("() => document.body.innerText.includes('Game over after')", timeout=30_000)
    assert "bus tickets left" in page.locator("body").inner_text()      # the Mega supply under the board
    assert page.locator("[data-testid='stException']").count() == 0
