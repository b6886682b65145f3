"""Hand-written: tables and plots of the committed sweeps of *What makes a model fast*.

Hand-written, because it is presentation, not a model the chapter teaches. The sweeps
themselves, and what each of their columns means, are in :mod:`helper.benchmarks`; the
functions here read their rows as :func:`helper.sweeps.load_results` returns them.
"""

from __future__ import annotations

import pandas as pd

from helper import bench
from helper.benchmarks import LIMITS

__all__ = ["frontier_table", "plot_frontier", "lazy_summary", "plot_lazy"]


def _reach(runs: pd.DataFrame) -> tuple[str, str]:
    """How far one method went up its sizes: (largest solved, first time out)."""
    ok = runs.loc[runs["status"] == "ok", "size"]
    wrong = int((runs["status"] == "WRONG").sum())
    largest = f"{ok.max()}x{ok.max()}" if len(ok) else "none"
    if wrong:
        largest += f" ({wrong} wrong)"
    timeouts = runs.loc[runs["status"] == "timeout", "size"]
    if len(timeouts):
        return largest, f"{timeouts.min()}x{timeouts.min()}"
    last = runs["size"].max()
    return largest, f"none up to {last}x{last}"


def frontier_table(results: pd.DataFrame) -> pd.DataFrame:
    """One row per puzzle: each method's largest board solved, and its first time out.

    A board counts as solved when every round solved it; it times out when any round
    did, so a board larger than the first time out can still be solved.

    The last column is the time of the default over that of the starting model
    (medians of the rounds) at the starting model's largest board ("–" without one).
    """
    rows = {}
    for puzzle_name, group in results.groupby("puzzle", sort=False):
        row = {}
        for role in ("starting model", "default"):
            runs = group[group["role"] == role]
            largest, timeout = _reach(runs)
            row[role, "method"] = runs["method"].iloc[0]
            row[role, "largest solved"] = largest
            row[role, "first time out"] = timeout
        start = group[(group["role"] == "starting model") & (group["status"] == "ok")]
        ratio = "–"
        if len(start):
            size = start["size"].max()
            at = group[group["size"] == size].set_index("role")["seconds"]
            if at["default"] == at["default"]:
                ratio = f"{at['default'] / at['starting model']:.3g}"
        row["default / starting", "time at that board"] = ratio
        rows[puzzle_name] = row
    table = pd.DataFrame(rows).T
    table.columns = pd.MultiIndex.from_tuples(table.columns)
    table.index.name = "puzzle"
    return table


def plot_frontier(results: pd.DataFrame):
    """The four puzzles' sweeps, 2 x 2: seconds against cells, one line per role.

    Returns the matplotlib Figure; one legend for all four panels, below them.
    """
    from matplotlib import pyplot as plt

    fig, axes = plt.subplots(2, 2, figsize=(9, 6.6))
    handles = {}
    for ax, (puzzle_name, group) in zip(
        axes.flat, results.groupby("puzzle", sort=False), strict=True
    ):
        group = group.sort_values(["cells", "role"], ascending=[True, False])
        names = dict(zip(group["role"], group["method"], strict=True))
        bench.plot_benchmark(
            group.assign(method=group["role"]),
            dict(zip(group["instance"], group["cells"], strict=True)),
            time_limit=LIMITS["fast-frontier"],
            title=f"{puzzle_name}: {names['starting model']} and {names['default']}",
            xlabel="cells of the board",
            ax=ax,
        )
        ax.set_ylabel("median seconds")
        for handle, label in zip(*ax.get_legend_handles_labels(), strict=True):
            handles.setdefault(label, handle)
        ax.get_legend().remove()
    fig.legend(
        handles.values(), handles.keys(), loc="lower center", ncol=3, frameon=False
    )
    fig.tight_layout(rect=(0, 0.08, 1, 1))
    return fig


def lazy_summary(results: pd.DataFrame) -> pd.DataFrame:
    """One row per family of Lesson 3's boards: rounds, time outs, and the time ratio.

    ``eager / lazy`` is the median, over the boards both solved, of the eager model's
    time over the lazy one's.
    """
    rows = []
    for family, group in results.groupby("family", sort=False):
        lazy = group[group["method"] == "lazy (sat)"].set_index("instance")
        eager = group[group["method"] != "lazy (sat)"].set_index("instance")
        ratio = (eager["seconds"] / lazy["seconds"]).dropna()
        rows.append(
            {
                "boards": family,
                "largest": f"{int(group['cells'].max() ** 0.5)}x"
                f"{int(group['cells'].max() ** 0.5)}",
                "most SAT calls": int(lazy["sat_calls"].max()),
                "lazy timed out": int((lazy["status"] == "timeout").sum()),
                "eager timed out": int((eager["status"] == "timeout").sum()),
                "eager / lazy (median)": (
                    f"{ratio.median():.3g}" if len(ratio) else "–"
                ),
            }
        )
    return pd.DataFrame(rows).set_index("boards")


def plot_lazy(results: pd.DataFrame):
    """Lesson 3 in two panels: SAT calls against cells, and eager / lazy against calls.

    On the right, a board the eager model did not solve is a hollow triangle at the
    ratio it would have at the time limit (a lower bound). Returns the Figure.
    """
    from matplotlib import pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(9, 3.9))
    limit = LIMITS["fast-lazy"]
    for family, group in results.groupby("family", sort=False):
        lazy = group[group["method"] == "lazy (sat)"].set_index("instance")
        eager = group[group["method"] != "lazy (sat)"].set_index("instance")
        lazy = lazy[lazy["status"] == "ok"]
        (line,) = left.plot(lazy["cells"], lazy["sat_calls"], "o-", label=family)
        colour = line.get_color()
        solved = eager.loc[lazy.index, "status"] == "ok"
        ratio = eager.loc[lazy.index, "seconds"] / lazy["seconds"]
        calls = lazy["sat_calls"]
        right.plot(calls[solved], ratio[solved], "o", color=colour)
        bound = limit / lazy["seconds"][~solved]
        right.plot(calls[~solved], bound, "^", color=colour, markerfacecolor="none")
    left.set(xscale="log", yscale="log", xlabel="cells of the board")
    left.set(ylabel="SAT calls of the lazy model", title="rounds")
    right.axhline(1, color="grey", linestyle="--", linewidth=1)
    right.set(xscale="log", yscale="log", xlabel="SAT calls of the lazy model")
    right.set(ylabel="eager time / lazy time", title="the eager model against the lazy")
    for ax in (left, right):
        ax.grid(True, which="both", alpha=0.3)
    right.plot(
        [], [], "^", color="grey", markerfacecolor="none", label="eager timed out"
    )
    handles = left.get_legend_handles_labels()[0] + right.get_legend_handles_labels()[0]
    fig.legend(handles=handles, loc="lower center", ncol=3, frameon=False)
    fig.tight_layout(rect=(0, 0.14, 1, 1))
    return fig
