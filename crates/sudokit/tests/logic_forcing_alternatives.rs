//! What could take the place of forcing chains in human mode (issue 36), measured on top1465.
//!
//! `alternatives_at_the_first_forcing_chain`: along human mode's path of each puzzle, at the
//! first state where it takes a forcing chain (Nishio, cell/region, dynamic), which of the
//! techniques human mode does not run before the forcing chains has a step there.
//!
//! `forcing_chain_share_by_order`: the number of puzzles whose human path still uses a forcing
//! chain with human mode's list as it is and with other finders put just before its forcing
//! chains.
//!
//! Both read every `SUDOKU_FC_EVERY`-th line of `top1465.txt` (default 5: 293 puzzles; another
//! set with `SUDOKU_FC_SET`, the first N with `SUDOKU_FC_FIRST`), report their figures on
//! stderr and check every step against the solution. The second runs only human mode's list
//! unless `SUDOKU_FC_ORDERS=all`. Data tier only.

mod common;

use common::{grid_from_line, report};
use rayon::prelude::*;
use std::time::Duration;
use sudokit::logic::techniques::{ComplexFish, KrakenFish, Templates, HUMAN};
use sudokit::logic::{CandidateGrid, Finder, Path, Ratings, Solver, Step, Style, Technique};
use sudokit::solve;

fn is_forcing_chain(step: &Step) -> bool {
    (Technique::NishioForcingChains..=Technique::NestedRegionForcingChains5)
        .contains(&step.technique)
}

/// Every `SUDOKU_FC_EVERY`-th puzzle (default 5) of `SUDOKU_FC_SET` (default `top1465.txt`),
/// at most `SUDOKU_FC_FIRST` of them; `None` without the shared data.
fn sample() -> Option<Vec<String>> {
    let dir = common::shared_data()?;
    let name = std::env::var("SUDOKU_FC_SET").unwrap_or_else(|_| "top1465.txt".to_string());
    let path = dir.join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let number = |key: &str, default: usize| {
        std::env::var(key)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
            .max(1)
    };
    Some(
        text.lines()
            .filter_map(|l| l.trim().get(..81))
            .filter(|l| l.bytes().all(|b| b.is_ascii_digit() || b == b'.'))
            .step_by(number("SUDOKU_FC_EVERY", 5))
            .take(number("SUDOKU_FC_FIRST", usize::MAX))
            .map(str::to_string)
            .collect(),
    )
}

/// The finders that human mode does not run before its forcing chains, by name.
fn candidates() -> Vec<(&'static str, &'static dyn Finder)> {
    vec![
        ("kraken fish type 1", &KrakenFish::TYPE_1),
        ("kraken fish type 2", &KrakenFish::TYPE_2),
        ("template set", &Templates::SET),
        ("template delete", &Templates::DELETE),
        ("Franken jellyfish", &ComplexFish::FRANKEN_JELLYFISH),
        (
            "finned Franken jellyfish",
            &ComplexFish::FINNED_FRANKEN_JELLYFISH,
        ),
        ("mutant X-Wing", &ComplexFish::MUTANT_X_WING),
        ("mutant swordfish", &ComplexFish::MUTANT_SWORDFISH),
        ("mutant jellyfish", &ComplexFish::MUTANT_JELLYFISH),
        ("finned mutant X-Wing", &ComplexFish::FINNED_MUTANT_X_WING),
        (
            "finned mutant swordfish",
            &ComplexFish::FINNED_MUTANT_SWORDFISH,
        ),
        (
            "finned mutant jellyfish",
            &ComplexFish::FINNED_MUTANT_JELLYFISH,
        ),
    ]
}

/// Panics naming the puzzle when a step of `path` disagrees with the solution.
fn assert_path_sound(line: &str, path: &Path) {
    assert_steps_sound(line, &path.steps);
}

/// Panics naming the puzzle when one of `steps` disagrees with the solution.
fn assert_steps_sound(line: &str, steps: &[Step]) {
    let puzzle = grid_from_line(line).unwrap_or_else(|| panic!("not a puzzle line: {line}"));
    let solution = solve::solve(&puzzle).unwrap_or_else(|| panic!("no solution: {line}"));
    for step in steps {
        assert!(
            step.placements
                .iter()
                .all(|&(c, d)| solution.get(c) == Some(d))
                && step
                    .eliminations
                    .iter()
                    .all(|&(c, d)| solution.get(c) != Some(d)),
            "{line}: wrong step {step:?}"
        );
    }
}

