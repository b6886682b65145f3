"""Tests of the chapter *Nonograms with CP-SAT*: its models (the CP-SAT part of
helper.nonogram) and the puzz.link addresses of its section on sharing puzzles."""

import itertools
import random

import pytest
from ortools.sat.python import cp_model

from helper import SolverTimeout, Unsolvable, data_path
from helper.nonogram import (
    METHODS,
    Nonogram,
    check,
    clue_automaton,
    fill_pattern,
    from_puzzlink,
    generate,
    load,
    place_numbers,
    solutions,
    solutions_cpsat,
    solve,
    solve_cpsat_automaton,
    solve_cpsat_starts,
    to_puzzlink,
)
from helper.ortools import get_all_solutions

CPSAT_METHODS = ["cpsat-starts", "cpsat-automaton"]


def _runs(line):
    """Run lengths of a 0/1 line, written here independently of the package."""
    return [len(list(group)) for value, group in itertools.groupby(line) if value]


def _brute_force_lines(clue, width):
    """Every 0/1 line of ``width`` cells whose runs are ``clue``."""
    return sorted(
        list(line)
        for line in itertools.product((0, 1), repeat=width)
        if _runs(line) == list(clue)
    )


def _fills(numbers, width, use_automaton):
    model = cp_model.CpModel()
    cells = [model.new_bool_var(f"x{i}") for i in range(width)]
    if use_automaton:
        transitions, start, finals = clue_automaton(numbers)
        model.add_automaton(cells, start, finals, transitions)
    else:
        fill_pattern(model, numbers, cells)
    solutions = get_all_solutions(model, cells, time_limit=10.0)
    return sorted([s[c.name] for c in cells] for s in solutions)


def test_place_numbers_lists_the_start_combinations_of_the_original():
    for numbers, width, expected in (
        ([2, 1], 5, [{"A": 0, "B": 3}, {"A": 0, "B": 4}, {"A": 1, "B": 4}]),
        (
            [3, 2, 2],
            10,
            [
                {"A": 0, "B": 4, "C": 7},
                {"A": 0, "B": 4, "C": 8},
                {"A": 0, "B": 5, "C": 8},
                {"A": 1, "B": 5, "C": 8},
            ],
        ),
    ):
        model = cp_model.CpModel()
        place_numbers(model, numbers, width)
        found = get_all_solutions(model, time_limit=10.0)
        assert sorted(found, key=lambda s: sorted(s.items())) == expected


def test_fill_pattern_and_automaton_give_the_fills_of_the_original():
    assert _fills([2, 1], 5, False) == [
        [0, 1, 1, 0, 1],
        [1, 1, 0, 0, 1],
        [1, 1, 0, 1, 0],
    ]
    expected = [
        [0, 1, 1, 1, 0, 1, 1, 0, 1, 1],
        [1, 1, 1, 0, 0, 1, 1, 0, 1, 1],
        [1, 1, 1, 0, 1, 1, 0, 0, 1, 1],
        [1, 1, 1, 0, 1, 1, 0, 1, 1, 0],
    ]
    assert _fills([3, 2, 2], 10, False) == expected
    assert _fills([3, 2, 2], 10, True) == expected


@pytest.mark.parametrize("use_automaton", [False, True])
def test_line_models_accept_exactly_the_lines_with_the_clue(use_automaton):
    rng = random.Random(5)
    cases = [([], 4), ([0], 3), ([1], 1), ([3], 3), ([1, 1], 3), ([2, 2], 6)]
    for _ in range(12):
        width = rng.randint(1, 8)
        cases.append((_runs([rng.randint(0, 1) for _ in range(width)]), width))
    for clue, width in cases:
        numbers = [n for n in clue if n]
        expected = _brute_force_lines(numbers, width)
        assert _fills(numbers, width, use_automaton) == expected, (clue, width)


@pytest.mark.parametrize("method", CPSAT_METHODS)
def test_methods_are_registered_and_solve_generated_puzzles(method):
    assert METHODS[method] in (solve_cpsat_starts, solve_cpsat_automaton)
    for seed in range(4):
        puzzle = generate(9, 12, seed=100 + seed, density=0.55)
        picture = solve(puzzle, method=method, time_limit=30.0)
        assert picture.shape == (9, 12) and picture.dtype.kind == "i"
        assert check(puzzle, picture)


def test_every_registered_method_agrees_on_a_generated_puzzle():
    puzzle = generate(10, 8, seed=77, density=0.6)
    pictures = {name: solve(puzzle, method=name, time_limit=30.0) for name in METHODS}
    assert set(CPSAT_METHODS) <= set(pictures)
    for picture in pictures.values():
        assert check(puzzle, picture)


