"""The Numberlink puzzle, its text and URL formats, and answers as paths.

Hand-written: this is bookkeeping that every model of the three Numberlink chapters
shares and that no chapter walks through line by line (*Numberlink with Z3* shows the
class with ``show_source``). It holds

* :class:`Numberlink`, the puzzle: a board and the rules variant ``fill``, checked
  when it is made;
* :func:`parse` and :func:`load` (the book's text format) and :func:`from_puzzlink` /
  :func:`to_puzzlink` (puzz.link URLs), each linear in the size of its input and
  refusing a board over :data:`helper.dispatch.MAX_CELLS` cells before it is made;
* :func:`trace`, which turns the links of a solver's answer into :data:`Paths`, with
  the words of :mod:`helper.grid`, and :func:`pair_ends` / :func:`without_pairs`,
  which every model needs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from helper import Unsolvable
from helper.dispatch import MAX_CELLS, check_cells
from helper.grid import Cell, Link, links_along, split_lines
from helper.inputs import FrozenArrays, frozen_grid, read_text_file, require_text
from helper.puzzlink import (
    UNKNOWN,
    decode_number16,
    encode_number16,
    make_url,
    split_url,
)

__all__ = [
    "Paths",
    "Numberlink",
    "parse",
    "load",
    "from_puzzlink",
    "to_puzzlink",
    "trace",
    "links_of",
    "pair_ends",
    "without_pairs",
]

#: An answer: for each pair number, its cells from one end to the other.
Paths = dict[int, list[Cell]]

#: A token of the text format: an integer written with ASCII digits, at most seven of
#: them (no pair number exceeds :data:`helper.dispatch.MAX_CELLS`).
_TOKEN = re.compile(r"-?[0-9]{1,7}")


def _board_problem(board: np.ndarray) -> tuple[str, Cell] | None:
    """The first rule a board breaks and a cell where it breaks; ``None`` if none."""
    for bad, what in ((board < 0, "negative number"), (board > MAX_CELLS, "number")):
        if bad.any():
            r, c = map(int, np.argwhere(bad)[0])
            limit = "" if what.startswith("negative") else f" above {MAX_CELLS:,}"
            return f"{what} {board[r, c]}{limit}", (r, c)
    cells: dict[int, list[Cell]] = {}
    for (r, c), k in np.ndenumerate(board):
        if k > 0:
            cells.setdefault(int(k), []).append((r, c))
    for k, where in sorted(cells.items()):
        if len(where) != 2:
            shown = ", ".join(map(str, where[:3])) + (", ..." if len(where) > 3 else "")
            found = f"found {len(where)} time(s) at {shown}"
            return f"number {k} must appear exactly twice, {found}", where[0]
    return None


@dataclass(frozen=True, eq=False)
class Numberlink(FrozenArrays):
    """A Numberlink puzzle: the board and the rules variant.

    Args:
        board: a 2-D grid of integers, 0 = empty cell, k > 0 = one end of pair k;
            every k > 0 appears on exactly two cells and is at most
            :data:`helper.dispatch.MAX_CELLS`. Kept as a read-only array.
        fill: True: every cell must lie on a line (Flow Free). False: cells may stay
            empty (Nikoli's rules, also called Arukone).

    Raises:
        ValueError: the board is not a grid of integers >= 0 of at most
            :data:`helper.dispatch.MAX_CELLS` cells, or a number does not appear
            exactly twice (the message names the number and a cell), or ``fill`` is
            not a bool.
    """

    board: np.ndarray
    fill: bool = True

    def __post_init__(self) -> None:
        board = frozen_grid(self.board, "Numberlink board")
        problem = _board_problem(board)
        if problem:
            message, (r, c) = problem
            raise ValueError(f"Numberlink board, row {r}, column {c}: {message}")
        if not isinstance(self.fill, (bool, np.bool_)):
            raise ValueError(f"fill must be True or False, not {self.fill!r}")
        object.__setattr__(self, "board", board)
        object.__setattr__(self, "fill", bool(self.fill))

    @property
    def height(self) -> int:
        """The number of rows."""
        return int(self.board.shape[0])

    @property
    def width(self) -> int:
        """The number of columns."""
        return int(self.board.shape[1])

    @property
    def pairs(self) -> int:
        """The number of pairs (distinct numbers on the board)."""
        return len(np.unique(self.board[self.board > 0]))


def parse(text: str, source: str = "<text>", *, fill: bool = True) -> Numberlink:
    """Read a board in the book's text format: one row per line, 0 = an empty cell.

    Numbers are written with ASCII digits and separated by spaces; blank lines and
    lines that start with ``#`` are skipped. The time is linear in the length of the
    text.

    Args:
        text: the board as text.
        source: how error messages name the text (a file name, for example).
        fill: the rules variant of the puzzle (see :class:`Numberlink`).

    Raises:
        TypeError: ``text`` is not a ``str``.
        ValueError: a token that is not an integer (or has more than seven digits), a
            ragged row, a board over :data:`helper.dispatch.MAX_CELLS` cells, a
            negative number or a number that does not appear exactly twice; the
            message names ``source``, the line and the column.
    """
    require_text(text, "a Numberlink board")
    rows: list[list[int]] = []
    lines: list[int] = []  # the line number of each row
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        row = []
        for column, token in enumerate(line.split(), start=1):
            if not _TOKEN.fullmatch(token):
                where = f"{source}, line {number}, column {column}"
                shown = token if len(token) <= 20 else token[:20] + "..."
                raise ValueError(f"{where}: {shown!r} is not an integer of 1-7 digits")
            row.append(int(token))
        if rows and len(row) != len(rows[0]):
            raise ValueError(
                f"{source}, line {number}: ragged row with {len(row)} numbers, "
                f"line {lines[0]} has {len(rows[0])}"
            )
        check_cells(len(rows) + 1, len(row), f"{source}, line {number}: the board")
        rows.append(row)
        lines.append(number)
    if not rows:
        raise ValueError(f"{source}: no board found")
    board = np.array(rows, dtype=int)
    problem = _board_problem(board)
    if problem:
        message, (r, c) = problem
        raise ValueError(f"{source}, line {lines[r]}, column {c + 1}: {message}")
    return Numberlink(board, fill=fill)


def load(path: str | Path, *, fill: bool = True) -> Numberlink:
    """Read a Numberlink ``.txt`` file (the format of :func:`parse`).

    Raises:
        ValueError: the file is not UTF-8 text, or :func:`parse` refuses it; the
            message names the file.
    """
    return parse(read_text_file(path), source=str(path), fill=fill)


def from_puzzlink(url: str, *, fill: bool = True) -> Numberlink:
    """Read a Numberlink puzzle from a puzz.link / pzprjs URL (``...?numlin/<columns>/
    <rows>/<cells>``). A URL does not say which rules hold: ``fill`` does.

    Raises:
        TypeError: ``url`` is not a ``str``.
        ValueError: naming the problem and the position in the URL (another puzzle
            type, a bad size or one over :data:`helper.dispatch.MAX_CELLS` cells, an
            unknown character, an unknown number ``.``, too many cells, a number that
            does not appear twice).
    """
    _, width, height, body = split_url(url, "numlin")
    values, end = decode_number16(body, width * height, where=repr(url))
    if end < len(body):
        raise ValueError(f"{url!r}: {len(body) - end} characters after the last cell")
    if UNKNOWN in values:
        raise ValueError(f"{url!r}: an unknown number '.' is not supported")
    board = np.array([v or 0 for v in values]).reshape(height, width)
    try:
        return Numberlink(board, fill=fill)
    except ValueError as error:
        raise ValueError(f"{url!r}: {error}") from None


def to_puzzlink(puzzle: Numberlink) -> str:
    """Write a puzzle as a puzz.link URL (the inverse of :func:`from_puzzlink`)."""
    values = [int(k) or None for k in puzzle.board.flat]
    return make_url("numlin", puzzle.width, puzzle.height, encode_number16(values))


def pair_ends(board: np.ndarray) -> dict[int, tuple[Cell, Cell]]:
    """``{k: (start, finish)}``: the two cells of each pair, in reading order."""
    ends: dict[int, list[Cell]] = {}
    for r, c in np.argwhere(board > 0).tolist():
        ends.setdefault(int(board[r, c]), []).append((r, c))
    return {k: (cells[0], cells[1]) for k, cells in sorted(ends.items())}


def without_pairs(puzzle: Numberlink) -> Paths:
    """The answer to a board without numbers: no lines, or no solution if ``fill``.

    Raises:
        Unsolvable: ``puzzle.fill`` is True (no line can cover a cell).
    """
    if puzzle.fill:
        raise Unsolvable("a board without numbers has no line to cover its cells")
    return {}


def trace(board: np.ndarray, links) -> tuple[Paths, list[list[Cell]]]:
    """Turn a set of links into paths and leftover loops.

    The links fall apart into lines and loops (:func:`helper.grid.split_lines`); the
    line that starts at the first end of pair ``k`` (in reading order) is the path of
    ``k``. Every model of the book gives a number exactly one link, so that line ends
    at a number: the other end of ``k`` when the answer is right (the checker says so
    when it is not).

    Args:
        board: the puzzle's board.
        links: an iterable of links ``(r1, c1, r2, c2)``; each cell may touch at most
            two.

    Returns:
        ``(paths, loops)``: ``paths[k]`` lists the cells of the line of ``k``;
        ``loops`` lists the closed loops of links, each as its cells in order. Lines
        that start at no number's first end are in neither.

    Raises:
        ValueError: a cell touches more than two links.
    """
    first = {ends[0]: k for k, ends in pair_ends(board).items()}
    lines, loops = split_lines(links, first)
    paths = {first[line[0]]: line for line in lines if line[0] in first}
    return paths, loops


def links_of(paths: Paths) -> list[Link]:
    """The links of a set of paths, each written upper or left cell first."""
    return [key for path in paths.values() for key in links_along(path)]
