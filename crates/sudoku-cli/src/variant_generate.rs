//! `sudoku generate` for other sizes and variant rules (`--size`, `--boxes`, `--rules`,
//! `--rules-file`, `--killer`, `--jigsaw`, `--variant`, and every `--symmetry`):
//! `sudokit::variant::generate_with` under a guard on worker threads, printed in index order.
//!
//! Puzzle `i` depends only on the seed, the options and `i` (the library keys its random
//! stream by them), so the output is the same for any `--threads`. Workers take the next
//! index, at most [`WINDOW`] ahead of the output; each puzzle is written and flushed as soon as
//! it and every earlier one are made. A closed output stops the workers through the guard each
//! puzzle is made under, even in the middle of a puzzle.
//!
//! Output: `line` is the N * N characters of the givens (as `solve --variant` reads them with
//! the same `--size`/`--boxes`/`--rules` flags); `grid` is N lines of numbers; `json` is one
//! object per puzzle with our JSON document. A puzzle whose rules the generator made (the
//! cages of `--killer`) cannot be written as digits alone, so `line` and `grid` print its JSON
//! document on one line.
//!
//! `--rules` takes the rules that need no data as they are, and the names of the rules whose
//! data the generator makes: `killer` (as `--killer`), `jigsaw` (as `--jigsaw`: random regions)
//! and the rules the library cuts from each solution grid (`variant::Cut`: thermo, arrow,
//! kropki, xv, sandwich, even-odd, little-killer). Their puzzles print as `--killer`'s do.

use crate::args::{GenerateArgs, SolveFormat, SymmetryArg};
use crate::generate::random_seed;
use anyhow::{bail, Context};
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};
use sudokit::budget::{Budget, Guard};
use sudokit::format::variant::{self as text, Document, VariantLayout};
use sudokit::generate::DEFAULT_MAX_ATTEMPTS;
use sudokit::variant::{self, Cut, GenerateError, Puzzle, Request, Search, Shape};

/// How far (in indices) the workers may run ahead of the first puzzle not yet printed.
const WINDOW: u64 = 64;

/// How often the main thread looks up from waiting, to notice a closed output pipe.
const TICK: Duration = Duration::from_millis(200);

/// The flags of the classic generator that the variant generator has no equivalent for.
fn refuse_classic_only(args: &GenerateArgs) -> anyhow::Result<()> {
    let unsupported = [
        (args.clues.is_some(), "--clues"),
        (args.pattern.is_some(), "--pattern"),
        (args.rating.is_some(), "--rating"),
        (args.level.is_some(), "--level"),
        (args.technique.is_some(), "--technique"),
        (args.accept_stuck, "--accept-stuck"),
        (args.nested, "--nested"),
        (args.max_attempts != DEFAULT_MAX_ATTEMPTS, "--max-attempts"),
        // Without a symmetry every variant puzzle is minimal; with one, nothing checks that
        // no single clue can go.
        (
            args.minimal && args.symmetry != SymmetryArg::None,
            "--minimal with --symmetry",
        ),
    ];
    if let Some((_, flag)) = unsupported.iter().find(|(given, _)| *given) {
        bail!(
            "{flag} is not supported for other sizes and variant rules (the variant generator \
             makes unique, minimal puzzles, symmetric with --symmetry)"
        );
    }
    Ok(())
}

/// What the workers share: (next index to take, first index not yet printed), and the stop
/// flag every puzzle's guard holds.
struct Shared {
    cursor: Mutex<(u64, u64)>,
    moved: Condvar,
    stop: Arc<AtomicBool>,
}

impl Shared {
    fn take(&self, count: u64) -> Option<u64> {
        let mut cursor = self.cursor.lock().ok()?;
        loop {
            if self.stop.load(Ordering::Relaxed) || cursor.0 >= count {
                return None;
            }
            if cursor.0 < cursor.1.saturating_add(WINDOW) {
                let index = cursor.0;
                cursor.0 += 1;
                return Some(index);
            }
            cursor = self.moved.wait(cursor).ok()?;
        }
    }

    fn printed(&self, printed: u64) {
        if let Ok(mut cursor) = self.cursor.lock() {
            cursor.1 = printed;
        }
        self.moved.notify_all();
    }

    fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
        drop(self.cursor.lock());
        self.moved.notify_all();
    }
}

/// One made puzzle with its solution, or why none was made; and the time it took.
type Made = (Result<(Puzzle, Vec<u8>), GenerateError>, Duration);

