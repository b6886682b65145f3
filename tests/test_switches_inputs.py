"""helper.switches against bad input, short time limits and random puzzles.

Each defect of the hostile battery (issue 21) is a test here with its documented
outcome: a wrong type is a ``TypeError`` and a wrong value a ``ValueError`` that name
the field, file or rule; a time limit holds for every method, building the model
included, and leaves no thread behind; sizes over the caps are refused before anything
is allocated. The Hypothesis properties run a few hundred examples each; set
``HYPOTHESIS_PROFILE=slow`` for ten times as many.
"""

import gc
import itertools
import json
import math
import os
import subprocess
import sys
import time

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from limits import within_limit

import helper.switches as sw
from helper import REPO_ROOT, SolverTimeout, Unsolvable, data_path
from helper.dispatch import MAX_CELLS
from helper.switches.gf2 import solutions_gf2

EXAMPLES = 2000 if os.environ.get("HYPOTHESIS_PROFILE") == "slow" else 200
PROPERTY = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
EXAMPLE_TEXT = data_path("switches01.txt").read_text(encoding="utf-8")
BOARD_TEXT = data_path("lightsout/hakank_lights_out_1_9x9.txt").read_text("utf-8")
TIME_LIMIT_SHAPE = r"^time_limit must be a finite number of seconds > 0, not "
CLASS_SHAPE = r"^expected a helper\.switches\.puzzle\.Switches puzzle, not object$"


def _run(script: str) -> dict:
    """Run ``script`` in a fresh interpreter and return the JSON it prints last."""
    result = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        check=True,
        timeout=120,
    )
    return json.loads(result.stdout.splitlines()[-1])


def flips_of(puzzle, pressed) -> set:
    """The lights that ``pressed`` flips, by counting (no solver code)."""
    count = dict.fromkeys(puzzle.nodes, 0)
    for v in pressed:
        count[v] += 1
    for a, b in puzzle.edges:
        count[b] += a in pressed
        count[a] += b in pressed
    return {v for v, k in count.items() if k % 2}


# ------------------------------------------------ time limits hold, threads do not stay
THREADS_AND_TIMES = """
import json, os, time
import helper.switches as sw
from helper import SolverTimeout
puzzle = sw.generate(100, 100)
threads = lambda: len(os.listdir("/proc/self/task"))
out = {"threads before": threads()}
for method in ("z3", "cpsat"):
    start = time.perf_counter()
    try:
        sw.solve(puzzle, method=method, time_limit=1)
        outcome = "solved"
    except SolverTimeout:
        outcome = "timeout"
    out[method] = [outcome, time.perf_counter() - start]
out["threads after"] = threads()
print(json.dumps(out))
"""


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="needs Linux /proc")
def test_search_methods_keep_a_short_limit_and_leave_no_thread():
    # Building the Z3 model of a 100x100 board alone takes about 2.5 s; it counts.
    out = _run(THREADS_AND_TIMES)
    for method in ("z3", "cpsat"):
        outcome, seconds = out[method]
        assert outcome == "timeout", method
        assert seconds <= within_limit(1), (method, seconds)
    assert out["threads after"] == out["threads before"]


MEMORY_AND_TIME = """
import json, resource, time
import helper.switches as sw
from helper import SolverTimeout
puzzle = sw.generate(300, 300)
rss = lambda: resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
before, start = rss(), time.perf_counter()
try:
    sw.solve(puzzle, time_limit=1)
    outcome = "solved"
except SolverTimeout:
    outcome = "timeout"
print(json.dumps({"outcome": outcome, "seconds": time.perf_counter() - start,
                  "grown MB": rss() - before}))
"""


def test_elimination_of_a_300x300_board_keeps_its_limit_and_its_memory():
    out = _run(MEMORY_AND_TIME)
    assert out["outcome"] in ("solved", "timeout")
    assert out["seconds"] <= within_limit(1)
    assert out["grown MB"] < 200  # the band only: a dense matrix would be 1 GB


