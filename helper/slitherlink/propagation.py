"""Hand-written: the chapter's solver by hand: propagation, union-find, backtracking.

This is a search engine, not a model: the chapter *Slitherlink* states its three rules
in words and shows their code from here with :func:`helper.show.show_source`, so that
the book and the package hold one copy. It uses no solver library.

:class:`EdgeState` keeps one state per edge (``UNKNOWN``, ``ON``, ``OFF``) and the
counters the rules read; :func:`solve_propagation` is a depth-first search over such
states, :func:`propagate` runs the rules alone (for the chapter's pictures), and
:func:`difficulty` rates a puzzle by what the rules decide, alone or with one-step
probing (:func:`_probe`).
"""

from __future__ import annotations

from collections.abc import Callable

from helper import Deadline, Unsolvable
from helper.dispatch import check_time_limit
from helper.grid import Link, Point
from helper.slitherlink.lattice import Lattice
from helper.slitherlink.puzzle import Slitherlink

__all__ = [
    "UNKNOWN",
    "ON",
    "OFF",
    "Contradiction",
    "EdgeState",
    "propagate",
    "branch_reading_order",
    "branch_path_end",
    "BRANCHING",
    "solve_propagation",
    "difficulty",
]

#: Edge state: not decided yet.
UNKNOWN = 0
#: Edge state: on the loop.
ON = 1
#: Edge state: not on the loop.
OFF = -1
#: How many queued cells (or points) :meth:`EdgeState.propagate` works through between
#: two looks at the clock when it has a deadline.
CHUNK = 4096


class Contradiction(Exception):
    """A rule found that the current edge states cannot be completed to a solution."""


def _hold_back(queue: list[int]) -> list[int]:
    """Take all but the last ``CHUNK`` items off ``queue`` and return them."""
    if len(queue) <= CHUNK:
        return []
    backlog = queue[:-CHUNK]
    del queue[:-CHUNK]
    return backlog


