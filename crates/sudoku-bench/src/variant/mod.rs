//! `sudoku-bench variant`: our variant engine against `pencilmark.solve` and an OR-Tools
//! CP-SAT model, per rule set, on the same puzzles in the same run.
//!
//! # Method
//! - **Sets** ([`sets`]): per rule set, puzzles made by our generator from a recipe and a seed
//!   (committed under `data/variant/ours-<set>.jsonl`; `--generate` makes them at run time);
//!   the sets pencilmark's generator made (committed under `data/variant/`, converted to our
//!   document); the shared 16x16 and 25x25 puzzles. Every puzzle is checked unique first, and
//!   a committed one must have the solution its generator stored.
//! - **The question** is the one `pencilmark.solve` answers: the solution, and that it is the
//!   only one. Ours: compile the puzzle ([`Puzzle::new`]) and search for two solutions.
//! - **Peers** ([`peers`]): one Python process (`peers/variant_peers.py`) answers each puzzle
//!   with each peer and the process CPU time of that call alone; Python's start-up and reading
//!   the puzzle are not counted. Each peer's solution must equal ours, or the run fails.
//! - **Ours** is timed right after the peers on the same set, by the thread's CPU time: whole
//!   passes over the set, repeated until a round lasts `--min-time / --rounds`, the fastest
//!   round kept. The peers, far slower, solve each puzzle once.
//! - **Table**: puzzles per second of each, our guesses per puzzle, and how many times faster we are (their time per
//!   puzzle over ours, on the puzzles they answered), as markdown.

pub mod peers;
pub mod sets;

use std::fmt::Write as _;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Parser;
use sudokit::variant::{self, Puzzle};

use crate::machine;
use crate::timing::Clock;
use peers::{Answer, Peer, PeerError, Peers};
use sets::{Item, Set, SetError, Source};

/// The goal of issue 35: at least this many times pencilmark's speed.
pub const GOAL_PENCILMARK: f64 = 100.0;
/// ... and this many times CP-SAT's.
pub const GOAL_CPSAT: f64 = 10.0;

const EXAMPLES: &str = "\
Examples:
  scripts/bench-variant-venv.sh
      make the peers' venv (target/bench-venv: pencilmark, ortools) once
  cargo run --release -p sudoku-bench -- variant
      every rule set, ours against pencilmark and CP-SAT, as a markdown table
  cargo run --release -p sudoku-bench -- variant --sets killer,thermo --count 50
      two rule sets, the first 50 committed puzzles of each
  cargo run --release -p sudoku-bench -- variant --sets killer --count 20 --generate
      20 puzzles made by the generator at run time (recipe and --seed)
  cargo run --release -p sudoku-bench -- variant --write-sets crates/sudoku-bench/data/variant
      make every set of ours again (recipe, --seed, --count) and write it
  cargo run --release -p sudoku-bench -- variant --write-sets DIR --sets sandwich --first 100 --count 100
      lines 101-200 of the sandwich set, to join after the first 100 (a big set in parts)
  cargo run --release -p sudoku-bench -- variant --no-peers
      our engine only (no Python needed)";

/// The options of `sudoku-bench variant`.
#[derive(Debug, Clone, Parser)]
#[command(name = "sudoku-bench variant", after_help = EXAMPLES)]
pub struct VariantOptions {
    /// Rule sets to run, comma-separated (default: all of them; see the list in the error for
    /// an unknown name).
    #[arg(long, value_delimiter = ',')]
    pub sets: Vec<String>,

    /// Puzzles our generator makes per rule set (default: each set's own, 200 for 9x9).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub count: Option<u64>,

    /// The generator's seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    /// Threads that generate the sets (the sets do not depend on it; timing is one thread).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub threads: u64,

    /// The Python that runs the peers (default: target/bench-venv/bin/python).
    #[arg(long, value_name = "PATH")]
    pub python: Option<PathBuf>,