def test_a_band_as_wide_as_the_matrix_is_refused_up_front():
    lights = [f"v{i}" for i in range(100_000)]
    star = sw.Switches(lights, [], [("v0", v) for v in lights[1:]])
    start = time.perf_counter()
    with pytest.raises(ValueError, match=r"100,000 switches .* GiB; the most is 1"):
        sw.solve(star)
    assert time.perf_counter() - start < 3


def test_listing_many_answers_keeps_the_limit():
    torus = sw.lights_out_puzzle(np.ones((20, 20), dtype=int), torus=True)  # d = 32
    start = time.perf_counter()
    with pytest.raises(SolverTimeout, match="listing answers"):
        sw.solutions(torus, limit=10**6, time_limit=1)
    assert time.perf_counter() - start <= within_limit(1)


BAD_TIME_LIMITS = [math.nan, 0, -1, math.inf, "1", None, True]


def _entry_points():
    puzzle = sw.generate(4, 4, seed=1)
    calls = {}
    for m in sw.METHODS:
        calls[f"solve {m}"] = lambda t, m=m: sw.solve(puzzle, method=m, time_limit=t)
    calls["solutions"] = lambda t: sw.solutions(puzzle, time_limit=t)
    calls["solutions_gf2"] = lambda t: solutions_gf2(puzzle, time_limit=t)
    calls["fewest_presses"] = lambda t: sw.fewest_presses(puzzle, time_limit=t)
    calls["nullity"] = lambda t: sw.nullity(puzzle, time_limit=t)
    calls["quiet_patterns"] = lambda t: sw.quiet_patterns(puzzle, time_limit=t)
    calls["generate"] = lambda t: sw.generate(4, 4, time_limit=t)
    calls["generate unique"] = lambda t: sw.generate(
        4, 4, unique_fewest=True, time_limit=t
    )
    return calls


@pytest.mark.parametrize("entry", list(_entry_points()))
@pytest.mark.parametrize("bad", BAD_TIME_LIMITS, ids=repr)
def test_every_entry_point_refuses_a_bad_time_limit(entry, bad):
    with pytest.raises(ValueError, match=TIME_LIMIT_SHAPE):
        _entry_points()[entry](bad)


@pytest.mark.parametrize("bad", [0, -2, 1.5, True, "2"], ids=repr)
def test_counting_entry_points_refuse_a_bad_limit(bad):
    puzzle = sw.generate(4, 4, seed=1)
    for count in (sw.fewest_presses, solutions_gf2, sw.solutions):
        with pytest.raises(ValueError, match=r"^limit must be a whole number >= 1"):
            count(puzzle, limit=bad)


def test_every_entry_point_refuses_what_is_no_puzzle():
    for call in (sw.solve, sw.solutions, sw.fewest_presses, sw.nullity):
        with pytest.raises(TypeError, match=CLASS_SHAPE):
            call(object())
    with pytest.raises(TypeError, match=CLASS_SHAPE):
        sw.quiet_patterns(object())


# ------------------------------------------------ the class and the parsers
@pytest.mark.parametrize(
    "nodes, flip, edges, shape",
    [
        (
            ["a", "b"],
            [["a"]],
            [],
            r"^Switches\.flip\[0\]: a node name is a str, not list",
        ),
        (None, [], [], r"^Switches\.nodes must be a list of node names \(str\), not "),
        ("ab", [], [], r"^Switches\.nodes must be a list .*, not str"),
        (["a"], None, [], r"^Switches\.flip must be a list of node names"),
        (["a"], [], 5, r"^Switches\.edges must be a list of wires"),
        (["a", "b"], [], ["ab"], r"^Switches\.edges\[0\]: a wire is a pair of node"),
        (["a", "b"], [], [("a", 1)], r"^Switches\.edges\[0\]: a node name is a str"),
        (["a", 1], [], [], r"^Switches\.nodes\[1\]: a node name is a str, not int"),
        ([b"a"], [], [], r"^Switches\.nodes\[0\]: a node name is a str, not bytes"),
    ],
)
def test_the_class_names_the_field_of_a_wrong_type(nodes, flip, edges, shape):
    with pytest.raises(TypeError, match=shape):
        sw.Switches(nodes, flip, edges)


