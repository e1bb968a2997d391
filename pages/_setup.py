"""Setting up a game: preset, house rules (generated from the RuleSet's field metadata), players and seed."""
from __future__ import annotations

import random
from dataclasses import fields

import streamlit as st

from monopoly_core import PERSON, BOT, InvalidRules, PlayerSpec, RuleSet, presets
from monopoly_core.bots import DESCRIPTIONS, STANDARD, STRATEGIES
from monopoly_core.board import load_board
from monopoly_core.rules import field_info, field_type
from monopoly_core.state import TOKEN_COLOURS, name_key
from monopoly_core.viz.safe_text import markdown

from . import _custom_rules as custom, _rule_words as words
from ._number_box import number_box, read_box

#: Field groups shown as house-rule controls (the "Edition" group is the preset itself).
GROUPS = ("Money", "House rules", "Rent", "Building", "Mortgages", "Jail", "Cheating", "End of game", "Sore Losers")
#: Groups of rules only one edition reads: shown only when that edition is played.
EDITION_GROUPS = {"Sore Losers": "sore-losers", "Cheating": "cheaters"}


#: The largest seed the set-up takes (a seed a link or a browser's number carries exactly: 64-bit floats).
SEED_BOX_MAX = 2**53 - 1
SEED_BOX = "setup_seed"
SEED_WORDS = "the seed"


def fresh_seed() -> int:
    """A new random seed for a game the visitor did not give one (short enough to read out to a class)."""
    return random.SystemRandom().randrange(1, 1_000_000)


def _new_seed() -> None:
    st.session_state[SEED_BOX] = fresh_seed()


def _reset_rules() -> None:
    for f in fields(RuleSet):
        st.session_state.pop(f"rule_{f.name}", None)


#: The Cheaters Edition: the auctions of its bank's last hotels rise by a raise of its own (``hotel_auction_increment``,
#: editions/cheaters_money.py); its hotel cards, cheats and set-up place hotels while the bank has one, or always
#: without building limits (``building.hotel_in_bank``).
CHEATERS = "cheaters"


def _raise_matters(v) -> bool:
    """Whether an auction rises by the smallest raise: a declined property's, or a shortage of the bank's last
    buildings but the Cheaters Edition's hotels."""
    return v["auctions"] or (v["building_limits"] and v["edition"] != CHEATERS)


#: Why no auction is held: the words of the auction rules that are off.
NO_AUCTION = ("no auction is ever held: declined properties are not auctioned and the bank's buildings never run "
              "out")


def _no_raise(v) -> str:
    if v["edition"] == CHEATERS and v["building_limits"]:
        return ("no auction rises by it: declined properties are not auctioned, and the bank's last hotels are "
                "auctioned by a raise of their own")
    return NO_AUCTION


#: Rules that matter only when other rules are set a certain way: the rule -> (whether it matters, given the
#: current values; why it does not, or a function of the values giving why). The auction bids also set the
#: auctions of the bank's last houses and hotels (building shortages), which are held even when declined properties
#: are not auctioned. (A rule the chosen edition never plays is said by ``custom.unused_by_edition``.)
DEPENDS = {
    "auction_min_bid": (lambda v: v["auctions"] or v["building_limits"], NO_AUCTION),
    "auction_increment": (_raise_matters, _no_raise),
    "free_parking_seed": (lambda v: v["free_parking"] == "jackpot", "Free Parking pays nothing"),
    "income_tax_percent": (lambda v: v["income_tax"] == "flat_or_percent", "Income Tax is the printed amount"),
    "houses": (lambda v: v["building_limits"], "the bank's houses and hotels never run out"),
    "hotels": (lambda v: v["building_limits"], "the bank's houses and hotels never run out"),
    "hotel_auction_increment": (lambda v: v["building_limits"], "the bank's hotels never run out"),
}


def _field_error(base: RuleSet, name: str, value) -> str | None:
    try:
        base.replace(**{name: value}).validate()
    except InvalidRules as exc:
        return words.error(exc)
    return None


