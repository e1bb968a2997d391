"""Property-based fuzz of the input side (issue 13, "Done means"): saved files, share links and SQL text from
anyone end in a result or a clear refusal (BadSave, QueryError), never in another exception.

Example counts are bounded so the suite stays quick; ``database=None`` keeps Hypothesis from writing files.
"""
from __future__ import annotations

import base64
import functools
import json
import re
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from monopoly_core import BadSave, Game, bots, preset, savefile, sharelink
from monopoly_core.sqlsafe import QueryError, check_query, run_query

FUZZ = settings(max_examples=60, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-2**70, max_value=2**70) | st.floats() |
    st.text(max_size=12) | st.sampled_from(["#e6194b", "bot", "person", "cautious", "roll", "bid", "classic-us",
                                            "<b>x</b>", "\u202e", "\x00"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8) | st.sampled_from(
        ["name", "kind", "strategy", "colour", "preset", "starting_cash", "seed", "steps"]), inner, max_size=4),
    max_leaves=12)


#: every edition's saves and links are fuzzed: each has actions, tokens and rules of its own
PRESETS = ["classic-us", "mega", "sore-losers", "cheaters"]


@functools.lru_cache(maxsize=None)
def _game(name: str = "classic-us") -> Game:
    g = Game.new(preset(name, turn_limit=30), bots(["cautious", "strategist", "random"]), seed=8)
    for _ in range(150):
        if g.over:
            break
        g.step()
    return g


@functools.lru_cache(maxsize=None)
def _save_text(name: str = "classic-us") -> str:
    return savefile.dumps(_game(name))


def _paths(node, prefix=()):
    """Every path into a JSON tree (to a dict key or a list index), the root included."""
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node[:6]):
            yield from _paths(v, prefix + (i,))


@st.composite
def edited_saves(draw):
    """A real saved game of any edition with one place changed: a value replaced, a key removed, or an item
    appended."""
    data = json.loads(_save_text(draw(st.sampled_from(PRESETS))))
    paths = list(_paths(data))
    path = draw(st.sampled_from(paths[1:]))
    how = draw(st.sampled_from(["replace", "delete", "append"]))
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    if how == "replace" or (how == "append" and not isinstance(parent[last], list)):
        parent[last] = draw(json_values)
    elif how == "delete":
        del parent[last]
    else:
        parent[last].append(draw(json_values))
    return json.dumps(data)


def _game_or_bad_save(load, data) -> None:
    """``load(data)`` gives a Game or raises BadSave with a message; any other exception fails the test."""
    try:
        game = load(data)
    except BadSave as exc:
        assert str(exc) and "Traceback" not in str(exc)
    else:
        assert isinstance(game, Game)


@FUZZ
@given(edited_saves())
def test_an_edited_save_loads_or_is_a_bad_save(text):
    _game_or_bad_save(savefile.loads, text)


@FUZZ
@given(edited_saves())
def test_an_edited_history_that_replays_loads_with_its_digest_and_plays_to_the_end(text):
    """The digest is no secret (anyone can recompute it by replaying), so an edited history whose replay succeeds is
    a file that loads: it must then play to its end like any game the rules accept."""
    from monopoly_core import history_json as shape
    from monopoly_core.game import History
    try:
        with shape.reading("the saved game"):        # (as savefile.loads reads it, but for the digest)
            history = History.from_json(shape.check_history(json.loads(text).get("history"), "the saved game"))
            shape.check_preset(history.rules.preset, "the saved game")
            replayed = Game.replay(history)
    except BadSave:
        return
    if replayed.ply != history.steps:
        return
    g = savefile.loads(savefile.dumps(replayed))
    for _ in range(20_000):
        if g.over:
            break
        if g.waiting_for_person():
            g.act(g.legal_actions()[0])
        else:
            g.step()
    assert g.over, (g.turn, g.rules.turn_limit)


@FUZZ
@given(st.one_of(st.binary(max_size=200), st.text(max_size=200), json_values.map(json.dumps),
                 st.integers(1, 5000).map(lambda n: "[" * n), st.integers(1, 5000).map(lambda n: '{"a":' * n)))
def test_any_bytes_or_text_load_or_are_a_bad_save(data):
    _game_or_bad_save(savefile.loads, data)


