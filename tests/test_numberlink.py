"""Numberlink, chapter *Numberlink with Z3*: the puzzle class, parsers, the checker, the
plot and the Z3 models."""

import dataclasses
import json

import matplotlib
import numpy as np
import pytest

matplotlib.use("Agg")

import helper  # noqa: E402
from helper import data_path  # noqa: E402
from helper.check import check_numberlink  # noqa: E402
from helper.numberlink import (  # noqa: E402
    METHODS,
    Numberlink,
    generate,
    generate_with_solution,
    load,
    parse,
    path_links,
    solutions_z3,
    solve,
    solve_z3,
    solve_z3_original,
    trace,
)
from helper.plot import plot_number_link_board  # noqa: E402
from helper.puzzle import extract_number_link  # noqa: E402

PUZZLE01 = load(data_path("numberlink01.txt"))


# --- the puzzle and its text format -----------------------------------------------


def test_load_the_chapter_board():
    assert isinstance(PUZZLE01, Numberlink)
    assert PUZZLE01.board.shape == (10, 10) == (PUZZLE01.height, PUZZLE01.width)
    assert sorted(set(PUZZLE01.board.flat) - {0}) == list(range(1, 9))
    assert PUZZLE01.pairs == 8 and PUZZLE01.fill is True
    assert load(data_path("numberlink01.txt"), fill=False).fill is False


@pytest.mark.parametrize(
    "text, message",
    [
        ("1 0 1\n0 0\n", r"line 2: ragged row with 2 numbers, line 1 has 3"),
        ("1 0 x\n1 0 0\n", r"line 1, column 3: 'x' is not an integer"),
        ("1 0 2\n0 0 1\n", r"line 1, column 3: number 2 must appear exactly twice"),
        ("1 0 2\n0 0 1\n", r"found 1 time\(s\) at \(0, 2\)"),
        ("1 1 1\n0 0 0\n", r"number 1 must appear exactly twice, found 3"),
        ("1 0 1.5\n1 0 0\n", r"'1.5' is not an integer"),
        ("1 -1 1\n0 0 -1\n", r"line 1, column 2: negative number -1"),
        ("\n# only a comment\n", r"no board found"),
        ("# comment\n1 0\n\n0 2\n0 1\n", r"line 4, column 2: number 2 must appear"),
    ],
)
def test_parse_errors_name_the_problem(text, message):
    with pytest.raises(ValueError, match=message):
        parse(text, source="bad.txt")


def test_parse_skips_comments_and_keeps_fill():
    puzzle = parse("# two pairs\n1 0 2\n\n1 0 2\n", fill=False)
    assert puzzle == Numberlink(np.array([[1, 0, 2], [1, 0, 2]]), fill=False)


def test_load_names_the_file(tmp_path):
    path = tmp_path / "broken.txt"
    path.write_text("1 0\n0\n")
    with pytest.raises(ValueError, match=r"broken.txt, line 2"):
        load(path)


def test_the_puzzle_is_a_checked_frozen_value():
    a = Numberlink([[1, 0, 1]])
    assert a == Numberlink(np.array([[1, 0, 1]]))
    assert hash(a) == hash(Numberlink([[1, 0, 1]]))
    assert a != Numberlink([[1, 0, 1]], fill=False)
    with pytest.raises(ValueError):
        a.board[0, 0] = 2  # the board is read-only
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.fill = False
    for bad, message in [
        ([[1, 0, 0]], r"row 0, column 0: number 1 must appear exactly twice"),
        ([[1, -1, 1]], r"negative number -1"),
        ([[1.5, 1.5]], r"integers"),
        ([1, 1], r"2-D"),
        ([[1, 1], [0]], r"rectangular"),
    ]:
        with pytest.raises(ValueError, match=message):
            Numberlink(bad)
    with pytest.raises(ValueError, match="fill"):
        Numberlink([[1, 1]], fill="yes")


