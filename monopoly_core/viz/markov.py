"""Figures of the Markov analysis: pure functions from results to plotly figures (no streamlit).

Every figure names its quantity in its title or axis, as the results do. The board heat map is
:func:`monopoly_core.viz.board.board_figure` with ``heat=``; :func:`heat_values` gives it one value per square.
"""
from __future__ import annotations

import math

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ..board import load_board
from ..markov.quantities import JAIL_STATE, MEANING, Distribution
from .board import board_figure

JAIL_COLOUR = "#5d4037"
OTHER_COLOUR = "#90a4ae"
HIGHLIGHT = "#d62728"
THEORY_COLOUR = "#1f77b4"
OBSERVED_COLOUR = "#ff7f0e"
#: A light colour scale for heat maps with dark text on top (white, yellow, orange).
HEAT_SCALE = [[0.0, "#ffffff"], [0.5, "#fff1a8"], [0.8, "#fdc06a"], [1.0, "#f4845f"]]


def _colours(dist: Distribution) -> list[str]:
    """Bar colour of every row (squares, then In Jail): the colour group's, else a neutral grey."""
    board = load_board(dist.board)
    out = []
    for sq in board.squares:
        grp = board.groups.get(sq.group)
        out.append(grp.colour if grp else OTHER_COLOUR)
    return out + [JAIL_COLOUR]


def row_labels(dist: Distribution) -> list[str]:
    """Axis labels of the rows (squares, then In Jail), unique: a name printed on several squares ("Chance")
    gets its square index, so plotly does not merge those bars into one category."""
    names = dist.labels()
    seen = {}
    for nm in names:
        seen[nm] = seen.get(nm, 0) + 1
    return [f"{nm} ({i})" if seen[nm] > 1 else nm for i, nm in enumerate(names)]


def _title(dist: Distribution, what: str = "") -> str:
    policy = f"jail {dist.jail_policy}" if dist.jail_policy else ""
    turns = f", after {dist.turns} turns from GO" if dist.turns is not None else ""
    head = what or f"{dist.quantity}: {dist.meaning}"
    return f"{head}{turns}" + (f" <sup>({dist.board}, {policy})</sup>" if policy else "")


def _is_share(dist: Distribution) -> bool:
    return dist.quantity != "visits-per-turn"


def heat_values(dist: Distribution, *, jail_on_corner: bool = True) -> list[float]:
    """One value per square for ``board_figure(heat=...)``. The board has one corner for jail, so by default
    In Jail is added to Just Visiting there (say so in the heat title); ``jail_on_corner=False`` leaves the
    corner as Just Visiting only."""
    board = load_board(dist.board)
    values = list(dist.squares)
    if jail_on_corner:
        values[board.jail] += dist.jail
    return values


def heat_board_figure(dist: Distribution, *, height: int | None = None) -> go.Figure:
    """The board coloured by ``dist``, with each square's value on it and In Jail written in the middle (it
    would outshine every other square on the jail corner, which shows Just Visiting only). The colour scale
    runs from the smallest value a token actually gets to the largest: Go To Jail, where no token ever rests,
    must not wash out the rest."""
    if height is None:      # (a board of more squares a side drawn larger: the Mega board's were 8 px words)
        height = 640 if len(dist.squares) <= 40 else 720
    fmt = ".2%" if _is_share(dist) else ".3f"
    jail_text = f"In Jail {dist.jail:{fmt}}" if _is_share(dist) else f"jail arrivals {dist.jail:.3f}/turn"
    heat = heat_values(dist, jail_on_corner=False)
    landed = [v for v in heat if v > 0]
    fig = board_figure(load_board(dist.board), heat=heat, heat_format=fmt, heat_range=(min(landed), max(landed)),
                       heat_title=f"{dist.quantity} (jail corner: Just Visiting)", colorscale=HEAT_SCALE,
                       centre_text=f"{dist.quantity}<br>{jail_text}", height=height)
    # as wide as the board and its colour bar: stretched across a wide page, the bar stood 200 px off at the far
    # right (a browser review at 1280x800)
    fig.update_layout(width=height + HEAT_BAR_WIDTH)
    return fig


#: Room beside a heat map's board for its colour bar and the bar's title, in pixels.
HEAT_BAR_WIDTH = 230


