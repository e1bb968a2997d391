"""Shared helpers for the AppTest page tests."""
from __future__ import annotations

import gc
import re
from pathlib import Path

from streamlit.testing.v1 import AppTest

APP = str(Path(__file__).resolve().parent.parent / "streamlit_app.py")


def open_page(page: str, timeout: float = 60) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=timeout).run()
    assert not at.exception, [e.value for e in at.exception]
    at.switch_page(page).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _downloaded(button):
    """The file a download button would deliver (from Streamlit's in-memory media store)."""
    from streamlit.runtime.media_file_manager import MediaFileManager
    file_id = button.proto.url.rsplit("/", 1)[-1].split(".")[0]
    for mgr in (o for o in gc.get_objects() if isinstance(o, MediaFileManager)):
        try:
            return mgr._storage.get_file(file_id)
        except Exception:  # noqa: BLE001 - another manager's store
            continue
    raise AssertionError("download not found in the media store")


def downloaded_bytes(button) -> bytes:
    """The bytes a download button would deliver."""
    return _downloaded(button).content


def downloaded_name(button) -> str:
    """The file name a download button would save under."""
    return _downloaded(button).filename


def texts(at) -> str:
    """Every markdown, caption, success, info and error text on the page, joined."""
    parts = []
    for kind in ("markdown", "caption", "success", "info", "error", "warning"):
        parts += [e.value for e in getattr(at, kind)]
    return "\n".join(str(p) for p in parts)


def unescaped(text: str) -> str:
    """Markdown text as a person reads it: the backslash escapes (of text quoted from an address, a name)
    removed, and the zero-width spaces that keep an address in it from becoming a link (invisible)."""
    return re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", text).replace("\u200b", "")


def shown(at) -> str:
    """:func:`texts` as a person reads them (:func:`unescaped`)."""
    return unescaped(texts(at))


def upload_box(at):
    """The Play page's box for a saved game (a new one after each file it read: ``upload_save``, ``upload_save_2``)."""
    return next(u for u in at.file_uploader if (u.key or "").startswith("upload_save"))
