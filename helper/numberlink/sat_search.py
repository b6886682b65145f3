"""Searching the SAT model: lazy cycle cuts, blocking clauses, the method ``"sat"``.

Hand-written: the plumbing around :func:`helper.numberlink.sat_model.sat_model`, which
the chapter *Numberlink at scale* describes and shows with ``show_source``. The loop
"solve, cut the stray loops, solve again" is :func:`helper.sat.solve_lazily`, and
several distinct answers come from :func:`helper.sat.distinct_models`; this module
gives them the Numberlink cuts (:func:`helper.grid.loop_cut` for every loop that
:func:`~helper.numberlink.puzzle.trace` finds).

Read it top to bottom: :func:`solve_sat` asks :func:`solutions_sat` for one answer;
:func:`solutions_sat` builds the model, loads it (:func:`loaded_solver`) and runs the
search with :func:`loop_cuts`.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from pysat.solvers import Solver

from helper import Deadline, Unsolvable
from helper.dispatch import check_time_limit
from helper.grid import Link, loop_cut
from helper.numberlink.puzzle import Numberlink, Paths, links_of, trace
from helper.numberlink.sat_model import SatModel, sat_model
from helper.sat import distinct_models

__all__ = ["solve_sat", "solutions_sat", "loaded_solver", "links_on", "loop_cuts"]

#: Clauses handed to the solver between two looks at the clock.
LOAD_CHUNK = 20_000


def solve_sat(
    puzzle: Numberlink,
    *,
    time_limit: float = 10.0,
    shortcut_free: bool | None = None,
    colours: str = "binary",
    solver_name: str = "glucose4",
    stats: dict | None = None,
) -> Paths:
    """Solve with the SAT model (binary colour bits, lazy cycle cuts); no stray loops.

    Args:
        shortcut_free: add the rules that a line never touches itself and never makes
            a U-turn in a 2x2 block. ``None`` (the default) means ``not puzzle.fill``:
            with empty cells allowed they are safe for finding a solution. With
            ``fill=True`` they are safe only for a puzzle known to have one solution
            under Nikoli's rules.
        colours, solver_name, stats: as in :func:`solutions_sat`.

    Raises:
        Unsolvable: the board has no solution (under the rules asked for).
        SolverTimeout: ``time_limit`` seconds were not enough.
    """
    if shortcut_free is None:
        shortcut_free = not puzzle.fill
    found = solutions_sat(
        puzzle,
        limit=1,
        time_limit=time_limit,
        shortcut_free=shortcut_free,
        colours=colours,
        solver_name=solver_name,
        stats=stats,
    )
    if not found:
        raise Unsolvable("the board has no solution")
    return found[0]


def solutions_sat(
    puzzle: Numberlink,
    *,
    limit: int = 2,
    time_limit: float = 10.0,
    shortcut_free: bool = False,
    corner: bool = False,
    exclude: tuple[Paths, ...] = (),
    colours: str = "binary",
    solver_name: str = "glucose4",
    stats: dict | None = None,
    more: Callable[[SatModel, Deadline], None] | None = None,
) -> list[Paths]:
    """Up to ``limit`` different solutions, found with the SAT model and lazy cuts.

    Args:
        shortcut_free, corner, colours: the options of
            :func:`~helper.numberlink.sat_model.sat_model`; keep ``shortcut_free``
            False when counting solutions, because it removes solutions that touch
            themselves.
        exclude: solutions (paths) that must not be found again.
        solver_name: a PySAT solver that supports interruption (``glucose4``, ...).
        stats: if a dict is given, it receives ``rounds``, ``cuts``, ``conflicts``,
            ``variables`` and ``clauses``.
        more: if given, called with the model and the deadline before the solver is
            loaded, to add clauses of its own (the empty-cell rules of
            :mod:`helper.numberlink.holes` do).

    Returns:
        The solutions found; fewer than ``limit`` means there are no more.

    Raises:
        ValueError: ``time_limit`` is not a number of seconds above 0.
        SolverTimeout: the time limit was reached first.
    """
    deadline = Deadline(check_time_limit(time_limit))
    if not puzzle.pairs:  # nothing to join: {} is the only answer, if fill=False
        return [] if puzzle.fill or {} in exclude else [{}]
    board = puzzle.board
    model = sat_model(board, puzzle.fill, shortcut_free, colours, corner,
                      deadline=deadline)
    if more is not None:
        more(model, deadline)
    counts: dict[str, int] = {}
    accepted: list[Paths] = []  # the paths of each answer distinct_models returns
    with loaded_solver(model.clauses, deadline, solver_name) as solver:
        for paths in exclude:
            solver.add_clause([-model.link[key] for key in links_of(paths)])
        distinct_models(
            solver,
            list(model.link.values()),
            limit=limit,
            time_limit=deadline.check("the SAT search"),
            cuts=loop_cuts(board, model.link, accepted),
            stats=counts,
        )
        counts["conflicts"] = solver.accum_stats().get("conflicts", 0)
    if stats is not None:
        stats.update(counts, variables=model.pool.top, clauses=len(model.clauses))
    return accepted


def links_on(assignment: list[int], link: dict[Link, int]) -> list[Link]:
    """The links that are true in a PySAT model (a list of literals)."""
    return [key for key, x in link.items() if assignment[x - 1] > 0]


def loop_cuts(
    board: np.ndarray, link: dict[Link, int], accepted: list[Paths]
) -> Callable[[list[int]], list[list[int]]]:
    """The lazy cuts of the SAT model: one clause 'not all of these links' per loop
    (:func:`helper.grid.loop_cut`).

    An answer without a loop is accepted; its paths are appended to ``accepted``, so
    that nobody has to trace it again.
    """

    def cuts(assignment: list[int]) -> list[list[int]]:
        paths, loops = trace(board, links_on(assignment, link))
        if not loops:
            accepted.append(paths)
        return [loop_cut(loop, link) for loop in loops]

    return cuts


def loaded_solver(
    clauses: list[list[int]], deadline: Deadline, name: str = "glucose4"
) -> Solver:
    """A PySAT solver holding ``clauses``, loaded ``LOAD_CHUNK`` at a time.

    Loading a big formula takes as long as building it (PySAT adds one clause at a
    time); the clock is read between the chunks, so that the time limit counts it.

    Raises:
        SolverTimeout: ``deadline`` passed while loading (the solver is deleted).
    """
    solver = Solver(name=name)
    try:
        for start in range(0, len(clauses), LOAD_CHUNK):
            solver.append_formula(clauses[start : start + LOAD_CHUNK])
            deadline.check("loading the SAT solver")
    except BaseException:
        solver.delete()
        raise
    return solver
