import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT))


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _private_game_database(tmp_path_factory, monkeypatch):
    """No test writes to the repository's data/games.duckdb: the default database is a temporary file."""
    monkeypatch.setenv("MONOPOLY_DB", str(tmp_path_factory.mktemp("db") / "games.duckdb"))
