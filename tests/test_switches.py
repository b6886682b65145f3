"""Tests of helper.switches (Lights Out on any graph).

They cover the puzzle class and the loaders, the independent checker, every method
against brute force, ``solutions``, ``generate`` and the oracle values. Bad input,
time limits and the properties (Hypothesis) are in ``test_switches_inputs.py``.
"""

import dataclasses
import itertools
import json
import time

import networkx as nx
import numpy as np
import pytest
from limits import within_limit

import helper.check
import helper.switches.fewest
import helper.switches.generator
from helper import SolverTimeout, Unsolvable, data_path, switches
from helper.switches import (
    DEFAULT_METHOD,
    METHODS,
    Switches,
    check,
    closed_neighbourhoods,
    fewest_presses,
    generate,
    lights_out_board,
    lights_out_presses,
    lights_out_puzzle,
    load,
    load_lights_out,
    nullity,
    parse,
    parse_lights_out,
    quiet_patterns,
    solutions,
    solve,
    to_text,
)
from helper.switches.z3_model import solutions_z3

EXAMPLE_ANSWER = ["a", "b", "e", "f", "g", "i", "j", "k"]
ORACLE = json.loads(data_path("lightsout/lightsout_oracles.json").read_text())


def flips_of(nodes, edges, pressed):
    """The lights a set of presses flips, by counting (test-local, no solver code)."""
    count = dict.fromkeys(nodes, 0)
    pressed = set(pressed)
    for v in pressed:
        count[v] += 1
    for a, b in edges:
        count[b] += a in pressed
        count[a] += b in pressed
    return [v for v in nodes if count[v] % 2]


def random_graph(n, m, seed):
    graph = nx.gnm_random_graph(n, m, seed=seed)
    nodes = [f"v{i}" for i in graph.nodes]
    edges = [(f"v{a}", f"v{b}") for a, b in graph.edges]
    return nodes, edges


def brute_force(puzzle):
    """Every answer, as a set of frozensets, by trying all 2**n press sets."""
    target = set(puzzle.flip)
    found = set()
    for bits in itertools.product([0, 1], repeat=len(puzzle.nodes)):
        pressed = [v for v, b in zip(puzzle.nodes, bits, strict=True) if b]
        if set(flips_of(puzzle.nodes, puzzle.edges, pressed)) == target:
            found.add(frozenset(pressed))
    return found


# --- the example of the chapter -------------------------------------------------------


def test_example_file_loads():
    puzzle = load(data_path("switches01.txt"))
    assert isinstance(puzzle, Switches)
    assert puzzle.nodes == tuple("abcdefghijkl")
    assert puzzle.flip == tuple("abfghikl")
    assert len(puzzle.edges) == 17
    assert ("a", "b") in puzzle.edges and ("h", "l") in puzzle.edges


@pytest.mark.parametrize("method", sorted(METHODS))
def test_example_gives_the_known_answer(method):
    puzzle = load(data_path("switches01.txt"))
    answer = solve(puzzle, method=method, time_limit=30)
    assert answer == EXAMPLE_ANSWER
    assert check(puzzle, answer)


def test_default_method_and_reexported_checker():
    assert DEFAULT_METHOD == "gf2" and set(METHODS) == {"gf2", "z3", "cpsat"}
    assert check is helper.check.check_switches
    assert switches.solve_cpsat.__module__ == "helper.switches.cpsat_model"


def test_methods_take_the_puzzle_and_keywords():
    puzzle = load(data_path("switches01.txt"))
    for name, method in METHODS.items():
        assert method.__name__ == f"solve_{name}"
        assert method(puzzle, time_limit=30.0) == EXAMPLE_ANSWER
        assert method(puzzle, time_limit=30.0, minimal=True) == EXAMPLE_ANSWER


# --- the puzzle class -----------------------------------------------------------------


def test_the_class_stores_tuples_and_is_a_value():
    a = Switches(["a", "b", "c"], ["a"], [["a", "b"], ("b", "c")])
    assert a.nodes == ("a", "b", "c") and a.flip == ("a",)
    assert a.edges == (("a", "b"), ("b", "c"))
    b = Switches(("a", "b", "c"), ("a",), (("a", "b"), ("b", "c")))
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != Switches(["a", "b", "c"], ["b"], [("a", "b"), ("b", "c")])
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.flip = ()
    assert parse("a b c\na\na b\nb c\n") == a


