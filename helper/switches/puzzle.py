"""The switch puzzle: its class, its text format, and Lights Out grids and files.

Hand-written. The chapter describes the two file formats and shows what the strict
checks say about a broken file, but it does not walk through the checking code, so the
code lives here once, with its own tests (``tests/test_switches.py``):

* :class:`Switches`, a frozen value that checks itself, and :func:`parse` /
  :func:`load` for the text format (line 1 the nodes, line 2 the lights to flip, then
  one wire ``a b`` per line);
* :func:`lights_out_puzzle`, :func:`parse_lights_out` and :func:`load_lights_out` for
  Lights Out grids (node ``"r,c"`` for the cell in row ``r``, column ``c``), and
  :func:`lights_out_board` / :func:`lights_out_presses` to turn names back into grids;
* :func:`closed_neighbourhoods`, the switches that touch each light, which every model
  of the chapter starts from.

A wrong type is a ``TypeError`` and a wrong value a ``ValueError``; either message
names the field (or the file and line) and says what it must be. Puzzles over
:data:`helper.dispatch.MAX_CELLS` nodes or cells are refused before they are built.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from helper.dispatch import MAX_CELLS, check_cells
from helper.inputs import read_text_file, require_text

__all__ = [
    "Switches",
    "parse",
    "load",
    "to_text",
    "closed_neighbourhoods",
    "lights_out_puzzle",
    "lights_out_presses",
    "lights_out_board",
    "parse_lights_out",
    "load_lights_out",
]


def _well_formed(nodes, flip, edges) -> bool:
    """Whether the three parts are a puzzle, by whole-collection tests (fast).

    The same rules as :func:`_reject_malformed`, which finds the first broken one.
    """
    try:
        known = set(nodes)
        words = all(isinstance(v, str) for v in nodes)
        if not (words and 0 < len(nodes) == len(known) <= MAX_CELLS):
            return False
        if " ".join(nodes).split() != list(nodes):  # each a word without spaces
            return False
        if len(set(flip)) != len(flip) or not known.issuperset(flip):
            return False
        if not all(len(edge) == 2 for edge in edges):
            return False
        if not known.issuperset(itertools.chain.from_iterable(edges)):
            return False
        wires = {(a, b) if a < b else (b, a) for a, b in edges if a != b}
    except TypeError:  # an unhashable name or wire: let the slow check name it
        return False
    return len(wires) == len(edges)


def _reject_malformed(
    nodes, flip, edges, place: Callable[[str, int | None], str], prefix: str = ""
) -> None:
    """Raise for the first thing that stops the three parts being a puzzle.

    ``place(part, index)`` names where a problem is: ``part`` is ``"nodes"``,
    ``"flip"`` or ``"edges"`` and ``index`` the position in it (``None``: the whole
    part). The parts are sequences. A name that is not a ``str`` or a wire that is not
    a pair is a ``TypeError``; every other problem a ``ValueError``. ``prefix`` starts
    every message; the class and the parser share these rules and differ only in
    ``place``.
    """

    if _well_formed(nodes, flip, edges):
        return

    def fail(part: str, index: int | None, problem: str, error=ValueError) -> None:
        raise error(f"{prefix}{place(part, index)}: {problem}")

    def name_type(part: str, index: int, name: object) -> None:
        if not isinstance(name, str):
            kind = type(name).__name__
            fail(part, index, f"a node name is a str, not {kind} ({name!r})", TypeError)

    if not nodes:
        fail("nodes", None, "no node names; a puzzle needs at least one")
    if len(nodes) > MAX_CELLS:
        fail("nodes", None, f"{len(nodes):,} nodes; the most is {MAX_CELLS:,}")
    known: set[str] = set()
    for i, name in enumerate(nodes):
        name_type("nodes", i, name)
        if name.split() != [name]:
            fail("nodes", i, f"node name {name!r} is not a word without spaces")
        if name in known:
            fail("nodes", i, f"duplicate node name {name!r}")
        known.add(name)
    wanted: set[str] = set()
    for i, name in enumerate(flip):
        name_type("flip", i, name)
        if name not in known:
            fail("flip", i, f"{name!r} is not a node")
        if name in wanted:
            fail("flip", i, f"duplicate name {name!r}")
        wanted.add(name)
    first: dict[tuple[str, str], int] = {}
    for i, edge in enumerate(edges):
        if len(edge) != 2:
            names = " ".join(map(str, edge))
            fail("edges", i, f"a wire needs two names, found {len(edge)}: {names!r}")
        a, b = edge
        for name in edge:
            name_type("edges", i, name)
            if name not in known:
                fail("edges", i, f"wire names unknown node {name!r}")
        if a == b:
            fail("edges", i, f"wire joins {a!r} to itself")
        key = (a, b) if a < b else (b, a)
        if key in first:
            earlier = place("edges", first[key])
            fail("edges", i, f"duplicate wire {a} {b} (first at {earlier})")
        first[key] = i


def _field(part: str, index: int | None) -> str:
    """Name a place by field and position, e.g. ``edges[3]``."""
    return part if index is None else f"{part}[{index}]"


def _names(value: object, field: str, what: str) -> tuple:
    """``value`` as a tuple, or ``TypeError`` unless it is a collection (not a str)."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise TypeError(
            f"Switches.{field} must be {what}, not {type(value).__name__} ({value!r})"
        )
    return tuple(value)


