"""The rules (issue 18): every preset side by side, a rule set of your own, and what a change does.

Everything is read from the rules core: the presets (``presets()``), the rules and their words (the RuleSet's
fields with their help, group and source), the comparison (:mod:`monopoly_core.compare`), so an edition or a rule
added to the core appears here with no edit to this page.
"""
from __future__ import annotations

import streamlit as st

from monopoly_core import InvalidRules, presets
from monopoly_core.bounds import short
from monopoly_core.viz.safe_text import markdown
from pages import _change, _custom_rules as custom, _rule_words as words, _rules_book as book, _setup, _site
from pages._site import ensure_navigation

ensure_navigation()

BUILD_BASE = "rp_base"
PREFIX = "rp_rule_"
NAME = "rp_name"
NOTICE = "rp_notice"

st.title("The rules")
st.markdown("Every rule of every rule set this lab plays, side by side; a rule set of your own; and what a change "
            "of rules does to the game, found out by playing both versions with the same dice.")
# (a browser review: at 1024x768 "What does this change do?" began some 8,000 px down, with no way there but scrolling)
st.markdown("Go to: [every preset side by side](#presets) · [a rule set of your own](#your-own) · "
            "[what does this change do?](#change)")

all_presets = presets()
by_name = {p.name: p for p in all_presets}


def _reset_controls(base=None) -> None:
    """Set every rule control to ``base``'s value (default: the chosen preset)."""
    rules = base or by_name[st.session_state[BUILD_BASE]].rules
    for name in rules.__dataclass_fields__:
        st.session_state[PREFIX + name] = getattr(rules, name)


# --- a rule set's link opens it in the builder, kept under its name --------------------------------------------
def _open_link(_preset: str) -> None:
    """``?preset=...&rules=...&name=...`` (the link "Share it" below gives): the whole rule set, opened in the
    builder and kept under its name. Whether it opened, or why not, is said beside the builder, where it opens."""
    opened = custom.open_link(st.query_params.to_dict())
    if isinstance(opened, str):
        st.session_state[NOTICE] = ("error", opened)
        return None
    rules, name = opened
    name = name or "From a link"
    custom.keep(name, rules)
    _change.offer(name, rules)
    st.session_state[BUILD_BASE] = rules.preset
    st.session_state[NAME] = name
    _reset_controls(rules)
    st.session_state[NOTICE] = ("success", f"The rule set \u201c{name}\u201d was opened from the link and kept.")
    return None


def _with_the_preset(part: str):
    """A rule set link's ``rules`` or ``name``: read with its preset, by :func:`_open_link`; alone it opens nothing."""
    def read(_value: str) -> str | None:
        return None if "preset" in st.query_params else f"{short(part)} is used only with a preset"
    return read


# (an outside review: ?foo=1 was ignored in silence; a link's rules or name without its preset too)
_site.read_address("rp_address", {"preset": _open_link, "rules": _with_the_preset("rules"),
                                  "name": _with_the_preset("name")},
                   "preset, rules and name, the parts of a rule set's shared link, for example "
                   "?preset=classic-uk&name=Mine")

# --- every preset side by side ---------------------------------------------------------------------------------
st.header("Every preset side by side", anchor="presets")
kept_now = custom.kept()
# (a kept name is a visitor's text, perhaps from a link: the table draws its headers as Markdown)
named = [(p.title, p.rules) for p in all_presets] + [(f"{markdown(n)} (yours)", r) for n, r in kept_now.items()]
titles = [t for t, _ in named]
frame = book.table(named)
only_diff = st.toggle("Only the rules that differ", key="rp_only_diff")
shown = frame[frame["Differs"]] if only_diff else frame
# (the count follows the toggle: a browser review read "41 rules" above the 20 that differ)
counted = (f"{len(shown)} of the {len(frame)} rules differ between the {len(named)} rule sets, in groups."
           if only_diff else f"{len(frame)} rules of {len(named)} rule sets, in groups. Highlighted: rules whose "
           f"value differs between the rule sets.")
st.caption(f"{counted} \u201cFrom\u201d names the rule book and quotes its sentence; \u201c{book.OWN_CHOICE}"
           f"\u201d marks the rules this lab chose where the books say nothing.")
st.html(book.sticky_header_css("rp_tables", st.context.theme.type))
with st.container(key="rp_tables"):
    for group, rows in book.by_group(shown):
        st.subheader(group)
        st.table(book.styled(rows, titles))
