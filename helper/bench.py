"""Fair, small benchmarks: interleaved runs, medians, checked answers, time limits.

The machine that builds the book is shared and noisy. So every chapter measures the same
way: all methods run on all instances in one process, interleaved (one round of every
pair, then the next round), each call with an explicit time limit, and the table reports
the median of the rounds. Every answer is checked by an independent checker; a wrong
answer is reported as ``"WRONG"``, never timed as a success.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable, Mapping
from typing import Any

import pandas as pd

from helper import SolverTimeout, Unsolvable

__all__ = [
    "full_benchmarks",
    "run_benchmark",
    "ratio_table",
    "plot_benchmark",
    "median_time",
]


def full_benchmarks() -> bool:
    """True when the reader asked for the long sweeps (``BOOK_FULL_BENCHMARK=1``).

    The book build runs the short version, so that executing every notebook stays quick.
    """
    return os.environ.get("BOOK_FULL_BENCHMARK", "") not in ("", "0", "false", "no")


def median_time(function: Callable[[], Any], repeats: int = 3) -> float:
    """Median wall-clock seconds of ``repeats`` calls of ``function()``."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def run_benchmark(
    instances: Mapping[str, Any],
    methods: Mapping[str, Callable[..., Any]],
    check: Callable[[Any, Any], Any],
    *,
    time_limit: float = 10.0,
    repeats: int = 3,
    skip_after_timeout: bool = True,
) -> pd.DataFrame:
    """Run every method on every instance, interleaved, and return one row per pair.

    Args:
        instances: name -> instance (a puzzle, as the methods take it).
        methods: name -> ``f(instance, time_limit=seconds)`` returning a solution, for
            example a puzzle module's ``METHODS``; it raises
            :class:`helper.SolverTimeout` or :class:`helper.Unsolvable` as ``solve``
            does.
        check: ``check(instance, solution)`` (a puzzle module's ``check``); returns
            truthy or raises ``ValueError``.
        time_limit: seconds for each call.
        repeats: rounds; the table reports the median time of the rounds.
        skip_after_timeout: once a method times out on an instance, later rounds skip
            that pair, and the method also skips later instances (instances are assumed
            to grow in size).

    Returns:
        A DataFrame with columns ``instance``, ``method``, ``seconds`` (median, ``NaN``
        unless every round ended ``"ok"``), ``status`` (``ok``, ``timeout``,
        ``unsolvable``, ``WRONG``, ``skipped``) and ``rounds``.
    """
    times: dict[tuple[str, str], list[float]] = {
        (i, m): [] for i in instances for m in methods
    }
    status: dict[tuple[str, str], str] = {}
    gave_up: set[str] = set()
    for _ in range(repeats):
        for iname, instance in instances.items():
            for mname, method in methods.items():
                key = (iname, mname)
                if status.get(key, "ok") != "ok":
                    continue
                if skip_after_timeout and mname in gave_up and not times[key]:
                    status[key] = "skipped"
                    continue
                start = time.perf_counter()
                try:
                    solution = method(instance, time_limit=time_limit)
                except SolverTimeout:
                    status[key] = "timeout"
                    gave_up.add(mname)
                    continue
                except Unsolvable:
                    status[key] = "unsolvable"
                    continue
                elapsed = time.perf_counter() - start
                try:
                    ok = check(instance, solution)
                except ValueError:
                    ok = False
                if not ok:
                    status[key] = "WRONG"
                    continue
                times[key].append(elapsed)
    rows = []
    for (iname, mname), values in times.items():
        state = status.get((iname, mname), "ok")
        rows.append(
            {
                "instance": iname,
                "method": mname,
                "seconds": statistics.median(values)
                if state == "ok" and values
                else float("nan"),
                "status": state,
                "rounds": len(values),
            }
        )
    return pd.DataFrame(rows)


def ratio_table(results: pd.DataFrame, baseline: str) -> pd.DataFrame:
    """Pivot ``run_benchmark`` output: one row per instance, one column per method.

    Cells hold the median seconds, or the status when a method did not succeed. An extra
    column per method gives ``time(method) / time(baseline)`` where both succeeded.
    """
    wide = results.pivot(index="instance", columns="method", values="seconds")
    wide = wide.reindex(index=list(dict.fromkeys(results["instance"])))
    wide = wide[list(dict.fromkeys(results["method"]))]
    shown = wide.map(lambda s: f"{s:.3f}" if s == s else "")
    for _, row in results.iterrows():
        if row["status"] != "ok":
            shown.loc[row["instance"], row["method"]] = row["status"]
    for method in wide.columns:
        if method != baseline:
            ratio = wide[method] / wide[baseline]
            shown[f"{method} / {baseline}"] = ratio.map(
                lambda r: f"{r:.3g}" if r == r else ""
            )
    shown.columns.name = None
    return shown


def plot_benchmark(
    results: pd.DataFrame,
    sizes: Mapping[str, float] | None = None,
    *,
    time_limit: float | None = None,
    title: str = "",
    xlabel: str = "instance",
):
    """Log-scale plot of median time per method; returns the matplotlib Figure.

    ``sizes`` maps instance names to a number for the x axis (for example the number of
    cells); without it the instances are placed evenly in table order. A dashed line
    marks the time limit.
    """
    from matplotlib import pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    order = list(dict.fromkeys(results["instance"]))
    for method, group in results.groupby("method", sort=False):
        group = group.set_index("instance").reindex(order)
        xs = [sizes[i] if sizes else n for n, i in enumerate(order)]
        ax.plot(xs, group["seconds"], marker="o", label=method)
    if time_limit:
        ax.axhline(
            time_limit, color="grey", linestyle="--", linewidth=1, label="time limit"
        )
    ax.set_yscale("log")
    ax.set_ylabel("median seconds (log scale)")
    ax.set_xlabel(xlabel)
    if not sizes:
        ax.set_xticks(range(len(order)), order, rotation=45, ha="right")
    ax.set_title(title)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    return fig
