//! Fixed puzzle sets for before/after comparisons of the variant engine, whose search (and so
//! the generator's puzzles for a seed) may change between two builds.
//!
//! - `variant_fixed dump DIR SEED COUNT SET...` makes each set as `sudoku-bench variant` does
//!   and writes it to `DIR/pencilmark-SET.jsonl`, the committed sets' form; then
//!   `sudoku-bench variant --pencilmark-sets DIR --sets SET...` times any build on exactly
//!   those puzzles (rows named "SET (pencilmark)").
//! - `variant_fixed guesses FILE...` prints, per file (JSON lines as above, or `.txt` plain
//!   lines such as `../shared/data/16x16.txt`), the puzzles and the mean guesses per puzzle of
//!   our search for two solutions (the benchmark's question).
//!
//! `cargo build --release -p sudoku-bench --example variant_fixed`.

use std::process::ExitCode;

use sudokit::format::variant::{cell_char, Document};
use sudokit::variant::Search;
use sudoku_bench::variant::sets::{self, Line};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("dump") if args.len() >= 5 => dump(&args[1], &args[2], &args[3], &args[4..]),
        Some("guesses") if args.len() >= 2 => guesses(&args[1..]),
        _ => Err("usage: variant_fixed dump DIR SEED COUNT SET... | guesses FILE...".into()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("variant_fixed: {error}");
            ExitCode::FAILURE
        }
    }
}

fn dump(dir: &str, seed: &str, count: &str, names: &[String]) -> Result<(), String> {
    let seed: u64 = seed.parse().map_err(|_| format!("bad seed {seed:?}"))?;
    let count: usize = count.parse().map_err(|_| format!("bad count {count:?}"))?;
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    for name in names {
        let recipe = sets::recipe(name).map_err(|e| e.to_string())?;
        let set = sets::make_set(recipe, seed, count, 2).map_err(|e| e.to_string())?;
        let mut text = String::new();
        for item in &set.items {
            let line = Line {
                puzzle: Document::from_puzzle(&item.puzzle, item.puzzle.givens()),
                solution: item.solution.iter().map(|&v| cell_char(v)).collect(),
            };
            text.push_str(&serde_json::to_string(&line).map_err(|e| e.to_string())?);
            text.push('\n');
        }
        let path = format!("{dir}/pencilmark-{name}.jsonl");
        std::fs::write(&path, text).map_err(|e| format!("{path}: {e}"))?;
        eprintln!("{path}: {} puzzles", set.items.len());
    }
    Ok(())
}

fn guesses(files: &[String]) -> Result<(), String> {
    for file in files {
        let path = std::path::Path::new(file);
        let set = if file.ends_with(".txt") {
            sets::load_plain(file, path)
        } else {
            let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
            sets::load_lines(file, path, &text)
        }
        .map_err(|e| e.to_string())?;
        let mut total = 0u64;
        for item in &set.items {
            let mut search = Search::new(&item.puzzle);
            let _ = search.count(2).map_err(|e| e.to_string())?;
            total += search.stats().guesses;
        }
        let n = set.items.len().max(1) as f64;
        println!(
            "{file}: {} puzzles, {:.1} guesses/puzzle",
            set.items.len(),
            total as f64 / n
        );
    }
    Ok(())
}
