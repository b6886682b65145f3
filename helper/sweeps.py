"""Committed benchmark sweeps: run once at full size, read by the chapters.

Hand-written: bookkeeping around the benchmarks, not a model the chapters teach.

The full sweeps take far longer than a book build may. So each is a registered
:class:`Sweep` (``@sweep("name", ...)`` in a module whose name ends in
``benchmarks``), run at full size by one command, ``python -m tools.benchmarks``,
which writes its results with the machine, the versions and the date to
``data/benchmarks/<name>.csv``. A chapter
plots and tabulates those committed files (:func:`load_results`, :func:`measured_on`)
and re-runs the small sizes at build time: :func:`disagreements` compares the live
rows with the committed ones (same answers found, and the same clear winner), so that a
change in the code that makes the committed numbers wrong fails the build.
"""

from __future__ import annotations

import datetime
import importlib
import os
import platform
import textwrap
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from helper import REPO_ROOT

__all__ = [
    "RESULTS",
    "Sweep",
    "sweep",
    "sweeps",
    "environment",
    "save_results",
    "load_results",
    "measured_on",
    "disagreements",
]

#: Where ``python -m tools.benchmarks`` writes the full sweeps, one CSV file each.
RESULTS = REPO_ROOT / "data" / "benchmarks"


@dataclass(frozen=True)
class Sweep:
    """A benchmark sweep that ``python -m tools.benchmarks`` can run at full size.

    Attributes:
        name: the file stem under :data:`RESULTS` (``"nonogram-search"``).
        chapter: the notebook that shows the results (``"nonogram_pysat"``).
        title: one line saying what is measured.
        run: ``run(full)`` returns the rows (the columns of
            :func:`helper.bench.run_benchmark`,
            and any others the chapter wants, such as ``cells``). ``full=False`` is
            the small version the book build re-runs: its instances must be a subset
            of the full run's, under the same names, so that the two can be compared.
    """

    name: str
    chapter: str
    title: str
    run: Callable[[bool], pd.DataFrame]


_SWEEPS: dict[str, Sweep] = {}


def sweep(name: str, *, chapter: str, title: str) -> Callable:
    """Register ``f(full) -> DataFrame`` as the sweep ``name`` (a decorator).

    Raises:
        ValueError: another function already registered that name.
    """

    def register(run: Callable[[bool], pd.DataFrame]) -> Callable:
        known = _SWEEPS.get(name)
        if known is not None and known.run.__qualname__ != run.__qualname__:
            raise ValueError(f"two sweeps are called {name!r}")
        _SWEEPS[name] = Sweep(name, chapter, title, run)
        return run

    return register


def sweeps() -> dict[str, Sweep]:
    """Every registered sweep, after importing each ``helper.*benchmarks`` module."""
    import pkgutil

    import helper

    for info in pkgutil.walk_packages(helper.__path__, prefix="helper."):
        if info.name.rsplit(".", 1)[-1].endswith("benchmarks"):
            importlib.import_module(info.name)
    return dict(sorted(_SWEEPS.items()))


def _version(package: str) -> str:
    from importlib import metadata

    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "not installed"


def _processor() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown processor"


def environment() -> dict[str, str]:
    """Where and with what a benchmark ran: machine, cores, Python, solvers, date."""
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, {_processor()}",
        "system": platform.platform(terse=True),
        "python": platform.python_version(),
        "z3-solver": _version("z3-solver"),
        "ortools": _version("ortools"),
        "python-sat": _version("python-sat"),
        "numpy": _version("numpy"),
    }


def save_results(
    name: str,
    results: pd.DataFrame,
    meta: Mapping[str, str],
    folder: Path = RESULTS,
) -> Path:
    """Write ``results`` to ``folder/<name>.csv``, ``meta`` first as ``# key: value``.

    Returns:
        The path written.
    """
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.csv"
    header = "".join(f"# {key}: {value}\n" for key, value in meta.items())
    path.write_text(header + results.to_csv(index=False), encoding="utf-8")
    return path


