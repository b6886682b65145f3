"""Hand-written: the Slitherlink chapters' benchmark sweeps (bookkeeping, not a model).

``python -m tools.benchmarks <name>`` writes ``data/benchmarks/<name>.csv``; the
chapters read it and re-run the small version (:func:`helper.sweeps.disagreements`).
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

#: Seconds per call in the methods sweep, full and small.
METHODS_LIMIT = {True: 20.0, False: 2.0}
#: Seconds per call in the sparse-clue sweep, full and small.
SPARSE_LIMIT = {True: 20.0, False: 2.0}
#: The clue densities of the sparse-clue sweep.
SPARSE_DENSITIES = (1.0, 0.8, 0.6, 0.5, 0.4, 0.3)


def real_puzzles() -> dict[str, Slitherlink]:
    """The three real boards of ``data/slitherlink``, by name."""
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
    """Every method on the real boards, then generated ones with half their clues.

    Small: up to 30x30, one round. Full: up to 100x100, three rounds, no skipping.
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
    """A 30x30 board of the sparse-clue sweep, and its name."""
    from helper.slitherlink import generate

    name = f"30x30 d={density:.1f} s={seed}"
    return name, generate(30, 30, density=density, seed=seed)


def _with_stats(solver: Callable, stats_of: dict) -> Callable:
    """``solver`` keeping each call's ``stats``."""

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

    Seeds 1-3 (full, three rounds) or 1 (small); extra columns: the counts of a call.
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
