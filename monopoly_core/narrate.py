"""Events as sentences: one readable line per event, for the Play page's feed and the CLI's game log.

Pure functions of (event, game): the game supplies names (players, squares, cards) and the currency.
"""
from __future__ import annotations

from . import events as E
from .dice import SPEED_BUS, SPEED_MR_MONOPOLY, Roll, is_triples
from .trading import count_of


def _who(game, seat: int) -> str:
    if seat == E.BANK:
        return "the bank"
    if seat == E.POT:
        return "the Free Parking pot"
    return game.players[seat].name


def _sq(game, index: int) -> str:
    return game.board.squares[index].name if 0 <= index < game.board.size else "?"


def money(game, amount: int) -> str:
    return f"{game.board.currency}{amount:,}"


#: Money events already told by another event of the same action (a purchase, a build, a mortgage ...).
_TOLD_ELSEWHERE = frozenset({E.R_PURCHASE, E.R_AUCTION, E.R_BUILD, E.R_BUILDING_SALE, E.R_MORTGAGE,
                             E.R_UNMORTGAGE})


def visible(ev: E.Event) -> bool:
    """False for events a reader does not need in a feed (the payment behind a purchase or a build is told
    by the purchase or the build itself, and the deed an auction hands over by the auction's result)."""
    kind = ev.kind
    return not ((kind == E.PAY and ev.detail in _TOLD_ELSEWHERE) or (kind == E.DEED and ev.detail == E.D_AUCTION))


#: The narration of named codes (events.KINDS names them; the words are the narrator's).
_ROLL_PURPOSE = {"move": "", "jail": " trying for doubles in jail", "order": " for the turn order",
                 "utility_card": " for the utility rent", "utility_ticket": " (white dice) for the utility rent",
                 "utility_rent": " for the utility rent"}
_JAIL_IN = {"go_to_jail_square": "lands on Go To Jail", "card": "is sent by a card",
            "doubles": "rolls doubles three times", "sent_by_mr_monopoly": "is sent by Mr Monopoly",
            "caught_cheating": "is caught cheating"}
_JAIL_OUT = {"doubles": "by rolling doubles", "fine": "by paying the fine", "card": "with a Get Out of Jail Free card",
             "forced_fine": "after the last try, paying the fine", "mr_monopoly": "as Mr Monopoly",
             "handcuffs_passed_on": "to Just Visiting, handing the handcuffs to the newcomer",
             "escape_cheat": "by secretly slipping out (a cheat)"}
_MOVE_HOW = {"dice": "", "card": " (card)", "final_lap": " and stops there: the final lap",
             "mr_monopoly": " (Mr. Monopoly)", "bus": " (the Bus)", "bus_ticket": " (bus ticket)",
             "triples": " (triples: any square)", "auction_square": " (Auction square)"}
_TICKET_HOW = {"drawn": "draws a bus ticket", "birthday_gift": "takes a bus ticket as a birthday gift",
               "bus": "takes a bus ticket for the Bus face", "used": "uses a bus ticket",
               "expired": "loses bus tickets: all tickets expire", "returned": "returns bus tickets to the bank",
               "traded": "trades bus tickets", "bankruptcy": "takes over a bankrupt player's bus tickets"}
_DECK_TITLES = {"chance": "Chance", "chest": "Community Chest"}


def describe(ev: E.Event, game) -> str:
    """One sentence for ``ev``, starting with a capital letter ("The bank hands ...")."""
    text = _sentence(ev, game)
    return "T" + text[1:] if text.startswith("the ") else text


