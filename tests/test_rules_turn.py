"""The turn: order, doubles, GO salary (seeds/002 THE PLAY and GO; 003 PLAY!)."""
from monopoly_core import Action, Game, PlayerSpec, preset
from monopoly_core import actions as A
from monopoly_core import decisions as D
from monopoly_core import events as E
from scenario import all_pass, end_turn, events_of, pays, place, rig_next, roll, table, until


def test_highest_roll_starts_and_play_passes_to_the_left():
    # 002 THE PLAY: "each player in turn rolls the dice. The player with the highest total starts the play"
    # 003 PLAY!: "The highest roller starts and play moves to the left."
    g = Game.new(preset("classic-us"), [PlayerSpec(f"P{i}", "person") for i in range(4)], seed=3)
    g.arrange().next_rolls((1, 2), (2, 2), (6, 5), (3, 3))   # seat 2 rolls 11, the highest
    until(g, D.PRE_ROLL)
    assert g.order == [2, 3, 0, 1]
    assert g.pending.player == 2
    orders = events_of(g, E.ORDER)
    assert [e.player for e in orders] == [2, 3, 0, 1]


def test_tied_highest_rollers_roll_again():
    # The rule books are silent on ties; the tied players roll again among themselves (documented in turn.py).
    g = Game.new(preset("classic-us"), [PlayerSpec(f"P{i}", "person") for i in range(3)], seed=3)
    g.arrange().next_rolls((6, 6), (1, 1), (6, 6), (2, 3), (4, 4))   # seats 0 and 2 tie on 12; re-roll: 5 vs 8
    until(g, D.PRE_ROLL)
    assert g.order[0] == 2
    assert len([e for e in events_of(g, E.ROLL) if e.other == 2]) == 5


def test_doubles_roll_again_and_third_double_goes_to_jail_without_moving():
    # 002 THE PLAY: "If you roll doubles, you move your token ... roll again ... If you roll doubles three times
    # in succession, move your token immediately to the 'In Jail' part"
    g = table(2)
    start = len(g.log)
    roll(g, (1, 1))                      # to 2 (Community Chest): stack a harmless card
    from scenario import stack
    stack(g, "chest", "beauty contest")
    until(g, D.POST_ROLL)
    assert g.pending.again is True       # doubles: the window ends in another roll
    rig_next(g, (2, 2))              # the next roll happens as soon as the window closes: to 6 (Oriental)
    g.act(Action(A.END))
    until(g, D.BUY)
    g.act(Action(A.DECLINE))
    all_pass(g)
    assert g.pending.kind == D.POST_ROLL and g.pending.again
    rig_next(g, (3, 3))              # third double: straight to jail, no move
    g.act(Action(A.END))
    until(g, D.POST_ROLL)
    p = g.players[0]
    assert p.in_jail and p.position == g.board.jail
    moves = events_of(g, E.MOVE, start)
    assert [m.square for m in moves] == [2, 6]          # the third roll did not move the token
    assert events_of(g, E.JAIL_IN, start)[-1].detail == 2   # reason: doubles
    assert g.pending.again is False


def test_salary_for_passing_and_for_landing_on_go():
    # 002 GO: "Each time a player's token lands on or passes over GO ... the Banker pays him/her a salary of $200"
    g = table(2)
    place(g, 0, 36)
    start = len(g.log)
    roll(g, (3, 4))                      # 36 + 7 = 43 -> 3 (Baltic): passes GO
    until(g, D.BUY)
    assert [e.amount for e in pays(g, start, E.R_SALARY)] == [200]
    g.act(Action(A.BUY))
    end_turn(g)
    # seat 1 lands exactly on GO
    until(g, D.PRE_ROLL)
    place(g, 1, 33)
    start = len(g.log)
    roll(g, (3, 4))
    until(g, D.POST_ROLL)
    assert g.players[1].position == 0
    assert [e.amount for e in pays(g, start, E.R_SALARY)] == [200]


def test_no_salary_when_sent_to_jail_from_beyond_go():
    # 002 JAIL: "When you are sent to Jail you cannot collect your salary of $200 in that move"
    g = table(2)
    place(g, 0, 24)
    start = len(g.log)
    roll(g, (2, 4))                      # 24 + 6 = 30: Go To Jail (jail is "behind" GO-wise, no salary)
    until(g, D.POST_ROLL)
    assert g.players[0].in_jail
    assert pays(g, start, E.R_SALARY) == []


def test_turn_ends_after_going_to_jail_even_after_doubles():
    # 002 JAIL: "Your turn ends when you are sent to Jail."
    g = table(2)
    place(g, 0, 26)
    roll(g, (2, 2))                      # doubles onto Go To Jail (30)
    until(g, D.POST_ROLL)
    assert g.pending.again is False
    g.act(Action(A.END))
    until(g, D.PRE_ROLL, D.JAIL)
    assert g.pending.player == 1
