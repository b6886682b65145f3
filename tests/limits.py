"""How much wall-clock time a test may allow: the one rule for the whole suite.

CI runs on a shared 2-core machine that may run at half speed. A test that checks a
time limit therefore allows ``limit + max(1 s, 50 %)``: enough for a loaded machine,
and still far below what a method that ignores its limit would take. Speed itself is
never asserted in seconds; compare counts (nodes, conflicts, rounds) or ratios with a
wide margin instead.
"""


def within_limit(limit: float) -> float:
    """The most seconds a call with time limit ``limit`` may take in a test."""
    return limit + max(1.0, 0.5 * limit)
