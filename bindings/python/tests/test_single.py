"""The one-puzzle functions: answers, layouts, bad input and the exception types."""

import json

import pytest

import sudokit
from conftest import EASY, EMPTY, MEDIUM, NESTED, counts_corpus, is_valid_solution

TWO_FIVES = "55" + "." * 79
# Givens that keep the rules but admit no solution (testdata/counts.txt, count 0).
NO_SOLUTION = next(p for p, n, at_least, _ in counts_corpus() if n == 0 and not at_least)
# Two or more solutions.
MULTIPLE = next(p for p, n, at_least, _ in counts_corpus() if n > 1 and not at_least)


def grid_layout(line: str) -> str:
    """The puzzle as a 9-line grid with box separators."""
    rows = [line[9 * r : 9 * r + 9] for r in range(9)]
    out = []
    for r, row in enumerate(rows):
        if r in (3, 6):
            out.append("------+-------+------")
        out.append(" | ".join(" ".join(row[3 * b : 3 * b + 3]) for b in range(3)))
    return "\n".join(out) + "\n"


def test_solve_gives_a_valid_solution_for_every_proper_corpus_puzzle():
    checked = 0
    for puzzle, n, at_least, solution in counts_corpus():
        if n == 1 and not at_least:
            found = sudokit.solve(puzzle, unique=True)
            assert found == solution
            assert is_valid_solution(found, puzzle)
            checked += 1
    assert checked >= 40


def test_solve_reads_every_layout_the_cli_reads():
    line = sudokit.solve(EASY)
    assert sudokit.solve(grid_layout(EASY)) == line
    zeros = EASY.replace(".", "0")
    assert sudokit.solve(zeros) == line
    board = [[int(ch) if ch != "." else 0 for ch in EASY[9 * r : 9 * r + 9]] for r in range(9)]
    assert sudokit.solve(json.dumps(board)) == line


def test_solve_raises_typed_errors():
    with pytest.raises(sudokit.InvalidPuzzle, match=r"line 1, column \d+: expected 81 cells"):
        sudokit.solve(EASY[:80])
    with pytest.raises(sudokit.InvalidPuzzle, match=r"line 1, column 3: unexpected character 'x'"):
        sudokit.solve("..x" + EASY[3:])
    with pytest.raises(sudokit.InvalidPuzzle, match="r1c1"):
        sudokit.solve(TWO_FIVES)
    with pytest.raises(sudokit.NoSolution):
        sudokit.solve(NO_SOLUTION)
    with pytest.raises(sudokit.NotUnique):
        sudokit.solve(MULTIPLE, unique=True)
    # Without `unique` the first solution is an answer.
    assert is_valid_solution(sudokit.solve(MULTIPLE), MULTIPLE)
    with pytest.raises(sudokit.InvalidPuzzle):
        sudokit.solve("")


def test_errors_form_one_hierarchy_under_value_error():
    for cls in (sudokit.InvalidPuzzle, sudokit.NoSolution, sudokit.NotUnique, sudokit.GaveUp):
        assert issubclass(cls, sudokit.SudokuError)
        assert cls is not sudokit.SudokuError
    assert issubclass(sudokit.SudokuError, ValueError)
    assert not issubclass(sudokit.NoSolution, sudokit.InvalidPuzzle)


def test_count_matches_the_corpus_counts():
    for puzzle, n, at_least, _ in counts_corpus():
        if at_least:
            assert sudokit.count(puzzle, limit=n) == n
        elif sudokit.check(puzzle) == "invalid":
            assert n == 0
            with pytest.raises(sudokit.InvalidPuzzle):
                sudokit.count(puzzle)
        elif n <= 1000:
            assert sudokit.count(puzzle, limit=n + 1) == n, puzzle
            if n > 1:
                assert sudokit.count(puzzle) == 2  # the default limit stops at 2


def test_count_bad_input():
    with pytest.raises(sudokit.InvalidPuzzle):
        sudokit.count(TWO_FIVES)
    with pytest.raises(ValueError):
        sudokit.count(EASY, limit=0)
    assert sudokit.count(NO_SOLUTION) == 0


