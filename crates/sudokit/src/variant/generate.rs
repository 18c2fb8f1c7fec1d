//! Seeded generation for every size and rule set: a random solution grid (the search with a
//! random digit order), then clues taken out one symmetry orbit at a time (in a random order)
//! while the puzzle stays unique, so every clue left is needed (minimal, within its orbit).
//! Killer puzzles can instead get cages cut from the solution grid, then as few givens as
//! uniqueness needs. The puzzle for (seed, index) never depends on the thread that makes it.
//!
//! [`generate_with`] takes [`Options`] beyond the [`Request`]: any of the classic generator's
//! symmetries (a symmetry only says which givens are dug together, so it fits every rule
//! set), a solution grid to dig from instead of the random fill, the rules whose data is cut
//! from the solution grid before the givens are dug ([`Cut`]: thermometers, arrows, dots,
//! sums, even/odd cells; the fill meets only the request's rules, and what is cut holds on
//! the grid by construction), and random jigsaw regions for each puzzle (the request's boxes
//! deformed by [`jigsaw`], the grid then filled in them). The cutters are in `cut.rs`.

mod cut;

pub use cut::{jigsaw, Cut, Draw, Made};

use super::{Puzzle, Rule, Search, Shape, Stopped, VariantError};
use crate::board::Symmetry;
use crate::budget::{Guard, Limit};
use crate::rng::Rng;
use crate::solve::Count;

/// What to generate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// The shape.
    pub shape: Shape,
    /// The rules every puzzle has.
    pub rules: Vec<Rule>,
    /// Keep the clues symmetric under the half turn.
    pub symmetric: bool,
    /// Cut killer cages (sizes 1 to 5, digits different) from the solution grid and add them
    /// to the rules, then dig the givens out (often to none).
    pub killer_cages: bool,
    /// The guess budget of each uniqueness check (a check that runs out keeps its clue).
    pub max_guesses: u64,
}

/// Why no puzzle came out.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// The shape and rules do not fit.
    #[error(transparent)]
    Puzzle(#[from] VariantError),
    /// The rules admit no grid, or none was found within the budget.
    #[error("no solution grid found within the budget")]
    NoGrid,
    /// The guard of [`generate_guarded`] was spent (time, steps or cancellation).
    #[error("generation stopped by its guard ({0})")]
    Stopped(Limit),
    /// The grid of [`Options::with_solution`] is not a solution of the request's rules.
    #[error("the grid to dig from is not a solution of the rules")]
    NotASolution,
    /// A rule of [`Options::with_cuts`] has no data to cut on grids of this size.
    #[error("{rule} data cannot be cut from a {size}x{size} grid (size {min} or more)")]
    CutSize {
        /// The rule's name.
        rule: &'static str,
        /// The grid's size.
        size: usize,
        /// The smallest size it takes ([`Cut::min_size`]).
        min: usize,
    },
    /// The regions of [`Options::with_jigsaw`] were asked of a grid given to dig from (whose
    /// regions are already fixed).
    #[error("random jigsaw regions cannot go with a given solution grid")]
    JigsawWithSolution,
}

/// What [`generate_with`] takes beyond the [`Request`] (kept apart so that code which builds
/// a `Request` field by field stays valid). The default is [`generate`]'s behaviour.
///
/// ```
/// use sudokit::generate::Symmetry;
/// use sudokit::variant::{fill, generate_with, Options, Request, Shape};
/// let request = Request {
///     shape: Shape::boxes(2, 3)?,
///     rules: vec![],
///     symmetric: false,
///     killer_cages: false,
///     max_guesses: 10_000,
/// };
/// let grid = fill(&request, 1, 0, None)?;
/// let options = Options::default()
///     .with_symmetry(Symmetry::Mirror)
///     .with_solution(grid.clone());
/// let puzzle = generate_with(&request, &options, 1, 0, None)?;
/// let givens = puzzle.givens();
/// // Mirror images of a clue are clues; every clue is the grid's digit.
/// for r in 0..6 {
///     for c in 0..6 {
///         assert_eq!(givens[r * 6 + c] != 0, givens[r * 6 + 5 - c] != 0);
///         assert!(givens[r * 6 + c] == 0 || givens[r * 6 + c] == grid[r * 6 + c]);
///     }
/// }
/// # Ok::<(), sudokit::variant::GenerateError>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// The symmetry of the givens; `None` takes the request's (`symmetric`: rot180 or none).
    pub symmetry: Option<Symmetry>,
    /// The solution grid to dig from (N * N digits), instead of a random fill.
    pub solution: Option<Vec<u8>>,
    /// The rules whose data is cut from the solution grid and added to the request's rules
    /// before the givens are dug (each once, in this order).
    pub cuts: Vec<Cut>,
    /// Random jigsaw regions for each puzzle: the request's regions deformed by [`jigsaw`].
    pub jigsaw: bool,
}