with st.expander("The presets"):
    for p in all_presets:
        st.markdown(f"**{p.title}** (`{p.name}`): {p.description}")

# --- a rule set of your own ------------------------------------------------------------------------------------
st.header("A rule set of your own", anchor="your-own")
note = st.session_state.pop(NOTICE, None)
if note:
    getattr(st, note[0])(markdown(note[1]))        # (it may quote a link's text: drawn as typed)
names = [p.name for p in all_presets]
st.session_state.setdefault(BUILD_BASE, "classic-uk" if "classic-uk" in names else names[0])
c1, c2 = st.columns([1, 2])
c1.selectbox("Start from", names, key=BUILD_BASE, format_func=lambda n: by_name[n].title, on_change=_reset_controls,
             help="Your rule set starts as this preset; change any rule below.")
c2.markdown(f"**{by_name[st.session_state[BUILD_BASE]].title}.** {by_name[st.session_state[BUILD_BASE]].description}")
base = by_name[st.session_state[BUILD_BASE]].rules
groups = tuple(dict.fromkeys(f.metadata.get("group", "") for f in base.__dataclass_fields__.values()))
mine, errors = _setup.rules_controls(base, prefix=PREFIX, groups=groups)
if errors:
    st.error("These rules cannot be played yet:\n" + "\n".join(f"- {e}" for e in errors))
else:
    changed = [words.change(n, x, y) for n, x, y in mine.diff(base)]
    st.caption("Changed from the preset: " + ("; ".join(changed) if changed else "nothing yet."))
    for line in custom.edition_notes(mine):
        st.info(line, icon=":material/info:")
c1, c2 = st.columns([2, 1], vertical_alignment="bottom")
c1.text_input("Name", key=NAME, max_chars=60, placeholder="e.g. Free Parking jackpot",
              help="Kept for this visit under this name; it then appears in the table, in the comparison below "
                   "and on the Markov page.")
if c2.button("Keep this rule set", key="rp_keep", disabled=mine is None, width="stretch"):
    problem = custom.keep(st.session_state.get(NAME, ""), mine)
    if problem:
        st.error(problem)
    else:
        _change.offer(st.session_state.get(NAME, "").strip(), mine)
        st.rerun()

for name, rules in custom.kept().items():
    with st.container(border=True):
        c1, c2, c3, c4 = st.columns([2, 1, 1, 1], vertical_alignment="center")
        c1.markdown(f"**{markdown(name)}** ({by_name[rules.preset].title}; " + (
            "; ".join(words.change(n, x, y) for n, x, y in rules.diff(by_name[rules.preset].rules))
            or "as printed") + ")")
        c2.link_button("Play it", f"play?{custom.play_query(rules)}", width="stretch",
                       help="Opens the Play page with a new game under these rules: you and three bots.")
        if c3.button("Markov chain", key=f"rp_mk_{name}", width="stretch",
                     help="Opens the Markov page with this rule set chosen."):
            st.session_state["mk_preset"] = custom.markov_key(rules)
            st.switch_page("pages/markov.py")
        if c4.button("Remove", key=f"rp_rm_{name}", width="stretch"):
            custom.forget(name)
            st.rerun()
        here = (st.context.url or "").split("?", 1)[0]
        st.caption("Share it: copy this link (it opens this page with the rule set kept under its name).")
        st.code(f"{here}?{custom.share_query(rules, name)}", language=None)

# --- what does this change do? -----------------------------------------------------------------------------------
st.header("What does this change do?", anchor="change")
st.markdown("Both rule sets are played by the same bots with the same seeds, game for game (a *paired* "
            "comparison: the two games of a pair share their dice until the rules make them part), and logged in "
            "the game database as two labelled batches. Each figure shows both sides with confidence intervals, "
            "and says whether the difference is larger than chance could make it, naming the test.")
choices = {f"preset:{p.name}": (p.title, p.rules) for p in all_presets}
choices.update({f"kept:{n}": (n, r) for n, r in custom.kept().items()})
_change.controls(choices)
_change.results()
st.subheader("The Markov side of the change")
st.caption("Where a change moves the chain (the board, the dice, the cards, the jail rules), the long-run share "
           "of rolls ending on each square under A and B, and B minus A on the board.")
_change.markov_side(choices)
