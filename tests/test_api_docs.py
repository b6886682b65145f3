"""The API reference is complete: every public name of ``helper`` has a docstring,
and the appendix pages ``chapters/api/*.md`` document every module of the package
(subpackages included), each on one page.

A public name is one listed in the module's ``__all__`` when it defines one; otherwise
every top-level name that the module itself defines (``def``, ``class`` or assignment,
not an import) and that does not start with ``_``. Public methods of public classes
count too. Module-level constants cannot carry a ``__doc__``, so for them the test
accepts what Sphinx autodoc accepts: a ``#:`` comment before the assignment or a string
literal right after it.
"""

import ast
import importlib
import inspect
import pkgutil
import re

import pytest

import helper
from helper import REPO_ROOT

API_PAGES = sorted((REPO_ROOT / "chapters" / "api").glob("*.md"))

# Gaps in hand-written modules that their owner has been asked to close (then delete the
# entry). Exact names only, so that a new undocumented name still fails the test.
KNOWN_GAPS: dict[str, set[str]] = {}


def _module_names() -> list[str]:
    names = ["helper"]
    for info in pkgutil.walk_packages([str(REPO_ROOT / "helper")], prefix="helper."):
        if not any(part.startswith("_") for part in info.name.split(".")):
            names.append(info.name)
    return sorted(names)


MODULES = _module_names()


def _defined_names(module) -> list[str]:
    """Top-level names the module's own source defines (not imports), in order."""
    tree = ast.parse(inspect.getsource(module))
    names: list[str] = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.append(node.name)
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                names.extend(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.append(node.target.id)
    return [n for n in dict.fromkeys(names) if n != "__all__"]


def _public_names(module) -> list[str]:
    if hasattr(module, "__all__"):
        return list(module.__all__)
    return [n for n in _defined_names(module) if not n.startswith("_")]


def _attribute_docs(module) -> dict[str, str]:
    """Docs of module variables as autodoc reads them (``#:`` comments, strings)."""
    from sphinx.pycode import ModuleAnalyzer

    analyzer = ModuleAnalyzer.for_module(module.__name__)
    return {
        name: "\n".join(lines)
        for (scope, name), lines in analyzer.find_attr_docs().items()
        if scope == ""
    }


def _has_own_doc(obj) -> bool:
    doc = getattr(obj, "__doc__", None)
    return bool(doc and doc.strip())


def _undocumented(module_name: str) -> list[str]:
    module = importlib.import_module(module_name)
    attribute_docs = _attribute_docs(module)
    missing = []
    for name in _public_names(module):
        if not hasattr(module, name):
            missing.append(f"{name} (listed in __all__ but not defined)")
            continue
        obj = getattr(module, name)
        if inspect.isfunction(obj) or inspect.isclass(obj):
            if not _has_own_doc(obj):
                missing.append(name)
            if inspect.isclass(obj) and obj.__module__ == module.__name__:
                for attr, value in vars(obj).items():
                    if attr.startswith("_") or not (
                        inspect.isfunction(value)
                        or isinstance(value, (property, staticmethod, classmethod))
                    ):
                        continue
                    function = (
                        value.__func__
                        if isinstance(value, (staticmethod, classmethod))
                        else value
                    )
                    if not _has_own_doc(function):
                        missing.append(f"{name}.{attr}")
        elif not attribute_docs.get(name, "").strip():
            missing.append(f"{name} (a constant: give it a '#:' comment)")
    return missing


def test_the_package_has_modules():
    assert "helper" in MODULES and "helper.ortools" in MODULES


@pytest.mark.parametrize("module_name", MODULES)
def test_module_has_a_docstring(module_name):
    module = importlib.import_module(module_name)
    assert _has_own_doc(module), f"{module_name} has no module docstring"


@pytest.mark.parametrize("module_name", MODULES)
def test_every_public_name_has_a_docstring(module_name):
    missing = [
        m
        for m in _undocumented(module_name)
        if m not in KNOWN_GAPS.get(module_name, ())
    ]
    assert missing == [], f"{module_name}: public names without a docstring: {missing}"


def _automodules() -> list[tuple[str, str, str]]:
    """``(page, module, block header)`` for every automodule block of the API pages."""
    found = []
    for page in API_PAGES:
        text = page.read_text(encoding="utf-8")
        for block in re.split(r"^\.\.\s+automodule::", text, flags=re.MULTILINE)[1:]:
            found.append((page.name, block.split()[0], block.split("\n\n")[0]))
    return found


def test_api_pages_document_every_module_once():
    documented = [module for _, module, _ in _automodules()]
    assert sorted(set(MODULES) - set(documented)) == [], (
        "add an automodule block to a page of chapters/api/"
    )
    assert sorted(set(documented) - set(MODULES)) == [], (
        "chapters/api/ names a module that does not exist"
    )
    twice = sorted({m for m in documented if documented.count(m) > 1})
    assert twice == [], "a module documented twice makes duplicate targets"


def test_api_pages_list_members():
    for page, name, header in _automodules():
        assert ":members:" in header, f"{page}: the block of {name} lacks :members:"


def test_every_puzzle_page_renders_its_methods():
    for puzzle in ("switches", "numberlink", "nonogram", "slitherlink"):
        text = (REPO_ROOT / "chapters" / "api" / f"{puzzle}.md").read_text("utf-8")
        assert f".. methods-table:: helper.{puzzle}" in text


def test_the_detector_finds_a_missing_docstring(tmp_path, monkeypatch):
    """Guard against a test that never fails: an undocumented function is reported."""
    package = tmp_path / "fakepkg"
    package.mkdir()
    (package / "__init__.py").write_text('"""Doc."""\n')
    (package / "mod.py").write_text(
        '"""Doc."""\nimport os\n\n#: documented\nLIMIT = 3\nBARE = 4\n\n'
        'def good():\n    """Yes."""\n\ndef bad():\n    pass\n\n'
        'class Thing:\n    """A thing."""\n\n    def method(self):\n        pass\n\n'
        "def _private():\n    pass\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    assert sorted(_undocumented("fakepkg.mod")) == [
        "BARE (a constant: give it a '#:' comment)",
        "Thing.method",
        "bad",
    ]
    assert helper.__name__ == "helper"
