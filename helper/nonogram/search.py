"""The searches after probing: one pipeline, four SAT solvers, child processes.

Hand-written: *Nonograms: search and unique puzzles* (section *Six ways to search the
rest*) says what each search does and shows the shared pipeline, :func:`search_rest`,
with ``show_source``; the plumbing that keeps ``time_limit`` honest with solvers that
cannot be interrupted lives here.

Every method starts the same way (:func:`presolve`: line solving, then probing for at
most :data:`PROBE_SHARE` of the time left) and differs in the CNF of the rest and in
the solver:

* ``linesolve-cadical``: the automaton CNF, CaDiCaL 1.9.5 in conflict-budget rounds;
* ``linesolve-order``: the order CNF, Glucose 4 interrupted by a timer;
* ``linesolve-kissat``: the order CNF, Kissat 4 in a forked child process that is
  killed and reaped at the limit (Kissat can be neither interrupted nor called twice);
* ``linesolve-implied``: the order CNF plus the implied clauses, Kissat in a child;
* ``linesolve-ladder``: the ladder CNF (the order CNF without witness variables),
  Kissat in a child;
* ``linesolve-focused``: the ladder CNF, Kissat's program (:mod:`helper.kissat`) in
  focused mode without inprocessing (:data:`FOCUSED`);
* ``portfolio`` (the default of :func:`helper.nonogram.solve`): the two Kissats of
  ``linesolve-focused`` and of ``linesolve-ladder`` (on the mirrored CNF) race.

A CNF is loaded only if loading fits in the time left, and :data:`RESERVE` of the limit
is kept back for freeing the solver. Every child process is killed and reaped, whatever
happens: a search leaves no process or thread behind.
"""

from __future__ import annotations

import functools
import multiprocessing
import os
import signal
import time
from collections.abc import Callable

import numpy as np
from pysat.formula import IDPool
from pysat.solvers import Solver

from helper import Deadline, SolverTimeout, Unsolvable
from helper.dispatch import check_time_limit
from helper.kissat import PACKAGE as KISSAT_PACKAGE
from helper.kissat import KissatProcess, kissat_program
from helper.nonogram.automaton import regular_cnf
from helper.nonogram.board import Board, Contradiction, probe_all
from helper.nonogram.cnf import (
    FREE_SECONDS_PER_LITERAL,
    LOAD_SECONDS_PER_LITERAL,
    cell_ids,
    load_solver,
    picture,
)
from helper.nonogram.implied import IMPLY_SHARE, implied_clauses
from helper.nonogram.ladder import ladder_cnf
from helper.nonogram.order import order_cnf
from helper.nonogram.puzzle import Nonogram
from helper.sat import solve_limited

__all__ = [
    "PROBE_SHARE",
    "RESERVE",
    "ROUND_SECONDS",
    "FOCUSED",
    "presolve",
    "search_seconds",
    "search_rest",
    "solve_linesolve_cadical",
    "solve_linesolve_order",
    "solve_linesolve_kissat",
    "solve_linesolve_implied",
    "solve_linesolve_ladder",
    "solve_linesolve_focused",
    "solve_portfolio",
]

#: Share of the time left that probing may use before the SAT search takes over.
PROBE_SHARE = 0.5
#: Share of ``time_limit`` kept back for the steps that cannot be interrupted at the
#: end of a search (the last round, freeing the solver, the answer).
RESERVE = 0.05
#: The longest one conflict-budget round of CaDiCaL should take.
ROUND_SECONDS = 0.25
#: The options of Kissat's program for the focused racer. Focused mode only, and no
#: inprocessing, which costs more than it saves on the ladder CNF of noise pictures.
FOCUSED = ("--stable=0", "--simplify=false")


def presolve(
    puzzle: Nonogram, deadline: Deadline, stats: dict | None = None
) -> np.ndarray:
    """Line solving, then probing for at most :data:`PROBE_SHARE` of the time left.

    Returns the board (1 black, 0 white, -1 undecided). With ``stats``, records the
    shares of cells decided by propagation (``"propagation"``), added by probing
    (``"probing"``) and left to search (``"left"``), and the seconds of each stage.

    Raises:
        helper.Unsolvable: a contradiction that no choice avoids.
    """
    start = time.perf_counter()
    board = Board(puzzle, deadline=deadline)
    try:
        board.propagate()
        propagated = float((board.known() >= 0).mean())
        middle = time.perf_counter()
        if propagated < 1:
            probe_all(board, Deadline(PROBE_SHARE * deadline.remaining()))
    except Contradiction:
        raise Unsolvable("propagation and probing reached a contradiction") from None
    grid = board.known()
    if stats is not None:
        decided = float((grid >= 0).mean())
        stats.update(propagation=propagated, probing=decided - propagated)
        stats.update(left=1 - decided, propagation_s=middle - start)
        stats["probing_s"] = time.perf_counter() - middle
    return grid


