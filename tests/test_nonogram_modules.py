"""Unit tests of the hand-written modules of helper.nonogram that no chapter teaches.

``cnf`` (the CNF plumbing), ``linesolve.run_starts``, ``board.crossing_check`` (never
a false alarm), ``generator.draw`` and ``measure`` (the chapters' tables: each column
checked against a count made another way on small puzzles).
"""

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.formula import IDPool

from helper import Deadline, SolverTimeout, nonogram
from helper.nonogram import cnf, generator, linesolve, measure
from helper.nonogram.puzzle import Nonogram


def _puzzle(height, width, seed, density=0.5):
    grid = np.random.default_rng(seed).random((height, width)) < density
    return Nonogram.from_picture(grid), grid.astype(int)


# --------------------------------------------------------------------------- cnf
def test_cell_ids_come_first_and_row_by_row():
    puzzle, _ = _puzzle(3, 4, 0)
    pool = IDPool()
    cells = cnf.cell_ids(puzzle, pool)
    assert cells.tolist() == [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]
    assert cnf.cell_ids(puzzle, pool).tolist() == cells.tolist()  # asked again


def test_line_cells_yield_rows_then_columns():
    puzzle, _ = _puzzle(2, 3, 1)
    cells = np.arange(1, 7).reshape(2, 3)
    lines = list(cnf.line_cells(puzzle, cells))
    assert [clue for clue, _ in lines] == list(puzzle.rows + puzzle.cols)
    assert [ids for _, ids in lines] == [[1, 2, 3], [4, 5, 6], [1, 4], [2, 5], [3, 6]]


def test_picture_reads_the_cells_of_a_model():
    cells = np.array([[1, 2], [3, 4]])
    assert cnf.picture([1, -2, -3, 4, 5], cells).tolist() == [[1, 0], [0, 1]]


def test_load_solver_refuses_a_cnf_that_cannot_load_in_time():
    clauses = [[1, 2, 3]] * 100_000
    with pytest.raises(SolverTimeout, match="too little time left to load"):
        cnf.load_solver("g4", clauses, Deadline(0.01))
    with cnf.load_solver("g4", clauses[:10], Deadline(10)) as solver:
        assert solver.solve()


def test_puzzle_cnf_leaves_out_decided_lines_and_adds_units():
    puzzle = Nonogram([[1], [1]], [[1], [1]])
    seen = []

    def line_cnf(clue, cells, line):
        seen.append((clue, cells, line))
        return []

    known = np.array([[1, 0], [-1, -1]])
    clauses = cnf.puzzle_cnf(puzzle, IDPool(), line_cnf, known, None, "demo")
    assert [cells for _, cells, _ in seen] == [[3, 4], [1, 3], [2, 4]]  # row 0 is done
    assert clauses == [[1], [-2]]


# ------------------------------------------------------------------- linesolve
def test_run_starts_agree_with_enumeration():
    rng = random.Random(7)
    for _ in range(500):
        n = rng.randint(1, 10)
        clue = tuple(rng.randint(1, 3) for _ in range(rng.randint(1, 3)))
        known = [rng.choice([-1, -1, -1, 0, 1]) for _ in range(n)]
        fitting = [
            starts
            for starts in nonogram.placements(clue, n)
            if all(
                k in (-1, v)
                for k, v in zip(known, nonogram.pattern(clue, starts, n), strict=True)
            )
        ]
        found = linesolve.run_starts(clue, n, *linesolve.line_masks(known))
        if not fitting:
            assert found is None
            continue
        expected = [
            sum(1 << p for p in {s[j] for s in fitting}) for j in range(len(clue))
        ]
        assert found == expected, (clue, known)


# ------------------------------------------------------------ board.crossing_check
@settings(max_examples=200, deadline=None)
@given(st.integers(1, 15), st.integers(1, 15), st.integers(0, 10**6), st.floats(0, 1))
def test_crossing_check_never_refuses_a_puzzle_that_has_a_picture(h, w, seed, density):
    puzzle, _ = _puzzle(h, w, seed, density)
    nonogram.crossing_check(puzzle)  # raises nothing


def test_crossing_check_passes_every_real_puzzle():
    for puzzle in measure.real_puzzles().values():
        nonogram.crossing_check(puzzle)


