"""What the chapter *What makes a model fast* relies on that no other test covers.

The chapter's few functions live in its cells (exported to ``helper.fast_models``), and
it uses the puzzle modules only through names they export. These tests take those
functions from the notebook's code (as ``tests/test_part1.py`` does) and check them on
small cases: the table of the sweep behind the first figure
(``helper.benchmark_tables.frontier_table``), the share decided by unit propagation,
the size formula of the placement CNF and the three ways of handing one CNF to a
solver. They also pin the facts the text states as theorems, and check that every name
the chapter reads from a puzzle module exists.
"""

import ast
import inspect
import json
import math
import re
import time

import numpy as np
import pandas as pd
import pytest
import z3
from limits import within_limit
from ortools.sat.python import cp_model
from pysat.formula import IDPool
from pysat.solvers import Solver

from helper import (
    REPO_ROOT,
    SolverTimeout,
    Unsolvable,
    benchmark_tables,
    benchmarks,
    nonogram,
    numberlink,
    slitherlink,
    switches,
)
from helper.bench import run_benchmark
from helper.ortools import run_cpsat
from helper.sat import solve_limited

NOTEBOOK = REPO_ROOT / "chapters" / "fast_models.ipynb"
MODULES = {
    "nonogram": nonogram,
    "numberlink": numberlink,
    "slitherlink": slitherlink,
    "switches": switches,
}


def _code() -> str:
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")


def _functions(*names: str) -> dict:
    """The chapter's functions ``names``, defined in a namespace with its imports."""
    code = _code()
    namespace = {
        "IDPool": IDPool,
        "Solver": Solver,
        "SolverTimeout": SolverTimeout,
        "Unsolvable": Unsolvable,
        "cp_model": cp_model,
        "np": np,
        "pd": pd,
        "run_benchmark": run_benchmark,
        "run_cpsat": run_cpsat,
        "solve_limited": solve_limited,
        "z3": z3,
        **MODULES,
    }
    for name in names:
        match = re.search(
            rf"^def {name}\(.*?(?=^\S)", code + "\nEND", re.MULTILINE | re.DOTALL
        )
        assert match, f"the chapter defines no function {name}"
        exec(match.group(0), namespace)
    return namespace


def test_every_name_the_chapter_reads_from_a_puzzle_module_exists():
    tree = ast.parse(_code())
    used = {
        (node.value.id, node.attr)
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id in MODULES
    }
    assert len(used) > 20
    missing = [f"{m}.{a}" for m, a in sorted(used) if not hasattr(MODULES[m], a)]
    assert missing == []


@pytest.mark.parametrize(
    ("module", "method"),
    [
        (switches, "z3"),
        (numberlink, "z3-original"),
        (nonogram, "cpsat-starts"),
        (slitherlink, "propagation"),
        (nonogram, "pysat-placements"),
        (nonogram, "pysat-regular"),
    ],
)
def test_every_method_the_chapter_names_is_in_methods(module, method):
    assert f'"{method}"' in _code() + inspect.getsource(benchmarks)
    assert method in module.METHODS
    assert module.DEFAULT_METHOD in module.METHODS


def test_first_line_reads_a_docstring_without_markup():
    first_line = _functions("first_line")["first_line"]

    def documented():
        """The ``fast`` one.

        More.
        """

    assert first_line(documented) == "The fast one."
    assert first_line(lambda: None) == "(no docstring)"
    for module in MODULES.values():  # every default has a line to show
        assert first_line(module.METHODS[module.DEFAULT_METHOD]) != "(no docstring)"


def _frontier(*rows) -> pd.DataFrame:
    """Rows of the sweep fast-frontier for one puzzle: (role, size, status, seconds)."""
    table = pd.DataFrame(rows, columns=["role", "size", "status", "seconds"])
    methods = {"starting model": "start", "default": "fast"}
    return table.assign(puzzle="Demo", method=table["role"].map(methods))


def test_the_frontier_table_says_where_each_method_stopped():
    rows = _frontier(
        ("starting model", 4, "ok", 0.5),
        ("default", 4, "ok", 0.1),
        ("starting model", 6, "WRONG", 0.6),
        ("default", 6, "ok", 0.2),
        ("starting model", 8, "timeout", math.nan),
        ("default", 8, "ok", 0.3),
    )
    row = benchmark_tables.frontier_table(rows).loc["Demo"]
    assert row["starting model", "largest solved"] == "4x4 (1 wrong)"
    assert row["starting model", "first time out"] == "8x8"
    assert row["default", "first time out"] == "none up to 8x8"
    assert row["default / starting", "time at that board"] == "0.2"


def test_the_frontier_table_without_a_solved_board():
    rows = _frontier(
        ("starting model", 4, "timeout", math.nan), ("default", 4, "ok", 1)
    )
    row = benchmark_tables.frontier_table(rows).loc["Demo"]
    assert row["starting model", "largest solved"] == "none"
    assert row["default / starting", "time at that board"] == "–"


