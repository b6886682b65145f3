"""Chapters *Numberlink at scale* and after: the human-style rules, the corner model,
the backtracking search, the portfolio (the default of ``solve``), complete uniqueness
checks, the designed-style generator, ``difficulty`` and puzz.link URLs."""

import math
import threading
import time
from pathlib import Path

import matplotlib
import numpy as np
import pytest

matplotlib.use("Agg")

from limits import within_limit

import helper  # noqa: E402
import helper.numberlink as nl  # noqa: E402
from helper import REPO_ROOT, Deadline, data_path  # noqa: E402
from helper.numberlink import Numberlink, corner, measure  # noqa: E402
from helper.numberlink.puzzle import links_of  # noqa: E402
from helper.numberlink.state import STEP  # noqa: E402
from helper.numberlink.unique import find_solutions  # noqa: E402

#: The designed boards the chapter shows (a fixed sample of the set below).
SAMPLE = [f"numberlink/ahle_inputs9_{i:03d}_40x20.txt" for i in range(3, 8)] + [
    f"numberlink/ahle_inputs10_{i:03d}_50x50.txt" for i in (3, 4)
]
#: The whole set of 106 large generated puzzles (outside the repository, in
#: ``../shared/data`` of the main checkout or of the folder that holds worktrees).
AHLE = next(
    (
        folder
        for folder in (
            root / "shared" / "data" / "numberlink" / "ahle_generated"
            for root in (REPO_ROOT.parent, REPO_ROOT.parent.parent)
        )
        if folder.is_dir()
    ),
    REPO_ROOT.parent / "shared" / "data" / "numberlink" / "ahle_generated",
)
NEW_METHODS = ["sat-corner", "backtrack", "portfolio"]
CROSSING = np.array([[1, 0, 2], [0, 0, 0], [2, 0, 1]])
U_TURN = np.array([[1, 0], [1, 0]])
CORNERS = np.array([[1, 0, 2], [0, 0, 0], [1, 0, 2]])


def _touches_itself(paths) -> bool:
    """True if some line has two neighbouring cells that are not consecutive on it."""
    for path in paths.values():
        index = {tuple(cell): i for i, cell in enumerate(path)}
        for (r, c), i in index.items():
            for n in ((r + 1, c), (r, c + 1)):
                if n in index and abs(index[n] - i) != 1:
                    return True
    return False


# ---------------------------------------------------------------- the default
def test_methods_and_the_default():
    assert list(nl.METHODS)[-3:] == NEW_METHODS
    assert nl.DEFAULT_METHOD == "portfolio"
    assert nl.METHODS["portfolio"] is nl.solve_portfolio


@pytest.mark.parametrize("name", SAMPLE)
@pytest.mark.parametrize("fill", [True, False])
def test_default_solves_the_designed_sample_within_ten_seconds(name, fill):
    puzzle = nl.load(data_path(name), fill=fill)
    start = time.perf_counter()
    paths = nl.solve(puzzle, time_limit=10)
    assert time.perf_counter() - start <= within_limit(10)
    assert nl.check(puzzle, paths)


def _ahle_files():
    return sorted(AHLE.glob("*.txt")) if AHLE.is_dir() else []


@pytest.mark.slow
@pytest.mark.skipif(not _ahle_files(), reason="../shared/data is not here")
@pytest.mark.parametrize("fill", [True, False])
def test_default_solves_every_ahle_puzzle(fill):
    slow = []
    for path in _ahle_files():
        puzzle = nl.load(path, fill=fill)
        start = time.perf_counter()
        assert nl.check(puzzle, nl.solve(puzzle, time_limit=10)), path.name
        seconds = time.perf_counter() - start
        assert seconds <= within_limit(10), (path.name, seconds)
        slow.append(seconds)
    assert len(slow) == 106


@pytest.mark.slow
@pytest.mark.parametrize("fill", [True, False])
def test_default_solves_designed_style_boards_up_to_50x50(fill):
    for n in (20, 30, 40, 50):
        for seed in (0, 1):
            puzzle, _ = nl.generate_designed_with_solution(n, n, seed=seed, fill=fill)
            start = time.perf_counter()
            assert nl.check(puzzle, nl.solve(puzzle, time_limit=10))
            assert time.perf_counter() - start <= within_limit(10)


