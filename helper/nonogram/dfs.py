"""Depth-first search with the line solver inside: propagate, probe, branch, undo.

Hand-written: the chapter *Search with a line solver inside* shows it with
``show_source``. The line solver (:mod:`helper.nonogram.linesolve`) decides what each
line forces; :class:`~helper.nonogram.dfs.TrailBoard` is the board of
:mod:`helper.nonogram.board` with an undo log (a *trail*): before a line's masks
change, their old values go on the trail, and going back to a node pops the trail down
to the length it had there. No copy of the grid is ever made.

At every node of :func:`~helper.nonogram.dfs.search`:

1. **propagate**: line solving to a fixed point; a contradiction fails the node;
2. **probe** (at the first ``PROBE_DEPTH`` levels): try the ``PROBE_CELLS`` most
   promising open cells both ways; a colour that fails decides the cell the other way
   (then propagate again), and the cell whose weaker colour decides the most cells
   becomes the branching cell;
3. **branch**: set the cell to the colour that decided more, search below, and on
   failure undo to this node and try the other colour.

A node that decides every cell is a picture. Nothing is learned across branches but
the line solver's cache, so the search enumerates every picture exactly once:
:func:`~helper.nonogram.dfs.solutions_dfs` counts them.
"""

from __future__ import annotations

import numpy as np

from helper import Deadline, Unsolvable
from helper.dispatch import check_puzzle, check_time_limit
from helper.nonogram.board import Board, Contradiction, ones
from helper.nonogram.puzzle import Nonogram

__all__ = [
    "PROBE_DEPTH",
    "PROBE_CELLS",
    "TrailBoard",
    "candidates",
    "choose_cell",
    "search",
    "solve_dfs",
    "solutions_dfs",
]

#: Nodes at depth below this probe their candidate cells; deeper nodes branch on the
#: first candidate without probing.
PROBE_DEPTH = 1_000_000
#: How many open cells a node probes (the best ranked by
#: :func:`~helper.nonogram.dfs.candidates`).
PROBE_CELLS = 40


class TrailBoard(Board):
    """A :class:`~helper.nonogram.board.Board` that logs each change for undoing.

    ``trail`` holds ``(axis, line, black, white)``: the masks a line had before a
    change. ``mark()`` is a point to come back to, ``undo(mark)`` goes back to it.
    ``open`` counts the undecided cells.
    """

    def __init__(self, puzzle: Nonogram, deadline: Deadline | None = None) -> None:
        self.trail: list[tuple[int, int, int, int]] = []
        self.open = puzzle.height * puzzle.width
        super().__init__(puzzle, deadline=deadline)

    def mark(self) -> tuple[int, int]:
        """The trail's length and the open count: a point to undo to."""
        return len(self.trail), self.open

    def undo(self, mark: tuple[int, int]) -> None:
        """Restore every line changed since ``mark``, newest change first."""
        length, self.open = mark
        trail, black, white = self.trail, self.black, self.white
        while len(trail) > length:
            axis, line, old_black, old_white = trail.pop()
            black[axis][line], white[axis][line] = old_black, old_white

    def set_cell(self, r: int, c: int, value: int) -> None:
        """Write cell ``(r, c)``, logging both of its lines first."""
        self.trail.append((0, r, self.black[0][r], self.white[0][r]))
        self.trail.append((1, c, self.black[1][c], self.white[1][c]))
        self.open -= 1
        super().set_cell(r, c, value)

    def solve_lines(self, axis: int, dirty: list[set[int]]) -> None:
        """As :meth:`helper.nonogram.board.Board.solve_lines`, logging each change."""
        lines, dirty[axis] = dirty[axis], set()
        across, trail = dirty[1 - axis], self.trail
        clues, length = self.clues[axis], self.lengths[axis]
        black, white = self.black[axis], self.white[axis]
        black_across, white_across = self.black[1 - axis], self.white[1 - axis]
        for i in sorted(lines):
            new_black, new_white = self._solve(clues[i], length, black[i], white[i])
            gained_black, gained_white = new_black & ~black[i], new_white & ~white[i]
            if not gained_black | gained_white:
                continue
            trail.append((axis, i, black[i], white[i]))
            black[i], white[i] = new_black, new_white
            self.open -= (gained_black | gained_white).bit_count()
            bit = 1 << i
            for masks, gained in (
                (black_across, gained_black),
                (white_across, gained_white),
            ):
                for j in ones(gained):
                    trail.append((1 - axis, j, black_across[j], white_across[j]))
                    masks[j] |= bit
                    across.add(j)

    def assign(self, r: int, c: int, value: int) -> bool:
        """Set cell ``(r, c)`` and propagate; False on a contradiction (not undone)."""
        self.set_cell(r, c, value)
        try:
            self.propagate({r}, {c})
        except Contradiction:
            return False
        return True


