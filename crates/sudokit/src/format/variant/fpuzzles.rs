//! f-puzzles: its JSON (the exchange format of f-puzzles.com, which SudokuPad also reads) and
//! its links, whose data is that JSON compressed by lz-string in its base64 form.
//!
//! Read: size, grid (givens, and regions for jigsaw), `diagonal+` / `diagonal-`,
//! `antiknight`, `antiking`, `nonconsecutive`, `disjointgroups`, `extraregion`,
//! `killercage`, `thermometer`, `arrow`, `difference` (white kropki), `ratio` (black
//! kropki), `xv`, `negative` (for `ratio` and `difference` together, and for `xv`),
//! `sandwichsum`, `littlekillersum`, `odd`, `even`. Cosmetic keys (title, author, text,
//! lines, circles...) are ignored; any other constraint is refused by name, so that a
//! puzzle is never solved without one of its rules.

use super::VariantParseError;
use crate::variant::{
    Arrow, EvenOdd, House, Killer, Kropki, LittleKiller, Pos, Puzzle, Rule, Sandwich, Shape,
    Thermo, Xv,
};
use serde::Deserialize;
use serde_json::Value;

fn error(message: impl Into<String>) -> VariantParseError {
    VariantParseError::FPuzzles(message.into())
}

/// The lz-string data of an f-puzzles or SudokuPad link, or `None` when `text` is not one.
pub(super) fn link_data(text: &str) -> Option<&str> {
    let text = text.trim();
    if text.contains(char::is_whitespace) {
        return None;
    }
    if let Some(at) = text.find("load=") {
        let rest = &text[at + 5..];
        return Some(rest.split('&').next().unwrap_or(rest));
    }
    if let Some(at) = text.find("fpuzzles") {
        let rest = &text[at + 8..];
        return Some(rest.split(['&', '?']).next().unwrap_or(rest));
    }
    None
}

/// The JSON text of lz-string base64 data (percent-escapes of `+`, `/` and `=` undone).
pub(super) fn decompress(data: &str) -> Result<String, VariantParseError> {
    let data = data
        .replace("%2B", "+")
        .replace("%2F", "/")
        .replace("%3D", "=")
        .replace(' ', "+");
    let wide = lz_str::decompress_from_base64(&data)
        .ok_or_else(|| error("the link's data is not lz-string base64"))?;
    String::from_utf16(&wide).map_err(|_| error("the link's data is not text"))
}

#[derive(Deserialize)]
struct Cell {
    #[serde(default)]
    value: Option<Value>,
    #[serde(default)]
    region: Option<i64>,
}

#[derive(Deserialize)]
struct Cells {
    cells: Vec<String>,
    #[serde(default)]
    value: Option<Value>,
}

#[derive(Deserialize)]
struct Lines {
    lines: Vec<Vec<String>>,
}

#[derive(Deserialize)]
struct ArrowData {
    cells: Vec<String>,
    lines: Vec<Vec<String>>,
}

#[derive(Deserialize)]
struct One {
    cell: String,
    #[serde(default)]
    value: Option<Value>,
}

#[derive(Deserialize)]
struct Little {
    cells: Vec<String>,
    #[serde(default)]
    value: Option<Value>,
}

/// Keys that draw but constrain nothing, or describe the puzzle.
const COSMETIC: &[&str] = &[
    "size",
    "grid",
    "title",
    "author",
    "ruleset",
    "text",
    "line",
    "rectangle",
    "circle",
    "cage",
    "solution",
    "highlightConflicts",
    "disabledlogic",
    "truecandidatesoptions",
    "successMessage",
    "version",
];