def rule_warnings(rules: RuleSet) -> list[str]:
    """Settings the rules core accepts but a class would not mean: each with the reason (issue 14, item 10)."""
    board = load_board(rules.board)
    cur = board.currency
    dearest = max(sq.price for sq in board.squares)
    values = {f.name: getattr(rules, f.name) for f in fields(rules)}
    out = []
    for name in ("auction_min_bid", "auction_increment"):
        value = values[name]
        if DEPENDS[name][0](values) and value > dearest:
            out.append(f"{words.label(name)}: {cur}{value:,} is more than the dearest property costs "
                       f"({cur}{dearest:,}), so almost every auction would end with no bid"
                       + (f" (and nobody starts with more than {cur}{rules.starting_cash:,})"
                          if value > rules.starting_cash else "") + ".")
    return out


def text_options(name: str, current: str) -> list[str]:
    """The values a text rule may take: the data files or registered names it refers to (the current value
    first if it is none of them)."""
    from monopoly_core import datafiles, dice, editions
    def decks(kind: str) -> list[str]:     # a deck file says which deck it is (deck = "chance" or "chest")
        return [n for n in datafiles.available("cards") if datafiles.load_toml("cards", n).get("deck") == kind]

    known = {"board": lambda: datafiles.available("boards"),
             "chance_deck": lambda: decks("chance"), "chest_deck": lambda: decks("chest"),
             "dice": dice.available, "edition": lambda: list(editions.names())}.get(name, lambda: [])()
    return known if current in known else [current, *known]


def rules_controls(base: RuleSet, *, prefix: str = "rule_", groups: tuple[str, ...] = GROUPS
                   ) -> tuple[RuleSet | None, list[str]]:
    """Draw one control per toggleable rule of ``groups`` (widget keys ``prefix + field``); return the resulting
    RuleSet (None if it cannot be played) and every error in words (each is also shown under its control)."""
    by_group: dict[str, list] = {}
    for f in fields(RuleSet):
        if f.metadata.get("group") in groups and f.name != "preset":
            by_group.setdefault(f.metadata["group"], []).append(f)
            st.session_state.setdefault(f"{prefix}{f.name}", getattr(base, f.name))
    currency = load_board(base.board).currency
    # the values as they stand (set by the controls in the last run): what each control depends on (a number box
    # holding no number counts as the rule book's value here; it is refused below)
    values = {f.name: _rule_number(base, f.name, prefix, currency)[0] if field_type(f) is int
              else st.session_state.get(f"{prefix}{f.name}", getattr(base, f.name)) for f in fields(RuleSet)}
    values = {name: getattr(base, name) if v is None else v for name, v in values.items()}
    errors: list[str] = []
    changes = {}
    for group in groups:
        if EDITION_GROUPS.get(group, base.edition) != base.edition:
            continue
        with st.expander(group, expanded=False):
            for f in by_group.get(group, ()):
                key = f"{prefix}{f.name}"
                m = f.metadata
                helptext = words.meaning(f.name, m["help"]) + (" " + words.source(m["source"]) if m.get("source")
                                                                  else "")
                matters, why_not = DEPENDS.get(f.name, (lambda v: True, ""))
                # a rule the edition does not play (another edition's own, or one it never reads): off where the
                # edition is fixed (the Play page's set-up); where the edition is a control too (the Rules page), on,
                # with the note
                unused = custom.unused_by_edition(f.name, values["edition"])
                off = (unused is not None and "Edition" not in groups) or not matters(values)
                note = unused or f"Not used now: {why_not if isinstance(why_not, str) else why_not(values)}."
                if off or unused:
                    helptext += f" {note}"
                label = words.label(f.name)
                if field_type(f) is bool:
                    v = st.toggle(label, key=key, help=helptext, disabled=off)
                elif m.get("choices"):
                    v = st.selectbox(label, list(m["choices"]), key=key, help=helptext, disabled=off,
                                     format_func=lambda c, n=f.name: words.choice(n, c))
                elif field_type(f) is str:
                    v = st.selectbox(label, text_options(f.name, getattr(base, f.name)), key=key, help=helptext,
                                     disabled=off, format_func=lambda c, n=f.name: words.value(n, c))
                else:
                    if off and _rule_number(base, f.name, prefix, currency)[1] is not None:
                        # a box that cannot be changed now holds no refused text: the rule book's number again
                        st.session_state[key] = str(getattr(base, f.name))
                    lo, hi = _rule_range(f.name)
                    v, problem = number_box(label, key, default=getattr(base, f.name), lo=lo, hi=hi,
                                            what=words.in_sentence(f.name), disabled=off, currency=currency,
                                            help=f"{helptext} A whole number from {lo:,} to {hi:,}.")
                    if problem is not None:
                        st.error(problem)
                        errors.append(problem)
                        continue
                if off or unused:
                    st.caption(note)
                values[f.name] = v
                if v != getattr(base, f.name):
                    changes[f.name] = v
                problem = _field_error(base, f.name, v)
                if problem is not None:
                    st.error(problem)
                    errors.append(problem)
    if errors:
        return None, errors
    try:
        return base.replace(**changes).validate(), []
    except InvalidRules as exc:
        return None, [words.error(exc)]


