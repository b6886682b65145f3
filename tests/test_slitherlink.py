"""Slitherlink: the puzzle class, reader, checker, generator and every solver.

The hostile inputs, time limits and property-based tests of the package are in
``test_slitherlink_inputs.py``.
"""

import dataclasses
import threading
import time

import numpy as np
import pytest
from limits import within_limit
from matplotlib import pyplot as plt
from pysat.formula import IDPool

from helper import Deadline, SolverTimeout, Unsolvable, data_path
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
    check,
    colour_clauses,
    difficulty,
    edge_variables,
    edges_on,
    from_puzzlink,
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
    to_puzzlink,
)
from helper.slitherlink.generators import _UniqueCheck
from helper.slitherlink.propagation import EdgeState, _probe
from helper.slitherlink.sat_model import _LoopCuts, _RegionCuts, solutions_sat

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
        ([(0, 0), (0, 1), (1, 1)], r"loop rule: a loop has at least 4 points, not 3"),
        ([(0, 0), (0, 0.5), (1, 1), (1, 0)], r"point rule: point 1, \(0, 0.5\)"),
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
        ends = [(lattice.links[e][:2], lattice.links[e][2:]) for e in sides]
        assert all({p, q} <= corners for p, q in ends)
    assert lattice.edge_between((1, 1), (1, 2)) == 1 * 5 + 1
    assert lattice.edge_between((1, 1), (2, 2)) is None


def test_generate_keeps_its_default_boards():
    # Without `unique`, generate is generate_with_loop's puzzle, density 0.5 by default.
    for seed in range(3):
        planted, _ = generate_with_loop(7, 9, density=0.5, seed=seed)
        assert generate(7, 9, seed=seed) == planted
        assert generate(7, 9, seed=seed, density=0.5) == planted


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
        lattice.links[e]
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
    on, off = [(0, 0, 0, 1)], [(1, 0, 1, 1)]  # links: (r1, c1, r2, c2)
    fig = plot_slitherlink_board(puzzle, loop, loops=[loop], on=on, off=off, title="t")
    assert fig.axes and fig.axes[0].get_title() == "t"
    plt.close(fig)
    fig = plot_slitherlink_board(puzzle.clues)  # a bare grid of clues works too
    assert len(fig.axes[0].texts) == int((puzzle.clues >= 0).sum())
    plt.close(fig)
    shade = np.zeros((6, 6), dtype=bool)
    shade[1:3, 2:4] = True
    fig = plot_slitherlink_board(puzzle, shade=shade)
    (tint,) = fig.axes[0].collections[1:]  # the lattice points, then the tinted cells
    assert len(tint.get_paths()) == 4
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


# --- region cuts and colours ----------------------------------------------------------


def model_of(lattice, edge, on):
    """A PySAT model (edge variables only) with exactly the edges ``on``."""
    return [v if e in on else -v for e, v in enumerate(edge)]


def test_colour_clauses_colour_every_set_of_loops_exactly_once():
    from pysat.solvers import Solver

    lattice = Lattice(3, 4)
    pool = IDPool()
    edge = edge_variables(lattice, pool)
    square = [(0, 0), (0, 1), (1, 1), (1, 0)]  # around cell (0, 0)
    ring = [(1, 2), (1, 3), (1, 4), (2, 4), (3, 4), (3, 3), (3, 2), (2, 2)]  # 4 cells
    on = set(lattice.loop_edges(square)) | set(lattice.loop_edges(ring))
    inside = lattice.inside(lattice.loop_edges(square))
    inside |= lattice.inside(lattice.loop_edges(ring))
    assert inside.sum() == 1 + 4
    colour = [pool.id(("inside", c)) for c in range(12)]
    clauses = colour_clauses(lattice, edge, pool)
    with Solver(name="glucose4", bootstrap_with=clauses) as s:
        assert s.solve(assumptions=model_of(lattice, edge, on))
        model = set(s.get_model())
        assert [v in model for v in colour] == inside.ravel().tolist()
        for c, v in enumerate(colour):  # the colouring is forced, cell by cell
            flipped = -v if inside.flat[c] else v
            assert not s.solve(assumptions=model_of(lattice, edge, on) + [flipped])


