"""Tests of helper.switches (Lights Out on any graph): loader, checker, every method, oracles."""

import itertools
import json

import matplotlib
import networkx as nx
import numpy as np
import pytest

matplotlib.use("Agg")

import helper.check
from helper import SolverTimeout, Unsolvable, data_path
from helper import switches
from helper.switches import (
    DEFAULT_METHOD,
    METHODS,
    check,
    lights_out_presses,
    lights_out_puzzle,
    load,
    load_lights_out,
    nullity,
    parse,
    scrambled_board,
    solution_space,
    solve,
)

EXAMPLE_ANSWER = ["a", "b", "e", "f", "g", "i", "j", "k"]
ORACLE = json.loads(data_path("lightsout/lightsout_oracles.json").read_text())


def flips_of(nodes, edges, pressed):
    """The lights a set of presses flips, by counting (test-local; independent of the solvers)."""
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


def brute_force(nodes, flip, edges):
    """Every answer, as a set of frozensets, by trying all 2**n press sets."""
    target = set(flip)
    found = set()
    for bits in itertools.product([0, 1], repeat=len(nodes)):
        pressed = [v for v, b in zip(nodes, bits) if b]
        if set(flips_of(nodes, edges, pressed)) == target:
            found.add(frozenset(pressed))
    return found


# --- the example of the original material -------------------------------------------------------

def test_example_file_loads():
    nodes, flip, edges = load(data_path("switches01.txt"))
    assert nodes == list("abcdefghijkl")
    assert flip == list("abfghikl")
    assert len(edges) == 17 and ("a", "b") in edges and ("h", "l") in edges


@pytest.mark.parametrize("method", sorted(METHODS))
def test_example_gives_the_original_answer(method):
    puzzle = load(data_path("switches01.txt"))
    answer = solve(*puzzle, method=method, time_limit=30)
    assert answer == EXAMPLE_ANSWER
    assert check(*puzzle, answer)


def test_default_method_and_reexported_checker():
    assert DEFAULT_METHOD == "gf2" and {"gf2", "z3"} <= set(METHODS)
    assert check is helper.check.check_switches


# --- loader errors -------------------------------------------------------------------------------

