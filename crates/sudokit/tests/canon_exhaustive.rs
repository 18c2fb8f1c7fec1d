//! The canonical-form search against an exhaustive search over all 3,359,232 symmetries, which
//! shares no code with it: the minimum form, and the number of symmetries that reach it (the
//! automorphisms), must agree.

use sudokit::{canon, Grid};

/// The 6 permutations of 3 things.
const PERMS3: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// All 1,296 orders of 9 lines that keep their three groups of three together.
fn line_orders() -> Vec<[usize; 9]> {
    let mut out = Vec::with_capacity(1296);
    for outer in PERMS3 {
        for a in PERMS3 {
            for b in PERMS3 {
                for c in PERMS3 {
                    let inner = [a, b, c];
                    let mut order = [0; 9];
                    for slot in 0..3 {
                        for k in 0..3 {
                            order[slot * 3 + k] = outer[slot] * 3 + inner[slot][k];
                        }
                    }
                    out.push(order);
                }
            }
        }
    }
    out
}

/// The minimum-lexicographic form (blanks as 0, digits relabelled in order of first
/// appearance) and how many symmetries give it, by trying every symmetry.
fn exhaustive(grid: &Grid) -> ([u8; 81], u64) {
    let orders = line_orders();
    let v = grid.values();
    let mut best = [u8::MAX; 81];
    let mut ties = 0u64;
    for transpose in [false, true] {
        for rows in &orders {
            let mut permuted = [[0u8; 9]; 9];
            for (i, &r) in rows.iter().enumerate() {
                for c in 0..9 {
                    permuted[i][c] = if transpose {
                        v[c * 9 + r]
                    } else {
                        v[r * 9 + c]
                    };
                }
            }
            'cols: for cols in &orders {
                let mut labels = [0u8; 10];
                let mut next = 1;
                let mut deciding = false; // already smaller than `best`
                let mut candidate = [0u8; 81];
                for i in 0..81 {
                    let d = permuted[i / 9][cols[i % 9]];
                    let value = if d == 0 {
                        0
                    } else {
                        if labels[usize::from(d)] == 0 {
                            labels[usize::from(d)] = next;
                            next += 1;
                        }
                        labels[usize::from(d)]
                    };
                    candidate[i] = value;
                    if !deciding {
                        if value > best[i] {
                            continue 'cols;
                        }
                        deciding = value < best[i];
                    }
                }
                if deciding {
                    best = candidate;
                    ties = 1;
                } else {
                    ties += 1;
                }
            }
        }
    }
    (best, ties)
}

fn grid(line: &str) -> Grid {
    let mut values = [0u8; 81];
    for (value, byte) in values.iter_mut().zip(line.bytes()) {
        *value = if byte.is_ascii_digit() {
            byte - b'0'
        } else {
            0
        };
    }
    Grid::from_values(values).expect("digits only")
}

fn check(line: &str) -> u64 {
    let g = grid(line);
    let (form, ties) = exhaustive(&g);
    let found = canon::analyse(&g);
    assert_eq!(found.form.values(), &form, "form of {line}");
    assert_eq!(found.automorphisms, ties, "automorphisms of {line}");
    ties
}

/// The solution grid with the most automorphisms, 648 (Russell and Jarvis, 2006).
const MOST_SYMMETRIC: &str =
    "123456789456789123789123456231564897564897231897231564312645978645978312978312645";

#[test]
fn the_most_symmetric_grid_has_648_automorphisms() {
    assert_eq!(check(MOST_SYMMETRIC), 648);
}

#[test]
fn an_ordinary_solution_grid() {
    let ties =
        check("534678912672195348198342567859761423426853791713924856961537284287419635345286179");
    assert_eq!(ties, 1);
}

#[test]
fn a_seventeen_clue_puzzle() {
    check("...........1...2..3..45..........6....7.8..........1.2....3...4.....5...2.9......");
}

#[test]
fn a_puzzle_with_empty_rows_and_columns() {
    check(".................................................1.2.....3...4.....5...6.7...8..");
}

#[test]
fn givens_that_break_the_rules() {
    // Repeated digits in rows and columns: the form is still the minimum over all symmetries.
    check("11.......22.......3.3......4..4.....................5...5......6.6.......77....8");
}

#[test]
fn symmetric_puzzles_cut_from_the_most_symmetric_grid() {
    // Blanking whole rows, columns or boxes of a very regular grid leaves puzzles with many
    // automorphisms and many ties along the way: the hard case for pruning.
    let full = MOST_SYMMETRIC.as_bytes();
    let cuts: [fn(usize, usize) -> bool; 4] = [
        |r, c| (r + c) % 3 == 0,
        |r, c| r % 3 == 1 || c % 3 == 2,
        |r, c| (r / 3 + c / 3) % 2 == 0,
        |r, _| r == 4,
    ];
    for cut in cuts {
        let line: String = (0..81)
            .map(|i| {
                if cut(i / 9, i % 9) {
                    '.'
                } else {
                    char::from(full[i])
                }
            })
            .collect();
        assert!(check(&line) >= 1);
    }
}

#[test]
fn the_puzzle_of_the_module_example() {
    let line = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..";
    assert_eq!(check(line), 1);
    let form: String = canon::canonical(&grid(line))
        .values()
        .iter()
        .map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) })
        .collect();
    assert_eq!(
        form,
        ".....1..2..1.3..4..5.6.......27..1...6...2..58...4..3...3...9...2...7...9...8...1"
    );
}