def _page(width, height, grid, wrap=True):
    data = {"gridWidth": width, "gridHeight": height, "data": {"startingGrid": grid}}
    return json.dumps({"puzzleData": data} if wrap else data)


def test_extract_number_link():
    board = extract_number_link(_page(3, 2, [1, 0, 2, 1, 0, 2]))
    assert isinstance(board, np.ndarray) and board.shape == (2, 3)
    assert board.tolist() == [[1, 0, 2], [1, 0, 2]]
    unwrapped = extract_number_link(_page(3, 2, [1, 0, 2, 1, 0, 2], wrap=False))
    assert unwrapped.tolist() == board.tolist()
    assert Numberlink(board) == Numberlink([[1, 0, 2], [1, 0, 2]])


@pytest.mark.parametrize(
    "text, message",
    [
        ("{not json", r"not valid JSON"),
        ("[1, 2]", r"must be an object"),
        (
            json.dumps({"puzzleData": {"gridHeight": 1, "data": {"startingGrid": []}}}),
            r"missing key 'puzzleData.gridWidth'",
        ),
        (
            json.dumps({"puzzleData": {"gridWidth": 1, "gridHeight": 1}}),
            r"missing key 'puzzleData.data.startingGrid'",
        ),
        (_page(2, 2, [1, 1, 0]), r"must list 2 x 2 = 4 cells, got 3"),
        (_page(2, 1, [1, "a"]), r"entry 1 \(row 0, column 1\) is 'a', not an integer"),
        (_page(2, 1, [1, 2]), r"puzzle JSON: .*number 1 must appear exactly twice"),
    ],
)
def test_extract_errors_name_the_problem(text, message):
    with pytest.raises(ValueError, match=message):
        extract_number_link(text)


# --- the checker --------------------------------------------------------------------

SMALL = np.array([[1, 0, 1], [2, 0, 2]])
GOOD = {1: [(0, 0), (0, 1), (0, 2)], 2: [(1, 0), (1, 1), (1, 2)]}


def test_check_accepts_a_solution():
    assert check_numberlink(Numberlink(SMALL), GOOD) is True


@pytest.mark.parametrize(
    "paths, fill, message",
    [
        (
            {1: [(0, 0), (0, 2)], 2: GOOD[2]},
            True,
            r"path 1 jumps from \(0, 0\) to \(0, 2\): a gap",
        ),
        ({1: [(0, 0), (0, 1), (0, 2)]}, True, r"pair 2 has no path"),
        (
            {1: [(0, 0), (0, 1), (1, 1), (1, 2)], 2: [(1, 0), (1, 1), (1, 2)]},
            True,
            r"runs from \(0, 0\) to \(1, 2\)",
        ),
        (
            {1: GOOD[1], 2: [(1, 0), (0, 0), (0, 1), (1, 1), (1, 2)]},
            True,
            r"passes through the number 1|reuses cell",
        ),
        (
            {1: [(0, 0), (1, 0), (1, 1), (0, 1), (0, 2)], 2: [(1, 0), (1, 1), (1, 2)]},
            False,
            r"passes through the number 2",
        ),
        (
            {**GOOD, 3: [(0, 1), (1, 1), (0, 1)]},
            True,
            r"stray loop",
        ),
    ],
)
def test_check_rejects_wrong_answers(paths, fill, message):
    with pytest.raises(ValueError, match=message):
        check_numberlink(Numberlink(SMALL, fill=fill), paths)


def test_check_rejects_crossing_lines():
    board = np.array([[0, 1, 0], [2, 0, 2], [0, 1, 0]])
    crossing = {1: [(0, 1), (1, 1), (2, 1)], 2: [(1, 0), (1, 1), (1, 2)]}
    message = r"reuses cell \(1, 1\): it crosses or touches path 1"
    with pytest.raises(ValueError, match=message):
        check_numberlink(Numberlink(board, fill=False), crossing)