def _sentence(ev: E.Event, game) -> str:
    k = ev.kind
    who = _who(game, ev.player)
    m = lambda a: money(game, a)   # noqa: E731
    if k == E.START:
        return f"The game starts with {ev.amount} players, {m(game.rules.starting_cash)} each."
    if k == E.ORDER:
        if ev.square == 0:          # (a browser review read the lowest roll starting as a bug: say the rule)
            return f"{who} plays 1st (the {'lowest' if game.edition.lowest_starts else 'highest'} roll starts)."
        # (a browser review read the second-highest roller playing 4th as a bug: play passes to the left)
        return f"{who} plays {_ordinal(ev.square + 1)} (play passes to the left of the first player)."
    if k == E.TURN:
        jail = " (in jail)" if ev.detail else ""
        return f"Round {ev.amount}: {who}'s turn on {_sq(game, ev.square)}{jail}."
    if k == E.ROLL:
        faces = E.unpack_faces(ev.detail, len(str(ev.detail)))
        why = _ROLL_PURPOSE.get(E.KINDS[E.ROLL].name_of("other", ev.other), "")
        return f"{who} rolls {_dice_words(faces)} = {ev.amount}{_doubles_words(game, ev.detail, faces)}{why}."
    if k == E.MOVE:
        how = _MOVE_HOW.get(E.KINDS[E.MOVE].name_of("detail", ev.detail), "")
        n = abs(ev.amount)
        return (f"{who} moves {n} square{'' if n == 1 else 's'} {'back ' if ev.amount < 0 else ''}to "
                f"{_sq(game, ev.square)}{how}.")
    if k == E.PAY:
        reason = E.REASON_NAMES[ev.detail]
        at = ev.square >= 0 and reason in ("rent", "tax", "purchase", "auction", "build")
        where = f" ({_sq(game, ev.square)})" if at else ""
        if reason == "start":
            return f"{who} hands {_who(game, ev.other)} {m(ev.amount)} to start."
        if reason == "salary":
            return f"{_who(game, ev.other)} collects {m(ev.amount)} salary at GO."
        if reason == "rent":
            if _landed_on_by_the_payee(ev, game):       # (Sore Losers: a browser review read an owner paying rent
                return (f"{who} pays {m(ev.amount)} rent to {_who(game, ev.other)}{where}: Mr Monopoly collects "
                        f"rent from the owner instead of paying it.")     # on their own street as a mistake)
            return f"{who} pays {m(ev.amount)} rent to {_who(game, ev.other)}{where}."
        if reason == "final_rent":
            return f"{_who(game, ev.other)} collects {m(ev.amount)} from the bank, the final rent of " \
                   f"{_sq(game, ev.square)}."
        if reason == "jackpot":
            return f"{_who(game, ev.other)} wins the Free Parking jackpot of {m(ev.amount)}."
        # one bracket: "(tax: Income Tax)", not "(tax) (Income Tax)"
        square = f": {_sq(game, ev.square)}" if at else ""
        return f"{who} pays {m(ev.amount)} to {_who(game, ev.other)} ({reason.replace('_', ' ')}{square})."
    if k == E.DEED:
        reason = E.DEED_REASONS[ev.detail]
        if reason == "purchase":
            return f"{who} buys {_sq(game, ev.square)} for {m(ev.amount)}."
        if reason == "auction":
            return f"{who} wins {_sq(game, ev.square)} at auction for {m(ev.amount)}."
        if reason == "returned":
            return f"{_sq(game, ev.square)} goes back to the bank."
        return f"{_sq(game, ev.square)} passes from {_who(game, ev.other)} to {who} ({reason})."
    if k == E.DECLINE:
        return f"{who} declines to buy {_sq(game, ev.square)} for {m(ev.amount)}."
    if k == E.AUCTION:
        item = auction_item(game, ev.other, ev.square)
        if ev.detail == E.AUCTION_OPENS:
            return f"Auction of {item}."
        if ev.detail == E.AUCTION_SOLD:
            return f"{who} wins the auction of {item} for {m(ev.amount)}."
        if ev.detail == E.AUCTION_UNCONTESTED:
            return f"Nobody else bids for {item}, so there is no auction: {who} buys it at its price, {m(ev.amount)}."
        return f"Nobody bids for {item}; it stays with the bank."
    if k == E.BID:
        return f"{who} bids {m(ev.amount)}."
    if k == E.PASS:
        return f"{who} drops out of the auction."
    if k == E.CARD or k == E.CARD_PLAYED:
        kind = game.deck_kinds[ev.other]
        text = game.deck_cards[kind][ev.detail].text
        deck = _DECK_TITLES.get(kind, kind.replace("_", " ").title())
        if k == E.CARD_PLAYED:
            return f"{who} plays the {deck} card they held: \u201c{text}\u201d"
        return f"{who} draws {deck}: \u201c{text}\u201d"
    if k == E.JAIL_IN:
        why = _JAIL_IN[E.KINDS[E.JAIL_IN].name_of("detail", ev.detail)]
        return f"{who} {why} and goes to jail."
    if k == E.JAIL_OUT:
        how = _JAIL_OUT[E.KINDS[E.JAIL_OUT].name_of("detail", ev.detail)]
        return f"{who} leaves jail {how}."
    if k in (E.BUILD, E.SELL) and ev.detail == E.REGROUPED:
        sq = game.board.squares[ev.square]
        group = game.board.groups[sq.group].label if sq.group else "its"
        return (f"The last-property rule spreads {who}'s buildings evenly over the {group} group: "
                f"{_sq(game, ev.square)} now has {_level_words(game, ev.amount)}.")
    if k == E.BUILD:
        what = "a hotel" if ev.amount == game.edition.hotel_level else f"a house ({ev.amount} now)"
        if ev.amount > game.edition.hotel_level or not game.board.squares[ev.square].group:
            what = "a " + game.edition.building_name(game.board.squares[ev.square].kind, ev.amount)
        return f"{who} builds {what} on {_sq(game, ev.square)} for {m(ev.other)}."
    if k == E.SELL and ev.other == 0:
        # (Cheaters: a hotel taken off by a cheat or a card, nothing paid; it read "sells 0 houses ... for £0")
        return f"{who}'s hotel on {_sq(game, ev.square)} is taken off the board (nothing is paid for it)."
    if k == E.SELL:
        what, left = _buildings_sold(ev, game)
        return f"{who} sells {what} on {_sq(game, ev.square)} back to the bank for {m(ev.other)}{left}."
    if k == E.MORTGAGE:
        return f"{who} mortgages {_sq(game, ev.square)} for {m(ev.amount)}."
    if k == E.UNMORTGAGE:
        return f"{who} lifts the mortgage on {_sq(game, ev.square)} for {m(ev.amount)}."
    if k in (E.TRADE_OFFER, E.TRADE_ACCEPT, E.TRADE_REJECT):
        t = game.log.extras[ev.detail]
        if k == E.TRADE_OFFER:
            return f"{who} offers {_who(game, ev.other)} a trade: {describe_trade(t, game)}."
        verb = "accepts" if k == E.TRADE_ACCEPT else "rejects"
        return f"{_who(game, ev.other)} {verb} {who}'s trade."
    if k in (E.CHEAT, E.CHEAT_OUTCOME, E.ACCUSATION):
        from .editions.cheats import describe_cheat_event
        return describe_cheat_event(ev, game, who, m)
    if k == E.WINDOW:
        group = game.board.groups[game.board.squares[ev.square].group].label if ev.square >= 0 else "a group"
        return (f"Before {_who(game, ev.other)}'s turn: {who}, who now holds {group}"
                f"{f' and {ev.amount - 1} more' if ev.amount > 1 else ''}, may build without waiting for their turn.")
    if k == E.OFFERS_DECLINED:
        return f"{who} declines every later trade offer from {_who(game, ev.other)}."
    if k in (E.COIN, E.MR_MONOPOLY, E.TRAP, E.FREE_HOUSE):
        return _sore_losers(ev, game, who)
    if k == E.BUS_TICKET:
        how = _TICKET_HOW[E.KINDS[E.BUS_TICKET].name_of("detail", ev.detail)]
        if ev.detail == E.TICKET_BANKRUPTCY and ev.other < 0:      # (the bankrupt player's side of it)
            how = f"hands {-ev.other} bus ticket{'' if ev.other == -1 else 's'} over to the creditor"
        return f"{who} {how} ({ev.amount} held now)."
    if k == E.DEBT:
        return f"{who} owes {m(ev.amount)} to {_who(game, ev.other)} and must raise money."
    if k == E.BANKRUPT:
        return f"{who} is bankrupt (creditor: {_who(game, ev.other)})."
    if k == E.END:
        reason = E.END_REASONS[ev.detail].replace("_", " ")
        winner = f"{who} wins" if ev.player >= 0 else "No winner"
        return f"Game over ({reason}): {winner}."
    if k == E.FINAL_LAP:
        return "Every property is owned: the final lap to GO begins."
    if k == E.HOME:
        return f"{who} is home at GO and waits there for the others."
    says = E.KINDS[k].says
    return f"{says[0].upper()}{says[1:]} ({who})." if ev.player >= 0 else f"{says[0].upper()}{says[1:]}."


