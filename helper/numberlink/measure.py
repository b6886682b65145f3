"""The measurements of the Numberlink chapters from *Numberlink at scale* on: tables
behind their claims.

Hand-written: benchmark harnesses and table builders, which the chapter calls and whose
results it prints and checks; the prose says what each one measures. Every answer they
time is checked with :func:`helper.check.check_numberlink` first. Seconds depend on the
machine; the counts (variables, clauses, conflicts, nodes) do not.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping

import matplotlib.pyplot as plt
import pandas as pd
from pysat.solvers import Solver

from helper import Deadline, SolverTimeout
from helper.check import check_numberlink
from helper.numberlink.backtrack import search_full_cover
from helper.numberlink.corner import forget_corner_models, full_cover_sat
from helper.numberlink.generate import generate_unique_with_solution
from helper.numberlink.portfolio import (
    solve_backtrack,
    solve_portfolio,
    solve_sat_corner,
)
from helper.numberlink.puzzle import Numberlink, Paths
from helper.numberlink.rules import propagate
from helper.numberlink.sat_model import sat_model
from helper.numberlink.sat_search import loop_cuts, solve_sat
from helper.numberlink.state import Reasoning, State
from helper.sat import solve_lazily

__all__ = [
    "encoding_table",
    "sat_wall",
    "share_table",
    "corner_steps",
    "corner_cache_table",
    "backtrack_table",
    "Efforts",
    "generator_table",
    "sized_boards",
    "verdicts",
    "plot_generator",
]


def encoding_table(board, time_limit: float = 60.0) -> pd.DataFrame:
    """The SAT model with binary and with one-hot colours, with and without full
    cover: its size, the solver's calls and conflicts, and the seconds."""
    rows = []
    for fill in (True, False):
        puzzle = Numberlink(board, fill=fill)
        for colours in ("binary", "one-hot"):
            stats: dict = {}
            start = time.perf_counter()
            answer = solve_sat(
                puzzle, colours=colours, time_limit=time_limit, stats=stats
            )
            seconds = time.perf_counter() - start
            check_numberlink(puzzle, answer)
            rows.append(
                {
                    "fill": fill,
                    "colours": colours,
                    "variables": stats["variables"],
                    "clauses": stats["clauses"],
                    "solver calls": stats["rounds"],
                    "conflicts": stats["conflicts"],
                    "seconds": round(seconds, 2),
                }
            )
    return pd.DataFrame(rows).set_index(["fill", "colours"])


def sat_wall(boards: Mapping[int, Numberlink], time_limit: float) -> pd.DataFrame:
    """Seconds of :func:`~helper.numberlink.sat_search.solve_sat` on each ``n x n``
    board, with and without full cover, or ``"timeout"``."""
    rows = []
    for n, board in boards.items():
        row = {"board": f"{n}x{n}", "pairs": board.pairs}
        for fill in (True, False):
            puzzle = Numberlink(board.board, fill=fill)
            start = time.perf_counter()
            try:
                check_numberlink(puzzle, solve_sat(puzzle, time_limit=time_limit))
                row[f"sat, fill={fill}"] = f"{time.perf_counter() - start:.2f}"
            except SolverTimeout:
                row[f"sat, fill={fill}"] = "timeout"
        rows.append(row)
    return pd.DataFrame(rows).set_index("board")


def share_table(
    puzzles: Mapping[str, Numberlink], levels: Mapping[str, Reasoning]
) -> pd.DataFrame:
    """The percentage of the cells that each set of rules decides, and its seconds."""
    rows = []
    for name, puzzle in puzzles.items():
        row = {"board": name}
        for level, reasoning in levels.items():
            start = time.perf_counter()
            state = propagate(State(puzzle), reasoning)
            row[level] = round(100 * state.share(), 1)
            seconds = time.perf_counter() - start
            row[f"seconds ({level[:6].strip()})"] = round(seconds, 2)
        rows.append(row)
    return pd.DataFrame(rows).set_index("board")


