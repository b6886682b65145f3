"""Nonograms in and out of files and addresses: JSON, webpbn ``.non``, puzz.link.

Hand-written: the chapters show what the readers do and the messages they give, not
their code. Every reader takes text (a ``TypeError`` says so otherwise), reads in one
pass over its input, refuses a grid over :data:`helper.dispatch.MAX_CELLS` cells
before it allocates anything of that size, and names the file and the line (or the
position in the address) in every error. A clue that cannot fit its line, or clues of
rows and columns that paint different numbers of cells, raise
:class:`helper.Unsolvable`, a ``ValueError``.

* :func:`load` reads the book's ``.json`` files, or a ``.non`` file by its suffix;
* :func:`parse_non` reads the webpbn ``.non`` text format of the nonogram-db
  collection;
* :func:`to_puzzlink` and :func:`from_puzzlink` write and read puzz.link addresses.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from helper.dispatch import check_cells, check_puzzle
from helper.inputs import read_text_file, require_text
from helper.nonogram.puzzle import (
    Nonogram,
    clean_clue,
    clean_clues,
    json_lines,
    line_runs,
)
from helper.puzzlink import decode_number16, encode_number16, make_url, split_url

__all__ = ["load", "parse_non", "to_puzzlink", "from_puzzlink"]


def load(path: str | Path) -> Nonogram:
    """Read a nonogram from a ``.json`` file or, by its suffix, a webpbn ``.non`` file.

    A ``.json`` file holds ``{"rows": [[...], ...], "cols": [...]}``; a ``.non`` file
    is read by :func:`parse_non`.

    Args:
        path: the file, usually ``helper.data_path("nonogram/<name>.json")``.

    Returns:
        The puzzle; an empty line (``[]`` or ``[0]``) has the clue ``()``.

    Raises:
        ValueError: a file that is not UTF-8 text, bad JSON, a missing key, or a clue
            or clue list that :class:`~helper.nonogram.puzzle.Nonogram` rejects. The
            message names the file, the line, and the row or column (counted from 0).
        helper.Unsolvable: clues that no picture fits.
    """
    text = read_text_file(path)
    if Path(path).suffix.lower() == ".non":
        return parse_non(text, source=str(path))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise ValueError(
            f"{path}, line {err.lineno}, column {err.colno}: not valid JSON ({err.msg})"
        ) from None
    except RecursionError:  # "[[[[...": nested deeper than Python's stack
        raise ValueError(f"{path}: the JSON is nested too deeply") from None
    except ValueError as err:  # a number of thousands of digits, say
        raise ValueError(f"{path}: not valid JSON ({err})") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path}, line 1: expected an object with keys 'rows', 'cols'")
    for key in ("rows", "cols"):
        if key not in data:
            message = f"missing key {key!r} (need 'rows' and 'cols')"
            raise ValueError(f"{path}, line 1: {message}")

    def locate(key: str, index: int | None) -> str:
        if key == "both":
            rows_line, cols_line = (
                json_lines(text, "rows")[0],
                json_lines(text, "cols")[0],
            )
            return f"{path}, lines {rows_line} and {cols_line}: "
        key_line, starts = json_lines(text, key)
        line = starts[index] if index is not None and index < len(starts) else key_line
        return f"{path}, line {line}: "

    return Nonogram(*clean_clues(data["rows"], data["cols"], locate))


def _non_clue(line: str, length: int) -> tuple[int, ...]:
    """One clue line of a ``.non`` file: numbers separated by commas; empty or ``0``.

    Raises:
        ValueError: a hint that is not a number (a colour hint such as ``3b``, a word),
            or a clue that :class:`~helper.nonogram.puzzle.Nonogram` rejects.
    """
    text = line.strip()
    hints = [hint.strip() for hint in text.split(",")] if text else []
    for hint in hints:
        if _digits(hint[:-1]) and hint[-1:].isalpha():
            raise ValueError(f"colour hint {hint!r}: the book's nonograms are black")
        if not _digits(hint):
            raise ValueError(
                f"expected numbers separated by commas, found {text!r:.60}"
            )
    return clean_clue([int(hint) for hint in hints], length)


def _digits(text: str) -> bool:
    """Whether ``text`` is a non-empty run of the ASCII digits 0-9."""
    return text.isascii() and text.isdigit()


def _check_goal(puzzle: Nonogram, goal: str, where: str, column: int) -> None:
    """Raise ``ValueError`` unless ``goal`` (``"0110..."``) is a picture of the clues.

    ``where`` names the file and the line of the goal, ``column`` the column of the
    line where the goal's first cell stands (counted from 1).
    """
    for k, char in enumerate(goal):
        if char not in "01":
            raise ValueError(
                f"{where}, column {column + k}: the goal holds {char!r}; "
                "its cells are 0 (white) and 1 (black)"
            )
    cells = puzzle.height * puzzle.width
    if len(goal) != cells:
        raise ValueError(f"{where}: the goal has {len(goal)} cells, the grid {cells}")
    grid = np.frombuffer(goal.encode("ascii"), dtype=np.uint8) - ord("0")
    grid = grid.reshape(puzzle.height, puzzle.width)
    views = (("row", grid, puzzle.rows), ("column", grid.T, puzzle.cols))
    for kind, lines, clues in views:
        for k, (line, clue) in enumerate(zip(lines, clues, strict=True)):
            if line_runs(line) != clue:
                shown = f"{kind} {k} of the goal shows {list(line_runs(line))}"
                raise ValueError(f"{where}: {shown}, its clue is {list(clue)}")


def _non_section(
    lines: list[str], index: int, key: str, sizes: dict[str, int], where: str
) -> list[tuple[int, ...]]:
    """The clue lines of section ``key`` (``rows``, ``columns``) from ``lines[index]``.

    ``where`` is ``"<source>, line <n>"`` of the section's key line.
    """
    if len(sizes) < 2:
        raise ValueError(f"{where}: {key!r} before 'width' and 'height'")
    kind, count, length = ("row", sizes["height"], sizes["width"])
    if key == "columns":
        kind, count, length = ("column", sizes["width"], sizes["height"])
    source = where.rsplit(", line ", 1)[0]
    clues = []
    for k in range(count):
        if index + k >= len(lines):
            found = f"the file ends after {k}"
            raise ValueError(f"{where}: {key!r} needs {count} lines, {found}")
        try:
            clues.append(_non_clue(lines[index + k], length))
        except ValueError as error:  # Unsolvable too: keep the kind of error
            place = f"{source}, line {index + k + 1}: {kind} {k}"
            raise type(error)(f"{place}: {error}") from None
    return clues


def parse_non(text: str, source: str = "<text>") -> Nonogram:
    """Read a nonogram in the webpbn ``.non`` text format (the nonogram-db collection).

    The file is a list of keys, one a line. ``width`` and ``height`` come first; then
    ``rows`` and ``columns``, in either order, each followed by one clue line per row
    or column: the runs separated by commas, ``0`` or an empty line for an empty line.
    ``goal "0110..."``, if present, is the picture row by row (``0`` white, ``1``
    black) and must fit the clues. Other keys (``catalogue``, ``title``, ``by``,
    ``copyright``, ``license``) and lines the reader does not know are skipped, as the
    format asks.

    Raises:
        TypeError: ``text`` is not a ``str``.
        ValueError: the message names ``source``, the line and what is wrong: a size
            that is not a positive integer or comes twice, a grid over
            :data:`helper.dispatch.MAX_CELLS` cells, a section before the sizes, twice
            or with too few clue lines, a clue line that is not numbers separated by
            commas, a missing key, or a goal with a character other than 0 and 1 (with
            its column) or that breaks a clue.
        helper.Unsolvable: a clue that does not fit its line, or row and column clues
            that paint different numbers of cells.
    """
    require_text(text, "a webpbn .non file")
    lines = text.splitlines()
    sizes: dict[str, int] = {}
    sections: dict[str, tuple[int, list[tuple[int, ...]]]] = {}
    index, goal = 0, None
    while index < len(lines):
        number, words = index + 1, lines[index].split(maxsplit=1) or [""]
        key, value = words[0], words[1].strip() if len(words) > 1 else ""
        where = f"{source}, line {number}"
        index += 1
        if key in ("width", "height"):
            if key in sizes:
                raise ValueError(f"{where}: a second {key!r}")
            if not _digits(value) or len(value) > 7 or int(value) < 1:
                raise ValueError(
                    f"{where}: {key} {value!r:.20} is not a positive integer"
                )
            sizes[key] = int(value)
            if len(sizes) == 2:
                check_cells(sizes["height"], sizes["width"], f"{where}: the grid")
        elif key in ("rows", "columns") and not value:
            if key in sections:
                raise ValueError(f"{where}: a second {key!r}")
            clues = _non_section(lines, index, key, sizes, where)
            sections[key] = (number, clues)
            index += len(clues)
        elif key == "goal":
            raw = lines[number - 1]
            cells = value.strip('"')
            column = raw.index(value) + (value[:1] == '"') + 1
            goal = (cells, where, column)
    for key in ("width", "height", "rows", "columns"):
        if key not in sizes and key not in sections:
            raise ValueError(f"{source}, line {len(lines)}: no {key!r} in the file")
    (rows_line, rows), (cols_line, cols) = sections["rows"], sections["columns"]

    def locate(key: str, index: int | None) -> str:
        return f"{source}, lines {rows_line} and {cols_line}: " if key == "both" else ""

    puzzle = Nonogram(*clean_clues(rows, cols, locate))
    if goal is not None:
        _check_goal(puzzle, *goal)
    return puzzle


def _clue_cells(height: int, width: int) -> tuple[int, int]:
    """Clue cells puzz.link keeps above each column and left of each row.

    A line of ``n`` cells has at most ``(n + 1) // 2`` runs.
    """
    return (height + 1) // 2, (width + 1) // 2


def to_puzzlink(puzzle: Nonogram) -> str:
    """The puzz.link address of ``puzzle`` (type ``nonogram``).

    The body lists the clue cells of puzz.link's board in its order: for every column,
    left to right, the cells above it from the grid upwards, then for every row, top
    to bottom, the cells left of it from the grid leftwards. A clue is written nearest
    the grid first, so it is read backwards; the cells it leaves free are empty. The
    cells are written in puzz.link's number code
    (:func:`helper.puzzlink.encode_number16`): one hexadecimal digit per number up to
    15, ``-`` and two digits up to 255, a letter ``g`` to ``z`` for 1 to 20 empty
    cells.

    Raises:
        TypeError: ``puzzle`` is not a :class:`~helper.nonogram.puzzle.Nonogram`.
        ValueError: a run of 256 or more cells, which puzz.link's reader cannot read.
    """
    check_puzzle(puzzle, Nonogram)
    above, left = _clue_cells(puzzle.height, puzzle.width)
    values: list[int | None] = []
    for clues, size in ((puzzle.cols, above), (puzzle.rows, left)):
        for clue in clues:
            values += [*reversed(clue)] + [None] * (size - len(clue))
    if any(value > 255 for value in values if value is not None):
        raise ValueError("puzz.link cannot show a run of 256 or more cells")
    return make_url("nonogram", puzzle.width, puzzle.height, encode_number16(values))


def _quoted(url: str, most: int = 80) -> str:
    """``url`` quoted for a message, cut in the middle if it is long."""
    text = repr(url)
    return text if len(text) <= most else f"{text[: most // 2]}...{text[-most // 2 :]}"


def from_puzzlink(url: str) -> Nonogram:
    """Read a nonogram from a puzz.link URL (``https://puzz.link/p?nonogram/...``).

    The inverse of :func:`to_puzzlink`. A clue is the numbers of its clue cells read
    from the outside towards the grid; empty cells in between are skipped, as
    puzz.link does, and missing cells at the end of the body are empty.

    Raises:
        TypeError: ``url`` is not a ``str``.
        ValueError: naming the URL and what is wrong: another puzzle type, no size, a
            size over :data:`helper.dispatch.MAX_CELLS` cells, an unknown character
            (with its position in the body), a ``?`` clue, more clue cells than the
            board has, or clues that :class:`~helper.nonogram.puzzle.Nonogram` rejects.
        helper.Unsolvable: a run that does not fit its line, or rows and columns that
            paint different numbers of cells.
    """
    require_text(url, "a nonogram's puzz.link URL")
    _, width, height, body = split_url(url, "nonogram")
    above, left = _clue_cells(height, width)
    if "." in body:
        position = body.index(".")
        raise ValueError(
            f"{_quoted(url)}: position {position} of the body holds a '?' clue"
        )
    cells = width * above + height * left
    values, end = decode_number16(body, cells, where=_quoted(url))
    if end < len(body):
        raise ValueError(
            f"{_quoted(url)}: a {width}x{height} board has {cells} clue cells, "
            f"but the body goes on at position {end} ({body[end:]!r:.40})"
        )

    def clue(start: int, size: int) -> list[int]:
        return [v for v in reversed(values[start : start + size]) if v is not None]

    cols = [clue(c * above, above) for c in range(width)]
    rows = [clue(width * above + r * left, left) for r in range(height)]
    try:
        return Nonogram(rows, cols)
    except ValueError as error:  # Unsolvable too: keep the kind of error
        raise type(error)(f"{_quoted(url)}: {error}") from None
