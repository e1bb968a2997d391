"""Each event kind is defined once (issue 12): the named constants, the narration and the table agree."""


def test_every_named_code_of_the_events_table_is_narrated():
    # Issue 12: an event's meaning is defined once (events.KINDS); the narrator words each named code
    from monopoly_core import events as E
    from monopoly_core import narrate
    for kind, words in ((E.JAIL_IN, narrate._JAIL_IN), (E.JAIL_OUT, narrate._JAIL_OUT)):
        assert set(E.KINDS[kind].names("detail")) == set(words)
    assert set(E.KINDS[E.ROLL].names("other")) == set(narrate._ROLL_PURPOSE)


def test_the_named_constants_match_the_events_table():
    from monopoly_core import events as E
    assert [k.code for k in E.KINDS] == list(range(len(E.KINDS)))
    for const, kind, column, name in (
            (E.R_RENT, E.PAY, "detail", "rent"), (E.R_INTEREST, E.PAY, "detail", "interest"),
            (E.R_SEED, E.PAY, "detail", "pot_seed"), (E.D_RETURNED, E.DEED, "detail", "returned"),
            (E.JAIL_BY_DOUBLES, E.JAIL_IN, "detail", "doubles"), (E.OUT_BY_FORCED_FINE, E.JAIL_OUT, "detail",
                                                                   "forced_fine"),
            (E.ROLL_UTILITY_CARD, E.ROLL, "other", "utility_card"), (E.MOVE_BY_CARD, E.MOVE, "detail", "card"),
            (E.AUCTION_UNSOLD, E.AUCTION, "detail", "unsold"), (E.END_TURN_LIMIT, E.END, "detail", "turn_limit")):
        assert E.KINDS[kind].name_of(column, const) == name
