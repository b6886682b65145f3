"""The generated helper modules say exactly what the notebooks' #@save cells say."""

import json

import pytest

from tools.export import GENERATED_HEADER, collect, module_path, render, stale_modules


def test_generated_modules_are_fresh():
    stale = stale_modules()
    assert stale == [], f"run 'python -m tools.export': stale modules {stale}"


def test_generated_modules_carry_the_header():
    for name in collect():
        text = module_path(name).read_text(encoding="utf-8")
        assert text.startswith(GENERATED_HEADER)


def _notebook(tmp_path, cells):
    (tmp_path / "helper").mkdir()
    (tmp_path / "chapters").mkdir()
    (tmp_path / "_toc.yml").write_text("root: intro\nchapters:\n  - file: chapters/a\n")
    nb = {
        "cells": [
            {
                "cell_type": "code",
                "source": c,
                "metadata": {},
                "outputs": [],
                "execution_count": None,
            }
            for c in cells
        ],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (tmp_path / "chapters" / "a.ipynb").write_text(json.dumps(nb))


def test_export_hoists_imports_and_keeps_order(tmp_path):
    _notebook(
        tmp_path,
        [
            '#@save demo\n"""Demo module."""\nimport os\n\ndef f():\n    return os.sep',
            "x = 1",  # not saved
            "#@save demo\nimport os\nimport sys\n\ndef g():\n    return sys.platform",
        ],
    )
    modules = collect(tmp_path)
    assert list(modules) == ["demo"]
    text = render(modules["demo"])
    assert text.startswith(GENERATED_HEADER + '\n\n\n"""Demo module."""')
    assert text.count("import os") == 1 and "import sys" in text
    assert text.index("def f") < text.index("def g")
    assert "x = 1" not in text
    namespace = {}
    exec(compile(text, "demo", "exec"), namespace)
    assert namespace["g"]() and namespace["f"]()


def test_export_names_the_cell_with_bad_code(tmp_path):
    _notebook(tmp_path, ["#@save demo\ndef broken(:\n    pass"])
    with pytest.raises(ValueError, match=r"chapters/a.ipynb, cell 1"):
        collect(tmp_path)


def test_export_wants_a_module_name(tmp_path):
    _notebook(tmp_path, ["#@save\ndef f():\n    pass"])
    with pytest.raises(ValueError, match="needs a module name"):
        collect(tmp_path)


def test_a_stale_module_is_detected(tmp_path):
    _notebook(tmp_path, ["#@save demo\ndef f():\n    return 1"])
    (tmp_path / "helper" / "demo.py").write_text(GENERATED_HEADER + "\n# old\n")
    assert stale_modules(tmp_path) == ["helper/demo.py"]
    (tmp_path / "helper" / "demo.py").write_text(render(collect(tmp_path)["demo"]))
    assert stale_modules(tmp_path) == []
    (tmp_path / "helper" / "gone.py").write_text(GENERATED_HEADER + "\n")
    assert stale_modules(tmp_path) == ["helper/gone.py (no notebook exports it)"]
