"""Hand-written: the integer numbering of a board, and the bookkeeping of big builds.

No chapter walks through this code line by line; the chapter *Slitherlink* describes
the numbering and shows parts of it with :func:`helper.show.show_source`. Every model
of the package reads it, so it lives here once.

In the words of :mod:`helper.grid`, an ``h`` x ``w`` board has ``(h + 1) x (w + 1)``
lattice **points** and an **edge** is a :data:`helper.grid.Link` between two
neighbouring points (``(r1, c1, r2, c2)``, upper or left point first). The solvers work
with plain integer ids instead, because indexing a list by an int is what keeps the
pure-Python search and the lazy cuts fast:

* edge ``r * w + c`` is the horizontal link ``(r, c, r, c + 1)``, and edge
  ``H + r * (w + 1) + c`` the vertical link ``(r, c, r + 1, c)``, with
  ``H = (h + 1) * w`` horizontal edges in all;
* point ``(r, c)`` has id ``r * (w + 1) + c``, cell ``(r, c)`` id ``r * w + c``.

:class:`Lattice` holds the numbering as numpy arrays (quick to make, even for a
1000 x 1000 board) and builds the plain lists the search reads only when it first asks
for them. :func:`gc_paused` and :func:`ticking` serve every large build: the first
stops Python's cycle collector from scanning the hundred thousand small lists of a
model again and again, the second reads the clock while a long loop runs, so that a
time limit also holds while a model is being built.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from functools import cached_property
from typing import TypeVar

import numpy as np

from helper import Deadline
from helper.grid import Link, Point, links_along, split_lines

__all__ = ["Lattice", "gc_paused", "ticking"]

_T = TypeVar("_T")
#: How many rows of an array :class:`Lattice` turns into list entries between two looks
#: at the clock.
CHUNK = 65536


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause Python's cycle collector while a large model is built.

    The collector runs after every few hundred new container objects and then scans all
    that are still alive; building the hundred thousand small lists of a 100x100 model
    triggers it again and again. None of these lists form cycles, so pausing it is safe
    and several times faster.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def ticking(
    items: Iterable[_T], deadline: Deadline | None, what: str, every: int = 1024
) -> Iterator[_T]:
    """Yield ``items``, reading ``deadline`` before the first and after every ``every``.

    Without a deadline it yields them as they are.

    Raises:
        SolverTimeout: the deadline passed; the message names ``what``.
    """
    if deadline is None:
        yield from items
        return
    for count, item in enumerate(items):
        if count % every == 0:
            deadline.check(what)
        yield item


def _rows(array: np.ndarray) -> list[list[int]]:
    """The rows of an int array as lists, without the ``-1`` entries (few rows have)."""
    rows = array.tolist()
    for i in np.flatnonzero((array < 0).any(axis=1)).tolist():
        rows[i] = [x for x in rows[i] if x >= 0]
    return rows


class Lattice:
    """Number the edges, lattice points and cells of an ``h`` x ``w`` board once.

    The arrays (``ends``, ``sides``, ``around``, ``beside``) are made at once; the
    plain lists of the same facts (``edge_ends``, ``cell_edges``, ``point_edges``,
    ``edge_cells``, ``points``, ``links``) on first use, and then kept.

    Args:
        height, width: the board's size in cells.
    """

    def __init__(self, height: int, width: int) -> None:
        h, w = self.height, self.width = height, width
        #: The number of horizontal edges; the vertical ones come after them.
        self.horizontal = (h + 1) * w
        point = np.arange((h + 1) * (w + 1)).reshape(h + 1, w + 1)
        across = np.arange(self.horizontal).reshape(h + 1, w)  # horizontal edge ids
        down = self.horizontal + np.arange(h * (w + 1)).reshape(h, w + 1)  # vertical
        cell = np.arange(h * w).reshape(h, w)
        #: The two point ids of each edge, an (edges, 2) array.
        self.ends = np.concatenate(
            [
                np.stack([point[:, :-1].ravel(), point[:, 1:].ravel()], axis=1),
                np.stack([point[:-1, :].ravel(), point[1:, :].ravel()], axis=1),
            ]
        )
        #: The four sides of each cell (top, bottom, left, right), a (cells, 4) array.
        self.sides = np.stack(
            [across[:-1, :], across[1:, :], down[:, :-1], down[:, 1:]], axis=-1
        ).reshape(-1, 4)
        around = np.full((h + 1, w + 1, 4), -1)
        around[:, 1:, 0], around[:, :-1, 1] = across, across
        around[1:, :, 2], around[:-1, :, 3] = down, down
        #: The edges at each point (left, right, up, down; -1 where the board ends).
        self.around = around.reshape(-1, 4)
        above = np.full((h + 1, w, 2), -1)  # the cells above and below each edge
        above[1:, :, 0], above[:-1, :, 1] = cell, cell
        left = np.full((h, w + 1, 2), -1)  # the cells left and right of each edge
        left[:, 1:, 0], left[:, :-1, 1] = cell, cell
        #: The cells beside each edge, lower id first (-1 beyond the board).
        self.beside = np.concatenate([above.reshape(-1, 2), left.reshape(-1, 2)])

    def _arrays(self, name: str) -> np.ndarray:
        """The array whose rows the plain list ``name`` holds."""
        if name in ("points", "links"):  # point ids, or edges' end ids, to (r, c)
            ids = np.arange(len(self.around)) if name == "points" else self.ends
            both = np.stack(np.divmod(ids, self.width + 1), axis=-1)
            return both.reshape(len(ids), -1)
        return {
            "edge_ends": self.ends,
            "cell_edges": self.sides,
            "point_edges": self.around,
            "edge_cells": self.beside,
        }[name]

    def _build(self, name: str, deadline: Deadline | None = None) -> list:
        """Make the plain list ``name``, :data:`CHUNK` rows at a time.

        Rows become lists of ints (without the ``-1`` entries of the padded arrays), or
        tuples for points and links. The ``deadline``, if given, is read between chunks.
        """
        array, made = self._arrays(name), []
        with gc_paused():
            for start in range(0, len(array), CHUNK):
                if deadline is not None:
                    deadline.check("numbering the board")
                block = array[start : start + CHUNK]
                if name in ("points", "links"):
                    made += map(tuple, block.tolist())
                elif name in ("point_edges", "edge_cells"):
                    made += _rows(block)
                else:
                    made += block.tolist()
        return made

    @cached_property
    def edge_ends(self) -> list[list[int]]:
        """The two point ids of each edge."""
        return self._build("edge_ends")

    @cached_property
    def cell_edges(self) -> list[list[int]]:
        """The four edge ids around each cell: top, bottom, left, right."""
        return self._build("cell_edges")

    @cached_property
    def point_edges(self) -> list[list[int]]:
        """The edge ids at each point: 2 at a corner, 3 on the border, 4 inside."""
        return self._build("point_edges")

    @cached_property
    def edge_cells(self) -> list[list[int]]:
        """The cell ids beside each edge: one on the border, two inside."""
        return self._build("edge_cells")

    @cached_property
    def points(self) -> list[Point]:
        """Each point ``(r, c)``, by id."""
        return self._build("points")

    @cached_property
    def links(self) -> list[Link]:
        """Each edge as a :data:`helper.grid.Link` ``(r1, c1, r2, c2)``, by id."""
        return self._build("links")

    def lists(self, deadline: Deadline | None = None) -> None:
        """Build the plain lists that the solvers read, reading ``deadline`` meanwhile.

        A 1000 x 1000 board needs seconds for them; every model calls this first, so
        that its time limit holds while they are made (each is kept, as on first use).
        """
        for name in ("edge_ends", "cell_edges", "point_edges", "edge_cells", "points"):
            if name not in self.__dict__:  # where cached_property keeps a made list
                self.__dict__[name] = self._build(name, deadline)

    def point_id(self, point: Point) -> int:
        """The integer id of a lattice point."""
        return point[0] * (self.width + 1) + point[1]

    def edge_id(self, link: Link) -> int:
        """The id of the edge that is ``link`` (upper or left point first)."""
        r1, c1, r2, _ = link
        if r1 == r2:
            return r1 * self.width + c1
        return self.horizontal + r1 * (self.width + 1) + c1

    def edge_between(self, p: Point, q: Point) -> int | None:
        """The id of the edge joining two lattice points (``None``: not neighbours)."""
        (r1, c1), (r2, c2) = sorted((p, q))
        h, w = self.height, self.width
        if r1 == r2 and c2 == c1 + 1 and 0 <= r1 <= h and 0 <= c1 < w:
            return r1 * w + c1
        if c1 == c2 and r2 == r1 + 1 and 0 <= r1 < h and 0 <= c1 <= w:
            return self.horizontal + r1 * (w + 1) + c1
        return None

    def edge_joining(self, a: int, b: int) -> int | None:
        """The id of the edge between the points with ids ``a`` and ``b``, or ``None``.

        Integer arithmetic only: the union-find rule asks this for every edge it joins.
        """
        if a > b:
            a, b = b, a
        row = self.width + 1
        if b - a == row:
            return self.horizontal + a
        if b - a == 1 and b % row:
            return a - a // row
        return None

    def loop_edges(self, loop: list[Point]) -> list[int]:
        """The edge ids of a closed loop given by its points in order."""
        return [self.edge_id(key) for key in links_along(loop, closed=True)]

    def loops(self, on_edges: list[int]) -> list[list[Point]]:
        """Split edges in which every point has degree 0 or 2 into ordered loops.

        The same as the loops of :func:`helper.grid.split_lines`, on integer ids: the
        lazy cuts trace every SAT answer, and tracing tuples there is about four times
        slower (measured on a 100x100 loop), enough to slow down a sparse board's
        hundreds of rounds. A loop starts at the first end of its first edge.
        """
        neighbours: dict[int, list[int]] = {}
        ends = self.edge_ends
        for e in on_edges:
            u, v = ends[e]
            neighbours.setdefault(u, []).append(v)
            neighbours.setdefault(v, []).append(u)
        seen: set[int] = set()
        loops = []
        points = self.points
        for start in neighbours:
            if start in seen:
                continue
            loop, previous, current = [start], -1, start
            seen.add(start)
            while True:
                a, b = neighbours[current]
                previous, current = current, (b if a == previous else a)
                if current == start:
                    break
                seen.add(current)
                loop.append(current)
            loops.append([points[v] for v in loop])
        return loops

    def loop(self, on_edges: Iterable[int]) -> list[Point]:
        """The one loop these edges draw, traced by :func:`helper.grid.split_lines`.

        Raises:
            ValueError: the edges draw anything but a single closed loop.
        """
        links = self.links
        lines, loops = split_lines([links[e] for e in on_edges])
        if lines or len(loops) != 1:
            raise ValueError(
                f"the edges draw {len(loops)} loops and {len(lines)} open lines, "
                "not one loop"
            )
        return loops[0]

    def inside(self, loop_edges: list[int]) -> np.ndarray:
        """The cells inside a loop, as an ``h`` x ``w`` grid of booleans.

        A cell is inside when an odd number of the loop's vertical edges lie to its left
        in its row (a ray to the left crosses the loop an odd number of times).
        """
        h, w = self.height, self.width
        crossings = np.zeros((h, w + 1), dtype=np.int8)
        for e in loop_edges:
            if e >= self.horizontal:
                r, c = divmod(e - self.horizontal, w + 1)
                crossings[r, c] = 1
        return np.cumsum(crossings, axis=1)[:, :w] % 2 == 1

    def disk(self, loop_edges: list[int]) -> np.ndarray:
        """Which points (by id) are on or inside the loop: the corners of its cells."""
        cells = np.pad(self.inside(loop_edges), 1)  # a ring of outside cells
        points = cells[:-1, :-1] | cells[:-1, 1:] | cells[1:, :-1] | cells[1:, 1:]
        return points.ravel()
