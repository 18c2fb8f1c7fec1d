//! Kraken fish and templates (`techniques::HODOKU_OFF_BY_DEFAULT`) checked against real
//! puzzles: along human mode's path of each puzzle, every state is given to each of those
//! finders, and the first [`STEPS_PER_FINDER`] steps each reports must place only true digits
//! and remove only false candidates. Each kraken step's chains must also be well formed: one
//! chain per start (type 1: per fin), each made of links that hold in that state (a digit in a
//! cell rules out its cell's other digits and its peers' same digit; a digit ruled out forces
//! the other digit of a bivalue cell or the other place of a digit with two places in a house;
//! a node drawn at one cell may stand for the group of its box on its line, so a strong link
//! holds when the house's places of the digit lie in the two nodes' cells or groups), from "the
//! fish digit in the start" to "the eliminated candidate is not there".
//!
//! Quick tier: the first 12 puzzles of `testdata/sample.txt`. Data tier: the first 40 of
//! `top1465.txt` (every line with `SUDOKU_SOUNDNESS_ALL=1`; run that with `--release`).

mod common;

use common::{grid_from_line, report};
use rayon::prelude::*;
use std::ops::ControlFlow;
use sudokit::logic::techniques::HODOKU_OFF_BY_DEFAULT;
use sudokit::logic::{
    CandidateGrid, CellSet, Finder, Link, Ratings, Solver, Step, Style, Technique,
};
use sudokit::solve::{self, Count};
use sudokit::{Cell, Grid, House};

/// At most this many steps of each finder per state.
const STEPS_PER_FINDER: usize = 40;

/// Whether `link` is a single link that holds in `grid` (see the module docs).
fn link_holds(grid: &CandidateGrid, link: &Link) -> bool {
    let (a, b) = (link.from, link.to);
    let has = |c: Cell, d| grid.candidates(c).contains(d);
    if !has(a.cell, a.digit) || !has(b.cell, b.digit) {
        return false;
    }
    let shared: Vec<House> = House::all()
        .filter(|&h| CellSet::house(h).contains(a.cell) && CellSet::house(h).contains(b.cell))
        .collect();
    match (a.on, b.on) {
        (true, false) if a.cell == b.cell => a.digit != b.digit,
        (true, false) => a.digit == b.digit && !shared.is_empty(),
        (false, true) if a.cell == b.cell => {
            a.digit != b.digit && grid.candidates(a.cell).len() == 2
        }
        (false, true) => {
            a.digit == b.digit
                && shared.iter().any(|&h| {
                    let places = grid.house_cells_with(h, a.digit);
                    segments(h, a.cell, places).iter().any(|&sa| {
                        segments(h, b.cell, places)
                            .iter()
                            .any(|&sb| (sa & sb).is_empty() && places.is_subset(sa | sb))
                    })
                })
        }
        _ => false,
    }
}

/// The cells a chain node drawn at `cell` may stand for inside house `h`: the cell, or the
/// `places` of its box on its row or column (when that lies in `h`).
fn segments(h: House, cell: Cell, places: CellSet) -> Vec<CellSet> {
    let houses = House::all().filter(|&g| CellSet::house(g).contains(cell));
    let lines: Vec<CellSet> = houses.map(CellSet::house).collect();
    let mut out = vec![CellSet::single(cell)];
    if let [row, col, block] = lines[..] {
        for line in [row, col] {
            let group = line & block & places;
            if group.is_subset(CellSet::house(h)) {
                out.push(group);
            }
        }
    }
    out
}

/// The chains of a kraken step, cut where a link does not start at the previous one's end.
fn chains(step: &Step) -> Vec<Vec<Link>> {
    let mut out: Vec<Vec<Link>> = Vec::new();
    for &link in &step.links {
        match out.last_mut() {
            Some(c) if c.last().is_some_and(|l| l.to == link.from) => c.push(link),
            _ => out.push(vec![link]),
        }
    }
    out
}

