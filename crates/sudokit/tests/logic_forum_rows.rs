//! The rows of `hardest_1106.ratings.tsv` (forum data, 2011) where our nested rating differs
//! from the forum's, pinned to what serate 1.2.1.3 itself printed for them (issue 37,
//! docs/design.md "Forum rows, settled"): each case is a run of serate's steps (rating and
//! removals, from `scripts/serate.sh steps`), and our solver with the nested levels must take
//! the same steps. The puzzles are embedded, so these tests do not need the shared data.

mod common;

use common::grid;
use sudokit::logic::techniques::WITH_NESTED;
use sudokit::logic::{CandidateGrid, Solver, Step};

/// `step`'s placements and removals as serate's tracer prints them ("r1c2=3", "r1c2-3"), sorted.
fn moves(step: &Step) -> Vec<String> {
    let name =
        |cell: sudokit::board::Cell| format!("r{}c{}", cell.index() / 9 + 1, cell.index() % 9 + 1);
    let mut out: Vec<String> = step
        .placements
        .iter()
        .map(|&(cell, digit)| format!("{}={}", name(cell), digit.get()))
        .collect();
    let mut removed: Vec<String> = step
        .eliminations
        .iter()
        .map(|&(cell, digit)| format!("{}-{}", name(cell), digit.get()))
        .collect();
    removed.sort();
    out.extend(removed);
    out
}

/// Takes our steps from `line` after making `skip` of them, and checks each against serate's
/// (rating in tenths, moves).
fn check_steps(line: &str, skip: usize, serate: &[(u16, &[&str])]) {
    let solver = Solver::new().with_finders(WITH_NESTED);
    let mut state = CandidateGrid::from_grid(&grid(line));
    for n in 0..skip + serate.len() {
        let step = solver
            .next_step(&state)
            .unwrap_or_else(|| panic!("{line}: no step {}", n + 1));
        if let Some(&(tenths, want)) = n.checked_sub(skip).and_then(|i| serate.get(i)) {
            assert_eq!(
                (step.rating.tenths(), moves(&step)),
                (tenths, want.iter().map(|m| m.to_string()).collect()),
                "{line}: step {}",
                n + 1
            );
        }
        state.apply(&step);
    }
}

#[test]
fn forum_rows_first_steps_are_serates() {
    // HardestSudokusThread-00191: a hidden single first, so EP = ED = 1.2 (the forum's row,
    // 11.7/11.7/10.7, rates the grid after it: its ED is serate's second step, 10.7).
    check_steps(
        "12.3.....3...4......5..23..5....61.........9...67....8.5...16.....9...4.....8...7",
        0,
        &[(12, &["r5c9=6"]), (107, &["r6c6-5"])],
    );
    // HardestSudokusThread-00253: a hidden single first too; no step near the forum's 10.7.
    check_steps(
        ".....6......7...2...9.3.5....5.9.84.8..2....6.......7.39..4....5.....4....4..1..8",
        0,
        &[
            (12, &["r6c1=9"]),
            (26, &["r1c2-4", "r2c2-4", "r3c2-4"]),
            (76, &["r2c7-9"]),
            (96, &["r6c4-5"]),
        ],
    );
    // HardestSudokusThread-00069 SilverPlate: ED 10.1 (a level-1 chain of complexity 154), not
    // the forum's 10.5.
    check_steps(
        "1.......7.2.4...6...3...5...9..4........62.4....9..8....5.....3.6.2...8.7....1...",
        0,
        &[(101, &["r2c3-8"])],
    );
    // First_Peak: ED 10.8 (a level-2 chain of complexity 266), not the forum's 10.7.
    check_steps(
        "12.3.....4...5......6..17..5..2......3..1..4...1..68....9....7....1..9.......9.68",
        0,
        &[(108, &["r3c9-9"])],
    );
}

#[test]
#[ignore = "data-set tier (slow: level-3 nested steps, seconds in the test profile): cargo test -- --include-ignored"]
fn forum_rows_rated_11_3_take_serates_11_3_steps() {
    // HardestSudokusThread-01167: serate's first eight steps, the sixth rated 11.3 (level 3,
    // complexity 298), so its ER is at least 11.3, not the forum's 11.2.
    check_steps(
        "1..4...8..5...9..6....3.1...9...5..7..8.2.4.........2.7.5..3....3.69............3",
        0,
        &[
            (26, &["r9c7-9", "r9c8-9"]),
            (26, &["r9c7-5", "r9c8-5"]),
            (106, &["r4c3-3"]),
            (106, &["r6c6-7"]),
            (112, &["r9c5-4"]),
            (113, &["r9c8-1"]),
            (103, &["r9c7-8"]),
            (103, &["r9c8-4"]),
        ],
    );
    // HardestSudokusThread-00641: serate's first sixteen steps (the 15th rated 11.2, past the
    // forum's ER 11.1), and its step at our 17th step's grid (the 16 steps made first): 11.3
    // (level 3, complexity 305), ours.
    check_steps(
        "...4...8...7..9....8..3.1..2.....9..7....53...3..6..1..6..9...15....46....2....9.",
        0,
        &[
            (26, &["r1c3-6", "r3c3-6"]),
            (89, &["r6c4-8"]),
            (99, &["r9c4-8"]),
            (101, &["r7c4-8"]),
            (101, &["r5c4-8"]),
            (105, &["r9c6-7"]),
            (105, &["r9c9-7"]),
            (106, &["r5c3-4"]),
            (106, &["r9c4-7"]),
            (107, &["r1c2-1"]),
            (107, &["r9c9-8"]),
            (107, &["r6c9-8"]),
            (108, &["r7c4-3"]),
            (111, &["r4c3-5"]),
            (112, &["r4c4-8"]),
            (112, &["r4c3-4"]),
            (113, &["r2c4-2"]),
        ],
    );
}
