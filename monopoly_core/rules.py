"""The RuleSet: every rule a group could toggle, in one frozen value.

An edition is a named preset of a RuleSet (``data/presets/<name>.toml``). Each field carries metadata (a sentence
of help, its range or choices, the rule-book line it comes from), which drives :meth:`RuleSet.validate`, the JSON
round trip, :meth:`RuleSet.diff` and the controls on the site. Any RuleSet that ``validate()`` accepts must play
to the end; one it refuses raises :class:`InvalidRules` naming the field.
"""
from __future__ import annotations

import dataclasses
import functools
import json
from dataclasses import dataclass, field, fields
from typing import Final

from . import datafiles, dice
from .bounds import short
from .errors import DataError, InvalidRules

FORMAT = "monopoly-rules/1"


def _f(default, help: str, *, lo=None, hi=None, choices=None, group="House rules", source=""):
    return field(default=default, metadata={"help": help, "min": lo, "max": hi, "choices": choices,
                                            "group": group, "source": source})


@dataclass(frozen=True)
class RuleSet:
    """Every rule of a game. Build one with :func:`preset` and change it with :meth:`replace`."""

    # --- what is played on ------------------------------------------------------------------------------
    preset: str = _f("classic-us", "The preset this rule set started from (shown in logs and the database).",
                     group="Edition")
    edition: str = _f("classic", "Which edition's mechanics apply (the registered editions: see "
                      "monopoly_core.editions).", group="Edition")
    board: str = _f("classic-us", "The board (data/boards/NAME.toml).", group="Edition")
    chance_deck: str = _f("us-chance", "The Chance deck (data/cards/NAME.toml).", group="Edition")
    chest_deck: str = _f("us-chest", "The Community Chest deck (data/cards/NAME.toml).", group="Edition")
    dice: str = _f("2d6", "The dice model.", group="Edition")
    # (each edition's player range, cited for each preset's value: a reviewer read "6" against "2-8 Players")
    min_players: int = _f(2, "Fewest players the edition allows.", lo=2, hi=8, group="Edition",
                          source="002 COVER: 2-8 Players; 003 CONTENTS: 2-6; "
                          "reference/sore_losers_and_cheaters.md: 2\u20136 players")
    max_players: int = _f(8, "Most players the edition allows.", lo=2, hi=8, group="Edition",
                          source="002 COVER: 2-8 Players; 004 CONTENTS: 8 Tokens; 000 CONTENTS: 6 Tokens; "
                          "003 CONTENTS: 2-6")
    # --- money -------------------------------------------------------------------------------------------
    starting_cash: int = _f(1500, "Cash each player starts with.", lo=0, hi=1_000_000, group="Money",
                            source="002 PREPARATION: Each player is given $1,500; "
                            "002 MONEY: Each player begins with $2500")
    go_salary: int = _f(200, "Salary for passing or landing on GO.", lo=0, hi=100_000, group="Money",
                        source="002 GO: the Banker pays him/her a salary of $200")
    double_go_on_landing: bool = _f(False, "House rule: landing exactly on GO pays double the salary.")
    # --- buying and auctions -----------------------------------------------------------------------------
    auctions: bool = _f(True, "A property its lander declines is auctioned to every player (off: it stays "
                        "with the bank, and so do the deeds of a player bankrupt to the bank; the last buildings "
                        "and the Mega Edition's Auction square are still auctioned).",
                        source="002 BUYING PROPERTIES: the Banker auctions it; 002 BANKRUPTCY: the Bank "
                        "immediately sells by auction all properties so taken")
    auction_min_bid: int = _f(1, "Lowest opening bid in an auction.", lo=1, hi=100_000,
                              source="002: Bidding may start at any price; 004: Bidding starts at \u20ac10; "
                              "003: It goes up for auction! Bids start at \u00a310")
    auction_increment: int = _f(1, "Smallest raise over the current bid.", lo=1, hi=100_000,
                                source="004: anyone can increase the bid by as little as \u20ac1; "
                                "003: anyone can increase the bid by as little as \u00a310")
    # --- rent --------------------------------------------------------------------------------------------
    set_rent_multiplier: int = _f(2, "Rent multiplier on unimproved streets of a complete colour set.", lo=1,
                                  hi=10, group="Rent", source="002 PAYING RENT: may then charge double rent; "
                                  "002 NEW PROPERTIES & SKYSCRAPERS: you are entitled to collect TRIPLE rent")
    majority_rent_multiplier: int = _f(1, "Rent multiplier on unimproved streets of a colour group whose owner holds "
                                       "all of it but one (1: no bonus, as in the classic game).", lo=1, hi=10,
                                       group="Rent", source="reference/mega_edition_rules.md OWNERSHIP, BUILDING, RENT: "
                                       "owning all but one (\"majority\"): double rent")
    utility_rent: str = _f("moving_roll", "A utility's rent is its multiplier times the dice roll that moved the "
                           "token there, or times a new roll made for the rent.", choices=("moving_roll", "new_roll"),
                           group="Rent", source="reference/classic_board_us_uk.csv: rent 4x dice total if 1 utility owned; "
                           "004: Roll the dice to determine rent")
    # --- building ----------------------------------------------------------------------------------------
    even_building: bool = _f(True, "Houses must be built and sold evenly across a colour set.",
                             group="Building", source="002 HOUSES: You must place them evenly")
    building_limits: bool = _f(True, "The bank has a limited supply of houses and hotels (shortage "
                               "auctions when several players want the last ones).", group="Building",
                               source="002 BUILDING SHORTAGES")
    houses: int = _f(32, "Houses in the bank's supply.", lo=0, hi=1000, group="Building",
                     source="002 CONTENTS: 32 Houses; 003: there aren't any Houses, just Hotels")
    hotels: int = _f(12, "Hotels in the bank's supply.", lo=0, hi=1000, group="Building",
                     source="002 CONTENTS: 12 Hotels; 003 CONTENTS: 16 Hotels")
    skyscrapers: int = _f(0, "Skyscrapers in the bank's supply (Mega Edition: a skyscraper replaces a hotel on a "
                          "group with hotels on every street; the last ones are auctioned when more players want "
                          "one than the bank has).", lo=0, hi=1000, group="Building",
                          source="002 CONTENTS: 8 Skyscrapers")
    train_depots: int = _f(0, "Train depots in the bank's supply (Mega Edition: a depot doubles its railroad's "
                           "rent; the last ones are auctioned when more players want one than the bank has).",
                           lo=0, hi=1000, group="Building", source="002 CONTENTS: 4 Train Depots")
    bus_tickets: str = _f("", "The Mega Edition's bus tickets (data/tickets/NAME.toml; empty: none).",
                          group="Edition", source="002 CONTENTS: 16 Bus Tickets")
    # --- mortgages ---------------------------------------------------------------------------------------
    mortgage_interest_pct: int = _f(10, "Interest (percent of the mortgage value) to lift a mortgage, and "
                                    "to pay at once on receiving a mortgaged property.", lo=0, hi=100,
                                    group="Mortgages", source="002 MORTGAGES: plus 10% interest")
    # --- jail --------------------------------------------------------------------------------------------
    jail_fine: int = _f(50, "Fine to leave jail.", lo=0, hi=100_000, group="Jail",
                        source="002 JAIL: Paying a fine of $50")
    jail_turns: int = _f(3, "Turns a player may try for doubles in jail before paying the fine.", lo=1, hi=10,
                         group="Jail", source="002 JAIL: rolling doubles on any of your next three turns")
    jail_pay_on_last_turn: bool = _f(False, "A player may pay the fine before rolling on their last turn in jail "
                                     "too (off: only on the turns before it; on the last turn they roll, and "
                                     "pay only if no doubles come).", group="Jail",
                                     source="002 JAIL: Paying a fine of $50 before you roll the dice on either of "
                                     "your next two turns; 004: Pay €50 at the start of your next turn")
    doubles_to_jail: int = _f(3, "Doubles in one turn that send a player to jail (0: never).", lo=0, hi=10,
                              group="Jail", source="002 THE PLAY: doubles three times in succession")
    # --- free parking and taxes --------------------------------------------------------------------------
    free_parking: str = _f("nothing", "Free Parking pays nothing, or the jackpot of taxes, fines and card "
                           "fees paid to the bank since it was last won.", choices=("nothing", "jackpot"),
                           source="002 FREE PARKING: A player landing on this space receives no cash, "
                           "properties or rewards of any kind")
    free_parking_seed: int = _f(0, "With the jackpot: money the bank puts in the pot at the start and after "
                                "each win.", lo=0, hi=100_000)
    income_tax: str = _f("flat", "Income Tax is the printed amount, or the player's choice of that or a "
                         "percentage of their total worth (older rules).", choices=("flat", "flat_or_percent"),
                         source="reference/classic_board_us_uk.csv: US pre-2008 rules: 200 OR 10% of total "
                         "worth, player chooses before counting")
    income_tax_percent: int = _f(10, "With the choice: the percentage of total worth.", lo=0, hi=100)
    # --- cheating (the Cheaters Edition) -----------------------------------------------------------------
    cheat_deck: str = _f("", "The Cheat cards (data/cheats/NAME.toml); empty for editions without cheating.",
                         group="Edition", source="003 CONTENTS: 15 Cheat Cards")
    face_up_cheats: int = _f(5, "Cheat cards lying face up, any of which a player may attempt.", lo=1, hi=15,
                             group="Cheating", source="003: Draw five cards and place them face up")
    false_accusation_fine: int = _f(100, "What a player who calls \"Cheat!\" on an innocent player pays them.",
                                    lo=0, hi=100_000, group="Cheating",
                                    source="003 CHEATING: If you prove it, the accuser must pay you £100")
    ultimate_cheats: bool = _f(False, "Ultimate cheat's mode: a person may also try free-form cheats (take money "
                               "from the bank, move their token, skip a rent), likelier to be caught the bigger "
                               "they are (the lab's house rules for a mode the rule book leaves to house rules).",
                               group="Cheating", source="003 ULTIMATE CHEAT'S MODE: you'll need to make some house "
                               "rules to deal with the really wild cheats")
    hotel_auction_increment: int = _f(1, "Cheaters Edition: the smallest raise when the last hotels are auctioned "
                                      "(the deed auctions rise by the auction increment).", lo=1, hi=100_000,
                                      group="Building", source="003 HOTELS: Bids start at £10 and increase by as "
                                      "little as £1")
    # --- end of game -------------------------------------------------------------------------------------
    # (at most 10,000 rounds: 8 players with cash that never runs out play about 380,000 events and 100 MB there,
    # a 2 MB saved file and a 14,000-character link; 100,000 rounds took 800 MB and outgrew both; outside review)
    turn_limit: int = _f(500, "The game ends after this many rounds (every player one turn) and the "
                         "richest by net worth wins.", lo=1, hi=10_000, group="End of game")
    final_lap: bool = _f(False, "The final lap: once every property is bought, each player moves on to GO and "
                         "stops there, taking no more turns; when all are home, each collects from the bank the "
                         "rent of every property they own, and the most cash wins.", group="End of game",
                         source="000 THE END OF THE GAME: The game ends when all of the properties have been "
                         "purchased and all players have made it back to the GO space; 003 END OF THE GAME: The "
                         "game ends when all the Properties have been purchased and each player makes it back to "
                         "the GO space")
    # --- Monopoly for Sore Losers (edition "sore-losers"; other editions ignore these) ---------------------
    coins: int = _f(30, "Sore loser coins in the game (Sore Losers).", lo=0, hi=1000, group="Sore Losers",
                    source="000 CONTENTS: 30 Cardboard Sore Loser Coins")
    starting_coins: int = _f(2, "Sore loser coins each player starts with (Sore Losers).", lo=0, hi=100,
                             group="Sore Losers", source="000 SET IT UP: Each player takes two sore loser coins")
    max_coins: int = _f(4, "The most sore loser coins a player may hold; cashing in takes this many (Sore Losers).",
                        lo=1, hi=100, group="Sore Losers",
                        source="000: You can never have more than four sore loser coins at a time")

    # ------------------------------------------------------------------------------------------------------
    def replace(self, **changes) -> "RuleSet":
        """A copy with some fields changed; unknown field names raise :class:`InvalidRules`."""
        by_name = {f.name: f for f in fields(self)}
        for k, v in changes.items():
            if k not in by_name:
                raise InvalidRules(_rule_name(k), "no such rule")
            # types first: the compiled RuleSet refuses a wrong type on construction, without naming the rule
            _check_type(by_name[k], v)
        return dataclasses.replace(self, **changes)

    def validate(self, n_players: int | None = None) -> "RuleSet":
        """Check every field (and the player count, if given); return self or raise :class:`InvalidRules`."""
        for f in fields(self):
            _check_field(f, getattr(self, f.name))
        if self.preset not in preset_names():
            # (a rule set names the preset it started from: its links, saves and logged games are read by it)
            raise InvalidRules("preset", f"there is no preset called {short(self.preset)} (the presets are "
                               f"{', '.join(sorted(preset_names()))})")
        if self.min_players > self.max_players:
            raise InvalidRules("min_players", f"{self.min_players} is more than max_players {self.max_players}")
        if n_players is not None and not (self.min_players <= n_players <= self.max_players):
            raise InvalidRules("players", f"this edition takes {self.min_players} to {self.max_players} "
                               f"players, got {short(n_players)}")
        from . import editions
        try:
            edition = editions.get(self.edition)
        except KeyError as exc:
            raise InvalidRules("edition", exc.args[0]) from None
        own = preset_editions()
        if self.edition != own[self.preset] and self.edition in own.values():
            # (a game is logged, saved and shown under its preset's name: an outside review opened a Mega game
            # labelled classic-us, its rules naming classic-us with Mega's edition; an edition no preset plays, as
            # a test's, may still start from any preset; said before the edition's own checks, which a change of
            # edition alone fails for other reasons: an outside review was told of the dice, then the board, first)
            raise InvalidRules("edition", f"the {self.preset} rule set plays the {own[self.preset]} edition; for the "
                               f"{self.edition} edition start from its own rule set "
                               f"({', '.join(sorted(p for p, e in own.items() if e == self.edition))})")
        problem = edition.problem(self)
        if problem is not None:
            raise InvalidRules(*problem)
        try:
            dice.load_dice(self.dice)
        except KeyError as exc:
            raise InvalidRules("dice", exc.args[0]) from None
        houses_under_hotel = edition.hotel_level - 1     # (4 in classic; 0 where hotels come straight away)
        if self.building_limits and self.hotels > 0 and self.houses < houses_under_hotel:
            raise InvalidRules("houses", f"with building limits, hotels need at least {houses_under_hotel} houses "
                               f"in the supply")
        return self

    # --- serialisation -----------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {"format": FORMAT, **dataclasses.asdict(self)}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_dict(cls, data: object) -> "RuleSet":
        """Rebuild from :meth:`to_dict` output; wrong types and unknown fields are refused by name. (``data`` is
        typed ``object``: it is outside input, and the compiled build would refuse a list with a bare TypeError.)"""
        if not isinstance(data, dict):
            raise InvalidRules("rules", "must be a JSON object")
        data = dict(data)
        fmt = data.pop("format", FORMAT)
        if fmt != FORMAT:
            raise InvalidRules("format", f"expected {FORMAT!r}, got {short(fmt)}")
        names = field_names()
        for k in data:
            if k not in names:
                raise InvalidRules(_rule_name(k), "no such rule")
        for f in fields(cls):
            if f.name in data:
                _check_type(f, data[f.name])
        return cls(**data).validate()

    @classmethod
    def from_json(cls, text: object) -> "RuleSet":
        """Rebuild from :meth:`to_json` text (outside input: any value gives a rule set or :class:`InvalidRules`)."""
        if not isinstance(text, (str, bytes, bytearray)):
            raise InvalidRules("rules", f"must be JSON text, not {type(text).__name__}")
        try:
            data = json.loads(text)
        except RecursionError:
            raise InvalidRules("rules", "not valid JSON (it is nested too deeply)") from None
        except ValueError as exc:
            raise InvalidRules("rules", f"not valid JSON ({exc})") from None       # (its words never quote the text)
        return cls.from_dict(data)

    def diff(self, other: "RuleSet") -> list[tuple[str, object, object]]:
        """Fields where this rule set differs from ``other``: (name, this value, other value)."""
        return [(f.name, getattr(self, f.name), getattr(other, f.name)) for f in fields(self)
                if f.name != "preset" and getattr(self, f.name) != getattr(other, f.name)]

    def describe_diff(self, other: "RuleSet") -> list[str]:
        """The differences from ``other`` as sentences, e.g. ``starting cash: 2000 (preset: 1500)``."""
        return [f"{name.replace('_', ' ')}: {_show(mine)} ({other.preset}: {_show(theirs)})"
                for name, mine, theirs in self.diff(other)]