def test_check_names_each_kind():
    assert sudokit.check(EASY) == "unique"
    assert sudokit.check(MULTIPLE) == "multiple"
    assert sudokit.check(EMPTY) == "multiple"
    assert sudokit.check(NO_SOLUTION) == "none"
    assert sudokit.check(TWO_FIVES) == "invalid"
    with pytest.raises(sudokit.InvalidPuzzle):
        sudokit.check("not a puzzle")


def test_hint_gives_the_first_step_and_none_when_solved():
    # Sudoku Explainer's order (human mode's is tested below).
    step = sudokit.hint(MEDIUM, style="se")
    assert isinstance(step, sudokit.Step)
    assert step.technique == "hidden_single_box"
    assert step.rating == 1.2
    assert step.placements and all(0 <= c < 81 and 1 <= d <= 9 for c, d in step.placements)
    cell, digit = step.placements[0]
    assert sudokit.solve(MEDIUM)[cell] == str(digit)
    assert "Hidden single" in step.text and str(step) == step.text
    assert repr(step).startswith('Step(technique="hidden_single_box", rating=1.2')
    d = step.to_dict()
    assert d["technique"] == "hidden_single_box" and d["text"] == step.text
    assert d["placements"] == [list(p) for p in step.placements]
    assert sudokit.hint(sudokit.solve(EASY)) is None
    # Several solutions: a hint all the same (without uniqueness techniques).
    several = sudokit.hint(MULTIPLE, style="se")
    assert several is not None and several.technique == "direct_hidden_pair"


def candidate_line(puzzle: str) -> str:
    """The 729-character pencilmark form of `puzzle`: per cell, digit d at offset d-1 when it
    is a candidate (a given has only itself), '.' otherwise."""
    out = []
    for cell in range(81):
        r, c = divmod(cell, 9)
        if puzzle[cell] != ".":
            out.append("".join(d if d == puzzle[cell] else "." for d in "123456789"))
            continue
        seen = {
            puzzle[p]
            for p in range(81)
            if p // 9 == r or p % 9 == c or (p // 27 == r // 3 and p % 9 // 3 == c // 3)
        }
        out.append("".join(d if d not in seen else "." for d in "123456789"))
    return "".join(out)


def test_hint_reads_a_candidate_line():
    marks = candidate_line(MEDIUM)
    assert len(marks) == 729
    assert sudokit.hint(marks).to_dict() == sudokit.hint(MEDIUM).to_dict()
    assert len(sudokit.explain(marks)) == len(sudokit.explain(MEDIUM))
    # Remove the solution digit from the first empty cell: the state has no solution.
    cell = MEDIUM.index(".")
    digit = int(sudokit.solve(MEDIUM)[cell])
    broken = marks[: 9 * cell + digit - 1] + "." + marks[9 * cell + digit :]
    with pytest.raises(sudokit.NoSolution):
        sudokit.hint(broken)
    with pytest.raises(sudokit.InvalidPuzzle):
        sudokit.hint("123" * 5)


def test_hint_and_explain_refuse_bad_states():
    with pytest.raises(sudokit.InvalidPuzzle):
        sudokit.hint(TWO_FIVES)
    with pytest.raises(sudokit.NoSolution):
        sudokit.hint(NO_SOLUTION)
    with pytest.raises(sudokit.NotUnique):
        sudokit.explain(EMPTY)
    with pytest.raises(sudokit.NoSolution):
        sudokit.explain(NO_SOLUTION)


def test_explain_steps_replay_to_the_solution():
    # Sudoku Explainer's path is the one `rate` measures; human mode's replays too.
    assert len(sudokit.explain(MEDIUM, style="se")) == sudokit.rate(MEDIUM).steps
    steps = sudokit.explain(MEDIUM, style="se")
    solution = sudokit.solve(MEDIUM)
    grid = list(MEDIUM)
    for step in steps:
        for cell, digit in step.placements:
            assert solution[cell] == str(digit), step
            grid[cell] = str(digit)
        for cell, digit in step.eliminations:
            assert solution[cell] != str(digit), step
    assert "".join(grid) == solution
    assert max(s.rating for s in steps) == sudokit.rate(MEDIUM).er
    human = list(MEDIUM)
    for step in sudokit.explain(MEDIUM):
        for cell, digit in step.placements:
            assert solution[cell] == str(digit), step
            human[cell] = str(digit)
        for cell, digit in step.eliminations:
            assert solution[cell] != str(digit), step
    assert "".join(human) == solution