/// What is wrong with a kraken step's pattern, if anything.
fn kraken_fault(grid: &CandidateGrid, step: &Step) -> Option<String> {
    let [(cell, digit)] = step.eliminations[..] else {
        return Some("not exactly one elimination".into());
    };
    let fish_digit = *step.digits.first()?;
    let (bases, covers) = step.houses.split_at(step.houses.len() / 2);
    let in_any = |houses: &[House], c: Cell| houses.iter().any(|&h| CellSet::house(h).contains(c));
    let fins: Vec<Cell> = step
        .cells
        .iter()
        .copied()
        .filter(|&c| !in_any(covers, c))
        .collect();
    if fins.is_empty() || !step.cells.iter().all(|&c| in_any(bases, c)) {
        return Some("no fin, or a cell outside the base".into());
    }
    let chains = chains(step);
    let starts: Vec<Cell> = chains
        .iter()
        .filter_map(|c| c.first())
        .map(|l| l.from.cell)
        .collect();
    if step.technique == Technique::KrakenFishType1 && starts != fins {
        return Some(format!("chains start at {starts:?}, fins are {fins:?}"));
    }
    if !fins.iter().all(|f| starts.contains(f)) {
        return Some("a fin without a chain".into());
    }
    for chain in &chains {
        let (Some(first), Some(last)) = (chain.first(), chain.last()) else {
            return Some("empty chain".into());
        };
        if !first.from.on || first.from.digit != fish_digit {
            return Some("a chain does not start from the fish digit".into());
        }
        if last.to.on || last.to.cell != cell || last.to.digit != digit {
            return Some("a chain does not end at the elimination".into());
        }
        if let Some(bad) = chain.iter().find(|l| !link_holds(grid, l)) {
            return Some(format!("link {} -> {} does not hold", bad.from, bad.to));
        }
    }
    None
}

/// What is missing from a step's English sentence, if anything: its name, every cell it
/// changes, and for a kraken fish its chains (`r1c2=5 → ...`).
fn sentence_fault(step: &Step) -> Option<String> {
    let text = step.to_string();
    let kraken = matches!(
        step.technique,
        Technique::KrakenFishType1 | Technique::KrakenFishType2
    );
    let cells = step
        .placements
        .iter()
        .chain(&step.eliminations)
        .map(|(c, _)| c);
    let complete = text.starts_with(step.technique.name())
        && cells.into_iter().all(|c| text.contains(&c.to_string()))
        && (!kraken || text.contains(" → "))
        && !text.contains('?');
    (!complete).then(|| format!("sentence {text:?}"))
}

/// Whether `link` is a strong link of one digit that only holds through a group (no house
/// the two cells share has just those two places of the digit).
fn grouped(grid: &CandidateGrid, link: &Link) -> bool {
    let (a, b) = (link.from, link.to);
    !a.on
        && b.on
        && a.digit == b.digit
        && a.cell != b.cell
        && !House::all().any(|h| {
            let places = grid.house_cells_with(h, a.digit);
            places.len() == 2 && places.contains(a.cell) && places.contains(b.cell)
        })
}

/// Per puzzle: states, steps per technique of the list (then the number of kraken steps with
/// a link through a group), and the faults found.
fn check(line: &str) -> (usize, Vec<usize>, Vec<String>) {
    let puzzle = grid_from_line(line).unwrap_or_else(|| panic!("not a puzzle line: {line}"));
    assert_eq!(
        solve::count(&puzzle, 2),
        Count::Exact(1),
        "not unique: {line}"
    );
    let solution: Grid = solve::solve(&puzzle).unwrap_or_else(|| panic!("no solution: {line}"));
    let start = CandidateGrid::from_grid(&puzzle);
    let path = Solver::new().with_style(Style::Human).solve(&start);
    let ratings = Ratings::default();
    let mut counts = vec![0; HODOKU_OFF_BY_DEFAULT.len() + 1];
    let mut faults = Vec::new();
    let mut grid = start;
    for (n, next) in path.steps.iter().enumerate() {
        for (i, finder) in HODOKU_OFF_BY_DEFAULT.iter().enumerate() {
            let mut found = Vec::new();
            let _ = finder.find(&grid, &ratings, &mut |step| {
                found.push(step);
                if found.len() < STEPS_PER_FINDER {
                    ControlFlow::Continue(())
                } else {
                    ControlFlow::Break(())
                }
            });
            for step in found {
                counts[i] += 1;
                let wrong = step
                    .placements
                    .iter()
                    .any(|&(c, d)| solution.get(c) != Some(d))
                    || step
                        .eliminations
                        .iter()
                        .any(|&(c, d)| solution.get(c) == Some(d));
                let fault = if wrong {
                    Some("wrong conclusion".to_string())
                } else if matches!(
                    step.technique,
                    Technique::KrakenFishType1 | Technique::KrakenFishType2
                ) {
                    if step.links.iter().any(|l| grouped(&grid, l)) {
                        counts[HODOKU_OFF_BY_DEFAULT.len()] += 1;
                    }
                    kraken_fault(&grid, &step)
                } else {
                    None
                };
                let fault = fault.or_else(|| sentence_fault(&step));
                if let Some(why) = fault {
                    faults.push(format!("{line} before step {}: {why}: {step:?}", n + 1));
                }
            }
        }
        grid.apply(next);
    }
    (path.steps.len(), counts, faults)
}

