"""The Play page's board as an SVG picture, drawn from the same drawing as the plotly figure.

An SVG needs no charting library in the browser: the board appears with the rest of the page (a plotly chart
waits for a 4.6 MB script the first time) and redraws without a layout pass. It scales with its box, words
included, so nothing overflows at any size. Pointing at a square shows its title deed, at a token its player
(the SVG ``<title>`` of each).

The text is written for Streamlit's markdown (``st.markdown(..., unsafe_allow_html=True)``): one line, and the
characters markdown would read ($ for formulas, * _ ~ ` for emphasis) written as character references.
"""
from __future__ import annotations

from .board_drawing import drawing
from .safe_text import entities

STROKE = 0.024      # a square's outline, in board units (1 px on a 540 px board)

def _t(text: str) -> str:
    """Text for an SVG element or attribute inside Markdown: every punctuation mark as a character reference
    (names of people are drawn here: safe_text.entities), line breaks too."""
    return entities(text).replace("\n", "&#10;")


def _n(x: float) -> str:
    return f"{x:.3f}".rstrip("0").rstrip(".")


def _star(x: float, y: float, r: float) -> str:
    import math
    pts = []
    for k in range(10):
        a = math.pi / 2 + k * math.pi / 5
        rr = r if k % 2 == 0 else r * 0.45
        pts.append(f"{_n(x + rr * math.cos(a))},{_n(y - rr * math.sin(a))}")
    return " ".join(pts)


def board_svg(board, *, game=None, path=None, centre_text: str = "", max_width: str = "100%",
              label: str = "The board", marks=None) -> str:
    """``board`` (with ``game``: its position; ``path``: the last move) as one line of SVG. ``max_width`` is a CSS
    length (the board is square and as wide as its box up to that). ``marks``: seat -> (ring colour, dashed,
    words) drawn around that player's token (Sore Losers: the Mr Monopoly token, trapped players)."""
    d = drawing(board, game=game, path=path, centre_text=centre_text)
    L = d.side

    def y(v: float) -> str:               # the drawing's y runs up, the picture's down
        return _n(L - v)

    out = [f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='-0.05 -0.05 {_n(L + 0.1)} {_n(L + 0.1)}' "
           f"role='img' aria-label='{_t(label)}' style='width:100%;max-width:{max_width};height:auto;display:block;"
           "margin:0 auto;font-family:inherit'>"]

    def rect(r) -> str:
        return (f"<rect x='{_n(r.x0)}' y='{y(r.y1)}' width='{_n(r.x1 - r.x0)}' height='{_n(r.y1 - r.y0)}' "
                f"fill='{_t(r.fill)}'/>")

    # the rectangles in runs of one outline, each run a group that gives its outline to all (a thinner file)
    rects = [r for r in d.rects if r.below] + [r for r in d.rects if not r.below]
    k = 0
    while k < len(rects):
        stroke = rects[k].stroke
        run = []
        while k < len(rects) and rects[k].stroke == stroke:
            run.append(rect(rects[k]))
            k += 1
        out.append((f"<g stroke='{_t(stroke)}' stroke-width='{_n(STROKE)}'>" if stroke else "<g>")
                   + "".join(run) + "</g>")
    for lb in d.labels:
        n = len(lb.lines)
        spans = "".join(f"<tspan x='{_n(lb.x)}' y='{y(lb.y - (k - (n - 1) / 2) * 1.2 * lb.size)}'"
                        + (" font-weight='bold'" if lb.bold_last and k == n - 1 else "") + f">{_t(line)}</tspan>"
                        for k, line in enumerate(lb.lines))
        out.append(f"<text font-size='{_n(lb.size)}' text-anchor='middle' dominant-baseline='central' "
                   f"fill='#222'>{spans}</text>")
    font = d.labels[0].size
    out.append(f"<text x='{_n(L / 2)}' y='{y(L / 2 + 1.2)}' font-size='{_n(font * 1.7)}' font-weight='bold' "
               f"text-anchor='middle' fill='#333'>{_t(d.title)}</text>")
    if d.centre:
        out.append(f"<text x='{_n(L / 2)}' y='{y(L / 2 - 0.3)}' font-size='{_n(font * 1.4)}' text-anchor='middle' "
                   f"fill='#333'>{_t(d.centre)}</text>")
    if d.path:
        pts = " ".join(f"{_n(px)},{y(py)}" for px, py in d.path)
        out.append(f"<g pointer-events='none'><polyline points='{pts}' fill='none' stroke='rgba(30,30,30,0.55)' "
                   "stroke-width='3' vector-effect='non-scaling-stroke' stroke-dasharray='0.05 0.07'/>")
        out += [f"<circle cx='{_n(px)}' cy='{y(py)}' r='0.06' fill='#222'/>" for px, py in d.path[:-1]]
        ex, ey = d.path[-1]
        out.append(f"<polygon points='{_star(ex, L - ey, 0.2)}' fill='#222'/></g>")
    # a clear square over each square carries its title deed (the words and bands under it would not)
    for (name, rows, status), cell in zip(d.deeds, d.cells):
        deed = "\n".join([name] + [f"{what}: {amount}" for what, amount in rows] + status)
        out.append(f"<rect x='{_n(cell.x0)}' y='{y(cell.y1)}' width='{_n(cell.x1 - cell.x0)}' "
                   f"height='{_n(cell.y1 - cell.y0)}' fill='transparent'><title>{_t(deed)}</title></rect>")
    for k in d.tokens:
        ring = f" stroke='#111' stroke-width='{3 if k.current else 1}' vector-effect='non-scaling-stroke'"
        mark = (marks or {}).get(k.seat)
        tip = f"<title>{_t(chr(10).join(k.hover + ((mark[2],) if mark else ())))}</title>"
        if mark:
            dash = " stroke-dasharray='3 2'" if mark[1] else ""
            out.append(f"<circle cx='{_n(k.x)}' cy='{y(k.y)}' r='{_n(k.size / 2 + 0.09)}' fill='none' "
                       f"stroke='{_t(mark[0])}' stroke-width='3'{dash} vector-effect='non-scaling-stroke'/>")
        if k.in_jail:
            s = k.size * 0.9
            out.append(f"<rect x='{_n(k.x - s / 2)}' y='{y(k.y + s / 2)}' width='{_n(s)}' height='{_n(s)}' "
                       f"fill='{_t(k.colour)}'{ring}>{tip}</rect>")
        else:
            out.append(f"<circle cx='{_n(k.x)}' cy='{y(k.y)}' r='{_n(k.size / 2)}' fill='{_t(k.colour)}'{ring}>"
                       f"{tip}</circle>")
    out.append("</svg>")
    return "".join(out)