def test_region_cuts_never_cut_a_single_loop():
    # Every cut, with its auxiliary variables set as the loop forces them, must hold
    # for each of the 213 loops of the empty 3x3 board.
    puzzle = blank(3, 3)
    lattice = Lattice(3, 3)
    pool = IDPool()
    edge = edge_variables(lattice, pool)
    cuts = _RegionCuts(lattice, edge, pool)
    squares = [
        [(0, 0), (0, 1), (1, 1), (1, 0)],
        [(2, 2), (2, 3), (3, 3), (3, 2)],
        [(0, 2), (0, 3), (1, 3), (1, 2)],
    ]
    clauses = []
    for pair in ([0, 1], [0, 2], [0, 1, 2]):
        on = {e for i in pair for e in lattice.loop_edges(squares[i])}
        new = cuts(model_of(lattice, edge, on))
        assert new and cuts.made >= 1
        clauses += new
    loops = solutions(puzzle, limit=300, time_limit=60)
    assert len(loops) == 213
    auxiliary = {abs(x) for clause in clauses for x in clause} - set(edge)
    for loop in loops:
        true = {edge[e] for e in lattice.loop_edges(loop)}
        for a in sorted(auxiliary):  # an auxiliary is true when an edge implies it
            if any(c == [-x, a] for c in clauses for x in true if len(c) == 2):
                true.add(a)
        for clause in clauses:
            assert any((x > 0) == (abs(x) in true) for x in clause), (loop, clause)


def test_a_region_cut_forbids_every_loop_inside_the_disk():
    lattice = Lattice(4, 6)
    pool = IDPool()
    edge = edge_variables(lattice, pool)
    main = [(0, 0), (0, 1), (1, 1), (1, 0)]
    stray = [(0, 3), (0, 6), (4, 6), (4, 3)]
    stray = [(0, 3), (0, 4), (0, 5), (0, 6), (1, 6), (2, 6), (3, 6), (4, 6)]
    stray += [(4, 5), (4, 4), (4, 3), (3, 3), (2, 3), (1, 3)]
    on = set(lattice.loop_edges(main)) | set(lattice.loop_edges(stray))
    clauses = _RegionCuts(lattice, edge, pool)(model_of(lattice, edge, on))
    from pysat.solvers import Solver

    with Solver(name="glucose4", bootstrap_with=clauses) as s:
        # The main loop next to any small loop inside the stray loop's disk: forbidden.
        inner = [(1, 4), (1, 5), (2, 5), (2, 4)]
        both = set(lattice.loop_edges(main)) | set(lattice.loop_edges(inner))
        assert not s.solve(assumptions=model_of(lattice, edge, both))
        # Each loop alone is still allowed.
        for alone in (inner, main, stray):
            on = set(lattice.loop_edges(alone))
            assert s.solve(assumptions=model_of(lattice, edge, on))


def test_solutions_settles_a_sparse_unique_board_quickly():
    sparse = load(data_path("slitherlink/unique_15x15.txt"))
    stats = {}
    (loop,) = solutions(sparse, limit=2, time_limit=30, stats=stats)
    assert check(sparse, loop) and stats["rounds"] < 1000
    # The loop cuts cannot settle it in that time (the trap the chapter shows).
    trap = {}
    with pytest.raises(SolverTimeout):
        solutions_sat(sparse, time_limit=2, stats=trap, cuts="loop", colours=False)
    assert trap["rounds"] > 10 * stats["rounds"]


# --- unique puzzles -----------------------------------------------------------------


def remove_clues_one_by_one(puzzle, seed):
    """The chapter's plain generator: every step checked with ``solutions``."""
    order = np.random.default_rng(seed).permutation(puzzle.clues.size).tolist()
    clues = puzzle.clues.copy()
    for cell in order:
        clue, clues.flat[cell] = clues.flat[cell], -1
        if len(solutions(Slitherlink(clues), limit=2, time_limit=60)) != 1:
            clues.flat[cell] = clue
    return Slitherlink(clues)


@pytest.mark.parametrize("seed", range(5))
def test_unique_10x10_puzzles_have_exactly_one_solution(seed):
    puzzle = generate(10, 10, seed=seed, unique=True)
    assert (puzzle.height, puzzle.width) == (10, 10)
    found = solutions(puzzle, limit=2, time_limit=60)
    assert len(found) == 1 and check(puzzle, found[0])
    _, planted = generate_with_loop(10, 10, seed=seed, density=1.0)
    assert edge_set(found[0]) == edge_set(planted)
    assert 0 < (puzzle.clues >= 0).sum() < 100