def _rule_range(name: str) -> tuple[int, int]:
    """The lowest and highest number the rule ``name`` takes (from its RuleSet field)."""
    info = field_info(name)
    return info["min"], info["max"]


def _rule_number(base: RuleSet, name: str, prefix: str, currency: str) -> tuple[int | None, str | None]:
    """The number in the rule ``name``'s box, or (None, why it is no number the rule takes)."""
    lo, hi = _rule_range(name)
    return read_box(prefix + name, words.in_sentence(name), lo, hi, getattr(base, name), currency)


def seats_drawn() -> int | None:
    """The number of seats the set-up was last drawn with (None before it is drawn)."""
    return st.session_state.get(LAST_NUMBER_OF_PLAYERS)


def seats_changed(seen: int | None) -> str | None:
    """Why the game cannot start as drawn now: a number of players typed as Start was pressed, whose seats
    (``seen`` were shown) the person has not seen yet; or None."""
    if seen is None or seats_drawn() == seen:
        return None
    now = str(st.session_state.get(NUMBER_OF_PLAYERS, "")).strip()[:24]
    return (f"You changed the number of players to {now!r} as you pressed Start: look at the set-up again and "
            f"press Start once more.")


def default_name(i: int, kind: str, strategy: str) -> str:
    """The name a seat gets until someone types one: "Player 1" for a person (a name that reads well in "Player 1
    rolls" and "Player 1's turn"), the strategy and seat for a bot ("Cautious 3")."""
    return f"Player {i + 1}" if kind == PERSON else f"{strategy.replace('-', ' ').title()} {i + 1}"


def _name_box(i: int, kind: str, strategy: str) -> None:
    """Keep seat ``i``'s name box on its default name while nobody has typed one, so the name follows the seat
    when it changes from a person to a bot or to another strategy (issue 14, item 9)."""
    key, auto_key = f"setup_name_{i}", f"setup_auto_name_{i}"
    auto = default_name(i, kind, strategy)
    ss = st.session_state
    if key not in ss or ss[key] == ss.get(auto_key) or not ss[key].strip():
        ss[key] = auto
    ss[auto_key] = auto


NUMBER_OF_PLAYERS = "setup_n"
LAST_NUMBER_OF_PLAYERS = "setup_n_drawn"   # the seats drawn while the number box holds no number


