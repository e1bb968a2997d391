#!/usr/bin/env python3
"""A screenshot of the Rules page's "What does this change do?" in Debian's chromium: classic-uk against
classic-uk with the Free Parking jackpot, opened from a rule-set link, compared over some games, the figures side
by side with their verdicts.

    .venv/bin/python tools/rules_screenshots.py [--out docs/images] [--games 400]

Writes ``rules-compare.png`` (1280 wide: the comparison's part of the page) into a fresh database in a temporary
folder.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from site_bench import FLAGS, _shows, start_server  # noqa: E402


def _settled(locator, checks: int = 60) -> dict:
    """The element's box once it has stopped moving (the charts above it lay out one after another; on a busy
    machine that takes longer than any fixed wait)."""
    box = locator.bounding_box()
    for _ in range(checks):
        time.sleep(1)
        now = locator.bounding_box()
        if now == box:
            return now
        box = now
    return box


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "docs" / "images"))
    ap.add_argument("--games", type=int, default=400)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    from monopoly_core import preset, sharelink
    params = sharelink.rules_params(preset("classic-uk", free_parking="jackpot"), "Free Parking jackpot")
    os.environ["MONOPOLY_DB"] = os.path.join(tempfile.mkdtemp(), "games.duckdb")
    proc, url = start_server()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
            # tall enough that the page never scrolls inside itself: the clip below takes the comparison's part
            page = browser.new_page(viewport={"width": 1280, "height": 10000})
            page.goto(f"{url}/rules?{urlencode({k: v for k, v in params.items() if v})}")
            _shows(page, "document.body.textContent.includes('What does this change do?')", timeout=60_000)
            time.sleep(2)
            games = page.locator(".st-key-ch_games input")
            games.fill(str(args.games))
            games.press("Enter")
            time.sleep(1.5)
            page.locator(".st-key-ch_go button").click()
            _shows(page, "document.body.textContent.includes('Stuart-Maxwell')", timeout=600_000)
            time.sleep(3)                                   # the charts' last layout
            top = page.locator("h2:has-text('What does this change do?')").bounding_box()
            bottom = _settled(page.locator("h3:has-text('The Markov side of the change')"))
            print(f"comparison from y = {top['y']:.0f} to {bottom['y']:.0f}", file=sys.stderr)
            page.mouse.move(2, 2)
            path = Path(args.out) / "rules-compare.png"
            page.screenshot(path=str(path), clip={"x": 0, "y": top["y"] - 10, "width": 1280,
                                                  "height": bottom["y"] - top["y"] + 10})
            print(path)
            browser.close()
    finally:
        proc.terminate()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
