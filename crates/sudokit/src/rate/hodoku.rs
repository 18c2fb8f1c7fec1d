//! A HoDoKu-style score and level over a solve path.
//!
//! HoDoKu (hobiwan; `SudokuSolver.solve`, `Options.DEFAULT_DIFFICULTY_LEVELS`) adds a base score
//! per step, takes the highest level of any step used, and then moves the level up while the
//! score exceeds that level's maximum (easy 800, medium 1000, hard 1600, unfair 1800). A step it
//! cannot find ends the solve as "give up" (20000, extreme).
//!
//! Here the path is Sudoku Explainer's (the same path as ER/EP/ED), not HoDoKu's own: HoDoKu
//! tries its techniques in another order (naked before hidden singles, locked pairs before
//! pointing, ...), so the score approximates what HoDoKu would say. Every number is data in a
//! [`HodokuTable`] passed in; the default is HoDoKu's table from `shared/docs/TECHNIQUES.md`.
//! Where SE has a technique HoDoKu lacks, the default picks the nearest HoDoKu step and says so
//! in [`HodokuTable::hodoku`].

use crate::logic::{CandidateGrid, ChainName, Outcome, Step, Technique};
use std::fmt;

/// A HoDoKu difficulty level, from easiest to hardest.
///
/// ```
/// use sudokit::rate::Level;
/// assert!(Level::Hard > Level::Medium);
/// assert_eq!(Level::Unfair.to_string(), "unfair");
/// assert_eq!("extreme".parse::<Level>(), Ok(Level::Extreme));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Level {
    /// Singles only, and not too many of them.
    #[default]
    Easy,
    /// Locked candidates, pairs, triples.
    Medium,
    /// Fish, wings, uniqueness, short single-digit chains.
    Hard,
    /// Longer chains and loops.
    Unfair,
    /// Forcing chains and nets, or no solution path at all.
    Extreme,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Unfair,
        Level::Extreme,
    ];

    /// The lower-case name: `easy`, `medium`, `hard`, `unfair`, `extreme`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Unfair => "unfair",
            Level::Extreme => "extreme",
        }
    }

    /// The next harder level, if any.
    pub const fn harder(self) -> Option<Level> {
        match self {
            Level::Easy => Some(Level::Medium),
            Level::Medium => Some(Level::Hard),
            Level::Hard => Some(Level::Unfair),
            Level::Unfair => Some(Level::Extreme),
            Level::Extreme => None,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text is not a level name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown level {text:?} (expected easy, medium, hard, unfair or extreme)")]
#[non_exhaustive]
pub struct UnknownLevel {
    /// The text that was read.
    pub text: String,
}

impl std::str::FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(text: &str) -> Result<Level, UnknownLevel> {
        Level::ALL
            .into_iter()
            .find(|level| level.name() == text)
            .ok_or_else(|| UnknownLevel {
                text: text.to_string(),
            })
    }
}

/// What one step adds: its base score and the level it needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HodokuEntry {
    /// Added to the puzzle's score for each step.
    pub score: u32,
    /// The puzzle is at least this level when the step is used.
    pub level: Level,
}

impl HodokuEntry {
    /// The entry `score` at `level`.
    pub const fn new(score: u32, level: Level) -> HodokuEntry {
        HodokuEntry { score, level }
    }
}

use Level::{Extreme as X, Hard as H, Unfair as U};

