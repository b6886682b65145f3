"""Keep the chapter notebooks clean: no outputs, no foreign metadata, one install cell.

Usage::

    python -m tools.notebooks fix chapters/*.ipynb    # strip outputs, set install cell
    python -m tools.notebooks check chapters/*.ipynb  # list problems, exit 1 if any
    python -m tools.notebooks run chapters/x.ipynb    # execute, print each cell's time
    python -m tools.notebooks from-py draft.py chapters/x.ipynb  # draft -> notebook

The first code cell of every chapter installs the book's package when the notebook runs
on Google Colab and does nothing elsewhere. Its text is made from ``repository.url`` in
``_config.yml`` so that the address lives in one place; ``fix`` rewrites it after a fork
changes that address.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path

from helper import REPO_ROOT

#: Notebook-level metadata keys a chapter may carry.
ALLOWED_NOTEBOOK_METADATA = {"kernelspec", "language_info"}
#: Cell-level metadata keys a chapter may carry: ``tags`` drive MyST-NB (e.g.
#: ``hide-input``), ``mystnb`` may set the one-line summary on the toggle of a
#: hidden cell (``{"code_prompt_show": "Show the loader"}``), and ``jupyter`` holds
#: ``source_hidden``, which makes JupyterLab open a folded cell collapsed too.
ALLOWED_CELL_METADATA = {"tags", "mystnb", "jupyter"}
#: The keys of a cell's ``jupyter`` metadata a chapter may set.
ALLOWED_JUPYTER_KEYS = {"source_hidden"}
#: Tags that fold a cell's code in the book; such a cell is also ``source_hidden``.
FOLDING_TAGS = {"hide-input", "hide-cell"}
#: The MyST-NB settings a cell may override.
ALLOWED_MYSTNB_KEYS = {"code_prompt_show", "code_prompt_hide"}
#: The kernel every chapter runs on.
KERNELSPEC = {"display_name": "Python 3", "language": "python", "name": "python3"}
#: What ``repository.url`` holds until the book has a public address; while it does,
#: the book shows no launch, repository or issue button (see ``tools.book``).
PLACEHOLDER = "SET_OWNER_IN__config.yml"
#: The first line of the set-up cell; ``fix`` finds and replaces the cell by it.
INSTALL_MARKER = (
    "# Set-up: sharp figures; on Colab, also fetch the book and its package."
)
#: First lines that earlier versions of the set-up cell had (``fix`` replaces them too).
OLD_MARKERS = (
    "# Colab only: fetch the book and install its package (does nothing elsewhere).",
)


def repository_url(root: Path = REPO_ROOT) -> str:
    """The book's repository address: ``repository.url`` in ``_config.yml``."""
    text = (root / "_config.yml").read_text(encoding="utf-8")
    match = re.search(
        r"^repository:\s*\n(?:\s+.*\n)*?\s+url:\s*(\S+)", text, re.MULTILINE
    )
    if not match:
        raise ValueError("_config.yml has no repository.url")
    return match.group(1).strip("\"'")


def is_placeholder(url: str) -> bool:
    """Whether ``url`` is the placeholder that stands until the book has a home."""
    return PLACEHOLDER in url


def install_cell_source(root: Path = REPO_ROOT) -> str:
    """The text of the first code cell of every chapter (hidden in the HTML book).

    It asks for figures at twice the resolution ("retina" PNGs), so that boards and
    plots stay sharp on any screen and when zoomed. With a real ``repository.url`` it
    clones the book and installs its package on Colab. While the address is the
    placeholder there is nothing to clone: on Colab the cell then stops with a message
    that says how to run the notebook locally instead.
    """
    url = repository_url(root)
    head = [
        INSTALL_MARKER,
        "import sys",
        "",
        "from IPython import get_ipython",
        "",
        "if get_ipython() is not None:",
        '    get_ipython().run_line_magic("config", "InlineBackend.figure_formats = '
        "['retina']\")",
        'if "google.colab" in sys.modules:',
    ]
    if is_placeholder(url):
        return "\n".join(
            head
            + [
                "    raise RuntimeError(",
                '        "This copy of the book has no public address yet "',
                '        "(repository.url in _config.yml): run it locally, "',
                '        "as README.md says"',
                "    )",
            ]
        )
    return "\n".join(
        head
        + [
            "    import subprocess",
            "",
            f'    url = "{url}"',
            '    clone = ["git", "clone", "--depth", "1", url, "/content/book"]',
            "    subprocess.run(clone, check=True)",
            '    install = ["-m", "pip", "install", "-q", "-e", "/content/book"]',
            "    subprocess.run([sys.executable, *install], check=True)",
            '    sys.path.insert(0, "/content/book")',
        ]
    )


