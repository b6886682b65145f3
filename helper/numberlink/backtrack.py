"""A backtracking search like the published Go solver: stage 1 on small boards.

Hand-written: the chapter *Numberlink at scale* describes the search (anti-diagonal
order, partial lines tracked by their far ends, the corner rule as pruning) and
measures it, and shows this code with ``show_source``; it is our own code, written
from that description. It finds a solution that uses every cell and in which no line
touches itself, or proves that there is none *of that kind*.

Read it top to bottom: :func:`search_full_cover` lays the board out with a border,
then :func:`_searcher` makes the recursive ``visit`` (with its helpers ``join`` and
``lane_sw``) that fills the board cell by cell.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

import numpy as np

from helper import Deadline, SolverTimeout
from helper.numberlink.puzzle import Paths, trace
from helper.numberlink.state import E, N, S, W

__all__ = ["search_full_cover"]

#: The label of the cells of the border around the board.
_BORDER = -1


def search_full_cover(
    board: np.ndarray, deadline: Deadline, stats: dict | None = None
) -> Paths | None:
    """Backtracking in anti-diagonal order: a solution that uses every cell and in
    which no line touches itself, or None if there is none.

    Args:
        board: the puzzle's board.
        deadline: when to stop.
        stats: if given, ``nodes`` (cells visited) is added to it.

    Raises:
        SolverTimeout: ``deadline`` passed.
    """
    h, w = board.shape
    wp = w + 2  # the board with a border of one cell all around
    label = [_BORDER] * ((h + 2) * wp)
    for (r, c), k in np.ndenumerate(board):
        label[(r + 1) * wp + c + 1] = int(k)
    con = [0] * len(label)  # the links of each cell, as direction bits
    end = list(range(len(label)))  # the far end of the partial line at a line end
    order = [
        (r + 1) * wp + (d - r) + 1
        for d in range(h + w - 1)
        for r in range(max(0, d - w + 1), min(h, d + 1))
    ]
    visit, nodes = _searcher(label, con, end, order, wp, deadline.at)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 2 * len(order) + 1000))
    try:
        found = visit(0)
    finally:
        sys.setrecursionlimit(limit)
        if stats is not None:
            stats["nodes"] = stats.get("nodes", 0) + nodes()
    if not found:
        return None
    links = [
        (r, c, r + dr, c + dc)
        for r, c in np.ndindex(h, w)
        for d, dr, dc in ((E, 0, 1), (S, 1, 0))
        if con[(r + 1) * wp + c + 1] & d
    ]
    paths, loops = trace(board, links)
    assert not loops, "join never closes a loop"
    return paths


def _south_east(label: list[int], wp: int) -> list[bool]:
    """For each cell: is there a number on its south-east diagonal, through empty
    cells only? (Only then can an untouched cell make the turn ┌.)"""
    can_se = [False] * len(label)
    for p, k in enumerate(label):
        if k > 0:
            q = p - wp - 1
            while label[q] == 0:
                can_se[q] = True
                q -= wp + 1
    return can_se


def _searcher(
    label: list[int], con: list[int], end: list[int], order: list[int], wp: int,
    at: float,
) -> tuple[Callable[[int], bool], Callable[[], int]]:
    """``(visit, nodes)``: ``visit(i)`` fills the cells ``order[i:]`` (True: solved);
    ``nodes()`` counts the calls. Lists are changed in place and restored on return."""
    join, lane_sw = _joiner(label, con, end), _lane(label, con, wp)
    can_se = _south_east(label, wp)
    last, nodes = len(order), 0

    def visit(i: int) -> bool:
        nonlocal nodes
        nodes += 1
        if not nodes & 1023 and time.perf_counter() > at:
            raise SolverTimeout("the backtracking search reached the time limit")
        if i == last:
            return True
        p = order[i]
        c0, east, south = con[p], p + 1, p + wp
        ne, nw = p - wp + 1, p - wp - 1
        force = 0  # the turn the corner rule forces on p (at a number: its stubs)
        if con[ne] == S | W and label[ne] == 0:
            force = S | W
        if con[nw] == E | S and label[nw] == 0:
            force = S if force else E | S  # both: only a number's south stub fits
        ep = end[p]
        south_ok = label[east] or con[east] or can_se[east]  # else east must turn ┌
        if label[p] > 0:  # a number: exactly one link
            allowed = force or N | E | S | W
            if c0:
                return not c0 & (c0 - 1) and bool(c0 & allowed) and visit(i + 1)
            moves = [(east, E, W)] if allowed & E else []
            moves += [(south, S, N)] if allowed & S and south_ok else []
        elif force == S:
            return False  # an empty cell cannot make two different turns
        elif c0 == N | W:
            ok = con[nw] == N | W or (label[nw] > 0 and con[nw] & (N | W))
            return not force and bool(ok) and visit(i + 1)
        elif c0 == N:
            if force:
                return False
            ok = con[ne] == N | E or (label[ne] > 0 and con[ne] & (N | E))
            moves = [(east, E, W)] if ok else []
            moves += [(south, S, N)] if south_ok else []
        elif c0 == W:
            if force == E | S:
                return False
            moves = [(south, S, N)] if south_ok and lane_sw(p) else []
            moves += [] if force else [(east, E, W)]
        else:  # no link yet: the only way to get two is a south-east turn
            if force == S | W or not can_se[p]:
                return False
            ce, ee = con[east], end[east]
            if not join(p, east, E, W):
                return False
            cs, es = con[south], end[south]
            if join(p, south, S, N):
                if visit(i + 1):
                    return True
                con[south], end[es] = cs, south
            con[p], con[east], end[p], end[ee] = c0, ce, p, east
            return False
        for q, dp, dq in moves:
            cq, eq = con[q], end[q]
            if join(p, q, dp, dq):
                if visit(i + 1):
                    return True
                con[p], con[q], end[ep], end[eq] = c0, cq, p, q  # undo the join
        return False

    return visit, lambda: nodes


def _joiner(
    label: list[int], con: list[int], end: list[int]
) -> Callable[[int, int, int, int], bool]:
    """``join(p, q, dp, dq)``: link the line end p to its neighbour q, if allowed."""

    def join(p: int, q: int, dp: int, dq: int) -> bool:
        """Link the line end p to its neighbour q (p leaves by dp, q by dq)."""
        lq = label[q]
        if lq < 0 or (lq > 0 and con[q]):
            return False  # the border, or a number that has its link already
        e1 = end[p]
        if e1 == q:
            return False  # it would close a loop
        e2 = end[q]
        if label[e1] > 0 and label[e2] > 0 and label[e1] != label[e2]:
            return False  # it would join two different numbers
        con[p] |= dp
        con[q] |= dq
        end[e1], end[e2] = e2, e1
        return True

    return join


def _lane(label: list[int], con: list[int], wp: int) -> Callable[[int], bool]:
    """``lane_sw(p)``: can the cells on the south-west diagonal after p turn too?"""

    def lane_sw(p: int) -> bool:
        """The cells on the south-west diagonal after p can turn south-west."""
        q = p + wp - 1
        while label[q] == 0:
            if con[q] != W:
                return False
            q += wp - 1
        return label[q] > 0 and not con[q] & (N | E)

    return lane_sw