@pytest.mark.parametrize("bad", [None, b"a b\n", 5, ["a b"]], ids=repr)
def test_parsers_take_text_only(bad):
    with pytest.raises(TypeError, match=r"text of a switch puzzle \(a str\)"):
        sw.parse(bad)
    with pytest.raises(TypeError, match=r"text of a Lights Out board \(a str\)"):
        sw.parse_lights_out(bad)


def test_loaders_name_a_binary_file(tmp_path):
    path = tmp_path / "board.bin"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff")
    for load in (sw.load, sw.load_lights_out):
        with pytest.raises(ValueError, match=r"board\.bin: not a UTF-8 text file"):
            load(path)


def test_sizes_over_the_cap_are_refused_before_anything_is_built():
    start = time.perf_counter()
    for height, width in ((1001, 1000), (10**6, 10**6)):
        with pytest.raises(ValueError, match=r"the most this package accepts"):
            sw.generate(height, width)
    with pytest.raises(ValueError, match=r"the most this package accepts"):
        sw.lights_out_puzzle(np.zeros((1001, 1000), dtype=np.uint8))
    with pytest.raises(ValueError, match=r"x\.txt, line 1001: the board is 1001x1000"):
        sw.parse_lights_out(("0 " * 1000 + "\n") * 1001, source="x.txt")
    with pytest.raises(ValueError, match=r"line 1: 1,000,001 nodes; the most is"):
        sw.parse(" ".join(f"v{i}" for i in range(MAX_CELLS + 1)))
    with pytest.raises(ValueError, match=r"is outside the 2x2 board"):
        sw.lights_out_presses(["0,5"], (2, 2))
    with pytest.raises(ValueError, match=r"the most this package accepts"):
        sw.lights_out_presses([], (10**6, 10**6))
    huge = sw.Switches(["0,0", "999999,999999"], [], [])
    with pytest.raises(ValueError, match=r"not the cells 'r,c' of a grid"):
        sw.lights_out_board(huge)  # no 10**12-cell grid of names is made first
    assert time.perf_counter() - start < 3 * 2  # several refusals, none allocates


@pytest.mark.parametrize("bad", [0, -3, 2.5, "4", True, None], ids=repr)
def test_generate_refuses_a_side_that_is_no_count(bad):
    with pytest.raises(ValueError, match=r"^(height|width) "):
        sw.generate(bad, 4)
    with pytest.raises(ValueError, match=r"^(height|width) "):
        sw.generate(4, bad)


@pytest.mark.parametrize("bad", ["-1,0", "1,1,1", "a", "٣,0", 7, None], ids=repr)
def test_lights_out_presses_refuses_what_is_no_cell(bad):
    with pytest.raises(ValueError, match="is not the name 'r,c' of a cell"):
        sw.lights_out_presses([bad], (4, 4))


# ------------------------------------------------ unsolvable boards, quickly
@pytest.mark.parametrize("method", list(sw.METHODS))
def test_two_lights_that_always_flip_together_are_unsolvable_quickly(method):
    # x and y are touched by the same two switches, yet only x must flip.
    board = sw.generate(40, 40, seed=1)
    puzzle = sw.Switches(
        board.nodes + ("x", "y"), board.flip + ("x",), board.edges + (("x", "y"),)
    )
    start = time.perf_counter()
    with pytest.raises(Unsolvable):
        sw.solve(puzzle, method=method, time_limit=10)
    assert time.perf_counter() - start < 3