def _source(cell: dict) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def problems(path: Path, root: Path = REPO_ROOT) -> list[str]:
    """Everything that keeps ``path`` from being a clean chapter (empty list: clean)."""
    name = path.name
    try:
        notebook = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        return [f"{name}: not valid JSON: {error}"]
    found = []
    if notebook.get("nbformat") != 4:
        found.append(f"{name}: nbformat must be 4")
    extra = set(notebook.get("metadata", {})) - ALLOWED_NOTEBOOK_METADATA
    if extra:
        found.append(f"{name}: foreign notebook metadata {sorted(extra)}")
    ids = [cell.get("id") for cell in notebook.get("cells", [])]
    repeated = sorted({i for i in ids if i is not None and ids.count(i) > 1})
    if repeated:
        found.append(f"{name}: cell ids used twice {repeated}")
    kernel = notebook.get("metadata", {}).get("kernelspec", {})
    if kernel.get("name") != "python3":
        found.append(f"{name}: kernel must be python3, found {kernel.get('name')!r}")
    cells = notebook.get("cells", [])
    if (
        not cells
        or cells[0]["cell_type"] != "markdown"
        or not _source(cells[0]).startswith("# ")
    ):
        found.append(f"{name}: the first cell must be a markdown title '# ...'")
    code = [c for c in cells if c["cell_type"] == "code"]
    if code and (
        _source(code[0]) != install_cell_source(root)
        or code[0].get("metadata", {}).get("tags") != ["remove-cell"]
    ):
        found.append(
            f"{name}: the first code cell is not the install cell "
            "(run 'python -m tools.notebooks fix')"
        )
    for number, cell in enumerate(cells, start=1):
        extra = set(cell.get("metadata", {})) - ALLOWED_CELL_METADATA
        if extra:
            found.append(
                f"{name}, cell {number}: foreign cell metadata {sorted(extra)}"
            )
        mystnb = set(cell.get("metadata", {}).get("mystnb", {})) - ALLOWED_MYSTNB_KEYS
        if mystnb:
            found.append(
                f"{name}, cell {number}: unknown mystnb settings {sorted(mystnb)}"
            )
        jupyter = cell.get("metadata", {}).get("jupyter", {})
        if set(jupyter) - ALLOWED_JUPYTER_KEYS:
            found.append(
                f"{name}, cell {number}: unknown jupyter settings "
                f"{sorted(set(jupyter) - ALLOWED_JUPYTER_KEYS)}"
            )
        folded = bool(FOLDING_TAGS & set(cell.get("metadata", {}).get("tags", [])))
        if folded != bool(jupyter.get("source_hidden", False)):
            found.append(
                f"{name}, cell {number}: a folded cell (hide-input) must be "
                "source_hidden, and only a folded one (run 'python -m tools.notebooks "
                "fix')"
            )
        if cell["cell_type"] == "code":
            if cell.get("outputs"):
                found.append(f"{name}, cell {number}: has outputs")
            if cell.get("execution_count") is not None:
                found.append(f"{name}, cell {number}: has an execution count")
        if "attachments" in cell:
            found.append(f"{name}, cell {number}: has attachments")
    return found