def load_results(name: str, folder: Path = RESULTS) -> pd.DataFrame:
    """Read a committed sweep; its ``# key: value`` lines go to ``.attrs["meta"]``.

    Only the leading ``# `` lines are the header: a ``#`` inside the rows (an instance
    named ``seed #3``) is data, not the start of a comment.

    Raises:
        FileNotFoundError: no such sweep was committed; the message says how to make it.
    """
    path = folder / f"{name}.csv"
    if not path.is_file():
        raise FileNotFoundError(
            f"{path} is missing: run 'python -m tools.benchmarks {name}'"
        )
    meta, header = {}, 0
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            if not line.startswith("# "):
                break
            key, _, value = line[2:].rstrip("\n").partition(": ")
            meta[key] = value
            header += 1
    table = pd.read_csv(path, skiprows=header)
    table.attrs["meta"] = meta
    return table


def measured_on(results: pd.DataFrame) -> str:
    """One sentence for the chapter: when, where and with what the sweep was run.

    It is wrapped at 88 characters, so that a printed output fits the page.
    """
    meta = results.attrs.get("meta", {})
    versions = ", ".join(
        f"{package} {meta[package]}"
        for package in ("z3-solver", "ortools", "python-sat")
        if package in meta
    )
    where = (
        f"Measured on {meta.get('date', '?')} on {meta.get('machine', '?')}, "
        f"Python {meta.get('python', '?')}, {versions},"
    )
    command = f"python -m tools.benchmarks {meta.get('sweep', '')}".rstrip()
    return textwrap.fill(where, 88, break_on_hyphens=False) + f"\nby `{command}`."


def disagreements(
    live: pd.DataFrame,
    committed: pd.DataFrame,
    *,
    time_limit: float,
    margin: float = 3.0,
) -> list[str]:
    """Where a live re-run contradicts the committed results (empty: they agree).

    Only what a busy machine cannot change is compared, on the instances both hold:

    * an outcome that does not depend on speed: ``unsolvable`` and ``WRONG`` must match
      exactly, and no live answer may be wrong;
    * an answer found far from the limit: a call that took less than
      ``time_limit / margin`` in the committed run must be ``ok`` live, and a live
      ``ok`` in less than ``time_limit / margin`` must not be a committed timeout;
    * a clear winner: where the fastest method of an instance was ``margin`` times
      faster than every other in the committed run, it must still be the fastest live.

    Args:
        live: the rows of the build-time re-run (the small sizes).
        committed: the rows of :func:`load_results`.
        time_limit: the limit of each call in the live run.
        margin: how clear a result must be to count.
    """
    found = []
    key = ["instance", "method"]
    both = live.merge(committed, on=key, suffixes=("_live", "_committed"))
    if both.empty:
        return ["the live run shares no (instance, method) with the committed one"]
    clear = time_limit / margin
    for row in both.itertuples(index=False):
        where = f"{row.instance}, {row.method}"
        a, b = row.status_live, row.status_committed
        if a == "WRONG":
            found.append(f"{where}: a wrong answer")
        elif "unsolvable" in (a, b) and a != b:
            found.append(f"{where}: {a} now, {b} when committed")
        elif b == "ok" and row.seconds_committed < clear and a != "ok":
            found.append(f"{where}: {a} now, {row.seconds_committed:.3g} s committed")
        elif a == "ok" and row.seconds_live < clear and b == "timeout":
            found.append(f"{where}: {row.seconds_live:.3g} s now, a committed timeout")
    for instance, group in both.groupby("instance", sort=False):
        times = group.set_index("method")["seconds_committed"].dropna()
        if len(times) < 2:
            continue
        best, second = times.nsmallest(2)
        winner = times.idxmin()
        live_times = group.set_index("method")["seconds_live"]
        if second >= margin * best and live_times.idxmin(skipna=True) != winner:
            found.append(
                f"{instance}: {winner} was {second / best:.3g}x ahead, not now"
            )
    return found
