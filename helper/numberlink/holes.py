"""Boards whose answer leaves cells empty (``fill=False``): rules, search, puzzles.

Hand-written: the making chapter's section *Puzzles that leave cells empty* explains
the facts this module rests on and shows :func:`colour_surplus`. On such a board the
full-cover stage of the portfolio proves quickly that no answer uses every cell, and the
plain SAT model is slow; these rules give the model back most of what the full cover
gave it:

1. no touching (the ``shortcut_free`` clauses: some answer never touches itself);
2. the corner rule with holes: the cell inside a turn is a number leaving by the turn's
   sides, a cell making the same turn, or empty;
3. for a puzzle with one solution (an assumption): no detour beside two empty cells and
   no empty cell inside a turn, so a spike of turns ends at a number again;
4. the chessboard count (:func:`colour_surplus`), which :func:`solve_few_holes` climbs
   as a ladder of empty cells, in one incremental solver.

:func:`another_solution` decides uniqueness: a second solution exists exactly when the
first has a detour (:func:`detour`) or the model of rules 1 and 2 finds another one.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

import numpy as np
from pysat.card import ITotalizer

from helper import Deadline, Unsolvable
from helper.dispatch import check_time_limit
from helper.grid import STEPS, Cell
from helper.numberlink.puzzle import Numberlink, Paths
from helper.numberlink.sat_model import TURN_STEPS, SatModel, sat_model
from helper.numberlink.sat_search import loaded_solver, loop_cuts, solutions_sat
from helper.sat import solve_lazily

__all__ = [
    "add_hole_rules",
    "solve_holes",
    "detour",
    "corner_cut",
    "another_solution",
    "solve_few_holes",
    "colour_surplus",
    "LADDER_SHARE",
]


def add_hole_rules(
    board: np.ndarray, no_detour: bool
) -> Callable[[SatModel, Deadline], None]:
    """The clauses of rules 2 (and, with ``no_detour``, 3) for the ``fill=False`` model
    of ``board`` built with ``shortcut_free=True``, as the ``more`` hook of
    :func:`helper.numberlink.sat_search.solutions_sat`."""

    def add(model: SatModel, deadline: Deadline) -> None:
        _add_corner_with_holes(model, board, deadline, no_detour)
        if no_detour:
            _add_no_detour(model, board, deadline)

    return add


def _link_var(model: SatModel, a: Cell, step: tuple[int, int]) -> int | None:
    """The link variable from ``a`` one ``step`` on (None: off the board or never)."""
    b = (a[0] + step[0], a[1] + step[1])
    return model.link.get((*min(a, b), *max(a, b)))


def _add_corner_with_holes(
    model: SatModel, board: np.ndarray, deadline, no_detour: bool
) -> None:
    """Rule 2 as clauses, with a ``ray`` per cell and turn ("the spike from here ends
    at a number or an empty cell") so that propagation sees a spike that runs off.

    With ``no_detour`` the cell inside a turn is never empty (the line could cut the
    corner through it, a second solution), so a spike ends at a number only.
    """
    h, w = board.shape
    clauses, pool, used = model.clauses, model.pool, model.used
    for t, (s1, s2) in enumerate(TURN_STEPS):
        dr, dc = s1[0] + s2[0], s1[1] + s2[1]
        for x in np.ndindex(h, w):
            if x[1] == 0:
                deadline.check("building the empty-cell rules")
            d = (x[0] + dr, x[1] + dc)
            on_board = 0 <= d[0] < h and 0 <= d[1] < w
            ray = pool.id(("hole-ray", *x, t))
            if not on_board:
                clauses.append([-ray])
            elif board[d] == 0:  # D empty ends the spike; else D turns the same way
                ends = [] if no_detour else [-used[d]]
                clauses.append([-ray, *ends, pool.id(("hole-ray", *d, t))])
            xa, xb = _link_var(model, x, s1), _link_var(model, x, s2)
            if xa is None or xb is None or board[x]:
                continue  # x never makes this turn
            turn = [-xa, -xb]
            clauses.append([*turn, ray])
            if not on_board:
                continue
            if board[d]:
                sides = (_link_var(model, d, s1), _link_var(model, d, s2))
                on = [y for y in sides if y is not None]
                clauses.append([*turn, *on])
                continue
            if no_detour:
                clauses.append([*turn, used[d]])
            for side in (s1, s2):
                y = _link_var(model, d, side)
                clauses.append([*turn, -used[d], *([y] if y is not None else [])])


def _add_no_detour(model: SatModel, board: np.ndarray, deadline) -> None:
    """Rule 3 for detours of two cells: a link and the two cells beside it, on either
    side, are never 'on, empty, empty'."""
    h, w = board.shape
    used = model.used
    for n, ((r1, c1, r2, c2), x) in enumerate(model.link.items()):
        if not n % 1024:
            deadline.check("building the empty-cell rules")
        dr, dc = c2 - c1, r2 - r1  # the sideways step of a link (a unit vector)
        for sign in (1, -1):
            a = (r1 + sign * dr, c1 + sign * dc)
            b = (r2 + sign * dr, c2 + sign * dc)
            if a in used and b in used:  # both on the board, neither a number
                model.clauses.append([-x, used[a], used[b]])


def solve_holes(
    puzzle: Numberlink,
    *,
    time_limit: float = 10.0,
    assume_unique: bool = True,
    stats: dict | None = None,
) -> Paths:
    """A solution of a ``fill=False`` puzzle from the model with the empty-cell rules.

    Args:
        assume_unique: ask the model with rule 3 (no detour) first, as a puzzle with
            one solution allows; if it finds nothing, the model without it decides.
        stats: if given, receives ``rounds`` and ``conflicts`` of the last model and
            ``no_detour`` (whether the model that answered had rule 3).

    Raises:
        ValueError: ``puzzle.fill`` is True (use the corner model), or a bad
            ``time_limit``.
        Unsolvable: the board has no solution.
        SolverTimeout: ``time_limit`` seconds were not enough.
    """
    deadline = Deadline(check_time_limit(time_limit))
    if puzzle.fill:
        raise ValueError("solve_holes is for fill=False puzzles")
    for no_detour in (True, False) if assume_unique else (False,):
        counts: dict = {}
        found = solutions_sat(
            puzzle,
            limit=1,
            shortcut_free=True,
            more=add_hole_rules(puzzle.board, no_detour),
            time_limit=deadline.check("the empty-cell model"),
            stats=counts,
        )
        if stats is not None:
            stats.update(counts, no_detour=no_detour)
        if found:
            return found[0]
    raise Unsolvable("the board has no solution")


#: The ladder of :func:`solve_few_holes` counts empty cells up to this share of the
#: board; a board whose answer leaves more is left to :func:`solve_holes`.
LADDER_SHARE = 0.12


def solve_few_holes(
    puzzle: Numberlink,
    *,
    time_limit: float = 10.0,
    no_detour: bool = True,
    stats: dict | None = None,
) -> Paths | None:
    """Among the answers in which no line touches itself, one that leaves the fewest
    cells empty, counted up a ladder.

    The chessboard colouring fixes how many more empty cells lie on even squares than
    on odd ones (:func:`colour_surplus`), so ``k`` empty cells split one way only. The
    search asks for at most ``k`` of them, for ``k`` = the surplus, +2, +4, ... up to
    :data:`LADDER_SHARE` of the cells, in one incremental solver: each rung is a pair
    of assumptions on two counters, and what the solver learns on a rung that has no
    answer helps on the next.

    Args:
        no_detour: assume rule 3 (a puzzle with one solution has no detour).
        stats: if given, receives ``rungs``, ``rounds``, ``cuts`` and ``conflicts``.

    Returns:
        A solution, or None: none without touching and with at most that many empty
        cells (under rule 3 if assumed). The answer with the fewest empty cells of
        all may touch itself: a line that snakes fills more cells.

    Raises:
        ValueError: ``puzzle.fill`` is True, or a bad ``time_limit``.
        Unsolvable: a cell cannot get its links (the model says so while it is built).
        SolverTimeout: ``time_limit`` seconds were not enough.
    """
    deadline = Deadline(check_time_limit(time_limit))
    if puzzle.fill:
        raise ValueError("solve_few_holes is for fill=False puzzles")
    board = puzzle.board
    model = sat_model(board, False, True, deadline=deadline)
    add_hole_rules(board, no_detour)(model, deadline)
    top = int(LADDER_SHARE * board.size) + 1
    free = [
        [-u for (r, c), u in model.used.items() if (r + c) % 2 == colour]
        for colour in (0, 1)
    ]
    surplus = colour_surplus(board)
    accepted: list[Paths] = []
    counts: dict = {"rungs": 0}
    counters: dict[int, ITotalizer] = {}
    with loaded_solver(model.clauses, deadline) as solver:
        try:
            for k in range(abs(surplus), top + 1, 2):
                counts["rungs"] += 1
                most = ((k + surplus) // 2, (k - surplus) // 2)
                assumptions = _at_most(solver, model, free, counters, most)
                found = solve_lazily(
                    solver,
                    loop_cuts(board, model.link, accepted),
                    deadline.check("the ladder of empty cells"),
                    assumptions=assumptions,
                    stats=counts,
                )
                if found is not None:
                    break
        finally:
            for counter in counters.values():
                counter.delete()
        counts["conflicts"] = solver.accum_stats().get("conflicts", 0)
    if stats is not None:
        stats.update(counts)
    return accepted[-1] if accepted else None


def _at_most(solver, model: SatModel, free, counters: dict, most) -> list[int]:
    """Assumptions for "at most ``most[i]`` of ``free[i]`` are true", i = 0, 1.

    Each list gets a totalizer, built (or raised) only up to the bound a rung needs,
    so that a big board does not pay for counting far beyond its answer; the new
    clauses go to ``solver`` and the new variables are taken from ``model.pool``.
    """
    assumptions = []
    for i, (lits, bound) in enumerate(zip(free, most, strict=True)):
        if bound >= len(lits):
            continue  # no constraint: every cell of this colour may be empty
        if i not in counters:
            counter = ITotalizer(lits, ubound=bound + 1, top_id=model.pool.top)
            counters[i] = counter
            new = counter.cnf.clauses
        else:
            counter = counters[i]
            before = len(counter.cnf.clauses)
            if bound >= len(counter.rhs):
                counter.increase(ubound=bound + 1, top_id=model.pool.top)
            new = counter.cnf.clauses[before:]
        model.pool.occupy(model.pool.top + 1, max(model.pool.top + 1, counter.top_id))
        model.pool.top = max(model.pool.top, counter.top_id)
        solver.append_formula(new)
        assumptions.append(-counter.rhs[bound])
    return assumptions


def detour(puzzle: Numberlink, paths: Paths) -> Paths | None:
    """``paths`` with one link replaced by a path through empty cells, or None.

    A link ``A - B`` has a detour when one group of connected empty cells touches both
    ``A`` and ``B``: the line can leave ``A`` into it and come back to ``B``.
    """
    h, w = puzzle.board.shape
    empty = np.ones((h, w), dtype=bool)
    for path in paths.values():
        for cell in path:
            empty[cell] = False
    for k, path in paths.items():
        for i in range(len(path) - 1):
            a, b = path[i], path[i + 1]
            way = _empty_way(empty, a, b)
            if way is not None:
                return {**paths, k: [*path[: i + 1], *way, *path[i + 1 :]]}
    return None


def corner_cut(paths: Paths, shape: tuple[int, int]) -> Paths | None:
    """``paths`` with one turn moved to the empty cell inside it, or None.

    Where a line turns at ``X`` (from ``A`` to ``B``) and the cell ``D`` that touches
    both ``A`` and ``B`` is empty, the line may go ``A - D - B`` instead: another
    solution, with ``X`` empty.
    """
    used = {cell for path in paths.values() for cell in path}
    h, w = shape
    for k, path in paths.items():
        for i in range(1, len(path) - 1):
            (ar, ac), (xr, xc), (br, bc) = path[i - 1], path[i], path[i + 1]
            d = (ar + br - xr, ac + bc - xc)  # the fourth corner of their 2x2 block
            if (ar == br or ac == bc) or d in used:
                continue  # a straight step, or D is taken
            if 0 <= d[0] < h and 0 <= d[1] < w:
                return {**paths, k: [*path[:i], d, *path[i + 1 :]]}
    return None


def _empty_way(empty: np.ndarray, a: Cell, b: Cell) -> list[Cell] | None:
    """A path of empty cells from a neighbour of ``a`` to a neighbour of ``b``."""
    h, w = empty.shape

    def around(cell: Cell) -> list[Cell]:
        out = []
        for dr, dc in STEPS:
            r, c = cell[0] + dr, cell[1] + dc
            if 0 <= r < h and 0 <= c < w and empty[r, c]:
                out.append((r, c))
        return out

    goals = set(around(b))
    if not goals:
        return None
    came: dict[Cell, Cell | None] = {cell: None for cell in around(a)}
    queue = deque(came)
    while queue:
        cell = queue.popleft()
        if cell in goals:
            way = [cell]
            while came[way[-1]] is not None:
                way.append(came[way[-1]])
            return way[::-1]
        for nxt in around(cell):
            if nxt not in came:
                came[nxt] = cell
                queue.append(nxt)
    return None


def another_solution(
    puzzle: Numberlink, paths: Paths, time_limit: float = 10.0
) -> Paths | None:
    """A solution of the ``fill=False`` puzzle other than ``paths``, or None.

    Complete: take another solution and shortcut it until no line touches itself. If
    the result is not ``paths``, the model with rules 1 and 2 finds a solution other
    than ``paths``; if it is, undoing the last shortcut is a detour of ``paths``.

    Raises:
        ValueError: ``puzzle.fill`` is True.
        SolverTimeout: ``time_limit`` seconds were not enough.
    """
    deadline = Deadline(check_time_limit(time_limit))
    if puzzle.fill:
        raise ValueError("another_solution is for fill=False puzzles")
    other = detour(puzzle, paths) or corner_cut(paths, puzzle.board.shape)
    if other is not None:
        return other
    found = solutions_sat(
        puzzle,
        limit=1,
        shortcut_free=True,
        exclude=(paths,),
        more=add_hole_rules(puzzle.board, False),
        time_limit=deadline.check("the search for another solution"),
    )
    return found[0] if found else None


def colour_surplus(board: np.ndarray) -> int:
    """Empty cells on even squares minus empty cells on odd ones, in every solution.

    Colour the board like a chessboard ((row + column) even or odd). Along a line the
    colours alternate, so a line whose two ends are even has one even cell more than
    odd ones, a line with two odd ends one odd cell more, and a mixed line as many of
    each. What the lines leave is fixed by the board alone.
    """
    h, w = board.shape
    parity = np.add.outer(np.arange(h), np.arange(w)) % 2
    even_cells = int((parity == 0).sum())
    odd_cells = board.size - even_cells
    ends = {}
    for (r, c), k in np.ndenumerate(board):
        if k:
            ends.setdefault(int(k), []).append((r + c) % 2)
    surplus = sum(1 if e == [0, 0] else -1 if e == [1, 1] else 0 for e in ends.values())
    return (even_cells - odd_cells) - surplus