def _pack_json(value) -> str:
    raw = json.dumps(value).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


link_values = st.one_of(st.text(max_size=40), json_values.map(_pack_json), st.integers(-10, 10**20).map(str),
                        st.binary(max_size=60).map(lambda b: base64.urlsafe_b64encode(b).decode()),
                        st.sampled_from(["", "classic-us", "classic-uk", "atlantis", "0", "-1", str(2**63)]))


@FUZZ
@given(st.dictionaries(st.sampled_from(sharelink.KEYS), link_values, max_size=6),
       st.sampled_from(["drop"] + PRESETS))
def test_a_damaged_link_opens_or_is_a_bad_save(change, base):
    params = dict(sharelink.encode(_game(base))) if base != "drop" else {}
    params.update(change)
    _game_or_bad_save(sharelink.open_link, params)


SQL_WORDS = ["SELECT", "FROM", "WITH", "WHERE", "GROUP BY", "ORDER BY", "LIMIT", "UNION ALL", "EXPLAIN", "ANALYZE",
             "DESCRIBE", "SUMMARIZE", "SHOW", "PRAGMA", "SET", "UPDATE", "EXTENSIONS", "ATTACH", "COPY", "TO",
             "games", "events", "players", "count(*)", "*", "1", "-1", "1e9", "300000000", "'x'", "','", "(", ")",
             "[", "]", ",", ";", "--", "/*", "*/", "repeat(", "range(", "lpad(", "printf(", "format(",
             "current_setting(", "duckdb_settings()", "read_csv(", "glob(", "unnest(", "string_agg(", "abs(",
             "list_transform(", "x -> x", "::INT", "'%0999999999d'", "'{:>99999999}'", "\"current_setting\""]
sql_texts = st.one_of(
    st.lists(st.sampled_from(SQL_WORDS) | st.text(max_size=4), max_size=24).map(" ".join),
    st.tuples(st.sampled_from(["UPDATE", "SELECT", "CALL", "LOAD", "FROM"]), st.sampled_from(SQL_WORDS)).map(" ".join),
    st.tuples(st.integers(1, 600), st.sampled_from(["abs(", "(", "[", "list_value(", "coalesce(1, "])).map(
        lambda t: "SELECT " + t[1] * t[0] + "1" + ("]" if t[1] == "[" else ")") * t[0]))


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    from monopoly_core.simulate import simulate
    path = tmp_path_factory.mktemp("fuzz") / "games.duckdb"
    simulate(path, games=3, players=2, seed=2, turn_limit=20)
    return path


@FUZZ
@given(sql=sql_texts)
def test_any_sql_text_is_a_result_or_a_query_error(db, sql):
    try:
        checked = check_query(sql)
    except QueryError as exc:
        assert str(exc)
        return
    try:
        result = run_query(checked, db, time_limit=2.0, row_cap=50, memory_ceiling=1024 * 2**20)
    except QueryError as exc:
        assert str(exc)
    else:
        assert result.num_rows <= 50


def test_a_huge_value_in_a_saved_trade_is_refused_with_a_short_message():
    # a saved file may hold a value of any size: the message names the field and shows the value cut short
    import pytest
    from monopoly_core import BadSave
    from monopoly_core.actions import Trade
    for field, value in (("give_tokens", ["x" * 10**6]), ("get_cards", [["chance"]] * 10**5), ("proposer", "9" * 10**6)):
        with pytest.raises(BadSave) as err:
            Trade.from_json({"proposer": 0, "target": 1, field: value})
        assert field in str(err.value) and len(str(err.value)) < 300


