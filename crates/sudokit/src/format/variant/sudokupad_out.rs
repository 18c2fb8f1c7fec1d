//! A solution written back in the SudokuPad form it was read from: the same puzzle with the
//! solution in `metadata.solution`, the string of N * N digits where SudokuPad keeps a
//! puzzle's solution (the published links made by its Sudoku Maker carry it there, and
//! SudokuPad checks a finished grid against it). A link comes back as a link to the same
//! address, its data the puzzle in SudokuPad's compact form ([`super::zipped::write`]) in
//! lz-string base64 after `scl`; a puzzle JSON object comes back as JSON. Everything else in
//! the puzzle (drawings, title, rules text) is kept as read.

use super::sudokupad::{decompress, link, Link};
use super::{zipped, VariantParseError};
use serde_json::{Map, Value};

fn error(message: impl Into<String>) -> VariantParseError {
    VariantParseError::SudokuPad(message.into())
}

/// `text` (a SudokuPad link with its data, or its puzzle JSON, as [`super::parse`] reads it)
/// with `grid` (N * N digits) as its `metadata.solution`. Grids above 9x9 are refused:
/// SudokuPad's solution string holds one character per cell, and the digits from 10 have no
/// published form there.
///
/// ```
/// use sudokit::format::variant::{parse, sudokupad_with_grid, Options};
/// let puzzle = r#"{"cells":[[{"value":1},{}],[{},{}]],"regions":[[[0,0],[0,1]],[[1,0],[1,1]]]}"#;
/// let solved = sudokupad_with_grid(puzzle, &[1, 2, 2, 1])?;
/// let value: serde_json::Value = serde_json::from_str(&solved).expect("JSON");
/// assert_eq!(value["metadata"]["solution"], "1221");
/// assert_eq!(value["cells"][0][0]["value"], 1);
/// // It is still the same puzzle.
/// let again = parse(&solved, &Options::default())?;
/// assert_eq!(again.puzzle, parse(puzzle, &Options::default())?.puzzle);
/// # Ok::<(), sudokit::format::variant::VariantParseError>(())
/// ```
pub fn sudokupad_with_grid(text: &str, grid: &[u8]) -> Result<String, VariantParseError> {
    let text = text.trim().trim_start_matches('\u{feff}');
    if grid.iter().any(|&d| !(1..=9).contains(&d)) {
        return Err(error(
            "a SudokuPad solution is a string of the digits 1 to 9, one a cell: only grids up \
             to 9x9, filled in, can be written",
        ));
    }
    let solution: String = grid.iter().map(|&d| char::from(b'0' + d)).collect();
    if text.starts_with('{') {
        let mut value: Value =
            serde_json::from_str(text).map_err(|e| error(format!("not JSON: {e}")))?;
        set_solution(&mut value, solution)?;
        return Ok(value.to_string());
    }
    let Some(Link::Data(data)) = link(text) else {
        return Err(error("not a SudokuPad link with its puzzle data"));
    };
    let mut value = decompress(data)?;
    set_solution(&mut value, solution)?;
    let packed = lz_str::compress_to_base64(&zipped::write(&value));
    // The data is a slice of `text`, just after its three-letter prefix (`scl` or `ctc`).
    let start = data.as_ptr() as usize - text.as_ptr() as usize;
    let before = text.get(..start.saturating_sub(3)).unwrap_or_default();
    let after = text.get(start + data.len()..).unwrap_or_default();
    Ok(format!("{before}scl{packed}{after}"))
}

