#!/usr/bin/env python3
"""Browser speed figures for the Play page (issue 3's and issue 14's targets), measured in Debian's chromium via
Playwright.

    .venv/bin/python tools/site_bench.py [--steps 40] [--repeat 3] [--only step,decision,rewind,link,end,markov]
                                         [--json]

Every time is taken in the page itself (from the click reaching it, or from the start of its navigation, until
what is waited for is in the page), not by the test driver's polling, which adds 100-300 ms on a busy machine.

* step: click Step on a mid-game, 4-player game (opened from a share link at round 25) and wait until the page
  shows the next step number; median over ``--steps`` clicks.
* decision: a person's decision button (roll, buy, end the turn ...) in a game with one person and three bots
  (opened from a link at round 25), until the page shows the next step number; bots' steps in between are taken
  with Step and not counted; median over ``--steps`` decisions.
* rewind: open a bot game at turn 100 from a link, press Rewind and "Rewind to that turn" (the turn shown, the
  last one), until the page says it rewound; median over ``--repeat`` games.
* link: a share link of a game at round 25 opened in a new tab, until its board and step number are drawn;
  median over ``--repeat`` tabs.
* end: open a new 4-bot game, click "To the end", wait for "Game over" with its chart; median over ``--repeat``.
* markov: open the Markov page in a new tab and wait for the heat map; median over ``--repeat``.

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


def bot_game(seed: int, *, rounds: int = 0, turns: int = 0) -> Game:
    """A 4-bot classic game played to ``rounds`` rounds and ``turns`` turns."""
    g = Game.new(preset("classic-us"), bots(["strategist", "set-collector", "cautious", "always-buy"]), seed=seed,
                 snapshots=True)
    while not g.over and (g.round < rounds or g.turn < turns):
        g.step()
    return g


def mid_game(seed: int) -> Game:
    return bot_game(seed, rounds=25)


def step_number(page) -> int:
    import re
    return int(re.search(r"step (\d+) ·", page.locator("text=/step \\d+ ·/").first.inner_text()).group(1))


def person_game(seed: int, rounds: int = 25) -> Game:
    """One person (seat 0, playing plainly: buys what it can afford, rolls, ends its turn) and three bots, played
    to ``rounds`` rounds and then to the person's next decision."""
    specs = [PlayerSpec("Player 1", "person", "strategist", "#e53935")] + [
        PlayerSpec(f"Bot {i}", "bot", strategy, colour) for i, (strategy, colour) in
        enumerate((("set-collector", "#1e88e5"), ("cautious", "#43a047"), ("always-buy", "#fb8c00")), 2)]
    g = Game.new(preset("classic-us"), specs, seed=seed, snapshots=True)
    while not g.over and (g.round < rounds or not g.waiting_for_person()):
        if g.waiting_for_person():
            d = g.pending
            acts = d.legal_actions()
            kinds = [a.kind for a in acts]
            want = "buy" if d.kind == "buy" and g.players[0].cash >= d.amount + 200 else None
            pick = next((a for a in acts if a.kind == want), None) or next(
                (a for k in ("roll", "end", "pass", "decline", "pay_fine", "reject", "flat", "keep", "bankrupt")
                 for a in acts if a.kind == k and k in kinds), acts[0])
            g.act(pick)
        else:
            g.step()
    return g


def _wait_step(page, n: int) -> None:
    page.wait_for_function(f"() => document.body.innerText.includes('step {n} ·')", timeout=30_000)


def _open(page, url: str, g: Game) -> None:
    page.goto(url + link(g))
    page.wait_for_selector(f"text=/step {g.ply} ·/", timeout=60_000)
    page.wait_for_selector(BOARD, timeout=60_000)
    time.sleep(1)


BOARD = ".st-key-board svg, .js-plotly-plot .main-svg"      # the SVG board, or the plotly one it replaced
_ON_CLICK = ("() => { window._clickAt = null; document.addEventListener('click', "
             "() => { window._clickAt = performance.now(); }, {capture: true, once: true}); }")


def _shows(page, until_js: str, timeout: float = 30_000) -> float:
    """The page's clock (ms since it was opened) when the JS expression ``until_js`` first holds. Timed in the
    page, checked at every frame: the figures are what a visitor waits, not the test driver's polling."""
    page.wait_for_function(f"() => ({until_js}) && (window._seenAt = performance.now())", polling="raf",
                           timeout=timeout)
    return page.evaluate("() => window._seenAt")


def _timed_click(page, locator, until_js: str) -> float:
    """Milliseconds from a click reaching the page until ``until_js`` holds."""
    page.evaluate(_ON_CLICK)
    locator.click(timeout=5_000)
    seen = _shows(page, until_js)
    return seen - page.evaluate("() => window._clickAt")