def test_outside_reviews_odd_inputs_get_messages_of_a_readable_length():
    """Outside review (session 11): each of these raised TypeError, RecursionError or ValueError (Python's 4,300
    digit limit, hit while writing the message), or echoed megabytes."""
    from monopoly_core import Action, BadSave, IllegalAction, InvalidRules, RuleSet, Trade, preset, sharelink
    from monopoly_core.actions import action_from_json
    refused = [
        (InvalidRules, lambda: RuleSet.from_json("[1]")),
        (InvalidRules, lambda: RuleSet.from_json(None)),
        (InvalidRules, lambda: RuleSet.from_json("[" * 100_000 + "]" * 100_000)),
        (InvalidRules, lambda: preset("classic-us", starting_cash=10**5000)),
        (InvalidRules, lambda: preset("classic-us").replace(starting_cash="x" * 5_000_000)),
        (InvalidRules, lambda: preset("classic-us", **{"q" * 100_000: 1})),
        (IllegalAction, lambda: Action("bid", amount=10**5000)),
        (IllegalAction, lambda: Trade(0, 1, give_cash=10**5000)),
        (BadSave, lambda: action_from_json(["bid", 1, *range(10**6)])),
        (BadSave, lambda: action_from_json([["x", 10**5000]])),
        (BadSave, lambda: sharelink.decode({"preset": "classic-us", "players": "x", "seed": "1", "steps": "\u00b2"})),
    ]
    for kind, attempt in refused:
        with pytest.raises(kind) as info:
            attempt()
        assert len(str(info.value)) < 300, str(info.value)[:300]


def test_a_link_whose_steps_are_blank_is_refused_not_opened_at_the_start():
    """An outside hostile review: ``steps=`` opened the game at step 0 in silence, as if the link had said so; a
    link without steps still opens at the start (as one made by hand to share a new game)."""
    g = Game.new(preset("classic-us"), bots(["cautious", "random"]), 4)
    g.play(max_steps=30)
    params = sharelink.encode(g)
    for blank in ("", "  "):
        with pytest.raises(BadSave, match="steps must be a whole number from 0 up, got"):
            sharelink.decode({**params, "steps": blank})
    assert sharelink.open_link(params).ply == g.ply
    new = {k: v for k, v in params.items() if k not in ("steps", "actions")}
    assert sharelink.open_link(new).ply == 0


def test_the_api_names_what_was_wrong_with_a_value_of_the_wrong_kind():
    """An outside hostile review: the compiled build answered ``preset(5)`` and a seed of 1.0 with a bare
    "int object expected; got float", naming no field, and ``net_worth(99)`` with an IndexError."""
    from monopoly_core import IllegalAction, InvalidRules
    with pytest.raises(InvalidRules, match="preset: a preset is named by text, for example 'classic-us', got 5"):
        preset(5)
    with pytest.raises(InvalidRules, match="seed: must be a whole number, got 1.0"):
        Game.new(preset("classic-us"), bots(["cautious", "random"]), 1.0)
    with pytest.raises(InvalidRules, match="rules: expected a RuleSet .*, got 'classic-us'"):
        Game.new("classic-us", bots(["cautious", "random"]), 1)
    g = Game.new(preset("classic-us"), bots(["cautious", "random"]), 1)
    for seat in (99, -1, "0", True):
        with pytest.raises(IllegalAction, match="no seat .*: this game's seats are 0 to 1"):
            g.net_worth(seat)
        with pytest.raises(IllegalAction, match="no seat"):
            g.properties_of(seat)
    assert g.net_worth(1) == g.players[1].cash and g.properties_of(0) == []
    with pytest.raises(IllegalAction, match="tried for doubles 0 to 2 times under these rules, not 99"):
        g.arrange().jail(0, 99)
    assert not g.players[0].in_jail