def candidates(board: TrailBoard, count: int) -> list[tuple[int, int]]:
    """The ``count`` open cells most likely to decide much: next to decided cells,
    in lines that are mostly decided (the ranking of
    :func:`helper.nonogram.board.probe_all`)."""
    decided = (board.known() >= 0).astype(np.int32)
    score = np.zeros_like(decided)
    score[1:] += decided[:-1]
    score[:-1] += decided[1:]
    score[:, 1:] += decided[:, :-1]
    score[:, :-1] += decided[:, 1:]
    score = 10 * score + 10 * decided.sum(1, keepdims=True) // board.width
    score += 10 * decided.sum(0, keepdims=True) // board.height
    open_cells = decided == 0
    order = np.argsort(-score[open_cells], kind="stable")[:count]
    return [tuple(cell) for cell in np.argwhere(open_cells)[order].tolist()]


def choose_cell(board: TrailBoard, probing: bool, stats: dict) -> tuple | None:
    """The branching cell and its first colour, after probing; ``None``: node failed.

    Probing a cell sets it black, then white, propagates and undoes; the cells each
    colour decides are its gain. A colour that fails decides the cell the other way
    at this node, and the candidates are ranked again. Without ``probing`` the first
    candidate is taken, black first.
    """
    while True:
        if board.open == 0:
            return ()
        cells = candidates(board, PROBE_CELLS if probing else 1)
        if not probing:
            return (*cells[0], 1)
        best, best_score = None, (-1, -1)
        for r, c in cells:
            stats["probes"] += 1
            gains = []
            for value in (1, 0):
                mark = board.mark()
                gains.append(
                    mark[1] - board.open if board.assign(r, c, value) else None
                )
                board.undo(mark)
            if None in gains:  # a colour fails: the cell takes the other one
                if gains == [None, None] or not board.assign(r, c, gains.index(None)):
                    return None
                break
            score = (min(gains), max(gains))
            if score > best_score:
                best, best_score = (r, c, int(gains[0] >= gains[1])), score
        else:
            return best


def search(
    puzzle: Nonogram, deadline: Deadline, limit: int = 1, stats: dict | None = None
) -> list[np.ndarray]:
    """Up to ``limit`` distinct pictures by depth-first search; ``[]``: none exists.

    ``stats`` (a dict) receives ``nodes``, ``backtracks`` (returns to an earlier
    node), ``probes``, ``depth`` (the deepest node) and ``line_solves``.

    Raises:
        helper.SolverTimeout: the deadline passed (checked at every node and before
            every new line solve).
    """
    stats = {} if stats is None else stats
    stats.update(nodes=0, backtracks=0, probes=0, depth=0, line_solves=0)
    board = TrailBoard(puzzle, deadline)
    found: list[np.ndarray] = []
    try:
        _depth_first(board, deadline, limit, stats, found)
    finally:  # the counts are kept also when time runs out
        stats["line_solves"] = board.line_solves
    return found


def _depth_first(board, deadline, limit, stats, found) -> None:
    """The loop of :func:`~helper.nonogram.dfs.search`: nodes, branches, backtracks."""
    stack: list[tuple[tuple[int, int], int, int, int]] = []  # mark, cell, other colour
    try:
        board.propagate()
        alive = True
    except Contradiction:
        alive = False
    while True:
        if alive:
            deadline.check("the depth-first search")
            stats["nodes"] += 1
            stats["depth"] = max(stats["depth"], len(stack))
            choice = (
                ()
                if board.open == 0
                else choose_cell(board, len(stack) < PROBE_DEPTH, stats)
            )
            if choice == ():  # every cell decided: a picture
                found.append(board.known())
                alive = False
                if len(found) >= limit:
                    break
            elif choice is None:
                alive = False
            else:
                r, c, first = choice
                stack.append((board.mark(), r, c, 1 - first))
                alive = board.assign(r, c, first)
        if not alive:
            stats["backtracks"] += 1
            if not stack:
                break
            mark, r, c, other = stack.pop()
            board.undo(mark)
            alive = board.assign(r, c, other)


def solve_dfs(
    puzzle: Nonogram, *, time_limit: float = 10.0, stats: dict | None = None
) -> np.ndarray:
    """Depth-first search with line solving and probing at every node.

    The method ``"dfs"``: :func:`~helper.nonogram.dfs.search` for one picture.
    ``stats`` (a dict) receives the counts of the search.

    Raises:
        helper.Unsolvable: the search ran out of cells to try: no picture fits.
        helper.SolverTimeout: time ran out.
    """
    check_puzzle(puzzle, Nonogram)
    if stats is not None and not isinstance(stats, dict):
        raise TypeError(f"stats is a dict that receives the counts, not {stats!r:.40}")
    found = search(puzzle, Deadline(check_time_limit(time_limit)), 1, stats)
    if not found:
        raise Unsolvable("the depth-first search tried every branch: no picture fits")
    return found[0]


def solutions_dfs(
    puzzle: Nonogram, limit: int = 2, time_limit: float = 10.0
) -> list[np.ndarray]:
    """Up to ``limit`` distinct pictures by :func:`~helper.nonogram.dfs.search`.

    ``[]`` when no picture fits (the search tried every branch).

    Raises:
        helper.SolverTimeout: the question was not settled within ``time_limit``.
    """
    check_puzzle(puzzle, Nonogram)
    return search(puzzle, Deadline(check_time_limit(time_limit)), limit)
