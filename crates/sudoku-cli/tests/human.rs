//! Human mode on the command line: `--style human|se` on `hint` and `explain` (human by
//! default) and `rate --scale se|hodoku`.

mod common;

use common::*;

/// top1465 #7: SE's path needs forcing chains (Nishio, cell/region, dynamic); HoDoKu's order
/// solves it with ALS techniques and grouped chains.
const ALS: &str =
    ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........";

/// The technique ids of an `explain --json` record's steps.
fn techniques(args: &[&str], puzzle: &str) -> Vec<String> {
    let output = sudoku()
        .args(args)
        .write_stdin(format!("{puzzle}\n"))
        .output()
        .expect("sudoku runs");
    assert!(output.status.success(), "{}", stderr_of(&output));
    let records = json_lines(&stdout_of(&output));
    assert_eq!(records.len(), 1);
    records[0]["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .map(|s| s["technique"].as_str().expect("an id").to_string())
        .collect()
}

fn is_forcing_chain(id: &str) -> bool {
    id.contains("forcing_chains") || id.starts_with("dynamic") || id.starts_with("nested")
}

#[test]
fn explain_is_human_by_default_and_se_on_request() {
    let human = techniques(&["explain", "--json"], ALS);
    let explicit = techniques(&["explain", "--json", "--style", "human"], ALS);
    let se = techniques(&["explain", "--json", "--style", "se"], ALS);
    assert_eq!(human, explicit);
    assert!(human.iter().all(|t| !is_forcing_chain(t)), "{human:?}");
    assert!(human.iter().any(|t| t.starts_with("als_")), "{human:?}");
    assert!(se.iter().any(|t| is_forcing_chain(t)), "{se:?}");
    assert_eq!(human.first().map(String::as_str), Some("hidden_single_box"));
}

#[test]
fn hint_takes_the_style_too() {
    // After its first step (r6c5 = 8), two pointings apply: SE takes the first it finds (box 1,
    // digit 7), human mode the one that removes most (box 5, digit 5: four candidates).
    let mut after = ALS.to_string();
    after.replace_range(49..50, "8");
    let hint = |style: &str| {
        let output = sudoku()
            .args(["hint", "--json", "--style", style])
            .write_stdin(format!("{after}\n"))
            .output()
            .expect("sudoku runs");
        assert!(output.status.success(), "{}", stderr_of(&output));
        json_lines(&stdout_of(&output))[0]["step"].clone()
    };
    let (human, se) = (hint("human"), hint("se"));
    assert_eq!(human["technique"], "pointing");
    assert_eq!(se["technique"], "pointing");
    assert_eq!(human["digits"][0], 5);
    assert_eq!(human["eliminations"].as_array().map(Vec::len), Some(4));
    assert_eq!(se["digits"][0], 7);
    let default = sudoku()
        .args(["hint", "--json"])
        .write_stdin(format!("{after}\n"))
        .output()
        .expect("sudoku runs");
    assert_eq!(json_lines(&stdout_of(&default))[0]["step"], human);
    sudoku()
        .args(["hint", "--style", "hodoku"])
        .write_stdin(format!("{ALS}\n"))
        .assert()
        .code(2);
}

#[test]
fn rate_on_the_hodoku_scale_prints_score_and_level() {
    let output = sudoku()
        .args(["rate", "--scale", "hodoku"])
        .write_stdin(format!("{ALS}\n"))
        .output()
        .expect("sudoku runs");
    assert!(output.status.success(), "{}", stderr_of(&output));
    let text = stdout_of(&output);
    let fields: Vec<&str> = text.trim_end().split('\t').collect();
    assert_eq!(fields.len(), 3, "{text}");
    assert_eq!(fields[0], ALS);
    let score: u32 = fields[1].parse().expect("a score");
    assert!(score > 1800, "{text}"); // ALS steps are unfair; the sum is past unfair's maximum
    assert_eq!(fields[2], "extreme");
    // The SE scale stays serate's line.
    let se = sudoku()
        .args(["rate"])
        .write_stdin(format!("{ALS}\n"))
        .output()
        .expect("sudoku runs");
    assert!(stdout_of(&se).contains('/'), "{}", stdout_of(&se));
}
