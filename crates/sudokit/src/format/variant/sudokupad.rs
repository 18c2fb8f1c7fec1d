//! SudokuPad's own format: `https://sudokupad.app/scl...` (also `ctc...`, and `?puzzle=scl...`)
//! links, whose data is lz-string base64 of SudokuPad's puzzle JSON, usually in its compact
//! form ([`super::zipped`]).
//!
//! SudokuPad stores drawings, not rules: cells (givens), regions, cages, lines, arrows and
//! over/underlays (circles, squares, dots, text), with the rules in words. This reader turns
//! the drawings whose meaning is fixed into rules and refuses, by name, everything else, so a
//! puzzle is never solved without one of its constraints:
//! - `cells` (an N x N grid, N up to 25; `value` is a given) and `regions` (N regions of N
//!   cells; the usual boxes read as boxes);
//! - `cages`: killer cages (a sum or none); metadata cages (`title: ...`, no cells) are skipped;
//! - `lines`: a thermometer is a line that starts (or ends) on a round bulb; a line from corner
//!   to corner is a diagonal house; any other line (renban, whispers, palindromes...) is refused;
//! - `arrows` that start in a circle (one or more cells) are arrow sums, with every arrow of
//!   one circle summed together; other arrows (little killers, minimum/maximum) are refused;
//! - overlays and underlays: dots on the edge between two neighbours are kropki (white or
//!   black background), `X`/`V` text there is XV; a grey circle or square inside a cell (not a
//!   bulb) is odd or even; full-cell shading without text is decoration; anything else (text
//!   clues outside the grid, quadruples...) is refused, naming where it is.
//!
//! A background image (`metadata.bgimage`) is refused too: setters draw lines in it.
//!
//! Rules that SudokuPad writes only in words (anti-knight, anti-king, non-consecutive,
//! negative kropki or XV...) cannot be read: give them with `Options::rules`. Short ids
//! (`sudokupad.app/abc123`) name a puzzle on SudokuPad's server and cannot be read offline.

use super::{zipped, VariantParseError};
use crate::variant::{Arrow, EvenOdd, House, Killer, Kropki, Pos, Puzzle, Rule, Shape, Thermo, Xv};
use serde_json::{Map, Value};

fn error(message: impl Into<String>) -> VariantParseError {
    VariantParseError::SudokuPad(message.into())
}

/// What a text is, if it is a SudokuPad link or id.
pub(super) enum Link<'a> {
    /// The data after `scl` or `ctc`.
    Data(&'a str),
    /// A short id, which only SudokuPad's server can expand.
    ShortId(&'a str),
}

/// Recognises `https://sudokupad.app/scl...`, `...?puzzle=scl...`, the same on
/// `crackingthecryptic` hosts, and a bare `scl...`/`ctc...`; f-puzzles links are left to the
/// f-puzzles reader (`None`).
pub(super) fn link(text: &str) -> Option<Link<'_>> {
    let text = text.trim();
    if text.contains(char::is_whitespace) {
        return None;
    }
    let lower = text.to_ascii_lowercase();
    let hosted = lower.contains("sudokupad") || lower.contains("crackingthecryptic");
    let id = if let Some(at) = text.find("puzzle=") {
        text[at + 7..].split('&').next().unwrap_or_default()
    } else if hosted {
        // The whole path after the host: the data's base64 may hold '/'.
        let rest = text.split_once("://").map_or(text, |(_, rest)| rest);
        rest.split_once('/').map_or("", |(_, path)| path)
    } else {
        text
    };
    let id = id.split(['?', '&', '#']).next().unwrap_or_default();
    for prefix in ["scl", "ctc"] {
        if let Some(data) = id.strip_prefix(prefix) {
            return Some(Link::Data(data));
        }
    }
    let short = hosted
        && !id.is_empty()
        && !id.starts_with("fpuzzles")
        && !lower.contains("load=")
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    short.then_some(Link::ShortId(id))
}

/// The error for a short id.
pub(super) fn short_id(id: &str) -> VariantParseError {
    error(format!(
        "{id:?} is a short id of a puzzle stored on SudokuPad's server, which cannot be read \
         offline; open it in SudokuPad and copy a full link (sudokupad.app/scl...) instead"
    ))
}

