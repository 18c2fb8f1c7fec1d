//! The two orders of one engine: Sudoku Explainer's (exact, for ratings) and human mode's
//! (HoDoKu's order, the simplest step first, for hints and explanations).

use super::techniques::{HUMAN, HUMAN_WITH_NESTED, REGISTRY, WITH_NESTED};
use super::{Finder, Step};

/// Which order of techniques a [`Solver`](super::Solver) walks, and how it picks among the
/// steps of one technique.
///
/// - [`Style::Se`]: Sudoku Explainer 1.2.1's techniques and order, the first step found
///   ([`techniques::REGISTRY`](super::techniques::REGISTRY)); ratings equal serate's.
/// - [`Style::Human`]: HoDoKu's techniques and order
///   ([`techniques::HUMAN`](super::techniques::HUMAN)), SE's forcing chains only as the last
///   resort; among the steps of one technique, the one a person sees most easily (see
///   [`Style::ease`]).
///
/// ```
/// use sudokit::logic::{CandidateGrid, Outcome, Solver, Style};
/// let puzzle = sudokit::format::parse(
///     ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........",
/// )?.grid;
/// let grid = CandidateGrid::from_grid(&puzzle);
/// let path = Solver::new().with_style(Style::Human).solve(&grid);
/// assert_eq!(path.outcome, Outcome::Solved);
/// // SE's path needs Nishio, cell/region or dynamic forcing chains here; human mode's
/// // ALS techniques do without.
/// assert!(path.steps.iter().all(|s| !s.technique.id().ends_with("forcing_chains")));
/// # Ok::<(), sudokit::format::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Style {
    /// Sudoku Explainer's order and first-found steps (the rater's default).
    #[default]
    Se,
    /// HoDoKu's order and the easiest step of each technique (hints and explanations).
    Human,
}

/// The most steps of one technique compared when picking the easiest: enough for every
/// pattern on a real grid in practice, and a bound on the work for the ALS techniques.
const MAX_COMPARED: usize = 256;

impl Style {
    /// The finders of this style: without or with the nested forcing chains.
    pub fn finders(self, nested: bool) -> &'static [&'static dyn Finder] {
        match (self, nested) {
            (Style::Se, false) => REGISTRY,
            (Style::Se, true) => WITH_NESTED,
            (Style::Human, false) => HUMAN,
            (Style::Human, true) => HUMAN_WITH_NESTED,
        }
    }

    /// The lower-case name: `se` or `human`.
    pub const fn name(self) -> &'static str {
        match self {
            Style::Se => "se",
            Style::Human => "human",
        }
    }

    /// The step `finder` contributes in this style: SE's first step, or in human mode the
    /// easiest of its steps: the fewest cells and links to look at, then the most candidates
    /// removed (and digits placed), then the first found. SE's forcing chains (Nishio,
    /// multiple, dynamic, nested), which rank their own steps, give their first.
    pub fn pick(
        self,
        finder: &dyn Finder,
        grid: &super::CandidateGrid,
        ratings: &super::Ratings,
    ) -> Option<Step> {
        if self == Style::Se
            || finder.technique() >= super::Technique::NishioForcingChains
                && finder.technique() <= super::Technique::NestedRegionForcingChains5
        {
            return finder.first(grid, ratings);
        }
        let mut best: Option<(Step, (usize, std::cmp::Reverse<usize>))> = None;
        let mut seen = 0;
        let _ = finder.find(grid, ratings, &mut |step| {
            let key = Style::ease(&step);
            if best.as_ref().is_none_or(|(_, k)| key < *k) {
                best = Some((step, key));
            }
            seen += 1;
            if seen >= MAX_COMPARED {
                std::ops::ControlFlow::Break(())
            } else {
                std::ops::ControlFlow::Continue(())
            }
        });
        best.map(|(step, _)| step)
    }

    /// How hard a step is to see (smaller is easier): cells plus links, then more removals.
    pub fn ease(step: &Step) -> (usize, std::cmp::Reverse<usize>) {
        (
            step.cells.len() + step.links.len(),
            std::cmp::Reverse(step.eliminations.len() + step.placements.len()),
        )
    }
}

impl std::fmt::Display for Style {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The text is not a style name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown style {text:?} (expected se or human)")]
#[non_exhaustive]
pub struct UnknownStyle {
    /// The text that was read.
    pub text: String,
}

impl std::str::FromStr for Style {
    type Err = UnknownStyle;

    fn from_str(text: &str) -> Result<Style, UnknownStyle> {
        match text {
            "se" => Ok(Style::Se),
            "human" => Ok(Style::Human),
            _ => Err(UnknownStyle {
                text: text.to_string(),
            }),
        }
    }
}
