"""Numberlink, chapter *Numberlink with Z3*: the puzzle class, parsers, the checker, the
plot and the Z3 models."""

import dataclasses
import json
import os
import tempfile
import timeit
from itertools import pairwise
from pathlib import Path

import matplotlib
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

matplotlib.use("Agg")

import helper  # noqa: E402
from helper import data_path  # noqa: E402
from helper.check import check_numberlink  # noqa: E402
from helper.numberlink import (  # noqa: E402
    METHODS,
    Numberlink,
    generate,
    generate_with_solution,
    load,
    parse,
    path_links,
    solutions_z3,
    solve,
    solve_z3,
    solve_z3_original,
    trace,
)
from helper.plot import plot_number_link_board  # noqa: E402
from helper.puzzle import extract_number_link  # noqa: E402

PUZZLE01 = load(data_path("numberlink01.txt"))


# --- the puzzle and its text format -----------------------------------------------


def test_load_the_chapter_board():
    assert isinstance(PUZZLE01, Numberlink)
    assert PUZZLE01.board.shape == (10, 10) == (PUZZLE01.height, PUZZLE01.width)
    assert sorted(set(PUZZLE01.board.flat) - {0}) == list(range(1, 9))
    assert PUZZLE01.pairs == 8 and PUZZLE01.fill is True
    assert load(data_path("numberlink01.txt"), fill=False).fill is False


@pytest.mark.parametrize(
    "text, message",
    [
        ("1 0 1\n0 0\n", r"line 2: ragged row with 2 numbers, line 1 has 3"),
        ("1 0 x\n1 0 0\n", r"line 1, column 3: 'x' is not an integer"),
        ("1 0 2\n0 0 1\n", r"line 1, column 3: number 2 must appear exactly twice"),
        ("1 0 2\n0 0 1\n", r"found 1 time\(s\) at \(0, 2\)"),
        ("1 1 1\n0 0 0\n", r"number 1 must appear exactly twice, found 3"),
        ("1 0 1.5\n1 0 0\n", r"'1.5' is not an integer"),
        ("1 -1 1\n0 0 -1\n", r"line 1, column 2: negative number -1"),
        ("\n# only a comment\n", r"no board found"),
        ("# comment\n1 0\n\n0 2\n0 1\n", r"line 4, column 2: number 2 must appear"),
    ],
)
def test_parse_errors_name_the_problem(text, message):
    with pytest.raises(ValueError, match=message):
        parse(text, source="bad.txt")


def test_parse_skips_comments_and_keeps_fill():
    puzzle = parse("# two pairs\n1 0 2\n\n1 0 2\n", fill=False)
    assert puzzle == Numberlink(np.array([[1, 0, 2], [1, 0, 2]]), fill=False)


def test_load_names_the_file(tmp_path):
    path = tmp_path / "broken.txt"
    path.write_text("1 0\n0\n")
    with pytest.raises(ValueError, match=r"broken.txt, line 2"):
        load(path)


def test_the_puzzle_is_a_checked_frozen_value():
    a = Numberlink([[1, 0, 1]])
    assert a == Numberlink(np.array([[1, 0, 1]]))
    assert hash(a) == hash(Numberlink([[1, 0, 1]]))
    assert a != Numberlink([[1, 0, 1]], fill=False)
    with pytest.raises(ValueError):
        a.board[0, 0] = 2  # the board is read-only
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.fill = False
    for bad, message in [
        ([[1, 0, 0]], r"row 0, column 0: number 1 must appear exactly twice"),
        ([[1, -1, 1]], r"negative number -1"),
        ([[1.5, 1.5]], r"integers"),
        ([1, 1], r"2-D"),
        ([[1, 1], [0]], r"rectangular"),
    ]:
        with pytest.raises(ValueError, match=message):
            Numberlink(bad)
    with pytest.raises(ValueError, match="fill"):
        Numberlink([[1, 1]], fill="yes")


def _page(width, height, grid, wrap=True):
    data = {"gridWidth": width, "gridHeight": height, "data": {"startingGrid": grid}}
    return json.dumps({"puzzleData": data} if wrap else data)