@pytest.mark.parametrize("method", NEW_METHODS)
@pytest.mark.parametrize("fill", [True, False])
def test_new_methods_on_designed_style_boards(method, fill):
    for seed in (5, 6):
        puzzle, _ = nl.generate_designed_with_solution(12, 12, seed=seed, fill=fill)
        stats = {}
        paths = nl.solve(puzzle, method=method, time_limit=30, stats=stats)
        assert nl.check(puzzle, paths) and stats["stage"] == "full cover"


@pytest.mark.parametrize("method", sorted(nl.METHODS))
@pytest.mark.parametrize("fill", [True, False])
def test_every_method_keeps_a_short_time_limit(method, fill):
    # A board no method of the book solves within the limit, or only just.
    corner.forget_corner_models()  # the corner model is built within the limit too
    puzzle = nl.load(data_path("numberlink/ahle_inputs10_004_50x50.txt"), fill=fill)
    limit = 1.5
    start = time.perf_counter()
    try:
        paths = nl.solve(puzzle, method=method, time_limit=limit)
    except helper.SolverTimeout:
        paths = None
    seconds = time.perf_counter() - start
    assert seconds <= within_limit(limit), f"{method} took {seconds:.2f} s of {limit} s"
    if paths is not None and method not in ("z3-original", "cpsat-original"):
        assert nl.check(puzzle, paths)


@pytest.mark.parametrize("method", NEW_METHODS)
@pytest.mark.parametrize("fill", [True, False])
def test_unsolvable_is_proved(method, fill):
    with pytest.raises(helper.Unsolvable):
        nl.solve(Numberlink(CROSSING, fill=fill), method=method, time_limit=10)


def test_parity_board_unsolvable_only_with_every_cell_used():
    with pytest.raises(helper.Unsolvable):
        nl.solve(Numberlink(CORNERS), time_limit=10)
    puzzle = Numberlink(CORNERS, fill=False)
    assert nl.check(puzzle, nl.solve(puzzle, time_limit=10))


@pytest.mark.parametrize("method", NEW_METHODS)
def test_the_complete_stage_finds_a_touching_answer(method):
    stats = {}
    paths = nl.solve(Numberlink(U_TURN), method=method, time_limit=10, stats=stats)
    assert stats["stage"] == "complete" and len(paths[1]) == 4


@pytest.mark.parametrize("method", NEW_METHODS)
def test_switches_turn_the_assumptions_off(method):
    puzzle = nl.load(data_path("numberlink/hakank_wikipedia_7x7.txt"))
    for fill, switch in ((True, "assume_unique"), (False, "assume_full_cover")):
        stats = {}
        paths = nl.solve(Numberlink(puzzle.board, fill=fill), method=method,
                         time_limit=30, stats=stats, **{switch: False})
        assert stats["stage"] == "complete"
        assert nl.check(Numberlink(puzzle.board, fill=fill), paths)


def test_boards_without_numbers():
    empty = np.zeros((3, 3), dtype=int)
    for method in NEW_METHODS:
        assert nl.solve(Numberlink(empty, fill=False), method=method) == {}
        with pytest.raises(helper.Unsolvable):
            nl.solve(Numberlink(empty, fill=True), method=method)


# ------------------------------------------------------- the stage-1 searches
def test_corner_model_and_backtracking_agree_with_the_readable_model():
    for seed in (1, 2, 3):
        puzzle, planted = nl.generate_designed_with_solution(9, 9, seed=seed)
        readable = nl.solutions_sat(puzzle, limit=5, corner=True, time_limit=30)
        assert readable and all(nl.check(puzzle, p) for p in readable)
        assert all(not _touches_itself(p) for p in readable)
        assert planted in readable
        cached = nl.full_cover_sat(puzzle, Deadline(30))
        backtracked = nl.search_full_cover(puzzle.board, Deadline(30))
        assert cached in readable and backtracked in readable
        blocked = tuple(readable)
        assert nl.full_cover_sat(puzzle, Deadline(30), exclude=blocked) is None


def test_stage_one_finds_nothing_where_every_full_cover_touches():
    assert nl.search_full_cover(U_TURN, Deadline(10)) is None
    assert nl.full_cover_sat(Numberlink(U_TURN), Deadline(10)) is None
    with pytest.raises(ValueError, match="corner"):
        nl.sat_model(U_TURN, fill=False, corner=True)


def test_backtracking_counts_nodes_and_stops_at_the_deadline():
    puzzle = nl.load(data_path("numberlink/ahle_inputs10_003_50x50.txt"))
    stats = {}
    start = time.perf_counter()
    with pytest.raises(helper.SolverTimeout):
        nl.search_full_cover(puzzle.board, Deadline(0.3), stats)
    assert time.perf_counter() - start <= within_limit(0.3) and stats["nodes"] > 0


