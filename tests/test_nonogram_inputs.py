"""helper.nonogram accepts nothing wrong: the hostile inputs of issue 21, as tests.

Each reproducer of the issue gets its documented outcome here: a ``ValueError`` or
``TypeError`` that names what is wrong, ``Unsolvable`` at once for a puzzle whose lines
contradict, a refused time limit before any work. The property-based tests (Hypothesis)
throw arbitrary and mutated text at every reader, mutate valid pictures for the
checker, and round-trip puzzles through every format. ``HYPOTHESIS_PROFILE=slow`` runs
ten times more examples.
"""

import itertools
import json
import math
import os
import time

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from limits import within_limit

from helper import SolverTimeout, Unsolvable, data_path, nonogram
from helper.dispatch import MAX_CELLS
from helper.nonogram import Nonogram, cpsat_model, generator, unique
from helper.nonogram import board as board_module

EXAMPLES = 1000 if os.environ.get("HYPOTHESIS_PROFILE") == "slow" else 100
PROPERTY = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
DANCER = data_path("nonogram/mikix_webpbn_1.non").read_text(encoding="utf-8")
PZPRJS_URL = "https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h"
TIME_LIMIT_SHAPE = r"^time_limit must be a finite number of seconds > 0, not "
BAD_TIME_LIMITS = [math.nan, 0, -1, math.inf, "5", None, True]


def _runs(line) -> list[int]:
    """Run lengths of a line, counted here without the package."""
    return [len(list(group)) for value, group in itertools.groupby(line) if value]


def _clues(grid) -> tuple[list[list[int]], list[list[int]]]:
    grid = np.asarray(grid)
    return [_runs(row) for row in grid], [_runs(col) for col in grid.T]


def _picture(height: int, width: int, seed: int, density: float) -> np.ndarray:
    """The picture ``generate(height, width, seed=seed, density=density)`` reads."""
    return (np.random.default_rng(seed).random((height, width)) < density).astype(int)


def _crossing_contradiction(n: int = 43, seed: int = 0) -> Nonogram:
    """A noise puzzle whose row 20 and column 0 force cell (20, 0) to two colours.

    Column 0 is black but for row 20 ([20, n - 21] fills the column), row 20 claims
    all ``n`` cells; another row gives up one cell so that the sums still agree.
    """
    grid = _picture(n, n, seed, 0.5)
    grid[:, 0], grid[20, :] = 1, 1
    grid[20, 0] = 0
    rows, cols = _clues(grid)
    rows[20] = [n]
    donor = next(
        r for r, clue in enumerate(rows) if r != 20 and max(clue, default=0) > 1
    )
    rows[donor][rows[donor].index(max(rows[donor]))] -= 1
    return Nonogram(rows, cols)


# ------------------------------------------------------------- the .non goal line
def test_a_goal_with_another_character_than_0_and_1_names_line_and_column():
    bad = DANCER.replace('goal "0110', 'goal "01x0')
    with pytest.raises(ValueError, match=r"^dancer\.non, line 28, column 9: .*'x'"):
        nonogram.parse_non(bad, source="dancer.non")
    unquoted = DANCER.replace('goal "0110', "goal 0112").replace('000"', "000")
    with pytest.raises(ValueError, match=r"line 28, column 9: the goal holds '2'"):
        nonogram.parse_non(unquoted)
    with pytest.raises(ValueError, match=r"line 28, column 8: the goal holds ' '"):
        nonogram.parse_non(DANCER.replace('goal "0110', 'goal "0 10'))


# -------------------------------------------------------------- time limits
@pytest.mark.parametrize("bad", BAD_TIME_LIMITS, ids=repr)
def test_every_entry_point_with_a_time_limit_refuses_a_bad_one_before_any_work(
    bad, monkeypatch
):
    def no_work(*args, **kwargs):
        raise AssertionError("work started before the time limit was checked")

    monkeypatch.setattr(generator, "draw", no_work)
    monkeypatch.setattr(cpsat_model, "cpsat_automaton_model", no_work)
    monkeypatch.setattr(cpsat_model, "_expansion_check", no_work)
    monkeypatch.setattr(unique, "presolve", no_work)
    monkeypatch.setattr(unique, "propagate", no_work)
    monkeypatch.setattr(board_module, "Board", no_work)
    puzzle = Nonogram([[1]], [[1]])
    calls = [
        lambda: nonogram.generate(30, 30, unique=True, time_limit=bad),
        lambda: nonogram.solutions_cpsat(puzzle, time_limit=bad),
        lambda: nonogram.solutions_sat(puzzle, time_limit=bad),
        lambda: nonogram.difficulty(puzzle, time_limit=bad),
        lambda: nonogram.probe(puzzle, time_limit=bad),
        lambda: nonogram.solutions(puzzle, time_limit=bad),
    ]
    calls += [
        lambda method=method: nonogram.METHODS[method](puzzle, time_limit=bad)
        for method in nonogram.METHODS
    ]
    for call in calls:
        with pytest.raises(ValueError, match=TIME_LIMIT_SHAPE):
            call()


