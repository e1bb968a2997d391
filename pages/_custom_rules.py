"""Custom rule sets made on the Rules page: kept for the visit (in ``st.session_state``), opened from and shared
as links, and offered to the Play page (as a game link) and the Markov page (as an extra rule set)."""
from __future__ import annotations

import hashlib
from urllib.parse import urlencode

import streamlit as st

from monopoly_core import BOT, PERSON, BadSave, Game, PlayerSpec, RuleSet, sharelink
from monopoly_core.bots import STANDARD
from monopoly_core.rules import Preset

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


def play_query(rules: RuleSet, seed: int = 1) -> str:
    """The query string of a Play page link that opens a new game under these rules: you in the first seat and
    bots of the standard table in the others."""
    n = min(max(4, rules.min_players), rules.max_players)
    specs = [PlayerSpec("Player 1", PERSON, STANDARD[0])] + [
        PlayerSpec(f"{STANDARD[(i - 1) % len(STANDARD)].replace('-', ' ').title()} {i + 1}", BOT,
                   STANDARD[(i - 1) % len(STANDARD)]) for i in range(1, n)]
    params = sharelink.encode(Game.new(rules, specs, seed))
    return urlencode({k: v for k, v in params.items() if v})


def open_link(params) -> tuple[RuleSet, str] | str:
    """The rule set a Rules page link holds, or the reason it cannot be opened, in words."""
    try:
        return sharelink.rules_from_params(params)
    except BadSave as exc:
        return f"This link's rule set cannot be opened: {exc}."