def test_corner_models_are_cached_per_size():
    corner.forget_corner_models()
    for seed in (1, 2):
        puzzle, _ = nl.generate_designed_with_solution(8, 9, seed=seed)
        assert nl.check(puzzle, nl.full_cover_sat(puzzle, Deadline(10)))
    assert len(corner._CORNER_MODELS) == 1
    for n in range(4, 4 + corner.CORNER_MODELS_KEPT + 2):
        nl.full_cover_sat(nl.generate_designed_with_solution(n, n)[0], Deadline(10))
    assert len(corner._CORNER_MODELS) == corner.CORNER_MODELS_KEPT


# ------------------------------------------------------------ the human rules
def test_rules_never_remove_the_planted_solution():
    for seed in (1, 2, 3, 4):
        puzzle, planted = nl.generate_designed_with_solution(10, 10, seed=seed)
        state = nl.propagate(nl.State(puzzle), nl.Reasoning(no_touch=True, corner=True))
        on = set(links_of(planted))
        assert set(state.links_on()) <= on
        for r, c in np.ndindex(puzzle.board.shape):
            i = r * puzzle.width + c
            for d, (dr, dc) in STEP.items():
                if state.link(i, d) is False:
                    other = (r + dr, c + dc)
                    key = (*min((r, c), other), *max((r, c), other))
                    assert key not in on


def test_rules_on_small_boards():
    tiny = Numberlink(np.array([[1, 0, 1], [2, 0, 2]]))
    assert nl.propagate(nl.State(tiny)).share() == 1.0
    with pytest.raises(nl.Contradiction, match="no piece left"):
        nl.propagate(nl.State(Numberlink(CORNERS)), nl.Reasoning(True, True))
    assert nl.propagate(nl.State(Numberlink(CORNERS))).share() < 1
    with pytest.raises(nl.Contradiction, match="cut off"):
        board = np.array([[1, 0, 2, 0, 0], [0, 0, 2, 0, 1]])
        nl.propagate(nl.State(Numberlink(board, fill=False)))
    with pytest.raises(ValueError, match="no_touch"):
        nl.Reasoning(corner=True)
    with pytest.raises(ValueError, match="fill=True"):
        nl.propagate(
            nl.State(Numberlink(CORNERS, fill=False)), nl.Reasoning(True, True)
        )
    assert issubclass(nl.Contradiction, helper.Unsolvable)


def test_propagation_keeps_a_deadline():
    puzzle = nl.load(data_path("numberlink/ahle_inputs10_003_50x50.txt"))
    with pytest.raises(helper.SolverTimeout):
        nl.propagate(nl.State(puzzle), nl.Reasoning(True, True), Deadline(0.001))


# ---------------------------------------------------------------- uniqueness
def test_solutions_hide_nothing():
    corner = np.array([[1, 0, 0], [0, 0, 0], [0, 0, 1]])
    both = nl.solutions(Numberlink(corner), limit=10)  # both full covers touch
    assert len(both) == 2 and all(_touches_itself(p) for p in both)
    assert len(nl.solutions(Numberlink(corner, fill=False), limit=20)) == 12
    assert len(nl.solutions(Numberlink(U_TURN), limit=5)) == 1
    assert len(nl.solutions(Numberlink(U_TURN, fill=False), limit=5)) == 2
    hook = Numberlink(np.array([[1, 0, 0], [1, 0, 0]]), fill=False)
    assert len(nl.solutions(hook, limit=10)) == 3
    assert nl.solutions(Numberlink(CROSSING)) == []


def test_solutions_timeout_passes_on_what_it_found():
    puzzle = nl.load(data_path("numberlink/ahle_inputs9_003_40x20.txt"))
    with pytest.raises(helper.SolverTimeout) as caught:
        nl.solutions(puzzle, limit=2, time_limit=1.0)
    assert all(nl.check(puzzle, p) for p in caught.value.best)


@pytest.mark.parametrize("seed", range(5))
def test_generate_unique_10x10(seed):
    puzzle = nl.generate(10, 10, seed=seed, unique=True)
    assert isinstance(puzzle, Numberlink) and puzzle.fill is True
    found = nl.solutions(puzzle, limit=2)
    assert len(found) == 1
    assert nl.check(puzzle, found[0])
    # An independent complete count: the plain model, empty cells allowed, no rule
    # that uniqueness allows.
    open_board = Numberlink(puzzle.board, fill=False)
    assert nl.solutions_sat(open_board, limit=2, time_limit=60) == found