def _wire(edge: object, index: int) -> tuple:
    """One wire as a tuple, or ``TypeError`` unless it is a list or tuple of names."""
    if not isinstance(edge, (tuple, list)):
        raise TypeError(
            f"Switches.edges[{index}]: a wire is a pair of node names (a tuple or a "
            f"list), not {type(edge).__name__} ({edge!r})"
        )
    return tuple(edge)


@dataclass(frozen=True)
class Switches:
    """A switch puzzle: a graph of lights, and the lights that must end up flipped.

    Pressing a switch flips its own light and the light of every node wired to it. The
    fields are stored as tuples, so a puzzle is a value: it compares and hashes by
    content. It checks itself when it is made, by the same rules as :func:`parse`, so
    any collections will do as arguments.

    Attributes:
        nodes: node names in order; each a ``str`` without spaces, each once; at most
            :data:`helper.dispatch.MAX_CELLS` of them.
        flip: the names of the lights that must end up flipped; every other light
            must end up as it was.
        edges: wires as pairs of node names; no wire from a node to itself and none
            twice (``a b`` and ``b a`` are the same wire).

    Raises:
        TypeError: a field is not a collection, a name is not a ``str`` or a wire is
            not a pair; the message names the field and the position.
        ValueError: naming the field, the position and the problem (a duplicate, an
            unknown name, a wire from a node to itself...).
    """

    nodes: tuple[str, ...]
    flip: tuple[str, ...]
    edges: tuple[tuple[str, str], ...]

    def __post_init__(self) -> None:
        nodes = _names(self.nodes, "nodes", "a list of node names (str)")
        flip = _names(self.flip, "flip", "a list of node names (str)")
        wires = _names(self.edges, "edges", "a list of wires (pairs of node names)")
        edges = tuple(_wire(edge, i) for i, edge in enumerate(wires))
        object.__setattr__(self, "nodes", nodes)
        object.__setattr__(self, "flip", flip)
        object.__setattr__(self, "edges", edges)
        _reject_malformed(nodes, flip, edges, _field, prefix="Switches.")


