//! The search: propagation to a fixed point, then a guess on a cell with the fewest
//! candidates, smallest digit first, with an explicit stack so that it can resume after each
//! solution.

use super::build::digits;
use super::distinct::Run;
use super::model::Model;
use super::work::Work;
use super::Puzzle;
use crate::budget::{Guard, Limit};
use crate::solve::{Count, Stats};
use std::sync::Arc;

/// Why a search stopped before it could answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Stopped {
    /// The guess budget ran out.
    #[error("search stopped after {guesses} guesses (budget exhausted)")]
    Guesses {
        /// The guesses made, which is the budget.
        guesses: u64,
    },
    /// The guard's budget ran out or it was cancelled.
    #[error("search stopped by its guard ({0})")]
    Guard(Limit),
}

/// A guess: the state before it, the cell guessed and its digits not tried yet. A branch on
/// a digit's two places in a house is a frame with `second` set: the digit (`untried`, one
/// bit) goes in `cell`, then in `second`.
#[derive(Debug, Clone)]
struct Frame {
    cand: Vec<u32>,
    cell: usize,
    untried: u32,
    second: Option<usize>,
}

/// A resumable search for the solutions of one [`Puzzle`], with an optional guess budget
/// and [`Guard`] (one step per guess).
///
/// ```
/// use sudokit::variant::{Puzzle, Search, Shape, Stopped};
/// let empty = Puzzle::new(Shape::square(16)?, vec![0; 256], vec![])?;
/// let mut search = Search::new(&empty).with_guess_budget(1000);
/// let grid = search.next_solution().expect("within budget").expect("a solution");
/// assert!(empty.check(&grid).is_ok());
/// let mut none = Search::new(&empty).with_guess_budget(0);
/// assert_eq!(none.next_solution(), Err(Stopped::Guesses { guesses: 0 }));
/// # Ok::<(), sudokit::variant::VariantError>(())
/// ```
#[derive(Clone)]
pub struct Search {
    puzzle: Puzzle,
    model: Arc<Model>,
    /// The state to propagate next (the root, then each guess).
    pending: Option<Vec<u32>>,
    stack: Vec<Frame>,
    stats: Stats,
    budget: Option<u64>,
    guard: Option<Guard>,
    stopped: Option<Stopped>,
    /// Random digit order (the generator's fill), or `None` for smallest first.
    rng: Option<crate::rng::Rng>,
    /// Propagation's scratch space, kept to save allocations per state.
    work: Work,
    /// States no longer in use, reused for the next guesses (one allocation per depth, not
    /// per guess).
    spare: Vec<Vec<u32>>,
    /// The search on the fast path, for puzzles whose rules only say "different"; then the
    /// fields above from `pending` to `spare` are unused.
    fast: Option<Run>,
    /// The search on the non-consecutive fast path; then, too, the general engine's fields
    /// are unused.
    apart: Option<super::relations::Run>,
    /// The search on the little killer fast path; then, too, the general engine's fields are
    /// unused.
    sums: Option<super::sums::Run>,
}

impl std::fmt::Debug for Search {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Search")
            .field("stats", &self.stats)
            .field("stopped", &self.stopped)
            .finish()
    }
}

impl Drop for Search {
    fn drop(&mut self) {
        std::mem::take(&mut self.work).release();
    }
}

impl Search {
    /// A search for the solutions of `puzzle`, with no budget.
    pub fn new(puzzle: &Puzzle) -> Search {
        let model = &puzzle.model;
        let fast = model
            .distinct
            .as_ref()
            .map(|plan| Run::new(plan, &model.root));
        let apart = model
            .relations
            .as_ref()
            .map(|plan| super::relations::Run::new(plan, &model.root));
        let sums = model
            .sums
            .as_ref()
            .map(|plan| super::sums::Run::new(plan, &model.root));
        let generic = fast.is_none() && apart.is_none() && sums.is_none();
        Search {
            puzzle: puzzle.clone(),
            model: model.clone(),
            pending: generic.then(|| model.root.clone()),
            stack: Vec::new(),
            stats: Stats::default(),
            budget: None,
            guard: None,
            stopped: None,
            rng: None,
            work: if generic {
                Work::take()
            } else {
                Work::default()
            },
            spare: Vec::new(),
            fast,
            apart,
            sums,
        }
    }