def test_generate_variants():
    puzzle, planted = nl.generate_unique_with_solution(8, 8, seed=3)
    assert nl.check(puzzle, planted) and not _touches_itself(planted)
    assert nl.generate(8, 8, seed=3, unique=True) == puzzle  # the same seed
    assert nl.generate(8, 8, seed=3, unique=True, fill=False).fill is False
    designed, lines = nl.generate_designed_with_solution(20, 20, seed=4)
    assert nl.generate(20, 20, seed=4, designed=True) == designed
    assert nl.check(designed, lines) and not _touches_itself(lines)
    assert designed.board.size / designed.pairs > 10  # few long lines
    with pytest.raises(ValueError, match="max_length"):
        nl.generate(8, 8, unique=True, max_length=5)
    with pytest.raises(ValueError, match="max_length"):
        nl.generate(8, 8, designed=True, max_length=5)
    with pytest.raises(helper.SolverTimeout):
        nl.generate(14, 14, seed=0, unique=True, time_limit=0.01)


# ---------------------------------------------------------------- difficulty
def test_difficulty_has_the_shape_of_the_other_puzzles():
    assert nl.difficulty(Numberlink(np.array([[1, 0, 1], [2, 0, 2]]))) == ("logic", 1.0)
    levels = set()
    for seed in range(6):
        level, share = nl.difficulty(nl.generate(8, 8, seed=seed, unique=True))
        assert level in ("logic", "probing", "search") and 0 <= share <= 1
        levels.add(level)
    assert levels & {"logic", "probing"}
    with pytest.raises(helper.Unsolvable):
        nl.difficulty(Numberlink(CORNERS))


def test_difficulty_keeps_its_time_limit():
    puzzle = nl.load(data_path("numberlink/ahle_inputs9_004_40x20.txt"))
    start = time.perf_counter()
    level, share = nl.difficulty(puzzle, time_limit=2.0)  # the rules, then probing
    assert level == "search" and 0 < share < 1
    assert time.perf_counter() - start <= within_limit(2.0)


# ----------------------------------------------------------------- puzz.link
WIKI = nl.load(data_path("numberlink/hakank_wikipedia_7x7.txt"))


def test_puzzlink_round_trip_and_known_url():
    url = nl.to_puzzlink(WIKI)
    assert url == "https://puzz.link/p?numlin/7/7/i4j3h25j31k5r1j2i4h"
    assert nl.from_puzzlink(url) == WIKI
    assert nl.from_puzzlink(url, fill=False) == Numberlink(WIKI.board, fill=False)
    for name in SAMPLE[:1] + SAMPLE[-1:]:  # numbers above 15 use the '-' form
        puzzle = nl.load(data_path(name))
        assert nl.from_puzzlink(nl.to_puzzlink(puzzle)) == puzzle
    puzzle = nl.generate(8, 8, seed=2, unique=True)
    assert nl.from_puzzlink(nl.to_puzzlink(puzzle)) == puzzle


@pytest.mark.parametrize(
    "url, message",
    [
        ("https://puzz.link/p?slither/7/7/abc", "puzzle type 'slither'"),
        ("https://puzz.link/p?numlin/7/x/1", "expected numlin"),
        ("https://puzz.link/p?numlin/7/7/-1", "needs 2 hex digits"),
        ("https://puzz.link/p?numlin/2/2/1.1", "unknown number"),
        ("https://puzz.link/p?numlin/2/2/1!1", "unknown character '!' at position 1"),
        ("https://puzz.link/p?numlin/2/2/11111", "1 characters after the last cell"),
        ("https://puzz.link/p?numlin/2/2/1g", "2/1g'.*must appear exactly twice"),
    ],
)
def test_puzzlink_malformed(url, message):
    with pytest.raises(ValueError, match=message):
        nl.from_puzzlink(url)


def test_the_chapter_data_files_are_the_shared_ones():
    for name in SAMPLE:
        shared = AHLE / Path(name).name
        if shared.is_file():
            assert data_path(name).read_bytes() == shared.read_bytes()


