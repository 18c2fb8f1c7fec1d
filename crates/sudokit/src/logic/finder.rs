//! The interface every technique implements.

use super::{CandidateGrid, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// A finder of one technique's steps.
///
/// A finder scans a [`CandidateGrid`] in Sudoku Explainer's order for its technique (houses,
/// cells, digits and subsets in the order SE tries them) and reports each step to a callback,
/// which says whether to go on. So the same code serves "the first step" (the solver, a hint)
/// and "every step" (tests, listings) without building a list it does not need.
///
/// A finder reports only steps that change the grid (SE's `isWorth`): at least one elimination
/// or one placement. Ratings come from the table passed in.
///
/// ```
/// use sudokit::logic::{techniques, CandidateGrid, Finder, Ratings};
/// use sudokit::format;
/// let puzzle = format::parse(
///     "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
/// )?.grid;
/// let grid = CandidateGrid::from_grid(&puzzle);
/// let step = techniques::HiddenSingle::BOX.first(&grid, &Ratings::default());
/// assert!(step.is_some());
/// # Ok::<(), sudokit::format::ParseError>(())
/// ```
pub trait Finder: Send + Sync {
    /// The technique whose steps this finder reports (the first of
    /// [`techniques`](Finder::techniques) when it reports several).
    fn technique(&self) -> Technique;

    /// Every technique whose steps this finder reports, in [`Technique::ALL`] order. Usually
    /// just [`technique`](Finder::technique); a finder that ranks several kinds of step
    /// against each other, as Sudoku Explainer does with unique loop types 1 to 4 (sorted by
    /// rating, then type), reports them all from one search and lists them here.
    fn techniques(&self) -> &'static [Technique] {
        let i = self.technique().index();
        &Technique::ALL[i..=i]
    }

    /// Whether the finder's logic holds only when the puzzle has exactly one solution
    /// (uniqueness techniques: unique loops, BUG). The [`Solver`](super::Solver) uses such a
    /// finder only after checking that the puzzle has one solution; a caller running the
    /// finder directly must know that itself.
    fn assumes_unique_solution(&self) -> bool {
        false
    }

    /// Reports every step of the technique in `grid`, in search order, to `found`; stops as
    /// soon as `found` returns [`ControlFlow::Break`], and then returns `Break` itself.
    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()>;

    /// The first step in search order, if any.
    fn first(&self, grid: &CandidateGrid, ratings: &Ratings) -> Option<Step> {
        let mut first = None;
        let _ = self.find(grid, ratings, &mut |step| {
            first = Some(step);
            ControlFlow::Break(())
        });
        first
    }

    /// Every step, in search order.
    fn all(&self, grid: &CandidateGrid, ratings: &Ratings) -> Vec<Step> {
        let mut steps = Vec::new();
        let _ = self.find(grid, ratings, &mut |step| {
            steps.push(step);
            ControlFlow::Continue(())
        });
        steps
    }
}

/// A reference to a finder is a finder, so a `&'static dyn Finder` from the registry can stand
/// where an owned one is expected (e.g. in a `Box<dyn Finder>` list).
impl<F: Finder + ?Sized> Finder for &F {
    fn technique(&self) -> Technique {
        (**self).technique()
    }

    fn techniques(&self) -> &'static [Technique] {
        (**self).techniques()
    }

    fn assumes_unique_solution(&self) -> bool {
        (**self).assumes_unique_solution()
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        (**self).find(grid, ratings, found)
    }

    // Forwarded, not left to the defaults: a finder's own `first` may be far faster than its
    // `find` (the chain finders stop as soon as nothing can beat the best chain), and the
    // solver calls `first` through a reference.
    fn first(&self, grid: &CandidateGrid, ratings: &Ratings) -> Option<Step> {
        (**self).first(grid, ratings)
    }

    fn all(&self, grid: &CandidateGrid, ratings: &Ratings) -> Vec<Step> {
        (**self).all(grid, ratings)
    }
}
