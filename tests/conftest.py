"""Shared pytest configuration: the opt-in flag for long benchmark sweeps."""

import pytest


def pytest_addoption(parser):
    parser.addoption(
        "--slow",
        action="store_true",
        default=False,
        help="also run the long benchmark sweeps (tests marked 'slow')",
    )


def pytest_collection_modifyitems(config, items):
    if config.getoption("--slow"):
        return
    skip = pytest.mark.skip(reason="long sweep: run with --slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
