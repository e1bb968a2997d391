"""The rules in words a class understands: a name for each rule, the rule book a rule comes from by its title,
and rule errors without field names (issue 14, item 9).

The rules core names a rule by its field (``jail_turns``) and its source by the file of the rule book (``002``);
these are the site's words for both.
"""
from __future__ import annotations

import re

from monopoly_core import InvalidRules
from monopoly_core.editions import in_sentence as edition_name  # noqa: F401  (the pages' name for it)

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
    "utility_rent": "The dice a utility's rent is counted on",
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
    "free_parking": {"nothing": "nothing, as printed", "jackpot": "the jackpot of fees and fines"},
    "utility_rent": {"moving_roll": "the roll that moved the token there", "new_roll": "a new roll for the rent"},
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
    "002": "the standard US rules of play (the classic game's, printed in full after the Mega Edition's own, 2020)",
    "003": "Monopoly Cheaters Edition (Hasbro UK, 2021)",
    "004": "the classic rule book (Hasbro UK, 2021)",
    "reference/classic_board_us_uk.csv": "the printed US and UK boards",
    "reference/mega_edition_rules.md": "the Mega Edition facts gathered for this lab",
    "reference/sore_losers_and_cheaters.md": "the Sore Losers and Cheaters Edition facts gathered for this lab",
}

#: The sections of 002 that are the Mega Edition's own rules (its cover, contents and "What's New?" pages), before
#: the standard rules printed after them: quotes from these were credited to the standard rules (a browser review:
#: "Each player begins with $2500" under "the standard US rules of play").
MEGA_OWN_SECTIONS = frozenset({"COVER", "CONTENTS", "MONEY", "TURN ORDER", "THE DICE & HOW TO MOVE", "DOUBLES & TRIPLES",
                               "NEW PROPERTIES & SKYSCRAPERS", "NEW PROPERTIES", "RAILROADS", "BUS TICKETS",
                               "OTHER NEW SPACES"})
MEGA_OWN_BOOK = "Monopoly: The Mega Edition's own rules (Winning Moves, 2020)"

_SOURCE = re.compile(r"^(?P<book>\d{3}|reference/[\w.]+)(?: (?P<section>[A-Z][A-Z ,'&-]*[A-Z]))?(?:: (?P<quote>.+))?$")


def label(field: str) -> str:
    return LABELS.get(field, field.replace("_", " ").capitalize())


#: A rule's name inside a sentence, where its label with "the" in front would not read well: a count ("the number
#: of houses in the bank"), a label that begins with a name ("the Income Tax percentage ...") or with "What".
IN_SENTENCE = {
    "min_players": "the fewest players",
    "max_players": "the most players",
    "players": "the number of players",
    "houses": "the number of houses in the bank",
    "hotels": "the number of hotels in the bank",
    "skyscrapers": "the number of skyscrapers in the bank",
    "train_depots": "the number of train depots in the bank",
    "jail_turns": "the number of tries for doubles in jail before paying",
    "doubles_to_jail": "the number of doubles in a row that send a player to jail",
    "income_tax_percent": "the Income Tax percentage of total worth",
    "face_up_cheats": "the number of Cheat cards face up",
    "false_accusation_fine": "the fine for a false \u201cCheat!\u201d",
    "turn_limit": "the number of rounds before the game ends",
    "coins": "the number of sore loser coins in the game",
    "starting_coins": "the number of sore loser coins each player starts with",
    "max_coins": "the most sore loser coins a player may hold",
}


