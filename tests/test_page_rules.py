"""The Rules page (issue 18) through AppTest: the table of every preset's rules, a custom rule set built by
toggling rules (an invalid one explained in words), kept, shared as a link and offered to the Play and Markov
pages, and a small comparison that draws its charts and verdicts."""
from __future__ import annotations

import json
import re
from dataclasses import fields
from pathlib import Path
from urllib.parse import parse_qsl

import duckdb
import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from monopoly_core import RuleSet, presets, sharelink
from monopoly_core.viz import safe_text
from pages import _custom_rules
from pages._rule_words import LABELS
from tests.apptest_helpers import APP, open_page, shown, texts, unescaped


@pytest.fixture
def page(tmp_path, monkeypatch):
    monkeypatch.setenv("MONOPOLY_DB", str(tmp_path / "games.duckdb"))
    return open_page("pages/rules.py")


def _tables(at) -> list:
    """The side-by-side tables, one per group of rules, in page order (a styled table's data)."""
    return [getattr(d.value, "data", d.value) for d in at.table if "What it means" in d.value.columns]


def _table(at):
    """Every group's table as one."""
    return pd.concat(_tables(at), ignore_index=True)


def test_the_table_shows_every_rule_of_every_preset_with_its_source(page):
    frame = _table(page)
    frame = getattr(frame, "data", frame)                  # a styled table's data
    titles = [p.title for p in presets()]
    assert all(t in frame.columns for t in titles)
    assert len(frame) == len(fields(RuleSet)) - 1           # every rule but the preset's own name
    jail = frame[frame["Rule"] == "Fine to leave jail"].iloc[0]
    assert "standard US rules" in jail["From"] and "$50" in jail["From"]
    # a rule the presets differ in is marked, one they agree on is not; the lab's own choices are marked
    assert frame[frame["Rule"] == "Board"].iloc[0]["Differs"] == "yes"
    # (a rule an edition does not play reads "(not played)" under it: an outside review read "Cheat cards face up:
    # 5" under the classic presets as five cheat cards dealt)
    from pages._custom_rules import unused_by_edition
    def shown(f, r):
        return None if unused_by_edition(f.name, r.edition) else getattr(r, f.name)
    agreed = [f.name for f in fields(RuleSet) if len({shown(f, p.rules) for p in presets()}) == 1]
    assert agreed and (frame[frame["Rule"].isin([LABELS.get(n, n) for n in agreed])]["Differs"] == "").all()
    face_up = frame[frame["Rule"] == "Cheat cards face up"].iloc[0]
    assert face_up["Classic (UK)"] == "(not played)" and face_up["Cheaters Edition (UK)"] == "5"
    assert face_up["Differs"] == "yes"
    # money in the currency of each rule set's board (a browser review read a bare "1,500" beside "2,500"), and a
    # rule the same but for its currency does not differ
    cash = frame[frame["Rule"] == "Starting cash"].iloc[0]
    assert cash["Classic (UK)"] == "\u00a31,500" and cash["Classic (US)"] == "$1,500", cash
    fine = frame[frame["Rule"] == "Fine to leave jail"].iloc[0]
    assert (fine["Classic (UK)"], fine["Classic (US)"]) == ("\u00a350", "$50") and fine["Differs"] == "", fine
    assert (frame["From"].str.contains("own choice")).any()
    # the Mega Edition's own pages are credited to them, not to the standard rules printed after them (a browser
    # review: "Each player begins with $2500" under "the standard US rules of play")
    cash = frame[frame["Rule"] == "Starting cash"].iloc[0]["From"]
    assert "Mega Edition's own rules" in cash and "$2500" in cash
    from pages._rule_words import source
    assert source("002 COVER: 2-8 Players").startswith("From Monopoly: The Mega Edition's own rules")
    assert source("002 MORTGAGES: x").startswith("From the standard US rules of play")
    page.toggle(key="rp_only_diff").set_value(True).run()
    only = _table(page)
    assert 0 < len(only) < len(frame) and (only["Differs"] == "yes").all()
    # the caption counts what is shown (a browser review read "41 rules" above the 20 that differ)
    assert f"{len(only)} of the {len(frame)} rules differ between the" in texts(page)
    assert frame[frame["Rule"] == "Rounds before the game ends"].iloc[0]["From"].startswith("The lab's own choice")


def test_toggling_a_rule_changes_the_custom_set_and_an_invalid_one_is_explained(page):
    page.toggle(key="rp_rule_auctions").set_value(False).run()
    assert not page.exception
    assert "Auction a property its lander does not buy: off (the rule book: on)" in texts(page)
    page.text_input(key="rp_rule_jail_turns").set_value("0").run()
    assert not page.exception
    assert "The number of tries for doubles in jail before paying must be from 1 to 10, not 0." in texts(page)
    assert "jail_turns" not in texts(page)
    keep = next(b for b in page.button if b.key == "rp_keep")
    assert keep.disabled