/// The puzzle JSON of an `scl`/`ctc` link's data: lz-string base64 (percent-escapes undone),
/// or the text itself when it is not compressed.
pub(super) fn decompress(data: &str) -> Result<Value, VariantParseError> {
    let data = data
        .replace("%2B", "+")
        .replace("%2F", "/")
        .replace("%3D", "=")
        .replace(' ', "+");
    let text = lz_str::decompress_from_base64(&data)
        .and_then(|wide| String::from_utf16(&wide).ok())
        .filter(|text| !text.is_empty())
        .unwrap_or(data);
    zipped::read(&text).map_err(|e| error(format!("the link's data is not a puzzle: {e}")))
}

/// Keys that describe the puzzle or only draw.
const IGNORED: &[&str] = &["id", "cellSize", "metadata", "settings", "videos", "title"];

/// A circle, square, dot or text drawn over or under the grid.
#[derive(Debug)]
struct Mark {
    /// (row, column) in cell units from the top left corner.
    center: (f64, f64),
    width: f64,
    height: f64,
    rounded: bool,
    background: String,
    text: String,
    /// Taken as a thermometer bulb or an arrow circle.
    used: bool,
}

impl Mark {
    fn read(value: &Value) -> Result<Mark, VariantParseError> {
        let center = point(value.get("center").unwrap_or(&Value::Null))
            .ok_or_else(|| error("an overlay without a center"))?;
        let size = |key: &str| value.get(key).and_then(Value::as_f64).unwrap_or(0.0);
        Ok(Mark {
            center,
            width: size("width"),
            height: size("height"),
            rounded: value
                .get("rounded")
                .and_then(Value::as_bool)
                .unwrap_or(false),
            background: value
                .get("backgroundColor")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_ascii_lowercase(),
            text: match value.get("text") {
                Some(Value::String(s)) => s.trim().to_string(),
                Some(Value::Number(n)) => n.to_string(),
                _ => String::new(),
            },
            used: false,
        })
    }

    fn contains(&self, (y, x): (f64, f64)) -> bool {
        (y - self.center.0).abs() <= self.height / 2.0 + EPS
            && (x - self.center.1).abs() <= self.width / 2.0 + EPS
    }

    fn describe(&self) -> String {
        let mut text = format!(
            "a {} {}x{} mark at ({}, {})",
            if self.rounded { "round" } else { "square" },
            self.width,
            self.height,
            self.center.0,
            self.center.1
        );
        if !self.text.is_empty() {
            text += &format!(" with the text {:?}", self.text);
        }
        text
    }
}

const EPS: f64 = 0.05;

/// A `[row, col]` point.
fn point(value: &Value) -> Option<(f64, f64)> {
    match value.as_array()?.as_slice() {
        [y, x] => Some((y.as_f64()?, x.as_f64()?)),
        _ => None,
    }
}

fn near(a: f64, b: f64) -> bool {
    (a - b).abs() <= EPS
}

/// The cell whose centre is at `p`, if any.
fn centre_cell(p: (f64, f64), n: usize) -> Option<Pos> {
    let (r, c) = (p.0 - 0.5, p.1 - 0.5);
    let ok = |v: f64| near(v, v.round()) && v.round() >= 0.0 && v.round() < n as f64;
    (ok(r) && ok(c)).then(|| Pos::new(r.round() as u8, c.round() as u8))
}

/// The cell containing `p`, if inside the grid.
fn cell_at(p: (f64, f64), n: usize) -> Option<Pos> {
    let inside = |v: f64| v >= 0.0 && v < n as f64;
    (inside(p.0) && inside(p.1)).then(|| Pos::new(p.0.floor() as u8, p.1.floor() as u8))
}

