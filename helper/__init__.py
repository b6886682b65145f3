"""The shared package of *Puzzles with Constraint Solvers*.

Most modules here are **generated** from the chapter notebooks: a code cell that starts
with ``#@save <module>`` is copied into ``helper/<module>.py`` by
``python -m helper.export``. The notebooks stay the single source; the tests fail when a
generated module is out of date. Hand-written modules hold what no chapter teaches: the
exceptions and the deadline below, the data path helper, :mod:`helper.puzzle`,
:mod:`helper.sat`, :mod:`helper.ortools` and :mod:`helper.bench` (and, for building
the book, ``helper.notebooks`` and ``helper.export``).
"""

from __future__ import annotations

import time
from pathlib import Path

__all__ = ["Unsolvable", "SolverTimeout", "Deadline", "REPO_ROOT", "data_path"]

#: The folder that holds ``helper/``, ``data/`` and ``chapters/`` (the repository root).
#:
#: :meta hide-value:
REPO_ROOT = Path(__file__).resolve().parent.parent


class Unsolvable(ValueError):
    """The puzzle has no solution: the solver proved that no answer meets every rule.

    It is a :class:`ValueError` because the fault lies in the input, not in the program.
    """


class SolverTimeout(TimeoutError):
    """The solver hit its time limit before it found a solution or proved there is none.

    Every ``solve`` function in the book takes ``time_limit`` (seconds), so no call
    hangs forever. A search that has a partial answer when time runs out passes it on.

    Attributes:
        best: the best answer found before the limit, in the form the raising function
            documents (for example a press list that is valid but not proven fewest);
            ``None`` when there is none.
    """

    def __init__(self, message: str = "", *, best: object = None) -> None:
        super().__init__(message)
        self.best = best


class Deadline:
    """A moment after which a search stops: each ``time_limit`` becomes one.

    Make it once at the start of a search and hand it down, so that all the steps
    together (building a model, propagating, each solver call) keep to one limit.

    Args:
        seconds: the time limit, counted from now (0 or less: already passed).

    Raises:
        ValueError: ``seconds`` is not a number, or is NaN.
    """

    def __init__(self, seconds: float) -> None:
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
            raise ValueError(f"a time limit is a number of seconds, not {seconds!r}")
        if seconds != seconds:  # NaN: every comparison with it is False
            raise ValueError("a time limit cannot be NaN")
        self.seconds = seconds
        self.at = time.perf_counter() + seconds

    def remaining(self) -> float:
        """Seconds left (negative once the moment has passed)."""
        return self.at - time.perf_counter()

    def check(self, what: str = "the search") -> float:
        """Return the seconds left, or raise :class:`SolverTimeout` naming ``what``.

        Raises:
            SolverTimeout: the deadline has passed.
        """
        left = self.remaining()
        if left <= 0:
            raise SolverTimeout(
                f"time limit of {self.seconds:.3g} s reached during {what}"
            )
        return left


def data_path(name: str) -> Path:
    """Return the path of ``data/<name>``, wherever the caller runs from.

    Notebooks run from ``chapters/``, from the repository root and under the book
    build; all of them read data through this function, so none depends on the
    working folder.

    Raises:
        FileNotFoundError: the file does not exist; the message lists the files there.
    """
    path = REPO_ROOT / "data" / name
    if not path.is_file():
        folder = path.parent
        known = sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []
        raise FileNotFoundError(
            f"no data file {name!r} in {folder}; "
            f"files there: {', '.join(known) or 'none'}"
        )
    return path
