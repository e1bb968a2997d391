"""Every preset side by side: one row per rule, read from the RuleSet's fields and their metadata (help, group,
source), so a rule or a preset added to the core appears here with no edit to the site."""
from __future__ import annotations

from dataclasses import fields

import pandas as pd

from monopoly_core import RuleSet

from . import _rule_words as words

#: Marks in the table's "From" column.
OWN_CHOICE = "The lab's own choice: the rule books are silent."
EDITION_PART = "What the preset is played with (its board, cards and dice come from its rule book)."
DIFFERS = "background-color: #fff3bf"


def rule_sentence(f) -> str:
    """A rule in a plain sentence (its help, with the house-rule mark kept)."""
    return words.meaning(f.name, f.metadata.get("help", ""))


def origin(f) -> str:
    """Where a rule comes from: the rule book by name with a few words of its sentence, or the lab's own choice
    (a field may say why in its ``choice`` metadata)."""
    m = f.metadata
    if m.get("source"):
        return words.source(m["source"])
    if m.get("choice"):
        return m["choice"]
    return EDITION_PART if m.get("group") == "Edition" else OWN_CHOICE


#: What the table shows under a rule set whose edition does not play the rule.
NOT_PLAYED = "(not played)"


def _compared(name: str, rules: RuleSet):
    """What two rule sets compare of a rule: :data:`NOT_PLAYED`, or its value itself (not its words: £50 and $50 are
    the same rule on two boards)."""
    from ._custom_rules import unused_by_edition
    return NOT_PLAYED if unused_by_edition(name, rules.edition) else getattr(rules, name)


def shown_value(name: str, rules: RuleSet) -> str:
    """A rule's value in words under ``rules``, or :data:`NOT_PLAYED` when its edition does not play the rule; an
    amount of money in the currency of the rule set's board ("£1,500": a browser review read a bare "1,500" beside
    "2,500" and no sign of whose money)."""
    value = _compared(name, rules)
    if value is NOT_PLAYED:
        return NOT_PLAYED
    shown = words.value(name, value)
    if name in words.MONEY_FIELDS:
        from monopoly_core import load_board
        return f"{load_board(rules.board).currency}{shown}"
    return shown


def differences(a: RuleSet, b: RuleSet) -> list[str]:
    """How ``b`` differs from ``a``, one phrase a rule ("Houses in the bank: 32 instead of (not played)"), leaving
    out a rule neither edition plays: a browser review read "Houses in the bank: 0 instead of 32" in the summary of
    Classic against Cheaters, above a table that marks it "(not played)" under Cheaters."""
    out = []
    for name, _, _ in a.diff(b):
        if _compared(name, a) != _compared(name, b):
            out.append(f"{words.label(name)}: {shown_value(name, b)} instead of {shown_value(name, a)}")
    return out


def table(named: list[tuple[str, RuleSet]]) -> pd.DataFrame:
    """One row per rule: its group, its name in words, its value under each rule set (by title), whether they
    differ, the sentence and where it comes from."""
    rows = []
    for f in fields(RuleSet):
        if f.name == "preset":
            continue
        # a rule an edition does not play reads "not played" under it, not its unused value (an outside review read
        # "Cheat cards face up: 5" under every classic preset as five cheat cards dealt)
        row = {"Group": f.metadata.get("group", ""), "Rule": words.label(f.name)}
        row.update({title: shown_value(f.name, r) for title, r in named})
        row["Differs"] = len({_compared(f.name, r) for _, r in named}) > 1
        row["What it means"] = rule_sentence(f)
        row["From"] = origin(f)
        rows.append(row)
    return pd.DataFrame(rows)


def by_group(frame: pd.DataFrame) -> list[tuple[str, pd.DataFrame]]:
    """The table cut into one table per group, the groups in the order their first rule comes in the RuleSet (the
    order of the rule builder's sections below it), without the group column: a reviewer found the groups
    interleaved in one long table (Edition, Money, House rules, ..., Edition again) whose header scrolled away."""
    return [(group, frame[frame["Group"] == group].drop(columns="Group").reset_index(drop=True))
            for group in dict.fromkeys(frame["Group"])]


#: Most of the window one group's table takes; a longer one scrolls inside it, its header row staying in view.
TABLE_HEIGHT = "70vh"
#: The header row's background where it sits over the rows it scrolls past, by Streamlit's theme.
HEADER_BACKGROUND = {"light": "#ffffff", "dark": "#0e1117"}


def sticky_header_css(container_key: str, theme: str | None) -> str:
    """CSS for the group tables inside the container of key ``container_key``: each at most
    :data:`TABLE_HEIGHT` tall, scrolling inside with its header row kept on top (a table the height of a few
    windows lost its header to a reader scrolling down it). The last column ("From", the longest sentences)
    gets a quarter of the width, so its rows are not many lines tall beside one-word values."""
    scope = f".st-key-{container_key} [data-testid='stTable']"
    return (f"<style>{scope} > div {{max-height: {TABLE_HEIGHT}; overflow: auto}}"
            f"{scope} th:last-child {{width: 25%}}"
            f"{scope} thead th {{position: sticky; top: 0; z-index: 1; "
            f"background-color: {HEADER_BACKGROUND.get(theme or 'light', HEADER_BACKGROUND['light'])}}}</style>")


def styled(frame: pd.DataFrame, titles: list[str]):
    """The table with the rows whose values differ highlighted, and marked "yes" in words too (a colour alone
    does not reach everyone)."""
    shown = frame.assign(Differs=frame["Differs"].map({True: "yes", False: ""}))

    def shade(row):
        return [DIFFERS if row["Differs"] and c in (titles + ["Rule", "Differs"]) else "" for c in row.index]
    return shown.style.apply(shade, axis=1).hide(axis="index")
