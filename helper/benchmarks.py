"""Hand-written: the committed sweeps of *Is it unique?* and *What makes a model fast*.

Hand-written, because it is bookkeeping around the models of the puzzle packages, not
a model the chapters teach. Each function registered with ``@sweeps.sweep`` measures
one claim of the two chapters. ``full=True`` is the run that ``python -m
tools.benchmarks <name>`` commits to ``data/benchmarks/<name>.csv``; ``full=False`` is
a small subset, under the same instance names, that the book build re-runs to check the
committed file (:func:`helper.sweeps.disagreements`). Every sweep fixes its sizes,
seeds, time limits and rounds here, so that one command reproduces what the chapters
show; :mod:`helper.benchmark_tables` turns the committed rows into tables and plots.
"""

from __future__ import annotations

import functools
import statistics
import time
from collections.abc import Callable

import numpy as np
import pandas as pd
from pysat.formula import IDPool

from helper import (
    bench,
    nonogram,
    numberlink,
    slitherlink,
    sweeps,
    switches,
)
from helper.fast_models import LOADERS, cell_variables, load_nonogram, load_numberlink

__all__ = [
    "LIMITS",
    "GENERATORS",
    "clue_density",
    "generation_sweep",
    "ENCODING_PUZZLES",
    "encoding_sweep",
    "COLOUR_BOARDS",
    "colour_sweep",
    "LAZY_BOARDS",
    "lazy_sweep",
    "xor_sweep",
    "GENERATED_RULES_BOARD",
    "rules_sweep",
    "same_cnf_sweep",
    "FRONTIER",
    "frontier_sweep",
    "disagreements_keeping_traps",
]

#: Seconds for each call, by sweep: the same in the full and in the small run.
LIMITS = {
    "unique-generate": 60.0,
    "fast-encodings": 10.0,
    "fast-colours": 20.0,
    "fast-lazy": 20.0,
    "fast-xor": 10.0,
    "fast-rules": 20.0,
    "fast-same-cnf": 60.0,
    "fast-frontier": 10.0,
}

# --- Is it unique? -------------------------------------------------------------------

#: The three puzzles whose ``generate`` takes ``unique=True``, by module name.
GENERATORS = {
    "numberlink": numberlink,
    "nonogram": nonogram,
    "slitherlink": slitherlink,
}
#: Board sizes (n x n) and seeds of the generation sweep; the small run takes the
#: first three sizes and seeds.
GENERATION_SIZES = (5, 8, 10, 12, 15)
GENERATION_SEEDS = 5


def clue_density(name: str, puzzle) -> float:
    """Clues per cell of a puzzle of the module ``name`` (a key of :data:`GENERATORS`).

    Numberlink: the share of numbered cells; Slitherlink: the share of cells with a
    clue; Nonogram: the count of numbers in all row and column clues, per cell.
    """
    if name == "numberlink":
        return float((puzzle.board > 0).mean())
    if name == "slitherlink":
        return float((puzzle.clues >= 0).mean())
    numbers = sum(len(clue) for clue in puzzle.rows + puzzle.cols)
    return numbers / (puzzle.height * puzzle.width)


def _one_answer(name: str, module, densities: dict) -> Callable:
    """A ``check`` for run_benchmark: the made puzzle has one answer, and it passes."""

    def check(spec: tuple[int, int], puzzle) -> bool:
        found = module.solutions(puzzle, limit=2, time_limit=LIMITS["unique-generate"])
        densities[spec] = clue_density(name, puzzle)
        return len(found) == 1 and module.check(puzzle, found[0])

    return check