def fix(path: Path, root: Path = REPO_ROOT) -> None:
    """Strip outputs, counts and foreign metadata; set the kernel and install cell."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    notebook["nbformat"], notebook["nbformat_minor"] = 4, 5
    notebook["metadata"] = {
        "kernelspec": KERNELSPEC,
        "language_info": {"name": "python"},
    }
    install = {
        "cell_type": "code",
        "execution_count": None,
        # Shown on Colab and in Jupyter, left out of the HTML book where it would only
        # be noise.
        "metadata": {"tags": ["remove-cell"]},
        "outputs": [],
        "source": install_cell_source(root),
    }
    cells = notebook["cells"]
    taken = {cell["id"] for cell in cells if "id" in cell}
    for number, cell in enumerate(cells):
        cell["metadata"] = {
            k: v
            for k, v in cell.get("metadata", {}).items()
            if k in ALLOWED_CELL_METADATA
        }
        cell.pop("attachments", None)
        cell["source"] = _source(cell)
        # A cell folded in the book opens collapsed in JupyterLab too.
        cell["metadata"].pop("jupyter", None)
        if FOLDING_TAGS & set(cell["metadata"].get("tags", [])):
            cell["metadata"]["jupyter"] = {"source_hidden": True}
        # A new cell gets a fresh id that no other cell of the notebook has.
        if "id" not in cell:
            suffix = ""
            while f"cell-{number}{suffix}" in taken:
                suffix = f"-{len(taken)}" if not suffix else suffix + "x"
            cell["id"] = f"cell-{number}{suffix}"
            taken.add(cell["id"])
        if cell["cell_type"] == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
    code = [i for i, c in enumerate(cells) if c["cell_type"] == "code"]
    if code and _source(cells[code[0]]).startswith((INSTALL_MARKER, *OLD_MARKERS)):
        install["id"] = cells[code[0]].get("id", "install")
        cells[code[0]] = install
    else:
        install["id"] = "install"
        cells.insert(1 if cells and cells[0]["cell_type"] == "markdown" else 0, install)
    path.write_text(
        json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )


def from_percent_script(text: str) -> dict:
    """Build a notebook from a draft in jupytext's percent format (``py:percent``).

    A line ``# %%`` starts a code cell and ``# %% [markdown]`` a markdown cell, whose
    lines start with a hash and a space. Handy for writing a chapter in an editor; the
    notebook is what gets committed.
    """
    cells: list[dict] = []
    kind, lines = None, []

    def flush() -> None:
        if kind is None:
            return
        body = "\n".join(lines).strip("\n")
        if kind == "markdown":
            body = "\n".join(
                line[2:] if line.startswith("# ") else line.lstrip("#")
                for line in body.splitlines()
            )
            cells.append({"cell_type": "markdown", "metadata": {}, "source": body})
        elif body.strip():
            cells.append(
                {
                    "cell_type": "code",
                    "execution_count": None,
                    "metadata": {},
                    "outputs": [],
                    "source": body,
                }
            )

    for line in text.splitlines():
        if line.startswith("# %%"):
            flush()
            kind, lines = ("markdown" if "[markdown]" in line else "code"), []
            tags = re.search(r"tags=\[([^\]]*)\]", line)
            if tags and kind == "code":
                flush_tags = [
                    t.strip().strip("\"'")
                    for t in tags.group(1).split(",")
                    if t.strip()
                ]
                lines.append(f"#TAGS {' '.join(flush_tags)}")
        else:
            lines.append(line)
    flush()
    for cell in cells:
        first, _, rest = cell["source"].partition("\n")
        if first.startswith("#TAGS "):
            cell["metadata"] = {"tags": first[6:].split()}
            cell["source"] = rest
    return {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


def run(path: Path, timeout: int = 600) -> float:
    """Execute ``path`` from its folder; print each cell's seconds, return the sum."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(
        notebook,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    total = 0.0
    with client.setup_kernel():
        for number, cell in enumerate(notebook.cells, start=1):
            if cell.cell_type != "code":
                continue
            start = time.perf_counter()
            client.execute_cell(cell, number - 1)
            seconds = time.perf_counter() - start
            total += seconds
            first = cell.source.splitlines()[0] if cell.source else ""
            print(f"cell {number:3d}  {seconds:7.2f} s  {first[:60]}")
    print(f"total {total:.1f} s")
    return total


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; see the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["fix", "check", "run", "from-py"])
    parser.add_argument("paths", nargs="+", type=Path)
    args = parser.parse_args(argv)
    if args.command == "from-py":
        source, target = args.paths
        notebook = from_percent_script(source.read_text(encoding="utf-8"))
        target.write_text(
            json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
        )
        fix(target)
        return 0
    if args.command == "fix":
        for path in args.paths:
            fix(path)
        return 0
    if args.command == "run":
        for path in args.paths:
            run(path)
        return 0
    found = [p for path in args.paths for p in problems(path)]
    print("\n".join(found) or "clean")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