    /// Peers to run, comma-separated: pencilmark, cpsat.
    #[arg(long, value_delimiter = ',', default_values_t = ["pencilmark".to_string(), "cpsat".to_string()])]
    pub peers: Vec<String>,

    /// Time our engine only (no Python).
    #[arg(long, conflicts_with = "peers")]
    pub no_peers: bool,

    /// The folder of the committed sets, ours (`ours-<set>.jsonl`) and pencilmark's
    /// (`pencilmark-<set>.jsonl`) (default: this crate's data/variant).
    #[arg(long, value_name = "DIR", alias = "pencilmark-sets")]
    pub sets_dir: Option<PathBuf>,

    /// Make our sets with the generator (recipe, --seed, --count) instead of reading the
    /// committed ones.
    #[arg(long)]
    pub generate: bool,

    /// Make our sets with the generator and write them to DIR as `ours-<set>.jsonl`, then
    /// stop (no timing).
    #[arg(long, value_name = "DIR", conflicts_with = "generate")]
    pub write_sets: Option<PathBuf>,

    /// With --write-sets: the index of the first puzzle to make (the file then holds lines
    /// FIRST.. of the set, to be joined after the lines before them).
    #[arg(
        long,
        value_name = "FIRST",
        default_value_t = 0,
        requires = "write_sets"
    )]
    pub first: u64,

    /// Leave out the shared 16x16 / 25x25 puzzles.
    #[arg(long)]
    pub no_shared: bool,

    /// Rounds of our timing per set (the fastest counts).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..))]
    pub rounds: u32,

    /// Seconds of our timing per set, over all rounds.
    #[arg(long, default_value_t = 0.3)]
    pub min_time: f64,
}

