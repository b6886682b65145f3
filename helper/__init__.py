"""The shared package of *Puzzles with Constraint Solvers*.

Most modules here are **generated** from the chapter notebooks: a code cell that starts with
``#@save <module>`` is copied into ``helper/<module>.py`` by ``python -m helper.export``.
The notebooks stay the single source; ``tests/test_export.py`` fails when a generated module is
out of date. Hand-written modules hold what no chapter teaches: the exceptions below, the data
path helper, :mod:`helper.puzzle`, :mod:`helper.ortools`, :mod:`helper.bench`,
:mod:`helper.notebooks` and :mod:`helper.export`.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["Unsolvable", "SolverTimeout", "REPO_ROOT", "data_path"]

#: The folder that holds ``helper/``, ``data/`` and ``chapters/`` (the repository root).
#:
#: :meta hide-value:
REPO_ROOT = Path(__file__).resolve().parent.parent


class Unsolvable(ValueError):
    """The puzzle has no solution: the solver proved that no assignment meets every rule.

    It is a :class:`ValueError` because the fault lies in the input, not in the program.
    """


class SolverTimeout(TimeoutError):
    """The solver hit its time limit before it found a solution or proved there is none.

    Every ``solve`` function in the book takes ``time_limit`` (seconds), so no call hangs forever.
    """


def data_path(name: str) -> Path:
    """Return the path of ``data/<name>``, wherever the caller runs from.

    Notebooks run from ``chapters/``, from the repository root and under the book build; all of
    them read data through this function so that none depends on the working directory.

    Raises:
        FileNotFoundError: when the file does not exist; the message lists the files there are.
    """
    path = REPO_ROOT / "data" / name
    if not path.is_file():
        folder = path.parent
        known = sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []
        raise FileNotFoundError(
            f"no data file {name!r} in {folder}; files there: {', '.join(known) or 'none'}"
        )
    return path