/// The two orthogonal neighbours whose shared edge has its midpoint at `p`.
fn edge_cells(p: (f64, f64), n: usize) -> Option<[Pos; 2]> {
    let whole = |v: f64| near(v, v.round());
    let half = |v: f64| near(v - 0.5, (v - 0.5).round());
    let (y, x) = p;
    let (a, b) = if whole(x) && half(y) {
        ((y - 0.5, x - 1.0), (y - 0.5, x))
    } else if whole(y) && half(x) {
        ((y - 1.0, x - 0.5), (y, x - 0.5))
    } else {
        return None;
    };
    let at = |(r, c): (f64, f64)| {
        let (r, c) = (r.round(), c.round());
        (r >= 0.0 && c >= 0.0 && r < n as f64 && c < n as f64).then(|| Pos::new(r as u8, c as u8))
    };
    Some([at(a)?, at(b)?])
}

/// The cells along straight steps (orthogonal or diagonal) between consecutive cells.
fn walk(cells: &[Pos]) -> Option<Vec<Pos>> {
    let mut out: Vec<Pos> = Vec::new();
    for pair in cells.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let (dr, dc) = (
            i32::from(b.row) - i32::from(a.row),
            i32::from(b.col) - i32::from(a.col),
        );
        if dr != 0 && dc != 0 && dr.abs() != dc.abs() {
            return None;
        }
        let steps = dr.abs().max(dc.abs());
        for i in 0..steps {
            let p = Pos::new(
                (i32::from(a.row) + dr.signum() * i) as u8,
                (i32::from(a.col) + dc.signum() * i) as u8,
            );
            if out.last() != Some(&p) {
                out.push(p);
            }
        }
    }
    if let Some(&last) = cells.last() {
        if out.last() != Some(&last) {
            out.push(last);
        }
    }
    Some(out)
}

fn rc(value: &Value, n: usize) -> Result<Pos, VariantParseError> {
    let bad = || error(format!("{value} is not a cell of the grid"));
    let pair = value.as_array().ok_or_else(bad)?;
    match pair.as_slice() {
        [r, c] => {
            let (r, c) = (r.as_u64().ok_or_else(bad)?, c.as_u64().ok_or_else(bad)?);
            if r < n as u64 && c < n as u64 {
                Ok(Pos::new(r as u8, c as u8))
            } else {
                Err(bad())
            }
        }
        _ => Err(bad()),
    }
}

fn list<'a>(object: &'a Map<String, Value>, key: &str) -> Result<&'a [Value], VariantParseError> {
    match object.get(key) {
        None | Some(Value::Null) => Ok(&[]),
        Some(Value::Array(items)) => Ok(items),
        Some(_) => Err(error(format!("{key} is not a list"))),
    }
}

fn digit(value: Option<&Value>, n: usize) -> Result<u8, VariantParseError> {
    let v = match value {
        None | Some(Value::Null) => return Ok(0),
        Some(Value::Number(v)) => v.as_u64(),
        Some(Value::String(s)) if s.trim().is_empty() => return Ok(0),
        Some(Value::String(s)) => s.trim().parse().ok(),
        Some(_) => None,
    };
    v.filter(|&d| (1..=n as u64).contains(&d))
        .map(|d| d as u8)
        .ok_or_else(|| error(format!("a cell value is not a digit of a {n}x{n} grid")))
}