def players_controls(rules: RuleSet) -> tuple[list[PlayerSpec], list[str]]:
    """The seats; returns the players and the problems with them in words (two players with one name)."""
    default = min(max(4, rules.min_players), rules.max_players)
    n, problem = number_box("Number of players", NUMBER_OF_PLAYERS, default=default, lo=rules.min_players,
                            hi=rules.max_players, what="the number of players",
                            help=f"This rule set takes {rules.min_players} to {rules.max_players} players.")
    if n is None:       # the seats drawn stay those of the last number taken; the game cannot start
        last = st.session_state.get(LAST_NUMBER_OF_PLAYERS, default)
        n = last if rules.min_players <= last <= rules.max_players else default
    st.session_state[LAST_NUMBER_OF_PLAYERS] = n
    specs = []
    st.caption("Each seat is a person (you decide at the table) or a bot playing a strategy. Bots: " +
               "; ".join(f"**{k}**: {v}" for k, v in DESCRIPTIONS.items()))
    for i in range(int(n)):
        c1, c2, c3, c4 = st.columns([3, 2, 3, 1])
        default_kind = PERSON if i == 0 else BOT
        kind = c2.selectbox("Seat", (PERSON, BOT), index=(PERSON, BOT).index(default_kind), key=f"setup_kind_{i}",
                            label_visibility="collapsed" if i else "visible")
        strategy = STANDARD[(i - 1) % len(STANDARD)] if i else STANDARD[0]
        if kind == PERSON:      # no greyed bot strategy beside a person (a class read it as the person's)
            c3.text_input("Strategy", value="a person: decides at the table", disabled=True, key=f"setup_who_{i}",
                          label_visibility="collapsed" if i else "visible")
        else:
            strategy = c3.selectbox("Strategy", STRATEGIES, index=STRATEGIES.index(strategy), key=f"setup_bot_{i}",
                                    label_visibility="collapsed" if i else "visible")
        _name_box(i, kind, strategy)
        name = c1.text_input("Name", key=f"setup_name_{i}", label_visibility="collapsed" if i else "visible",
                             max_chars=24)
        colour = c4.color_picker("Token", value=TOKEN_COLOURS[i % len(TOKEN_COLOURS)], key=f"setup_colour_{i}",
                                 label_visibility="collapsed" if i else "visible")
        specs.append(PlayerSpec(name.strip() or default_name(i, kind, strategy), kind, strategy, colour))
    names = [name_key(p.name) for p in specs]       # (compared as the game compares them)
    twice = sorted({x for x in names if names.count(x) > 1})
    return specs, ([problem] if problem else []) + [f"Two players are called {x}: give each player a different "
                                                    f"name." for x in twice]


def setup_form():
    """The whole setup; returns (rules or None, players, seed, errors, warnings), the messages in words."""
    all_presets = presets()
    names = [p.name for p in all_presets]
    c1, c2 = st.columns([2, 3])
    # the default through the session (not index=), so that an address's ?preset= can choose it first
    st.session_state.setdefault("setup_preset", "classic-us" if "classic-us" in names else names[0])
    choice = c1.selectbox("Rule set (preset)", names, key="setup_preset", on_change=_reset_rules,
                          format_func=lambda n: next(p.title for p in all_presets if p.name == n),
                          help="A complete set of rules from a rule book; house rules can be changed below.")
    preset_obj = next(p for p in all_presets if p.name == choice)
    c2.markdown(f"**{preset_obj.title}.** {preset_obj.description}")
    base = preset_obj.rules
    # (not "House rules": one of the groups is called that, and a walkthrough met it under a heading of its name)
    st.markdown("**The rules** (open a group to change it; every control says what it does)")
    rules, errors = rules_controls(base)
    warnings = []
    if rules is not None:
        diff = [words.change(name, mine, theirs) for name, mine, theirs in rules.diff(base)]
        st.caption("Changed from the preset: " + ("; ".join(diff) if diff else "nothing, the rule book as printed."))
        warnings = rule_warnings(rules)
        for w in warnings:
            st.warning(w)
    st.markdown("**Players**")
    players, player_errors = players_controls(rules or base)
    for e in player_errors:
        st.error(markdown(e))       # (it may quote a name: text, never Markdown)
    if SEED_BOX not in st.session_state:
        _new_seed()
    c1, c2 = st.columns([3, 1])
    seed, seed_problem = number_box("Seed", SEED_BOX, default=0, lo=0, hi=SEED_BOX_MAX, what=SEED_WORDS, where=c1,
                                    help="The seed fixes every dice roll, card shuffle and bot choice: same seed, "
                                         f"same game. A whole number from 0 to {SEED_BOX_MAX:,}.")
    c2.button("New seed", on_click=_new_seed, help="Draw a fresh random seed.", width="stretch")
    return rules, players, seed, errors + player_errors + ([seed_problem] if seed_problem else []), warnings
