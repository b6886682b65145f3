"""The ladder CNF and the race of two Kissats (Search with a line solver inside).

The ladder CNF must have exactly the pictures of the clues: every line of up to seven
cells, with and without decided cells, is compared with brute force over all its
patterns (run lengths counted here, by a plain split, not by the book's line solver).
The race must give checked answers from either child and leave no process behind, also
when it times out, and must fall back on PySAT's Kissat without Kissat's program.
"""

import itertools
import multiprocessing
import os
import time
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from limits import within_limit
from pysat.formula import IDPool
from pysat.solvers import Solver

from helper import SolverTimeout, nonogram
from helper.nonogram import search
from helper.nonogram.cnf import cell_ids
from helper.sat import distinct_models


def _runs(bits) -> tuple[int, ...]:
    """The run lengths of a line of 0/1."""
    return tuple(len(run) for run in "".join(map(str, bits)).split("0") if run)


def _line_models(clue, n, known) -> set[tuple[int, ...]]:
    """The patterns that the ladder CNF of one line allows, by blocking models."""
    pool = IDPool()
    cells = [pool.id(("cell", i)) for i in range(n)]
    true = pool.id("true")
    clauses = [[true], *nonogram.line_ladder_cnf(clue, cells, pool, true, known)]
    if known is not None:  # decided cells as units, as puzzle_cnf adds them
        decided = zip(cells, known, strict=True)
        clauses += [[c if v else -c] for c, v in decided if v >= 0]
    with Solver(name="g4", bootstrap_with=clauses) as solver:
        models = distinct_models(solver, cells, limit=200, time_limit=10)
    return {tuple(int(m[c - 1] > 0) for c in cells) for m in models}


@pytest.mark.parametrize("n", range(1, 8))
def test_every_line_has_exactly_the_patterns_of_its_clue(n):
    patterns = list(itertools.product((0, 1), repeat=n))
    clues = sorted({_runs(p) for p in patterns})
    rng = np.random.default_rng(n)
    for clue in clues:
        expected = {p for p in patterns if _runs(p) == clue}
        assert _line_models(clue, n, None) == expected, clue
        for _ in range(3):  # a random partial line: the patterns that agree with it
            known = rng.choice([-1, -1, 0, 1], size=n).tolist()
            agree = {
                p
                for p in expected
                if all(k < 0 or k == v for k, v in zip(known, p, strict=True))
            }
            assert _line_models(clue, n, known) == agree, (clue, known)


def test_ladder_cnf_has_exactly_the_pictures_of_small_puzzles():
    # Blocking on cells only: as many pictures as brute force finds among all 3x4
    # pictures, for the puzzles with the most pictures and for random ones.
    every = Counter(
        nonogram.Nonogram.from_picture(np.array(bits).reshape(3, 4))
        for bits in np.ndindex(*(2,) * 12)
    )
    rng = np.random.default_rng(7)
    randoms = [
        nonogram.Nonogram.from_picture(rng.random((3, 4)) < 0.5) for _ in range(6)
    ]
    for puzzle in [p for p, _ in every.most_common(6)] + randoms:
        for known in (None, nonogram.probe(puzzle)):
            pool = IDPool()
            cells = cell_ids(puzzle, pool)
            clauses = nonogram.ladder_cnf(puzzle, pool, known=known)
            with Solver(name="g4", bootstrap_with=clauses) as solver:
                found = distinct_models(
                    solver, cells.ravel().tolist(), limit=100, time_limit=10
                )
            assert len(found) == every[puzzle]


def test_ladder_cnf_has_no_witness_variables():
    # Fewer variables and clauses than the order CNF on the same noise picture.
    puzzle = nonogram.generate(30, 30, seed=4)
    sizes = {}
    encodings = {"order": nonogram.order_cnf, "ladder": nonogram.ladder_cnf}
    for name, encode in encodings.items():
        pool = IDPool()
        clauses = encode(puzzle, pool)
        sizes[name] = (pool.top, len(clauses))
    assert sizes["ladder"][0] < sizes["order"][0]
    assert sizes["ladder"][1] < sizes["order"][1]


