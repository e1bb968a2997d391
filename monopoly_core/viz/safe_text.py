"""People's text (player names above all, which a share link or a saved file may carry) made safe to draw.

A name is text, never markup: in Streamlit's Markdown it could make a link, an image from another site, LaTeX
or a coloured block, and where a page allows HTML (the seat list) or in plotly's hover and legend text (which
read a little HTML, links included) it could draw anything. Escape a name wherever it is drawn:
:func:`markdown` for Markdown, :func:`html` for HTML and plotly, :func:`entities` for Markdown that allows HTML
(a name in an HTML block or beside one).
"""
from __future__ import annotations

import html as _html
import re
import string

_MARKDOWN = str.maketrans({ch: "\\" + ch for ch in string.punctuation})
#: What GitHub-flavoured Markdown turns into a link by itself, escaped or not (it finds them in the text after the
#: escapes are read): web addresses, ``www.`` names and e-mail addresses.
#: (The scheme and name are enough: the rest of the address, left as text, is no link without them.)
_AUTOLINK = re.compile(r"(?:https?://|mailto:|xmpp:|www\.)[-.\w]*|[\w.+-]+@[-\w]+(?:\.[-\w]+)+", re.I)


def markdown(text) -> str:
    """``text`` for a Markdown string: every ASCII punctuation character is escaped, so Markdown shows it as
    typed (no emphasis, links, images, HTML, LaTeX or colour directives); a web or e-mail address in it is put
    in a code span, where it is shown as typed too but not made a link (an outside review clicked
    ``https://evil.example`` in a refusal that quoted it)."""
    text, out, at = str(text), [], 0
    for found in _AUTOLINK.finditer(text):
        out += [text[at:found.start()].translate(_MARKDOWN), _code(found.group())]
        at = found.end()
    return "".join(out) + text[at:].translate(_MARKDOWN)


def _code(run: str) -> str:
    """``run`` as a Markdown code span: fenced by one backtick more than its longest run of them."""
    fence = "`" * (max((len(b) for b in re.findall(r"`+", run)), default=0) + 1)
    pad = " " if run.startswith("`") or run.endswith("`") else ""
    return f"{fence}{pad}{run}{pad}{fence}"


def html(text) -> str:
    """``text`` for HTML or plotly text: ``<``, ``>``, ``&`` and quotes as entities."""
    return _html.escape(str(text), quote=True)


def entities(text) -> str:
    """``text`` with every ASCII punctuation character written as a numeric character reference (``[`` is
    ``&#91;``): shown as typed both in HTML and in Markdown, where a backslash escape would show inside an HTML
    block."""
    return "".join(f"&#{ord(ch)};" if ch in string.punctuation else ch for ch in str(text))