def test_the_api_names_a_wrong_argument_of_play_replay_new_bots_and_links():
    """A fourth outside hostile review: g.play("end", "x"), Game.replay of a dict, Game.new(players=None),
    policies=[1], events="no", bots("random") (read letter by letter), bots(..., names=["a"]) (IndexError),
    sharelink.rules_params("x") and arrange().cash("0", 5) failed with bare TypeErrors and AttributeErrors."""
    from monopoly_core import IllegalAction, InvalidRules
    rules = preset("classic-us")
    g = Game.new(rules, bots(["cautious", "random"]), 1)
    for call, kind, words in [
        (lambda: g.play("end", "x"), InvalidRules, "max_steps: must be a whole number, got 'x'"),
        (lambda: g.play("end", 1.5), InvalidRules, "max_steps: must be a whole number, got 1.5"),
        (lambda: g.play("foo"), InvalidRules, "until: must be 'end', 'turn' or 'person', got 'foo'"),
        (lambda: Game.replay({"a": 1}), BadSave, "expected a game's History"),
        (lambda: Game.replay(g.history, "x"), InvalidRules, "steps: must be a whole number, got 'x'"),
        (lambda: Game.new(rules, None, 1), InvalidRules, "players: expected a list of PlayerSpec"),
        (lambda: Game.new(rules, bots(["random", "random"]), 1, policies=[1]), InvalidRules,
         "policies: expected a dict"),
        (lambda: Game.new(rules, bots(["random", "random"]), 1, events="no"), InvalidRules,
         "events: must be True or False, got 'no'"),
        (lambda: bots("random"), InvalidRules, "bots: expected a list of strategy names"),
        (lambda: bots(None), InvalidRules, "bots: expected a list of strategy names"),
        (lambda: bots([1, 2]), InvalidRules, "bots: expected a list of strategy names"),
        (lambda: bots(["random", "random"], names=["a"]), InvalidRules, "one name (text) for each of the 2 bots"),
        (lambda: sharelink.rules_params("x"), InvalidRules, "rules: expected a RuleSet"),
        (lambda: sharelink.rules_params(rules, "x" * 61), InvalidRules, "name: has 61 characters"),
        (lambda: g.arrange().cash("0", 5), IllegalAction, "no seat '0'"),
        (lambda: g.arrange().cash(0, -5), IllegalAction, "a player holds from 0 to"),
        (lambda: g.arrange().cash(0, 2**80), IllegalAction, "a player holds from 0 to"),
    ]:
        before = (g.ply, [p.cash for p in g.players])
        with pytest.raises(kind, match=re.escape(words)):
            call()
        assert (g.ply, [p.cash for p in g.players]) == before
    assert g.play("end", 3) == 3 and Game.replay(g.history, 2).ply == 2
    assert [p.name for p in bots(["random", "cautious"], names=["Ann", "Bo"])] == ["Ann", "Bo"]
    assert sharelink.rules_params(rules, "Mine")["name"] == "Mine"


def test_a_saved_file_with_a_byte_order_mark_loads():
    """Some editors write a UTF-8 byte-order mark at the start of a file; it was refused as 'breaks off at line 1,
    column 1 (was it edited or cut short?)' (outside review)."""
    from monopoly_core import Game, bots, preset, savefile
    g = Game.new(preset("classic-us"), bots(["cautious", "random"]), 4)
    g.play(max_steps=30)
    text = savefile.dumps(g)
    assert savefile.loads(("\ufeff" + text).encode()).ply == g.ply
    assert savefile.loads("\ufeff" + text).ply == g.ply


def test_a_link_cannot_open_one_preset_s_game_under_another_s_name():
    """Outside review: /play?preset=mega&rules=<{"preset": "classic-us"}> opened a Mega game labelled classic-us,
    logged under the wrong preset; and a rule set naming no preset was accepted, then its own save refused."""
    from monopoly_core import InvalidRules
    from monopoly_core.sharelink import _pack
    g = Game.new(preset("mega"), bots(["cautious", "random"]), 4)
    params = sharelink.encode(g)
    params["rules"] = _pack({"preset": "classic-us"})
    with pytest.raises(BadSave, match="its rules name the preset 'classic-us', its address 'mega'"):
        sharelink.decode(params)
    with pytest.raises(BadSave, match="its rules name the preset"):
        sharelink.rules_from_params({"preset": "mega", "rules": params["rules"]})
    with pytest.raises(InvalidRules, match="there is no preset called 'nope'"):
        preset("mega").replace(preset="nope").validate()


def test_a_game_of_one_edition_cannot_be_labelled_with_another_edition_s_preset():
    """A third outside review: a link naming classic-us whose rules changed the edition (and board, decks, dice) to
    Mega's opened a Mega game labelled classic-us; so did a save of preset("mega").replace(preset="classic-us")."""
    from monopoly_core import InvalidRules
    from monopoly_core.sharelink import _pack
    mega = preset("mega")
    with pytest.raises(InvalidRules, match="the classic-us rule set plays the classic edition; for the mega edition "
                                           "start from its own rule set \\(mega\\)"):
        mega.replace(preset="classic-us").validate()
    changed = {k: v for k, v in mega.to_dict().items() if k not in ("preset", "format")}
    with pytest.raises(BadSave, match="classic-us rule set plays the classic edition"):
        sharelink.rules_from_params({"preset": "classic-us", "rules": _pack(changed)})
    with pytest.raises(InvalidRules, match="plays the classic edition"):       # (so no such game is saved)
        Game.new(mega.replace(preset="classic-us"), bots(["cautious", "random"]), 4)
    # a change of edition alone is told so first (an outside review was told of Mega's dice, then its board)
    for edition in ("mega", "sore-losers", "cheaters"):
        with pytest.raises(InvalidRules, match=f"^edition: the classic-us rule set plays the classic edition; for the "
                                               f"{edition} edition start from"):
            preset("classic-us", edition=edition)


