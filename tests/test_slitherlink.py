"""Slitherlink: loader errors, the independent checker, the generator and every solver method."""

import matplotlib

matplotlib.use("Agg")

import numpy as np
import pytest
from matplotlib import pyplot as plt

from helper import SolverTimeout, Unsolvable, data_path
from helper.check import check_slitherlink
from helper.plot import plot_slitherlink_board
from helper.slitherlink import (
    BRANCHING, DEFAULT_METHOD, METHODS, OFF, ON, Lattice, check, generate, load, propagate,
    solutions, solve, solve_propagation,
)

REAL = ["ortools_small_4x4.txt", "ortools_medium_8x8.txt", "ortools_big_10x10.txt"]

# The unique answer of the 4x4 board, worked out by hand and confirmed by every method.
SMALL_ANSWER = [(0, 0), (0, 1), (1, 1), (1, 2), (1, 3), (0, 3), (0, 4), (1, 4), (2, 4), (2, 3),
                (2, 2), (3, 2), (3, 3), (4, 3), (4, 2), (4, 1), (4, 0), (3, 0), (3, 1), (2, 1),
                (2, 0), (1, 0)]


def edge_set(loop):
    """A loop as a set of undirected edges: independent of start point and direction."""
    return {frozenset(pair) for pair in zip(loop, loop[1:] + loop[:1])}


def real(name):
    return load(data_path(f"slitherlink/{name}"))


# --- loader -------------------------------------------------------------------------------------

def write(tmp_path, text):
    path = tmp_path / "board.txt"
    path.write_text(text)
    return path


def test_load_reads_clues_and_blanks(tmp_path):
    board = load(write(tmp_path, "3 . 0\n. 2 1\n\n"))
    assert board.tolist() == [[3, -1, 0], [-1, 2, 1]]
    assert board.dtype.kind == "i"


def test_load_real_boards_have_their_sizes():
    assert [real(name).shape for name in REAL] == [(4, 4), (8, 8), (10, 10)]
    assert real(REAL[0])[0].tolist() == [3, 2, -1, 3]


@pytest.mark.parametrize("text, pattern", [
    ("3 . 0\n. 4 1\n", r"board.txt, line 2, column 2: clue 4 is outside 0-3"),
    ("3 . 0\n. x 1\n", r"line 2, column 2: unknown entry 'x'"),
    ("3 . 0\n. -1 1\n", r"line 2, column 2: unknown entry '-1'"),
    ("3 . 0\n. 2\n", r"line 2: 2 entries, but line 1 has 3 \(ragged rows\)"),
    ("\n\n", r"line 1: the file holds no board"),
])
def test_load_rejects_malformed_files(tmp_path, text, pattern):
    with pytest.raises(ValueError, match=pattern):
        load(write(tmp_path, text))


# --- independent checker ------------------------------------------------------------------------

def test_check_accepts_the_known_answer():
    assert check is check_slitherlink
    assert check(real(REAL[0]), SMALL_ANSWER) is True


@pytest.mark.parametrize("loop, rule", [
    ([(0, 0), (0, 1), (1, 1), (1, 0)], r"clue rule: cell \(0, 0\) shows 3 but the loop uses 4"),
    ([(0, 0), (0, 1), (1, 2), (1, 0)], r"step rule: \(0, 1\) -> \(1, 2\)"),
    ([(0, 0), (0, 1), (1, 1), (2, 1), (2, 2), (1, 2), (1, 1), (1, 0)],
     r"single-loop rule: point \(1, 1\) is visited twice"),
    ([(0, 4), (0, 5), (1, 5), (1, 4)], r"board rule: point \(0, 5\) is outside the 4x4 board"),
    ([(0, 0), (0, 1), (1, 1)], r"loop rule: a loop needs at least 4 points"),
    ([(0, 0), (0, 0.5), (1, 1), (1, 0)], r"point rule"),
    (SMALL_ANSWER[:-2], r"step rule"),  # not closed: the last point is not next to the first
])
def test_check_rejects_each_kind_of_wrong_answer(loop, rule):
    with pytest.raises(ValueError, match=rule):
        check_slitherlink(real(REAL[0]), loop)


def test_check_rejects_two_loops_given_as_one():
    # Two squares joined by a jump: the jump is not a unit step.
    two = [(0, 0), (0, 1), (1, 1), (1, 0), (3, 3), (3, 4), (4, 4), (4, 3)]
    with pytest.raises(ValueError, match="step rule"):
        check_slitherlink(np.full((4, 4), -1), two)


# --- lattice, generator, propagation, plot ------------------------------------------------------

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
    a, loop_a = generate(12, 9, density=0.6, seed=5)
    b, loop_b = generate(12, 9, density=0.6, seed=5)
    assert np.array_equal(a, b) and loop_a == loop_b
    assert a.shape == (12, 9)
    full, loop = generate(12, 9, density=1.0, seed=5)
    assert (full >= 0).all() and check_slitherlink(full, loop)
    assert check_slitherlink(a, loop_a)


@pytest.mark.parametrize("seed", range(10))
def test_generated_loops_are_single_loops(seed):
    clues, loop = generate(8, 11, density=1.0, fill=0.6, seed=seed)
    assert check_slitherlink(clues, loop)


