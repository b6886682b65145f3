"""How hard a puzzle is for a person: one-step probing on top of the rules.

Hand-written: the chapter *Numberlink: making, rating and sharing puzzles* (section *How
hard is it?*) defines the levels and what probing does, and shows :func:`probe` with
``show_source``; the rules it builds on are those of :mod:`helper.numberlink.rules`.
"""

from __future__ import annotations

from helper import Deadline, SolverTimeout
from helper.dispatch import check_time_limit
from helper.numberlink.puzzle import Numberlink
from helper.numberlink.rules import propagate
from helper.numberlink.state import Contradiction, Reasoning, State

__all__ = ["difficulty", "probe"]


def difficulty(puzzle: Numberlink, *, time_limit: float = 10.0) -> tuple[str, float]:
    """How far human-style reasoning gets on ``puzzle``: ``(level, share)``.

    ``level`` is ``"logic"`` when the rules alone
    (:func:`~helper.numberlink.rules.propagate` with no touching and, for
    ``fill=True``, the corner rule) decide every cell, ``"probing"`` when
    :func:`probe` finishes it within ``time_limit`` seconds (for the whole call), and
    ``"search"`` otherwise. ``share`` is the fraction of the cells without a number
    that the rules alone decide. Meant for puzzles with one solution (the rules
    assume it).

    Raises:
        ValueError: ``time_limit`` is not a number of seconds above 0.
        helper.Unsolvable: the rules or probing proved that no solution exists (under
            their assumptions).
        helper.SolverTimeout: the rules alone did not finish within ``time_limit``.
    """
    deadline = Deadline(check_time_limit(time_limit))
    reasoning = Reasoning(no_touch=True, corner=puzzle.fill)
    state = propagate(State(puzzle, deadline), reasoning, deadline)
    share = state.share()
    if share == 1.0:
        return "logic", share
    probe(state, reasoning, deadline)
    solved = all(state.decided(i) for i in range(len(state.piece)))
    return ("probing" if solved else "search"), share


def probe(state: State, reasoning: Reasoning, deadline: Deadline) -> State:
    """One-step probing (in place): cross out each piece whose trial propagates to a
    contradiction, until nothing changes or ``deadline`` passes.

    Raises:
        helper.numberlink.state.Contradiction: every piece of some cell fails.
    """
    changed = True
    while changed:
        changed = False
        for i in range(len(state.piece)):
            if state.decided(i):
                continue
            for m in range(16):
                if not state.piece[i] >> m & 1 or deadline.remaining() <= 0:
                    continue
                trial = state.copy()
                try:
                    trial.keep(i, 1 << m)
                    propagate(trial, reasoning, deadline)
                except Contradiction:
                    state.keep(i, ~(1 << m))
                    propagate(state, reasoning)
                    changed = True
                except SolverTimeout:
                    return state
    return state