def test_extract_number_link():
    board = extract_number_link(_page(3, 2, [1, 0, 2, 1, 0, 2]))
    assert isinstance(board, np.ndarray) and board.shape == (2, 3)
    assert board.tolist() == [[1, 0, 2], [1, 0, 2]]
    unwrapped = extract_number_link(_page(3, 2, [1, 0, 2, 1, 0, 2], wrap=False))
    assert unwrapped.tolist() == board.tolist()
    assert Numberlink(board) == Numberlink([[1, 0, 2], [1, 0, 2]])


@pytest.mark.parametrize(
    "text, message",
    [
        ("{not json", r"not valid JSON"),
        ("[1, 2]", r"must be an object"),
        (
            json.dumps({"puzzleData": {"gridHeight": 1, "data": {"startingGrid": []}}}),
            r"missing key 'puzzleData.gridWidth'",
        ),
        (
            json.dumps({"puzzleData": {"gridWidth": 1, "gridHeight": 1}}),
            r"missing key 'puzzleData.data.startingGrid'",
        ),
        (_page(2, 2, [1, 1, 0]), r"must list 2 x 2 = 4 cells, got 3"),
        (_page(2, 1, [1, "a"]), r"entry 1 \(row 0, column 1\) is 'a', not an integer"),
        (_page(2, 1, [1, 2]), r"puzzle JSON: .*number 1 must appear exactly twice"),
    ],
)
def test_extract_errors_name_the_problem(text, message):
    with pytest.raises(ValueError, match=message):
        extract_number_link(text)


# --- the checker --------------------------------------------------------------------

SMALL = np.array([[1, 0, 1], [2, 0, 2]])
GOOD = {1: [(0, 0), (0, 1), (0, 2)], 2: [(1, 0), (1, 1), (1, 2)]}


def test_check_accepts_a_solution():
    assert check_numberlink(Numberlink(SMALL), GOOD) is True


@pytest.mark.parametrize(
    "paths, fill, message",
    [
        (
            {1: [(0, 0), (0, 2)], 2: GOOD[2]},
            True,
            r"path 1 jumps from \(0, 0\) to \(0, 2\): a gap",
        ),
        ({1: [(0, 0), (0, 1), (0, 2)]}, True, r"pair 2 has no path"),
        (
            {1: [(0, 0), (0, 1), (1, 1), (1, 2)], 2: [(1, 0), (1, 1), (1, 2)]},
            True,
            r"runs from \(0, 0\) to \(1, 2\)",
        ),
        (
            {1: GOOD[1], 2: [(1, 0), (0, 0), (0, 1), (1, 1), (1, 2)]},
            True,
            r"passes through the number 1|reuses cell",
        ),
        (
            {1: [(0, 0), (1, 0), (1, 1), (0, 1), (0, 2)], 2: [(1, 0), (1, 1), (1, 2)]},
            False,
            r"passes through the number 2",
        ),
        (
            {**GOOD, 3: [(0, 1), (1, 1), (0, 1)]},
            True,
            r"stray loop",
        ),
    ],
)
def test_check_rejects_wrong_answers(paths, fill, message):
    with pytest.raises(ValueError, match=message):
        check_numberlink(Numberlink(SMALL, fill=fill), paths)


def test_check_rejects_crossing_lines():
    board = np.array([[0, 1, 0], [2, 0, 2], [0, 1, 0]])
    crossing = {1: [(0, 1), (1, 1), (2, 1)], 2: [(1, 0), (1, 1), (1, 2)]}
    message = r"reuses cell \(1, 1\): it crosses or touches path 1"
    with pytest.raises(ValueError, match=message):
        check_numberlink(Numberlink(board, fill=False), crossing)


def test_check_rejects_an_uncovered_cell_only_when_filling():
    board = np.array([[1, 1], [0, 0]])
    paths = {1: [(0, 0), (0, 1)]}
    with pytest.raises(ValueError, match=r"cell \(1, 0\) is not covered"):
        check_numberlink(Numberlink(board, fill=True), paths)
    assert check_numberlink(Numberlink(board, fill=False), paths)


