"""Slitherlink: the puzzle class, reader, checker, generator and every solver."""

import dataclasses
import threading

import numpy as np
import pytest
from matplotlib import pyplot as plt
from pysat.formula import IDPool

from helper import SolverTimeout, Unsolvable, data_path
from helper.bench import run_benchmark
from helper.check import check_slitherlink
from helper.plot import plot_slitherlink_board
from helper.slitherlink import (
    BRANCHING,
    DEFAULT_METHOD,
    METHODS,
    OFF,
    ON,
    Lattice,
    Slitherlink,
    _LoopCuts,
    check,
    edge_variables,
    edges_on,
    generate,
    generate_with_loop,
    load,
    parse,
    propagate,
    sat_clauses,
    solutions,
    solve,
    solve_propagation,
    solve_sat,
)

REAL = ["ortools_small_4x4.txt", "ortools_medium_8x8.txt", "ortools_big_10x10.txt"]

# The unique answer of the 4x4 board, worked out by hand and confirmed by every method.
SMALL_ANSWER = [
    (0, 0), (0, 1), (1, 1), (1, 2), (1, 3), (0, 3), (0, 4), (1, 4), (2, 4), (2, 3),
    (2, 2), (3, 2), (3, 3), (4, 3), (4, 2), (4, 1), (4, 0), (3, 0), (3, 1), (2, 1),
    (2, 0), (1, 0),
]


def edge_set(loop):
    """A loop as a set of undirected edges: independent of start point and direction."""
    return {frozenset(pair) for pair in zip(loop, loop[1:] + loop[:1], strict=True)}


def real(name):
    return load(data_path(f"slitherlink/{name}"))


def blank(height, width):
    return Slitherlink(np.full((height, width), -1))


# --- the puzzle class ---------------------------------------------------------------


def test_the_puzzle_holds_a_read_only_grid_and_compares_by_value():
    puzzle = Slitherlink([[3, -1, 0], [-1, 2, 1]])
    assert (puzzle.height, puzzle.width) == (2, 3)
    assert puzzle.clues.tolist() == [[3, -1, 0], [-1, 2, 1]]
    assert puzzle.clues.dtype.kind == "i" and not puzzle.clues.flags.writeable
    with pytest.raises(ValueError):
        puzzle.clues[0, 0] = 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        puzzle.clues = np.zeros((2, 3), dtype=int)
    same = Slitherlink(np.array([[3, -1, 0], [-1, 2, 1]]))
    assert same == puzzle and hash(same) == hash(puzzle)
    assert Slitherlink([[3, -1, 0], [-1, 2, 2]]) != puzzle
    assert {puzzle: "a dictionary key"}[same] == "a dictionary key"


def test_the_puzzle_copies_its_input():
    grid = np.array([[1, 2], [3, -1]])
    puzzle = Slitherlink(grid)
    grid[0, 0] = 0
    assert puzzle.clues[0, 0] == 1


@pytest.mark.parametrize(
    "clues, pattern",
    [
        ([[3, 4]], r"4 at row 0, column 1 is not a clue 0-3"),
        ([[0, 1], [-2, 1]], r"-2 at row 1, column 0"),
        ([[1, 2], [3]], r"not a rectangular grid"),
        ([], r"non-empty 2-D grid"),
        ([1, 2, 3], r"non-empty 2-D grid"),
        ([[0.5, 1]], r"entries must be integers"),
    ],
)
def test_the_puzzle_rejects_what_load_rejects(clues, pattern):
    with pytest.raises(ValueError, match=pattern):
        Slitherlink(clues)


# --- reader -------------------------------------------------------------------------


def write(tmp_path, text):
    path = tmp_path / "board.txt"
    path.write_text(text)
    return path


def test_load_reads_clues_and_blanks(tmp_path):
    puzzle = load(write(tmp_path, "3 . 0\n. 2 1\n\n"))
    assert puzzle == Slitherlink([[3, -1, 0], [-1, 2, 1]])
    assert parse("3 . 0\n\n. 2 1") == puzzle


