"""Slitherlink against hostile input: the defects of issue 21, time limits, properties.

Every reproducer of issue 21 that concerns Slitherlink is a test here, with the outcome
the package documents. Hypothesis drives the properties: the readers raise nothing but
``ValueError``/``TypeError`` on any text, take time in proportion to their input and
round-trip, and ``check`` rejects exactly the answers that break a rule, as a second
checker written here from the rules (on networkx, sharing nothing with the package)
decides them. ``HYPOTHESIS_PROFILE=slow`` runs ten times the examples.
"""

import math
import os
import threading
import time

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from limits import within_limit

import helper.slitherlink as sl
import helper.slitherlink.generators as generate_module
from helper import SolverTimeout, Unsolvable
from helper.bench import median_time
from helper.dispatch import MAX_CELLS
from helper.grid import links_along
from helper.slitherlink.lattice import Lattice

EXAMPLES = 2000 if os.environ.get("HYPOTHESIS_PROFILE") == "slow" else 200
PROPERTY = settings(max_examples=EXAMPLES, deadline=None)
TIME_LIMIT = r"^time_limit must be a finite number of seconds > 0"


def text_of(puzzle):
    """A puzzle in the file format of ``parse``: one line per row, ``.`` for no clue."""
    return "\n".join(
        " ".join("." if k < 0 else str(k) for k in row) for row in puzzle.clues.tolist()
    )


def timed(call):
    """``call()``'s seconds, and what it returned or raised."""
    start = time.perf_counter()
    try:
        outcome = call()
    except (SolverTimeout, Unsolvable) as error:
        outcome = error
    return time.perf_counter() - start, outcome


# --- check: exact integers, every broken rule named -----------------------------------


def test_an_infinite_coordinate_is_a_broken_point_rule_not_an_overflow():
    p = sl.generate(6, 6, seed=1)
    with pytest.raises(ValueError, match=r"^point rule: point 0, \(inf, 0\): its row"):
        sl.check(p, [(float("inf"), 0)] + sl.solve(p)[1:])


@pytest.mark.parametrize(
    "bad, rule",
    [
        (math.inf, "point rule"),
        (-math.inf, "point rule"),
        (math.nan, "point rule"),
        (1.0, "point rule"),
        (np.float64(1.0), "point rule"),
        ("1", "point rule"),
        (True, "point rule"),
        (None, "point rule"),
        (10**30, "board rule"),
        (-1, "board rule"),
    ],
    ids=repr,
)
def test_check_refuses_every_coordinate_that_is_not_an_exact_integer_on_the_board(
    bad, rule
):
    puzzle, loop = sl.generate_with_loop(6, 6, seed=2, density=1.0)
    r, c = loop[3]
    for point in ((bad, c), (r, bad)):
        wrong = loop[:3] + [point] + loop[4:]
        with pytest.raises(ValueError, match=rf"^{rule}: point"):
            sl.check(puzzle, wrong)
    assert sl.check(puzzle, loop[:3] + [(np.int64(r), np.int32(c))] + loop[4:])


@pytest.mark.parametrize(
    "solution, rule",
    [
        (None, "loop rule"),
        (5, "loop rule"),
        ("abcd", "point rule"),
        ([(0, 0, 0)] * 4, "point rule"),
        ([0, 1, 2, 3], "point rule"),
        ([], "loop rule"),
    ],
    ids=repr,
)
def test_check_names_the_rule_of_a_malformed_answer(solution, rule):
    with pytest.raises(ValueError, match=f"^{rule}"):
        sl.check(sl.Slitherlink([[-1, -1], [-1, -1]]), solution)


# --- time limits: refused before any work, kept by every entry point ------------------


def _no_work(*args, **kwargs):
    raise AssertionError("work started before the time limit was checked")


