"""One pattern for every puzzle module: learn one, and you can guess the other three.

Each ``helper.<puzzle>`` offers ``load``, ``solve``, ``check``, ``solutions``,
``generate``, ``METHODS`` and ``DEFAULT_METHOD`` with the same shapes, and a frozen
puzzle class that validates itself. These tests use nothing but those names.
"""

import ast
import dataclasses
import importlib
import inspect
import math

import pytest

from helper import REPO_ROOT, SolverTimeout, Unsolvable

PUZZLES = {
    "switches": "Switches",
    "numberlink": "Numberlink",
    "nonogram": "Nonogram",
    "slitherlink": "Slitherlink",
}


def _module(name):
    return importlib.import_module(f"helper.{name}")


def _face(name):
    """The file that declares the contract: the package's __init__ (or old module)."""
    package = REPO_ROOT / "helper" / name / "__init__.py"
    return package if package.is_file() else REPO_ROOT / "helper" / f"{name}.py"


def _package(name):
    """Skip a test of the package layout while the puzzle is still one module."""
    if not (REPO_ROOT / "helper" / name / "__init__.py").is_file():
        pytest.skip(f"helper.{name} is not a package yet")
    return _module(name)


@pytest.mark.parametrize("name", PUZZLES)
def test_generate_solve_check_solutions(name):
    module = _module(name)
    puzzle = module.generate(6, 6, seed=1)
    assert isinstance(puzzle, getattr(module, PUZZLES[name]))
    solution = module.solve(puzzle)
    assert module.check(puzzle, solution) is True
    found = module.solutions(puzzle, limit=2)
    assert 1 <= len(found) <= 2
    for other in found:
        assert module.check(puzzle, other) is True


@pytest.mark.parametrize("name", PUZZLES)
def test_every_method_solves_a_small_puzzle(name):
    module = _module(name)
    puzzle = module.generate(5, 5, seed=2)
    for method in module.METHODS:
        solution = module.solve(puzzle, method=method, time_limit=30.0)
        assert module.check(puzzle, solution) is True, method


@pytest.mark.parametrize("name", PUZZLES)
def test_signatures(name):
    module = _module(name)

    def keyword(function, parameter, default):
        p = inspect.signature(function).parameters[parameter]
        assert p.kind is inspect.Parameter.KEYWORD_ONLY, (function.__name__, parameter)
        assert p.default == default, (function.__name__, parameter)

    first = list(inspect.signature(module.solve).parameters)[0]
    assert first == "puzzle"
    keyword(module.solve, "method", None)
    keyword(module.solve, "time_limit", 10.0)
    keyword(module.solutions, "limit", 2)
    keyword(module.solutions, "time_limit", 10.0)
    keyword(module.generate, "seed", 0)
    assert list(inspect.signature(module.generate).parameters)[:2] == [
        "height",
        "width",
    ]
    assert list(inspect.signature(module.check).parameters)[:2] == [
        "puzzle",
        "solution",
    ]
    assert list(inspect.signature(module.load).parameters)[:1] == ["path"]
    assert module.DEFAULT_METHOD in module.METHODS
    for method, function in module.METHODS.items():
        assert "time_limit" in inspect.signature(function).parameters, method


@pytest.mark.parametrize("name", PUZZLES)
def test_the_puzzle_is_a_frozen_value(name):
    module = _module(name)
    cls = getattr(module, PUZZLES[name])
    assert dataclasses.is_dataclass(cls)
    a, b = module.generate(5, 5, seed=3), module.generate(5, 5, seed=3)
    assert a == b and hash(a) == hash(b)
    assert a != module.generate(5, 5, seed=4)
    field = dataclasses.fields(cls)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(a, field, None)


@pytest.mark.parametrize("name", PUZZLES)
def test_unknown_method_is_named(name):
    module = _module(name)
    puzzle = module.generate(4, 4, seed=0)
    with pytest.raises(ValueError, match=module.DEFAULT_METHOD):
        module.solve(puzzle, method="no-such-method")


