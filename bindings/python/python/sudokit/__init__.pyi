"""Type stubs of sudokit (the compiled module sudokit._sudokit, re-exported here)."""

from typing import Iterable, Literal, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

Puzzles = Union[Iterable[str], npt.NDArray[np.uint8]]
RatingStatus = Literal["rated", "stuck", "gave_up", "invalid", "none", "multiple", "error"]

STATUS_NAMES: tuple[str, str, str, str, str]

class SudokuError(ValueError):
    """The base of every error the engine raises."""

class InvalidPuzzle(SudokuError):
    """Not a puzzle (line and column in the message), or givens that break the rules."""

class NoSolution(SudokuError):
    """The givens break no rule but admit no solution."""

class NotUnique(SudokuError):
    """More than one solution where exactly one is needed."""

class GaveUp(SudokuError):
    """The time limit was reached before the answer was complete."""

class Step:
    """One step of a human-style solve path (cells 0..80 row-major, digits 1..9)."""

    @property
    def technique(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def rating(self) -> float: ...
    @property
    def text(self) -> str: ...
    @property
    def placements(self) -> list[tuple[int, int]]: ...
    @property
    def eliminations(self) -> list[tuple[int, int]]: ...
    @property
    def cells(self) -> list[int]: ...
    @property
    def digits(self) -> list[int]: ...
    def to_dict(self) -> dict[str, object]:
        """The step as ``sudoku hint --json`` prints it."""

class Rating:
    """A puzzle's difficulty, or (status other than rated/stuck) why it has none."""

    @property
    def status(self) -> RatingStatus: ...
    @property
    def er(self) -> Optional[float]: ...
    @property
    def ep(self) -> Optional[float]: ...
    @property
    def ed(self) -> Optional[float]: ...
    @property
    def score(self) -> Optional[int]: ...
    @property
    def level(self) -> Optional[Literal["easy", "medium", "hard", "unfair", "extreme"]]: ...
    @property
    def steps(self) -> Optional[int]: ...
    @property
    def hardest(self) -> Optional[str]: ...
    @property
    def hardest_name(self) -> Optional[str]: ...
    @property
    def error(self) -> Optional[str]: ...
    def to_dict(self) -> dict[str, object]:
        """The rating as ``sudoku rate --json`` prints it (without file, line, input)."""

def solve(puzzle: str, unique: bool = False) -> str:
    """The solution as an 81-digit line; raises InvalidPuzzle, NoSolution, NotUnique."""

def count(puzzle: str, limit: int = 2) -> int:
    """The number of solutions, counted up to ``limit``."""

def check(puzzle: str) -> Literal["unique", "multiple", "none", "invalid"]:
    """What the puzzle is, as ``sudoku check`` says."""

def hint(
    puzzle: str,
    nested: bool = False,
    time_limit: Optional[float] = None,
    style: str = "human",
) -> Optional[Step]:
    """The next step, or None when solved or no technique in use applies."""

def explain(
    puzzle: str,
    nested: bool = False,
    time_limit: Optional[float] = None,
    style: str = "human",
) -> list[Step]:
    """The whole solve path of a puzzle with one solution."""

def rate(puzzle: str, nested: bool = False, time_limit: Optional[float] = None) -> Rating:
    """ER/EP/ED, HoDoKu score and level; status "gave_up" past the time limit."""

def generate(
    n: int,
    seed: int,
    rating: Optional[str] = None,
    level: Optional[str] = None,
    symmetry: Optional[str] = None,
    minimal: bool = False,
    clues: Union[int, str, None] = None,
    threads: Optional[int] = None,
) -> list[str]:
    """``n`` unique puzzles from ``seed``, as ``sudoku generate`` makes them."""

def canon(puzzle: str) -> str:
    """The canonical form under the grid's symmetries and digit relabelling."""

def solve_many(
    puzzles: Puzzles, threads: Optional[int] = None
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """(solutions (N, 81) uint8, status (N,) uint8 codes into STATUS_NAMES)."""

def count_many(
    puzzles: Puzzles, limit: int = 2, threads: Optional[int] = None
) -> npt.NDArray[np.int64]:
    """Counts up to ``limit``; -1 where the puzzle is not one or breaks the rules."""

def rate_many(
    puzzles: Puzzles,
    nested: bool = False,
    time_limit: Optional[float] = None,
    threads: Optional[int] = None,
) -> list[Rating]:
    """One Rating per puzzle, in input order; failures have a status and an error."""

def canon_many(puzzles: Puzzles, threads: Optional[int] = None) -> list[Optional[str]]:
    """Canonical forms in input order; None where the input is not a puzzle."""

__all__: Sequence[str]