class EdgeState:
    """Edge states (``UNKNOWN``, ``ON``, ``OFF``) and the counters the rules read.

    ``set_edge`` records a decision and queues the cells and points it touches;
    ``propagate`` applies the enabled rules to the queued items until nothing changes.
    The rules are ``"clue"`` (a cell's clue against its sides), ``"vertex"`` (a point
    has 0 or 2 lines) and ``"loop"`` (union-find: no loop may close while other lines
    stay outside it).

    Args:
        puzzle: the puzzle whose ``clues`` the clue rule reads.
        rules: the rules to apply.
        lattice: the numbering of ``puzzle``'s board, if already made.
        deadline: read while the numbering's lists are made (seconds on a big board).
    """

    def __init__(
        self,
        puzzle: Slitherlink,
        rules: tuple[str, ...] = ("clue", "vertex", "loop"),
        lattice: Lattice | None = None,
        deadline: Deadline | None = None,
    ) -> None:
        self.lattice = lattice or Lattice(puzzle.height, puzzle.width)
        lat = self.lattice
        lat.lists(deadline)
        self.rules = frozenset(rules)
        self.clues = puzzle.clues.ravel().tolist()
        self.value = [UNKNOWN] * len(lat.edge_ends)
        self.unknown = len(self.value)
        self.cell_on = [0] * len(lat.cell_edges)
        self.cell_unknown = [4] * len(lat.cell_edges)
        self.point_on = [0] * len(lat.points)
        self.point_unknown = list(map(len, lat.point_edges))
        self.total_on = 0
        # Union-find over points: each component of ON edges is a path (or the final
        # loop). At its root we keep the number of ON edges and the path's two ends.
        self.parent = list(range(len(lat.points)))
        self.size = [0] * len(lat.points)
        self.end_a = list(range(len(lat.points)))
        self.end_b = list(range(len(lat.points)))
        self.open_ends: set[int] = set()  # points with exactly one ON edge
        self.cell_queue = list(range(len(lat.cell_edges)))
        self.point_queue = list(range(len(lat.points)))

    #: The list attributes that :meth:`copy` duplicates (the rest are shared).
    _LISTS = (
        "value", "cell_on", "cell_unknown", "point_on", "point_unknown", "parent",
        "size", "end_a", "end_b", "cell_queue", "point_queue",
    )  # fmt: skip

    def copy(self) -> EdgeState:
        """An independent copy, for one branch of the search."""
        new = object.__new__(EdgeState)
        new.__dict__.update(self.__dict__)
        for name in self._LISTS:
            setattr(new, name, list(getattr(self, name)))
        new.open_ends = set(self.open_ends)
        return new

    def find(self, v: int) -> int:
        """The root of ``v``'s component (with path halving)."""
        parent = self.parent
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    def set_edge(self, e: int, state: int) -> None:
        """Decide edge ``e``; :class:`Contradiction` if it was decided otherwise."""
        old = self.value[e]
        if old == state:
            return
        if old != UNKNOWN:
            raise Contradiction
        self.value[e] = state
        self.unknown -= 1
        lat = self.lattice
        for cell in lat.edge_cells[e]:
            self.cell_unknown[cell] -= 1
            self.cell_queue.append(cell)
        for v in lat.edge_ends[e]:
            self.point_unknown[v] -= 1
            self.point_queue.append(v)
        if state == ON:
            self.total_on += 1
            for cell in lat.edge_cells[e]:
                self.cell_on[cell] += 1
            for v in lat.edge_ends[e]:
                self.point_on[v] += 1
                if self.point_on[v] == 1:
                    self.open_ends.add(v)
                else:
                    self.open_ends.discard(v)
            if "loop" in self.rules:
                self._join(e)

    def _join(self, e: int) -> None:
        """The union-find rule, run when edge ``e`` turns ON."""
        u, v = self.lattice.edge_ends[e]
        ru, rv = self.find(u), self.find(v)
        if ru == rv:  # e closes a loop
            if self.size[ru] + 1 != self.total_on:
                raise Contradiction  # ... but other lines stay outside it
            self.size[ru] += 1
            # The loop is complete: nothing else is drawn.
            for f, state in enumerate(self.value):
                if state == UNKNOWN:
                    self.set_edge(f, OFF)
            return
        # The far ends of u's path and of v's path.
        a = self.end_b[ru] if self.end_a[ru] == u else self.end_a[ru]
        b = self.end_b[rv] if self.end_a[rv] == v else self.end_a[rv]
        if self.size[ru] < self.size[rv]:
            ru, rv = rv, ru
        self.parent[rv] = ru
        self.size[ru] += self.size[rv] + 1
        self.end_a[ru], self.end_b[ru] = a, b
        # Early-loop rule: the edge joining the two ends would close this path into a
        # loop. While other lines exist outside the path, that loop cannot be the
        # answer.
        closing = self.lattice.edge_joining(a, b)
        if (
            closing is not None
            and self.value[closing] == UNKNOWN
            and self.total_on > self.size[ru]
        ):
            self.set_edge(closing, OFF)

    def _cell_rule(self, cell: int) -> None:
        """The clue rule for one cell: its clue against its sides on and undecided."""
        clue = self.clues[cell]
        if clue < 0:
            return
        on, unknown = self.cell_on[cell], self.cell_unknown[cell]
        if on > clue or on + unknown < clue:
            raise Contradiction
        if unknown and (on == clue or on + unknown == clue):
            state = OFF if on == clue else ON
            for e in self.lattice.cell_edges[cell]:
                if self.value[e] == UNKNOWN:
                    self.set_edge(e, state)

    def _point_rule(self, v: int) -> None:
        """The vertex rule for one point: 0 or 2 of its edges are on."""
        on, unknown = self.point_on[v], self.point_unknown[v]
        if on > 2 or (on == 1 and unknown == 0):
            raise Contradiction
        if unknown == 0 or (on == 0 and unknown > 1) or (on == 1 and unknown > 1):
            return
        # on == 2: the rest are OFF; on == 1 with one unknown: it is ON; on == 0 with
        # one unknown: it is OFF.
        state = ON if on == 1 else OFF
        for e in self.lattice.point_edges[v]:
            if self.value[e] == UNKNOWN:
                self.set_edge(e, state)

    def propagate(self, deadline: Deadline | None = None) -> None:
        """Apply the enabled rules until no queued cell or point changes anything.

        With a ``deadline``, a long queue (the whole board, at the root of a big one)
        is worked through ``CHUNK`` items at a time, in the same order, and the
        clock is read between chunks.
        """
        cells, points = self.cell_queue, self.point_queue
        held_cells: list[int] = []
        held_points: list[int] = []
        if deadline is not None:
            held_cells, held_points = _hold_back(cells), _hold_back(points)
        clue_rule = self._cell_rule if "clue" in self.rules else _skip
        vertex_rule = self._point_rule if "vertex" in self.rules else _skip
        while cells or points:
            _drain(cells, held_cells, clue_rule, deadline)
            _drain(points, held_points, vertex_rule, deadline)

    def edges(self, state: int) -> list[Link]:
        """The edges now in ``state``, as links (for plotting)."""
        links = self.lattice.links
        return [links[e] for e, s in enumerate(self.value) if s == state]


def _skip(_item: int) -> None:
    """A rule that is switched off."""


def _drain(
    queue: list[int],
    backlog: list[int],
    rule: Callable[[int], None],
    deadline: Deadline | None,
) -> None:
    """Apply ``rule`` to the queue's items, last first, then to the backlog's."""
    while True:
        while queue:
            rule(queue.pop())
        if not backlog:
            return
        deadline.check("propagating the rules")
        queue.extend(backlog[-CHUNK:])
        del backlog[-CHUNK:]


def propagate(
    puzzle: Slitherlink, rules: tuple[str, ...] = ("clue", "vertex", "loop")
) -> EdgeState:
    """Run only the propagation rules (no search) and return the edge states.

    Raises:
        Unsolvable: when the rules alone already find a contradiction.
    """
    state = EdgeState(puzzle, rules)
    try:
        state.propagate()
    except Contradiction:
        raise Unsolvable("propagation found a contradiction") from None
    return state