def corner_steps(puzzle: Numberlink) -> dict[str, float]:
    """Seconds to build the readable corner model, load it, and solve it."""
    deadline = Deadline(30)
    start = time.perf_counter()
    model = sat_model(puzzle.board, fill=True, corner=True)
    built = time.perf_counter()
    with Solver(name="glucose4", bootstrap_with=model.clauses) as solver:
        loaded = time.perf_counter()
        cuts = loop_cuts(puzzle.board, model.link, [])
        found = solve_lazily(solver, cuts, deadline.remaining())
        solved = time.perf_counter()
    assert found is not None
    return {"build": built - start, "load": loaded - built, "solve": solved - loaded}


def corner_cache_table(puzzles: Mapping[str, Numberlink]) -> pd.DataFrame:
    """Per board: the readable corner model with a fresh solver, the cached model the
    first time its size is seen (cold) and after the other boards (warm)."""

    def cached(puzzle: Numberlink, cold: bool) -> float:
        forget_corner_models()
        if not cold:  # warm: the other boards of the size come first, never this one
            for other in puzzles.values():
                if other is not puzzle:
                    full_cover_sat(other, Deadline(30))
        start = time.perf_counter()
        found = full_cover_sat(puzzle, Deadline(30))
        seconds = time.perf_counter() - start
        check_numberlink(puzzle, found)
        return seconds

    columns = {
        name: {
            "readable model": sum(corner_steps(p).values()),
            "cached model, cold": cached(p, cold=True),
            "cached model, warm": cached(p, cold=False),
        }
        for name, p in puzzles.items()
    }
    table = pd.DataFrame(columns).T
    table.loc["median"] = table.median()
    return table


def backtrack_table(puzzles: Mapping[str, Numberlink]) -> pd.DataFrame:
    """Seconds, nodes and microseconds per node of the backtracking search."""
    rows = []
    for name, puzzle in puzzles.items():
        stats: dict = {}
        start = time.perf_counter()
        found = search_full_cover(puzzle.board, Deadline(30), stats)
        seconds = time.perf_counter() - start
        check_numberlink(puzzle, found)
        rows.append(
            {
                "board": name,
                "seconds": round(seconds, 3),
                "nodes": stats["nodes"],
                "microseconds per node": round(1e6 * seconds / stats["nodes"], 1),
            }
        )
    return pd.DataFrame(rows).set_index("board")


class Efforts:
    """The staged methods run from an empty corner-model cache, their effort kept.

    ``Efforts().method("portfolio")`` is a method for ``helper.bench.run_benchmark``
    that records the ``stats`` of its last call per board and frees every cached
    solver afterwards, so that each call pays for its own build and the next one
    starts cold (the time of one new puzzle, not of a collection).
    """

    #: The methods it can run, by their names in ``helper.numberlink.METHODS``.
    METHODS = {
        "sat-corner": solve_sat_corner,
        "backtrack": solve_backtrack,
        "portfolio": solve_portfolio,
    }
    #: The effort columns of :meth:`table`: (method, statistic).
    COLUMNS = (
        ("sat-corner", "conflicts"),
        ("backtrack", "nodes"),
        ("portfolio", "conflicts"),
        ("portfolio", "nodes"),
    )

    def __init__(self) -> None:
        self.stats: dict[tuple[str, bytes], dict] = {}

    @staticmethod
    def _key(puzzle: Numberlink) -> bytes:
        return puzzle.board.tobytes() + bytes([puzzle.fill])

    def method(self, name: str) -> Callable[..., Paths]:
        """The method ``name`` (a key of :attr:`METHODS`), recording its effort."""
        solve = self.METHODS[name]

        def run(puzzle: Numberlink, *, time_limit: float) -> Paths:
            stats: dict = {}
            try:
                return solve(puzzle, time_limit=time_limit, stats=stats)
            finally:
                self.stats[name, self._key(puzzle)] = stats
                forget_corner_models()  # freeing a large solver takes time too

        return run

    def table(self, boards: Mapping[str, Numberlink]) -> pd.DataFrame:
        """Propagation's share and the effort of the last call, per board."""
        rows = {}
        for name, puzzle in boards.items():
            reasoning = Reasoning(no_touch=True, corner=puzzle.fill)
            share = propagate(State(puzzle), reasoning).share()
            row = {"decided by propagation": f"{share:.0%}"}
            for method, effort in self.COLUMNS:
                stats = self.stats.get((method, self._key(puzzle)), {})
                row[f"{method}: {effort}"] = stats.get(effort, 0)
            rows[name] = row
        return pd.DataFrame(rows).T