def test_check_rejects_a_path_that_loops_on_itself():
    board = np.array([[1, 0, 0], [0, 0, 0], [1, 0, 0]])
    looped = {1: [(0, 0), (0, 1), (1, 1), (1, 0), (0, 0), (1, 0), (2, 0)]}
    with pytest.raises(ValueError, match=r"visits it twice"):
        check_numberlink(Numberlink(board, fill=False), looped)


def test_check_reads_the_puzzle_by_its_attributes():
    class Plain:  # no Numberlink: the checker imports nothing from the model module
        board = SMALL
        fill = True

    assert check_numberlink(Plain(), GOOD) is True


# --- trace, links and the plot ------------------------------------------------------


def test_trace_separates_paths_and_loops():
    board = np.array([[1, 0, 1], [0, 0, 0], [0, 0, 0]])
    links = {
        (0, 0, 0, 1),
        (0, 1, 0, 2),
        (1, 0, 1, 1),
        (1, 1, 2, 1),
        (2, 0, 2, 1),
        (1, 0, 2, 0),
    }
    paths, loops = trace(board, links)
    assert paths == {1: [(0, 0), (0, 1), (0, 2)]}
    assert len(loops) == 1 and sorted(loops[0]) == [(1, 0), (1, 1), (2, 0), (2, 1)]
    loop_links = links - {(0, 0, 0, 1), (0, 1, 0, 2)}
    assert set(path_links(loops[0], closed=True)) == loop_links
    assert path_links(paths[1]) == [(0, 0, 0, 1), (0, 1, 0, 2)]


def test_plot_accepts_links_paths_values_and_puzzles():
    fig = plot_number_link_board(SMALL)
    assert fig.axes
    links = {
        (0, 0, 0, 1): True,
        (0, 1, 0, 2): True,
        (1, 0, 1, 1): True,
        (1, 1, 1, 2): True,
        (0, 1, 1, 1): False,
    }
    values = {(r, c): int(SMALL[r, 0]) for r in range(2) for c in range(3)}
    for fig in (
        plot_number_link_board(SMALL, links, values),
        plot_number_link_board(SMALL, GOOD),
        plot_number_link_board(Numberlink(SMALL), GOOD),
    ):
        assert len(fig.axes[0].lines) == 4


def test_plot_draws_a_stray_loop_dashed():
    board = np.zeros((3, 3), dtype=int)
    board[0, 0] = board[0, 2] = 1
    loop = [(1, 0, 1, 1), (1, 1, 2, 1), (2, 0, 2, 1), (1, 0, 2, 0)]
    fig = plot_number_link_board(board, loop)
    assert {line.get_linestyle() for line in fig.axes[0].lines} == {"--"}


# --- generating ---------------------------------------------------------------------


def test_generate_with_solution_plants_a_full_cover():
    for seed in range(5):
        puzzle, paths = generate_with_solution(9, 7, seed=seed)
        assert puzzle.board.shape == (9, 7)
        assert check_numberlink(puzzle, paths)
        assert generate(9, 7, seed=seed) == puzzle  # the one generator, same puzzle
    short, paths = generate_with_solution(8, 8, seed=1, min_length=2, max_length=3)
    assert check_numberlink(short, paths)
    assert all(2 <= len(path) <= 4 for path in paths.values())  # the last may be 4
    assert generate_with_solution(5, 5, seed=1, fill=False)[0].fill is False


def test_the_stored_board_is_the_generator_output():
    assert load(data_path("numberlink02.txt")) == generate(20, 20, seed=2, max_length=8)


# --- solving with Z3 ----------------------------------------------------------------


def test_solve_the_chapter_board():
    paths = solve(PUZZLE01, time_limit=60)
    assert check_numberlink(PUZZLE01, paths)
    assert check_numberlink(PUZZLE01, solve_z3(PUZZLE01, time_limit=60))


@pytest.mark.parametrize("method", sorted(METHODS))
def test_every_method_on_a_small_board(method):
    puzzle = generate(6, 6, seed=11, max_length=6, fill=False)
    paths = solve(puzzle, method=method, time_limit=60)
    # The first models may hide stray loops, but with fill=False their paths are valid.
    assert check_numberlink(puzzle, paths)