/// Declares `TECHNIQUES` from the technique table's `hodoku` column.
macro_rules! hodoku_column {
    ($(
        $(#[$doc:meta])*
        $variant:ident = $id:literal, $name:literal, se $se:literal, hodoku $hodoku:tt;
    )*) => {
        /// HoDoKu's entry for each SE technique, `None` where its table has none. For SE's
        /// techniques that HoDoKu lacks: a "direct" step is the locked set plus the hidden
        /// single it leaves, so it scores both; BUG types 2-4 are scored like BUG+1, aligned
        /// pair exclusion like ALS-XZ (its nearest relative in HoDoKu) and aligned triplet
        /// exclusion like ALS-XY-Wing (the next ALS technique up). Chains are scored by their
        /// common name when they have one (see `CHAIN_NAMES`), else as X-chains (single digit)
        /// or nice loops / AICs.
        const TECHNIQUES: [(Technique, Option<HodokuEntry>); Technique::COUNT] =
            [$((Technique::$variant, hodoku_entry!($hodoku)),)*];
    };
}

/// One cell of the `hodoku` column: `(score, Level)` or `none`.
macro_rules! hodoku_entry {
    (none) => {
        None
    };
    (($score:expr, $level:ident)) => {
        Some(HodokuEntry::new($score, Level::$level))
    };
}

crate::logic::technique_table!(hodoku_column);

/// HoDoKu's entries for the common names of chains.
const CHAIN_NAMES: &[(ChainName, HodokuEntry)] = &[
    (ChainName::Skyscraper, HodokuEntry::new(130, H)),
    (ChainName::TwoStringKite, HodokuEntry::new(150, H)),
    (ChainName::EmptyRectangle, HodokuEntry::new(120, H)),
    (ChainName::TurbotFish, HodokuEntry::new(120, H)),
    (ChainName::RemotePair, HodokuEntry::new(110, H)),
    (ChainName::WWing, HodokuEntry::new(150, H)),
    (ChainName::XChain, HodokuEntry::new(260, U)),
    (ChainName::XyChain, HodokuEntry::new(260, U)),
    (ChainName::Aic, HodokuEntry::new(280, U)),
    (ChainName::NiceLoop, HodokuEntry::new(280, U)),
    (ChainName::DiscontinuousNiceLoop, HodokuEntry::new(280, U)),
];

/// The score and level of each step, and the level thresholds: HoDoKu's numbers as data.
///
/// ```
/// use sudokit::logic::Technique;
/// use sudokit::rate::{HodokuEntry, HodokuTable, Level};
/// let mut table = HodokuTable::default(); // HoDoKu's numbers
/// assert_eq!(table.get(Technique::XWing), HodokuEntry::new(140, Level::Hard));
/// table.set(Technique::XWing, HodokuEntry::new(100, Level::Medium));
/// assert_eq!(table.get(Technique::XWing).score, 100);
/// assert_eq!(table.max_score(Level::Easy), Some(800));
/// assert_eq!(table.max_score(Level::Extreme), None);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HodokuTable {
    by_technique: [Option<HodokuEntry>; Technique::COUNT],
    by_chain_name: Vec<(ChainName, HodokuEntry)>,
    unlisted: HodokuEntry,
    give_up: HodokuEntry,
    /// The highest score of easy, medium, hard and unfair; extreme has no maximum.
    max_scores: [u32; 4],
}

impl HodokuTable {
    /// HoDoKu's default numbers (`Options.DEFAULT_SOLVER_STEPS` and
    /// `DEFAULT_DIFFICULTY_LEVELS`), with these choices for SE techniques HoDoKu lacks:
    /// - a direct pointing, claiming or hidden pair/triple scores its locked set plus the
    ///   hidden single it leaves (e.g. 50 + 14, medium);
    /// - BUG types 2 to 4 score like BUG+1 (100, hard); aligned pair exclusion like ALS-XZ
    ///   (300, unfair), aligned triplet exclusion like ALS-XY-Wing (320, unfair);
    /// - a chain scores by its common name (skyscraper 130 hard, ..., AIC 280 unfair), else
    ///   as an X-chain (260) or a nice loop / AIC (280), unfair;
    /// - Nishio chains score like HoDoKu's forcing chain (500, extreme), SE's dynamic chains
    ///   (plain and "(+)") like its forcing net (700, extreme);
    /// - a technique without an entry ([`unlisted`](HodokuTable::unlisted): SE's cell and
    ///   region forcing chains) scores like HoDoKu's forcing chain, 500, extreme.
    pub fn hodoku() -> HodokuTable {
        let mut by_technique = [None; Technique::COUNT];
        for (technique, entry) in TECHNIQUES {
            by_technique[technique.index()] = entry;
        }
        HodokuTable {
            by_technique,
            by_chain_name: CHAIN_NAMES.to_vec(),
            unlisted: HodokuEntry::new(500, X),
            give_up: HodokuEntry::new(20_000, X),
            max_scores: [800, 1000, 1600, 1800],
        }
    }

    /// The entry of `technique` (the [`unlisted`](HodokuTable::unlisted) entry if it has none).
    pub fn get(&self, technique: Technique) -> HodokuEntry {
        self.by_technique
            .get(technique.index())
            .copied()
            .flatten()
            .unwrap_or(self.unlisted)
    }

