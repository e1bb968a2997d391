"""The rules in words a class understands: a name for each rule, the rule book a rule comes from by its title,
and rule errors without field names (issue 14, item 9).

The rules core names a rule by its field (``jail_turns``) and its source by the file of the rule book (``002``);
these are the site's words for both.
"""
from __future__ import annotations

import re

from monopoly_core import InvalidRules

#: The name shown for each rule (its control's label, and the subject of its errors).
LABELS = {
    "starting_cash": "Starting cash",
    "go_salary": "Salary for passing GO",
    "double_go_on_landing": "Double salary for landing exactly on GO",
    "auctions": "Auction a property its lander does not buy",
    "auction_min_bid": "Lowest opening bid in an auction",
    "auction_increment": "Smallest raise in an auction",
    "free_parking": "What Free Parking pays",
    "free_parking_seed": "Money the bank puts in the Free Parking pot",
    "income_tax": "How Income Tax is paid",
    "income_tax_percent": "Income Tax percentage of total worth",
    "set_rent_multiplier": "Rent multiplier for a whole colour set",
    "even_building": "Build evenly across a colour set",
    "building_limits": "The bank's houses and hotels run out",
    "houses": "Houses in the bank",
    "hotels": "Hotels in the bank",
    "mortgage_interest_pct": "Mortgage interest (percent)",
    "jail_fine": "Fine to leave jail",
    "jail_turns": "Tries for doubles in jail before paying",
    "doubles_to_jail": "Doubles in a row that send a player to jail",
    "turn_limit": "Rounds before the game ends",
    "final_lap": "End with a final lap to GO once every property is bought",
    "coins": "Sore loser coins in the game",
    "starting_coins": "Sore loser coins each player starts with",
    "max_coins": "Most sore loser coins a player may hold",
    "cheat_deck": "Cheat cards",
    "face_up_cheats": "Cheat cards face up",
    "false_accusation_fine": "What a false \"Cheat!\" costs the accuser",
    "ultimate_cheats": "Ultimate cheat's mode",
    "hotel_auction_increment": "Smallest raise when the last hotels are auctioned",
    "min_players": "Fewest players",
    "max_players": "Most players",
    "players": "Number of players",
    "board": "Board",
    "chance_deck": "Chance cards",
    "chest_deck": "Community Chest cards",
    "dice": "Dice",
    "majority_rent_multiplier": "Rent multiplier for all but one street of a group",
    "skyscrapers": "Skyscrapers in the bank",
    "train_depots": "Train depots in the bank",
    "bus_tickets": "Bus tickets",
}

#: The words shown for the choices of the rules that have a few.
CHOICES = {
    "free_parking": {"nothing": "nothing (as printed)", "jackpot": "the jackpot of fees and fines"},
    "income_tax": {"flat": "the printed amount", "flat_or_percent": "the amount or a percentage of worth"},
}

#: What a rule means, in words, where the core's sentence names a file or a module (the "What it means" column).
MEANINGS = {
    "edition": "Whose special rules are played: the classic game's, or one edition's own (Sore Losers, Cheaters, "
               "Mega).",
    "board": "The board the game is played on: its squares, prices and rents.",
    "chance_deck": "The Chance cards in the game.",
    "chest_deck": "The Community Chest cards in the game.",
    "bus_tickets": "The Mega Edition's bus tickets (none in the other editions).",
    "cheat_deck": "The cheat cards a player may try (none in editions without cheating).",
}

#: The data folder each rule that names a data file reads (its value is shown by the file's title).
DATA_KINDS = {"board": "boards", "chance_deck": "cards", "chest_deck": "cards", "bus_tickets": "tickets",
              "cheat_deck": "cheats"}
#: The dice models in words.
DICE = {"2d6": "two six-sided dice", "2d6+speed": "two six-sided dice and the speed die"}

