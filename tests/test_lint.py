"""The code reads like a well-kept package: ruff is clean, code fits the code box.

Ruff's rules (``pyproject.toml``: pycodestyle, pyflakes, isort and bugbear at 88
characters) run over the package, the tests and the code cells of every notebook. The
book shows code in a box 88 characters wide, so no notebook code line may be longer,
comments included.
A chapter never defines a function in a ``#@save`` cell and then imports it again from
``helper``: later cells use the name the saved cell defined.
"""

import ast
import json
import subprocess

import pytest

from helper import REPO_ROOT
from tools.export import _MARKER, _ruff

# The chapters, and the front page (a notebook too: it draws the four puzzles).
NOTEBOOKS = sorted((REPO_ROOT / "chapters").glob("*.ipynb")) + [
    REPO_ROOT / "intro.ipynb"
]
WIDTH = 88


def _code_cells(path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    for number, cell in enumerate(cells, start=1):
        if cell["cell_type"] == "code":
            yield number, "".join(cell["source"])


def test_ruff_is_clean():
    result = subprocess.run(
        [
            _ruff(),
            "check",
            "--no-cache",
            "helper",
            "tools",
            "tests",
            "chapters",
            "intro.ipynb",
        ],
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_code_fits_the_code_box(path):
    long = [
        f"cell {number}, line {line_no}: {len(line)} characters"
        for number, source in _code_cells(path)
        for line_no, line in enumerate(source.splitlines(), start=1)
        if len(line) > WIDTH
    ]
    assert long == []


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_define_then_reimport(path):
    defined: dict[str, set[str]] = {}
    found = []
    for number, source in _code_cells(path):
        first, _, rest = source.partition("\n")
        match = _MARKER.match(first.strip())
        if match and match.group("module"):
            tree = ast.parse(rest)
            names = defined.setdefault(match.group("module"), set())
            for node in tree.body:
                if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                    names.add(node.name)
                elif isinstance(node, ast.Assign):
                    names.update(t.id for t in node.targets if isinstance(t, ast.Name))
            continue
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                "helper."
            ):
                module = node.module.split(".", 1)[1]
                again = {a.name for a in node.names} & defined.get(module, set())
                if again:
                    found.append(f"cell {number} imports {sorted(again)} again")
    assert found == []
