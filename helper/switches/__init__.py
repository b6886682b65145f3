"""Switches (Lights Out on any graph): load a puzzle, solve it, check an answer.

A puzzle is a graph whose nodes are lights with switches; pressing a switch flips its
own light and the lights of its neighbours. This file is the package's face, written by
hand; the chapters *Switches: three solvers for one puzzle* and *Elimination over
GF(2)* teach the models, and the modules are:

* :mod:`~helper.switches.puzzle`: the :class:`~helper.switches.puzzle.Switches` class,
  :func:`~helper.switches.puzzle.parse`, :func:`~helper.switches.puzzle.load`, Lights
  Out grids and files (hand-written);
* :mod:`~helper.switches.z3_model`: the first model, one XOR per light, in Z3;
* :mod:`~helper.switches.gf2`: Gaussian elimination over GF(2), the default, with the
  nullity, the quiet patterns, every answer and the fewest presses;
* :mod:`~helper.switches.fewest`: the fewest presses among the answers
  (a Gray-code walk, or CP-SAT over the kernel);
* :mod:`~helper.switches.cpsat_model`: the XOR model in CP-SAT;
* :mod:`~helper.switches.generator`: scrambled boards (hand-written);
* :mod:`~helper.switches.clock` (time limits), :mod:`~helper.switches.plot`
  (pictures) and :mod:`~helper.switches.benchmarks` (the committed sweeps),
  hand-written.

:func:`solve` and :func:`solutions` check their arguments through
:mod:`helper.dispatch`, like every puzzle package of the book; :func:`check` is the
independent checker, :func:`helper.check.check_switches`.
"""

from __future__ import annotations

from helper import dispatch
from helper.check import check_switches
from helper.switches.cpsat_model import solve_cpsat
from helper.switches.generator import generate
from helper.switches.gf2 import (
    fewest_presses,
    nullity,
    quiet_patterns,
    solutions_gf2,
    solve_gf2,
)
from helper.switches.puzzle import (
    Switches,
    closed_neighbourhoods,
    lights_out_board,
    lights_out_presses,
    lights_out_puzzle,
    load,
    load_lights_out,
    parse,
    parse_lights_out,
    to_text,
)
from helper.switches.z3_model import solve_z3

__all__ = [
    "Switches",
    "parse",
    "load",
    "to_text",
    "solve",
    "check",
    "solutions",
    "generate",
    "METHODS",
    "DEFAULT_METHOD",
    "nullity",
    "quiet_patterns",
    "fewest_presses",
    "closed_neighbourhoods",
    "lights_out_puzzle",
    "lights_out_board",
    "lights_out_presses",
    "parse_lights_out",
    "load_lights_out",
    "solve_gf2",
    "solve_z3",
    "solve_cpsat",
    "solutions_gf2",
]

#: The independent checker, :func:`helper.check.check_switches`, under the name that
#: every puzzle package uses.
check = check_switches


def solve(
    puzzle: Switches,
    *,
    method: str | None = None,
    time_limit: float = 10.0,
    minimal: bool = False,
) -> list[str]:
    """Return the sorted names of the switches to press so that exactly ``flip`` flips.

    Args:
        puzzle: the switch puzzle.
        method: a key of :data:`METHODS`; ``None`` means :data:`DEFAULT_METHOD`.
        time_limit: seconds, building the model included.
        minimal: return an answer with the fewest presses.

    Raises:
        TypeError: ``puzzle`` is not a :class:`~helper.switches.puzzle.Switches`.
        ValueError: an unknown method or a time limit that is not a finite number of
            seconds above 0 (refused before any work).
        helper.Unsolvable: no set of presses flips exactly ``puzzle.flip``.
        helper.SolverTimeout: the method did not finish within ``time_limit``.
    """
    return dispatch.solve(
        puzzle,
        kind=Switches,
        methods=METHODS,
        default=DEFAULT_METHOD,
        method=method,
        time_limit=time_limit,
        minimal=minimal,
    )


def solutions(
    puzzle: Switches, *, limit: int = 2, time_limit: float = 10.0
) -> list[list[str]]:
    """Up to ``limit`` distinct answers, by linear algebra.

    The answers come from :func:`~helper.switches.gf2.solutions_gf2`.

    A puzzle has no answer or ``2**nullity`` of them; the list is exact.

    Returns:
        Sorted name lists, the first the one :func:`solve` returns; empty when the
        puzzle has no answer.

    Raises:
        TypeError: ``puzzle`` is not a :class:`~helper.switches.puzzle.Switches`.
        ValueError: ``limit`` is not a whole number >= 1, or a bad ``time_limit``.
        helper.SolverTimeout: the elimination did not finish within ``time_limit``.
    """
    return dispatch.solutions(
        puzzle,
        kind=Switches,
        enumerate_=solutions_gf2,
        limit=limit,
        time_limit=time_limit,
    )


#: Every method the chapter teaches: ``f(puzzle, *, time_limit=10.0, minimal=False)``.
METHODS = {
    "gf2": solve_gf2,  # gf2.py: Gaussian elimination over GF(2), bit-packed
    "z3": solve_z3,  # z3_model.py: the first model, a Bool and an XOR per light
    "cpsat": solve_cpsat,  # cpsat_model.py: CP-SAT, one add_bool_xor per light
}
#: The method :func:`solve` uses when none is named: elimination, which never searches.
DEFAULT_METHOD = "gf2"
