//! The `sudoku-bench` binary: see the library's crate documentation for the method.

use std::process::ExitCode;

use clap::Parser;
use sudoku_bench::{app, options::Options};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("variant") {
        return finish(sudoku_bench::variant::run(&args[1..]));
    }
    if args.get(1).map(String::as_str) == Some("human") {
        return finish(sudoku_bench::human::run(&args[1..]));
    }
    let options = Options::parse();
    finish(app::run(&options, &args))
}

fn finish<E: std::fmt::Display>(result: Result<bool, E>) -> ExitCode {
    match result {
        Ok(true) => ExitCode::SUCCESS,
        // The failures have been printed; the numbers of a run with wrong answers are void.
        Ok(false) => ExitCode::FAILURE,
        Err(error) => {
            eprintln!("sudoku-bench: error: {error}");
            ExitCode::from(2)
        }
    }
}
