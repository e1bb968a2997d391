"""Setting up a game: preset, house rules (generated from the RuleSet's field metadata), players and seed."""
from __future__ import annotations

import random
from dataclasses import fields

import streamlit as st

from monopoly_core import PERSON, BOT, InvalidRules, PlayerSpec, RuleSet, presets
from monopoly_core.bots import DESCRIPTIONS, STANDARD, STRATEGIES
from monopoly_core.rules import field_type
from monopoly_core.state import TOKEN_COLOURS

#: Field groups shown as house-rule controls (the "Edition" group is the preset itself).
GROUPS = ("Money", "House rules", "Rent", "Building", "Mortgages", "Jail", "End of game")


def _new_seed() -> None:
    st.session_state["setup_seed"] = random.SystemRandom().randrange(1, 1_000_000)


def _reset_rules() -> None:
    for f in fields(RuleSet):
        st.session_state.pop(f"rule_{f.name}", None)


def rules_controls(base: RuleSet) -> tuple[RuleSet | None, str | None]:
    """Draw one control per toggleable rule; return the resulting RuleSet, or None and the error message."""
    changes = {}
    by_group: dict[str, list] = {}
    for f in fields(RuleSet):
        if f.metadata.get("group") in GROUPS:
            by_group.setdefault(f.metadata["group"], []).append(f)
    error: InvalidRules | None = None
    values = {}
    for group in GROUPS:
        with st.expander(group, expanded=False):
            for f in by_group.get(group, ()):
                key = f"rule_{f.name}"
                default = getattr(base, f.name)
                if key not in st.session_state:
                    st.session_state[key] = default
                label = f.name.replace("_", " ").capitalize()
                m = f.metadata
                helptext = m["help"] + (f" Rule book: {m['source']}." if m.get("source") else "")
                if field_type(f) is bool:
                    v = st.toggle(label, key=key, help=helptext)
                elif m.get("choices"):
                    opts = list(m["choices"])
                    v = st.selectbox(label, opts, key=key, help=helptext)
                else:
                    v = st.number_input(label, step=1, key=key, help=helptext)
                values[f.name] = v
                if v != default:
                    changes[f.name] = v
                try:
                    base.replace(**{f.name: v}).validate()
                except InvalidRules as exc:
                    st.error(str(exc))
                    error = error or exc
    if error is not None:
        return None, str(error)
    try:
        return base.replace(**changes).validate(), None
    except InvalidRules as exc:
        return None, str(exc)


def players_controls(rules: RuleSet) -> list[PlayerSpec]:
    n = st.number_input("Number of players", min_value=rules.min_players, max_value=rules.max_players,
                        value=min(max(4, rules.min_players), rules.max_players), step=1, key="setup_n",
                        help=f"This rule set takes {rules.min_players} to {rules.max_players} players.")
    specs = []
    st.caption("Each seat is a person (you decide at the table) or a bot playing a strategy. Bots: " +
               "; ".join(f"**{k}**: {v}" for k, v in DESCRIPTIONS.items()))
    for i in range(int(n)):
        c1, c2, c3, c4 = st.columns([3, 2, 3, 1])
        default_kind = PERSON if i == 0 else BOT
        kind = c2.selectbox("Seat", (PERSON, BOT), index=(PERSON, BOT).index(default_kind), key=f"setup_kind_{i}",
                            label_visibility="collapsed" if i else "visible")
        strategy = STANDARD[(i - 1) % len(STANDARD)] if i else STANDARD[0]
        strategy = c3.selectbox("Strategy", STRATEGIES, index=STRATEGIES.index(strategy), key=f"setup_bot_{i}",
                                disabled=kind == PERSON, label_visibility="collapsed" if i else "visible")
        default_name = "You" if i == 0 else f"{strategy.replace('-', ' ').title()} {i + 1}"
        name = c1.text_input("Name", value=default_name, key=f"setup_name_{i}",
                             label_visibility="collapsed" if i else "visible", max_chars=24)
        colour = c4.color_picker("Token", value=TOKEN_COLOURS[i % len(TOKEN_COLOURS)], key=f"setup_colour_{i}",
                                 label_visibility="collapsed" if i else "visible")
        specs.append(PlayerSpec(name.strip() or f"Player {i + 1}", kind, strategy, colour))
    return specs


def setup_form():
    """The whole setup; returns (rules or None, players, seed, error message or None)."""
    all_presets = presets()
    names = [p.name for p in all_presets]
    c1, c2 = st.columns([2, 3])
    choice = c1.selectbox("Rule set (preset)", names, key="setup_preset", on_change=_reset_rules,
                          index=names.index("classic-us") if "classic-us" in names else 0,
                          format_func=lambda n: next(p.title for p in all_presets if p.name == n),
                          help="A complete set of rules from a rule book; house rules can be changed below.")
    preset_obj = next(p for p in all_presets if p.name == choice)
    c2.markdown(f"**{preset_obj.title}.** {preset_obj.description}")
    base = preset_obj.rules
    st.markdown("**House rules** (open a group to change it; every control says what it does)")
    rules, error = rules_controls(base)
    if rules is not None:
        diff = rules.describe_diff(base)
        st.caption("Changed from the preset: " + ("; ".join(diff) if diff else "nothing, the rule book as printed."))
    st.markdown("**Players**")
    players = players_controls(rules or base)
    if "setup_seed" not in st.session_state:
        _new_seed()
    c1, c2 = st.columns([3, 1])
    seed = c1.number_input("Seed", min_value=0, max_value=2**53 - 1, step=1, key="setup_seed",
                           help="The seed fixes every dice roll, card shuffle and bot choice: same seed, same game.")
    c2.button("New seed", on_click=_new_seed, help="Draw a fresh random seed.", width="stretch")
    return rules, players, int(seed), error
