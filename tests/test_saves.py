"""Saved games and share links: exact round trips, and refusals with a reason (issue 3's needs, in the core)."""
import json

import pytest

from monopoly_core import BadSave, Game, bots, preset, savefile, sharelink


def _game(steps=400):
    g = Game.new(preset("classic-uk", starting_cash=1800), bots(["random", "strategist", "cautious"]), seed=21,
                 snapshots=True)
    for _ in range(steps):
        if g.over:
            break
        g.step()
    return g


def test_save_and_load_round_trip_exactly():
    g = _game()
    back = savefile.loads(savefile.dumps(g))
    assert back.ply == g.ply and back.log.signature() == g.log.signature()
    assert back.history == g.history
    back.run()
    g.run()
    assert back.log.signature() == g.log.signature()


@pytest.mark.parametrize("mutate, reason", [
    (lambda d: b"PNG not json", "not valid JSON"),
    (lambda d: "[1, 2, 3]", "not a saved game of this lab"),
    (lambda d: json.dumps({**d, "format": "chess/1"}), "not a saved game of this lab"),
    (lambda d: json.dumps({**d, "history": {**d["history"], "seed": 22}}), ""),
    (lambda d: json.dumps({**d, "digest": "0" * 32}), "does not replay to the same events"),
    (lambda d: json.dumps({**d, "history": {**d["history"], "actions": [["fly"]]}}), "unknown action kind"),
    (lambda d: json.dumps({**d, "history": {**d["history"], "rules": {**d["history"]["rules"],
                                                                        "starting_cash": -1}}}), "starting_cash"),
    (lambda d: json.dumps({**d, "history": {**d["history"], "steps": 10**9}}), "ends"),
    (lambda d: "\xff".encode("latin-1"), "not text"),
])
def test_broken_edited_or_foreign_files_are_refused(mutate, reason):
    d = json.loads(savefile.dumps(_game(200)))
    with pytest.raises(BadSave) as exc:
        savefile.loads(mutate(d))
    assert reason in str(exc.value)


def test_share_link_reopens_the_same_game():
    g = _game(300)
    params = sharelink.encode(g)
    assert set(params) == set(sharelink.KEYS)
    back = sharelink.open_link(params)
    assert back.log.signature() == g.log.signature()
    assert back.rules == g.rules and [p.name for p in back.players] == [p.name for p in g.players]


def test_damaged_links_are_refused():
    params = sharelink.encode(_game(100))
    with pytest.raises(BadSave, match="missing"):
        sharelink.decode({k: v for k, v in params.items() if k != "seed"})
    with pytest.raises(BadSave, match="damaged"):
        sharelink.decode({**params, "actions": "!!!"})
    with pytest.raises(BadSave, match="preset"):
        sharelink.decode({**params, "preset": "atlantis"})