def _show(v) -> str:
    if isinstance(v, bool):
        return "on" if v else "off"
    return str(v)


@functools.lru_cache(maxsize=1)
def field_names() -> frozenset[str]:
    return frozenset(f.name for f in fields(RuleSet))


def field_info(name: str) -> dict:
    """Metadata (help, min, max, choices, group, source) and type name of one field, for forms and docs."""
    for f in fields(RuleSet):
        if f.name == name:
            return {"name": name, "type": field_type(f).__name__, "default": f.default, **f.metadata}
    raise InvalidRules(name, "no such rule")


_TYPES = {"int": int, "bool": bool, "str": str}


def field_type(f) -> type:
    """A field's type: int, bool or str (its annotation is a name in the source, and the type itself in the
    compiled build)."""
    return f.type if isinstance(f.type, type) else _TYPES[f.type]


def _rule_name(name: object) -> str:
    """An unknown rule's name as said in a refusal: as typed, unless it is not a short text."""
    return name if isinstance(name, str) and len(name) <= 60 else short(name)


def _check_type(f, value):
    expected = field_type(f)
    # (values are echoed through short(): a 5,000-digit number or a 50 MB string is not a message)
    if expected is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise InvalidRules(f.name, f"must be a whole number, got {short(value)}")
    if not isinstance(value, expected):
        raise InvalidRules(f.name, f"must be {'true/false' if expected is bool else 'text'}, got {short(value)}")


