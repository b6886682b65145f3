"""The tables of the nonogram chapters: sizes, what each stage decides, the generator.

Hand-written: these functions build the tables that the nonogram chapters print and
make their claims on (the chapters assert them); a chapter says what each column
measures, not how the table is put together. Every table is a ``pandas.DataFrame``
indexed by puzzle (or size); seconds are wall-clock times of this machine, every other
column is a count or a share that does not depend on the machine.
"""

from __future__ import annotations

import time

import numpy as np
import pandas as pd
from pysat.formula import IDPool
from pysat.solvers import Solver

from helper import REPO_ROOT, Deadline, SolverTimeout
from helper.check import check_nonogram
from helper.nonogram.automaton import regular_cnf
from helper.nonogram.board import Board, probe, propagate
from helper.nonogram.cnf import cell_ids
from helper.nonogram.formats import load
from helper.nonogram.generator import generate
from helper.nonogram.implied import gained, implied_clauses
from helper.nonogram.order import order_cnf
from helper.nonogram.placement import count_placements
from helper.nonogram.puzzle import Nonogram
from helper.nonogram.search import solve_linesolve_order
from helper.nonogram.unique import difficulty, solutions_sat

__all__ = [
    "real_puzzles",
    "size",
    "placement_counts",
    "cnf_sizes",
    "propagation_table",
    "stages_table",
    "guess_reach",
    "diagnosis_table",
    "generator_sweep",
]


def real_puzzles(
    exclude: set[str] | frozenset[str] = frozenset(),
) -> dict[str, Nonogram]:
    """The real puzzles of ``data/nonogram/*.json``, by name without ``mikix_``."""
    folder = REPO_ROOT / "data" / "nonogram"
    found = {path.stem.removeprefix("mikix_"): path for path in folder.glob("*.json")}
    return {name: load(found[name]) for name in sorted(found) if name not in exclude}


def size(puzzle: Nonogram) -> str:
    """``"<width>x<height>"``, the way the puzzle collections write a size."""
    return f"{puzzle.width}x{puzzle.height}"


def _lines(puzzle: Nonogram) -> list[tuple[tuple[int, ...], int]]:
    """``(clue, length)`` of every row, then every column."""
    rows = [(clue, puzzle.width) for clue in puzzle.rows]
    return rows + [(clue, puzzle.height) for clue in puzzle.cols]


def placement_counts(puzzles: dict[str, Nonogram]) -> pd.DataFrame:
    """Placements of every line (by the formula), in all and for the largest line."""
    rows = []
    for name, puzzle in puzzles.items():
        counts = [count_placements(clue, n) for clue, n in _lines(puzzle)]
        rows.append(
            {"puzzle": name, "size": size(puzzle), "placements": sum(counts)}
            | {"largest line": max(counts)}
        )
    return pd.DataFrame(rows).sort_values("placements").set_index("puzzle")


def cnf_sizes(puzzles: dict[str, Nonogram]) -> pd.DataFrame:
    """Variables and clauses of the placement CNF (counted), the automaton CNF (built).

    The placement CNF has one variable per cell and per placement, and per line one
    clause, ``n`` clauses per placement and ``2n`` back-channelling clauses: its size
    follows from the counts without building it.
    """
    rows = []
    for name, puzzle in puzzles.items():
        lines = _lines(puzzle)
        placements = sum(count_placements(clue, n) for clue, n in lines)
        clauses = sum(1 + count_placements(clue, n) * n + 2 * n for clue, n in lines)
        pool = IDPool()
        automaton = regular_cnf(puzzle, pool)
        rows.append(
            {
                "puzzle": name,
                "size": size(puzzle),
                "placement vars": puzzle.height * puzzle.width + placements,
                "placement clauses": clauses,
                "automaton vars": pool.top,
                "automaton clauses": len(automaton),
                "clause ratio": clauses / len(automaton),
            }
        )
    return pd.DataFrame(rows).set_index("puzzle")


def propagation_table(puzzles: dict[str, Nonogram]) -> pd.DataFrame:
    """How much line solving alone decides, with how many line solves and how fast."""
    rows = []
    for name, puzzle in puzzles.items():
        board = Board(puzzle)
        start = time.perf_counter()
        board.propagate()
        seconds = time.perf_counter() - start
        rows.append(
            {
                "puzzle": name,
                "size": size(puzzle),
                "decided by propagation": float((board.known() >= 0).mean()),
                "line solves": board.line_solves,
                "per line": board.line_solves / (puzzle.height + puzzle.width),
                "seconds": seconds,
            }
        )
    return pd.DataFrame(rows).set_index("puzzle")


def stages_table(
    puzzles: dict[str, Nonogram], time_limit: float = 10.0
) -> pd.DataFrame:
    """The shares decided by propagation and by probing, and the CNF left for SAT."""
    rows = []
    for name, puzzle in puzzles.items():
        start = time.perf_counter()
        propagated = propagate(puzzle)
        middle = time.perf_counter()
        probed = probe(puzzle, known=propagated, time_limit=time_limit)
        end = time.perf_counter()
        rows.append(
            {
                "puzzle": name,
                "propagation": float((propagated >= 0).mean()),
                "+ probing": float((probed >= 0).mean()),
                "propagation s": middle - start,
                "probing s": end - middle,
                "SAT clauses left": len(regular_cnf(puzzle, IDPool(), known=probed)),
                "of (full CNF)": len(regular_cnf(puzzle, IDPool())),
            }
        )
    return pd.DataFrame(rows).set_index("puzzle")


