"""The package documents itself: docstrings on everything, signatures for help(), and stubs
that name exactly what the module has."""

import ast
import inspect
import pydoc
from pathlib import Path

import sudokit

FUNCTIONS = [
    "solve", "count", "check", "hint", "explain", "rate", "generate", "canon",
    "solve_many", "count_many", "rate_many", "canon_many",
]
CLASSES = ["Step", "Rating"]
ERRORS = ["SudokuError", "InvalidPuzzle", "NoSolution", "NotUnique", "GaveUp"]


def stub_names():
    """The names the stub file defines at top level, and each class's members."""
    stub = Path(sudokit.__file__).with_name("__init__.pyi")
    tree = ast.parse(stub.read_text())
    top, members = set(), {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            top.add(node.name)
        if isinstance(node, ast.ClassDef):
            members[node.name] = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
        if isinstance(node, (ast.AnnAssign,)) and isinstance(node.target, ast.Name):
            top.add(node.target.id)
    return top, members


def test_every_public_name_is_exported_documented_and_stubbed():
    assert sorted(sudokit.__all__) == sorted(FUNCTIONS + CLASSES + ERRORS + ["STATUS_NAMES"])
    top, members = stub_names()
    assert set(sudokit.__all__) <= top
    assert (Path(sudokit.__file__).parent / "py.typed").exists()
    for name in FUNCTIONS + CLASSES + ERRORS:
        doc = getattr(sudokit, name).__doc__
        assert doc and len(doc) > 40, name
    for cls in CLASSES:
        public = {n for n in dir(getattr(sudokit, cls)) if not n.startswith("_")}
        assert public == members[cls] - {"__init__"}, cls
        for attr in public:
            assert getattr(getattr(sudokit, cls), attr).__doc__, f"{cls}.{attr}"


def test_functions_show_their_signatures():
    sig = inspect.signature(sudokit.rate)
    assert list(sig.parameters) == ["puzzle", "nested", "time_limit"]
    assert sig.parameters["nested"].default is False
    sig = inspect.signature(sudokit.generate)
    assert list(sig.parameters)[:2] == ["n", "seed"]
    assert inspect.signature(sudokit.count).parameters["limit"].default == 2


def test_help_reads_well():
    text = pydoc.render_doc(sudokit, renderer=pydoc.plaintext)
    assert "fast, exact Sudoku engine" in text
    for name in FUNCTIONS:
        assert f"{name}(" in text, name
    assert "rate(puzzle, nested=False, time_limit=None)" in text


def test_the_package_docstring_example_runs():
    import doctest

    result = doctest.testmod(sudokit, verbose=False)
    assert result.attempted >= 2 and result.failed == 0
