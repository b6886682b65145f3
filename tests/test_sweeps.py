"""Committed benchmark sweeps: saved with their provenance, compared with a live run."""

import math

import pandas as pd
import pytest

from helper import bench, sweeps


def _rows(*rows):
    return pd.DataFrame(rows, columns=["instance", "method", "seconds", "status"])


def test_results_round_trip_with_their_provenance(tmp_path):
    rows = _rows(("a", "fast", 0.01, "ok"), ("a", "slow", math.nan, "timeout"))
    meta = {"sweep": "demo", **sweeps.environment()}
    path = sweeps.save_results("demo", rows, meta, folder=tmp_path)
    assert path.read_text().startswith("# sweep: demo\n# date: ")
    again = sweeps.load_results("demo", folder=tmp_path)
    pd.testing.assert_frame_equal(again, rows)
    assert again.attrs["meta"]["python"] == meta["python"]
    sentence = sweeps.measured_on(again)
    assert sentence.startswith(f"Measured on {meta['date']} on ")
    assert "python -m tools.benchmarks demo" in sentence and "ortools" in sentence


def test_a_missing_sweep_says_how_to_make_it(tmp_path):
    with pytest.raises(FileNotFoundError, match="python -m tools.benchmarks nothing"):
        sweeps.load_results("nothing", folder=tmp_path)


def test_the_environment_names_machine_and_versions():
    env = sweeps.environment()
    wanted = {"date", "machine", "python", "z3-solver", "ortools", "python-sat"}
    assert wanted <= set(env)
    assert "cores" in env["machine"]


COMMITTED = _rows(
    ("small", "fast", 0.01, "ok"),
    ("small", "slow", 0.5, "ok"),
    ("small", "close", 0.012, "ok"),
    ("big", "fast", 1.0, "ok"),
    ("big", "slow", math.nan, "timeout"),
    ("bad", "fast", math.nan, "unsolvable"),
    ("duo", "fast", 0.01, "ok"),
    ("duo", "slow", 0.5, "ok"),
)


def test_agreeing_runs_have_no_disagreements():
    # slower overall (a busy machine) and the close race flipped: both allowed
    live = _rows(
        ("small", "fast", 0.03, "ok"),
        ("small", "slow", 1.4, "ok"),
        ("small", "close", 0.02, "ok"),
        ("bad", "fast", math.nan, "unsolvable"),
    )
    assert sweeps.disagreements(live, COMMITTED, time_limit=10) == []


def test_what_a_busy_machine_cannot_explain_is_reported():
    live = _rows(
        ("duo", "fast", 0.9, "ok"),  # lost a 50x lead
        ("duo", "slow", 0.6, "ok"),
        ("small", "close", math.nan, "WRONG"),
        ("big", "fast", math.nan, "timeout"),  # took 1 s of 10 when committed
        ("bad", "fast", 0.2, "ok"),
    )
    found = sweeps.disagreements(live, COMMITTED, time_limit=10)
    assert len(found) == 4, found
    assert any("small, close: a wrong answer" in f for f in found)
    assert any("big, fast: timeout now" in f for f in found)
    assert any("bad, fast: ok now, unsolvable when committed" in f for f in found)
    assert any(f.startswith("duo: fast was 50x ahead") for f in found)


def test_no_shared_rows_is_a_disagreement():
    live = _rows(("other", "fast", 0.1, "ok"))
    assert sweeps.disagreements(live, COMMITTED, time_limit=10) != []


def test_a_sweep_registers_once_by_name():
    @sweeps.sweep("test-demo", chapter="intro", title="a demo")
    def run(full):
        return _rows(("a", "m", 0.1, "ok"))

    assert sweeps._SWEEPS["test-demo"].run(False).shape == (1, 4)
    with pytest.raises(ValueError, match="two sweeps"):

        @sweeps.sweep("test-demo", chapter="intro", title="another")
        def other(full):
            return _rows()

    del sweeps._SWEEPS["test-demo"]


def test_readable_tables_use_words_and_integers():
    table = pd.DataFrame(
        {
            "median_nodes": [1860.0, 12.0],
            "max_seconds": [0.25, float("inf")],
            "status": ["ok", "WRONG"],
        }
    )
    shown = bench.readable(table)
    assert list(shown.columns) == ["median nodes", "max seconds", "status"]
    assert shown["median nodes"].tolist() == [1860, 12]
    assert shown["max seconds"].tolist() == [0.25, "timeout"]
    assert shown["status"].tolist() == ["ok", "wrong"]


def test_a_hash_inside_the_rows_is_data(tmp_path):
    rows = _rows(("noise #3", "fast", 0.01, "ok"), ("noise #4", "fast", 0.02, "ok"))
    sweeps.save_results("hashes", rows, {"sweep": "hashes"}, folder=tmp_path)
    again = sweeps.load_results("hashes", folder=tmp_path)
    pd.testing.assert_frame_equal(again, rows)
    assert again.attrs["meta"] == {"sweep": "hashes"}
