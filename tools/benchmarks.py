"""Run the book's benchmark sweeps at full size and commit what they measure.

Usage (from the repository root)::

    python -m tools.benchmarks --list          # the sweeps and their chapters
    python -m tools.benchmarks                 # run every sweep, write data/benchmarks/
    python -m tools.benchmarks nonogram-search # run the named sweeps only

Each sweep is a function registered with ``@helper.sweeps.sweep`` in a package's
``benchmarks`` module. Its rows go to ``data/benchmarks/<name>.csv``, headed by the
date, the machine, the Python and solver versions and the command, so that the chapters
can say when and where the numbers were measured. A full run takes hours on a 2-core
machine; the book build only re-runs the small sizes and checks that they agree
(:func:`helper.sweeps.disagreements`).
"""

from __future__ import annotations

import argparse
import sys
import time

from helper import sweeps as registry


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; see the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="sweeps to run (default: all)")
    parser.add_argument("--list", action="store_true", help="list the sweeps")
    args = parser.parse_args(argv)
    known = registry.sweeps()
    if args.list:
        for name, sweep in known.items():
            print(f"{name:28} {sweep.chapter:22} {sweep.title}")
        return 0
    unknown = sorted(set(args.names) - set(known))
    if unknown:
        print(f"unknown sweeps {unknown}; known: {', '.join(known)}", file=sys.stderr)
        return 2
    for name in args.names or list(known):
        sweep = known[name]
        print(f"{name}: {sweep.title} ...", flush=True)
        start = time.perf_counter()
        rows = sweep.run(True)
        meta = {
            "sweep": name,
            "title": sweep.title,
            "chapter": sweep.chapter,
            **registry.environment(),
            "wall seconds": f"{time.perf_counter() - start:.0f}",
        }
        path = registry.save_results(name, rows, meta)
        print(f"  wrote {path} ({len(rows)} rows, {meta['wall seconds']} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
