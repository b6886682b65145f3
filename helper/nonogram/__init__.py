"""Nonograms: paint the grid so that every row and column shows the runs of its clue.

Hand-written: the face of the package, its table of contents. A puzzle,
:class:`~helper.nonogram.puzzle.Nonogram`, holds the clues (``rows[i]``, ``cols[j]``:
the run lengths of row ``i`` left to right and of column ``j`` top to bottom; ``()`` for
an empty line); a picture is an ``np.ndarray`` of 0/1 (1 = black) of shape ``(height,
width)``. ``load`` reads a ``.json`` or ``.non`` file, :func:`solve` paints the picture
with :data:`DEFAULT_METHOD` or any model named in :data:`METHODS`, ``check`` verifies a
picture independently, :func:`solutions` lists distinct pictures, ``generate`` makes a
puzzle from a random picture (with exactly one picture if asked), and ``from_puzzlink``
and ``to_puzzlink`` read and write puzz.link addresses.

The modules, in the order of the chapters *Nonograms with PySAT*, *Nonograms: line
solving, probing and search*, *Nonograms: search and unique puzzles* and *Nonograms
with CP-SAT* (generated from them unless marked hand-written):

* ``puzzle``, ``formats`` (hand-written): the puzzle class and its readers;
* ``cnf`` (hand-written): the plumbing every CNF shares;
* ``placement``, ``automaton``: the first two SAT models, and ``linesolve-sat``;
* ``linesolve``, ``board`` (hand-written): the line solver, propagation and probing;
* ``order``, ``implied``: the order CNF and the implied clauses of the search;
* ``search`` (hand-written): the searches after probing and the default portfolio;
* ``unique``: distinct pictures and the difficulty of a puzzle;
* ``generator`` (hand-written): random pictures and the repair loop of ``unique=True``;
* ``measure`` (hand-written): the tables of the chapters;
* ``cpsat_model``: the CP-SAT models;
* ``dfs``, ``dfs_benchmarks`` (hand-written): depth-first search with the line solver
  inside, and its sweeps (chapter *Search with a line solver inside*);
* ``ladder``: the ladder CNF, the order CNF without witness variables, which the
  default portfolio searches (same chapter), with Kissat's program in focused mode
  (:mod:`helper.kissat`) as one of its two racers.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from helper import dispatch
from helper.check import check_nonogram
from helper.nonogram.automaton import (
    line_automaton,
    regular_cnf,
    solve_linesolve_sat,
    solve_pysat_regular,
)
from helper.nonogram.board import crossing_check, probe, propagate
from helper.nonogram.cpsat_model import (
    clue_automaton,
    cpsat_automaton_model,
    cpsat_starts_model,
    fill_pattern,
    place_numbers,
    solutions_cpsat,
    solve_cpsat_automaton,
    solve_cpsat_starts,
)
from helper.nonogram.dfs import solutions_dfs, solve_dfs
from helper.nonogram.formats import from_puzzlink, load, parse_non, to_puzzlink
from helper.nonogram.generator import generate
from helper.nonogram.implied import implied_clauses
from helper.nonogram.ladder import ladder_cnf, line_ladder_cnf
from helper.nonogram.linesolve import line_solve, run_starts
from helper.nonogram.order import line_order_cnf, order_cnf
from helper.nonogram.placement import (
    count_placements,
    line_placement_cnf,
    pattern,
    placement_cnf,
    placements,
    solve_pysat_placements,
)
from helper.nonogram.puzzle import Nonogram
from helper.nonogram.search import (
    solve_linesolve_cadical,
    solve_linesolve_focused,
    solve_linesolve_implied,
    solve_linesolve_kissat,
    solve_linesolve_ladder,
    solve_linesolve_order,
    solve_portfolio,
)
from helper.nonogram.unique import difficulty, solutions_sat

__all__ = [
    "Nonogram", "load", "parse_non", "from_puzzlink", "to_puzzlink",
    "solve", "check", "solutions", "generate", "METHODS", "DEFAULT_METHOD",
    "difficulty", "propagate", "probe", "crossing_check", "line_solve", "run_starts",
    "placements", "count_placements", "pattern", "line_placement_cnf", "placement_cnf",
    "line_automaton", "regular_cnf", "line_order_cnf", "order_cnf", "implied_clauses",
    "line_ladder_cnf", "ladder_cnf",
    "solutions_sat", "solutions_cpsat", "place_numbers", "fill_pattern",
    "cpsat_starts_model", "clue_automaton", "cpsat_automaton_model",
    "solve_pysat_placements", "solve_pysat_regular", "solve_linesolve_sat",
    "solve_linesolve_cadical", "solve_linesolve_order", "solve_linesolve_kissat",
    "solve_linesolve_ladder", "solve_linesolve_focused",
    "solve_linesolve_implied", "solve_portfolio", "solve_cpsat_starts",
    "solve_cpsat_automaton", "solve_dfs", "solutions_dfs",
]  # fmt: skip

#: The independent checker :func:`helper.check.check_nonogram` under the name that
#: every puzzle package gives its checker: ``check(puzzle, picture)`` is ``True`` or
#: raises ``ValueError`` naming the broken rule and the cell or line.
check = check_nonogram

#: Model name -> ``f(puzzle, *, time_limit)`` returning the picture as a 0/1 array, in
#: the order the chapters teach them (module: what it is).
METHODS: dict[str, Callable[..., np.ndarray]] = {
    "pysat-placements": solve_pysat_placements,  # placements: a variable per placement
    "pysat-regular": solve_pysat_regular,  # automaton: one automaton per line
    "linesolve-sat": solve_linesolve_sat,  # automaton: after line solving and probing
    "linesolve-cadical": solve_linesolve_cadical,  # search: CaDiCaL in rounds
    "linesolve-order": solve_linesolve_order,  # search: Glucose on the order CNF
    "linesolve-kissat": solve_linesolve_kissat,  # search: Kissat in a child process
    "linesolve-implied": solve_linesolve_implied,  # search: + the implied clauses
    "linesolve-ladder": solve_linesolve_ladder,  # search: Kissat on the ladder CNF
    "linesolve-focused": solve_linesolve_focused,  # search: Kissat's program, focused
    "portfolio": solve_portfolio,  # search: two Kissats racing, first one wins
    "cpsat-starts": solve_cpsat_starts,  # cpsat_model: integer starts of the runs
    "cpsat-automaton": solve_cpsat_automaton,  # cpsat_model: add_automaton per line
    "dfs": solve_dfs,  # dfs: depth-first search, line solving and probing per node
}
#: The method :func:`solve` uses when none is named: line solving and probing, then
#: two Kissats racing on the ladder CNF: Kissat's program in focused mode, and PySAT's
#: Kissat on the mirror image of the CNF.
DEFAULT_METHOD = "portfolio"


def solve(
    puzzle: Nonogram,
    *,
    method: str | None = None,
    time_limit: float = 10.0,
    **options,
) -> np.ndarray:
    """Paint the picture that the clues describe.

    Args:
        puzzle: the clues.
        method: a name in :data:`METHODS`; ``None`` uses :data:`DEFAULT_METHOD`.
        time_limit: seconds the model may use (building and solving), a finite number
            above 0.
        options: passed on to the method, for example ``processes=1`` to keep
            ``"portfolio"`` in one process, or ``stats={}`` to see what the search did.

    Returns:
        An ``np.ndarray`` of 0/1 of shape ``(height, width)``, 1 = black.

    Raises:
        TypeError: ``puzzle`` is not a :class:`~helper.nonogram.puzzle.Nonogram`.
        ValueError: an unknown method or a bad time limit, before any work is done.
        helper.Unsolvable: no picture fits the clues.
        helper.SolverTimeout: the method ran out of time.
    """
    return dispatch.solve(
        puzzle,
        kind=Nonogram,
        methods=METHODS,
        default=DEFAULT_METHOD,
        method=method,
        time_limit=time_limit,
        **options,
    )


def solutions(
    puzzle: Nonogram, *, limit: int = 2, time_limit: float = 10.0
) -> list[np.ndarray]:
    """Up to ``limit`` distinct pictures of ``puzzle``; ``limit=2`` decides uniqueness.

    Runs :func:`helper.nonogram.unique.solutions_sat`, which blocks each picture found
    on the cell variables only, so that no picture hides another.

    Raises:
        TypeError: ``puzzle`` is not a :class:`~helper.nonogram.puzzle.Nonogram`.
        ValueError: ``limit`` is not a whole number >= 1 or a bad time limit.
        helper.SolverTimeout: the question was not settled within ``time_limit``.
    """
    return dispatch.solutions(
        puzzle,
        kind=Nonogram,
        enumerate_=solutions_sat,
        limit=limit,
        time_limit=time_limit,
    )
