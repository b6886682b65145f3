"""The sweeps of the chapter *Search with a line solver inside*.

``nonogram-dfs`` races the depth-first search against the default; ``nonogram-ladder``
compares two CNFs, ``nonogram-modes`` two modes of Kissat.

Hand-written. ``python -m tools.benchmarks nonogram-dfs`` runs the first at full size
and writes ``data/benchmarks/nonogram-dfs.csv`` (the same for the other two); the
chapter reads those files and re-runs the small versions live.
"""

from __future__ import annotations

import functools

import pandas as pd

from helper import REPO_ROOT, bench, sweeps
from helper.check import check_nonogram
from helper.nonogram.dfs import solve_dfs
from helper.nonogram.formats import load
from helper.nonogram.generator import generate
from helper.nonogram.puzzle import Nonogram
from helper.nonogram.search import (
    solve_linesolve_focused,
    solve_linesolve_kissat,
    solve_linesolve_ladder,
    solve_portfolio,
)

__all__ = [
    "TIME_LIMIT",
    "INPROCESSING",
    "FOLDERS",
    "all_real_puzzles",
    "noise_pictures",
    "dfs_sweep",
    "ladder_sweep",
    "modes_sweep",
]

#: Seconds for each call of the sweep.
TIME_LIMIT = 10.0
#: Kissat's options for focused mode with inprocessing.
INPROCESSING = ("--stable=0",)
#: The folders of real puzzles, searched in this order (a name found twice is read
#: from the first folder).
FOLDERS = (
    REPO_ROOT / "data" / "nonogram",
    REPO_ROOT.parent / "shared" / "data" / "nonogram",
)


def all_real_puzzles() -> dict[str, Nonogram]:
    """Every ``.json`` puzzle of ``FOLDERS``, by name without ``mikix_``."""
    found = {}
    for folder in FOLDERS:
        for path in sorted(folder.glob("*.json")):
            found.setdefault(path.stem.removeprefix("mikix_"), path)
    return {name: load(path) for name, path in sorted(found.items())}


def noise_pictures(sizes: tuple[int, ...], seeds: range) -> dict[str, Nonogram]:
    """Puzzles of random noise pictures (half the cells black), ``noise-NxN-seed``."""
    return {
        f"noise-{n}x{n}-{seed}": generate(n, n, seed=seed)
        for n in sizes
        for seed in seeds
    }


def _counted(puzzle: Nonogram, *, time_limit: float, counts: dict) -> object:
    """:func:`~helper.nonogram.dfs.solve_dfs` that keeps its node count by puzzle."""
    stats: dict = {}
    try:
        return solve_dfs(puzzle, time_limit=time_limit, stats=stats)
    finally:
        counts[id(puzzle)] = stats.get("nodes")


def _race(instances: dict, methods: dict, full: bool) -> pd.DataFrame:
    """``methods`` on ``instances`` in interleaved rounds, every answer checked.

    Three rounds in the full run, one in the small; a method that times out still
    runs on the other instances.
    """
    return bench.run_benchmark(
        instances,
        methods,
        check_nonogram,
        time_limit=TIME_LIMIT,
        repeats=3 if full else 1,
        skip_after_timeout=False,
    )


@sweeps.sweep(
    "nonogram-dfs",
    chapter="nonogram_dfs",
    title="depth-first search with the line solver against the default portfolio",
)
def dfs_sweep(full: bool) -> pd.DataFrame:
    """The portfolio and ``dfs`` on real puzzles and random noise pictures.

    Small: the real puzzles of at most 400 cells and four 20x20 noise pictures, one
    round. Full: every real puzzle of ``FOLDERS`` and noise pictures of 20x20 to 70x70
    (seeds 500 to 504, not used while tuning), three rounds. Extra columns:
    ``cells``, ``kind`` (real or noise) and ``nodes`` (the search nodes of ``dfs`` in
    its last round).
    """
    real = all_real_puzzles()
    if not full:
        real = {k: p for k, p in real.items() if p.height * p.width <= 400}
    sizes = (20, 40, 60, 70) if full else (20,)
    noise = noise_pictures(sizes, range(500, 505 if full else 504))
    instances = real | noise
    counts: dict = {}
    methods = {
        "portfolio": solve_portfolio,
        "dfs": functools.partial(_counted, counts=counts),
    }
    results = _race(instances, methods, full)
    puzzles = results["instance"].map(instances)
    results["cells"] = puzzles.map(lambda p: p.height * p.width)
    kinds = {name: "noise" if name in noise else "real" for name in instances}
    results["kind"] = results["instance"].map(kinds)
    nodes = puzzles.map(lambda p: counts.get(id(p)))
    results["nodes"] = nodes.where(results["method"] == "dfs")
    return results


def _one_core_sweep(methods: dict, full: bool) -> pd.DataFrame:
    """``methods`` (one core each) on noise pictures, with a ``cells`` column.

    Small: 30x30 and 40x40 pictures, seeds 500 to 503, one round. Full: 40x40 to
    70x70, seeds 500 to 504, three interleaved rounds.
    """
    sizes = (40, 50, 60, 70) if full else (30, 40)
    instances = noise_pictures(sizes, range(500, 505 if full else 504))
    results = _race(instances, methods, full)
    cells = {name: p.height * p.width for name, p in instances.items()}
    return results.assign(cells=results["instance"].map(cells))


@sweeps.sweep(
    "nonogram-ladder",
    chapter="nonogram_dfs",
    title="Kissat on the order CNF and on the ladder CNF of noise pictures",
)
def ladder_sweep(full: bool) -> pd.DataFrame:
    """``linesolve-kissat`` and ``linesolve-ladder`` on noise pictures, one core each.

    Small: 30x30 and 40x40 pictures, seeds 500 to 503, one round. Full: 40x40 to
    70x70, seeds 500 to 504, three interleaved rounds. Extra column: ``cells``.
    """
    methods = {
        "linesolve-kissat": solve_linesolve_kissat,
        "linesolve-ladder": solve_linesolve_ladder,
    }
    return _one_core_sweep(methods, full)


@sweeps.sweep(
    "nonogram-modes",
    chapter="nonogram_dfs",
    title="Kissat in both modes and in focused mode only, on the ladder CNF",
)
def modes_sweep(full: bool) -> pd.DataFrame:
    """``linesolve-ladder``, ``focused-inprocessing`` (:data:`INPROCESSING`) and
    ``linesolve-focused``; pictures and rounds as in :func:`ladder_sweep`."""
    methods = {
        "linesolve-ladder": solve_linesolve_ladder,
        "focused-inprocessing": functools.partial(
            solve_linesolve_focused, options=INPROCESSING
        ),
        "linesolve-focused": solve_linesolve_focused,
    }
    return _one_core_sweep(methods, full)
