"""Write the Numberlink test set of boards whose one answer leaves cells empty.

    python -m tools.numberlink_holes [SIZE ...]

For each size (default: 15 20 25 30) and seed in :data:`SEEDS`, the book's generator
``helper.numberlink.generate(n, n, seed=s, unique=True, fill=False, empty=EMPTY)``
makes a puzzle with one solution; it is written to
``data/numberlink/holes/<n>x<n>_seed<s>.txt`` in the book's text format (read it with
``load(path, fill=False)``). A seed whose proof does not finish within
:data:`TIME_LIMIT` seconds is skipped and said so. The slow test
``tests/test_numberlink_holes.py::test_the_empty_cell_set_is_solved_fast`` solves them.
"""

from __future__ import annotations

import sys
import time

from helper import REPO_ROOT, SolverTimeout
from helper.numberlink import generate

#: The seeds per size, and the share of cells freed before the uniqueness proof.
SEEDS = {15: range(4), 20: range(4), 25: range(2), 30: range(2)}
EMPTY = 0.06
#: Seconds for one puzzle's proof.
TIME_LIMIT = 900.0
FOLDER = REPO_ROOT / "data" / "numberlink" / "holes"


def main(sizes: list[int]) -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    for n in sizes:
        for seed in SEEDS.get(n, range(2)):
            start = time.perf_counter()
            try:
                puzzle = generate(
                    n, n, seed=seed, unique=True, fill=False, empty=EMPTY,
                    time_limit=TIME_LIMIT,
                )
            except SolverTimeout:
                print(f"{n}x{n} seed {seed}: no proof in {TIME_LIMIT:.0f} s, skipped")
                continue
            path = FOLDER / f"{n}x{n}_seed{seed}.txt"
            rows = (" ".join(str(int(v)) for v in row) for row in puzzle.board)
            path.write_text("\n".join(rows) + "\n")
            seconds = time.perf_counter() - start
            print(f"{path.name}: {puzzle.pairs} pairs, {seconds:.0f} s", flush=True)


if __name__ == "__main__":
    main([int(arg) for arg in sys.argv[1:]] or sorted(SEEDS))
