"""Tests of helper.nonogram: loader errors, the checker, every method on held-out puzzles."""

import json

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
        (lambda g: np.array([[1, 0, 1], [0, 0, 0], [1, 0, 1]]), ["row 0", "expected runs [2]", "found [1, 1]"]),
        (lambda g: np.array([[1, 1, 0], [0, 0, 0], [0, 1, 1]]), ["row 2", "expected runs [1, 1]", "found [2]"]),
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
    assert nonogram.count_placements([3, 2, 2], 10) == len(list(nonogram.placements([3, 2, 2], 10)))


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


def test_solve_rejects_mismatched_sums_and_unknown_method():
    with pytest.raises(Unsolvable):
        nonogram.solve([[1]], [[]])
    with pytest.raises(ValueError, match="unknown method"):
        nonogram.solve([[1]], [[1]], method="nope")


def test_default_method_on_held_out_real_puzzle():
    puzzle = nonogram.load(data_path("nonogram/mikix_webpbn_6.json"))
    picture = nonogram.solve(*puzzle, time_limit=10)
    assert nonogram.check(puzzle, picture)


def test_plot_returns_figure():
    import matplotlib.pyplot as plt

    fig = plot_nonogram_board(PUZZLE, PICTURE)
    assert fig.axes and len(fig.axes[0].texts) == 8
    plt.close(fig)
