"""sudokit: a fast, exact Sudoku engine (Rust), for Python.

Solve, count, check, hint, explain, rate (Sudoku Explainer's ER/EP/ED and a HoDoKu-style
score and level), generate and canonicalise 9x9 puzzles. A puzzle is a string in any layout
the ``sudoku`` CLI reads: an 81-character line (``.`` or ``0`` for a blank), a 9-line grid, or
a JSON board.

    >>> import sudokit
    >>> p = "1..92....524.1...........7..5...81.2.........4.27...9..6...........3.945....71..6"
    >>> sudokit.solve(p)[:9], sudokit.rate(p).er, sudokit.rate(p).level
    ('176923584', 2.6, 'medium')

The ``*_many`` functions take a list of strings or a NumPy ``uint8`` array of shape (N, 81)
(0 = blank), release the GIL, run on ``threads`` threads (default: every core), keep the
input order, and give a status or error value for a bad puzzle instead of raising.

Errors derive from ``SudokuError`` (a ``ValueError``): ``InvalidPuzzle`` (not a puzzle, with
line and column; or givens that break the rules), ``NoSolution``, ``NotUnique`` and
``GaveUp`` (a time limit was reached).
"""

from ._sudokit import (
    GaveUp,
    InvalidPuzzle,
    NoSolution,
    NotUnique,
    Rating,
    Step,
    SudokuError,
    canon,
    canon_many,
    check,
    count,
    count_many,
    explain,
    generate,
    hint,
    rate,
    rate_many,
    solve,
    solve_many,
)

#: The meaning of ``solve_many``'s status codes: ``STATUS_NAMES[code]``.
STATUS_NAMES = ("unique", "multiple", "none", "invalid", "error")

__all__ = [
    "STATUS_NAMES",
    "GaveUp",
    "InvalidPuzzle",
    "NoSolution",
    "NotUnique",
    "Rating",
    "Step",
    "SudokuError",
    "canon",
    "canon_many",
    "check",
    "count",
    "count_many",
    "explain",
    "generate",
    "hint",
    "rate",
    "rate_many",
    "solve",
    "solve_many",
]