# ------------------------------------------------ the checker compares exactly
@pytest.mark.parametrize(
    "answer, rule",
    [
        ("abefgijk", r"an answer is a list of switch names, not a str"),
        (b"abefgijk", r"an answer is a list of switch names, not a bytes"),
        (None, r"an answer is a list of switch names, not a NoneType"),
        (8, r"an answer is a list of switch names, not a int"),
        (list("abefgij") + [1], r"pressed switch 1 is not a name \(a str\)"),
        (list("abefgij") + [None], r"pressed switch None is not a name"),
        (list("abefgij") + [["k"]], r"pressed switch \['k'\] is not a name"),
        (list("abefgij") + [b"k"], r"pressed switch b'k' is not a name"),
        (list("abefgijk") + ["m"], r"pressed switch 'm' is not a node"),
        (list("abefgijk") + ["k"], r"switch 'k' is pressed twice"),
        (list("abefgij"), r"light '.' must"),
    ],
)
def test_check_names_each_broken_rule(answer, rule):
    puzzle = sw.load(data_path("switches01.txt"))
    assert sw.check(puzzle, list("abefgijk"))
    with pytest.raises(ValueError, match=rule):
        sw.check(puzzle, answer)


def test_check_refuses_what_is_no_puzzle():
    with pytest.raises(TypeError, match="a switch puzzle has nodes, flip and edges"):
        sw.check(object(), [])


# ------------------------------------------------ properties
def _mutations(text: str):
    """A strategy: ``text`` with a few characters deleted, inserted or replaced."""
    alphabet = st.sampled_from(list(" \n\t01abz,.-é\x00") + ["10", "a b"])
    edit = st.tuples(st.integers(0, len(text)), st.integers(0, 2), alphabet)

    def apply(edits):
        chars = list(text)
        for where, kind, what in edits:
            where = min(where, len(chars))
            if kind == 0:
                del chars[where : where + 1]
            elif kind == 1:
                chars.insert(where, what)
            else:
                chars[where : where + 1] = [what]
        return "".join(chars)

    return st.lists(edit, min_size=1, max_size=6).map(apply)


def _parse_or_refuse(parser, text):
    try:
        return parser(text)
    except ValueError:
        return None  # a clear refusal; anything else fails the property


@PROPERTY
@given(st.text(max_size=300))
def test_parsers_refuse_any_text_with_a_value_error(text):
    _parse_or_refuse(sw.parse, text)
    _parse_or_refuse(sw.parse_lights_out, text)


@PROPERTY
@given(_mutations(EXAMPLE_TEXT))
def test_parse_refuses_a_mutated_file_or_reads_a_valid_puzzle(text):
    puzzle = _parse_or_refuse(sw.parse, text)
    if puzzle is not None:
        assert sw.parse(sw.to_text(puzzle)) == puzzle


@PROPERTY
@given(_mutations(BOARD_TEXT))
def test_parse_lights_out_refuses_a_mutated_board_or_reads_it(text):
    puzzle = _parse_or_refuse(sw.parse_lights_out, text)
    if puzzle is not None:
        board = sw.lights_out_board(puzzle)
        assert sw.lights_out_puzzle(board) == puzzle


@st.composite
def small_puzzles(draw, most: int = 8):
    """A random graph of at most ``most`` lights, a random target, and presses."""
    n = draw(st.integers(1, most))
    nodes = [f"n{i}" for i in range(n)]
    pairs = list(itertools.combinations(nodes, 2))
    edges = draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else []
    flip = draw(st.lists(st.sampled_from(nodes), unique=True))
    return sw.Switches(nodes, flip, edges)


def brute_answers(puzzle) -> set:
    """Every answer, by trying all press sets (independent of every model)."""
    target = set(puzzle.flip)
    return {
        frozenset(pressed)
        for k in range(len(puzzle.nodes) + 1)
        for pressed in itertools.combinations(puzzle.nodes, k)
        if flips_of(puzzle, pressed) == target
    }


