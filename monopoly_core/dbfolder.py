"""Where the web site may open or create a game database: one folder, chosen by the server, never by a visitor.

A visitor of the Database page names a database by its file name only (``games-2.duckdb``); the file is in
:func:`site_folder`: the folder named by ``$MONOPOLY_DB_FOLDER`` when a teacher sets it, else the folder of the
default database (``data/``, or the folder of ``$MONOPOLY_DB``). With only the folder set, the default database is
``games.duckdb`` in it (:func:`store.default_db_path`); a ``$MONOPOLY_DB`` elsewhere stays usable, as the
server's own choice. A path (a ``/`` or ``\\`` in it: called a path when it names a database file in
another folder, else a name holding a character it may not), a web address, a name that does not end in
``.duckdb`` or an overlong name is refused with a sentence saying what is allowed, so no visitor can create a file
or a folder anywhere else the server can write. Two dots inside a plain
name (``x..duckdb``) are harmless: with no separator they cannot climb to another folder. The
command line keeps full paths (``--db PATH``): it is the teacher's own shell.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

from .store import FOLDER_ENV, StoreError, default_db_path, resolve

MAX_NAME = 100
SUFFIX = ".duckdb"
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _.+-]*")


def site_folder() -> Path:
    """The one folder the site's databases live in (absolute)."""
    override = os.environ.get(FOLDER_ENV)
    return resolve(override) if override else resolve(default_db_path()).parent


def allowed_names() -> str:
    """What a database name may be, in words for the page."""
    return (f"a file name ending in {SUFFIX} (letters, digits, spaces and - _ . +, starting with a letter or a "
            f"digit, at most {MAX_NAME} characters), for example games-2.duckdb. It names a file in the lab's "
            f"database folder: folders and paths are not allowed")


def site_db_path(name) -> Path:
    """The file ``name`` in :func:`site_folder`; :class:`StoreError` saying what is allowed when ``name`` is not
    a plain database file name."""
    if not isinstance(name, str):
        raise StoreError(f"a database name must be text: {allowed_names()}")
    name = name.strip()
    if not name:
        raise StoreError(f"type the database's name: {allowed_names()}")
    if len(name) > MAX_NAME:
        raise StoreError(f"that name is too long ({len(name):,} characters): {allowed_names()}")
    if re.match(r"[A-Za-z][A-Za-z0-9+.-]*://", name):
        raise StoreError(f"{_quoted(name)} is a web address, not a name: {allowed_names()}")
    for sep in ("/", "\\"):
        if sep in name:
            if _a_path(name):
                raise StoreError(f"{_quoted(name)} is a path, not a name: {allowed_names()}")
            raise StoreError(f"{_quoted(name)} holds a {sep}, and a database name may not: {allowed_names()}")
    if name == SUFFIX:
        raise StoreError(f"type a name before {SUFFIX}: {allowed_names()}")
    if not name.endswith(SUFFIX):
        raise StoreError(f"{_quoted(name)} does not end in {SUFFIX}: {allowed_names()}")
    if not _NAME.fullmatch(name):
        raise StoreError(f"{_quoted(name)} holds characters a database name may not: {allowed_names()}")
    return site_folder() / name


def _quoted(name: str) -> str:
    """The name in quotes as typed (``repr`` would double a backslash), or as ``repr`` when it holds a character
    that does not print."""
    return f'"{name}"' if name.isprintable() else repr(name)


def _a_path(text: str) -> bool:
    """Whether ``text``, which holds a separator, reads as a path to a database file (``sub/x.duckdb``,
    ``../games.duckdb``, ``~root/x.duckdb``): its last part is a database name; otherwise (``**a** [b](c/d)``) it is
    only a name with a ``/`` in it."""
    last = re.split(r"[/\\]", text)[-1]
    return last != SUFFIX and last.endswith(SUFFIX) and bool(_NAME.fullmatch(last))


def check_site_path(db_path) -> Path:
    """``db_path`` (absolute) when the site may write it: the default database, or a file directly in an existing
    :func:`site_folder`; else :class:`StoreError`. The site never creates a folder."""
    path = resolve(db_path)
    if path == resolve(default_db_path()) and path.parent.is_dir():
        return path
    folder = site_folder()
    if path.parent != folder:
        raise StoreError(f"the site keeps its databases in one folder, and {path.name} is not in it: choose "
                         f"{allowed_names()}")
    if not folder.is_dir():
        raise StoreError("the folder this site keeps its game databases in is missing, and the site does not "
                         "create folders: whoever started the site can create that folder, or start the site again "
                         f"with {FOLDER_ENV} naming a folder that exists (the README, \"The game database\")")
    return path