@pytest.mark.parametrize("fill", [True, False])
def test_solutions_count_agrees_with_the_z3_model(fill):
    # The Z3 model with lazy cuts assumes nothing: both counts must agree, also on
    # boards with many solutions that touch themselves or leave cells empty.
    for seed in range(6):
        puzzle, _ = nl.generate_with_solution(4, 5, seed=seed, max_length=9, fill=fill)
        ours = nl.solutions(puzzle, limit=50, time_limit=30)
        theirs = nl.solutions_z3(puzzle, limit=50, time_limit=30)
        assert len(ours) == len(theirs), (seed, len(ours), len(theirs))
        assert len({str(sorted(p.items())) for p in ours}) == len(ours)
        assert all(nl.check(puzzle, p) for p in ours)


def test_no_thread_or_process_is_left_behind():
    import multiprocessing
    import threading

    before = set(threading.enumerate())
    forty = nl.load(data_path("numberlink/ahle_inputs9_003_40x20.txt"))
    fifty = nl.load(data_path("numberlink/ahle_inputs10_004_50x50.txt"))
    corner.forget_corner_models()
    # Interrupted searches (the plain SAT model times out on designed boards) and
    # finished ones alike.
    for method, puzzle, limit in [
        ("sat", forty, 1.0),
        ("auto", forty, 1.0),
        ("portfolio", fifty, 1.0),
        ("portfolio", forty, 10.0),
        ("cpsat-circuit", forty, 1.0),
    ]:
        try:
            assert nl.check(puzzle, nl.solve(puzzle, method=method, time_limit=limit))
        except helper.SolverTimeout:
            pass
    time.sleep(0.05)
    assert set(threading.enumerate()) <= before
    assert multiprocessing.active_children() == []


# ------------------------------------------------- issue 21: limits and refusals
BAD_TIME_LIMITS = [math.nan, 0, -1, "5", math.inf]


@pytest.mark.parametrize("bad", BAD_TIME_LIMITS, ids=repr)
def test_every_function_with_a_time_limit_refuses_a_bad_one_at_once(bad):
    fifty = nl.load(data_path("numberlink/ahle_inputs10_004_50x50.txt"))
    small = nl.generate(6, 6, seed=1)
    calls = [
        lambda: nl.solve(fifty, time_limit=bad),  # NaN used to run past 40 s here
        lambda: nl.solutions(fifty, time_limit=bad),
        lambda: nl.generate(6, 6, unique=True, time_limit=bad),
        lambda: nl.generate_unique_with_solution(6, 6, time_limit=bad),
        lambda: nl.generate_unique_with_solution(6, 6, round_limit=bad),
        lambda: nl.difficulty(small, time_limit=bad),
        lambda: nl.solutions_z3(small, time_limit=bad),
        lambda: nl.solutions_sat(small, time_limit=bad),
        lambda: find_solutions(small, time_limit=bad),
    ] + [
        (lambda function=function: function(fifty, time_limit=bad))
        for function in nl.METHODS.values()  # called directly, not through solve
    ]
    start = time.perf_counter()
    for call in calls:
        with pytest.raises(ValueError, match="time_limit must be a finite number"):
            call()
    assert time.perf_counter() - start <= within_limit(1.0)


def test_solutions_and_solve_refuse_a_bad_limit_and_method():
    puzzle = nl.generate(5, 5, seed=1)
    with pytest.raises(ValueError, match="limit must be a whole number >= 1"):
        nl.solutions(puzzle, limit=0)
    with pytest.raises(ValueError, match="unknown method ''"):
        nl.solve(puzzle, method="")
    with pytest.raises(ValueError, match="limit must be a whole number >= 1"):
        find_solutions(puzzle, limit=0)


def _walled_in(n: int) -> np.ndarray:
    """An n x n board whose 1 in the corner is walled in by a 2 and a 3."""
    board = np.zeros((n, n), dtype=int)
    board[0, 0], board[0, 1], board[1, 0] = 1, 2, 3
    board[n - 1, n - 1], board[n - 1, n - 3], board[n - 3, n - 1] = 1, 2, 3
    return board


def _enclosed(n: int) -> np.ndarray:
    """An n x n board whose corner cell can only join a 2 to a 3."""
    board = np.zeros((n, n), dtype=int)
    board[0, 1], board[1, 0] = 2, 3
    board[n - 1, n - 1], board[n - 1, n - 3] = 2, 3
    return board


LOCAL = {  # boards whose impossibility is local, and the rules variant they need
    "isolated cell": ([[1, 1, 0]], True),
    "no numbers": ([[0, 0], [0, 0]], True),
    "1x1, no number": ([[0]], True),
    "walled-in pair": ([[1, 2, 0], [2, 0, 0], [0, 0, 1]], False),
    "two pairs, one cell each side": ([[1, 1, 0], [2, 2, 0]], True),
    "walled in, 30x30": (_walled_in(30), False),
    "walled in, 30x30, every cell": (_walled_in(30), True),
    "a corner between two pairs, 30x30": (_enclosed(30), True),
}


