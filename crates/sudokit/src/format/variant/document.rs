//! Our JSON document for variant puzzles: `{"size": 6, "boxes": "2x3", "givens": "...",
//! "rules": [...]}`. The schema is `docs/variant.schema.json`.

use crate::variant::{Puzzle, Rule, Shape, VariantError};

/// A variant puzzle as JSON. Exactly one of `boxes` and `regions` may be given; with neither,
/// the usual boxes of the size.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Document {
    /// The size N (1 to 25).
    pub size: usize,
    /// Boxes as `"RxC"` (rows x columns per box), e.g. `"2x3"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boxes: Option<String>,
    /// Irregular regions: N rows of N region numbers (1..=N).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub regions: Option<Vec<Vec<u8>>>,
    /// The givens.
    pub givens: Givens,
    /// The rules.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<Rule>,
}

/// Givens as one string of N * N characters (`1`-`9`, `A` = 10..., `.` blank) or N rows of N
/// numbers (0 blank).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(untagged)]
pub enum Givens {
    /// One string of N * N characters.
    Line(String),
    /// N rows of N numbers.
    Rows(Vec<Vec<u8>>),
}

impl Document {
    /// The puzzle this document describes.
    pub fn to_puzzle(&self) -> Result<Puzzle, VariantError> {
        let n = self.size;
        if n == 0 || n > crate::variant::MAX_SIZE {
            return Err(VariantError::Size(n));
        }
        let shape = match (&self.boxes, &self.regions) {
            (Some(_), Some(_)) => {
                return Err(VariantError::Regions(
                    "give boxes or regions, not both".into(),
                ))
            }
            (Some(boxes), None) => {
                let (rows, cols) = parse_boxes(boxes).ok_or(VariantError::Boxes {
                    rows: 0,
                    cols: 0,
                    size: n,
                })?;
                let shape = Shape::boxes(rows, cols)?;
                if shape.size() != n {
                    return Err(VariantError::Boxes {
                        rows,
                        cols,
                        size: n,
                    });
                }
                shape
            }
            (None, Some(rows)) => {
                if rows.len() != n || rows.iter().any(|r| r.len() != n) {
                    return Err(VariantError::Regions(format!("expected {n} rows of {n}")));
                }
                let flat = rows.iter().flatten().map(|&r| r.wrapping_sub(1)).collect();
                Shape::regions(n, flat)?
            }
            (None, None) => Shape::square(n)?,
        };
        let givens: Vec<u8> = match &self.givens {
            Givens::Line(line) => line
                .chars()
                .map(|c| super::char_value(c).unwrap_or(u8::MAX))
                .collect(),
            Givens::Rows(rows) => {
                if rows.iter().any(|r| r.len() != n) {
                    return Err(VariantError::GivensLength {
                        expected: n * n,
                        found: rows.iter().map(Vec::len).sum(),
                    });
                }
                rows.iter().flatten().copied().collect()
            }
        };
        Puzzle::new(shape, givens, self.rules.clone())
    }

    /// The document of `puzzle` with `grid` (N * N values) as its givens.
    pub fn from_puzzle(puzzle: &Puzzle, grid: &[u8]) -> Document {
        let shape = puzzle.shape();
        let n = shape.size();
        let (boxes, regions) = match shape.box_dims() {
            Some((r, c)) => (Some(format!("{r}x{c}")), None),
            None => {
                let map = shape.region_map();
                let rows = map
                    .chunks(n)
                    .map(|row| row.iter().map(|r| r + 1).collect())
                    .collect();
                (None, Some(rows))
            }
        };
        Document {
            size: n,
            boxes,
            regions,
            givens: Givens::Line(grid.iter().map(|&v| super::cell_char(v)).collect()),
            rules: puzzle.rules().to_vec(),
        }
    }
}

/// `"2x3"` as (2, 3).
pub(crate) fn parse_boxes(text: &str) -> Option<(usize, usize)> {
    let (r, c) = text.trim().split_once(['x', 'X'])?;
    Some((r.trim().parse().ok()?, c.trim().parse().ok()?))
}