def test_a_save_naming_a_key_twice_is_refused():
    """A third outside review: a second "summary" or "digest" written before the real one loaded (json keeps the
    last of a key named twice), so the edit was invisible; the README promises that any edit is refused."""
    g = Game.new(preset("classic-us"), bots(["cautious", "random"]), 4)
    g.run()
    text = savefile.dumps(g)
    assert text.startswith("{")
    for extra in ('"summary": {"edition": "EDITED", "players": ["Mallory"]}, ', '"digest": "0000", '):
        with pytest.raises(BadSave, match="twice in one place"):
            savefile.loads("{" + extra + text[1:])


def test_a_save_naming_more_steps_than_its_history_holds_says_so():
    """A browser review: a save edited to 1,000,000,000 steps was refused with "the history ends after 468 actions,
    but step 695 needs a decision", not naming the steps it was told to reach."""
    from monopoly_core import PlayerSpec
    g = Game.new(preset("classic-us"), [PlayerSpec("Ann", "person"), PlayerSpec("Bob", "person")], 4)
    while not g.waiting_for_person():
        g.step()
    g.act(g.legal_actions()[0])
    while not g.waiting_for_person():
        g.step()
    data = json.loads(savefile.dumps(g))
    data["history"]["steps"] = 1_000_000_000
    with pytest.raises(BadSave, match="it names 1,000,000,000 steps, but its history of 1 actions ends at step"):
        savefile.loads(json.dumps(data))


def test_a_player_richer_than_an_action_s_amount_still_bids_and_the_game_ends_and_is_refused_by_the_log(tmp_path):
    """An outside review: rules that print money without end (8 players, a $100,000 salary, a jackpot, 10,000
    rounds) let one player hold more than $2,147,483,647, the most an action's amount may be; the auction's list
    of bids then raised IllegalAction and the game could not go on. Bids are listed up to that amount, the game
    ends, and logging it says why the game database cannot keep it (its money columns are 32-bit)."""
    from monopoly_core import Game, bots, preset
    from monopoly_core import actions as A
    from monopoly_core import decisions as D
    from monopoly_core.store import StoreError, log_game
    g = Game.new(preset("classic-us", turn_limit=60), bots(["cautious", "random", "random"]), seed=5)
    g.arrange().cash(0, A.LIMIT + 5)
    asked = []
    while not g.over:
        d = g.pending
        if d is not None and d.kind == D.BID and d.player == 0:
            asked.append(max(a.amount for a in d.legal_actions() if a.kind == A.BID))
        g.step()
    assert asked and max(asked) == A.LIMIT
    with pytest.raises(StoreError, match="holds a sum of 2,147,48.*more than the game database keeps"):
        log_game(g, tmp_path / "g.duckdb")


@pytest.mark.parametrize("key", ["kind", "strategy"])
def test_a_huge_player_kind_or_strategy_is_refused_in_a_short_message(key):
    """An outside review: a saved file whose player kind was a million letters was refused in a message of a
    million characters (the value was quoted whole)."""
    from monopoly_core.errors import InvalidRules
    from monopoly_core.state import PlayerSpec
    with pytest.raises(InvalidRules) as exc:
        PlayerSpec.from_json({"name": "Ann", "kind": "bot", "strategy": "cautious", key: "k" * 1_000_000})
    assert len(str(exc.value)) < 300 and "kkk" in str(exc.value)