    /// Whether `technique` has an entry of its own.
    pub fn lists(&self, technique: Technique) -> bool {
        matches!(self.by_technique.get(technique.index()), Some(Some(_)))
    }

    /// Gives `technique` the entry `entry`.
    pub fn set(&mut self, technique: Technique, entry: HodokuEntry) {
        if let Some(slot) = self.by_technique.get_mut(technique.index()) {
            *slot = Some(entry);
        }
    }

    /// The entry of a chain with the common name `name`, if it has one.
    pub fn chain_name(&self, name: ChainName) -> Option<HodokuEntry> {
        self.by_chain_name
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, entry)| entry)
    }

    /// Gives chains named `name` the entry `entry` (it takes precedence over the technique's).
    pub fn set_chain_name(&mut self, name: ChainName, entry: HodokuEntry) {
        match self.by_chain_name.iter_mut().find(|(n, _)| *n == name) {
            Some(slot) => slot.1 = entry,
            None => self.by_chain_name.push((name, entry)),
        }
    }

    /// The entry of a technique the table does not list.
    pub fn unlisted(&self) -> HodokuEntry {
        self.unlisted
    }

    /// Sets the entry of techniques the table does not list.
    pub fn set_unlisted(&mut self, entry: HodokuEntry) {
        self.unlisted = entry;
    }

    /// What a stuck path adds at its end (HoDoKu's "give up": 20000, extreme).
    pub fn give_up(&self) -> HodokuEntry {
        self.give_up
    }

    /// Sets what a stuck path adds.
    pub fn set_give_up(&mut self, entry: HodokuEntry) {
        self.give_up = entry;
    }

    /// The highest score a puzzle of `level` may have (`None` for extreme: no maximum).
    pub fn max_score(&self, level: Level) -> Option<u32> {
        self.max_scores.get(level as usize).copied()
    }

    /// Sets the highest score of `level` (ignored for extreme, which has no maximum).
    pub fn set_max_score(&mut self, level: Level, score: u32) {
        if let Some(slot) = self.max_scores.get_mut(level as usize) {
            *slot = score;
        }
    }

    /// The entry that counts for `step`: its chain name's when it has one listed, else its
    /// technique's.
    pub fn entry(&self, step: &Step) -> HodokuEntry {
        ChainName::of(step)
            .and_then(|name| self.chain_name(name))
            .unwrap_or_else(|| self.get(step.technique))
    }
}

impl Default for HodokuTable {
    fn default() -> Self {
        HodokuTable::hodoku()
    }
}

/// A HoDoKu-style score and level.
///
/// ```
/// use sudokit::logic::{CandidateGrid, Outcome, Rating, Step, Technique};
/// use sudokit::rate::{HodokuScore, HodokuTable, Level};
/// let steps = [
///     Step::new(Technique::HiddenSingleBox, Rating::from_tenths(12)),
///     Step::new(Technique::XWing, Rating::from_tenths(32)),
/// ];
/// let start = CandidateGrid::new();
/// let score = HodokuScore::of(&start, &steps, Outcome::Solved, &HodokuTable::default());
/// assert_eq!(score, HodokuScore { score: 154, level: Level::Hard });
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HodokuScore {
    /// The sum of the steps' scores (plus "give up" when stuck).
    pub score: u32,
    /// The level.
    pub level: Level,
}

impl HodokuScore {
    /// The score and level of the path `steps` from `start` that ended with `outcome`, by
    /// `table`.
    ///
    /// HoDoKu looks for full houses and naked singles before hidden singles, so a hidden single
    /// whose cell had only that candidate left (replayed from `start`) counts as the naked
    /// single HoDoKu would have seen there (4, not 14). Otherwise every step counts by
    /// [`HodokuTable::entry`].
    pub fn of(
        start: &CandidateGrid,
        steps: &[Step],
        outcome: Outcome,
        table: &HodokuTable,
    ) -> HodokuScore {
        let mut grid = start.clone();
        let mut score: u32 = 0;
        let mut level = Level::Easy;
        let mut add = |entry: HodokuEntry| {
            score = score.saturating_add(entry.score);
            level = level.max(entry.level);
        };
        for step in steps {
            let naked = is_hidden_single(step.technique)
                && matches!(step.placements.as_slice(), [(cell, _)] if grid.candidates(*cell).len() == 1);
            add(if naked {
                table.get(Technique::NakedSingle)
            } else {
                table.entry(step)
            });
            grid.apply(step);
        }
        if outcome == Outcome::Stuck {
            add(table.give_up());
        }
        while let (Some(max), Some(harder)) = (table.max_score(level), level.harder()) {
            if score <= max {
                break;
            }
            level = harder;
        }
        HodokuScore { score, level }
    }
}

