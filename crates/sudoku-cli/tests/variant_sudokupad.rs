//! SudokuPad in, SudokuPad out: `solve` answers a SudokuPad link with the same link, its
//! puzzle now carrying the solution in `metadata.solution` (read here with lz-string and a
//! plain text search, not the library's reader), and the answer reads back as the same puzzle.

mod common;

use common::{stdout_of, sudoku};

/// A 6x6 (2x3 boxes) in SudokuPad's compact form: a few givens, a killer cage of 3 on
/// r6c5-r6c6, and a title (written back as `t`, SudokuPad's short key for it).
const COMPACT: &str = "{id:'cli',metadata:{title:'Six'},ce:[[{v:1},,,,,{v:6}],[,,{v:5},,,],\
    [,{v:3},,,{v:2},],[,,,{v:4},,],[{v:6},,,,,],[,,,,,]],\
    re:[[[0,0],[0,1],[0,2],[1,0],[1,1],[1,2]],[[0,3],[0,4],[0,5],[1,3],[1,4],[1,5]],\
    [[2,0],[2,1],[2,2],[3,0],[3,1],[3,2]],[[2,3],[2,4],[2,5],[3,3],[3,4],[3,5]],\
    [[4,0],[4,1],[4,2],[5,0],[5,1],[5,2]],[[4,3],[4,4],[4,5],[5,3],[5,4],[5,5]]],\
    ca:[{ce:[[5,4],[5,5]],v:3}]}";

fn link() -> String {
    format!(
        "https://sudokupad.app/scl{}",
        lz_str::compress_to_base64(COMPACT)
    )
}

fn run(args: &[&str]) -> std::process::Output {
    sudoku().args(args).output().expect("runs")
}

#[test]
fn a_sudokupad_link_answers_as_a_sudokupad_link_with_its_solution() {
    let link = link();
    let line = run(&["solve", "--variant", "--first", "-f", "line", &link]);
    assert!(line.status.success(), "{line:?}");
    let solution = stdout_of(&line).trim().to_string();
    assert_eq!(solution.len(), 36, "{solution}");

    let output = run(&["solve", "--variant", "--first", &link]);
    assert!(output.status.success(), "{output:?}");
    let answer = stdout_of(&output).trim().to_string();
    let data = answer
        .strip_prefix("https://sudokupad.app/scl")
        .unwrap_or_else(|| panic!("a SudokuPad link: {answer}"));
    let compact = lz_str::decompress_from_base64(data)
        .and_then(|wide| String::from_utf16(&wide).ok())
        .expect("lz-string base64");
    assert!(
        compact.contains(&format!("solution:'{solution}'")),
        "{compact}"
    );
    assert!(compact.contains("t:'Six'"), "{compact}");

    // The answer is the same puzzle: the same solutions, and its givens as before.
    let again = run(&["solve", "--variant", "--first", "-f", "line", &answer]);
    assert_eq!(stdout_of(&again).trim(), solution);
    let count = |text: &str| {
        stdout_of(&run(&["count", "--variant", text]))
            .trim()
            .to_string()
    };
    assert_eq!(count(&answer), count(&link));
    // JSON records keep their shape: the solution line and the board document.
    let json = run(&["solve", "--variant", "--first", "--json", &link]);
    let record: serde_json::Value =
        serde_json::from_str(stdout_of(&json).trim()).expect("a JSON record");
    assert_eq!(record["solution"], solution.as_str());
    assert_eq!(record["board"]["size"], 6);
}
