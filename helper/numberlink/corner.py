"""The corner model of a board size, built once and reused: stage 1 of the default.

Hand-written: the chapter *Numberlink: the human solver's rules* teaches the corner
rule as clauses (:func:`helper.numberlink.sat_model._add_corner`), and the chapter
after it explains, with measurements, why this module writes the same rules
differently: with NumPy, for every placement of
numbers at once, into one incremental SAT solver per board size. A puzzle is then a
list of assumptions ("these cells are numbers, with these colours"), and what the
solver learns on one puzzle helps with the next of the same size.

Read it top to bottom: :func:`full_cover_sat` (what the portfolio calls) takes the
cached :class:`CornerModel` of the board's size and asks it for a full-cover
solution in which no line touches itself; the class and the clause families follow.
"""

from __future__ import annotations

import itertools
import threading
from collections import OrderedDict
from collections.abc import Iterator

import numpy as np
from pysat.solvers import Solver

from helper import Deadline, SolverTimeout
from helper.grid import Link, loop_cut
from helper.numberlink.puzzle import Numberlink, Paths, links_of, trace
from helper.sat import solve_lazily

__all__ = [
    "full_cover_sat",
    "CORNER_MODELS_KEPT",
    "forget_corner_models",
    "CornerModel",
]

#: How many board sizes keep their solver (the least recently used one goes first).
CORNER_MODELS_KEPT = 4
_CORNER_MODELS: OrderedDict[tuple[int, int, int], CornerModel] = OrderedDict()
#: One caller at a time uses the cache and its solvers: a PySAT solver must never run
#: in two threads at once (it crashes the process).
_CACHE_LOCK = threading.Lock()


def full_cover_sat(
    puzzle: Numberlink, deadline: Deadline, stats: dict | None = None, exclude=()
) -> Paths | None:
    """Stage 1 with SAT: a full-cover solution in which no line touches itself, from
    the cached corner model of the board's size; None if there is none.

    Args:
        puzzle: the puzzle (its ``fill`` is not read: the answer uses every cell).
        deadline: when to stop; building a new model counts.
        stats: if given, ``rounds``, ``cuts`` and ``conflicts`` are added to it.
        exclude: solutions that must not be found again.

    Raises:
        SolverTimeout: ``deadline`` passed (also while another thread held the cache).
    """
    board = puzzle.board
    bits = max(1, int(board.max()).bit_length())
    if not _CACHE_LOCK.acquire(timeout=max(0.0, deadline.remaining())):
        raise SolverTimeout("another thread kept the corner model until the time limit")
    try:
        model = _corner_model(*board.shape, bits, deadline)
        return model.solve(board, deadline, exclude, stats)
    finally:
        _CACHE_LOCK.release()


def _corner_model(
    height: int, width: int, bits: int, deadline: Deadline | None = None
) -> CornerModel:
    """The cached corner model of a board size, built on first use (within
    ``deadline``). The caller holds the cache's lock, as :func:`full_cover_sat` does."""
    key = (height, width, bits)
    if key in _CORNER_MODELS:
        _CORNER_MODELS.move_to_end(key)
    else:
        _CORNER_MODELS[key] = CornerModel(height, width, bits, deadline=deadline)
        while len(_CORNER_MODELS) > CORNER_MODELS_KEPT:
            _CORNER_MODELS.popitem(last=False)[1].solver.delete()
    return _CORNER_MODELS[key]


def forget_corner_models() -> None:
    """Delete every cached corner model and its solver now (the next call is cold)."""
    with _CACHE_LOCK:
        for cached in _CORNER_MODELS.values():
            cached.solver.delete()
        _CORNER_MODELS.clear()


