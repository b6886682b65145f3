"""Heuristics for long lines: greedy routing, then repair window by window (LNS).

Hand-written: the chapter *Numberlink at scale: long lines, search and the portfolio*
explains both ideas step by step (shortest paths one pair at a time; large neighbourhood
search with the SAT model on a small window, and why an empty cell must sometimes move
sideways) and shows the central function, :func:`_repair_window`, with ``show_source``.
Neither proves that a board has no solution: the method ``"lns"`` asks the rules and the
SAT model for that.

Read it top to bottom: :func:`route_greedily`, then :func:`solve_lns` and the repair
loop :func:`_repair`, which picks a window (:func:`_choose_window`) and rebuilds it
(:func:`_repair_window`) until no cell is empty.
"""

from __future__ import annotations

from collections import deque

import numpy as np
from pysat.card import CardEnc, EncType
from pysat.solvers import Solver

from helper import Deadline, SolverTimeout, Unsolvable
from helper.dispatch import check_time_limit
from helper.grid import Cell, Link
from helper.numberlink.puzzle import (
    Numberlink,
    Paths,
    links_of,
    pair_ends,
    trace,
    without_pairs,
)
from helper.numberlink.rules import refute
from helper.numberlink.sat_model import SatModel, sat_model, square_links
from helper.numberlink.sat_search import (
    links_on,
    loaded_solver,
    loop_cuts,
    solutions_sat,
)
from helper.sat import solve_lazily

__all__ = ["route_greedily", "solve_lns", "Window"]


def route_greedily(
    puzzle: Numberlink,
    *,
    seed: int = 0,
    tries: int = 100,
    deadline: Deadline | None = None,
) -> Paths:
    """Join the pairs one after another, each by a shortest path through free cells.

    Pairs are taken nearest first. A pair that earlier lines have cut off is moved to
    the front and the routing starts again (with neighbours tried in a random order),
    up to ``tries`` rounds, or until ``deadline`` passes (within a round, too). This is
    a heuristic, not a model: it proves nothing when it fails.

    Returns:
        The paths of the round that joined the most pairs. When every pair is joined
        they form a solution with empty cells allowed (shortest paths never touch
        themselves).
    """
    board = puzzle.board
    ends = pair_ends(board)
    rng = np.random.default_rng(seed)

    def distance(k: int) -> int:
        (r1, c1), (r2, c2) = ends[k]
        return abs(r1 - r2) + abs(c1 - c2)

    order = sorted(ends, key=distance)
    best: Paths = {}
    for attempt in range(tries):
        if attempt and deadline is not None and deadline.remaining() <= 0:
            break
        taken = {(r, c) for (r, c), k in np.ndenumerate(board) if k > 0}
        paths: Paths = {}
        cut_off = []
        for k in order:
            if deadline is not None and deadline.remaining() <= 0:
                break  # out of time within a round: keep the lines so far
            start, finish = ends[k]
            shuffle = rng if attempt else None
            path = _shortest_path(board.shape, start, finish, taken, shuffle)
            if path is None:
                cut_off.append(k)
                continue
            paths[k] = path
            taken.update(path)
        if len(paths) > len(best):
            best = paths
        if not cut_off:
            break
        order = cut_off + [k for k in order if k not in cut_off]
    return {k: best[k] for k in sorted(best)}