    /// Tries the digits of each guess in a random order drawn from `rng` (for the
    /// generator's random fill). This search is the generic engine's, so a seed's grid does
    /// not depend on the fast path.
    pub(crate) fn with_random_order(mut self, rng: crate::rng::Rng) -> Search {
        self.rng = Some(rng);
        self.generic()
    }

    /// Runs on the general engine even when the puzzle's rules only say "different" (which
    /// [`Search::new`] gives to a faster specialised search with the same answers): for
    /// comparisons of the two. Call it before the first solution.
    pub fn generic(mut self) -> Search {
        let sums = self.sums.take().is_some();
        if self.fast.take().is_some() || self.apart.take().is_some() || sums {
            self.pending = Some(self.model.root.clone());
            self.work = Work::take();
        }
        self
    }

    /// Whether this search runs on the fast path for rules that only say "different"
    /// (houses, groups and pairs of different cells, unary restrictions; grids up to 25x25).
    pub fn is_fast_path(&self) -> bool {
        self.fast.is_some()
    }

    /// Whether this search runs on the fast path for non-consecutive with rules that only
    /// say "different" (grids up to 11x11).
    pub fn is_non_consecutive_path(&self) -> bool {
        self.apart.is_some()
    }

    /// Whether this search runs on the fast path for little killer clues with rules that
    /// only say "different" (grids up to 11x11).
    pub fn is_little_killer_path(&self) -> bool {
        self.sums.is_some()
    }

    /// Stops the search with [`Stopped::Guesses`] once it has made `max_guesses` guesses.
    pub fn with_guess_budget(mut self, max_guesses: u64) -> Search {
        self.budget = Some(max_guesses);
        self
    }

    /// Also stops when `guard` is spent (it counts one step per guess; its time limit is
    /// checked at each guess).
    pub fn with_guard(mut self, guard: Guard) -> Search {
        self.guard = Some(guard);
        self
    }

    /// The statistics so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The next solution (N * N digits, row-major), `Ok(None)` when there are no more, or why
    /// the search stopped first (later calls return the same error).
    pub fn next_solution(&mut self) -> Result<Option<Vec<u8>>, Stopped> {
        if let Some(stopped) = self.stopped {
            return Err(stopped);
        }
        if let Some(fast) = &mut self.fast {
            let (budget, guard) = (self.budget, self.guard.as_ref());
            let found = fast.next(&self.puzzle, &mut self.stats, |guesses| {
                out_of_budget(budget, guard, guesses)
            });
            if let Err(stopped) = found {
                self.stopped = Some(stopped);
            }
            return found;
        }
        if let Some(apart) = &mut self.apart {
            let (budget, guard) = (self.budget, self.guard.as_ref());
            let found = apart.next(&self.puzzle, &mut self.stats, |guesses| {
                out_of_budget(budget, guard, guesses)
            });
            if let Err(stopped) = found {
                self.stopped = Some(stopped);
            }
            return found;
        }
        if let Some(sums) = &mut self.sums {
            let (budget, guard) = (self.budget, self.guard.as_ref());
            let found = sums.next(&self.puzzle, &mut self.stats, |guesses| {
                out_of_budget(budget, guard, guesses)
            });
            if let Err(stopped) = found {
                self.stopped = Some(stopped);
            }
            return found;
        }
        loop {
            let (mut cand, guessed) = match self.pending.take() {
                Some(cand) => (cand, None),
                None => {
                    let Some(frame) = self.stack.last_mut() else {
                        return Ok(None);
                    };
                    if frame.untried == 0 {
                        if let Some(done) = self.stack.pop() {
                            self.spare.push(done.cand);
                        }
                        continue;
                    }
                    let mut rest = frame.untried;
                    if let Some(rng) = &mut self.rng {
                        for _ in 0..rng.index(rest.count_ones() as usize) {
                            rest &= rest - 1;
                        }
                    }
                    let bit = rest & rest.wrapping_neg();
                    let mut cand = match self.spare.pop() {
                        Some(mut cand) => {
                            cand.copy_from_slice(&frame.cand);
                            cand
                        }
                        None => frame.cand.clone(),
                    };
                    cand[frame.cell] = bit;
                    let guessed = frame.cell;
                    match frame.second.take() {
                        Some(second) => frame.cell = second,
                        None => frame.untried &= !bit,
                    }
                    (cand, Some(guessed))
                }
            };
            if self
                .model
                .propagate(&mut cand, &mut self.work, guessed)
                .is_err()
            {
                self.spare.push(cand);
                continue;
            }
            match self.branch(&cand) {
                None => {
                    let grid: Vec<u8> = cand
                        .iter()
                        .map(|&m| digits(m).trailing_zeros() as u8)
                        .collect();
                    self.spare.push(cand);
                    // Every propagator is exact on a full grid; the check is a second line.
                    if self.puzzle.check(&grid).is_ok() {
                        self.stats.solutions += 1;
                        return Ok(Some(grid));
                    }
                }
                Some((cell, untried, second)) => {
                    if let Some(stopped) =
                        out_of_budget(self.budget, self.guard.as_ref(), self.stats.guesses)
                    {
                        self.stopped = Some(stopped);
                        return Err(stopped);
                    }
                    self.stats.guesses += 1;
                    self.stack.push(Frame {
                        cand,
                        cell,
                        untried,
                        second,
                    });
                }
            }
        }
    }

