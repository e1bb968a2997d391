"""Cheating as a game of probability (seed 003 first part, "CHEATING"; the model is the project's reading).

A cheat card (data/cheats/NAME.toml) has a name, an act, a reward and a penalty, and a difficulty. Five lie face up.
A player attempts one at the start of their turn (the rule book's "Start by checking out the Cheat cards ... Make a
plan"): the act is done at once and in secret. Each bot opponent notices it with probability difficulty x its
vigilance, and a bot that notices calls "Cheat!" at once; people at the table may call "Cheat!" on that player while
any window of the turn is open, up to the next player's cheat plan (``cheaters_turn.call``). A cheat nobody catches
is revealed when the next player moves on from the cheat cards (their first answer) and rewarded; a caught one is
undone where it can be and penalised; a false accusation costs the accuser £100 (a rule). A cheat whose act did
nothing earns nothing ("Complete this action to cheat"): nobody is robbed who has no money, and a Rent Dodger that
meets no rent in its turn is revealed void; one noticed before any rent is caught trying (the penalty is paid, the
next rent too). The card then goes to the bottom of the cheat pile and the next one is turned face up in its place.

When a cheat may be attempted (the project's reading of "You may cheat during your turn or during another player's
turn"; "Make a plan to complete one or more during your turn or during another player's turn"): at the start of
one's own turn (the cheat plan, ``decisions.CHEAT``), one attempt a turn at the table, in jail too ("You may also
catch cheats and cheat"). Cheating during another player's turn is left out: the rule book reveals a cheat "after the
next player rolls", so two players' cheats would await the same roll, and a call of "Cheat!" would have to name
which; one cheat awaiting the roll keeps the model (and the call, on the watched player) simple for a class.

"Ultimate cheat's mode" (a house rule, ``RuleSet.ultimate_cheats``) adds a menu of free-form cheats whose chance of
being noticed grows with their size (data: the ``[ultimate]`` table of the cheat file).
"""
from __future__ import annotations

import functools
import reprlib
from collections import deque
from typing import TYPE_CHECKING, Any, Callable, Final

from .. import decisions as D
from .. import events as E
from .. import final_lap
from .. import flow
from .. import holdings
from .. import jail
from ..building import hotel_in_bank
from .. import movement
from .. import payments
from ..datafiles import load_toml
from ..errors import DataError
from . import cheaters_actions as C
from . import cheaters_targets as targets

if TYPE_CHECKING:
    from ..game_state import GameState, Play
    from ..state import Player

#: act effect -> whether the act's size (``amount``) is used
EFFECTS = {"take_cash": True, "take_from_player": True, "escape_jail": False, "remove_hotel": False,
           "move_other": True, "move_self": True, "skip_rent": False}
#: the free-form cheats of ultimate cheat's mode: effect -> the code events give it
FREE_KINDS = {"take_cash": E.CHEAT_TAKE_CASH, "move_self": E.CHEAT_MOVE_SELF, "skip_rent": E.CHEAT_SKIP_RENT}


class CheatCard:
    """One cheat: what it does, what it pays, what it costs, how hard it is to hide (a card, or a free-form cheat
    of ultimate cheat's mode)."""

    __slots__ = ("index", "name", "act", "effect", "amount", "reward", "penalty", "jail", "difficulty")

    def __init__(self, index: int, name: str, act: str, effect: str, amount: int, reward: int, penalty: int,
                 to_jail: bool, difficulty: int) -> None:
        self.index = index              # its number in the cheat file (-1: a free-form cheat)
        self.name = name
        self.act = act
        self.effect = effect
        self.amount = amount
        self.reward = reward
        self.penalty = penalty
        self.jail = to_jail
        self.difficulty = difficulty    # percent: an ordinary opponent's chance of noticing


class CheatDeck:
    """The cheat cards of one file and the free-form menu of ultimate cheat's mode."""

    def __init__(self, name: str, title: str, cards: tuple[CheatCard, ...], free: tuple[CheatCard, ...]) -> None:
        self.name = name
        self.title = title
        self.cards = cards
        self.free = free


#: the largest amount, reward, penalty or size a cheat file may give (the RuleSet's bound on sums of money)
MOST: Final = 100_000