@sweeps.sweep(
    "unique-generate",
    chapter="unique_puzzles",
    title="generate(n, n, seed=s, unique=True): seconds and clue density by size",
)
def generation_sweep(full: bool) -> pd.DataFrame:
    """Time the three unique generators on n x n boards, seeds 0 to 4.

    Each made puzzle is counted again with ``solutions(puzzle, limit=2)`` and its answer
    checked; a puzzle with two answers is ``WRONG``. A generator that times out skips
    the larger boards. Extra columns: ``size``, ``cells``, ``seed``, ``clue_density``.
    """
    sizes = GENERATION_SIZES if full else GENERATION_SIZES[:3]
    seeds = range(GENERATION_SEEDS if full else 3)
    specs = {f"{n}x{n}, seed {s}": (n, s) for n in sizes for s in seeds}
    tables = []
    for name, module in GENERATORS.items():

        def make(spec, *, time_limit, module=module):
            n, seed = spec
            return module.generate(n, n, seed=seed, unique=True, time_limit=time_limit)

        densities: dict = {}
        rows = bench.run_benchmark(
            specs,
            {name: make},
            _one_answer(name, module, densities),
            time_limit=LIMITS["unique-generate"],
            repeats=3 if full else 1,
        )
        spec = rows["instance"].map(specs)
        tables.append(
            rows.assign(
                size=spec.str[0],
                cells=spec.str[0] ** 2,
                seed=spec.str[1],
                clue_density=spec.map(densities),
            )
        )
    return pd.concat(tables, ignore_index=True)


# --- What makes a model fast: the lessons -------------------------------------------

#: Real nonograms of the book, in order of their count of placements (the placement
#: CNF grows with it). The small run takes the first three.
ENCODING_PUZZLES = (
    "webpbn_6",
    "webpbn_21",
    "gnonograms_gnome",
    "qnonograms_examples_rhino",
    "qnonograms_collection1_101",
    "qnonograms_collection1_105",
    "gnonograms_kde",
    "webpbn_16",
    "webpbn_529",
    "qnonograms_examples_tiger",
)


@sweeps.sweep(
    "fast-encodings",
    chapter="fast_models",
    title="Lesson 2: the placement CNF, the automaton CNF and the default",
)
def encoding_sweep(full: bool) -> pd.DataFrame:
    """``pysat-placements``, ``pysat-regular`` and the default on real nonograms.

    A method that times out skips the larger puzzles.
    """
    names = ENCODING_PUZZLES if full else ENCODING_PUZZLES[:3]
    puzzles = {name: load_nonogram(name) for name in names}
    wanted = ["pysat-placements", "pysat-regular", nonogram.DEFAULT_METHOD]
    return bench.run_benchmark(
        puzzles,
        {name: nonogram.METHODS[name] for name in wanted},
        nonogram.check,
        time_limit=LIMITS["fast-encodings"],
        repeats=3 if full else 1,
    )


#: Lesson 2's board sizes n (n x n); the small run takes the first two.
COLOUR_BOARDS = (15, 20, 25, 30, 40)


def _long_lines(n: int) -> numberlink.Numberlink:
    """The boards of Lessons 2 and 3: ``generate(n, n, seed=n, max_length=10)``."""
    return numberlink.generate(n, n, seed=n, max_length=10)


@sweeps.sweep(
    "fast-colours",
    chapter="fast_models",
    title="Lesson 2: the Numberlink SAT model with binary and one-hot colours",
)
def colour_sweep(full: bool) -> pd.DataFrame:
    """``solve_sat`` with binary and with one-hot colours on :data:`COLOUR_BOARDS`."""
    boards = {
        f"{n}x{n}": _long_lines(n)
        for n in (COLOUR_BOARDS if full else COLOUR_BOARDS[:2])
    }
    methods = {
        f"sat, {colours}": functools.partial(numberlink.solve_sat, colours=colours)
        for colours in ("binary", "one-hot")
    }
    return bench.run_benchmark(
        boards,
        methods,
        numberlink.check,
        time_limit=LIMITS["fast-colours"],
        repeats=3 if full else 1,
    )


def _counting_rounds(solve_sat: Callable, calls: dict) -> Callable:
    """``solve_sat`` that records its SAT calls and cuts in ``calls[id(puzzle)]``."""

    def lazy(puzzle, *, time_limit: float):
        stats: dict = {}
        answer = solve_sat(puzzle, time_limit=time_limit, stats=stats)
        calls[id(puzzle)] = (stats["rounds"], stats["cuts"])
        return answer

    return lazy