impl Options {
    /// Givens symmetric under `symmetry` (for any size: the maps of the N x N square).
    pub fn with_symmetry(mut self, symmetry: Symmetry) -> Options {
        self.symmetry = Some(symmetry);
        self
    }

    /// Dig from `solution` (which must keep every rule) instead of a random fill.
    pub fn with_solution(mut self, solution: Vec<u8>) -> Options {
        self.solution = Some(solution);
        self
    }

    /// Cut the data of `cuts` from the solution grid (thermometers, arrows...), then dig.
    ///
    /// ```
    /// use sudokit::variant::{generate_with, Cut, Options, Request, Rule, Shape};
    /// let request = Request {
    ///     shape: Shape::square(6)?,
    ///     rules: vec![],
    ///     symmetric: false,
    ///     killer_cages: false,
    ///     max_guesses: 100_000,
    /// };
    /// let options = Options::default().with_cuts(vec![Cut::Thermo]).with_jigsaw();
    /// let puzzle = generate_with(&request, &options, 7, 0, None)?;
    /// assert!(puzzle.rules().iter().any(|r| matches!(r, Rule::Thermo(_))));
    /// assert!(puzzle.shape().box_dims().is_none());
    /// assert_eq!(sudokit::variant::count(&puzzle, 2), sudokit::solve::Count::Exact(1));
    /// # Ok::<(), sudokit::variant::GenerateError>(())
    /// ```
    pub fn with_cuts(mut self, cuts: Vec<Cut>) -> Options {
        self.cuts = cuts;
        self
    }

    /// Random jigsaw regions for each puzzle (connected regions of N cells).
    pub fn with_jigsaw(mut self) -> Options {
        self.jigsaw = true;
        self
    }
}

/// The puzzle number `index` of `seed`: unique and minimal (within symmetry orbits).
pub fn generate(request: &Request, seed: u64, index: u64) -> Result<Puzzle, GenerateError> {
    make(request, &Options::default(), seed, index, None)
}

/// [`generate`] under `guard` (one step per guess of every search; its time limit and
/// cancellation flag are also looked at between searches): the same puzzle as [`generate`]
/// when the guard is not spent, else [`GenerateError::Stopped`].
///
/// ```
/// use sudokit::budget::{Budget, Guard, Limit};
/// use sudokit::variant::{generate, generate_guarded, GenerateError, Request, Shape};
/// let request = Request {
///     shape: Shape::boxes(2, 3)?,
///     rules: vec![],
///     symmetric: false,
///     killer_cages: false,
///     max_guesses: 10_000,
/// };
/// let guard = Guard::new(Budget::UNLIMITED);
/// assert_eq!(generate_guarded(&request, 1, 0, &guard)?, generate(&request, 1, 0)?);
/// let none = Guard::new(Budget::UNLIMITED.with_steps(0));
/// assert_eq!(
///     generate_guarded(&request, 1, 0, &none),
///     Err(GenerateError::Stopped(Limit::Steps(0)))
/// );
/// # Ok::<(), GenerateError>(())
/// ```
pub fn generate_guarded(
    request: &Request,
    seed: u64,
    index: u64,
    guard: &Guard,
) -> Result<Puzzle, GenerateError> {
    make(request, &Options::default(), seed, index, Some(guard))
}

