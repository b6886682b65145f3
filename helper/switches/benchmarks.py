"""The committed benchmark sweeps of the Switches chapters.

Hand-written: benchmark harnesses, not a model the chapters teach. Each sweep is run at
full size by ``python -m tools.benchmarks <name>``, which writes
``data/benchmarks/<name>.csv``; the chapters read that file and re-run the small
version (``full=False``) at build time to check that it still agrees.
"""

from __future__ import annotations

import json

import pandas as pd

from helper import bench, data_path, sweeps
from helper.check import check_switches
from helper.switches.cpsat_model import solve_cpsat
from helper.switches.generator import generate
from helper.switches.gf2 import nullity, solve_gf2
from helper.switches.puzzle import Switches, load_lights_out
from helper.switches.z3_model import solve_z3

__all__ = ["METHODS", "FEWEST", "methods_sweep", "real_boards", "real_sweep"]

#: The three methods of the first chapter, each asked for any answer.
METHODS = {"gf2": solve_gf2, "z3": solve_z3, "cpsat": solve_cpsat}


def _fewest(solve):
    def run(puzzle: Switches, *, time_limit: float) -> list[str]:
        return solve(puzzle, time_limit=time_limit, minimal=True)

    return run


#: The same methods asked for the fewest presses (``minimal=True``).
FEWEST = {f"{name}, fewest": _fewest(solve) for name, solve in METHODS.items()}

#: The scrambled n x n boards of the methods sweep: the small set, and the full one.
SMALL_SIZES = (4, 8, 12)
FULL_SIZES = (*range(4, 25), 30, 40, 60, 100)
#: The time limit of each call in the small (build-time) runs, in seconds.
SMALL_LIMIT = 10.0
#: The time limit of each call in the full runs, in seconds.
FULL_LIMIT = 20.0


def _with_sizes(results: pd.DataFrame, puzzles: dict[str, Switches]) -> pd.DataFrame:
    """Add the columns ``switches`` and ``nullity`` of each instance."""
    size = {name: len(p.nodes) for name, p in puzzles.items()}
    d = {name: nullity(p, time_limit=60.0) for name, p in puzzles.items()}
    return results.assign(
        switches=results["instance"].map(size), nullity=results["instance"].map(d)
    )


@sweeps.sweep(
    "switches-methods",
    chapter="switches",
    title="elimination, Z3 and CP-SAT on scrambled n x n Lights Out boards",
)
def methods_sweep(full: bool) -> pd.DataFrame:
    """The three methods on ``generate(n, n, seed=n)``, interleaved.

    A method that times out on a board is not tried on bigger ones. Full: every size
    of ``FULL_SIZES``, 20 s a call, 3 rounds; small: ``SMALL_SIZES``, ``SMALL_LIMIT``
    a call, 1 round.
    """
    sizes = FULL_SIZES if full else SMALL_SIZES
    puzzles = {f"{n}x{n}": generate(n, n, seed=n) for n in sizes}
    results = bench.run_benchmark(
        puzzles,
        METHODS,
        check_switches,
        time_limit=FULL_LIMIT if full else SMALL_LIMIT,
        repeats=3 if full else 1,
    )
    return _with_sizes(results, puzzles)


def real_boards(full: bool) -> dict[str, tuple[Switches, int]]:
    """Håkan Kjellerstrand's Lights Out boards: name -> (puzzle, fewest presses).

    The small set is the 5x5 and 9x9 boards; the full set adds 20x20, 50x50 and
    100x100. The fewest presses come from ``lightsout_oracles.json``.
    """
    path = data_path("lightsout/lightsout_oracles.json")
    oracle = json.loads(path.read_text(encoding="utf-8"))
    boards = {}
    for item in oracle["instances"][: None if full else 2]:
        name = item["file"].rsplit("/", 1)[-1].removesuffix(".txt")
        boards[name] = (load_lights_out(data_path(item["file"])), item["min_presses"])
    return boards


@sweeps.sweep(
    "switches-real",
    chapter="switches_gf2",
    title="any answer and the fewest presses on five real Lights Out boards",
)
def real_sweep(full: bool) -> pd.DataFrame:
    """The three methods, for any answer and for the fewest presses, on
    :func:`real_boards`.

    Full: 20 s a call, 3 rounds; small: ``SMALL_LIMIT`` a call, 1 round. An answer
    is checked, and it may not press fewer switches than the board's known minimum.
    """
    boards = real_boards(full)
    puzzles = {name: puzzle for name, (puzzle, _) in boards.items()}
    least = {id(puzzle): fewest for puzzle, fewest in boards.values()}

    def check(puzzle: Switches, answer: list[str]) -> bool:
        return check_switches(puzzle, answer) and len(answer) >= least[id(puzzle)]

    methods = {**METHODS, **FEWEST}
    results = bench.run_benchmark(
        puzzles,
        methods,
        check,
        time_limit=FULL_LIMIT if full else SMALL_LIMIT,
        repeats=3 if full else 1,
    )
    return _with_sizes(results, puzzles)