def test_load_real_boards_have_their_sizes():
    sizes = [(p.height, p.width) for p in map(real, REAL)]
    assert sizes == [(4, 4), (8, 8), (10, 10)]
    assert real(REAL[0]).clues[0].tolist() == [3, 2, -1, 3]


@pytest.mark.parametrize(
    "text, pattern",
    [
        ("3 . 0\n. 4 1\n", r"board.txt, line 2, column 2: clue 4 is outside 0-3"),
        ("3 . 0\n. x 1\n", r"line 2, column 2: unknown entry 'x'"),
        ("3 . 0\n. -1 1\n", r"line 2, column 2: unknown entry '-1'"),
        ("3 . 0\n. ² 1\n", r"line 2, column 2: unknown entry '²'"),
        ("3 . 0\n. 2\n", r"line 2: 2 entries, but line 1 has 3 \(ragged rows\)"),
        ("\n\n", r"board.txt, line 1: no board, every line is blank"),
    ],
)
def test_load_rejects_malformed_files(tmp_path, text, pattern):
    with pytest.raises(ValueError, match=pattern):
        load(write(tmp_path, text))


def test_parse_names_its_source():
    with pytest.raises(ValueError, match=r"^<text>, line 1, column 1"):
        parse("7")
    with pytest.raises(ValueError, match=r"^clipboard, line 3"):
        parse("1 2\n\n1", source="clipboard")


# --- independent checker ------------------------------------------------------------


def test_check_accepts_the_known_answer():
    assert check is check_slitherlink
    assert check(real(REAL[0]), SMALL_ANSWER) is True


@pytest.mark.parametrize(
    "loop, rule",
    [
        (
            [(0, 0), (0, 1), (1, 1), (1, 0)],
            r"clue rule: cell \(0, 0\) shows 3 but the loop uses 4",
        ),
        ([(0, 0), (0, 1), (1, 2), (1, 0)], r"step rule: \(0, 1\) -> \(1, 2\)"),
        (
            [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2), (1, 2), (1, 1), (1, 0)],
            r"single-loop rule: point \(1, 1\) is visited twice",
        ),
        (
            [(0, 4), (0, 5), (1, 5), (1, 4)],
            r"board rule: point \(0, 5\) is outside the 4x4 board",
        ),
        ([(0, 0), (0, 1), (1, 1)], r"loop rule: a loop needs at least 4 points"),
        ([(0, 0), (0, 0.5), (1, 1), (1, 0)], r"point rule"),
        # Not closed: the last point is not next to the first.
        (SMALL_ANSWER[:-2], r"step rule"),
    ],
)
def test_check_rejects_each_kind_of_wrong_answer(loop, rule):
    with pytest.raises(ValueError, match=rule):
        check(real(REAL[0]), loop)


def test_check_rejects_two_loops_given_as_one():
    # Two squares joined by a jump: the jump is not a unit step.
    two = [(0, 0), (0, 1), (1, 1), (1, 0), (3, 3), (3, 4), (4, 4), (4, 3)]
    with pytest.raises(ValueError, match="step rule"):
        check(blank(4, 4), two)


def test_check_reads_the_puzzle_by_its_attributes():
    class Bare:  # anything with a clue grid: the checker does not import the module
        clues = [[-1, -1], [-1, 4]]

    with pytest.raises(ValueError, match=r"cell \(1, 1\) shows 4 but the loop uses 0"):
        check_slitherlink(Bare(), [(0, 0), (0, 1), (1, 1), (1, 0)])


# --- lattice, generator, propagation, plot ------------------------------------------


def test_lattice_counts_and_numbering():
    lattice = Lattice(3, 5)
    assert len(lattice.points) == 4 * 6
    assert len(lattice.edge_ends) == 4 * 5 + 3 * 6
    assert sorted(len(e) for e in lattice.point_edges).count(2) == 4  # the corners
    for cell, sides in enumerate(lattice.cell_edges):
        r, c = divmod(cell, 5)
        corners = {(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)}
        assert all(set(lattice.edge_points[e]) <= corners for e in sides)
    assert lattice.edge_between((1, 1), (1, 2)) == 1 * 5 + 1
    assert lattice.edge_between((1, 1), (2, 2)) is None