def _entry_points(puzzle):
    """Every public call that takes a time limit, as ``call(time_limit)``."""
    n = puzzle.height
    calls = {
        "solutions": lambda t: sl.solutions(puzzle, time_limit=t),
        "solutions_sat": lambda t: sl.solutions_sat(puzzle, time_limit=t),
        "difficulty": lambda t: sl.difficulty(puzzle, time_limit=t),
        "generate": lambda t: sl.generate(n, n, time_limit=t),
        "generate unique": lambda t: sl.generate(n, n, unique=True, time_limit=t),
        "unique_puzzle": lambda t: sl.unique_puzzle(n, n, time_limit=t),
    }
    for method, function in sl.METHODS.items():
        calls[method] = lambda t, m=method: sl.solve(puzzle, method=m, time_limit=t)
        calls[f"{method} directly"] = lambda t, f=function: f(puzzle, time_limit=t)
    return calls


@pytest.mark.parametrize("bad", [math.nan, 0, -1, "5", math.inf, None, True], ids=repr)
def test_every_entry_point_refuses_a_bad_time_limit_before_any_work(bad, monkeypatch):
    puzzle = sl.generate(5, 5, seed=1)
    monkeypatch.setattr(Lattice, "__init__", _no_work)
    monkeypatch.setattr(generate_module, "_grow_region", _no_work)
    calls = _entry_points(puzzle)
    assert len(calls) == 6 + 2 * len(sl.METHODS)
    for call in calls.values():
        with pytest.raises(ValueError, match=TIME_LIMIT):
            call(bad)  # before Lattice or the planted loop: both would fail the test


def test_cpsat_counts_building_its_model_on_a_sparse_100x100_board():
    puzzle = sl.generate(100, 100, density=0.2)
    seconds, outcome = timed(lambda: sl.solve(puzzle, method="cpsat", time_limit=1))
    assert isinstance(outcome, SolverTimeout) and seconds <= within_limit(1)


def _keeps_its_limit(call, puzzle, limit):
    threads = threading.active_count()
    seconds, outcome = timed(call)
    assert seconds <= within_limit(limit), seconds
    assert threading.active_count() == threads  # no timer thread left behind
    if isinstance(outcome, list) and outcome and isinstance(outcome[0], list):
        outcome = outcome[0]  # solutions: check the first
    if isinstance(outcome, list):
        assert sl.check(puzzle, outcome)


@pytest.mark.parametrize(
    "name", [*sl.METHODS, "solutions", "difficulty", "generate unique"]
)
def test_a_300x300_board_keeps_a_one_second_limit(name):
    puzzle = sl.Slitherlink(np.full((300, 300), -1))
    call = _entry_points(puzzle)[name]
    _keeps_its_limit(lambda: call(1.0), puzzle, 1.0)


@pytest.mark.slow
@pytest.mark.parametrize("name", [*sl.METHODS, "solutions", "difficulty"])
def test_the_largest_board_keeps_a_two_second_limit(name):
    n = 1000  # MAX_CELLS cells
    rng = np.random.default_rng(0)
    clues = np.where(rng.random((n, n)) < 0.05, rng.integers(0, 4, (n, n)), -1)
    puzzle = sl.Slitherlink(clues)
    _keeps_its_limit(lambda: _entry_points(puzzle)[name](2.0), puzzle, 2.0)


# --- crashes and wrong exception types ------------------------------------------------


def test_a_board_of_one_cell_has_the_answers_its_clue_allows():
    assert sl.solutions(sl.Slitherlink([[0]])) == []
    assert sl.solutions(sl.Slitherlink([[3]])) == []
    (square,) = sl.solutions(sl.Slitherlink([[-1]]))
    assert sl.check(sl.Slitherlink([[-1]]), square) and len(square) == 4
    assert len(sl.solutions(sl.Slitherlink([[-1, -1]]), limit=10)) == 3
    assert len(sl.solutions(sl.Slitherlink([[-1], [-1]]), limit=10)) == 3


