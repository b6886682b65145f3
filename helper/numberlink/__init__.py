"""Numberlink: join equal numbers with lines that never cross or branch.

The face of the package (hand-written): the puzzle and its formats, ``solve`` and
``solutions`` (through :mod:`helper.dispatch`, which checks their arguments), the
independent ``check``, ``generate``, and :data:`METHODS`, the table of contents of the
models. The default, ``"portfolio"``, runs through these modules, each read top to
bottom:

1. :mod:`~helper.numberlink.portfolio`: ``solve_portfolio`` tries stage 1, a
   full-cover solution in which no line touches itself, with
2. :mod:`~helper.numberlink.backtrack` (``search_full_cover``, briefly, on small
   boards) and :mod:`~helper.numberlink.corner` (``full_cover_sat``, the cached
   corner SAT model); with ``fill=False``, when no answer uses every cell,
   :mod:`~helper.numberlink.holes` (``solve_few_holes``) looks for one without
   touching that leaves the fewest cells empty; if that finds none, the complete stage
   ``solve_auto`` runs
3. :mod:`~helper.numberlink.sat_search` (``solve_sat``, the plain SAT model of
   :mod:`~helper.numberlink.sat_model`) and, for boards with long lines,
   :mod:`~helper.numberlink.repair` (``route_greedily``, ``solve_lns``).

The other modules: :mod:`~helper.numberlink.puzzle` (the class, parsers, puzz.link,
``trace``), :mod:`~helper.numberlink.z3_model`, :mod:`~helper.numberlink.cpsat_model`,
:mod:`~helper.numberlink.state` and :mod:`~helper.numberlink.rules` (the human
solver's rules), :mod:`~helper.numberlink.rating` (``difficulty``),
:mod:`~helper.numberlink.unique` (counting solutions),
:mod:`~helper.numberlink.generate` and :mod:`~helper.numberlink.measure` (the
measurements of the Numberlink chapters from *Numberlink at scale* on).
"""

from __future__ import annotations

from helper import dispatch
from helper.check import check_numberlink as check
from helper.grid import Cell as Cell
from helper.grid import Link as Link
from helper.grid import links_along
from helper.numberlink.backtrack import search_full_cover as search_full_cover
from helper.numberlink.corner import full_cover_sat as full_cover_sat
from helper.numberlink.cpsat_model import cpsat_circuit_model as cpsat_circuit_model
from helper.numberlink.cpsat_model import cpsat_original_model as cpsat_original_model
from helper.numberlink.cpsat_model import solve_cpsat_circuit, solve_cpsat_original
from helper.numberlink.generate import generate
from helper.numberlink.generate import (
    generate_designed_with_solution as generate_designed_with_solution,
)
from helper.numberlink.generate import (
    generate_unique_with_solution as generate_unique_with_solution,
)
from helper.numberlink.generate import generate_with_holes as generate_with_holes
from helper.numberlink.generate import generate_with_solution as generate_with_solution
from helper.numberlink.holes import solve_few_holes as solve_few_holes
from helper.numberlink.portfolio import (
    solve_auto,
    solve_backtrack,
    solve_portfolio,
    solve_sat_corner,
)
from helper.numberlink.puzzle import (
    Numberlink,
    Paths,
    from_puzzlink,
    load,
    parse,
    to_puzzlink,
)
from helper.numberlink.puzzle import trace as trace
from helper.numberlink.rating import difficulty as difficulty
from helper.numberlink.repair import route_greedily as route_greedily
from helper.numberlink.repair import solve_lns
from helper.numberlink.rules import propagate as propagate
from helper.numberlink.rules import refute as refute
from helper.numberlink.sat_model import SatModel as SatModel
from helper.numberlink.sat_model import sat_model as sat_model
from helper.numberlink.sat_search import solutions_sat as solutions_sat
from helper.numberlink.sat_search import solve_sat
from helper.numberlink.state import Contradiction as Contradiction
from helper.numberlink.state import Reasoning as Reasoning
from helper.numberlink.state import State as State
from helper.numberlink.unique import find_solutions
from helper.numberlink.z3_model import solutions_z3 as solutions_z3
from helper.numberlink.z3_model import solve_z3, solve_z3_original

