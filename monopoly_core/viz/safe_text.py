"""People's text (player names above all, which a share link or a saved file may carry) made safe to draw.

A name is text, never markup: in Streamlit's Markdown it could make a link, an image from another site, LaTeX
or a coloured block, and where a page allows HTML (the seat list) or in plotly's hover and legend text (which
read a little HTML, links included) it could draw anything. Escape a name wherever it is drawn:
:func:`markdown` for Markdown, :func:`html` for HTML and plotly, :func:`entities` for Markdown that allows HTML
(a name in an HTML block or beside one).
"""
from __future__ import annotations

import html as _html
import string

_MARKDOWN = str.maketrans({ch: "\\" + ch for ch in string.punctuation})


def markdown(text) -> str:
    """``text`` for a Markdown string: every ASCII punctuation character is escaped, so Markdown shows it as
    typed (no emphasis, links, images, HTML, LaTeX or colour directives)."""
    return str(text).translate(_MARKDOWN)


def html(text) -> str:
    """``text`` for HTML or plotly text: ``<``, ``>``, ``&`` and quotes as entities."""
    return _html.escape(str(text), quote=True)


def entities(text) -> str:
    """``text`` with every ASCII punctuation character written as a numeric character reference (``[`` is
    ``&#91;``): shown as typed both in HTML and in Markdown, where a backslash escape would show inside an HTML
    block."""
    return "".join(f"&#{ord(ch)};" if ch in string.punctuation else ch for ch in str(text))
