"""Hand-written: the generators, of boards with a planted loop and of unique puzzles.

Generators are bookkeeping around the models, so they live here rather than in the
chapter *Slitherlink*, which explains both in words and shows their key parts with
:func:`helper.show.show_source`:

* :func:`generate_with_loop` grows a random region of cells whose boundary is one loop
  (the test that keeps it one loop is :func:`_can_add`) and shows its clues at random;
  it is what :func:`helper.slitherlink.generate` returns without ``unique``;
* :func:`unique_puzzle` (``generate(..., unique=True)``) shows every clue of a planted
  loop and hides clues in random order while no second loop fits, asking one
  incremental SAT solver (:class:`_UniqueCheck`) whether the puzzle is still unique.
"""

from __future__ import annotations

import numbers
import random
from itertools import combinations

import numpy as np
from pysat.formula import IDPool
from pysat.solvers import Solver

from helper import Deadline
from helper.dispatch import check_cells, check_time_limit
from helper.grid import Point
from helper.inputs import exact_int
from helper.sat import solve_lazily
from helper.slitherlink.lattice import Lattice, gc_paused, ticking
from helper.slitherlink.puzzle import Slitherlink
from helper.slitherlink.sat_model import (
    _RegionCuts,
    add_clauses,
    colour_clauses,
    edge_variables,
    sat_clauses,
)

__all__ = ["generate_with_loop", "unique_puzzle"]

#: The eight neighbours of a cell, in order around it, starting above.
_AROUND = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)]


def _can_add(region: set[Point], r: int, c: int) -> bool:
    """True if cell (r, c) can join the region and its boundary stays one simple loop.

    Walk once around the eight neighbours: the ones inside the region must form exactly
    one run, and that run must hold a side neighbour. Two runs would close a hole or
    touch the region at a corner only (the loop would then visit a point twice).
    """
    inside = [(r + dr, c + dc) in region for dr, dc in _AROUND]
    runs = sum(1 for i in range(8) if inside[i] and not inside[i - 1])
    return runs == 1 and any(inside[0::2])


def _grow_region(
    height: int,
    width: int,
    fill: float,
    rng: random.Random,
    deadline: Deadline | None = None,
) -> set[Point]:
    """Grow a region of about ``fill`` of the cells whose boundary is one loop.

    It has two cells at least (where the board has two): the boundary of a single
    cell would need the clue 4, which the book does not use.
    """
    start = (rng.randrange(height), rng.randrange(width))
    region = {start}
    candidates = [start]
    target = max(min(2, height * width), round(fill * height * width))

    def push_neighbours(r: int, c: int) -> None:
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < height and 0 <= cc < width and (rr, cc) not in region:
                candidates.append((rr, cc))

    push_neighbours(*start)
    steps = 0
    while len(region) < target and candidates:
        steps += 1
        if deadline is not None and steps % 1024 == 0:
            deadline.check("growing the planted loop")
        i = rng.randrange(len(candidates))
        candidates[i], candidates[-1] = candidates[-1], candidates[i]
        cell = candidates.pop()
        if cell not in region and _can_add(region, *cell):
            region.add(cell)
            push_neighbours(*cell)
    return region


def _share(value: object, what: str) -> float:
    """``value`` as a share from 0 to 1, or a ``ValueError`` naming ``what``."""
    if (
        isinstance(value, bool)
        or not isinstance(value, numbers.Real)
        or not 0 <= value <= 1
    ):
        raise ValueError(f"{what} must be a number from 0 to 1, not {value!r}")
    return float(value)


def generate_with_loop(
    height: int,
    width: int,
    *,
    seed: int = 0,
    density: float = 0.5,
    fill: float = 0.5,
    deadline: Deadline | None = None,
) -> tuple[Slitherlink, list[Point]]:
    """A random puzzle that has a solution, and that solution (the planted loop).

    Grow a random region of cells from one seed cell, a cell at a time, keeping it in
    one piece with a single simple boundary (see :func:`_can_add`); the boundary is the
    loop. Every cell then gets its clue (sides on the loop) and keeps it with
    probability ``density``.

    Args:
        height, width: board size in cells.
        seed: random seed; the same arguments always give the same board.
        density: the share of cells that show their clue (1.0: all of them).
        fill: the share of cells the region grows to; it decides how long the loop is.
        deadline: if given, read while the region grows (a big board takes seconds).

    Returns:
        ``(puzzle, loop)``. The puzzle may have other solutions too, the sparser the
        clues the likelier.

    Raises:
        ValueError: a size that is not a whole number >= 1, a board over
            :data:`helper.dispatch.MAX_CELLS` cells, or a share outside 0-1.
    """
    for value, what in ((height, "height"), (width, "width")):
        if exact_int(value, what) < 1:
            raise ValueError(f"{what} must be at least 1, not {value}")
    check_cells(height, width)
    density, fill = _share(density, "density"), _share(fill, "fill")
    rng = random.Random(seed)
    region = _grow_region(height, width, fill, rng, deadline)
    inside = np.zeros((height + 2, width + 2), dtype=bool)  # a ring of outside cells
    rows, columns = np.array(sorted(region)).T
    inside[rows + 1, columns + 1] = True
    across = inside[:-1, 1:-1] != inside[1:, 1:-1]  # horizontal edges between cells
    down = inside[1:-1, :-1] != inside[1:-1, 1:]  # vertical edges
    on = np.concatenate([across.ravel(), down.ravel()])
    lattice = Lattice(height, width)
    loop = lattice.loop(np.flatnonzero(on).tolist())
    counts = on[lattice.sides].sum(axis=1)  # 4 only for the one cell of a 1x1 board
    shown = np.array([rng.random() < density for _ in range(height * width)])
    clues = np.where(shown & (counts < 4), counts, -1).reshape(height, width)
    return Slitherlink(clues), loop


