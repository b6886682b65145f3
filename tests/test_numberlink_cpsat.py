"""Tests for the chapter *Numberlink with CP-SAT*: the CP-SAT and SAT models, uniqueness, generation."""

import time

import matplotlib
import numpy as np
import pytest

matplotlib.use("Agg")

import helper  # noqa: E402
import helper.numberlink as nl  # noqa: E402
from helper import data_path  # noqa: E402
from helper.ortools import run_cpsat  # noqa: E402

NEW_METHODS = ["cpsat-original", "cpsat-circuit", "sat", "lns", "auto"]
CORRECT_METHODS = ["z3", "cpsat-circuit", "sat", "lns", "auto"]
UNIQUE_FILES = ["numberlink/unique_20x20.txt", "numberlink/unique_30x30.txt", "numberlink/unique_35x48.txt"]


def test_methods_registered_and_default_is_auto():
    assert set(NEW_METHODS) <= set(nl.METHODS)
    assert nl.DEFAULT_METHOD == "auto"


@pytest.mark.parametrize("method", CORRECT_METHODS)
@pytest.mark.parametrize("fill", [True, False])
def test_correct_methods_on_unseen_boards(method, fill):
    # Seeds the chapter never uses; boards small enough for the Z3 model.
    for seed in (101, 202):
        board, _ = nl.generate(9, 9, seed=seed, max_length=8)
        paths = nl.solve(board, fill=fill, method=method, time_limit=30)
        assert nl.check(board, paths, fill=fill)


@pytest.mark.parametrize("method", NEW_METHODS)
def test_every_new_method_solves_the_wikipedia_example(method):
    wiki = nl.load(data_path("numberlink/hakank_wikipedia_7x7.txt"))
    for fill in (True, False):
        paths = nl.solve(wiki, fill=fill, method=method, time_limit=30)
        assert nl.check(wiki, paths, fill=fill)


def test_cpsat_port_keeps_the_stray_loop_trap():
    # The chapter shows this board; one worker and seed 0 make the answer reproducible.
    board, _ = nl.generate(8, 8, seed=0)
    model, link = nl.cpsat_original_model(board, fill=True)
    solver = run_cpsat(model, time_limit=10.0, num_workers=1, seed=0)
    paths, loops = nl.trace(board, [key for key, b in link.items() if solver.value(b)])
    assert loops
    with pytest.raises(ValueError, match="not covered"):
        nl.check(board, paths, fill=True)
    # The circuit model and the SAT model solve the same board correctly.
    for method in ("cpsat-circuit", "sat"):
        assert nl.check(board, nl.solve(board, method=method, time_limit=30), fill=True)


def test_circuit_answer_is_one_tour_without_loops():
    board, _ = nl.generate(10, 10, seed=7, max_length=10)
    model, link = nl.cpsat_circuit_model(board, fill=True)
    assert model.validate() == ""
    paths = nl.solve_cpsat_circuit(board, fill=True, time_limit=30)
    assert nl.check(board, paths, fill=True)


