"""Readers of puzzle web pages.

Hand-written. :func:`extract_number_link` turns the puzzle data that a
puzzlemadness.co.uk page embeds into a Numberlink board. Like every parser of the book
it checks its input and raises :class:`ValueError` with a message that names the
problem and where it is. (The frozen grids that the puzzle classes share moved to
:mod:`helper.inputs`; ``frozen_grid`` and ``FrozenArrays`` are still importable from
here.)
"""

from __future__ import annotations

import json

import numpy as np

from helper.dispatch import check_cells
from helper.inputs import FrozenArrays, frozen_grid, require_text

__all__ = ["extract_number_link"]
# Still importable from here, documented in helper.inputs.
_MOVED = (FrozenArrays, frozen_grid)


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
        TypeError: ``json_str`` is not a ``str``.
        ValueError: for text that is not JSON, a missing key, a grid whose length
            does not match its width and height (the message names the key), or a
            grid that is no Numberlink board (checked by
            ``helper.numberlink.Numberlink``: a number that does not appear exactly
            twice, for example).
    """
    require_text(json_str, "a puzzlemadness puzzleData JSON object")
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
    if width < 1 or height < 1:
        raise ValueError(f"puzzle JSON: the grid {width}x{height} is empty")
    check_cells(height, width, "puzzle JSON")
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
    # Imported here, not at the top: the Numberlink package is big (Z3, OR-Tools).
    from helper.numberlink import Numberlink

    try:
        Numberlink(board)
    except ValueError as error:
        raise ValueError(f"puzzle JSON: {error}") from None
    return board