def generator_table(sides: Iterable[int], seeds: Iterable[int]) -> pd.DataFrame:
    """``generate_unique_with_solution`` per size and seed: seconds, pairs, cells per
    line, cuts and time-outs; the median per size."""
    rows = []
    for n in sides:
        for seed in seeds:
            stats: dict = {}
            start = time.perf_counter()
            made, paths = generate_unique_with_solution(n, n, seed=seed, stats=stats)
            seconds = time.perf_counter() - start
            check_numberlink(made, paths)
            rows.append(
                {
                    "size": f"{n}x{n}",
                    "seconds": seconds,
                    "pairs": made.pairs,
                    "cells per line": n * n / made.pairs,
                    "cuts": stats["cuts"],
                    "timeouts": stats["timeouts"],
                }
            )
    return pd.DataFrame(rows).groupby("size", sort=False).median()


def sized_boards(
    make: Callable[[int, bool], Numberlink],
    sides: Iterable[int],
    fills: Iterable[bool] = (True,),
) -> dict[str, Numberlink]:
    """``{"nxn": make(n, fill)}`` for every side and rules variant; the names of
    boards with ``fill=False`` end in ``" (no fill)"``."""
    return {
        f"{n}x{n}{'' if fill else ' (no fill)'}": make(n, fill)
        for fill in fills
        for n in sides
    }


def verdicts(results: pd.DataFrame, best: str) -> pd.DataFrame:
    """For every method of a ``run_benchmark`` table but ``best``: the boards it failed
    (``failed``) and, over the boards it ran on, its total seconds (``seconds``) and
    those of ``best`` (``best seconds``)."""
    wide = results.pivot_table(
        index="instance",
        columns="method",
        values="seconds",
        aggfunc="first",
        dropna=False,  # a method that failed every board keeps its (empty) column
    )
    rows = {}
    for name, runs in results.groupby("method", sort=False):
        if name == best:
            continue
        shared = list(runs["instance"])
        rows[name] = {
            "failed": int((runs["status"] != "ok").sum()),
            "boards": len(shared),
            "seconds": round(float(wide.loc[shared, name].sum()), 3),
            "best seconds": round(float(wide.loc[shared, best].sum()), 3),
        }
    return pd.DataFrame.from_dict(rows, orient="index")


def plot_generator(summary: pd.DataFrame):
    """The generator's median seconds (log scale) and cells per line over the size."""
    cells = [int(size.split("x")[0]) ** 2 for size in summary.index]
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.plot(cells, summary["seconds"], marker="o", label="seconds")
    ax.set_xlabel("cells")
    ax.set_ylabel("median seconds (log scale)")
    ax.set_yscale("log")
    ax2 = ax.twinx()
    ax2.plot(
        cells, summary["cells per line"], marker="s", color="tab:orange",
        label="cells per line",
    )
    ax2.set_ylabel("cells per line")
    fig.legend(loc="upper left", bbox_to_anchor=(0.12, 0.88), frameon=False)
    ax.set_title("making unique designed-style puzzles")
    fig.tight_layout()
    return fig