/// [`generate`] with [`Options`], under `guard` when there is one. With the default options
/// it is [`generate`] (or [`generate_guarded`]).
pub fn generate_with(
    request: &Request,
    options: &Options,
    seed: u64,
    index: u64,
    guard: Option<&Guard>,
) -> Result<Puzzle, GenerateError> {
    make(request, options, seed, index, guard)
}

/// The random solution grid that [`generate`] digs puzzle `index` of `seed` from (the
/// search with a seeded digit order, under the request's budget, at least 1,000 guesses).
pub fn fill(
    request: &Request,
    seed: u64,
    index: u64,
    guard: Option<&Guard>,
) -> Result<Vec<u8>, GenerateError> {
    check_guard(guard)?;
    let n = request.shape.size();
    let empty = Puzzle::new(request.shape.clone(), vec![0; n * n], request.rules.clone())?;
    let filled = searcher(&empty, request.max_guesses.max(1000), guard)
        .with_random_order(Rng::for_item(seed ^ 0x5EED_F111, index))
        .next_solution();
    guard_stop(&filled)?;
    filled.ok().flatten().ok_or(GenerateError::NoGrid)
}

/// A search of `puzzle` under the request's guess budget and the guard, if any.
fn searcher(puzzle: &Puzzle, max_guesses: u64, guard: Option<&Guard>) -> Search {
    let search = Search::new(puzzle).with_guess_budget(max_guesses);
    match guard {
        Some(guard) => search.with_guard(guard.clone()),
        None => search,
    }
}

/// `Err` when the guard is spent.
fn check_guard(guard: Option<&Guard>) -> Result<(), GenerateError> {
    match guard {
        Some(guard) if !guard.allows() => Err(GenerateError::Stopped(
            guard.spent().unwrap_or(Limit::Cancelled),
        )),
        _ => Ok(()),
    }
}

/// `Err` when a search stopped because of its guard (a spent guess budget is not an error).
fn guard_stop<T>(result: &Result<T, Stopped>) -> Result<(), GenerateError> {
    match result {
        Err(Stopped::Guard(limit)) => Err(GenerateError::Stopped(*limit)),
        _ => Ok(()),
    }
}

/// Salts of the streams that make the regions and cut the rule data, apart from the stream
/// that cuts the killer cages and orders the dig (so that adding them changes neither).
const JIGSAW_SALT: u64 = 0x4A16_5A3D_0000_0001;
const CUT_SALT: u64 = 0xC0_7DA7_A000_0002;

