"""The claims of the chapter *Is it unique? Making puzzles with one answer*.

Its two demonstrations, the trap of blocking on auxiliary variables and the easy
Slitherlink generator, are exported to ``helper.unique``; the tests check them with
the puzzles' independent checkers. The 10x10 uniqueness of the three generators is
tested in the puzzles' own test files (Numberlink's in ``test_numberlink_scale.py``).
"""

import numpy as np
import pytest

import helper.nonogram as nonogram
import helper.numberlink as numberlink
import helper.slitherlink as slitherlink
import helper.switches as switches
import helper.unique as unique

MODULES = {"numberlink": numberlink, "nonogram": nonogram, "slitherlink": slitherlink}

#: The 5x5 board of the chapter whose only answer leaves cells empty.
EMPTY_BOARD = np.array(
    [
        [0, 0, 0, 1, 0],
        [3, 0, 0, 0, 2],
        [0, 0, 2, 1, 0],
        [0, 0, 0, 0, 3],
        [0, 0, 0, 0, 0],
    ]
)


def test_blocking_on_auxiliary_variables_counts_one_answer_many_times():
    puzzle = numberlink.Numberlink(EMPTY_BOARD, fill=False)
    model, link_models = unique.count_numberlink(EMPTY_BOARD, "links")
    _, models = unique.count_numberlink(EMPTY_BOARD, "all")

    def answer(found):
        return numberlink.trace(EMPTY_BOARD, unique.links_on(model, found))[0]

    by_links = [answer(found) for found in link_models]
    by_all = [answer(found) for found in models]
    assert by_links == numberlink.solutions(puzzle, limit=2)
    assert len(by_links) == 1 and numberlink.check(puzzle, by_links[0])
    # Every "solution" draws the same lines: one answer, counted once per colouring
    # of the cells that no line uses.
    assert len(by_all) > 1 and all(paths == by_links[0] for paths in by_all)
    link_values = {tuple(m[x - 1] > 0 for x in model.link.values()) for m in models}
    assert len(link_values) == 1
    used = {cell for path in by_links[0].values() for cell in path}
    unused = EMPTY_BOARD.size - len(used)
    codes = 2 ** int(EMPTY_BOARD.max()).bit_length()
    assert unused > 0 and len(by_all) == codes**unused


def test_count_numberlink_names_a_bad_choice():
    with pytest.raises(ValueError, match="block_on"):
        unique.count_numberlink(EMPTY_BOARD, "cells")


def test_opening_boards_have_two_answers_and_unique_boards_one():
    opening = {
        "numberlink": numberlink.generate(5, 5, seed=5),
        "nonogram": nonogram.generate(5, 5, seed=5),
        "slitherlink": slitherlink.generate(5, 5, seed=5, density=0.4),
    }
    for name, module in MODULES.items():
        two = module.solutions(opening[name], limit=2)
        assert len(two) == 2, name
        assert all(module.check(opening[name], answer) for answer in two)
        made = module.generate(6, 6, seed=5, unique=True)
        (one,) = module.solutions(made, limit=2)
        assert module.check(made, one)
    assert len(switches.solutions(switches.generate(5, 5, seed=5))) == 2
    assert len(switches.solutions(switches.generate(6, 6, seed=5))) == 1


def test_switches_5x5_seed_0_has_a_unique_fewest_press_answer():
    lights = switches.generate(5, 5, seed=0, unique_fewest=True)
    fewest, ties = switches.fewest_presses(lights)
    best = switches.solve(lights, minimal=True)
    assert ties == 1 and len(best) == fewest and switches.check(lights, best)
    assert switches.nullity(lights) == 2


@pytest.mark.parametrize("n, seed", [(10, 0), (8, 1), (8, 2)])
def test_easy_slitherlink_is_logic_and_has_the_answer_of_the_hard_one(n, seed):
    easy = unique.easy_slitherlink(n, seed)
    hard = slitherlink.generate(n, n, seed=seed, unique=True)
    (easy_loop,) = slitherlink.solutions(easy, limit=2)
    (hard_loop,) = slitherlink.solutions(hard, limit=2)
    assert slitherlink.check(easy, easy_loop) and slitherlink.check(hard, hard_loop)
    assert slitherlink.check(easy, hard_loop)  # one loop, both puzzles
    assert slitherlink.difficulty(easy)[0] == "logic"
    assert slitherlink.difficulty(hard)[0] != "logic"
    # The clues it shows are those of the planted loop, and more than the minimal one's.
    planted, _ = slitherlink.generate_with_loop(n, n, seed=seed, density=1.0)
    shown = easy.clues >= 0
    assert (easy.clues[shown] == planted.clues[shown]).all()
    assert shown.sum() > (hard.clues >= 0).sum()


def test_minimal_slitherlinks_of_the_chapter_are_not_logic():
    for seed in range(5):
        puzzle = slitherlink.generate(10, 10, seed=seed, unique=True)
        assert slitherlink.difficulty(puzzle)[0] != "logic"
