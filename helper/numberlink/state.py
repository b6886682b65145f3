"""What a human solver keeps track of: the pieces and colours still possible per cell.

Hand-written: the bookkeeping under the human-style rules of the chapter *Numberlink
at scale* (the rules themselves, in :mod:`helper.numberlink.rules`, are taught there).
A cell's *piece* is the set of its links, written as direction bits ``N | E | S | W``;
:class:`State` keeps, for every cell, a 16-bit mask of the pieces still possible and
a mask of the pair numbers (*colours*) whose line may still run through it, and a
queue of the cells to look at again. :class:`Reasoning` says which rules to apply.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from helper import Deadline, Unsolvable
from helper.grid import Cell, Link
from helper.numberlink.puzzle import Numberlink, pair_ends

#: The four directions as bits: the *piece* of a cell is the set of its links.
N, E, S, W = 1, 2, 4, 8
#: The four directions in clockwise order.
DIRECTIONS = (N, E, S, W)
#: ``STEP[d]``: the (row, column) offset of the neighbour in direction ``d``.
STEP = {N: (-1, 0), E: (0, 1), S: (1, 0), W: (0, -1)}
#: ``OPPOSITE[d]``: the direction back from that neighbour.
OPPOSITE = {N: S, E: W, S: N, W: E}
#: The four turns as pairs of directions, clockwise from "north and east".
TURNS = ((N, E), (E, S), (S, W), (W, N))
#: ``WITH[d]``: the pieces (bit m stands for the piece m) that use direction ``d``.
WITH = {d: sum(1 << m for m in range(16) if m & d) for d in DIRECTIONS}
#: The six pieces of a line's middle (two links); bit m stands for the piece m.
MIDDLES = sum(1 << m for m in range(16) if m.bit_count() == 2)
#: The four stubs of a line's end (one link), as a set of pieces like ``MIDDLES``.
STUBS = sum(1 << d for d in DIRECTIONS)
#: The piece "no line here" (only with ``fill=False``).
UNUSED = 1 << 0


class Contradiction(Unsolvable):
    """The rules left a cell without a piece: no solution under the assumptions used."""


@dataclass(frozen=True)
class Reasoning:
    """Which human-style rules :func:`~helper.numberlink.rules.propagate` uses.

    The rules about links and colours and the reachability of pairs hold for every
    puzzle; the other two are assumptions about the solution.

    Attributes:
        no_touch: no line touches itself: at most two links in a 2x2 block, and two
            neighbours that both carry the same line are linked (true for a puzzle with
            one solution under Nikoli's rules).
        corner: the corner rule (needs ``no_touch`` and a puzzle with ``fill=True``).
        reachability: a colour stays only in cells from which both ends of its pair
            can be reached through cells that may carry it.
    """

    no_touch: bool = False
    corner: bool = False
    reachability: bool = True

    def __post_init__(self) -> None:
        if self.corner and not self.no_touch:
            raise ValueError("the corner rule needs no_touch=True")


class State:
    """What is still possible: a set of pieces and a set of colours per cell.

    Cells are numbered ``i = r * width + c``. ``piece[i]`` is a 16-bit mask over the
    pieces of cell ``i`` (bit m stands for the piece with direction bits m);
    ``colour[i]`` is a mask over the pair numbers whose line may run through it. The
    rules change a state only through :meth:`keep` and :meth:`keep_colours`, which
    queue the cell and its neighbours for another look.

    Raises:
        Contradiction: the edge of the board leaves a cell without a piece.
        SolverTimeout: ``deadline`` passed while the state was being set up.
    """

    def __init__(self, puzzle: Numberlink, deadline: Deadline | None = None) -> None:
        board = puzzle.board
        self.board, self.fill = board, puzzle.fill
        self.height, self.width = h, w = board.shape
        self.ends = pair_ends(board)
        every = sum(1 << k for k in self.ends)
        self.piece: list[int] = []
        self.colour: list[int] = []
        self.around: list[list[tuple[int, int]]] = []  # (direction, neighbour)
        for (r, c), k in np.ndenumerate(board):
            if deadline is not None and c == 0:  # a big board takes a while
                deadline.check("setting up the rules")
            pieces = STUBS if k else MIDDLES | (0 if puzzle.fill else UNUSED)
            around = []
            for d in DIRECTIONS:
                r2, c2 = r + STEP[d][0], c + STEP[d][1]
                if 0 <= r2 < h and 0 <= c2 < w:
                    around.append((d, r2 * w + c2))
                else:
                    pieces &= ~WITH[d]  # no line leaves the board
            if not pieces:  # a dead end, e.g. a cell with one neighbour and no number
                raise Contradiction(f"cell {(r, c)} has no piece left")
            self.piece.append(pieces)
            self.colour.append(1 << int(k) if k else every)
            self.around.append(around)
        self.queue = list(range(h * w))
        self.queued = set(self.queue)

    def copy(self) -> "State":
        """An independent copy (the board and the neighbour lists are shared)."""
        other = object.__new__(State)
        other.__dict__.update(self.__dict__)
        other.piece, other.colour = list(self.piece), list(self.colour)
        other.queue, other.queued = list(self.queue), set(self.queued)
        return other

    def _wake(self, i: int) -> None:
        for j in (i, *(j for _, j in self.around[i])):
            if j not in self.queued:
                self.queued.add(j)
                self.queue.append(j)

    def keep(self, i: int, pieces: int) -> None:
        """Keep only ``pieces`` at cell ``i``.

        Raises:
            Contradiction: no piece is left.
        """
        new = self.piece[i] & pieces
        if new != self.piece[i]:
            if not new:
                raise Contradiction(f"cell {divmod(i, self.width)} has no piece left")
            self.piece[i] = new
            self._wake(i)

    def keep_colours(self, i: int, colours: int) -> None:
        """Keep only ``colours`` at cell ``i``; a cell without a colour is unused."""
        new = self.colour[i] & colours
        if new != self.colour[i]:
            self.colour[i] = new
            if not new:
                self.keep(i, UNUSED)  # a contradiction unless the cell may stay empty
            self._wake(i)

    def link(self, i: int, d: int) -> bool | None:
        """The link from cell ``i`` towards ``d``: True (on), False (off) or None."""
        pieces = self.piece[i]
        if not pieces & WITH[d]:
            return False
        if not pieces & ~WITH[d]:
            return True
        return None

    def decided(self, i: int) -> bool:
        """True when cell ``i`` has one piece left."""
        return self.piece[i] & (self.piece[i] - 1) == 0

    def share(self) -> float:
        """The share of the cells without a number whose piece is decided."""
        free = [i for i, k in enumerate(self.board.flat) if k == 0]
        return sum(map(self.decided, free)) / len(free) if free else 1.0

    def links_on(self) -> list[Link]:
        """The links decided on, each once (upper or left cell first)."""
        w = self.width
        return [
            (i // w, i % w, j // w, j % w)
            for i in range(len(self.piece))
            for d, j in self.around[i]
            if d in (E, S) and self.link(i, d)
        ]

    def colour_of(self, i: int) -> int:
        """The one pair whose line runs through cell ``i``, or 0 if not decided."""
        colours = self.colour[i]
        return colours.bit_length() - 1 if colours.bit_count() == 1 else 0

    def open_cells(self) -> list[Cell]:
        """The cells whose piece is still open."""
        w = self.width
        return [divmod(i, w) for i in range(len(self.piece)) if not self.decided(i)]