/// Runs `sudoku generate` on the variant path; returns whether some puzzle was missed.
pub(crate) fn run(args: &GenerateArgs) -> anyhow::Result<bool> {
    refuse_classic_only(args)?;
    let started = Instant::now();
    // `--rules killer` asks for the cages `--killer` makes, `--rules jigsaw` for the regions
    // `--jigsaw` makes, and the other rules with data for the data the library cuts from each
    // solution grid; the rules without data go through `options` as they are.
    let mut variant_args = args.variant.clone();
    let (mut killer, mut jigsaw) = (args.killer, args.jigsaw);
    let mut cuts: Vec<Cut> = Vec::new();
    variant_args
        .rules
        .retain(|r| match variant::Made::from_name(r) {
            Some(variant::Made::Killer) => {
                killer = true;
                false
            }
            Some(variant::Made::Jigsaw) => {
                jigsaw = true;
                false
            }
            Some(variant::Made::Cut(cut)) => {
                cuts.push(cut);
                false
            }
            _ => true,
        });
    cuts.sort_unstable();
    cuts.dedup();
    let options = variant_args.options()?;
    let shape = match options.shape {
        Some(shape) => shape,
        None => Shape::square(9)?,
    };
    // The rules are checked against the shape once, before any worker starts (on the boxes'
    // regions as irregular ones for a jigsaw, so that rules which need boxes are refused).
    let n = shape.size();
    let checked = if jigsaw {
        Shape::regions(n, shape.region_map())?
    } else {
        shape.clone()
    };
    Puzzle::new(checked, vec![0; n * n], options.rules.clone())
        .context("cannot generate such puzzles")?;
    if let Some(cut) = cuts.iter().find(|cut| n < cut.min_size()) {
        bail!(
            "cannot generate {} puzzles of size {n}: its data cannot be cut from grids smaller \
             than {min}x{min}",
            cut.name(),
            min = cut.min_size()
        );
    }
    let request = Request {
        shape,
        rules: options.rules,
        symmetric: args.symmetry == SymmetryArg::Rot180,
        killer_cages: killer,
        max_guesses: args.batch.guess_budget().unwrap_or(u64::MAX),
    };
    // Any of the classic symmetries: it only says which givens are dug together, so it fits
    // every shape and rule set.
    let symmetry = args.symmetry.symmetry();
    let mut gen_options = variant::Options::default()
        .with_symmetry(symmetry)
        .with_cuts(cuts);
    if jigsaw {
        gen_options = gen_options.with_jigsaw();
    }
    let seed = args.seed.unwrap_or_else(random_seed);
    let threads = match args.batch.threads {
        Some(n) => usize::from(n),
        None => thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let shared = Shared {
        cursor: Mutex::new((0, 0)),
        moved: Condvar::new(),
        stop: Arc::new(AtomicBool::new(false)),
    };
    let mut out = Output {
        format: args.output.format(),
        seed,
        symmetry: symmetry.name(),
        time: args.batch.time,
        made_rules: request.killer_cages || !gen_options.cuts.is_empty() || gen_options.jigsaw,
        printed: 0,
    };
    let mut tally = Tally::default();
    let (made_tx, made_rx) = mpsc::channel::<(u64, Made)>();
    let make = |index: u64| -> Made {
        let clock = Instant::now();
        let guard = Guard::new(Budget::UNLIMITED).with_cancel(shared.stop.clone());
        let made = variant::generate_with(&request, &gen_options, seed, index, Some(&guard));
        let result = made.and_then(|p| {
            // Unique within the budget, so this is its one solution.
            let mut search = Search::new(&p).with_guard(guard.clone());
            match search.next_solution() {
                Ok(Some(solution)) => Ok((p, solution)),
                Ok(None) => Err(GenerateError::NoGrid),
                Err(variant::Stopped::Guard(limit)) => Err(GenerateError::Stopped(limit)),
                Err(variant::Stopped::Guesses { .. }) => Err(GenerateError::NoGrid),
                Err(_) => Err(GenerateError::NoGrid),
            }
        });
        (result, clock.elapsed())
    };
    thread::scope(|scope| -> anyhow::Result<()> {
        for i in 0..threads {
            let (shared, made_tx, make) = (&shared, made_tx.clone(), &make);
            thread::Builder::new()
                .name(format!("sudoku-worker-{i}"))
                .spawn_scoped(scope, move || {
                    while let Some(index) = shared.take(args.count) {
                        if made_tx.send((index, make(index))).is_err() {
                            return;
                        }
                    }
                })
                .context("cannot start the worker threads")?;
        }
        drop(made_tx);
        let printed = print_in_order(&made_rx, &shared, &mut out, &mut tally);
        shared.stop();
        printed
    })?;
    if args.batch.stats {
        eprint!("{}", tally.summary(seed, started.elapsed(), threads));
    }
    Ok(tally.missed > 0)
}

fn print_in_order(
    made_rx: &mpsc::Receiver<(u64, Made)>,
    shared: &Shared,
    out: &mut Output,
    tally: &mut Tally,
) -> anyhow::Result<()> {
    let mut ahead: BTreeMap<u64, Made> = BTreeMap::new();
    let mut next = 0u64;
    loop {
        match made_rx.recv_timeout(TICK) {
            Ok((index, made)) => {
                ahead.insert(index, made);
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if crate::pipe::stdout_closed() {
                    return Err(io::Error::from(io::ErrorKind::BrokenPipe).into());
                }
                continue;
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => return Ok(()),
        }
        let before = next;
        while let Some((result, elapsed)) = ahead.remove(&next) {
            match result {
                Ok((puzzle, solution)) => {
                    tally.add(&puzzle, elapsed);
                    let text = out.puzzle(next, &puzzle, &solution, elapsed)?;
                    let mut stdout = io::stdout().lock();
                    stdout.write_all(text.as_bytes())?;
                    stdout.flush()?;
                }
                Err(err) => {
                    tally.missed += 1;
                    // A failing standard error is no reason to stop the puzzles on stdout.
                    let _ = writeln!(
                        io::stderr().lock(),
                        "sudoku: puzzle {next}: {err}; try other rules or raise --max-guesses"
                    );
                }
            }
            next += 1;
        }
        if next > before {
            shared.printed(next);
        }
    }
}

/// How puzzles are printed.
struct Output {
    format: SolveFormat,
    seed: u64,
    symmetry: &'static str,
    time: bool,
    /// Whether the generator made rules or regions (killer cages, cut rule data, jigsaw
    /// regions) that the digits do not carry.
    made_rules: bool,
    printed: u64,
}

/// One puzzle in the JSON format.
#[derive(Serialize)]
struct JsonPuzzle<'a> {
    index: u64,
    seed: u64,
    /// Our JSON document (size, boxes or regions, givens, rules).
    puzzle: &'a Document,
    /// The givens as one line of N * N characters.
    line: String,
    solution: String,
    clues: usize,
    symmetry: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    time_us: Option<f64>,
}

impl Output {
    fn puzzle(
        &mut self,
        index: u64,
        puzzle: &Puzzle,
        solution: &[u8],
        elapsed: Duration,
    ) -> anyhow::Result<String> {
        let micros = (elapsed.as_secs_f64() * 1e7).round() / 10.0;
        let givens = puzzle.givens();
        let mut text = match (self.format, self.made_rules) {
            (SolveFormat::Json, _) => {
                let document = Document::from_puzzle(puzzle, givens);
                let record = JsonPuzzle {
                    index,
                    seed: self.seed,
                    puzzle: &document,
                    line: text::to_text(puzzle, givens, VariantLayout::Chars),
                    solution: text::to_text(puzzle, solution, VariantLayout::Chars),
                    clues: clues(puzzle),
                    symmetry: self.symmetry,
                    time_us: self.time.then_some(micros),
                };
                serde_json::to_string(&record)?
            }
            (_, true) => text::to_text(puzzle, givens, VariantLayout::Json),
            (SolveFormat::Line, false) => text::to_text(puzzle, givens, VariantLayout::Chars),
            (SolveFormat::Grid, false) => {
                let grid = text::to_text(puzzle, givens, VariantLayout::Numbers);
                if self.printed > 0 {
                    format!("\n{grid}")
                } else {
                    grid
                }
            }
        };
        if self.time && self.format != SolveFormat::Json {
            text += &format!("\t{micros:.1}");
        }
        text.push('\n');
        self.printed += 1;
        Ok(text)
    }
}

fn clues(puzzle: &Puzzle) -> usize {
    puzzle.givens().iter().filter(|&&g| g != 0).count()
}

/// What a run made.
#[derive(Debug, Default)]
struct Tally {
    made: u64,
    missed: u64,
    clues: Vec<usize>,
    total: Duration,
}

impl Tally {
    fn add(&mut self, puzzle: &Puzzle, elapsed: Duration) {
        self.made += 1;
        self.clues.push(clues(puzzle));
        self.total += elapsed;
    }

    fn summary(&self, seed: u64, elapsed: Duration, threads: usize) -> String {
        let secs = elapsed.as_secs_f64();
        let mut text = format!(
            "puzzles    {} in {secs:.3} s ({:.1} puzzles/s, {threads} thread{})\nseed       {seed}\n",
            self.made,
            self.made as f64 / secs.max(1e-9),
            if threads == 1 { "" } else { "s" }
        );
        if let (Some(min), Some(max)) = (self.clues.iter().min(), self.clues.iter().max()) {
            let mean = self.clues.iter().sum::<usize>() as f64 / self.clues.len() as f64;
            text += &format!("clues      min {min}, mean {mean:.2}, max {max}\n");
            let per = self.total.as_secs_f64() * 1e3 / self.made.max(1) as f64;
            text += &format!("time       {per:.3} ms per puzzle (on one thread)\n");
        }
        text += &format!("missed     {}\n", self.missed);
        text
    }
}
