"""Numberlink boards whose answer leaves cells empty (issue 23, item 2).

Every answer is checked with ``helper.check.check_numberlink``, which shares no code
with the solvers; uniqueness is cross-checked against ``solutions``, which counts
with the plain SAT model and no assumption.
"""

from __future__ import annotations

import random
import statistics
import time
from pathlib import Path

import numpy as np
import pytest
from limits import within_limit

import helper.numberlink as nl
from helper import SolverTimeout
from helper.check import check_numberlink
from helper.numberlink import holes
from helper.numberlink.generate import _board_of_lines, _shortened, _winding_lines
from helper.numberlink.portfolio import solve_portfolio

HOLES_SET = Path(__file__).resolve().parents[1] / "data" / "numberlink" / "holes"


def _planted(n: int, share: float, seed: int):
    """A fill=False board with a planted answer: designed lines, ends taken off."""
    rng = random.Random(seed)
    lines = _shortened(_winding_lines(n, n, rng, 3), share, rng)
    board, paths = _board_of_lines((n, n), lines)
    return nl.Numberlink(board, fill=False), paths


def _free(puzzle, paths) -> list[tuple[int, int]]:
    used = {cell for path in paths.values() for cell in path}
    return [cell for cell in np.ndindex(puzzle.board.shape) if cell not in used]


@pytest.mark.parametrize("seed", range(6))
def test_the_colour_surplus_is_what_every_answer_leaves(seed):
    puzzle, paths = _planted(9, 0.08, seed)
    free = _free(puzzle, paths)
    even = sum((r + c) % 2 == 0 for r, c in free)
    assert holes.colour_surplus(puzzle.board) == even - (len(free) - even)
    answer = holes.solve_holes(puzzle, time_limit=30)
    free = _free(puzzle, answer)
    even = sum((r + c) % 2 == 0 for r, c in free)
    assert holes.colour_surplus(puzzle.board) == even - (len(free) - even)


@pytest.mark.parametrize("seed", range(4))
def test_the_ladder_finds_an_answer_with_the_fewest_empty_cells(seed):
    puzzle, paths = _planted(14, 0.02, seed)
    stats: dict = {}
    answer = holes.solve_few_holes(puzzle, time_limit=30, no_detour=False, stats=stats)
    assert check_numberlink(puzzle, answer)
    assert len(_free(puzzle, answer)) <= len(_free(puzzle, paths))
    assert stats["rungs"] >= 1


def test_the_portfolio_takes_the_ladder_when_no_answer_uses_every_cell():
    puzzle, _ = _planted(16, 0.02, 1)
    stats: dict = {}
    answer = solve_portfolio(puzzle, time_limit=30, stats=stats)
    assert check_numberlink(puzzle, answer)
    assert stats["stage"] == "few holes"


def test_a_detour_is_a_second_solution():
    board = np.array([[1, 0, 1], [0, 0, 0]])  # 1 - 1 on top, two free cells below
    puzzle = nl.Numberlink(board, fill=False)
    straight = {1: [(0, 0), (0, 1), (0, 2)]}
    other = holes.detour(puzzle, straight)
    assert other is not None and other != straight
    assert check_numberlink(puzzle, other)
    assert holes.another_solution(puzzle, straight, time_limit=10) is not None


@pytest.mark.parametrize("seed", range(40))
def test_another_solution_agrees_with_counting_without_assumptions(seed):
    rng = random.Random(seed)
    n = rng.choice((3, 4, 5))
    puzzle, paths = _planted(n, rng.choice((0.1, 0.2)), seed)
    counted = nl.solutions(puzzle, limit=2, time_limit=30)
    other = holes.another_solution(puzzle, paths, time_limit=30)
    assert (other is None) == (len(counted) == 1)
    if other is not None:
        assert other != paths and check_numberlink(puzzle, other)


@pytest.mark.parametrize("seed", range(3))
def test_generated_boards_leave_cells_empty_and_have_one_solution(seed):
    puzzle = nl.generate(7, 7, seed=seed, unique=True, fill=False, empty=0.1)
    again = nl.generate(7, 7, seed=seed, unique=True, fill=False, empty=0.1)
    assert puzzle == again and not puzzle.fill
    (answer,) = nl.solutions(puzzle, limit=2, time_limit=60)
    assert check_numberlink(puzzle, answer)
    assert _free(puzzle, answer)  # it leaves cells empty


@pytest.mark.parametrize(
    "kwargs",
    [
        {"empty": 0.1},  # unique and fill=False missing
        {"empty": 0.1, "unique": True},  # fill=True
        {"empty": 0.6, "unique": True, "fill": False},
        {"empty": -0.1, "unique": True, "fill": False},
    ],
)
def test_an_empty_share_needs_its_rules(kwargs):
    with pytest.raises(ValueError):
        nl.generate(5, 5, **kwargs)


def test_the_empty_cell_searches_refuse_full_cover_puzzles():
    puzzle = nl.generate(5, 5, seed=0)
    for search in (holes.solve_holes, holes.solve_few_holes):
        with pytest.raises(ValueError, match="fill=False"):
            search(puzzle, time_limit=1)


def test_the_ladder_keeps_its_time_limit_on_a_big_board():
    puzzle, _ = _planted(60, 0.05, 0)
    start = time.perf_counter()
    try:
        answer = holes.solve_few_holes(puzzle, time_limit=1.0)
    except SolverTimeout:
        answer = None
    assert time.perf_counter() - start <= within_limit(1.0)
    if answer is not None:
        assert check_numberlink(puzzle, answer)


def _solve_timed(path):
    puzzle = nl.load(path, fill=False)
    start = time.perf_counter()
    answer = nl.solve(puzzle, time_limit=10)
    seconds = time.perf_counter() - start
    assert check_numberlink(puzzle, answer), path.name
    share = len(_free(puzzle, answer)) / puzzle.board.size
    assert 0.02 <= share <= 0.10, (path.name, share)  # the set's promise
    return seconds


def test_the_smallest_boards_of_the_empty_cell_set():
    files = sorted(HOLES_SET.glob("15x15_*.txt"))
    assert len(files) >= 2
    for path in files[:2]:
        assert _solve_timed(path) <= within_limit(10)


@pytest.mark.slow
def test_the_empty_cell_set_is_solved_fast():
    """The committed set (data/numberlink/holes): each board within 10 s, the median
    within 1 s, every answer checked (issue 23's bar, with the CI allowance)."""
    files = sorted(HOLES_SET.glob("*.txt"))
    assert len(files) >= 10
    seconds = [_solve_timed(path) for path in files]
    assert max(seconds) <= within_limit(10)
    assert statistics.median(seconds) <= 1.5
