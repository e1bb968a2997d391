"""Editions plug in (issue 12): an edition defined here, with a square kind and a dice model of its own, plays to
the end through the classic engine without any change to the classic modules."""
import dataclasses
import itertools

import pytest

from monopoly_core import Game, InvalidRules, bots, editions, preset
from monopoly_core import events as E
from monopoly_core import payments
from monopoly_core.dice import DiceModel, Roll
from monopoly_core.editions import Edition
from monopoly_core.landing import LandingRule


class BonusSquare(LandingRule):
    """Landing on a "bonus" square pays 75 from the bank."""

    def land(self, g, p, square, dice_total, mode):
        payments.transfer(g, E.BANK, p.seat, 75, E.R_CARD, square)
        return
        yield


class BonusEdition(Edition):
    """Classic, but Free Parking is a "bonus" square and the dice are two four-sided dice."""

    def __init__(self):
        super().__init__()
        self.name = "test-bonus"
        self.title = "Bonus test edition"

    def board(self, rules):
        board = super().board(rules)
        squares = tuple(dataclasses.replace(s, kind="bonus") if s.kind == "free_parking" else s
                        for s in board.squares)
        return dataclasses.replace(board, name=board.name + "+bonus", squares=squares)

    def dice(self, rules):
        outcomes = tuple(Roll(f, sum(f), f[0] == f[1]) for f in itertools.product(range(1, 5), repeat=2))
        return DiceModel("2d4", "two four-sided dice", outcomes)

    def landing_rules(self):
        return {**super().landing_rules(), "bonus": BonusSquare()}


@pytest.fixture(scope="module")
def bonus_rules():
    editions.register(BonusEdition())
    return preset("classic-us", edition="test-bonus")


def test_an_edition_defined_outside_the_core_plays_to_the_end(bonus_rules):
    bonus = next(s.index for s in BonusEdition().board(bonus_rules).squares if s.kind == "bonus")
    for seed in range(6):
        g = Game.new(bonus_rules, bots(["strategist", "random", "cautious"]), seed)
        g.run()
        assert g.over and g.end_reason in E.END_REASONS
        rolls = [e for e in g.log if e.kind == E.ROLL]
        assert rolls and all(2 <= e.amount <= 8 for e in rolls)          # the edition's own dice
        landings = [e for e in g.log if e.kind == E.MOVE and e.square == bonus]
        bonuses = [e for e in g.log if e.kind == E.PAY and e.detail == E.R_CARD and e.square == bonus
                   and e.amount == 75]
        assert len(bonuses) == len(landings)                              # its own square kind's rule
        assert g.money_in_play() == g.bank_paid - g.bank_received


def test_an_edition_is_replayed_and_stepped_like_any_other(bonus_rules):
    g = Game.new(bonus_rules, bots(["random", "set-collector"]), 3)
    g.play("end")
    assert Game.replay(g.history).log.signature() == g.log.signature()


def test_a_board_kind_the_edition_has_no_rule_for_is_refused():
    class Unknown(BonusEdition):
        def __init__(self):
            super().__init__()
            self.name = "test-unknown-kind"

        def landing_rules(self):
            return Edition.landing_rules(self)          # no rule for "bonus"
    editions.register(Unknown())
    with pytest.raises(InvalidRules, match="kind 'bonus'"):
        preset("classic-us", edition="test-unknown-kind")
    with pytest.raises(InvalidRules, match="unknown edition"):
        preset("classic-us", edition="no-such-edition")


def test_a_policy_in_plain_python_keeps_its_standing_pre_roll_answer():
    # A policy that says its pre-roll answer is always "roll" is not asked (in both builds: the compiled Policy
    # must see a plain-Python subclass's class attribute).
    from monopoly_core.policies import Policy

    class AlwaysRoll(Policy):
        uses_pre_roll = False

        def choose(self, d, g):
            assert d.kind != "pre_roll", "a policy that never uses the pre-roll window was asked"
            return d.legal_actions()[0]
    g = Game.new(preset("classic-us", turn_limit=20), bots(["random", "random"]), 1,
                 policies={0: AlwaysRoll(), 1: AlwaysRoll()})
    g.run()
    assert g.over and g.skips_pre_roll == {0, 1}


class PebbleEdition(Edition):
    """Classic, but each player holds pebbles, a token players may trade (as Sore Losers' coins, Mega's tickets)."""

    def __init__(self):
        super().__init__()
        self.name = "test-pebbles"
        self.title = "Pebbles test edition"
        self.tokens = {"pebble": "pebble"}

    def player_extra(self, rules, seat):
        return {"pebbles": 3}

    def token_count(self, g, p, name):
        return p.extra["pebbles"]

    def move_token(self, g, giver, receiver, name):
        giver.extra["pebbles"] -= 1
        receiver.extra["pebbles"] += 1

    def token_trade_problem(self, g, giver, receiver, name, count, back):
        return "nobody may hold more than 4 pebbles" if receiver.extra["pebbles"] + count - back > 4 else None


