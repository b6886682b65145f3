"""Pictures of switch puzzles: the graph with its presses, and Lights Out grids.

Hand-written: drawing is not what the chapter teaches, so the plotters live here once.
:mod:`helper.plot` offers them beside the other puzzles' plotters, under the same
names (``helper.plot.plot_switches``, ``helper.plot.plot_lights_out``).
"""

from __future__ import annotations

from collections.abc import Iterable

import networkx as nx
import numpy as np
from matplotlib import pyplot as plt
from matplotlib.collections import EllipseCollection

__all__ = ["plot_switches", "plot_lights_out"]


def plot_switches(
    puzzle,
    pressed: Iterable[str] | None = None,
    *,
    pos: dict | None = None,
    ax: plt.Axes | None = None,
    title: str | None = None,
) -> plt.Figure:
    """Draw a switch puzzle as a graph: lights that must flip in yellow, others dark.

    Args:
        puzzle: a switch puzzle, read by its attributes ``nodes``, ``flip`` and
            ``edges`` (a :class:`helper.switches.puzzle.Switches`).
        pressed: names of pressed switches, drawn with a thick red ring (``None``:
            nothing pressed).
        pos: ``{name: (x, y)}``; by default a force-directed layout with a fixed seed.
        ax: an Axes to draw on; by default a new figure.
        title: the title of the Axes.

    Returns:
        The matplotlib Figure.
    """
    graph = nx.Graph()
    graph.add_nodes_from(puzzle.nodes)
    graph.add_edges_from(puzzle.edges)
    if pos is None:
        # A force-directed layout with a fixed seed (deterministic, numpy only);
        # big graphs go on a circle.
        if 1 < len(graph) < 500:
            pos = nx.arf_layout(graph, seed=0)
        else:
            pos = nx.circular_layout(graph)
    if ax is None:
        size = min(9.0, 2.0 + 0.45 * len(graph) ** 0.5 * 2)
        fig, ax = plt.subplots(figsize=(size, size * 0.75))
    fig = ax.figure
    wanted = set(puzzle.flip)
    pushed = set(pressed or ())
    small = len(graph) <= 60
    node_size = 600 if small else max(20, 6000 // len(graph))
    colours = ["#f5c518" if v in wanted else "#3b3b3b" for v in graph]
    nx.draw_networkx_edges(graph, pos, ax=ax, edge_color="#888888", width=1.5)
    nx.draw_networkx_nodes(
        graph,
        pos,
        ax=ax,
        node_color=colours,
        node_size=node_size,
        edgecolors="#222222",
        linewidths=1.0,
    )
    if pushed:
        nx.draw_networkx_nodes(
            graph,
            pos,
            nodelist=[v for v in graph if v in pushed],
            ax=ax,
            node_color="none",
            node_size=node_size * 1.9,
            edgecolors="#d62728",
            linewidths=3.0,
        )
    if small:
        text = {v: ("#222222" if v in wanted else "white") for v in graph}
        for v, (x, y) in pos.items():
            ax.text(x, y, str(v), ha="center", va="center", fontsize=10, color=text[v])
    if not title:
        title = f"{len(wanted)} lights to flip"
        if pushed:
            title += f", {len(pushed)} presses"
    ax.set_title(title)
    ax.set_aspect("equal")
    ax.margins(0.12)
    ax.axis("off")
    return fig


def plot_lights_out(
    board: np.ndarray,
    presses: np.ndarray | None = None,
    *,
    ax: plt.Axes | None = None,
    title: str | None = None,
) -> plt.Figure:
    """Draw a Lights Out grid: lit cells yellow, dark cells grey, presses as red dots.

    Args:
        board: 2-D array of 0/1, 1 = light on.
        presses: 2-D array of 0/1 of the same shape, 1 = press this cell (``None``: no
            presses).
        ax: an Axes to draw on; by default a new figure.
        title: the title of the Axes.

    Returns:
        The matplotlib Figure.
    """
    board = np.asarray(board)
    rows, cols = board.shape
    if ax is None:
        side = min(8.0, 1.5 + 0.35 * max(rows, cols))
        scale = side / max(rows, cols)
        fig, ax = plt.subplots(figsize=(scale * cols + 0.5, scale * rows + 0.5))
    fig = ax.figure
    colours = np.array([[0.23, 0.23, 0.23], [0.96, 0.77, 0.09]])
    ax.imshow(colours[board.astype(int)], interpolation="nearest")
    if max(rows, cols) <= 40:  # every grid line, the border included
        lines = {"color": "white", "linewidth": 1.5}
        ax.hlines(np.arange(rows + 1) - 0.5, -0.5, cols - 0.5, **lines)
        ax.vlines(np.arange(cols + 1) - 0.5, -0.5, rows - 0.5, **lines)
    ax.set_xlim(-0.5, cols - 0.5)
    ax.set_ylim(rows - 0.5, -0.5)
    ax.set_xticks([])
    ax.set_yticks([])
    if presses is not None:
        r, c = np.nonzero(np.asarray(presses))
        dots = EllipseCollection(
            0.5,
            0.5,
            0.0,
            units="xy",
            offsets=np.column_stack([c, r]),
            offset_transform=ax.transData,
            facecolors="#d62728",
            edgecolors="white",
            linewidths=0.5,
        )
        ax.add_collection(dots)
    lit = int(board.sum())
    text = f"{rows}x{cols}, {lit} lights on"
    if presses is not None:
        text += f", {int(np.asarray(presses).sum())} presses"
    ax.set_title(title or text)
    return fig