@pytest.mark.parametrize(
    "nodes, flip, edges, pattern",
    [
        ([], [], [], r"Switches\.nodes: no node names"),
        (["a", "a"], [], [], r"Switches\.nodes\[1\]: duplicate node name 'a'"),
        (["a", "b c"], [], [], r"Switches\.nodes\[1\]: node name 'b c' is not a word"),
        (["a", ""], [], [], r"Switches\.nodes\[1\]: .* is not a word"),
        (["a", "b"], ["c"], [], r"Switches\.flip\[0\]: 'c' is not a node"),
        (["a", "b"], ["a", "a"], [], r"Switches\.flip\[1\]: duplicate name 'a'"),
        (["a", "b"], [], [("a", "c")], r"edges\[0\]: wire names unknown node 'c'"),
        (["a", "b"], [], [("a",)], r"edges\[0\]: .*two names, found 1"),
        (["a", "b"], [], [("a", "a")], r"edges\[0\]: wire joins 'a' to itself"),
        (
            ["a", "b"],
            [],
            [("a", "b"), ("b", "a")],
            r"Switches\.edges\[1\]: duplicate wire b a \(first at edges\[0\]\)",
        ),
    ],
)
def test_the_class_rejects_what_parse_rejects(nodes, flip, edges, pattern):
    with pytest.raises(ValueError, match=pattern):
        Switches(nodes, flip, edges)


def test_text_round_trip():
    puzzle = load(data_path("switches01.txt"))
    assert parse(to_text(puzzle)) == puzzle
    assert parse(to_text(Switches(["a"], [], []))) == Switches(["a"], [], [])


# --- loader errors --------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, pattern",
    [
        ("a b c\na\na b\nb x\n", r"bad\.txt, line 4: .*unknown node 'x'"),
        ("a b c\na\na b\nc\n", r"bad\.txt, line 4: .*two names, found 1"),
        ("a b c\na\na b c\n", r"bad\.txt, line 3: .*two names, found 3"),
        ("a b c\na z\na b\n", r"bad\.txt, line 2: 'z' is not a node"),
        ("a b a\n\na b\n", r"bad\.txt, line 1: duplicate node name 'a'"),
        ("a b c\na a\n", r"bad\.txt, line 2: duplicate name 'a'"),
        (
            "a b c\n\na b\n\nb a\n",
            r"bad\.txt, line 5: duplicate wire b a \(first at line 3\)",
        ),
        ("a b c\n\nb b\n", r"bad\.txt, line 3: wire joins 'b' to itself"),
        ("\na\n", r"bad\.txt, line 1: no node names"),
        ("", r"bad\.txt, line 1: no node names"),
    ],
)
def test_parse_rejects_malformed_input(text, pattern):
    with pytest.raises(ValueError, match=pattern):
        parse(text, source="bad.txt")


def test_load_names_the_file(tmp_path):
    path = tmp_path / "broken.txt"
    path.write_text("a b\nb\na c\n")
    with pytest.raises(ValueError, match=r"broken\.txt, line 3"):
        load(path)


def test_parse_accepts_empty_flip_line_and_blank_lines():
    puzzle = parse("a b c\n\na b\n\nb c\n")
    assert puzzle == Switches(["a", "b", "c"], [], [("a", "b"), ("b", "c")])
    assert solve(puzzle) == [] and solutions(puzzle) == [[]]
    assert parse("a b") == Switches(["a", "b"], [], [])