def _fixed(solver: Solver, literal: int, cells: int) -> int:
    """Cells that unit propagation fixes once ``literal`` is assumed (itself not)."""
    _, fixed = solver.propagate(assumptions=[literal])
    return sum(1 for lit in fixed if abs(lit) <= cells) - 1


def guess_reach(
    puzzle: Nonogram, time_limit: float = 10.0
) -> tuple[int, int, dict[str, list[int]]]:
    """What one guess decides, counted three ways, for every open cell and colour.

    After probing, every open cell is set black and then white, and the other cells
    that this decides are counted: by unit propagation on the order CNF alone, by line
    solving, and by unit propagation on the order CNF with the implied clauses.

    Returns:
        ``(open cells, implied clauses, counts)``: ``counts`` maps each of the three
        ways to one count per guess, in the same order.
    """
    pool = IDPool()
    cells = cell_ids(puzzle, pool)
    known = probe(puzzle, time_limit=time_limit)
    known, implied = implied_clauses(puzzle, known, cells, Deadline(time_limit))
    order = order_cnf(puzzle, pool, known=known)
    board = Board(puzzle, known)
    before = board.state()
    counts: dict[str, list[int]] = {
        "order CNF": [],
        "line solving": [],
        "order CNF + implied clauses": [],
    }
    open_cells = np.argwhere(known < 0).tolist()
    with (
        Solver(name="g4", bootstrap_with=order) as alone,
        Solver(name="g4", bootstrap_with=order + implied) as helped,
    ):
        for r, c in open_cells:
            # No colour fails here: implied_clauses decided every cell where one did.
            for colour, after in zip((1, 0), board.branches(r, c), strict=True):
                literal = int(cells[r, c]) if colour else -int(cells[r, c])
                counts["order CNF"].append(_fixed(alone, literal, cells.size))
                counts["line solving"].append(sum(1 for _ in gained(after, before)) - 1)
                helped_count = _fixed(helped, literal, cells.size)
                counts["order CNF + implied clauses"].append(helped_count)
    return len(open_cells), len(implied), counts


def diagnosis_table(
    puzzles: dict[str, Nonogram], time_limit: float = 10.0
) -> pd.DataFrame:
    """The ``stats`` of ``linesolve-order`` on each puzzle, its time and its status.

    The shares decided by propagation, added by probing and left to search, the seconds
    of probing, the size of the CNF of the rest and the conflicts of Glucose.
    """
    rows = []
    for name, puzzle in puzzles.items():
        stats: dict = {}
        start = time.perf_counter()
        try:
            answer = solve_linesolve_order(puzzle, time_limit=time_limit, stats=stats)
            status = "ok" if check_nonogram(puzzle, answer) else "wrong"
        except SolverTimeout:
            status = "timeout"
        rows.append(
            {
                "instance": name,
                "propagation": stats["propagation"],
                "+ probing": stats["probing"],
                "left": stats["left"],
                "probing s": stats["probing_s"],
                "CNF variables": stats.get("variables", 0),
                "CNF clauses": stats.get("clauses", 0),
                "conflicts": stats.get("conflicts", 0),
                "seconds": time.perf_counter() - start,
                "status": status,
            }
        )
    return pd.DataFrame(rows).set_index("instance")


def _made(n: int, seed: int, time_limit: float) -> dict:
    """One row of :func:`generator_sweep`: an ``n`` x ``n`` unique puzzle, checked."""
    stats: dict = {}
    start = time.perf_counter()
    puzzle = generate(n, n, seed=seed, unique=True, stats=stats, time_limit=time_limit)
    seconds = time.perf_counter() - start
    found = solutions_sat(puzzle, limit=2, time_limit=time_limit)
    if len(found) != 1 or not check_nonogram(puzzle, found[0]):
        raise AssertionError(f"{n}x{n} seed {seed}: not one checked picture")
    level, share = difficulty(puzzle, time_limit=time_limit)
    numbers = sum(len(clue) for clue in puzzle.rows + puzzle.cols)
    return {
        "size": f"{n}x{n}",
        "cells": n * n,
        "seconds": seconds,
        "repairs": stats["repairs"],
        "pictures": stats["pictures"],
        "black": float(found[0].mean()),
        "numbers per line": numbers / (2 * n),
        "line solving": share,
        "level": level,
    }


def _levels(levels: pd.Series) -> str:
    return " / ".join(
        str((levels == name).sum()) for name in ("logic", "probing", "search")
    )


def generator_sweep(
    sizes: list[int], seeds: range, time_limit: float = 120.0
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """``generate(n, n, seed=s, unique=True)`` for every size and seed, checked.

    Returns:
        ``(made, sweep)``: one row per puzzle, and one row per size with the puzzles'
        median and largest seconds and repairs, the pictures drawn, the share of black
        cells, the numbers per line, the share line solving decides and the count of
        each level of :func:`helper.nonogram.unique.difficulty`.
    """
    made = pd.DataFrame([_made(n, seed, time_limit) for n in sizes for seed in seeds])
    by_size = made.groupby("cells", sort=True)
    sweep = pd.DataFrame(
        {
            "size": by_size["size"].first(),
            "puzzles": by_size.size(),
            "median s": by_size["seconds"].median(),
            "max s": by_size["seconds"].max(),
            "median repairs": by_size["repairs"].median(),
            "max repairs": by_size["repairs"].max(),
            "pictures drawn": by_size["pictures"].sum(),
            "black cells": by_size["black"].mean(),
            "numbers per line": by_size["numbers per line"].mean(),
            "line solving decides": by_size["line solving"].median(),
            "logic / probing / search": by_size["level"].agg(_levels),
        }
    ).set_index("size")
    return made, sweep
