"""Scrambled Lights Out boards, and boards whose fewest-press answer is unique.

Hand-written: the chapter explains the idea (press random switches of a dark board,
so every board is solvable and the presses are one answer) and shows the loop that
draws boards with :func:`helper.show.show_source`; the code lives here once, with
its own tests (``tests/test_switches.py``).
"""

from __future__ import annotations

import numpy as np

import helper.switches.fewest as fewest
from helper import Deadline
from helper.dispatch import check_cells, check_time_limit
from helper.inputs import exact_int
from helper.switches.gf2 import eliminate
from helper.switches.puzzle import Switches, lights_out_puzzle

__all__ = ["generate", "UNIQUE_FEWEST_TRIES"]

#: How many boards ``generate(..., unique_fewest=True)`` draws before it gives up.
UNIQUE_FEWEST_TRIES = 100


def _scrambled(dark: Switches, presses: np.ndarray) -> Switches:
    """The board that ``presses`` (a 0/1 grid) makes from the dark board ``dark``."""
    pressed = presses.ravel()
    board = pressed.copy()  # a press flips its own light ...
    number = {name: i for i, name in enumerate(dark.nodes)}
    wires = [(number[a], number[b]) for a, b in dark.edges]
    a, b = np.array(wires, dtype=np.int64).reshape(-1, 2).T
    np.bitwise_xor.at(board, a, pressed[b])  # ... and the lights wired to it
    np.bitwise_xor.at(board, b, pressed[a])
    lit = [dark.nodes[i] for i in np.flatnonzero(board)]
    return Switches(dark.nodes, lit, dark.edges)  # = lights_out_puzzle(board, ...)


def _side(value: object, what: str) -> int:
    """``value`` as a board side: an exact integer of at least 1, else ValueError."""
    side = exact_int(value, what)
    if side < 1:
        raise ValueError(f"{what} must be at least 1, not {side}")
    return side


def generate(
    height: int,
    width: int,
    *,
    seed: int = 0,
    torus: bool = False,
    unique_fewest: bool = False,
    time_limit: float = 60.0,
) -> Switches:
    """A solvable Lights Out puzzle: press each switch of a dark board with chance 1/2.

    The lights that are on after the random presses are the lights to flip, so the
    puzzle has an answer (and ``2**nullity`` in all). With ``unique_fewest=True`` the
    generator draws boards until the answer with the fewest presses is unique; the
    first board it draws is the one ``unique_fewest=False`` returns.

    Args:
        height: the number of rows.
        width: the number of columns.
        seed: seed of ``numpy.random.default_rng``, so that the board can be re-made.
        torus: wire around the edges (as in
            :func:`~helper.switches.puzzle.lights_out_puzzle`).
        unique_fewest: return only a board whose fewest-press answer is unique.
        time_limit: seconds for the checks of ``unique_fewest``.

    Returns:
        The puzzle, as :func:`~helper.switches.puzzle.lights_out_puzzle` makes it.

    Raises:
        ValueError: a side is not a whole number of at least 1; the board has more
            than :data:`helper.dispatch.MAX_CELLS` cells; ``time_limit`` is not a
            finite number of seconds above 0; or, with ``unique_fewest``, no board of
            :data:`UNIQUE_FEWEST_TRIES` had a unique fewest-press answer.
        helper.SolverTimeout: the checks did not finish within ``time_limit``.
    """
    height, width = _side(height, "height"), _side(width, "width")
    check_cells(height, width, "the board")
    deadline = Deadline(check_time_limit(time_limit))
    rng = np.random.default_rng(seed)
    dark = lights_out_puzzle(np.zeros((height, width), dtype=np.uint8), torus=torus)
    if not unique_fewest:
        return _scrambled(dark, rng.integers(0, 2, (height, width), dtype=np.uint8))
    _, kernel, _ = eliminate(dark, kernel=True, deadline=deadline)  # once per size
    for _ in range(UNIQUE_FEWEST_TRIES):
        presses = rng.integers(0, 2, (height, width), dtype=np.uint8)
        answer = sum(1 << i for i, p in enumerate(presses.ravel().tolist()) if p)
        if fewest.count(answer, kernel, 2, deadline)[1] == 1:  # no elimination
            return _scrambled(dark, presses)
    raise ValueError(
        f"no {height}x{width}{' torus' if torus else ''} board of "
        f"{UNIQUE_FEWEST_TRIES} drawn had a unique fewest-press answer "
        f"(nullity {len(kernel)}: {2 ** len(kernel)} answers per board)"
    )