#: Why sore loser coins move, in words (events.KINDS names the codes).
_COIN_WHY = {"start": "to start", "rent": "for paying rent", "tax": "for paying a tax or bill",
             "jail": "for going to jail", "own_property": "for landing on their own property", "card": "from a card",
             "trapped": "for being trapped by Mr Monopoly", "stolen": "at Free Parking",
             "returned": "at Free Parking", "cash_in": "to become Mr Monopoly", "bankruptcy": "on going bankrupt",
             "trade": "in a trade"}
_MR_HOW = {"cash_in": "cashes in four sore loser coins and becomes Mr Monopoly",
           "card": "takes the Mr Monopoly token by a card", "bankruptcy": ""}


def _landed_on_by_the_payee(ev: E.Event, game) -> bool:
    """Whether the rent ``ev`` is paid to the player who has just landed on the square: the owner paying Mr
    Monopoly (Sore Losers: "instead of paying rent, collect rent from the property's owner"). Read from the log:
    the last move before the payment, a few events back at most."""
    log = game.log
    if game.rules.edition != "sore-losers" or ev.seq >= len(log) or log[ev.seq] != ev:
        return False
    for i in range(ev.seq - 1, max(ev.seq - 8, -1), -1):
        before = log[i]
        if before.kind == E.MOVE:
            return before.player == ev.other and before.square == ev.square
    return False