#[test]
#[ignore = "data-set tier (reads ../shared/data): cargo test -- --include-ignored"]
fn alternatives_at_the_first_forcing_chain() {
    let Some(lines) = sample() else {
        assert!(!common::in_ci(), "no shared data folder");
        return report("logic_forcing_alternatives: skipped, no shared data folder");
    };
    let candidates = candidates();
    let ratings = Ratings::default();
    // Per puzzle: None when its path has no forcing chain, else which candidates have a step.
    let found: Vec<Option<Vec<bool>>> = lines
        .par_iter()
        .map(|line| {
            let puzzle = grid_from_line(line).unwrap_or_else(|| panic!("bad line {line}"));
            let mut grid = CandidateGrid::from_grid(&puzzle);
            let path = Solver::new().with_style(Style::Human).solve(&grid);
            assert_path_sound(line, &path);
            for step in &path.steps {
                if is_forcing_chain(step) {
                    let solution = solve::solve(&puzzle).unwrap_or_else(|| panic!("{line}"));
                    return Some(
                        candidates
                            .iter()
                            .map(|(_, f)| {
                                f.first(&grid, &ratings).is_some_and(|s| {
                                    assert!(
                                        s.placements
                                            .iter()
                                            .all(|&(c, d)| solution.get(c) == Some(d))
                                            && s.eliminations
                                                .iter()
                                                .all(|&(c, d)| solution.get(c) != Some(d)),
                                        "{line}: wrong step {s:?}"
                                    );
                                    true
                                })
                            })
                            .collect(),
                    );
                }
                grid.apply(step);
            }
            None
        })
        .collect();
    let with_fc: Vec<&Vec<bool>> = found.iter().flatten().collect();
    let mut text = format!(
        "logic_forcing_alternatives: {} puzzles, {} use a forcing chain; at the first one:\n",
        lines.len(),
        with_fc.len()
    );
    for (i, (name, _)) in candidates.iter().enumerate() {
        let n = with_fc.iter().filter(|f| f[i]).count();
        text += &format!("  {name:<26} {n:>4}\n");
    }
    let any = with_fc.iter().filter(|f| f.iter().any(|&b| b)).count();
    text += &format!("  {:<26} {any:>4}\n", "any of them");
    report(&text);
    assert!(!with_fc.is_empty());
}