def test_rate_gives_the_cli_numbers():
    r = sudokit.rate(MEDIUM)
    assert (r.status, r.er, r.ep, r.ed, r.score, r.level, r.hardest) == (
        "rated", 2.6, 1.2, 1.2, 738, "medium", "pointing"
    )
    assert r.hardest_name == "Pointing" and r.error is None
    d = r.to_dict()
    assert d == {
        "status": "rated", "er": 2.6, "ep": 1.2, "ed": 1.2, "score": 738, "level": "medium",
        "outcome": "solved", "steps": r.steps, "hardest": "pointing", "hardest_name": "Pointing",
    }
    assert repr(r).startswith('Rating(status="rated", er=2.6, ep=1.2, ed=1.2, score=738')


def test_rate_stuck_without_nested_and_refusals():
    r = sudokit.rate(NESTED)
    assert (r.status, r.er, r.ed) == ("stuck", 20.0, 9.8)
    with pytest.raises(sudokit.NotUnique):
        sudokit.rate(EMPTY)
    with pytest.raises(sudokit.NoSolution):
        sudokit.rate(NO_SOLUTION)
    with pytest.raises(sudokit.InvalidPuzzle):
        sudokit.rate(TWO_FIVES)
    for bad in (0, -1.0, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="time_limit"):
            sudokit.rate(MEDIUM, time_limit=bad)


def test_a_tiny_time_limit_gives_up_instead_of_hanging():
    # With nested chains this puzzle takes seconds; a millisecond is far too little.
    r = sudokit.rate(NESTED, nested=True, time_limit=0.001)
    assert r.status == "gave_up"
    assert r.er is None and r.level is None
    assert "time limit" in r.error
    assert r.to_dict()["status"] == "gave_up"
    with pytest.raises(sudokit.GaveUp):
        sudokit.explain(NESTED, nested=True, time_limit=0.001)
    # A generous limit changes nothing for an easy puzzle.
    assert sudokit.rate(MEDIUM, time_limit=60).er == 2.6


def test_generate_is_seeded_unique_and_honours_options():
    made = sudokit.generate(4, seed=7)
    assert made == sudokit.generate(4, seed=7, threads=1)
    assert len(made) == 4 and len(set(made)) == 4
    for p in made:
        assert sudokit.count(p) == 1
    assert sudokit.generate(4, seed=8) != made
    sym = sudokit.generate(2, seed=11, symmetry="rot180", clues="22..30")
    for p in sym:
        assert all((p[i] == ".") == (p[80 - i] == ".") for i in range(81))
        assert 22 <= sum(ch != "." for ch in p) <= 30
    medium = sudokit.generate(2, seed=3, level="medium")
    assert [sudokit.rate(p).level for p in medium] == ["medium", "medium"]
    for bad in (dict(symmetry="spiral"), dict(level="trivial"), dict(clues=12), dict(rating="x")):
        with pytest.raises(ValueError):
            sudokit.generate(1, seed=1, **bad)


def test_canon_is_the_same_for_equivalent_puzzles():
    form = sudokit.canon(EASY)
    assert sudokit.canon(form) == form
    # Transpose and relabel digits: the same class.
    transposed = "".join(EASY[9 * c + r] for r in range(9) for c in range(9))
    relabelled = transposed.translate(str.maketrans("123456789", "912345678"))
    assert sudokit.canon(relabelled) == form
    assert sudokit.canon(MEDIUM) != form
    with pytest.raises(sudokit.InvalidPuzzle):
        sudokit.canon("x")


def test_hint_and_explain_take_a_style():
    """Human mode by default, as the CLI's hint and explain: HoDoKu's order takes the naked
    single r5c5 = 5 where Sudoku Explainer's takes the hidden single r1c6 = 8 first."""
    puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    human = sudokit.hint(puzzle)
    se = sudokit.hint(puzzle, style="se")
    assert human.to_dict() == sudokit.hint(puzzle, style="human").to_dict()
    assert human.technique == "naked_single" and human.placements == [(40, 5)]
    assert se.technique == "hidden_single_box" and se.placements == [(5, 8)]
    assert [s.technique for s in sudokit.explain(puzzle, style="se")][0] == "hidden_single_box"
    with pytest.raises(ValueError):
        sudokit.hint(puzzle, style="hodoku")
