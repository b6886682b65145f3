"""What every puzzle type shares: frozen grids, and readers of puzzle web pages.

The puzzle classes of the chapters (``Numberlink``, ``Slitherlink``, ...) are frozen
dataclasses. Those that hold a grid keep it as a read-only NumPy array made by
:func:`frozen_grid` and compare by value through :class:`FrozenArrays`, so a puzzle can
be a dictionary key and ``from_puzzlink(to_puzzlink(p)) == p`` means what it says.

Each parser checks its input and raises :class:`ValueError` with a message that names
the problem and where it is (file, line, column), so that a typo in a data file is found
in seconds.
"""

from __future__ import annotations

import dataclasses
import json
from collections import defaultdict
from pathlib import Path

import numpy as np

__all__ = [
    "frozen_grid",
    "FrozenArrays",
    "parse_numberlink",
    "load_numberlink",
    "validate_numberlink",
    "extract_number_link",
]


def frozen_grid(values: object, what: str = "grid") -> np.ndarray:
    """Return ``values`` as a read-only, non-empty 2-D integer array (a copy).

    Raises:
        ValueError: ``values`` is not a non-empty 2-D grid of integers; the message
            starts with ``what``.
    """
    try:
        grid = np.array(values)
    except ValueError as error:  # ragged nested lists
        raise ValueError(f"{what}: not a rectangular grid ({error})") from None
    if grid.ndim != 2 or grid.size == 0:
        raise ValueError(f"{what}: must be a non-empty 2-D grid, not {grid.shape}")
    if not np.issubdtype(grid.dtype, np.integer):
        raise ValueError(f"{what}: entries must be integers, got {grid.dtype}")
    grid = grid.astype(int)
    grid.setflags(write=False)
    return grid


class FrozenArrays:
    """Equality and hashing by value for frozen dataclasses with NumPy array fields.

    Use it as ``@dataclass(frozen=True, eq=False) class P(FrozenArrays): ...``: two
    puzzles are equal when every field is, arrays compared by shape and entries.
    """

    def _key(self) -> tuple:
        key = []
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if isinstance(value, np.ndarray):
                value = (value.shape, value.tobytes())
            key.append(value)
        return tuple(key)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


def validate_numberlink(board: np.ndarray, source: str = "board") -> np.ndarray:
    """Check that ``board`` is a Numberlink board and return it as an ``int`` array.

    A board is a 2-D array of integers >= 0 where 0 is an empty cell and every k > 0
    appears on exactly two cells (the two ends of pair k).

    Raises:
        ValueError: naming ``source`` and the offending number or cell.
    """
    board = np.asarray(board)
    if board.ndim != 2 or board.size == 0:
        raise ValueError(
            f"{source}: a board must be a non-empty 2-D grid, got shape {board.shape}"
        )
    if not np.issubdtype(board.dtype, np.integer):
        raise ValueError(f"{source}: board entries must be integers, got {board.dtype}")
    board = board.astype(int)
    if (board < 0).any():
        r, c = map(int, np.argwhere(board < 0)[0])
        raise ValueError(
            f"{source}: negative number {board[r, c]} at row {r}, column {c}"
        )
    cells = defaultdict(list)
    for (r, c), value in np.ndenumerate(board):
        if value > 0:
            cells[int(value)].append((r, c))
    for value, where in sorted(cells.items()):
        if len(where) != 2:
            raise ValueError(
                f"{source}: number {value} must appear exactly twice, "
                f"found {len(where)} time(s) at {', '.join(map(str, where))}"
            )
    return board


def parse_numberlink(text: str, source: str = "<text>") -> np.ndarray:
    """Parse a Numberlink board: one row per line, whitespace-separated integers, 0 =
    empty.

    Blank lines and lines starting with ``#`` are ignored.

    Raises:
        ValueError: for a non-integer token, a ragged row, or a number that does not
            appear exactly twice; the message names ``source`` and the line (and column
            for bad tokens).
    """
    rows: list[list[int]] = []
    first_line = None
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        row = []
        for column, token in enumerate(line.split(), start=1):
            try:
                row.append(int(token))
            except ValueError:
                raise ValueError(
                    f"{source}, line {number}, column {column}: {token!r} is not an integer"
                ) from None
        if rows and len(row) != len(rows[0]):
            raise ValueError(
                f"{source}, line {number}: ragged row with {len(row)} numbers, "
                f"line {first_line} has {len(rows[0])}"
            )
        if not rows:
            first_line = number
        rows.append(row)
    if not rows:
        raise ValueError(f"{source}: no board found")
    return validate_numberlink(np.array(rows, dtype=int), source)


def load_numberlink(path: str | Path) -> np.ndarray:
    """Read a Numberlink ``.txt`` board (see :func:`parse_numberlink`) from ``path``."""
    path = Path(path)
    return parse_numberlink(path.read_text(encoding="utf-8"), source=str(path))


def extract_number_link(json_str: str) -> np.ndarray:
    """Turn the ``puzzledata`` JSON of a puzzlemadness.co.uk Numberlink page into a
    board.

    The page embeds the puzzle as JSON; copy the object from the page source and pass
    its text. The grid is ``puzzleData.gridWidth`` x ``puzzleData.gridHeight`` and the
    flat, row-major list ``puzzleData.data.startingGrid`` (0 = empty). The object may be
    passed with or without the outer ``{"puzzleData": ...}`` wrapper.

    Returns:
        An ``np.ndarray`` of shape (height, width).

    Raises:
        ValueError: for text that is not JSON, a missing key, or a grid whose length
            does not match its width and height (the message names the key).
    """
    try:
        data = json.loads(json_str)
    except json.JSONDecodeError as error:
        raise ValueError(f"puzzle JSON is not valid JSON: {error}") from None
    if not isinstance(data, dict):
        raise ValueError("puzzle JSON must be an object")
    puzzle = data.get("puzzleData", data)
    if not isinstance(puzzle, dict):
        raise ValueError("puzzle JSON: 'puzzleData' must be an object")
    try:
        width, height = puzzle["gridWidth"], puzzle["gridHeight"]
    except KeyError as error:
        raise ValueError(
            f"puzzle JSON: missing key 'puzzleData.{error.args[0]}'"
        ) from None
    try:
        grid = puzzle["data"]["startingGrid"]
    except (KeyError, TypeError):
        raise ValueError(
            "puzzle JSON: missing key 'puzzleData.data.startingGrid'"
        ) from None
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (width, height)):
        raise ValueError("puzzle JSON: 'gridWidth' and 'gridHeight' must be integers")
    if not isinstance(grid, list) or len(grid) != width * height:
        size = len(grid) if isinstance(grid, list) else type(grid).__name__
        raise ValueError(
            f"puzzle JSON: 'startingGrid' must list {width} x {height} = {width * height} cells, got {size}"
        )
    bad = [
        i for i, v in enumerate(grid) if not isinstance(v, int) or isinstance(v, bool)
    ]
    if bad:
        raise ValueError(
            f"puzzle JSON: 'startingGrid' entry {bad[0]} (row {bad[0] // width}, column "
            f"{bad[0] % width}) is {grid[bad[0]]!r}, not an integer"
        )
    return validate_numberlink(
        np.array(grid, dtype=int).reshape(height, width), "puzzle JSON"
    )
