"""Part I ("Getting started"): the three chapters solve the same puzzle.

The solver behaviour their text relies on still holds: a solver upgrade that changes it
must fail here, not silently make a paragraph wrong.
"""

import ast
import itertools
import json
import re
import threading

import pytest
from ortools.sat.python import cp_model
from pysat.solvers import Solver

from helper import REPO_ROOT, SolverTimeout
from helper.ortools import get_all_solutions
from helper.sat import solve_limited

CHAPTERS = ["getting_started_z3", "getting_started_cpsat", "getting_started_pysat"]


def _code(name: str) -> str:
    cells = json.loads(
        (REPO_ROOT / "chapters" / f"{name}.ipynb").read_text(encoding="utf-8")
    )["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")


def _function(code: str, name: str) -> str:
    match = re.search(
        rf"^def {name}\(.*?(?=^\S)", code + "\nEND", re.MULTILINE | re.DOTALL
    )
    assert match, f"no function {name}"
    return match.group(0).strip()


def _puzzle(code: str) -> str:
    match = re.search(r'^PUZZLE = """(.*?)"""', code, re.MULTILINE | re.DOTALL)
    assert match, "no PUZZLE"
    return match.group(1)


def test_the_three_chapters_solve_the_same_puzzle_with_the_same_checker():
    codes = {name: _code(name) for name in CHAPTERS}
    puzzles = {name: _puzzle(code) for name, code in codes.items()}
    checkers = {name: _function(code, "check_sudoku") for name, code in codes.items()}
    assert len(set(puzzles.values())) == 1, puzzles
    assert len(set(checkers.values())) == 1


def _sudoku_grids(n: int = 4):
    """Every n x n Sudoku by brute force (independent of all three solvers)."""
    b = int(n**0.5)
    rows = list(itertools.permutations(range(1, n + 1)))
    for grid in itertools.product(rows, repeat=n):
        if all(len({grid[r][c] for r in range(n)}) == n for c in range(n)) and all(
            len({grid[br + i][bc + j] for i in range(b) for j in range(b)}) == n
            for br in range(0, n, b)
            for bc in range(0, n, b)
        ):
            yield grid


def test_the_puzzle_is_unique_and_4x4_sudoku_has_288_grids():
    text = _puzzle(_code("getting_started_z3")).split()
    clues = [[0 if ch == "." else int(ch) for ch in line] for line in text]
    grids = list(_sudoku_grids())
    assert len(grids) == 288
    matching = [
        g
        for g in grids
        if all(
            not clues[r][c] or g[r][c] == clues[r][c]
            for r in range(4)
            for c in range(4)
        )
    ]
    assert matching == [((2, 1, 3, 4), (4, 3, 1, 2), (3, 4, 2, 1), (1, 2, 4, 3))]


def test_get_all_solutions_counts_the_288_grids():
    model = cp_model.CpModel()
    cell = [[model.new_int_var(1, 4, f"c{r}{c}") for c in range(4)] for r in range(4)]
    for k in range(4):
        model.add_all_different(cell[k])
        model.add_all_different([cell[r][k] for r in range(4)])
        r0, c0 = 2 * (k // 2), 2 * (k % 2)
        model.add_all_different(
            [cell[r0 + i][c0 + j] for i in range(2) for j in range(2)]
        )
    assert (
        len(get_all_solutions(model, [v for row in cell for v in row], time_limit=30))
        == 288
    )


def test_add_circuit_allows_two_cycles_and_the_empty_circuit():
    """The CP-SAT chapter warns about both; loop models must forbid them explicitly."""
    model = cp_model.CpModel()
    arcs = []
    for i, j in [(0, 1), (1, 0), (1, 2), (2, 1)]:  # a path 0 - 1 - 2, both directions
        arcs.append((i, j, model.new_bool_var(f"a{i}{j}")))
    skips = [model.new_bool_var(f"s{i}") for i in range(3)]
    arcs += [(i, i, skips[i]) for i in range(3)]
    model.add_circuit(arcs)
    solutions = get_all_solutions(model, [lit for _, _, lit in arcs], time_limit=10)
    on_circuit = sorted(3 - sum(s[f"s{i}"] for i in range(3)) for s in solutions)
    assert on_circuit == [0, 2, 2]


def _interrupt_works(name: str) -> bool:
    with Solver(name=name, bootstrap_with=[[1, 2]]) as solver:
        try:
            solver.interrupt()
        except NotImplementedError:
            return False
        solver.clear_interrupt()
        return True


@pytest.mark.parametrize(
    "name, expected", [("cadical195", False), ("glucose4", True), ("minisat22", True)]
)
def test_which_pysat_solvers_support_interrupt(name, expected):
    assert _interrupt_works(name) is expected


def _pigeonhole(holes: int) -> list[list[int]]:
    """holes + 1 pigeons in holes, at most one per hole: small, unsatisfiable, hard."""
    clauses = [[i * holes + h + 1 for h in range(holes)] for i in range(holes + 1)]
    for h in range(holes):
        for i, j in itertools.combinations(range(holes + 1), 2):
            clauses.append([-(i * holes + h + 1), -(j * holes + h + 1)])
    return clauses


def test_a_time_limit_stops_glucose_on_a_hard_formula():
    with Solver(name="glucose4", bootstrap_with=_pigeonhole(11)) as solver:
        with pytest.raises(SolverTimeout):
            solve_limited(solver, 0.2)


def test_an_interrupt_left_set_stops_the_next_minisat_call():
    """The PySAT chapter shows why the timer pattern ends with clear_interrupt()."""
    with Solver(name="minisat22", bootstrap_with=[[1, 2], [-1, 2]]) as solver:
        solver.interrupt()
        assert solver.solve_limited(expect_interrupt=True) is None
        solver.clear_interrupt()
        assert solver.solve_limited(expect_interrupt=True) is True


def test_the_timer_pattern_the_pysat_chapter_shows_is_safe():
    """Its finally block cancels, joins, then clears; the solver stays usable."""
    source = _function(_code("getting_started_pysat"), "solve_with_time_limit")
    tree = ast.parse(source)
    (block,) = [node for node in ast.walk(tree) if isinstance(node, ast.Try)]
    calls = [
        node.value.func.attr
        for node in block.finalbody
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
    ]
    assert calls == ["cancel", "join", "clear_interrupt"]
    namespace = {"threading": threading}
    exec(source, namespace)
    solve_with_time_limit = namespace["solve_with_time_limit"]
    holes = 11
    def timers():  # pytest-timeout's own timer is there before and after
        return {t for t in threading.enumerate() if isinstance(t, threading.Timer)}

    before = timers()
    with Solver(name="minisat22", bootstrap_with=_pigeonhole(holes)) as solver:
        assert solve_with_time_limit(solver, 0.2) is None
        assert timers() - before == set()  # joined: no timer can touch the solver
        # "pigeon 0 is in no hole" fails at once, but only if the interrupt was cleared
        nowhere = [-(h + 1) for h in range(holes)]
        assert solve_with_time_limit(solver, 5.0, nowhere) is False
