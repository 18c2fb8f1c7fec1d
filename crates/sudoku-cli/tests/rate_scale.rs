//! `sudoku rate` at scale (issue 37): `--cpu-time` (limits and times in each puzzle's CPU
//! time) and the `--stats` table by ER band.

mod common;

use common::*;

/// easy50 #6 (of the serate file): SE rates it 2.6/1.2/1.2.
const EASY: &str =
    "1..92....524.1...........7..5...81.2.........4.27...9..6...........3.945....71..6";

/// top95 #4: SE rates it 7.1/1.2/1.2.
const CHAINS: &str =
    "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....";

/// hardest_1106 #4: SE rates it 10.3/10.3/9.8; its first step alone is a dynamic forcing
/// chain (+) search of far more than 50 ms of CPU.
const NESTED: &str =
    "........7..4.2.6..8.....31......29...4..9..3...95.6....1......8..6.5.2..7......6.";

#[test]
fn stats_show_each_er_band_with_its_count_and_speed() {
    let output = sudoku()
        .args(["rate", "--stats", "--threads", "2"])
        .write_stdin(format!("{EASY}\n{CHAINS}\n{EASY}\n"))
        .output()
        .expect("sudoku runs");
    assert!(output.status.success(), "{}", stderr_of(&output));
    let stderr = stderr_of(&output);
    assert!(
        stderr.contains("by ER      puzzles, wall time, puzzles/s per core\n"),
        "{stderr}"
    );
    let band = |name: &str| {
        stderr
            .lines()
            .find(|line| line.starts_with(&format!("  ER {name:<4} ")))
            .map(|line| line.split_whitespace().nth(2).map(str::to_string))
    };
    assert_eq!(band("2-4"), Some(Some("2".to_string())), "{stderr}");
    assert_eq!(band("6-8"), Some(Some("1".to_string())), "{stderr}");
    // Empty bands are left out.
    assert_eq!(band("< 2"), None, "{stderr}");
    assert_eq!(band("9+"), None, "{stderr}");
}

#[test]
fn cpu_time_times_each_puzzle_on_its_own_thread() {
    let output = sudoku()
        .args(["rate", "--cpu-time", "--time", "--json", "--stats"])
        .write_stdin(format!("{CHAINS}\n"))
        .output()
        .expect("sudoku runs");
    assert!(output.status.success(), "{}", stderr_of(&output));
    let records = json_lines(&stdout_of(&output));
    let micros = records[0]["time_us"].as_f64().expect("time_us");
    // A chains path takes some CPU time, and less than the process has used in all.
    assert!(micros > 0.0, "{micros}");
    let stderr = stderr_of(&output);
    assert!(stderr.contains("ms per puzzle (cpu)"), "{stderr}");
    assert!(stderr.contains("by ER      puzzles, cpu time"), "{stderr}");
}

#[test]
fn a_cpu_time_limit_stops_a_nested_search() {
    let output = sudoku()
        .args(["rate", "--nested", "--cpu-time", "--time-limit", "50"])
        .write_stdin(format!("{NESTED}\n{EASY}\n"))
        .output()
        .expect("sudoku runs");
    assert_eq!(output.status.code(), Some(1), "{}", stderr_of(&output));
    let stdout = stdout_of(&output);
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(
        lines[0].starts_with(&format!(
            "{NESTED}\tgave_up\ttime limit of 50 ms reached after "
        )),
        "{stdout}"
    );
    // The limit is per puzzle: the next one is rated.
    assert_eq!(lines[1], format!("{EASY}\t2.6/1.2/1.2\tmedium"), "{stdout}");
}