def test_generate_is_deterministic_and_its_loop_fits():
    a, loop_a = generate_with_loop(12, 9, density=0.6, seed=5)
    b, loop_b = generate_with_loop(12, 9, density=0.6, seed=5)
    assert a == b and loop_a == loop_b
    assert (a.height, a.width) == (12, 9)
    assert generate(12, 9, density=0.6, seed=5) == a
    assert generate(12, 9, density=0.6, seed=6) != a
    full, loop = generate_with_loop(12, 9, density=1.0, seed=5)
    assert (full.clues >= 0).all() and check(full, loop)
    assert check(a, loop_a)
    # The same seed grows the same region: fewer clues, same loop.
    assert loop == loop_a
    shown = a.clues >= 0
    assert np.array_equal(a.clues[shown], full.clues[shown])


@pytest.mark.parametrize("seed", range(10))
def test_generated_loops_are_single_loops(seed):
    puzzle, loop = generate_with_loop(8, 11, density=1.0, fill=0.6, seed=seed)
    assert isinstance(puzzle, Slitherlink) and check(puzzle, loop)


def test_propagation_rules_decide_what_the_chapter_says():
    medium = real(REAL[1])
    state = propagate(medium, ("clue",))
    lattice = Lattice(medium.height, medium.width)
    zero_sides = {
        lattice.edge_points[e]
        for cell, sides in enumerate(lattice.cell_edges)
        if medium.clues.flat[cell] == 0
        for e in sides
    }
    assert set(state.edges(OFF)) == zero_sides
    full = propagate(medium)
    assert len(full.edges(ON)) + len(full.edges(OFF)) > len(zero_sides)
    with pytest.raises(Unsolvable):
        propagate(Slitherlink([[0, 3]]))


def test_plot_returns_a_figure():
    puzzle, loop = generate_with_loop(6, 6, density=0.5, seed=1)
    on, off = [((0, 0), (0, 1))], [((1, 0), (1, 1))]
    fig = plot_slitherlink_board(puzzle, loop, loops=[loop], on=on, off=off, title="t")
    assert fig.axes and fig.axes[0].get_title() == "t"
    plt.close(fig)
    fig = plot_slitherlink_board(puzzle.clues)  # a bare grid of clues works too
    assert len(fig.axes[0].texts) == int((puzzle.clues >= 0).sum())
    plt.close(fig)


# --- the SAT model ------------------------------------------------------------------


def test_edge_variables_are_named_in_the_pool():
    lattice = Lattice(2, 3)
    pool = IDPool()
    pool.id("something else first")
    edge = edge_variables(lattice, pool)
    assert len(edge) == len(lattice.edge_ends) == len(set(edge))
    assert all(pool.obj(v) == ("edge", e) for e, v in enumerate(edge))
    assert 1 not in edge  # the pool's first id was taken before
    clauses = sat_clauses(blank(2, 3), edge, lattice)
    used = {abs(x) for clause in clauses for x in clause}
    assert used == set(edge)  # no hand-counted ids: only the pool's edge variables


def test_edges_on_reads_models_with_and_without_a_block_of_ids():
    lattice = Lattice(2, 3)
    block = edge_variables(lattice, IDPool())
    scattered = edge_variables(lattice, IDPool(occupied=[[3, 5]]))
    assert isinstance(block, range) and isinstance(scattered, list)
    assert 4 not in scattered and set(block) != set(scattered)
    top = max(scattered)
    on = {0, 2, 7, 16}
    for edge in (block, scattered):
        truth = {v: e in on for e, v in enumerate(edge)}
        model = [v if truth.get(v) else -v for v in range(1, top + 1)]
        assert edges_on(model, edge) == sorted(on)


