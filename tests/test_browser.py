"""A real browser (Debian's chromium driven by Playwright, no browser download) plays on the site (issue 3).

Skipped, with the reason, only when chromium or the Playwright package is absent.
"""
from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]


def _need_browser():
    if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
        pytest.skip("Debian's chromium is not installed (apt-get install -y chromium); .ci/run installs it")
    pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start_site():
    port = _free_port()
    env = dict(os.environ, STREAMLIT_BROWSER_GATHER_USAGE_STATS="false")
    log = tempfile.TemporaryFile()     # a file, not a pipe: an unread pipe could fill up and stall the server
    proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", str(ROOT / "streamlit_app.py"),
                             "--server.port", str(port), "--server.headless", "true",
                             "--server.fileWatcherType", "none"], cwd=ROOT, env=env,
                            stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 60
    while time.time() < deadline:
        try:
            if urllib.request.urlopen(f"{url}/_stcore/health", timeout=2).status == 200:
                break
        except OSError:
            time.sleep(0.3)
    else:
        proc.kill()
        log.seek(0)
        pytest.fail("the site did not start: " + log.read().decode(errors="replace")[-2000:])
    return proc, url


@pytest.fixture(scope="module")
def site():
    _need_browser()
    proc, url = _start_site()
    yield url
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()