def test_check_rejects_an_uncovered_cell_only_when_filling():
    board = np.array([[1, 1], [0, 0]])
    paths = {1: [(0, 0), (0, 1)]}
    with pytest.raises(ValueError, match=r"cell \(1, 0\) is not covered"):
        check_numberlink(Numberlink(board, fill=True), paths)
    assert check_numberlink(Numberlink(board, fill=False), paths)


def test_check_rejects_a_path_that_loops_on_itself():
    board = np.array([[1, 0, 0], [0, 0, 0], [1, 0, 0]])
    looped = {1: [(0, 0), (0, 1), (1, 1), (1, 0), (0, 0), (1, 0), (2, 0)]}
    with pytest.raises(ValueError, match=r"visits it twice"):
        check_numberlink(Numberlink(board, fill=False), looped)


def test_check_reads_the_puzzle_by_its_attributes():
    class Plain:  # no Numberlink: the checker imports nothing from the model module
        board = SMALL
        fill = True

    assert check_numberlink(Plain(), GOOD) is True


# --- trace, links and the plot ------------------------------------------------------


def test_trace_separates_paths_and_loops():
    board = np.array([[1, 0, 1], [0, 0, 0], [0, 0, 0]])
    links = {
        (0, 0, 0, 1),
        (0, 1, 0, 2),
        (1, 0, 1, 1),
        (1, 1, 2, 1),
        (2, 0, 2, 1),
        (1, 0, 2, 0),
    }
    paths, loops = trace(board, links)
    assert paths == {1: [(0, 0), (0, 1), (0, 2)]}
    assert len(loops) == 1 and sorted(loops[0]) == [(1, 0), (1, 1), (2, 0), (2, 1)]
    loop_links = links - {(0, 0, 0, 1), (0, 1, 0, 2)}
    assert set(path_links(loops[0], closed=True)) == loop_links
    assert path_links(paths[1]) == [(0, 0, 0, 1), (0, 1, 0, 2)]


def test_plot_accepts_links_paths_values_and_puzzles():
    fig = plot_number_link_board(SMALL)
    assert fig.axes
    links = {
        (0, 0, 0, 1): True,
        (0, 1, 0, 2): True,
        (1, 0, 1, 1): True,
        (1, 1, 1, 2): True,
        (0, 1, 1, 1): False,
    }
    values = {(r, c): int(SMALL[r, 0]) for r in range(2) for c in range(3)}
    for fig in (
        plot_number_link_board(SMALL, links, values),
        plot_number_link_board(SMALL, GOOD),
        plot_number_link_board(Numberlink(SMALL), GOOD),
    ):
        assert len(fig.axes[0].lines) == 4


def test_plot_draws_a_stray_loop_dashed():
    board = np.zeros((3, 3), dtype=int)
    board[0, 0] = board[0, 2] = 1
    loop = [(1, 0, 1, 1), (1, 1, 2, 1), (2, 0, 2, 1), (1, 0, 2, 0)]
    fig = plot_number_link_board(board, loop)
    assert {line.get_linestyle() for line in fig.axes[0].lines} == {"--"}


# --- generating ---------------------------------------------------------------------


def test_generate_with_solution_plants_a_full_cover():
    for seed in range(5):
        puzzle, paths = generate_with_solution(9, 7, seed=seed)
        assert puzzle.board.shape == (9, 7)
        assert check_numberlink(puzzle, paths)
        assert generate(9, 7, seed=seed) == puzzle  # the one generator, same puzzle
    short, paths = generate_with_solution(8, 8, seed=1, min_length=2, max_length=3)
    assert check_numberlink(short, paths)
    assert all(2 <= len(path) <= 4 for path in paths.values())  # the last may be 4
    assert generate_with_solution(5, 5, seed=1, fill=False)[0].fill is False


def test_the_stored_board_is_the_generator_output():
    assert load(data_path("numberlink02.txt")) == generate(20, 20, seed=2, max_length=8)


# --- solving with Z3 ----------------------------------------------------------------