    /// What to guess in a propagated state: `(cell, digits, None)` for a cell and its digits,
    /// `(cell, digit, Some(second))` for a digit's two places in a house (when no cell has two
    /// digits: a two-way branch is smaller), or `None` when every cell is decided.
    fn branch(&mut self, cand: &[u32]) -> Option<(usize, u32, Option<usize>)> {
        let cell = best_cell(cand)?;
        let mask = digits(cand[cell]);
        if mask.count_ones() > 2 {
            if let Some((bit, first, second)) = self.model.two_places(cand) {
                let swap = self.rng.as_mut().is_some_and(|rng| rng.index(2) == 1);
                return Some(if swap {
                    (second, bit, Some(first))
                } else {
                    (first, bit, Some(second))
                });
            }
        }
        Some((cell, mask, None))
    }

    /// Counts the solutions left, stopping once `limit` are found.
    pub fn count(&mut self, limit: u64) -> Result<Count, Stopped> {
        let mut found = 0;
        while found < limit {
            match self.next_solution()? {
                Some(_) => found += 1,
                None => return Ok(Count::Exact(found)),
            }
        }
        Ok(Count::AtLeast(found))
    }
}

/// Why a search that has made `guesses` guesses may not make another, if it may not (asked
/// before each guess; the guard counts one step per guess).
fn out_of_budget(budget: Option<u64>, guard: Option<&Guard>, guesses: u64) -> Option<Stopped> {
    if budget.is_some_and(|max| guesses >= max) {
        return Some(Stopped::Guesses { guesses });
    }
    let guard = guard?;
    guard.count_step();
    if guard.allows() {
        None
    } else {
        guard.spent().map(Stopped::Guard)
    }
}

/// The undecided cell with the fewest candidates (the first of them), or `None` when every
/// cell is decided.
fn best_cell(cand: &[u32]) -> Option<usize> {
    let mut best = None;
    let mut fewest = u32::MAX;
    for (cell, &m) in cand.iter().enumerate() {
        let k = digits(m).count_ones();
        if k > 1 && k < fewest {
            fewest = k;
            best = Some(cell);
            if k == 2 {
                break;
            }
        }
    }
    best
}

/// The first solution, or `None` when there is none.
pub fn solve(puzzle: &Puzzle) -> Option<Vec<u8>> {
    Search::new(puzzle).next_solution().ok().flatten()
}

/// Counts solutions up to `limit` (`count(p, 2)` is the uniqueness check).
pub fn count(puzzle: &Puzzle, limit: u64) -> Count {
    Search::new(puzzle).count(limit).unwrap_or(Count::Exact(0))
}

/// An iterator over all solutions, in the search's order.
pub fn solutions(puzzle: &Puzzle) -> Solutions {
    Solutions {
        search: Search::new(puzzle),
    }
}

/// The iterator of [`solutions`].
#[derive(Debug, Clone)]
pub struct Solutions {
    search: Search,
}

impl Solutions {
    /// The statistics so far.
    pub fn stats(&self) -> Stats {
        self.search.stats()
    }
}

impl Iterator for Solutions {
    type Item = Vec<u8>;

    fn next(&mut self) -> Option<Vec<u8>> {
        self.search.next_solution().ok().flatten()
    }
}
