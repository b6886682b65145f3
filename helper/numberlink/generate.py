"""Puzzle generators: a random path cut into pieces, designed-style lines, uniqueness.

Hand-written: the chapters describe each generator in words (the backbite moves of
*Numberlink with Z3*; the merge and steal moves and the cut-until-unique loop of
*Numberlink: making, rating and sharing puzzles*) and show the code with
``show_source``. :func:`generate` is the one entry point; the ``*_with_solution``
functions also return the planted solution.
"""

from __future__ import annotations

import random

import numpy as np

from helper import Deadline, SolverTimeout
from helper.dispatch import check_cells, check_time_limit
from helper.grid import Cell
from helper.inputs import exact_int
from helper.numberlink.holes import another_solution as another_with_holes
from helper.numberlink.puzzle import Numberlink, Paths, links_of
from helper.numberlink.sat_search import solutions_sat
from helper.numberlink.unique import another_solution

__all__ = [
    "generate",
    "generate_with_solution",
    "generate_designed_with_solution",
    "generate_unique_with_solution",
    "generate_with_holes",
]


def generate(
    height: int,
    width: int,
    *,
    seed: int = 0,
    unique: bool = False,
    designed: bool = False,
    max_length: int | None = None,
    fill: bool = True,
    empty: float = 0.0,
    time_limit: float = 300.0,
) -> Numberlink:
    """A random Numberlink puzzle.

    - ``unique=True``: a designed-style puzzle with exactly one solution, proved by a
      complete search
      (:func:`~helper.numberlink.generate.generate_unique_with_solution`);
      on the book's machine the proof keeps the lines long up to about 12x12 and needs
      more, shorter lines beyond.
    - ``unique=True, fill=False, empty=0.05``: the same, but the one solution leaves
      up to ``empty`` of the cells empty
      (:func:`~helper.numberlink.generate.generate_with_holes`).
    - ``designed=True``: few long winding lines that cover the board and never touch
      themselves (:func:`~helper.numberlink.generate.generate_designed_with_solution`);
      not proved unique.
    - otherwise: a random path through every cell, cut into pieces of 3 to
      ``max_length`` cells (:func:`~helper.numberlink.generate.generate_with_solution`);
      it may have other solutions.

    Args:
        height, width: the size of the board.
        seed: the seed of the random numbers; the same seed gives the same puzzle.
        unique: make a puzzle with exactly one solution.
        designed: designed-style lines (implied by ``unique``).
        max_length: the longest line (only without ``unique`` and ``designed``).
        fill: the rules variant of the puzzle.
        empty: with ``unique=True`` and ``fill=False``, the share of cells the answer
            may leave empty (0: none, every cell used).
        time_limit: seconds for the uniqueness proof (``unique=True``).

    Raises:
        ValueError: a size that is not a whole number >= 1 or a board over
            :data:`helper.dispatch.MAX_CELLS` cells, ``max_length`` with ``unique`` or
            ``designed``, an ``empty`` share without ``unique=True`` and ``fill=False``
            (or not in [0, 0.5)), or a ``time_limit`` that is not a number of seconds
            above 0.
        SolverTimeout: the uniqueness proof needed more than ``time_limit`` seconds.
    """
    check_time_limit(time_limit)
    if max_length is not None and (unique or designed):
        raise ValueError("max_length does not apply with unique=True or designed=True")
    if empty:
        if not unique or fill:
            raise ValueError("empty cells need unique=True and fill=False")
        return generate_with_holes(
            height, width, seed=seed, empty=empty, time_limit=time_limit
        )[0]
    if unique:
        return generate_unique_with_solution(
            height, width, seed=seed, fill=fill, time_limit=time_limit
        )[0]
    if designed:
        return generate_designed_with_solution(height, width, seed=seed, fill=fill)[0]
    puzzle, _ = generate_with_solution(
        height, width, seed=seed, max_length=max_length, fill=fill
    )
    return puzzle


def _check_size(height: object, width: object) -> None:
    """Refuse a size that is not a whole number >= 1, or a board over the cap."""
    for name, value in (("height", height), ("width", width)):
        if exact_int(value, name) < 1:
            raise ValueError(f"{name} must be at least 1, not {value}")
    check_cells(height, width, f"a {height}x{width} board")