class _UniqueCheck:
    """One incremental SAT solver that answers "is this clue set unique?" many times.

    The clue of every cell (the count of the planted loop) is switched on by its own
    selector variable ``("show", cell)``, and a check passes the shown cells as
    assumptions, so one solver serves every clue set. The planted loop is forbidden
    for good ("some edge differs from it"): it fits every clue set, so a check asks
    for a *second* loop. Region cuts name no clue, so the cuts of one check stay valid
    in every later one, and the solver keeps what it learned.

    Args:
        puzzle: the puzzle with every clue shown.
        loop: its planted loop.
        deadline: shared by all checks, and read while the clauses are written.
        colours: add :func:`colour_clauses` (the chapter measures both ways).
    """

    def __init__(
        self,
        puzzle: Slitherlink,
        loop: list[Point],
        deadline: Deadline,
        colours: bool = True,
    ) -> None:
        lattice = Lattice(puzzle.height, puzzle.width)
        lattice.lists(deadline)
        self.pool = IDPool()
        self.edge = edge_variables(lattice, self.pool, deadline)
        self.show = [self.pool.id(("show", c)) for c in range(puzzle.clues.size)]
        blank = Slitherlink(np.full(puzzle.clues.shape, -1))
        blocks = sat_clauses(blank, self.edge, lattice, as_blocks=True)  # the points
        if colours:
            blocks += colour_clauses(lattice, self.edge, self.pool, as_blocks=True)
        clauses = []  # the clue clauses, then the planted loop forbidden
        clues = enumerate(puzzle.clues.ravel().tolist())
        for cell, clue in ticking(clues, deadline, "writing the clue clauses"):
            sides = [self.edge[e] for e in lattice.cell_edges[cell]]
            off = -self.show[cell]  # every clue clause holds only while it is shown
            for subset in combinations(sides, clue + 1):  # at most `clue` sides on
                clauses.append([off] + [-x for x in subset])
            for subset in combinations(sides, 5 - clue):  # at least `clue` sides on
                clauses.append([off, *subset])
        planted = set(lattice.loop_edges(loop))
        clauses.append([-x if e in planted else x for e, x in enumerate(self.edge)])
        self.solver = Solver(name="glucose4")
        try:
            add_clauses(self.solver, [*blocks, clauses], deadline)
        except BaseException:  # out of time while loading: no solver is left behind
            self.solver.delete()
            raise
        self.cuts = _RegionCuts(lattice, self.edge, self.pool, deadline)
        self.deadline = deadline
        self.checks = 0

    def __enter__(self) -> "_UniqueCheck":
        return self

    def __exit__(self, *exc: object) -> None:
        self.solver.delete()

    def unique(self, shown: np.ndarray) -> bool:
        """True when the planted loop is the only loop that fits the shown clues."""
        self.checks += 1
        flags = shown.ravel().tolist()
        assumptions = [s if on else -s for s, on in zip(self.show, flags, strict=True)]
        left = self.deadline.check("the uniqueness checks")
        model = solve_lazily(self.solver, self.cuts, left, assumptions=assumptions)
        return model is None


def unique_puzzle(
    height: int,
    width: int,
    *,
    seed: int = 0,
    fill: float = 0.5,
    time_limit: float = 60.0,
    stats: dict | None = None,
    colours: bool = True,
) -> Slitherlink:
    """A puzzle with exactly one loop: :func:`helper.slitherlink.generate` ``unique``.

    Plant a loop with every clue shown, then visit the cells in a random order and
    hide each clue unless the puzzle stops being unique without it.
    """
    deadline = Deadline(check_time_limit(time_limit))
    puzzle, loop = generate_with_loop(
        height, width, seed=seed, density=1.0, fill=fill, deadline=deadline
    )
    order = np.random.default_rng(seed).permutation(puzzle.clues.size).tolist()
    shown = np.ones(puzzle.clues.shape, dtype=bool)
    with gc_paused(), _UniqueCheck(puzzle, loop, deadline, colours) as check:
        for cell in order:
            shown.flat[cell] = False
            if not check.unique(shown):
                shown.flat[cell] = True  # another loop fits without it: keep the clue
        if stats is not None:
            stats.update(checks=check.checks, cuts=check.cuts.made)
    return Slitherlink(np.where(shown, puzzle.clues, -1))