/// The puzzle of an f-puzzles JSON text, with `extra` rules added.
pub(super) fn read(json: &str, extra: &[Rule]) -> Result<Puzzle, VariantParseError> {
    let value: Value = serde_json::from_str(json).map_err(|e| error(e.to_string()))?;
    let object = value
        .as_object()
        .ok_or_else(|| error("not a JSON object"))?;
    let size = object
        .get("size")
        .and_then(Value::as_u64)
        .filter(|&s| (1..=crate::variant::MAX_SIZE as u64).contains(&s))
        .ok_or_else(|| error("size must be 1 to 25"))? as usize;
    let grid: Vec<Vec<Cell>> = field(object, "grid")?.ok_or_else(|| error("no grid"))?;
    if grid.len() != size || grid.iter().any(|r| r.len() != size) {
        return Err(error(format!(
            "the grid is not {size} rows of {size} cells"
        )));
    }
    let mut givens = Vec::with_capacity(size * size);
    let mut regions = Vec::with_capacity(size * size);
    for cell in grid.iter().flatten() {
        givens.push(match &cell.value {
            None | Some(Value::Null) => 0,
            Some(v) => number(v)
                .filter(|&d| d <= size as u32)
                .ok_or_else(|| error("a cell value is not a digit"))? as u8,
        });
        regions.push(cell.region);
    }
    let shape = if regions.iter().any(Option::is_some) {
        let map = regions
            .iter()
            .map(|r| {
                r.and_then(|r| u8::try_from(r).ok())
                    .ok_or_else(|| error("with regions, every cell needs one"))
            })
            .collect::<Result<Vec<u8>, _>>()?;
        Shape::regions(size, map)?
    } else {
        Shape::square(size)?
    };
    let at = |text: &String| pos(text, size, false);
    let cells_of = |list: &[String]| list.iter().map(at).collect::<Result<Vec<Pos>, _>>();
    let mut rules = Vec::new();
    let flag = |key: &str| object.get(key).and_then(Value::as_bool).unwrap_or(false);
    let n = size as u8;
    if flag("diagonal-") {
        rules.push(Rule::House(House {
            cells: (0..n).map(|i| Pos::new(i, i)).collect(),
        }));
    }
    if flag("diagonal+") {
        rules.push(Rule::House(House {
            cells: (0..n).map(|i| Pos::new(n - 1 - i, i)).collect(),
        }));
    }
    for (key, name) in [
        ("antiknight", "anti-knight"),
        ("antiking", "anti-king"),
        ("nonconsecutive", "non-consecutive"),
        ("disjointgroups", "disjoint"),
    ] {
        if flag(key) {
            rules.extend(Rule::from_name(name));
        }
    }
    for region in field::<Vec<Cells>>(object, "extraregion")?.unwrap_or_default() {
        rules.push(Rule::House(House {
            cells: cells_of(&region.cells)?,
        }));
    }
    for cage in field::<Vec<Cells>>(object, "killercage")?.unwrap_or_default() {
        let sum = cage.value.as_ref().and_then(number);
        rules.push(Rule::Killer(Killer {
            cells: cells_of(&cage.cells)?,
            sum,
        }));
    }
    for thermo in field::<Vec<Lines>>(object, "thermometer")?.unwrap_or_default() {
        for line in &thermo.lines {
            rules.push(Rule::Thermo(Thermo {
                cells: cells_of(line)?,
            }));
        }
    }
    for arrow in field::<Vec<ArrowData>>(object, "arrow")?.unwrap_or_default() {
        let mut circle = cells_of(&arrow.cells)?;
        circle.sort();
        let mut along: Vec<Pos> = Vec::new();
        for line in &arrow.lines {
            for p in cells_of(line)? {
                if !circle.contains(&p) && !along.contains(&p) {
                    along.push(p);
                }
            }
        }
        rules.push(Rule::Arrow(Arrow {
            circle,
            cells: along,
        }));
    }
    let negative: Vec<String> = field(object, "negative")?.unwrap_or_default();
    let pairs = |key: &str, expected: &str| -> Result<Vec<[Pos; 2]>, VariantParseError> {
        let mut out = Vec::new();
        for dot in field::<Vec<Cells>>(object, key)?.unwrap_or_default() {
            if let Some(v) = &dot.value {
                let text = value_text(v);
                if !text.is_empty() && !text.eq_ignore_ascii_case(expected) {
                    return Err(error(format!("{key} with value {text} is not supported")));
                }
            }
            match cells_of(&dot.cells)?[..] {
                [a, b] => out.push([a, b]),
                _ => return Err(error(format!("a {key} mark needs two cells"))),
            }
        }
        Ok(out)
    };
    let (white, black) = (pairs("difference", "1")?, pairs("ratio", "2")?);
    let (neg_white, neg_black) = (
        negative.iter().any(|k| k == "difference"),
        negative.iter().any(|k| k == "ratio"),
    );
    if neg_white != neg_black {
        return Err(error(
            "a negative constraint on only one of ratio and difference is not supported",
        ));
    }
    if !white.is_empty() || !black.is_empty() || neg_white {
        rules.push(Rule::Kropki(Kropki {
            white,
            black,
            negative: neg_white,
        }));
    }
    let mut x = Vec::new();
    let mut v = Vec::new();
    for mark in field::<Vec<Cells>>(object, "xv")?.unwrap_or_default() {
        let pair = match cells_of(&mark.cells)?[..] {
            [a, b] => [a, b],
            _ => return Err(error("an xv mark needs two cells")),
        };
        match mark.value.as_ref().map(value_text).as_deref() {
            Some("X" | "x") => x.push(pair),
            Some("V" | "v") => v.push(pair),
            _ => return Err(error("an xv mark needs the value X or V")),
        }
    }
    let neg_xv = negative.iter().any(|k| k == "xv");
    if !x.is_empty() || !v.is_empty() || neg_xv {
        rules.push(Rule::Xv(Xv {
            x,
            v,
            negative: neg_xv,
        }));
    }
    for clue in field::<Vec<One>>(object, "sandwichsum")?.unwrap_or_default() {
        let outside = pos(&clue.cell, size, true)?;
        let sum = clue
            .value
            .as_ref()
            .and_then(number)
            .ok_or_else(|| error("a sandwich sum needs a value"))?;
        let (r, c) = (usize::from(outside.row), usize::from(outside.col));
        // Outside cells are numbered from 0 (left or top) to size + 1 (right or bottom).
        let (row, col) = if c == 0 || c == size + 1 {
            (Some(outside.row), None)
        } else if r == 0 || r == size + 1 {
            (None, Some(outside.col))
        } else {
            return Err(error("a sandwich clue must be outside the grid"));
        };
        rules.push(Rule::Sandwich(Sandwich { row, col, sum }));
    }
    for clue in field::<Vec<Little>>(object, "littlekillersum")?.unwrap_or_default() {
        let Some(sum) = clue.value.as_ref().and_then(number) else {
            continue;
        };
        rules.push(Rule::LittleKiller(LittleKiller {
            cells: cells_of(&clue.cells)?,
            sum,
        }));
    }
    let (mut even, mut odd) = (Vec::new(), Vec::new());
    for one in field::<Vec<One>>(object, "even")?.unwrap_or_default() {
        even.push(at(&one.cell)?);
    }
    for one in field::<Vec<One>>(object, "odd")?.unwrap_or_default() {
        odd.push(at(&one.cell)?);
    }
    if !even.is_empty() || !odd.is_empty() {
        rules.push(Rule::EvenOdd(EvenOdd { even, odd }));
    }
    const READ: &[&str] = &[
        "diagonal+",
        "diagonal-",
        "antiknight",
        "antiking",
        "nonconsecutive",
        "disjointgroups",
        "extraregion",
        "killercage",
        "thermometer",
        "arrow",
        "difference",
        "ratio",
        "xv",
        "negative",
        "sandwichsum",
        "littlekillersum",
        "even",
        "odd",
    ];
    if let Some(key) = object.iter().find_map(|(k, v)| {
        let unused = !READ.contains(&k.as_str()) && !COSMETIC.contains(&k.as_str());
        let empty =
            v.is_null() || v == &Value::Bool(false) || v.as_array().is_some_and(Vec::is_empty);
        (unused && !empty).then_some(k)
    }) {
        return Err(error(format!("the constraint {key:?} is not supported")));
    }
    rules.extend(extra.iter().cloned());
    Ok(Puzzle::new(shape, givens, rules)?)
}