def test_propagation_rules_decide_what_the_chapter_says():
    medium = real(REAL[1])
    state = propagate(medium, ("clue",))
    lattice = Lattice(*medium.shape)
    zero_sides = {lattice.edge_points[e] for cell, sides in enumerate(lattice.cell_edges)
                  if medium.flat[cell] == 0 for e in sides}
    assert set(state.edges(OFF)) == zero_sides
    full = propagate(medium)
    assert len(full.edges(ON)) + len(full.edges(OFF)) > len(zero_sides)
    with pytest.raises(Unsolvable):
        propagate(np.array([[0, 3]]))


def test_plot_returns_a_figure():
    clues, loop = generate(6, 6, density=0.5, seed=1)
    fig = plot_slitherlink_board(clues, loop, loops=[loop], on=[((0, 0), (0, 1))],
                                 off=[((1, 0), (1, 1))], title="t")
    assert fig.axes and fig.axes[0].get_title() == "t"
    plt.close(fig)


# --- solvers ------------------------------------------------------------------------------------

@pytest.mark.parametrize("method", sorted(METHODS))
@pytest.mark.parametrize("name", REAL)
def test_every_method_solves_the_real_boards(method, name):
    clues = real(name)
    loop = solve(clues, method=method, time_limit=30)
    assert check_slitherlink(clues, loop)
    # The real boards have exactly one answer, so every method must find the same edges.
    assert edge_set(loop) == edge_set(solve(clues, time_limit=30))
    if name == REAL[0]:
        assert edge_set(loop) == edge_set(SMALL_ANSWER)


@pytest.mark.parametrize("method", sorted(METHODS))
@pytest.mark.parametrize("seed", [11, 12, 13])
def test_every_method_solves_unseen_generated_boards(method, seed):
    clues, _ = generate(9, 7, density=0.6, seed=seed)
    assert check_slitherlink(clues, solve(clues, method=method, time_limit=30))


@pytest.mark.parametrize("branching", sorted(BRANCHING))
def test_both_branching_rules_solve_real_and_generated_boards(branching):
    boards = [real(name) for name in REAL] + [generate(12, 12, density=0.5, seed=21)[0]]
    for clues in boards:
        stats = {}
        loop = solve_propagation(clues, time_limit=30, stats=stats, branching=branching)
        assert check_slitherlink(clues, loop)
        assert stats["nodes"] >= 1 and 0 <= stats["decided_at_root"]


@pytest.mark.parametrize("size", [60, 100])
def test_default_method_solves_large_generated_boards(size):
    clues, _ = generate(size, size, density=0.5, seed=1000 + size)
    assert check_slitherlink(clues, solve(clues, time_limit=30))


@pytest.mark.parametrize("method", sorted(METHODS))
@pytest.mark.parametrize("board", [[[3, 3], [3, 3]], [[0, 0], [0, 0]], [[0, 3]]])
def test_unsolvable_boards_raise(method, board):
    with pytest.raises(Unsolvable):
        solve(np.array(board), method=method, time_limit=30)


def test_board_without_clues_gets_some_loop():
    for method in METHODS:
        assert check_slitherlink(np.full((3, 3), -1), solve(np.full((3, 3), -1), method=method))


def test_unknown_method_is_rejected():
    with pytest.raises(ValueError, match="unknown method"):
        solve(real(REAL[0]), method="magic")
    assert DEFAULT_METHOD in METHODS


@pytest.mark.parametrize("method, board", [
    ("propagation", dict(height=30, width=30, density=0.4, seed=1)),
    ("sat", dict(height=100, width=100, density=0.3, seed=2)),
    ("cpsat", dict(height=100, width=100, density=0.5, seed=1)),
])
def test_tiny_time_limit_raises_timeout(method, board):
    clues, _ = generate(**board)
    with pytest.raises(SolverTimeout):
        solve(clues, method=method, time_limit=0.05)


# --- uniqueness ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name", REAL)
def test_real_boards_are_unique(name):
    found = solutions(real(name), limit=2, time_limit=30)
    assert len(found) == 1


def test_solutions_counts_every_loop_of_an_empty_board():
    # The 3x3 grid of lattice points has exactly 13 simple cycles.
    found = solutions(np.full((2, 2), -1), limit=100, time_limit=30)
    assert len(found) == 13
    assert len({frozenset(edge_set(loop)) for loop in found}) == 13
    assert all(check_slitherlink(np.full((2, 2), -1), loop) for loop in found)


def test_solutions_finds_two_answers_of_an_ambiguous_board():
    clues, _ = generate(5, 5, density=0.4, seed=1)
    two = solutions(clues, limit=2, time_limit=30)
    assert len(two) == 2 and edge_set(two[0]) != edge_set(two[1])
    assert all(check_slitherlink(clues, loop) for loop in two)


# --- long sweep (run with --slow) ---------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("size", [40, 60, 80, 100])
@pytest.mark.parametrize("density", [0.7, 0.5])
def test_default_method_on_many_large_generated_boards(size, density):
    for seed in range(3):
        clues, _ = generate(size, size, density=density, seed=seed)
        assert check_slitherlink(clues, solve(clues, time_limit=60))