def _sore_losers(ev: E.Event, game, who: str) -> str:
    """Monopoly for Sore Losers' events: coins, the token, traps and free houses."""
    k = ev.kind
    if k == E.COIN:
        n = "a sore loser coin" if ev.amount == 1 else f"{ev.amount} sore loser coins"
        why = _COIN_WHY[E.KINDS[E.COIN].name_of("detail", ev.detail)]
        if ev.player == E.BANK:
            return f"{_who(game, ev.other)} gives {n} back to the bank {why}."
        if ev.other == E.BANK:
            return f"{who} collects {n} {why}."
        return f"{who} takes {n} from {_who(game, ev.other)} {why}."
    if k == E.MR_MONOPOLY:
        if ev.player < 0:
            return f"The Mr Monopoly token goes back to the centre of the board ({_who(game, ev.other)} is out)."
        said = f"{who} {_MR_HOW[E.KINDS[E.MR_MONOPOLY].name_of('detail', ev.detail)]} on {_sq(game, ev.square)}"
        # (the one who held it takes their own token back: the cash-in question says so, and a browser review
        # found the feed silent about it)
        back = f", and {_who(game, ev.other)} takes back their own token" if 0 <= ev.other != ev.player else ""
        return f"{said}{back}."
    if k == E.TRAP:
        return f"Mr Monopoly ({who}) lands on {_who(game, ev.other)} and traps them on {_sq(game, ev.square)}."
    return f"Mr Monopoly ({who}) places a free house on {_sq(game, ev.square)} ({ev.amount} now)."


def _dice_words(faces: tuple[int, ...]) -> str:
    """The faces as a class reads them: "3 and 4"; with Mega's speed die (the third face: 1-3 pips, 4 and 5
    Mr. Monopoly, 6 the Bus, seed 002 THE DICE & HOW TO MOVE) "3 and 4, speed die Bus"."""
    if len(faces) != 3:
        return " and ".join(map(str, faces))
    a, b, s = faces
    face = "Mr. Monopoly" if s in SPEED_MR_MONOPOLY else "the Bus" if s == SPEED_BUS else str(s)
    return f"{a} and {b}, speed die {face}"


def _doubles_words(game, packed: int, faces: tuple[int, ...]) -> str:
    """" (triples!)" for Mega's triples (seed 002: "Triples (1-1-1, 2-2-2, 3-3-3)", the board's centre says
    the same), " (doubles)" for doubles as the game's dice read them, else nothing. (Only the Mega Edition plays
    triples: a speed die added to the classic game, where they are ordinary doubles, read "(triples!)" there too.)"""
    if game.rules.edition == "mega" and is_triples(Roll(faces, 0, False)):
        return " (triples!)"
    return " (doubles)" if _is_doubles(game, packed, faces) else ""