def parse(text: str, source: str = "<text>") -> Switches:
    """Parse a switch puzzle from its text format.

    Line 1 lists every node name, line 2 the names whose light must end up flipped (it
    may be empty), and every further non-blank line is one wire ``a b``. Names are
    tokens without spaces.

    Args:
        text: the puzzle text.
        source: the name used in error messages (a file name, for instance).

    Returns:
        The puzzle, with nodes, flip names and wires in file order.

    Raises:
        TypeError: ``text`` is not a ``str``.
        ValueError: the message names ``source`` and the line: no nodes, more than
            :data:`helper.dispatch.MAX_CELLS` of them, a duplicate name, a flip name or
            a wire end that is not a node, a wire line without exactly two names, a
            wire from a node to itself, or the same wire twice.
    """
    lines = require_text(text, "a switch puzzle").splitlines()
    nodes = lines[0].split() if lines else []
    flip = lines[1].split() if len(lines) > 1 else []
    edges, numbers = [], []
    for number, line in enumerate(lines[2:], start=3):
        names = line.split()
        if names:
            edges.append(tuple(names))
            numbers.append(number)

    def place(part: str, index: int | None) -> str:
        if part == "edges":
            return f"line {numbers[index]}"
        return f"line {1 if part == 'nodes' else 2}"

    _reject_malformed(nodes, flip, edges, place, prefix=f"{source}, ")
    return Switches(nodes, flip, edges)


def load(path: str | Path) -> Switches:
    """Read a switch puzzle file; see :func:`parse` for the format and the errors.

    Raises:
        ValueError: the file is not UTF-8 text, or is not a puzzle (the message names
            the file).
    """
    return parse(read_text_file(path), source=Path(path).name)


def to_text(puzzle: Switches) -> str:
    """The text format of ``puzzle``, as :func:`parse` reads it (``parse(to_text(p))
    == p``): the nodes, the lights to flip, then one wire per line."""
    lines = [" ".join(puzzle.nodes), " ".join(puzzle.flip)]
    lines += [f"{a} {b}" for a, b in puzzle.edges]
    return "\n".join(lines) + "\n"


def closed_neighbourhoods(puzzle: Switches) -> dict[str, list[str]]:
    """The switches that touch each light: the light's own switch first, then the
    switches wired to it, in the order of ``puzzle.edges``."""
    touching = {v: [v] for v in puzzle.nodes}
    for a, b in puzzle.edges:  # a puzzle has no wire twice, so none is counted twice
        touching[a].append(b)
        touching[b].append(a)
    return touching


def lights_out_puzzle(board, *, torus: bool = False) -> Switches:
    """Turn a Lights Out board into a switch puzzle: cells are nodes, neighbours wired.

    Args:
        board: 2-D array-like of 0/1; 1 = light on. The goal is all lights off, so the
            lit cells are the lights to flip.
        torus: also wire the last row to the first and the last column to the first.

    Returns:
        The puzzle, with node ``"r,c"`` for row ``r`` and column ``c`` (row-major
        order).

    Raises:
        ValueError: ``board`` is not a non-empty 2-D grid of 0 and 1, or has more than
            :data:`helper.dispatch.MAX_CELLS` cells.
    """
    grid = np.asarray(board)
    if grid.ndim != 2 or grid.size == 0 or not np.isin(grid, (0, 1)).all():
        raise ValueError(
            f"a Lights Out board is a non-empty 2-D grid of 0 and 1 (got {grid.shape})"
        )
    rows, cols = grid.shape
    check_cells(rows, cols, "the Lights Out board")
    nodes = [f"{r},{c}" for r in range(rows) for c in range(cols)]
    flip = [nodes[i] for i in np.flatnonzero(grid.ravel())]
    pairs = _grid_wires(rows, cols, torus)
    return Switches(nodes, flip, [(nodes[a], nodes[b]) for a, b in pairs.tolist()])


def _grid_wires(rows: int, cols: int, torus: bool) -> np.ndarray:
    """The wires of a grid as pairs of cell numbers (row-major), cell by cell: the
    wire to the right, then the one down; on a torus the same wire only once."""
    r, c = np.divmod(np.arange(rows * cols), cols)
    right = np.where(c + 1 < cols, r * cols + c + 1, np.where(torus, r * cols, -1))
    down = np.where(r + 1 < rows, (r + 1) * cols + c, np.where(torus, c, -1))
    cell = np.repeat(np.arange(rows * cols), 2)
    other = np.column_stack([right, down]).ravel()
    keep = (other >= 0) & (other != cell)
    pairs = np.column_stack([cell[keep], other[keep]])
    key = pairs.min(axis=1) * (rows * cols) + pairs.max(axis=1)
    _, first = np.unique(key, return_index=True)  # a 2-wide torus meets a wire twice
    return pairs[np.sort(first)]


