//! `sudoku-bench`: our solver against the crates.io `sudoku` crate, side by side, in one run.
//!
//! For every puzzle set and mode it prints puzzles per second, microseconds per puzzle, the share
//! of puzzles our solver answers without guessing and our guesses per puzzle, for both solvers,
//! and the speed ratio (their time over ours: above 1 we are faster).
//!
//! # Method
//! - **Single thread**, one process, both solvers in the same run, so they see the same machine.
//! - **Parse first**: every set is read and parsed into both solvers' input types before any
//!   timing ([`data`]); the timed loops only solve.
//! - **Two modes** ([`solvers::Mode`]): the first solution, and the uniqueness check (count up to
//!   2). Each solver does its own setup inside the timed call, as its users would.
//! - **Check everything, untimed**: before timing a set in a mode, both solvers answer every
//!   puzzle; each solution must be a valid grid keeping the givens and the solution counts must
//!   agree, or the run fails with a non-zero exit ([`mod@bench`]). Timed passes must reproduce the
//!   checked totals.
//! - **Interleaved best of rounds, chunk by chunk** ([`timing`]): the set is cut into chunks of
//!   about one round's work; on each chunk the solvers take turns for several rounds and each keeps
//!   its fastest turn; a solver's time for the set is the sum of its best turns. Small sets are one
//!   chunk, solved over and over until a turn lasts long enough (`--min-time` split over
//!   `--rounds`). Noise on a shared machine only slows a run down, so the fastest turn is the best
//!   estimate of the code's own speed, and running both solvers on the same chunk moments apart
//!   exposes them to the same machine state. Turns are timed by the thread's CPU time, so time
//!   slices lost to other processes do not count (`--clock wall` to compare).
//! - **Several runs** (`--runs N`): the whole list of sets is measured N times in turn, and a
//!   summary gives each set and mode's ratio per run, its median, lowest and highest
//!   ([`report::summarize`]). A shared machine's state changes over minutes and moves a single
//!   run's ratio by up to a fifth; runs spread over the whole time see more of those states.
//! - **Context**: the header names the CPU (from `/proc/cpuinfo`), its vector extensions and the
//!   exact command, so a quoted table says where it came from.
//!
//! # Credit
//! The opponent is the `sudoku` crate 0.8 by Emerentius (<https://github.com/emerentius/sudoku>),
//! a Rust port of JCZSolve (Jean-Christophe Zucchi's band-oriented solver), AGPL-3.0. It is a
//! dependency of this unpublished benchmark only; none of its code is part of our library. The
//! data sets are described in `../shared/data/README.md`; most are the sets of the tdoku
//! benchmark suite (t-dillon/tdoku).
//!
//! # Example
//! ```no_run
//! use std::time::Duration;
//! use sudokit::internals::CpuPath;
//! use sudoku_bench::{bench, data, solvers::{Mode, Solver}, timing::{Clock, Plan}};
//!
//! let set = data::load_set("../shared/data/top1465.txt".as_ref(), Some(100))?;
//! let config = bench::Config {
//!     modes: vec![Mode::First, Mode::Count],
//!     solvers: vec![Solver::Ours, Solver::Theirs],
//!     plan: Plan { rounds: 3, min_time: Duration::from_millis(300), clock: Clock::Cpu },
//!     cpu_path: CpuPath::detected(),
//! };
//! let result = bench::measure_set(&set, &config, |_row| {});
//! assert!(result.failures.is_empty());
//! # Ok::<(), data::DataError>(())
//! ```

pub mod app;
pub mod bench;
pub mod data;
pub mod human;
pub mod machine;
pub mod options;
pub mod report;
pub mod solvers;
pub mod timing;
pub mod variant;
