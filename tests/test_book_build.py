"""Build the whole book from a clean copy: every notebook runs, a warning is an error.

This is the slowest test (it runs every chapter). The ``built_book`` fixture
(``conftest.py``) copies the working tree (without `_build` and `.venv`) to a temporary
folder, so that no jupyter-cache from an earlier build can hide a broken notebook; these
tests check that each chapter page exists and shows its figures.
"""

import json

import pytest

from helper import REPO_ROOT
from tools.export import toc_notebooks

# The first test pays for the build (minutes on a loaded machine).
pytestmark = [pytest.mark.build, pytest.mark.timeout(2400)]


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
