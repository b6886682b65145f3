"""The grid vocabulary that the puzzle packages share: cells, links, lines and loops.

Hand-written; the chapters use these words and teach the encodings built on them.

* A **cell** ``(r, c)`` is a square of a board: row ``r`` from the top, column ``c``
  from the left. A **lattice point** ``(r, c)`` is a corner of cells; an ``h`` x ``w``
  board has ``(h + 1) x (w + 1)`` of them. Both are pairs of ints, so the words below
  serve Numberlink (lines through cells) and Slitherlink (a loop through points) alike.
* A **link** ``(r1, c1, r2, c2)`` joins two orthogonal neighbours, the upper or left
  one first, so that each link has exactly one spelling and can key a dictionary of
  solver variables.
* A set of links in which no node touches more than two of them falls apart into
  **lines** (with two ends) and **loops** (closed). :func:`split_lines` finds both;
  :func:`loop_cut` turns a loop that must not exist into the lazy cut "not all of these
  links", the clause that both loop puzzles add when a SAT answer has a stray loop.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence

__all__ = [
    "Cell",
    "Point",
    "Link",
    "link",
    "neighbours",
    "grid_links",
    "links_along",
    "split_lines",
    "loop_cut",
]

#: A cell ``(row, column)`` of a board.
Cell = tuple[int, int]
#: A lattice point ``(row, column)``: a corner of cells, ``0 <= row <= height``.
Point = tuple[int, int]
#: A link ``(r1, c1, r2, c2)`` between orthogonal neighbours, upper or left one first.
Link = tuple[int, int, int, int]

#: The four steps to an orthogonal neighbour: up, right, down, left.
STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))


def link(a: tuple[int, int], b: tuple[int, int]) -> Link:
    """The link between neighbours ``a`` and ``b``, spelt upper or left one first."""
    (r1, c1), (r2, c2) = (a, b) if a <= b else (b, a)
    return (r1, c1, r2, c2)


def neighbours(height: int, width: int, node: tuple[int, int]) -> Iterator[Cell]:
    """The orthogonal neighbours of ``node`` inside a ``height`` x ``width`` grid.

    For cells pass the board's size; for lattice points pass ``height + 1`` and
    ``width + 1``.
    """
    r, c = node
    for dr, dc in STEPS:
        if 0 <= r + dr < height and 0 <= c + dc < width:
            yield (r + dr, c + dc)


def grid_links(height: int, width: int) -> list[Link]:
    """Every link of a ``height`` x ``width`` grid, in reading order of the first node.

    For cells pass the board's size, for lattice points ``height + 1`` and
    ``width + 1``.
    """
    found = []
    for r in range(height):
        for c in range(width):
            if c + 1 < width:
                found.append((r, c, r, c + 1))
            if r + 1 < height:
                found.append((r, c, r + 1, c))
    return found


def links_along(nodes: Sequence[tuple[int, int]], closed: bool = False) -> list[Link]:
    """The links between consecutive nodes; ``closed`` adds the last-to-first link."""
    ring = list(nodes) + list(nodes[:1]) if closed else list(nodes)
    return [link(a, b) for a, b in itertools.pairwise(ring)]


def split_lines(
    links: Iterable[Link], starts: Iterable[tuple[int, int]] = ()
) -> tuple[list[list[tuple[int, int]]], list[list[tuple[int, int]]]]:
    """Split links in which no node has more than two into lines and loops.

    Args:
        links: the links that are on (for example, true in a SAT answer).
        starts: nodes to start a line from, in this order (Numberlink passes its
            endpoints, so each pair's line starts at its first endpoint). A start that
            no link touches gives the line ``[start]``. Every other line starts at
            whichever of its two ends comes first in reading order.

    Returns:
        ``(lines, loops)``: each line is its nodes from one end to the other, each loop
        its nodes in order around it, starting at its first node in reading order.

    Raises:
        ValueError: a node touches three or more links (lines would branch there).
    """
    around: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for r1, c1, r2, c2 in links:
        around.setdefault((r1, c1), []).append((r2, c2))
        around.setdefault((r2, c2), []).append((r1, c1))
    for node, others in around.items():
        if len(others) > 2:
            raise ValueError(f"{node} touches {len(others)} links: lines branch there")
    seen: set[tuple[int, int]] = set()
    lines = []
    ends = [n for n in sorted(around) if len(around[n]) == 1]
    for start in [*starts, *ends]:
        if start in seen:
            continue
        line = _walk(around, start)
        seen.update(line)
        lines.append(line)
    loops = []
    for start in sorted(around):
        if start not in seen:
            loop = _walk(around, start)
            seen.update(loop)
            loops.append(loop)
    return lines, loops


def _walk(
    around: Mapping[tuple[int, int], list[tuple[int, int]]], start: tuple[int, int]
) -> list[tuple[int, int]]:
    """Follow links from ``start`` until the line ends or comes back to ``start``."""
    walk, previous = [start], None
    while True:
        ahead = [n for n in around.get(walk[-1], ()) if n != previous]
        if not ahead or ahead[0] == start:
            return walk
        previous = walk[-1]
        walk.append(ahead[0])


def loop_cut(
    loop: Sequence[tuple[int, int]],
    variable: Mapping[Link, int] | Callable[[Link], int],
) -> list[int]:
    """The lazy cut that forbids one loop: the clause "not all of its links".

    Args:
        loop: the loop's nodes in order (as :func:`split_lines` returns it).
        variable: the SAT variable of each link, a mapping or a function.

    Returns:
        The clause, as PySAT literals: at least one link of the loop is off.
    """
    of = variable.__getitem__ if isinstance(variable, Mapping) else variable
    return [-of(key) for key in links_along(loop, closed=True)]
