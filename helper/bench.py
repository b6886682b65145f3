"""Fair benchmarks: interleaved runs, medians, checked answers, committed results.

Hand-written: the harness the chapters use, not a model they teach.

The machine that builds the book is shared and noisy. So every chapter measures the same
way: all methods run on all instances in one process, interleaved (one round of every
pair, then the next round), each call with an explicit time limit, and the table reports
the median of the rounds. Every answer is checked by an independent checker; a wrong
answer is reported as ``"wrong"``, never timed as a success.

The full sweeps, far longer than a book build may take, are committed results:
:mod:`helper.sweeps`.
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
    "FAILURE_MARKERS",
    "readable",
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
            word = "wrong" if row["status"] == "WRONG" else row["status"]
            shown.loc[row["instance"], row["method"]] = word
    for method in wide.columns:
        if method != baseline:
            ratio = wide[method] / wide[baseline]
            shown[f"{method} / {baseline}"] = ratio.map(
                lambda r: f"{r:.3g}" if r == r else ""
            )
    shown.columns.name = None
    return shown


#: How a benchmark plot marks the calls that gave no time: marker and legend text.
FAILURE_MARKERS = {
    "timeout": ("^", "timed out (drawn at the limit)"),
    "WRONG": ("X", "wrong answer (drawn at the limit)"),
}


def _draw_failures(ax, x: list, status, time_limit: float, colour) -> set[str]:
    """Mark the calls of one method that gave no time on the limit line.

    Returns the failure kinds drawn, for the legend.
    """
    drawn = set()
    for kind, (marker, _) in FAILURE_MARKERS.items():
        bad = status == kind
        if bad.any():
            drawn.add(kind)
            ax.plot(
                [v for v, b in zip(x, bad, strict=True) if b],
                [time_limit] * int(bad.sum()),
                marker=marker,
                markersize=9,
                linestyle="none",
                color=colour,
                markerfacecolor="none" if kind == "timeout" else colour,
            )
    return drawn


def _draw_limit(ax, time_limit: float, failures: set[str]) -> None:
    """The dashed limit line, and a legend entry for each kind of failure drawn."""
    ax.axhline(
        time_limit, color="grey", linestyle="--", linewidth=1, label="time limit"
    )
    for kind, (marker, text) in FAILURE_MARKERS.items():
        if kind in failures:
            ax.plot(
                [],
                [],
                marker=marker,
                color="grey",
                linestyle="none",
                markerfacecolor="none" if kind == "timeout" else "grey",
                label=text,
            )


def plot_benchmark(
    results: pd.DataFrame,
    sizes: Mapping[str, float] | None = None,
    *,
    time_limit: float | None = None,
    title: str = "",
    xlabel: str = "instance",
    ax=None,
):
    """Plot median time per method on a log scale; return the matplotlib Figure.

    Args:
        results: the output of :func:`run_benchmark`.
        sizes: instance name -> a number for the x axis (for example the number of
            cells). The x axis is logarithmic when the sizes span a factor of 10 or
            more. Without ``sizes`` the instances (real puzzles, say) are categories:
            each method is a row of dots, never a line that would join unrelated
            puzzles.
        time_limit: draws the limit as a dashed line; calls that timed out or gave a
            wrong answer are drawn on it with their own markers, so that no result
            silently disappears.
        title: the plot's title.
        xlabel: the x axis label.
        ax: draw into these axes instead of a new figure.

    The legend sits outside the data, to the right.
    """
    from matplotlib import pyplot as plt

    if ax is None:
        fig, ax = plt.subplots(figsize=(8, 4.2))
    else:
        fig = ax.figure
    order = list(dict.fromkeys(results["instance"]))
    methods = list(dict.fromkeys(results["method"]))
    xs = {name: sizes[name] for name in order} if sizes else None
    lines = bool(xs) and len(set(xs.values())) == len(order)
    spread = 0.6 / max(len(methods), 1)
    seen_failures: set[str] = set()
    for k, method in enumerate(methods):
        group = results[results["method"] == method].set_index("instance")
        group = group.reindex([name for name in order if name in group.index])
        if xs:
            x = [xs[name] for name in group.index]
        else:  # categories: spread the methods a little around each position
            x = [
                order.index(name) + (k - (len(methods) - 1) / 2) * spread
                for name in group.index
            ]
        ok = group["status"].to_numpy() == "ok"
        points = ax.plot(  # a failed call leaves a gap in the line
            x,
            group["seconds"].where(ok),
            marker="o",
            linestyle="-" if lines else "none",
            label=method,
        )
        if time_limit:
            seen_failures |= _draw_failures(
                ax, x, group["status"].to_numpy(), time_limit, points[0].get_color()
            )
    if time_limit:
        _draw_limit(ax, time_limit, seen_failures)
    ax.set_yscale("log")
    ax.set_ylabel("median seconds (log scale)")
    ax.set_xlabel(xlabel)
    if xs:
        values = [v for v in xs.values() if v > 0]
        if values and max(values) >= 10 * min(values):
            ax.set_xscale("log")
    else:
        ax.set_xticks(range(len(order)), order, rotation=45, ha="right")
    ax.set_title(title)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    fig.tight_layout()
    return fig


def _words(column: object) -> object:
    return column.replace("_", " ") if isinstance(column, str) else column


def readable(table: pd.DataFrame) -> pd.DataFrame:
    """A copy of ``table`` as a reader should see it.

    Headers in words (``median_nodes`` becomes ``median nodes``), whole numbers stored
    as floats shown as integers (``1860.0`` becomes ``1860``), infinities and the
    status ``WRONG`` as the words ``timeout`` and ``wrong``.
    """
    shown = table.copy()
    for column in shown.columns:
        values = shown[column]
        if pd.api.types.is_float_dtype(values):
            finite = values[values.abs() != float("inf")].dropna()
            if len(finite) and (finite == finite.round()).all():
                shown[column] = values.map(_whole)
            elif (values.abs() == float("inf")).any():
                shown[column] = values.map(
                    lambda v: "timeout" if abs(v) == float("inf") else v
                )
        elif values.dtype == object:  # map, not replace: no dtype guessing
            shown[column] = values.map(lambda v: "wrong" if v == "WRONG" else v)
    shown.columns = [_words(c) for c in shown.columns]
    shown.index.names = [_words(n) for n in shown.index.names]
    return shown


def _timeout_word(value: float) -> object:
    return "timeout" if abs(value) == float("inf") else value


def _whole(value: float) -> object:
    if value != value:
        return ""
    if abs(value) == float("inf"):
        return "timeout"
    return int(value)