def test_a_non_puzzle_is_a_type_error_that_names_the_class():
    shape = r"^expected a helper\.slitherlink\.puzzle\.Slitherlink puzzle, not object$"
    for call in (sl.solve, sl.solutions, sl.to_puzzlink):
        with pytest.raises(TypeError, match=shape):
            call(object())


def test_readers_take_text_only():
    for call in (sl.parse, sl.from_puzzlink):
        with pytest.raises(TypeError, match=r"^expected the text of .* \(a str\), not"):
            call(None)
    with pytest.raises(TypeError, match="decode bytes first"):
        sl.parse(b"1 2\n3 .")
    with pytest.raises(TypeError, match="a file path"):
        sl.load(None)


def test_sizes_over_the_cap_are_refused_before_anything_is_made():
    with pytest.raises(ValueError, match="1,000,000"):
        sl.from_puzzlink("https://puzz.link/p?slither/100000/100000/11")
    with pytest.raises(ValueError, match="1,000,000"):
        sl.parse(". " * (MAX_CELLS + 1))
    with pytest.raises(ValueError, match="1,000,000"):
        sl.generate(2000, 2000)


def test_a_binary_file_is_a_value_error_that_names_it(tmp_path):
    path = tmp_path / "board.txt"
    path.write_bytes(b"3 . \xff\xfe 2\n")
    with pytest.raises(ValueError, match=r"board\.txt: not a UTF-8 text file"):
        sl.load(path)
    path.write_bytes(b"3 . 2\x00")
    with pytest.raises(ValueError, match=r"board\.txt: not a text file"):
        sl.load(path)


@pytest.mark.parametrize(
    "height, width, options, message",
    [
        (0, 5, {}, "height must be at least 1"),
        (5, -2, {}, "width must be at least 1"),
        (2.5, 3, {}, "height is 2.5, not an integer"),
        (5, 5, {"density": 2}, "density must be a number from 0 to 1"),
        (5, 5, {"fill": "half"}, "fill must be a number from 0 to 1"),
        (5, 5, {"unique": True, "density": 0.5}, "density does not apply"),
    ],
)
def test_generate_refuses_what_it_cannot_make(height, width, options, message):
    with pytest.raises(ValueError, match=message):
        sl.generate(height, width, **options)


# --- unsolvable at a glance: every method says so at once -----------------------------


def _enclosed_three(n):
    """A generated board with a 3 whose four neighbours are 0: its sides are all off."""
    clues = sl.generate(n, n, seed=4).clues.copy()
    r = c = n // 2
    clues[r, c] = 3
    clues[r - 1, c] = clues[r + 1, c] = clues[r, c - 1] = clues[r, c + 1] = 0
    return sl.Slitherlink(clues)


LOCAL = {
    "a 3 alone": [[3]],
    "a 0 beside a 3": [[0, 3]],
    "a 3 beside a 0": [[3, 0]],
    "four 3s": [[3, 3], [3, 3]],
    "only 0s": [[0, 0], [0, 0]],
    "a 3 among 0s on 30x30": _enclosed_three(30),
}


@pytest.mark.parametrize("name", LOCAL)
def test_a_local_impossibility_is_unsolvable_for_every_method(name):
    board = LOCAL[name]
    puzzle = board if isinstance(board, sl.Slitherlink) else sl.Slitherlink(board)
    for method in sl.METHODS:
        with pytest.raises(Unsolvable):
            sl.solve(puzzle, method=method, time_limit=3)
    assert sl.solutions(puzzle, time_limit=3) == []
    with pytest.raises(Unsolvable):
        sl.difficulty(puzzle, time_limit=3)


def test_a_local_impossibility_on_a_100x100_board_is_unsolvable_by_default():
    with pytest.raises(Unsolvable):
        sl.solve(_enclosed_three(100), time_limit=3)


def test_a_clue_of_four_is_refused_where_it_is_read():
    with pytest.raises(ValueError, match="4 at row 0, column 0 is not a clue 0-3"):
        sl.Slitherlink([[4]])
    with pytest.raises(ValueError, match="position 0 of the body: clue 4"):
        sl.from_puzzlink("https://puzz.link/p?slither/1/1/4")


