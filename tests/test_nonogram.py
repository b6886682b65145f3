"""Tests of helper.nonogram: loader errors, the checker, every method on held-out puzzles."""

import json
import random
import time

import matplotlib
import numpy as np
import pytest

matplotlib.use("Agg")

from helper import SolverTimeout, Unsolvable, data_path  # noqa: E402
from helper import nonogram  # noqa: E402
from helper.plot import plot_nonogram_board  # noqa: E402


def _runs(line):
    out, n = [], 0
    for v in list(line) + [0]:
        if v:
            n += 1
        elif n:
            out.append(n)
            n = 0
    return out


def _clues(grid):
    grid = np.asarray(grid)
    return [_runs(r) for r in grid], [_runs(c) for c in grid.T]


# ---------------------------------------------------------------- loader
def _write(tmp_path, text, name="p.json"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_load_real_puzzle():
    rows, cols = nonogram.load(data_path("nonogram/mikix_webpbn_1.json"))
    assert (len(rows), len(cols)) == (10, 5)
    assert rows[0] == [2] and cols[1] == [2, 1, 3]


def test_load_empty_line_forms(tmp_path):
    path = _write(tmp_path, '{"rows": [[0], [1]], "cols": [[], [1]]}')
    assert nonogram.load(path) == ([[], [1]], [[], [1]])


@pytest.mark.parametrize(
    "text, words",
    [
        ('{"rows": [[1], [1]], "cols": [[1] [1]]}', ["line 1", "not valid JSON"]),
        ('{"rows": [[1]]}', ["missing key 'cols'"]),
        ('{"rows": [[1], [1]],\n "cols": [[1], [3]]}', ["line 2", "column 1", "needs 3 cells"]),
        ('{"rows": [[1],\n [-1]],\n "cols": [[1], [1]]}', ["line 2", "row 1", "negative"]),
        ('{"rows": [[1],\n [1.5]],\n "cols": [[1], [1]]}', ["line 2", "row 1", "not an integer"]),
        ('{"rows": [[1], ["1"]], "cols": [[1], [1]]}', ["row 1", "not an integer"]),
        ('{"rows": [[1], [1]],\n "cols": [[1], [2]]}', ["paint 2 cells", "paint 3"]),
        ('{"rows": [[1], [1, 0]], "cols": [[1], [1]]}', ["row 1", "mixes 0"]),
        ('{"rows": [], "cols": [[1]]}', ["'rows'", "non-empty"]),
        ('[1, 2]', ["line 1", "object"]),
    ],
)
def test_load_malformed(tmp_path, text, words):
    path = _write(tmp_path, text)
    with pytest.raises(ValueError) as info:
        nonogram.load(path)
    message = str(info.value)
    assert str(path) in message
    for word in words:
        assert word in message


def test_load_names_json_line_of_pretty_printed_file(tmp_path):
    data = {"rows": [[1], [1], [9]], "cols": [[1], [1], [1]]}
    path = _write(tmp_path, json.dumps(data, indent=1))
    with pytest.raises(ValueError, match=r"line 9: row 2: clue \[9\] needs 9 cells"):
        nonogram.load(path)


# ---------------------------------------------------------------- checker
PICTURE = np.array([[1, 1, 0], [0, 0, 0], [1, 0, 1]])
PUZZLE = ([[2], [], [1, 1]], [[1, 1], [1], [1]])


def test_check_accepts_and_treats_zero_as_empty():
    assert nonogram.check(PUZZLE, PICTURE)
    assert nonogram.check(([[2], [0], [1, 1]], [[1, 1], [1], [1]]), PICTURE)
    assert nonogram.check({"rows": PUZZLE[0], "cols": PUZZLE[1]}, PICTURE.tolist())


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda g: g[:2], ["shape"]),
        (lambda g: np.where(g == 1, 2, g), ["cell (0, 0)", "0 or 1"]),
        (lambda g: np.array([[1, 0, 1], [0, 0, 0], [1, 0, 1]]),
         ["row 0", "expected runs [2]", "found [1, 1]"]),
        (lambda g: np.array([[1, 1, 0], [0, 0, 0], [0, 1, 1]]),
         ["row 2", "expected runs [1, 1]", "found [2]"]),
        (lambda g: np.array([[0, 1, 1], [0, 0, 0], [1, 0, 1]]), ["column 0", "found [1]"]),
    ],
)
def test_check_rejects(change, words):
    with pytest.raises(ValueError) as info:
        nonogram.check(PUZZLE, change(PICTURE.copy()))
    for word in words:
        assert word in str(info.value)


def test_check_rejects_column_only_error():
    # Rows right, columns wrong: the two rows [1] can be swapped between columns.
    puzzle = ([[1], [1]], [[2], []])
    with pytest.raises(ValueError, match=r"column 0: expected runs \[2\], found \[1\]"):
        nonogram.check(puzzle, np.array([[1, 0], [0, 1]]))