/// The puzzle of SudokuPad's JSON, with `extra` rules added.
pub(super) fn read(value: &Value, extra: &[Rule]) -> Result<Puzzle, VariantParseError> {
    let object = value
        .as_object()
        .ok_or_else(|| error("the puzzle is not a JSON object"))?;
    const READ: &[&str] = &[
        "cells",
        "regions",
        "cages",
        "lines",
        "arrows",
        "overlays",
        "underlays",
    ];
    if let Some(key) = object.iter().find_map(|(k, v)| {
        let known = READ.contains(&k.as_str()) || IGNORED.contains(&k.as_str());
        let empty =
            v.is_null() || v == &Value::Bool(false) || v.as_array().is_some_and(Vec::is_empty);
        (!known && !empty).then_some(k)
    }) {
        return Err(error(format!("the feature {key:?} is not supported")));
    }
    let image = object
        .get("metadata")
        .and_then(|m| m.get("bgimage"))
        .and_then(Value::as_str);
    if image.is_some_and(|url| !url.trim().is_empty()) {
        return Err(error(
            "the puzzle draws part of itself in a background image (metadata.bgimage), whose \
             lines and marks cannot be read",
        ));
    }
    let rows = list(object, "cells")?;
    let n = rows.len();
    if n == 0 || n > crate::variant::MAX_SIZE {
        return Err(error(format!(
            "a grid of {n} rows is not supported (1 to 25)"
        )));
    }
    let mut givens = Vec::with_capacity(n * n);
    for row in rows {
        let cells = row.as_array().map(Vec::as_slice).unwrap_or_default();
        if cells.len() != n {
            return Err(error(format!(
                "a row of {} cells in a grid of {n} rows (only square grids, without cells \
                 outside, are supported)",
                cells.len()
            )));
        }
        for cell in cells {
            givens.push(digit(cell.get("value"), n)?);
        }
    }
    let shape = shape(list(object, "regions")?, n)?;
    let mut marks = Vec::new();
    for key in ["overlays", "underlays"] {
        for item in list(object, key)? {
            marks.push(Mark::read(item)?);
        }
    }
    let mut rules = Vec::new();
    cages(list(object, "cages")?, n, &mut rules)?;
    lines(list(object, "lines")?, n, &mut marks, &mut rules)?;
    arrows(list(object, "arrows")?, n, &mut marks, &mut rules)?;
    dots(&marks, n, &mut rules)?;
    rules.extend(extra.iter().cloned());
    Ok(Puzzle::new(shape, givens, rules)?)
}

/// The regions: boxes when they are the usual ones (or their transpose), else irregular.
fn shape(regions: &[Value], n: usize) -> Result<Shape, VariantParseError> {
    if regions.is_empty() {
        return Err(error("a puzzle without regions is not supported"));
    }
    if regions.len() != n {
        return Err(error(format!(
            "{} regions in a {n}x{n} grid",
            regions.len()
        )));
    }
    let mut map = vec![u8::MAX; n * n];
    for (i, region) in regions.iter().enumerate() {
        for cell in region.as_array().map(Vec::as_slice).unwrap_or_default() {
            let p = rc(cell, n)?;
            let slot = &mut map[usize::from(p.row) * n + usize::from(p.col)];
            if *slot != u8::MAX {
                return Err(error(format!("{p} is in two regions")));
            }
            *slot = i as u8;
        }
    }
    if let Some(cell) = map.iter().position(|&r| r == u8::MAX) {
        return Err(error(format!(
            "r{}c{} is in no region",
            cell / n + 1,
            cell % n + 1
        )));
    }
    let same = |other: &[u8]| {
        // The same partition: each region of one is one region of the other.
        let mut to = vec![u8::MAX; n];
        map.iter().zip(other).all(|(&a, &b)| {
            let slot = &mut to[usize::from(a)];
            if *slot == u8::MAX {
                *slot = b;
            }
            *slot == b
        })
    };
    for rows in (1..=n).filter(|r| n.is_multiple_of(*r)) {
        let boxes = Shape::boxes(rows, n / rows)?;
        if same(&boxes.region_map()) {
            return Ok(boxes);
        }
    }
    Ok(Shape::regions(n, map)?)
}

fn cages(items: &[Value], n: usize, rules: &mut Vec<Rule>) -> Result<(), VariantParseError> {
    for cage in items {
        let cells = match cage.get("cells") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Array(cells)) => {
                cells.iter().map(|c| rc(c, n)).collect::<Result<_, _>>()?
            }
            Some(_) => return Err(error("a cage's cells are not a list")),
        };
        let text = match cage.get("value") {
            Some(Value::String(s)) => s.trim().to_string(),
            Some(Value::Number(v)) => v.to_string(),
            _ => String::new(),
        };
        if cells.is_empty() {
            // Metadata (`title: ...`, `rules: ...`, `solution: ...`) or nothing.
            continue;
        }
        if cage.get("unique").and_then(Value::as_bool) == Some(false) {
            return Err(error(format!(
                "a cage at {} whose digits may repeat is not supported",
                cells[0]
            )));
        }
        if let Some(kind) = cage.get("type").and_then(Value::as_str) {
            return Err(error(format!("a cage of type {kind:?} is not supported")));
        }
        let sum = if text.is_empty() {
            None
        } else {
            Some(text.parse::<u32>().map_err(|_| {
                error(format!(
                    "a cage at {} with the value {text:?} is not supported (a sum or nothing)",
                    cells[0]
                ))
            })?)
        };
        rules.push(Rule::Killer(Killer { cells, sum }));
    }
    Ok(())
}

