"""Slitherlink: one closed loop along the grid lines, and clues that count its sides.

Hand-written: the face of the package, on one screen. A board of ``h`` x ``w`` cells
has ``(h + 1) x (w + 1)`` lattice points ``(r, c)``; a solution is the loop as its
points in order, the first not repeated. The chapter *Slitherlink* teaches the models;
the modules are

* :mod:`~helper.slitherlink.puzzle` (hand-written): the puzzle class
  :class:`~helper.slitherlink.puzzle.Slitherlink`, the text format
  (:func:`~helper.slitherlink.puzzle.parse`, :func:`~helper.slitherlink.puzzle.load`)
  and puzz.link addresses;
* :mod:`~helper.slitherlink.lattice` (hand-written): the integer numbering of points,
  edges and cells that every model reads;
* :mod:`~helper.slitherlink.propagation` (hand-written): the solver by hand and the
  difficulty rating;
* :mod:`~helper.slitherlink.generators` (hand-written): boards with a planted loop,
  and unique puzzles;
* :mod:`~helper.slitherlink.sat_model` and :mod:`~helper.slitherlink.cpsat_model`,
  written by the chapter: SAT with lazy loop cuts (and counting loops with colours and
  region cuts), and CP-SAT's circuit.

The default path: :func:`solve` hands its arguments to :func:`helper.dispatch.solve`,
which checks them and calls ``METHODS["sat"]``, that is
:func:`helper.slitherlink.sat_model.solve_sat`: the clauses of ``sat_clauses``, then
rounds of :func:`helper.sat.solve_lazily` with the loop cuts of ``_LoopCuts``.
"""

from __future__ import annotations

from collections.abc import Callable

from helper import dispatch
from helper.check import check_slitherlink

# The names readers and chapters use, re-exported from their modules (``x as x``).
from helper.slitherlink.cpsat_model import solve_cpsat as solve_cpsat
from helper.slitherlink.generators import generate_with_loop as generate_with_loop
from helper.slitherlink.generators import unique_puzzle as unique_puzzle
from helper.slitherlink.lattice import Lattice as Lattice
from helper.slitherlink.propagation import BRANCHING as BRANCHING
from helper.slitherlink.propagation import OFF as OFF
from helper.slitherlink.propagation import ON as ON
from helper.slitherlink.propagation import UNKNOWN as UNKNOWN
from helper.slitherlink.propagation import EdgeState as EdgeState
from helper.slitherlink.propagation import difficulty as difficulty
from helper.slitherlink.propagation import propagate as propagate
from helper.slitherlink.propagation import solve_propagation as solve_propagation
from helper.slitherlink.puzzle import Point as Point
from helper.slitherlink.puzzle import Slitherlink as Slitherlink
from helper.slitherlink.puzzle import from_puzzlink as from_puzzlink
from helper.slitherlink.puzzle import load as load
from helper.slitherlink.puzzle import parse as parse
from helper.slitherlink.puzzle import to_puzzlink as to_puzzlink
from helper.slitherlink.sat_model import colour_clauses as colour_clauses
from helper.slitherlink.sat_model import edge_variables as edge_variables
from helper.slitherlink.sat_model import edges_on as edges_on
from helper.slitherlink.sat_model import sat_clauses as sat_clauses
from helper.slitherlink.sat_model import solutions_sat as solutions_sat
from helper.slitherlink.sat_model import solve_sat as solve_sat

#: The independent checker, :func:`helper.check.check_slitherlink`:
#: ``check(puzzle, loop)`` returns ``True`` or raises ``ValueError`` naming the rule.
check = check_slitherlink


def solve(
    puzzle: Slitherlink,
    *,
    method: str | None = None,
    time_limit: float = 10.0,
    **options: object,
) -> list[Point]:
    """Solve a Slitherlink puzzle: the loop as lattice points ``(r, c)`` in order.

    Args:
        puzzle: the puzzle.
        method: a key of :data:`METHODS`; ``None`` means :data:`DEFAULT_METHOD`.
        time_limit: seconds, building the model included.
        options: passed on to the method (for example ``stats={}``).

    Raises:
        TypeError: ``puzzle`` is not a :class:`~helper.slitherlink.puzzle.Slitherlink`.
        ValueError: an unknown method or a bad time limit (:mod:`helper.dispatch`).
        Unsolvable: no single loop fits the clues.
        SolverTimeout: the time limit passed first.
    """
    return dispatch.solve(
        puzzle,
        kind=Slitherlink,
        methods=METHODS,
        default=DEFAULT_METHOD,
        method=method,
        time_limit=time_limit,
        **options,
    )


def solutions(
    puzzle: Slitherlink, *, limit: int = 2, time_limit: float = 10.0, **options: object
) -> list[list[Point]]:
    """Up to ``limit`` different loops: SAT with colours and region cuts.

    ``len(solutions(puzzle)) == 1`` means the puzzle has exactly one answer; ``[]``
    means it has none. ``options`` go to the enumerator,
    :func:`~helper.slitherlink.sat_model.solutions_sat` (for example ``stats={}``).
    """
    return dispatch.solutions(
        puzzle,
        kind=Slitherlink,
        enumerate_=solutions_sat,
        limit=limit,
        time_limit=time_limit,
        **options,
    )


def generate(
    height: int,
    width: int,
    *,
    seed: int = 0,
    unique: bool = False,
    density: float | None = None,
    fill: float = 0.5,
    time_limit: float = 60.0,
    stats: dict | None = None,
) -> Slitherlink:
    """A random puzzle that has a solution, or (``unique=True``) exactly one.

    Without ``unique`` it is the puzzle of
    :func:`~helper.slitherlink.generators.generate_with_loop`: a planted loop, each
    clue kept with probability ``density`` (0.5 when not given); the puzzle may have
    other solutions. With ``unique=True`` every clue starts shown and clues are hidden
    in random order while the puzzle stays unique
    (:func:`~helper.slitherlink.generators.unique_puzzle`): hiding any clue that is left
    would let a second loop in.

    Args:
        height, width: board size in cells.
        seed: random seed; the same arguments always give the same board.
        unique: make a puzzle with exactly one solution.
        density: the share of cells that show their clue (not with ``unique``).
        fill: the share of cells the region grows to; it decides how long the loop is.
        time_limit: seconds for the whole generation (``unique`` only; checked always).
        stats: with ``unique``, receives ``checks`` (uniqueness checks made) and
            ``cuts`` (region cuts added).

    Raises:
        ValueError: a bad size, share or time limit, or ``density`` with ``unique``.
        SolverTimeout: the uniqueness checks did not finish within ``time_limit``.
    """
    dispatch.check_time_limit(time_limit)
    if not unique:
        share = 0.5 if density is None else density
        return generate_with_loop(height, width, seed=seed, density=share, fill=fill)[0]
    if density is not None:
        raise ValueError(
            "density does not apply with unique=True: the generator shows "
            "exactly the clues that the single answer needs"
        )
    return unique_puzzle(
        height, width, seed=seed, fill=fill, time_limit=time_limit, stats=stats
    )


#: The models ``solve(..., method=name)`` runs, in the order the chapter teaches them.
METHODS: dict[str, Callable[..., list[Point]]] = {
    "propagation": solve_propagation,  # propagation.py: rules, union-find, backtracking
    "sat": solve_sat,  # sat_model.py: PySAT with lazy loop cuts
    "cpsat": solve_cpsat,  # cpsat_model.py: CP-SAT's add_circuit
}
#: The fastest correct model on the chapter's benchmark.
DEFAULT_METHOD = "sat"
