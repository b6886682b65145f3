"""The shared base: the dispatcher's rules, the grid vocabulary, show_source."""

import math
import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from helper import Deadline, dispatch, grid
from helper.show import show_source, source_of


class Board:
    """A stand-in puzzle class for the dispatcher's tests."""


def _method(puzzle, *, time_limit, **options):
    return ("ran", time_limit, options)


METHODS = {"fast": _method, "slow": _method}


def _solve(puzzle, method=None, time_limit=10.0, **options):
    return dispatch.solve(
        puzzle,
        kind=Board,
        methods=METHODS,
        default="fast",
        method=method,
        time_limit=time_limit,
        **options,
    )


def test_dispatch_runs_the_default_and_passes_options():
    assert _solve(Board()) == ("ran", 10.0, {})
    assert _solve(Board(), method="slow", time_limit=2, stats={}) == (
        "ran",
        2.0,
        {"stats": {}},
    )


@pytest.mark.parametrize(
    "bad", [0, -1, math.nan, math.inf, -math.inf, "5", None, True, [1], 1j]
)
def test_a_bad_time_limit_is_refused_before_any_work(bad):
    with pytest.raises(ValueError, match=r"time_limit must be a finite number"):
        _solve(Board(), time_limit=bad)


@pytest.mark.parametrize("bad", ["", "FAST", "no-such", 3, ["fast"]])
def test_an_unknown_method_is_named_with_the_known_ones(bad):
    shape = r"unknown method .*; the methods are fast, slow \(default 'fast'\)"
    with pytest.raises(ValueError, match=shape):
        _solve(Board(), method=bad)


def test_a_non_puzzle_is_a_type_error_naming_the_class():
    with pytest.raises(TypeError, match=r"expected a .*Board puzzle, not object"):
        _solve(object())


@pytest.mark.parametrize("bad", [0, -3, 1.5, "2", True, None])
def test_a_bad_limit_is_refused(bad):
    with pytest.raises(ValueError, match="limit must be a whole number >= 1"):
        dispatch.solutions(
            Board(),
            kind=Board,
            enumerate_=lambda p, **kw: [],
            limit=bad,
            time_limit=1.0,
        )


def test_solutions_passes_the_checked_arguments():
    seen = {}

    def enumerate_(puzzle, *, limit, time_limit, **options):
        seen.update(limit=limit, time_limit=time_limit, **options)
        return [1]

    found = dispatch.solutions(
        Board(), kind=Board, enumerate_=enumerate_, limit=3, time_limit=2, x=1
    )
    assert found == [1] and seen == {"limit": 3, "time_limit": 2.0, "x": 1}


def test_the_size_cap():
    dispatch.check_cells(1000, 1000)
    with pytest.raises(ValueError, match="1,000,001 cells"):
        dispatch.check_cells(1, 10**6 + 1)


@pytest.mark.parametrize("bad", [math.nan, "1", None])
def test_a_deadline_refuses_what_is_not_a_number(bad):
    with pytest.raises(ValueError):
        Deadline(bad)


def test_links_have_one_spelling():
    assert grid.link((2, 3), (1, 3)) == grid.link((1, 3), (2, 3)) == (1, 3, 2, 3)
    assert grid.links_along([(0, 0), (0, 1), (1, 1)]) == [(0, 0, 0, 1), (0, 1, 1, 1)]
    square = [(0, 0), (0, 1), (1, 1), (1, 0)]
    assert len(grid.links_along(square, closed=True)) == 4
    assert sorted(grid.neighbours(2, 3, (0, 1))) == [(0, 0), (0, 2), (1, 1)]
    assert len(grid.grid_links(3, 4)) == 3 * 3 + 2 * 4


def test_split_lines_finds_lines_and_loops():
    square = grid.links_along([(0, 0), (0, 1), (1, 1), (1, 0)], closed=True)
    line = grid.links_along([(3, 0), (3, 1), (3, 2)])
    lines, loops = grid.split_lines(square + line)
    assert lines == [[(3, 0), (3, 1), (3, 2)]]
    assert loops == [[(0, 0), (0, 1), (1, 1), (1, 0)]]
    lines, _ = grid.split_lines(line, starts=[(3, 2), (5, 5)])
    assert lines == [[(3, 2), (3, 1), (3, 0)], [(5, 5)]]
    with pytest.raises(ValueError, match="branch"):
        grid.split_lines(line + [grid.link((3, 1), (2, 1))])


def test_loop_cut_forbids_exactly_the_loop():
    loop = [(0, 0), (0, 1), (1, 1), (1, 0)]
    variable = {key: n for n, key in enumerate(grid.grid_links(2, 2), start=1)}
    assert sorted(grid.loop_cut(loop, variable)) == [-4, -3, -2, -1]
    assert grid.loop_cut(loop, variable) == grid.loop_cut(loop, variable.__getitem__)


