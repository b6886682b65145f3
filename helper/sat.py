"""PySAT plumbing that every chapter shares: time limits, lazy cuts, distinct answers.

Three things every SAT model in the book needs, written once here:

* **A wall-clock limit.** PySAT's Glucose and MiniSat stop when another thread calls
  ``interrupt()``. :func:`solve_limited` starts that timer, always cancels *and joins*
  it (a timer that fires while the solver is being deleted can crash the process),
  clears the interrupt for the next call, and turns "interrupted" into
  :class:`helper.SolverTimeout`.
* **Lazy constraints.** Some rules ("one loop", "no stray cycle") have far too many
  clauses to write down. :func:`solve_lazily` solves, asks the caller which clauses the
  answer breaks, adds them and solves again, until an answer breaks none.
* **Distinct answers.** :func:`distinct_models` finds up to ``limit`` answers that
  differ on the *answer variables*; each found answer is forbidden by a clause over
  those variables only, so an auxiliary variable can never make one answer count twice.

Variables are named with PySAT's ``IDPool`` (``pool.id(("link", a, b))``), as the
PySAT primer of the book teaches; no chapter counts variable numbers by hand.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager

from pysat.solvers import Solver

from helper import SolverTimeout

__all__ = ["solve_limited", "solve_lazily", "distinct_models", "block"]

#: What a cut callback returns for an answer: the clauses it breaks (empty: accept it).
Cuts = Callable[[list[int]], Sequence[Sequence[int]]]


@contextmanager
def _interrupt_after(solver: Solver, time_limit: float) -> Iterator[None]:
    """Interrupt ``solver`` after ``time_limit`` s; always cancel and join the timer."""
    if time_limit <= 0:
        raise SolverTimeout("no time left for the SAT solver")
    timer = threading.Timer(time_limit, solver.interrupt)
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
        timer.join()  # never let the timer touch a solver that may be deleted next
        solver.clear_interrupt()


def _solve(solver: Solver, assumptions: list[int], time_limit: float) -> bool:
    """One ``solve_limited`` call under a running :func:`_interrupt_after`."""
    result = solver.solve_limited(assumptions=assumptions, expect_interrupt=True)
    if result is None:
        raise SolverTimeout(
            f"the SAT solver stopped at the time limit ({time_limit:.3g} s)"
        )
    return result


def solve_limited(
    solver: Solver, time_limit: float, assumptions: Iterable[int] = ()
) -> bool:
    """Solve with a wall-clock limit: ``True`` (a model exists) or ``False`` (none).

    Args:
        solver: a PySAT solver that supports ``interrupt()`` (Glucose, MiniSat,
            Maple...; CaDiCaL and Lingeling do not, see the PySAT primer).
        time_limit: seconds for this call.
        assumptions: literals assumed true for this call only.

    Raises:
        helper.SolverTimeout: the limit passed first (or ``time_limit <= 0``).
    """
    with _interrupt_after(solver, time_limit):
        return _solve(solver, list(assumptions), time_limit)


def solve_lazily(
    solver: Solver,
    cuts: Cuts,
    time_limit: float,
    *,
    assumptions: Iterable[int] = (),
    stats: dict | None = None,
) -> list[int] | None:
    """Solve, cut, repeat: the model of the first answer that breaks no lazy constraint.

    Args:
        solver: the solver, holding the eager clauses.
        cuts: ``cuts(model)`` returns the clauses the answer breaks (for a loop puzzle,
            one "not all of these edges" clause per stray loop). They are added to
            ``solver`` for good, so they also hold in later calls. An empty list accepts
            the answer.
        time_limit: seconds for all rounds together.
        assumptions: literals assumed in every round.
        stats: if given, ``rounds`` (SAT calls) and ``cuts`` (clauses added) are added
            to it.

    Returns:
        The accepted model (PySAT's list of literals), or ``None`` when the clauses and
        the cuts so far have no model under the assumptions.

    Raises:
        helper.SolverTimeout: the time limit passed first.
    """
    assumptions = list(assumptions)
    if stats is not None:
        stats.setdefault("rounds", 0)
        stats.setdefault("cuts", 0)
    with _interrupt_after(solver, time_limit):  # one timer for all rounds
        while True:
            found = _solve(solver, assumptions, time_limit)
            if stats is not None:
                stats["rounds"] += 1
            if not found:
                return None
            model = solver.get_model()
            new = list(cuts(model))
            if not new:
                return model
            for clause in new:
                solver.add_clause(list(clause))
            if stats is not None:
                stats["cuts"] += len(new)


def block(model: Sequence[int], answer: Iterable[int]) -> list[int]:
    """The clause that forbids ``model``'s values on the ``answer`` variables only."""
    return [-model[v - 1] for v in answer]


def distinct_models(
    solver: Solver,
    answer: Sequence[int],
    *,
    limit: int = 2,
    time_limit: float = 10.0,
    cuts: Cuts | None = None,
    stats: dict | None = None,
) -> list[list[int]]:
    """Up to ``limit`` models that differ on the ``answer`` variables.

    After each answer the clause :func:`block` forbids exactly its values on ``answer``
    and the search goes on. Auxiliary variables are never blocked: two models that agree
    on every answer variable are the same solution and are found once. ``limit=2``
    decides uniqueness.

    Args:
        solver: the solver, holding the model's clauses (it is changed: cuts and blocks
            stay).
        answer: the variables that make up a solution (cells, links, edges...).
        limit: stop after this many.
        time_limit: seconds for the whole enumeration.
        cuts: a lazy-cut callback as in :func:`solve_lazily`; ``None`` for none.
        stats: passed on to :func:`solve_lazily`.

    Returns:
        The models found; fewer than ``limit`` means there are no more.

    Raises:
        helper.SolverTimeout: the time limit passed before the enumeration was settled.
    """
    deadline = time.perf_counter() + time_limit
    found: list[list[int]] = []
    while len(found) < limit:
        model = solve_lazily(
            solver,
            cuts or (lambda _model: ()),
            deadline - time.perf_counter(),
            stats=stats,
        )
        if model is None:
            break
        found.append(model)
        solver.add_clause(block(model, answer))
    return found