def test_a_unique_15x15_puzzle_takes_less_than_ten_seconds():
    times = []
    for seed in range(3):
        start = time.perf_counter()
        puzzle = generate(15, 15, seed=seed, unique=True)
        times.append(time.perf_counter() - start)
        assert len(solutions(puzzle, limit=2, time_limit=60)) == 1
        if seed == 0:  # the board the chapter stores, made again
            assert puzzle == load(data_path("slitherlink/unique_15x15.txt"))
    assert sorted(times)[1] <= within_limit(10), times


@pytest.mark.parametrize("size, seed", [(5, 0), (6, 1), (7, 2)])
def test_the_fast_generator_makes_the_plain_generators_puzzles(size, seed):
    planted, _ = generate_with_loop(size, size, seed=seed, density=1.0)
    assert generate(size, size, seed=seed, unique=True) == remove_clues_one_by_one(
        planted, seed
    )


@pytest.mark.parametrize("seed", range(3))
def test_unique_puzzles_are_minimal(seed):
    puzzle = generate(6, 6, seed=seed, unique=True)
    for r, c in np.argwhere(puzzle.clues >= 0).tolist():
        fewer = puzzle.clues.copy()
        fewer[r, c] = -1
        assert len(solutions(Slitherlink(fewer), limit=2)) == 2, (r, c)


def test_the_uniqueness_check_sees_a_second_loop_and_keeps_its_cuts():
    full, loop = generate_with_loop(8, 8, seed=4, density=1.0)
    with _UniqueCheck(full, loop, Deadline(30)) as check_unique:
        assert check_unique.unique(np.ones((8, 8), dtype=bool))
        nothing = np.zeros((8, 8), dtype=bool)
        assert not check_unique.unique(nothing)  # no clue: many loops fit
        made = check_unique.cuts.made
        assert check_unique.unique(np.ones((8, 8), dtype=bool))  # cuts hid nothing
        assert check_unique.checks == 3 and check_unique.cuts.made >= made


def test_generate_unique_options_and_limits():
    stats = {}
    puzzle = generate(6, 6, seed=2, unique=True, stats=stats)
    assert stats["checks"] == 36 and stats["cuts"] >= 0
    assert generate(6, 6, seed=2, unique=True) == puzzle  # reproducible
    assert generate(6, 6, seed=3, unique=True) != puzzle
    assert generate(6, 8, seed=2, unique=True).clues.shape == (6, 8)
    with pytest.raises(ValueError, match="density does not apply"):
        generate(6, 6, unique=True, density=0.5)
    with pytest.raises(SolverTimeout):
        generate(20, 20, seed=1, unique=True, time_limit=0.05)


# --- difficulty -----------------------------------------------------------------------


def test_difficulty_levels():
    level, share = difficulty(generate(10, 10, seed=1, density=1.0))
    assert (level, share) == ("logic", 1.0)
    level, share = difficulty(generate(5, 5, seed=0, unique=True))
    assert level == "probing" and 0 <= share < 1
    level, share = difficulty(generate(10, 10, seed=0, unique=True))
    assert level == "search" and 0 < share < 1
    # A puzzle with two answers can never be finished by the rules.
    assert difficulty(generate(5, 5, density=0.4, seed=1))[0] == "search"
    for seed in range(6):
        level, share = difficulty(generate(7, 7, seed=seed, unique=True))
        assert level in ("logic", "probing", "search") and 0 <= share <= 1


def test_difficulty_share_is_what_propagation_decides():
    puzzle = real(REAL[2])
    state = propagate(puzzle)
    _, share = difficulty(puzzle)
    assert share == 1 - state.unknown / len(state.value)


def test_probing_decides_more_than_the_rules():
    puzzle = generate(8, 8, seed=1, unique=True)
    state = EdgeState(puzzle)
    state.propagate()
    before = state.unknown
    _probe(state, Deadline(30))
    assert state.unknown < before
    # Whatever probing decides agrees with the one answer.
    (loop,) = solutions(puzzle)
    on = set(state.lattice.loop_edges(loop))
    for e, value in enumerate(state.value):
        assert value == 0 or (value == 1) == (e in on)


def test_difficulty_of_unsolvable_boards_and_time_limits():
    with pytest.raises(Unsolvable):
        difficulty(Slitherlink([[3, 3], [3, 3]]))
    with pytest.raises(Unsolvable):
        difficulty(Slitherlink([[0, 0], [0, 0]]))  # every edge crossed out
    with pytest.raises(SolverTimeout):
        difficulty(generate(30, 30, seed=1, density=0.3), time_limit=0.01)


