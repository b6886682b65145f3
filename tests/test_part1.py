"""Part I ("Getting started"): the three chapters solve the same puzzle.

The solver behaviour their text relies on still holds: a solver upgrade that changes it
must fail here, not silently make a paragraph wrong.
"""

import ast
import inspect
import itertools
import json
import math
import re
import threading

import pytest
import z3
from ortools.sat.python import cp_model
from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver

from helper import REPO_ROOT, SolverTimeout
from helper.check import check_sudoku
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


def _clues(code: str) -> list[list[int]]:
    """The puzzle of a chapter: its first top-level ``clues = [...]``."""
    for node in ast.parse(code).body:
        if isinstance(node, ast.Assign) and [
            t.id for t in node.targets if isinstance(t, ast.Name)
        ] == ["clues"]:
            return ast.literal_eval(node.value)
    raise AssertionError("no clues")


def _namespace(chapter: str, *names: str, **given) -> dict:
    """The functions ``names`` of a chapter, defined in a fresh namespace.

    ``given`` holds what the chapter imported before (modules and helper names).
    """
    code = _code(chapter)
    namespace = dict(given)
    for name in names:
        exec(_function(code, name), namespace)
    return namespace


def test_the_three_chapters_solve_the_same_puzzle_with_the_same_checker():
    codes = {name: _code(name) for name in CHAPTERS}
    puzzles = {name: _clues(code) for name, code in codes.items()}
    assert len({repr(p) for p in puzzles.values()}) == 1, puzzles
    # The Z3 chapter defines the checker (exported to helper.check); the other two
    # import that one, and none of them has a second copy.
    assert _function(codes["getting_started_z3"], "check_sudoku") == (
        inspect.getsource(check_sudoku).strip()
    )
    for name in CHAPTERS[1:]:
        assert "from helper.check import check_sudoku" in codes[name]
        assert "def check_sudoku" not in codes[name]


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


GRIDS = list(_sudoku_grids())


def _matching(clues):
    return [
        g
        for g in GRIDS
        if all(
            not clues[r][c] or g[r][c] == clues[r][c]
            for r in range(4)
            for c in range(4)
        )
    ]


def test_the_puzzle_is_unique_and_4x4_sudoku_has_288_grids():
    clues = _clues(_code("getting_started_z3"))
    assert len(GRIDS) == 288
    solution = ((2, 1, 3, 4), (4, 3, 1, 2), (3, 4, 2, 1), (1, 2, 4, 3))
    assert _matching(clues) == [solution]
    assert check_sudoku(clues, [list(row) for row in solution])


def test_no_clue_of_the_puzzle_can_go():
    """Exercise gs-z3-clues: every clue is needed (brute force, no solver)."""
    clues = _clues(_code("getting_started_z3"))
    for r, c in itertools.product(range(4), repeat=2):
        if clues[r][c]:
            fewer = [row[:] for row in clues]
            fewer[r][c] = 0
            assert len(_matching(fewer)) > 1


def test_the_checker_rejects_every_broken_rule():
    clues = _clues(_code("getting_started_z3"))
    solution = [list(row) for row in _matching(clues)[0]]
    swapped = [row[:] for row in solution]
    swapped[0][0], swapped[0][1] = swapped[0][1], swapped[0][0]
    for wrong, rule in [
        (swapped, "column 0 repeats"),
        ([[5] + row[1:] if i == 0 else row for i, row in enumerate(solution)], "not a"),
        ([[1.0 * v for v in row] for row in solution], "not an integer"),
        ([row[:3] for row in solution], "rows of 4 cells"),
    ]:
        with pytest.raises(ValueError, match=rule):
            check_sudoku(clues, wrong)


def test_diagonal_sudoku_has_48_grids_and_the_chapter_counts_them():
    """Exercise gs-z3-diagonal, by brute force and by the chapter's own functions."""
    diagonal = [
        g
        for g in GRIDS
        if len({g[i][i] for i in range(4)}) == len({g[i][3 - i] for i in range(4)}) == 4
    ]
    assert len(diagonal) == 48
    chapter = _namespace(
        "getting_started_z3",
        "units",
        "int_model",
        "count_solutions",
        "flatten",
        "diagonal_model",
        z3=z3,
        itertools=itertools,
        isqrt=math.isqrt,
        SolverTimeout=SolverTimeout,
    )
    solver, cell = chapter["diagonal_model"]([[0] * 4 for _ in range(4)])
    assert chapter["count_solutions"](solver, chapter["flatten"](cell)) == 48


def test_the_side_by_side_z3_model_is_the_z3_chapter_model():
    """The PySAT chapter's table must show the same constraint count as the Z3 one."""
    given = {"z3": z3, "itertools": itertools, "isqrt": math.isqrt}
    clues = _clues(_code("getting_started_z3"))
    ours = _namespace("getting_started_z3", "units", "int_model", **given)
    theirs = _namespace("getting_started_pysat", "units", "z3_sudoku", **given)
    assert len(ours["int_model"](clues)[0].assertions()) == len(
        theirs["z3_sudoku"](clues)[0].assertions()
    )


def _tab_snippets(chapter: str) -> dict[str, list[str]]:
    """The code blocks of the tab items of a chapter, by tab title."""
    cells = json.loads(
        (REPO_ROOT / "chapters" / f"{chapter}.ipynb").read_text(encoding="utf-8")
    )["cells"]
    text = "\n".join(
        "".join(c["source"]) for c in cells if c["cell_type"] == "markdown"
    )
    found = {}
    for title, body in re.findall(
        r":::\{tab-item\} (.+?)\n(.*?)\n:::", text, re.DOTALL
    ):
        (block,) = re.findall(r"```python\n(.*?)```", body, re.DOTALL)
        found[title] = block.splitlines()
    return found