@pytest.mark.parametrize("side, seed", [(10, 101), (15, 102), (20, 103)])
def test_default_solver_full_cover_on_unseen_boards(side, seed):
    puzzle = generate(side, side, seed=seed, max_length=side)
    assert check_numberlink(puzzle, solve(puzzle, time_limit=60))


@pytest.mark.parametrize("seed", [201, 202, 203])
def test_default_solver_leaves_cells_empty_when_allowed(seed):
    # Remove some pairs of a full-cover board: the rest is solvable, maybe not full.
    board = generate(12, 12, seed=seed, max_length=8).board.copy()
    rng = np.random.default_rng(seed)
    top = board.max()
    for k in rng.choice(np.arange(1, top + 1), size=top // 3, replace=False):
        board[board == k] = 0
    puzzle = Numberlink(board, fill=False)
    assert check_numberlink(puzzle, solve(puzzle, time_limit=60))


def test_unsolvable_board_is_reported_quickly():
    with pytest.raises(helper.Unsolvable):
        solve(Numberlink([[1, 2], [2, 1]]), time_limit=10)
    with pytest.raises(helper.Unsolvable):  # a full cover is impossible here (parity)
        solve(Numberlink([[1, 1, 0], [0, 0, 0], [0, 0, 0]]), time_limit=10)
    for z3_method in (solve_z3, solve_z3_original):
        with pytest.raises(helper.Unsolvable):
            z3_method(Numberlink([[1, 2], [2, 1]]), time_limit=10)


def test_z3_original_misses_loops_that_the_fixed_model_cuts():
    # Across a few generated boards, the first model returns stray loops at least
    # once; the fixed one never does (its paths always cover the board).
    failures = 0
    for seed in range(6):
        puzzle = generate(7, 7, seed=seed)
        try:
            check_numberlink(puzzle, solve_z3_original(puzzle, time_limit=30))
        except ValueError:
            failures += 1
        assert check_numberlink(puzzle, solve_z3(puzzle, time_limit=30))
    assert failures > 0


def test_solutions_z3_counts_and_reports_its_rounds():
    open_board = np.array(
        [
            [0, 0, 0, 1, 0],
            [3, 0, 0, 0, 2],
            [0, 0, 2, 1, 0],
            [0, 0, 0, 0, 3],
            [0, 0, 0, 0, 0],
        ]
    )
    stats = {}
    found = solutions_z3(Numberlink(open_board, fill=False), limit=3, stats=stats)
    assert len(found) == 1 and stats["rounds"] >= 2
    assert solutions_z3(Numberlink(open_board, fill=True)) == []
    hook = Numberlink([[1, 0, 0], [1, 0, 0]], fill=False)
    assert len(solutions_z3(hook, limit=10)) == 3


def test_unknown_method_bad_board_and_wrong_type():
    with pytest.raises(ValueError, match="unknown method 'nope'.*auto"):
        solve(Numberlink(SMALL), method="nope")
    with pytest.raises(ValueError, match="exactly twice"):
        Numberlink(np.array([[1, 0], [0, 0]]))
    with pytest.raises(TypeError, match="Numberlink"):
        solve(SMALL)


def test_timeout_raises_solver_timeout():
    puzzle = generate(20, 20, seed=7)
    with pytest.raises(helper.SolverTimeout):
        solve(puzzle, method="z3", time_limit=0.05)
    with pytest.raises(helper.SolverTimeout):
        solutions_z3(puzzle, time_limit=0.05)


# --- issue 21: a wrong answer is never accepted, bad input is named ------------------

SOLVED = generate(8, 8)  # the puzzle of the reproducer


def test_check_refuses_coordinates_that_are_not_exact_integers():
    good = solve(SOLVED, time_limit=30)
    assert check_numberlink(SOLVED, good)
    shifted = {k: [(r + 0.5, c + 0.5) for r, c in path] for k, path in good.items()}
    with pytest.raises(ValueError, match=r"path 1, step 0: the row is \d\.5, not an"):
        check_numberlink(SOLVED, shifted)
    as_floats = {k: [(float(r), float(c)) for r, c in path] for k, path in good.items()}
    with pytest.raises(ValueError, match=r"the row is \d\.0, not an integer"):
        check_numberlink(SOLVED, as_floats)  # 0.0 == 0, but it is not an exact integer
    as_text = {k: [(str(r), str(c)) for r, c in path] for k, path in good.items()}
    with pytest.raises(ValueError, match=r"the row is '\d', not an integer"):
        check_numberlink(SOLVED, as_text)
    first = good[1][0]
    bools = {**good, 1: [(bool(first[0]), first[1]), *good[1][1:]]}
    with pytest.raises(ValueError, match=r"path 1, step 0: the row is (True|False)"):
        check_numberlink(SOLVED, bools)
    with pytest.raises(ValueError, match=r"a pair number of the answer is '1'"):
        check_numberlink(SOLVED, {str(k): path for k, path in good.items()})
    numpy_cells = {k: [np.array(cell) for cell in path] for k, path in good.items()}
    assert check_numberlink(SOLVED, numpy_cells)  # NumPy integers are exact


@pytest.mark.parametrize(
    "answer, message",
    [
        (None, r"the answer is a NoneType, not \{k: path\}"),
        ({1: 5, 2: GOOD[2]}, r"path 1 is a int, not a list of cells"),
        ({1: "abc", 2: GOOD[2]}, r"path 1 is a str"),
        ({1: [(0, 0, 0)], 2: GOOD[2]}, r"path 1, step 0: \(0, 0, 0\) is not a"),
        ({1: [(0, 0), (0, 1), (0, 3)], 2: GOOD[2]}, r"path 1 leaves the board at"),
        ({1: [(0, 0), (-1, 0)], 2: GOOD[2]}, r"leaves the board at \(-1, 0\)"),
        ({1: [(0, 0), (0, 1), (10**30, 2)], 2: GOOD[2]}, r"leaves the board"),
    ],
)
def test_check_names_a_malformed_answer(answer, message):
    with pytest.raises(ValueError, match=message):
        check_numberlink(Numberlink(SMALL), answer)


@pytest.mark.parametrize(
    "text, error, message",
    [
        (f"{10**30} 0 {10**30}", ValueError, r"line 1, column 1: '1000.*' is not an"),
        ("1 0 ١\n1 0 ١", ValueError, r"'١' is not an integer"),  # a digit, not ASCII
        ("1_0 0 10", ValueError, r"'1_0' is not an integer"),
        ("2000000 0 2000000", ValueError, r"number 2000000 above 1,000,000"),
        (None, TypeError, r"a Numberlink board \(a str\), not NoneType"),
        (b"1 0 1", TypeError, r"not bytes \(decode bytes first\)"),
        (123, TypeError, r"not int"),
    ],
)
def test_parse_refuses_what_is_not_a_board(text, error, message):
    with pytest.raises(error, match=message):
        parse(text)


def test_parse_refuses_a_board_over_the_cap_before_building_it():
    row = " ".join(["0"] * 2000)
    with pytest.raises(ValueError, match=r"line 501: the board is 501x2000"):
        parse("\n".join([row] * 600))


def test_load_names_a_binary_file(tmp_path):
    path = tmp_path / "board.txt"
    path.write_bytes(b"1 0 1\n\xff\xfe\x00\n")
    with pytest.raises(ValueError, match=r"board.txt: not a UTF-8 text file"):
        load(path)


@pytest.mark.parametrize(
    "url, error, message",
    [
        (None, TypeError, r"a puzz.link URL \(a str\), not NoneType"),
        ("https://puzz.link/p?numlin/100000/100000/11", ValueError, r"1,000,000"),
        (f"https://puzz.link/p?numlin/3/1/{'0' * 10**6}", ValueError, r"characters"),
    ],
)
def test_from_puzzlink_refuses_what_is_not_a_numberlink_url(url, error, message):
    from helper.numberlink import from_puzzlink

    with pytest.raises(error, match=message):
        from_puzzlink(url)


def test_puzzle_numbers_are_bounded():
    with pytest.raises(ValueError, match=r"number 1099511627776 above 1,000,000"):
        Numberlink([[2**40, 2**40]])
    with pytest.raises(ValueError, match=r"integers"):
        Numberlink([[10**30, 10**30]])


def test_generate_refuses_a_bad_size():
    for bad, message in [
        ((0, 5), r"height must be at least 1"),
        ((5.5, 5), r"height is 5\.5, not an integer"),
        ((True, 5), r"height is True"),
        ((10**4, 10**4), r"100,000,000 cells"),
    ]:
        with pytest.raises(ValueError, match=message):
            generate(*bad)


# --- properties (Hypothesis): parsers, URLs, round trips, the checker -----------------

#: Examples per property: a few hundred in the default run, many more under --slow
#: (``HYPOTHESIS_PROFILE=slow``).
EXAMPLES = 2000 if os.environ.get("HYPOTHESIS_PROFILE") == "slow" else 150
WIKI_URL = "https://puzz.link/p?numlin/7/7/i4j3h25j31k5r1j2i4h"


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.one_of(st.text(), st.text(alphabet="0123456789 -\n#\t.x", max_size=300)))
def test_parse_raises_nothing_but_value_error(text):
    try:
        parse(text)
    except ValueError:
        pass