/// The human path of each line with `extra` put just before the forcing chains: how many
/// paths use a forcing chain, and how many are solved.
fn share(lines: &[String], extra: &[&'static dyn Finder]) -> (usize, usize) {
    let at = HUMAN
        .iter()
        .position(|f| f.technique() == Technique::NishioForcingChains)
        .unwrap_or(HUMAN.len());
    let list: Vec<&dyn Finder> = HUMAN[..at]
        .iter()
        .chain(extra)
        .chain(&HUMAN[at..])
        .copied()
        .collect();
    let results: Vec<(bool, bool)> = lines
        .par_iter()
        .map(|line| {
            let puzzle = grid_from_line(line).unwrap_or_else(|| panic!("bad line {line}"));
            let path = Solver::new()
                .with_style(Style::Human)
                .with_finders(&list)
                .solve(&CandidateGrid::from_grid(&puzzle));
            assert_path_sound(line, &path);
            (
                path.steps.iter().any(is_forcing_chain),
                path.outcome == sudokit::logic::Outcome::Solved,
            )
        })
        .collect();
    // `SUDOKU_FC_LIST=FILE` writes the lines whose path uses a forcing chain (with human
    // mode's own list), to rerun only those (`SUDOKU_FC_SET` reads such a file).
    if let (true, Ok(file)) = (extra.is_empty(), std::env::var("SUDOKU_FC_LIST")) {
        let listed: String = lines
            .iter()
            .zip(&results)
            .filter(|(_, r)| r.0)
            .map(|(l, _)| format!("{l}\n"))
            .collect();
        std::fs::write(&file, listed).unwrap_or_else(|e| panic!("cannot write {file}: {e}"));
    }
    (
        results.iter().filter(|r| r.0).count(),
        results.iter().filter(|r| r.1).count(),
    )
}

#[test]
#[ignore = "data-set tier (reads ../shared/data): cargo test -- --include-ignored"]
fn forcing_chain_share_by_order() {
    let Some(lines) = sample() else {
        assert!(!common::in_ci(), "no shared data folder");
        return report("logic_forcing_alternatives: skipped, no shared data folder");
    };
    let orders: Vec<(&str, Vec<&'static dyn Finder>)> = vec![
        ("human mode's list", vec![]),
        ("+ templates", vec![&Templates::SET, &Templates::DELETE]),
        (
            "+ big fish",
            vec![
                &ComplexFish::FINNED_FRANKEN_JELLYFISH,
                &ComplexFish::FINNED_MUTANT_SWORDFISH,
                &ComplexFish::FINNED_MUTANT_JELLYFISH,
            ],
        ),
    ];
    // `SUDOKU_FC_ORDERS=all` runs every order; by default only human mode's own list.
    let all = std::env::var("SUDOKU_FC_ORDERS").is_ok_and(|v| v == "all");
    let mut text = format!("logic_forcing_alternatives: {} puzzles\n", lines.len());
    let mut own = None;
    for (name, extra) in orders.iter().take(if all { orders.len() } else { 1 }) {
        let (fc, solved) = share(&lines, extra);
        text += &format!("  {name:<30} forcing chains in {fc:>4}, solved {solved:>4}\n");
        own.get_or_insert((fc, solved));
    }
    report(&text);
    if let (Some((fc, solved)), Some(ceiling)) = (own, ceiling()) {
        assert_eq!(
            solved,
            lines.len(),
            "every path of human mode's list is solved"
        );
        assert!(
            fc <= ceiling,
            "{fc} paths use a forcing chain, more than the {ceiling} measured"
        );
    }
}

/// The most paths of top1465 that may use a forcing chain with human mode's list, as measured
/// (docs/design.md, "Kraken chains through groups"), for the default sample (every 5th line:
/// 35 of 293) and the whole set (`SUDOKU_FC_EVERY=1`: 233 of 1465); `None` for other samples.
/// A change that makes more paths need one fails here; one that makes fewer should lower it.
fn ceiling() -> Option<usize> {
    let set = |key: &str| std::env::var_os(key).is_some();
    if set("SUDOKU_FC_SET") || set("SUDOKU_FC_FIRST") {
        return None;
    }
    match std::env::var("SUDOKU_FC_EVERY").ok().as_deref() {
        None | Some("5") => Some(35),
        Some("1") => Some(233),
        _ => None,
    }
}

/// The CPU time this thread has run, from Linux's `/proc/thread-self/schedstat` (its first
/// field, in nanoseconds); `None` elsewhere.
fn thread_cpu() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// The slowest hint along human mode's path of every puzzle of `top95.txt` (the page's budget
/// is 3 s a hint): each state's `next_step` is timed (the thread's CPU time on Linux, else the
/// wall clock) and the slowest are reported, not asserted (the machine decides the time).
#[test]
#[ignore = "data-set tier (reads ../shared/data): cargo test -- --include-ignored"]
fn slowest_hint_along_top95_paths() {
    let Some(text) = common::read_shared("logic_forcing_alternatives", "top95.txt") else {
        return;
    };
    let solver = Solver::new().with_style(Style::Human);
    // (CPU time of this thread where the system tells it, else wall time; wall time; ...).
    let mut slowest: Vec<(Duration, Duration, String, usize, Technique)> = Vec::new();
    for line in text.lines().filter_map(|l| l.trim().get(..81)) {
        let puzzle = grid_from_line(line).unwrap_or_else(|| panic!("bad line {line}"));
        let mut grid = CandidateGrid::from_grid(&puzzle);
        let mut steps = Vec::new();
        loop {
            let start = std::time::Instant::now();
            let cpu = thread_cpu();
            let Some(step) = solver.next_step(&grid) else {
                break;
            };
            let wall = start.elapsed();
            slowest.push((
                thread_cpu()
                    .zip(cpu)
                    .map_or(wall, |(after, before)| after.saturating_sub(before)),
                wall,
                line.to_string(),
                steps.len() + 1,
                step.technique,
            ));
            grid.apply(&step);
            steps.push(step);
        }
        assert_steps_sound(line, &steps);
    }
    slowest.sort_by_key(|s| std::cmp::Reverse(s.0));
    let mut text = format!(
        "logic_forcing_alternatives: {} hints along the top95 paths; slowest:\n",
        slowest.len()
    );
    for (cpu, wall, line, n, technique) in slowest.iter().take(5) {
        text += &format!("  {cpu:?} CPU ({wall:?} wall) {line} step {n} {technique:?}\n");
    }
    report(&text);
    assert!(!slowest.is_empty());
}
