"""Every decision kind tried with illegal actions: a clear error, and the state is unchanged (issue 2)."""
import random

import pytest

from monopoly_core import Action, Game, IllegalAction, NoDecisionPending, Trade, bots, preset
from monopoly_core import actions as A
from monopoly_core import decisions as D
from scenario import give, jailed, place, roll, set_level, stack, table, until


def fingerprint(g):
    return (g.ply, len(g.log), g.log.signature(), tuple((p.cash, p.position, p.in_jail, p.jail_turns, p.bankrupt,
            tuple(p.cards)) for p in g.players), tuple(g.owner), tuple(g.level), tuple(g.mortgaged),
            g.houses_left, g.hotels_left, g.pot, tuple(g.decks["chance"]), tuple(g.decks["chest"]),
            len(g.history.actions), g.pending.kind if g.pending else None)


def candidates(g, rng):
    """A spread of actions of every kind, with squares and amounts that are often wrong."""
    squares = [-1, 0, 1, 5, 12, 39, g.board.size, rng.randrange(g.board.size)]
    out = [Action(k) for k in sorted(A.ALL_KINDS)]
    out += [Action(k, s) for k in (A.BUILD, A.SELL_BUILDING, A.SELL_ALL, A.MORTGAGE, A.UNMORTGAGE, A.PLACE)
            for s in squares]
    out += [Action(A.BID, amount=x) for x in (-5, 0, 1, 10**9)]
    n = len(g.players)
    out += [Action(A.TRADE, trade=t) for t in (
        Trade(0, 0, give_cash=1), Trade(0, 1), Trade(0, 1, give_cash=10**9), Trade(0, 1, give_squares=(0,)),
        Trade(1, 0, give_cash=1), Trade(0, n + 3, give_cash=1), Trade(0, 1, give_cards=("chance",)),
        Trade(0, 1, get_squares=(39, 39)), Trade(0, 1, give_cash=-5))]
    out += ["roll", None, ("buy",)]
    return out


def try_illegal(g, rng, seen):
    d = g.pending
    seen.add(d.kind)
    for a in candidates(g, rng):
        if isinstance(a, Action) and d.is_legal(a):
            continue
        before = fingerprint(g)
        with pytest.raises(IllegalAction) as exc:
            g.act(a)
        assert str(exc.value)                       # a reason is given
        assert fingerprint(g) == before, f"{d.kind}: {a!r} changed the state"


def test_illegal_actions_in_bot_games_change_nothing():
    rng = random.Random(3)
    seen = set()
    for seed in range(6):
        g = Game.new(preset("classic-us" if seed % 2 else "classic-uk"), bots(["random", "set-collector", "random"]),
                     seed=seed)
        k = 0
        while not g.over:
            if g.pending is not None and k % 7 == 0:
                try_illegal(g, rng, seen)
            g.step()
            k += 1
    assert {D.JAIL, D.BUY, D.BID, D.POST_ROLL, D.DEBT, D.TRADE_RESPONSE} <= seen   # bots skip pre-roll


@pytest.mark.parametrize("kind", [D.FINE_OR_CHANCE, D.INCOME_TAX, D.MORTGAGED_DEED, D.PLACE_BUILDING, D.JAIL,
                                  D.PRE_ROLL])
def test_rare_decision_kinds(kind):
    rng = random.Random(5)
    if kind == D.FINE_OR_CHANCE:
        g = table(2, "classic-uk")
        stack(g, "chest", "fine or take")
        roll(g, (1, 1))
    elif kind == D.INCOME_TAX:
        g = table(2, income_tax="flat_or_percent")
        place(g, 0, 1)
        roll(g, (1, 2))
    elif kind == D.MORTGAGED_DEED:
        g = table(2, arrange=lambda g: give(g, 1, 39, mortgaged=True))
        g.act(Action(A.TRADE, trade=Trade(0, 1, give_cash=10, get_squares=(39,))))
        g.act(Action(A.ACCEPT))
    elif kind == D.PLACE_BUILDING:
        def arrange(g):
            give(g, 0, 1, 3)
            give(g, 1, 6, 8, 9)
            g.arrange().supply(houses=1)
        g = table(2, arrange=arrange)
        g.act(Action(A.BUILD, 1))
        until(g, D.BID)
        while g.pending.kind == D.BID:
            d = g.pending
            g.act(Action(A.BID, amount=d.minimum) if d.player == 1 and d.amount == 0 else Action(A.PASS))
            until(g)
    elif kind == D.JAIL:
        g = table(2, arrange=jailed(0))
    else:
        g = table(2)
    until(g, kind)
    try_illegal(g, rng, set())


def test_acting_with_nothing_to_decide_or_after_the_end():
    g = Game.new(preset("classic-us"), bots(["cautious", "cautious"]), seed=1)
    assert g.pending is None
    with pytest.raises(NoDecisionPending):
        g.act(Action(A.ROLL))
    g.run()
    from monopoly_core import GameOver
    with pytest.raises(GameOver):
        g.step()
    with pytest.raises(GameOver):
        g.act(Action(A.ROLL))


