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

import numpy as np

__all__ = ["frozen_grid", "FrozenArrays", "extract_number_link"]


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
        ValueError: for text that is not JSON, a missing key, a grid whose length
            does not match its width and height (the message names the key), or a
            grid that is no Numberlink board (checked by
            ``helper.numberlink.Numberlink``: a number that does not appear exactly
            twice, for example).
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
            f"puzzle JSON: 'startingGrid' must list {width} x {height} = "
            f"{width * height} cells, got {size}"
        )
    bad = [
        i for i, v in enumerate(grid) if not isinstance(v, int) or isinstance(v, bool)
    ]
    if bad:
        raise ValueError(
            f"puzzle JSON: 'startingGrid' entry {bad[0]} (row {bad[0] // width}, "
            f"column {bad[0] % width}) is {grid[bad[0]]!r}, not an integer"
        )
    board = np.array(grid, dtype=int).reshape(height, width)
    # Imported here, not at the top: helper.numberlink imports this module.
    from helper.numberlink import Numberlink

    try:
        Numberlink(board)
    except ValueError as error:
        raise ValueError(f"puzzle JSON: {error}") from None
    return board