def _number(raw: dict, key: str, where: str, default: int | None = None, top: int = MOST) -> int:
    value = raw.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
        raise DataError(f"{where}: {key} must be a whole number from 0 to {top:,}, got {reprlib.repr(value)}")
    return value


@functools.lru_cache(maxsize=None)
def load_cheats(name: str) -> CheatDeck:
    """The cheat cards ``data/cheats/<name>.toml``; a bad file raises :class:`DataError` naming the card."""
    return cheat_deck(load_toml("cheats", name), name)


def cheat_deck(raw: dict, name: str) -> CheatDeck:
    """The cheat cards of a parsed cheat file; anything malformed raises :class:`DataError` saying where and why."""
    listed = raw.get("cheats", [])
    if not isinstance(listed, list):
        raise DataError(f"cheat file {name!r}: the cheats must be a list of [[cheats]] tables")
    cards = []
    for i, c in enumerate(listed):
        where = f"cheat file {name!r} card {i + 1}"
        if not isinstance(c, dict):
            raise DataError(f"{where}: must be a [[cheats]] table, got {reprlib.repr(c)}")
        effect = c.get("effect")
        if not isinstance(effect, str) or effect not in EFFECTS:
            raise DataError(f"{where}: unknown effect {reprlib.repr(effect)} (known: {', '.join(EFFECTS)})")
        for key in ("name", "act"):
            if not isinstance(c.get(key), str) or not c[key].strip():
                raise DataError(f"{where}: needs a {key} (text)")
        jailed = c.get("jail", False)
        if not isinstance(jailed, bool):
            raise DataError(f"{where}: jail must be true or false, got {reprlib.repr(jailed)}")
        cards.append(CheatCard(i, c["name"], c["act"], effect, _number(c, "amount", where, 0),
                               _number(c, "reward", where, 0), _number(c, "penalty", where, 0), jailed,
                               _number(c, "difficulty", where, top=100)))
    if not cards:
        raise DataError(f"cheat file {name!r} has no cheats")
    title = raw.get("title", name)
    if not isinstance(title, str):
        raise DataError(f"cheat file {name!r}: title must be text")
    return CheatDeck(name, title, tuple(cards), _free_menu(raw.get("ultimate", {}), name))


def _free_menu(raw: Any, name: str) -> tuple[CheatCard, ...]:
    """The free-form cheats: each effect at each listed size, its chance of being noticed growing with the size."""
    where = f"cheat file {name!r} [ultimate]"
    if not isinstance(raw, dict):
        raise DataError(f"{where} must be a table")
    cap = _number(raw, "cap_percent", where, 95, top=100)
    out = []
    words = {"take_cash": ("Help yourself to £{n} from the bank", "Take £{n} from the bank tray."),
             "move_self": ("Move your token {n} on", "Move your own token forward {n} squares before you roll."),
             "skip_rent": ("Skip a rent", "Don't pay the next rent you owe this turn.")}
    for effect in FREE_KINDS:
        sizes = raw.get(effect, [])
        per = raw.get(f"{effect}_percent_per_unit", 0)
        fine = _number(raw, f"{effect}_penalty_per_unit", where, 0)
        if not isinstance(sizes, list) or not all(type(n) is int and 0 < n <= MOST for n in sizes):
            raise DataError(f"{where}: {effect} must list sizes from 1 to {MOST:,}, got {reprlib.repr(sizes)}")
        if isinstance(per, bool) or not isinstance(per, (int, float)) or not 0 <= per <= 100:
            raise DataError(f"{where}: {effect}_percent_per_unit must be a percent from 0 to 100, got "
                            f"{reprlib.repr(per)}")
        title, act = words[effect]
        for n in sizes:
            out.append(CheatCard(-1, title.format(n=n), act.format(n=n), effect, n, 0, min(n * fine, MOST), False,
                                 int(min(cap, n * per))))
    return tuple(out)