@pytest.mark.parametrize("kwargs", [dict(amount=True), dict(amount=10.5), dict(amount="10"), dict(square=2**40),
                                    dict(square=None), dict(trade="offer")])
def test_an_action_of_the_wrong_type_is_refused_the_same_way_in_both_builds(kwargs):
    # Issue 13 item 11: compiled, Action("bid", amount=True) was accepted; interpreted, a bid of 10.5 made a
    # player's cash a float and a bid of "10" raised TypeError. Types and ranges are checked at the boundary.
    with pytest.raises(IllegalAction):
        Action("bid", **kwargs)
    if "trade" not in kwargs:                 # the same values in a trade offer
        with pytest.raises(IllegalAction):
            Trade(0, 1, give_cash=kwargs.get("amount", 5), give_squares=(kwargs.get("square", 1),))


def test_a_trade_beyond_a_players_cash_is_refused_in_the_boards_money():
    # a refusal a person reads on the Play page: "has only £930 in cash" on a London board, not "only 930"
    from monopoly_core.trading import trade_problem
    for name, sign in (("classic-uk", "£"), ("classic-us", "$")):
        g = Game.new(preset(name), bots(["always-buy", "always-buy"]), seed=3)
        g.arrange().deed(1, 1).cash(0, 930)
        why = trade_problem(g, Trade(0, 1, give_cash=5000, get_squares=(1,)))
        assert why == f"{g.players[0].name} has only {sign}930 in cash"


def test_an_answer_carrying_what_its_kind_does_not_take_is_refused_and_changes_nothing():
    """Outside review: Action("roll", square=48, amount=2**31 - 1) was accepted and written into the history as
    ["roll", 48], and Action("buy", square=32) bought whatever was on offer."""
    g = table(2)
    assert g.pending.kind == D.PRE_ROLL
    before = fingerprint(g)
    for junk in (Action(A.ROLL, square=48), Action(A.ROLL, amount=2**31 - 1)):
        with pytest.raises(IllegalAction, match="'roll' takes nothing"):
            g.act(junk)
    assert fingerprint(g) == before
    g.arrange().next_rolls((6, 5))
    g.act(Action(A.ROLL))
    assert g.history.actions[-1].to_json() == ["roll"]
    until(g, D.BUY)                      # (11 from GO: St. Charles Place, on offer)
    before = fingerprint(g)
    with pytest.raises(IllegalAction, match="'buy' takes nothing"):
        g.act(Action(A.BUY, square=32))
    assert fingerprint(g) == before and g.owner[11] < 0


def _strays(a: Action) -> list[Action]:
    """``a`` with each field its kind does not take: a trade, an amount, and (for a kind that takes nothing) a
    square."""
    out = [Action(a.kind, a.square, trade=Trade(0, 1, give_squares=(1,))), Action(a.kind, a.square, amount=999)]
    if a.kind in A.EDITION_BARE:
        out.append(Action(a.kind, 7))
    return out


@pytest.mark.parametrize("name", ["cheaters", "mega"])
def test_an_editions_own_answer_carrying_what_its_kind_does_not_take_is_refused(name):
    """Outside review: in the Cheaters Edition Action("no_cheat", trade=...) was taken, and the game's own save and
    link were then refused on reading ("square must be a whole number"); Action("no_cheat", square=7, amount=999999)
    went into the history as ["no_cheat", 7]. Every edition kind answered with a field it does not take is refused
    with the reason, and the game, its save included, is as it was."""
    from monopoly_core import PlayerSpec, savefile
    rng = random.Random(5)
    tried = set()
    for seed in range(3):
        g = Game.new(preset(name), [PlayerSpec(f"P{i}", "person") for i in range(3)], seed=seed)
        for _ in range(1500):
            if g.over:
                break
            if g.pending is None or not g.waiting_for_person():
                g.step()
                continue
            options = g.pending.legal_actions()
            for a in options:
                if a.kind in A.EDITION_KINDS:
                    tried.add(a.kind)
                    before = (g.ply, savefile.dumps(g))
                    for junk in _strays(a):
                        with pytest.raises(IllegalAction, match=f"'{a.kind}' takes"):
                            g.act(junk)
                    assert (g.ply, savefile.dumps(g)) == before, a
            g.act(rng.choice(options))
    assert len(tried) >= 5, tried          # (the edition's decisions met in the games: the plan, cards, tickets...)


def test_every_edition_kind_says_what_it_takes():
    import monopoly_core.editions.cheaters  # noqa: F401  (each edition registers its kinds on import)
    import monopoly_core.editions.mega  # noqa: F401
    assert A.EDITION_KINDS == A.EDITION_BARE | A.EDITION_SQUARE and not A.EDITION_BARE & A.EDITION_SQUARE
    with pytest.raises(ValueError, match="'no_cheat' is registered already"):
        A.register_kinds(square=("no_cheat",))