def branch_reading_order(state: EdgeState) -> int:
    """The first undecided edge by number: the search sweeps the board top down."""
    return state.value.index(UNKNOWN)


def branch_path_end(state: EdgeState) -> int:
    """The "most constrained" edge: at a path end with the fewest ways to go on."""
    value, point_unknown = state.value, state.point_unknown
    if state.open_ends:
        v = min(state.open_ends, key=point_unknown.__getitem__)
        return next(e for e in state.lattice.point_edges[v] if value[e] == UNKNOWN)
    return value.index(UNKNOWN)


#: How the hand-written search picks the edge to branch on (the chapter measures
#: both).
BRANCHING = {"reading order": branch_reading_order, "path end": branch_path_end}


def solve_propagation(
    puzzle: Slitherlink,
    *,
    time_limit: float = 10.0,
    stats: dict | None = None,
    branching: str = "reading order",
) -> list[Point]:
    """The hand-written solver: propagation, union-find and backtracking, no library.

    Depth-first search over edge states. Each node propagates the three rules; a
    contradiction drops the node; otherwise it picks an edge with
    ``BRANCHING[branching]`` and tries ON, then OFF. The clock is read at every node
    (and while the first one propagates the whole board).

    Args:
        puzzle: the puzzle.
        time_limit: seconds before :class:`helper.SolverTimeout` is raised.
        stats: if given, receives ``nodes`` (search nodes visited, also when the
            search fails) and ``decided_at_root`` (edges that propagation decided
            before the first branch).
        branching: a key of :data:`BRANCHING`.

    Returns:
        The loop as lattice points in order.

    Raises:
        Unsolvable: the search space is exhausted.
        SolverTimeout: the time limit passed first.
    """
    deadline = Deadline(check_time_limit(time_limit))
    pick = BRANCHING[branching]
    stack = [EdgeState(puzzle, deadline=deadline)]
    nodes = 0
    try:
        while stack:
            state = stack.pop()
            nodes += 1
            deadline.check("the propagation search")
            try:
                state.propagate(deadline)
            except Contradiction:
                continue
            if nodes == 1 and stats is not None:
                stats["decided_at_root"] = len(state.value) - state.unknown
            if state.unknown == 0:
                if state.total_on and not state.open_ends:
                    on = (e for e, value in enumerate(state.value) if value == ON)
                    return state.lattice.loop(on)
                continue
            e = pick(state)
            for choice, branch in ((OFF, state.copy()), (ON, state)):
                try:
                    branch.set_edge(e, choice)
                except Contradiction:
                    continue
                stack.append(branch)  # ON is pushed last, so it is explored first
    finally:
        if stats is not None:
            stats["nodes"] = nodes  # also when the search fails or runs out of time
    raise Unsolvable("the search tried every branch: no single loop fits the clues")


def _probe(state: EdgeState, deadline: Deadline) -> None:
    """One-step probing until nothing changes, deciding edges in ``state`` in place.

    For each undecided edge: assume it on and propagate; a contradiction proves it off
    (and the same the other way round). Raises :class:`Contradiction` when both fail.
    """
    changed = True
    while changed and state.unknown:
        changed = False
        for e, value in enumerate(state.value):
            if value != UNKNOWN:
                continue
            deadline.check("probing")
            for guess, other in ((ON, OFF), (OFF, ON)):
                trial = state.copy()
                try:
                    trial.set_edge(e, guess)
                    trial.propagate()
                except Contradiction:
                    state.set_edge(e, other)
                    state.propagate()
                    changed = True
                    break


def difficulty(
    puzzle: Slitherlink, *, time_limit: float = 10.0
) -> tuple[str, float]:
    """Rate a puzzle by what the chapter's human-style reasoning decides.

    Returns:
        ``(level, share)``: ``level`` is ``"logic"`` when the propagation rules alone
        (clue, vertex and loop rule) decide every edge, ``"probing"`` when one-step
        probing finishes the job, ``"search"`` otherwise; ``share`` is the fraction of
        edges the rules alone decide. A puzzle with several answers always needs
        search.

    Raises:
        Unsolvable: the reasoning proves that no loop fits.
        SolverTimeout: the rating did not finish within ``time_limit`` seconds.
    """
    deadline = Deadline(check_time_limit(time_limit))
    state = EdgeState(puzzle, deadline=deadline)
    try:
        state.propagate(deadline)
        share = 1 - state.unknown / len(state.value)
        level = "logic"
        if state.unknown:
            level = "probing"
            _probe(state, deadline)
    except Contradiction:
        raise Unsolvable("the rules prove that no single loop fits") from None
    if state.unknown:
        return "search", share
    if not state.total_on:
        raise Unsolvable("the rules cross out every edge: no loop fits")
    return level, share
