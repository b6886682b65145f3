"""The backtracking search of the default path, after its per-puzzle cost was cut.

The search reads its answer straight from the direction bits of the cells and
caches the cell order per board size: these tests pin that the answer is the one
``trace`` gives for the same links, that boards that are not square and boards of
the same size in a row come out right, and that the search visits exactly as many
cells as before the change (the counts were taken from the code before it).
"""

from __future__ import annotations

import pytest

import helper.numberlink as nl
from helper import Deadline
from helper.numberlink.generate import generate_designed_with_solution
from helper.numberlink.puzzle import links_of


@pytest.mark.parametrize(
    "height, width, seed", [(8, 8, 0), (12, 12, 3), (6, 11, 1), (11, 6, 2), (15, 15, 5)]
)
def test_the_answer_is_what_trace_reads_from_its_links(height, width, seed):
    puzzle, _ = generate_designed_with_solution(height, width, seed=seed)
    found = nl.search_full_cover(puzzle.board, Deadline(30))
    assert nl.check(puzzle, found)
    traced, loops = nl.trace(puzzle.board, links_of(found))
    assert traced == found and list(found) == sorted(found) and not loops


def test_boards_of_one_size_in_a_row_share_the_cached_order_safely():
    for seed in range(6):
        puzzle, _ = generate_designed_with_solution(9, 9, seed=seed)
        assert nl.check(puzzle, nl.search_full_cover(puzzle.board, Deadline(30)))


@pytest.mark.parametrize("side, seed, nodes", [(8, 0, 89), (12, 3, 278), (15, 5, 799)])
def test_the_search_visits_as_many_cells_as_before(side, seed, nodes):
    puzzle, _ = generate_designed_with_solution(side, side, seed=seed)
    stats: dict = {}
    nl.search_full_cover(puzzle.board, Deadline(30), stats)
    assert stats["nodes"] == nodes
