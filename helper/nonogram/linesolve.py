"""The line solver: what one line forces, with a few dozen integer operations per run.

Hand-written: *Nonograms: line solving, probing and search* (section *The fast
method*) explains the three ideas and shows :func:`sweep` and :func:`_reach` with
``show_source``; the chapter tests :func:`line_solve` against enumeration.

A set of positions is a Python integer, one bit per cell. A left-to-right sweep of a
dynamic program over (run, position) finds where each run may start with the runs
before it placed; the same sweep on the mirrored line finds what fits to the right. A
cell may be black if some run can cover it at a start both sweeps allow, and white if
it lies in a gap both allow.
"""

from __future__ import annotations

__all__ = [
    "sweep",
    "mirror",
    "line_solve_bits",
    "line_solve",
    "run_starts",
    "line_masks",
]


def _reach(seeds: int, allowed: int) -> int:
    """Positions reachable from ``seeds`` by stepping right over cells in ``allowed``.

    Bit ``q`` of the result is set when some seed ``s <= q`` has every cell
    ``s .. q-1`` in ``allowed``. One integer addition does this for all seeds at once:
    adding a seed bit inside a run of allowed bits makes the carry ripple to the end of
    the run.
    """
    return ((allowed + (seeds & allowed)) ^ allowed) | seeds


def _spread(bits: int, length: int) -> int:
    """OR of ``bits << t`` for ``t`` in ``0 .. length-1``, in log2(length) steps."""
    done = 1
    while done < length:
        step = min(done, length - done)
        bits |= bits << step
        done += step
    return bits


def _fits(can_black: int, length: int) -> int:
    """Bit ``p`` set when cells ``p .. p+length-1`` may all be black."""
    bits, done = can_black, 1
    while done < length:
        step = min(done, length - done)
        bits &= bits >> step
        done += step
    return bits


def sweep(clue: tuple[int, ...], can_white: int, can_black: int):
    """Left-to-right pass of the line solver.

    Returns ``(starts, gaps, reach)``: ``starts[j]`` holds the positions where run ``j``
    may start with runs ``0 .. j-1`` placed before it; ``gaps[j]`` the cells that may be
    white with exactly runs ``0 .. j-1`` to their left; bit ``length`` of ``reach`` is
    set when the whole clue fits.
    """
    starts, gaps = [], []
    ends = 1  # bit 0: no run placed yet, the line "ends" at position 0
    for j, run in enumerate(clue):
        # Bit q: the cells from the end of the last run up to q-1 may be white.
        reach = _reach(ends, can_white)
        gaps.append(reach & can_white)
        # A white cell before each run but the first.
        start = reach if j == 0 else (reach & can_white) << 1
        start &= _fits(can_black, run)
        starts.append(start)
        ends = start << run
    reach = _reach(ends, can_white)
    gaps.append(reach & can_white)
    return starts, gaps, reach


_BYTE_MIRROR = bytes(int(f"{b:08b}"[::-1], 2) for b in range(256))


def mirror(bits: int, length: int) -> int:
    """Reverse the order of the lowest ``length`` bits (``bits`` has no higher bits).

    Mirroring whole bytes with a table and reading them back in the other byte order
    keeps the work in C.
    """
    size = (length + 7) // 8
    mirrored = bits.to_bytes(size, "big").translate(_BYTE_MIRROR)
    return int.from_bytes(mirrored, "little") >> (8 * size - length)


def line_solve_bits(clue: tuple[int, ...], length: int, black: int, white: int):
    """Line solving on bit masks: the cells every placement agrees on.

    Args:
        clue: the runs of the line.
        length: number of cells.
        black, white: bit masks of the cells known to be black / white.

    Returns:
        ``(black, white)`` masks of the cells that are black / white in every placement
        that respects the known cells, or ``None`` when no placement does.
    """
    full = (1 << length) - 1
    can_white, can_black = full & ~black, full & ~white
    starts, gaps, reach = sweep(clue, can_white, can_black)
    if not reach >> length & 1:
        return None
    k = len(clue)
    # The same pass on the mirrored line tells what fits to the RIGHT of each position.
    r_starts, r_gaps, _ = sweep(
        clue[::-1], mirror(can_white, length), mirror(can_black, length)
    )
    may_black = 0
    for j, run in enumerate(clue):
        # Mirrored run k-1-j starting at r covers cells n-r-run .. n-r-1 of the line.
        right_ok = mirror(r_starts[k - 1 - j], length) >> (run - 1)
        may_black |= _spread(starts[j] & right_ok, run)
    may_white = 0
    for j in range(k + 1):
        may_white |= gaps[j] & mirror(r_gaps[k - j], length)
    return full & ~may_white, full & ~may_black


def line_masks(known: list[int] | None) -> tuple[int, int]:
    """Bit masks of the black and of the white cells of a line of 1 / 0 / -1."""
    black = white = 0
    for i, value in enumerate(known or ()):
        if value == 1:
            black |= 1 << i
        elif value == 0:
            white |= 1 << i
    return black, white


def line_solve(clue: tuple[int, ...], known: list[int]) -> list[int] | None:
    """Decide what one line alone forces, given its clue and its known cells.

    Args:
        clue: the runs of the line (``()`` for an empty line).
        known: one entry per cell: 1 black, 0 white, -1 unknown.

    Returns:
        The line with every cell that is the same in all fitting placements decided (1
        or 0), the others -1; ``None`` when no placement fits the known cells.
    """
    result = line_solve_bits(tuple(clue), len(known), *line_masks(known))
    if result is None:
        return None
    black, white = result
    n = len(known)
    return [1 if black >> t & 1 else 0 if white >> t & 1 else -1 for t in range(n)]


def run_starts(
    clue: tuple[int, ...], length: int, black: int = 0, white: int = 0
) -> list[int] | None:
    """The cells where each run of ``clue`` may start, as one bit mask per run.

    Bit ``p`` of ``result[j]`` is set when some placement that fits the known cells
    (the bit masks ``black`` and ``white``) starts run ``j`` at cell ``p``: the start
    must be allowed by :func:`sweep` from the left and by the same sweep on the
    mirrored line. ``None`` when no placement fits.
    """
    full = (1 << length) - 1
    can_white, can_black = full & ~black, full & ~white
    starts, _, reach = sweep(clue, can_white, can_black)
    if not reach >> length & 1:
        return None
    mirrored, _, _ = sweep(
        clue[::-1], mirror(can_white, length), mirror(can_black, length)
    )
    k = len(clue)
    # Mirrored run k-1-j starting at r ends at cell length-r-1 of the line.
    return [
        starts[j] & (mirror(mirrored[k - 1 - j], length) >> (run - 1))
        for j, run in enumerate(clue)
    ]