def _shortest_path(
    shape: tuple[int, int],
    start: Cell,
    finish: Cell,
    taken: set[Cell],
    rng: np.random.Generator | None,
) -> list[Cell] | None:
    """A shortest path from ``start`` to ``finish`` through cells not ``taken``.

    Breadth-first search; neighbours are tried in a random order when ``rng`` is given.
    """
    h, w = shape
    previous: dict[Cell, Cell | None] = {start: None}
    queue = deque([start])
    while queue and finish not in previous:
        r, c = queue.popleft()
        around = [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
        if rng is not None:
            rng.shuffle(around)
        for cell in around:
            if (
                0 <= cell[0] < h
                and 0 <= cell[1] < w
                and cell not in previous
                and (cell not in taken or cell == finish)
            ):
                previous[cell] = (r, c)
                queue.append(cell)
    if finish not in previous:
        return None
    path = [finish]
    while previous[path[-1]] is not None:
        path.append(previous[path[-1]])
    return path[::-1]


def solve_lns(
    puzzle: Numberlink,
    *,
    time_limit: float = 10.0,
    seed: int = 0,
    window: tuple[int, int] = (6, 10),
    call_limit: float = 0.5,
    start: Paths | None = None,
    stats: dict | None = None,
) -> Paths:
    """Large neighbourhood search: repair window by window until every cell is used.

    Starts from ``start``, or from :func:`route_greedily`, or (when that leaves pairs
    cut off) from the SAT model with empty cells allowed. Then, while a cell is empty:
    pick an empty cell next to a line, a square window around it (``window[0]`` cells
    wide, growing up to ``window[1]`` while nothing is found), fix every link outside
    the window, and ask the SAT model for lines that use the chosen cell and leave
    fewer empty cells in the window; if there are none, for lines that leave as many
    (the empty cell moves, see the chapter). Stray loops are cut lazily; each request
    gets at most ``call_limit`` seconds.

    A heuristic for boards that have a solution: the windows cannot prove that a
    board has none. What it can refuse, it refuses first: with ``fill=True`` the rules
    (:func:`~helper.numberlink.rules.refute`) find a local impossibility, and when
    routing fails the SAT model with empty cells allowed may prove that there is no
    solution at all. With ``fill=False`` the start is the answer.

    Args:
        stats: if a dict is given, it receives ``better`` and ``sideways`` (windows
            that made the number of empty cells smaller, or only moved one),
            ``rounds`` (SAT calls) and ``cuts`` (loops cut).

    Raises:
        ValueError: ``time_limit`` is not a number of seconds above 0.
        Unsolvable: the rules or the SAT model proved that there is no solution.
        SolverTimeout: ``time_limit`` seconds were not enough; ``best`` holds the lines
            reached so far (a solution with empty cells allowed).
    """
    deadline = Deadline(check_time_limit(time_limit))
    rng = np.random.default_rng(seed)
    if not puzzle.pairs:
        return without_pairs(puzzle)
    if start is None:
        if puzzle.fill:  # the windows cannot prove that a cell stays empty: the rules
            refute(puzzle, deadline)  # refute what is impossible for a local reason
        start = route_greedily(puzzle, seed=seed, deadline=deadline)
        if len(start) < puzzle.pairs:
            found = solutions_sat(
                Numberlink(puzzle.board, fill=False),
                limit=1,
                shortcut_free=True,
                time_limit=deadline.check("the start of the window search"),
            )
            if not found:
                raise Unsolvable(
                    "the board has no solution, even with empty cells allowed"
                )
            start = found[0]
    if not puzzle.fill:
        return start
    moves = {"better": 0, "sideways": 0, "rounds": 0, "cuts": 0}
    paths = _repair(puzzle, start, deadline, rng, window, call_limit, moves)
    if stats is not None:
        stats.update(moves)
    return paths


def _repair(
    puzzle: Numberlink,
    start: Paths,
    deadline: Deadline,
    rng: np.random.Generator,
    window: tuple[int, int],
    call_limit: float,
    moves: dict[str, int],
) -> Paths:
    """The repair loop of :func:`solve_lns`: windows until no cell is empty."""
    board = puzzle.board
    h, w = board.shape
    try:
        model = sat_model(board, fill=False, deadline=deadline)
        for r, c in np.ndindex(h - 1, w - 1):  # the smallest loops, cut in advance
            square = square_links(r, c)
            if all(key in model.link for key in square):
                model.clauses.append([-model.link[key] for key in square])
        solver = loaded_solver(model.clauses, deadline)
    except SolverTimeout as error:  # the start is still a fill=False answer
        raise SolverTimeout(str(error), best=dict(start)) from None
    on = set(links_of(start))
    covered = {cell for path in start.values() for cell in path}
    size = window[0]
    with solver:
        while True:
            empty = [cell for cell in model.used if cell not in covered]
            if not empty:
                paths, loops = trace(board, on)
                assert not loops, "only loop-free states are accepted"
                return paths
            if deadline.remaining() <= 0:
                raise SolverTimeout(
                    f"window search stopped after {deadline.seconds:.1f} s with "
                    f"{len(empty)} empty cells left",
                    best=trace(board, on)[0],
                )
            target, box = _choose_window(board.shape, empty, covered, size, rng)
            seconds = min(call_limit, deadline.remaining())
            move, on, covered = _repair_window(
                solver,
                model,
                board,
                on,
                covered,
                target,
                box,
                seconds,
                moves,
                deadline,
            )
            if move:
                moves[move] += 1
            if move == "better" or size >= window[1]:
                size = window[0]
            else:
                size += 1


#: A square window of the board: ``(top row, left column, size)``.
Window = tuple[int, int, int]


def _choose_window(
    shape: tuple[int, int],
    empty: list[Cell],
    covered: set[Cell],
    size: int,
    rng: np.random.Generator,
) -> tuple[Cell, Window]:
    """Window choice: an empty cell next to a line, and a window around it.

    The cell is any empty cell when none is next to a line; the window is ``size``
    cells wide and lies inside the board.
    """
    h, w = shape
    next_to_line = [
        (r, c)
        for r, c in empty
        if {(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)} & covered
    ]
    candidates = next_to_line or empty
    target = candidates[int(rng.integers(len(candidates)))]
    top = int(np.clip(target[0] - rng.integers(size), 0, max(0, h - size)))
    left = int(np.clip(target[1] - rng.integers(size), 0, max(0, w - size)))
    return target, (top, left, size)


def _inside(window: Window, cell: Cell) -> bool:
    """True when ``cell`` lies in ``window``."""
    top, left, size = window
    return top <= cell[0] < top + size and left <= cell[1] < left + size


def _repair_window(
    solver: Solver,
    model: SatModel,
    board: np.ndarray,
    on: set[Link],
    covered: set[Cell],
    target: Cell,
    window: Window,
    time_limit: float,
    moves: dict[str, int],
    deadline: Deadline,
) -> tuple[str | None, set[Link], set[Cell]]:
    """Rebuild the lines inside one window so that ``target`` is used.

    Links outside the window keep their values and used cells outside stay used (both
    as assumptions). First ask for fewer empty cells in the window than now, then for
    as many; each request is a cardinality constraint that holds only while a fresh
    switch literal is assumed, and the switch is turned off for good afterwards. Stray
    loops are cut lazily, at most ``time_limit`` seconds per request and never past
    ``deadline``.

    Returns:
        ``(move, on, covered)``: ``"better"``, ``"sideways"`` or ``None`` (nothing
        found, the state unchanged), and the links and cells in use after the move.
    """
    outside = [
        key
        for key in model.link
        if not _inside(window, key[:2]) and not _inside(window, key[2:])
    ]
    fixed = [model.link[key] if key in on else -model.link[key] for key in outside]
    fixed += [
        u
        for cell, u in model.used.items()
        if cell in covered and not _inside(window, cell)
    ]
    cells = [cell for cell in model.used if _inside(window, cell)]
    empty_inside = sum(cell not in covered for cell in cells)
    accepted: list[Paths] = []
    cuts = loop_cuts(board, model.link, accepted)
    for bound, move in ((empty_inside - 1, "better"), (empty_inside, "sideways")):
        card = CardEnc.atmost(
            [-model.used[cell] for cell in cells],
            bound=bound,
            vpool=model.pool,
            encoding=EncType.seqcounter,
        )
        switch = model.pool.id()  # the window's clauses hold only while it is assumed
        for clause in card.clauses:
            solver.add_clause([-switch, *clause])
        assumptions = [*fixed, switch, model.used[target]]
        try:
            seconds = min(time_limit, deadline.check("the window search"))
            found = solve_lazily(
                solver, cuts, seconds, assumptions=assumptions, stats=moves
            )
        except SolverTimeout:  # not found in time: try something else
            found = None
        solver.add_clause([-switch])  # retire this window's cardinality clauses
        if found is not None:
            cells_now = {cell for path in accepted[-1].values() for cell in path}
            return move, set(links_on(found, model.link)), cells_now
    return None, on, covered