# --- the table's cheat state -------------------------------------------------------------------------------------
class Attempt:
    """A cheat done and not yet revealed or caught, with what undoing it needs."""

    __slots__ = ("seat", "card", "slot", "turn", "victim", "square", "moved", "salary", "homed", "noticed")

    def __init__(self, seat: int, card: CheatCard, slot: int, turn: int) -> None:
        self.seat = seat
        self.card = card
        self.slot = slot                # the face-up place (-1: a free-form cheat)
        self.turn = turn
        self.victim = -1                # the player robbed or moved
        self.square = -1                # the hotel removed; a nudge: the square it left the token on
        self.moved = 0                  # money taken or squares moved
        self.salary = 0                 # the salary a nudge past GO paid
        self.homed = False              # the nudge took the cheat home to GO on the final lap
        self.noticed: set[int] = set()  # the bots that saw it


class CheatTable:
    """The cheat pile, the face-up cards and the attempt awaiting the next roll (``GameState.extra`` holds one
    :class:`..cheaters.CheatersState` with this inside)."""

    def __init__(self, deck: CheatDeck, face_up: int) -> None:
        self.deck = deck
        self.pile: deque[int] = deque()
        self.face_up: list[int] = [-1] * face_up
        self.pending: Attempt | None = None
        self.attempted_turn = -1         # the turn of the last attempt (one attempt a turn)
        self.skip_rent: dict[int, int] = {}   # seat -> the turn in which its next rent is not paid
        self.last_caught = (-1, -1)      # (seat, turn of the attempt) of the last cheat caught

    def deal(self, shuffle: Callable[[list[int]], None]) -> None:
        """Shuffle the cheat cards and turn the first ones face up (seed: "Draw five cards and place them face
        up")."""
        order = list(range(len(self.deck.cards)))
        shuffle(order)
        self.pile.extend(order)
        for slot in range(len(self.face_up)):
            self.face_up[slot] = self.pile.popleft() if self.pile else -1

    def replace(self, slot: int) -> None:
        """The card of ``slot`` goes to the bottom of the pile and the next one is turned up in its place."""
        if slot < 0:
            return
        self.pile.append(self.face_up[slot])
        self.face_up[slot] = self.pile.popleft()


def table(g: GameState) -> CheatTable:
    return g.extra.cheats


# --- who may do what ---------------------------------------------------------------------------------------------
def act_problem(g: GameState, p: Player, card: CheatCard) -> str | None:
    """Why ``p`` cannot do ``card``'s act now (None: they can)."""
    if final_lap.home(g, p.seat):
        return "you are home at GO on the final lap and take no more turns: no more cheats"
    e = card.effect
    if e == "escape_jail":
        return None if p.in_jail else "you are not in jail"
    if p.in_jail and e in ("move_self", "skip_rent"):
        return "not while you are in jail"
    if e == "take_from_player" and not targets.candidates(g, p.seat, e, targets.PLAYER):
        return "nobody to take from"
    if e == "remove_hotel" and not targets.candidates(g, p.seat, e, targets.THEIR_HOTEL):
        return "nobody else has a hotel"
    if e == "move_other" and not targets.candidates(g, p.seat, e, targets.PLAYER):
        return "no other token out of jail to move"
    return None


def attempt_problem(g: GameState, p: Player, slot: int) -> str | None:
    t = table(g)
    if t.attempted_turn == g.turn:
        return "one cheat a turn"
    if not 0 <= slot < len(t.face_up) or t.face_up[slot] < 0:
        return f"no face-up cheat card in place {slot}"
    a = t.pending
    if a is not None and a.slot == slot:
        # (the card stays face up until the cheat is revealed or caught, 003: "Return the card ... and place a new
        # one face up"; revealed as this player moves on, its place would show another card than the one chosen)
        return f"{g.players[a.seat].name} is still trying this cheat: it leaves the table once revealed or caught"
    return act_problem(g, p, t.deck.cards[t.face_up[slot]])


def free_problem(g: GameState, p: Player, index: int) -> str | None:
    t = table(g)
    if not g.rules.ultimate_cheats:
        return "ultimate cheat's mode is off"
    if not 0 <= index < len(t.deck.free):
        return f"no free-form cheat {index}"
    if t.attempted_turn == g.turn:
        return "one cheat a turn"
    return act_problem(g, p, t.deck.free[index])