def in_sentence(field: str) -> str:
    """A rule's name as a sentence says it, lower case but for names: "type the starting cash in digits", "the
    salary for passing GO must be ..." (an outside review read "type Starting cash in digits")."""
    text = label(field)
    lower = f"{text[:1].lower()}{text[1:]}"
    # (a label that reads as a noun already, "The dice ...", "What Free Parking pays", "How Income Tax is paid", is
    # not given an article: a refusal said "the the dice ..." and "the what Free Parking pays")
    return IN_SENTENCE.get(field) or (lower if lower.startswith(("the ", "what ", "how ")) else f"the {lower}")


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
        if m["book"] == "002" and m["section"] and m["section"].split(",")[0] in MEGA_OWN_SECTIONS:
            book = MEGA_OWN_BOOK
        section = f", \u201c{m['section'].capitalize()}\u201d" if m["section"] else ""
        quote = f": \u201c{m['quote']}\u201d" if m["quote"] else ""
        parts.append(f"{book}{section}{quote}")
    return ("From " + "; and ".join(parts) + ".") if parts else ""


#: A rule's name where a message names one: quoted ('jail_fine'), joined by underscores (max_players), or a
#: one-word name heading a reason ("houses: must be at least 0"; elsewhere a word like "houses" is prose)
_NAMED = re.compile(r"'([a-z]+(?:_[a-z]+)*)'|\b([a-z]+(?:_[a-z]+)+)\b|(?:^|(?<=: ))([a-z]+)(?=: )")


def _names_in_words(text: str) -> str:
    """Field names inside a reason ("is more than max_players 8") replaced by their names in words, each the same
    way (an outside review: a save's errors read “the starting cash” but houses, and '“the fine to leave jail”')."""
    def word(m: re.Match) -> str:
        name = m[1] or m[2] or m[3]
        if name in LABELS:
            return f"\u201c{in_sentence(name)}\u201d"
        return m[0] if m[3] else m[0].replace("_", " ")
    return _NAMED.sub(word, text)


def in_words(message: str) -> str:
    """A message from the rules core (a saved file or link refused) with its rule and action names in words:
    "starting_coins: no one may hold ..." reads "“the number of sore loser coins each player starts with”: no one may
    hold ..."."""
    return _names_in_words(message)


#: Square kinds in words, for a board an edition cannot play (others: the kind's name, "a tax square").
SQUARE_KINDS = {"auction": "an Auction square", "birthday_gift": "a Birthday Gift square",
                "bus_ticket": "a Bus Ticket square", "bill": "a bill square (a utility turned into a bill)",
                "rest": "a square where nothing happens", "station": "a station that moves you on",
                "chance": "a Chance square that is not in the decks", "chest": "a Community Chest square that is not "
                "in the decks", "utility": "a utility", "tax": "a tax square"}


def speed_die_elsewhere(edition_title: str) -> str:
    """What the speed die does under an edition that has no rules for its faces (only the Mega Edition has): the
    games and the Markov chain move by the pips, a face of Mr. Monopoly or the Bus counting none."""
    return (f"With the speed die, {edition_name(edition_title)} moves a token by the pips of all three dice: a "
            f"Mr. Monopoly or Bus face counts no pips and gives no bonus move, and triples are ordinary doubles "
            f"(only the Mega Edition plays those faces).")


def either(names: list[str]) -> str:
    """"A", "A or B", "A, B or C"."""
    return " or ".join(filter(None, (", ".join(names[:-1]), names[-1]))) if names else ""


def _presets_playing(kind: str) -> str:
    """The presets whose edition plays squares of ``kind`` and whose board has one, by title: "Mega Edition (US)"."""
    from monopoly_core import editions, presets
    from monopoly_core.board import load_board
    return either([p.title for p in presets() if kind in editions.get(p.rules.edition).landing_rules()
                   and any(sq.kind == kind for sq in load_board(p.rules.board).squares)])


def _preset_of(edition_title: str) -> str:
    """The presets of the edition of this title, by title."""
    from monopoly_core import editions, presets
    return either([p.title for p in presets() if editions.get(p.rules.edition).title == edition_title])


def _unplayable_square(m: re.Match) -> str:
    kind, edition = m["kind"], edition_name(m["edition"])
    where = _presets_playing(kind)
    return (f"square {m['square']} ({m['name']}) is {SQUARE_KINDS.get(kind, 'a ' + kind.replace('_', ' ') + ' square')}"
            f", which {edition} does not play. "
            + (f"To play this board, choose {where} under \u201cStart from\u201d; or choose" if where else "Choose")
            + f" a board {edition} plays")


