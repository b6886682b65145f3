"""Chapters *Numberlink with CP-SAT* (the CP-SAT models) and *Numberlink at scale*
(first part: the SAT model, the shortcut-free rules, routing and window repair)."""

import time

import matplotlib
import numpy as np
import pytest

matplotlib.use("Agg")

from limits import within_limit

import helper  # noqa: E402
import helper.numberlink as nl  # noqa: E402
from helper import data_path  # noqa: E402
from helper.numberlink import Numberlink  # noqa: E402
from helper.ortools import run_cpsat  # noqa: E402

NEW_METHODS = ["cpsat-original", "cpsat-circuit", "sat", "lns", "auto"]
CORRECT_METHODS = ["z3", "cpsat-circuit", "sat", "lns", "auto", "sat-corner",
                   "backtrack", "portfolio"]
UNIQUE_FILES = [
    "numberlink/unique_20x20.txt",
    "numberlink/unique_30x30.txt",
    "numberlink/unique_35x48.txt",
]
WIKI = nl.load(data_path("numberlink/hakank_wikipedia_7x7.txt"))


def _open(puzzle):
    """The same board with empty cells allowed."""
    return Numberlink(puzzle.board, fill=False)


def test_methods_registered():
    assert list(nl.METHODS) == [
        "z3-original",
        "z3",
        "cpsat-original",
        "cpsat-circuit",
        "sat",
        "lns",
        "auto",
        "sat-corner",
        "backtrack",
        "portfolio",
    ]
    assert nl.METHODS["sat"] is nl.solve_sat and nl.METHODS["auto"] is nl.solve_auto


@pytest.mark.parametrize("method", CORRECT_METHODS)
@pytest.mark.parametrize("fill", [True, False])
def test_correct_methods_on_unseen_boards(method, fill):
    # Seeds the chapter never uses; boards small enough for the Z3 model.
    for seed in (101, 202):
        puzzle = nl.generate(9, 9, seed=seed, max_length=8, fill=fill)
        paths = nl.solve(puzzle, method=method, time_limit=30)
        assert nl.check(puzzle, paths)


@pytest.mark.parametrize("method", NEW_METHODS)
def test_every_new_method_solves_the_wikipedia_example(method):
    for puzzle in (WIKI, _open(WIKI)):
        paths = nl.solve(puzzle, method=method, time_limit=30)
        assert nl.check(puzzle, paths)


def test_cpsat_port_keeps_the_stray_loop_trap():
    # The chapter shows this board; one worker and seed 0 make the answer reproducible.
    puzzle = nl.generate(8, 8, seed=0)
    model, link = nl.cpsat_original_model(puzzle.board, fill=True)
    solver = run_cpsat(model, time_limit=10.0, num_workers=1, seed=0)
    on = [key for key, b in link.items() if solver.value(b)]
    paths, loops = nl.trace(puzzle.board, on)
    assert loops
    with pytest.raises(ValueError, match="not covered"):
        nl.check(puzzle, paths)
    with pytest.raises(ValueError, match="not covered"):
        nl.check(puzzle, nl.solve_cpsat_original(puzzle, time_limit=10))
    # The circuit model and the SAT model solve the same board correctly.
    for method in ("cpsat-circuit", "sat"):
        assert nl.check(puzzle, nl.solve(puzzle, method=method, time_limit=30))


def test_circuit_answer_is_one_tour_without_loops():
    puzzle = nl.generate(10, 10, seed=7, max_length=10)
    model, _ = nl.cpsat_circuit_model(puzzle.board, fill=True)
    assert model.validate() == ""
    assert nl.check(puzzle, nl.solve_cpsat_circuit(puzzle, time_limit=30))


def test_sat_model_names_its_variables_in_a_pool():
    board = np.array([[1, 0, 0], [1, 0, 2], [0, 0, 2]])
    model = nl.sat_model(board, fill=False)
    assert set(model.used) == {(r, c) for (r, c), k in np.ndenumerate(board) if k == 0}
    assert model.link[0, 0, 0, 1] == model.pool.id(("link", 0, 0, 0, 1))
    assert model.used[0, 1] == model.pool.id(("used", 0, 1))
    assert (1, 0, 1, 1) in model.link and (1, 1, 1, 2) in model.link
    assert max(abs(x) for clause in model.clauses for x in clause) <= model.pool.top
    assert nl.sat_model(board, fill=True).used == {}