def test_a_kept_rule_set_is_listed_shared_and_offered_to_play_and_markov(page):
    page.selectbox(key="rp_rule_free_parking").set_value("jackpot").run()
    page.text_input(key="rp_name").input("Jackpot").run()
    next(b for b in page.button if b.key == "rp_keep").click().run()
    assert not page.exception
    assert "Jackpot (yours)" in _table(page).columns
    link = next(c.value for c in page.code if "preset=" in c.value)
    rules, name = sharelink.rules_from_params(dict(parse_qsl(link.split("?", 1)[1])))
    assert name == "Jackpot" and rules.free_parking == "jackpot" and rules.preset == "classic-uk"
    assert any("play?" in b.proto.url and "players=" in b.proto.url for b in page.get("link_button"))
    # the Markov page lists it
    next(b for b in page.button if b.key == "rp_mk_Jackpot").click().run()
    assert not page.exception
    assert page.selectbox(key="mk_preset").value == _custom_rules.markov_key(rules)


def test_a_rule_set_link_opens_the_rule_set(tmp_path, monkeypatch):
    monkeypatch.setenv("MONOPOLY_DB", str(tmp_path / "games.duckdb"))
    from monopoly_core import preset
    params = sharelink.rules_params(preset("classic-us", go_salary=400), "Rich GO")
    at = AppTest.from_file(APP, default_timeout=60)
    for k, v in params.items():
        if v:
            at.query_params[k] = v
    at.run()
    at.switch_page("pages/rules.py").run()
    assert not at.exception
    assert "Rich GO" in shown(at)
    assert at.text_input(key="rp_rule_go_salary").value == "400"


def test_a_kept_rule_sets_name_is_drawn_as_text_not_markdown(page):
    """Review (second round): a kept rule set named `**y** $z$` showed bold text and a maths z."""
    name = "**y** $z$ <b>w</b>"
    page.selectbox(key="rp_rule_free_parking").set_value("jackpot").run()
    page.text_input(key="rp_name").input(name).run()
    next(b for b in page.button if b.key == "rp_keep").click().run()
    assert not page.exception
    drawn = [m.value for m in page.markdown if "y" in m.value and "z" in m.value]
    assert drawn and all("**y**" not in m and "$z$" not in m for m in drawn)
    assert any(m.startswith(f"**{safe_text.markdown(name)}**") for m in drawn)
    page.selectbox(key="ch_a").set_value("preset:classic-uk").run()
    page.selectbox(key="ch_b").set_value(f"kept:{name}").run()
    page.text_input(key="ch_games").set_value("2").run()
    page.text_input(key="ch_players").set_value("2").run()
    next(b for b in page.button if b.key == "ch_go").click().run(timeout=300)
    assert not page.exception
    verdicts = [e.value for e in [*page.success, *page.info] if "\\$z\\$" in e.value]
    assert verdicts and not any("$z$" in v.replace("\\$", "") for v in verdicts)
    legends = [t["name"] for c in page.get("plotly_chart") for t in json.loads(c.proto.spec)["data"] if t.get("name")]
    assert "**y** $z$ &lt;b&gt;w&lt;/b&gt;" in legends and name not in legends


def test_a_small_comparison_runs_and_shows_its_charts_and_verdicts(page):
    page.selectbox(key="rp_rule_free_parking").set_value("jackpot").run()
    page.text_input(key="rp_name").input("Jackpot").run()
    next(b for b in page.button if b.key == "rp_keep").click().run()
    page.selectbox(key="ch_a").set_value("preset:classic-uk").run()
    page.selectbox(key="ch_b").set_value("kept:Jackpot").run()
    page.text_input(key="ch_games").set_value("4").run()
    page.text_input(key="ch_players").set_value("2").run()
    next(b for b in page.button if b.key == "ch_go").click().run(timeout=300)
    assert not page.exception
    verdicts = [re.sub(r"\\(.)", r"\1", e.value) for e in [*page.success, *page.info]]  # escaped as text
    for test in ("paired t-test", "McNemar", "Stuart-Maxwell", "Holm"):
        assert any(test in v for v in verdicts), test
    # each test named is said in words once, above the charts (a browser review: jargon with no explanation)
    explained = [e.value for e in page.markdown if "**McNemar's exact test**" in e.value]
    assert len(explained) == 1
    for word in ("**p** (the p-value)", "**Paired t-test**", "**Stuart-Maxwell test**", "**Holm-adjusted**",
                 "**Gini coefficient**"):
        assert word in explained[0], word
    charts = [c for c in page.get("plotly_chart")]
    assert len(charts) >= 6
    # jackpot does not move the chain: the page says so
    assert "does not move the chain" in texts(page)


