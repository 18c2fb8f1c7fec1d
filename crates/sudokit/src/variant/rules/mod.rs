//! The rules, one file each: the rule's data (serde), how it compiles into houses, relations
//! and propagators ([`Constraint::build`]), and its exact check on a full grid
//! ([`Constraint::holds`]). Adding a rule is one file and one line in `rules!` below.
//!
//! In JSON a rule is an object with a `type` (the kebab-case name) and its fields:
//! `{"type": "killer", "cells": ["r1c1", "r1c2"], "sum": 3}`.

mod pairs;

use super::build::Builder;
use super::shape::{Pos, Shape};
use super::VariantError;

/// A full grid being checked, for [`Constraint::holds`].
pub(crate) struct Solved<'a> {
    pub(crate) n: usize,
    pub(crate) grid: &'a [u8],
    pub(crate) shape: &'a Shape,
}

impl Solved<'_> {
    /// The digit at `pos` (0 outside the grid, which no rule passes after `build`).
    pub(crate) fn at(&self, pos: Pos) -> u32 {
        self.shape.index(pos).map_or(0, |c| u32::from(self.grid[c]))
    }

    /// Whether the digits of `cells` are all different.
    pub(crate) fn distinct(&self, cells: impl IntoIterator<Item = Pos>) -> bool {
        let mut seen = 0u32;
        for p in cells {
            let bit = 1u32 << self.at(p);
            if seen & bit != 0 {
                return false;
            }
            seen |= bit;
        }
        true
    }
}

/// What each rule implements.
pub(crate) trait Constraint {
    /// Adds the rule's houses, relations and propagators, or says why its data do not fit.
    fn build(&self, b: &mut Builder<'_>) -> Result<(), VariantError>;
    /// Whether a full grid keeps the rule.
    fn holds(&self, s: &Solved<'_>) -> bool;
}

macro_rules! rules {
    ($($(#[$doc:meta])* $variant:ident($module:ident::$ty:ident) = $name:literal,)*) => {
        $(mod $module; pub use $module::$ty;)*

        /// One rule of a variant puzzle, as plain data. Serialised with a `type` field that
        /// holds its [name](Rule::name).
        #[derive(Debug, Clone, PartialEq, Eq)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        #[cfg_attr(feature = "serde", serde(tag = "type"))]
        #[non_exhaustive]
        pub enum Rule {
            $($(#[$doc])* #[cfg_attr(feature = "serde", serde(rename = $name))] $variant($ty),)*
        }

        impl Rule {
            /// Every rule's name, in kebab case.
            pub const NAMES: &'static [&'static str] = &[$($name),*];

            /// The rule's name in kebab case (`anti-knight`).
            pub fn name(&self) -> &'static str {
                match self { $(Rule::$variant(_) => $name,)* }
            }

            pub(crate) fn build(&self, b: &mut Builder<'_>) -> Result<(), VariantError> {
                match self { $(Rule::$variant(r) => r.build(b),)* }
            }

            pub(crate) fn holds(&self, s: &Solved<'_>) -> bool {
                match self { $(Rule::$variant(r) => r.holds(s),)* }
            }
        }
    };
}

rules! {
    /// Both main diagonals are houses (Sudoku X).
    Diagonal(diagonal::Diagonal) = "diagonal",
    /// The windows (hyper boxes) are houses.
    Windoku(windoku::Windoku) = "windoku",
    /// Cells at the same place in each box form a house.
    Disjoint(disjoint::Disjoint) = "disjoint",
    /// Any group of cells whose digits differ (a house when it has N cells).
    House(house::House) = "house",
    /// Cells a chess knight's move apart differ.
    AntiKnight(anti_knight::AntiKnight) = "anti-knight",
    /// Cells a chess king's move apart differ.
    AntiKing(anti_king::AntiKing) = "anti-king",
    /// Orthogonal neighbours are not consecutive.
    NonConsecutive(non_consecutive::NonConsecutive) = "non-consecutive",
    /// A killer cage: different digits with a given sum.
    Killer(killer::Killer) = "killer",
    /// A thermometer: digits increase from the bulb.
    Thermo(thermo::Thermo) = "thermo",
    /// An arrow: the digits on it sum to the number in its circle.
    Arrow(arrow::Arrow) = "arrow",
    /// Kropki dots: white between consecutive digits, black between a digit and its double.
    Kropki(kropki::Kropki) = "kropki",
    /// XV: X between digits summing to 10, V between digits summing to 5.
    Xv(xv::Xv) = "xv",
    /// A sandwich sum: the digits between 1 and N in a row or column.
    Sandwich(sandwich::Sandwich) = "sandwich",
    /// Cells that hold even or odd digits.
    EvenOdd(even_odd::EvenOdd) = "even-odd",
    /// A little killer clue: the sum of a diagonal line of cells (digits may repeat).
    LittleKiller(little_killer::LittleKiller) = "little-killer",
}

impl Rule {
    /// The rule named `name` that needs no data (`diagonal`, `windoku`, `disjoint`,
    /// `anti-knight`, `anti-king`, `non-consecutive`), for `--rules a,b`.
    pub fn from_name(name: &str) -> Option<Rule> {
        Some(match name {
            "diagonal" | "x" => Rule::Diagonal(Diagonal::default()),
            "windoku" | "hyper" => Rule::Windoku(Windoku::default()),
            "disjoint" | "disjoint-groups" => Rule::Disjoint(Disjoint::default()),
            "anti-knight" => Rule::AntiKnight(AntiKnight::default()),
            "anti-king" => Rule::AntiKing(AntiKing::default()),
            "non-consecutive" => Rule::NonConsecutive(NonConsecutive::default()),
            _ => return None,
        })
    }
}

/// The orthogonally adjacent pairs of cells (each once).
pub(crate) fn orthogonal_pairs(n: usize) -> impl Iterator<Item = (Pos, Pos)> {
    let n = n as u8;
    (0..n).flat_map(move |r| {
        (0..n).flat_map(move |c| {
            let right = (c + 1 < n).then(|| (Pos::new(r, c), Pos::new(r, c + 1)));
            let down = (r + 1 < n).then(|| (Pos::new(r, c), Pos::new(r + 1, c)));
            right.into_iter().chain(down)
        })
    })
}

/// The pairs of cells `offsets` apart (each unordered pair once).
pub(crate) fn offset_pairs(n: usize, offsets: &[(i32, i32)]) -> Vec<(usize, usize)> {
    let n = n as i32;
    let mut pairs = Vec::new();
    for r in 0..n {
        for c in 0..n {
            for &(dr, dc) in offsets {
                let (r2, c2) = (r + dr, c + dc);
                if (0..n).contains(&r2) && (0..n).contains(&c2) && (r2, c2) > (r, c) {
                    pairs.push(((r * n + c) as usize, (r2 * n + c2) as usize));
                }
            }
        }
    }
    pairs
}

/// Whether `a` and `b` are orthogonal neighbours.
pub(crate) fn adjacent(a: Pos, b: Pos) -> bool {
    a.row.abs_diff(b.row) + a.col.abs_diff(b.col) == 1
}
