"""Unit tests of the hand-written helper modules: data, CP-SAT, SAT, benchmarks."""

import math

import matplotlib
import pytest
from ortools.sat.python import cp_model

matplotlib.use("Agg")

from helper import SolverTimeout, Unsolvable, data_path
from helper.bench import ratio_table, run_benchmark
from helper.ortools import get_all_solutions


def test_exceptions_are_what_the_docs_say():
    assert issubclass(Unsolvable, ValueError)
    assert issubclass(SolverTimeout, TimeoutError)


def test_data_path_finds_files_from_anywhere(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert data_path("numberlink01.txt").is_file()


def test_data_path_names_a_missing_file():
    with pytest.raises(
        FileNotFoundError, match="no data file 'nope.txt'.*numberlink01.txt"
    ):
        data_path("nope.txt")


def test_get_all_solutions_enumerates_every_solution():
    model = cp_model.CpModel()
    x = model.new_int_var(0, 3, "x")
    y = model.new_int_var(0, 3, "y")
    model.add(x + y == 3)
    solutions = get_all_solutions(model)
    assert sorted((s["x"], s["y"]) for s in solutions) == [
        (0, 3),
        (1, 2),
        (2, 1),
        (3, 0),
    ]


def test_get_all_solutions_counts_over_the_answer_variables_only():
    model = cp_model.CpModel()
    x = model.new_int_var(0, 2, "x")
    model.new_int_var(0, 4, "free")  # not part of the answer
    assert sorted(s["x"] for s in get_all_solutions(model, [x])) == [0, 1, 2]


def test_get_all_solutions_of_an_infeasible_model_is_empty():
    model = cp_model.CpModel()
    x = model.new_int_var(0, 2, "x")
    model.add(x > 5)
    assert get_all_solutions(model) == []


def test_get_all_solutions_respects_the_limit():
    model = cp_model.CpModel()
    model.new_int_var(0, 99, "x")
    assert len(get_all_solutions(model, limit=5)) == 5


def test_run_benchmark_reports_wrong_timeouts_and_skips():
    def right(instance, time_limit):
        return instance * 2

    def wrong(instance, time_limit):
        return instance * 2 + 1

    def slow(instance, time_limit):
        if instance > 1:
            raise SolverTimeout("too slow")
        return instance * 2

    def none(instance, time_limit):
        raise Unsolvable("no")

    results = run_benchmark(
        {"a": 1, "b": 2, "c": 3},
        {"right": right, "wrong": wrong, "slow": slow, "none": none},
        lambda instance, answer: answer == instance * 2,
        repeats=3,
    )
    status = {(r.instance, r.method): r.status for r in results.itertuples()}
    assert status[("a", "right")] == "ok" and status[("a", "wrong")] == "WRONG"
    assert status[("b", "slow")] == "timeout" and status[("c", "slow")] == "skipped"
    assert status[("a", "none")] == "unsolvable"
    ok = results[results.status == "ok"]
    assert (ok.rounds == 3).all() and not ok.seconds.isna().any()
    assert math.isnan(
        results[(results.instance == "a") & (results.method == "wrong")].seconds.iloc[0]
    )
    table = ratio_table(results, baseline="right")
    assert table.loc["a", "wrong"] == "wrong" and "slow / right" in table.columns


def test_plot_benchmark_shows_failures_on_the_limit_line():
    import pandas as pd

    from helper.bench import plot_benchmark

    results = pd.DataFrame(
        [
            {"instance": "a", "method": "m", "seconds": 0.1, "status": "ok"},
            {"instance": "b", "method": "m", "seconds": math.nan, "status": "timeout"},
            {"instance": "a", "method": "w", "seconds": math.nan, "status": "WRONG"},
            {"instance": "b", "method": "w", "seconds": 0.2, "status": "ok"},
        ]
    )
    for sizes in ({"a": 1, "b": 100}, None):
        fig = plot_benchmark(results, sizes, time_limit=5.0)
        ax = fig.axes[0]
        on_limit = {
            line.get_marker()
            for line in ax.get_lines()
            if len(line.get_ydata()) and set(line.get_ydata()) == {5.0}
        }
        assert {"^", "X"} <= on_limit
        assert ax.get_xscale() == ("log" if sizes else "linear")
        labels = [t.get_text() for t in ax.get_legend().get_texts()]
        assert "m" in labels and any("timed out" in label for label in labels)


def test_puzzlink_url_round_trip_and_errors():
    from helper.puzzlink import make_url, split_url

    url = make_url("slither", 10, 8, "abc")
    assert split_url(url, "slither") == ("slither", 10, 8, "abc")
    assert split_url("http://pzv.jp/p.html?slither/v:/3/2/x", ("slither",))[1:3] == (
        3,
        2,
    )
    for bad, message in [
        ("https://puzz.link/p", "not a puzz.link URL"),
        ("https://puzz.link/p?numlin/3/3/x", "expected slither"),
        ("https://puzz.link/p?slither/3/x", "columns"),
        ("https://puzz.link/p?slither/0/3/x", "empty"),
    ]:
        with pytest.raises(ValueError, match=message):
            split_url(bad, "slither")


def test_number16_code_round_trips_and_names_bad_characters():
    import random

    from helper.puzzlink import UNKNOWN, decode_number16, encode_number16

    rng = random.Random(1)
    for _ in range(500):
        values = [
            rng.choice([None, None, UNKNOWN, rng.randint(0, 15), rng.randint(0, 12287)])
            for _ in range(rng.randint(1, 50))
        ]
        text = encode_number16(values)
        assert decode_number16(text, len(values)) == (values, len(text))
    assert encode_number16([None] * 21 + [3]) == "zg3"
    assert decode_number16("1-1f", 3) == ([1, 31, None], 4)
    with pytest.raises(ValueError, match="unknown character 'A' at position 1"):
        decode_number16("1A", 2)
    with pytest.raises(ValueError, match="needs 2 hex digits"):
        decode_number16("-1", 1)
    with pytest.raises(ValueError, match="passes the last cell"):
        decode_number16("z", 3)
