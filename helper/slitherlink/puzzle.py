"""Hand-written: the Slitherlink puzzle, its text files and its puzz.link addresses.

No chapter walks through this code: the chapter *Slitherlink* says what the class and
the formats hold and shows them at work. Every reader follows the rules of
:mod:`helper.inputs`: text only (anything else is a ``TypeError`` that says what the
function takes), files decoded as UTF-8 or refused by name, sizes above
:data:`helper.dispatch.MAX_CELLS` refused before anything of that size is made, and
every error a ``ValueError`` that names the place (file, line and column, or the
position in a URL). Both readers take time in proportion to their input.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from helper.dispatch import check_cells, check_puzzle
from helper.inputs import FrozenArrays, frozen_grid, read_text_file, require_text
from helper.puzzlink import make_url, quote_url, split_url

__all__ = ["Point", "Slitherlink", "parse", "load", "from_puzzlink", "to_puzzlink"]

#: A lattice point ``(row, column)``, ``0 <= row <= h`` and ``0 <= column <= w``.
Point = tuple[int, int]


@dataclass(frozen=True, eq=False)
class Slitherlink(FrozenArrays):
    """A Slitherlink puzzle: a grid of clues, ``-1`` for a cell without a clue.

    The grid is kept as a read-only integer array (:func:`helper.inputs.frozen_grid`);
    puzzles with the same clues are equal and hash alike.

    Args:
        clues: a 2-D grid of integers: ``0``-``3`` is a clue, ``-1`` no clue.

    Raises:
        ValueError: the grid is empty, ragged, too big or not made of integers, or an
            entry is not -1, 0, 1, 2 or 3; the message names the row and the column.
    """

    clues: np.ndarray

    def __post_init__(self) -> None:
        clues = frozen_grid(self.clues, "Slitherlink clues")
        bad = np.argwhere((clues < -1) | (clues > 3))
        if len(bad):
            r, c = map(int, bad[0])
            raise ValueError(
                f"Slitherlink clues: {clues[r, c]} at row {r}, column {c} is not a "
                "clue 0-3 (or -1 for no clue)"
            )
        object.__setattr__(self, "clues", clues)

    @property
    def height(self) -> int:
        """The number of rows of cells."""
        return int(self.clues.shape[0])

    @property
    def width(self) -> int:
        """The number of columns of cells."""
        return int(self.clues.shape[1])


#: What each entry of a board file means: ``.`` no clue, a digit the clue.
_ENTRY = {".": -1, "0": 0, "1": 1, "2": 2, "3": 3}


def _bad_entry(tokens: list[str], where: str) -> ValueError:
    """The error for the first token of a line that is not an entry."""
    column, token = next((i, t) for i, t in enumerate(tokens, 1) if t not in _ENTRY)
    if token.isascii() and token.isdigit():
        return ValueError(f"{where}, column {column}: clue {token} is outside 0-3")
    return ValueError(
        f"{where}, column {column}: unknown entry {token!r} (expected 0-3 or '.')"
    )


def parse(text: str, source: str = "<text>") -> Slitherlink:
    """Read a board from text: one line per row of cells, entries separated by spaces.

    An entry is a clue ``0``-``3`` or ``.`` for a cell without a clue. Blank lines are
    ignored.

    Args:
        text: the board.
        source: how error messages name the text (:func:`load` passes the file name).

    Raises:
        TypeError: ``text`` is not a ``str``.
        ValueError: for a clue outside 0-3, an unknown entry, rows of different lengths,
            no board at all or a board over :data:`helper.dispatch.MAX_CELLS` cells;
            the message names ``source``, the line and (for entries) the column.
    """
    require_text(text, "a Slitherlink board")
    lines = [
        (number, line.split())
        for number, line in enumerate(text.splitlines(), start=1)
        if line.strip()
    ]
    if not lines:
        raise ValueError(f"{source}, line 1: no board, every line is blank")
    first, width = lines[0][0], len(lines[0][1])
    check_cells(len(lines), width, f"{source}: the board")
    rows = []
    for number, tokens in lines:
        row = [_ENTRY.get(token) for token in tokens]
        if None in row:
            raise _bad_entry(tokens, f"{source}, line {number}")
        if len(tokens) != width:
            raise ValueError(
                f"{source}, line {number}: {len(tokens)} entries, but line {first} "
                f"has {width} (ragged rows)"
            )
        rows.append(row)
    return Slitherlink(rows)


def load(path: str | Path) -> Slitherlink:
    """Read a Slitherlink ``.txt`` file in the format of :func:`parse`.

    Raises:
        TypeError: ``path`` is not a path.
        ValueError: as :func:`parse`, or the file is not UTF-8 text; the message names
            the file.
    """
    return parse(read_text_file(path), source=Path(path).name)


#: The characters of pzprjs's "4-cell" code: the clue is the value mod 5, and the value
#: divided by 5 is the number of empty cells (0-2) that follow it.
_FOUR_CELL = "0123456789abcde"
#: Each character of the 4-cell code: (empty cells after the clue, the clue).
_DECODE = {char: divmod(value, 5) for value, char in enumerate(_FOUR_CELL)}
#: The run characters: ``g`` is one empty cell, ... ``z`` twenty.
_RUNS = "0123456789abcdefghijklmnopqrstuvwxyz"


def from_puzzlink(url: str) -> Slitherlink:
    """Read a puzz.link Slitherlink URL: ``https://puzz.link/p?slither/<c>/<r>/<body>``.

    The body lists the cells in reading order in pzprjs's "4-cell" code: ``0``-``4``
    is a clue; ``5``-``9`` a clue (value minus 5) and one empty cell; ``a``-``e`` a
    clue (minus 10) and two empty cells; ``g``-``z`` a run of 1 to 20 empty cells;
    ``.`` a cell with a question mark. The empty cells after the last clue may run past
    the board: pzprjs writes the last clue that way.

    Raises:
        TypeError: ``url`` is not a ``str``.
        ValueError: naming the bad part: another puzzle type or a bad or too big size
            (see :func:`helper.puzzlink.split_url`), an unknown character or a clue
            this book cannot hold (4 or "?") at position k of the body, or a body that
            covers too many or too few cells.
    """
    _, columns, rows, body = split_url(url, "slither")
    cells = rows * columns
    clues = [-1] * cells
    cell = 0
    for position, char in enumerate(body):
        if cell >= cells:
            rest = body[position : position + 20]
            full = f"too many cells; the {columns}x{rows} board is full before {rest!r}"
            raise _body_error(url, position, full)
        code = _DECODE.get(char)
        if code is not None:
            skip, clue = code
            if clue == 4:
                raise _body_error(url, position, "clue 4; this book reads clues 0-3")
            clues[cell] = clue
            cell += 1 + skip
        elif "g" <= char <= "z":
            cell += _RUNS.index(char) - 15
            if cell > cells:
                past = f"too many cells; the run {char!r} passes the last cell"
                raise _body_error(url, position, past)
        elif char == ".":
            raise _body_error(url, position, "a '?' clue; this book reads clues 0-3")
        else:
            raise _body_error(url, position, f"unknown character {char!r}")
    if cell < cells:
        raise ValueError(
            f"{quote_url(url)}: too few cells; the body covers {cell} of the "
            f"{columns}x{rows} = {cells} cells"
        )
    return Slitherlink(np.array(clues).reshape(rows, columns))


def _body_error(url: str, position: int, what: str) -> ValueError:
    """The error for the character at ``position`` of the body (made only on error)."""
    return ValueError(f"{quote_url(url)}: position {position} of the body: {what}")


def to_puzzlink(puzzle: Slitherlink) -> str:
    """Write a puzzle as a puzz.link URL, character for character as pzprjs does.

    A clue absorbs up to two empty cells that follow it (``5``-``9``, ``a``-``e``),
    longer gaps are runs ``g``-``z``; the inverse of :func:`from_puzzlink`.

    Raises:
        TypeError: ``puzzle`` is not a :class:`Slitherlink`.
    """
    check_puzzle(puzzle, Slitherlink)
    clues = puzzle.clues.ravel().tolist()
    out: list[str] = []
    empty = cell = 0
    while cell < len(clues):
        if clues[cell] < 0:
            empty, cell = empty + 1, cell + 1
            if empty == 20:
                out.append("z")
                empty = 0
            continue
        if empty:
            out.append(_RUNS[15 + empty])
            empty = 0
        if cell + 1 < len(clues) and clues[cell + 1] >= 0:
            skip = 0
        elif cell + 2 < len(clues) and clues[cell + 2] >= 0:
            skip = 1
        else:
            skip = 2  # two empty cells follow, or the board ends
        out.append(_FOUR_CELL[clues[cell] + 5 * skip])
        cell += 1 + skip
    if empty:
        out.append(_RUNS[15 + empty])
    return make_url("slither", puzzle.width, puzzle.height, "".join(out))