def test_a_loop_that_fits_alone_is_the_answer_only_for_solve():
    # Loop A around cell (0, 0) meets the clue 1 of cell (0, 1); loop B around cell
    # (2, 2) meets no clue. The model with both loops meets every clause.
    puzzle = Slitherlink([[-1, 1, -1], [-1, -1, -1], [-1, -1, -1]])
    lattice = Lattice(3, 3)
    edge = edge_variables(lattice, IDPool())
    square_a = [(0, 0), (0, 1), (1, 1), (1, 0)]
    square_b = [(2, 2), (2, 3), (3, 3), (3, 2)]
    on = set()
    for square in (square_a, square_b):
        steps = zip(square, square[1:] + square[:1], strict=True)
        on.update(lattice.edge_between(p, q) for p, q in steps)
    model = [v if e in on else -v for e, v in enumerate(edge)]
    assert sorted(edges_on(model, edge)) == sorted(on)
    accept = _LoopCuts(puzzle, lattice, edge)
    assert accept(model) == [] and edge_set(accept.loop) == edge_set(square_a)
    strict = _LoopCuts(puzzle, lattice, edge, accept_alone=False)
    (cut,) = strict(model)  # only loop B is cut: loop A alone is still allowed
    b_edges = {lattice.edge_between(p, q) for p, q in edge_set(square_b)}
    assert sorted(cut) == sorted(-edge[e] for e in b_edges)
    assert strict.loop is None


def test_a_model_whose_loops_all_fit_alone_gets_one_joint_cut():
    puzzle = blank(3, 3)
    lattice = Lattice(3, 3)
    edge = edge_variables(lattice, IDPool())
    on = set()
    for square in ([(0, 0), (0, 1), (1, 1), (1, 0)], [(2, 2), (2, 3), (3, 3), (3, 2)]):
        steps = zip(square, square[1:] + square[:1], strict=True)
        on.update(lattice.edge_between(p, q) for p, q in steps)
    model = [v if e in on else -v for e, v in enumerate(edge)]
    (cut,) = _LoopCuts(puzzle, lattice, edge, accept_alone=False)(model)
    assert sorted(cut) == sorted(-edge[e] for e in on)


def test_sat_stats_record_rounds_cuts_and_history():
    stats = {}
    loop = solve_sat(real(REAL[2]), time_limit=30, stats=stats)
    assert check(real(REAL[2]), loop)
    assert stats["rounds"] == len(stats["history"]) > 1
    assert stats["cuts"] >= len(stats["history"][0]) and len(stats["history"][-1]) == 1


def test_sat_leaves_no_timer_thread_behind():
    before = threading.active_count()
    for name in REAL:
        solve_sat(real(name), time_limit=30)
        solutions(real(name), time_limit=30)
    assert threading.active_count() == before


# --- solvers ------------------------------------------------------------------------


@pytest.mark.parametrize("method", sorted(METHODS))
@pytest.mark.parametrize("name", REAL)
def test_every_method_solves_the_real_boards(method, name):
    puzzle = real(name)
    loop = solve(puzzle, method=method, time_limit=30)
    assert check(puzzle, loop)
    # The real boards have exactly one answer, so every method must find the same edges.
    assert edge_set(loop) == edge_set(solve(puzzle, time_limit=30))
    if name == REAL[0]:
        assert edge_set(loop) == edge_set(SMALL_ANSWER)


@pytest.mark.parametrize("method", sorted(METHODS))
@pytest.mark.parametrize("seed", [11, 12, 13])
def test_every_method_solves_unseen_generated_boards(method, seed):
    puzzle = generate(9, 7, density=0.6, seed=seed)
    assert check(puzzle, solve(puzzle, method=method, time_limit=30))


@pytest.mark.parametrize("branching", sorted(BRANCHING))
def test_both_branching_rules_solve_real_and_generated_boards(branching):
    boards = [real(name) for name in REAL] + [generate(12, 12, density=0.5, seed=21)]
    for puzzle in boards:
        stats = {}
        loop = solve_propagation(
            puzzle, time_limit=30, stats=stats, branching=branching
        )
        assert check(puzzle, loop)
        assert stats["nodes"] >= 1 and 0 <= stats["decided_at_root"]


def test_solve_passes_options_to_the_method():
    stats = {}
    loop = solve(real(REAL[1]), method="propagation", time_limit=30, stats=stats)
    assert check(real(REAL[1]), loop) and stats["nodes"] >= 1


