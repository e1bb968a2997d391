"""Invariants checked after every step of the invariant runs (DESIGN.md section 7).

Each check returns a list of violations (empty when all is well), so a failing test shows every problem at
the step where it first appeared.
"""
from __future__ import annotations

from monopoly_core import decisions as D
from monopoly_core import events as E
from monopoly_core.building import HOTEL


def check(game) -> list[str]:
    out = []
    rules, board = game.rules, game.board
    n = len(game.players)
    # money is conserved: players' cash + pot = start money + what the bank paid out - what it took in
    if game.log.enabled and any(k == E.START for k in game.log.kind[:1]):
        expected = game.bank_paid - game.bank_received
        if game.money_in_play() != expected:
            out.append(f"money not conserved: in play {game.money_in_play()} != bank paid - received {expected}")
    # buildings within supply, and only where the rules allow
    houses = sum(lv for lv in game.level if lv < HOTEL)
    hotels = sum(1 for lv in game.level if lv == HOTEL)
    if rules.building_limits:
        if houses + game.houses_left != rules.houses:
            out.append(f"houses: {houses} built + {game.houses_left} in bank != {rules.houses}")
        if hotels + game.hotels_left != rules.hotels:
            out.append(f"hotels: {hotels} built + {game.hotels_left} in bank != {rules.hotels}")
        if game.houses_left < 0 or game.hotels_left < 0:
            out.append("negative building supply")
    for s in range(board.size):
        sq = board.squares[s]
        lv, owner = game.level[s], game.owner[s]
        if not sq.ownable and (owner != -1 or lv or game.mortgaged[s]):
            out.append(f"square {s} ({sq.kind}) has an owner, buildings or a mortgage")
        if lv and sq.kind != "street":
            out.append(f"buildings on non-street {s}")
        # (Sore Losers: a free house goes on any street, and stolen, traded and mortgaged streets keep theirs)
        if lv and game.edition.buildings_sellable:
            members = board.groups[sq.group].squares
            if any(game.owner[x] != owner for x in members):
                out.append(f"buildings on {sq.name} without the whole set")
            if any(game.mortgaged[x] for x in members):
                out.append(f"buildings on {sq.name} while its set has a mortgage")
            if rules.even_building:
                levels = [game.level[x] for x in members]
                if max(levels) - min(levels) > 1:
                    out.append(f"uneven building in {sq.group}: {levels}")
        if owner >= 0 and game.players[owner].bankrupt:
            out.append(f"{sq.name} owned by bankrupt player {owner}")
        if game.mortgaged[s] and owner < 0:
            out.append(f"{sq.name} mortgaged but owned by the bank")
    # ownership counts kept by the engine agree with the owner list
    real = {key: [0] * n for key in game.owned_in}
    for s in board.properties:
        if game.owner[s] >= 0:
            real[game.holding_key[s]][game.owner[s]] += 1
    if real != game.owned_in:
        out.append(f"owned_in {game.owned_in} != real counts {real}")
    # each seat's deed list kept by the engine is exactly its deeds, in board order
    for seat in range(n):
        held = [s for s in board.properties if game.owner[s] == seat]
        if game.deeds_of[seat] != held:
            out.append(f"deeds_of[{seat}] {game.deeds_of[seat]} != the deeds it holds {held}")
    # cash never negative; bankrupt players hold nothing
    for p in game.players:
        if p.cash < 0:
            out.append(f"{p.name} has negative cash {p.cash}")
        if p.bankrupt and (p.cash or p.cards):
            out.append(f"bankrupt {p.name} still holds cash or cards")
        if p.in_jail and p.position != board.jail:
            out.append(f"{p.name} in jail but on square {p.position}")
    # Get Out of Jail Free cards: each is in its deck or in exactly one hand
    for kind in ("chance", "chest"):
        held = [idx for p in game.players for k, idx in p.cards if k == kind]
        in_deck = list(game.decks[kind])
        if game.decks[kind] and sorted(held + in_deck) != list(range(len(game.deck_cards[kind]))):
            out.append(f"{kind} deck and hands do not hold each card exactly once")
    if game.pot < 0:
        out.append("negative Free Parking pot")
    d = game.pending
    if d is not None and game.players[d.player].bankrupt:
        out.append(f"a bankrupt player must decide: {d}")
    if d is not None and d.kind == D.DEBT and game.players[d.player].cash >= d.amount:
        out.append("debt decision while cash covers the debt")
    return out