def search_seconds(clauses: list[list[int]], deadline: Deadline) -> float:
    """Seconds the search may take: the time left minus freeing the solver."""
    literals = sum(map(len, clauses))
    return deadline.remaining() - FREE_SECONDS_PER_LITERAL * literals


def _solve_in_rounds(
    solver: Solver, time_limit: float, stats: dict | None = None
) -> bool:
    """``solver.solve()`` in conflict-budget rounds, within ``time_limit`` seconds.

    CaDiCaL cannot be interrupted, but it stops after a budget of conflicts and keeps
    what it learned for the next call. Each round gets the conflicts that the last
    round's rate says fit in ``min(ROUND_SECONDS, left / 10)``, at most four times the
    last budget, so a round that overruns overruns by little.

    Raises:
        helper.SolverTimeout: the time limit passed first.
    """
    end = time.perf_counter() + time_limit
    budget, conflicts = 50, 0
    while True:
        if time.perf_counter() >= end:
            message = f"the SAT solver stopped at the time limit ({time_limit:.3g} s)"
            raise SolverTimeout(message)
        solver.conf_budget(budget)
        start = time.perf_counter()
        status = solver.solve_limited()
        spent = time.perf_counter() - start
        total = solver.accum_stats()["conflicts"]
        done, conflicts = total - conflicts, total
        if stats is not None:
            stats["conflicts"] = conflicts
        if status is not None:
            return status
        rate = done / spent if spent > 0 else 1e6  # conflicts per second
        room = min(ROUND_SECONDS, (end - time.perf_counter()) / 10)
        budget = int(max(10, min(rate * room, 4 * budget)))


class _Racer:
    """A search that :meth:`close` stops; a ``with`` block closes it, whatever
    happens, so no child process outlives its search."""

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> _Racer:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class _ChildSearch(_Racer):
    """A search in a child process, which :meth:`close` always kills and reaps.

    ``target(connection, *args)`` runs in a forked child and sends one message
    through ``connection``. :meth:`answer` reads it without waiting (``None`` while
    the child works); a child that died without a word answers ``("died", None)``.
    """

    def __init__(self, target: Callable, *args) -> None:
        context = multiprocessing.get_context("fork")
        self.connection, child_end = context.Pipe(duplex=False)
        self.process = context.Process(target=target, args=(child_end, *args))
        self.process.start()
        child_end.close()

    def answer(self, wait: float = 0.0) -> tuple | None:
        if self.connection.poll(max(wait, 0.0)):
            try:
                return self.connection.recv()
            except EOFError:
                return ("died", None)
        return None if self.process.is_alive() else ("died", None)

    def close(self) -> None:
        if self.process.is_alive():
            os.kill(self.process.pid, signal.SIGKILL)
        self.process.join()
        self.connection.close()


def search_rest(
    puzzle: Nonogram,
    time_limit: float,
    encode: Callable,
    search: Callable,
    stats: dict | None = None,
) -> np.ndarray:
    """Line solving and probing, then ``search(clauses, cells, deadline, stats)``.

    ``encode(puzzle, pool, known, deadline)`` turns what probing left open into
    clauses. A timeout in any step after probing passes on the probed board as
    ``best``.

    Raises:
        TypeError: ``stats`` is neither ``None`` nor a dict.
    """
    deadline = Deadline(check_time_limit(time_limit) * (1 - RESERVE))
    if stats is not None and not isinstance(stats, dict):
        raise TypeError(f"stats is a dict that receives the counts, not {stats!r:.40}")
    grid = presolve(puzzle, deadline, stats)
    if (grid >= 0).all():
        return grid
    try:
        pool = IDPool()
        cells = cell_ids(puzzle, pool, deadline)
        clauses = encode(puzzle, pool, known=grid, deadline=deadline)
        if stats is not None:
            stats.update(variables=pool.top, clauses=len(clauses))
        return search(clauses, cells, deadline, stats)
    except SolverTimeout as error:
        raise SolverTimeout(str(error), best=grid) from None