def test_hook_board_counts_with_and_without_the_rules():
    hook = Numberlink(np.array([[1, 0, 0], [1, 0, 0]]), fill=False)
    every = nl.solutions_sat(hook, limit=10, time_limit=10)
    free = nl.solutions_sat(hook, limit=10, shortcut_free=True, time_limit=10)
    assert len(every) == 3 and len(free) == 1
    assert free[0] == {1: [(0, 0), (1, 0)]}
    assert sorted(map(str, nl.solutions(hook, limit=10))) == sorted(map(str, every))
    with_fill = nl.solutions_sat(Numberlink(hook.board), limit=10, time_limit=10)
    assert with_fill == [{1: [(0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (1, 0)]}]


def test_solutions_stats_and_exclude():
    hook = Numberlink(np.array([[1, 0, 0], [1, 0, 0]]), fill=False)
    stats = {}
    first = nl.solutions_sat(hook, limit=1, stats=stats)
    assert set(stats) == {"rounds", "cuts", "conflicts", "variables", "clauses"}
    others = nl.solutions_sat(hook, limit=10, exclude=(first[0],))
    assert len(others) == 2 and first[0] not in others


def test_wikipedia_example_is_unique_and_matches_z3():
    sat = nl.solutions(_open(WIKI), limit=2, time_limit=30)
    z3 = nl.solutions_z3(_open(WIKI), limit=2, time_limit=30)
    assert len(sat) == len(z3) == 1
    assert sat[0] == z3[0]


def test_one_hot_and_binary_colours_agree_on_unique_board():
    puzzle = nl.load(data_path("numberlink/unique_20x20.txt"), fill=False)
    binary = nl.solve_sat(puzzle, colours="binary", time_limit=30)
    one_hot = nl.solve_sat(puzzle, colours="one-hot", time_limit=30)
    assert binary == one_hot  # the puzzle has one solution
    with pytest.raises(ValueError, match="colours"):
        nl.solve_sat(puzzle, colours="unary")


def test_generate_unique_small_board():
    puzzle = nl.generate(7, 7, seed=5, unique=True, fill=False, time_limit=60)
    assert isinstance(puzzle, Numberlink) and puzzle.fill is False
    found = nl.solutions(puzzle, limit=2, time_limit=30)
    assert len(found) == 1
    assert nl.solutions_z3(puzzle, limit=2, time_limit=30) == found
    # The one solution with empty cells allowed covers every cell.
    assert nl.check(Numberlink(puzzle.board, fill=True), found[0])
    again = nl.generate(7, 7, seed=5, unique=True, fill=True, time_limit=60)
    assert again == Numberlink(puzzle.board, fill=True)


@pytest.mark.parametrize("name", UNIQUE_FILES)
def test_default_solve_on_unique_boards_under_ten_seconds(name):
    puzzle = nl.load(data_path(name), fill=False)
    start = time.perf_counter()
    paths = nl.solve(puzzle, time_limit=10)
    assert time.perf_counter() - start <= within_limit(10)
    assert nl.check(puzzle, paths)


def test_default_solve_on_generated_30x30_boards():
    for fill in (True, False):
        puzzle = nl.generate(30, 30, seed=303, max_length=10, fill=fill)
        assert nl.check(puzzle, nl.solve(puzzle, time_limit=10))


@pytest.mark.parametrize("method", NEW_METHODS)
def test_unsolvable(method):
    crossing = Numberlink(np.array([[1, 2], [2, 1]]), fill=False)
    with pytest.raises(helper.Unsolvable):
        nl.solve(crossing, method=method, time_limit=10)
    walled = Numberlink(np.array([[1, 2, 0], [2, 0, 0], [0, 0, 1]]), fill=False)
    with pytest.raises(helper.Unsolvable):
        nl.solve(walled, method=method, time_limit=10)


def test_boards_without_numbers():
    empty = np.zeros((3, 3), dtype=int)
    for method in ("cpsat-circuit", "sat", "lns", "auto", "portfolio"):
        function = nl.METHODS[method]
        assert function(Numberlink(empty, fill=False), time_limit=10) == {}
        with pytest.raises(helper.Unsolvable):
            function(Numberlink(empty, fill=True), time_limit=10)
    assert nl.solutions(Numberlink(empty, fill=False)) == [{}]
    assert nl.solutions(Numberlink(empty, fill=True)) == []


def test_timeouts():
    hard = nl.generate(30, 30, seed=1)
    with pytest.raises(helper.SolverTimeout):
        nl.solve(hard, method="sat", time_limit=0.001)
    with pytest.raises(helper.SolverTimeout):
        nl.solve(hard, method="cpsat-circuit", time_limit=0.01)
    for method in ("lns", "auto"):
        with pytest.raises(helper.SolverTimeout):
            nl.solve(hard, method=method, time_limit=0.01)
    with pytest.raises(helper.SolverTimeout):
        nl.solutions(hard, time_limit=0.001)


# Boards with the generator's default long lines (up to h + w cells). Seeds the chapter
# never uses.
LONG_SEEDS = (3000, 3003, 3005)


def test_route_greedily_gives_a_no_fill_solution_or_says_it_failed():
    for seed in LONG_SEEDS + (3004,):
        puzzle = nl.generate(30, 30, seed=seed, fill=False)
        routed = nl.route_greedily(puzzle)
        assert set(routed) <= set(range(1, puzzle.pairs + 1))
        if len(routed) == puzzle.pairs:
            assert nl.check(puzzle, routed)
        else:  # partial: each joined pair is a proper line, no two lines share a cell
            cells = [cell for path in routed.values() for cell in path]
            assert len(cells) == len(set(cells))
            for k, path in routed.items():
                assert puzzle.board[path[0]] == puzzle.board[path[-1]] == k
    # A board the router cannot finish (the SAT model proves it unsolvable).
    assert len(nl.route_greedily(Numberlink([[1, 2], [2, 1]]))) < 2


@pytest.mark.parametrize(
    "fill, n, limit",
    [
        (True, 20, 10.0),
        (False, 20, 10.0),
        # Window repair is a randomised search whose time varies from run to run
        # (and with the load of the machine): 30x30 gets a wider limit, and it is
        # part of the long run only.
        pytest.param(True, 30, 60.0, marks=pytest.mark.slow),
        pytest.param(False, 30, 60.0, marks=pytest.mark.slow),
    ],
)
def test_default_solve_on_long_line_boards(fill, n, limit):
    for seed in LONG_SEEDS:
        puzzle = nl.generate(n, n, seed=seed, fill=fill)
        start = time.perf_counter()
        paths = nl.solve(puzzle, time_limit=limit)
        assert time.perf_counter() - start <= within_limit(limit)
        assert nl.check(puzzle, paths)


def test_lns_repairs_a_given_start_and_reports_its_moves():
    puzzle = nl.generate(20, 20, seed=3001)
    start = nl.route_greedily(puzzle)
    assert len(start) == puzzle.pairs
    assert nl.check(_open(puzzle), start)
    stats = {}
    paths = nl.solve_lns(puzzle, time_limit=30, start=start, stats=stats)
    assert nl.check(puzzle, paths)
    assert set(stats) == {"better", "sideways", "rounds", "cuts"}
    assert stats["better"] > 0
    assert stats["rounds"] >= stats["better"] + stats["sideways"]


def test_lns_timeout_passes_on_the_lines_so_far():
    puzzle = nl.generate(30, 30, seed=3000)
    start = nl.route_greedily(puzzle)
    with pytest.raises(helper.SolverTimeout) as caught:
        nl.solve_lns(puzzle, time_limit=0.2, start=start, call_limit=0.05)
    best = caught.value.best
    assert best is not None and nl.check(_open(puzzle), best)


def test_solve_takes_a_puzzle():
    with pytest.raises(ValueError):
        Numberlink(np.array([[1, 0, 0]]))
    with pytest.raises(TypeError):
        nl.solve(np.array([[1, 0, 1]]), time_limit=10)


@pytest.mark.slow
def test_stored_unique_boards_are_unique():
    # Made by the book's earlier grow-and-split generator (see data/README.md).
    for name in UNIQUE_FILES:
        puzzle = nl.load(data_path(name), fill=False)
        assert len(nl.solutions(puzzle, limit=2, time_limit=600)) == 1


def test_unique_puzzle_that_leaves_cells_empty():
    # The board of the Z3 chapter whose only solution leaves cells empty.
    board = np.array(
        [
            [0, 0, 0, 1, 0],
            [3, 0, 0, 0, 2],
            [0, 0, 2, 1, 0],
            [0, 0, 0, 0, 3],
            [0, 0, 0, 0, 0],
        ]
    )
    for method in ("cpsat-circuit", "sat"):
        with pytest.raises(helper.Unsolvable):
            nl.solve(Numberlink(board, fill=True), method=method, time_limit=10)
    puzzle = Numberlink(board, fill=False)
    answers = nl.solutions(puzzle, limit=2, time_limit=10)
    assert len(answers) == 1
    assert nl.solve(puzzle, time_limit=10) == answers[0]
    assert nl.solve(puzzle, method="cpsat-circuit", time_limit=10) == answers[0]
    used = sum(len(path) for path in answers[0].values())
    assert used < board.size and nl.check(puzzle, answers[0])