def _is_doubles(game, packed: int, faces: tuple[int, ...]) -> bool:
    """Whether a roll's packed faces are doubles, as the game's dice model reads them (Mega: the white dice). A
    roll of two dice in a game of three (Mega's turn order and jail rolls, of the white dice alone) is doubles when
    they match (the order roll "1 and 1" was not tagged)."""
    for r in game.dice.outcomes:
        if r.packed == packed:
            return r.doubles
    return len(faces) == 2 and faces[0] == faces[1]


def auction_item(game, item: int, square: int) -> str:
    """What an auction sells, in words: "the deed of Boardwalk", "a house", "a hotel", "a skyscraper", "a train
    depot" (``item``: the auction event's ``other``, ``sales.ITEM_*``; the Play page's bid question says it too)."""
    kind = E.KINDS[E.AUCTION].name_of("other", item)
    return "the deed of " + _sq(game, square) if kind == "deed" else "a " + kind.replace("_", " ")


def _level_words(game, level: int) -> str:
    """A street's buildings at ``level``: "no buildings", "1 house", "3 houses", "a hotel" (above the hotel, the
    edition's building: "a skyscraper")."""
    hotel = game.edition.hotel_level
    if level == 0:
        return "no buildings"
    if level < hotel:
        return f"{level} house{'' if level == 1 else 's'}"
    return "a hotel" if level == hotel else "a " + game.edition.building_name("street", level)


def _buildings_sold(ev: E.Event, game) -> tuple[str, str]:
    """What a sale handed back and what is left, from the money it paid (half the house cost a level; a hotel
    is the fifth level) and the level left (``amount``): ("a house", " (2 houses left)"), ("the hotel",
    " (4 houses stay)"), ("3 houses", "")."""
    half = game.board.squares[ev.square].house_cost // 2
    levels = ev.other // half if half else 0
    hotel = game.edition.hotel_level
    if not game.board.squares[ev.square].group:         # Mega: a train depot on a railroad
        return "the train depot", ""
    if levels == 1 and ev.amount == hotel:              # Mega: a skyscraper goes back, its hotel stays
        return "the skyscraper", " (the hotel stays)"
    if levels == 1 and ev.amount == hotel - 1:
        return "the hotel", f" ({hotel - 1} houses stay)"
    if levels == 1:
        left = ev.amount
        return "a house", f" ({left} house{'' if left == 1 else 's'} left)" if left else " (the last one)"
    # several levels at once (a whole set's buildings): a hotel sold whole counts its houses' levels too, and a
    # Mega skyscraper is a level above the hotel (a walkthrough read "sells 6 houses" of a skyscraper's street)
    start, to = ev.amount + levels, ev.amount
    if start < hotel:
        return f"{levels} houses", ""
    parts = ["the skyscraper"] if start > hotel else []
    parts.append("the hotel")
    houses = hotel - 1 - to if 0 < to < hotel - 1 else 0
    if houses:
        parts.append(f"{houses} house{'' if houses == 1 else 's'}")
    left = f" ({to} house{' stays' if to == 1 else 's stay'})" if to and to < hotel else ""
    return " and ".join(parts if len(parts) < 3 else [", ".join(parts[:-1]), parts[-1]]), left


def describe_trade(t, game) -> str:
    """The trade as "what the proposer gives for what they get"."""
    gives, gets = trade_sides(t, game)
    return f"{gives} for {gets}"


def trade_sides(t, game) -> tuple[str, str]:
    """What the proposer of trade ``t`` gives, and what they ask for, each in words ("nothing" when empty)."""
    def side(cash, squares, cards, tokens):
        parts = [money(game, cash)] if cash else []
        parts += [_sq(game, s) for s in squares]
        parts += [f"a Get Out of Jail Free card ({d})" for d in cards]
        parts += [count_of(tokens.count(n), game.edition.tokens.get(n, n)) for n in sorted(set(tokens))]
        return ", ".join(parts) or "nothing"
    return (side(t.give_cash, t.give_squares, t.give_cards, t.give_tokens),
            side(t.get_cash, t.get_squares, t.get_cards, t.get_tokens))


def _ordinal(n: int) -> str:
    return f"{n}{'tsnrhtdd'[(n // 10 % 10 != 1) * (n % 10 < 4) * n % 10::4]}"