def test_the_tabs_show_code_the_chapters_run():
    """Code shown in a tab is a quotation: every line is in the chapter it names."""
    tabs = _tab_snippets("getting_started_pysat")
    where = {
        "Z3": "getting_started_z3",
        "CP-SAT": "getting_started_cpsat",
        "PySAT": "getting_started_pysat",
    }
    assert sorted(tabs) == sorted(where)
    for title, lines in tabs.items():
        code = {line.strip() for line in _code(where[title]).splitlines()}
        assert [line for line in lines if line.strip() not in code] == [], title


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


def _grid_cycles(rows: int, cols: int) -> int:
    """Cycles of the grid graph, by brute force over its edge sets (no solver)."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    edges = [
        (a, b)
        for a in cells
        for b in cells
        if a < b and abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
    ]
    found = 0
    for mask in range(1, 2 ** len(edges)):
        chosen = [e for i, e in enumerate(edges) if mask >> i & 1]
        degree = {}
        for a, b in chosen:
            degree[a] = degree.get(a, 0) + 1
            degree[b] = degree.get(b, 0) + 1
        if any(d != 2 for d in degree.values()):
            continue
        seen, todo = set(), [chosen[0][0]]  # one cycle: every chosen cell is reached
        while todo:
            cell = todo.pop()
            if cell not in seen:
                seen.add(cell)
                todo += [b if a == cell else a for a, b in chosen if cell in (a, b)]
        found += seen == set(degree)
    return found


def test_the_3x3_grid_graph_has_13_cycles_and_the_chapter_finds_each_twice():
    """Exercise gs-cpsat-circuits: no 2-cycle, no empty circuit, both directions."""
    assert _grid_cycles(3, 3) == 13
    chapter = _namespace(
        "getting_started_cpsat",
        "grid_circuit_model",
        "circuits",
        cp_model=cp_model,
        get_all_solutions=get_all_solutions,
    )
    model, arc, skip = chapter["grid_circuit_model"](3, 3, allow_skip=True)
    for a, b in arc:
        if a < b:
            model.add(arc[a, b] + arc[b, a] <= 1)
    model.add_bool_or([~lit for lit in skip.values()])
    assert len(chapter["circuits"](model, arc)) == 2 * 13


def _interrupt_works(name: str) -> bool:
    with Solver(name=name, bootstrap_with=[[1, 2]]) as solver:
        try:
            solver.interrupt()
        except NotImplementedError:
            return False
        solver.clear_interrupt()
        return True


@pytest.mark.parametrize(
    "name, expected",
    [
        ("cadical195", False),
        ("glucose4", True),
        ("minisat22", True),
        ("maplechrono", True),
        ("lingeling", False),
    ],
)
def test_which_pysat_solvers_support_interrupt(name, expected):
    assert _interrupt_works(name) is expected


def test_lingeling_has_no_limit_of_any_kind():
    """Exercise gs-pysat-solvers: lingeling never gets a hard formula."""
    with Solver(name="lingeling", bootstrap_with=[[1, 2]]) as solver:
        with pytest.raises(NotImplementedError):
            solver.solve_limited()


def test_ladder_and_pairwise_exactly_one_of_nine_have_as_many_clauses():
    """Exercise gs-pysat-ladder: the clause count does not change, variables do."""
    sizes = {}
    for encoding in (EncType.pairwise, EncType.ladder):
        pool = IDPool(start_from=10)
        cnf = CardEnc.equals(
            lits=list(range(1, 10)), bound=1, vpool=pool, encoding=encoding
        )
        sizes[encoding] = (len(cnf.clauses), pool.top)
    assert sizes[EncType.pairwise][0] == sizes[EncType.ladder][0]
    assert sizes[EncType.pairwise][1] < sizes[EncType.ladder][1]


def test_two_clues_force_the_top_left_two():
    """Exercise gs-pysat-core: 4 at (1, 0) and 2 at (3, 1) force it; neither alone."""

    def forced(cells):
        clues = [[0] * 4 for _ in range(4)]
        for (r, c), v in cells.items():
            clues[r][c] = v
        return all(g[0][0] == 2 for g in _matching(clues))

    both = {(1, 0): 4, (3, 1): 2}
    assert forced(both)
    assert not forced({(1, 0): 4}) and not forced({(3, 1): 2})


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


def _timers() -> set[threading.Thread]:
    """The timer threads alive now (pytest-timeout's own is one of them)."""
    return {t for t in threading.enumerate() if isinstance(t, threading.Timer)}


def test_the_first_timer_of_the_pysat_chapter_leaves_the_flag_set():
    """The trap the chapter shows is real: after a time-out the next call stops."""
    source = _function(_code("getting_started_pysat"), "first_try")
    namespace = {"threading": threading}
    exec(source, namespace)
    holes = 11
    nowhere = [-(h + 1) for h in range(holes)]  # pigeon 0 is in no hole
    before = _timers()
    with Solver(name="minisat22", bootstrap_with=_pigeonhole(holes)) as solver:
        assert namespace["first_try"](solver, 0.2) is None
        for timer in _timers() - before:  # the forgotten timer: let it finish
            timer.join()
        assert solver.solve_limited(assumptions=nowhere, expect_interrupt=True) is None


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
        assert _timers() - before == set()  # joined: no timer can touch the solver
        # "pigeon 0 is in no hole" fails at once, but only if the interrupt was cleared
        nowhere = [-(h + 1) for h in range(holes)]
        assert solve_with_time_limit(solver, 5.0, nowhere) is False
