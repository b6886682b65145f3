"""Hand-written: the Nonogram chapters' benchmark sweeps, run once at full size.

Bookkeeping around the models, not a model: ``python -m tools.benchmarks <name>``
runs a sweep at full size and commits ``data/benchmarks/<name>.csv``; the chapter
*Nonograms: search and unique puzzles* reads that file and re-runs the small version
(``full=False``) at build time to check that it still agrees
(:func:`helper.sweeps.disagreements`).
"""

from __future__ import annotations

import pandas as pd

from helper import bench, sweeps
from helper.check import check_nonogram
from helper.nonogram.automaton import solve_linesolve_sat
from helper.nonogram.generator import generate
from helper.nonogram.search import (
    solve_linesolve_cadical,
    solve_linesolve_implied,
    solve_linesolve_kissat,
    solve_linesolve_order,
    solve_portfolio,
)

__all__ = ["SEARCH_LIMIT", "SEARCH_METHODS", "search_instances", "search_sweep"]

#: Seconds per call in the search sweep (the full run and the build's small run).
SEARCH_LIMIT = 10.0

#: The six searches, by their names in ``helper.nonogram.METHODS``.
SEARCH_METHODS = {
    "linesolve-sat": solve_linesolve_sat,
    "linesolve-cadical": solve_linesolve_cadical,
    "linesolve-kissat": solve_linesolve_kissat,
    "linesolve-order": solve_linesolve_order,
    "linesolve-implied": solve_linesolve_implied,
    "portfolio": solve_portfolio,
}


def search_instances(full: bool) -> dict:
    """Noise pictures at density 0.5, named ``"noise NxN seed S"``, smallest first.

    (No ``#`` in the names: it starts a comment in the committed CSV file.)

    The small set: seeds 0 to 2 at 30x30 and 40x40, where every search finishes far
    from the limit, so that a busy build machine gives the same answers. The full set
    adds 50x50 and 60x60, where the searches part ways.
    """
    sizes = (30, 40, 50, 60) if full else (30, 40)
    return {
        f"noise {n}x{n} seed {s}": generate(n, n, seed=s)
        for n in sizes
        for s in range(3)
    }


@sweeps.sweep(
    "nonogram-search",
    chapter="nonogram_search",
    title="the six Nonogram searches on noise pictures from 30x30 to 60x60",
)
def search_sweep(full: bool) -> pd.DataFrame:
    """Every search on :func:`search_instances`, every answer checked.

    The full run: all six methods of :data:`SEARCH_METHODS`, three interleaved rounds.
    The small run: the three searches of the order CNF that use one core
    (``linesolve-order``, ``linesolve-kissat``, ``linesolve-implied``), one round; the
    portfolio needs a second free core, which a busy build machine may not have.
    Every method runs on every instance (no skipping after a timeout).
    Extra column: ``cells``.
    """
    instances = search_instances(full)
    names = list(SEARCH_METHODS)
    if not full:
        names = ["linesolve-order", "linesolve-kissat", "linesolve-implied"]
    results = bench.run_benchmark(
        instances,
        {name: SEARCH_METHODS[name] for name in names},
        check_nonogram,
        time_limit=SEARCH_LIMIT,
        repeats=3 if full else 1,
        skip_after_timeout=False,
    )
    cells = {name: p.height * p.width for name, p in instances.items()}
    return results.assign(cells=results["instance"].map(cells))
