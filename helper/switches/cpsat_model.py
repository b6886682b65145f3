"""The XOR model in CP-SAT: one ``add_bool_xor`` per light, for comparison.

Hand-written: the chapter describes this third method in a few sentences and shows
its loop with :func:`helper.show.show_source`; the model it teaches is the Z3 one
(:mod:`helper.switches.z3_model`), which this one mirrors.
"""

from __future__ import annotations

from ortools.sat.python import cp_model

from helper import Deadline
from helper.ortools import run_cpsat
from helper.switches.clock import paced
from helper.switches.puzzle import Switches, closed_neighbourhoods

__all__ = ["solve_cpsat"]


def solve_cpsat(
    puzzle: Switches,
    *,
    time_limit: float = 10.0,
    minimal: bool = False,
    num_workers: int = 2,
    seed: int = 0,
) -> list[str]:
    """CP-SAT with one ``add_bool_xor`` per light; ``minimal=True`` minimises presses.

    The time limit covers building the model and solving it; ``num_workers`` and
    ``seed`` are CP-SAT's, fixed so that benchmarks repeat.

    Raises:
        helper.Unsolvable: CP-SAT proved that there is no answer.
        helper.SolverTimeout: no answer, or (with ``minimal``) no proof of optimality,
            in time.
    """
    deadline = Deadline(time_limit)
    wanted = set(puzzle.flip)
    touching = closed_neighbourhoods(puzzle)
    model = cp_model.CpModel()
    what = "building the CP-SAT model"
    press = {
        v: model.new_bool_var(f"press {v}") for v in paced(puzzle.nodes, deadline, what)
    }
    for v in paced(puzzle.nodes, deadline, what):
        literals = [press[u] for u in touching[v]]
        if v not in wanted:  # XOR = 0  <=>  XOR with one literal negated = 1
            literals[0] = ~literals[0]
        model.add_bool_xor(literals)
    if minimal:
        model.minimize(sum(press.values()))
    solver = run_cpsat(
        model,
        time_limit=deadline.check("the CP-SAT model"),
        num_workers=num_workers,
        seed=seed,
        optimal=minimal,
        what="the XOR model of these switches",
    )
    return sorted(v for v in puzzle.nodes if solver.value(press[v]))