def test_an_editions_tokens_change_hands_in_a_trade_through_its_hooks():
    from monopoly_core import Action, PlayerSpec, Trade
    from monopoly_core import actions as A
    from monopoly_core import decisions as D
    from scenario import until
    editions.register(PebbleEdition())
    g = Game.new(preset("classic-us", edition="test-pebbles"), [PlayerSpec("Ann", "person"),
                                                                 PlayerSpec("Bob", "person")], seed=1)
    g.arrange().next_rolls((6, 6), (1, 2))
    until(g, D.PRE_ROLL)
    ann, bob = g.players
    g.arrange().deed(1, seat=1)
    for bad, why in ((Trade(0, 1, give_tokens=("pebble",) * 4, get_squares=(1,)), "Ann holds 3 pebbles"),
                     (Trade(0, 1, get_tokens=("pebble",) * 2), "nobody may hold more than 4 pebbles"),
                     (Trade(0, 1, give_tokens=("stone",)), "there are no 'stone' tokens")):
        assert why in g.pending.problem(Action(A.TRADE, trade=bad))
    g.act(Action(A.TRADE, trade=Trade(0, 1, give_tokens=("pebble",), get_squares=(1,))))
    until(g, D.TRADE_RESPONSE)
    g.act(Action(A.ACCEPT))
    assert (ann.extra["pebbles"], bob.extra["pebbles"], g.owner[1]) == (2, 4, 0)
    offer = [e for e in g.log if e.kind == E.TRADE_ACCEPT]
    assert offer and g.log.extras[offer[0].detail].give_tokens == ("pebble",)


def test_classic_has_no_tokens_to_trade():
    from monopoly_core import Trade
    from monopoly_core.trading import trade_problem
    g = Game.new(preset("classic-us"), bots(["random", "random"]), 1)
    g.arrange().deed(1, seat=0)
    assert "no 'coin' tokens to trade in the Classic Monopoly" in trade_problem(
        g, Trade(0, 1, give_squares=(1,), get_tokens=("coin",)))


# --- the rules an edition does not play ------------------------------------------------------------------------------
# An outside review: under the Cheaters Edition the Play page's boxes for mortgage interest, income tax and houses did
# nothing and said nothing. Each edition lists the RuleSet fields it never reads (``Edition.unused_rules``) and those
# only it reads (``Edition.own_rules``, which every other edition never reads); the site notes them beside their boxes.
# Here each one is flipped, alone and all together, and the same seeded bot games are played.
NOT_PLAYED_TABLE = ["strategist", "set-collector", "cautious", "always-buy"]
#: another value for the rules that name a data file
OTHER_FILE = {"cheat_deck": "cheaters-uk", "bus_tickets": "mega-us"}


not_played = editions.not_played


def other_values(rules, name: str) -> list:
    """Valid values of rule ``name`` other than ``rules``' (its lowest and highest, the other choices)."""
    from monopoly_core.rules import field_info
    info, now = field_info(name), getattr(rules, name)
    if info["type"] == "bool":
        return [not now]
    if info["choices"]:
        return [c for c in info["choices"] if c != now]
    if info["type"] == "str":
        return [OTHER_FILE[name] if now != OTHER_FILE[name] else ""]
    return [x for x in (info["min"], info["max"]) if x != now]


def played(rules, seed: int):
    """What a seeded bot game came to: every answer, the steps, the outcome, the board and every event (a jackpot
    the edition does not play collects nothing: the fines go to the bank, as without it)."""
    g = Game.new(rules, bots(NOT_PLAYED_TABLE[:min(4, rules.max_players)]), seed)
    g.run()
    return ([a.to_json() for a in g.history.actions], g.ply, g.result(), list(g.owner), list(g.level),
            g.log.signature(), g.pot)


@pytest.mark.parametrize("name", ["classic-us", "classic-uk", "mega", "sore-losers", "cheaters"])
def test_a_rule_the_edition_does_not_play_changes_none_of_its_games(name):
    base = preset(name, turn_limit=120)
    fields = not_played(base.edition)
    changes = [{f: v} for f in fields for v in other_values(base, f)]
    changes += [{f: other_values(base, f)[i] for f in fields} for i in (0, -1)]     # all together
    for seed in range(2):
        expected = played(base, seed)
        for change in changes:
            assert played(base.replace(**change).validate(), seed) == expected, (seed, change)


def test_the_editions_say_which_rules_they_do_not_play():
    """The Cheaters Edition (seed 003, "A Cheat's Gameboard": "There are no utilities or taxes ... there's no
    mortgaging and there aren't any Houses, just Hotels"; Free Parking draws a card) plays none of these; Sore
    Losers has no utilities (000: "Those utility spaces are electricity and water bills") and Mega counts a utility's
    rent on its own dice (002 BUS TICKETS), so neither plays the classic utility rent rule; the classic rules play
    every rule but the other editions' own."""
    assert set(editions.get("cheaters").unused_rules) == {
        "mortgage_interest_pct", "income_tax", "income_tax_percent", "houses", "even_building", "free_parking",
        "free_parking_seed", "utility_rent"}
    for name in ("sore-losers", "mega"):
        assert set(editions.get(name).unused_rules) == {"utility_rent"}
    assert not editions.get("classic").unused_rules
    assert set(not_played("classic")) == {
        "skyscrapers", "train_depots", "bus_tickets", "majority_rent_multiplier", "cheat_deck", "face_up_cheats",
        "false_accusation_fine", "ultimate_cheats", "hotel_auction_increment", "coins", "starting_coins", "max_coins"}
    # and the way of checking sees a rule that is played: the mortgage interest of the classic game
    base = preset("classic-us", turn_limit=120)
    assert any(played(base, seed) != played(base.replace(mortgage_interest_pct=100), seed) for seed in range(4))