#: The contract every puzzle package shares. The names imported ``as`` themselves
#: above stay importable from here too, because the chapters, the tests and other
#: modules use them; each is documented in its own module.
__all__ = [
    "Numberlink",
    "load",
    "parse",
    "from_puzzlink",
    "to_puzzlink",
    "solve",
    "solutions",
    "check",
    "generate",
    "METHODS",
    "DEFAULT_METHOD",
]

#: The links between consecutive cells (the book's first name for
#: :func:`helper.grid.links_along`).
path_links = links_along


def solve(
    puzzle: Numberlink,
    *,
    method: str | None = None,
    time_limit: float = 10.0,
    **options,
) -> Paths:
    """Solve a puzzle with the book's recommended model, or the one named by ``method``.

    Args:
        puzzle: the puzzle, a :class:`Numberlink` (its ``fill`` says which rules hold).
        method: a key of :data:`METHODS`; ``None`` means :data:`DEFAULT_METHOD`.
        time_limit: seconds, a finite number above 0; building the model counts.
        options: passed to the model (see its docstring), e.g. ``assume_unique=False``.

    Returns:
        ``{k: [(r, c), ...]}``: for each pair, its cells from one end to the other.

    Raises:
        TypeError: ``puzzle`` is not a :class:`Numberlink`.
        ValueError: an unknown method (the message lists them) or a bad time limit.
        helper.Unsolvable: the board has no solution.
        helper.SolverTimeout: ``time_limit`` was reached first.
    """
    return dispatch.solve(
        puzzle,
        kind=Numberlink,
        methods=METHODS,
        default=DEFAULT_METHOD,
        method=method,
        time_limit=time_limit,
        **options,
    )


def solutions(
    puzzle: Numberlink, *, limit: int = 2, time_limit: float = 10.0
) -> list[Paths]:
    """Up to ``limit`` different solutions; ``limit=2`` decides uniqueness.

    No assumption that could hide a solution is used after the first one (see
    :func:`helper.numberlink.unique.find_solutions`).

    Raises:
        TypeError: ``puzzle`` is not a :class:`Numberlink`.
        ValueError: ``limit`` is not a whole number >= 1, or a bad time limit.
        helper.SolverTimeout: the count was not settled in time; ``best`` holds the
            solutions found so far.
    """
    return dispatch.solutions(
        puzzle,
        kind=Numberlink,
        enumerate_=find_solutions,
        limit=limit,
        time_limit=time_limit,
    )


#: Every model of the book, in the order the chapters teach them: name -> function.
METHODS = {
    "z3-original": solve_z3_original,  # z3_model: the first model, with its trap
    "z3": solve_z3,  # z3_model: the same plus lazy cycle cuts
    "cpsat-original": solve_cpsat_original,  # cpsat_model: the port, trap and all
    "cpsat-circuit": solve_cpsat_circuit,  # cpsat_model: one add_circuit, no loops
    "sat": solve_sat,  # sat_search: the SAT model of sat_model, lazy cuts
    "lns": solve_lns,  # repair: route greedily, then repair window by window
    "auto": solve_auto,  # portfolio: SAT first, then routing and repair
    "sat-corner": solve_sat_corner,  # portfolio: the corner SAT model, then auto
    "backtrack": solve_backtrack,  # portfolio: the Go-style search, then auto
    "portfolio": solve_portfolio,  # portfolio: both stage-1 searches, then auto
}
#: The model :func:`solve` uses when no ``method`` is named: the fastest correct one in
#: the measurements of the Numberlink chapters from *Numberlink at scale* on.
DEFAULT_METHOD = "portfolio"
