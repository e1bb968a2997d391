"""The text of a PDF that Chromium printed, for the browser tests (no PDF library is installed, and one function
is all the tests need).

Chromium's PDF writer (Skia) stores each page's drawing as a compressed content stream and each font's glyph
codes with a ``ToUnicode`` map. The text is the ``Tj`` / ``TJ`` strings of the content streams, decoded through
the map of the font selected by the last ``Tf``; each text block (``BT`` ... ``ET``) ends a line. That covers what
Skia writes; it is not a general PDF reader.
"""
from __future__ import annotations

import re
import zlib

_OBJECT = re.compile(rb"(\d+) 0 obj\s*(.*?)endobj", re.S)
_STREAM = re.compile(rb"stream\r?\n(.*?)\r?\nendstream", re.S)
_OPS = re.compile(rb"/(\w+)\s+[-\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj|\[((?:[^\]])*)\]\s*TJ|\bET\b")


def _stream(body: bytes) -> bytes:
    """The decoded data of a stream object (its ``/Length`` bytes after the ``stream`` keyword)."""
    m = _STREAM.search(body)
    if not m:
        return b""
    head = body[:m.start()]
    length = re.search(rb"/Length (\d+)(?! 0 R)", head)
    raw = body[m.start(1):m.start(1) + int(length.group(1))] if length else m.group(1)
    return zlib.decompress(raw) if b"/FlateDecode" in head else raw


def _ref(body: bytes, key: bytes) -> int | None:
    m = re.search(rb"/" + key + rb"\s+(\d+) 0 R", body)
    return int(m.group(1)) if m else None


def _unicode_map(cmap: bytes) -> tuple[int, dict[int, str]]:
    """(code width in bytes, code -> text) from a ToUnicode CMap."""
    space = re.search(rb"begincodespacerange\s*<([0-9A-Fa-f]+)>", cmap)
    width = len(space.group(1)) // 2 if space else 1
    out: dict[int, str] = {}
    for block in re.findall(rb"beginbfchar(.*?)endbfchar", cmap, re.S):
        for code, text in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            out[int(code, 16)] = bytes.fromhex(text.decode()).decode("utf-16-be")
    for block in re.findall(rb"beginbfrange(.*?)endbfrange", cmap, re.S):
        for lo, hi, start in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            first = int(start, 16)
            for i, code in enumerate(range(int(lo, 16), int(hi, 16) + 1)):
                out[code] = chr(first + i)
    return width, out


def pdf_text(data: bytes) -> str:
    """The text of every page, in page order, one line per text block."""
    objects = {int(m.group(1)): m.group(2) for m in _OBJECT.finditer(data)}
    fonts: dict[bytes, tuple[int, dict[int, str]]] = {}
    for body in objects.values():
        for name, num in re.findall(rb"/(F\d+)\s+(\d+) 0 R", body):
            unicode_ref = _ref(objects.get(int(num), b""), b"ToUnicode")
            if unicode_ref is not None:
                fonts[name] = _unicode_map(_stream(objects[unicode_ref]))
    kids = re.search(rb"/Type /Pages.*?/Kids \[(.*?)\]", data, re.S)
    pages = [int(n) for n in re.findall(rb"(\d+) 0 R", kids.group(1))] if kids else []
    lines, line = [], []
    for page in pages:
        contents = _ref(objects[page], b"Contents")
        width, table = 1, {}
        for m in _OPS.finditer(_stream(objects[contents]) if contents is not None else b""):
            if m.group(1) is not None:
                width, table = fonts.get(m.group(1), (1, {}))
            elif m.group(0) == b"ET":
                lines.append("".join(line))
                line = []
            else:
                for hexcode in ([m.group(2)] if m.group(2) is not None else re.findall(rb"<([0-9A-Fa-f]*)>",
                                                                                        m.group(3))):
                    raw = bytes.fromhex(hexcode.decode())
                    line += [table.get(int.from_bytes(raw[i:i + width], "big"), "")
                             for i in range(0, len(raw), width)]
    return "\n".join(x for x in lines if x)