def bar_figure(dist: Distribution, *, highlight=None, height: int = 420) -> go.Figure:
    """Bars sorted from the most likely state down, coloured by group, with the uniform 1/n line."""
    rows = dist.ranked()
    labels = row_labels(dist)
    colours = _colours(dist)
    col = [colours[-1] if s == JAIL_STATE else colours[int(s)] for s, _, _ in rows]
    if highlight is not None:
        col = [HIGHLIGHT if s == str(highlight) else c for (s, _, _), c in zip(rows, col)]
    fmt = ".2%" if _is_share(dist) else ".4f"
    fig = go.Figure(go.Bar(
        x=[labels[-1] if s == JAIL_STATE else labels[int(s)] for s, _, _ in rows], y=[v for _, _, v in rows],
        marker_color=col,
        marker_line=dict(color="#555555", width=0.5), customdata=[s for s, _, _ in rows],
        hovertemplate="%{x}<br>%{y:" + fmt + "}<extra></extra>", name=dist.quantity))
    n = len(dist.squares)
    if _is_share(dist):
        fig.add_hline(y=1 / n, line=dict(color="#333333", dash="dash", width=1),
                      annotation_text=f"uniform 1/{n} = {1 / n:.2%}", annotation_position="top right")
    fig.update_layout(title=_title(dist), height=height, margin=dict(l=40, r=20, t=60, b=120), showlegend=False,
                      yaxis=dict(title=dist.quantity, tickformat=".1%" if _is_share(dist) else None),
                      xaxis=dict(tickangle=-60, title=None))
    return fig


# --- the chain as a graph ------------------------------------------------------------------------------------

def ring_positions(graph) -> dict:
    """Node positions: squares on a circle in board order (GO at the bottom right, play clockwise, as on the
    printed board); In Jail just inside its corner."""
    squares = [k for k in graph.nodes if k != JAIL_STATE]
    n = len(squares)
    pos = {}
    for i in squares:
        a = math.radians(-45 - 360 * i / n)
        pos[i] = (math.cos(a), math.sin(a))
    if JAIL_STATE in graph.nodes:
        corner = graph.nodes[JAIL_STATE]["square"]
        a = math.radians(-45 - 360 * corner / n)
        pos[JAIL_STATE] = (0.78 * math.cos(a), 0.78 * math.sin(a))
    return pos


def graph_figure(graph, *, threshold: float = 0.02, selected=None, height: int = 760) -> go.Figure:
    """The lumped chain (:func:`monopoly_core.markov.transition_graph`) on a ring: edges above ``threshold``,
    width by probability; with ``selected`` (a node key) its outgoing edges stand out in colour. Nodes are
    sized by their per-roll probability; each node point carries its key as ``customdata`` (for selection)."""
    pos = ring_positions(graph)
    fig = go.Figure()
    edges = [(a, b, d["probability"]) for a, b, d in graph.edges(data=True) if a != b and d["probability"] > threshold]
    top = max((p for _, _, p in edges), default=1.0)
    bins = 6
    for k in range(bins):   # one trace per width band: plotly lines have one width per trace
        lo, hi = top * k / bins, top * (k + 1) / bins
        xs, ys = [], []
        for a, b, p in edges:
            if lo < p <= hi or (k == 0 and p <= lo):
                if selected is not None and a == selected:
                    continue
                xs += [pos[a][0], pos[b][0], None]
                ys += [pos[a][1], pos[b][1], None]
        if xs:
            fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", hoverinfo="skip", showlegend=False,
                                     line=dict(width=0.5 + 5 * (k + 1) / bins, color="rgba(90,90,90,%.2f)" %
                                               (0.12 if selected is not None else 0.35))))
    if selected is not None and selected in graph.nodes:
        for a, b, d in graph.out_edges(selected, data=True):
            p = d["probability"]
            if a == b or p <= threshold:
                continue
            fig.add_trace(go.Scatter(x=[pos[a][0], pos[b][0]], y=[pos[a][1], pos[b][1]], mode="lines",
                                     line=dict(width=1 + 12 * p / top, color=HIGHLIGHT), opacity=0.8,
                                     hoverinfo="text", text=f"{graph.nodes[b]['name']}: {p:.1%}", showlegend=False))
    keys = list(graph.nodes)
    probs = [graph.nodes[k]["probability"] for k in keys]
    pmax = max(probs) or 1.0
    colours = [JAIL_COLOUR if k == JAIL_STATE else (graph.nodes[k]["colour"] or OTHER_COLOUR) for k in keys]
    stay = {a: d["probability"] for a, b, d in graph.edges(data=True) if a == b}
    hover = [f"{graph.nodes[k]['name']}<br>per roll: {graph.nodes[k]['probability']:.2%}"
             + (f"<br>stays put: {stay[k]:.1%}" if k in stay else "") for k in keys]
    fig.add_trace(go.Scatter(
        x=[pos[k][0] for k in keys], y=[pos[k][1] for k in keys], mode="markers", name="squares",
        customdata=[str(k) for k in keys], hovertext=hover, hoverinfo="text",
        marker=dict(size=[8 + 22 * p / pmax for p in probs], color=colours,
                    line=dict(width=[3 if k == selected else 1 for k in keys],
                              color=[HIGHLIGHT if k == selected else "#333333" for k in keys])),
        showlegend=False))
    named = named_nodes(graph, selected)
    for k in named:
        fig.add_annotation(**_outside_label(pos[k], graph.nodes[k]["short"], k == selected))
    title = f"One roll as a graph: edges above {threshold:.1%}"
    if selected is not None and selected in graph.nodes:
        title += f", from {graph.nodes[selected]['name']} in red"
    if len(named) < len(keys):
        title += (f"<br><sup>named: the {GRAPH_NAMED} squares where a token rests most; point at a dot for any "
                  "other</sup>")
    fig.update_layout(title=title, height=height, margin=dict(l=10, r=10, t=60, b=10), clickmode="event+select",
                      xaxis=dict(visible=False, range=[-1.55, 1.55]),
                      yaxis=dict(visible=False, range=[-1.3, 1.3], scaleanchor="x"), plot_bgcolor="white")
    return fig