def test_a_comparison_rotates_the_seats_and_shows_win_rates_by_seat_and_by_strategy_apart(page, tmp_path):
    # the bots change seats every game (the toggle is on at first), the page says so in words, and the win rate
    # by strategy is what the database's players table says each strategy won (not the seat's win rate)
    page.selectbox(key="ch_a").set_value("preset:classic-uk").run()
    page.selectbox(key="ch_b").set_value("preset:classic-us").run()
    page.text_input(key="ch_games").set_value("6").run()
    page.text_input(key="ch_players").set_value("3").run()
    page.multiselect(key="ch_bots").set_value(["always-buy", "cautious", "strategist"]).run()
    assert page.toggle(key="ch_rotate").value
    next(b for b in page.button if b.key == "ch_go").click().run(timeout=300)
    assert not page.exception
    shown = texts(page)
    assert "Win rate by seat" in shown and "Win rate by strategy" in shown
    assert "Seats rotate: each game every bot moves one seat on" in shown
    c = page.session_state["rules_change_result"]
    assert c.seating == "rotated"
    with duckdb.connect(str(tmp_path / "games.duckdb"), read_only=True) as conn:
        for side, batch in zip("ab", c.batches):
            won = dict(conn.execute("""SELECT p.strategy, avg(coalesce(p.seat = g.winner, false)::INTEGER)
                                       FROM games g JOIN players p ON p.game = g.id WHERE g.batch = ?
                                       GROUP BY p.strategy""", [batch]).fetchall())
            rows = c.figure("strategy").rows
            assert {r.label: getattr(r, side) for r in rows} == pytest.approx(won)
            seats = conn.execute("SELECT DISTINCT seating FROM games WHERE batch = ?", [batch]).fetchall()
            assert seats == [("rotated",)]
    frames = [d.value for d in page.dataframe]
    assert any("seat 3" in list(f[""]) for f in frames) and any("cautious" in list(f[""]) for f in frames)
    # a win rate is shown with its interval's low and high bounds (Wilson's, inside 0% to 100%), a mean +- half
    # its interval; the caption under the numbers says which is which
    shares = [f for f in frames if "seat 3" in list(f[""]) or "cautious" in list(f[""])]
    for f in shares:
        for side, rows in ((c.label_a, "a"), (c.label_b, "b")):
            # the bounds without their % sign, so the cells fit half of a 1280 px page (review, second round)
            want = [f"{getattr(r, rows):.1%} ({getattr(r, rows + '_low') * 100:.1f} to "
                    f"{getattr(r, rows + '_high') * 100:.1f})"
                    for r in c.figure("seat" if "seat 3" in list(f[""]) else "strategy").rows]
            assert list(f[side]) == want
            assert all(re.fullmatch(r"\d+\.\d% \(\d+\.\d to \d+\.\d\)", x) for x in f[side])
        diff = next(col for col in f.columns if col.startswith("B \u2212 A"))
        # (in percentage points, as the caption says: a reviewer read "+0.6%" against "points")
        assert all(re.fullmatch(r"[+\u2212]\d+\.\d pts \([+\u2212]\d+\.\d to [+\u2212]\d+\.\d\)", x) for x in f[diff])
    length = next(f for f in frames if "rounds per game" in list(f[""]))
    assert "\u00b1" in length[c.label_a].iloc[0] and " to " not in length[c.label_a].iloc[0]
    assert "Wilson's interval, which stays between 0% and 100%" in shown and "Tango's" in shown