@pytest.mark.parametrize("method", CPSAT_METHODS)
def test_methods_solve_real_puzzles_with_the_known_picture(method):
    # webpbn #6 and gnonograms "spade" have a single picture; every CP-SAT model must
    # find it.
    for name in (
        "nonogram/mikix_webpbn_6.json",
        "nonogram/mikix_gnonograms_spade.json",
    ):
        puzzle = load(data_path(name))
        picture = METHODS[method](puzzle, time_limit=30.0)
        assert check(puzzle, picture)
        found = solutions_cpsat(puzzle, limit=2, time_limit=30.0)
        assert len(found) == 1 and (found[0] == picture).all()
        wrong = picture.copy()
        wrong[3, 4] ^= 1
        with pytest.raises(ValueError):
            check(puzzle, wrong)


@pytest.mark.parametrize("method", CPSAT_METHODS)
def test_empty_lines_in_both_spellings(method):
    puzzle = Nonogram([[0], [1, 1], []], [[1], [], [1]])
    picture = METHODS[method](puzzle, time_limit=10.0)
    assert picture.tolist() == [[0, 0, 0], [1, 0, 1], [0, 0, 0]]


@pytest.mark.parametrize("method", CPSAT_METHODS)
def test_unsolvable_clues_raise(method):
    # Equal numbers of black cells, but column 0 needs two touching cells and row 1 is
    # empty.
    puzzle = Nonogram([[1, 1], [], [1]], [[2], [1], []])
    with pytest.raises(Unsolvable):
        METHODS[method](puzzle, time_limit=10.0)
    with pytest.raises(Unsolvable):
        solve(puzzle, method=method, time_limit=10.0)
    assert solutions_cpsat(puzzle) == [] == solutions(puzzle)


def test_tiny_time_limit_raises_solver_timeout():
    big = load(data_path("nonogram03.json"))
    with pytest.raises(SolverTimeout):
        solve_cpsat_starts(big, time_limit=0.2)  # building the model takes longer
    with pytest.raises(SolverTimeout):
        solve_cpsat_automaton(big, time_limit=1e-9)
    with pytest.raises(SolverTimeout):
        solutions_cpsat(big, time_limit=1e-9)


def test_solutions_cpsat_finds_both_diagonals():
    puzzle = Nonogram([[1], [1]], [[1], [1]])
    found = solutions_cpsat(puzzle, limit=5, time_limit=10.0)
    assert all(check(puzzle, picture) for picture in found)
    assert sorted(p.tolist() for p in found) == [[[0, 1], [1, 0]], [[1, 0], [0, 1]]]
    assert len(solutions_cpsat(puzzle, limit=1)) == 1


@pytest.mark.parametrize("seed", range(8))
def test_solutions_cpsat_agrees_with_solutions(seed):
    # Small random pictures often have several; both enumerators must list the same.
    puzzle = generate(5, 6, seed=seed, density=0.5)
    by_sat = sorted(p.tolist() for p in solutions(puzzle, limit=50))
    by_cpsat = sorted(p.tolist() for p in solutions_cpsat(puzzle, limit=50))
    assert by_sat == by_cpsat and len(by_sat) >= 1


def test_nonogram03_is_the_sun_puzzle_and_has_one_picture():
    big = load(data_path("nonogram03.json"))
    assert (big.height, big.width) == (60, 50)
    assert big == load(data_path("nonogram/mikix_qnonograms_examples_sun.json"))
    picture = solve_cpsat_automaton(big, time_limit=30.0)
    assert check(big, picture)
    found = solutions_cpsat(big, limit=2, time_limit=30.0)
    assert len(found) == 1 and (found[0] == picture).all()


@pytest.mark.slow
def test_start_model_solves_swing_and_sun():
    for name in ("nonogram/mikix_webpbn_529.json", "nonogram03.json"):
        puzzle = load(data_path(name))
        assert check(puzzle, solve_cpsat_starts(puzzle, time_limit=120.0))


@pytest.mark.slow
def test_automaton_model_solves_every_real_puzzle():
    folder = data_path("nonogram/mikix_webpbn_1.json").parent
    for path in sorted(folder.glob("*.json")):
        puzzle = load(path)
        picture = solve_cpsat_automaton(puzzle, time_limit=30.0)
        assert check(puzzle, picture), path.name