@pytest.mark.parametrize("bad", [0, -1, 2.5, True, "2"], ids=repr)
def test_solutions_cpsat_refuses_a_bad_limit(bad):
    with pytest.raises(ValueError, match=r"^limit must be a whole number >= 1"):
        nonogram.solutions_cpsat(Nonogram([[1]], [[1]]), limit=bad)


def test_the_cpsat_enumeration_and_difficulty_keep_their_time_limit():
    puzzle = nonogram.generate(100, 100, seed=3)
    start = time.perf_counter()
    with pytest.raises(SolverTimeout):
        nonogram.solutions_cpsat(puzzle, time_limit=1.0)
    level, _ = nonogram.difficulty(puzzle, time_limit=1.0)  # probing stops in time
    assert level == "search"
    assert time.perf_counter() - start <= 2 * within_limit(1.0)


# ------------------------------------------------------ readers: types, sizes, files
@pytest.mark.parametrize("reader", [nonogram.from_puzzlink, nonogram.parse_non])
@pytest.mark.parametrize("bad", [None, b"nonogram", 5, ["x"]], ids=repr)
def test_readers_take_text_only(reader, bad):
    with pytest.raises(TypeError, match=r"\(a str\), not"):
        reader(bad)


def test_a_puzzlink_size_over_the_cap_is_refused_before_anything_is_made():
    start = time.perf_counter()
    with pytest.raises(ValueError, match="the most this package accepts is"):
        nonogram.from_puzzlink("https://puzz.link/p?nonogram/100000/100000/11")
    assert time.perf_counter() - start <= within_limit(0.0)


def test_every_size_over_the_cap_is_a_value_error():
    side = math.isqrt(MAX_CELLS) + 1
    with pytest.raises(ValueError, match="cells"):
        nonogram.parse_non(f"width {side}\nheight {side}\nrows\n")
    with pytest.raises(ValueError, match="cells"):
        nonogram.generate(side, side)
    with pytest.raises(ValueError, match="cells"):
        Nonogram([[]] * side, [[]] * side)
    with pytest.raises(ValueError, match="cells"):
        Nonogram.from_picture(np.zeros((side, side), dtype=np.int8))


@pytest.mark.parametrize("name", ["binary.json", "binary.non"])
def test_a_binary_file_is_a_value_error_that_names_it(tmp_path, name):
    path = tmp_path / name
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff\xfe")
    with pytest.raises(ValueError, match=name):
        nonogram.load(path)


@pytest.mark.parametrize(
    "text", ["[" * 100_000, '{"rows": [[' + "1" * 5000 + ']], "cols": [[1]]}']
)
def test_json_that_python_cannot_read_is_a_value_error_naming_the_file(tmp_path, text):
    path = tmp_path / "odd.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match="odd.json"):
        nonogram.load(path)


@pytest.mark.parametrize(
    "text",
    ["width ²\nheight 1\n", "width 1\nheight ١\n", "width 0x10\nheight 1\n"]
    + ["width " + "9" * 5000 + "\nheight 1\n"],
    ids=["superscript", "arabic", "hex", "5000 digits"],
)
def test_non_sizes_are_ascii_digits(text):
    with pytest.raises(ValueError, match="is not a positive integer"):
        nonogram.parse_non(text)


@pytest.mark.parametrize(
    "bad",
    [
        ("generate", (2.5, 3), {}),
        ("generate", (0, 3), {}),
        ("generate", (3, 3), {"density": 1.5}),
        ("generate", (3, 3), {"density": math.nan}),
        ("generate", (3, 3), {"style": "stripes"}),
        ("generate", (3, 3), {"rounds": -1}),
        ("generate", (3, 3), {"smoothing": 0.5}),
    ],
    ids=str,
)
def test_generate_refuses_bad_arguments(bad):
    name, args, kwargs = bad
    with pytest.raises(ValueError):
        getattr(nonogram, name)(*args, **kwargs)