def test_load_lights_out_errors(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("0 1\n1 2\n")
    with pytest.raises(
        ValueError, match=r"bad\.txt, line 2, column 2: expected 0 or 1"
    ):
        load_lights_out(bad)
    bad.write_text("0 1\n1 0 1\n")
    with pytest.raises(ValueError, match=r"bad\.txt, line 2: 3 cells"):
        load_lights_out(bad)
    bad.write_text("\n\n")
    with pytest.raises(ValueError, match=r"bad\.txt: no rows"):
        load_lights_out(bad)
    assert parse_lights_out("1 0\n\n0 1\n") == lights_out_puzzle(np.eye(2, dtype=int))


def test_load_lights_out_returns_a_puzzle(tmp_path):
    path = tmp_path / "plus.txt"
    path.write_text("0 1 0\n1 1 1\n0 1 0\n")
    puzzle = load_lights_out(path)
    assert puzzle == lights_out_puzzle([[0, 1, 0], [1, 1, 1], [0, 1, 0]])
    assert solve(puzzle) == ["1,1"]


def test_solve_rejects_an_unknown_method():
    with pytest.raises(ValueError, match=r"unknown method 'magic'.*gf2"):
        solve(Switches(["a"], ["a"], []), method="magic")


def test_closed_neighbourhoods_start_with_the_light_itself():
    path = Switches(list("abc"), [], [("a", "b"), ("c", "b")])
    assert closed_neighbourhoods(path) == {
        "a": ["a", "b"],
        "b": ["b", "a", "c"],
        "c": ["c", "b"],
    }


# --- the independent checker ----------------------------------------------------------


def test_check_rejects_each_kind_of_wrong_answer():
    puzzle = load(data_path("switches01.txt"))
    assert check(puzzle, EXAMPLE_ANSWER)
    with pytest.raises(ValueError, match=r"light 'b' must flip, but 4 pressed"):
        check(puzzle, EXAMPLE_ANSWER + ["c"])  # one press too many
    with pytest.raises(ValueError, match=r"light '.' must"):
        check(puzzle, EXAMPLE_ANSWER[1:])  # one press missing
    with pytest.raises(ValueError, match="must flip"):
        check(puzzle, [])  # nothing pressed
    with pytest.raises(ValueError, match="pressed twice"):
        check(puzzle, EXAMPLE_ANSWER + ["a"])
    with pytest.raises(ValueError, match="'z' is not a node"):
        check(puzzle, EXAMPLE_ANSWER + ["z"])


def test_check_reads_any_puzzle_by_its_attributes():
    # The checker shares no code with the class: a plain object with the three
    # attributes will do, and it rejects what the class would never let through.
    class Loose:
        nodes = ["a", "b"]
        flip = ["a", "b"]
        edges = [("a", "b"), ("b", "a")]  # the same wire twice counts once

    assert check(Loose, ["a"])
    Loose.edges = [("a", "x")]
    with pytest.raises(ValueError, match="wire a x"):
        check(Loose, ["a"])
    Loose.edges, Loose.flip = [], ["q"]
    with pytest.raises(ValueError, match="flip 'q'"):
        check(Loose, ["a"])


def test_check_catches_the_two_classic_model_mistakes():
    # Neighbours only (forgetting a switch's own light): pressing a and b flips nothing.
    with pytest.raises(ValueError, match="must flip"):
        check(Switches(["a", "b"], ["a", "b"], [("a", "b")]), ["a", "b"])
    # XOR, not OR: on a-b-c, pressing a and c flips exactly a and c.
    path = Switches(list("abc"), ["a", "c"], [("a", "b"), ("b", "c")])
    assert check(path, ["a", "c"])


# --- correctness on instances the chapter never uses ----------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_all_answers_match_brute_force_on_small_graphs(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(3, 11))
    nodes, edges = random_graph(n, int(rng.integers(n - 1, 2 * n)), seed)
    puzzle = Switches(nodes, [v for v in nodes if rng.random() < 0.5], edges)
    every = brute_force(puzzle)
    d = nullity(puzzle)
    quiet = quiet_patterns(puzzle)
    assert len(quiet) == d
    for q in quiet:  # a quiet pattern flips nothing
        assert flips_of(nodes, edges, q) == []
    listed = solutions(puzzle, limit=2**n + 1)
    assert {frozenset(s) for s in listed} == every
    searched = solutions_z3(puzzle, limit=2**n + 1, time_limit=30)
    assert sorted(searched) == sorted(listed)  # search finds the same answers
    assert len(listed) == len(every) and all(s == sorted(s) for s in listed)
    if not every:
        for method in METHODS:
            with pytest.raises(Unsolvable):
                solve(puzzle, method=method)
        return
    assert len(every) == 2**d
    assert listed[0] == solve(puzzle)
    # every combination of quiet patterns added to one answer is an answer
    spanned = set()
    for chosen in itertools.product([0, 1], repeat=d):
        current = set(listed[0])
        for use, q in zip(chosen, quiet, strict=True):
            if use:
                current ^= set(q)
        spanned.add(frozenset(current))
    assert spanned == every
    fewest = min(len(s) for s in every)
    for method in METHODS:
        answer = solve(puzzle, method=method)
        assert frozenset(answer) in every and answer == sorted(answer)
        best = solve(puzzle, minimal=True, method=method)
        assert len(best) == fewest and check(puzzle, best)


@pytest.mark.parametrize("rows, cols", [(1, 1), (1, 5), (2, 3), (3, 3), (4, 4), (2, 7)])
def test_solution_counts_are_powers_of_two_on_small_boards(rows, cols):
    puzzle = generate(rows, cols, seed=rows * 10 + cols)
    every = brute_force(puzzle)
    assert len(every) == 2 ** nullity(puzzle)
    found = solutions(puzzle, limit=len(every) + 5)
    assert {frozenset(s) for s in found} == every
    assert [len(solutions(puzzle, limit=k)) for k in (1, 2)] == [1, min(2, len(every))]


def test_solutions_on_an_unsolvable_puzzle_is_empty():
    corner = np.zeros((5, 5), dtype=int)
    corner[0, 0] = 1
    assert solutions(lights_out_puzzle(corner), limit=10) == []


@pytest.mark.parametrize("n, seed", [(7, 101), (23, 102), (37, 103), (60, 104)])
def test_held_out_scrambled_grids(n, seed):
    puzzle = generate(n, n, seed=seed)
    presses = solve(puzzle, time_limit=30)
    assert check(puzzle, presses)
    board = lights_out_board(puzzle)
    assert lights_out_presses(presses, board.shape).shape == (n, n)


@pytest.mark.parametrize("n, seed", [(3000, 7), (5000, 8)])
def test_large_random_graphs(n, seed):
    nodes, edges = random_graph(n, 2 * n, seed)
    rng = np.random.default_rng(seed)
    pressed = [v for v in nodes if rng.random() < 0.5]
    puzzle = Switches(nodes, flips_of(nodes, edges, pressed), edges)  # solvable
    answer = solve(puzzle, time_limit=60)
    assert check(puzzle, answer)


def test_lights_out_puzzle_board_and_presses_round_trip():
    board = np.array([[1, 0, 0], [0, 1, 1]])
    puzzle = lights_out_puzzle(board)
    assert puzzle.nodes == ("0,0", "0,1", "0,2", "1,0", "1,1", "1,2")
    assert puzzle.flip == ("0,0", "1,1", "1,2")
    assert len(puzzle.edges) == 7
    assert (lights_out_board(puzzle) == board).all()
    assert (lights_out_presses(["0,2", "1,0"], (2, 3)) == [[0, 0, 1], [1, 0, 0]]).all()
    assert len(lights_out_puzzle(np.zeros((3, 3)), torus=True).edges) == 18
    assert len(lights_out_puzzle(np.zeros((2, 2)), torus=True).edges) == 4


def test_lights_out_puzzle_and_board_reject_what_is_no_grid():
    for bad in ([1, 0], [[0, 2]], np.zeros((0, 3))):
        with pytest.raises(ValueError, match="2-D grid of 0 and 1"):
            lights_out_puzzle(bad)
    with pytest.raises(ValueError, match="not the cells"):
        lights_out_board(Switches(["a", "b"], [], []))
    with pytest.raises(ValueError, match="not the cells"):
        lights_out_board(Switches(["0,0", "1,1"], [], []))


def test_generated_puzzles_are_solvable_and_reproducible():
    for torus in (False, True):
        a = generate(9, 9, seed=3, torus=torus)
        assert a == generate(9, 9, seed=3, torus=torus)
        assert a != generate(9, 9, seed=4, torus=torus)
        assert a == lights_out_puzzle(lights_out_board(a), torus=torus)
        assert check(a, solve(a))
    assert generate(3, 5).nodes[-1] == "2,4"


def test_generate_keeps_the_boards_of_the_old_scrambler():
    # The benchmark compares with tables measured before generate replaced
    # scrambled_board: the boards (seeded presses on a dark board) must not change.
    n = 6
    presses = np.random.default_rng(n).integers(0, 2, (n, n), dtype=np.uint8)
    pressed = [f"{r},{c}" for r, c in zip(*np.nonzero(presses), strict=True)]
    dark = lights_out_puzzle(np.zeros((n, n), dtype=int))
    assert set(generate(n, n, seed=n).flip) == set(
        flips_of(dark.nodes, dark.edges, pressed)
    )


# --- exact values from the oracle file ------------------------------------------------


def test_nullity_matches_oeis_for_n_up_to_30():
    for n in range(1, 31):
        puzzle = lights_out_puzzle(np.zeros((n, n), dtype=int))
        assert nullity(puzzle) == ORACLE["n_x_n_nullity"][str(n)], n


def test_torus_nullity_matches_oeis():
    for n in range(1, 31):
        puzzle = lights_out_puzzle(np.zeros((n, n), dtype=int), torus=True)
        assert nullity(puzzle) == ORACLE["torus_nullity"][str(n)], n


@pytest.mark.slow
def test_nullity_matches_oeis_for_n_up_to_60():
    for n in range(31, 61):
        puzzle = lights_out_puzzle(np.zeros((n, n), dtype=int))
        assert nullity(puzzle, time_limit=60) == ORACLE["n_x_n_nullity"][str(n)], n


def test_all_on_boards_fewest_presses_match_the_oracle():
    # n = 19 has nullity 16: 65,536 answers to walk.
    for n in range(1, 21):
        puzzle = lights_out_puzzle(np.ones((n, n), dtype=int))
        best = solve(puzzle, minimal=True, time_limit=30)
        assert check(puzzle, best)
        assert len(best) == ORACLE["all_ones_start_to_all_off"][str(n)]["min_presses"]


@pytest.mark.parametrize(
    "item", ORACLE["instances"], ids=lambda item: item["file"].split("/")[-1]
)
def test_real_boards_fewest_presses(item):
    puzzle = load_lights_out(data_path(item["file"]))
    best = solve(puzzle, minimal=True, time_limit=60)
    assert check(puzzle, best)
    assert len(best) == item["min_presses"]
    assert 2 ** nullity(puzzle) == item["num_solutions"]


def test_minimal_with_nullity_20_enumerates():
    puzzle = lights_out_puzzle(np.ones((30, 30), dtype=int))
    assert nullity(puzzle) == 20 == helper.switches.fewest.ENUMERATE_NULLITY
    best = solve(puzzle, minimal=True, time_limit=60)
    assert check(puzzle, best)
    assert len(best) <= len(solve(puzzle))


def test_minimal_beyond_enumeration_uses_cpsat():
    nodes = [f"v{i}" for i in range(25)]
    puzzle = Switches(nodes, nodes, itertools.combinations(nodes, 2))  # K25
    assert nullity(puzzle) == 24
    best = solve(puzzle, minimal=True, time_limit=30)
    assert len(best) == 1 and check(puzzle, best)


# --- the fewest-press answer: unique or tied ------------------------------------------


def brute_fewest(puzzle):
    """(fewest presses, how many answers press that few), by brute force."""
    sizes = [len(answer) for answer in brute_force(puzzle)]
    return min(sizes), sizes.count(min(sizes))


@pytest.mark.parametrize("n, torus", [(3, True), (4, False)])  # both nullity 4
def test_fewest_presses_counts_the_ties_like_brute_force(n, torus):
    for seed in range(3):
        puzzle = generate(n, n, seed=seed, torus=torus)
        fewest, ties = brute_fewest(puzzle)
        assert fewest_presses(puzzle, limit=10**6) == (fewest, ties)
        assert fewest_presses(puzzle) == (fewest, min(ties, 2))
        assert len(solve(puzzle, minimal=True)) == fewest


@pytest.mark.parametrize("n, torus", [(5, False), (9, False), (5, True), (11, False)])
def test_fewest_presses_counts_the_ties_among_all_answers(n, torus):
    for seed in range(4):
        puzzle = generate(n, n, seed=seed, torus=torus)
        sizes = [len(answer) for answer in solutions(puzzle, limit=2**16)]
        assert len(sizes) == 2 ** nullity(puzzle)
        expected = (min(sizes), sizes.count(min(sizes)))
        assert fewest_presses(puzzle, limit=2**16) == expected


def test_fewest_presses_on_the_all_on_4x4_board():
    # The chapter's smallest example: 16 answers, two of them with 4 presses.
    puzzle = lights_out_puzzle(np.ones((4, 4), dtype=int))
    assert fewest_presses(puzzle, limit=100) == (4, 2)


def test_fewest_presses_beyond_enumeration_uses_cpsat():
    nodes = [f"v{i}" for i in range(25)]
    wires = list(itertools.combinations(nodes, 2))
    k25 = Switches(nodes, nodes, wires)  # nullity 24: too many answers to walk
    assert nullity(k25) > helper.switches.fewest.ENUMERATE_NULLITY
    assert fewest_presses(k25, time_limit=30) == (1, 2)  # any single press will do
    assert fewest_presses(k25, limit=100, time_limit=30) == (1, 25)
    assert fewest_presses(Switches(nodes, [], wires), time_limit=30) == (0, 1)


def test_fewest_presses_of_an_unsolvable_target_raises():
    corner = np.zeros((5, 5), dtype=int)
    corner[0, 0] = 1
    with pytest.raises(Unsolvable):
        fewest_presses(lights_out_puzzle(corner))
    nodes = [f"v{i}" for i in range(25)]
    k25 = Switches(nodes, ["v0"], itertools.combinations(nodes, 2))
    with pytest.raises(Unsolvable):
        fewest_presses(k25)


@pytest.mark.parametrize("n, torus", [(4, False), (5, False), (9, False), (5, True)])
def test_generate_unique_fewest(n, torus):
    for seed in range(5):
        puzzle = generate(n, n, seed=seed, torus=torus, unique_fewest=True)
        assert fewest_presses(puzzle, limit=10**6)[1] == 1
        assert puzzle == generate(n, n, seed=seed, torus=torus, unique_fewest=True)
        best = solve(puzzle, minimal=True)
        assert check(puzzle, best)
        # The first board drawn is the default one: kept when it already qualifies.
        default = generate(n, n, seed=seed, torus=torus)
        if fewest_presses(default)[1] == 1:
            assert puzzle == default
    if n == 4:
        for seed in range(2):
            puzzle = generate(n, n, seed=seed, torus=torus, unique_fewest=True)
            assert brute_fewest(puzzle)[1] == 1


def test_generate_unique_fewest_with_nullity_zero_is_the_default_board():
    for seed in range(3):
        unique = generate(6, 6, seed=seed, unique_fewest=True)
        assert unique == generate(6, 6, seed=seed)


def test_generate_unique_fewest_gives_up_with_a_clear_error(monkeypatch):
    seed = next(s for s in range(50) if fewest_presses(generate(4, 4, seed=s))[1] > 1)
    monkeypatch.setattr(helper.switches.generator, "UNIQUE_FEWEST_TRIES", 1)
    with pytest.raises(ValueError, match=r"no 4x4 board of 1 drawn .*nullity 4"):
        generate(4, 4, seed=seed, unique_fewest=True)


def test_generate_unique_fewest_honours_its_time_limit():
    with pytest.raises(SolverTimeout):
        generate(30, 30, seed=1, unique_fewest=True, time_limit=1e-9)


# --- unsolvable targets and time limits -----------------------------------------------


@pytest.mark.parametrize("method", sorted(METHODS))
def test_unsolvable_target(method):
    corner = np.zeros((5, 5), dtype=int)
    corner[0, 0] = 1
    with pytest.raises(Unsolvable):
        solve(lights_out_puzzle(corner), method=method, time_limit=30)
    with pytest.raises(Unsolvable):
        solve(Switches(["a", "b"], ["a"], [("a", "b")]), method=method, time_limit=30)


def test_z3_times_out_on_a_big_board():
    # 26x26 has nullity 0 (one answer): hard for search, unlike sizes with many answers.
    puzzle = generate(26, 26, seed=1)
    assert nullity(puzzle) == 0
    start = time.perf_counter()
    with pytest.raises(SolverTimeout):
        solve(puzzle, method="z3", time_limit=0.5)
    assert time.perf_counter() - start <= within_limit(0.5)


def test_gf2_honours_its_time_limit():
    puzzle = generate(60, 60, seed=1)
    with pytest.raises(SolverTimeout):
        solve(puzzle, time_limit=1e-9)
    with pytest.raises(SolverTimeout):
        solutions(puzzle, time_limit=1e-9)
    with pytest.raises(SolverTimeout):
        nullity(puzzle, time_limit=1e-9)


def test_fallback_timeout_carries_the_best_answer():
    puzzle = lights_out_puzzle(np.ones((20, 20), dtype=int), torus=True)  # nullity 32
    with pytest.raises(SolverTimeout) as caught:
        solve(puzzle, minimal=True, time_limit=2)
    best = caught.value.best
    assert best == sorted(best) and check(puzzle, best)
    assert len(best) <= len(solve(puzzle))


# --- pictures -------------------------------------------------------------------------


def test_plots_return_figures():
    import matplotlib

    matplotlib.use("Agg")  # before pyplot: no window, whatever the machine
    import matplotlib.pyplot as plt
    from matplotlib.figure import Figure

    from helper.plot import plot_lights_out, plot_switches

    puzzle = load(data_path("switches01.txt"))
    fig = plot_switches(puzzle, pressed=EXAMPLE_ANSWER)
    assert isinstance(fig, Figure)
    path = data_path("lightsout/hakank_lights_out_0_5x5.txt")
    board = lights_out_board(load_lights_out(path))
    fig2 = plot_lights_out(board, presses=np.eye(5, dtype=int))
    assert isinstance(fig2, Figure)
    plt.close(fig)
    plt.close(fig2)
