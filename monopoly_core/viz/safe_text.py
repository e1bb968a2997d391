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
#: What GitHub-flavoured Markdown turns into a link even in escaped text: "scheme://", "www." and e-mail addresses
#: (Streamlit's Markdown finds them in the text once escapes are read: seen in chromium, a rule set named
#: "[Click](https://evil.example)" showed a live link)
_AUTOLINK = re.compile(r"://|(?i:www)\.|@")
_ZWSP = "\u200b"        # a zero-width space breaks each of them, and shows nothing


def _unlinked(text) -> str:
    """``text`` with a zero-width space inside every pattern Markdown would make a link of."""
    return _AUTOLINK.sub(lambda m: m.group(0)[:-1] + _ZWSP + m.group(0)[-1] if m.group(0) != "@" else _ZWSP + "@",
                         str(text))


def markdown(text) -> str:
    """``text`` for a Markdown string: every ASCII punctuation character is escaped, so Markdown shows it as
    typed (no emphasis, links, images, HTML, LaTeX or colour directives), and a web or e-mail address is kept from
    becoming a link."""
    return _unlinked(text).translate(_MARKDOWN)


def html(text) -> str:
    """``text`` for HTML or plotly text: ``<``, ``>``, ``&`` and quotes as entities."""
    return _html.escape(str(text), quote=True)


def entities(text) -> str:
    """``text`` with every ASCII punctuation character written as a numeric character reference (``[`` is
    ``&#91;``): shown as typed both in HTML and in Markdown, where a backslash escape would show inside an HTML
    block."""
    return "".join(f"&#{ord(ch)};" if ch in string.punctuation else ch for ch in _unlinked(text))
