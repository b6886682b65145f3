"""The shared base: the dispatcher's rules, the grid vocabulary, show_source."""

import math
import random

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
