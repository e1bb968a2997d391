"""Trade rules (002 SELLING PROPERTY, 004 DEALS & TRADES): what two players may exchange, and when."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Trade
from .mortgage import interest

if TYPE_CHECKING:
    from .game_state import GameState
    from .state import Player


def trade_problem(game: GameState, trade: Trade) -> str | None:
    """Why ``trade`` cannot happen now (None: it can, once the target accepts)."""
    n = len(game.players)
    if not (0 <= trade.proposer < n and 0 <= trade.target < n):
        return "a trade needs two seats at this table"
    if trade.proposer == trade.target:
        return "a trade needs two different players"
    a, b = game.players[trade.proposer], game.players[trade.target]
    if a.bankrupt or b.bankrupt:
        return "both players must still be in the game"
    if (trade.target, trade.proposer) in game.declined:
        return f"{b.name} declines every trade offer from {a.name}"
    if trade.is_empty():
        return "the trade is empty"
    if not (trade.give_squares or trade.give_cards or trade.get_squares or trade.get_cards or trade.give_tokens
            or trade.get_tokens):
        # 002 MISCELLANEOUS: "No player may borrow from or lend cash to another player"; 004: "Property can be
        # traded for cash, other property and/or Get Out of Jail Free cards"
        things = ["a property", "a Get Out of Jail Free card"] + [f"a {one}" for one in game.edition.tokens.values()]
        return f"a trade must include {', '.join(things[:-1])} or {things[-1]}: players may not lend or give " \
               "each other cash (only the bank lends, on mortgages)"
    if trade.give_cash < 0 or trade.get_cash < 0:
        return "cash in a trade cannot be negative"
    if trade.give_cash > a.cash:
        return f"{a.name} has only {game.board.currency}{a.cash:,} in cash"
    if trade.get_cash > b.cash:
        return f"{b.name} has only {game.board.currency}{b.cash:,} in cash"
    for squares, who in ((trade.give_squares, a), (trade.get_squares, b)):
        why = _squares_problem(game, squares, who)
        if why is not None:
            return why
    for cards, who in ((trade.give_cards, a), (trade.get_cards, b)):
        for deck in cards:              # (a deck named twice is counted twice: either way, the same answer)
            if cards.count(deck) > who.card_count(deck):
                return f"{who.name} does not hold that many {deck} Get Out of Jail Free cards"
    if trade.give_tokens or trade.get_tokens:
        why = _tokens_problem(game, trade, a, b)
        if why is not None:
            return why
    # A receiver must be able to pay the interest on mortgaged properties at once (004 DEALS & TRADES).
    for receiver, squares, cash_in, cash_out in ((b, trade.give_squares, trade.give_cash, trade.get_cash),
                                                  (a, trade.get_squares, trade.get_cash, trade.give_cash)):
        due = 0
        for s in squares:
            if game.mortgaged[s]:
                due += interest(game, s)
        if due and receiver.cash + cash_in - cash_out < due:
            return f"{receiver.name} could not pay the {due} interest due at once on the mortgaged properties"
    return None if game.classic_rules else game.edition.trade_problem(game, trade)


def _tokens_problem(game: GameState, trade: Trade, a: Player, b: Player) -> str | None:
    """Why the edition's tokens named in ``trade`` cannot change hands (None: they can)."""
    edition = game.edition
    for tokens, who, other, back in ((trade.give_tokens, a, b, trade.get_tokens),
                                     (trade.get_tokens, b, a, trade.give_tokens)):
        for name in sorted(set(tokens)):
            one = edition.tokens.get(name)
            if one is None:
                return f"there are no {name!r} tokens to trade in the {edition.title}"
            held = edition.token_count(game, who, name)
            if tokens.count(name) > held:
                return f"{who.name} holds {count_of(held, one)}"
            why = edition.token_trade_problem(game, who, other, name, tokens.count(name), back.count(name))
            if why is not None:
                return why
    return None


def count_of(n: int, one: str) -> str:
    """``n`` things called ``one``, in words: "1 bus ticket", "2 bus tickets", "no bus tickets"."""
    return f"{n} {one}" if n == 1 else f"{n or 'no'} {one}s"


def _squares_problem(game: GameState, squares: tuple[int, ...], who: Player) -> str | None:
    """Why ``who`` may not hand over ``squares`` (None: it may). Plain loops: bots check a trade before every
    offer they make."""
    if len(squares) > 1 and len(set(squares)) != len(squares):
        return "a property appears twice in the trade"
    board, owner, level = game.board, game.owner, game.level
    # where buildings cannot be sold back, they go with the deed (Sore Losers 000: "If you trade or sell a street
    # with a building on it, those buildings go to the new owner"; Cheaters 003: "the Hotel stays")
    blocks = game.edition.buildings_block_trades
    for s in squares:
        if not (0 <= s < board.size) or not board.squares[s].ownable:
            return f"square {s} is not a property"
        if owner[s] != who.seat:
            return f"{who.name} does not own {board.squares[s].name}"
        if not blocks:
            continue
        if level[s] and not game.members_of[s]:     # (Mega: a train depot on a railroad)
            name = board.squares[s].name
            return f"{name} has a building on it: sell it to the bank before trading {name}"
        for x in game.members_of[s]:
            if level[x]:
                label, name = board.groups[board.squares[s].group].label, board.squares[s].name
                return f"the {label} set has buildings: sell them to the bank before trading {name}"
    return None


def tradeable(game: GameState, seat: int, square: int) -> bool:
    """``seat`` owns ``square`` and neither it nor its colour set has buildings, so the deed may change hands (004
    DEALS & TRADES; 002 SELLING PROPERTIES: "Unimproved properties (but not buildings) may be sold", buildings must
    be sold to the bank first; a Mega train depot too: tip 9, "avoid the need to sell a depot ... if you have one
    railroad and wish to include it in a trade")."""
    if game.owner[square] != seat:
        return False
    if not game.edition.buildings_block_trades:
        return True
    level = game.level
    if level[square]:       # (its own building: Mega's train depot on a railroad, or a street's houses)
        return False
    for x in game.members_of[square]:
        if level[x]:
            return False
    return True