# --------------------------------------------------------- the wrong kind of puzzle
@pytest.mark.parametrize("function", ["solve", "solutions", "to_puzzlink", "propagate"])
def test_a_non_puzzle_is_a_type_error_naming_the_class(function):
    with pytest.raises(
        TypeError, match=r"^expected a helper\.nonogram\.puzzle\.Nonogram"
    ):
        getattr(nonogram, function)(object())


# ------------------------------------------------------------ no picture at all
@pytest.mark.parametrize(
    "rows, cols",
    [
        ([[3], [1]], [[1], [1]]),  # a clue longer than its line
        ([[1], [1]], [[1], [2]]),  # clue sums that disagree
        ([[1, 1]], [[1], [1]]),  # runs and gaps that need more cells than the line
    ],
)
def test_clues_without_a_picture_are_unsolvable_when_made(rows, cols, tmp_path):
    with pytest.raises(Unsolvable):
        Nonogram(rows, cols)
    path = tmp_path / "none.json"
    path.write_text(json.dumps({"rows": rows, "cols": cols}), encoding="utf-8")
    with pytest.raises(Unsolvable, match="none.json"):
        nonogram.load(path)


def test_malformed_clues_are_not_unsolvable():
    for rows, cols in (([[1], [-1]], [[1], [1]]), ([[1], [1, 0]], [[1], [1]])):
        with pytest.raises(ValueError) as info:
            Nonogram(rows, cols)
        assert not isinstance(info.value, Unsolvable)


@pytest.mark.parametrize("method", list(nonogram.METHODS))
def test_a_contradicting_line_is_unsolvable_quickly_for_every_method(method):
    puzzle = _crossing_contradiction()
    start = time.perf_counter()
    with pytest.raises(Unsolvable):
        nonogram.solve(puzzle, method=method, time_limit=2.0)
    assert time.perf_counter() - start <= within_limit(2.0)


def test_a_contradicting_line_has_no_solutions_and_is_named():
    puzzle = _crossing_contradiction()
    with pytest.raises(Unsolvable, match=r"row 20 forces cell \(20, 0\) black"):
        nonogram.crossing_check(puzzle)
    assert nonogram.solutions(puzzle, time_limit=2.0) == []
    assert nonogram.solutions_cpsat(puzzle, time_limit=5.0) == []


# ------------------------------------------------------------------ the checker
PICTURE = _picture(6, 5, 1, 0.5)
PUZZLE = Nonogram(*_clues(PICTURE))


@pytest.mark.parametrize(
    "bad, shown",
    [
        (PICTURE.astype(float), "0.0"),
        (PICTURE.astype(bool), "False"),
        (np.where(PICTURE == 1, 2, PICTURE), "2"),
        (np.where(PICTURE == 0, -1, PICTURE), "-1"),
        (PICTURE.astype(str), "'0'"),
        (PICTURE.tolist()[:-1] + [[None] * 5], "None"),
    ],
    ids=["float", "bool", "two", "minus one", "str", "None"],
)
def test_check_takes_exact_integers_only(bad, shown):
    assert nonogram.check(PUZZLE, PICTURE) is True
    with pytest.raises(
        ValueError, match=r"cell \(\d+, \d+\) holds .*integer 0 or 1"
    ) as info:
        nonogram.check(PUZZLE, bad)
    assert shown in str(info.value)


def test_check_refuses_a_ragged_or_flat_picture():
    for bad in (PICTURE.tolist()[:-1] + [[1, 0]], PICTURE.ravel(), "0110", None):
        with pytest.raises(ValueError, match="shape"):
            nonogram.check(PUZZLE, bad)


# ------------------------------------------------------------ property-based tests
def _mutated(text: str, data) -> str:
    """``text`` after a few random insertions, deletions and replacements."""
    for _ in range(data.draw(st.integers(1, 4))):
        where = data.draw(st.integers(0, len(text)))
        kind = data.draw(st.sampled_from(["insert", "delete", "replace"]))
        piece = data.draw(st.text(min_size=1, max_size=3))
        if kind == "insert":
            text = text[:where] + piece + text[where:]
        elif kind == "delete":
            text = text[:where] + text[where + len(piece) :]
        else:
            text = text[:where] + piece + text[where + len(piece) :]
    return text


