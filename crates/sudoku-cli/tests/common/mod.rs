//! Helpers shared by the CLI test files.

// Each test file is its own crate and uses a different subset of these helpers.
#![allow(dead_code)]

use assert_cmd::Command;
use std::path::PathBuf;
use sudokit::{format, Grid};

/// The LeetCode 37 example puzzle.
pub(crate) const LEETCODE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// Its solution.
pub(crate) const LEETCODE_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
/// The Java tutorial's puzzle (one solution).
pub(crate) const JAVA: &str =
    "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..";
/// The LeetCode 37 solution with a unique rectangle blanked: exactly 2 solutions.
pub(crate) const TWO_SOLUTIONS: &str =
    "53467891267219534819834256785976.42.42685.79.713924856961537284287419635345286179";
/// Keeps the rules but has no solution (r1c9 has no candidate).
pub(crate) const NO_SOLUTION: &str =
    "12345678.........9...............................................................";
/// Two 5s in row 1 (r1c1 and r1c2).
pub(crate) const INVALID: &str =
    "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// The `sudoku` binary under test.
pub(crate) fn sudoku() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sudoku"))
}

/// A file of the committed test corpus.
pub(crate) fn testdata(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata")
        .join(name)
}

/// Writes `contents` to a fresh file in the target's scratch directory and returns its path.
pub(crate) fn scratch_file(name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, contents).expect("the scratch directory is writable");
    path
}

/// Parses an 81-character line.
pub(crate) fn grid(line: &str) -> Grid {
    format::parse(line)
        .unwrap_or_else(|e| panic!("{line:?} should parse: {e}"))
        .grid
}

/// Stdout of a finished command as text.
pub(crate) fn stdout_of(output: &std::process::Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

/// Stderr of a finished command as text.
pub(crate) fn stderr_of(output: &std::process::Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("stderr is UTF-8")
}

/// Each line of JSON output parsed.
pub(crate) fn json_lines(stdout: &str) -> Vec<serde_json::Value> {
    stdout
        .lines()
        .map(|line| {
            serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON: {line:?}: {e}"))
        })
        .collect()
}

/// Runs the `sudoku` binary with `args`, `stdin` written to it, and waits for its output. A run
/// refused on its arguments may exit before it reads its input: the pipe is then closed, which
/// is no failure (the caller checks the status and output).
pub(crate) fn run_with_stdin(args: &[&str], stdin: &str) -> std::process::Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let written = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes());
    if let Err(e) = written {
        assert_eq!(
            e.kind(),
            std::io::ErrorKind::BrokenPipe,
            "writing stdin: {e}"
        );
    }
    child.wait_with_output().expect("it ends")
}
