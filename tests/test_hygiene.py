"""Notebook hygiene: no outputs, no foreign metadata, python3 kernel, install cell."""

import re

import pytest

from helper import REPO_ROOT
from tools.export import toc_notebooks
from tools.notebooks import problems

# The chapters, and the front page (a notebook too: it draws the four puzzles).
NOTEBOOKS = sorted((REPO_ROOT / "chapters").glob("*.ipynb")) + [
    REPO_ROOT / "intro.ipynb"
]


def test_there_are_notebooks():
    assert len(NOTEBOOKS) >= 1


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_clean(path):
    assert problems(path) == []


def test_every_chapter_is_in_the_toc():
    listed = set(toc_notebooks())
    assert [p.name for p in NOTEBOOKS if p not in listed] == []


def test_toc_files_exist():
    toc = (REPO_ROOT / "_toc.yml").read_text(encoding="utf-8")
    missing = []
    for name in re.findall(r"(?:file|root):\s*(\S+)", toc):
        candidates = [REPO_ROOT / f"{name}{ext}" for ext in ("", ".md", ".ipynb")]
        if not any(c.is_file() for c in candidates):
            missing.append(name)
    assert missing == []
