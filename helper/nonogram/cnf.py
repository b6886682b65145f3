"""The plumbing every nonogram CNF shares: cell variables, lines, loading, the picture.

Hand-written: *Nonograms with PySAT* explains what these do (the section *Variables*
shows :func:`cell_ids`) but teaches the encodings, not this bookkeeping. All the CNF
models of the package number the cells the same way, build the CNF of one line at a
time (:func:`puzzle_cnf`, which also leaves out lines that are already decided), and
load a solver only if loading, which cannot be interrupted, fits in the time left.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np
from pysat.formula import IDPool
from pysat.solvers import Solver

from helper import Deadline, SolverTimeout, Unsolvable
from helper.nonogram.puzzle import Nonogram
from helper.sat import solve_limited

__all__ = [
    "LOAD_SECONDS_PER_LITERAL",
    "FREE_SECONDS_PER_LITERAL",
    "load_solver",
    "cell_ids",
    "line_cells",
    "picture",
    "sat_picture",
    "puzzle_cnf",
]

#: Upper bounds of what PySAT needs per literal, on the 2-core build machine under
#: load: to load a clause into a solver (which cannot be interrupted) and to free it.
LOAD_SECONDS_PER_LITERAL = 2e-6
#: Seconds per literal to free a loaded solver (same bound as above).
FREE_SECONDS_PER_LITERAL = 4e-7


def load_solver(name: str, clauses: list[list[int]], deadline: Deadline) -> Solver:
    """A solver ``name`` loaded with ``clauses``, if that fits before ``deadline``.

    Loading cannot be interrupted, so a CNF whose literals would take longer than the
    time left (at :data:`LOAD_SECONDS_PER_LITERAL`) is not started.

    Raises:
        helper.SolverTimeout: too little time left to load the CNF.
    """
    literals = sum(map(len, clauses))
    if deadline.remaining() < LOAD_SECONDS_PER_LITERAL * literals:
        raise SolverTimeout(
            f"too little time left to load {len(clauses):,} clauses into the solver"
        )
    return Solver(name=name, bootstrap_with=clauses)


def cell_ids(
    puzzle: Nonogram, pool: IDPool, deadline: Deadline | None = None
) -> np.ndarray:
    """The variable of every cell, ``pool.id(("cell", r, c))``, as an int array.

    Asked first of a fresh pool, cell ``(r, c)`` is variable ``r * width + c + 1``.
    With a ``deadline``, the clock is checked before each row (a million cells take
    a second or two).

    Raises:
        helper.SolverTimeout: ``deadline`` passed.
    """
    height, width = puzzle.height, puzzle.width
    ids = []
    for r in range(height):
        if deadline is not None:
            deadline.check("numbering the cells")
        ids += [pool.id(("cell", r, c)) for c in range(width)]
    return np.array(ids, dtype=np.int64).reshape(height, width)


def line_cells(puzzle: Nonogram, cells: np.ndarray) -> Iterator[tuple[tuple, list]]:
    """``(clue, cell variables)`` of every row, top to bottom, then every column."""
    yield from zip(puzzle.rows, cells.tolist(), strict=True)
    yield from zip(puzzle.cols, cells.T.tolist(), strict=True)


def picture(model: list[int], cells: np.ndarray) -> np.ndarray:
    """The 0/1 picture that a SAT model (PySAT's list of literals) gives the cells."""
    values = np.zeros(max(len(model), int(cells.max())) + 1, dtype=np.int8)
    literals = np.asarray(model, dtype=np.int64)
    values[literals[literals > 0]] = 1
    return values[cells]


def sat_picture(
    clauses: list[list[int]], cells: np.ndarray, deadline: Deadline, what: str
) -> np.ndarray:
    """Solve ``clauses`` with Glucose 4 before ``deadline``; return the picture.

    Raises:
        helper.Unsolvable: the CNF (named ``what`` in messages) has no model.
        helper.SolverTimeout: the deadline passed first.
    """
    deadline.check(f"building {what}")
    with load_solver("g4", clauses, deadline) as solver:
        if not solve_limited(solver, deadline.check(f"loading {what}")):
            raise Unsolvable(f"no picture fits the clues ({what} is unsatisfiable)")
        return picture(solver.get_model(), cells)


def puzzle_cnf(
    puzzle: Nonogram,
    pool: IDPool,
    line_cnf: Callable,
    known: np.ndarray | None,
    deadline: Deadline | None,
    what: str,
) -> list[list[int]]:
    """``line_cnf(clue, cells, line)`` for every line not decided yet, and units.

    ``line`` is the line's row or column of ``known`` (1 black, 0 white, -1 open;
    ``None`` without ``known``); a line with no open cell is left out, and every
    decided cell becomes a unit clause.

    Raises:
        helper.SolverTimeout: building ``what`` passed ``deadline``.
    """
    cells = cell_ids(puzzle, pool, deadline)
    if known is None:
        lines: list = [None] * (puzzle.height + puzzle.width)
    else:
        grid = np.asarray(known)
        lines = grid.tolist() + grid.T.tolist()
    clauses: list[list[int]] = []
    for (clue, cells_of_line), line in zip(
        line_cells(puzzle, cells), lines, strict=True
    ):
        if line is not None and -1 not in line:
            continue
        clauses += line_cnf(clue, cells_of_line, line)
        if deadline is not None:
            deadline.check(f"building {what}")
    if known is not None:
        decided = grid >= 0
        units = np.where(grid[decided] > 0, cells[decided], -cells[decided])
        clauses += units[:, None].tolist()
    return clauses
