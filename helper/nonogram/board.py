"""The board of the line solver: propagation, probing, and the quick crossing check.

Hand-written: *Nonograms: line solving, probing and search* teaches the line solver
(:mod:`helper.nonogram.linesolve`) and says in words how propagation and probing use
it; this module is the bookkeeping around it, shown in the chapter with
``show_source`` where the prose discusses it.

:class:`Board` keeps the known cells as bit masks twice, by row and by column, so that
a line solve reads its line in one integer and a decided cell is written into both
views at once. :func:`propagate` runs the line solver to a fixed point, :func:`probe`
adds probing, and :func:`crossing_check`, the cheapest of the three (one line solve
per line), finds a row and a column that contradict each other on their own.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import numpy as np

from helper import Deadline, SolverTimeout, Unsolvable
from helper.dispatch import check_puzzle, check_time_limit
from helper.nonogram.linesolve import line_solve_bits
from helper.nonogram.puzzle import Nonogram

__all__ = [
    "State",
    "Contradiction",
    "ones",
    "gained",
    "Board",
    "crossing_check",
    "propagate",
    "probe_all",
    "probe",
]

#: A board state: copies of the black and white masks of the rows, then the columns.
State = tuple[list[int], list[int], list[int], list[int]]


class Contradiction(Exception):
    """A line has no placement that fits its known cells."""


def ones(bits: int) -> Iterator[int]:
    """Indices of the set bits of ``bits``, lowest first."""
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


def gained(after: State, before: State) -> Iterator[tuple[int, int, int]]:
    """``(row, col, colour)`` of every cell decided in ``after`` but not ``before``."""
    for colour, now, then in ((1, after[0], before[0]), (0, after[1], before[1])):
        for row, (bits, old) in enumerate(zip(now, then, strict=True)):
            if bits != old:
                for col in ones(bits & ~old):
                    yield row, col, colour


class Board:
    """Known cells of a puzzle as bit masks, kept both by row and by column.

    Axis 0 is the rows, axis 1 the columns: ``black[0][r]`` has bit ``c`` set when
    cell ``(r, c)`` is known black, ``black[1][c]`` has bit ``r`` set for the same
    cell, and ``white`` likewise. Line solving results are cached by (clue, length,
    black, white), since probing meets the same line states again and again;
    ``line_solves`` counts the calls that missed the cache. With a ``deadline``, every
    such line solve first checks the clock (a line of a big board takes a millisecond).
    """

    def __init__(
        self,
        puzzle: Nonogram,
        known: np.ndarray | None = None,
        deadline: Deadline | None = None,
    ) -> None:
        self.height, self.width = puzzle.height, puzzle.width
        self.deadline = deadline
        self.clues = (puzzle.rows, puzzle.cols)
        self.lengths = (self.width, self.height)  # cells in a row, in a column
        self.black = ([0] * self.height, [0] * self.width)
        self.white = ([0] * self.height, [0] * self.width)
        self.cache: dict[tuple, tuple[int, int] | None] = {}
        self.line_solves = 0
        if known is not None:
            known = np.asarray(known)
            for r, c in np.argwhere(known >= 0).tolist():
                self.set_cell(r, c, int(known[r, c]))

    def state(self) -> State:
        """A copy of the masks, for :meth:`restore`."""
        return (self.black[0][:], self.white[0][:], self.black[1][:], self.white[1][:])

    def restore(self, state: State) -> None:
        """Go back to a state made by :meth:`state`."""
        self.black = (state[0][:], state[2][:])
        self.white = (state[1][:], state[3][:])

    def set_cell(self, r: int, c: int, value: int) -> None:
        """Write cell ``(r, c)`` as black (1) or white (0) into both views."""
        masks = self.black if value else self.white
        masks[0][r] |= 1 << c
        masks[1][c] |= 1 << r

    def known(self) -> np.ndarray:
        """The board as an int8 array: 1 black, 0 white, -1 unknown."""
        grid = np.full((self.height, self.width), -1, dtype=np.int8)
        for r in range(self.height):
            grid[r, list(ones(self.black[0][r]))] = 1
            grid[r, list(ones(self.white[0][r]))] = 0
        return grid

    def changed_since(self, state: State) -> tuple[list[int], list[int]]:
        """The rows and the columns that gained decided cells since ``state``."""
        changed = []
        for axis in (0, 1):
            before = zip(state[2 * axis], state[2 * axis + 1], strict=True)
            now = zip(self.black[axis], self.white[axis], strict=True)
            pairs = enumerate(zip(now, before, strict=True))
            changed.append([i for i, ((b, w), (b0, w0)) in pairs if b | w != b0 | w0])
        return changed[0], changed[1]

    def _solve(self, clue: tuple[int, ...], length: int, black: int, white: int):
        key = (clue, length, black, white)
        if key not in self.cache:  # a new line state: solve it, if there is time
            if self.deadline is not None:
                self.deadline.check("line solving")
            self.line_solves += 1
            self.cache[key] = line_solve_bits(clue, length, black, white)
        result = self.cache[key]
        if result is None:
            raise Contradiction
        return result

    def solve_lines(self, axis: int, dirty: list[set[int]]) -> None:
        """Line-solve the dirty lines of ``axis`` (0 rows, 1 columns).

        Every crossing line that gains a decided cell becomes dirty.

        Raises:
            Contradiction: a line cannot be completed.
            helper.SolverTimeout: the board's deadline passed (the cells decided so
                far stay decided: each of them is forced).
        """
        lines, dirty[axis] = dirty[axis], set()
        across = dirty[1 - axis]
        clues, length = self.clues[axis], self.lengths[axis]
        black, white = self.black[axis], self.white[axis]
        black_across, white_across = self.black[1 - axis], self.white[1 - axis]
        for i in sorted(lines):
            new_black, new_white = self._solve(clues[i], length, black[i], white[i])
            gained_black, gained_white = new_black & ~black[i], new_white & ~white[i]
            black[i], white[i] = new_black, new_white
            bit = 1 << i
            for j in ones(gained_black):
                black_across[j] |= bit
                across.add(j)
            for j in ones(gained_white):
                white_across[j] |= bit
                across.add(j)

    def propagate(
        self, rows: Iterable[int] | None = None, cols: Iterable[int] | None = None
    ) -> None:
        """Line-solve the given lines, then every line whose cells changed, and so on.

        With no arguments every line is solved. Rows and columns take turns until no
        line is dirty.

        Raises:
            Contradiction: a line cannot be completed.
            helper.SolverTimeout: the board's deadline passed.
        """
        if rows is None and cols is None:
            rows, cols = range(self.height), range(self.width)
        dirty = [set(rows or ()), set(cols or ())]
        axis = 0
        while dirty[0] or dirty[1]:
            self.solve_lines(axis, dirty)
            axis = 1 - axis

    def branches(self, r: int, c: int) -> list[State | None]:
        """The board after cell ``(r, c)`` is set black, then white, and propagated.

        ``None`` stands for a colour that leads to a contradiction. The board is left
        as it was, also when the deadline passes in a branch.
        """
        base = self.state()
        outcomes: list[State | None] = []
        try:
            for value in (1, 0):
                self.restore(base)
                self.set_cell(r, c, value)
                try:
                    self.propagate({r}, {c})
                    outcomes.append(self.state())
                except Contradiction:
                    outcomes.append(None)
        finally:  # a guess must never stay on the board
            self.restore(base)
        return outcomes

    def probe(self, r: int, c: int) -> bool:
        """Try cell ``(r, c)`` black and white, with propagation; keep what is certain.

        A contradiction in one branch decides the cell (the board takes the other
        branch's result); cells on which both branches agree are decided too. Returns
        True when the board learned something.

        Raises:
            Contradiction: both branches fail.
        """
        base = self.state()
        if_black, if_white = self.branches(r, c)
        if if_black is None and if_white is None:
            raise Contradiction
        if if_black is None or if_white is None:
            self.restore(if_white if if_black is None else if_black)
            return True
        self.restore(base)
        rows: set[int] = set()
        cols: set[int] = set()
        for row in range(self.height):
            # Masks of the rows (state[0] black, state[1] white) in both branches.
            agree_black = if_black[0][row] & if_white[0][row] & ~self.black[0][row]
            agree_white = if_black[1][row] & if_white[1][row] & ~self.white[0][row]
            for col in ones(agree_black):
                self.set_cell(row, col, 1)
                cols.add(col)
            for col in ones(agree_white):
                self.set_cell(row, col, 0)
                cols.add(col)
            if agree_black | agree_white:
                rows.add(row)
        if rows:
            self.propagate(rows, cols)
        return bool(rows)


def crossing_check(puzzle: Nonogram, deadline: Deadline | None = None) -> None:
    """Raise :class:`helper.Unsolvable` if a row and a column contradict on their own.

    Each line is line-solved once with nothing known (one solve per line, a few
    milliseconds on a 100x100 board). A cell that its row forces black and its column
    forces white, or the other way round, has no colour: no picture fits. Every model
    runs this check first, so that such a local impossibility is reported at once,
    even by a model that would drown in building its CNF first.

    Raises:
        helper.Unsolvable: a cell that a row and a column force to two colours.
        helper.SolverTimeout: ``deadline`` passed first (checked before each line).
    """
    forced: list[list[tuple[int, int]]] = []
    for clues, length in ((puzzle.rows, puzzle.width), (puzzle.cols, puzzle.height)):
        forced.append([])
        for clue in clues:
            if deadline is not None:
                deadline.check("the crossing check")
            forced[-1].append(line_solve_bits(clue, length, 0, 0))
    for r, (black, white) in enumerate(forced[0]):
        for colour, mask in (("black", black), ("white", white)):
            for c in ones(mask):
                column_black, column_white = forced[1][c]
                other = column_white if colour == "black" else column_black
                if other >> r & 1:
                    opposite = "white" if colour == "black" else "black"
                    raise Unsolvable(
                        f"row {r} forces cell ({r}, {c}) {colour} "
                        f"but column {c} forces it {opposite}: no picture fits"
                    )


def _known(puzzle: Nonogram, known: object) -> np.ndarray | None:
    """``known`` as an int8 array of the puzzle's shape holding -1, 0 and 1 only.

    Raises:
        ValueError: another shape, or a value other than the integers -1, 0 and 1.
    """
    if known is None:
        return None
    grid = np.asarray(known)
    shape = (puzzle.height, puzzle.width)
    if grid.shape != shape:
        raise ValueError(f"known has shape {grid.shape}, the puzzle {shape}")
    if grid.dtype.kind not in "iu" or not np.isin(grid, (-1, 0, 1)).all():
        raise ValueError("known holds the integers 1 (black), 0 (white), -1 (open)")
    return grid.astype(np.int8)


def propagate(
    puzzle: Nonogram,
    known: np.ndarray | None = None,
    *,
    time_limit: float | None = None,
) -> np.ndarray:
    """Line solving to a fixed point: every line, then every line whose cells changed.

    Args:
        puzzle: the clues.
        known: optional int8 array of cells already decided (1 black, 0 white, -1
            unknown).
        time_limit: optional seconds (a finite number > 0); without one, line
            solving runs to its fixed point, however long that takes.

    Returns:
        An int8 array of shape ``(height, width)``: 1 black, 0 white, -1 undecided.

    Raises:
        TypeError: ``puzzle`` is not a :class:`~helper.nonogram.puzzle.Nonogram`.
        ValueError: a ``known`` of another shape or with other values, or a bad
            time limit.
        helper.Unsolvable: some line cannot be completed.
        helper.SolverTimeout: the time limit passed; ``best`` is the board so far.
    """
    check_puzzle(puzzle, Nonogram)
    deadline = None if time_limit is None else Deadline(check_time_limit(time_limit))
    board = Board(puzzle, _known(puzzle, known), deadline)
    try:
        board.propagate()
    except Contradiction:
        message = "line solving reached a contradiction: no picture fits"
        raise Unsolvable(message) from None
    except SolverTimeout as error:
        raise SolverTimeout(str(error), best=board.known()) from None
    return board.known()


def probe_all(board: Board, deadline: Deadline, patience: int = 500) -> int:
    """Probe undecided cells until no probe teaches anything or the deadline passes.

    Cells next to decided cells, in lines that are mostly decided, go first: there a
    guess quickly runs into a contradiction. A probe that taught nothing is not repeated
    until a line through its cell changes, and after ``patience`` fruitless probes in a
    row probing gives up (on puzzles where it is hopeless the SAT solver gets the time
    instead). Returns the number of probes.

    Raises:
        Contradiction: a cell whose two colours both fail.
    """
    probes = fruitless = 0
    stale = np.zeros((board.height, board.width), dtype=bool)
    while True:
        grid = board.known()
        decided = (grid >= 0).astype(np.int32)
        score = np.zeros_like(decided)
        score[1:] += decided[:-1]
        score[:-1] += decided[1:]
        score[:, 1:] += decided[:, :-1]
        score[:, :-1] += decided[:, 1:]
        score = (
            10 * score
            + 10 * decided.sum(1, keepdims=True) // board.width
            + 10 * decided.sum(0, keepdims=True) // board.height
        )
        open_cells = (grid < 0) & ~stale
        if not open_cells.any():
            return probes
        order = np.argwhere(open_cells)[np.argsort(-score[open_cells], kind="stable")]
        for r, c in order.tolist():
            if deadline.remaining() <= 0 or fruitless >= patience:
                return probes
            probes += 1
            before = board.state()
            if board.probe(r, c):
                fruitless = 0
                changed_rows, changed_cols = board.changed_since(before)
                stale[changed_rows, :] = False
                stale[:, changed_cols] = False
                break  # rank the cells again around what was learned
            stale[r, c] = True
            fruitless += 1


def probe(
    puzzle: Nonogram, known: np.ndarray | None = None, *, time_limit: float = 10.0
) -> np.ndarray:
    """Propagation plus probing: try each undecided cell both ways, keep what is sure.

    Args:
        puzzle: the clues.
        known: optional int8 array of decided cells (1, 0, -1 = undecided).
        time_limit: seconds for propagating and probing (a finite number > 0); what
            is decided by then is returned.

    Returns:
        An int8 array: 1 black, 0 white, -1 still undecided.

    Raises:
        TypeError: ``puzzle`` is not a :class:`~helper.nonogram.puzzle.Nonogram`.
        ValueError: a time limit that is not a finite number > 0, or a ``known`` of
            another shape or with other values.
        helper.Unsolvable: a contradiction that no choice avoids.
    """
    check_puzzle(puzzle, Nonogram)
    deadline = Deadline(check_time_limit(time_limit))
    board = Board(puzzle, _known(puzzle, known), deadline)
    try:
        board.propagate()
        grid = board.known()
        if (grid < 0).any():
            probe_all(board, deadline)
            grid = board.known()
    except Contradiction:
        raise Unsolvable("propagation and probing reached a contradiction") from None
    except SolverTimeout:
        grid = board.known()  # time is up: what is decided so far is forced
    return grid