def _only_value_or_type_errors(read, text):
    try:
        read(text)
    except (ValueError, TypeError):
        pass


@PROPERTY
@given(st.text(max_size=300))
def test_parse_non_raises_nothing_else_on_arbitrary_text(text):
    _only_value_or_type_errors(nonogram.parse_non, text)


@PROPERTY
@given(st.data())
def test_parse_non_raises_nothing_else_on_mutated_files(data):
    _only_value_or_type_errors(nonogram.parse_non, _mutated(DANCER, data))


@PROPERTY
@given(st.text(max_size=200))
def test_from_puzzlink_raises_nothing_else_on_arbitrary_text(text):
    _only_value_or_type_errors(nonogram.from_puzzlink, text)
    _only_value_or_type_errors(nonogram.from_puzzlink, "https://puzz.link/p?" + text)


@PROPERTY
@given(st.data())
def test_from_puzzlink_raises_nothing_else_on_mutated_urls(data):
    _only_value_or_type_errors(nonogram.from_puzzlink, _mutated(PZPRJS_URL, data))


@PROPERTY
@given(st.binary(max_size=200), st.sampled_from([".json", ".non"]))
def test_load_raises_nothing_else_on_arbitrary_files(tmp_path, content, suffix):
    path = tmp_path / f"any{suffix}"
    path.write_bytes(content)
    _only_value_or_type_errors(nonogram.load, path)


@PROPERTY
@given(st.data())
def test_load_raises_nothing_else_on_mutated_json(tmp_path, data):
    text = data_path("nonogram/mikix_webpbn_1.json").read_text(encoding="utf-8")
    path = tmp_path / "mutated.json"
    path.write_text(_mutated(text, data), encoding="utf-8")
    _only_value_or_type_errors(nonogram.load, path)


puzzles = st.builds(
    _picture,
    st.integers(1, 12),
    st.integers(1, 12),
    st.integers(0, 2**32 - 1),
    st.floats(0, 1),
)


def _non_text(puzzle: Nonogram) -> str:
    """The puzzle in the webpbn ``.non`` format, written here without the package."""
    lines = [f"width {puzzle.width}", f"height {puzzle.height}", "", "rows"]
    lines += [",".join(map(str, clue)) or "0" for clue in puzzle.rows]
    lines += ["", "columns"]
    lines += [",".join(map(str, clue)) for clue in puzzle.cols]
    return "\n".join(lines) + "\n"


@PROPERTY
@given(puzzles)
def test_round_trips_through_every_format(tmp_path, grid):
    puzzle = Nonogram(*_clues(grid))
    assert nonogram.from_puzzlink(nonogram.to_puzzlink(puzzle)) == puzzle
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"rows": puzzle.rows, "cols": puzzle.cols}), "utf-8")
    assert nonogram.load(path) == puzzle
    assert nonogram.parse_non(_non_text(puzzle)) == puzzle
    goal = "".join(map(str, grid.ravel()))
    assert nonogram.parse_non(_non_text(puzzle) + f'goal "{goal}"\n') == puzzle


@PROPERTY
@given(puzzles, st.data())
def test_check_agrees_with_counting_runs_on_every_mutation(grid, data):
    puzzle = Nonogram(*_clues(grid))
    assert nonogram.check(puzzle, grid) is True
    mutated = grid.copy()
    for _ in range(data.draw(st.integers(1, 3))):
        r = data.draw(st.integers(0, grid.shape[0] - 1))
        c = data.draw(st.integers(0, grid.shape[1] - 1))
        mutated[r, c] = 1 - mutated[r, c]
    if _clues(mutated) == _clues(grid):  # another picture of the same clues
        assert nonogram.check(puzzle, mutated) is True
    else:
        with pytest.raises(ValueError, match=r"^(row|column) \d+: expected runs"):
            nonogram.check(puzzle, mutated)
    wrong = data.draw(st.sampled_from([1.0, 0.0, True, False, 2, -1, "1", None]))
    broken = grid.astype(object)
    broken[data.draw(st.integers(0, grid.shape[0] - 1)), 0] = wrong
    with pytest.raises(ValueError, match="integer 0 or 1"):
        nonogram.check(puzzle, broken)