fn make(
    request: &Request,
    options: &Options,
    seed: u64,
    index: u64,
    guard: Option<&Guard>,
) -> Result<Puzzle, GenerateError> {
    check_guard(guard)?;
    let n = request.shape.size();
    let cells = n * n;
    if let Some(cut) = options.cuts.iter().find(|cut| n < cut.min_size()) {
        return Err(GenerateError::CutSize {
            rule: cut.name(),
            size: n,
            min: cut.min_size(),
        });
    }
    let jigsaw_request;
    let request = if options.jigsaw {
        if options.solution.is_some() {
            return Err(GenerateError::JigsawWithSolution);
        }
        let mut draw = Rng::for_item(seed ^ JIGSAW_SALT, index);
        jigsaw_request = Request {
            shape: jigsaw(&request.shape, &mut draw)?,
            ..request.clone()
        };
        &jigsaw_request
    } else {
        request
    };
    let mut rng = Rng::for_item(seed, index);
    let grid = match &options.solution {
        Some(grid) => {
            let full = Puzzle::new(request.shape.clone(), grid.clone(), request.rules.clone());
            if grid.len() != cells || !full.is_ok_and(|p| p.check(grid).is_ok()) {
                return Err(GenerateError::NotASolution);
            }
            grid.clone()
        }
        None => fill(request, seed, index, guard)?,
    };
    let symmetry = options.symmetry.unwrap_or(if request.symmetric {
        Symmetry::Rot180
    } else {
        Symmetry::None
    });
    let mut rules = request.rules.clone();
    let mut draw = Rng::for_item(seed ^ CUT_SALT, index);
    for cut in &options.cuts {
        rules.extend(cut.rules(&grid, n, &mut draw));
    }
    let mut givens = grid.clone();
    if request.killer_cages {
        rules.extend(cut::cages(&grid, n, &mut rng));
        givens = vec![0; cells];
        // Add givens until unique: each one a cell where the first two solutions differ.
        loop {
            check_guard(guard)?;
            let puzzle = Puzzle::new(request.shape.clone(), givens.clone(), rules.clone())?;
            let mut search = searcher(&puzzle, request.max_guesses, guard);
            let first = search.next_solution();
            guard_stop(&first)?;
            let first = first.ok().flatten();
            let second = search.next_solution();
            guard_stop(&second)?;
            match second {
                Ok(Some(second)) => {
                    let diff: Vec<usize> = (0..cells)
                        .filter(|&c| first.as_ref().is_some_and(|f| f[c] != second[c]))
                        .collect();
                    let c = diff.get(rng.index(diff.len().max(1))).copied().unwrap_or(0);
                    givens[c] = grid[c];
                }
                Ok(None) => break,
                Err(_) => {
                    // Too hard to tell: give a random clue and try again.
                    let open: Vec<usize> = (0..cells).filter(|&c| givens[c] == 0).collect();
                    match open.get(rng.index(open.len().max(1))) {
                        Some(&c) => givens[c] = grid[c],
                        None => break,
                    }
                }
            }
        }
    }
    let mut order: Vec<usize> = (0..cells).collect();
    rng.shuffle(&mut order);
    for &cell in &order {
        let orbit = orbit(symmetry, n, cell);
        if orbit.iter().all(|&c| givens[c] == 0) {
            continue;
        }
        let mut trial = givens.clone();
        for &c in &orbit {
            trial[c] = 0;
        }
        check_guard(guard)?;
        let puzzle = Puzzle::new(request.shape.clone(), trial.clone(), rules.clone())?;
        let counted = searcher(&puzzle, request.max_guesses, guard).count(2);
        guard_stop(&counted)?;
        if counted == Ok(Count::Exact(1)) {
            givens = trial;
        }
    }
    Ok(Puzzle::new(request.shape.clone(), givens, rules)?)
}

/// The cells that `symmetry` maps `cell` to, again and again (the cell itself included), in
/// an N x N grid.
fn orbit(symmetry: Symmetry, n: usize, cell: usize) -> Vec<usize> {
    let last = n - 1;
    let rot90 = |r: usize, c: usize| (c, last - r);
    let mirror = |r: usize, c: usize| (r, last - c);
    let vertical = |r: usize, c: usize| (last - r, c);
    let diagonal = |r: usize, c: usize| (c, r);
    let antidiagonal = |r: usize, c: usize| (last - c, last - r);
    let rot180 = |r: usize, c: usize| (last - r, last - c);
    let maps: &[&dyn Fn(usize, usize) -> (usize, usize)] = match symmetry {
        Symmetry::None => &[],
        Symmetry::Rot180 => &[&rot180],
        Symmetry::Rot90 => &[&rot90],
        Symmetry::Mirror => &[&mirror],
        Symmetry::Vertical => &[&vertical],
        Symmetry::Diagonal => &[&diagonal],
        Symmetry::Antidiagonal => &[&antidiagonal],
        Symmetry::BiMirror => &[&mirror, &vertical],
        Symmetry::BiDiagonal => &[&diagonal, &antidiagonal],
        Symmetry::Dihedral => &[&rot90, &mirror],
    };
    let mut members = vec![cell];
    let mut i = 0;
    while let Some(&c) = members.get(i) {
        i += 1;
        for map in maps {
            let (r, k) = map(c / n, c % n);
            let image = r * n + k;
            if !members.contains(&image) {
                members.push(image);
            }
        }
    }
    members
}