fn assert_sound(name: &str, lines: &[&str]) -> Vec<usize> {
    let results: Vec<_> = lines.par_iter().map(|line| check(line)).collect();
    let mut states = 0;
    let mut counts = vec![0; HODOKU_OFF_BY_DEFAULT.len() + 1];
    let mut faults = Vec::new();
    for (s, c, f) in results {
        states += s;
        counts.iter_mut().zip(c).for_each(|(a, b)| *a += b);
        faults.extend(f);
    }
    let per: Vec<String> = HODOKU_OFF_BY_DEFAULT
        .iter()
        .zip(&counts)
        .map(|(f, n)| format!("{} {n}", f.technique().id()))
        .collect();
    report(&format!(
        "logic_kraken_templates {name}: {} puzzles, {states} states, steps {} (kraken through \
         a group {}); {} faults",
        lines.len(),
        per.join(", "),
        counts[HODOKU_OFF_BY_DEFAULT.len()],
        faults.len()
    ));
    assert!(faults.is_empty(), "faults:\n{}", faults.join("\n"));
    counts
}

#[test]
fn committed_sample_is_sound_and_every_finder_fires() {
    let text = common::read_testdata("sample.txt");
    let lines: Vec<&str> = text.lines().filter(|l| l.len() == 81).take(12).collect();
    assert_eq!(lines.len(), 12);
    let counts = assert_sound("testdata/sample.txt (first 12)", &lines);
    assert!(
        counts.iter().all(|&n| n > 0),
        "each finder must fire on the sample, and some kraken chain go through a group: \
         {counts:?}"
    );
}

#[test]
#[ignore = "data-set tier (reads ../shared/data): cargo test -- --include-ignored"]
fn top1465_is_sound() {
    let Some(dir) = common::shared_data() else {
        common::skip("logic_kraken_templates: no shared data folder (set SUDOKU_DATA)");
        return;
    };
    let path = dir.join("top1465.txt");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let all = std::env::var_os("SUDOKU_SOUNDNESS_ALL").is_some();
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| l.len() == 81)
        .take(if all { usize::MAX } else { 40 })
        .collect();
    assert_sound("top1465.txt", &lines);
}

/// Whether a step is one of SE's forcing chains (human mode's last resort).
fn is_forcing_chain(step: &Step) -> bool {
    (Technique::NishioForcingChains..=Technique::NestedRegionForcingChains5)
        .contains(&step.technique)
}

/// The figures behind leaving kraken fish out of human mode's default order (docs/design.md,
/// "Kraken fish and templates"): on the first 100 puzzles of top1465, how many paths use a
/// forcing chain with HoDoKu's default order, and with kraken fish put where HoDoKu would
/// (8450, just before its forcing chains 8500); how many use a kraken fish then; and that
/// every step of the kraken path is true.
#[test]
#[ignore = "data-set tier (reads ../shared/data): cargo test -- --include-ignored"]
fn kraken_fish_before_the_forcing_chains_on_top1465() {
    let Some(dir) = common::shared_data() else {
        common::skip("logic_kraken_templates: no shared data folder (set SUDOKU_DATA)");
        return;
    };
    let path = dir.join("top1465.txt");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let lines: Vec<&str> = text.lines().filter(|l| l.len() == 81).take(100).collect();
    let human = sudokit::logic::techniques::HUMAN;
    let cut = human
        .iter()
        .position(|f| f.technique() == Technique::NishioForcingChains)
        .expect("human mode has Nishio chains");
    let mut with_kraken: Vec<&dyn Finder> = human[..cut].to_vec();
    with_kraken.extend(HODOKU_OFF_BY_DEFAULT.iter().take(2).copied());
    with_kraken.extend_from_slice(&human[cut..]);
    let results: Vec<(bool, bool, bool, usize)> = lines
        .par_iter()
        .map(|line| {
            let puzzle = grid_from_line(line).unwrap_or_else(|| panic!("bad line {line}"));
            let solution = solve::solve(&puzzle).unwrap_or_else(|| panic!("no solution {line}"));
            let start = CandidateGrid::from_grid(&puzzle);
            let plain = Solver::new().with_style(Style::Human).solve(&start);
            let kraken = Solver::new()
                .with_style(Style::Human)
                .with_finders(&with_kraken)
                .solve(&start);
            let wrong = kraken
                .steps
                .iter()
                .filter(|s| {
                    s.placements
                        .iter()
                        .any(|&(c, d)| solution.get(c) != Some(d))
                        || s.eliminations
                            .iter()
                            .any(|&(c, d)| solution.get(c) == Some(d))
                })
                .count();
            let uses_kraken = kraken.steps.iter().any(|s| {
                matches!(
                    s.technique,
                    Technique::KrakenFishType1 | Technique::KrakenFishType2
                )
            });
            (
                plain.steps.iter().any(is_forcing_chain),
                kraken.steps.iter().any(is_forcing_chain),
                uses_kraken,
                wrong,
            )
        })
        .collect();
    let count = |f: fn(&(bool, bool, bool, usize)) -> bool| results.iter().filter(|r| f(r)).count();
    let wrong: usize = results.iter().map(|r| r.3).sum();
    report(&format!(
        "logic_kraken_templates top1465 (first {}): forcing chains in {} paths in HoDoKu's \
         default order, {} with kraken fish before them; kraken fish used in {}; {wrong} wrong \
         steps",
        lines.len(),
        count(|r| r.0),
        count(|r| r.1),
        count(|r| r.2),
    ));
    assert_eq!(wrong, 0);
}