def generate_with_solution(
    height: int,
    width: int,
    *,
    seed: int = 0,
    min_length: int = 3,
    max_length: int | None = None,
    moves: int | None = None,
    fill: bool = True,
) -> tuple[Numberlink, Paths]:
    """A random puzzle that has a full-cover solution, and that planted solution.

    A random Hamiltonian path (a snake through every cell, randomised by ``moves``
    backbite moves, default ten per cell) is cut into pieces of ``min_length`` to
    ``max_length`` cells (default ``height + width``); the two ends of each piece form
    a pair. The puzzle may have other solutions.

    Args:
        height, width: the size of the board.
        seed: the seed of the random numbers; the same seed gives the same puzzle.
        min_length, max_length: the shortest and longest line, in cells.
        moves: the number of backbite moves.
        fill: the rules variant of the puzzle (the planted solution obeys both).

    Returns:
        ``(puzzle, paths)``: the puzzle and one full-cover solution of it.
    """
    _check_size(height, width)
    if height * width < min_length or min_length < 2:
        raise ValueError("the board is too small for one path of min_length cells")
    rng = np.random.default_rng(seed)
    n = height * width
    path = [
        r * width + (c if r % 2 == 0 else width - 1 - c)
        for r in range(height)
        for c in range(width)
    ]
    steps = ((0, 1), (1, 0), (0, -1), (-1, 0))
    for _ in range(moves if moves is not None else 10 * n):
        if rng.random() < 0.5:
            path.reverse()
        r, c = divmod(path[0], width)
        around = [
            (r + dr) * width + c + dc
            for dr, dc in steps
            if 0 <= r + dr < height and 0 <= c + dc < width
        ]
        i = path.index(around[rng.integers(len(around))])
        if i > 1:  # join the end to its neighbour, drop the link that closed a loop
            path[:i] = path[i - 1 :: -1]
    longest = max_length or max(min_length + 1, height + width)
    board = np.zeros((height, width), dtype=int)
    paths: Paths = {}
    start = 0
    while start < n:
        length = int(rng.integers(min_length, longest + 1))
        if n - (start + length) < min_length:
            length = n - start
        cells = [divmod(x, width) for x in path[start : start + length]]
        k = len(paths) + 1
        paths[k] = cells
        board[cells[0]] = board[cells[-1]] = k
        start += length
    return Numberlink(board, fill=fill), paths


def _touches(line: list[Cell], end: Cell, other: list[Cell], start: Cell) -> bool:
    """True if ``line + other`` (joined at ``end`` - ``start``) would touch itself."""
    small, big = (line, other) if len(line) <= len(other) else (other, line)
    cells = set(big)
    for r, c in small:
        for cell in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if cell in cells and {cell, (r, c)} != {end, start}:
                return True
    return False


def _neighbours(height: int, width: int, cell: Cell) -> list[Cell]:
    """The neighbours of ``cell`` in the order north, south, west, east: the random
    moves draw from this list, so the order fixes the puzzle each seed gives."""
    r, c = cell
    around = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
    return [(a, b) for a, b in around if 0 <= a < height and 0 <= b < width]


def _grow(
    lines: dict[int, list[Cell]],
    owner: dict[Cell, int],
    e: Cell,
    n: Cell,
    rng: random.Random,
    min_length: int,
) -> bool:
    """One merge or steal move from the line end ``e`` into the cell ``n``; False if
    it is not allowed (the lines are unchanged then)."""
    i, j = owner[e], owner[n]
    line, other = lines[i], lines[j]
    if i == j or (line[0] != e and line[-1] != e):
        return False
    line = line if line[-1] == e else line[::-1]
    k = other.index(n)
    if k in (0, len(other) - 1):  # merge
        take, rest = (other if k == 0 else other[::-1]), []
    else:  # steal one side of the other line
        take, rest = (
            (other[k:], other[:k])
            if rng.random() < 0.5
            else (other[k::-1], other[k + 1 :])
        )
        if len(rest) < min_length and rng.random() < 0.3:
            return False
    if _touches(line, e, take, n):
        return False
    lines[i] = line + take
    for cell in take:
        owner[cell] = i
    if rest:
        lines[j] = rest
    else:
        del lines[j]
    return True


def _winding_lines(
    height: int, width: int, rng: random.Random, min_length: int = 3, tries: int = 50
) -> list[list[Cell]]:
    """Cover the board with few long lines that never touch themselves.

    Raises:
        RuntimeError: no cover with lines of ``min_length`` cells or more was found.
    """
    cells = [(r, c) for r in range(height) for c in range(width)]
    for _ in range(tries):
        owner = {cell: i for i, cell in enumerate(cells)}
        lines = {i: [cell] for i, cell in enumerate(cells)}
        for _move in range(100 * len(cells)):
            e = rng.choice(cells)
            _grow(
                lines,
                owner,
                e,
                rng.choice(_neighbours(height, width, e)),
                rng,
                min_length,
            )
        for _repair in range(50 * len(cells)):  # absorb short lines
            short = [i for i, line in lines.items() if len(line) < min_length]
            if not short:
                return list(lines.values())
            line = lines[rng.choice(short)]
            e = rng.choice((line[0], line[-1]))
            for n in _neighbours(height, width, e):
                if _grow(lines, owner, e, n, rng, 1):
                    break
    raise RuntimeError(f"no cover with lines of at least {min_length} cells")