@st.composite
def _paths_and_loops(draw):
    """Disjoint random walks and rectangles on a small grid."""
    rng = random.Random(draw(st.integers(0, 10**6)))
    used, links, count = set(), [], 0
    for _ in range(draw(st.integers(1, 6))):
        r, c = rng.randrange(8), rng.randrange(8)
        if rng.random() < 0.5:  # a rectangle loop
            h, w = rng.randint(1, 3), rng.randint(1, 3)
            ring = [(r, c + i) for i in range(w)] + [(r + i, c + w) for i in range(h)]
            ring += [(r + h, c + w - i) for i in range(w)]
            ring += [(r + h - i, c) for i in range(h)]
            if used.isdisjoint(ring):
                used.update(ring)
                links += grid.links_along(ring, closed=True)
                count += 1
        else:  # a straight line
            cells = [(r, c + i) for i in range(rng.randint(2, 4))]
            if used.isdisjoint(cells):
                used.update(cells)
                links += grid.links_along(cells)
                count += 1
    return links, count


@given(_paths_and_loops())
def test_split_lines_uses_every_link_once(case):
    links, count = case
    lines, loops = grid.split_lines(links)
    assert len(lines) + len(loops) == count
    again = [k for ln in lines for k in grid.links_along(ln)]
    again += [k for lp in loops for k in grid.links_along(lp, closed=True)]
    assert sorted(again) == sorted(links)


def test_show_source_is_the_real_source():
    text = source_of(grid.link)
    assert text.startswith("def link(") and "upper or left" in text
    part = source_of(grid.split_lines, start="around:", stop="seen:")
    assert part.startswith("    around:") and "seen:" not in part
    with pytest.raises(ValueError, match="not in the source"):
        source_of(grid.link, start="no such line")
    shown = show_source(grid.link)
    assert "```python\ndef link(" in shown.data


# ----------------------------------------------------------------- shared inputs
def test_parsers_take_text_and_name_what_they_read():
    from helper.inputs import require_text

    assert require_text("1 0 1", "a board") == "1 0 1"
    with pytest.raises(TypeError, match=r"text of a board \(a str\), not NoneType"):
        require_text(None, "a board")
    with pytest.raises(TypeError, match="decode bytes first"):
        require_text(b"1 0 1", "a board")


def test_a_binary_file_is_a_value_error_naming_the_file(tmp_path):
    from helper.inputs import read_text_file

    good = tmp_path / "good.txt"
    good.write_text("1 0 1\n", encoding="utf-8")
    assert read_text_file(good) == "1 0 1\n"
    bad = tmp_path / "picture.png"
    bad.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    with pytest.raises(ValueError, match=r"picture.png: not a UTF-8 text file"):
        read_text_file(bad)
    nul = tmp_path / "nul.txt"
    nul.write_bytes(b"1 0\x001")
    with pytest.raises(ValueError, match="NUL"):
        read_text_file(nul)


@pytest.mark.parametrize(
    "bad",
    [[], [[]], [1, 2], [[1, 2], [3]], [[1.5]], [["a"]], [[10**30]], "12", [[True]]],
)
def test_frozen_grid_refuses_what_is_not_an_integer_grid(bad):
    from helper.inputs import frozen_grid

    with pytest.raises(ValueError, match="^clues: "):
        frozen_grid(bad, "clues")


def test_frozen_grid_refuses_a_huge_grid_before_allocating_it():
    from helper.inputs import frozen_grid

    grid = frozen_grid([[1, 2], [3, 4]])
    assert grid.shape == (2, 2) and not grid.flags.writeable
    with pytest.raises(ValueError, match="most this package accepts"):
        frozen_grid(np.zeros((1001, 1000), dtype=int), "board")


@pytest.mark.parametrize("bad", [1.0, "1", True, np.bool_(True), None, 1 + 0j])
def test_exact_int_refuses_what_is_not_an_integer(bad):
    from helper.inputs import exact_int

    with pytest.raises(ValueError, match=r"^step 3: row is "):
        exact_int(bad, "step 3: row")


def test_exact_int_takes_numpy_integers():
    from helper.inputs import exact_int

    assert exact_int(np.int64(4), "x") == 4 and type(exact_int(np.int8(1), "x")) is int


@pytest.mark.parametrize(
    "url, error, text",
    [
        (None, TypeError, "a puzz.link URL"),
        (b"https://puzz.link/p?numlin/2/2/", TypeError, "decode bytes"),
        ("https://puzz.link/p?numlin/100000/100000/11", ValueError, "accepts"),
        ("https://puzz.link/p?numlin/" + "9" * 5000 + "/2/1", ValueError, "too large"),
        ("https://puzz.link/p?numlin/٣/٣/1", ValueError, "expected numlin"),
        ("https://puzz.link/p?numlin/0/3/", ValueError, "empty"),
    ],
)
def test_split_url_refuses_before_allocating(url, error, text):
    from helper.puzzlink import split_url

    with pytest.raises(error, match=text):
        split_url(url, "numlin")