fn way_points(item: &Value) -> Result<Vec<(f64, f64)>, VariantParseError> {
    item.get("wayPoints")
        .and_then(Value::as_array)
        .ok_or_else(|| error("a line without wayPoints"))?
        .iter()
        .map(|p| point(p).ok_or_else(|| error(format!("{p} is not a [row, col] point"))))
        .collect()
}

fn describe_path(points: &[(f64, f64)]) -> String {
    match (points.first(), points.last()) {
        (Some(a), Some(b)) => format!("from ({}, {}) to ({}, {})", a.0, a.1, b.0, b.1),
        _ => "with no points".into(),
    }
}

fn lines(
    items: &[Value],
    n: usize,
    marks: &mut [Mark],
    rules: &mut Vec<Rule>,
) -> Result<(), VariantParseError> {
    let size = n as f64;
    for item in items {
        let points = way_points(item)?;
        // A diagonal: corner to opposite corner.
        if let [a, b] = points[..] {
            let corners = |p: (f64, f64), q: (f64, f64)| {
                near(a.0, p.0) && near(a.1, p.1) && near(b.0, q.0) && near(b.1, q.1)
            };
            let n8 = n as u8;
            if corners((0.0, 0.0), (size, size)) || corners((size, size), (0.0, 0.0)) {
                let cells = (0..n8).map(|i| Pos::new(i, i)).collect();
                rules.push(Rule::House(House { cells }));
                continue;
            }
            if corners((0.0, size), (size, 0.0)) || corners((size, 0.0), (0.0, size)) {
                let cells = (0..n8).map(|i| Pos::new(n8 - 1 - i, i)).collect();
                rules.push(Rule::House(House { cells }));
                continue;
            }
        }
        let refuse = || {
            error(format!(
                "a line {} is not supported (only thermometers, which start on a bulb, and \
                 diagonals; renban, whispers, palindromes and other lines are not rules of \
                 this engine)",
                describe_path(&points)
            ))
        };
        let cells: Option<Vec<Pos>> = points.iter().map(|&p| centre_cell(p, n)).collect();
        let Some(mut cells) = cells.and_then(|c| walk(&c)) else {
            return Err(refuse());
        };
        let bulb = |p: Pos, marks: &mut [Mark]| {
            let centre = (f64::from(p.row) + 0.5, f64::from(p.col) + 0.5);
            let mut found = false;
            for m in marks.iter_mut() {
                if m.rounded
                    && m.width >= 0.5
                    && near(m.center.0, centre.0)
                    && near(m.center.1, centre.1)
                {
                    m.used = true;
                    found = true;
                }
            }
            found
        };
        let (Some(&first), Some(&last)) = (cells.first(), cells.last()) else {
            return Err(refuse());
        };
        if bulb(first, marks) {
        } else if bulb(last, marks) {
            cells.reverse();
        } else {
            return Err(refuse());
        }
        rules.push(Rule::Thermo(Thermo { cells }));
    }
    Ok(())
}