fn is_hidden_single(technique: Technique) -> bool {
    matches!(
        technique,
        Technique::HiddenSingleBox | Technique::HiddenSingleColumn | Technique::HiddenSingleRow
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{Link, Rating};

    fn steps(list: &[Technique]) -> Vec<Step> {
        list.iter()
            .map(|&t| Step::new(t, Rating::from_tenths(10)))
            .collect()
    }

    #[test]
    fn levels_take_the_hardest_step_then_climb_with_the_score() {
        let table = HodokuTable::default();
        let of = |list: &[Technique], outcome| {
            HodokuScore::of(&CandidateGrid::new(), &steps(list), outcome, &table)
        };
        let hs = Technique::HiddenSingleBox;
        // 57 hidden singles: 798, still easy; 58: 812, medium on score alone.
        assert_eq!(
            of(&[hs; 57], Outcome::Solved),
            HodokuScore {
                score: 798,
                level: Level::Easy
            }
        );
        assert_eq!(of(&[hs; 58], Outcome::Solved).level, Level::Medium);
        // One pointing makes it medium at least.
        assert_eq!(
            of(&[hs, Technique::Pointing], Outcome::Solved),
            HodokuScore {
                score: 64,
                level: Level::Medium
            }
        );
        // A medium path past 1000 is hard, past 1600 unfair, past 1800 extreme.
        let mut path = vec![Technique::HiddenTriple; 11]; // 1100
        assert_eq!(of(&path, Outcome::Solved).level, Level::Hard);
        path.extend([Technique::HiddenTriple; 6]); // 1700
        assert_eq!(of(&path, Outcome::Solved).level, Level::Unfair);
        path.extend([Technique::HiddenTriple; 2]); // 1900
        assert_eq!(of(&path, Outcome::Solved).level, Level::Extreme);
        // Stuck: give up adds 20000 and makes it extreme.
        assert_eq!(
            of(&[hs], Outcome::Stuck),
            HodokuScore {
                score: 20_014,
                level: Level::Extreme
            }
        );
        assert_eq!(of(&[], Outcome::Solved).score, 0);
    }

    #[test]
    fn a_hidden_single_in_a_cell_with_one_candidate_counts_as_a_naked_single() {
        use crate::{Cell, Digit, Grid};
        let table = HodokuTable::default();
        // Row 1 holds 1-8: r1c9 can only be 9, by either rule. On the empty board r1c1 has
        // nine candidates, so a hidden single there is one.
        let values: [u8; 81] = std::array::from_fn(|i| if i < 8 { (i + 1) as u8 } else { 0 });
        let start = CandidateGrid::from_grid(&Grid::from_values(values).expect("a grid"));
        let single = |cell: usize, digit: u8| {
            let mut step = Step::new(Technique::HiddenSingleRow, Rating::from_tenths(15));
            let cell = Cell::new(cell).expect("a cell");
            step.placements
                .push((cell, Digit::new(digit).expect("a digit")));
            step
        };
        let of = |start: &CandidateGrid, step: Step| {
            HodokuScore::of(start, &[step], Outcome::Solved, &table).score
        };
        assert_eq!(of(&start, single(8, 9)), 4);
        assert_eq!(of(&CandidateGrid::new(), single(0, 1)), 14);
        // The replay follows the path: after r1c9 = 9, nothing else in row 1 is open.
        let path = [single(8, 9), single(9, 4)];
        let score = HodokuScore::of(&start, &path, Outcome::Solved, &table);
        assert_eq!(score.score, 4 + 14);
    }

    /// Each technique's default SE rating and HoDoKu entry, one line each, so that moving the
    /// numbers (into the technique table's rows) shows up as a reviewed diff if one changes.
    #[test]
    fn every_technique_keeps_its_default_ratings() {
        let (ratings, table) = (crate::logic::Ratings::default(), HodokuTable::default());
        let mut lines = String::new();
        for &t in Technique::ALL {
            let hodoku = if table.lists(t) {
                let entry = table.get(t);
                format!("{} {}", entry.score, entry.level)
            } else {
                "-".to_owned()
            };
            lines.push_str(&format!("{} {} {hodoku}\n", t.id(), ratings.get(t)));
        }
        insta::assert_snapshot!(lines);
    }

    #[test]
    fn the_default_table_lists_every_technique_before_the_later_forcing_chains() {
        let table = HodokuTable::default();
        for &t in Technique::ALL {
            // Techniques SE rates below 7.5 are all in the table; later ones (ATE, Nishio,
            // multiple, dynamic and nested chains) may fall back on the forcing-chain entry.
            let rated = crate::logic::Ratings::default().get(t);
            assert!(table.lists(t) || rated.tenths() >= 75, "{t:?} has no entry");
        }
        assert_eq!(table.unlisted(), HodokuEntry::new(500, Level::Extreme));
        assert_eq!(table.give_up(), HodokuEntry::new(20_000, Level::Extreme));
    }

    #[test]
    fn tables_are_data_that_callers_change() {
        let mut table = HodokuTable::default();
        let path = steps(&[Technique::XWing]);
        assert_eq!(
            HodokuScore::of(&CandidateGrid::new(), &path, Outcome::Solved, &table).level,
            Level::Hard
        );
        table.set(Technique::XWing, HodokuEntry::new(40, Level::Easy));
        table.set_max_score(Level::Easy, 30);
        assert_eq!(
            HodokuScore::of(&CandidateGrid::new(), &path, Outcome::Solved, &table),
            HodokuScore {
                score: 40,
                level: Level::Medium
            }
        );
        table.set_give_up(HodokuEntry::new(1, Level::Hard));
        assert_eq!(
            HodokuScore::of(&CandidateGrid::new(), &[], Outcome::Stuck, &table),
            HodokuScore {
                score: 1,
                level: Level::Hard
            }
        );
        table.set_max_score(Level::Extreme, 0); // no maximum to set: ignored
        assert_eq!(table.max_score(Level::Extreme), None);
        table.set_unlisted(HodokuEntry::new(7, Level::Medium));
        assert_eq!(table.unlisted().score, 7);
        table.set_chain_name(ChainName::Skyscraper, HodokuEntry::new(9, Level::Easy));
        assert_eq!(
            table.chain_name(ChainName::Skyscraper).map(|e| e.score),
            Some(9)
        );
    }

    #[test]
    fn a_named_chain_scores_by_its_name() {
        use crate::logic::ChainNode;
        use crate::{Block, Cell, Col, Digit, House, Row};
        // A skyscraper on 1: strong r1c1-r5c1 (column 1), weak r5c1-r5c3 (row 5), strong
        // r5c3-r2c3 (column 3); the forcing X-chain runs from r1c2 on through those links
        // back to r1c2 off (r2c3 sees it in box 1).
        let node = |r: usize, c: usize, on: bool| ChainNode {
            cell: Cell::at(Row::new(r - 1).expect("row"), Col::new(c - 1).expect("col")),
            digit: Digit::new(1).expect("digit"),
            on,
        };
        let col = |c: usize| Some(House::Col(Col::new(c - 1).expect("col")));
        let row = |r: usize| Some(House::Row(Row::new(r - 1).expect("row")));
        let boxed = |b: usize| Some(House::Block(Block::new(b - 1).expect("box")));
        let link = |from, to, house| Link { from, to, house };
        let mut step = Step::new(Technique::ForcingXChain, Rating::from_tenths(66));
        step.links = vec![
            link(node(1, 2, true), node(1, 1, false), row(1)),
            link(node(1, 1, false), node(5, 1, true), col(1)),
            link(node(5, 1, true), node(5, 3, false), row(5)),
            link(node(5, 3, false), node(2, 3, true), col(3)),
            link(node(2, 3, true), node(1, 2, false), boxed(1)),
        ];
        let table = HodokuTable::default();
        let name = ChainName::of(&step);
        assert_eq!(name, Some(ChainName::Skyscraper));
        let expected = name
            .and_then(|n| table.chain_name(n))
            .expect("every common name has an entry");
        assert_eq!(table.entry(&step), expected);
        // Without links it is scored as its technique.
        step.links.clear();
        assert_eq!(table.entry(&step), HodokuEntry::new(260, Level::Unfair));
    }
}