#: The longest text a rule may hold (a name: of a board, a deck, the dice, an edition, a choice).
MAX_NAME: Final = 100


def _check_field(f, value):
    _check_type(f, value)
    if isinstance(value, str) and (len(value) > MAX_NAME or not value.isprintable()):
        # (also the rules an edition never reads: an outside review's lone surrogate in one broke the database's
        # log, and control characters in one reached the terminal in compare's report)
        raise InvalidRules(f.name, f"must be a name of at most {MAX_NAME} printable characters, got {short(value)}")
    m = f.metadata
    if m.get("min") is not None and value < m["min"]:
        raise InvalidRules(f.name, f"must be at least {m['min']}, got {short(value)}")
    if m.get("max") is not None and value > m["max"]:
        raise InvalidRules(f.name, f"must be at most {m['max']}, got {short(value)}")
    if m.get("choices") and value not in m["choices"]:
        raise InvalidRules(f.name, f"must be one of {', '.join(m['choices'])}, got {short(value)}")


# --- presets ---------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Preset:
    name: str
    title: str
    description: str
    rules: RuleSet


@functools.lru_cache(maxsize=1)
def preset_names() -> frozenset[str]:
    """The names of the presets in ``data/presets/`` (read once)."""
    return frozenset(datafiles.available("presets"))