# ---------------------------------------------------------------- puzz.link addresses
# From the tests of the pzprjs player itself: robx/pzprjs, test/script/nonogram.js
# (commit 1ac8ec9061bcd2c5fabd0ab588dd7a10b8a47b35). The same file gives the puzzle in
# pzprjs's cell-by-cell file format, from which these clues are read.
PZPRJS_URL = "https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h"
PZPRJS_PUZZLE = Nonogram(
    rows=[[2, 1], [1, 1], [1, 2], [], [1, 1], [3]],
    cols=[[2, 1], [1, 1, 1], [1], [1, 1, 1], [2, 1], []],
)
# The example of the noqx solver collection: T0nyX1ang/noqx, solver/nonogram.py
# (commit 248568e9f136a275e3f9284e84d09a2fc1e97c0b).
NOQX_URL = (
    "https://puzz.link/p?nonogram/30/30/1121222n1331112n3111223n34133p8115q64113p541231"
    "2n411232o311323o21215p2112113n41243p32124p231112o2222q32121p22222p3225q52215p41524"
    "p4524q4221q422121o354r3132q51121p56sct43s1t411r422r4112q14211p19112p4811q22ar22371"
    "1o5325q41113p334r2171q13333p15br2123111n222111o6272q431113o32111111m33112p2211111n"
    "122112o23711p733r74s77s3425q75sbt7t"
)


def test_from_puzzlink_reads_the_pzprjs_example():
    assert from_puzzlink(PZPRJS_URL) == PZPRJS_PUZZLE
    assert to_puzzlink(PZPRJS_PUZZLE) == PZPRJS_URL
    picture = solve(PZPRJS_PUZZLE)
    assert check(PZPRJS_PUZZLE, picture)
    # The solution the pzprjs test accepts, row by row ("#" black).
    accepted = ["##.#..", "#...#.", ".#.##.", "......", "#...#.", ".###.."]
    assert ["".join(".#"[v] for v in row) for row in picture] == accepted


def test_noqx_example_round_trips_character_for_character():
    puzzle = from_puzzlink(NOQX_URL)
    assert (puzzle.height, puzzle.width) == (30, 30)
    assert to_puzzlink(puzzle) == NOQX_URL
    found = solutions(puzzle, limit=2)
    assert len(found) == 1 and check(puzzle, found[0])


def test_from_puzzlink_accepts_other_hosts_and_short_bodies():
    other = PZPRJS_URL.replace("https://puzz.link/p?", "http://pzv.jp/p.html?")
    assert from_puzzlink(other) == PZPRJS_PUZZLE
    empty = Nonogram([[]] * 3, [[]] * 4)
    assert to_puzzlink(empty) == "https://puzz.link/p?nonogram/4/3/t"  # 14 empty
    assert from_puzzlink("https://puzz.link/p?nonogram/4/3/") == empty


@pytest.mark.parametrize(
    "height, width, seed, unique",
    [(1, 1, 0, False), (3, 7, 1, True), (10, 10, 2, True), (15, 12, 3, True)]
    + [(31, 40, 4, False), (40, 31, 5, False), (59, 99, 6, False)],
)
def test_puzzlink_round_trip_of_generated_puzzles(height, width, seed, unique):
    puzzle = generate(height, width, seed=seed, unique=unique)
    url = to_puzzlink(puzzle)
    assert url.startswith(f"https://puzz.link/p?nonogram/{width}/{height}/")
    assert from_puzzlink(url) == puzzle


def test_puzzlink_writes_long_runs_with_two_digits():
    puzzle = Nonogram([[17]], [[1]] * 17)
    assert (
        to_puzzlink(puzzle) == "https://puzz.link/p?nonogram/17/1/" + "1" * 17 + "-11n"
    )
    assert from_puzzlink(to_puzzlink(puzzle)) == puzzle
    with pytest.raises(ValueError, match="256"):
        to_puzzlink(Nonogram([[256]], [[1]] * 256))


@pytest.mark.parametrize(
    "url, words",
    [
        (PZPRJS_URL.replace("nonogram", "slither"), ["type 'slither'", "nonogram"]),
        (PZPRJS_URL.replace("/6/6/", "/6/"), ["nonogram/<columns>/<rows>/<body>"]),
        (PZPRJS_URL.replace("/6/6/", "/0/6/"), ["size 0x6"]),
        (PZPRJS_URL.replace("12g1", "12G1"), ["unknown character 'G' at position 2"]),
        (PZPRJS_URL.replace("12g1", "12.1"), ["position 2", "'?' clue"]),
        (PZPRJS_URL + "3", ["36 clue cells", "position 28"]),
        (PZPRJS_URL.replace("/6/6/", "/6/5/"), ["33 clue cells", "position"]),
        (PZPRJS_URL.replace("3h", "4h"), ["paint 14 cells", "paint 13"]),
        (PZPRJS_URL.replace("12g1111", "72g1111"), ["column 0", "needs 10 cells"]),
        (
            PZPRJS_URL.replace("j12g", "j1-0ag"),
            ["row 0", "clue [10, 1] needs 12 cells"],
        ),
        ("https://puzz.link/p?nonogram/2/2/1-4", ["'-'", "needs 2 hex digits"]),
        ("no address at all", ["not a puzz.link URL"]),
    ],
)
def test_from_puzzlink_names_the_bad_part(url, words):
    with pytest.raises(ValueError) as info:
        from_puzzlink(url)
    for word in words:
        assert word in str(info.value)
