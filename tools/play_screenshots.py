#!/usr/bin/env python3
"""Screenshots of the Play page in Debian's chromium at a classroom projector's size and a laptop's, for the README
and for looking at: a person deciding whether to buy, mid-game, against three bots.

    .venv/bin/python tools/play_screenshots.py [--out docs/images]

Writes ``play-1024x768.png`` and ``play-1280x800.png`` (what the window shows, as a visitor sees it).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from site_bench import BOARD, FLAGS, _shows, link, person_game, start_server  # noqa: E402

SIZES = ((1024, 768), (1280, 800))


def buying_game():
    """The person's game of ``site_bench`` played on until they may buy a property they can afford."""
    g = person_game(43, rounds=12)
    while not (g.waiting_for_person() and g.pending.kind == "buy" and g.players[0].cash >= g.pending.amount):
        if g.waiting_for_person():
            acts = g.pending.legal_actions()
            g.act(next((a for a in acts if a.kind in ("roll", "end", "pass", "pay_fine", "reject", "flat")), acts[0]))
        else:
            g.step()
    return g


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "docs" / "images"))
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright
    from monopoly_core import Game
    g = buying_game()
    before = Game.replay(g.history, g.ply - 1, snapshots=True)   # one step earlier: the page then takes that step
    proc, url = start_server()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
            for w, h in SIZES:
                page = browser.new_page(viewport={"width": w, "height": h})
                page.goto(url + link(before))
                _shows(page, f"document.querySelector('{BOARD}')", timeout=60_000)
                time.sleep(1)
                # the last step, taken on the page (the note "opened from the link" goes with it)
                step = page.locator(".st-key-ctl_step button:not([disabled])")
                (step.first if step.count() else page.locator(".st-key-decision button").first).click()
                _shows(page, "document.body.textContent.includes('TITLE DEED')", timeout=30_000)
                page.mouse.move(2, h - 2)           # no button's help under the pointer
                time.sleep(2)                       # fonts and the last layout
                path = Path(args.out) / f"play-{w}x{h}.png"
                page.screenshot(path=str(path))
                print(path)
                page.close()
            browser.close()
    finally:
        proc.terminate()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