#: Lesson 3: each puzzle, its boards (name -> board) for the full and the small run,
#: and its eager method. The lazy one is always ``solve_sat``.
LAZY_BOARDS = {
    "Slitherlink": (
        slitherlink,
        lambda full: {
            f"{n}x{n}, {d:.0%} clues": slitherlink.generate(n, n, seed=n, density=d)
            for n in ((10, 20, 30, 40, 60, 80, 100) if full else (10, 20))
            for d in (0.5, 0.4, 0.3)
        },
        ("eager (cpsat)", slitherlink.solve_cpsat),
    ),
    "Numberlink": (
        numberlink,
        lambda full: {
            f"{n}x{n}": _long_lines(n)
            for n in ((10, 15, 20, 25, 30, 40, 50) if full else (10, 15))
        },
        ("eager (cpsat-circuit)", numberlink.solve_cpsat_circuit),
    ),
}


@sweeps.sweep(
    "fast-lazy",
    chapter="fast_models",
    title="Lesson 3: lazy loop cuts on SAT against CP-SAT's circuit constraint",
)
def lazy_sweep(full: bool) -> pd.DataFrame:
    """Lazy (``solve_sat``) against eager (CP-SAT circuits), 20 s a call.

    No method skips a board after a time out: the boards do not grow in one order.
    Extra columns: ``puzzle``, ``family`` (the puzzle, and the share of clues for
    Slitherlink), ``cells``, and for the lazy method ``sat_calls`` (the rounds of SAT
    calls) and ``cuts`` (the loops forbidden on the way).
    """
    tables = [
        _lazy_rows(puzzle_name, module, boards_of(full), eager, full)
        for puzzle_name, (module, boards_of, eager) in LAZY_BOARDS.items()
    ]
    return pd.concat(tables, ignore_index=True)


def _lazy_rows(
    puzzle_name: str, module, boards: dict, eager: tuple, full: bool
) -> pd.DataFrame:
    """The rows of one puzzle of :func:`lazy_sweep`."""
    calls: dict = {}
    methods = {
        "lazy (sat)": _counting_rounds(module.solve_sat, calls),
        eager[0]: eager[1],
    }
    rows = bench.run_benchmark(
        boards,
        methods,
        module.check,
        time_limit=LIMITS["fast-lazy"],
        repeats=3 if full else 1,
        skip_after_timeout=False,
    )
    lazy = rows["method"] == "lazy (sat)"
    counts = rows["instance"].map(lambda n: calls.get(id(boards[n]), (None, None)))
    clues = rows["instance"].str.partition(", ")[2]
    return rows.assign(
        puzzle=puzzle_name,
        family=[f"{puzzle_name}, {c}" if c else puzzle_name for c in clues],
        instance=puzzle_name + " " + rows["instance"],
        cells=rows["instance"].map(lambda n: _cells(boards[n])),
        sat_calls=counts.str[0].where(lazy),
        cuts=counts.str[1].where(lazy),
    )


def _cells(puzzle) -> int:
    shape = puzzle.board.shape if hasattr(puzzle, "board") else puzzle.clues.shape
    return int(shape[0] * shape[1])


@sweeps.sweep(
    "fast-xor",
    chapter="fast_models",
    title="Lesson 4: Gaussian elimination against Z3 and CP-SAT on Lights Out",
)
def xor_sweep(full: bool) -> pd.DataFrame:
    """The three switches methods on ``switches.generate(n, n, seed=n)``, 10 s a call.

    Every size from 8 to 24, and 29 and 30: their nullities differ from board to board,
    so no method skips a board after a time out. Extra columns: ``size``, ``nullity``.
    """
    sizes = [*range(8, 25), 29, 30] if full else [8, 12, 16]
    boards = {f"{n}x{n}": switches.generate(n, n, seed=n) for n in sizes}
    rows = bench.run_benchmark(
        boards,
        switches.METHODS,
        switches.check,
        time_limit=LIMITS["fast-xor"],
        repeats=3 if full else 1,
        skip_after_timeout=False,
    )
    return rows.assign(
        size=rows["instance"].map(lambda n: int(n.split("x")[0])),
        nullity=rows["instance"].map(lambda n: switches.nullity(boards[n])),
    )


