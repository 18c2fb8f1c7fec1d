//! `sudoku`: solve, count and check Sudoku puzzles from files or standard input; generate
//! puzzles; print canonical forms and random equivalents; hint, explain and rate puzzles the
//! way a human solver would.
//!
//! Thin glue over the `sudoku` library: parse the command line ([`args`]), stream the input
//! ([`input`]) through the parallel, order-keeping pipeline ([`batch`]) that runs the per-puzzle
//! work ([`work`]), and print ([`output`], [`progress`], [`summary`]). `generate` and
//! `canon`/`transform` have their own small loops ([`generate`], [`canon`]) over the same
//! reader, worker pool and progress bar. `rate` keeps a window of puzzles in flight on its own
//! workers ([`rate`]), and `hint`/`explain` work one puzzle at a time ([`logic`]). `main` only
//! turns the result into an exit status:
//!
//! - 0: every puzzle got a full answer;
//! - 1: some input could not be read or parsed, or a puzzle failed for the subcommand (see
//!   `work::Status::fails`);
//! - 2: a usage error, or a fatal error such as output that cannot be written.

mod args;
mod bands;
mod batch;
mod canon;
mod example;
mod generate;
mod input;
mod logic;
mod output;
mod pipe;
mod progress;
mod rate;
mod schema;
mod summary;
mod variant;
mod variant_generate;
mod variant_records;
mod work;

use anyhow::Context;
use args::{Cli, Command, SolveArgs, SolveFormat};
use batch::Plan;
use clap::Parser;
use input::Sources;
use output::Style;
use std::io::{self, IsTerminal};
use std::process::ExitCode;
use work::Task;

/// Exit status when some input or puzzle failed.
const FAILURE: u8 = 1;
/// Exit status on a usage error or a fatal error.
const TROUBLE: u8 = 2;

fn main() -> ExitCode {
    match run() {
        Ok(code) => code,
        // `sudoku solve big.txt | head` closes the pipe early: not an error worth a message.
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("sudoku: error: {err:#}");
            ExitCode::from(TROUBLE)
        }
    }
}

fn run() -> anyhow::Result<ExitCode> {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            // --help and --version land here too, with status 0.
            let code = u8::try_from(err.exit_code()).unwrap_or(TROUBLE);
            err.print().context("cannot print the usage message")?;
            return Ok(ExitCode::from(code));
        }
    };
    if cli.command.is_none() {
        if let Some(word) = cli.input.files.iter().find(|f| looks_like_a_subcommand(f)) {
            // `sudoku frobnicate`: a mistyped subcommand, more likely than a file of that name.
            eprintln!(
                "sudoku: error: '{}' is neither a subcommand nor a file (see `sudoku --help`)",
                word.display()
            );
            return Ok(ExitCode::from(TROUBLE));
        }
    }
    let failed = match cli.command {
        None => solve(SolveArgs {
            input: cli.input,
            ..SolveArgs::default()
        })?,
        Some(Command::Solve(args)) => solve(args)?,
        Some(Command::Count(args)) if args.variant.active() => variant::run(
            &args.variant,
            &args.input.files,
            variant::Settings {
                job: variant::Job::Count { limit: args.limit },
                style: variant_report_style(args.report.format()),
                max_guesses: args.batch.max_guesses.or(Some(args::DEFAULT_MAX_GUESSES)),
                time: args.batch.time,
                threads: args.batch.threads,
                stats: args.batch.stats,
            },
        )?,
        Some(Command::Check(args)) if args.variant.active() => variant::run(
            &args.variant,
            &args.input.files,
            variant::Settings {
                job: variant::Job::Check,
                style: variant_report_style(args.report.format()),
                max_guesses: args.batch.max_guesses.or(Some(args::DEFAULT_MAX_GUESSES)),
                time: args.batch.time,
                threads: args.batch.threads,
                stats: args.batch.stats,
            },
        )?,
        Some(Command::Count(args)) => {
            let plan = Plan {
                task: Task::Count { limit: args.limit },
                style: Some(report_style(args.report.format())),
                batch: args.batch,
            };
            batch::run(&plan, &Sources::from_args(&args.input.files))?
        }
        Some(Command::Check(args)) => {
            let plan = Plan {
                task: Task::Check,
                style: Some(report_style(args.report.format())),
                batch: args.batch,
            };
            batch::run(&plan, &Sources::from_args(&args.input.files))?
        }
        Some(Command::Generate(args)) if args.variant.active() || args.killer || args.jigsaw => {
            variant_generate::run(&args)?
        }
        Some(Command::Generate(args)) => generate::run(&args)?,
        Some(Command::Canon(args)) => canon::canon(&args)?,
        Some(Command::Transform(args)) => canon::transform(&args)?,
        Some(Command::Hint(args)) => logic::hint(&args)?,
        Some(Command::Explain(args)) => logic::explain_paths(&args)?,
        Some(Command::Rate(args)) => rate::run(&args)?,
        Some(Command::Serve(args)) => serve(&args)?,
        Some(Command::Example) => {
            example::show(false)?;
            false
        }
        Some(Command::Schema) => {
            schema::print()?;
            false
        }
    };
    Ok(if failed {
        ExitCode::from(FAILURE)
    } else {
        ExitCode::SUCCESS
    })
}