@pytest.mark.parametrize(
    "text, pattern",
    [
        ("a b c\na\na b\nb x\n", r"bad\.txt, line 4: .*unknown node 'x'"),
        ("a b c\na\na b\nc\n", r"bad\.txt, line 4: .*exactly two names, found 1"),
        ("a b c\na\na b c\n", r"bad\.txt, line 3: .*exactly two names, found 3"),
        ("a b c\na z\na b\n", r"bad\.txt, line 2: 'z' is not a node"),
        ("a b a\n\na b\n", r"bad\.txt, line 1: duplicate node name 'a'"),
        ("a b c\na a\n", r"bad\.txt, line 2: duplicate name 'a'"),
        ("a b c\n\na b\nb a\n", r"bad\.txt, line 4: duplicate wire b a \(first on line 3\)"),
        ("a b c\n\nb b\n", r"bad\.txt, line 3: wire joins 'b' to itself"),
        ("\na\n", r"bad\.txt, line 1: no node names"),
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
    nodes, flip, edges = parse("a b c\n\na b\n\nb c\n")
    assert (nodes, flip, edges) == (["a", "b", "c"], [], [("a", "b"), ("b", "c")])
    assert solve(nodes, flip, edges) == []


def test_load_lights_out_errors(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("0 1\n1 2\n")
    with pytest.raises(ValueError, match=r"bad\.txt, line 2, column 2: expected 0 or 1"):
        load_lights_out(bad)
    bad.write_text("0 1\n1 0 1\n")
    with pytest.raises(ValueError, match=r"bad\.txt, line 2: 3 cells"):
        load_lights_out(bad)


def test_solve_rejects_bad_puzzles_in_memory():
    with pytest.raises(ValueError, match="unknown node"):
        solve(["a", "b"], ["c"], [])
    with pytest.raises(ValueError, match="unknown node"):
        solve(["a", "b"], [], [("a", "c")])
    with pytest.raises(ValueError, match="duplicate"):
        solve(["a", "a"], [], [])
    with pytest.raises(ValueError, match="unknown method"):
        solve(["a"], ["a"], [], method="magic")


# --- the independent checker -----------------------------------------------------------------------

def test_check_rejects_each_kind_of_wrong_answer():
    nodes, flip, edges = load(data_path("switches01.txt"))
    assert check(nodes, flip, edges, EXAMPLE_ANSWER)
    with pytest.raises(ValueError, match=r"light 'b' must flip, but 4 pressed"):
        check(nodes, flip, edges, EXAMPLE_ANSWER + ["c"])  # one press too many
    with pytest.raises(ValueError, match=r"light '.' must"):
        check(nodes, flip, edges, EXAMPLE_ANSWER[1:])  # one press missing
    with pytest.raises(ValueError, match="must flip"):
        check(nodes, flip, edges, [])  # nothing pressed
    with pytest.raises(ValueError, match="pressed twice"):
        check(nodes, flip, edges, EXAMPLE_ANSWER + ["a"])
    with pytest.raises(ValueError, match="'z' is not a node"):
        check(nodes, flip, edges, EXAMPLE_ANSWER + ["z"])


def test_check_catches_the_two_classic_model_mistakes():
    # Neighbours only (forgetting a switch's own light): pressing both of a-b flips nothing.
    with pytest.raises(ValueError, match="must flip"):
        check(["a", "b"], ["a", "b"], [("a", "b")], ["a", "b"])
    # XOR, not OR: on a-b-c, pressing a and c flips exactly a and c.
    assert check(list("abc"), ["a", "c"], [("a", "b"), ("b", "c")], ["a", "c"])


# --- correctness on instances the chapter never uses -----------------------------------------------

@pytest.mark.parametrize("seed", range(6))
def test_all_answers_match_brute_force_on_small_graphs(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(3, 11))
    nodes, edges = random_graph(n, int(rng.integers(n - 1, 2 * n)), seed)
    flip = [v for v in nodes if rng.random() < 0.5]
    every = brute_force(nodes, flip, edges)
    d = nullity(nodes, edges)
    first, quiet = solution_space(nodes, flip, edges)
    assert len(quiet) == d
    if first is None:
        assert every == set()
        for method in METHODS:
            with pytest.raises(Unsolvable):
                solve(nodes, flip, edges, method=method)
        return
    assert len(every) == 2 ** d
    # every combination of quiet patterns added to one answer gives exactly the brute-force set
    spanned = set()
    for chosen in itertools.product([0, 1], repeat=d):
        current = set(first)
        for use, q in zip(chosen, quiet):
            if use:
                current ^= set(q)
        spanned.add(frozenset(current))
    assert spanned == every
    fewest = min(len(s) for s in every)
    for method in METHODS:
        answer = solve(nodes, flip, edges, method=method)
        assert frozenset(answer) in every and answer == sorted(answer)
        best = solve(nodes, flip, edges, minimal=True, method=method)
        assert len(best) == fewest and check(nodes, flip, edges, best)


@pytest.mark.parametrize("rows, cols", [(1, 1), (1, 5), (2, 3), (3, 3), (4, 4), (2, 7)])
def test_solution_counts_are_powers_of_two_on_small_boards(rows, cols):
    board = scrambled_board(rows, cols, seed=rows * 10 + cols)
    nodes, flip, edges = lights_out_puzzle(board)
    assert len(brute_force(nodes, flip, edges)) == 2 ** nullity(nodes, edges)


@pytest.mark.parametrize("n, seed", [(7, 101), (23, 102), (37, 103), (60, 104)])
def test_held_out_scrambled_grids(n, seed):
    board = scrambled_board(n, n, seed=seed)
    puzzle = lights_out_puzzle(board)
    presses = solve(*puzzle, time_limit=30)
    assert check(*puzzle, presses)
    assert lights_out_presses(presses, board.shape).shape == board.shape


@pytest.mark.parametrize("n, seed", [(3000, 7), (5000, 8)])
def test_large_random_graphs(n, seed):
    nodes, edges = random_graph(n, 2 * n, seed)
    rng = np.random.default_rng(seed)
    flip = flips_of(nodes, edges, [v for v in nodes if rng.random() < 0.5])  # solvable by construction
    answer = solve(nodes, flip, edges, time_limit=60)
    assert check(nodes, flip, edges, answer)


def test_lights_out_puzzle_and_presses_round_trip():
    board = np.array([[1, 0, 0], [0, 1, 1]])
    nodes, flip, edges = lights_out_puzzle(board)
    assert nodes == ["0,0", "0,1", "0,2", "1,0", "1,1", "1,2"]
    assert flip == ["0,0", "1,1", "1,2"]
    assert len(edges) == 7
    assert (lights_out_presses(["0,2", "1,0"], (2, 3)) == [[0, 0, 1], [1, 0, 0]]).all()
    assert len(lights_out_puzzle(np.zeros((3, 3)), torus=True)[2]) == 18


def test_scrambled_boards_are_solvable_and_reproducible():
    for torus in (False, True):
        a = scrambled_board(9, 9, seed=3, torus=torus)
        assert (a == scrambled_board(9, 9, seed=3, torus=torus)).all()
        puzzle = lights_out_puzzle(a, torus=torus)
        assert check(*puzzle, solve(*puzzle))


# --- exact values from the oracle file --------------------------------------------------------------

def test_nullity_matches_oeis_for_n_up_to_30():
    for n in range(1, 31):
        nodes, _, edges = lights_out_puzzle(np.zeros((n, n), dtype=int))
        assert nullity(nodes, edges) == ORACLE["n_x_n_nullity"][str(n)], n


def test_torus_nullity_matches_oeis():
    for n in range(1, 31):
        nodes, _, edges = lights_out_puzzle(np.zeros((n, n), dtype=int), torus=True)
        assert nullity(nodes, edges) == ORACLE["torus_nullity"][str(n)], n


@pytest.mark.slow
def test_nullity_matches_oeis_for_n_up_to_60():
    for n in range(31, 61):
        nodes, _, edges = lights_out_puzzle(np.zeros((n, n), dtype=int))
        assert nullity(nodes, edges) == ORACLE["n_x_n_nullity"][str(n)], n


def test_all_on_boards_fewest_presses_match_the_oracle():
    # n = 19 has nullity 16: 65,536 answers to walk.
    for n in range(1, 21):
        puzzle = lights_out_puzzle(np.ones((n, n), dtype=int))
        best = solve(*puzzle, minimal=True, time_limit=30)
        assert check(*puzzle, best)
        assert len(best) == ORACLE["all_ones_start_to_all_off"][str(n)]["min_presses"], n


@pytest.mark.parametrize("item", ORACLE["instances"], ids=lambda item: item["file"].split("/")[-1])
def test_real_boards_fewest_presses(item):
    puzzle = lights_out_puzzle(load_lights_out(data_path(item["file"])))
    best = solve(*puzzle, minimal=True, time_limit=60)
    assert check(*puzzle, best)
    assert len(best) == item["min_presses"]
    assert 2 ** nullity(puzzle[0], puzzle[2]) == item["num_solutions"]


def test_minimal_with_nullity_20_enumerates():
    puzzle = lights_out_puzzle(np.ones((30, 30), dtype=int))
    assert nullity(puzzle[0], puzzle[2]) == 20 == switches.ENUMERATE_NULLITY
    best = solve(*puzzle, minimal=True, time_limit=60)
    assert check(*puzzle, best)
    assert len(best) <= len(solve(*puzzle))


def test_minimal_beyond_enumeration_uses_cpsat():
    nodes = [f"v{i}" for i in range(25)]
    edges = list(itertools.combinations(nodes, 2))  # K25: nullity 24
    assert nullity(nodes, edges) == 24
    best = solve(nodes, nodes, edges, minimal=True, time_limit=30)
    assert len(best) == 1 and check(nodes, nodes, edges, best)


# --- unsolvable targets and time limits ----------------------------------------------------------

@pytest.mark.parametrize("method", sorted(METHODS))
def test_unsolvable_target(method):
    corner = np.zeros((5, 5), dtype=int)
    corner[0, 0] = 1
    with pytest.raises(Unsolvable):
        solve(*lights_out_puzzle(corner), method=method, time_limit=30)
    with pytest.raises(Unsolvable):
        solve(["a", "b"], ["a"], [("a", "b")], method=method, time_limit=30)


def test_z3_times_out_on_a_big_board():
    # 26x26 has nullity 0 (one answer): hard for search, unlike sizes with many answers.
    puzzle = lights_out_puzzle(scrambled_board(26, 26, seed=1))
    assert nullity(puzzle[0], puzzle[2]) == 0
    with pytest.raises(SolverTimeout):
        solve(*puzzle, method="z3", time_limit=0.5)


def test_gf2_honours_its_time_limit():
    puzzle = lights_out_puzzle(scrambled_board(60, 60, seed=1))
    with pytest.raises(SolverTimeout):
        solve(*puzzle, time_limit=1e-9)


def test_fallback_timeout_carries_the_best_answer():
    puzzle = lights_out_puzzle(np.ones((20, 20), dtype=int), torus=True)  # nullity 32
    with pytest.raises(SolverTimeout) as caught:
        solve(*puzzle, minimal=True, time_limit=2)
    assert check(*puzzle, caught.value.best)


# --- pictures ---------------------------------------------------------------------------------------

def test_plots_return_figures():
    from matplotlib.figure import Figure

    from helper.plot import plot_lights_out, plot_switches

    nodes, flip, edges = load(data_path("switches01.txt"))
    fig = plot_switches(nodes, flip, edges, pressed=EXAMPLE_ANSWER)
    assert isinstance(fig, Figure)
    board = load_lights_out(data_path("lightsout/hakank_lights_out_0_5x5.txt"))
    fig2 = plot_lights_out(board, presses=np.eye(5, dtype=int))
    assert isinstance(fig2, Figure)
    import matplotlib.pyplot as plt

    plt.close(fig)
    plt.close(fig2)