def test_a_trap_wrong_in_both_runs_is_no_disagreement():
    def rows(status):
        return pd.DataFrame(
            [("a", "start", 0.1, status), ("a", "fast", 0.01, "ok")],
            columns=["instance", "method", "seconds", "status"],
        )

    same = benchmarks.disagreements_keeping_traps
    assert same(rows("WRONG"), rows("WRONG"), time_limit=10) == []
    assert same(rows("ok"), rows("WRONG"), time_limit=10) == [
        "a, start: ok now, WRONG when committed"
    ]


def test_root_share_counts_what_unit_propagation_fixes():
    root_share = _functions("root_share")["root_share"]
    assert root_share([[1], [-1, 2], [3, 4]], [1, 2, 3, 4]) == 0.5
    assert root_share([[1, 2]], [1, 2, 7]) == 0.0  # a variable in no clause
    with pytest.raises(AssertionError, match="contradiction"):
        root_share([[1], [-1]], [1])


def _small_nonograms():
    yield nonogram.Nonogram([[2], [1], []], [[1], [2], []])
    for seed in range(6):
        yield nonogram.generate(6 + seed, 7, seed=seed, density=0.5)


def _decided(puzzle, build, root_share):
    pool = IDPool()
    clauses = build(puzzle, pool)
    cells = _functions("cell_variables")["cell_variables"](puzzle, pool)
    return round(root_share(clauses, cells) * len(cells))


@pytest.mark.parametrize("puzzle", list(_small_nonograms()))
def test_unit_propagation_on_the_placement_cnf_is_line_solving(puzzle):
    root_share = _functions("root_share")["root_share"]
    lines = int((nonogram.propagate(puzzle) >= 0).sum())
    assert _decided(puzzle, nonogram.placement_cnf, root_share) == lines
    assert _decided(puzzle, nonogram.regular_cnf, root_share) <= lines


@pytest.mark.parametrize("puzzle", list(_small_nonograms()))
def test_the_placement_size_formula_matches_the_built_cnf(puzzle):
    placement_size = _functions("placement_size")["placement_size"]
    pool = IDPool()
    clauses = nonogram.placement_cnf(puzzle, pool)
    assert placement_size(puzzle) == (pool.top, len(clauses))


@pytest.mark.parametrize("loader", ["load_pysat", "load_cpsat", "load_z3"])
def test_each_cnf_loader_solves_the_automaton_cnf(loader):
    ns = _functions("cell_variables", loader)
    puzzle = nonogram.generate(8, 8, seed=3)
    pool = IDPool()
    clauses = nonogram.regular_cnf(puzzle, pool)
    cells = ns["cell_variables"](puzzle, pool)
    true = ns[loader](clauses, pool.top)(10.0)
    picture = np.isin(cells, list(true)).astype(int).reshape(8, 8)
    assert nonogram.check(puzzle, picture)
    with pytest.raises(Unsolvable):
        ns[loader]([[1], [-1, 2], [-2]], 2)(10.0)


def test_the_z3_loader_raises_solver_timeout_at_its_limit():
    load_z3 = _functions("load_z3")["load_z3"]
    holes = 10  # pigeonhole: 11 pigeons, 10 holes, hard for clause learning
    var = {(p, h): p * holes + h + 1 for p in range(holes + 1) for h in range(holes)}
    clauses = [[var[p, h] for h in range(holes)] for p in range(holes + 1)]
    clauses += [
        [-var[p, h], -var[q, h]]
        for h in range(holes)
        for p in range(holes + 1)
        for q in range(p + 1, holes + 1)
    ]
    start = time.perf_counter()
    with pytest.raises(SolverTimeout):
        load_z3(clauses, len(var))(0.2)
    assert time.perf_counter() - start <= within_limit(0.2)


def test_search_effort_returns_counts_and_a_checked_picture():
    search_effort = _functions("search_effort")["search_effort"]
    puzzle = nonogram.generate(8, 8, seed=2)
    for build in (nonogram.cpsat_starts_model, nonogram.cpsat_automaton_model):
        counts, picture = search_effort(*build(puzzle))
        assert set(counts) == {"branches", "conflicts"}
        assert nonogram.check(puzzle, picture)


def test_the_rules_forbid_the_only_line_of_the_2x2_board():
    square = numberlink.Numberlink(np.array([[1, 0], [1, 0]]), fill=True)
    line = numberlink.solve_sat(square, shortcut_free=False, time_limit=10)
    assert numberlink.check(square, line)
    assert line == {1: [(0, 0), (0, 1), (1, 1), (1, 0)]}
    assert len(numberlink.solutions(square, limit=2, time_limit=10)) == 1
    with pytest.raises(Unsolvable):
        numberlink.solve_sat(square, shortcut_free=True, time_limit=10)


def test_the_shortcut_free_rules_only_add_clauses():
    """Lesson 1 compares links fixed at the root: more clauses fix at least as much."""
    board = numberlink.generate(8, 8, seed=1, unique=True).board
    for fill in (True, False):
        plain = numberlink.sat_model(board, fill, shortcut_free=False)
        rules = numberlink.sat_model(board, fill, shortcut_free=True)
        assert plain.link == rules.link
        assert {tuple(c) for c in plain.clauses} <= {tuple(c) for c in rules.clauses}
