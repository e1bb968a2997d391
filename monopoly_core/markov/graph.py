"""The transition matrix as a networkx DiGraph, for the graph view and for anyone who wants graph algorithms."""
from __future__ import annotations

import networkx as nx

from .builder import chain
from .quantities import IN_JAIL, JAIL_STATE, lumped_matrix, per_roll, row_names


def transition_graph(rules, jail: str = "long", uk_card: str = "pay", *, lumped: bool = True,
                     threshold: float = 0.0, assume: str = "") -> nx.DiGraph:
    """The chain as a directed graph; edges carry ``probability`` (one roll) and are kept when above
    ``threshold``.

    ``lumped=True`` (the default): one node per resting state, the squares by index and ``"jail"`` for In Jail,
    with the one-roll transitions of :func:`~.quantities.lumped_matrix`. ``lumped=False``: one node per chain
    state (index into ``chain.states``) with the exact per-roll matrix. Nodes carry ``name``, ``short``,
    ``kind``, ``group``, ``colour``, ``square`` and ``probability`` (the per-roll stationary share); the graph
    carries ``quantity``, ``jail_policy``, ``uk_card`` and ``board``.
    """
    ch = chain(rules, jail, uk_card, assume)
    board = ch.board
    g = nx.DiGraph(quantity="one-roll transition probability", jail_policy=jail, uk_card=uk_card,
                   board=board.name, threshold=threshold)
    names = row_names(board)

    def square_data(s: int) -> dict:
        sq = board.squares[s]
        grp = board.groups.get(sq.group)
        return {"square": s, "name": names[s], "short": sq.short, "kind": sq.kind, "group": sq.group,
                "colour": grp.colour if grp else ""}

    if lumped:
        M = lumped_matrix(ch)
        pr = per_roll(ch)
        keys = list(range(board.size)) + [JAIL_STATE]
        for i, key in enumerate(keys):
            data = square_data(board.jail) if key == JAIL_STATE else square_data(key)
            if key == JAIL_STATE:
                data.update(name=IN_JAIL, short=IN_JAIL, kind="in_jail")
            g.add_node(key, probability=float(pr[i]), **data)
    else:
        M = ch.matrix
        keys = list(range(ch.n_states))
        labels = ch.labels()
        for i, st in enumerate(ch.states):
            data = square_data(st.square)
            g.add_node(i, probability=float(ch.pi[i]), label=labels[i], doubles=st.doubles, jail=st.jail, **data)
    rows, cols = (M > threshold).nonzero()
    g.add_edges_from((keys[a], keys[b], {"probability": float(M[a, b])}) for a, b in zip(rows, cols))
    return g