@contextmanager
def browser_page(width: int, height: int):
    """A page of a fresh headless chromium with a ``width`` x ``height`` window, closed afterwards."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield browser.new_page(viewport={"width": width, "height": height})
        finally:
            browser.close()


@pytest.fixture()
def page(site):
    with browser_page(1366, 900) as pg:
        yield pg


def _step_number(page) -> int:
    import re
    text = page.locator("text=/step \\d+ ·/").first.inner_text()
    return int(re.search(r"step (\d+)", text).group(1))


def _nav_titles(page) -> list[str]:
    # the site's own list is in the top bar; Streamlit's legacy pages/ mode would list files in a sidebar
    links = page.locator("[data-testid='stSidebarNav'] a, [data-testid='stTopNavLink']")
    return [t.split("\n")[-1] for t in links.all_inner_texts()]


#: Every navigation link text the page ever shows, recorded from the first paint by a MutationObserver (a flash
#: of half a second is missed by looking once).
_RECORD_NAV = """
window.__navSeen = new Set();
new MutationObserver(() => {
  document.querySelectorAll("[data-testid='stSidebarNav'] a, [data-testid='stTopNavLink']")
    .forEach(a => window.__navSeen.add(a.innerText.split("\\n").pop().trim()));
}).observe(document, {subtree: true, childList: true, characterData: true});
"""


def test_a_deep_link_as_a_fresh_servers_first_request_shows_the_sites_pages(site, page):
    # Must run first on the module's fresh server. Its first script run is in Streamlit's legacy pages/ mode,
    # which listed every file in pages/ ("amounts", "decision", "streamlit app", ...) in a sidebar for about half
    # a second before the router's top bar replaced it: .streamlit/config.toml hides that list
    # (client.showSidebarNavigation = false; see pages/_site.py).
    page.add_init_script(_RECORD_NAV)
    page.goto(f"{site}/play")
    page.wait_for_selector("text=Play a game", timeout=60_000)
    time.sleep(2)
    titles = _nav_titles(page)
    assert "Play a game" in titles and "Home" in titles
    seen = set(page.evaluate("() => Array.from(window.__navSeen)"))
    assert "Play a game" in seen
    files = {"amounts", "decision", "panels", "setup", "game state", "lesson", "streamlit app", "play", "home"}
    assert not seen & files, f"the navigation showed file names: {sorted(seen & files)}"


def test_a_projector_shows_no_developer_toolbar(site, page):
    # .streamlit/config.toml: toolbarMode "minimal", so a class sees no Deploy button or developer menu
    page.goto(site)
    page.wait_for_selector("text=Play a game", timeout=60_000)
    time.sleep(2)
    assert page.locator("[data-testid='stAppDeployButton']").count() == 0
    assert page.get_by_role("button", name="Deploy").count() == 0


def test_a_deep_link_page_keeps_what_the_visitor_enters(page):
    # A fresh server whose first request is a deep link: the first form the visitor uses must work (the page
    # reruns under the router before anything is entered).
    proc, url = _start_site()
    try:
        page.goto(f"{url}/play")
        page.wait_for_selector("text=Play a game", timeout=60_000)
        time.sleep(2)
        seed = page.get_by_label("Seed", exact=True)
        seed.fill("4242")
        seed.press("Enter")
        time.sleep(1)
        page.get_by_role("button", name="Start the game").first.click()
        # (turn 1 when the person plays first: their first turn begins at once)
        page.wait_for_selector("text=/Seed 4242 · turn [01] /", timeout=30_000)
    finally:
        proc.terminate()


def test_a_second_game_started_from_the_bottom_of_the_form_shows_its_board_at_the_top(site, page):
    """A browser review: after "Set up a new game" and Start at the foot of the form, the page stayed some 900 px
    down, on the log; the board of the new game was off the screen."""
    page.goto(f"{site}/play")
    page.locator(".st-key-start_game_top button").first.click()      # (the Start above the form)
    page.wait_for_selector(".st-key-board", timeout=30_000)
    page.get_by_text("Set up a new game").click()
    time.sleep(3)                                   # (the page reruns as the box opens: its buttons are redrawn)
    bottom = page.locator(".st-key-start_game button").first
    bottom.scroll_into_view_if_needed()
    scrolled = "() => document.querySelector('[data-testid=stMain]').scrollTop"
    assert page.evaluate(scrolled) > 300
    bottom.click()
    # (the page redraws for a while after the click: wait for the new game's board at the top, then check it stays)
    board = "document.querySelector('.st-key-board')"            # (absent for a moment while the page redraws)
    page.wait_for_function(f"() => ({scrolled})() === 0 && {board} !== null && "
                           f"{board}.getBoundingClientRect().top < 400", timeout=30_000)
    time.sleep(2)
    assert page.evaluate(scrolled) == 0 and 0 <= page.locator(".st-key-board").bounding_box()["y"] < 400


def test_a_share_link_reopens_the_same_game_in_another_browser(site, page):
    from urllib.parse import urlencode

    from monopoly_core import Game, bots, preset, sharelink
    g = Game.new(preset("classic-uk"), bots(["cautious", "strategist", "random"]), seed=77, snapshots=True)
    for _ in range(60):
        g.step()
    page.goto(f"{site}/play?{urlencode({k: v for k, v in sharelink.encode(g).items() if v})}")
    page.wait_for_selector(f"text=/Seed 77 · turn {g.turn} · round {g.round} · step {g.ply} ·/", timeout=60_000)
    assert page.locator("text=Opened the shared game").count() == 1
    assert page.locator("[data-testid='stException']").count() == 0


def test_a_game_steps_in_the_browser(site, page, tmp_path):
    page.goto(f"{site}/play")
    page.get_by_role("button", name="Start the game").first.click()
    # the set-up is taken (and, when the person plays first, their first turn begun)
    page.wait_for_selector("text=/turn 0 · round 0 · step 1 ·|turn 1 · round 1 · step 2 ·/", timeout=30_000)
    # the buttons stay where they are when the one-time notice ("New game started ...") goes (a browser review:
    # they moved up 72 px under the pointer, and a second click on Step landed on "To the end")
    before = page.locator(".st-key-ctl_step button").first.bounding_box()["y"]
    clicks = 0
    for turn in range(200):
        if turn == 1:
            assert abs(page.locator(".st-key-ctl_step button").first.bounding_box()["y"] - before) < 30
        if clicks >= 20:
            break
        n = _step_number(page)
        if page.locator(".st-key-decision").count():
            # a person's decision: take the first option, as a player would
            page.locator(".st-key-decision button").first.click()
            page.wait_for_function(f"() => !document.body.innerText.includes('step {n} ·')", timeout=20_000)
            time.sleep(0.5)
            continue
        page.locator(".st-key-ctl_step button").first.click()
        page.wait_for_function(f"() => document.body.innerText.includes('step {n + 1} ·')", timeout=20_000)
        time.sleep(0.3)
        clicks += 1
    assert clicks == 20
    feed_lines = page.locator(".st-key-feed code").count()
    assert feed_lines >= 10, "the event feed did not grow"
    assert page.locator("[data-testid='stException']").count() == 0
    shot = tmp_path / "play-midgame.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 20_000
    print(f"screenshot: {shot}")


def test_every_page_opens_without_an_error(site, page):
    for path, text in (("", "Monopoly rules lab"), ("play", "Play a game"), ("markov", "Markov"),
                       ("database", "database")):
        page.goto(f"{site}/{path}")
        page.wait_for_selector(f"text={text}", timeout=60_000)
        time.sleep(2)
        assert page.locator("[data-testid='stException']").count() == 0, path


# --- the lessons (issue 19) ----------------------------------------------------------------------------------

SIDEBAR_TITLES = ("Play a game", "Board as a Markov chain", "Game database", "For the teacher")


def _printed_text(page) -> tuple[bytes, str]:
    """Print the page to PDF as the browser's Print does; the PDF and its text with whitespace collapsed and
    typographic ligatures spelled out (the font prints "ff" in "difference" as one glyph, U+FB00)."""
    import unicodedata

    from pdftext import pdf_text
    data = page.pdf(format="A4")
    return data, " ".join(unicodedata.normalize("NFKC", pdf_text(data)).split())


def test_every_lesson_opens_without_an_error(site, page):
    from monopoly_core.lessons import LESSONS
    for path, text in [("lessons", "Lessons for the classroom")] + [(x.slug, f"Lesson {x.number}") for x in LESSONS]:
        page.goto(f"{site}/{path}?seed=7")
        page.wait_for_selector(f"text={text}", timeout=60_000)
        time.sleep(1)
        assert page.locator("[data-testid='stException']").count() == 0, path


def test_a_worksheet_prints_to_pdf_with_the_exercises_and_no_sidebar(site, page):
    from monopoly_core.lessons import LESSONS
    # the control: a lesson page as it is on screen prints its buttons, and the text read from the PDF shows them
    page.goto(f"{site}/lesson_dice?seed=2024")
    page.wait_for_selector("text=Show the answer", timeout=60_000)
    time.sleep(1)
    _, screen = _printed_text(page)
    assert "Roll 100 times" in screen
    for lesson in LESSONS:
        page.goto(f"{site}/{lesson.slug}?print=worksheet&seed=2024")
        page.wait_for_selector("text=Your answer and your working", timeout=60_000)
        time.sleep(1)
        assert not page.locator("[data-testid='stSidebar']").is_visible()
        data, text = _printed_text(page)
        assert data.startswith(b"%PDF") and len(re.findall(rb"/Type /Page\b", data)) <= 2, lesson.slug
        exercise = lesson.exercise()
        for paragraph in exercise.question.split("\n\n"):
            assert " ".join(paragraph.split()) in text, (lesson.slug, paragraph)
        assert f"Lesson {lesson.number}: {lesson.title}" in text and "Name:" in text
        assert exercise.answer not in text and "Print this page" not in text and "Download CSV" not in text
        assert not any(title in text for title in SIDEBAR_TITLES), lesson.slug
    page.goto(f"{site}/lesson_landing?print=answers&seed=2024")
    page.wait_for_selector("text=Working.", timeout=60_000)
    time.sleep(1)
    _, text = _printed_text(page)
    answer = LESSONS[2].exercise().answer
    assert " ".join(answer.split()) in text and not any(title in text for title in SIDEBAR_TITLES)


_CUT = """(root) => [...root.querySelectorAll('*')].filter(e => e.textContent.trim()
    && e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible')
    .map(e => e.textContent.trim())"""   # every element whose words are cut off (an ellipsis, a hidden overflow)


def _buy_decision_link():
    return _decision_link("buy")


def _decision_link(kind: str):
    """(game, share link) of a classic game where the person (seat 0) must take a decision of ``kind`` (others
    answered the plain way: roll, end, pass, decline, reject)."""
    return _played_link(lambda g: g.pending.kind == kind)


def _played_link(stop, seats: int = 3):
    """(game, share link) of a classic game of ``seats`` players (a person in seat 0, bots after) played until the
    person must decide and ``stop(game)`` holds (the person's earlier decisions answered the plain way)."""
    from monopoly_core import Game, PlayerSpec, preset
    specs = [PlayerSpec("Player 1", "person", "strategist", "#e53935"),
             PlayerSpec("Bot 2", "bot", "cautious", "#1e88e5"),
             PlayerSpec("Bot 3", "bot", "strategist", "#43a047")][:seats]
    return played_on(Game.new(preset("classic-us"), specs, seed=11, snapshots=True), stop)


def played_on(g, stop):
    """(game, share link) of ``g`` played on until the person (seat 0) must decide and ``stop(g)`` holds (their
    other decisions answered the plain way: roll, end, pass, decline, reject)."""
    from urllib.parse import urlencode

    from monopoly_core import sharelink
    while not (g.waiting_for_person() and stop(g)):
        if g.waiting_for_person():
            acts = g.pending.legal_actions()
            g.act(next((a for a in acts if a.kind in ("roll", "end", "pass", "decline", "reject")), acts[0]))
        else:
            g.step()
    return g, "/play?" + urlencode({k: v for k, v in sharelink.encode(g).items() if v})


@pytest.mark.parametrize("size", [(1024, 768), (1280, 800)])
def test_decisions_and_the_trade_form_are_not_cut_on_a_projector(site, size):
    # issue 14, item 7: "Buy New York Av...", "Don't buy: the b...", "Choose opti..." at 1280x800
    from playwright.sync_api import sync_playwright
    g, link = _buy_decision_link()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={"width": size[0], "height": size[1]})
        page.goto(site + link)
        page.wait_for_selector(".st-key-decision button", timeout=60_000)
        time.sleep(2)
        decision = page.locator(".st-key-decision")
        labels = decision.locator("button").all_inner_texts()
        assert any(t.startswith("Buy ") for t in labels) and any(t.startswith("Don't buy") for t in labels)
        assert decision.evaluate(_CUT) == []
        decision.get_by_text("Propose a trade").click()
        page.wait_for_selector(".st-key-decision [data-testid='stMultiSelect']", timeout=20_000)
        time.sleep(1)
        assert decision.evaluate(_CUT) == []
        # the board is drawn beside the decision, at least 480 px square
        board = page.locator(".st-key-board svg").first.bounding_box()
        assert board["height"] >= 480 and board["width"] >= 480
        browser.close()


_OUTSIDE = """(svg) => {
    const box = e => e.getBoundingClientRect();
    const cells = [...svg.querySelectorAll("rect[fill='transparent']")].map(box);
    const inside = (r, c) => r.left >= c.left - 1 && r.right <= c.right + 1 && r.top >= c.top - 1
        && r.bottom <= c.bottom + 1;
    const overlaps = (r, c) => r.left < c.right - 1 && r.right > c.left + 1 && r.top < c.bottom - 1
        && r.bottom > c.top + 1;
    const words = [...svg.querySelectorAll('text')].filter(t => t.querySelector('tspan'));
    const tokens = [...svg.querySelectorAll('circle, rect')]
        .filter(e => e.querySelector('title') && e.getAttribute('fill') !== 'transparent');
    return {cells: cells.length, words: words.length, tokens: tokens.length,
            cut: words.filter(t => !cells.some(c => inside(box(t), c))).map(t => t.textContent),
            covering: tokens.filter(t => cells.some(c => overlaps(box(t), c))).map(t => t.textContent)};
}"""


@pytest.mark.parametrize("size", [(1024, 768), (1280, 800)])
def test_the_board_s_words_stay_in_their_squares_and_tokens_off_them(site, size):
    # issue 14, item 7: "Connecticut" ran into Vermont, tokens covered GO; measured on the drawn text
    from urllib.parse import urlencode

    from monopoly_core import Game, bots, preset, sharelink
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={"width": size[0], "height": size[1]})
        for edition in ("classic-us", "classic-uk"):
            g = Game.new(preset(edition), bots(["cautious", "strategist", "random", "always-buy"]), seed=8)
            for _ in range(150):
                g.step()
            page.goto(f"{site}/play?{urlencode({k: v for k, v in sharelink.encode(g).items() if v})}")
            page.wait_for_selector(".st-key-board svg", timeout=60_000)
            time.sleep(1)
            seen = page.locator(".st-key-board svg").first.evaluate(_OUTSIDE)
            assert seen["cells"] == 40 and seen["words"] == 40 and seen["tokens"] == 4, seen
            assert seen["cut"] == [] and seen["covering"] == [], (edition, seen)
        browser.close()
