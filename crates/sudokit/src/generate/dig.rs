//! Digging: removing clues from a solution grid while the puzzle stays unique, and the checks
//! of uniqueness and minimality it rests on.

use crate::budget::Limit;
use crate::rng::Rng;
use crate::solve::{BudgetExhausted, Search};
use crate::{Cell, Grid};

/// What a uniqueness check found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// Exactly one solution.
    Unique,
    /// None, or two or more.
    NotUnique,
    /// The guess budget ran out first.
    GaveUp,
}

/// Whether `puzzle` has exactly one solution, within `budget` guesses.
pub(crate) fn verdict(puzzle: &Grid, budget: u64) -> Verdict {
    let mut search = Search::new(puzzle).with_guess_budget(budget);
    match search.find_next() {
        Ok(true) => match search.find_next() {
            Ok(false) => Verdict::Unique,
            Ok(true) => Verdict::NotUnique,
            Err(_) => Verdict::GaveUp,
        },
        Ok(false) => Verdict::NotUnique,
        Err(_) => Verdict::GaveUp,
    }
}

/// Whether every clue of the unique puzzle `puzzle` is needed; `None` when a check gave up.
/// Only the clues in `cells` are tried (the others are known to be needed).
pub(crate) fn clues_needed(
    puzzle: &Grid,
    cells: impl Iterator<Item = Cell>,
    budget: u64,
) -> Option<bool> {
    match spare_clue(puzzle, cells, budget) {
        Spare::None => Some(true),
        Spare::Found(_) => Some(false),
        Spare::GaveUp => None,
    }
}

/// The outcome of looking for a clue that can go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Spare {
    /// Every clue tried is needed.
    None,
    /// This clue can be removed and the puzzle stays unique.
    Found(Cell),
    /// A check ran out of guesses.
    GaveUp,
}

/// The first clue among `cells` whose removal keeps the unique `puzzle` unique.
pub(crate) fn spare_clue(puzzle: &Grid, cells: impl Iterator<Item = Cell>, budget: u64) -> Spare {
    let mut values = *puzzle.values();
    for cell in cells {
        let i = cell.index();
        let kept = values[i];
        if kept == 0 {
            continue;
        }
        values[i] = 0;
        let without = Grid::from_values(values).unwrap_or_default();
        values[i] = kept;
        match verdict(&without, budget) {
            Verdict::Unique => return Spare::Found(cell),
            Verdict::NotUnique => {}
            Verdict::GaveUp => return Spare::GaveUp,
        }
    }
    Spare::None
}

/// Whether `puzzle` is *minimal*: it has exactly one solution, and removing any one clue gives
/// it more. Each of the (clues + 1) searches may make up to `guess_budget` guesses.
///
/// ```
/// use sudokit::generate;
/// let made = generate::puzzle(5);
/// assert_eq!(generate::is_minimal(&made.puzzle, 1_000_000), Ok(true));
/// assert_eq!(generate::is_minimal(&made.solution, 1_000_000), Ok(false));
/// ```
pub fn is_minimal(puzzle: &Grid, guess_budget: u64) -> Result<bool, BudgetExhausted> {
    let gave_up = BudgetExhausted {
        guesses: guess_budget,
        limit: Limit::Steps(usize::try_from(guess_budget).unwrap_or(usize::MAX)),
    };
    match verdict(puzzle, guess_budget) {
        Verdict::Unique => {}
        Verdict::NotUnique => return Ok(false),
        Verdict::GaveUp => return Err(gave_up),
    }
    clues_needed(puzzle, Cell::all(), guess_budget).ok_or(gave_up)
}

/// A dug puzzle.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Dug {
    /// The puzzle: unique, and a subset of the solution.
    pub(crate) puzzle: Grid,
    /// Every orbit still in the puzzle was tried and found needed (no floor stopped the digging
    /// and no check gave up).
    pub(crate) orbit_minimal: bool,
}