# ------------------------------------------------------- the readers are linear
def _seconds(read, argument, repeats: int = 3) -> float:
    best = math.inf
    for _ in range(repeats):
        start = time.perf_counter()
        read(argument)
        best = min(best, time.perf_counter() - start)
    return best


def _bad_goal(text: str, n: int) -> str:
    return text + 'goal "' + "0" * (n - 1) + 'x"\n'


@pytest.mark.parametrize("reader", ["from_puzzlink", "parse_non", "load", "bad goal"])
def test_the_readers_are_linear_in_the_input(reader, tmp_path):
    def argument(side: int):
        puzzle = nonogram.generate(side, side, seed=side)
        if reader == "from_puzzlink":
            return nonogram.to_puzzlink(puzzle)
        if reader == "load":
            path = tmp_path / f"p{side}.json"
            data = {"rows": puzzle.rows, "cols": puzzle.cols}
            path.write_text(json.dumps(data), "utf-8")
            return path
        text = _non_text(puzzle)
        return _bad_goal(text, side * side) if reader == "bad goal" else text

    def read(value):
        if reader == "bad goal":
            with pytest.raises(ValueError, match="the goal holds 'x'"):
                nonogram.parse_non(value)
        else:
            getattr(nonogram, "load" if reader == "load" else reader)(value)

    small, large = argument(100), argument(283)  # 8 times the cells
    ratio = _seconds(read, large) / _seconds(read, small)
    assert ratio < 30, f"{reader}: 8x the input took {ratio:.1f}x the time"


# ---------------------------------------------- the largest board keeps the limit
#: The time limit of the tests on the largest board: a third of what line solving
#: alone takes there on a quiet machine, so that no step can finish in time even on a
#: faster one (with 1 s, line solving sometimes finished and nothing timed out).
SHORT = 0.3


@pytest.fixture(scope="module")
def largest():
    """A noise puzzle of MAX_CELLS cells: its first round of line solving alone
    takes about a second on a quiet machine, so every step before the model must
    watch the clock too."""
    side = math.isqrt(MAX_CELLS)
    return nonogram.generate(side, side, seed=1)


@pytest.mark.parametrize("method", list(nonogram.METHODS))
def test_every_method_keeps_a_short_limit_on_the_largest_board(largest, method):
    start = time.perf_counter()
    with pytest.raises(SolverTimeout):
        nonogram.solve(largest, method=method, time_limit=SHORT)
    assert time.perf_counter() - start <= within_limit(SHORT)


def test_the_other_entry_points_keep_a_short_limit_on_the_largest_board(largest):
    for call in (
        lambda: nonogram.solutions(largest, time_limit=SHORT),
        lambda: nonogram.solutions_cpsat(largest, time_limit=SHORT),
        lambda: nonogram.difficulty(largest, time_limit=SHORT),
        lambda: nonogram.propagate(largest, time_limit=SHORT),
    ):
        start = time.perf_counter()
        with pytest.raises(SolverTimeout):
            call()
        assert time.perf_counter() - start <= within_limit(SHORT)
    start = time.perf_counter()
    partial = nonogram.probe(largest, time_limit=SHORT)  # what is decided by then
    assert time.perf_counter() - start <= within_limit(SHORT)
    assert partial.shape == (largest.height, largest.width)


# ------------------------------------------------------------- other arguments
def test_known_cells_are_minus_one_zero_or_one_of_the_puzzles_shape():
    puzzle = nonogram.generate(5, 5, seed=1)
    for bad in (np.ones((9, 9), dtype=int), np.full((5, 5), 5), np.full((5, 5), 0.5)):
        for call in (nonogram.propagate, nonogram.probe):
            with pytest.raises(ValueError, match="known"):
                call(puzzle, bad)


def test_options_of_the_searches_and_the_generator_are_checked():
    puzzle = nonogram.generate(5, 5, seed=1)
    with pytest.raises(TypeError, match="stats is a dict"):
        nonogram.solve(puzzle, stats=[])
    with pytest.raises(TypeError, match="stats is a dict"):
        nonogram.generate(5, 5, unique=True, stats="x")
    for bad in ("2", 0, 1.5, True):
        with pytest.raises(ValueError, match="processes is a whole number"):
            nonogram.solve(puzzle, processes=bad)


def test_check_of_something_that_is_no_puzzle_is_a_type_error():
    with pytest.raises(TypeError, match="clue lists rows and cols, not NoneType"):
        nonogram.check(None, [[1]])
