//! How a variant input splits into puzzles: a stream of JSON values (our documents, f-puzzles
//! or SudokuPad JSON, one per line as `generate --killer` prints them, or one spread over many
//! lines), N lines of N numbers (as `generate -f grid` prints them), or one puzzle per line;
//! blank lines and `#` comments are skipped.
//!
//! A line of k numbers starts a grid when the next k - 1 lines hold k numbers each and either
//! `--size` is k or k is not 16 (a line of 16 numbers is also a whole 4x4 puzzle: without
//! `--size 16` sixteen such lines make a grid only when nothing but blank lines or comments is
//! around them).

/// The puzzles of `text`, each with the line it starts on (1-based); `size` is `--size`.
pub(crate) fn records(text: &str, size: Option<usize>) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut rest = 0;
    if text.trim_start().starts_with('{') {
        let mut stream = serde_json::Deserializer::from_str(text).into_iter::<serde_json::Value>();
        let mut start = 0;
        loop {
            match stream.next() {
                Some(Ok(value)) => {
                    let end = stream.byte_offset();
                    let slice = &text[start..end];
                    let skipped = slice.len() - slice.trim_start().len();
                    let line = line_of(text, start + skipped);
                    out.push((line, unwrap_generated(value, slice.trim())));
                    start = end;
                }
                Some(Err(_)) => {
                    // Not JSON from here on: the rest is read line by line (its errors are
                    // reported per line).
                    rest = start;
                    break;
                }
                None => return out,
            }
        }
    }
    let first_line = line_of(text, rest) - 1;
    let lines: Vec<&str> = text[rest..].lines().collect();
    let skip = |l: &str| l.trim().is_empty() || l.trim_start().starts_with('#');
    let mut i = 0;
    while i < lines.len() {
        if skip(lines[i]) {
            i += 1;
            continue;
        }
        let k = numbers(lines[i]);
        let block = (2..=sudokit::variant::MAX_SIZE).contains(&k)
            && i + k <= lines.len()
            && lines[i..i + k].iter().all(|l| numbers(l) == k && !skip(l))
            && match size {
                Some(n) => n == k,
                None if k != 16 => true,
                None => {
                    let before = i == 0 || skip(lines[i - 1]);
                    let after = i + k == lines.len() || skip(lines[i + k]);
                    before && after
                }
            };
        let taken = if block { k } else { 1 };
        out.push((first_line + i + 1, lines[i..i + taken].join("\n")));
        i += taken;
    }
    out
}

/// The 1-based line of byte `offset`.
fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// How many numbers a line holds when it is written as numbers (separated by spaces, tabs or
/// commas); 0 for a line of characters.
fn numbers(line: &str) -> usize {
    let line = line.trim();
    if !line.contains([',', ' ', '\t']) {
        return 0;
    }
    line.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .count()
}

/// `generate --format json` prints `{"index": 0, "puzzle": {...}, "line": ..., "solution": ...}`:
/// its `puzzle` is the document to read. Anything else is read as it is.
fn unwrap_generated(value: serde_json::Value, text: &str) -> String {
    let generated = value.get("puzzle").filter(|p| p.is_object()).is_some()
        && ["size", "grid", "cells", "givens"]
            .iter()
            .all(|k| value.get(k).is_none());
    match value.get("puzzle") {
        Some(puzzle) if generated => puzzle.to_string(),
        _ => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_lines_are_one_puzzle_each() {
        let text = "{\"size\": 4, \"givens\": \"1...\"}\n{\"size\": 4,\n \"givens\": \"2...\"}\n";
        let got = records(text, None);
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].0, 1);
        assert_eq!(got[1].0, 2);
        assert!(got[1].1.contains("2..."));
    }

    #[test]
    fn generated_records_give_their_puzzle() {
        let text = r#"{"index":0,"seed":1,"puzzle":{"size":4,"givens":"1..."},"line":"1..."}"#;
        let got: serde_json::Value = serde_json::from_str(&records(text, None)[0].1).expect("JSON");
        assert_eq!(got, serde_json::json!({"size": 4, "givens": "1..."}));
    }

    #[test]
    fn a_bad_json_line_leaves_the_rest_line_by_line() {
        let text = "{\"size\": 4}\n{oops\n1...............\n";
        let got = records(text, None);
        assert_eq!(got.len(), 3, "{got:?}");
        assert_eq!(got[1], (2, "{oops".to_string()));
        assert_eq!(got[2], (3, "1...............".to_string()));
    }

    #[test]
    fn grids_of_numbers_are_one_puzzle() {
        let row = "01 00 00 00 00 00";
        let grid = [row; 6].join("\n");
        let text = format!("# a 6x6\n{grid}\n\n{grid}\n");
        let got = records(&text, None);
        assert_eq!(got.len(), 2, "{got:?}");
        assert_eq!(got[0].0, 2);
        assert_eq!(got[1].0, 9);
        assert_eq!(got[0].1.lines().count(), 6);
        // Five rows of six are no grid: each line is its own (bad) puzzle.
        let short = [row; 5].join("\n");
        assert_eq!(records(&short, None).len(), 5);
    }

    #[test]
    fn sixteen_numbers_a_line_need_size_16_or_a_lone_block() {
        let line = vec!["0"; 16].join(" ");
        let many = vec![line.as_str(); 17].join("\n");
        assert_eq!(records(&many, None).len(), 17, "4x4 puzzles, one a line");
        let lone = vec![line.as_str(); 16].join("\n");
        assert_eq!(records(&lone, None).len(), 1);
        assert_eq!(records(&many, Some(16)).len(), 2);
        assert_eq!(records(&lone, Some(4)).len(), 16);
    }
}
