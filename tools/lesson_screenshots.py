#!/usr/bin/env python3
"""Screenshots of lessons 5 and 6 in Debian's chromium at 1280x800, each opened from the teacher's seeded link,
its games played at the largest size into a fresh database in a temporary folder:

* ``lesson-variants.png``: lesson 5's three rule sets side by side after 1,000 games of each, with the tests;
* ``lesson-cheating.png``: lesson 6's expected value of every cheat card against three ordinary opponents;
* ``lesson-cheating-games.png``: lesson 6's model against the cheats of 1,000 logged Cheaters games.

    .venv/bin/python tools/lesson_screenshots.py [--out docs/images]

Prints how long each lesson's largest run took in the browser (from the click until its results show).
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from site_bench import FLAGS, _shows, start_server  # noqa: E402

IDLE = "() => !document.querySelector('[data-testid=stStatusWidget]')"


def _run_largest(page, label: str, done_js: str) -> float:
    """Press the lesson's largest simulation button and wait for its results; the seconds it took."""
    t0 = time.perf_counter()
    page.get_by_role("button", name=label, exact=True).click()
    _shows(page, done_js, timeout=600_000)
    page.wait_for_function(IDLE, timeout=120_000)
    seconds = time.perf_counter() - t0
    time.sleep(3)                                   # the charts' last layout
    return seconds


def _shot(page, heading: str, path: Path) -> None:
    """Scroll ``heading`` to the top of the window and take the 1280x800 window."""
    page.locator(f"h3:has-text('{heading}')").first.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.mouse.move(2, 2)
    time.sleep(1.5)
    page.screenshot(path=str(path))
    print(path)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "docs" / "images"))
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright
    out = Path(args.out)
    os.environ["MONOPOLY_DB"] = os.path.join(tempfile.mkdtemp(), "games.duckdb")
    proc, url = start_server()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(f"{url}/lesson_variants?seed=2024")
            _shows(page, "document.body.textContent.includes('What counts as a comeback')", timeout=60_000)
            page.wait_for_function(IDLE, timeout=60_000)
            took = _run_largest(page, "1,000 games of each",
                                "document.body.textContent.includes('What the tests say')")
            print(f"lesson 5, 1,000 games of each rule set: {took:.1f} s")
            _shot(page, "Play the games", out / "lesson-variants.png")

            page.goto(f"{url}/lesson_cheating?seed=2024")
            _shows(page, "document.body.textContent.includes('The model: each card')", timeout=60_000)
            page.wait_for_function(IDLE, timeout=60_000)
            time.sleep(3)
            _shot(page, "The model: each card", out / "lesson-cheating.png")
            took = _run_largest(page, "Play 1,000 games",
                                "document.body.textContent.includes('The model expects')")
            print(f"lesson 6, 1,000 Cheaters games: {took:.1f} s")
            _shot(page, "Real games", out / "lesson-cheating-games.png")
            browser.close()
    finally:
        proc.terminate()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