def lights_out_presses(pressed: Iterable[str], shape: tuple[int, int]) -> np.ndarray:
    """Turn ``"r,c"`` names (presses, or lit cells) into a 0/1 grid of ``shape``.

    Raises:
        ValueError: a name is not ``"r,c"`` with ``0 <= r < rows`` and ``0 <= c <
            cols``, or ``shape`` has more than :data:`helper.dispatch.MAX_CELLS` cells.
    """
    rows, cols = shape
    check_cells(rows, cols, "the Lights Out board")
    grid = np.zeros(shape, dtype=np.uint8)
    for name in pressed:
        parts = name.split(",") if isinstance(name, str) else []
        if len(parts) != 2 or not all(p.isdecimal() and p.isascii() for p in parts):
            raise ValueError(f"{name!r} is not the name 'r,c' of a cell")
        r, c = int(parts[0]), int(parts[1])
        if r >= rows or c >= cols:
            raise ValueError(f"cell {name!r} is outside the {rows}x{cols} board")
        grid[r, c] = 1
    return grid


def lights_out_board(puzzle: Switches) -> np.ndarray:
    """The 0/1 board of a Lights Out puzzle (1 = light on), for plotting.

    Raises:
        ValueError: the nodes are not the cells ``"r,c"`` of a grid in row-major
            order, as :func:`lights_out_puzzle` names them.
    """
    try:
        last_row, last_col = (int(x) for x in puzzle.nodes[-1].split(","))
    except ValueError:
        last_row = last_col = -1
    shape = (last_row + 1, last_col + 1)
    if shape[0] * shape[1] != len(puzzle.nodes):
        raise ValueError("the nodes are not the cells 'r,c' of a grid, row by row")
    cells = [f"{r},{c}" for r in range(shape[0]) for c in range(shape[1])]
    if list(puzzle.nodes) != cells:
        raise ValueError("the nodes are not the cells 'r,c' of a grid, row by row")
    return lights_out_presses(puzzle.flip, shape)


def parse_lights_out(text: str, source: str = "<text>") -> Switches:
    """Parse a Lights Out board: one row per line, ``0``/``1`` separated by spaces.

    1 is a light that is on; the goal is all lights off. Blank lines are skipped.

    Returns:
        The board as a switch puzzle (see :func:`lights_out_puzzle`).

    Raises:
        TypeError: ``text`` is not a ``str``.
        ValueError: naming ``source`` and the line of a token other than 0/1, a row of
            the wrong length, no rows at all, or a board of more than
            :data:`helper.dispatch.MAX_CELLS` cells (refused before it is built).
    """
    lines = require_text(text, "a Lights Out board").splitlines()
    rows: list[list[int]] = []
    for number, line in enumerate(lines, start=1):
        tokens = line.split()
        if not tokens:
            continue
        for column, token in enumerate(tokens, start=1):
            if token not in ("0", "1"):
                raise ValueError(
                    f"{source}, line {number}, column {column}: "
                    f"expected 0 or 1, got {token[:20]!r}"
                )
        if rows and len(tokens) != len(rows[0]):
            raise ValueError(
                f"{source}, line {number}: {len(tokens)} cells, "
                f"but the first row has {len(rows[0])}"
            )
        check_cells(len(rows) + 1, len(tokens), f"{source}, line {number}: the board")
        rows.append([int(t) for t in tokens])
    if not rows:
        raise ValueError(f"{source}: no rows")
    return lights_out_puzzle(np.array(rows, dtype=np.uint8))


def load_lights_out(path: str | Path) -> Switches:
    """Read a Lights Out board file; see :func:`parse_lights_out` for the format.

    Raises:
        ValueError: the file is not UTF-8 text, or is not a board (the message names
            the file and the line).
    """
    return parse_lights_out(read_text_file(path), source=Path(path).name)