fn arrows(
    items: &[Value],
    n: usize,
    marks: &mut [Mark],
    rules: &mut Vec<Rule>,
) -> Result<(), VariantParseError> {
    // (index of the circle's mark, circle cells, cells along its arrows)
    let mut found: Vec<(usize, Vec<Pos>, Vec<Pos>)> = Vec::new();
    for item in items {
        let points = way_points(item)?;
        let refuse = || {
            error(format!(
                "an arrow {} that does not start in a circle is not supported (little \
                 killers, minimum/maximum marks and other arrows cannot be read)",
                describe_path(&points)
            ))
        };
        let start = *points.first().ok_or_else(refuse)?;
        let Some(index) = marks
            .iter()
            .position(|m| m.rounded && m.width >= 0.5 && m.height >= 0.5 && m.contains(start))
        else {
            return Err(refuse());
        };
        marks[index].used = true;
        let mark = &marks[index];
        let mut circle = Vec::new();
        for r in 0..n {
            for c in 0..n {
                let centre = (r as f64 + 0.5, c as f64 + 0.5);
                if (centre.0 - mark.center.0).abs() < mark.height / 2.0
                    && (centre.1 - mark.center.1).abs() < mark.width / 2.0
                {
                    circle.push(Pos::new(r as u8, c as u8));
                }
            }
        }
        if circle.is_empty() {
            return Err(refuse());
        }
        let cells: Option<Vec<Pos>> = points.iter().map(|&p| cell_at(p, n)).collect();
        let Some(path) = cells.and_then(|c| walk(&c)) else {
            return Err(refuse());
        };
        let entry = match found.iter_mut().position(|(i, _, _)| *i == index) {
            Some(at) => &mut found[at],
            None => {
                found.push((index, circle.clone(), Vec::new()));
                let last = found.len() - 1;
                &mut found[last]
            }
        };
        for p in path {
            if !circle.contains(&p) && !entry.2.contains(&p) {
                entry.2.push(p);
            }
        }
    }
    for (_, circle, cells) in found {
        rules.push(Rule::Arrow(Arrow { circle, cells }));
    }
    Ok(())
}

fn is_white(color: &str) -> bool {
    matches!(
        color.trim_start_matches('#'),
        "fff" | "ffff" | "ffffff" | "ffffffff" | "white"
    )
}

fn is_black(color: &str) -> bool {
    matches!(
        color.trim_start_matches('#'),
        "000" | "000f" | "000000" | "000000ff" | "black"
    )
}

