//! A solution written back in the f-puzzles form it was read from: the same JSON object (or
//! link) with every cell's `value` filled in, so a puzzle read from f-puzzles answers in
//! f-puzzles and opens there with its constraints, title and givens as they were.

use super::fpuzzles::{decompress, link_data};
use super::VariantParseError;
use serde_json::{Map, Value};

fn error(message: impl Into<String>) -> VariantParseError {
    VariantParseError::FPuzzles(message.into())
}

/// `text` (an f-puzzles JSON object or link, as [`super::parse`] reads it) with `grid` (N * N
/// values, 0 for a blank) written into its cells' `value`s; a given keeps its `"given": true`
/// and everything else in the object is kept. A link comes back as a link with the same
/// address and new data (lz-string base64).
///
/// ```
/// use sudokit::format::variant::fpuzzles_with_grid;
/// let json = r#"{"size":2,"grid":[[{"value":1,"given":true},{}],[{},{}]],"title":"t"}"#;
/// let solved = fpuzzles_with_grid(json, &[1, 2, 2, 1])?;
/// let value: serde_json::Value = serde_json::from_str(&solved).expect("JSON");
/// assert_eq!(value["grid"][0][1]["value"], 2);
/// assert_eq!(value["grid"][0][0]["given"], true);
/// assert_eq!(value["title"], "t");
/// # Ok::<(), sudokit::format::variant::VariantParseError>(())
/// ```
pub fn fpuzzles_with_grid(text: &str, grid: &[u8]) -> Result<String, VariantParseError> {
    let text = text.trim().trim_start_matches('\u{feff}');
    let (json, link) = if text.starts_with('{') {
        (text.to_string(), None)
    } else {
        let data = link_data(text).ok_or_else(|| error("not an f-puzzles object or link"))?;
        let start = text.find(data).unwrap_or(text.len());
        let around = (
            &text[..start],
            &text[(start + data.len()).min(text.len())..],
        );
        (decompress(data)?, Some(around))
    };
    let mut value: Value = serde_json::from_str(&json).map_err(|e| error(e.to_string()))?;
    let rows = value
        .get_mut("grid")
        .and_then(Value::as_array_mut)
        .ok_or_else(|| error("no grid"))?;
    let n = rows.len();
    if n * n != grid.len() {
        return Err(error(format!(
            "the grid has {n} rows, the solution {} cells",
            grid.len()
        )));
    }
    for (r, row) in rows.iter_mut().enumerate() {
        let cells = row
            .as_array_mut()
            .filter(|cells| cells.len() == n)
            .ok_or_else(|| error(format!("the grid is not {n} rows of {n} cells")))?;
        for (c, cell) in cells.iter_mut().enumerate() {
            if !cell.is_object() {
                *cell = Value::Object(Map::new());
            }
            if let Some(object) = cell.as_object_mut() {
                match grid[r * n + c] {
                    0 => object.remove("value"),
                    v => object.insert("value".into(), Value::from(v)),
                };
            }
        }
    }
    let out = serde_json::to_string(&value).map_err(|e| error(e.to_string()))?;
    Ok(match link {
        None => out,
        Some((before, after)) => format!("{before}{}{after}", lz_str::compress_to_base64(&out)),
    })
}

#[cfg(test)]
mod tests {
    use super::super::{parse, Options, VariantLayout};
    use super::*;
    use crate::variant;

    const JSON: &str = r#"{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"diagonal+":true,"killercage":[{"cells":["R4C3","R4C4"],"value":"3"}],"title":"t"}"#;

    #[test]
    fn json_and_links_answer_in_their_own_form() {
        let parsed = parse(JSON, &Options::default()).expect("reads");
        assert_eq!(parsed.layout, VariantLayout::FPuzzles);
        let solution = variant::solve(&parsed.puzzle).expect("a solution");
        let solved = fpuzzles_with_grid(JSON, &solution).expect("writes");
        // The answer reads back as the same puzzle with the solution as its cells.
        let back = parse(&solved, &Options::default()).expect("reads back");
        assert_eq!(back.puzzle.givens(), &solution[..]);
        assert_eq!(back.puzzle.rules(), parsed.puzzle.rules());
        let value: Value = serde_json::from_str(&solved).expect("JSON");
        assert_eq!(value["title"], "t");
        assert_eq!(value["grid"][0][0]["given"], true);
        assert!(value["grid"][0][1].get("given").is_none());

        let link = format!(
            "https://f-puzzles.com/?load={}",
            lz_str::compress_to_base64(JSON)
        );
        let solved_link = fpuzzles_with_grid(&link, &solution).expect("writes");
        assert!(solved_link.starts_with("https://f-puzzles.com/?load="));
        let back = parse(&solved_link, &Options::default()).expect("reads back");
        assert_eq!(back.puzzle.givens(), &solution[..]);
    }

    #[test]
    fn a_wrong_solution_size_is_an_error() {
        assert!(fpuzzles_with_grid(JSON, &[1, 2, 3]).is_err());
        assert!(fpuzzles_with_grid("https://example.com/", &[1]).is_err());
    }
}