def _glucose(clauses, cells, deadline, stats=None) -> np.ndarray:
    """Glucose 4 on ``clauses``, interrupted at the deadline."""
    with load_solver("g4", clauses, deadline) as solver:
        try:
            found = solve_limited(solver, search_seconds(clauses, deadline))
        finally:  # the conflicts count also when the search timed out
            if stats is not None:
                stats["conflicts"] = solver.accum_stats()["conflicts"]
        if not found:
            raise Unsolvable("no picture fits the clues (the CNF is unsatisfiable)")
        return picture(solver.get_model(), cells)


def _cadical(clauses, cells, deadline, stats=None) -> np.ndarray:
    """CaDiCaL 1.9.5 on ``clauses``, in conflict-budget rounds until the deadline."""
    with load_solver("cadical195", clauses, deadline) as solver:
        seconds = search_seconds(clauses, deadline)
        if not _solve_in_rounds(solver, seconds, stats):
            raise Unsolvable("no picture fits the clues (the CNF is unsatisfiable)")
        return picture(solver.get_model(), cells)


def solve_linesolve_cadical(
    puzzle: Nonogram, *, time_limit: float = 10.0, stats: dict | None = None
) -> np.ndarray:
    """Line solving, probing, then CaDiCaL on the automaton CNF of the rest.

    The method ``"linesolve-cadical"``: ``linesolve-sat`` with CaDiCaL 1.9.5 in
    conflict-budget rounds instead of Glucose 4. ``stats`` (a dict) receives the
    shares decided by each stage, the CNF's size and the conflicts.

    Raises:
        helper.Unsolvable: no picture fits the clues.
        helper.SolverTimeout: time ran out (``best`` is the probed board).
    """
    return search_rest(puzzle, time_limit, regular_cnf, _cadical, stats)


def solve_linesolve_order(
    puzzle: Nonogram, *, time_limit: float = 10.0, stats: dict | None = None
) -> np.ndarray:
    """Line solving, probing, then Glucose 4 on the order CNF of the rest.

    The method ``"linesolve-order"``, one process; ``stats`` as in
    :func:`solve_linesolve_cadical`.

    Raises:
        helper.Unsolvable: no picture fits the clues.
        helper.SolverTimeout: time ran out (``best`` is the probed board).
    """
    return search_rest(puzzle, time_limit, order_cnf, _glucose, stats)


def _kissat_child(
    connection, clauses: list[list[int]], cells: np.ndarray, mirror: bool = False
) -> None:
    """In the child process: Kissat on ``clauses``; send the picture or "unsat".

    With ``mirror``, Kissat gets every literal negated (see :func:`_kissat_race`) and
    the picture is negated back.
    """
    try:
        if mirror:
            clauses = [[-literal for literal in clause] for clause in clauses]
        with Solver(name="kissat404", bootstrap_with=clauses) as solver:
            found = solver.solve()
            answer = picture(solver.get_model(), cells) if found else None
            if found and mirror:
                answer = 1 - answer
            message = ("sat", answer) if found else ("unsat", None)
    except Exception as error:  # report it; the parent goes on alone
        message = ("error", repr(error))
    connection.send(message)
    connection.close()


def _kissat_answer(
    message: tuple | None, stats: dict | None, winner: str = "kissat"
) -> np.ndarray | None:
    """The picture in the child's ``message``; ``None`` if it has none (yet).

    Raises:
        helper.Unsolvable: the child proved that no picture fits.
    """
    if message is None or message[0] not in ("sat", "unsat"):
        return None
    if stats is not None:
        stats["winner"] = winner
    if message[0] == "unsat":
        raise Unsolvable("no picture fits the clues (Kissat: the CNF is unsatisfiable)")
    return message[1]


def _first_answer(
    racing: dict, deadline: Deadline, stats=None, failed: dict | None = None
) -> np.ndarray | None:
    """The first picture that one of the searches ``racing`` (name -> child) sends.

    A child that fails drops out, its reason kept in ``failed`` (name -> reason);
    ``None`` when all of them failed.

    Raises:
        helper.Unsolvable: a child proved that no picture fits.
        helper.SolverTimeout: the deadline passed first (the caller kills the children).
    """
    racing = dict(racing)
    while racing and (left := deadline.remaining()) > 0:
        for name, child in list(racing.items()):
            message = child.answer(wait=min(0.02, left))
            answer = _kissat_answer(message, stats, winner=name)
            if answer is not None:
                return answer
            if message is not None:  # this child failed
                del racing[name]
                if failed is not None:
                    failed[name] = message[1]
    if racing:
        raise SolverTimeout("time limit reached (the Kissat processes were killed)")
    return None


