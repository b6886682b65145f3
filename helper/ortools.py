"""Small utilities around OR-Tools CP-SAT that several chapters use."""

from __future__ import annotations

from collections.abc import Iterable

from ortools.sat.python import cp_model

from helper import SolverTimeout, Unsolvable

__all__ = ["run_cpsat", "get_all_solutions", "model_variables"]


def run_cpsat(
    model: cp_model.CpModel,
    *,
    time_limit: float,
    num_workers: int = 1,
    seed: int = 0,
    optimal: bool = False,
    what: str = "the model",
) -> cp_model.CpSolver:
    """Solve ``model`` with explicit limits; map CP-SAT's status to the book's errors.

    Every CP-SAT call in the book goes through here, so that none runs without a time
    limit, a fixed number of workers and a fixed seed (which makes benchmarks
    repeatable).

    Args:
        model: the model to solve.
        time_limit: seconds (``max_time_in_seconds``); at most this long, however hard
            the model.
        num_workers: search workers; 1 is deterministic, more use more cores.
        seed: ``random_seed`` of the search.
        optimal: for a model with an objective, demand a proven optimum, not just a
            solution.
        what: how error messages name the model.

    Returns:
        The solver after the search: read the answer with ``solver.value(x)``.

    Raises:
        helper.Unsolvable: CP-SAT proved that the model has no solution.
        helper.SolverTimeout: the time limit passed before a solution (or, with
            ``optimal``, before the proof of optimality).
    """
    if time_limit <= 0:
        raise SolverTimeout(f"no time left to solve {what}")
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = time_limit
    solver.parameters.num_workers = num_workers
    solver.parameters.random_seed = seed
    status = solver.solve(model)
    if status == cp_model.INFEASIBLE:
        raise Unsolvable(f"CP-SAT proved that {what} has no solution")
    wanted = (cp_model.OPTIMAL,) if optimal else (cp_model.OPTIMAL, cp_model.FEASIBLE)
    if status not in wanted:
        raise SolverTimeout(
            f"CP-SAT stopped on {what} after {time_limit:.1f} s "
            f"with status {solver.status_name(status)}"
        )
    return solver


def model_variables(model: cp_model.CpModel) -> list[cp_model.IntVar]:
    """Return every variable of ``model`` in creation order (Booleans included)."""
    return [
        model.get_int_var_from_proto_index(i) for i in range(len(model.proto.variables))
    ]


class _Collector(cp_model.CpSolverSolutionCallback):
    """Records the value of each watched variable at every solution CP-SAT reports."""

    def __init__(self, variables: list[cp_model.IntVar], limit: int | None) -> None:
        super().__init__()
        self._variables = variables
        self._limit = limit
        self._seen: set[tuple[int, ...]] = set()
        self.solutions: list[dict[str, int]] = []

    def on_solution_callback(self) -> None:
        values = tuple(self.value(v) for v in self._variables)
        # Two solutions that differ only in variables we do not watch count once.
        if values not in self._seen:
            self._seen.add(values)
            self.solutions.append(
                {v.name: x for v, x in zip(self._variables, values, strict=True)}
            )
            if self._limit is not None and len(self.solutions) >= self._limit:
                self.stop_search()


def get_all_solutions(
    model: cp_model.CpModel,
    variables: Iterable[cp_model.IntVar] | None = None,
    *,
    time_limit: float = 60.0,
    limit: int | None = None,
) -> list[dict[str, int]]:
    """Enumerate the solutions of ``model`` as ``{variable name: value}`` dictionaries.

    Args:
        model: the CP-SAT model; it is not changed.
        variables: the variables that make up an answer. Solutions that agree on all of
            them are reported once. ``None`` means every variable of the model (name
            them all, then).
        time_limit: seconds; if the search has not finished by then,
            :class:`helper.SolverTimeout` is raised, because a partial list would
            silently undercount.
        limit: stop after this many distinct solutions (``None``: all of them).

    CP-SAT enumerates all solutions only with a single worker and without presolve
    reductions that drop solutions, so both are set here; that is why this function
    exists.
    """
    watched = list(variables) if variables is not None else model_variables(model)
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = time_limit
    collector = _Collector(watched, limit)
    status = solver.solve(model, collector)
    if status == cp_model.UNKNOWN or (
        status == cp_model.FEASIBLE
        and (limit is None or len(collector.solutions) < limit)
    ):
        raise SolverTimeout(
            f"enumeration stopped after {time_limit} s "
            f"with {len(collector.solutions)} solutions found"
        )
    return collector.solutions