def _has_step(n: int) -> str:
    return f"document.body.textContent.includes('step {n} \u00b7')"


def bench_steps(page, url: str, steps: int) -> list[float]:
    _open(page, url, mid_game(41))
    trips = []
    for _ in range(steps):
        n = step_number(page)
        trips.append(_timed_click(page, page.locator(".st-key-ctl_step button").first, _has_step(n + 1)))
        time.sleep(0.2)
    return trips


def bench_decisions(page, url: str, decisions: int) -> list[float]:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    _open(page, url, person_game(43))
    trips = []
    for _ in range(decisions * 20):
        if len(trips) >= decisions or page.locator("text=Game over").count():
            break
        n = step_number(page)
        buttons = page.locator(".st-key-decision button:not([disabled])")
        if buttons.count():
            try:
                trips.append(_timed_click(page, buttons.first, _has_step(n + 1)))
            except PlaywrightTimeout:          # the page was still drawing the last step: look again
                continue
        else:
            page.locator(".st-key-ctl_person button").first.click()     # bots' steps, not counted
            page.wait_for_function(f"() => !document.body.innerText.includes('step {n} ·')", timeout=30_000)
        time.sleep(0.3)
    return trips


def bench_rewind(browser, url: str, repeat: int) -> list[float]:
    trips = []
    for i in range(repeat):
        tab = browser.new_page(viewport={"width": 1280, "height": 800})
        _open(tab, url, bot_game(200 + i, turns=100))
        tab.get_by_role("button", name="Rewind\u2026").click()
        go = tab.get_by_role("button", name="Rewind to that turn")
        go.wait_for(timeout=10_000)
        time.sleep(0.5)
        trips.append(_timed_click(tab, go, "document.body.textContent.includes('Rewound to the start of turn')"))
        tab.close()
    return trips


def _new_tab(browser, url: str, until_js: str) -> float:
    """Milliseconds from opening ``url`` in a new tab until ``until_js`` holds (timed in the page, from the
    start of its navigation)."""
    tab = browser.new_page(viewport={"width": 1280, "height": 800})
    tab.goto(url)
    took = _shows(tab, until_js, timeout=60_000)
    tab.close()
    return took


def bench_link(browser, url: str, repeat: int) -> list[float]:
    trips = []
    for i in range(repeat):
        g = mid_game(60 + i)
        trips.append(_new_tab(browser, url + link(g), f"{_has_step(g.ply)} && document.querySelector('{BOARD}')"))
    return trips


def bench_end(page, url: str, repeat: int) -> list[float]:
    ends = []
    for i in range(repeat):
        page.goto(url + link(bot_game(100 + i)))
        page.wait_for_selector("text=/turn 0 ·/", timeout=60_000)
        time.sleep(1)
        t0 = time.perf_counter()
        page.locator(".st-key-ctl_end button").first.click()
        page.wait_for_selector("text=Game over", timeout=120_000)
        page.wait_for_selector(".st-key-net_worth_chart, [data-testid='stPlotlyChart'] >> nth=1", timeout=60_000)
        ends.append((time.perf_counter() - t0) * 1000)
    return ends


def bench_markov(browser, url: str, repeat: int) -> list[float]:
    return [_new_tab(browser, url + "/markov", "document.querySelector('.st-key-mk_heat .js-plotly-plot')")
            for _ in range(repeat)]


def _summary(out: dict, name: str, runs: list[float]) -> None:
    if not runs:
        out[f"{name}_ms_median"] = None
        return
    out[f"{name}_ms_median"] = round(statistics.median(runs))
    out[f"{name}_ms_p90"] = round(sorted(runs)[max(0, int(0.9 * len(runs)) - 1)])
    out[f"{name}_runs"] = len(runs)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=40)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--only", default="step,decision,rewind,link,end,markov",
                    help="comma-separated: step, decision, rewind, link, end, markov")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    only = set(args.only.split(","))
    from playwright.sync_api import sync_playwright
    proc, url = start_server()
    out = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(url)          # let the router run once, as a visitor's first page would
            page.wait_for_selector("text=Monopoly rules lab", timeout=60_000)
            benches = (("step", "step_round_trip", lambda: bench_steps(page, url, args.steps)),
                       ("decision", "decision_round_trip", lambda: bench_decisions(page, url, args.steps)),
                       ("rewind", "rewind_at_turn_100", lambda: bench_rewind(browser, url, args.repeat)),
                       ("link", "share_link_board", lambda: bench_link(browser, url, args.repeat)),
                       ("end", "play_to_end", lambda: bench_end(page, url, args.repeat)),
                       ("markov", "markov_first_render", lambda: bench_markov(browser, url, args.repeat)))
            for key, name, run in benches:
                if key in only:
                    _summary(out, name, run())
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