def _cards_off_board(m: re.Match) -> str:
    return (f"these cards do not fit the board {value('board', m['board'])}: card {m['card']} "
            f"(\u201c{m['text']}\u201d) " + (f"moves to square {m['to']}, and that board has only {m['size']} squares"
                                          if m["to"] else f"needs {m['kind']} square, and that board has none")
            + ". Choose the cards made for that board")


def _card_of_another_edition(m: re.Match) -> str:
    return (f"card {m['card']} (\u201c{m['text']}\u201d) is a card of another edition, which "
            f"{edition_name(m['edition'])} does not play. Choose that edition, or other cards")


def _no_skyscraper_rents(m: re.Match) -> str:
    return (f"the board {value('board', m['board'])} has no skyscraper rents (square {m['square']}, {m['name']}, has "
            f"none), and the Mega Edition builds skyscrapers. Choose the Mega Edition's own board")


def _edition_of_another_preset(m: re.Match) -> str:
    from monopoly_core import editions
    title = editions.get(m["edition"]).title
    return (f"{edition_name(title)} is played from its own rule set: to play it, choose {_preset_of(title)} under "
            f"\u201cStart from\u201d")


#: The core's reasons a board, its cards or its dice do not go with an edition, said in a class's words (a reviewer
#: picked the Mega board under Classic Monopoly and read "is of kind 'auction', which the Classic Monopoly has no
#: rule for"): a pattern of the reason and its words.
REWORDED = [
    (re.compile(r"^square (?P<square>\d+) \((?P<name>.+)\) is of kind '(?P<kind>\w+)', which the (?P<edition>.+) "
                r"has no rule for$"), _unplayable_square),
    (re.compile(r"^does not fit board '(?P<board>[\w-]+)': card (?P<card>\d+) \(['\"](?P<text>.*)['\"]\) "
                r"(?:names square (?P<to>\d+), the board has (?P<size>\d+)|needs (?P<kind>an? \w+) square, the "
                r"board has none)$"), _cards_off_board),
    (re.compile(r"^card (?P<card>\d+) \(['\"](?P<text>.*)['\"]\) has the effect '\w+', which the (?P<edition>.+) "
                r"does not play$"), _card_of_another_edition),
    (re.compile(r"^board '(?P<board>[\w-]+)' square (?P<square>\d+) \((?P<name>.+)\): the Mega Edition needs a "
                r"skyscraper_rent$"), _no_skyscraper_rents),
    (re.compile(r"^the [\w-]+ rule set plays the [\w-]+ edition; for the (?P<edition>[\w-]+) edition start from its "
                r"own rule set \([^)]*\)$"), _edition_of_another_preset),
    (re.compile(r"^the (?P<edition>.+) is played with the speed die \((?P<dice>[\w+]+)\)$"),
     lambda m: f"the {m['edition']} is played with {value('dice', m['dice'])}: to play it, choose "
               f"{_preset_of(m['edition'])} under \u201cStart from\u201d"),
]


def _reworded(reason: str) -> str:
    for pattern, words in REWORDED:
        m = pattern.search(reason)
        if m:
            return reason[:m.start()] + words(m) + reason[m.end():]
    return reason


def error(exc: InvalidRules) -> str:
    """A rule error in words: "Tries for doubles in jail before paying: must be at least 1, not 0." """
    reason = re.sub(r", got (.+)$", r", not \1", _reworded(exc.reason))
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


#: The rules whose values are sums of money (shown in the currency of the rule set's board where it is known).
MONEY_FIELDS = frozenset({"starting_cash", "go_salary", "auction_min_bid", "auction_increment", "jail_fine",
                          "free_parking_seed", "false_accusation_fine", "hotel_auction_increment"})


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
