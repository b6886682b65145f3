"""Puzzles from random pictures, and the repair loop that makes their picture unique.

Hand-written: *Nonograms: line solving, probing and search* (section *Probing, then
SAT for the rest*) and *Nonograms: search and unique puzzles* (section *A puzzle with
one picture*) describe the generator; the second shows the repair loop with
``show_source``. A puzzle made from a picture always has that picture as a solution,
but often more; :func:`generate` with ``unique=True`` repairs the picture, one cell at
a time, until :func:`helper.nonogram.unique.solutions_sat` finds no second picture.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable

import numpy as np

from helper import Deadline
from helper.dispatch import check_cells, check_time_limit
from helper.inputs import exact_int
from helper.nonogram.puzzle import Nonogram
from helper.nonogram.unique import solutions_sat

__all__ = ["STYLES", "draw", "generate", "other_picture", "unique_picture"]

#: The kinds of random pictures :func:`generate` draws.
STYLES = ("noise", "blobs")


def draw(
    rng: np.random.Generator,
    height: int,
    width: int,
    density: float,
    style: str = "noise",
    smoothing: int = 0,
) -> np.ndarray:
    """A random picture (a bool array) in one of the :data:`STYLES`."""
    if style == "noise":
        picture = rng.random((height, width)) < density
        for _ in range(smoothing):  # each cell takes the colour of most of its 3x3
            padded = np.pad(picture, 1).astype(np.int8)
            votes = sum(
                padded[dr : dr + height, dc : dc + width]
                for dr in range(3)
                for dc in range(3)
            )
            picture = votes >= 5
        return picture
    rows, cols = np.mgrid[0:height, 0:width]
    field = np.zeros((height, width))
    for _ in range(max(4, height * width // 150)):  # bumps up and down
        r0, c0 = rng.uniform(0, height), rng.uniform(0, width)
        radius = rng.uniform(2.0, max(3.0, min(height, width) / 6))
        bump = np.exp(-((rows - r0) ** 2 + (cols - c0) ** 2) / (2 * radius**2))
        field += rng.choice((-1.0, 1.0)) * bump
    return field > np.quantile(field, 1 - density)


def _check_arguments(
    height: object, width: object, density: object, style: object, counts: dict
) -> tuple[int, int]:
    """The checks of :func:`generate`; returns ``height`` and ``width`` as ints."""
    height, width = exact_int(height, "height"), exact_int(width, "width")
    if height < 1 or width < 1:
        raise ValueError(
            f"a puzzle has at least one row and one column, not {height}x{width}"
        )
    check_cells(height, width, "the puzzle")
    if (
        isinstance(density, bool)
        or not isinstance(density, numbers.Real)
        or not 0 <= density <= 1
    ):
        raise ValueError(
            f"density is a share of the cells, from 0 to 1, not {density!r}"
        )
    if style not in STYLES:
        raise ValueError(f"unknown style {style!r}; the styles are 'noise' and 'blobs'")
    for name, value in counts.items():
        if exact_int(value, name) < 0:
            raise ValueError(f"{name} is a count, not {value!r}")
    return height, width


def generate(
    height: int,
    width: int,
    *,
    seed: int = 0,
    density: float = 0.5,
    style: str = "noise",
    smoothing: int = 0,
    unique: bool = False,
    rounds: int = 50,
    time_limit: float = 60.0,
    stats: dict | None = None,
) -> Nonogram:
    """The clues of a random picture; with ``unique=True``, clues with one picture.

    The picture is drawn by ``np.random.default_rng(seed)``, so the same arguments
    always give the same puzzle. Such a puzzle always has a solution (the picture) but
    often several. With ``unique=True`` the picture is repaired until its clues have no
    other picture (:func:`unique_picture`): at most ``rounds`` repairs, then a fresh
    picture from the same generator, until ``time_limit`` seconds have passed.

    Args:
        height: number of rows.
        width: number of columns.
        seed: seed of the random generator.
        density: the share of black cells: in ``"noise"`` each cell is black with
            this probability, in ``"blobs"`` the picture is cut at this share.
        style: ``"noise"``, every cell drawn on its own (the hardest pictures for line
            solving), or ``"blobs"``, smooth shapes made of random bumps, like a
            drawing without its straight lines.
        smoothing: for ``"noise"``, rounds of a 3x3 majority vote (each cell takes the
            colour of at least five of the nine cells around it).
        unique: repair the picture until the puzzle has exactly one picture.
        rounds: repairs of one picture before it is rejected and a new one drawn.
        time_limit: seconds for the whole ``unique=True`` search (a finite number > 0).
        stats: if a dict, it receives ``"repairs"`` and ``"pictures"`` (drawn).

    Raises:
        ValueError: a size that is not a positive integer or is over
            :data:`helper.dispatch.MAX_CELLS` cells, a density outside 0 to 1, an
            unknown style, a negative or fractional count, or a time limit that is
            not a finite number > 0 (all before anything is drawn).
        TypeError: ``stats`` is neither ``None`` nor a dict.
        helper.SolverTimeout: ``unique=True`` found no unique puzzle in time.
    """
    counts = {"smoothing": smoothing, "rounds": rounds}
    height, width = _check_arguments(height, width, density, style, counts)
    if stats is not None and not isinstance(stats, dict):
        raise TypeError(f"stats is a dict that receives the counts, not {stats!r:.40}")
    seconds = check_time_limit(time_limit)
    rng = np.random.default_rng(seed)
    picture = draw(rng, height, width, density, style, smoothing)
    if unique:

        def redraw() -> np.ndarray:
            return draw(rng, height, width, density, style, smoothing)

        found = unique_picture(picture, rng, redraw, rounds, Deadline(seconds))
        picture, repairs, pictures = found
        if stats is not None:
            stats.update(repairs=repairs, pictures=pictures)
    return Nonogram.from_picture(picture)


def other_picture(picture: np.ndarray, deadline: Deadline) -> np.ndarray | None:
    """A picture other than ``picture`` with the same clues, or ``None`` if none.

    Raises:
        helper.SolverTimeout: the question was not settled before ``deadline``.
    """
    puzzle = Nonogram.from_picture(picture)
    left = deadline.check("making a puzzle with one picture")
    for other in solutions_sat(puzzle, limit=2, time_limit=left):
        if (other != picture).any():
            return other
    return None


def unique_picture(
    picture: np.ndarray,
    rng: np.random.Generator,
    redraw: Callable[[], np.ndarray],
    rounds: int,
    deadline: Deadline,
) -> tuple[np.ndarray, int, int]:
    """Repair ``picture`` until its clues have one picture; re-draw after ``rounds``.

    A repair takes a second picture of the clues and gives one cell where the two
    differ (chosen with ``rng``) the second picture's colour. ``redraw()`` draws the
    fresh picture that replaces a rejected one.

    Returns:
        ``(picture, repairs, pictures)``: the unique picture, the repairs made and the
        number of pictures drawn.

    Raises:
        helper.SolverTimeout: ``deadline`` passed first.
    """
    repairs, pictures = 0, 1
    while True:
        for repair in range(rounds + 1):
            other = other_picture(picture, deadline)
            if other is None:
                return picture, repairs, pictures
            if repair < rounds:
                differ = np.argwhere(picture != other)
                r, c = differ[rng.integers(len(differ))]
                picture = picture.copy()
                picture[r, c] = other[r, c]  # agree with the other picture here
                repairs += 1
        picture = redraw()  # reject: draw a new picture
        pictures += 1