@pytest.mark.parametrize("name", PUZZLES)
def test_methods_and_default_are_declared_once_at_the_end(name):
    path = _face(name)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assigned = {"METHODS": [], "DEFAULT_METHOD": []}
    for index, node in enumerate(tree.body):
        targets = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign):
            targets = [node.target]
        for target in targets:
            if isinstance(target, ast.Name) and target.id in assigned:
                assigned[target.id].append(index)
    assert len(assigned["METHODS"]) == 1, "METHODS is assigned more than once"
    assert len(assigned["DEFAULT_METHOD"]) == 1, "DEFAULT_METHOD is assigned twice"
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store):
            assert getattr(node.value, "id", None) != "METHODS", "METHODS[...] = ..."
        if isinstance(node, ast.Attribute) and node.attr == "update":
            assert getattr(node.value, "id", None) != "METHODS", "METHODS.update"
    if path.name == "__init__.py":
        return  # the package's face: METHODS is its table of contents, solve follows
    last = max(assigned["METHODS"] + assigned["DEFAULT_METHOD"])
    later = [
        n.name
        for n in tree.body[last + 1 :]
        if isinstance(n, (ast.FunctionDef, ast.ClassDef))
    ]
    assert later == [], f"defined after METHODS / DEFAULT_METHOD: {later}"


# ------------------------------------------------ one dispatcher for all four
BAD_TIME_LIMITS = [0, -1, math.nan, math.inf, "5", None, True]
TIME_LIMIT_SHAPE = r"^time_limit must be a finite number of seconds > 0, not "


@pytest.mark.parametrize("name", PUZZLES)
@pytest.mark.parametrize("bad", BAD_TIME_LIMITS, ids=repr)
def test_solve_and_solutions_refuse_a_bad_time_limit_alike(name, bad):
    module = _package(name)
    puzzle = module.generate(4, 4, seed=0)
    with pytest.raises(ValueError, match=TIME_LIMIT_SHAPE):
        module.solve(puzzle, time_limit=bad)
    with pytest.raises(ValueError, match=TIME_LIMIT_SHAPE):
        module.solutions(puzzle, time_limit=bad)
    for method in module.METHODS:  # refused before any method runs
        with pytest.raises(ValueError, match=TIME_LIMIT_SHAPE):
            module.solve(puzzle, method=method, time_limit=bad)


@pytest.mark.parametrize("name", PUZZLES)
@pytest.mark.parametrize("bad", ["", "no-such-method", 3, None.__class__])
def test_solve_refuses_an_unknown_method_alike(name, bad):
    module = _package(name)
    puzzle = module.generate(4, 4, seed=0)
    shape = (
        r"^unknown method .*; the methods are "
        + ", ".join(module.METHODS)
        + rf" \(default '{module.DEFAULT_METHOD}'\)$"
    )
    with pytest.raises(ValueError, match=shape):
        module.solve(puzzle, method=bad)


@pytest.mark.parametrize("name", PUZZLES)
def test_a_non_puzzle_is_a_type_error_naming_the_class(name):
    module = _package(name)
    shape = rf"^expected a helper\.{name}\..*{PUZZLES[name]} puzzle, not object$"
    with pytest.raises(TypeError, match=shape):
        module.solve(object())
    with pytest.raises(TypeError, match=shape):
        module.solutions(object())


@pytest.mark.parametrize("name", PUZZLES)
@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "2"], ids=repr)
def test_solutions_refuses_a_bad_limit(name, bad):
    module = _package(name)
    with pytest.raises(ValueError, match=r"^limit must be a whole number >= 1"):
        module.solutions(module.generate(4, 4, seed=0), limit=bad)


@pytest.mark.parametrize("name", PUZZLES)
def test_the_face_is_short_and_goes_through_the_dispatcher(name):
    module = _package(name)
    face = _face(name).read_text(encoding="utf-8")
    assert len(face.splitlines()) <= 200, "the package's __init__ is its one screen"
    for function in (module.solve, module.solutions):
        source = inspect.getsource(function)
        assert "dispatch." in source, f"{function.__name__} bypasses helper.dispatch"
    for method, function in module.METHODS.items():
        home = function.__module__
        assert home.startswith(f"helper.{name}.") and home != f"helper.{name}", (
            f"{method} should live in a module of the package, not in {home}"
        )


def test_the_exceptions_are_documented_values():
    assert issubclass(Unsolvable, ValueError)
    error = SolverTimeout("slow", best=[1, 2])
    assert error.best == [1, 2] and SolverTimeout("slow").best is None