#: Squares named on the graph of a board larger than the classic 40 (the Mega Edition's 52): the most visited
#: ones, so the names do not overlap at a projector's 1280 x 800; every square still names itself on hover.
GRAPH_NAMED = 20


def named_nodes(graph, selected=None) -> list:
    """The nodes named under the ring: all of a board of up to 40 squares, else the :data:`GRAPH_NAMED` where a
    token rests most, In Jail and the selected one."""
    keys = list(graph.nodes)
    if len(keys) <= 41:
        return keys
    top = sorted(keys, key=lambda k: -graph.nodes[k]["probability"])[:GRAPH_NAMED]
    return [k for k in keys if k in top or k == JAIL_STATE or k == selected]


def _outside_label(xy, text: str, bold: bool) -> dict:
    """A node's name beside its dot, away from the centre (In Jail, inside the ring: towards the centre).

    At the top and bottom of the ring the names run outwards, side by side. Elsewhere a name's middle is level
    with its own dot and it starts a little to the side of it: pushed out along the radius, or anchored above or
    below, a name on the diagonals sat level with the next dot (a review saw "Boardwalk" beside GO)."""
    x, y = xy
    r = math.hypot(x, y) or 1.0
    label = dict(text=f"<b>{text}</b>" if bold else text, showarrow=False, font=dict(size=12))
    if r > 0.9 and abs(x) < 0.45:
        return dict(label, x=x * 1.07, y=y * 1.07, textangle=-90, xanchor="center",
                    yanchor="bottom" if y > 0 else "top")
    if r <= 0.9:                                # In Jail: its name runs from near its dot towards the centre
        return dict(label, x=x * 0.8, y=y * 0.8, xanchor="left" if x < 0 else "right", yanchor="middle")
    return dict(label, x=x + (0.05 if x > 0 else -0.05), y=y, xanchor="left" if x > 0 else "right",
                yanchor="middle")


def one_roll_figure(dist: Distribution, state, *, height: int = 360) -> go.Figure:
    """Where a token resting on ``state`` goes in one roll (:func:`monopoly_core.markov.one_roll`), in board
    order, the starting state outlined."""
    labels = row_labels(dist)
    values = list(dist.values())
    keys = [str(i) for i in range(len(dist.squares))] + [JAIL_STATE]
    colours = _colours(dist)
    start = str(state)
    fig = go.Figure(go.Bar(x=labels, y=values, marker_color=colours, customdata=keys,
                           marker_line=dict(width=[3 if k == start else 0.5 for k in keys],
                                            color=[HIGHLIGHT if k == start else "#555555" for k in keys]),
                           hovertemplate="%{x}<br>%{y:.2%}<extra></extra>"))
    here = "In Jail" if start == JAIL_STATE else dist.names[int(start)]
    fig.update_layout(title=f"Where a token on {here} rests after one roll", height=height, showlegend=False,
                      yaxis=dict(title="probability", tickformat=".0%"), xaxis=dict(tickangle=-60),
                      margin=dict(l=40, r=20, t=50, b=120))
    return fig


def convergence_figure(tv: list[float], *, marker: int | None = None, height: int = 340) -> go.Figure:
    """Total variation distance to the long-run end-of-turn distribution against turns from GO (log scale)."""
    xs = list(range(len(tv)))
    ys = [max(v, 1e-16) for v in tv]
    fig = go.Figure(go.Scatter(x=xs, y=ys, mode="lines+markers", marker=dict(size=4), name="distance",
                               hovertemplate="after %{x} turns: %{y:.3%}<extra></extra>"))
    if marker is not None and 0 <= marker < len(tv):
        fig.add_trace(go.Scatter(x=[marker], y=[ys[marker]], mode="markers", marker=dict(size=12, color=HIGHLIGHT),
                                 name=f"n = {marker}", hovertemplate="%{y:.3%}<extra></extra>"))
    fig.update_layout(title="Forgetting the start: distance to the long run (end-of-turn)", height=height,
                      xaxis=dict(title="turns from GO"), showlegend=False,
                      # (in percent, as the hover says it: a browser review met "1e+0 ... 1e-4" on the axis)
                      yaxis=dict(title="total variation distance", type="log", tickformat="~%"),
                      margin=dict(l=60, r=20, t=50, b=40))
    return fig


