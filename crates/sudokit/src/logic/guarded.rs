//! A finder under a [`Guard`]: it finds nothing once the guard is spent, counts the steps it
//! reports, and runs each search with the guard polled by the long chain searches
//! ([`Guard::run`]). [`Guard::wrap`] wraps a whole finder list, so a [`Solver`](super::Solver)
//! over it stops as if stuck when the budget runs out. It lives here, above
//! [`budget`](crate::budget), which knows nothing of finders.

use super::{CandidateGrid, Finder, Ratings, Step, Technique};
use crate::budget::Guard;
use std::fmt;
use std::ops::ControlFlow;

impl Guard {
    /// Every finder of `finders`, guarded by this guard.
    pub fn wrap<'a>(&'a self, finders: &[&'a dyn Finder]) -> Vec<Guarded<'a>> {
        finders
            .iter()
            .map(|&inner| Guarded {
                inner,
                guard: self,
                cap: None,
            })
            .collect()
    }

    /// Every finder of `finders`, guarded, and capped: a step for which `over` is true is
    /// not reported, and spends the guard (as a cancellation), so the solve stops there.
    pub(crate) fn wrap_capped<'a>(
        &'a self,
        finders: &[&'a dyn Finder],
        over: &'a (dyn Fn(&Step) -> bool + Sync),
    ) -> Vec<Guarded<'a>> {
        finders
            .iter()
            .map(|&inner| Guarded {
                inner,
                guard: self,
                cap: Some(over),
            })
            .collect()
    }

    /// Whether `step` may be reported: not over the cap (if over, the guard is spent).
    fn passes(&self, cap: Option<&(dyn Fn(&Step) -> bool + Sync)>, step: &Step) -> bool {
        if cap.is_some_and(|over| over(step)) {
            self.cancel();
            return false;
        }
        self.count_step();
        true
    }
}

/// A finder that runs only while its [`Guard`] allows, and counts the steps it reports (see
/// [`Guard::wrap`]). Each search also runs with the guard polled by the long chain searches.
pub struct Guarded<'a> {
    inner: &'a dyn Finder,
    guard: &'a Guard,
    cap: Option<&'a (dyn Fn(&Step) -> bool + Sync)>,
}

impl Finder for Guarded<'_> {
    fn technique(&self) -> Technique {
        self.inner.technique()
    }

    fn techniques(&self) -> &'static [Technique] {
        self.inner.techniques()
    }

    fn assumes_unique_solution(&self) -> bool {
        self.inner.assumes_unique_solution()
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if !self.guard.allows() {
            return ControlFlow::Continue(());
        }
        self.guard.run(|| {
            self.inner.find(grid, ratings, &mut |step| {
                if self.guard.passes(self.cap, &step) {
                    found(step)
                } else {
                    ControlFlow::Break(())
                }
            })
        })
    }

    // Forwarded, not left to the default: a finder may have a faster "first" of its own.
    fn first(&self, grid: &CandidateGrid, ratings: &Ratings) -> Option<Step> {
        if !self.guard.allows() {
            return None;
        }
        self.guard
            .run(|| self.inner.first(grid, ratings))
            .filter(|step| self.guard.passes(self.cap, step))
    }
}

impl fmt::Debug for Guarded<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Guarded")
            .field("technique", &self.inner.technique())
            .field("guard", self.guard)
            .finish_non_exhaustive()
    }
}
