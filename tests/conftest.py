"""Shared pytest configuration: the opt-in flag for long sweeps, the built book."""

import logging
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from helper import REPO_ROOT


def pytest_addoption(parser):
    parser.addoption(
        "--slow",
        action="store_true",
        default=False,
        help="also run the long benchmark sweeps (tests marked 'slow')",
    )


def pytest_collection_modifyitems(config, items):
    slow = config.getoption("--slow")
    skip = pytest.mark.skip(reason="long sweep: run with --slow")
    for item in items:
        if "slow" not in item.keywords:
            continue
        if not slow:
            item.add_marker(skip)
        elif item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(3600))  # a sweep, not a hang


IGNORE = shutil.ignore_patterns(
    "_build", ".venv", "__pycache__", ".git", ".pytest_cache", "*.egg-info"
)


def _jupyter_book() -> str:
    beside = Path(sys.executable).parent / "jupyter-book"
    found = str(beside) if beside.exists() else shutil.which("jupyter-book")
    assert found, "jupyter-book is not installed (pip install -r requirements.txt)"
    return found


def _execute_in_parallel(book: Path) -> None:
    """Execute the book's notebooks into its jupyter-cache, one process per core.

    The build itself executes notebooks one after the other; on the 2-core CI machine
    that leaves a core idle. With the cache filled first, the build only reads it. A
    notebook that fails here is executed again by the build, which then reports the
    error with its traceback, so nothing is hidden.
    """
    from jupyter_cache import get_cache
    from jupyter_cache.executors import load_executor

    from tools.export import toc_notebooks

    cache = get_cache(book / "_build" / ".jupyter_cache")
    for notebook in toc_notebooks(book):
        cache.add_nb_to_project(str(notebook))
    logger = logging.getLogger(__name__)
    executor = load_executor("local-parallel", cache, logger=logger)
    executor.run_and_cache(timeout=300, allow_errors=False)


@pytest.fixture(scope="session")
def built_book(tmp_path_factory):
    """The HTML folder of a fresh ``-W -n --keep-going`` build of a clean copy.

    Setting ``BOOK_BUILT_HTML`` to an existing ``_build/html`` folder reuses that build
    instead (handy while working on the HTML tests; the default run always builds).
    """
    reuse = os.environ.get("BOOK_BUILT_HTML")
    if reuse:
        return Path(reuse)
    copy = tmp_path_factory.mktemp("book") / "src"
    shutil.copytree(REPO_ROOT, copy, ignore=IGNORE)
    _execute_in_parallel(copy)
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


def pytest_terminal_summary(terminalreporter):
    """Print what the browser tests measured (every page's height)."""
    module = sys.modules.get("test_book_html")
    lines = getattr(module, "PAGE_REPORT", [])
    if lines:
        terminalreporter.section("the built book in Chromium")
        for line in lines:
            terminalreporter.write_line(line)