/// The variant path's style for `count` and `check`.
fn variant_report_style(format: args::ReportFormat) -> variant::Style {
    match format {
        args::ReportFormat::Json => variant::Style::Json,
        args::ReportFormat::Line => variant::Style::Input,
    }
}

/// `sudoku solve` (also `sudoku` alone and `sudoku FILE...`); with no file and standard input
/// a terminal it shows the built-in example instead. Returns whether the run failed.
fn solve(args: SolveArgs) -> anyhow::Result<bool> {
    if args.variant.active() {
        let job = if args.all {
            variant::Job::List {
                limit: args.limit.unwrap_or(args::DEFAULT_ALL_LIMIT),
            }
        } else {
            variant::Job::Solve { prove: !args.first }
        };
        let style = match args.format() {
            None => variant::Style::Input,
            Some(SolveFormat::Line) => variant::Style::Line,
            Some(SolveFormat::Grid) => variant::Style::Grid,
            Some(SolveFormat::Json) => variant::Style::Json,
        };
        return variant::run(
            &args.variant,
            &args.input.files,
            variant::Settings {
                job,
                style,
                max_guesses: args.batch.max_guesses.or(Some(args::DEFAULT_MAX_GUESSES)),
                time: args.batch.time,
                threads: args.batch.threads,
                stats: args.batch.stats,
            },
        );
    }
    if args.input.files.is_empty() && io::stdin().is_terminal() {
        example::show(true)?;
        return Ok(false);
    }
    let task = if args.all {
        Task::List {
            limit: args.limit.unwrap_or(args::DEFAULT_ALL_LIMIT),
        }
    } else {
        Task::Solve { prove: !args.first }
    };
    let style = args.format().map(|format| match format {
        SolveFormat::Line => Style::Line,
        SolveFormat::Grid => Style::Grid,
        SolveFormat::Json => Style::Json,
    });
    let plan = Plan {
        task,
        style,
        batch: args.batch,
    };
    batch::run(&plan, &Sources::from_args(&args.input.files))
}

/// `sudoku serve`: the web page and JSON API, until Ctrl-C or SIGTERM.
fn serve(args: &args::ServeArgs) -> anyhow::Result<bool> {
    sudoku_server::serve(args.config()?)?;
    Ok(false)
}

/// Whether a bare argument is a word that names no file: no path separator or extension, and
/// nothing of that name exists.
fn looks_like_a_subcommand(arg: &std::path::Path) -> bool {
    let text = arg.to_string_lossy();
    text != "-" && !text.contains(['/', '\\', '.']) && !arg.exists()
}

fn report_style(format: args::ReportFormat) -> Style {
    match format {
        args::ReportFormat::Line => Style::Line,
        args::ReportFormat::Json => Style::Json,
    }
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}