#: Lesson 5's board nobody made unique, every cell used.
GENERATED_RULES_BOARD = "generate(12, 12, seed=12), full"


@sweeps.sweep(
    "fast-rules",
    chapter="fast_models",
    title="Lesson 5: the Numberlink SAT model with the shortcut-free rules off and on",
)
def rules_sweep(full: bool) -> pd.DataFrame:
    """``solve_sat(shortcut_free=False / True)`` on the stored unique boards.

    Each board with every cell used and with empty cells allowed, and one generated
    board that nobody made unique (:data:`GENERATED_RULES_BOARD`).
    """
    boards = {}
    names = ["unique_20x20"] + (["unique_30x30", "unique_35x48"] if full else [])
    for name in names:
        for fill in (True, False):
            rules = "full" if fill else "empty ok"
            label = f"{name.removeprefix('unique_')}, {rules}"
            boards[label] = load_numberlink(name, fill)
    boards[GENERATED_RULES_BOARD] = numberlink.generate(12, 12, seed=12)
    methods = {
        f"rules {'on' if rules else 'off'}": functools.partial(
            numberlink.solve_sat, shortcut_free=rules
        )
        for rules in (False, True)
    }
    return bench.run_benchmark(
        boards,
        methods,
        numberlink.check,
        time_limit=LIMITS["fast-rules"],
        repeats=3 if full else 1,
        skip_after_timeout=False,
    )


def _timed_loader(solver: str, phases: dict) -> Callable:
    """A method for run_benchmark: load the CNF into ``solver``, solve, read the cells.

    The seconds of building and of solving go to ``phases[id(cnf), solver]``.
    """
    load = LOADERS[solver]

    def solve(cnf: tuple, *, time_limit: float) -> np.ndarray:
        puzzle, clauses, top, cells = cnf
        start = time.perf_counter()
        run = load(clauses, top)
        built = time.perf_counter()
        true = run(time_limit)
        phases.setdefault((id(cnf), solver), []).append(
            (built - start, time.perf_counter() - built)
        )
        picture = np.isin(cells, list(true)).astype(int)
        return picture.reshape(puzzle.height, puzzle.width)

    return solve


@sweeps.sweep(
    "fast-same-cnf",
    chapter="fast_models",
    title="Lesson 6: one automaton CNF on PySAT, CP-SAT and Z3, build and solve",
)
def same_cnf_sweep(full: bool) -> pd.DataFrame:
    """The loaders of :mod:`helper.fast_models` on ``nonogram.generate(n, n, seed=n)``.

    60 s a call; a solver that times out skips the larger puzzles. ``seconds`` is
    building plus solving; extra columns ``build_seconds`` and ``solve_seconds`` (the
    medians of the rounds), ``clauses`` and ``cells``.
    """
    cnfs = {}
    for n in (10, 15, 20, 25, 30) if full else (10, 15):
        puzzle = nonogram.generate(n, n, seed=n)
        pool = IDPool()
        clauses = nonogram.regular_cnf(puzzle, pool)
        cnfs[f"random {n}x{n}"] = (
            puzzle,
            clauses,
            pool.top,
            cell_variables(puzzle, pool),
        )
    phases: dict = {}
    rows = bench.run_benchmark(
        cnfs,
        {solver: _timed_loader(solver, phases) for solver in LOADERS},
        lambda cnf, picture: nonogram.check(cnf[0], picture),
        time_limit=LIMITS["fast-same-cnf"],
        repeats=3 if full else 1,
    )

    def median_phase(row, phase: int) -> float:
        if row["status"] != "ok":
            return float("nan")
        rounds = phases[id(cnfs[row["instance"]]), row["method"]]
        return statistics.median(r[phase] for r in rounds)

    return rows.assign(
        build_seconds=rows.apply(median_phase, axis=1, phase=0),
        solve_seconds=rows.apply(median_phase, axis=1, phase=1),
        clauses=rows["instance"].map(lambda n: len(cnfs[n][1])),
        cells=rows["instance"].map(lambda n: cnfs[n][0].height * cnfs[n][0].width),
    )


