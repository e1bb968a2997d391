"""Custom rule sets made on the Rules page: kept for the visit (in ``st.session_state``), opened from and shared
as links, and offered to the Play page (as a game link) and the Markov page (as an extra rule set)."""
from __future__ import annotations

import hashlib
from dataclasses import fields
from urllib.parse import urlencode

import streamlit as st

from monopoly_core import BOT, PERSON, BadSave, Game, PlayerSpec, RuleSet, bounds, presets, sharelink
from monopoly_core.bots import STANDARD
from monopoly_core.rules import Preset

from . import _rule_words as words

#: session-state key: {name: rules JSON} of the rule sets kept in this visit
KEPT = "rules_kept"
#: Most rule sets kept in one visit.
MAX_KEPT = 20


def kept() -> dict[str, RuleSet]:
    return {name: RuleSet.from_json(text) for name, text in st.session_state.get(KEPT, {}).items()}


def keep(name: str, rules: RuleSet) -> str | None:
    """Keep ``rules`` as ``name`` (replacing one of that name); the reason in words if it cannot be kept."""
    name = name.strip()
    if not name:
        return "Give the rule set a name first."
    if len(name) > sharelink.MAX_NAME:
        return f"A name has at most {sharelink.MAX_NAME} characters."
    if bounds.has_control_characters(name):
        return "A name is plain text on one line: no control characters or marks that reverse text."
    store = dict(st.session_state.get(KEPT, {}))
    if name not in store and len(store) >= MAX_KEPT:
        return f"At most {MAX_KEPT} rule sets are kept in one visit: remove one first."
    store[name] = rules.to_json()
    st.session_state[KEPT] = store
    return None


def forget(name: str) -> None:
    store = dict(st.session_state.get(KEPT, {}))
    store.pop(name, None)
    st.session_state[KEPT] = store


def markov_key(rules: RuleSet) -> str:
    """The Markov page's name for a kept rule set: from its rules, so a cached chart never shows other rules."""
    return "custom-" + hashlib.sha256(rules.to_json().encode()).hexdigest()[:12]


def as_presets() -> dict[str, Preset]:
    """The kept rule sets as the Markov page lists its presets (key: :func:`markov_key`)."""
    return {markov_key(r): Preset(markov_key(r), f"{name} (your rule set)", "Made on the Rules page.", r)
            for name, r in kept().items()}


def share_query(rules: RuleSet, name: str) -> str:
    """The query string of the Rules page's link to this rule set."""
    return urlencode({k: v for k, v in sharelink.rules_params(rules, name).items() if v})


def play_query(rules: RuleSet, seed: int | None = None) -> str:
    """The query string of a Play page link that opens a new game under these rules: you in the first seat and
    bots of the standard table in the others; without a seed, a new seed each time the link is opened (a browser
    review's every "Play it" was the same game, seed 1; then one seed for every click until the page ran again)."""
    fresh = seed is None
    if seed is None:
        seed = 1
    n = min(max(4, rules.min_players), rules.max_players)
    specs = [PlayerSpec("Player 1", PERSON, STANDARD[0])] + [
        PlayerSpec(f"{STANDARD[(i - 1) % len(STANDARD)].replace('-', ' ').title()} {i + 1}", BOT,
                   STANDARD[(i - 1) % len(STANDARD)]) for i in range(1, n)]
    params = sharelink.encode(Game.new(rules, specs, seed))
    return urlencode({**{k: v for k, v in params.items() if v}, **({"fresh": "1"} if fresh else {})})


MEGA = "mega"
SPEED_DIE = "2d6+speed"


def _not_used_by(edition: str) -> str:
    """ "Not used by Classic Monopoly" (``edition``: its name)."""
    from monopoly_core.editions import get
    return f"Not used by {words.edition_name(get(edition).title)}"


def _owner(name: str, edition: str):
    """The other edition whose own rule ``name`` is (``Edition.own_rules``: only it plays the rule), or None."""
    from monopoly_core.editions import get, names
    return next((get(n) for n in names() if n != edition and name in get(n).own_rules), None)


def _only_has(owner, names) -> str:
    """ "the Mega Edition has skyscrapers and train depots" (``names``: rules of ``owner``'s own)."""
    return (f"{words.edition_name(owner.title)} has "
            + " and ".join(dict.fromkeys(owner.own_rules[n] for n in names)))


def unused_by_edition(name: str, edition: str) -> str | None:
    """The note under the control of a rule that ``edition`` does not play, with the reason, or None: another
    edition's own rule ("Not used by Classic Monopoly: only the Mega Edition has skyscrapers.") or one the edition
    says it never reads (``Edition.unused_rules``: "Not used by the Cheaters Edition: it has no mortgages ..."). An
    outside review: in a Classic game's set-up the Mega-only boxes were editable with no word that they do nothing
    there, and in a Cheaters Edition game's the boxes of mortgage interest, income tax and houses."""
    from monopoly_core.editions import get
    why = get(edition).unused_rules.get(name)
    if why is not None:
        return f"{_not_used_by(edition)}: {why}."
    owner = _owner(name, edition)
    return f"{_not_used_by(edition)}: only {_only_has(owner, [name])}." if owner is not None else None


def edition_notes(rules: RuleSet) -> list[str]:
    """What a rule set of one's own sets that its edition does not play, in words (an outside review: skyscrapers and
    train depots could be set on a classic game with no note, and a speed die there said nothing of its faces): the
    other editions' own rules set to anything but off, and the rules the edition never reads changed from the
    preset the rule set started from."""
    from monopoly_core import editions
    from monopoly_core.rules import load_preset
    edition = editions.get(rules.edition)
    notes = []
    off = {f.name: f.default for f in fields(RuleSet)}
    for name in editions.names():
        owner = editions.get(name)
        unused = [n for n in owner.own_rules if name != rules.edition and getattr(rules, n) != off[n]]
        if unused:
            notes.append(f"{_not_used_by(rules.edition)}: "
                         + "; ".join(f"{words.label(n)} ({words.value(n, getattr(rules, n))})" for n in unused)
                         + f". Only {_only_has(owner, unused)}: these games are played as if they were not set.")
    started = load_preset(rules.preset).rules
    changed = [n for n in edition.unused_rules if getattr(rules, n) != getattr(started, n)]
    if changed:
        notes.append(f"{_not_used_by(rules.edition)}: "
                     + "; ".join(f"{words.label(n)} ({words.value(n, getattr(rules, n))}), as "
                                 f"{edition.unused_rules[n]}" for n in changed)
                     + ". These games are played as if they were not set.")
    if rules.edition != MEGA and rules.dice == SPEED_DIE:
        notes.append(words.speed_die_elsewhere(edition.title))
    own = {(p.rules.chance_deck, p.rules.chest_deck) for p in presets() if p.rules.board == rules.board}
    if own and (rules.chance_deck, rules.chest_deck) not in own:
        decks = " or ".join(f"{words.value('chance_deck', c)} with {words.value('chest_deck', h)}"
                            for c, h in sorted(own))
        notes.append(f"These cards were not made for the board {words.value('board', rules.board)}: a card that names "
                     f"a square moves a token to the square of that number on this board. Its own cards: {decks}.")
    return notes


def open_link(params) -> tuple[RuleSet, str] | str:
    """The rule set a Rules page link holds, or the reason it cannot be opened, in words."""
    try:
        return sharelink.rules_from_params(params)
    except BadSave as exc:
        return f"This link's rule set cannot be opened: {exc}."