/// Why the run could not go on.
#[derive(Debug, thiserror::Error)]
pub enum VariantRunError {
    /// A set could not be made or read.
    #[error(transparent)]
    Set(#[from] SetError),
    /// The peers failed.
    #[error(transparent)]
    Peer(#[from] PeerError),
    /// An option is wrong.
    #[error("{0}")]
    Option(String),
    /// Printing failed.
    #[error("cannot write the report: {0}")]
    Output(#[from] std::io::Error),
}

/// One row of the table.
#[derive(Debug, Clone)]
pub struct Row {
    /// The set's name.
    pub set: String,
    /// Where its puzzles came from.
    pub source: Source,
    /// Its puzzles.
    pub puzzles: usize,
    /// Our time per puzzle.
    pub ours: Duration,
    /// Our guesses per puzzle (the search for two solutions).
    pub guesses: f64,
    /// Per peer: its mean time per answered puzzle, how many it answered, and our mean time
    /// on those same puzzles.
    pub peers: Vec<(Peer, Option<PeerSpeed>)>,
}

/// A peer's speed on one set.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PeerSpeed {
    /// Its mean CPU time per puzzle it answered.
    pub per_puzzle: Duration,
    /// How many it answered.
    pub answered: usize,
}

impl Row {
    /// How many times faster we are than `peer` (its time per puzzle over ours).
    pub fn ratio(&self, peer: Peer) -> Option<f64> {
        let speed = self.peers.iter().find(|(p, _)| *p == peer)?.1?;
        Some(speed.per_puzzle.as_secs_f64() / self.ours.as_secs_f64().max(1e-12))
    }
}

/// Runs `sudoku-bench variant` (`args` are the arguments after `sudoku-bench`, starting with
/// `variant`); returns whether every answer checked out.
pub fn run(args: &[String]) -> Result<bool, VariantRunError> {
    let options = match VariantOptions::try_parse_from(args) {
        Ok(options) => options,
        Err(error) => {
            // --help and --version print and succeed; the rest print and fail.
            let ok = !error.use_stderr();
            let _ = error.print();
            return Ok(ok);
        }
    };
    if cfg!(debug_assertions) {
        eprintln!(
            "warning: this is a debug build; run with `cargo run --release` for real numbers"
        );
    }
    let peers: Vec<Peer> = if options.no_peers {
        Vec::new()
    } else {
        options
            .peers
            .iter()
            .map(|k| {
                Peer::from_key(k).ok_or_else(|| {
                    VariantRunError::Option(format!("unknown peer {k:?} (pencilmark, cpsat)"))
                })
            })
            .collect::<Result<_, _>>()?
    };
    if let Some(dir) = &options.write_sets {
        return write_sets(&options, dir);
    }
    let sets = load_sets(&options)?;
    let mut helper = if peers.is_empty() {
        None
    } else {
        let python = options.python.clone().unwrap_or_else(peers::default_python);
        Some(Peers::start(&python, &peers::default_script(), &peers)?)
    };
    let clock = if Clock::Cpu.available() {
        Clock::Cpu
    } else {
        Clock::Wall
    };
    let mut rows = Vec::new();
    let mut failures = Vec::new();
    for set in &sets {
        eprintln!("measuring {} ({} puzzles)...", set.name, set.items.len());
        let answers = match helper.as_mut() {
            Some(h) => h.solve(&set.items)?,
            None => Vec::new(),
        };
        failures.extend(check_answers(set, &answers));
        let ours = time_ours(&set.items, clock, &options);
        let mut row = row(set, ours, &peers, &answers);
        row.guesses = guesses(&set.items);
        rows.push(row);
    }
    let versions = match helper {
        Some(h) => {
            let v = h.versions.clone();
            h.finish()?;
            v
        }
        None => serde_json::Value::Null,
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "machine: {} ({} logical CPUs); peers: {}",
        machine::cpu_model(),
        machine::logical_cpus(),
        versions
    );
    let _ = writeln!(out, "command: sudoku-bench {}", args.join(" "));
    out.push('\n');
    out.push_str(&table(&rows, &peers));
    print!("{out}");
    for failure in &failures {
        eprintln!("FAILED: {failure}");
    }
    Ok(failures.is_empty())
}

/// The sets the options ask for: ours (generated), pencilmark's (committed), the shared ones.
pub fn load_sets(options: &VariantOptions) -> Result<Vec<Set>, VariantRunError> {
    let wanted: Vec<&str> = if options.sets.is_empty() {
        sets::RECIPES.iter().map(|r| r.name).collect()
    } else {
        options.sets.iter().map(String::as_str).collect()
    };
    let mut out = Vec::new();
    let dir = options
        .sets_dir
        .clone()
        .unwrap_or_else(default_pencilmark_dir);
    for name in &wanted {
        let recipe = sets::recipe(name)?;
        let count = options.count.map_or(recipe.count, |c| c as usize);
        let committed = dir.join(format!("ours-{name}.jsonl"));
        match std::fs::read_to_string(&committed) {
            Ok(text) if !options.generate => {
                eprintln!("reading {name} from {}...", committed.display());
                let set = sets::load_lines_from(name, Source::Ours, &committed, &text, count)?;
                if set.items.len() < count && options.count.is_some() {
                    eprintln!(
                        "note: {} has {} puzzles, fewer than --count {count}",
                        committed.display(),
                        set.items.len()
                    );
                }
                out.push(set);
            }
            _ => {
                eprintln!("generating {count} {name} puzzles...");
                out.push(sets::make_set(
                    recipe,
                    options.seed,
                    count,
                    options.threads as usize,
                )?);
            }
        }
        let file = dir.join(format!("pencilmark-{name}.jsonl"));
        if let Ok(text) = std::fs::read_to_string(&file) {
            out.push(sets::load_lines(
                &format!("{name} (pencilmark)"),
                &file,
                &text,
            )?);
        }
    }
    if !options.no_shared {
        if let Some(dir) = shared_data_dir() {
            for (name, file) in [
                ("16x16 (shared)", "16x16.txt"),
                ("25x25 (shared)", "25x25.txt"),
            ] {
                let path = dir.join(file);
                if path.exists() {
                    out.push(sets::load_plain(name, &path)?);
                }
            }
        } else {
            eprintln!("note: no shared data folder; the shared 16x16/25x25 puzzles are left out");
        }
    }
    Ok(out)
}

/// `--write-sets DIR`: makes each wanted set of ours and writes it as `DIR/ours-<set>.jsonl`.
fn write_sets(options: &VariantOptions, dir: &Path) -> Result<bool, VariantRunError> {
    let wanted: Vec<&str> = if options.sets.is_empty() {
        sets::RECIPES.iter().map(|r| r.name).collect()
    } else {
        options.sets.iter().map(String::as_str).collect()
    };
    std::fs::create_dir_all(dir)?;
    for name in wanted {
        let recipe = sets::recipe(name)?;
        let count = options.count.map_or(recipe.count, |c| c as usize);
        let started = std::time::Instant::now();
        let first = options.first as usize;
        let set = sets::make_range(recipe, options.seed, first, count, options.threads as usize)?;
        let path = dir.join(format!("ours-{name}.jsonl"));
        std::fs::write(&path, sets::write_lines(&set))?;
        eprintln!(
            "{name}: {count} puzzles from index {first} (seed {}) in {:.1} s wall on {} threads -> {}",
            options.seed,
            started.elapsed().as_secs_f64(),
            options.threads,
            path.display()
        );
    }
    Ok(true)
}

/// The folder of the committed sets (ours and pencilmark's).
pub fn default_pencilmark_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data/variant")
}

fn shared_data_dir() -> Option<PathBuf> {
    match crate::data::locate_data_dir() {
        crate::data::DataDir::Found(dir) => Some(dir),
        crate::data::DataDir::Absent(_) => None,
    }
}

/// Our answer to the peers' question: the solution, after proving it unique.
pub fn ours(item: &Item) -> Option<Vec<u8>> {
    let p = &item.puzzle;
    let puzzle = Puzzle::new(p.shape().clone(), p.givens().to_vec(), p.rules().to_vec()).ok()?;
    let mut search = variant::Search::new(&puzzle);
    let first = search.next_solution().ok()??;
    match search.next_solution() {
        Ok(None) => Some(first),
        _ => None,
    }
}

/// The problems with the peers' answers: a solution other than ours.
pub fn check_answers(set: &Set, answers: &[Answer]) -> Vec<String> {
    let mut problems = Vec::new();
    for answer in answers {
        let Some(item) = set.items.get(answer.index) else {
            problems.push(format!(
                "{}: an answer about a puzzle it does not have",
                set.name
            ));
            continue;
        };
        match &answer.solution {
            Ok(solution) if *solution != item.solution => problems.push(format!(
                "{}: puzzle {}: {} found another solution",
                set.name,
                answer.index + 1,
                answer.peer.title()
            )),
            Ok(_) => {}
            Err(error) => eprintln!(
                "note: {}: puzzle {}: {} gave no answer: {error}",
                set.name,
                answer.index + 1,
                answer.peer.title()
            ),
        }
    }
    problems
}

/// Our guesses per puzzle on `items`, in the search for two solutions that [`ours`] makes.
pub fn guesses(items: &[Item]) -> f64 {
    let total: u64 = items
        .iter()
        .map(|item| {
            let mut search = variant::Search::new(&item.puzzle);
            let _ = search.count(2);
            search.stats().guesses
        })
        .sum();
    total as f64 / items.len().max(1) as f64
}

/// Our time per puzzle on `items`: the fastest round, each round whole passes over the set
/// until it has lasted `min_time / rounds`.
fn time_ours(items: &[Item], clock: Clock, options: &VariantOptions) -> Duration {
    let per_round =
        Duration::from_secs_f64((options.min_time / f64::from(options.rounds)).max(0.0));
    let mut best = Duration::MAX;
    for _ in 0..options.rounds {
        let start = Stamp::now(clock);
        let mut passes = 0u32;
        loop {
            for item in items {
                black_box(ours(black_box(item)));
            }
            passes += 1;
            if start.elapsed() >= per_round {
                break;
            }
        }
        best = best.min(start.elapsed() / passes.max(1));
    }
    best / (items.len().max(1) as u32)
}

/// A start time on the chosen clock.
struct Stamp {
    wall: std::time::Instant,
    cpu: Option<cpu_time::ThreadTime>,
}

impl Stamp {
    fn now(clock: Clock) -> Stamp {
        Stamp {
            wall: std::time::Instant::now(),
            cpu: match clock {
                Clock::Cpu => cpu_time::ThreadTime::try_now().ok(),
                Clock::Wall => None,
            },
        }
    }