@pytest.mark.parametrize("size", [60, 100])
def test_default_method_solves_large_generated_boards(size):
    puzzle = generate(size, size, density=0.5, seed=1000 + size)
    assert check(puzzle, solve(puzzle, time_limit=30))


@pytest.mark.parametrize("method", sorted(METHODS))
@pytest.mark.parametrize("board", [[[3, 3], [3, 3]], [[0, 0], [0, 0]], [[0, 3]]])
def test_unsolvable_boards_raise(method, board):
    with pytest.raises(Unsolvable):
        solve(Slitherlink(board), method=method, time_limit=30)


def test_board_without_clues_gets_some_loop():
    for method in METHODS:
        assert check(blank(3, 3), solve(blank(3, 3), method=method, time_limit=30))


def test_unknown_method_is_rejected():
    with pytest.raises(ValueError, match=r"unknown method 'magic'.*'sat'"):
        solve(real(REAL[0]), method="magic")
    assert DEFAULT_METHOD in METHODS


@pytest.mark.parametrize(
    "method, board",
    [
        ("propagation", dict(height=30, width=30, density=0.4, seed=1)),
        ("sat", dict(height=100, width=100, density=0.3, seed=2)),
        ("cpsat", dict(height=100, width=100, density=0.5, seed=1)),
    ],
)
def test_tiny_time_limit_raises_timeout(method, board):
    puzzle = generate(**board)
    with pytest.raises(SolverTimeout):
        solve(puzzle, method=method, time_limit=0.05)


def test_the_benchmark_runs_the_methods_as_they_are():
    instances = {name: real(name) for name in REAL[:2]}
    results = run_benchmark(instances, METHODS, check, time_limit=30, repeats=1)
    assert (results["status"] == "ok").all() and len(results) == 2 * len(METHODS)


# --- uniqueness ---------------------------------------------------------------------


@pytest.mark.parametrize("name", REAL)
def test_real_boards_are_unique(name):
    found = solutions(real(name), limit=2, time_limit=30)
    assert len(found) == 1
    assert edge_set(found[0]) == edge_set(solve(real(name), time_limit=30))


def test_solutions_counts_every_loop_of_an_empty_board():
    # The 3x3 grid of lattice points has exactly 13 simple cycles.
    found = solutions(blank(2, 2), limit=100, time_limit=30)
    assert len(found) == 13
    assert len({frozenset(edge_set(loop)) for loop in found}) == 13
    assert all(check(blank(2, 2), loop) for loop in found)


def test_solutions_counts_loops_when_answers_hold_several_loops():
    # The 4x4 grid of points has 213 simple cycles (OEIS A140517), and room for two
    # disjoint loops in one SAT answer, each of which fits the (missing) clues alone:
    # none may be lost and none counted twice.
    found = solutions(blank(3, 3), limit=300, time_limit=60)
    assert len({frozenset(edge_set(loop)) for loop in found}) == len(found) == 213
    assert all(check(blank(3, 3), loop) for loop in found)


def test_solutions_finds_two_answers_of_an_ambiguous_board():
    puzzle = generate(5, 5, density=0.4, seed=1)
    two = solutions(puzzle, limit=2, time_limit=30)
    assert len(two) == 2 and edge_set(two[0]) != edge_set(two[1])
    assert all(check(puzzle, loop) for loop in two)
    assert len(solutions(puzzle, limit=1, time_limit=30)) == 1


def test_solutions_of_an_unsolvable_board_is_empty():
    assert solutions(Slitherlink([[3, 3], [3, 3]]), time_limit=30) == []


def test_solutions_raises_on_a_tiny_time_limit():
    with pytest.raises(SolverTimeout):
        solutions(generate(100, 100, density=0.3, seed=2), time_limit=0.05)


# --- long sweep (run with --slow) ---------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("size", [40, 60, 80, 100])
@pytest.mark.parametrize("density", [0.7, 0.5])
def test_default_method_on_many_large_generated_boards(size, density):
    for seed in range(3):
        puzzle = generate(size, size, density=density, seed=seed)
        assert check(puzzle, solve(puzzle, time_limit=60))
