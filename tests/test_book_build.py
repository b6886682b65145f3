"""Build the whole book from a clean copy: every notebook runs, a warning is an error.

This is the slowest test (it runs every chapter). It copies the working tree (without
`_build` and `.venv`) to a temporary folder so that no jupyter-cache from an earlier
build can hide a broken notebook, then checks that each chapter page exists and shows
its figures.
"""

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from helper import REPO_ROOT
from helper.export import toc_notebooks

pytestmark = pytest.mark.build

IGNORE = shutil.ignore_patterns(
    "_build", ".venv", "__pycache__", ".git", ".pytest_cache", "*.egg-info"
)


def _jupyter_book() -> str:
    beside = Path(sys.executable).parent / "jupyter-book"
    found = str(beside) if beside.exists() else shutil.which("jupyter-book")
    assert found, "jupyter-book is not installed (pip install -r requirements.txt)"
    return found


@pytest.fixture(scope="module")
def built_book(tmp_path_factory):
    copy = tmp_path_factory.mktemp("book") / "src"
    shutil.copytree(REPO_ROOT, copy, ignore=IGNORE)
    result = subprocess.run(
        [_jupyter_book(), "build", str(copy), "-W", "-n", "--keep-going"],
        capture_output=True,
        text=True,
        timeout=1800,
    )
    output = result.stdout + result.stderr
    problems = [
        line
        for line in output.splitlines()
        if re.search(r"WARNING|ERROR|Error|Traceback", line)
    ]
    log = "\n".join(problems[:40]) + "\n...\n" + output[-3000:]
    assert result.returncode == 0, f"book build failed:\n{log}"
    return copy / "_build" / "html"


def test_index_exists(built_book):
    assert (built_book / "index.html").is_file()


@pytest.mark.parametrize("notebook", toc_notebooks(), ids=lambda p: p.stem)
def test_chapter_page_shows_outputs(built_book, notebook):
    page = built_book / notebook.relative_to(REPO_ROOT).with_suffix(".html")
    assert page.is_file(), f"{page.name} was not built"
    html = page.read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" not in html
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    plots = any(
        "plot" in "".join(c["source"]) for c in cells if c["cell_type"] == "code"
    )
    if plots:
        assert "<img" in html, f"{page.name} shows no figure"
    assert "cell_output" in html, f"{page.name} shows no output at all"
