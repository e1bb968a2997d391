"""RuleSet: validation naming the field, JSON round trip, differences, presets (issue 2)."""
import json

import pytest

from monopoly_core import Game, InvalidRules, RuleSet, bots, preset, presets
from monopoly_core.rules import field_info


def test_presets_exist_and_validate():
    names = [p.name for p in presets()]
    assert {"classic-us", "classic-uk"} <= set(names)
    for p in presets():
        assert p.rules.validate() is p.rules and p.rules.preset == p.name and p.description


@pytest.mark.parametrize("field, value, fragment", [
    ("starting_cash", -1, "at least 0"),
    ("go_salary", -50, "at least 0"),
    ("jail_fine", -1, "at least 0"),
    ("auction_increment", 0, "at least 1"),
    ("turn_limit", 0, "at least 1"),
    ("free_parking", "lottery", "one of nothing, jackpot"),
    ("board", "atlantis", "no board named 'atlantis'"),
    ("chance_deck", "us-chest", "not a chance deck"),
    ("chest_deck", "nowhere", "no card named"),
    ("dice", "3d6", "unknown dice model"),
    ("starting_cash", "lots", "whole number"),
    ("auctions", 1, "true/false"),
])
def test_validate_names_the_field(field, value, fragment):
    with pytest.raises(InvalidRules) as exc:
        preset("classic-us").replace(**{field: value}).validate()
    assert exc.value.field == field and fragment in str(exc.value)
    assert str(exc.value).startswith(field)


@pytest.mark.parametrize("field", ["cheat_deck", "bus_tickets", "dice", "edition", "board", "free_parking"])
@pytest.mark.parametrize("value", ["\ud800", "\x00", "\x1b[2J", "x" * 101, "x" * 1_000_000])
def test_a_rule_s_text_is_a_short_printable_name_even_where_the_edition_never_reads_it(field, value):
    # an outside review: a lone surrogate in cheat_deck (unread by classic games) broke the database's log of the
    # game, control characters in bus_tickets reached the terminal, and a 1,000,000-character dice name came back
    # whole in the error message
    with pytest.raises(InvalidRules) as exc:
        preset("classic-us").replace(**{field: value}).validate()
    message = str(exc.value)
    assert message.startswith(f"{field}: must be a name of at most 100 printable characters") and len(message) < 200
    assert message.isprintable()


def test_player_count_is_checked():
    rules = preset("classic-us")
    with pytest.raises(InvalidRules, match="players: this edition takes 2 to 8 players, got 9"):
        Game.new(rules, bots(["cautious"] * 9), seed=1)
    with pytest.raises(InvalidRules, match="got 1"):
        Game.new(rules, bots(["cautious"]), seed=1)


def test_unknown_rule_and_wrong_type_refused_from_json():
    data = preset("classic-us").to_dict()
    with pytest.raises(InvalidRules, match="no such rule"):
        RuleSet.from_dict({**data, "free_money": 1})
    with pytest.raises(InvalidRules, match="houses: must be a whole number"):
        RuleSet.from_dict({**data, "houses": "32"})
    with pytest.raises(InvalidRules, match="not valid JSON"):
        RuleSet.from_json("{nope")


def test_json_round_trip_and_differences():
    r = preset("classic-uk", free_parking="jackpot", free_parking_seed=100, even_building=False)
    back = RuleSet.from_json(r.to_json())
    assert back == r
    json.loads(r.to_json())
    diff = dict((k, (a, b)) for k, a, b in r.diff(preset("classic-us")))
    assert diff["board"] == ("classic-uk", "classic-us")
    assert diff["free_parking"] == ("jackpot", "nothing")
    assert "preset" not in diff
    text = r.describe_diff(preset("classic-uk"))
    assert "even building: off (classic-uk: on)" in text


def test_field_metadata_for_forms():
    info = field_info("jail_fine")
    assert info["min"] == 0 and info["help"] and info["group"] == "Jail" and "002" in info["source"]
