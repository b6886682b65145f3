"""What every parser and puzzle class shares: text in, frozen grids, exact integers.

Hand-written. Each puzzle package reads files, strings and URLs, and each must treat
bad input the same way, so the checks live here once:

* :func:`require_text` and :func:`read_text_file`: a parser takes a ``str`` (anything
  else is a ``TypeError`` that says so), and a file that is not UTF-8 text is a
  ``ValueError`` that names the file, not a bare ``UnicodeDecodeError``;
* :func:`frozen_grid` and :class:`FrozenArrays`: the puzzle classes are frozen
  dataclasses whose grids are read-only integer arrays, compared by value, refused
  above :data:`helper.dispatch.MAX_CELLS` cells before anything big is allocated;
* :func:`exact_int`: a solution's coordinates and values are compared as exact
  integers; a float, a string or a bool is a broken rule, never rounded into a pass.

Every error names what is wrong and where (file, line, column, cell).
"""

from __future__ import annotations

import dataclasses
import numbers
from pathlib import Path

import numpy as np

from helper.dispatch import check_cells

__all__ = [
    "require_text",
    "read_text_file",
    "frozen_grid",
    "FrozenArrays",
    "exact_int",
]


def require_text(text: object, what: str) -> str:
    """Return ``text`` if it is a ``str``; else raise ``TypeError`` naming ``what``.

    ``what`` says what the caller reads, e.g. ``"a Numberlink board"``, so that
    ``parse(None)`` answers "parse takes the text of a Numberlink board (a str), not
    NoneType" instead of an ``AttributeError`` from deep inside.
    """
    if not isinstance(text, str):
        kind = type(text).__name__
        hint = " (decode bytes first)" if isinstance(text, (bytes, bytearray)) else ""
        raise TypeError(f"expected the text of {what} (a str), not {kind}{hint}")
    return text


def read_text_file(path: str | Path) -> str:
    """Read a UTF-8 text file; a binary or mis-encoded file is a ``ValueError``.

    Raises:
        TypeError: ``path`` is not a path.
        FileNotFoundError: there is no such file.
        ValueError: the file is not UTF-8 text; the message names the file and the
            byte where decoding failed.
    """
    if not isinstance(path, (str, Path)):
        raise TypeError(f"expected a file path, not {type(path).__name__}")
    data = Path(path).read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        byte = data[error.start]
        raise ValueError(
            f"{path}: not a UTF-8 text file (byte {error.start} is {byte:#04x})"
        ) from None
    if "\x00" in text:
        raise ValueError(f"{path}: not a text file (it holds a NUL byte)")
    return text


def frozen_grid(values: object, what: str = "grid") -> np.ndarray:
    """Return ``values`` as a read-only, non-empty 2-D integer array (a copy).

    Raises:
        ValueError: ``values`` is not a non-empty 2-D grid of integers, or has more
            than :data:`helper.dispatch.MAX_CELLS` cells; the message starts with
            ``what``.
    """
    if isinstance(values, (str, bytes)):
        raise ValueError(f"{what}: must be a 2-D grid of integers, not a string")
    try:
        grid = np.array(values)
    except (ValueError, TypeError, OverflowError) as error:  # ragged, odd entries
        raise ValueError(f"{what}: not a rectangular grid ({error})") from None
    if grid.ndim != 2 or grid.size == 0:
        raise ValueError(f"{what}: must be a non-empty 2-D grid, not {grid.shape}")
    check_cells(*grid.shape, what=what)
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


def exact_int(value: object, what: str) -> int:
    """Return ``value`` as an ``int`` if it is an exact integer; else ``ValueError``.

    NumPy integers count; ``True``/``False``, floats (even ``2.0``), strings and
    anything else are refused, with a message that starts with ``what`` (for example
    ``"pair 3, step 5: row"``). Checkers use it so that no answer passes by rounding.
    """
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
        raise ValueError(f"{what} is {value!r}, not an integer")
    return int(value)
