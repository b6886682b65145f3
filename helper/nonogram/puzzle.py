"""The puzzle: :class:`Nonogram`, the clues of every row and column, checked when made.

Hand-written: no chapter teaches it (*Nonograms with PySAT* says what the checks are
and shows their messages). A clue is a tuple of run lengths; ``[]`` and ``[0]`` both
mean an empty line and are stored as ``()``. Rows and columns are counted from 0 in
every message.

Two kinds of bad clues are told apart. A clue that is not a list of non-negative
integers, or that mixes 0 with other runs, is malformed: ``ValueError``. A clue that
needs more cells than its line has, or row and column clues that paint different
numbers of cells, is well formed but has no picture: :class:`helper.Unsolvable` (a
``ValueError`` too), raised at once, before any model runs.
"""

from __future__ import annotations

import numbers
import re
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from helper import Unsolvable
from helper.dispatch import check_cells

__all__ = ["Clues", "Nonogram", "clean_clue", "clean_clues", "line_runs", "json_lines"]

#: The clues of all rows (or all columns): one tuple of run lengths per line.
Clues = tuple[tuple[int, ...], ...]


def json_lines(text: str, key: str) -> tuple[int, list[int]]:
    """Line of ``"key"`` in a JSON text, and the line where each of its lists starts.

    A best-effort scan, used only to make an error message point at the right line
    (one pass over the text).
    """
    match = re.search(r'"%s"\s*:\s*\[' % re.escape(key), text)
    if not match:
        return 1, []
    line = text.count("\n", 0, match.start()) + 1
    key_line, starts, depth = line, [], 1
    for char in text[match.end() :]:
        if char == "\n":
            line += 1
        elif char == "[":
            depth += 1
            if depth == 2:
                starts.append(line)
        elif char == "]":
            depth -= 1
            if depth == 0:
                break
    return key_line, starts


def clean_clue(raw: object, length: int) -> tuple[int, ...]:
    """Check one clue; return it as a tuple, with ``[]`` and ``[0]`` both ``()``.

    Raises:
        ValueError: the clue is not a list of non-negative integers, or has a 0 beside
            other numbers.
        helper.Unsolvable: the clue needs more cells than the line has.
    """
    if isinstance(raw, np.ndarray) and raw.ndim == 1:
        raw = raw.tolist()
    if not isinstance(raw, (list, tuple)):
        raise ValueError(f"clue must be a list of integers, got {raw!r:.60}")
    shown = list(raw) if len(raw) <= 20 else [*raw[:20], "..."]
    for number in raw:
        if isinstance(number, bool) or not isinstance(number, numbers.Integral):
            raise ValueError(f"clue {shown} holds {number!r}, which is not an integer")
        if number < 0:
            raise ValueError(f"clue {shown} holds the negative number {number}")
    clue = tuple(int(number) for number in raw if number != 0)
    if len(clue) != len(raw) and list(raw) != [0]:
        raise ValueError(f"clue {shown} mixes 0 with other runs (only [0] means empty)")
    need = sum(clue) + len(clue) - 1 if clue else 0
    if need > length:
        raise Unsolvable(f"clue {shown} needs {need} cells but the line has {length}")
    return clue


#: ``locate(key, index)``: the start of an error message for clue ``index`` of
#: ``key`` (``"rows"`` or ``"cols"``; ``index`` ``None`` for the whole list).
Locate = Callable[[str, "int | None"], str]


def clean_clues(
    rows: object, cols: object, locate: Locate | None = None
) -> tuple[Clues, Clues]:
    """The checks of :class:`Nonogram`; returns the clean clues of rows and columns.

    ``locate`` lets a reader put the file and the line in front of each message (see
    :func:`helper.nonogram.formats.load`).

    Raises:
        ValueError: no rows or no columns, more than
            :data:`helper.dispatch.MAX_CELLS` cells, or a malformed clue.
        helper.Unsolvable: a clue longer than its line, or row and column clues that
            paint different numbers of cells.
    """
    where = locate or (lambda key, index: "")
    clues = {"rows": rows, "cols": cols}
    for key, value in clues.items():
        if not isinstance(value, (list, tuple)) or not value:
            raise ValueError(
                f"{where(key, None)}{key!r} must be a non-empty list of clues"
            )
    check_cells(len(rows), len(cols), "the puzzle")
    lengths = {"rows": len(cols), "cols": len(rows)}
    for key, kind in (("rows", "row"), ("cols", "column")):
        clean = []
        for index, raw in enumerate(clues[key]):
            try:
                clean.append(clean_clue(raw, lengths[key]))
            except ValueError as error:  # Unsolvable too: keep the kind of error
                message = f"{where(key, index)}{kind} {index}: {error}"
                raise type(error)(message) from None
        clues[key] = tuple(clean)
    row_sum, col_sum = (sum(map(sum, clues[key])) for key in ("rows", "cols"))
    if row_sum != col_sum:
        raise Unsolvable(
            f"{where('both', None)}the row clues paint {row_sum} cells "
            f"but the column clues paint {col_sum}"
        )
    return clues["rows"], clues["cols"]


def line_runs(line: np.ndarray) -> tuple[int, ...]:
    """Lengths of the runs of 1 in a 0/1 line, left to right."""
    edges = np.flatnonzero(np.diff(np.concatenate(([0], line, [0]))))
    return tuple(int(n) for n in edges[1::2] - edges[::2])


@dataclass(frozen=True)
class Nonogram:
    """A nonogram: the clue of every row and of every column.

    Clues may be given as lists, tuples or 1-D arrays of integers (NumPy integers too).
    They are stored as tuples of ``int``, an empty line (``[]`` or ``[0]``) as ``()``,
    so two puzzles with the same clues are equal and hash alike.

    Args:
        rows: the clue of each row, top to bottom.
        cols: the clue of each column, left to right.

    Raises:
        ValueError: no rows or no columns, a grid over
            :data:`helper.dispatch.MAX_CELLS` cells, a clue that is not a list of
            non-negative integers, or a 0 beside other runs.
        helper.Unsolvable: a clue that does not fit its line, or row and column clues
            that paint different numbers of cells.
    """

    rows: Clues
    cols: Clues

    def __post_init__(self) -> None:
        rows, cols = clean_clues(self.rows, self.cols)
        object.__setattr__(self, "rows", rows)
        object.__setattr__(self, "cols", cols)

    @property
    def height(self) -> int:
        """The number of rows."""
        return len(self.rows)

    @property
    def width(self) -> int:
        """The number of columns."""
        return len(self.cols)

    @classmethod
    def from_picture(cls, picture: object) -> Nonogram:
        """The puzzle whose clues are the runs of ``picture`` (a 2-D array of 0/1).

        Raises:
            ValueError: ``picture`` is not a non-empty 2-D array of 0 and 1, or has
                more than :data:`helper.dispatch.MAX_CELLS` cells.
        """
        grid = np.asarray(picture)
        if grid.ndim != 2 or grid.size == 0:
            raise ValueError("a picture is a non-empty 2-D array of 0 and 1")
        check_cells(*grid.shape, "the picture")
        if not np.isin(grid, (0, 1)).all():
            raise ValueError("a picture is a non-empty 2-D array of 0 and 1")
        grid = grid.astype(np.int8)
        return cls(tuple(map(line_runs, grid)), tuple(map(line_runs, grid.T)))
