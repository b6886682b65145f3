"""The book's default method and the other staged methods: stage 1, then stage 2.

Hand-written: the chapter *Numberlink at scale: long lines, search and the portfolio*
argues for this design (two stages, every assumption a switch, a portfolio chosen by
measurement) and shows the code with ``show_source``. This is the path
``helper.numberlink.solve(puzzle)`` takes; read it top to bottom:

1. :func:`solve_portfolio` (the method ``"portfolio"``, the default) looks for a
   full-cover solution in which no line touches itself (:func:`full_cover`: the
   backtracking of :mod:`helper.numberlink.backtrack` briefly on small boards, then
   the cached corner SAT model of :mod:`helper.numberlink.corner`). Such an answer is
   valid under both rule sets, and it exists for every designed puzzle.
   With ``fill=False``, when that search proves that no answer uses every cell, the
   ladder of :func:`helper.numberlink.holes.solve_few_holes` looks for an answer
   without touching that leaves the fewest cells empty.
2. If there is none, or the switches forbid the assumption, :func:`solve_auto` (the
   method ``"auto"``) decides: the plain SAT model
   (:func:`helper.numberlink.sat_search.solve_sat`) first, which alone can prove a
   board unsolvable, then greedy routing and window repair
   (:mod:`helper.numberlink.repair`) for boards with long lines.

``"sat-corner"`` and ``"backtrack"`` are the same two stages with one stage-1 search.
"""

from __future__ import annotations

from helper import Deadline, SolverTimeout
from helper.dispatch import check_time_limit
from helper.numberlink.backtrack import search_full_cover
from helper.numberlink.corner import full_cover_sat
from helper.numberlink.holes import solve_few_holes
from helper.numberlink.puzzle import Numberlink, Paths, without_pairs
from helper.numberlink.repair import route_greedily, solve_lns
from helper.numberlink.sat_search import solve_sat

__all__ = [
    "solve_portfolio",
    "full_cover",
    "solve_auto",
    "solve_sat_corner",
    "solve_backtrack",
    "STAGE_ONE",
    "PORTFOLIO_CELLS",
    "PORTFOLIO_SECONDS",
]

#: The searches stage 1 can use (see :func:`full_cover`).
STAGE_ONE = ("portfolio", "sat", "backtrack")
#: The portfolio tries the backtracking first on boards of up to this many cells ...
PORTFOLIO_CELLS = 500
#: ... for at most this many seconds, before the cached SAT model takes over.
PORTFOLIO_SECONDS = 0.15


def solve_portfolio(
    puzzle: Numberlink,
    *,
    time_limit: float = 10.0,
    assume_unique: bool = True,
    assume_full_cover: bool = True,
    full_cover_share: float = 0.8,
    holes_share: float = 0.7,
    stats: dict | None = None,
    first: str = "portfolio",
) -> Paths:
    """The book's default: stage 1 (a full-cover solution without touching), then the
    complete stage (:func:`solve_auto`), within one time limit.

    Args:
        puzzle: the puzzle.
        time_limit: seconds for both stages together.
        assume_unique: with ``fill=True``, look for a full-cover solution in which no
            line touches itself first (true for a puzzle with one solution under
            Nikoli's rules that uses every cell). False: the complete stage only.
        assume_full_cover: with ``fill=False``, look for a full-cover solution first
            (valid under both rule sets). False: the complete stage only.
        full_cover_share: with ``fill=False``, the share of ``time_limit`` that stage 1
            may use.
        holes_share: with ``fill=False``, when stage 1 proved that no answer uses
            every cell: the share of the time left that the ladder of
            :func:`helper.numberlink.holes.solve_few_holes` may use, first assuming
            (as a puzzle with one solution allows) that no line can take a detour or
            cut a corner, then without. 0: no ladder (the complete stage at once, as
            before the ladder existed).
        stats: if given, receives ``stage`` and the effort (``conflicts``, ``nodes``).
        first: the stage-1 search, one of :data:`STAGE_ONE` (see :func:`full_cover`).

    Raises:
        ValueError: ``time_limit`` is not a number of seconds above 0, or ``first`` is
            not in :data:`STAGE_ONE`.
        Unsolvable: the complete stage proved that there is no solution.
        SolverTimeout: ``time_limit`` seconds were not enough.
    """
    deadline = Deadline(check_time_limit(time_limit))
    if first not in STAGE_ONE:
        raise ValueError(f"first must be one of {STAGE_ONE}, not {first!r}")
    stats = {} if stats is None else stats
    if not puzzle.board.any():  # no numbers (cheaper than counting the pairs)
        return without_pairs(puzzle)
    if assume_unique if puzzle.fill else assume_full_cover:
        share = 1.0 if puzzle.fill else full_cover_share
        try:
            stage_one = Deadline(deadline.remaining() * share)
            found = full_cover(puzzle, stage_one, first, stats)
        except SolverTimeout:
            if puzzle.fill:
                raise
            found = None  # the complete stage gets the rest of the time
        if found is not None:
            stats["stage"] = "full cover"
            return found
        if not puzzle.fill and holes_share > 0 and stage_one.remaining() > 0:
            found = _few_holes(puzzle, deadline, holes_share, stats)
            if found is not None:
                stats["stage"] = "few holes"
                return found
    stats["stage"] = "complete"
    try:
        return solve_auto(puzzle, time_limit=deadline.check("the complete stage"))
    except SolverTimeout as error:  # name the caller's limit, not the stage's
        raise SolverTimeout(
            f"time limit of {time_limit:.3g} s reached in the complete stage: {error}",
            best=error.best,
        ) from None