def _open_with(params: dict, page: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    for k, v in params.items():
        if v:
            at.query_params[k] = v
    at.run()
    at.switch_page(page).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_a_damaged_rule_set_link_is_refused_in_words(tmp_path, monkeypatch):
    monkeypatch.setenv("MONOPOLY_DB", str(tmp_path / "games.duckdb"))
    at = _open_with({"preset": "classic-uk", "rules": "not-a-packed-rule-set", "name": "Broken"}, "pages/rules.py")
    assert "This link's rule set cannot be opened" in shown(at)
    assert "Broken (yours)" not in _table(at).columns


@pytest.mark.parametrize("name, words", [
    ("Rich GO\u202e", "marks that reverse text"),            # a direction mark makes the name read as another
    ("x" * 61, "has 61 characters (the limit is 60)")])     # once cut silently to 60
def test_a_link_s_rule_set_name_that_would_not_show_as_typed_is_refused_in_words(tmp_path, monkeypatch, name, words):
    """An outside hostile review: a shared rule set's name kept a direction override, and a longer one was cut."""
    monkeypatch.setenv("MONOPOLY_DB", str(tmp_path / "games.duckdb"))
    at = _open_with({"preset": "classic-uk", "name": name}, "pages/rules.py")
    assert "This link's rule set cannot be opened" in shown(at) and words in shown(at)
    assert not [c for c in _table(at).columns if "(yours)" in c]


def test_a_typed_name_with_a_control_character_is_not_kept(page):
    page.text_input(key="rp_name").input("Tab\there").run()
    next(b for b in page.button if b.key == "rp_keep").click().run()
    assert "A name is plain text on one line" in texts(page)
    assert not [c for c in _table(page).columns if "(yours)" in c]


def test_the_play_link_of_a_kept_rule_set_opens_a_game_under_those_rules(tmp_path, monkeypatch):
    monkeypatch.setenv("MONOPOLY_DB", str(tmp_path / "games.duckdb"))
    from monopoly_core import preset
    from pages import _game_state
    rules = preset("classic-uk", free_parking="jackpot", go_salary=300)
    at = _open_with(dict(parse_qsl(_custom_rules.play_query(rules))), "pages/play.py")
    game = at.session_state[_game_state.GAME]
    assert game.rules == rules and game.players[0].kind == "person"
    # a new game with a seed of its own, said so (a browser review: every "Play it" was seed 1, "Opened the shared
    # game from the link")
    assert f"Started a new game under the link's rules (seed {game.seed})" in shown(at)
    assert "Opened the shared game" not in shown(at) and "does not read" not in shown(at)
    # the one link, opened again (one tab a group), is a new game each time (a browser review's three clicks of
    # one drawn link opened seed 85419 three times)
    query = dict(parse_qsl(_custom_rules.play_query(rules)))
    seeds = {_open_with(query, "pages/play.py").session_state[_game_state.GAME].seed for _ in range(4)}
    assert len(seeds) > 1
    # a link with a seed of its own keeps it (a shared game not begun is the same game for everyone)
    fixed = dict(parse_qsl(_custom_rules.play_query(rules, seed=77)))
    assert _open_with(fixed, "pages/play.py").session_state[_game_state.GAME].seed == 77
    # fresh other than 1 is said to be left out, not passed over (an outside review's fresh=yes opened seed 1)
    odd = _open_with({**fixed, "fresh": "yes"}, "pages/play.py")
    assert odd.session_state[_game_state.GAME].seed == 77 and "does not read 'fresh'" in shown(odd)


_PATHS = re.compile(r"monopoly_core|data/|\.toml|NAME")


def test_the_words_name_rule_sets_and_data_in_full_and_never_a_file_or_module(page):
    """Reviewer: "What it means" showed "see monopoly_core.editions" and "data/boards/NAME.toml"; the A/B selectors
    listed ids ("cheaters"); the default comparison opened with "A and B are played on different boards"; the
    differences read "Cheat cards: instead of cheaters-uk". Full names and values in words now."""
    frame = _table(page)
    frame = getattr(frame, "data", frame)
    meanings = " ".join(frame["What it means"])
    assert not _PATHS.search(meanings), _PATHS.search(meanings)
    titles = {p.name: p.title for p in presets()}
    for key in ("ch_a", "ch_b"):
        box = page.selectbox(key=key)
        assert set(box.options) >= set(titles.values()) and not set(box.options) & set(titles)
    # the default pair compares cleanly: Classic UK against Cheaters, square by square on the Markov side
    assert page.selectbox(key="ch_a").value == "preset:classic-uk"
    assert page.selectbox(key="ch_b").value == "preset:cheaters"
    shown = texts(page)
    assert "different boards" not in shown and "do not line up" not in shown
    assert len(page.get("plotly_chart")) >= 3                       # A, B and B minus A on the board
    differs = next(unescaped(c.value) for c in page.caption if c.value.startswith("B differs from A in"))
    assert "Cheat cards: Cheat cards (Cheaters Edition" in differs and "instead of (not played)" in differs
    assert "Board: Cheaters Edition (UK) instead of Classic UK (London)" in differs
    assert not _PATHS.search(differs) and "cheaters-uk" not in differs and ": instead" not in differs
    # a rule the Cheaters Edition does not play is said so, as in the table above it, not as a value it plays (a
    # browser review read "Houses in the bank: 0 instead of 32" and "Build evenly: off instead of on")
    assert "Houses in the bank: (not played) instead of 32" in differs, differs
    assert "Build evenly across a colour set: (not played) instead of on" in differs
    # boards that do not line up are explained in words
    page.selectbox(key="ch_b").set_value("preset:mega").run()
    shown = re.sub(r"\\(.)", r"\1", texts(page))                   # the names are escaped as text
    assert "board of 40 squares and B (Mega Edition (US)) on one of 52" in shown


def test_the_comparison_charts_are_labelled_with_full_names(page):
    page.selectbox(key="ch_a").set_value("preset:classic-uk").run()
    page.selectbox(key="ch_b").set_value("preset:classic-us").run()
    page.text_input(key="ch_games").set_value("2").run()
    page.text_input(key="ch_players").set_value("2").run()
    page.multiselect(key="ch_bots").set_value(["always-buy", "cautious"]).run()
    next(b for b in page.button if b.key == "ch_go").click().run(timeout=300)
    assert not page.exception
    c = page.session_state["rules_change_result"]
    assert (c.label_a, c.label_b) == ("Classic (UK)", "Classic (US)")
    specs = " ".join(ch.proto.spec for ch in page.get("plotly_chart"))
    assert "Classic (US)" in specs and '"classic-us"' not in specs


def test_a_rule_set_of_ones_own_names_boards_and_decks_in_words(page):
    """Reviewer: the "A rule set of your own" Edition controls showed help text with "data/boards/NAME.toml" and
    listed boards and decks by their ids. Their help is the rule's meaning in words, their options data titles."""
    from pages import _rule_words as words
    from pages.rules import PREFIX
    for field in ("board", "chance_deck", "chest_deck"):
        box = page.selectbox(key=PREFIX + field)
        assert not _PATHS.search(box.help), box.help
        assert box.help.startswith(words.MEANINGS[field])
        assert "Classic UK (London)" in box.options if field == "board" else all(" " in o for o in box.options)
        assert not set(box.options) & {"classic-us", "classic-uk", "us-chance", "uk-chest"}


def test_the_deck_controls_offer_only_decks_of_their_kind_in_plain_words(page):
    """Review (second round): the Chance cards control offered Community Chest decks, and titles said "the
    project's own"."""
    from monopoly_core import datafiles
    for key, kind in (("rp_rule_chance_deck", "chance"), ("rp_rule_chest_deck", "chest")):
        titles = page.selectbox(key=key).options                       # shown by their titles
        assert all(t.startswith("Chance (" if kind == "chance" else "Community Chest (") for t in titles), titles
        want = {datafiles.load_toml("cards", f"{e}-{kind}")["title"] for e in ("us", "uk", "cheaters", "mega-us")}
        assert want <= set(titles)
    assert "project's own" not in texts(page)


def test_a_rule_set_just_kept_is_offered_by_the_comparison_form(page):
    """Review (outside, in chromium): after a rule set was kept, the comparison form still showed its first pair
    (Classic UK against Cheaters) instead of offering the new one."""
    assert (page.selectbox(key="ch_a").value, page.selectbox(key="ch_b").value) == (
        "preset:classic-uk", "preset:cheaters")
    page.selectbox(key="rp_rule_free_parking").set_value("jackpot").run()
    page.text_input(key="rp_name").input("Jackpot").run()
    next(b for b in page.button if b.key == "rp_keep").click().run()
    assert not page.exception and not page.warning
    assert (page.selectbox(key="ch_a").value, page.selectbox(key="ch_b").value) == (
        "preset:classic-uk", "kept:Jackpot")
    # a second one, from another preset, against that preset
    page.selectbox(key="rp_base").set_value("classic-us").run()
    page.text_input(key="rp_rule_go_salary").set_value("400").run()
    page.text_input(key="rp_name").input("Rich GO").run()
    next(b for b in page.button if b.key == "rp_keep").click().run()
    assert (page.selectbox(key="ch_a").value, page.selectbox(key="ch_b").value) == (
        "preset:classic-us", "kept:Rich GO")
    assert "Salary for passing GO: $400 instead of $200" in unescaped(texts(page))
    # removed, it is no longer offered: the form goes back to the last one kept
    next(b for b in page.button if b.key == "rp_rm_Rich GO").click().run()
    assert not page.exception
    assert (page.selectbox(key="ch_a").value, page.selectbox(key="ch_b").value) == (
        "preset:classic-uk", "kept:Jackpot")


def test_the_side_by_side_table_is_one_table_per_group_under_its_heading(page):
    """Review (outside, in chromium): the rows were not grouped in a way a reader could follow (Edition, Money,
    House rules, ..., Edition again) and the one long table's header scrolled away. One table per group now, under
    the group's heading, in the order of the rule builder's sections."""
    from pages import _rule_words as words
    groups = list(dict.fromkeys(f.metadata["group"] for f in fields(RuleSet) if f.name != "preset"))
    tables = _tables(page)
    assert len(tables) == len(groups)
    headings = [h.value for h in page.subheader if h.value in groups]
    assert headings == groups
    for group, table in zip(groups, tables):
        want = [words.label(f.name) for f in fields(RuleSet)
                if f.metadata["group"] == group and f.name != "preset"]
        assert list(table["Rule"]) == want and "Group" not in table.columns
    # only the rules that differ: still under their headings, groups with none left out
    page.toggle(key="rp_only_diff").set_value(True).run()
    assert all((t["Differs"] == "yes").all() for t in _tables(page))
    assert len(_tables(page)) == len([h for h in page.subheader if h.value in groups]) <= len(groups)


#: The rule books and reference facts (../shared beside the repository, as docs/architecture.md names them).
SHARED = next((p for p in (Path(__file__).resolve().parents[1].parent / "shared", Path("/work/shared"))
               if (p / "seeds").is_dir()), None)


def _book_texts() -> dict[str, str]:
    """Each rule book's and reference file's text, its whitespace folded, in lower case."""
    found = {p.name[:3]: p.read_text() for p in (SHARED / "seeds").glob("0*.txt")}
    found.update({f"reference/{p.name}": p.read_text() for p in (SHARED / "reference").iterdir()})
    return {k: re.sub(r"\s+", " ", v.replace("\\$", "$").replace("**", "")).lower() for k, v in found.items()}


@pytest.mark.skipif(SHARED is None, reason="the rule books (../shared/seeds) are not beside this repository")
def test_every_quoted_source_is_its_books_own_words():
    """Each source names a book the site knows and quotes it word for word (a quote of the Cheaters Edition's
    auctions said "10" where the book says "£10")."""
    from pages import _rule_words as words
    books = _book_texts()
    for f in fields(RuleSet):
        for piece in filter(None, (p.strip() for p in f.metadata.get("source", "").split(";"))):
            m = words._SOURCE.match(piece)
            assert m is not None and m["book"] in words.BOOKS, (f.name, piece)
            said = lambda t: re.sub(r"\s+", " ", t).lower() in books[m["book"]]  # noqa: E731
            assert m["quote"] is None or said(m["quote"]), (f.name, m["quote"])
            # (a section is a heading of the book; COVER is its cover, where the number of players is printed)
            assert m["section"] in (None, "COVER") or said(m["section"]), (f.name, m["section"])


def test_every_source_is_said_in_words_and_cites_each_presets_value(page):
    """Review (outside): some sources were shown raw ("From 003 (Cheaters): 15 Cheat Cards"), one was cut in two
    by its own semicolon, and "Most players" (6 for Sore Losers and the Cheaters Edition) was cited to "2-8 Players"
    alone. Each source names its book in words, and a rule whose value differs between the presets cites each
    value's book."""
    frame = _table(page)
    assert not frame["From"].str.contains(r"\b00\d\b|reference/").any()
    assert frame["From"].str.startswith(("From ", "The lab's own choice", "What the preset")).all()
    most = frame[frame["Rule"] == "Most players"].iloc[0]["From"]
    for quote in ("\u201c2-8 Players\u201d", "\u201c8 Tokens\u201d", "\u201c6 Tokens\u201d", "\u201c2-6\u201d"):
        assert quote in most
    assert "Monopoly for Sore Losers (Hasbro, 2020), \u201cContents\u201d: \u201c6 Tokens\u201d" in most
    cash = frame[frame["Rule"] == "Starting cash"].iloc[0]["From"]
    assert "$1,500" in cash and "$2500" in cash
    bid = frame[frame["Rule"] == "Smallest raise in an auction"].iloc[0]["From"]
    assert "as little as \u00a310" in bid and "as little as \u20ac1" in bid


def _shown(at) -> str:
    return texts(at) + "\n".join(e.value for e in at.info)


def test_the_mega_board_under_classic_monopoly_is_explained_in_words(page):
    """Review (outside): picking the Mega board under Classic Monopoly said "square 14 (Auction) is of kind
    'auction', which the Classic Monopoly has no rule for". Now the square, the edition that plays it and what to
    choose, step by step to a rule set that plays, and a word on cards not made for the board."""
    page.selectbox(key="rp_rule_board").set_value("mega-us").run()
    assert not page.exception
    shown = texts(page)
    assert ("Board: square 14 (Auction) is an Auction square, which Classic Monopoly does not play. To play this "
            "board, choose Mega Edition (US) under \u201cStart from\u201d; or choose a board Classic Monopoly "
            "plays.") in shown
    assert "kind 'auction'" not in shown and "the Classic Monopoly" not in shown
    # (the builder judges each rule against the preset: a Mega game is started from the Mega preset, as it says)
    page.selectbox(key="rp_rule_board").set_value("classic-uk").run()
    page.selectbox(key="rp_rule_edition").set_value("mega").run()
    shown = texts(page)
    # (the change of edition is told first, in words: an outside review was told of the dice, then the board)
    assert ("Edition: the Mega Edition is played from its own rule set: to play it, choose Mega Edition (US) under "
            "\u201cStart from\u201d.") in shown
    assert "2d6" not in shown and "classic-uk rule set" not in shown
    # the Mega preset with the classic decks: a word on cards not made for the board
    page.selectbox(key="rp_base").set_value("mega").run()
    page.selectbox(key="rp_rule_chance_deck").set_value("uk-chance").run()
    assert not page.error
    assert any("These cards were not made for the board Mega Edition US (52 squares)" in i.value and
               "Chance (Mega Edition US" in i.value for i in page.info)


def test_mega_rules_under_another_edition_are_marked_not_used(page):
    """Review (outside): skyscrapers and train depots could be set on a classic game with no note that the edition
    does not use them, and a speed die there said nothing of its faces."""
    assert not [i for i in page.info if "Not used by" in i.value]
    page.text_input(key="rp_rule_skyscrapers").set_value("8").run()
    page.text_input(key="rp_rule_train_depots").set_value("4").run()
    note = next(i.value for i in page.info if "Not used by" in i.value)
    assert note.startswith("Not used by Classic Monopoly: Skyscrapers in the bank (8); Train depots in the bank (4).")
    assert "Only the Mega Edition has skyscrapers and train depots" in note
    # and under each box (still a box to fill in here, where the edition can be changed too)
    assert "Not used by Classic Monopoly: only the Mega Edition has skyscrapers." in [c.value for c in page.caption]
    page.selectbox(key="rp_rule_dice").set_value("2d6+speed").run()
    assert any(i.value.startswith("With the speed die, Classic Monopoly moves a token by the pips of all three dice")
               for i in page.info)
    # under the Mega Edition they are its own rules: no note
    page.selectbox(key="rp_base").set_value("mega").run()
    assert not page.error and not [i for i in page.info if "Not used by" in i.value or "speed die" in i.value]


def test_a_rule_the_cheaters_edition_does_not_play_is_marked_not_used(page):
    """Review (outside): the Cheaters Edition has no mortgages, no tax squares and no houses, and its boxes said
    nothing; on this page (where the edition can change too) each stays a box, with its note, and a changed one is
    said under the rule set."""
    page.selectbox(key="rp_base").set_value("cheaters").run()
    assert not [i for i in page.info if "Not used by" in i.value]
    captions = [c.value for c in page.caption]
    assert "Not used by the Cheaters Edition: it has no mortgages (\u201cthere's no mortgaging\u201d)." in captions
    assert not page.text_input(key="rp_rule_mortgage_interest_pct").disabled
    page.text_input(key="rp_rule_mortgage_interest_pct").set_value("20").run()
    page.text_input(key="rp_rule_houses").set_value("32").run()
    note = next(i.value for i in page.info if "Not used by" in i.value)
    assert note == ("Not used by the Cheaters Edition: Mortgage interest (percent) (20), as it has no mortgages "
                    "(\u201cthere's no mortgaging\u201d); Houses in the bank (32), as it has hotels only (\u201cthere "
                    "aren't any Houses, just Hotels\u201d). These games are played as if they were not set.")
    # the Cheaters Edition's own raise for its last hotels: its own rule, no note; elsewhere, the true reason
    assert not [c for c in captions if "last hotels" in c or "cheat cards" in c]
    page.selectbox(key="rp_base").set_value("classic-uk").run()
    page.text_input(key="rp_rule_hotel_auction_increment").set_value("5").run()
    assert ("Not used by Classic Monopoly: only the Cheaters Edition has a smallest raise of its own for the bank's "
            "last hotels.") in [c.value for c in page.caption]
    assert any(i.value.startswith("Not used by Classic Monopoly: Smallest raise when the last hotels are auctioned "
                                  "(5). Only the Cheaters Edition has") for i in page.info)


def test_a_speed_die_under_classic_monopoly_says_on_the_markov_page_what_the_chain_assumes(page):
    """Review (outside): a speed die on Classic UK gave no Markov assumption controls and no word of what the chain
    assumes; the chain (and the game) moves by the pips, so the page says so."""
    page.selectbox(key="rp_rule_dice").set_value("2d6+speed").run()
    page.text_input(key="rp_name").input("Speedy").run()
    next(b for b in page.button if b.key == "rp_keep").click().run()
    next(b for b in page.button if b.key == "rp_mk_Speedy").click().run()
    assert not page.exception
    said = next(c.value for c in page.caption if c.value.startswith("With the speed die"))
    assert "Classic Monopoly moves a token by the pips of all three dice" in said
    assert "no choices about triples, Mr. Monopoly or the Bus" in said
    assert not [r for r in page.radio if r.key.startswith("mk_mega_")]


def test_the_bots_are_described_in_a_class_s_words(page):
    """Review (outside): the random strategy was described as "uniform over legal actions; for fuzzing"."""
    helped = page.multiselect(key="ch_bots").help
    assert "random: makes any move the rules allow, picked at random" in helped
    assert not re.search(r"fuzz|uniform over", helped, re.I)
    play = open_page("pages/play.py")
    said = texts(play)
    assert "**random**: makes any move the rules allow" in said and not re.search(r"fuzz", said, re.I)


def test_a_link_s_name_and_preset_are_said_as_typed_never_drawn_as_markdown():
    """Outside review: ?preset=mega&name=![](https://e.vil/t.png)[Sign in](https://e.vil) put another site's image
    and a fake "Sign in" link in the success box and in the side-by-side table's column header; a preset of
    zz[Sign in](https://e.vil/p) put a live link in the error box."""
    from test_page_lessons import open_page        # (a visitor following a link with these address parts)
    at = open_page("pages/rules.py", preset="mega", name="![](https://e.vil/t.png)[Sign in](https://e.vil)")
    assert "](https://e.vil" not in texts(at) and "[Sign in](https://e.vil)" in shown(at)
    headers = [str(c) for t in at.table for c in t.value.columns]
    assert any("Sign in" in h for h in headers) and not any("](https://e.vil" in h for h in headers)
    at = open_page("pages/rules.py", preset="zz[Sign in](https://e.vil/p)")
    assert at.error and "](https://e.vil" not in texts(at) and "e.vil/p" in shown(at)


# --- the comparison's games, players and seed are text boxes (pages/_number_box.py): a number box sent its last
# valid number while it showed another, so Compare ran with a number the person no longer saw ---------------------
@pytest.mark.parametrize("key, typed, words", [
    ("ch_games", "1", "The number of games on each side must be from 2 to "),
    ("ch_games", "9" * 20, "The number of games on each side must be from 2 to "),
    ("ch_players", "abc", "The number of players must be a whole number written with the digits 0 to 9."),
    ("ch_players", "9", "The number of players must be from 2 to 8, not 9."),
    ("ch_seed", "-1", "The seed must be from 0 to 9,007,199,254,740,991, not -1."),
])
def test_a_bad_number_for_the_comparison_is_refused_and_nothing_is_compared(page, key, typed, words):
    page.selectbox(key="ch_a").set_value("preset:classic-uk").run()
    page.selectbox(key="ch_b").set_value("preset:classic-us").run()
    page.text_input(key="ch_games").set_value("2")
    page.text_input(key=key).set_value(typed)
    page.button(key="ch_go").click().run()
    assert not page.exception
    refusal = [e.value for e in page.error if e.value.startswith("Nothing was compared.")]
    assert len(refusal) == 1 and words in refusal[0]
    assert "rules_change_result" not in page.session_state


def test_the_numbers_typed_for_the_comparison_are_the_ones_compared(page):
    page.selectbox(key="ch_a").set_value("preset:classic-uk").run()
    page.selectbox(key="ch_b").set_value("preset:classic-us").run()
    page.text_input(key="ch_games").set_value(" 2 ")
    page.text_input(key="ch_players").set_value("3")
    page.text_input(key="ch_seed").set_value("9,007,199,254,740,991")
    page.button(key="ch_go").click().run(timeout=300)
    assert not page.exception
    c = page.session_state["rules_change_result"]
    assert (c.games, c.players, c.seed) == (2, 3, 2**53 - 1)


def test_a_comparison_stops_at_the_time_limit_of_a_click_and_the_next_click_plays_on(page, monkeypatch):
    """Outside review: 5,000 games a side of a 10,000-round turn limit with 8 players (rules whose games never end)
    were one click away: hours of play and about 50 GB of events. One click now plays for at most
    bounds.SITE_TIME_LIMIT, in chunks of at most bounds.SITE_CHUNK_PLAYER_ROUNDS (here one game a side), compares
    what it played and says so; the next click reads those games back and plays on. The limit here is as short as
    it gets: one chunk a click."""
    from monopoly_core import bounds
    page.text_input(key="rp_rule_turn_limit").set_value("10000").run()
    page.text_input(key="rp_name").input("Long").run()
    next(b for b in page.button if b.key == "rp_keep").click().run()
    page.selectbox(key="ch_a").set_value("preset:classic-uk").run()
    page.selectbox(key="ch_b").set_value("kept:Long").run()
    page.text_input(key="ch_players").set_value("8")
    page.text_input(key="ch_games").set_value("3")
    monkeypatch.setattr(bounds, "SITE_TIME_LIMIT", bounds.MIN_SECONDS)
    page.button(key="ch_go").click().run(timeout=300)
    assert not page.exception and not page.error
    assert "Classic (UK) (A) against Long (B), 1 game a side" in shown(page)
    stopped = [w.value for w in page.warning if w.value.startswith("Stopped after")]
    assert stopped == ["Stopped after 0.001 seconds, the most one click plays: 1 of the 3 games a side asked for "
                       "was played, and the figures below are theirs. Press Compare again to play on: the games "
                       "played are kept in the game database and read back."]
    page.button(key="ch_go").click().run(timeout=300)
    assert "Classic (UK) (A) against Long (B), 2 games a side" in shown(page)
    assert "(1 of them read back from the game database, 1 played now)" in shown(page)
    assert any("2 of the 3 games a side" in w.value for w in page.warning)
    # a result under a form that now asks for something else says so, and no longer says "Press Compare again"
    # (a walkthrough changed rule set B after a stopped run and read the old result's advice as the new one's)
    page.text_input(key="ch_players").set_value("7").run()
    assert [i.value for i in page.info if i.value.startswith("Below is the last comparison")]
    assert not any("Press Compare again" in w.value for w in page.warning)
    page.text_input(key="ch_players").set_value("8").run()
    assert not [i.value for i in page.info if i.value.startswith("Below is the last comparison")]
    assert any("Press Compare again" in w.value for w in page.warning)
    # the form is its rules, not their names: "Long" kept again with other rules is another comparison (an outside
    # review re-kept it with 50 rounds and read "Press Compare again to play on" under it)
    page.text_input(key="rp_rule_turn_limit").set_value("50").run()
    next(b for b in page.button if b.key == "rp_keep").click().run()
    assert [i.value for i in page.info if i.value.startswith("Below is the last comparison")]
    assert not any("Press Compare again" in w.value for w in page.warning)
    page.text_input(key="rp_rule_turn_limit").set_value("10000").run()
    next(b for b in page.button if b.key == "rp_keep").click().run()
    assert any("Press Compare again" in w.value for w in page.warning)
    # a run cut short by a change to the page (a rerun while its games were played) says so on the next run
    page.session_state["rules_change_running"] = True
    page.run()
    assert [i.value for i in page.info if i.value.startswith("The last comparison was cut short")]
    page.run()
    assert not [i.value for i in page.info if i.value.startswith("The last comparison was cut short")]
    monkeypatch.setattr(bounds, "SITE_TIME_LIMIT", 180.0)
    page.button(key="ch_go").click().run(timeout=300)
    assert "Classic (UK) (A) against Long (B), 3 games a side" in shown(page)
    assert not [w for w in page.warning if w.value.startswith("Stopped after")]
    c = page.session_state["rules_change_result"]
    assert (c.games, c.planned, c.timed_out) == (3, 3, False)
    # and a click asks for more games than the old cap of 1,000 a side (the box takes up to 20,000)
    monkeypatch.setattr(bounds, "SITE_TIME_LIMIT", bounds.MIN_SECONDS)
    page.text_input(key="ch_games").set_value("20,000")
    page.button(key="ch_go").click().run(timeout=300)
    assert not page.exception and not page.error
    assert any("4 of the 20,000 games a side asked for" in w.value for w in page.warning)   # (3 read back)


def test_every_rule_is_named_in_a_sentence_with_one_article():
    # (a hostile link's refusal said "the the dice a utility's rent is counted on": that rule's label has its own)
    from pages import _rule_words as words
    for f in fields(RuleSet):
        said = words.in_sentence(f.name)
        assert said[:1].islower() and not said.startswith(("the the ", "the what ", "the how ")), (f.name, said)
    assert words.in_sentence("utility_rent") == "the dice a utility's rent is counted on"
    assert words.in_sentence("free_parking") == "what Free Parking pays"