@pytest.mark.parametrize("method", list(nl.METHODS))
@pytest.mark.parametrize("name", list(LOCAL))
def test_a_local_impossibility_is_unsolvable_quickly(method, name):
    board, fill = LOCAL[name]
    puzzle = Numberlink(board, fill=fill)
    start = time.perf_counter()
    with pytest.raises(helper.Unsolvable):
        nl.solve(puzzle, method=method, time_limit=2.0)
    assert time.perf_counter() - start <= within_limit(2.0)


@pytest.mark.parametrize("method", list(nl.METHODS))
def test_a_one_cell_board(method):
    with pytest.raises(helper.Unsolvable):  # z3 used to fail inside PbEq here
        nl.solve(Numberlink([[0]]), method=method, time_limit=5)
    assert nl.solve(Numberlink([[0]], fill=False), method=method, time_limit=5) == {}


def test_every_method_joins_pairs_with_any_numbers():
    # Numbers need not be 1, 2, 3, ...: the circuit model used to say "no solution".
    puzzle = Numberlink(np.array([[1, 0, 1], [7, 0, 7], [4000, 0, 4000]]))
    for method in nl.METHODS:
        assert nl.check(puzzle, nl.solve(puzzle, method=method, time_limit=10)), method


def test_two_threads_can_share_the_corner_model():
    # One cached solver per board size: two threads used to crash the process.
    puzzles = [nl.load(data_path(name)) for name in SAMPLE[:5]] * 2
    errors = []

    def work(part):
        for puzzle in part:
            try:
                assert nl.check(puzzle, nl.solve(puzzle, time_limit=30))
            except Exception as error:  # reported below
                errors.append(repr(error))

    threads = [threading.Thread(target=work, args=(puzzles[i::2],)) for i in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []


# ------------------------------------------------------------ the measurements
def test_the_measurements_of_the_chapter_on_small_boards():
    board = nl.generate(6, 6, seed=6, max_length=6).board
    encoding = measure.encoding_table(board, time_limit=30)
    kinds = [(fill, c) for fill in (True, False) for c in ("binary", "one-hot")]
    assert list(encoding.index) == kinds
    assert (encoding["variables"] > 0).all() and (encoding["conflicts"] >= 0).all()
    wall = measure.sat_wall({6: Numberlink(board)}, time_limit=30)
    assert "timeout" not in wall.iloc[0].tolist()
    small = {"a": nl.generate_designed_with_solution(6, 6, seed=1)[0]}
    levels = {"every puzzle": nl.Reasoning(), "+ corner": nl.Reasoning(True, True)}
    shares = measure.share_table(small, levels)
    assert 0 <= shares.loc["a", "every puzzle"] <= shares.loc["a", "+ corner"] <= 100
    assert set(measure.corner_steps(small["a"])) == {"build", "load", "solve"}
    cache = measure.corner_cache_table(small | {"b": nl.generate(6, 6, designed=True)})
    assert list(cache.index) == ["a", "b", "median"]
    assert measure.backtrack_table(small).loc["a", "nodes"] > 0
    efforts = measure.Efforts()
    paths = efforts.method("portfolio")(small["a"], time_limit=10)
    assert nl.check(small["a"], paths)
    assert efforts.table(small).loc["a", "portfolio: nodes"] > 0
    generated = measure.generator_table([5], seeds=[0])
    assert list(generated.index) == ["5x5"] and generated.loc["5x5", "pairs"] >= 1
    boards = measure.sized_boards(
        lambda n, fill: nl.generate(n, n, fill=fill), [4, 5], (True, False)
    )
    assert list(boards) == ["4x4", "5x5", "4x4 (no fill)", "5x5 (no fill)"]


def test_verdicts_keep_a_method_that_failed_every_board():
    import pandas as pd

    from helper.numberlink import measure

    results = pd.DataFrame(
        {
            "instance": ["a", "b", "a", "b"],
            "method": ["portfolio", "portfolio", "z3", "z3"],
            "seconds": [0.1, 0.2, float("nan"), float("nan")],
            "status": ["ok", "ok", "timeout", "timeout"],
        }
    )
    table = measure.verdicts(results, best="portfolio")
    assert table.loc["z3", "failed"] == 2 and table.loc["z3", "boards"] == 2
    assert table.loc["z3", "best seconds"] == 0.3