    fn elapsed(&self) -> Duration {
        match &self.cpu {
            Some(cpu) => cpu.try_elapsed().unwrap_or_else(|_| self.wall.elapsed()),
            None => self.wall.elapsed(),
        }
    }
}

/// The row of `set`.
fn row(set: &Set, ours: Duration, peers: &[Peer], answers: &[Answer]) -> Row {
    let speeds = peers
        .iter()
        .map(|&peer| {
            let times: Vec<Duration> = answers
                .iter()
                .filter(|a| a.peer == peer && a.solution.is_ok())
                .filter_map(|a| a.time)
                .collect();
            let speed = (!times.is_empty()).then(|| PeerSpeed {
                per_puzzle: times.iter().sum::<Duration>() / times.len() as u32,
                answered: times.len(),
            });
            (peer, speed)
        })
        .collect();
    Row {
        set: set.name.clone(),
        source: set.source,
        puzzles: set.items.len(),
        ours,
        guesses: 0.0,
        peers: speeds,
    }
}

/// Puzzles per second, rounded for the table.
fn rate(per_puzzle: Duration) -> String {
    let rate = 1.0 / per_puzzle.as_secs_f64().max(1e-12);
    if rate >= 100.0 {
        format!("{rate:.0}")
    } else {
        format!("{rate:.1}")
    }
}

/// The markdown table.
pub fn table(rows: &[Row], peers: &[Peer]) -> String {
    let mut out = String::from("| rule set | puzzles | ours (puzzles/s) | ours (guesses/puzzle) |");
    let mut rule = String::from("|---|---:|---:|---:|");
    for peer in peers {
        let _ = write!(out, " {} (puzzles/s) |", peer.title());
        rule.push_str("---:|");
    }
    for peer in peers {
        let _ = write!(out, " x {} |", peer.title());
        rule.push_str("---:|");
    }
    if !peers.is_empty() {
        out.push_str(" goal |");
        rule.push_str(":---:|");
    }
    out.push('\n');
    out.push_str(&rule);
    out.push('\n');
    for row in rows {
        let _ = write!(
            out,
            "| {} | {} | {} | {:.1} |",
            row.set,
            row.puzzles,
            rate(row.ours),
            row.guesses
        );
        for (_, speed) in &row.peers {
            match speed {
                Some(s) if s.answered == row.puzzles => {
                    let _ = write!(out, " {} |", rate(s.per_puzzle));
                }
                Some(s) => {
                    let _ = write!(out, " {} ({} answered) |", rate(s.per_puzzle), s.answered);
                }
                None => out.push_str(" - |"),
            }
        }
        let mut met = true;
        for &(peer, _) in &row.peers {
            match row.ratio(peer) {
                Some(r) => {
                    let goal = match peer {
                        Peer::Pencilmark => GOAL_PENCILMARK,
                        Peer::CpSat => GOAL_CPSAT,
                    };
                    met &= r >= goal;
                    let _ = write!(out, " {r:.0}x |");
                }
                None => out.push_str(" - |"),
            }
        }
        if !row.peers.is_empty() {
            out.push_str(if met { " yes |" } else { " **no** |" });
        }
        out.push('\n');
    }
    out
}