# ---------------------------------------------------------------- placements
def test_placements_small_line():
    assert list(nonogram.placements([2, 1], 5)) == [(0, 3), (0, 4), (1, 4)]
    assert nonogram.count_placements([2, 1], 5) == 3
    assert list(nonogram.placements([], 3)) == [()]
    listed = list(nonogram.placements([3, 2, 2], 10))
    assert nonogram.count_placements([3, 2, 2], 10) == len(listed) == len(set(listed))


# ---------------------------------------------------------------- solving
@pytest.mark.parametrize("method", sorted(nonogram.METHODS))
def test_every_method_on_random_pictures(method):
    rng = np.random.default_rng(2024)
    for _ in range(5):
        grid = (rng.random((8, 7)) < 0.55).astype(int)
        puzzle = _clues(grid)
        picture = nonogram.solve(*puzzle, method=method, time_limit=10)
        assert picture.shape == (8, 7)
        assert nonogram.check(puzzle, picture)


@pytest.mark.parametrize("method", sorted(nonogram.METHODS))
def test_every_method_unsolvable(method):
    # Sums agree and every clue fits, but the run of 2 in row 0 needs the empty column 1.
    with pytest.raises(Unsolvable):
        nonogram.solve([[2], [1], [1]], [[2], [], [1, 1]], method=method, time_limit=10)


def test_solve_accepts_numpy_integers_and_tuples():
    rows = [np.array([2]), (np.int64(1),)]
    cols = [[1], [np.int32(2)]]
    assert nonogram.check(([[2], [1]], [[1], [2]]), nonogram.solve(rows, cols))


def test_solve_rejects_mismatched_sums_and_unknown_method():
    with pytest.raises(Unsolvable):
        nonogram.solve([[1]], [[]])
    with pytest.raises(ValueError, match="unknown method"):
        nonogram.solve([[1]], [[1]], method="nope")


WEBPBN_1 = """
.##..
.##.#
..#.#
.###.
#.#..
#.#..
..##.
.#.#.
.#.##
##...
"""


@pytest.mark.parametrize("method", sorted(nonogram.METHODS))
def test_exact_picture_of_webpbn_1(method):
    # Line solving completes this puzzle, so its picture is unique and every method must find it.
    puzzle = nonogram.load(data_path("nonogram/mikix_webpbn_1.json"))
    expected = np.array([[c == "#" for c in line] for line in WEBPBN_1.split()], dtype=int)
    assert np.array_equal(nonogram.solve(*puzzle, method=method, time_limit=10), expected)


def test_default_method_is_registered():
    assert nonogram.DEFAULT_METHOD in nonogram.METHODS


#: Real puzzles that the chapter keeps out of all its tables (its ``HELD_OUT``).
HELD_OUT = ["webpbn_16", "gnonograms_kde", "gnonograms_wikimedia", "qnonograms_collection1_133",
            "qnonograms_examples_flower"]


@pytest.mark.parametrize("method", ["linesolve-sat", "pysat-regular"])
@pytest.mark.parametrize("name", HELD_OUT)
def test_held_out_real_puzzles(name, method):
    puzzle = nonogram.load(data_path(f"nonogram/mikix_{name}.json"))
    start = time.perf_counter()
    picture = nonogram.solve(*puzzle, method=method, time_limit=10)
    assert time.perf_counter() - start < 10
    assert nonogram.check(puzzle, picture)
    # Propagation alone completes these puzzles, so each has exactly one picture, and every
    # method must return that one (the data set has no .solution.txt files to compare with).
    assert np.array_equal(nonogram.propagate(*puzzle), picture)


@pytest.mark.parametrize(
    "name",
    ["mikix_webpbn_529", "mikix_qnonograms_examples_tiger", "mikix_qnonograms_examples_sun"],
)
def test_default_method_on_big_real_puzzles(name):
    puzzle = nonogram.load(data_path(f"nonogram/{name}.json"))
    start = time.perf_counter()
    picture = nonogram.solve(*puzzle, time_limit=10)
    assert time.perf_counter() - start < 10
    assert nonogram.check(puzzle, picture)
    assert np.array_equal(nonogram.propagate(*puzzle), picture)


def _random_puzzle(height, width, density, seed):
    grid = (np.random.default_rng(seed).random((height, width)) < density).astype(int)
    return _clues(grid)


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_default_method_on_held_out_99x59_puzzles_that_need_search(seed):
    # Seeds the chapter does not use; propagation alone leaves most cells open on these.
    puzzle = _random_puzzle(59, 99, 0.58, seed)
    assert (nonogram.propagate(*puzzle) < 0).mean() > 0.5
    start = time.perf_counter()
    picture = nonogram.solve(*puzzle, time_limit=10)
    assert time.perf_counter() - start < 10
    assert nonogram.check(puzzle, picture)


