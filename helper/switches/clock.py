"""Keeping to a time limit while a model is built and solved.

Hand-written plumbing that the chapter uses but does not teach. A time limit covers
the whole call, so a big model checks the clock while it is built (:func:`paced`),
and a Z3 search is stopped at the deadline by :func:`check_z3`.

:func:`check_z3` interrupts Z3 from a timer thread that it always cancels and joins,
instead of setting Z3's own ``timeout`` parameter: that parameter starts a timer thread
inside Z3 which outlives the call.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator
from typing import TypeVar

import z3

from helper import Deadline, SolverTimeout

__all__ = ["paced", "check_z3"]

_T = TypeVar("_T")


def paced(
    items: Iterable[_T], deadline: Deadline, what: str, every: int = 256
) -> Iterator[_T]:
    """Yield ``items``, checking ``deadline`` before the first and every ``every``.

    Raises:
        helper.SolverTimeout: the deadline passed; the message names ``what``.
    """
    for i, item in enumerate(items):
        if i % every == 0:
            deadline.check(what)
        yield item


def check_z3(
    solver: z3.Solver | z3.Optimize, deadline: Deadline, what: str
) -> z3.CheckSatResult:
    """``solver.check()``, interrupted when ``deadline`` passes.

    Returns:
        ``z3.sat`` or ``z3.unsat``.

    Raises:
        helper.SolverTimeout: the deadline passed before Z3 answered (or Z3 gave up
            for another reason, which the message names).
    """
    left = deadline.check(what)
    # A Solver can be interrupted alone; an Optimize only through its context.
    stop = solver.interrupt if isinstance(solver, z3.Solver) else solver.ctx.interrupt
    timer = threading.Timer(left, stop)
    timer.daemon = True
    timer.start()
    try:
        result = solver.check()
    finally:
        timer.cancel()
        timer.join()
    if result == z3.unknown:
        raise SolverTimeout(
            f"Z3 gave up on {what} within {deadline.seconds:.3g} s: "
            f"{solver.reason_unknown()}"
        )
    return result
