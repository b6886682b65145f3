"""Kissat's own program, for the options that PySAT's Kissat does not take.

Hand-written plumbing. PySAT links Kissat 4.0.4 as a library and runs it with its
default options only. The package ``passagemath-kissat`` (pinned in
``requirements.txt``) ships the same solver, Kissat 4.0.4, as a program:
:func:`kissat_program` finds it, and :class:`KissatProcess` runs it on a CNF in a child
process with any options, for example ``--stable=0`` (focused mode only, one racer of
the default nonogram portfolio). Nothing waits on the child:
:meth:`KissatProcess.answer` looks without blocking, and :meth:`KissatProcess.close`
always kills and reaps it and removes its files. Without the package
:func:`kissat_program` is ``None``, and callers fall back on PySAT.
"""

from __future__ import annotations

import importlib.metadata
import math
import os
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path

__all__ = [
    "PACKAGE",
    "kissat_program",
    "write_dimacs",
    "KissatProcess",
]

#: The PyPI package that ships the program (a binary inside the wheel, no download).
PACKAGE = "passagemath-kissat"
#: Kissat's exit codes for "a model was found" and "no model exists"; 0 means that it
#: stopped at its own ``--time`` limit, anything else an error.
SATISFIABLE, UNSATISFIABLE = 10, 20


_FOUND: dict[str, Path | None] = {}


def kissat_program() -> Path | None:
    """The path of the ``kissat`` program of :data:`PACKAGE`, ``None`` without it.

    Looked up once per process.
    """
    if PACKAGE not in _FOUND:
        _FOUND[PACKAGE] = _find_program()
    return _FOUND[PACKAGE]


def _find_program() -> Path | None:
    """The program among the files that :data:`PACKAGE` installed."""
    try:
        files = importlib.metadata.files(PACKAGE) or []
    except importlib.metadata.PackageNotFoundError:
        return None
    for file in files:
        if file.name == "kissat" and file.parent.name == "bin":
            path = Path(str(file.locate()))
            if path.is_file() and os.access(path, os.X_OK):
                return path
    return None


def write_dimacs(clauses: Sequence[Sequence[int]], path: Path) -> None:
    """Write ``clauses`` to ``path`` in DIMACS CNF, the text format of SAT solvers.

    The header names the largest variable, which Kissat checks.
    """
    literals = (abs(literal) for clause in clauses for literal in clause)
    variables = max(literals, default=0)
    with open(path, "w") as file:
        file.write(f"p cnf {variables} {len(clauses)}\n")
        file.writelines(" ".join(map(str, clause)) + " 0\n" for clause in clauses)


class KissatProcess:
    """Kissat's program on ``clauses`` in a child process, with ``options``.

    ``time_limit`` (seconds) is also passed to Kissat as ``--time``, rounded up, so
    that the child stops by itself should this process die without closing it; the
    caller still kills it at its own deadline with :meth:`close`.

    Raises:
        FileNotFoundError: there is no program (see :func:`kissat_program`).
    """

    def __init__(
        self,
        clauses: Sequence[Sequence[int]],
        options: Sequence[str] = (),
        time_limit: float | None = None,
        program: Path | None = None,
    ) -> None:
        program = program or kissat_program()
        if program is None:
            raise FileNotFoundError(f"no kissat program: pip install {PACKAGE}")
        self._folder = tempfile.mkdtemp(prefix="kissat-")
        self.process: subprocess.Popen | None = None
        self._output = None
        try:
            formula = Path(self._folder) / "formula.cnf"
            write_dimacs(clauses, formula)
            self._output = open(Path(self._folder) / "output.txt", "w+")
            command = [str(program), "-q", *options]
            if time_limit is not None:
                command.append(f"--time={max(1, math.ceil(time_limit))}")
            self.process = subprocess.Popen(
                [*command, str(formula)],
                stdin=subprocess.DEVNULL,
                stdout=self._output,
                stderr=subprocess.STDOUT,
            )
        except BaseException:
            self.close()
            raise

    def answer(self, wait: float = 0.0) -> tuple | None:
        """``None`` while Kissat works; then ``("sat", model)``, ``("unsat", None)``
        or ``("died", reason)``. ``model`` is PySAT's list of literals.

        Waits at most ``wait`` seconds for the child to finish.
        """
        try:
            code = self.process.wait(timeout=wait) if wait > 0 else self.process.poll()
        except subprocess.TimeoutExpired:
            return None
        if code is None:
            return None
        if code == SATISFIABLE:
            return ("sat", self._model())
        if code == UNSATISFIABLE:
            return ("unsat", None)
        return ("died", f"kissat stopped with exit code {code}")

    def _model(self) -> list[int]:
        """The literals of Kissat's ``v`` lines, without the closing 0."""
        self._output.seek(0)
        literals = []
        for line in self._output:
            if line.startswith("v "):
                literals += [int(word) for word in line[2:].split() if word != "0"]
        return literals

    def close(self) -> None:
        """Kill the child if it still runs, reap it, remove its files."""
        if self.process is not None:
            if self.process.poll() is None:
                self.process.kill()
            self.process.wait()
        if self._output is not None:
            self._output.close()
        shutil.rmtree(self._folder, ignore_errors=True)

    def __enter__(self) -> KissatProcess:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
