//! Errors in the input say where the fault is and what is there (issue 32, items 2 and 7), for
//! `sudoku solve` and for `sudoku hint`, which read through the same library reader.

mod common;

use common::*;

/// Runs `sudoku <command>` on `input` and returns its standard error.
fn stderr_for(command: &str, input: Vec<u8>) -> String {
    let output = sudoku()
        .arg(command)
        .write_stdin(input)
        .output()
        .expect("sudoku runs");
    assert_eq!(output.status.code(), Some(1), "{}", stderr_of(&output));
    stderr_of(&output)
}

/// Issue 32, item 2: a 70,000-character line said "found 65536".
#[test]
fn a_line_longer_than_64_kib_tells_its_true_length() {
    for command in ["solve", "hint"] {
        let mut input = "1".repeat(70_000).into_bytes();
        input.extend_from_slice(format!("\n{LEETCODE}\n").as_bytes());
        let stderr = stderr_for(command, input);
        assert!(
            stderr.starts_with(
                "<stdin>:1:82: error: expected 81 cells, found at least 65536 in a line of \
                 70000 bytes\n"
            ),
            "{command}: {stderr}"
        );
    }
}

/// Issue 32, item 7: a byte that is not UTF-8 was shown as '\u{FFFD}'.
#[test]
fn a_byte_that_is_not_utf8_is_named_as_a_byte() {
    for command in ["solve", "hint"] {
        let mut input = format!("{LEETCODE}\n").into_bytes();
        input.extend_from_slice(&LEETCODE.as_bytes()[..12]);
        input.push(0xff);
        input.extend_from_slice(&LEETCODE.as_bytes()[13..]);
        input.push(b'\n');
        let stderr = stderr_for(command, input);
        assert!(
            stderr.starts_with("<stdin>:2:13: error: unexpected byte 0xff (not UTF-8)\n"),
            "{command}: {stderr}"
        );
    }
}

/// Issue 32, item 7: a leading tab said "found 0".
#[test]
fn a_leading_tab_is_named_not_counted_as_0_cells() {
    for command in ["solve", "hint"] {
        let stderr = stderr_for(command, format!("\t{LEETCODE}\n").into_bytes());
        assert!(
            stderr.starts_with("<stdin>:1:1: error: unexpected character '\\t'\n"),
            "{command}: {stderr}"
        );
    }
}

/// Issue 32, item 7: two leading spaces said "found 83" at column 82.
#[test]
fn two_leading_spaces_are_named_at_column_1() {
    let stderr = stderr_for("solve", format!("  {LEETCODE}\n").into_bytes());
    assert!(
        stderr.starts_with(
            "<stdin>:1:1: error: expected 81 cells, found 83: the line starts with 2 spaces, \
             and a space is a blank cell\n"
        ),
        "{stderr}"
    );
}

/// Issue 32, item 7: a pencilmark line's error pointed at column 1, not the cell's group.
#[test]
fn a_pencilmark_line_error_points_at_the_cell_group() {
    // r2c1's group starts at character 82; its fifth slot (character 86) should be 5 or '.'.
    let mut marks = "123456789".repeat(81);
    marks.replace_range(85..86, "7");
    let stderr = stderr_for("hint", format!("{marks}\n").into_bytes());
    assert_eq!(
        stderr,
        "<stdin>:1:86: error: pencilmarks: r2c1: found '7' where 5 or '.' belongs\n"
    );
    // A group without a candidate: the column where the group starts.
    let mut marks = "123456789".repeat(81);
    marks.replace_range(18..27, ".........");
    let stderr = stderr_for("explain", format!("{marks}\n").into_bytes());
    assert_eq!(
        stderr,
        "<stdin>:1:19: error: pencilmarks: r1c3 has no candidate\n"
    );
}
