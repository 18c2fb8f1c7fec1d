//! A minimal harness for profilers (callgrind, perf): solves one set with our solver only, no
//! timing or checks, so the profile shows nothing but the solver.
//!
//! `cargo build --release -p sudoku-bench --example profile`, then
//! `valgrind --tool=callgrind target/release/examples/profile FILE [first|count] [LIMIT] [PATH]`
//! (PATH: `avx512`, `avx2`, `sse4.1` or `portable`; default the detected one).

use std::process::ExitCode;

use sudokit::internals::CpuPath;
use sudoku_bench::{
    data,
    solvers::{self, Mode},
};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let Some(file) = args.get(1) else {
        eprintln!("usage: profile FILE [first|count] [LIMIT] [PATH]");
        return ExitCode::from(2);
    };
    let mode = match args.get(2).map(String::as_str) {
        None | Some("count") => Mode::Count,
        Some("first") => Mode::First,
        Some(other) => {
            eprintln!("profile: unknown mode {other:?} (first or count)");
            return ExitCode::from(2);
        }
    };
    let limit = args.get(3).and_then(|n| n.parse().ok());
    let path = match args.get(4) {
        None => CpuPath::detected(),
        Some(name) => match CpuPath::supported().into_iter().find(|p| p.name() == name) {
            Some(path) => path,
            None => {
                eprintln!("profile: {name:?} is not a CPU path this machine supports");
                return ExitCode::from(2);
            }
        },
    };
    let set = match data::load_set(file.as_ref(), limit) {
        Ok(set) => set,
        Err(error) => {
            eprintln!("profile: {error}");
            return ExitCode::from(2);
        }
    };
    let (mut solutions, mut guesses) = (0u64, 0u64);
    for puzzle in &set.puzzles {
        let answer = solvers::ours(&puzzle.grid, mode, path, false);
        solutions += u64::from(answer.count);
        guesses += answer.guesses;
    }
    println!(
        "{}: {} puzzles, {solutions} solutions, {guesses} guesses ({path} path)",
        set.name,
        set.puzzles.len()
    );
    ExitCode::SUCCESS
}