# --- doing, revealing, catching ------------------------------------------------------------------------------------
def attempt(g: GameState, p: Player, card: CheatCard, slot: int) -> Play:
    """``p`` does ``card``'s act in secret; the bots at the table may notice it and call "Cheat!" at once."""
    t = table(g)
    t.attempted_turn = g.turn
    a = t.pending = Attempt(p.seat, card, slot, g.turn)
    kind = E.CHEAT_BY_CARD if slot >= 0 else FREE_KINDS[card.effect]
    asks = targets.ASKS.get(card.effect, ())
    target = (yield from targets.choose(g, p, card.effect, asks[0])) if asks else -1
    g.log.add(E.CHEAT, p.seat, slot, card.amount, card.index, kind)
    _act(g, p, a, target)
    for seat in _noticers(g, p.seat, card.difficulty):
        a.noticed.add(seat)
    for seat in sorted(a.noticed):
        if waiting(t) is not a or g.players[seat].bankrupt or p.bankrupt:
            break
        answer = yield from flow.ask(g, D.Decision(g, D.CALL_CHEAT, seat, other=p.seat))
        if answer.kind == C.CALL:
            yield from accuse(g, g.players[seat], p.seat)


def waiting(t: CheatTable) -> Attempt | None:
    """The attempt awaiting the next roll, read afresh (a call may have resolved it since it was made: the
    compiled build would otherwise trust the type it had when it was set)."""
    return t.pending


def _noticers(g: GameState, seat: int, difficulty: int) -> list[int]:
    """The bots that notice a cheat of ``difficulty`` by ``seat``: each draws once from the game's generator
    (people watch the table themselves)."""
    out = []
    for q in g.players:
        if q.seat == seat or q.bankrupt:
            continue
        bot = g.bots.get(q.seat)
        if bot is None:
            continue
        chance = difficulty / 100.0 * float(getattr(bot, "vigilance", 1.0))
        if g.rng.random() < chance:
            out.append(q.seat)
    return out


def _move(g: GameState, q: Player, steps: int) -> None:
    """Move ``q``'s token ``steps`` squares (negative: back) by a cheat: no landing, no salary (a move back, or a
    caught cheat's move undone; a nudge forward is :func:`_nudge`)."""
    start = q.position
    q.position = (start + steps) % g.size
    g.log.add(E.MOVE, q.seat, q.position, steps, start, E.MOVE_BY_CHEAT)


def _nudge(g: GameState, p: Player, a: Attempt, steps: int) -> None:
    """``p`` nudges their own token ``steps`` squares forward (no landing: the roll comes next). Past GO it pays the
    salary, as any move does (003: "When you pass or land on the GO space, collect £200"), and on the final lap it
    stops there ("When you reach GO ... stop there even if you have moves left"); ``a`` keeps what to undo. The
    salary is paid as the cheat's money (``R_CHEAT``, as a caught cheat hands it back): money the act moved."""
    start = p.position
    if start + steps < g.size:
        a.moved = steps
        _move(g, p, steps)
        a.square = p.position
        return
    a.salary = movement.salary_due(g, start + steps == g.size)
    if a.salary:
        payments.transfer(g, E.BANK, p.seat, a.salary, E.R_CHEAT)
    if g.rules.final_lap and final_lap.on(g):
        a.homed = not final_lap.home(g, p.seat)
        a.moved = g.size - start
        final_lap.stop_at_go(g, p, start)
    else:
        a.moved = steps
        _move(g, p, steps)
    a.square = p.position


def _act(g: GameState, p: Player, a: Attempt, target: int) -> None:
    """Do the act of ``a``'s card (``target``: the player or street it acts on, if any)."""
    e, n = a.card.effect, a.card.amount
    if e == "take_cash":
        a.moved = n
        payments.transfer(g, E.BANK, p.seat, n, E.R_CHEAT)
    elif e == "take_from_player":
        a.victim = target
        a.moved = min(n, g.players[a.victim].cash)
        if a.moved:
            payments.transfer(g, a.victim, p.seat, a.moved, E.R_CHEAT)
    elif e == "escape_jail":
        jail.release(g, p, E.OUT_BY_ESCAPE)
    elif e == "remove_hotel":
        a.square = target
        a.victim = g.owner[a.square]
        holdings.remove_buildings(g, a.square)
        g.log.add(E.SELL, a.victim, a.square, 0, 0)
    elif e == "move_other":
        a.victim = target
        a.moved = n
        _move(g, g.players[a.victim], -n)
        a.square = g.players[a.victim].position
    elif e == "move_self":
        _nudge(g, p, a, n)
    elif e == "skip_rent":
        table(g).skip_rent[p.seat] = g.turn


