"""Hand-written: the Slitherlink chapters' benchmark sweeps, run once at full size.

Bookkeeping around the models, not a model: ``python -m tools.benchmarks <name>``
runs a sweep at full size and commits ``data/benchmarks/<name>.csv``; the chapters
*Slitherlink by hand* and *Slitherlink with solvers* read that file and re-run the
small version (``full=False``) at build time to check that it still agrees
(:func:`helper.sweeps.disagreements`).
"""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd

from helper import bench, data_path, sweeps
from helper.slitherlink.propagation import solve_propagation
from helper.slitherlink.puzzle import Slitherlink, load
from helper.slitherlink.sat_model import solve_sat

__all__ = [
    "real_puzzles",
    "methods_sweep",
    "sparse_sweep",
    "sparse_board",
    "METHODS_LIMIT",
    "SPARSE_LIMIT",
    "SPARSE_DENSITIES",
]

#: Seconds per call in the methods sweep: full run, small (build-time) run.
METHODS_LIMIT = {True: 20.0, False: 2.0}
#: Seconds per call in the sparse-clue sweep: full run, small (build-time) run.
SPARSE_LIMIT = {True: 20.0, False: 1.0}
#: The clue densities of the sparse-clue sweep, from every clue to few.
SPARSE_DENSITIES = (1.0, 0.8, 0.6, 0.5, 0.4, 0.3)


def real_puzzles() -> dict[str, Slitherlink]:
    """The three real boards of ``data/slitherlink`` (OR-Tools' examples), by name."""
    files = {
        "real 4x4": "small_4x4",
        "real 8x8": "medium_8x8",
        "real 10x10": "big_10x10",
    }
    return {
        name: load(data_path(f"slitherlink/ortools_{stem}.txt"))
        for name, stem in files.items()
    }


@sweeps.sweep(
    "slitherlink-methods",
    chapter="slitherlink_solvers",
    title="every Slitherlink method, real boards and generated ones up to 100x100",
)
def methods_sweep(full: bool) -> pd.DataFrame:
    """Every method of ``METHODS`` on the real boards, then generated boards.

    Generated boards keep half of their clues (``generate(n, n, density=0.5,
    seed=n)``), the last one a 30x30 board with 40%. The small run stops at 30x30,
    with one round; the full run adds 60x60 and 100x100, three rounds and runs every
    method on every board. Extra column: ``cells``.
    """
    from helper.slitherlink import METHODS, check, generate

    sizes = (5, 10, 15, 20, 30) + ((60, 100) if full else ())
    instances = real_puzzles() | {
        f"gen {n}x{n}": generate(n, n, density=0.5, seed=n) for n in sizes
    }
    instances["gen 30x30 sparse"] = generate(30, 30, density=0.4, seed=1)
    results = bench.run_benchmark(
        instances,
        METHODS,
        check,
        time_limit=METHODS_LIMIT[full],
        repeats=3 if full else 1,
        skip_after_timeout=not full,
    )
    results["cells"] = results["instance"].map(
        {name: puzzle.clues.size for name, puzzle in instances.items()}
    )
    return results


def sparse_board(density: float, seed: int) -> tuple[str, Slitherlink]:
    """The sparse-clue sweep's 30x30 board of this density and seed, with its name."""
    from helper.slitherlink import generate

    name = f"30x30 d={density:.1f} s={seed}"
    return name, generate(30, 30, density=density, seed=seed)


def _with_stats(solver: Callable, stats_of: dict) -> Callable:
    """``solver`` as ``bench.run_benchmark`` calls it, keeping each call's ``stats``."""

    def run(puzzle: Slitherlink, *, time_limit: float):
        stats = stats_of[puzzle, solver.__name__] = {}
        return solver(puzzle, time_limit=time_limit, stats=stats)

    return run


@sweeps.sweep(
    "slitherlink-sparse",
    chapter="slitherlink_hand",
    title="the hand-written solver and SAT on 30x30 boards as the clues thin out",
)
def sparse_sweep(full: bool) -> pd.DataFrame:
    """``propagation`` and ``sat`` on 30x30 boards of falling clue density.

    Seeds 1 to 3 per density when full (three rounds), seed 1 when small (one round).
    Extra columns: ``density``, ``seed``, and the counts of the last call:
    ``decided_at_root`` and ``nodes`` (hand-written solver; up to the limit on a
    timeout), ``sat_rounds`` and ``loops_cut`` (SAT: its rounds and cuts).
    """
    from helper.slitherlink import check

    seeds = (1, 2, 3) if full else (1,)
    boards = dict(sparse_board(d, s) for d in SPARSE_DENSITIES for s in seeds)
    stats_of: dict = {}
    solvers = {"propagation": solve_propagation, "sat": solve_sat}
    methods = {name: _with_stats(f, stats_of) for name, f in solvers.items()}
    results = bench.run_benchmark(
        boards,
        methods,
        check,
        time_limit=SPARSE_LIMIT[full],
        repeats=3 if full else 1,
        skip_after_timeout=False,
    )
    extra = []
    for row in results.itertuples(index=False):
        density, seed = row.instance.split(" ")[1:]
        stats = stats_of.get((boards[row.instance], solvers[row.method].__name__), {})
        extra.append(
            {"density": float(density[2:]), "seed": int(seed[2:])}
            | {key: stats.get(key) for key in ("decided_at_root", "nodes")}
            | {"sat_rounds": stats.get("rounds"), "loops_cut": stats.get("cuts")}
        )
    return pd.concat([results, pd.DataFrame(extra)], axis=1)
