"""The shape of the project: a package that reads in small pieces, notebooks that teach.

* No file under ``helper/`` is longer than 600 lines, and no function or method longer
  than 80: a reader can follow any of them on a screen or two.
* ``helper`` imports only the standard library, itself and what ``pyproject.toml``
  declares, and its modules import one another without a circle.
* A chapter notebook has at most 1,000 code lines in all (shown and folded) and no code
  cell over 60 lines: the engine lives in the package, the chapter keeps what it
  teaches.
"""

import ast
import json
import sys
from pathlib import Path

import pytest

from helper import REPO_ROOT

HELPER = REPO_ROOT / "helper"
MAX_FILE_LINES = 600
MAX_FUNCTION_LINES = 80
MAX_NOTEBOOK_CODE_LINES = 1000
MAX_CELL_LINES = 60

#: The third-party packages ``pyproject.toml`` declares, by import name.
DECLARED = {"numpy", "matplotlib", "networkx", "pandas", "z3", "ortools", "pysat"}
#: ``IPython`` is there wherever a notebook runs; only :mod:`helper.show` uses it, and
#: only inside the function that displays the source.
OPTIONAL = {"IPython"}

#: Files and notebooks that are still being moved into the package-per-puzzle layout.
#: An entry is removed when its move lands; a new file or notebook never goes here.
PENDING: set[str] = set()

PY_FILES = sorted(HELPER.rglob("*.py"))
# The chapters, and the front page (a notebook too: it draws the four puzzles).
NOTEBOOKS = sorted((REPO_ROOT / "chapters").glob("*.ipynb")) + [
    REPO_ROOT / "intro.ipynb"
]


def _name(path: Path) -> str:
    return path.relative_to(REPO_ROOT).as_posix()


def _pending(path: Path) -> bool:
    return _name(path) in PENDING


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO_ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@pytest.mark.parametrize("path", PY_FILES, ids=_name)
def test_files_and_functions_are_short(path):
    if _pending(path):
        pytest.skip("still being moved into its package")
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MAX_FILE_LINES, f"{_name(path)} has {len(lines)} lines"
    long = [
        f"{node.name} ({node.end_lineno - node.lineno + 1} lines, line {node.lineno})"
        for node in ast.walk(ast.parse("\n".join(lines)))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        and node.end_lineno - node.lineno + 1 > MAX_FUNCTION_LINES
    ]
    assert long == [], f"{_name(path)}: functions over {MAX_FUNCTION_LINES} lines"


def _imports(path: Path) -> list[tuple[str, bool]]:
    """``(module, at top level)`` for every import of a file; relative ones resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = _module_name(path)
    if path.name != "__init__.py":
        package = package.rpartition(".")[0]
    top = {id(node) for node in tree.body}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, id(node) in top) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.append((module, id(node) in top))
            for alias in node.names:  # "from helper.numberlink import z3_model"
                found.append((f"{module}.{alias.name}", id(node) in top))
    return found


def test_helper_imports_only_what_it_declares():
    allowed = DECLARED | OPTIONAL | {"helper"} | set(sys.stdlib_module_names)
    foreign = sorted(
        f"{_name(path)}: {module}"
        for path in PY_FILES
        for module, _ in _imports(path)
        if module.split(".")[0] not in allowed
    )
    assert foreign == [], "declare these in pyproject.toml, or move the code to tools/"


def test_optional_imports_stay_inside_functions():
    eager = sorted(
        f"{_name(path)}: {module}"
        for path in PY_FILES
        for module, top in _imports(path)
        if top and module.split(".")[0] in OPTIONAL
    )
    assert eager == []


def test_no_import_circle():
    modules = {_module_name(path): path for path in PY_FILES}
    graph = {
        name: sorted({m for m, top in _imports(path) if top and m in modules} - {name})
        for name, path in modules.items()
    }
    circles = []

    def visit(name, trail):
        if name in trail:
            circles.append(" -> ".join(trail[trail.index(name) :] + [name]))
            return
        if name in done:
            return
        for other in graph[name]:
            visit(other, trail + [name])
        done.add(name)

    done: set[str] = set()
    for name in sorted(graph):
        visit(name, [])
    assert circles == []


def _code_cells(path: Path) -> list[tuple[int, int]]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [
        (number, len("".join(cell["source"]).splitlines()))
        for number, cell in enumerate(cells, start=1)
        if cell["cell_type"] == "code"
    ]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebooks_teach_and_the_package_serves(path):
    if _pending(path):
        pytest.skip("still being moved into the package-per-puzzle layout")
    cells = _code_cells(path)
    total = sum(n for _, n in cells)
    assert total <= MAX_NOTEBOOK_CODE_LINES, f"{path.name}: {total} code lines"
    long = [f"cell {number}: {n} lines" for number, n in cells if n > MAX_CELL_LINES]
    assert long == [], f"{path.name}: code cells over {MAX_CELL_LINES} lines"


def test_pending_entries_exist():
    """An entry of ``PENDING`` that names nothing is a typo or a finished move."""
    assert sorted(p for p in PENDING if not (REPO_ROOT / p).exists()) == []