@functools.lru_cache(maxsize=1)
def preset_editions() -> dict[str, str]:
    """Each preset's edition, read from its file (not through :func:`load_preset`, which validates with this)."""
    out = {}
    for name in preset_names():
        rules = datafiles.load_toml("presets", name).get("rules", {})
        out[name] = str(rules.get("edition", "classic")) if isinstance(rules, dict) else "classic"
    return out


def presets() -> list[Preset]:
    """Every preset in ``data/presets/``, in file-name order."""
    return [load_preset(n) for n in datafiles.available("presets")]


@functools.lru_cache(maxsize=None)
def load_preset(name: str) -> Preset:
    try:
        raw = datafiles.load_toml("presets", name)
    except DataError as exc:
        raise InvalidRules("preset", str(exc)) from None
    values = dict(raw.get("rules", {}))
    values["preset"] = name
    try:
        rules = RuleSet(**values) if field_names().issuperset(values) else None
    except TypeError as exc:
        raise DataError(f"preset {name!r}: {exc}") from None
    if rules is None:
        unknown = sorted(set(values) - field_names())
        raise DataError(f"preset {name!r}: unknown rules {unknown}")
    return Preset(name, raw.get("title", name), raw.get("description", ""), rules.validate())


def preset(name: object, **changes) -> RuleSet:
    """The RuleSet of preset ``name`` with optional changes, validated."""
    if not isinstance(name, str):
        raise InvalidRules("preset", f"a preset is named by text, for example 'classic-us', got {short(name)}")
    return load_preset(name).rules.replace(**changes).validate()