def _board_of_lines(shape: tuple[int, int], lines) -> tuple[np.ndarray, Paths]:
    """Number the lines 1, 2, ... in reading order of their first end and write their
    ends on an empty board."""
    lines = sorted((x if x[0] <= x[-1] else x[::-1] for x in lines), key=lambda x: x[0])
    board = np.zeros(shape, dtype=int)
    paths: Paths = {}
    for k, line in enumerate(lines, start=1):
        board[line[0]] = board[line[-1]] = k
        paths[k] = list(line)
    return board, paths


def generate_designed_with_solution(
    height: int, width: int, *, seed: int = 0, fill: bool = True, min_length: int = 3
) -> tuple[Numberlink, Paths]:
    """A designed-style puzzle (few long winding lines, every cell used, no line
    touching itself) and its planted solution; not proved unique (see
    :func:`generate`).

    Raises:
        ValueError: a size that is not a whole number >= 1, or too many cells.
    """
    _check_size(height, width)
    lines = _winding_lines(height, width, random.Random(seed), min_length)
    board, paths = _board_of_lines((height, width), lines)
    return Numberlink(board, fill=fill), paths


def _cut(
    lines: list[list[Cell]],
    paths: Paths,
    other: Paths | None,
    rng: random.Random,
    min_length: int,
) -> None:
    """Cut one line of ``paths`` in two next to a cell where ``other`` differs (the
    longest line in the middle when there is no ``other``), in place on ``lines``."""
    if other is not None:
        changed = set(links_of(paths)) ^ set(links_of(other))
        differ = sorted({cell for key in changed for cell in (key[:2], key[2:])})
        rng.shuffle(differ)
        for cell in differ:
            line = next(x for x in lines if cell in x)
            i = line.index(cell)
            for at in (i, i + 1):  # both parts keep at least min_length cells
                if min_length <= at <= len(line) - min_length:
                    lines.remove(line)
                    lines += [line[:at], line[at:]]
                    return
    line = max(lines, key=len)
    lines.remove(line)
    lines += [line[: len(line) // 2], line[len(line) // 2 :]]


def generate_unique_with_solution(
    height: int,
    width: int,
    *,
    seed: int = 0,
    fill: bool = True,
    min_length: int = 3,
    time_limit: float = 300.0,
    round_limit: float = 30.0,
    stats: dict | None = None,
) -> tuple[Numberlink, Paths]:
    """A designed-style puzzle with exactly one solution, and that solution.

    The solution uses every cell and no line touches itself; uniqueness is proved
    under Nikoli's rules (empty cells allowed), so it holds with ``fill=True`` too.

    Args:
        round_limit: seconds for one search for a second solution; when it does not
            finish, the longest line is cut in two and the search starts again.
        stats: if given, receives ``rounds``, ``cuts`` and ``timeouts``.

    Raises:
        ValueError: a bad size, or a time limit that is not a number of seconds > 0.
        SolverTimeout: the proofs did not finish within ``time_limit`` seconds.
    """
    deadline = Deadline(check_time_limit(time_limit))
    check_time_limit(round_limit)
    _check_size(height, width)
    rng = random.Random(seed)
    lines = _winding_lines(height, width, rng, min_length)
    counts = {"rounds": 0, "cuts": 0, "timeouts": 0}
    while True:
        board, paths = _board_of_lines((height, width), lines)
        puzzle = Numberlink(board, fill=False)
        counts["rounds"] += 1
        round_deadline = Deadline(min(round_limit, deadline.check("the generator")))
        try:  # first the fast corner model, then the complete search
            quick = solutions_sat(
                Numberlink(board),
                limit=1,
                corner=True,
                exclude=(paths,),
                time_limit=round_deadline.check("the corner model"),
            )
            other = (
                quick[0]
                if quick
                else another_solution(puzzle, [paths], round_deadline)
            )
        except SolverTimeout:
            counts["timeouts"] += 1
            deadline.check("the generator")
            _cut(lines, paths, None, rng, min_length)
            continue
        if other is None:
            if stats is not None:
                stats.update(counts)
            return Numberlink(board, fill=fill), paths
        counts["cuts"] += 1
        _cut(lines, paths, other, rng, min_length)


def generate_with_holes(
    height: int,
    width: int,
    *,
    seed: int = 0,
    empty: float = 0.05,
    min_length: int = 3,
    time_limit: float = 300.0,
    round_limit: float = 20.0,
    stats: dict | None = None,
) -> tuple[Numberlink, Paths]:
    """A ``fill=False`` puzzle with one solution that leaves cells empty, and that
    solution.

    Lines that never touch themselves cover the board (as for a designed puzzle);
    lines are then shortened at their ends until ``empty`` of the cells are free.
    While :func:`helper.numberlink.holes.another_solution` finds a second solution,
    ``_mend`` changes the lines where the two differ: a line is cut in two, or
    grows back into a free cell the other solution uses. So the answer leaves at most
    ``empty`` of the cells empty, and usually fewer.

    Args:
        empty: the share of cells freed at first, above 0 and below 0.5.
        round_limit: seconds for one search for a second solution; when it does not
            finish, the longest line is cut in two and the search starts again.
        stats: if given, receives ``rounds``, ``cuts`` and ``timeouts``.

    Raises:
        ValueError: a bad size, share or time limit.
        SolverTimeout: the proofs did not finish within ``time_limit`` seconds.
        RuntimeError: the board is too small for lines of ``min_length`` cells, or
            every line is too short to cut again.
    """
    deadline = Deadline(check_time_limit(time_limit))
    check_time_limit(round_limit)
    _check_size(height, width)
    if isinstance(empty, bool) or not isinstance(empty, float | int) or not (
        0 < empty < 0.5
    ):
        raise ValueError(f"empty must be a share above 0 and below 0.5, not {empty!r}")
    rng = random.Random(seed)
    lines = _shortened(_winding_lines(height, width, rng, min_length), empty, rng)
    counts = {"rounds": 0, "cuts": 0, "timeouts": 0}
    while True:
        board, paths = _board_of_lines((height, width), lines)
        puzzle = Numberlink(board, fill=False)
        counts["rounds"] += 1
        try:
            left = deadline.check("the generator")
            other = another_with_holes(puzzle, paths, min(round_limit, left))
        except SolverTimeout:
            counts["timeouts"] += 1
            deadline.check("the generator")
            _mend(lines, paths, None, rng)
            continue
        if other is None:
            if stats is not None:
                stats.update(counts)
            return puzzle, paths
        counts["cuts"] += 1
        _mend(lines, paths, other, rng)


def _shortened(
    lines: list[list[Cell]], empty: float, rng: random.Random
) -> list[list[Cell]]:
    """Take cells off the ends of random lines (each keeps 2 cells at least) until
    ``empty`` of all cells are free."""
    lines = [list(line) for line in lines]
    cells = sum(map(len, lines))
    goal = max(1, round(empty * cells))
    freed = 0
    while freed < goal:
        long = [line for line in lines if len(line) > 2]
        if not long:
            break
        line = rng.choice(long)
        line.pop(rng.choice((0, -1)))
        freed += 1
    return lines


def _mend(lines: list[list[Cell]], paths: Paths, other: Paths | None, rng) -> None:
    """Change the lines so that ``other`` is no longer a solution, in place.

    A line is cut in two next to a cell where ``other`` differs (both parts keep two
    cells at least); where no such cut exists (the difference is at the end of a
    line), the line grows back into a free cell that ``other`` uses. Without
    ``other`` (a search that ran out of time), the longest line is cut in the middle.
    """
    if other is not None:
        on = {cell for path in paths.values() for cell in path}
        changed = set(links_of(paths)) ^ set(links_of(other))
        cells = sorted({c for key in changed for c in (key[:2], key[2:])})
        rng.shuffle(cells)
        for cell in (c for c in cells if c in on):
            line = next(x for x in lines if cell in x)
            i = line.index(cell)
            for at in (i, i + 1):
                if 2 <= at <= len(line) - 2:
                    lines.remove(line)
                    lines += [line[:at], line[at:]]
                    return
        for cell in (c for c in cells if c not in on):
            for line in lines:
                for end in (0, -1):
                    if abs(line[end][0] - cell[0]) + abs(line[end][1] - cell[1]) == 1:
                        line.insert(len(line) if end else 0, cell)
                        return
    line = max(lines, key=len)
    if len(line) < 4:
        raise RuntimeError("no line is long enough to cut")
    lines.remove(line)
    lines += [line[: len(line) // 2], line[len(line) // 2 :]]