def accuse(g: GameState, accuser: Player, accused: int) -> Play:
    """``accuser`` calls "Cheat!" on ``accused``: right if the attempt awaiting the next roll is theirs (they are
    caught), false otherwise (the accuser pays them the fine)."""
    t = table(g)
    a = t.pending
    if a is not None and a.seat == accused:
        g.log.add(E.ACCUSATION, accuser.seat, -1, 0, accused, E.ACCUSED_RIGHTLY)
        yield from caught(g, a)
        return
    if t.last_caught == (accused, g.extra.watch_turn):
        # they did cheat on the turn watched now, and were caught already: a right call with nothing left to do
        # (the watch, not the turn count: on the final lap, players home at GO take turns without moving it)
        g.log.add(E.ACCUSATION, accuser.seat, -1, 0, accused, E.ACCUSED_RIGHTLY)
        return
    fine = g.rules.false_accusation_fine
    g.log.add(E.ACCUSATION, accuser.seat, -1, fine, accused, E.ACCUSED_FALSELY)
    yield from payments.charge(g, accuser, accused, fine, E.R_FALSE_ACCUSATION)


def caught(g: GameState, a: Attempt) -> Play:
    """The cheat is caught: the act is undone where it can be, the penalty paid, and jail where the card says."""
    t = table(g)
    t.pending = None
    t.replace(a.slot)
    t.last_caught = (a.seat, a.turn)
    p = g.players[a.seat]
    card = a.card
    g.log.add(E.CHEAT_OUTCOME, p.seat, -1, card.penalty, card.index, E.OUTCOME_CAUGHT)
    same_turn = a.turn == g.turn
    e = card.effect
    if e == "take_cash":
        yield from payments.charge(g, p, E.BANK, a.moved, E.R_CHEAT)
    elif e == "take_from_player" and a.moved:
        yield from payments.charge(g, p, a.victim, a.moved, E.R_CHEAT)
    elif e == "remove_hotel":
        if g.owner[a.square] == a.victim and not g.level[a.square] and hotel_in_bank(g):
            holdings.place_building(g, a.square)
            g.log.add(E.BUILD, a.victim, a.square, g.level[a.square], 0)
    elif e == "move_other" and g.players[a.victim].position == a.square and not g.players[a.victim].in_jail:
        # (undone while the token still stands where the cheat left it: the victim has not rolled yet when the
        # call comes in their own cheat plan, the last moment to call)
        _move(g, g.players[a.victim], a.moved)
    elif e == "move_self" and same_turn and p.position == a.square and not p.in_jail:
        # (undone only while the token still stands where the nudge left it: caught after the roll, the token
        # stays where the dice took it and the penalty alone is paid, 003 "take the penalty on the back of the card")
        _move(g, p, -a.moved)
        if a.homed:
            final_lap.undo_home(g, p.seat)
        if a.salary:
            yield from payments.charge(g, p, E.BANK, a.salary, E.R_CHEAT)
    elif e == "skip_rent":
        t.skip_rent.pop(p.seat, None)           # (caught before any rent: the next one is paid)
        if a.moved:
            yield from payments.charge(g, p, a.victim, a.moved, E.R_CHEAT)
    if not p.bankrupt:
        yield from payments.charge(g, p, E.BANK, card.penalty, E.R_CHEAT_PENALTY)
    if not p.bankrupt and (card.jail or (e == "escape_jail" and not p.in_jail)):
        yield from g.edition.go_to_jail(g, p, E.JAIL_BY_CHEATING)