@PROPERTY
@given(small_puzzles(), st.data())
def test_check_accepts_exactly_the_answers_brute_force_finds(puzzle, data):
    every = brute_answers(puzzle)
    junk = st.sampled_from(["zz", 1, None, b"n0", ("n0",), 0.0])
    answer = data.draw(
        st.lists(st.one_of(st.sampled_from(puzzle.nodes), junk), max_size=10)
    )
    valid = (
        all(isinstance(v, str) and v in puzzle.nodes for v in answer)
        and len(set(answer)) == len(answer)
        and frozenset(answer) in every
    )
    try:
        verdict = sw.check(puzzle, answer)
    except ValueError:
        verdict = False
    assert verdict == valid


@PROPERTY
@given(small_puzzles(most=7))
def test_every_method_and_solutions_agree_with_brute_force(puzzle):
    every = brute_answers(puzzle)
    listed = sw.solutions(puzzle, limit=2**7 + 1)
    assert {frozenset(s) for s in listed} == every and len(listed) == len(every)
    for method in sw.METHODS:
        if every:
            answer = sw.solve(puzzle, method=method, time_limit=30)
            assert frozenset(answer) in every and answer == sorted(answer)
        else:
            with pytest.raises(Unsolvable):
                sw.solve(puzzle, method=method, time_limit=30)


@settings(max_examples=EXAMPLES // 4, deadline=None)
@given(small_puzzles(most=12))
def test_load_reads_back_a_written_file(tmp_path_factory, puzzle):
    path = tmp_path_factory.mktemp("switches") / "puzzle.txt"
    path.write_text(sw.to_text(puzzle), encoding="utf-8")
    assert sw.load(path) == puzzle


@settings(max_examples=EXAMPLES // 4, deadline=None)
@given(
    st.integers(1, 12).flatmap(
        lambda w: st.lists(
            st.lists(st.integers(0, 1), min_size=w, max_size=w), min_size=1
        )
    )
)
def test_load_lights_out_reads_back_a_written_board(tmp_path_factory, rows):
    path = tmp_path_factory.mktemp("lightsout") / "board.txt"
    path.write_text("\n".join(" ".join(map(str, r)) for r in rows) + "\n", "utf-8")
    assert sw.load_lights_out(path) == sw.lights_out_puzzle(np.array(rows))


# ------------------------------------------------ the parsers are linear
def _ratio(function, small: str, large: str, rounds: int = 5) -> float:
    """How many times longer ``function(large)`` takes than ``function(small)``.

    The runs alternate and each side keeps its fastest, so that a busy machine slows
    both alike. The cyclic garbage collector is off while they run: its passes grow
    with the number of live objects and would make any allocating code look
    superlinear.
    """
    best = {small: math.inf, large: math.inf}
    gc.disable()
    try:
        for _ in range(rounds):
            for text in (small, large):
                start = time.perf_counter()
                function(text)
                best[text] = min(best[text], time.perf_counter() - start)
    finally:
        gc.enable()
    return best[large] / best[small]


def _chain(n: int) -> str:
    nodes = [f"v{i}" for i in range(n)]
    wires = [f"{a} {b}" for a, b in itertools.pairwise(nodes)]
    return "\n".join([" ".join(nodes), " ".join(nodes[::2]), *wires]) + "\n"


def _board(side: int) -> str:
    rng = np.random.default_rng(side)
    rows = rng.integers(0, 2, (side, side))
    return "\n".join(" ".join(map(str, r)) for r in rows) + "\n"


def test_parsers_take_time_in_proportion_to_the_input():
    # 8x the input may take at most 30x the time: far from quadratic (64x).
    assert _ratio(sw.parse, _chain(5_000), _chain(40_000)) < 30
    assert _ratio(sw.parse_lights_out, _board(100), _board(283)) < 30  # 8x the cells