# --- What makes a model fast: the starting model against the default -----------------

#: Each puzzle: its module, its starting model (a name in ``METHODS``), the call that
#: makes its boards (as text, and as a function of n), and the sizes n (n x n) of the
#: full and of the small run.
FRONTIER = {
    "Switches": (
        switches,
        "z3",
        "switches.generate(n, n, seed=n)",
        lambda n: switches.generate(n, n, seed=n),
        [*range(4, 25, 2), 30, 40, 60, 80, 100, 120, 140, 170, 200, 240, 280, 320],
        [4, 8, 12, 16],
    ),
    "Numberlink": (
        numberlink,
        "z3-original",
        "numberlink.generate(n, n, seed=n, designed=True)",
        lambda n: numberlink.generate(n, n, seed=n, designed=True),
        [*range(6, 31, 2), 35, 40, 45, 50, 55, 60, 65, 70, 80],
        [6, 8, 10],
    ),
    "Nonogram": (
        nonogram,
        "cpsat-starts",
        "nonogram.generate(n, n, seed=n)",
        lambda n: nonogram.generate(n, n, seed=n),
        [*range(10, 51, 5), 60, 70, 80],
        [10, 15, 20],
    ),
    "Slitherlink": (
        slitherlink,
        "propagation",
        "slitherlink.generate(n, n, seed=n)",
        lambda n: slitherlink.generate(n, n, seed=n),
        [*range(10, 101, 10), 120, 150, 180, 210, 250, 300, 350],
        [10, 20, 30, 40],
    ),
}


@sweeps.sweep(
    "fast-frontier",
    chapter="fast_models",
    title="each puzzle's starting model against its default, up the sizes",
)
def frontier_sweep(full: bool) -> pd.DataFrame:
    """Both methods of each puzzle up its sizes, until each one's first time out.

    ``LIMITS["fast-frontier"]`` seconds a call; a wrong answer does not stop a method, a
    time out does. Extra columns: ``puzzle``, ``role`` (``starting model`` or
    ``default``), ``size`` and ``cells``. Instances are named ``"Switches 16x16"``.
    """
    tables = []
    for puzzle_name, (module, start, _, make, sizes, small) in FRONTIER.items():
        boards = {f"{puzzle_name} {n}x{n}": make(n) for n in (sizes if full else small)}
        default = module.DEFAULT_METHOD
        rows = bench.run_benchmark(
            boards,
            {start: module.METHODS[start], default: module.METHODS[default]},
            module.check,
            time_limit=LIMITS["fast-frontier"],
            repeats=3 if full else 1,
        )
        size = rows["instance"].str.rsplit("x", n=1).str[-1].astype(int)
        role = rows["method"].map({start: "starting model", default: "default"})
        tables.append(
            rows.assign(puzzle=puzzle_name, role=role, size=size, cells=size**2)
        )
    return pd.concat(tables, ignore_index=True)


def disagreements_keeping_traps(
    live: pd.DataFrame, committed: pd.DataFrame, *, time_limit: float
) -> list[str]:
    """:func:`helper.sweeps.disagreements`, where a wrong answer may be the result.

    A starting model can be wrong by design (the trap of its chapter). Its wrong
    answers are then results to reproduce: a call wrong in both runs is left out of
    the comparison, and a call wrong in one run and ``ok`` in the other is reported.
    """
    key = ["instance", "method"]
    both = live.merge(committed, on=key, suffixes=("_live", "_committed"))
    found = [
        f"{row.instance}, {row.method}: {row.status_live} now, "
        f"{row.status_committed} when committed"
        for row in both.itertuples(index=False)
        if {row.status_live, row.status_committed} == {"WRONG", "ok"}
    ]
    wrong = both.loc[
        (both["status_live"] == "WRONG") & (both["status_committed"] == "WRONG"), key
    ]
    kept = live.merge(wrong, on=key, how="left", indicator=True)
    kept = kept[kept["_merge"] == "left_only"].drop(columns="_merge")
    return found + sweeps.disagreements(kept, committed, time_limit=time_limit)