#: The rule books (the sources in ../shared/seeds, see its INDEX.md) and reference tables, by title.
BOOKS = {
    "000": "Monopoly for Sore Losers (Hasbro, 2020)",
    "001": "the Monopoly for Sore Losers wiki page",
    "002": "the standard US rules (printed in Monopoly: The Mega Edition, 2020)",
    "003": "Monopoly Cheaters Edition (Hasbro UK, 2021)",
    "004": "the classic rule book (Hasbro UK, 2021)",
    "reference/classic_board_us_uk.csv": "the printed US and UK boards",
    "reference/mega_edition_rules.md": "the Mega Edition facts gathered for this lab",
    "reference/sore_losers_and_cheaters.md": "the Sore Losers and Cheaters Edition facts gathered for this lab",
}

_SOURCE = re.compile(r"^(?P<book>\d{3}|reference/[\w.]+)(?: (?P<section>[A-Z][A-Z ,'&-]*[A-Z]))?(?:: (?P<quote>.+))?$")


def label(field: str) -> str:
    return LABELS.get(field, field.replace("_", " ").capitalize())


def choice(field: str, value: str) -> str:
    return CHOICES.get(field, {}).get(value, value.replace("_", " "))


def source(text: str) -> str:
    """A rule's source ("002 PREPARATION: Each player is given $1,500; 004: ...") as a sentence naming the
    book: 'From the standard US rules (...), "Preparation": "Each player is given $1,500".'"""
    parts = []
    for piece in filter(None, (p.strip() for p in text.split(";"))):
        m = _SOURCE.match(piece)
        if m is None:
            parts.append(piece)
            continue
        book = BOOKS.get(m["book"], "a rule book")
        section = f", \u201c{m['section'].capitalize()}\u201d" if m["section"] else ""
        quote = f": \u201c{m['quote']}\u201d" if m["quote"] else ""
        parts.append(f"{book}{section}{quote}")
    return ("From " + "; and ".join(parts) + ".") if parts else ""


def _names_in_words(text: str) -> str:
    """Field names inside a reason ("is more than max_players 8") replaced by their names in words."""
    return re.sub(r"\b[a-z]+(?:_[a-z]+)+\b", lambda m: f"\u201c{label(m[0]).lower()}\u201d"
                  if m[0] in LABELS else m[0].replace("_", " "), text)


def in_words(message: str) -> str:
    """A message from the rules core (a saved file or link refused) with its rule and action names in words:
    "starting_coins: no one may hold ..." reads "“sore loser coins each player starts with”: no one may hold ..."."""
    return _names_in_words(message)


def error(exc: InvalidRules) -> str:
    """A rule error in words: "Tries for doubles in jail before paying: must be at least 1, not 0." """
    reason = re.sub(r", got (.+)$", r", not \1", exc.reason)
    return f"{label(exc.field)}: {_names_in_words(reason)}."


def meaning(field: str, sentence: str) -> str:
    """What a rule means in words: :data:`MEANINGS`, else the core's own sentence."""
    return MEANINGS.get(field, sentence)


def _data_title(field: str, name: str) -> str:
    """A data file's title ("Chance (Cheaters Edition, written for this lab)"), or its name if it has none."""
    from monopoly_core.datafiles import load_toml
    from monopoly_core.errors import DataError
    try:
        return str(load_toml(DATA_KINDS[field], name).get("title", name))
    except DataError:
        return name


def value(field: str, v) -> str:
    """A rule's value in words: on/off, a number, a choice in words, a board or deck by its title, "none"."""
    if isinstance(v, bool):
        return "on" if v else "off"
    if isinstance(v, str):
        if not v:
            return "none"
        if field in DATA_KINDS:
            return _data_title(field, v)
        if field == "dice":
            return DICE.get(v, v)
        if field == "edition":
            from monopoly_core.editions import get
            try:
                return get(v).title
            except KeyError:        # an edition this site does not know: its name as given
                return v
        return choice(field, v)
    return f"{v:,}"


def change(field: str, mine, theirs) -> str:
    """One changed rule: "Tries for doubles in jail before paying: 2 (the rule book: 3)"."""
    return f"{label(field)}: {value(field, mine)} (the rule book: {value(field, theirs)})"
