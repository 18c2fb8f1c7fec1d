"""The independent checker itself must reject what is wrong, or the solution tests prove
nothing."""

from conftest import EASY, is_valid_solution

GOOD = "652483917978162435314975628825736149791824563436519872269348751547291386183657294"


def test_accepts_a_solution_of_its_puzzle():
    assert is_valid_solution(GOOD, EASY)


def test_rejects_broken_rows_columns_boxes_and_changed_givens():
    swapped = GOOD[1] + GOOD[0] + GOOD[2:]  # breaks two columns, keeps the row
    assert not is_valid_solution(swapped, "." * 81)
    shifted = GOOD[9:] + GOOD[:9]  # rows, columns of digits intact, boxes broken
    assert not is_valid_solution(shifted, "." * 81)
    assert not is_valid_solution(GOOD, "1" + EASY[1:])  # a given changed
    assert not is_valid_solution(GOOD[:80], EASY)
    assert not is_valid_solution(GOOD[:80] + "0", EASY)
