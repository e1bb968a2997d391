"""The rules core's layers (issue 12, docs/architecture.md): the engine imports nothing from the bots, and
nothing in the core imports streamlit."""
import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "monopoly_core"
#: the engine: the state, the protocol, the rules, the editions and the game
ENGINE = ["game_state.py", "game.py", "flow.py", "holdings.py", "arrange.py", "turn.py", "movement.py", "landing.py",
          "jail.py", "payments.py", "sales.py", "card_play.py", "management.py", "endgame.py", "decisions.py",
          "actions.py", "events.py", "state.py", "rules.py", "board.py", "cards.py", "dice.py", "rent.py",
          "building.py", "mortgage.py", "trading.py", "worth.py", "policies.py", "editions/base.py",
          "editions/classic.py", "editions/__init__.py"]


def _imports(path: Path) -> set[str]:
    """Every module a file imports, at any depth in the file, relative imports resolved to monopoly_core names."""
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    package = list(rel.parts[:-1])
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            name = ".".join(base + ([node.module] if node.module else []))
            out.add(name)
            out.update(f"{name}.{a.name}" for a in node.names)
    return out


def test_the_engine_imports_nothing_from_the_bots():
    for rel in ENGINE:
        bad = {m for m in _imports(PACKAGE / rel) if m == "monopoly_core.bots" or m.startswith("monopoly_core.bots.")}
        assert not bad, f"{rel} imports {sorted(bad)}"


def test_the_core_never_imports_streamlit():
    for path in PACKAGE.rglob("*.py"):
        assert not any(m.split(".")[0] == "streamlit" for m in _imports(path)), path