# -------------------------------------------------------------------- generator
@pytest.mark.parametrize("density", [0.2, 0.5, 0.8])
def test_draw_keeps_the_density_in_both_styles(density):
    for style in generator.STYLES:
        picture = generator.draw(np.random.default_rng(3), 40, 50, density, style)
        assert picture.shape == (40, 50) and picture.dtype == bool
        assert abs(picture.mean() - density) < 0.1, style


def test_smoothing_takes_the_colour_of_most_neighbours():
    noise = generator.draw(np.random.default_rng(4), 30, 30, 0.5)
    smooth = generator.draw(np.random.default_rng(4), 30, 30, 0.5, smoothing=1)

    def edges(p):
        return int((p[1:] != p[:-1]).sum() + (p[:, 1:] != p[:, :-1]).sum())

    assert edges(smooth) < 0.75 * edges(noise)


# ---------------------------------------------------------------------- measure
SMALL = {f"noise {s}": _puzzle(6, 7, s)[0] for s in range(3)}


def test_real_puzzles_are_every_json_file_but_the_excluded():
    every = measure.real_puzzles()
    assert len(every) == 39 and "webpbn_1" in every
    assert set(measure.real_puzzles(exclude={"webpbn_1"})) == set(every) - {"webpbn_1"}


def test_placement_counts_count_what_placements_lists():
    table = measure.placement_counts(SMALL)
    for name, puzzle in SMALL.items():
        lines = [(c, puzzle.width) for c in puzzle.rows]
        lines += [(c, puzzle.height) for c in puzzle.cols]
        listed = [len(list(nonogram.placements(c, n))) for c, n in lines]
        assert table.loc[name, "placements"] == sum(listed)
        assert table.loc[name, "largest line"] == max(listed)
    assert table["placements"].is_monotonic_increasing


def test_cnf_sizes_match_the_cnfs_built():
    table = measure.cnf_sizes(SMALL)
    for name, puzzle in SMALL.items():
        pool = IDPool()
        clauses = nonogram.placement_cnf(puzzle, pool)
        assert table.loc[name, "placement vars"] == pool.top
        assert table.loc[name, "placement clauses"] == len(clauses)
        pool = IDPool()
        assert table.loc[name, "automaton clauses"] == len(
            nonogram.regular_cnf(puzzle, pool)
        )
        assert table.loc[name, "automaton vars"] == pool.top


def test_propagation_table_counts_line_solves():
    puzzles = {"webpbn_1": measure.real_puzzles()["webpbn_1"], **SMALL}
    table = measure.propagation_table(puzzles)
    assert table.loc["webpbn_1", "decided by propagation"] == 1.0
    for name, puzzle in puzzles.items():
        share = float((nonogram.propagate(puzzle) >= 0).mean())
        assert table.loc[name, "decided by propagation"] == share
        lines = puzzle.height + puzzle.width
        assert table.loc[name, "per line"] * lines == table.loc[name, "line solves"]


def test_stages_table_shares_and_cnf_sizes():
    table = measure.stages_table(SMALL)
    assert (table["propagation"] <= table["+ probing"]).all()
    assert (table["+ probing"] <= 1).all()
    assert (table["SAT clauses left"] <= table["of (full CNF)"]).all()


def test_guess_reach_counts_every_open_cell_twice():
    open_cells, implied, counts = measure.guess_reach(nonogram.generate(20, 20, seed=4))
    assert open_cells > 0 and implied > 0
    assert {len(values) for values in counts.values()} == {2 * open_cells}
    pairs = zip(
        counts["order CNF + implied clauses"], counts["line solving"], strict=True
    )
    assert all(helped >= lines for helped, lines in pairs)


def test_diagnosis_table_reports_the_stats_of_linesolve_order():
    table = measure.diagnosis_table(SMALL, time_limit=10.0)
    assert (table["status"] == "ok").all()
    total = table["propagation"] + table["+ probing"] + table["left"]
    assert np.allclose(total, 1.0)


def test_generator_sweep_makes_checked_unique_puzzles():
    made, sweep = measure.generator_sweep([4, 5], range(2), time_limit=30.0)
    assert len(made) == 4 and list(sweep.index) == ["4x4", "5x5"]
    assert (sweep["puzzles"] == 2).all()
    assert set(made["level"]) <= {"logic", "probing", "search"}
    assert (made["repairs"] >= 0).all() and (made["pictures"] >= 1).all()