fn field<T: serde::de::DeserializeOwned>(
    object: &serde_json::Map<String, Value>,
    key: &str,
) -> Result<Option<T>, VariantParseError> {
    match object.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => T::deserialize(v)
            .map(Some)
            .map_err(|e| error(format!("{key}: {e}"))),
    }
}

fn value_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.trim().to_string(),
        other => other.to_string(),
    }
}

fn number(v: &Value) -> Option<u32> {
    match v {
        Value::Number(n) => n.as_u64().and_then(|n| u32::try_from(n).ok()),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// `R1C1` as a position; with `outside`, row and column may also be 0 or size + 1 (stored
/// as given, not shifted).
fn pos(text: &str, size: usize, outside: bool) -> Result<Pos, VariantParseError> {
    let bad = || error(format!("{text:?} is not a cell of the grid"));
    let lower = text.trim().to_ascii_lowercase();
    let (r, c) = lower
        .strip_prefix('r')
        .and_then(|t| t.split_once('c'))
        .ok_or_else(bad)?;
    let (r, c): (usize, usize) = (r.parse().map_err(|_| bad())?, c.parse().map_err(|_| bad())?);
    if outside {
        return if r <= size + 1 && c <= size + 1 {
            Ok(Pos::new(r as u8, c as u8))
        } else {
            Err(bad())
        };
    }
    if (1..=size).contains(&r) && (1..=size).contains(&c) {
        Ok(Pos::new((r - 1) as u8, (c - 1) as u8))
    } else {
        Err(bad())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Count;
    use crate::variant;

    fn empty_grid(size: usize) -> String {
        let row = vec!["{}"; size].join(",");
        format!("[{}]", vec![format!("[{row}]"); size].join(","))
    }

    #[test]
    fn a_killer_and_a_thermo_read_and_solve() {
        let json = format!(
            r#"{{"size":4,"grid":{},"killercage":[{{"cells":["R1C1","R1C2"],"value":"3"}}],
               "thermometer":[{{"lines":[["R4C1","R4C2","R4C3"]]}}],"title":"t"}}"#,
            empty_grid(4)
        );
        let puzzle = read(&json, &[]).expect("reads");
        assert_eq!(puzzle.rules().len(), 2);
        for grid in variant::solutions(&puzzle) {
            assert_eq!(grid[0] + grid[1], 3);
            assert!(grid[12] < grid[13] && grid[13] < grid[14]);
        }
    }

    #[test]
    fn sandwich_clues_sit_outside() {
        let json = format!(
            r#"{{"size":4,"grid":{},"sandwichsum":[{{"cell":"R0C2","value":"5"}},{{"cell":"R3C0","value":"0"}}]}}"#,
            empty_grid(4)
        );
        let puzzle = read(&json, &[]).expect("reads");
        assert_eq!(
            puzzle.rules(),
            &[
                Rule::Sandwich(Sandwich {
                    row: None,
                    col: Some(2),
                    sum: 5
                }),
                Rule::Sandwich(Sandwich {
                    row: Some(3),
                    col: None,
                    sum: 0
                })
            ]
        );
    }

    #[test]
    fn unknown_constraints_are_refused_by_name() {
        let json = format!(
            r#"{{"size":4,"grid":{},"palindrome":[{{"lines":[["R1C1","R1C2"]]}}]}}"#,
            empty_grid(4)
        );
        let err = read(&json, &[]).expect_err("refused");
        assert!(err.to_string().contains("palindrome"), "{err}");
    }

    #[test]
    fn a_link_round_trips_through_lz_string() {
        let json = format!(
            r#"{{"size":4,"grid":{},"diagonal+":true,"diagonal-":true}}"#,
            empty_grid(4)
        );
        let link = format!(
            "https://f-puzzles.com/?load={}",
            lz_str::compress_to_base64(json.as_str())
        );
        let data = link_data(&link).expect("a link");
        let puzzle = read(&decompress(data).expect("decompresses"), &[]).expect("reads");
        assert_eq!(variant::count(&puzzle, 1000), Count::Exact(48));
        let pad = format!(
            "https://sudokupad.app/fpuzzles{}",
            lz_str::compress_to_base64(json.as_str())
        );
        assert_eq!(
            read(
                &decompress(link_data(&pad).expect("a link")).expect("text"),
                &[]
            )
            .expect("reads"),
            puzzle
        );
        assert!(
            decompress("!!!").is_err()
                || read(&decompress("!!!").unwrap_or_default(), &[]).is_err()
        );
    }
}