@st.composite
def _mutated_url(draw):
    url = list(WIKI_URL)
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(url)))
        what = draw(st.sampled_from(["insert", "delete", "replace"]))
        char = draw(st.sampled_from("0123456789abcdefghijklmnopqrstuvwxyz-+=%./?!é"))
        if what == "insert":
            url.insert(i, char)
        elif url and i < len(url):
            url[i : i + 1] = [] if what == "delete" else [char]
    return "".join(url)


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.one_of(st.text(), _mutated_url()))
def test_from_puzzlink_raises_nothing_but_value_error(url):
    from helper.numberlink import from_puzzlink

    try:
        from_puzzlink(url)
    except ValueError:
        pass


@st.composite
def _puzzles(draw):
    h, w = draw(st.integers(1, 7)), draw(st.integers(1, 7))
    cells = draw(st.permutations([(r, c) for r in range(h) for c in range(w)]))
    pairs = draw(st.integers(0, len(cells) // 2))
    labels = draw(
        st.lists(st.integers(1, 4000), min_size=pairs, max_size=pairs, unique=True)
    )
    board = np.zeros((h, w), dtype=int)
    for n, k in enumerate(labels):
        board[cells[2 * n]] = board[cells[2 * n + 1]] = k
    return Numberlink(board, fill=draw(st.booleans()))


@settings(max_examples=EXAMPLES, deadline=None)
@given(_puzzles())
def test_round_trips_through_a_url_and_a_file(puzzle):
    from helper.numberlink import from_puzzlink, to_puzzlink

    assert from_puzzlink(to_puzzlink(puzzle), fill=puzzle.fill) == puzzle
    text = "\n".join(" ".join(map(str, row)) for row in puzzle.board.tolist())
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "board.txt"
        path.write_text("# a board\n" + text + "\n", encoding="utf-8")
        assert load(path, fill=puzzle.fill) == puzzle


def _board_text(rows: int, width: int = 40) -> str:
    row = " 0" * (width - 2)
    return "\n".join(f"{k}{row} {k}" for k in range(1, rows + 1))


def _seconds(function, argument) -> float:
    return min(timeit.repeat(lambda: function(argument), number=1, repeat=3))


def test_the_readers_are_linear_in_the_input():
    from helper.numberlink import from_puzzlink, to_puzzlink

    small, big = _board_text(60), _board_text(8 * 60)
    assert _seconds(parse, big) < 30 * _seconds(parse, small)
    small_url, big_url = (to_puzzlink(parse(text)) for text in (small, big))
    assert _seconds(from_puzzlink, big_url) < 30 * _seconds(from_puzzlink, small_url)


def _exact(value) -> bool:
    integer = isinstance(value, (int, np.integer))
    return integer and not isinstance(value, (bool, np.bool_))


def _brute_force_verdict(puzzle, answer) -> bool:
    """A second checker, written another way: owners on a grid of lists."""
    board = np.asarray(puzzle.board).tolist()
    h, w = len(board), len(board[0])
    ends: dict = {}
    for r in range(h):
        for c in range(w):
            if board[r][c]:
                ends.setdefault(board[r][c], []).append((r, c))
    if not isinstance(answer, dict) or not all(_exact(k) for k in answer):
        return False
    if set(answer) != set(ends):
        return False
    owner = [[None] * w for _ in range(h)]
    for k, path in answer.items():
        if not isinstance(path, (list, tuple)):
            return False
        cells = []
        for cell in path:
            if not isinstance(cell, (list, tuple, np.ndarray)) or len(cell) != 2:
                return False
            if not all(_exact(v) for v in cell):
                return False
            if not (0 <= cell[0] < h and 0 <= cell[1] < w):
                return False
            cells.append((int(cell[0]), int(cell[1])))
        if len(cells) < 2 or sorted([cells[0], cells[-1]]) != sorted(ends[k]):
            return False
        if any(abs(a - c) + abs(b - d) != 1 for (a, b), (c, d) in pairwise(cells)):
            return False
        for i, (r, c) in enumerate(cells):
            if owner[r][c] is not None or (0 < i < len(cells) - 1 and board[r][c]):
                return False
            owner[r][c] = k
    return not puzzle.fill or all(x is not None for row in owner for x in row)


def _solved_cases():
    cases = []
    for seed, fill in [(1, True), (2, True), (3, False), (4, False)]:
        puzzle = generate(5, 5, seed=seed, max_length=6, fill=fill)
        cases.append((puzzle, solve(puzzle, time_limit=30)))
    rows = [[0, 0, 0, 1, 0], [3, 0, 0, 0, 2], [0, 0, 2, 1, 0], [0, 0, 0, 0, 3]]
    open_board = Numberlink(np.array([*rows, [0] * 5]), fill=False)
    cases.append((open_board, solve(open_board, time_limit=30)))
    return cases


CASES = _solved_cases()
MUTATIONS = (
    "float str bool numpy shift drop duplicate swap reverse delete-path extra-path "
    "str-key bool-key not-a-list huge truncate extend"
).split()


@st.composite
def _mutated_answers(draw):
    puzzle, answer = draw(st.sampled_from(CASES))
    answer = {k: list(path) for k, path in answer.items()}
    kind, k = draw(st.sampled_from(MUTATIONS)), draw(st.sampled_from(sorted(answer)))
    path = answer[k]
    i, j = (draw(st.integers(0, len(path) - 1)) for _ in range(2))
    r, c = path[i]
    if kind == "float":
        path[i] = (r + draw(st.sampled_from([0.0, 0.5, -0.5])), c)
    elif kind in ("str", "bool", "huge"):
        path[i] = {"str": (str(r), c), "bool": (r, bool(c)), "huge": (10**30, c)}[kind]
    elif kind == "numpy":
        path[i] = (np.int64(r), np.int32(c))  # still exact integers: a valid answer
    elif kind == "shift":
        path[i] = (r + draw(st.integers(-2, 2)), c + draw(st.integers(-2, 2)))
    elif kind in ("drop", "duplicate", "swap"):
        if kind == "drop":
            del path[i]
        elif kind == "duplicate":
            path.insert(i, path[i])
        else:
            path[i], path[j] = path[j], path[i]
    elif kind == "reverse":
        path.reverse()
    elif kind in ("delete-path", "str-key", "bool-key"):
        del answer[k]
        if kind != "delete-path":
            answer[str(k) if kind == "str-key" else bool(k % 2)] = path
    elif kind == "extra-path":
        answer[max(answer) + 1] = [path[0], path[0]]
    elif kind == "not-a-list":
        answer[k] = draw(st.sampled_from([None, 5, "ab", {(0, 0): 1}]))
    elif kind == "truncate":
        answer[k] = path[:i]
    else:  # extend past the end
        path.append((r + 1, c))
    return puzzle, answer


@settings(max_examples=EXAMPLES, deadline=None)
@given(_mutated_answers())
def test_check_agrees_with_a_brute_force_checker(case):
    puzzle, answer = case
    expected = _brute_force_verdict(puzzle, answer)
    try:
        verdict = check_numberlink(puzzle, answer)
    except ValueError:
        verdict = False
    assert verdict == expected, answer


def test_the_brute_force_checker_accepts_the_solutions():
    for puzzle, answer in CASES:
        assert _brute_force_verdict(puzzle, answer) and check_numberlink(puzzle, answer)