/// Keeps `digit` only in `keep` among the cells of `house`.
fn confine(grid: &mut CandidateGrid, digit: u8, house: House, keep: &[&str]) {
    let d = sudokit::Digit::new(digit).expect("digit");
    for cell in CellSet::house(house) {
        if !keep.contains(&cell.to_string().as_str()) {
            grid.eliminate(cell, d);
        }
    }
}

/// A kraken X-Wing built by hand (after Sudopedia's "Kraken Fish" diagram): 4 lies in
/// columns 2 and 5 only in rows 2 and 5, but for the fin r8c2, which sees no cell of rows 2
/// and 5 outside the fish, so the finned X-Wing removes nothing. In row 9, 4 lies only in
/// r9c3 and r9c8: the fin rules out r9c3, so r9c8 is 4 and 4 leaves column 8. So whether the
/// fish holds or the fin does, r2c8 and r5c8 cannot be 4.
#[test]
fn a_hand_made_kraken_x_wing_removes_what_its_fin_leads_to() {
    let mut grid = CandidateGrid::new();
    let col = |c: usize| House::Col(sudokit::Col::new(c - 1).expect("column"));
    let row = |r: usize| House::Row(sudokit::Row::new(r - 1).expect("row"));
    confine(&mut grid, 4, col(2), &["r2c2", "r5c2", "r8c2"]);
    confine(&mut grid, 4, col(5), &["r2c5", "r5c5"]);
    confine(&mut grid, 4, row(9), &["r9c3", "r9c8"]);
    let ratings = Ratings::default();
    let steps = HODOKU_OFF_BY_DEFAULT[0].all(&grid, &ratings);
    let x_wing: Vec<&Step> = steps
        .iter()
        .filter(|s| s.houses == [col(2), col(5), row(2), row(5)])
        .collect();
    let elims: Vec<String> = x_wing
        .iter()
        .flat_map(|s| s.eliminations.iter().map(|(c, d)| format!("{d}@{c}")))
        .collect();
    assert_eq!(elims, ["4@r2c8", "4@r5c8"]);
    let chain: Vec<String> = x_wing[0]
        .links
        .iter()
        .map(|l| format!("{} -> {}", l.from, l.to))
        .collect();
    assert_eq!(
        chain,
        ["r8c2=4 -> r9c3≠4", "r9c3≠4 -> r9c8=4", "r9c8=4 -> r2c8≠4"]
    );
    assert_eq!(
        x_wing[0].to_string(),
        "Kraken fish type 1 removes 4 from r2c8. The fish on 4 in columns 2 and 5 covered by \
         rows 2 and 5 would remove it, unless a fin (r8c2) holds 4; and each fin holding 4 \
         removes it too: r8c2=4 → r9c3≠4 → r9c8=4 → r2c8≠4."
    );
    // Only digit 4 is constrained here, so any true elimination of 4 leaves it with no
    // template through that cell: every kraken elimination, of either type, must be one of
    // template delete's.
    let deletes: Vec<_> = HODOKU_OFF_BY_DEFAULT[3]
        .all(&grid, &ratings)
        .into_iter()
        .flat_map(|s| s.eliminations)
        .collect();
    let type2 = HODOKU_OFF_BY_DEFAULT[1].all(&grid, &ratings);
    assert!(!type2.is_empty());
    for step in steps.iter().chain(&type2) {
        for elim in &step.eliminations {
            assert!(deletes.contains(elim), "{step}");
        }
        assert_eq!(kraken_fault(&grid, step), None, "{step}");
    }
}
