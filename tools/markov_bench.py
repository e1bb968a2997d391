#!/usr/bin/env python3
"""Browser speed of the Markov page's quantity switch (issue 14's target: under 500 ms), in Debian's chromium.

    .venv/bin/python tools/markov_bench.py [--switches 20] [--tab "Heat map"] [--against OTHER_CHECKOUT] [--json]

Opens the Markov page at 1280x800, optionally opens a tab, then picks the next quantity again and again
(per-roll, end-of-turn, visits-per-turn, ...): its tab, or in an older checkout its option in the "Quantity" select
box. Each switch is timed from the click that picks the quantity until the open tab's figure for it is on screen
at full width, names the quantity, and the app has stopped running. It starts its own server (as
tools/site_bench.py does). ``--against`` starts a second server from another checkout (say, the commit before a
change) and alternates the switches between the two pages, so both see the same load on a shared machine.
Not a test: these machines are shared and noisy, so figures go in notes.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from site_bench import FLAGS, ROOT, start_server  # noqa: E402

QUANTITIES = ("per-roll", "end-of-turn", "visits-per-turn")
#: The element of each tab that names the quantity once it is drawn: one figure for all quantities (a page with
#: a quantity select box, before issue 14) or one figure per quantity tab (``{q}`` filled in).
SHOWN = {"Heat map": (".st-key-mk_heat .js-plotly-plot", ".st-key-mk_heat_{q} .js-plotly-plot"),
         "Ranking": (".st-key-mk_bar .js-plotly-plot", ".st-key-mk_bar_{q} .js-plotly-plot")}
#: True once the figure is on screen, names the quantity and has its full width.
DRAWN = """([sel, q]) => { const el = document.querySelector(sel);
    return !!el && el.offsetParent !== null && el.getBoundingClientRect().width > 100
        && (el.textContent.includes(q + ' ') || el.textContent.includes(q + ':')); }"""


def idle(page) -> None:
    """Wait until Streamlit has finished the current run (its status widget says 'Running' meanwhile)."""
    page.wait_for_function("() => !document.querySelector('[data-testid=stStatusWidget]')", timeout=60_000)


def open_page(browser, url: str, tab: str):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(url + "/markov")
    page.wait_for_selector(".js-plotly-plot", timeout=60_000)
    if tab != "Heat map":
        page.get_by_role("tab", name=tab).click()
        page.wait_for_selector(", ".join(SHOWN[tab]).format(q="per-roll"), timeout=60_000)
    idle(page)
    return page


def switch(page, quantity: str, tab: str) -> float:
    """Pick ``quantity`` and return the milliseconds until the open tab's figure shows it and the run is over."""
    box = page.locator(".st-key-mk_quantity [role='combobox']")
    if box.count():                      # the old select box: open it, then the option is the click that counts
        box.click()
        option, shown = page.get_by_role("option", name=quantity, exact=True), SHOWN[tab][0]
    else:                                # a tab per quantity: one click
        option, shown = page.get_by_role("tab", name=quantity, exact=True), SHOWN[tab][1].format(q=quantity)
    option.wait_for(timeout=10_000)
    t0 = time.perf_counter()
    option.click()
    page.wait_for_function(DRAWN, arg=[shown, quantity], polling=50, timeout=60_000)
    idle(page)
    return (time.perf_counter() - t0) * 1000


def summary(times: list[float]) -> dict:
    return {"median_ms": round(statistics.median(times)), "min_ms": round(min(times)), "max_ms": round(max(times)),
            "runs_ms": [round(t) for t in times]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--switches", type=int, default=20)
    ap.add_argument("--tab", choices=tuple(SHOWN), default="Heat map")
    ap.add_argument("--against", type=Path, help="another checkout to measure, alternating with this one")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright
    roots = {"this": ROOT} | ({"against": args.against.resolve()} if args.against else {})
    servers = {name: start_server(root) for name, root in roots.items()}
    times: dict[str, list[float]] = {name: [] for name in roots}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
            pages = {name: open_page(browser, url, args.tab) for name, (_, url) in servers.items()}
            time.sleep(1)
            for i in range(args.switches):
                for name, page in pages.items():
                    times[name].append(switch(page, QUANTITIES[(i + 1) % len(QUANTITIES)], args.tab))
                    time.sleep(0.3)
            browser.close()
    finally:
        for proc, _ in servers.values():
            proc.terminate()
    out = {"tab": args.tab, **{f"{name} ({roots[name]})": summary(t) for name, t in times.items()}}
    print(json.dumps(out, indent=2) if args.json else "\n".join(
        f"{name}: quantity switch on '{args.tab}' median {s['median_ms']} ms (min {s['min_ms']}, max {s['max_ms']})"
        f" over {len(s['runs_ms'])} switches" for name, s in list(out.items())[1:]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
