"""Invariants of a Mega Edition game (seed 002), checked after every step of the invariant runs.

The classic checks (tests/invariants.py) assume buildings only on complete sets; the Mega Edition builds with all but
one of a group, adds skyscrapers and train depots and bus tickets, so its position is checked here.
"""
from __future__ import annotations

from monopoly_core import events as E
from monopoly_core.editions import mega_tickets as T


def check(game) -> list[str]:
    out = []
    rules, board = game.rules, game.board
    if game.money_in_play() != game.bank_paid - game.bank_received:
        out.append("money not conserved")
    x = T.supply(game)
    hotel = game.edition.hotel_level
    # the last-property rule settles a group completed during a turn (by a purchase, a trade, a bankruptcy) before
    # the turn goes on: its evenness and mortgages are checked when a turn starts and at each roll to move
    last = len(game.log) - 1
    turn_starts = last >= 0 and (game.log.kind[last] == E.TURN or (
        game.log.kind[last] == E.ROLL and game.log.other[last] in (E.ROLL_MOVE, E.ROLL_JAIL)))
    houses = hotels = skyscrapers = depots = 0
    for s in range(board.size):
        sq, lv, owner = board.squares[s], game.level[s], game.owner[s]
        if not sq.ownable and (owner != -1 or lv or game.mortgaged[s]):
            out.append(f"square {s} has an owner, buildings or a mortgage")
        if lv and game.mortgaged[s]:
            out.append(f"buildings on mortgaged {sq.name}")
        if sq.kind == "railroad":
            depots += lv
            if lv > 1 or (lv and owner < 0):
                out.append(f"{sq.name}: level {lv}")
        elif sq.kind == "street":
            members = board.groups[sq.group].squares
            mine = [m for m in members if game.owner[m] == owner]
            if lv:
                houses += lv if lv < hotel else 0
                hotels += lv == hotel
                skyscrapers += lv > hotel
                if owner < 0 or len(mine) < len(members) - 1:
                    out.append(f"buildings on {sq.name} without all but one of its group")
                if lv > hotel and (len(mine) < len(members) or min(game.level[m] for m in members) < hotel):
                    out.append(f"a skyscraper on {sq.name} without hotels on the whole group")
                if turn_starts and any(game.mortgaged[m] for m in mine):
                    out.append(f"buildings in {sq.group} while its owner has a mortgage there")
                levels = [game.level[m] for m in mine]
                if turn_starts and rules.even_building and max(levels) - min(levels) > 1:
                    out.append(f"uneven building in {sq.group}: {levels}")
        elif lv:
            out.append(f"buildings on {sq.name}")
        if owner >= 0 and game.players[owner].bankrupt:
            out.append(f"{sq.name} owned by a bankrupt player")
    if rules.building_limits:
        if houses + game.houses_left != rules.houses or hotels + game.hotels_left != rules.hotels:
            out.append(f"houses/hotels: {houses}+{game.houses_left}, {hotels}+{game.hotels_left}")
        if skyscrapers + x.skyscrapers_left != rules.skyscrapers or x.skyscrapers_left < 0:
            out.append(f"skyscrapers: {skyscrapers} built + {x.skyscrapers_left} in the bank")
        if min(game.houses_left, game.hotels_left) < 0:
            out.append("negative building supply")
    if depots + x.depots_left != rules.train_depots or x.depots_left < 0:
        out.append(f"depots: {depots} built + {x.depots_left} in the bank")
    held = sum(T.held(p) for p in game.players)
    if len(x.pile) + held + x.out_of_play != x.tickets or min(T.held(p) for p in game.players) < 0:
        out.append(f"tickets: {len(x.pile)} in the pile + {held} held + {x.out_of_play} out != {x.tickets}")
    for p in game.players:
        if p.cash < 0:
            out.append(f"{p.name} has negative cash")
        if p.in_jail and p.position != board.jail:
            out.append(f"{p.name} in jail on square {p.position}")
        if p.bankrupt and (p.cash or p.cards or T.held(p)):
            # (tickets: an outside review's bankruptcy to the bank that ended the game left them held, as they went
            # only at the next turn's start)
            out.append(f"bankrupt {p.name} holds cash, cards or bus tickets")
    return out