def test_solve_the_chapter_board():
    paths = solve(PUZZLE01, time_limit=60)
    assert check_numberlink(PUZZLE01, paths)
    assert check_numberlink(PUZZLE01, solve_z3(PUZZLE01, time_limit=60))


@pytest.mark.parametrize("method", sorted(METHODS))
def test_every_method_on_a_small_board(method):
    puzzle = generate(6, 6, seed=11, max_length=6, fill=False)
    paths = solve(puzzle, method=method, time_limit=60)
    # The first models may hide stray loops, but with fill=False their paths are valid.
    assert check_numberlink(puzzle, paths)


@pytest.mark.parametrize("side, seed", [(10, 101), (15, 102), (20, 103)])
def test_default_solver_full_cover_on_unseen_boards(side, seed):
    puzzle = generate(side, side, seed=seed, max_length=side)
    assert check_numberlink(puzzle, solve(puzzle, time_limit=60))


@pytest.mark.parametrize("seed", [201, 202, 203])
def test_default_solver_leaves_cells_empty_when_allowed(seed):
    # Remove some pairs of a full-cover board: the rest is solvable, maybe not full.
    board = generate(12, 12, seed=seed, max_length=8).board.copy()
    rng = np.random.default_rng(seed)
    top = board.max()
    for k in rng.choice(np.arange(1, top + 1), size=top // 3, replace=False):
        board[board == k] = 0
    puzzle = Numberlink(board, fill=False)
    assert check_numberlink(puzzle, solve(puzzle, time_limit=60))


def test_unsolvable_board_is_reported_quickly():
    with pytest.raises(helper.Unsolvable):
        solve(Numberlink([[1, 2], [2, 1]]), time_limit=10)
    with pytest.raises(helper.Unsolvable):  # a full cover is impossible here (parity)
        solve(Numberlink([[1, 1, 0], [0, 0, 0], [0, 0, 0]]), time_limit=10)
    for z3_method in (solve_z3, solve_z3_original):
        with pytest.raises(helper.Unsolvable):
            z3_method(Numberlink([[1, 2], [2, 1]]), time_limit=10)


def test_z3_original_misses_loops_that_the_fixed_model_cuts():
    # Across a few generated boards, the first model returns stray loops at least
    # once; the fixed one never does (its paths always cover the board).
    failures = 0
    for seed in range(6):
        puzzle = generate(7, 7, seed=seed)
        try:
            check_numberlink(puzzle, solve_z3_original(puzzle, time_limit=30))
        except ValueError:
            failures += 1
        assert check_numberlink(puzzle, solve_z3(puzzle, time_limit=30))
    assert failures > 0


def test_solutions_z3_counts_and_reports_its_rounds():
    open_board = np.array(
        [
            [0, 0, 0, 1, 0],
            [3, 0, 0, 0, 2],
            [0, 0, 2, 1, 0],
            [0, 0, 0, 0, 3],
            [0, 0, 0, 0, 0],
        ]
    )
    stats = {}
    found = solutions_z3(Numberlink(open_board, fill=False), limit=3, stats=stats)
    assert len(found) == 1 and stats["rounds"] >= 2
    assert solutions_z3(Numberlink(open_board, fill=True)) == []
    hook = Numberlink([[1, 0, 0], [1, 0, 0]], fill=False)
    assert len(solutions_z3(hook, limit=10)) == 3


def test_unknown_method_bad_board_and_wrong_type():
    with pytest.raises(ValueError, match="unknown method 'nope'.*auto"):
        solve(Numberlink(SMALL), method="nope")
    with pytest.raises(ValueError, match="exactly twice"):
        Numberlink(np.array([[1, 0], [0, 0]]))
    with pytest.raises(TypeError, match="Numberlink"):
        solve(SMALL)


def test_timeout_raises_solver_timeout():
    puzzle = generate(20, 20, seed=7)
    with pytest.raises(helper.SolverTimeout):
        solve(puzzle, method="z3", time_limit=0.05)
    with pytest.raises(helper.SolverTimeout):
        solutions_z3(puzzle, time_limit=0.05)
