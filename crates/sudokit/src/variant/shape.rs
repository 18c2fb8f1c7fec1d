//! The grid's size and regions, and cell positions.

use super::VariantError;
use std::fmt;

/// The largest size: 25 digits, the most a `u32` candidate mask holds with bit 0 spare.
pub const MAX_SIZE: usize = 25;

/// A cell by 0-based row and column. Written `r1c1` (1-based) in text and JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    /// The row, from 0.
    pub row: u8,
    /// The column, from 0.
    pub col: u8,
}

impl Pos {
    /// The cell at `row`, `col` (0-based).
    pub const fn new(row: u8, col: u8) -> Pos {
        Pos { row, col }
    }
}

impl fmt::Display for Pos {
    /// `r1c1`, 1-based.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "r{}c{}",
            u16::from(self.row) + 1,
            u16::from(self.col) + 1
        )
    }
}

impl std::str::FromStr for Pos {
    type Err = String;

    /// `r1c1` or `R1C1` (1-based).
    fn from_str(text: &str) -> Result<Pos, String> {
        let bad = || format!("expected a cell like r1c1, found {text:?}");
        let lower = text.trim().to_ascii_lowercase();
        let rest = lower.strip_prefix('r').ok_or_else(bad)?;
        let (row, col) = rest.split_once('c').ok_or_else(bad)?;
        let row: u8 = row.parse().map_err(|_| bad())?;
        let col: u8 = col.parse().map_err(|_| bad())?;
        if row == 0 || col == 0 || usize::from(row) > MAX_SIZE || usize::from(col) > MAX_SIZE {
            return Err(bad());
        }
        Ok(Pos::new(row - 1, col - 1))
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Pos {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Pos {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Pos, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The size N and the regions: boxes of r x c cells (r * c = N) or N irregular regions of N
/// cells (jigsaw).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shape {
    size: usize,
    kind: Kind,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Kind {
    Boxes { rows: usize, cols: usize },
    Regions(Vec<u8>),
}

impl Shape {
    /// N x N with boxes of `rows` x `cols` cells (N = rows * cols): `Shape::boxes(2, 3)` is
    /// the 6x6 with boxes two rows high and three columns wide.
    pub fn boxes(rows: usize, cols: usize) -> Result<Shape, VariantError> {
        let size = rows.checked_mul(cols).unwrap_or(0);
        if size == 0 || size > MAX_SIZE {
            return Err(VariantError::Boxes { rows, cols, size });
        }
        Ok(Shape {
            size,
            kind: Kind::Boxes { rows, cols },
        })
    }

    /// The usual boxes of size `size`: the most nearly square r x c with r <= c (4: 2x2,
    /// 6: 2x3, 8: 2x4, 12: 3x4, 15: 3x5, 20: 4x5); a prime size gets 1 x N boxes.
    pub fn square(size: usize) -> Result<Shape, VariantError> {
        if size == 0 || size > MAX_SIZE {
            return Err(VariantError::Size(size));
        }
        let rows = (1..=size)
            .filter(|r| size.is_multiple_of(*r) && r * r <= size)
            .max()
            .unwrap_or(1);
        Shape::boxes(rows, size / rows)
    }

    /// N x N with irregular regions: `regions[cell]` is the region (0..N) of each cell,
    /// row-major; each region must have N cells. The regions need not be connected.
    pub fn regions(size: usize, regions: Vec<u8>) -> Result<Shape, VariantError> {
        if size == 0 || size > MAX_SIZE {
            return Err(VariantError::Size(size));
        }
        if regions.len() != size * size {
            return Err(VariantError::Regions(format!(
                "expected {} cells, found {}",
                size * size,
                regions.len()
            )));
        }
        let mut counts = vec![0usize; size];
        for &r in &regions {
            match counts.get_mut(usize::from(r)) {
                Some(count) => *count += 1,
                None => {
                    return Err(VariantError::Regions(format!(
                        "region {} is above the {size} regions",
                        u16::from(r) + 1
                    )))
                }
            }
        }
        if let Some(r) = counts.iter().position(|&c| c != size) {
            return Err(VariantError::Regions(format!(
                "region {} has {} cells, not {size}",
                r + 1,
                counts[r]
            )));
        }
        Ok(Shape {
            size,
            kind: Kind::Regions(regions),
        })
    }

    /// The size N.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The box dimensions (rows, cols), or `None` for irregular regions.
    pub fn box_dims(&self) -> Option<(usize, usize)> {
        match self.kind {
            Kind::Boxes { rows, cols } => Some((rows, cols)),
            Kind::Regions(_) => None,
        }
    }

    /// The region of each cell (row-major), boxes numbered row by row.
    pub fn region_map(&self) -> Vec<u8> {
        let n = self.size;
        match &self.kind {
            Kind::Regions(regions) => regions.clone(),
            Kind::Boxes { rows, cols } => (0..n * n)
                .map(|c| {
                    let (r, k) = (c / n, c % n);
                    // At most 25 boxes: fits a u8.
                    ((r / rows) * (n / cols) + k / cols) as u8
                })
                .collect(),
        }
    }

    /// The position of cell index `cell` (row-major).
    pub fn pos(&self, cell: usize) -> Pos {
        // Both are below MAX_SIZE.
        Pos::new((cell / self.size) as u8, (cell % self.size) as u8)
    }

    /// The index of `pos`, or `None` when it is outside the grid.
    pub fn index(&self, pos: Pos) -> Option<usize> {
        let (r, c) = (usize::from(pos.row), usize::from(pos.col));
        (r < self.size && c < self.size).then_some(r * self.size + c)
    }

    /// The rows, columns and regions, each as its cell indices.
    pub fn houses(&self) -> Vec<Vec<usize>> {
        let n = self.size;
        let mut houses: Vec<Vec<usize>> = (0..n)
            .map(|r| (0..n).map(|c| r * n + c).collect())
            .collect();
        houses.extend((0..n).map(|c| (0..n).map(|r| r * n + c).collect::<Vec<_>>()));
        match &self.kind {
            // Box by box, no division per cell: this runs for every puzzle compiled.
            Kind::Boxes { rows, cols } => {
                let (rows, cols) = (*rows, *cols);
                for top in (0..n).step_by(rows) {
                    for left in (0..n).step_by(cols) {
                        let mut cells = Vec::with_capacity(n);
                        for r in top..top + rows {
                            cells.extend((left..left + cols).map(|c| r * n + c));
                        }
                        houses.push(cells);
                    }
                }
            }
            // One pass over the cells, not one per region.
            Kind::Regions(map) => {
                houses.extend((0..n).map(|_| Vec::with_capacity(n)));
                for (c, &g) in map.iter().enumerate() {
                    if let Some(region) = houses.get_mut(2 * n + usize::from(g)) {
                        region.push(c);
                    }
                }
            }
        }
        houses
    }
}

#[cfg(test)]
mod tests {
    use super::Shape;

    /// The regions `houses` builds, checked against the region of each cell computed here
    /// from its row and column (boxes) or read from the map (jigsaw).
    #[test]
    fn the_regions_of_houses_hold_the_cells_of_each_region_in_order() {
        let mut shapes = Vec::new();
        for (rows, cols) in [
            (1, 1),
            (2, 2),
            (2, 3),
            (3, 2),
            (3, 3),
            (3, 4),
            (4, 4),
            (5, 5),
        ] {
            shapes.push((Shape::boxes(rows, cols).expect("boxes"), Some((rows, cols))));
        }
        // A 4x4 jigsaw: regions as four rows shifted, not boxes.
        let map = vec![0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3];
        shapes.push((Shape::regions(4, map.clone()).expect("regions"), None));
        for (shape, dims) in shapes {
            let n = shape.size();
            let houses = shape.houses();
            assert_eq!(houses.len(), 3 * n);
            for g in 0..n {
                let expected: Vec<usize> = (0..n * n)
                    .filter(|&c| match dims {
                        Some((rows, cols)) => (c / n / rows) * (n / cols) + c % n / cols == g,
                        None => usize::from(map[c]) == g,
                    })
                    .collect();
                assert_eq!(houses[2 * n + g], expected, "size {n}, region {g}");
            }
        }
    }
}