/// Removes whole orbits of `start` (a unique puzzle made of whole orbits, often a full grid) in
/// random order, each only if the puzzle stays unique and the clue count stays at or above
/// `floor`.
///
/// One pass settles every orbit: an orbit whose removal once broke uniqueness still breaks it
/// after more clues are gone, because removing clues only adds solutions. So when nothing was
/// skipped, the result is minimal with respect to orbits.
pub(crate) fn dig(
    start: &Grid,
    orbits: &[Vec<Cell>],
    floor: usize,
    budget: u64,
    rng: &mut Rng,
) -> Dug {
    let mut order: Vec<usize> = (0..orbits.len()).collect();
    rng.shuffle(&mut order);
    dig_in_order(start, orbits, &order, floor, budget)
}

/// [`dig`] visiting the orbits in the order given (indices into `orbits`); orbits left out
/// of `order` must be blank in `start`, or the result does not count as orbit-minimal.
pub(crate) fn dig_in_order(
    start: &Grid,
    orbits: &[Vec<Cell>],
    order: &[usize],
    floor: usize,
    budget: u64,
) -> Dug {
    let mut values = *start.values();
    let mut clues = values.iter().filter(|&&v| v != 0).count();
    let mut settled = true;
    for &o in order {
        let Some(orbit) = orbits.get(o) else {
            continue;
        };
        if orbit.iter().any(|c| values[c.index()] == 0) {
            // Already out (`start` is a union of whole orbits).
            continue;
        }
        if clues < floor + orbit.len() {
            settled = false;
            continue;
        }
        let kept: Vec<u8> = orbit.iter().map(|c| values[c.index()]).collect();
        for cell in orbit {
            values[cell.index()] = 0;
        }
        match verdict(&Grid::from_values(values).unwrap_or_default(), budget) {
            Verdict::Unique => clues -= orbit.len(),
            other => {
                settled &= other == Verdict::NotUnique;
                for (cell, &value) in orbit.iter().zip(&kept) {
                    values[cell.index()] = value;
                }
            }
        }
    }
    Dug {
        puzzle: Grid::from_values(values).unwrap_or_default(),
        orbit_minimal: settled,
    }
}

/// Turns an orbit-minimal symmetric puzzle into a minimal one, or gives up after `max_moves`.
///
/// While some clue can go alone (which would break the symmetry), its whole orbit is taken
/// out, the puzzle is made unique again by adding back blank orbits of the solution in random
/// order, and the result is dug again. Each move keeps the puzzle unique, symmetric and
/// orbit-minimal, and changes which orbits hold the clues: a near miss is refined instead of
/// thrown away with its grid. `None` when no move is left or a check gave up.
pub(crate) fn make_minimal(
    dug: Grid,
    solution: &Grid,
    orbits: &[Vec<Cell>],
    shared: &[Cell],
    max_moves: u32,
    budget: u64,
    rng: &mut Rng,
) -> Option<Grid> {
    let mut puzzle = dug;
    for _ in 0..max_moves {
        let spare = match spare_clue(&puzzle, shared.iter().copied(), budget) {
            Spare::None => return Some(puzzle),
            Spare::GaveUp => return None,
            Spare::Found(cell) => cell,
        };
        let mut values = *puzzle.values();
        let out = orbits.iter().position(|o| o.contains(&spare))?;
        for cell in &orbits[out] {
            values[cell.index()] = 0;
        }
        let mut blank: Vec<usize> = (0..orbits.len())
            .filter(|&o| o != out && orbits[o].iter().all(|c| values[c.index()] == 0))
            .collect();
        rng.shuffle(&mut blank);
        // Blank orbits go back in random order until the puzzle is unique again (the whole
        // solution is, so this ends); digging then takes out whatever is not needed.
        let sol = solution.values();
        let mut restored = None;
        for o in blank {
            for cell in &orbits[o] {
                values[cell.index()] = sol[cell.index()];
            }
            let with = Grid::from_values(values).unwrap_or_default();
            match verdict(&with, budget) {
                Verdict::Unique => {
                    restored = Some(with);
                    break;
                }
                Verdict::NotUnique => {}
                Verdict::GaveUp => return None,
            }
        }
        let restored = restored?;
        let again = dig(&restored, orbits, 0, budget, rng);
        if !again.orbit_minimal {
            return None;
        }
        puzzle = again.puzzle;
    }
    None
}
