"""The one entry point behind every puzzle's ``solve`` and ``solutions``.

Hand-written; no chapter teaches it. Each puzzle package declares its ``METHODS`` and
``DEFAULT_METHOD`` and hands every call to :func:`solve` and :func:`solutions` here, so
that the four puzzles check their arguments by one set of rules, with one shape of
message:

* the puzzle must be an instance of the package's puzzle class (``TypeError``);
* ``method`` is ``None`` (the default method) or a name in ``METHODS`` (``ValueError``
  that lists the names);
* ``time_limit`` is a finite number of seconds above 0 (``ValueError``, before any
  work is done: a NaN or a negative limit would otherwise make some solvers run for
  ever and others return at once);
* ``limit``, the most answers :func:`solutions` returns, is a whole number, at least 1.

Readers call ``helper.numberlink.solve(...)``, never these functions directly.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Mapping
from typing import Any

__all__ = [
    "MAX_CELLS",
    "check_cells",
    "check_limit",
    "check_method",
    "check_puzzle",
    "check_time_limit",
    "solve",
    "solutions",
]

#: The largest board (height x width cells) any parser, generator or solver accepts.
#: A bigger one is refused with a ``ValueError`` before anything is allocated: a typo
#: in a URL or a file should not ask for gigabytes.
MAX_CELLS = 10**6


def check_time_limit(time_limit: object) -> float:
    """Return ``time_limit`` as a float, or raise ``ValueError`` saying what it must be.

    A time limit is a finite number of seconds greater than 0. ``True`` and ``False``
    are refused although Python counts them as numbers.
    """
    if (
        isinstance(time_limit, bool)
        or not isinstance(time_limit, numbers.Real)
        or not math.isfinite(time_limit)
        or time_limit <= 0
    ):
        raise ValueError(
            f"time_limit must be a finite number of seconds > 0, not {time_limit!r}"
        )
    return float(time_limit)


def check_limit(limit: object) -> int:
    """Return ``limit`` (the most answers to return) or raise ``ValueError``.

    A limit is a whole number of at least 1 (``True`` is refused).
    """
    if isinstance(limit, bool) or not isinstance(limit, numbers.Integral) or limit < 1:
        raise ValueError(f"limit must be a whole number >= 1, not {limit!r}")
    return int(limit)


def check_method(
    method: object, methods: Mapping[str, Callable[..., Any]], default: str
) -> str:
    """Return the name of the method to run, or raise ``ValueError`` listing the names.

    ``None`` means ``default``; anything else must be a key of ``methods`` exactly
    (an empty string is not "no method").
    """
    if method is None:
        return default
    if not isinstance(method, str) or method not in methods:
        raise ValueError(
            f"unknown method {method!r}; the methods are {', '.join(methods)} "
            f"(default {default!r})"
        )
    return method


def check_puzzle(puzzle: object, kind: type) -> None:
    """Raise ``TypeError`` naming the expected class unless ``puzzle`` is a ``kind``."""
    if not isinstance(puzzle, kind):
        raise TypeError(
            f"expected a {kind.__module__}.{kind.__qualname__} puzzle, "
            f"not {type(puzzle).__name__}"
        )


def check_cells(height: int, width: int, what: str = "the board") -> None:
    """Raise ``ValueError`` if a ``height`` x ``width`` board is over :data:`MAX_CELLS`.

    Call it before allocating anything of that size.
    """
    if height * width > MAX_CELLS:
        raise ValueError(
            f"{what} is {height}x{width} = {height * width:,} cells; "
            f"the most this package accepts is {MAX_CELLS:,}"
        )


def solve(
    puzzle: object,
    *,
    kind: type,
    methods: Mapping[str, Callable[..., Any]],
    default: str,
    method: object,
    time_limit: object,
    **options: Any,
) -> Any:
    """Check the arguments by the rules above, then run the chosen method.

    Args:
        puzzle: the puzzle to solve.
        kind: the puzzle class the package accepts.
        methods: the package's ``METHODS``.
        default: the package's ``DEFAULT_METHOD``.
        method: the caller's choice (``None``: ``default``).
        time_limit: the caller's limit in seconds.
        options: passed on to the method unchanged.

    Returns:
        What the method returns: the package's solution.
    """
    check_puzzle(puzzle, kind)
    name = check_method(method, methods, default)
    seconds = check_time_limit(time_limit)
    return methods[name](puzzle, time_limit=seconds, **options)


def solutions(
    puzzle: object,
    *,
    kind: type,
    enumerate_: Callable[..., list],
    limit: object,
    time_limit: object,
    **options: Any,
) -> list:
    """Check the arguments of a ``solutions`` call, then enumerate.

    Args:
        puzzle: the puzzle.
        kind: the puzzle class the package accepts.
        enumerate_: the package's enumerator, ``f(puzzle, *, limit, time_limit, ...)``.
        limit: the most answers to return (at least 1).
        time_limit: seconds for the whole enumeration.
        options: passed on unchanged.
    """
    check_puzzle(puzzle, kind)
    count = check_limit(limit)
    seconds = check_time_limit(time_limit)
    return enumerate_(puzzle, limit=count, time_limit=seconds, **options)