def _kissat(clauses, cells, deadline, stats=None) -> np.ndarray:
    """Kissat 4 in a child process, killed at the deadline; this process waits.

    Kissat can be neither interrupted nor called twice, so it runs in a child that
    is killed when time is up. If the child fails, Glucose takes over here.
    """
    with _ChildSearch(_kissat_child, clauses, cells) as child:
        answer = _first_answer({"kissat": child}, deadline, stats)
    return answer if answer is not None else _glucose(clauses, cells, deadline, stats)


class _ProgramSearch(_Racer):
    """Kissat's program (:class:`helper.kissat.KissatProcess`) with ``options``,
    answering as a :class:`_ChildSearch` does, with the picture of ``cells``.

    Writing the CNF to a file cannot be interrupted, so it starts only if it fits in
    the time left, at the bound :data:`helper.nonogram.cnf.LOAD_SECONDS_PER_LITERAL`
    of loading a solver (writing takes a fraction of that).

    Raises:
        helper.SolverTimeout: too little time left to write the CNF.
    """

    def __init__(self, clauses, cells, deadline: Deadline, options=FOCUSED) -> None:
        literals = sum(map(len, clauses))
        if deadline.remaining() < LOAD_SECONDS_PER_LITERAL * literals:
            raise SolverTimeout(
                f"too little time left to write {len(clauses):,} clauses for Kissat"
            )
        self.cells = cells
        self.kissat = KissatProcess(clauses, options, time_limit=deadline.remaining())

    def answer(self, wait: float = 0.0) -> tuple | None:
        message = self.kissat.answer(wait)
        if message is not None and message[0] == "sat":
            return ("sat", picture(message[1], self.cells))
        return message

    def close(self) -> None:
        self.kissat.close()


def _kissat_focused(
    clauses, cells, deadline, stats=None, options=FOCUSED
) -> np.ndarray:
    """Kissat's program with ``options`` in a child process, killed at the deadline.

    Raises:
        RuntimeError: the program is missing or failed (its reason named).
    """
    if kissat_program() is None:
        raise RuntimeError(f"no kissat program: pip install {KISSAT_PACKAGE}")
    failed: dict = {}
    with _ProgramSearch(clauses, cells, deadline, options) as child:
        answer = _first_answer({"kissat-focused": child}, deadline, stats, failed)
    if answer is None:
        raise RuntimeError(f"Kissat's program failed: {failed['kissat-focused']}")
    return answer


def _first_racer(clauses, cells, deadline) -> tuple:
    """Kissat's program in focused mode and its name; PySAT's Kissat without it."""
    if kissat_program() is not None:
        try:
            return _ProgramSearch(clauses, cells, deadline), "kissat-focused"
        except OSError:  # the program would not start: PySAT's Kissat races instead
            pass
    return _ChildSearch(_kissat_child, clauses, cells), "kissat"


def _kissat_race(clauses, cells, deadline, stats=None) -> np.ndarray:
    """Two Kissats in child processes; the first answer wins, both are killed.

    Kissat's program in focused mode (:data:`FOCUSED`) on the CNF, and PySAT's Kissat
    (both modes) on the mirrored CNF: every literal negated, so it starts from all
    cells white; its picture is negated back. Without the program, PySAT's Kissat on
    the CNF is the first racer. A child that fails drops out; if both fail, Glucose
    takes over here.
    """
    with _ChildSearch(_kissat_child, clauses, cells, True) as mirrored:
        first, first_name = _first_racer(clauses, cells, deadline)
        with first:
            racing = {first_name: first, "kissat-mirrored": mirrored}
            answer = _first_answer(racing, deadline, stats)
    return answer if answer is not None else _glucose(clauses, cells, deadline, stats)


def solve_linesolve_kissat(
    puzzle: Nonogram, *, time_limit: float = 10.0, stats: dict | None = None
) -> np.ndarray:
    """Line solving, probing, then Kissat 4 on the order CNF of the rest.

    The method ``"linesolve-kissat"``: Kissat runs in a child process (this one only
    waits), which is killed at the time limit; ``stats`` as in
    :func:`solve_linesolve_cadical`.

    Raises:
        helper.Unsolvable: no picture fits the clues.
        helper.SolverTimeout: time ran out (``best`` is the probed board).
    """
    return search_rest(puzzle, time_limit, order_cnf, _kissat, stats)


