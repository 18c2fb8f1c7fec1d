"""The module gives the CLI's answers: solutions, canonical forms, ratings, hints, explained
paths and generated puzzles, on a few committed puzzles (see cli_answers.py)."""

import json

import pytest

import sudokit
from cli_answers import EXPECTED, EXPLAINED, GENERATE, PUZZLES, answers, cli_path, compute


@pytest.fixture(scope="module")
def cli():
    return answers()


def test_solutions_and_canonical_forms(cli):
    expected, source = cli
    assert [sudokit.solve(p) for p in PUZZLES] == expected["solve"], source
    assert [sudokit.canon(p) for p in PUZZLES] == expected["canon"], source
    solutions, _ = sudokit.solve_many(PUZZLES)
    assert ["".join(map(str, row)) for row in solutions] == expected["solve"]


def test_ratings(cli):
    expected, source = cli
    mine = []
    for r in sudokit.rate_many(PUZZLES):
        d = r.to_dict()
        d.pop("hardest_name", None)  # the server's addition, not in `sudoku rate --json`
        mine.append(d)
    assert mine == expected["rate"], source


def test_hints_and_explanations(cli):
    expected, source = cli
    hints = [sudokit.hint(p) for p in PUZZLES]
    assert [h.to_dict() if h else None for h in hints] == expected["hint"], source
    # The path of the stuck puzzle ends early; the CLI lists the steps found all the same.
    paths = [[s.to_dict() for s in sudokit.explain(PUZZLES[i])] for i in EXPLAINED]
    assert paths == expected["explain"], source


def test_generated_puzzles(cli):
    expected, source = cli
    made = [sudokit.generate(**kwargs) for _, kwargs in GENERATE]
    assert made == expected["generate"], source


def test_the_committed_answers_are_the_cli_s():
    cli = cli_path()
    if cli is None:
        pytest.skip("no sudoku binary to compare cli_expected.json with")
    assert compute(cli) == json.loads(EXPECTED.read_text())
