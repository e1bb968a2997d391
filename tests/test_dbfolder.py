"""Where the site may open or create a database (review: a visitor made the server create /nonexistent_dir/): a
name in one folder, never a path; the command line keeps full paths."""
from __future__ import annotations

from pathlib import Path

import pytest

from monopoly_core.cli import main
from monopoly_core.dbfolder import check_site_path, site_db_path, site_folder
from monopoly_core.store import StoreError, default_db_path


@pytest.fixture
def home(tmp_path, monkeypatch):
    folder = tmp_path / "site"
    folder.mkdir()
    monkeypatch.setenv("MONOPOLY_DB", str(folder / "games.duckdb"))
    monkeypatch.delenv("MONOPOLY_DB_FOLDER", raising=False)
    monkeypatch.chdir(tmp_path)          # a relative name must not land in the working directory
    return folder


def test_the_folder_is_the_default_database_s_unless_a_teacher_names_another(home, tmp_path, monkeypatch):
    assert site_folder() == home
    monkeypatch.setenv("MONOPOLY_DB_FOLDER", str(tmp_path))
    assert site_folder() == tmp_path.resolve()


def test_a_teacher_s_folder_holds_the_default_database_too(home, tmp_path, monkeypatch):
    """Review: with MONOPOLY_DB_FOLDER set, played games were still logged in data/games.duckdb, outside the folder
    the teacher chose. With only the folder named, the default database is games.duckdb in it; a MONOPOLY_DB the
    server names stays the default (and usable) wherever it is."""
    monkeypatch.delenv("MONOPOLY_DB")
    monkeypatch.setenv("MONOPOLY_DB_FOLDER", str(tmp_path))
    assert default_db_path() == tmp_path / "games.duckdb"
    assert check_site_path(default_db_path()) == (tmp_path / "games.duckdb").resolve()
    monkeypatch.setenv("MONOPOLY_DB", str(home / "games.duckdb"))
    assert default_db_path() == home / "games.duckdb"
    assert check_site_path(home / "games.duckdb") == home / "games.duckdb"


@pytest.mark.parametrize("name", ["games-2.duckdb", "class 7b.duckdb", "Lesson_3.v2.duckdb", "  x.duckdb ",
                                  "x..duckdb", "a..b.duckdb"])
def test_plain_names_are_files_in_the_folder(home, name):
    assert site_db_path(name) == home / name.strip()


@pytest.mark.parametrize("name", ["/nonexistent_dir/x.duckdb", "sub/x.duckdb", "..\\x.duckdb", "../x.duckdb",
                                  "..", "~/x.duckdb", "x.db", "x.duckdb.txt", ".duckdb", ".x.duckdb",
                                  "x" * 101 + ".duckdb", "a:b.duckdb", "a\x00.duckdb", "", None, 3])
def test_anything_else_is_refused_saying_what_is_allowed(home, name):
    with pytest.raises(StoreError, match="file name ending in .duckdb"):
        site_db_path(name)


@pytest.mark.parametrize("name, words", [
    (".duckdb", "type a name before .duckdb"), (" .duckdb ", "type a name before .duckdb"),
    ("notes.txt", '"notes.txt" does not end in .duckdb'), ("../x.duckdb", "is a path"),
    ("..\\x.duckdb", '"..\\x.duckdb" is a path'), ("...duckdb", "characters"), ("sub/x.duckdb", "is a path"),
    ("~root/x.duckdb", "is a path"), ("https://example.org/x.duckdb", "is a web address"),
    # an outside review: a name with a link in it was said to be a path because of the / in the link
    ("**big** [link](https://evil.example) :red[RED] $x^2$ .duckdb",
     '"**big** [link](https://evil.example) :red[RED] $x^2$ .duckdb" holds a /, and a database name may not'),
    ("a\\b.duckdb x", "holds a \\, and a database name may not"),
])
def test_each_refusal_says_what_is_wrong(home, name, words):
    """Review: ".duckdb" was said not to end in .duckdb, and "x..duckdb" was called a path (two dots with no
    separator cannot leave the folder, so that name is allowed now)."""
    with pytest.raises(StoreError) as refused:
        site_db_path(name)
    assert words in str(refused.value)
    assert "does not end" not in str(refused.value) or not name.strip().endswith(".duckdb")


def test_the_site_writes_only_in_its_existing_folder(home, tmp_path, monkeypatch):
    assert check_site_path(home / "games.duckdb") == home / "games.duckdb"
    assert check_site_path(home / "other.duckdb") == home / "other.duckdb"
    for outside in (tmp_path / "x.duckdb", "/nonexistent_dir/x.duckdb", "x.duckdb", home / "sub" / "x.duckdb"):
        with pytest.raises(StoreError, match="one folder"):
            check_site_path(outside)
    monkeypatch.setenv("MONOPOLY_DB_FOLDER", str(tmp_path / "missing"))
    with pytest.raises(StoreError, match="does not create folders"):
        check_site_path(tmp_path / "missing" / "x.duckdb")
    assert not (tmp_path / "missing").exists()


def test_the_command_line_keeps_full_paths(home, tmp_path, capsys):
    """The teacher's own shell may name any path (and a folder to create) with --db."""
    path = tmp_path / "elsewhere" / "run.duckdb"
    assert main(["simulate", "--games", "2", "--players", "2", "--seed", "3", "--turn-limit", "10",
                 "--db", str(path)]) == 0
    assert path.exists()
    capsys.readouterr()
    assert main(["sql", "--db", str(path), "SELECT count(*) AS n FROM games"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "2"
    assert not Path(home / "games.duckdb").exists()