# --- the readers are linear -----------------------------------------------------------


def _random_puzzle(n, seed=0):
    rng = np.random.default_rng(seed)
    shown = rng.random((n, n)) < 0.5
    return sl.Slitherlink(np.where(shown, rng.integers(0, 4, (n, n)), -1))


@pytest.mark.parametrize(
    "write, read", [(sl.to_puzzlink, sl.from_puzzlink), (text_of, sl.parse)]
)
def test_eight_times_the_input_takes_less_than_thirty_times_the_time(write, read):
    small, big = write(_random_puzzle(100)), write(_random_puzzle(283))  # 8x the cells
    assert 7.5 < len(big) / len(small) < 8.5
    seconds = median_time(lambda: read(big), repeats=5)
    assert seconds < 30 * median_time(lambda: read(small), repeats=5)


def test_a_300x300_address_makes_the_round_trip():
    puzzle = _random_puzzle(300)
    assert sl.from_puzzlink(sl.to_puzzlink(puzzle)) == puzzle


# --- properties -----------------------------------------------------------------------


clue_grids = st.integers(1, 12).flatmap(
    lambda h: st.integers(1, 12).flatmap(
        lambda w: st.lists(
            st.lists(st.integers(-1, 3), min_size=w, max_size=w), min_size=h, max_size=h
        )
    )
)
VALID_URL = sl.to_puzzlink(_random_puzzle(7, seed=3))
VALID_TEXT = text_of(_random_puzzle(5, seed=4))


@st.composite
def mutated(draw, valid):
    """``valid`` with a few characters replaced, inserted or deleted."""
    text = list(valid)
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(text)))
        char = draw(st.characters(codec="utf-8"))
        action = draw(st.sampled_from(["replace", "insert", "delete"]))
        if action == "insert" or not text or i == len(text):
            text.insert(i, char)
        elif action == "replace":
            text[i] = char
        else:
            del text[i]
    return "".join(text)


@PROPERTY
@given(st.one_of(st.text(), mutated(VALID_URL), st.just(VALID_URL)))
def test_from_puzzlink_raises_nothing_but_value_errors(url):
    try:
        puzzle = sl.from_puzzlink(url)
    except ValueError:
        return
    assert isinstance(puzzle, sl.Slitherlink)


@PROPERTY
@given(st.one_of(st.text(), mutated(VALID_TEXT), st.just(VALID_TEXT)))
def test_parse_raises_nothing_but_value_errors(text):
    try:
        puzzle = sl.parse(text)
    except ValueError:
        return
    assert puzzle == sl.parse(text_of(puzzle))  # what it read, it writes back