def reveal(g: GameState) -> None:
    """The next player is about to roll: an attempt nobody caught is revealed and rewarded by the bank."""
    t = table(g)
    a = t.pending
    if a is None:
        return
    t.pending = None
    t.replace(a.slot)
    p = g.players[a.seat]
    undone = False
    if a.card.effect == "skip_rent":
        t.skip_rent.pop(p.seat, None)
        undone = not a.moved
    if p.bankrupt or undone:
        # (003: "Complete this action to cheat ... Get this reward if you're successful": a Rent Dodger that met no
        # rent in its turn did nothing, so it earns nothing)
        g.log.add(E.CHEAT_OUTCOME, p.seat, -1, 0, a.card.index, E.OUTCOME_VOID)
        return
    g.log.add(E.CHEAT_OUTCOME, p.seat, -1, a.card.reward, a.card.index, E.OUTCOME_REVEALED)
    if a.card.reward:
        payments.transfer(g, E.BANK, p.seat, a.card.reward, E.R_CHEAT_REWARD)


def dodge_rent(g: GameState, seat: int, owner: int, amount: int) -> bool:
    """Whether ``seat`` dodges the rent of ``amount`` it owes ``owner`` now (the Rent Dodger's act, this turn). The
    skip is used up, and the attempt keeps whom it cheated of what: caught, the dodger pays it after all."""
    t = table(g)
    if t.skip_rent.get(seat, -1) != g.turn:
        return False
    del t.skip_rent[seat]
    a = t.pending
    if a is not None and a.seat == seat:
        a.victim, a.moved = owner, amount
    return True


# --- narration ------------------------------------------------------------------------------------------------------
def card_of(g: Any, index: int, kind: int) -> str:
    """The name of the cheat an event names."""
    if index < 0 or not g.rules.cheat_deck:
        return E.KINDS[E.CHEAT].name_of("detail", kind).replace("_", " ")
    return load_cheats(g.rules.cheat_deck).cards[index].name


def describe_cheat_event(ev: E.Event, g: Any, who: str, money: Callable[[int], str]) -> str:
    """One sentence for a cheat, a cheat's outcome or an accusation (the narrator's words)."""
    if ev.kind == E.CHEAT:
        return f"{who} secretly tries a cheat: {card_of(g, ev.other, ev.detail)}."
    if ev.kind == E.CHEAT_OUTCOME:
        name = card_of(g, ev.other, E.CHEAT_BY_CARD if ev.other >= 0 else E.CHEAT_TAKE_CASH)
        if ev.detail == E.OUTCOME_REVEALED:
            if not ev.amount:                   # (a card whose act is its own reward, as a loan never repaid)
                return f"{who} got away with a cheat ({name}) and keeps what it brought!"
            return f"{who} got away with a cheat ({name}) and collects {money(ev.amount)}!"
        if ev.detail == E.OUTCOME_CAUGHT:
            # (what the card costs, nothing said of what is nothing: a browser review read "penalty £0." of a card
            # whose penalty is jail, and no word of the jail)
            jailed = ev.other >= 0 and bool(g.rules.cheat_deck) \
                and load_cheats(g.rules.cheat_deck).cards[ev.other].jail
            cost = " and ".join(([f"a penalty of {money(ev.amount)}"] if ev.amount else [])
                                + (["jail"] if jailed else []))
            return f"{who} is caught cheating ({name})" + (f": {cost}." if cost else ".")
        return f"{who}'s cheat ({name}) comes to nothing."
    accused = g.players[ev.other].name if 0 <= ev.other < len(g.players) else "someone"
    if ev.detail == E.ACCUSED_RIGHTLY:
        return f"{who} calls \"Cheat!\" on {accused}, rightly."
    return f"{who} calls \"Cheat!\" on {accused}, wrongly, and pays them {money(ev.amount)}."


def arrange_face_up(g: GameState, slot: int, name: str) -> CheatCard:
    """Arrange a position (for lessons and rule tests, as ``Game.arrange().card_on_top`` does for the decks): the
    cheat card called ``name`` lies face up in ``slot``; the card it replaces goes to the top of the pile."""
    t = table(g)
    index = next((c.index for c in t.deck.cards if c.name.lower() == name.lower()), -1)
    if index < 0:
        raise DataError(f"no cheat card called {name!r}")
    if not 0 <= slot < len(t.face_up):
        raise DataError(f"no face-up place {slot}")
    if index in t.face_up:
        other = t.face_up.index(index)
        t.face_up[other], t.face_up[slot] = t.face_up[slot], index
    else:
        t.pile.remove(index)
        t.pile.appendleft(t.face_up[slot])
        t.face_up[slot] = index
    return t.deck.cards[index]
