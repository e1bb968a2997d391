#!/usr/bin/env python3
"""Browser speed figures for the Play page (issue 3's targets), measured in Debian's chromium via Playwright.

    .venv/bin/python tools/site_bench.py [--steps 40] [--repeat 3] [--json]

* step round trip: click Step on a mid-game, 4-player game (opened from a share link at round 25) and wait until
  the page shows the next step number; median over ``--steps`` clicks.
* play to the end: open a new 4-bot game at step 0, click "To the end", wait for "Game over" with its chart;
  median over ``--repeat`` games (different seeds).
* Markov page first render: open the page in a new tab and wait for the heat map; median over ``--repeat``.

It starts its own server on a free port. Not a test: these machines are shared and noisy, so figures go in notes.
"""
from __future__ import annotations

import argparse
import json
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from monopoly_core import Game, PlayerSpec, bots, preset, sharelink  # noqa: E402

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]


def start_server(root: Path = ROOT):
    """A site from the checkout at ``root`` (this one by default) on a free port: (process, url)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", str(root / "streamlit_app.py"), "--server.port",
                             str(port), "--server.headless", "true", "--browser.gatherUsageStats", "false"],
                            cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(120):
        try:
            urllib.request.urlopen(f"{url}/_stcore/health", timeout=1)
            return proc, url
        except OSError:
            time.sleep(0.5)
    proc.kill()
    raise SystemExit("the site did not start")


def link(game) -> str:
    return "/play?" + urlencode({k: v for k, v in sharelink.encode(game).items() if v})


def mid_game(seed: int) -> Game:
    g = Game.new(preset("classic-us"), bots(["strategist", "set-collector", "cautious", "always-buy"]), seed=seed,
                 snapshots=True)
    while not g.over and g.round < 25:
        g.step()
    return g


def step_number(page) -> int:
    import re
    return int(re.search(r"step (\d+) ·", page.locator("text=/step \\d+ ·/").first.inner_text()).group(1))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=40)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright
    proc, url = start_server()
    out = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
            page = browser.new_page(viewport={"width": 1440, "height": 900})
            page.goto(url)          # let the router run once, as a visitor's first page would
            page.wait_for_selector("text=Monopoly rules lab", timeout=60_000)
            g = mid_game(41)
            page.goto(url + link(g))
            page.wait_for_selector(f"text=/step {g.ply} ·/", timeout=60_000)
            time.sleep(1)
            trips = []
            for _ in range(args.steps):
                n = step_number(page)
                t0 = time.perf_counter()
                page.locator(".st-key-ctl_step button").first.click()
                page.wait_for_function(f"() => document.body.innerText.includes('step {n + 1} ·')", timeout=30_000)
                trips.append((time.perf_counter() - t0) * 1000)
                time.sleep(0.2)
            out["step_round_trip_ms_median"] = round(statistics.median(trips))
            out["step_round_trip_ms_p90"] = round(sorted(trips)[int(0.9 * len(trips)) - 1])
            ends, turns = [], []
            for i in range(args.repeat):
                g0 = Game.new(preset("classic-us"), bots(["strategist", "set-collector", "cautious", "always-buy"]),
                              seed=100 + i, snapshots=True)
                page.goto(url + link(g0))
                page.wait_for_selector("text=/step 0 ·/", timeout=60_000)
                time.sleep(1)
                t0 = time.perf_counter()
                page.locator(".st-key-ctl_end button").first.click()
                page.wait_for_selector("text=Game over", timeout=120_000)
                page.wait_for_selector(".st-key-net_worth_chart, [data-testid='stPlotlyChart'] >> nth=1",
                                       timeout=60_000)
                ends.append((time.perf_counter() - t0) * 1000)
            out["play_to_end_ms_median"] = round(statistics.median(ends))
            out["play_to_end_ms_runs"] = [round(x) for x in ends]
            renders = []
            for _ in range(args.repeat):
                tab = browser.new_page(viewport={"width": 1440, "height": 900})
                t0 = time.perf_counter()
                tab.goto(url + "/markov")
                tab.wait_for_selector(".st-key-mk_heat .js-plotly-plot", timeout=60_000)
                renders.append((time.perf_counter() - t0) * 1000)
                tab.close()
            out["markov_first_render_ms_median"] = round(statistics.median(renders))
            out["markov_first_render_ms_runs"] = [round(x) for x in renders]
            browser.close()
    finally:
        proc.terminate()
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        for k, v in out.items():
            print(f"{k}: {v}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
