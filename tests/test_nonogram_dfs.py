"""The depth-first search with the line solver inside (chapter nonogram_dfs).

Answers are checked with the independent checker, the time limit is honoured, an
impossible puzzle ends in ``Unsolvable``, and the search's counts (not its timings)
show that the trail puts the board back exactly.
"""

import time

import numpy as np
import pytest
from limits import within_limit

from helper import SolverTimeout, Unsolvable, nonogram
from helper.nonogram import dfs
from helper.nonogram.measure import real_puzzles


@pytest.mark.parametrize("seed", range(6))
def test_generated_pictures_are_painted(seed):
    puzzle = nonogram.generate(15, 15, seed=seed)
    assert nonogram.check(puzzle, nonogram.solve(puzzle, method="dfs"))


def test_real_puzzles_are_painted():
    for name, puzzle in real_puzzles().items():
        if puzzle.height * puzzle.width <= 900:
            picture = dfs.solve_dfs(puzzle, time_limit=10.0)
            assert nonogram.check(puzzle, picture), name


def test_unsolvable_on_a_contradiction():
    puzzle = nonogram.Nonogram(rows=((2,), ()), cols=((2,), ()))
    with pytest.raises(Unsolvable):
        nonogram.solve(puzzle, method="dfs")
    assert dfs.solutions_dfs(puzzle) == []


def test_unsolvable_after_branching():
    # Line solving decides no cell of this board; probing the first cell finds
    # that both of its colours fail.
    rows, cols = ((2,), (2,), (1, 1), (1,)), ((2,), (1, 1), (2,), (1,))
    puzzle = nonogram.Nonogram(rows=rows, cols=cols)
    assert (nonogram.propagate(puzzle) < 0).all()
    stats = {}
    with pytest.raises(Unsolvable):
        dfs.solve_dfs(puzzle, stats=stats)
    assert stats["nodes"] >= 1


def test_solutions_are_distinct_and_complete():
    # Two black cells on a diagonal of a 2x2 board: two pictures.
    puzzle = nonogram.Nonogram(rows=((1,), (1,)), cols=((1,), (1,)))
    found = dfs.solutions_dfs(puzzle, limit=5)
    assert len(found) == 2
    assert not np.array_equal(found[0], found[1])
    assert all(nonogram.check(puzzle, picture) for picture in found)
    assert len(dfs.solutions_dfs(puzzle, limit=1)) == 1


def test_time_limit_is_honoured():
    puzzle = nonogram.generate(60, 60, seed=7)
    start = time.perf_counter()
    with pytest.raises(SolverTimeout):
        dfs.solve_dfs(puzzle, time_limit=0.5)
    assert time.perf_counter() - start <= within_limit(0.5)


def test_undo_restores_the_board():
    puzzle = nonogram.generate(12, 12, seed=2)
    board = dfs.TrailBoard(puzzle)
    board.propagate()
    before, mark = board.known(), board.mark()
    r, c = map(int, np.argwhere(before < 0)[0])
    board.assign(r, c, 1)
    assert board.open < mark[1]
    board.undo(mark)
    assert np.array_equal(board.known(), before)
    assert board.mark() == mark


def test_counts_are_reported():
    stats = {}
    puzzle = nonogram.generate(20, 20, seed=100)
    assert nonogram.check(puzzle, dfs.solve_dfs(puzzle, stats=stats))
    assert stats["nodes"] >= 1 and stats["line_solves"] > 0
    assert stats["probes"] >= 0 and stats["depth"] <= stats["nodes"]


def test_bad_stats_are_refused():
    with pytest.raises(TypeError):
        dfs.solve_dfs(nonogram.generate(5, 5), stats=[])
