"""The examples in the core's docstrings run, in both builds (issue 12: they never ran, and a compiled module
keeps no docstrings to collect). Each module's source is parsed and its docstrings' examples are run against
the package as it is loaded, compiled or not."""
import ast
import doctest
import importlib
from pathlib import Path

import pytest

import monopoly_core

PACKAGE = Path(monopoly_core.__file__).resolve().parent
if not (PACKAGE / "game.py").exists():         # the compiled build: the source sits beside the package path
    PACKAGE = Path(__file__).resolve().parent.parent / "monopoly_core"
WITH_EXAMPLES = sorted(str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*.py") if ">>> " in p.read_text())


def _docstrings(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            doc = ast.get_docstring(node, clean=False)
            if doc and ">>> " in doc:
                yield getattr(node, "name", "<module>"), doc


def test_the_modules_with_examples_are_found():
    assert {"game.py", "__init__.py", "arrange.py"} <= set(WITH_EXAMPLES)


@pytest.mark.parametrize("rel", WITH_EXAMPLES)
def test_docstring_examples_run(rel):
    source = (PACKAGE / rel).read_text()
    module = ("monopoly_core." + rel[:-3].replace("/", ".")).removesuffix(".__init__")
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    ran = 0
    for name, doc in _docstrings(ast.parse(source)):
        globs = dict(vars(importlib.import_module(module)))       # the examples see their module's names
        test = parser.get_doctest(doc, globs, f"{module}.{name}", rel, 0)
        result = runner.run(test, out=lambda text: pytest.fail(f"{rel} {name}:\n{text}"))
        ran += result.attempted
    assert ran > 0

