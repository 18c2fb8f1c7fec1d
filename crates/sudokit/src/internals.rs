//! **Unstable: for this project's own tools, not part of the library's API.**
//!
//! What lives here exists for the project's tests, benchmark and fuzz targets, which need to
//! reach inside the engine: it is hidden from the documentation and may change or go in any
//! release, whatever the version number says. A library user never needs it: every item here
//! changes speed or reports internals, never an answer.
//!
//! - [`CpuPath`]: the compiled variants of the exact solver (AVX-512, AVX2, SSE4.1, the
//!   target's baseline); [`SearchCpuPath`] runs a [`Search`](crate::solve::Search) on a chosen
//!   one, which the CPU-path tests and the benchmark use to compare them.

pub use crate::solve::cpu_path::{CpuPath, UnsupportedCpuPath};

use crate::solve::Search;

/// Choosing the [`CpuPath`] of a [`Search`]: every path gives the same answers and statistics,
/// so this is only for tests and benchmarks that compare them.
///
/// ```
/// use sudokit::internals::{CpuPath, SearchCpuPath};
/// use sudokit::{solve::Search, Grid};
/// let search = Search::new(&Grid::empty()).with_cpu_path(CpuPath::Portable)?;
/// assert_eq!(search.cpu_path(), CpuPath::Portable);
/// assert_eq!(Search::new(&Grid::empty()).cpu_path(), CpuPath::detected());
/// # Ok::<(), sudokit::internals::UnsupportedCpuPath>(())
/// ```
pub trait SearchCpuPath: Sized {
    /// Runs the search on `path` instead of the detected [`CpuPath`], or fails if this CPU
    /// lacks its features.
    fn with_cpu_path(self, path: CpuPath) -> Result<Self, UnsupportedCpuPath>;

    /// The [`CpuPath`] this search runs on.
    fn cpu_path(&self) -> CpuPath;
}

impl SearchCpuPath for Search {
    fn with_cpu_path(self, path: CpuPath) -> Result<Search, UnsupportedCpuPath> {
        self.on_cpu_path(path)
    }

    fn cpu_path(&self) -> CpuPath {
        self.path()
    }
}
