"""Shared helpers of the sudokit tests: the repository's paths, the committed corpus, and an
independent solution checker (plain Python, nothing from the engine)."""

import os
from pathlib import Path

import pytest

#: The repository root (bindings/python/tests -> ../../..).
REPO = Path(__file__).resolve().parents[3]
TESTDATA = REPO / "testdata"
#: The shared data sets, beside the repository (see the top-level README).
SHARED = REPO.parent / "shared" / "data"

EASY = ".5..83.17...1..4..3.4..56.8....3...9.9.8245....6....7...9....5...729..861.36.72.4"
MEDIUM = "1..92....524.1...........7..5...81.2.........4.27...9..6...........3.945....71..6"
#: Needs a nested forcing chain: stuck (ER 20.0) without nested, ER 9.8 at its first step.
NESTED = "........7..4.2.6..8.....31......29...4..9..3...95.6....1......8..6.5.2..7......6."
EMPTY = "." * 81


def counts_corpus():
    """The lines of testdata/counts.txt as (puzzle, count, at_least, solution)."""
    rows = []
    for line in (TESTDATA / "counts.txt").read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        puzzle, count, solution = line.split(":")
        at_least = count.startswith(">=")
        rows.append((puzzle, int(count.lstrip(">=")), at_least, solution))
    return rows


def is_valid_solution(solution: str, puzzle: str) -> bool:
    """Whether `solution` is a full grid that keeps the rules and the givens of `puzzle`
    (both as 81-character lines)."""
    if len(solution) != 81 or any(ch not in "123456789" for ch in solution):
        return False
    for cell, given in enumerate(puzzle):
        if given in "123456789" and solution[cell] != given:
            return False
    digits = set("123456789")
    for i in range(9):
        row = {solution[9 * i + j] for j in range(9)}
        col = {solution[9 * j + i] for j in range(9)}
        box = {
            solution[9 * (3 * (i // 3) + r) + 3 * (i % 3) + c] for r in range(3) for c in range(3)
        }
        if row != digits or col != digits or box != digits:
            return False
    return True


def shared_file(name: str) -> Path:
    """A file of ../shared/data: skips the test when it is missing, fails in CI."""
    path = SHARED / name
    if not path.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{path} is missing (CI must have ../shared/data)")
        pytest.skip(f"{path} is missing")
    return path