@pytest.mark.parametrize("mirror", [False, True])
def test_each_kissat_child_alone_paints_a_checked_picture(mirror):
    puzzle = nonogram.generate(25, 25, seed=6)
    pool = IDPool()
    cells = cell_ids(puzzle, pool)
    clauses = nonogram.ladder_cnf(puzzle, pool)
    receive, send = multiprocessing.Pipe(duplex=False)
    search._kissat_child(send, clauses, cells, mirror)
    kind, picture = receive.recv()
    assert kind == "sat" and nonogram.check(puzzle, picture)


def test_the_race_names_its_winner_and_leaves_no_child():
    # A 40x40 noise picture leaves cells to search, so the race runs.
    puzzle = nonogram.generate(40, 40, seed=501)
    stats: dict = {}
    picture = nonogram.solve(puzzle, method="portfolio", time_limit=30.0, stats=stats)
    assert nonogram.check(puzzle, picture)
    assert stats["left"] > 0
    assert stats["winner"] in ("kissat-focused", "kissat-mirrored")
    assert multiprocessing.active_children() == []
    assert _kissat_children() == []


def _kissat_children() -> list[int]:
    """The process ids of the ``kissat`` programs that this process started."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)
        except OSError:  # the process ended while we looked
            continue
        name, ppid = fields[0].split("(", 1)[1], int(fields[1].split()[1])
        if name == "kissat" and ppid == os.getpid():
            found.append(int(stat.parent.name))
    return found


def test_without_kissats_program_the_race_falls_back_on_pysat(monkeypatch):
    monkeypatch.setattr(search, "kissat_program", lambda: None)
    puzzle = nonogram.generate(40, 40, seed=501)
    stats: dict = {}
    picture = nonogram.solve(puzzle, method="portfolio", time_limit=30.0, stats=stats)
    assert nonogram.check(puzzle, picture)
    assert stats["winner"] in ("kissat", "kissat-mirrored")
    with pytest.raises(RuntimeError, match="passagemath-kissat"):
        nonogram.solve(puzzle, method="linesolve-focused", time_limit=5.0)


def test_a_race_that_times_out_kills_both_children():
    # 70x70 noise: line solving and probing leave nearly every cell open, and one
    # second is far too short for the search.
    puzzle = nonogram.generate(70, 70, seed=701)
    for method in ("portfolio", "linesolve-focused"):
        start = time.perf_counter()
        with pytest.raises(SolverTimeout):
            nonogram.solve(puzzle, method=method, time_limit=1.0)
        assert time.perf_counter() - start <= within_limit(1.0)
        assert multiprocessing.active_children() == []
        assert _kissat_children() == []


def test_focused_kissat_paints_a_checked_picture():
    puzzle = nonogram.generate(30, 30, seed=9)
    stats: dict = {}
    picture = nonogram.solve(puzzle, method="linesolve-focused", stats=stats)
    assert nonogram.check(puzzle, picture)
    assert stats["winner"] == "kissat-focused"


def test_focused_kissat_takes_other_options_as_a_tuple_of_strings():
    puzzle = nonogram.generate(30, 30, seed=9)
    with_inprocessing = search.solve_linesolve_focused(
        puzzle, options=("--stable=0",), time_limit=30.0
    )
    assert nonogram.check(puzzle, with_inprocessing)
    for bad in (["--stable=0"], ("--stable=0", 0), "--stable=0"):
        with pytest.raises(TypeError, match="tuple of strings"):
            search.solve_linesolve_focused(puzzle, options=bad)


def test_an_option_that_kissat_rejects_is_an_error_not_a_timeout():
    puzzle = nonogram.generate(30, 30, seed=9)
    with pytest.raises(RuntimeError, match="failed: kissat stopped with exit code"):
        search.solve_linesolve_focused(puzzle, options=("--no-such-option",))