def test_hook_board_counts_with_and_without_the_rules():
    hook = np.array([[1, 0, 0], [1, 0, 0]])
    every = nl.sat_solutions(hook, fill=False, limit=10, time_limit=10)
    free = nl.sat_solutions(hook, fill=False, limit=10, shortcut_free=True, time_limit=10)
    assert len(every) == 3 and len(free) == 1
    assert free[0] == {1: [(0, 0), (1, 0)]}
    with_fill = nl.sat_solutions(hook, fill=True, limit=10, time_limit=10)
    assert with_fill == [{1: [(0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (1, 0)]}]


def test_wikipedia_example_is_unique_and_matches_z3():
    wiki = nl.load(data_path("numberlink/hakank_wikipedia_7x7.txt"))
    sat = nl.sat_solutions(wiki, fill=False, limit=2, time_limit=30)
    z3 = nl.z3_solutions(wiki, fill=False, limit=2, time_limit=30)
    assert len(sat) == len(z3) == 1
    assert sat[0] == z3[0]


def test_one_hot_and_binary_colours_agree_on_unique_board():
    board = nl.load(data_path("numberlink/unique_20x20.txt"))
    binary = nl.solve_sat(board, fill=False, colours="binary", time_limit=30)
    one_hot = nl.solve_sat(board, fill=False, colours="one-hot", time_limit=30)
    assert binary == one_hot  # the puzzle has one solution
    with pytest.raises(ValueError, match="colours"):
        nl.solve_sat(board, colours="unary")


def test_generate_unique_small_board():
    board, paths = nl.generate_unique(7, 7, seed=5, time_limit=60)
    assert nl.check(board, paths, fill=True)
    assert len(nl.sat_solutions(board, fill=False, limit=2, time_limit=30)) == 1
    assert len(nl.z3_solutions(board, fill=False, limit=2, time_limit=30)) == 1
    again, _ = nl.generate_unique(7, 7, seed=5, time_limit=60)
    assert (again == board).all()


@pytest.mark.parametrize("name", UNIQUE_FILES)
def test_default_solve_on_unique_boards_under_ten_seconds(name):
    board = nl.load(data_path(name))
    start = time.perf_counter()
    paths = nl.solve(board, fill=False, time_limit=10)
    assert time.perf_counter() - start < 10
    assert nl.check(board, paths, fill=False)


def test_default_solve_on_generated_30x30_boards():
    for fill in (True, False):
        board, _ = nl.generate(30, 30, seed=303, max_length=10)
        paths = nl.solve(board, fill=fill, time_limit=10)
        assert nl.check(board, paths, fill=fill)


@pytest.mark.parametrize("method", NEW_METHODS)
def test_unsolvable(method):
    crossing = np.array([[1, 2], [2, 1]])
    with pytest.raises(helper.Unsolvable):
        nl.solve(crossing, method=method, fill=False, time_limit=10)
    walled = np.array([[1, 2, 0], [2, 0, 0], [0, 0, 1]])
    with pytest.raises(helper.Unsolvable):
        nl.solve(walled, method=method, fill=False, time_limit=10)


def test_boards_without_numbers():
    empty = np.zeros((3, 3), dtype=int)
    for method in ("cpsat-circuit", "sat", "lns", "auto"):
        assert nl.METHODS[method](empty, fill=False, time_limit=10) == {}
        with pytest.raises(helper.Unsolvable):
            nl.METHODS[method](empty, fill=True, time_limit=10)


def test_timeouts():
    hard, _ = nl.generate(30, 30, seed=1)
    with pytest.raises(helper.SolverTimeout):
        nl.solve(hard, method="sat", time_limit=0.001)
    with pytest.raises(helper.SolverTimeout):
        nl.solve(hard, method="cpsat-circuit", time_limit=0.01)
    for method in ("lns", "auto"):
        with pytest.raises(helper.SolverTimeout):
            nl.solve(hard, method=method, time_limit=0.01)


# Boards with the generator's default long lines (up to h + w cells). Seeds the chapter never uses.
LONG_SEEDS = (3000, 3003, 3005)


def test_route_greedily_gives_a_no_fill_solution_or_says_it_failed():
    for seed in LONG_SEEDS + (3004,):
        board, _ = nl.generate(30, 30, seed=seed)
        routed = nl.route_greedily(board)
        assert set(routed) <= set(range(1, board.max() + 1))
        if len(routed) == board.max():
            assert nl.check(board, routed, fill=False)
        else:  # a partial routing: each joined pair is still a proper line, no two lines share a cell
            cells = [cell for path in routed.values() for cell in path]
            assert len(cells) == len(set(cells))
            for k, path in routed.items():
                assert board[path[0]] == board[path[-1]] == k
    # A board the router cannot finish, and the fallback to the SAT model that proves it unsolvable.
    crossing = np.array([[1, 2], [2, 1]])
    assert len(nl.route_greedily(crossing)) < 2


@pytest.mark.parametrize("fill", [True, False])
def test_default_solve_on_long_line_boards_up_to_30x30(fill):
    for n in (20, 30):
        for seed in LONG_SEEDS:
            board, _ = nl.generate(n, n, seed=seed)
            start = time.perf_counter()
            paths = nl.solve(board, fill=fill, time_limit=10)
            assert time.perf_counter() - start < 10
            assert nl.check(board, paths, fill=fill)


def test_lns_repairs_a_given_start_and_reports_its_moves():
    board, _ = nl.generate(20, 20, seed=3001)
    start = nl.route_greedily(board)
    assert len(start) == board.max()
    stats = {}
    paths = nl.solve_lns(board, fill=True, time_limit=30, start=start, stats=stats)
    assert nl.check(board, paths, fill=True)
    assert stats["better"] > 0 and stats["calls"] >= stats["better"] + stats["sideways"]


def test_solve_validates_board():
    with pytest.raises(ValueError):
        nl.solve(np.array([[1, 0, 0]]), time_limit=10)


@pytest.mark.slow
def test_stored_unique_boards_are_reproducible_and_unique():
    for name in UNIQUE_FILES:
        board = nl.load(data_path(name))
        h, w = board.shape
        again, _ = nl.generate_unique(h, w, seed=0, time_limit=600)
        assert (again == board).all()
        assert len(nl.sat_solutions(board, fill=False, limit=2, time_limit=600)) == 1


def test_puzzlink_round_trip_and_known_url():
    wiki = nl.load(data_path("numberlink/hakank_wikipedia_7x7.txt"))
    url = nl.to_puzzlink(wiki)
    assert url == "https://puzz.link/p?numlin/7/7/i4j3h25j31k5r1j2i4h"
    assert (nl.from_puzzlink(url) == wiki).all()
    for name in UNIQUE_FILES:  # numbers above 15 use the '-' form
        board = nl.load(data_path(name))
        assert (nl.from_puzzlink(nl.to_puzzlink(board)) == board).all()


@pytest.mark.parametrize("url, message", [
    ("https://puzz.link/p?slither/7/7/abc", "not a Numberlink URL"),
    ("https://puzz.link/p?numlin/7/x/1", "expected numlin"),
    ("https://puzz.link/p?numlin/7/7/-1", "needs 2 hexadecimal digits"),
    ("https://puzz.link/p?numlin/2/2/1.1", "unknown number"),
    ("https://puzz.link/p?numlin/2/2/1!1", "unknown character '!' at position 1"),
    ("https://puzz.link/p?numlin/2/2/11111", "5 cells for a 2x2 board"),
    ("https://puzz.link/p?numlin/2/2/1g", "must appear exactly twice"),
])
def test_puzzlink_malformed(url, message):
    with pytest.raises(ValueError, match=message):
        nl.from_puzzlink(url)


def test_unique_puzzle_that_leaves_cells_empty():
    # The board of the Z3 chapter whose only solution leaves cells empty.
    board = np.array([[0, 0, 0, 1, 0],
                      [3, 0, 0, 0, 2],
                      [0, 0, 2, 1, 0],
                      [0, 0, 0, 0, 3],
                      [0, 0, 0, 0, 0]])
    for method in ("cpsat-circuit", "sat"):
        with pytest.raises(helper.Unsolvable):
            nl.solve(board, fill=True, method=method, time_limit=10)
    answers = nl.sat_solutions(board, fill=False, limit=2, time_limit=10)
    assert len(answers) == 1
    assert nl.solve(board, fill=False, time_limit=10) == answers[0]
    assert nl.solve(board, fill=False, method="cpsat-circuit", time_limit=10) == answers[0]
    used = sum(len(path) for path in answers[0].values())
    assert used < board.size and nl.check(board, answers[0], fill=False)
