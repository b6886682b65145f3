"""Kissat's program (helper.kissat): found, right answers, killed and cleaned up.

Models are checked here by evaluating every clause, not by the solver's word.
"""

import itertools
from pathlib import Path

import numpy as np
import pytest

from helper import kissat
from helper.kissat import KissatProcess, kissat_program, write_dimacs


def _satisfies(model: list[int], clauses: list[list[int]]) -> bool:
    true = set(model)
    return all(any(literal in true for literal in clause) for clause in clauses)


def _pigeonhole(holes: int) -> list[list[int]]:
    """``holes + 1`` pigeons in ``holes`` holes: unsatisfiable and hard for CDCL."""
    var = {(p, h): p * holes + h + 1 for p in range(holes + 1) for h in range(holes)}
    clauses = [[var[p, h] for h in range(holes)] for p in range(holes + 1)]
    for h in range(holes):
        for p, q in itertools.combinations(range(holes + 1), 2):
            clauses.append([-var[p, h], -var[q, h]])
    return clauses


def test_the_program_comes_with_the_requirements():
    program = kissat_program()
    assert program is not None and program.name == "kissat"


def test_random_satisfiable_formulas_get_models_that_satisfy_them():
    rng = np.random.default_rng(3)
    for _ in range(5):
        hidden = rng.integers(0, 2, size=60)  # every clause keeps this assignment true
        clauses = []
        while len(clauses) < 200:
            variables = rng.choice(60, size=3, replace=False)
            signs = rng.choice([-1, 1], size=3)
            literals = [int(s * (v + 1)) for s, v in zip(signs, variables, strict=True)]
            if any((lit > 0) == bool(hidden[abs(lit) - 1]) for lit in literals):
                clauses.append(literals)
        with KissatProcess(clauses, time_limit=10) as run:
            kind, model = run.answer(wait=10)
        assert kind == "sat" and _satisfies(model, clauses)
        assert sorted(map(abs, model)) == list(range(1, 61))


@pytest.mark.parametrize("clauses", [[[1], [-1]], [[1, 2], []], _pigeonhole(4)])
def test_unsatisfiable_formulas_are_reported(clauses):
    with KissatProcess(clauses, time_limit=10) as run:
        assert run.answer(wait=10) == ("unsat", None)


def test_options_reach_the_program():
    with KissatProcess([[1, 2]], ["--no-such-option=1"], time_limit=10) as run:
        kind, reason = run.answer(wait=10)
    assert kind == "died" and "exit code" in reason


def test_close_kills_a_running_search_and_removes_its_files():
    run = KissatProcess(_pigeonhole(14), ["--stable=0"], time_limit=60)
    assert run.answer(wait=0.3) is None  # far from done
    folder = Path(run._folder)
    assert (folder / "formula.cnf").exists()
    run.close()
    assert run.process.returncode is not None  # reaped
    assert not folder.exists()


def test_the_header_names_the_largest_variable(tmp_path):
    write_dimacs([[1, -7], [3]], tmp_path / "f.cnf")
    assert (tmp_path / "f.cnf").read_text() == "p cnf 7 2\n1 -7 0\n3 0\n"


def test_without_the_program_the_error_names_the_package(monkeypatch):
    monkeypatch.setattr(kissat, "kissat_program", lambda: None)
    with pytest.raises(FileNotFoundError, match="passagemath-kissat"):
        KissatProcess([[1]])