fn dots(marks: &[Mark], n: usize, rules: &mut Vec<Rule>) -> Result<(), VariantParseError> {
    let mut kropki = Kropki::default();
    let mut xv = Xv::default();
    let mut parity = EvenOdd::default();
    for mark in marks.iter().filter(|m| !m.used) {
        let refuse = || {
            error(format!(
                "{} is not a rule this reader knows",
                mark.describe()
            ))
        };
        let small = mark.width <= 0.5 && mark.height <= 0.5;
        if let (true, Some(pair)) = (small, edge_cells(mark.center, n)) {
            match mark.text.to_ascii_uppercase().as_str() {
                "X" => xv.x.push(pair),
                "V" => xv.v.push(pair),
                "" if mark.rounded && is_white(&mark.background) => kropki.white.push(pair),
                "" if mark.rounded && is_black(&mark.background) => kropki.black.push(pair),
                _ => return Err(refuse()),
            }
            continue;
        }
        if let Some(cell) = centre_cell(mark.center, n) {
            if mark.text.is_empty() && mark.width >= 0.9 && mark.height >= 0.9 && !mark.rounded {
                // Cell shading.
                continue;
            }
            if mark.text.is_empty()
                && (0.4..0.9).contains(&mark.width)
                && (0.4..0.9).contains(&mark.height)
            {
                if mark.rounded {
                    parity.odd.push(cell);
                } else {
                    parity.even.push(cell);
                }
                continue;
            }
        }
        return Err(refuse());
    }
    if !kropki.white.is_empty() || !kropki.black.is_empty() {
        rules.push(Rule::Kropki(kropki));
    }
    if !xv.x.is_empty() || !xv.v.is_empty() {
        rules.push(Rule::Xv(xv));
    }
    if !parity.even.is_empty() || !parity.odd.is_empty() {
        rules.push(Rule::EvenOdd(parity));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::variant::{parse, Options, VariantLayout};

    fn link(zipped: &str) -> String {
        format!(
            "https://sudokupad.app/scl{}",
            lz_str::compress_to_base64(zipped)
        )
    }

    /// Four 2x2 boxes, as SudokuPad writes regions.
    const BOXES_4: &str = "re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],\
                           [[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]]";

    #[test]
    fn a_zipped_link_reads_every_kind_of_mark() {
        let zipped = format!(
            "{{id:'t',cs:50,ce:[[{{v:1}},,,],[,,,],[,,{{v:'4'}},],[,,,]],{BOXES_4},\
             ca:[{{v:'title: test'}},{{ce:[[3,0],[3,1]],v:'7'}}],\
             l:[{{wp:[[0.5,1.5],[0.5,3.5]],c:cfcfcf,th:21}},{{wp:[[0,0],[4,4]],c:34bbe6,th:2}}],\
             u:[{{ct:[0.5,1.5],w:0.85,h:0.85,r:t,c2:cfcfcf}},{{ct:[3.5,3.5],w:0.7,h:0.7,c2:cfcfcf}}],\
             o:[{{ct:[1,0.5],w:0.3,h:0.3,r:t,c2:#F,c1:#0}},{{ct:[2.5,1],w:0.25,h:0.25,te:'X'}},\
             {{ct:[2,3.5],w:0.3,h:0.3,r:t,c2:#0}}]}}"
        );
        let parsed = parse(&link(&zipped), &Options::default()).expect("reads");
        assert_eq!(parsed.layout, VariantLayout::SudokuPad);
        let puzzle = parsed.puzzle;
        assert_eq!(puzzle.shape().box_dims(), Some((2, 2)));
        assert_eq!(puzzle.givens()[0], 1);
        assert_eq!(puzzle.givens()[10], 4);
        let p = |r, c| Pos::new(r, c);
        assert_eq!(
            puzzle.rules(),
            &[
                Rule::Killer(Killer {
                    cells: vec![p(3, 0), p(3, 1)],
                    sum: Some(7)
                }),
                Rule::Thermo(Thermo {
                    cells: vec![p(0, 1), p(0, 2), p(0, 3)]
                }),
                Rule::House(House {
                    cells: vec![p(0, 0), p(1, 1), p(2, 2), p(3, 3)]
                }),
                Rule::Kropki(Kropki {
                    white: vec![[p(0, 0), p(1, 0)]],
                    black: vec![[p(1, 3), p(2, 3)]],
                    negative: false
                }),
                Rule::Xv(Xv {
                    x: vec![[p(2, 0), p(2, 1)]],
                    v: vec![],
                    negative: false
                }),
                Rule::EvenOdd(EvenOdd {
                    even: vec![p(3, 3)],
                    odd: vec![]
                }),
            ]
        );
    }

    #[test]
    fn an_arrow_sums_into_its_circle_and_jigsaw_regions_stay_irregular() {
        let regions = "re:[[[0,0],[0,1],[0,2],[1,0]],[[0,3],[1,1],[1,2],[1,3]],\
                       [[2,0],[3,0],[3,1],[2,1]],[[2,2],[2,3],[3,2],[3,3]]]";
        let zipped = format!(
            "{{ce:[[,,,],[,,,],[,,,],[,,,]],{regions},\
             a:[{{wp:[[0.8,0.5],[1.5,0.5],[2.5,0.5]],c:a1a1a1,th:5,hl:0.3}}],\
             o:[{{ct:[0.5,0.5],w:0.65,h:0.65,r:t,c1:a1a1a1,c2:#F}}]}}"
        );
        let puzzle = parse(&link(&zipped), &Options::default())
            .expect("reads")
            .puzzle;
        assert_eq!(puzzle.shape().box_dims(), None);
        assert_eq!(
            puzzle.rules(),
            &[Rule::Arrow(Arrow {
                circle: vec![Pos::new(0, 0)],
                cells: vec![Pos::new(1, 0), Pos::new(2, 0)]
            })]
        );
        for grid in crate::variant::solutions(&puzzle).take(50) {
            assert_eq!(grid[0], grid[4] + grid[8]);
        }
    }

    #[test]
    fn plain_json_and_ctc_links_read_the_same() {
        let json = r#"{"cells":[[{"value":1},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
            "regions":[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],
                       [[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]]}"#;
        let direct = parse(json, &Options::default()).expect("JSON");
        assert_eq!(direct.layout, VariantLayout::SudokuPad);
        let ctc = format!("ctc{}", lz_str::compress_to_base64(json));
        let linked = parse(&ctc, &Options::default()).expect("ctc");
        assert_eq!(linked.puzzle, direct.puzzle);
        let query = format!(
            "https://sudokupad.app/?puzzle=scl{}&setting-x=1",
            lz_str::compress_to_base64(json)
        );
        assert_eq!(
            parse(&query, &Options::default()).expect("query").puzzle,
            direct.puzzle
        );
    }

    fn refusal(zipped: &str) -> String {
        parse(&link(zipped), &Options::default())
            .expect_err("refused")
            .to_string()
    }

    #[test]
    fn unsupported_features_are_refused_by_name() {
        let grid = format!("ce:[[,,,],[,,,],[,,,],[,,,]],{BOXES_4}");
        let renban = refusal(&format!("{{{grid},l:[{{wp:[[0.5,0.5],[0.5,2.5]]}}]}}"));
        assert!(
            renban.contains("a line from (0.5, 0.5) to (0.5, 2.5)"),
            "{renban}"
        );
        let fog = refusal(&format!("{{{grid},foglight:[[0,0]]}}"));
        assert!(fog.contains("\"foglight\""), "{fog}");
        let outside = refusal(&format!(
            "{{{grid},o:[{{ct:[-0.5,1.5],w:0.25,h:0.25,te:'12'}}]}}"
        ));
        assert!(outside.contains("with the text \"12\""), "{outside}");
        let little = refusal(&format!("{{{grid},a:[{{wp:[[-0.2,0.2],[0.1,0.5]]}}]}}"));
        assert!(little.contains("does not start in a circle"), "{little}");
        let repeat = refusal(&format!("{{{grid},ca:[{{ce:[[0,0],[1,1]],unique:f}}]}}"));
        assert!(repeat.contains("may repeat"), "{repeat}");
        let wide = refusal("{ce:[[,,],[,,]]}");
        assert!(wide.contains("only square grids"), "{wide}");
        let garbage = parse("https://sudokupad.app/sclNotLzAtAll", &Options::default())
            .expect_err("garbage")
            .to_string();
        assert!(garbage.contains("SudokuPad"), "{garbage}");
    }

    #[test]
    fn short_ids_say_they_need_the_server() {
        for text in [
            "https://sudokupad.app/wsj7iunsg6",
            "https://app.crackingthecryptic.com/wsj7iunsg6?setting-nogrid=1",
        ] {
            let err = parse(text, &Options::default()).expect_err("short id");
            assert!(err.to_string().contains("cannot be read offline"), "{err}");
        }
    }

    /// The published "Parity Fish" link (see `tests/variant_formats.rs`) with its background
    /// image taken out: its 16 white and 5 black dots read as kropki, and the solution in its
    /// metadata keeps them.
    #[test]
    fn the_published_links_dots_hold_in_its_published_solution() {
        let link = include_str!("../../../../../testdata/variant/parity_fish.scl");
        let Some(Link::Data(data)) = super::link(link) else {
            panic!("an scl link");
        };
        let mut value = decompress(data).expect("decompresses");
        let solution: Vec<u8> = value["metadata"]["solution"]
            .as_str()
            .expect("a published solution")
            .bytes()
            .map(|b| b - b'0')
            .collect();
        assert!(read(&value, &[]).is_err(), "the image is refused");
        value["metadata"]
            .as_object_mut()
            .expect("metadata")
            .remove("bgimage");
        let puzzle = read(&value, &[]).expect("reads without the image");
        let Rule::Kropki(dots) = &puzzle.rules()[0] else {
            panic!("{:?}", puzzle.rules());
        };
        assert_eq!((dots.white.len(), dots.black.len()), (16, 5));
        assert_eq!(puzzle.check(&solution), Ok(()));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
        /// Text made of the compact form's own characters, as an scl link: read or refused,
        /// never a panic; whatever reads is a puzzle whose document reads back the same.
        #[test]
        fn any_compact_text_reads_or_is_refused(text in "[{}\\[\\],:'ctrevowuhal0-9.#\\\\ -]{0,80}") {
            let link = format!("scl{}", lz_str::compress_to_base64(&text));
            if let Ok(parsed) = parse(&link, &Options::default()) {
                let document = crate::format::variant::to_text(
                    &parsed.puzzle,
                    parsed.puzzle.givens(),
                    VariantLayout::Json,
                );
                let back = parse(&document, &Options::default()).expect("reads back");
                proptest::prop_assert_eq!(back.puzzle, parsed.puzzle);
            }
        }
    }
}