# --- puzz.link ----------------------------------------------------------------------


def test_puzzlink_reads_pzprjs_own_test_puzzle():
    # The Slitherlink test data of pzprjs (robx/pzprjs, test/script/slither.js at commit
    # 6a09471b4ef9a450c2c2e98923a7bf4aee0479a8): url "5/5/cbcbcddad", and the same
    # board in its file format "2 . . 1 . /. 2 . . 1 /. . 2 . . /3 . . 3 . /. 0 . . 3".
    url = "https://puzz.link/p?slither/5/5/cbcbcddad"
    puzzle = from_puzzlink(url)
    assert puzzle == parse("2 . . 1 .\n. 2 . . 1\n. . 2 . .\n3 . . 3 .\n. 0 . . 3")
    assert to_puzzlink(puzzle) == url
    assert len(solutions(puzzle)) == 1


def test_puzzlink_reads_the_cspuz_example_either_way_it_ends():
    # semiexp/cspuz, tests/test_serializer.py, test_slitherlink (at commit
    # e09f9fafcf99f7e53a4424ca7040f04baa4b1fdd): cspuz writes "dgdh2c71", and its
    # comment gives the address as pzprjs writes it, "dgdh2c7b" (the last clue absorbs
    # the two cells after it, past the end of the board).
    grid = [[3, -1, -1, -1], [3, -1, -1, -1], [-1, 2, 2, -1], [-1, 2, -1, 1]]
    for body in ("dgdh2c71", "dgdh2c7b"):
        puzzle = from_puzzlink(f"https://puzz.link/p?slither/4/4/{body}")
        assert puzzle == Slitherlink(grid)
    assert to_puzzlink(Slitherlink(grid)) == "https://puzz.link/p?slither/4/4/dgdh2c7b"


def test_puzzlink_writes_columns_before_rows_and_long_runs():
    clues = np.full((2, 25), -1)
    clues[0, 0], clues[1, 24] = 1, 0
    puzzle = Slitherlink(clues)
    url = to_puzzlink(puzzle)
    # 1 and two empty cells, 20 + 20 + 6 empty cells, the 0 at the end ("a": it would
    # absorb two more cells, past the board, as pzprjs writes it).
    assert url == "https://puzz.link/p?slither/25/2/bzzla"
    assert from_puzzlink(url) == puzzle
    assert to_puzzlink(blank(3, 3)) == "https://puzz.link/p?slither/3/3/o"
    assert from_puzzlink("http://pzv.jp/p.html?slither/3/3/o") == blank(3, 3)


@pytest.mark.parametrize("seed", range(4))
def test_puzzlink_round_trip_of_generated_puzzles(seed):
    for puzzle in (
        generate(7, 11, seed=seed),
        generate(9, 9, seed=seed, density=0.9),
        generate(8, 8, seed=seed, unique=True),
        Slitherlink(np.random.default_rng(seed).integers(-1, 4, (6, 13))),
    ):
        assert from_puzzlink(to_puzzlink(puzzle)) == puzzle


@pytest.mark.parametrize(
    "url, pattern",
    [
        ("https://puzz.link/p?numlin/5/5/cbcbcddad", "type 'numlin', expected slither"),
        ("https://puzz.link/p?slither/5/x/cbcb", "expected slither/<columns>"),
        ("https://puzz.link/p?slither/0/5/cbcb", "empty"),
        ("https://puzz.link/p?slither/5/5/cbcbcddAd", "position 7 .*character 'A'"),
        ("https://puzz.link/p?slither/5/5/cbcbcdd", "too few cells.*21 of the 5x5"),
        ("https://puzz.link/p?slither/5/5/cbcbcddad0", "position 9.*too many cells"),
        ("https://puzz.link/p?slither/5/4/zg", "position 1.*too many cells.*'g'"),
        ("https://puzz.link/p?slither/5/5/zzg", "position 1.*run 'z' passes the last"),
        ("https://puzz.link/p?slither/5/5/4x", "position 0.*clue 4"),
        ("https://puzz.link/p?slither/5/5/.x", "position 0.*'\\?'"),
        ("https://puzz.link/p?slither/3/3/", "too few cells.*0 of the 3x3"),
    ],
)
def test_puzzlink_rejects_malformed_urls(url, pattern):
    with pytest.raises(ValueError, match=pattern):
        from_puzzlink(url)