@PROPERTY
@given(st.binary(max_size=200))
def test_load_raises_nothing_but_value_errors_on_any_file(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("load") / "board.txt"
    path.write_bytes(data)
    try:
        sl.load(path)
    except ValueError as error:
        assert "board.txt" in str(error)


@PROPERTY
@given(st.recursive(st.integers(-3, 5) | st.floats() | st.none(), st.lists))
def test_the_puzzle_class_raises_nothing_but_value_and_type_errors(clues):
    try:
        sl.Slitherlink(clues)
    except (ValueError, TypeError):
        pass


@PROPERTY
@given(clue_grids)
def test_addresses_files_and_texts_make_the_round_trip(grid):
    puzzle = sl.Slitherlink(grid)
    url = sl.to_puzzlink(puzzle)
    assert sl.from_puzzlink(url) == puzzle
    assert len(url.rsplit("/", 1)[1]) <= puzzle.clues.size  # a char per cell at most
    assert sl.parse(text_of(puzzle)) == puzzle


def test_load_reads_what_was_written(tmp_path):
    for seed in range(5):
        puzzle = _random_puzzle(9, seed)
        path = tmp_path / f"board{seed}.txt"
        path.write_text(text_of(puzzle) + "\n", encoding="utf-8")
        assert sl.load(path) == puzzle


def _on_board(point, height, width) -> bool:
    if not isinstance(point, tuple) or len(point) != 2:
        return False
    r, c = point
    exact = type(r) is int and type(c) is int  # not bool, float or str
    return exact and 0 <= r <= height and 0 <= c <= width


def second_checker(puzzle, loop) -> bool:
    """The rules again, on networkx: exact points on the board, one cycle, the clues."""
    height, width = puzzle.clues.shape
    if not all(_on_board(point, height, width) for point in loop):
        return False
    if len(loop) < 4 or len(set(loop)) != len(loop):
        return False
    links = links_along(loop, closed=True)
    if any(abs(r1 - r2) + abs(c1 - c2) != 1 for r1, c1, r2, c2 in links):
        return False
    graph = nx.Graph([((r1, c1), (r2, c2)) for r1, c1, r2, c2 in links])
    if not nx.is_connected(graph) or any(d != 2 for _, d in graph.degree):
        return False
    for (r, c), clue in np.ndenumerate(puzzle.clues):
        top, bottom = (r, c, r, c + 1), (r + 1, c, r + 1, c + 1)
        left, right = (r, c, r + 1, c), (r, c + 1, r + 1, c + 1)
        if clue >= 0 and len({top, bottom, left, right} & set(links)) != clue:
            return False
    return True


HOSTILE = st.sampled_from([math.inf, math.nan, 1.0, 2.5, "1", True, None, -1, 99])


@st.composite
def boards_and_answers(draw):
    """A generated board, its planted loop, and that loop mutated once (or not)."""
    height, width = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    density = draw(st.sampled_from([0.0, 0.5, 1.0]))
    seed = draw(st.integers(0, 10**6))
    puzzle, loop = sl.generate_with_loop(height, width, seed=seed, density=density)
    loop = list(loop)
    i = draw(st.integers(0, len(loop) - 1))
    j = draw(st.integers(0, len(loop) - 1))
    r, c = loop[i]
    mutation = draw(st.sampled_from(
        ["none", "reverse", "rotate", "swap", "delete", "repeat", "shift", "hostile",
         "outside", "truncate"]
    ))  # fmt: skip
    if mutation == "reverse":
        loop.reverse()
    elif mutation == "rotate":
        loop = loop[i:] + loop[:i]
    elif mutation == "swap":
        loop[i], loop[j] = loop[j], loop[i]
    elif mutation == "delete":
        del loop[i]
    elif mutation == "repeat":
        loop.insert(j, loop[i])
    elif mutation == "shift":
        dr, dc = draw(st.sampled_from([(0, 1), (1, 0), (0, -1), (-1, 0), (1, 1)]))
        loop[i] = (r + dr, c + dc)
    elif mutation == "hostile":
        bad = draw(HOSTILE)
        loop[i] = draw(st.sampled_from([(bad, c), (r, bad)]))
    elif mutation == "outside":
        loop[i] = (r + height + 1, c)
    elif mutation == "truncate":
        loop = loop[: max(0, i)]
    return puzzle, loop


@PROPERTY
@given(boards_and_answers())
def test_check_agrees_with_a_second_checker_on_every_mutation(case):
    puzzle, loop = case
    expected = second_checker(puzzle, loop)
    try:
        verdict = sl.check(puzzle, loop)
    except ValueError:
        verdict = False
    assert verdict == expected


@PROPERTY
@given(st.lists(st.tuples(st.integers(-1, 4), st.integers(-1, 4)), max_size=16))
def test_check_agrees_with_a_second_checker_on_arbitrary_point_lists(points):
    puzzle = sl.Slitherlink(np.full((3, 3), -1))
    try:
        verdict = sl.check(puzzle, points)
    except ValueError:
        verdict = False
    assert verdict == second_checker(puzzle, points)