fn set_solution(value: &mut Value, solution: String) -> Result<(), VariantParseError> {
    let puzzle = value
        .as_object_mut()
        .ok_or_else(|| error("the puzzle is not a JSON object"))?;
    let metadata = puzzle
        .entry("metadata")
        .or_insert_with(|| Value::Object(Map::new()));
    let metadata = metadata
        .as_object_mut()
        .ok_or_else(|| error("the puzzle's metadata is not an object"))?;
    metadata.insert("solution".to_string(), Value::String(solution));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::variant::{parse, Options, VariantLayout};
    use crate::variant::Search;

    /// A 4x4 SudokuPad puzzle in its compact form: boxes, givens 1 at r1c1 and 2 at r2c3, a
    /// killer cage of 7 on r4c3-r4c4, and a title that must survive.
    const COMPACT: &str = "{id:'t',metadata:{title:'Tiny'},ce:[[{v:1},,,],[,,{v:2},],[,,,],[,,,]],\
        re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],\
        [[2,2],[2,3],[3,2],[3,3]]],ca:[{ce:[[3,2],[3,3]],v:7}]}";

    fn link() -> String {
        format!(
            "https://sudokupad.app/scl{}",
            lz_str::compress_to_base64(COMPACT)
        )
    }

    fn solve(text: &str) -> Vec<Vec<u8>> {
        let parsed = parse(text, &Options::default()).expect("reads");
        assert_eq!(parsed.layout, VariantLayout::SudokuPad);
        let mut search = Search::new(&parsed.puzzle);
        let mut out = Vec::new();
        while let Some(grid) = search.next_solution().expect("no budget") {
            out.push(grid);
        }
        out
    }

    #[test]
    fn a_solved_link_reads_back_as_the_same_puzzle_with_its_solution() {
        let link = link();
        let solutions = solve(&link);
        let grid = &solutions[0];
        let solved = sudokupad_with_grid(&link, grid).expect("writes");
        assert!(solved.starts_with("https://sudokupad.app/scl"), "{solved}");
        let before = parse(&link, &Options::default()).expect("reads").puzzle;
        let after = parse(&solved, &Options::default())
            .expect("reads back")
            .puzzle;
        assert_eq!(before, after);
        // The data: the puzzle as read, plus the solution, title kept.
        let Some(Link::Data(data)) = super::link(&solved) else {
            panic!("a link: {solved}");
        };
        let value = decompress(data).expect("decompresses");
        let mut expected = decompress(super::link(&link).map_or("", |l| match l {
            Link::Data(d) => d,
            Link::ShortId(_) => "",
        }))
        .expect("decompresses");
        expected["metadata"]["solution"] =
            Value::String(grid.iter().map(|&d| char::from(b'0' + d)).collect());
        assert_eq!(value, expected);
        assert_eq!(value["metadata"]["title"], "Tiny");
        // Around the data: `?puzzle=` links keep their address and what follows.
        let query = format!("https://sudokupad.app/?puzzle=scl{}&setting=1", &link[25..]);
        let solved = sudokupad_with_grid(&query, grid).expect("writes");
        assert!(
            solved.starts_with("https://sudokupad.app/?puzzle=scl"),
            "{solved}"
        );
        assert!(solved.ends_with("&setting=1"), "{solved}");
        assert_eq!(
            parse(&solved, &Options::default()).expect("reads").puzzle,
            before
        );
    }

    #[test]
    fn a_ctc_link_of_plain_json_answers_as_scl() {
        let json = zipped::read(COMPACT).expect("reads").to_string();
        let ctc = format!("ctc{}", lz_str::compress_to_base64(&json));
        let grid = &solve(&ctc)[0];
        let solved = sudokupad_with_grid(&ctc, grid).expect("writes");
        assert!(solved.starts_with("scl"), "{solved}");
        assert_eq!(
            parse(&solved, &Options::default()).expect("reads").puzzle,
            parse(&ctc, &Options::default()).expect("reads").puzzle
        );
    }

    #[test]
    fn big_grids_and_blanks_are_refused() {
        assert!(sudokupad_with_grid(&link(), &[0; 16]).is_err());
        assert!(sudokupad_with_grid(&link(), &[10; 16]).is_err());
        assert!(sudokupad_with_grid("https://sudokupad.app/abc123", &[1; 16]).is_err());
        assert!(sudokupad_with_grid("[1]", &[1; 16]).is_err());
    }

    /// Marty Sears' "Parity Fish" (the published link in `testdata/variant/parity_fish.scl`)
    /// carries its solution in `metadata.solution`, as SudokuPad's Sudoku Maker writes it:
    /// writing that solution gives back exactly the published puzzle, so the form is
    /// SudokuPad's and the compact writer loses nothing of a real puzzle.
    #[test]
    fn the_published_parity_fish_link_round_trips() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../testdata/variant/parity_fish.scl"
        );
        let published = std::fs::read_to_string(path).expect("the committed link");
        let data = |text: &str| match super::link(text) {
            Some(Link::Data(d)) => decompress(d).expect("decompresses"),
            _ => panic!("not a link with data: {text}"),
        };
        let original = data(&published);
        let solution = original["metadata"]["solution"]
            .as_str()
            .expect("a published solution")
            .to_string();
        assert_eq!(solution.len(), 81);
        let grid: Vec<u8> = solution.bytes().map(|b| b - b'0').collect();
        let solved = sudokupad_with_grid(&published, &grid).expect("writes");
        assert_eq!(data(&solved), original);
        // Another solution string lands in the same place and nothing else changes.
        let mut other = grid.clone();
        other.swap(0, 1);
        let mut expected = original.clone();
        expected["metadata"]["solution"] =
            Value::String(other.iter().map(|&d| char::from(b'0' + d)).collect());
        assert_eq!(
            data(&sudokupad_with_grid(&published, &other).expect("writes")),
            expected
        );
    }
}