def test_regular_on_held_out_search_puzzle():
    puzzle = _random_puzzle(30, 40, 0.58, 21)
    assert nonogram.check(puzzle, nonogram.solve(*puzzle, method="pysat-regular", time_limit=10))


@pytest.mark.parametrize("method, puzzle", [
    ("pysat-regular", lambda: _random_puzzle(50, 50, 0.5, 7)),
    ("linesolve-sat", lambda: _random_puzzle(50, 50, 0.5, 7)),
    ("pysat-placements",
     lambda: nonogram.load(data_path("nonogram/mikix_qnonograms_examples_tiger.json"))),
])
def test_timeout_on_hard_instance(method, puzzle):
    start = time.perf_counter()
    with pytest.raises(SolverTimeout):
        nonogram.solve(*puzzle(), method=method, time_limit=0.3)
    assert time.perf_counter() - start < 5


# ---------------------------------------------------------------- line solver, propagation
def _line_solve_by_enumeration(clue, known):
    lines = [nonogram.pattern(clue, s, len(known)) for s in nonogram.placements(clue, len(known))]
    fitting = [line for line in lines if all(k < 0 or k == v for k, v in zip(known, line))]
    if not fitting:
        return None
    return [col[0] if len(set(col)) == 1 else -1 for col in zip(*fitting)]


def test_line_solve_examples():
    assert nonogram.line_solve([8], [-1] * 10) == [-1, -1] + [1] * 6 + [-1, -1]
    assert nonogram.line_solve([], [-1] * 3) == [0, 0, 0]
    assert nonogram.line_solve([3, 1], [1, 0] + [-1] * 5) is None
    assert nonogram.line_solve([5], [-1] * 5) == [1] * 5


def test_line_solve_matches_enumeration():
    rng = random.Random(99)
    for _ in range(2000):
        n = rng.randint(1, 14)
        clue = [rng.randint(1, 5) for _ in range(rng.randint(0, 5))]
        known = [rng.choice([-1, -1, -1, 0, 1]) for _ in range(n)]
        assert nonogram.line_solve(clue, known) == _line_solve_by_enumeration(clue, known)


def test_line_automaton_accepts_exactly_the_clue():
    import itertools

    for clue in ([], [1], [2, 1], [1, 1, 1], [3]):
        delta = nonogram.line_automaton(clue)
        for bits in itertools.product([0, 1], repeat=6):
            q = 0
            for b in bits:
                q = delta[q][b]
                if q is None:
                    break
            accepted = q == len(delta) - 1
            assert accepted == (_runs(bits) == clue), (clue, bits)


def test_propagate_and_probe_are_sound():
    puzzle = _random_puzzle(20, 20, 0.55, 5)
    known = nonogram.propagate(*puzzle)
    probed = nonogram.probe(*puzzle, known=known, time_limit=10)
    assert ((probed >= 0) >= (known >= 0)).all()
    picture = nonogram.solve(*puzzle, time_limit=10)
    # Forced cells are forced in every picture, so also in the one the solver found.
    decided = probed >= 0
    assert np.array_equal(probed[decided], picture[decided])


def test_propagate_contradiction_is_unsolvable():
    with pytest.raises(Unsolvable):
        nonogram.propagate([[2], [1], [1]], [[2], [], [1, 1]])


@pytest.mark.parametrize("method", sorted(nonogram.METHODS))
def test_unsolvable_that_line_solving_does_not_see(method):
    # Sums agree and line solving decides no cell at all; only search (probing or SAT) shows that
    # no picture exists. Found by brute force over all 4x4 pictures.
    rows, cols = [[2], [1], [1, 1], [2]], [[1, 1], [1], [1, 1], [1, 1]]
    assert (nonogram.propagate(rows, cols) < 0).all()
    with pytest.raises(Unsolvable):
        nonogram.solve(rows, cols, method=method, time_limit=10)


@pytest.mark.slow
@pytest.mark.parametrize("height, width, density, seed", [
    (59, 99, 0.55, 31), (59, 99, 0.6, 32), (99, 59, 0.58, 33), (100, 100, 0.6, 34),
    (100, 100, 0.65, 35), (100, 100, 0.7, 36), (80, 95, 0.6, 37),
])
def test_default_method_sweep_up_to_100x100(height, width, density, seed):
    puzzle = _random_puzzle(height, width, density, seed)
    start = time.perf_counter()
    picture = nonogram.solve(*puzzle, time_limit=10)
    assert time.perf_counter() - start < 10
    assert nonogram.check(puzzle, picture)