def _few_holes(
    puzzle: Numberlink, deadline: Deadline, share: float, stats: dict
) -> Paths | None:
    """Stage 1 for a board that no full cover solves: an answer without touching that
    leaves the fewest cells empty, or None (the ladders found none, or ran out of
    their time).

    The ladder that assumes one solution (no detour, no corner to cut) goes first: on
    a board with one solution it is the fastest, and elsewhere it soon finds nothing.
    Then the ladder without that assumption.
    """
    for no_detour in (True, False):
        try:
            found = solve_few_holes(
                puzzle,
                time_limit=deadline.check("the ladder") * share,
                no_detour=no_detour,
                stats=stats,
            )
        except SolverTimeout:
            continue
        if found is not None:
            return found
    return None


def full_cover(
    puzzle: Numberlink,
    deadline: Deadline,
    first: str = "portfolio",
    stats: dict | None = None,
) -> Paths | None:
    """Stage 1: a solution that uses every cell and in which no line touches itself,
    or None: there is no such solution (which proves nothing about other solutions).

    Args:
        first: ``"backtrack"`` (:func:`~helper.numberlink.backtrack.search_full_cover`),
            ``"sat"`` (:func:`~helper.numberlink.corner.full_cover_sat`), or
            ``"portfolio"``: the backtracking for at most :data:`PORTFOLIO_SECONDS` on
            boards of at most :data:`PORTFOLIO_CELLS` cells, then the SAT model.
        stats: if given, the effort (``nodes``, ``conflicts``) is added to it.

    Raises:
        SolverTimeout: ``deadline`` passed.
    """
    if first == "backtrack":
        return search_full_cover(puzzle.board, deadline, stats)
    if first == "portfolio" and puzzle.board.size <= PORTFOLIO_CELLS:
        try:
            quick = Deadline(min(deadline.remaining(), PORTFOLIO_SECONDS))
            return search_full_cover(puzzle.board, quick, stats)
        except SolverTimeout:
            pass
    return full_cover_sat(puzzle, deadline, stats)


def solve_auto(
    puzzle: Numberlink,
    *,
    time_limit: float = 10.0,
    sat_first: float = 2.0,
    seed: int = 0,
) -> Paths:
    """The complete stage: the SAT model first, then routing and window repair.

    1. :func:`~helper.numberlink.sat_search.solve_sat` for at most ``sat_first``
       seconds. It solves most boards, and it is the only step that can prove a board
       unsolvable.
    2. If it runs out of time: :func:`~helper.numberlink.repair.route_greedily`. If
       every pair is joined, that is the answer for ``fill=False``; for ``fill=True``,
       :func:`~helper.numberlink.repair.solve_lns` repairs it until every cell is used.
    3. If routing leaves pairs cut off: the SAT model again, for the rest of the time.

    Raises:
        ValueError: ``time_limit`` is not a number of seconds above 0.
        Unsolvable: the SAT model proved that there is no solution.
        SolverTimeout: ``time_limit`` seconds were not enough.
    """
    deadline = Deadline(check_time_limit(time_limit))
    try:
        return solve_sat(puzzle, time_limit=min(deadline.check("SAT"), sat_first))
    except SolverTimeout:
        pass
    routed = route_greedily(puzzle, seed=seed, deadline=deadline)
    if len(routed) == puzzle.pairs:
        return solve_lns(
            puzzle,
            time_limit=deadline.check("the window search"),
            seed=seed,
            start=routed,
        )
    return solve_sat(puzzle, time_limit=deadline.check("the SAT model"))


def solve_sat_corner(
    puzzle: Numberlink, *, time_limit: float = 10.0, **switches
) -> Paths:
    """:func:`solve_portfolio` with the cached corner SAT model as stage 1.

    ``switches``: ``assume_unique``, ``assume_full_cover``, ``full_cover_share`` and
    ``stats``, as in :func:`solve_portfolio`.
    """
    return solve_portfolio(puzzle, time_limit=time_limit, first="sat", **switches)


def solve_backtrack(
    puzzle: Numberlink, *, time_limit: float = 10.0, **switches
) -> Paths:
    """:func:`solve_portfolio` with the backtracking search as stage 1.

    ``switches``: as in :func:`solve_sat_corner`.
    """
    return solve_portfolio(puzzle, time_limit=time_limit, first="backtrack", **switches)
