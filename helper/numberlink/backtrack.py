"""A backtracking search like the published Go solver: stage 1 on small boards.

Hand-written: the chapter *Numberlink at scale: long lines, search and the portfolio*
describes the search (anti-diagonal order, partial lines tracked by their far ends, the
corner rule as pruning) and measures it, and shows this code with ``show_source``; it is
our own code, written from that description. It finds a solution that uses every cell
and in which no line touches itself, or proves that there is none *of that kind*.

Read it top to bottom: :func:`search_full_cover` lays the board out with a border,
then :func:`_searcher` makes the recursive ``visit`` (with its helpers ``join`` and
``lane_sw``) that fills the board cell by cell.
"""

from __future__ import annotations

import functools
import sys
import time
from collections.abc import Callable

import numpy as np

from helper import Deadline, SolverTimeout
from helper.grid import Cell
from helper.numberlink.puzzle import Paths
from helper.numberlink.state import E, N, S, W

__all__ = ["search_full_cover"]

#: The label of the cells of the border around the board.
_BORDER = -1
#: A flag of ``moves`` in the search: try the south link before the east one.
_SOUTH_FIRST = 16


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
    label = [_BORDER] * (wp + 1)
    for row in board.tolist():
        label += row
        label += (_BORDER, _BORDER)
    label += [_BORDER] * (wp - 1)
    con = [0] * len(label)  # the links of each cell, as direction bits
    end = list(range(len(label)))  # the far end of the partial line at a line end
    order = _order(h, w)
    visit, nodes = _searcher(label, con, end, order, wp, deadline.at)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 2 * len(order) + 1000))
    try:
        found = visit(0)
    finally:
        sys.setrecursionlimit(limit)
        if stats is not None:
            stats["nodes"] = stats.get("nodes", 0) + nodes()
    return _paths(label, con, h, w) if found else None


@functools.lru_cache(maxsize=16)
def _order(h: int, w: int) -> list[int]:
    """The cells of an ``h x w`` board with a border, in anti-diagonal order (the
    same for every board of that size, so it is made once)."""
    wp = w + 2
    return [
        (r + 1) * wp + (d - r) + 1
        for d in range(h + w - 1)
        for r in range(max(0, d - w + 1), min(h, d + 1))
    ]


@functools.lru_cache(maxsize=16)
def _cells(h: int, w: int) -> list[Cell | None]:
    """For each index of the board with a border: its cell ``(r, c)`` on the board,
    None on the border (made once per size)."""
    cells: list[Cell | None] = [None] * ((h + 2) * (w + 2))
    for r in range(h):
        for c in range(w):
            cells[(r + 1) * (w + 2) + c + 1] = (r, c)
    return cells


def _paths(label: list[int], con: list[int], h: int, w: int) -> Paths:
    """The lines of a filled board, read from the direction bits of its cells: each
    pair's line from its first end in reading order, as ``trace`` gives it."""
    wp, cells = w + 2, _cells(h, w)
    step = {N: -wp, E: 1, S: wp, W: -1}
    back = {N: S, E: W, S: N, W: E}
    paths: Paths = {}
    for p, k in enumerate(label):  # reading order
        if k <= 0 or k in paths:
            continue
        q, came, line = p, 0, [cells[p]]
        while out := con[q] & ~came:
            q += step[out]
            came = back[out]
            line.append(cells[q])
        paths[k] = line
    return dict(sorted(paths.items()))


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
    ``nodes()`` counts the cells visited. Lists are changed in place and restored on
    return. ``visit`` takes the directions as default arguments: fast locals."""
    join, lane_sw = _joiner(label, con, end), _lane(label, con, wp)
    can_se, last, nodes = _south_east(label, wp), len(order), 0

    def visit(i: int, N=N, E=E, S=S, W=W, SW=S | W, ES=E | S, NW=N | W) -> bool:
        nonlocal nodes
        while True:  # a cell with one way to go needs no call of its own
            nodes += 1
            if not nodes & 1023 and time.perf_counter() > at:
                raise SolverTimeout("the backtracking search reached the time limit")
            if i == last:
                return True
            p = order[i]
            c0, ne, nw = con[p], p - wp + 1, p - wp - 1
            force = 0  # the turn the corner rule forces on p (at a number: its stubs)
            if con[ne] == SW and label[ne] == 0:
                force = SW
            if con[nw] == ES and label[nw] == 0:
                force = S if force else ES  # both: only a number's south stub fits
            e = p + 1  # p goes south only if e keeps a way in: a number, a link, or ┌
            if label[p] > 0:  # a number: exactly one link
                allowed = force or N | E | S | W
                if not c0:
                    moves = allowed & (ES if label[e] or con[e] or can_se[e] else E)
                    break
                if c0 & (c0 - 1) or not c0 & allowed:
                    return False
            elif force == S:
                return False  # an empty cell cannot make two different turns
            elif c0 == NW:
                ok = con[nw] == NW or (label[nw] > 0 and con[nw] & NW)
                if force or not ok:
                    return False
            elif c0 == N:
                if force:
                    return False
                ok = con[ne] == N | E or (label[ne] > 0 and con[ne] & (N | E))
                moves = (E if ok else 0) | (S if label[e] or con[e] or can_se[e] else 0)
                break
            elif c0 == W:
                if force == ES:
                    return False
                south = (label[e] or con[e] or can_se[e]) and lane_sw(p)
                moves = (S if south else 0) | _SOUTH_FIRST
                moves |= 0 if force else E
                break
            else:  # no link yet: the only way to get two is a south-east turn
                ce, ee = con[e], end[e]
                if force == SW or not can_se[p] or not join(p, e, E, W):
                    return False
                s = p + wp
                cs, es = con[s], end[s]
                if join(p, s, S, N):
                    if visit(i + 1):
                        return True
                    con[s], end[es] = cs, s
                con[p], con[e], end[p], end[ee] = c0, ce, p, e
                return False
            i += 1
        ep = end[p]  # moves: the links p may make; _SOUTH_FIRST: try S before E
        for dp, dq in ((S, N), (E, W)) if moves & _SOUTH_FIRST else ((E, W), (S, N)):
            q = p + 1 if dp == E else p + wp
            cq, eq, lq = con[q], end[q], label[q]
            if not moves & dp or lq < 0 or (lq > 0 and cq) or ep == q:
                continue  # not allowed, the border, a number with its link, a loop
            if label[ep] > 0 and label[eq] > 0 and label[ep] != label[eq]:
                continue  # it would join two different numbers
            con[p], con[q], end[ep], end[eq] = c0 | dp, cq | dq, eq, ep  # join
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
