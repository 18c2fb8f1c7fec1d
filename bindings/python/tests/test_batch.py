"""The batch functions: input order, threads, NumPy in and out, and error values in place."""

import numpy as np
import pytest

import sudokit
from conftest import EASY, EMPTY, MEDIUM, TESTDATA, counts_corpus, is_valid_solution

SAMPLE = (TESTDATA / "sample.txt").read_text().split()
NAMES = sudokit.STATUS_NAMES


def to_array(puzzles):
    """Puzzle lines as a (N, 81) uint8 array, 0 for a blank."""
    return np.array([[0 if ch == "." else int(ch) for ch in p] for p in puzzles], dtype=np.uint8)


def test_solve_many_agrees_with_solve_and_the_checker_in_input_order():
    solutions, status = sudokit.solve_many(SAMPLE)
    assert solutions.shape == (len(SAMPLE), 81) and solutions.dtype == np.uint8
    assert status.shape == (len(SAMPLE),) and status.dtype == np.uint8
    for puzzle, row, code in zip(SAMPLE, solutions, status):
        line = "".join(map(str, row))
        assert NAMES[code] == sudokit.check(puzzle)
        assert line == sudokit.solve(puzzle)
        assert is_valid_solution(line, puzzle)


def test_one_bad_puzzle_gets_a_status_in_its_place():
    corpus = [p for p, *_ in counts_corpus()]
    puzzles = [EASY, "x" * 81, "55" + "." * 79, EASY[:40], EMPTY] + corpus
    solutions, status = sudokit.solve_many(puzzles)
    assert [NAMES[c] for c in status[:5]] == ["unique", "error", "invalid", "error", "multiple"]
    assert not solutions[1].any() and not solutions[2].any() and not solutions[3].any()
    assert is_valid_solution("".join(map(str, solutions[4])), EMPTY)
    for puzzle, row, code in zip(corpus, solutions[5:], status[5:]):
        assert NAMES[code] == sudokit.check(puzzle)
        if NAMES[code] in ("unique", "multiple"):
            assert is_valid_solution("".join(map(str, row)), puzzle)
        else:
            assert not row.any()


def test_threads_do_not_change_answers():
    puzzles = SAMPLE * 4
    one = sudokit.solve_many(puzzles, threads=1)
    two = sudokit.solve_many(puzzles, threads=2)
    assert np.array_equal(one[0], two[0]) and np.array_equal(one[1], two[1])
    assert np.array_equal(
        sudokit.count_many(puzzles, threads=1), sudokit.count_many(puzzles, threads=2)
    )
    few = SAMPLE[:40]
    assert [r.to_dict() for r in sudokit.rate_many(few, threads=1)] == [
        r.to_dict() for r in sudokit.rate_many(few, threads=2)
    ]
    assert sudokit.canon_many(few, threads=1) == sudokit.canon_many(few, threads=2)
    for bad in (0, 1025, 10**9):
        with pytest.raises(ValueError, match="threads must be from 1 to 1024"):
            sudokit.solve_many(few, threads=bad)
    with pytest.raises(ValueError, match="threads"):
        sudokit.generate(1, seed=1, threads=0)


def test_numpy_input_gives_the_same_answers_as_strings():
    array = to_array(SAMPLE)
    from_text = sudokit.solve_many(SAMPLE)
    from_array = sudokit.solve_many(array)
    assert np.array_equal(from_text[0], from_array[0])
    assert np.array_equal(from_text[1], from_array[1])
    assert np.array_equal(sudokit.count_many(array), sudokit.count_many(SAMPLE))
    assert sudokit.canon_many(array[:20]) == sudokit.canon_many(SAMPLE[:20])
    # A strided view (every other row) is read row by row, not as raw memory.
    assert np.array_equal(sudokit.solve_many(array[::2])[0], from_text[0][::2])
    # A value above 9 is an error for its row only.
    bad = array[:3].copy()
    bad[1, 5] = 10
    assert [NAMES[c] for c in sudokit.solve_many(bad)[1]] == ["unique", "error", "unique"]


def test_numpy_input_of_the_wrong_kind_is_refused():
    with pytest.raises(TypeError, match="uint8"):
        sudokit.solve_many(to_array(SAMPLE[:2]).astype(np.int64))
    with pytest.raises(ValueError, match="81 columns"):
        sudokit.solve_many(np.zeros((2, 80), dtype=np.uint8))
    with pytest.raises(TypeError, match="uint8"):
        sudokit.solve_many(np.zeros(81, dtype=np.uint8))
    with pytest.raises(TypeError, match="not one string"):
        sudokit.solve_many(EASY)
    with pytest.raises(TypeError, match="puzzle 1 is a int"):
        sudokit.solve_many([EASY, 5])
    solutions, status = sudokit.solve_many([])
    assert solutions.shape == (0, 81) and status.shape == (0,)


def test_count_many_counts_and_marks_what_cannot_be_counted():
    corpus = counts_corpus()
    counts = sudokit.count_many([p for p, *_ in corpus], limit=1000)
    assert counts.dtype == np.int64
    for (puzzle, n, at_least, _), got in zip(corpus, counts):
        if sudokit.check(puzzle) == "invalid":
            assert got == -1
        else:
            assert got == min(n, 1000) if not at_least else got == 1000
    assert list(sudokit.count_many(["bad", EMPTY], limit=7)) == [-1, 7]
    with pytest.raises(ValueError):
        sudokit.count_many([EASY], limit=0)


def test_rate_many_equals_rate_and_reports_failures_by_status():
    puzzles = [MEDIUM, "x", EMPTY, "55" + "." * 79, EASY] + SAMPLE[:30]
    ratings = sudokit.rate_many(puzzles)
    assert [r.status for r in ratings[:5]] == ["rated", "error", "multiple", "invalid", "rated"]
    assert "line 1, column 1" in ratings[1].error
    assert ratings[2].er is None and ratings[2].to_dict()["status"] == "multiple"
    for puzzle, r in zip(puzzles[4:], ratings[4:]):
        assert r.to_dict() == sudokit.rate(puzzle).to_dict()
    array = to_array(SAMPLE[:30])
    assert [r.to_dict() for r in sudokit.rate_many(array)] == [
        r.to_dict() for r in ratings[5:]
    ]


def test_rate_many_with_a_time_limit_gives_up_per_puzzle():
    from conftest import NESTED

    ratings = sudokit.rate_many([MEDIUM, NESTED], nested=True, time_limit=0.001)
    assert ratings[1].status == "gave_up"
    # The easy one either finished in time or gave up; never an exception.
    assert ratings[0].status in ("rated", "gave_up")


def test_canon_many_equals_canon():
    forms = sudokit.canon_many(SAMPLE[:50] + ["bad"])
    assert forms[:50] == [sudokit.canon(p) for p in SAMPLE[:50]]
    assert forms[50] is None
