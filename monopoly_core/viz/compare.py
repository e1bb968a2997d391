"""Figures of a paired comparison (:mod:`monopoly_core.compare`): each side's value with its confidence interval,
side by side, and the Markov side of a change (two stationary distributions and their difference on the board).
Pure functions from results to plotly figures."""
from __future__ import annotations

import math

import plotly.graph_objects as go

from ..board import load_board
from .board import board_figure
from .markov import heat_values
from .safe_text import html

COLOURS = ("#1f77b4", "#ff7f0e")
DIFF_SCALE = [[0.0, "#2166ac"], [0.5, "#f7f7f7"], [1.0, "#b2182b"]]


def _layout(fig: go.Figure, title: str, height: int, **axes) -> go.Figure:
    # Titles are short: the page draws these two to a row, 440 pixels wide on a 1024-pixel screen (a browser review
    # saw "... a finished game keeps its last v" cut off); the toolbar stands on the right edge, not over the title.
    top = 70 if "<br>" in title else 50      # (a subtitle touched the top tick: a browser review)
    fig.update_layout(title=title, height=height, margin=dict(l=10, r=30, t=top, b=10), barmode="group",
                      legend=dict(orientation="h", y=-0.25, yanchor="top"), modebar=dict(orientation="v"), **axes)
    return fig


def length_shown(pairs: list) -> int:
    """The most rounds the game-length chart draws, of (rounds, games) pairs: all of them, unless a few games run
    far past the rest (to a turn limit of 500, while 99% end by 150: a walkthrough saw the histogram squeezed into
    its left edge); then up to the length 99% of the games end by, the rest said in the title."""
    total = sum(g for _, g in pairs)
    longest = max([r for r, _ in pairs], default=1)
    seen, p99 = 0, longest
    for rounds, games in sorted(pairs):
        seen += games
        if seen >= 0.99 * total:
            p99 = rounds
            break
    return longest if longest <= 2 * max(p99, 1) else p99


def figure(comparison, key: str, *, height: int = 360) -> go.Figure:
    """The chart of one figure of ``comparison`` (a :class:`~monopoly_core.compare.Comparison`)."""
    f = comparison.figure(key)
    la, lb = html(comparison.label_a), html(comparison.label_b)     # a kept rule set's name is text, not markup
    if key == "length":
        pairs = f.extra["rounds_a"] + f.extra["rounds_b"]
        longest = max([p[0] for p in pairs], default=1)
        shown = length_shown(pairs)
        width = max(1, math.ceil(shown / 40))
        fig = go.Figure()
        for label, name, colour in ((la, "rounds_a", COLOURS[0]), (lb, "rounds_b", COLOURS[1])):
            bins: dict[int, int] = {}
            for rounds, games in f.extra[name]:
                if rounds <= shown:
                    bins[rounds // width * width] = bins.get(rounds // width * width, 0) + games
            fig.add_bar(x=[b + width / 2 for b in sorted(bins)], y=[bins[b] for b in sorted(bins)], width=width,
                        name=label, marker_color=colour, opacity=0.6)
        fig.update_layout(barmode="overlay")
        title = f"Games by rounds played ({width} rounds a bar)" if width > 1 else "Games by rounds played"
        beyond = sum(g for r, g in pairs if r > shown)
        if beyond:
            title += (f"<br><sub>{beyond:,} game{'' if beyond == 1 else 's'} of more than {shown:,} rounds (up to "
                      f"{longest:,}) off the chart</sub>")
        return _layout(fig, title, height, xaxis_title="rounds", yaxis_title="games")
    if key == "inequality":
        rows = f.rows[1:]
        x = list(range(1, len(rows) + 1))
        fig = go.Figure()
        for label, side, colour in ((la, "a", COLOURS[0]), (lb, "b", COLOURS[1])):
            mid = [getattr(r, side) for r in rows]
            half = [getattr(r, f"{side}_half") for r in rows]
            fig.add_scatter(x=x + x[::-1], y=[m + h for m, h in zip(mid, half)] + [m - h for m, h in
                                                                                   zip(mid, half)][::-1],
                            fill="toself", fillcolor=colour, opacity=0.2, line=dict(width=0), hoverinfo="skip",
                            showlegend=False)
            fig.add_scatter(x=x, y=mid, name=label, line=dict(color=colour))
        return _layout(fig, "Gini by round, all games<br><sub>band: confidence interval; a finished game keeps "
                       "its last value</sub>", height,
                       xaxis_title="round", yaxis_title="Gini (0: all equal)")
    share = f.unit == "share"
    horizontal = key == "money"
    fig = go.Figure()
    for label, side, colour in ((la, "a", COLOURS[0]), (lb, "b", COLOURS[1])):
        values = [getattr(r, side) for r in f.rows]
        errors = [getattr(r, f"{side}_half") for r in f.rows]
        names = [r.label for r in f.rows]
        if horizontal:
            fig.add_bar(y=names, x=values, error_x=dict(type="data", array=errors), name=label, orientation="h",
                        marker_color=colour)
        elif share:     # Wilson's interval of a share: inside 0% to 100%, not centred on the share
            low, high = ([getattr(r, f"{side}_{end}") for r in f.rows] for end in ("low", "high"))
            fig.add_bar(x=names, y=values, name=label, marker_color=colour, customdata=list(zip(low, high)),
                        hovertemplate="%{x}: %{y:.1%} (interval %{customdata[0]:.1%} to %{customdata[1]:.1%})",
                        error_y=dict(type="data", symmetric=False, array=[h - v for v, h in zip(values, high)],
                                     arrayminus=[v - lo for v, lo in zip(values, low)]))
        else:
            fig.add_bar(x=names, y=values, error_y=dict(type="data", array=errors), name=label,
                        marker_color=colour)
    if horizontal:
        fig.update_yaxes(autorange="reversed")
        return _layout(fig, f.title + " (per game)", max(height, 26 * len(f.rows) + 120), xaxis_title="money a game")
    fig.update_yaxes(rangemode="tozero")
    return _layout(fig, f.title, height, yaxis_tickformat=".1~%" if share else None,
                   yaxis_title="share of games" if share else f.unit)


def markov_difference_figure(dist_a, dist_b, *, height: int = 560) -> go.Figure:
    """The board coloured by B's long-run share of each square minus A's (red: B lands there more)."""
    a = heat_values(dist_a)
    b = heat_values(dist_b)
    diff = [y - x for x, y in zip(a, b)]
    top = max(abs(v) for v in diff) or 1e-12
    return board_figure(load_board(dist_b.board), heat=diff, heat_format="+.2%", heat_range=(-top, top),
                        colorscale=DIFF_SCALE, heat_title="B minus A (jail corner: with In Jail)",
                        centre_text="B minus A<br>red: B lands more", height=height)