def test_a_link_or_save_naming_two_players_alike_is_refused():
    """Outside review (session 11): the set-up refuses two players of one name ("Two players are called Ann"),
    while a share link played them, two "Ann" in the feed and the players' panels."""
    from monopoly_core import PlayerSpec
    from monopoly_core.sharelink import _pack
    g = Game.new(preset("classic-us"), [PlayerSpec("Ann", "person"), PlayerSpec("Bob", "person")], 4)
    params = sharelink.encode(g)
    params["players"] = _pack([{"name": "Ann", "kind": "person"}, {"name": "Bob", "kind": "bot"},
                               {"name": " Ann ", "kind": "bot"}])
    with pytest.raises(BadSave, match="players 1 and 3 are both called 'Ann'"):
        sharelink.decode(params)
    data = json.loads(savefile.dumps(g))
    data["history"]["players"][1]["name"] = "Ann"
    with pytest.raises(BadSave, match="players 1 and 2 are both called 'Ann'"):
        savefile.loads(json.dumps(data))


def test_a_numpy_integer_is_a_whole_number_for_a_seed_and_a_count():
    """Outside review (session 11): ``np.int64(3)`` was taken as a square but refused as a seed, in words that
    read wrong ("must be a whole number, got 3"); it is a whole number, passed on as a plain int."""
    np = pytest.importorskip("numpy")
    from monopoly_core import InvalidRules
    from monopoly_core.bounds import check_count, check_seed
    g = Game.new(preset("classic-us"), bots(["cautious", "random"]), np.int64(3))
    assert g.seed == 3 and type(g.seed) is int
    assert g.history.seed == 3 and type(check_count(np.int32(4), "games", 1, 9)) is int
    for bad in (np.float64(3.0), np.bool_(True), True, 3.0):
        with pytest.raises(InvalidRules, match="seed: must be a whole number"):
            check_seed(bad)


def test_the_api_refuses_two_players_of_one_name_as_the_set_up_does():
    """A game the API made with two "Ann" saved a file the lab then refused to load (the check above): Game.new
    refuses it first, naming both seats."""
    from monopoly_core import InvalidRules, PlayerSpec
    with pytest.raises(InvalidRules, match="players: players 1 and 3 are both called 'Ann'"):
        Game.new(preset("classic-us"), [PlayerSpec("Ann", "person"), PlayerSpec("Bob", "bot", "random"),
                                        PlayerSpec("Ann ", "bot", "random")], 1)


# --- an outside review of session 13 ------------------------------------------------------------------------------
@pytest.mark.parametrize("names, words", [
    (("Ann", "Ann\u200b"), "may not contain control characters or invisible ones"),       # a zero-width space
    (("Ann", "Ann\u00ad"), "may not contain control characters or invisible ones"),       # a soft hyphen
    (("\u200b", "Bob"), "every player needs a name that shows"),
    (("\u2800", "Bob"), "every player needs a name that shows"),                          # the Braille blank
    (("\u3164", "Bob"), "every player needs a name that shows"),                          # a Hangul filler
    (("\u0301", "Bob"), "every player needs a name that shows"),                          # a lone accent
    (("Ann", "\uff21nn"), "players 1 and 2 are both called"),                             # a fullwidth A
])
def test_a_name_that_shows_as_blank_or_as_another_s_is_refused(names, words):
    # two seats that looked alike on the page ("Ann" and "Ann" with a zero-width space), and names that showed
    # nothing, started games; each is refused in words, in Game.new, a saved file and a link alike
    from monopoly_core import InvalidRules, PlayerSpec
    with pytest.raises(InvalidRules, match=words):
        Game.new(preset("classic-us"), [PlayerSpec(n, "person") for n in names], 1)


def test_an_emoji_joined_by_a_zero_width_joiner_is_still_a_name():
    from monopoly_core import PlayerSpec
    cook = "\U0001f469\u200d\U0001f373"
    g = Game.new(preset("classic-us"), [PlayerSpec(cook, "person"), PlayerSpec("Bob", "person")], 1)
    assert g.players[0].name == cook


def test_a_database_named_like_another_s_log_is_refused(tmp_path):
    # an outside review: a database called s.duckdb.wal was taken for s.duckdb's write-ahead log and deleted, with
    # its games, when s.duckdb was opened
    from monopoly_core import store
    with pytest.raises(store.StoreError, match=r"may not end in \.wal"):
        store.resolve(tmp_path / "s.duckdb.wal")
    assert store.resolve(tmp_path / "s.duckdb").name == "s.duckdb"