def _implied_cnf(puzzle, pool, known, deadline, stats=None) -> list[list[int]]:
    """The order CNF of the rest plus the implied clauses (an ``encode`` step)."""
    start = time.perf_counter()
    cells = cell_ids(puzzle, pool, deadline)
    budget = Deadline(IMPLY_SHARE * deadline.remaining())
    known, implied = implied_clauses(puzzle, known, cells, budget)
    if stats is not None:
        stats.update(implied=len(implied), implied_s=time.perf_counter() - start)
    return order_cnf(puzzle, pool, known=known, deadline=deadline) + implied


def solve_linesolve_implied(
    puzzle: Nonogram, *, time_limit: float = 10.0, stats: dict | None = None
) -> np.ndarray:
    """Line solving, probing, then Kissat 4 on the order CNF plus the implied clauses.

    The method ``"linesolve-implied"``: :func:`solve_linesolve_kissat` with the clauses
    of :func:`helper.nonogram.implied.implied_clauses` (at most
    :data:`helper.nonogram.implied.IMPLY_SHARE` of the time left) added. ``stats`` as
    there, plus ``"implied"`` (clauses) and ``"implied_s"`` (seconds).

    Raises:
        helper.Unsolvable: no picture fits the clues.
        helper.SolverTimeout: time ran out (``best`` is the probed board).
    """
    encode = functools.partial(_implied_cnf, stats=stats)
    return search_rest(puzzle, time_limit, encode, _kissat, stats)


def solve_linesolve_ladder(
    puzzle: Nonogram, *, time_limit: float = 10.0, stats: dict | None = None
) -> np.ndarray:
    """Line solving, probing, then Kissat 4 on the ladder CNF of the rest.

    The method ``"linesolve-ladder"``: :func:`solve_linesolve_kissat` with
    :func:`helper.nonogram.ladder.ladder_cnf`, the order CNF without witness
    variables, in place of the order CNF; ``stats`` as in
    :func:`solve_linesolve_cadical`.

    Raises:
        helper.Unsolvable: no picture fits the clues.
        helper.SolverTimeout: time ran out (``best`` is the probed board).
    """
    return search_rest(puzzle, time_limit, ladder_cnf, _kissat, stats)


def solve_linesolve_focused(
    puzzle: Nonogram,
    *,
    time_limit: float = 10.0,
    options: tuple[str, ...] = FOCUSED,
    stats: dict | None = None,
) -> np.ndarray:
    """Line solving, probing, then Kissat's program in focused mode on the ladder CNF.

    The method ``"linesolve-focused"``: :func:`solve_linesolve_ladder` with Kissat's
    program and its ``options``; ``stats`` as in :func:`solve_linesolve_cadical`.

    Raises:
        TypeError: ``options`` is not a tuple of strings.
        RuntimeError: Kissat's program is not installed or failed.
        helper.Unsolvable: no picture fits the clues.
        helper.SolverTimeout: time ran out (``best`` is the probed board).
    """
    if not isinstance(options, tuple) or not all(isinstance(o, str) for o in options):
        raise TypeError(f"options is a tuple of strings, not {options!r:.40}")
    search = functools.partial(_kissat_focused, options=options)
    return search_rest(puzzle, time_limit, ladder_cnf, search, stats)


def solve_portfolio(
    puzzle: Nonogram,
    *,
    time_limit: float = 10.0,
    processes: int = 2,
    stats: dict | None = None,
) -> np.ndarray:
    """Line solving, probing, then two Kissats race on the ladder CNF of the rest.

    The method ``"portfolio"``: Kissat's program with :data:`FOCUSED` and PySAT's
    Kissat on the mirrored CNF race in child processes (:func:`_kissat_race`).
    ``processes=1`` (or a system without ``fork``) runs Glucose on the order CNF in
    this process, as :func:`solve_linesolve_order`. ``stats`` as in
    :func:`solve_linesolve_cadical`, plus ``"winner"``.

    Raises:
        ValueError: ``processes`` is not a whole number >= 1.
        helper.Unsolvable: no picture fits the clues.
        helper.SolverTimeout: time ran out (``best`` is the probed board).
    """
    if isinstance(processes, bool) or not isinstance(processes, int) or processes < 1:
        raise ValueError(f"processes is a whole number >= 1, not {processes!r:.20}")
    if processes < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return search_rest(puzzle, time_limit, order_cnf, _glucose, stats)
    return search_rest(puzzle, time_limit, ladder_cnf, _kissat_race, stats)