def comparison_figure(theory: Distribution, observed: Distribution, *, errors=None, height: int = 440) -> go.Figure:
    """Exact values as bars and observed frequencies as points, in board order; ``errors`` (one standard error
    per row) draws +-2 standard error bars on the observed points."""
    labels = row_labels(theory)
    fig = go.Figure()
    fig.add_trace(go.Bar(x=labels, y=list(theory.values()), name=f"exact ({theory.quantity})",
                         marker_color=THEORY_COLOUR, opacity=0.55,
                         hovertemplate="%{x}<br>exact %{y:.3%}<extra></extra>"))
    err = dict(type="data", array=[2 * e for e in errors], visible=True, thickness=1) if errors is not None else None
    fig.add_trace(go.Scatter(x=labels, y=list(observed.values()), mode="markers", error_y=err,
                             name=f"{observed.source} ({observed.samples:,} samples)",
                             marker=dict(color=OBSERVED_COLOUR, size=7, symbol="diamond"),
                             hovertemplate="%{x}<br>observed %{y:.3%}<extra></extra>"))
    fig.update_layout(title=f"Theory against experiment: {theory.quantity}", height=height,
                      yaxis=dict(title=theory.quantity, tickformat=".1%"), xaxis=dict(tickangle=-60),
                      legend=dict(orientation="h", y=1.08, x=0), margin=dict(l=50, r=20, t=70, b=120))
    return fig


def income_figure(income, *, height: int = 520, title: str | None = None) -> go.Figure:
    """Expected rent per opponent turn (top) and payback in rounds (bottom) per colour group and level; ``title``
    replaces the default one (which names the board and jail policy as the Markov page does)."""
    opponents = f"{income.opponents} opponent" + ("" if income.opponents == 1 else "s")
    fig = make_subplots(rows=2, cols=1, shared_xaxes=True, vertical_spacing=0.08,
                        subplot_titles=("Expected rent per opponent turn, whole holding",
                                        f"Payback in rounds against {opponents}"))
    levels = []
    for r in income.payback:
        if r.level_name not in levels:
            levels.append(r.level_name)
    groups = []
    for r in income.payback:
        if r.group not in groups:
            groups.append(r.group)
    for r_group in groups:
        every = [r for r in income.payback if r.group == r_group]
        colour = every[0].colour
        # one line a run of levels: the Mega Edition's railroads with a depot are a run of their own (one line
        # from "4 owned" down to "1 owned, with a depot" read as one sawtooth series: a browser review)
        runs = [[r for r in every if ("depot" in r.level_name) == depot] for depot in (False, True)]
        for k, rows in enumerate(run for run in runs if run):
            x = [r.level_name for r in rows]
            line = dict(color=colour, width=2, dash="dot" if k else "solid")
            fig.add_trace(go.Scatter(x=x, y=[r.per_opponent_turn for r in rows], mode="lines+markers",
                                     name=every[0].label, line=line, legendgroup=r_group, showlegend=not k,
                                     hovertemplate=every[0].label + " %{x}: %{y:.2f} per opponent turn<extra></extra>"),
                          row=1, col=1)
            fig.add_trace(go.Scatter(x=x, y=[r.payback_rounds for r in rows], mode="lines+markers",
                                     name=every[0].label, line=line, legendgroup=r_group, showlegend=False,
                                     hovertemplate=every[0].label + " %{x}: %{y:.0f} rounds<extra></extra>"),
                          row=2, col=1)
    fig.update_xaxes(categoryorder="array", categoryarray=levels)
    fig.update_yaxes(title_text="rent", row=1, col=1)
    fig.update_yaxes(title_text="rounds", type="log", tickvals=[2, 5, 10, 20, 50, 100, 200, 500, 1000],
                     row=2, col=1)
    fig.update_layout(height=height, margin=dict(l=50, r=20, t=50, b=40),
                      title=title or f"Income ({income.board}, jail {income.jail_policy})")
    return fig


def quantity_label(quantity: str) -> str:
    """``per-roll: share of dice rolls ...`` for captions."""
    return f"{quantity}: {MEANING.get(quantity, quantity)}"