class CornerModel:
    """The corner model of every ``height x width`` board with up to ``2**bits - 1``
    pairs, in one incremental SAT solver; a puzzle is a list of assumptions.

    Variables: ``right[i]`` and ``down[i]`` (the links of cell i), ``colour[i, b]``,
    ``end[i]`` ("cell i is a number") and ``ray[i, t]`` (the spike of turn t from cell i
    ends at a number); later ones are switches for blocking clauses.

    Raises:
        SolverTimeout: ``deadline`` passed while the clauses were being loaded (the
            model is checked against it after each family of clauses).
    """

    def __init__(
        self,
        height: int,
        width: int,
        bits: int,
        solver_name: str = "glucose4",
        deadline: Deadline | None = None,
    ) -> None:
        n = height * width
        self.height, self.width, self.bits = height, width, bits
        cell = np.arange(n)
        self.right, self.down = 1 + cell, 1 + n + cell
        self.colour = 1 + 2 * n + cell[:, None] * bits + np.arange(bits)
        self.end = 1 + 2 * n + n * bits + cell
        self.ray = 1 + 2 * n + n * bits + n + cell[:, None] * 4 + np.arange(4)
        self.top = int(self.ray[-1, -1])
        self.clauses = 0
        self.solver = Solver(name=solver_name)
        try:
            for family in _families(self):
                if family.size:
                    self.solver.append_formula(family.tolist())
                    self.clauses += len(family)
                if deadline is not None:
                    deadline.check("building the corner model")
        except BaseException:
            self.solver.delete()
            raise

    def assumptions(self, board: np.ndarray) -> list[int]:
        """The puzzle as literals: which cells are numbers, and their colours."""
        flat = board.ravel()
        ends = flat > 0
        codes = (flat[ends, None] >> np.arange(self.bits)) & 1
        colours = np.where(codes == 1, self.colour[ends], -self.colour[ends])
        return np.concatenate(
            [np.where(ends, self.end, -self.end), colours.ravel()]
        ).tolist()

    def var(self, key: Link) -> int:
        """The variable of the link ``(r1, c1, r2, c2)``."""
        r1, c1, r2, _ = key
        i = r1 * self.width + c1
        return int(self.right[i] if r1 == r2 else self.down[i])

    def links_on(self, model: list[int]) -> list[Link]:
        """The links that are on in a model of the solver."""
        n, w = self.height * self.width, self.width
        values = np.asarray(model[: 2 * n])  # right[i] is 1 + i, down[i] is 1 + n + i
        right = np.flatnonzero(values[:n] > 0).tolist()
        down = np.flatnonzero(values[n:] > 0).tolist()
        return [(i // w, i % w, i // w, i % w + 1) for i in right] + [
            (i // w, i % w, i // w + 1, i % w) for i in down
        ]

    def solve(self, board: np.ndarray, deadline: Deadline, exclude=(), stats=None):
        """A full-cover solution of ``board`` in which no line touches itself and that
        is not in ``exclude``, or None: there is none.

        Raises:
            SolverTimeout: ``deadline`` passed.
        """
        assumptions = self.assumptions(board)
        if exclude:  # a fresh switch holds the blocking clauses for this call only
            self.top += 1
            switch = self.top
            for paths in exclude:
                self.solver.add_clause(
                    [-switch] + [-self.var(key) for key in links_of(paths)]
                )
            assumptions.append(switch)
        found: list[Paths] = []

        def cuts(model: list[int]) -> list[list[int]]:
            paths, loops = trace(board, self.links_on(model))
            if not loops:
                found.append(paths)
            # a closed loop is part of no solution of any board: its cut stays
            return [loop_cut(loop, self.var) for loop in loops]

        before = self.solver.accum_stats().get("conflicts", 0)
        try:
            model = solve_lazily(
                self.solver,
                cuts,
                deadline.check("the corner model"),
                assumptions=assumptions,
                stats=stats,
            )
        finally:
            if exclude:
                self.solver.add_clause([-switch])
            if stats is not None:
                conflicts = self.solver.accum_stats().get("conflicts", 0) - before
                stats["conflicts"] = stats.get("conflicts", 0) + conflicts
        return found[-1] if model is not None else None


# ------------------------------------------------------------ the clause families
#: Neighbour offsets in the order of the columns of ``around``: N, E, S, W.
_OFFSETS = ((-1, 0), (0, 1), (1, 0), (0, -1))
#: The turns N-E, E-S, S-W, W-N (``helper.numberlink.state.TURNS``) as column pairs.
_TURN_SIDES = ((0, 1), (1, 2), (2, 3), (3, 0))


def _subsets(rows: np.ndarray, size: int) -> np.ndarray:
    """Every ``size``-subset of each row's entries, one output row per subset."""
    picks = list(itertools.combinations(range(rows.shape[1]), size))
    if not picks or not size:
        return np.zeros((0, size), dtype=np.int64)
    return rows[:, picks].reshape(-1, size)


def _families(m: CornerModel) -> Iterator[np.ndarray]:
    """Every family of clauses of ``m``, one array (a clause per row) at a time."""
    h, w, n = m.height, m.width, m.height * m.width
    cell = np.arange(n)
    r, c = np.divmod(cell, w)
    right, down = m.right, m.down
    around = np.zeros((n, 4), dtype=np.int64)  # the link towards N, E, S, W
    around[r > 0, 0] = down[cell[r > 0] - w]
    around[c < w - 1, 1] = right[c < w - 1]
    around[r < h - 1, 2] = down[r < h - 1]
    around[c > 0, 3] = right[cell[c > 0] - 1]
    yield -right[c == w - 1, None]  # no link leaves the board
    yield -down[r == h - 1, None]
    a = np.concatenate([cell[c < w - 1], cell[r < h - 1]])
    b = np.concatenate([cell[c < w - 1] + 1, cell[r < h - 1] + w])
    x = np.concatenate([right[c < w - 1], down[r < h - 1]])
    for k in range(m.bits):  # linked cells have equal colour bits
        yield np.stack([-x, -m.colour[a, k], m.colour[b, k]], 1)
        yield np.stack([-x, m.colour[a, k], -m.colour[b, k]], 1)
    yield from _degree_families(m, cell, around)
    top_left = cell[(r < h - 1) & (c < w - 1)]  # at most two links in a 2x2 block
    block = [right[top_left], down[top_left], down[top_left + 1], right[top_left + w]]
    yield -_subsets(np.stack(block, 1), 3)
    yield from _corner_families(m, cell, around)


def _degree_families(
    m: CornerModel, cell: np.ndarray, around: np.ndarray
) -> Iterator[np.ndarray]:
    """A number (``end``) has one link, any other cell two."""
    degree = (around > 0).sum(1)
    for k in range(5):
        rows = cell[degree == k]
        if not rows.size:
            continue
        links = around[rows][around[rows] > 0].reshape(len(rows), k)
        e = m.end[rows]
        yield -_subsets(links, 3)
        yield np.column_stack([-e, links])
        pairs = _subsets(links, 2)
        yield np.column_stack([np.repeat(-e, len(pairs) // len(rows)), -pairs])
        if k < 2:
            yield e[:, None]  # too few sides for a line's middle
            continue
        rest = _subsets(links, k - 1)
        yield np.column_stack([np.repeat(e, len(rest) // len(rows)), rest])


def _corner_families(
    m: CornerModel, cell: np.ndarray, around: np.ndarray
) -> Iterator[np.ndarray]:
    """The corner rule, with the ray variables, as in the chapter's clauses."""
    h, w = m.height, m.width
    r, c = np.divmod(cell, w)
    for t, (s1, s2) in enumerate(_TURN_SIDES):
        dr = _OFFSETS[s1][0] + _OFFSETS[s2][0]
        dc = _OFFSETS[s1][1] + _OFFSETS[s2][1]
        ray = m.ray[:, t]
        rd, cd = r + dr, c + dc
        ok = (rd >= 0) & (rd < h) & (cd >= 0) & (cd < w)
        yield -ray[~ok, None]
        nxt = (rd * w + cd)[ok]
        yield np.stack([-ray[ok], m.end[nxt], ray[nxt]], 1)
        xs = cell[(around[:, s1] > 0) & (around[:, s2] > 0)]
        xa, xb = around[xs, s1], around[xs, s2]
        yield np.stack([-xa, -xb, ray[xs]], 1)
        keep = ok[xs]
        xa, xb = xa[keep], xb[keep]
        d = (rd * w + cd)[xs[keep]]
        ed, on1, on2 = m.end[d], around[d, s1], around[d, s2]
        for on in (on1, on2):  # D is not a number: the same turn
            has = on > 0
            yield np.stack([-xa[has], -xb[has], ed[has], on[has]], 1)
            yield np.stack([-xa[~has], -xb[~has], ed[~has]], 1)
        for m1 in (True, False):  # D is a number: it leaves by one of the sides
            for m2 in (True, False):
                sel = ((on1 > 0) == m1) & ((on2 > 0) == m2)
                cols = [-xa[sel], -xb[sel], -ed[sel]]
                cols += ([on1[sel]] if m1 else []) + ([on2[sel]] if m2 else [])
                yield np.stack(cols, 1)
