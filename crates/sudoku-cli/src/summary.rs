//! The counters of a run and the `--stats` summary printed from them.

use crate::work::Status;
use std::fmt;
use std::time::Duration;
use sudokit::rate::{Level, PuzzleRating};

/// What a run has done so far.
#[derive(Debug, Clone, Default)]
pub(crate) struct Tally {
    /// Puzzle records seen (good or bad).
    pub(crate) records: u64,
    /// Records with exactly one solution.
    pub(crate) unique: u64,
    /// Records with two or more.
    pub(crate) multiple: u64,
    /// Records solved without a uniqueness check.
    pub(crate) solved_unchecked: u64,
    /// Records with no solution (rules respected).
    pub(crate) none: u64,
    /// Records whose givens break the rules.
    pub(crate) invalid: u64,
    /// Records the search gave up on.
    pub(crate) gave_up: u64,
    /// Records that could not be parsed.
    pub(crate) bad: u64,
    /// Inputs that could not be opened or read.
    pub(crate) unreadable: u64,
    /// Guesses made, summed over all records.
    pub(crate) guesses: u64,
}

impl Tally {
    /// Counts one record.
    pub(crate) fn add(&mut self, status: Status, guesses: u64) {
        self.records += 1;
        self.guesses = self.guesses.saturating_add(guesses);
        let counter = match status {
            Status::Unique => &mut self.unique,
            Status::Multiple => &mut self.multiple,
            Status::Solved => &mut self.solved_unchecked,
            Status::NoSolution => &mut self.none,
            Status::Invalid => &mut self.invalid,
            Status::GaveUp => &mut self.gave_up,
            Status::Error => &mut self.bad,
        };
        *counter += 1;
    }

    /// Adds the counts of `other`.
    pub(crate) fn merge(&mut self, other: &Tally) {
        // Every field named, so that a new counter cannot be left out.
        let Tally {
            records,
            unique,
            multiple,
            solved_unchecked,
            none,
            invalid,
            gave_up,
            bad,
            unreadable,
            guesses,
        } = *other;
        self.records += records;
        self.unique += unique;
        self.multiple += multiple;
        self.solved_unchecked += solved_unchecked;
        self.none += none;
        self.invalid += invalid;
        self.gave_up += gave_up;
        self.bad += bad;
        self.unreadable += unreadable;
        self.guesses = self.guesses.saturating_add(guesses);
    }

    /// Records with at least one solution.
    pub(crate) fn solved(&self) -> u64 {
        self.unique + self.multiple + self.solved_unchecked
    }

    /// The summary for `--stats`, given the elapsed time and the number of worker threads.
    pub(crate) fn summary(&self, elapsed: Duration, threads: usize) -> Summary<'_> {
        Summary {
            tally: self,
            elapsed,
            threads,
        }
    }
}

/// The `--stats` report; its `Display` is a small table, one item per line.
pub(crate) struct Summary<'a> {
    tally: &'a Tally,
    elapsed: Duration,
    threads: usize,
}

impl fmt::Display for Summary<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = self.tally;
        let secs = self.elapsed.as_secs_f64();
        let rate = t.records as f64 / secs.max(1e-9);
        let threads = self.threads;
        let plural = if threads == 1 { "" } else { "s" };
        writeln!(
            f,
            "puzzles    {} in {secs:.3} s ({rate:.1} puzzles/s, {threads} thread{plural})",
            t.records
        )?;
        write!(f, "solved     {}", t.solved())?;
        let parts: Vec<String> = [
            ("unique", t.unique),
            ("multiple", t.multiple),
            ("uniqueness not checked", t.solved_unchecked),
        ]
        .iter()
        .filter(|(_, n)| *n > 0)
        .map(|(name, n)| format!("{name} {n}"))
        .collect();
        if !parts.is_empty() {
            write!(f, " ({})", parts.join(", "))?;
        }
        writeln!(f)?;
        writeln!(f, "none       {}", t.none)?;
        writeln!(f, "invalid    {}", t.invalid)?;
        writeln!(f, "bad input  {}", t.bad)?;
        if t.gave_up > 0 {
            writeln!(f, "gave up    {}", t.gave_up)?;
        }
        if t.unreadable > 0 {
            writeln!(f, "unreadable {} input(s)", t.unreadable)?;
        }
        let per = t.guesses as f64 / (t.records.max(1)) as f64;
        writeln!(f, "guesses    {} ({per:.2} per puzzle)", t.guesses)
    }
}

/// Rated puzzles by whole ER and by level: the `ER` and `levels` lines of the `--stats` of
/// `rate` and `generate`. Stuck puzzles (ER 20.0, level unknown) are counted by the callers,
/// each of which says them its own way.
#[derive(Debug, Clone, Default)]
pub(crate) struct RatingSpread {
    /// Index 0 for ER below 1, ..., 11 for ER 11 and up.
    er: [u64; 12],
    levels: [u64; 5],
}

impl RatingSpread {
    /// Counts one puzzle the techniques solved.
    pub(crate) fn add(&mut self, rating: &PuzzleRating) {
        self.er[usize::from(rating.se.er.tenths() / 10).min(11)] += 1;
        self.levels[rating.hodoku.level as usize] += 1;
    }

    /// `ER         1.x: 3, 2.x: 1<stuck>` and `levels     easy 3, medium 1`, each line only
    /// when it has something to show (`stuck`, when not empty, ends the ER line).
    pub(crate) fn write(&self, f: &mut impl fmt::Write, stuck: &str) -> fmt::Result {
        let bands: Vec<String> = (self.er.iter().enumerate())
            .filter(|(_, &n)| n > 0)
            .map(|(band, n)| match band {
                11 => format!("11+: {n}"),
                _ => format!("{band}.x: {n}"),
            })
            .collect();
        if !bands.is_empty() || !stuck.is_empty() {
            writeln!(f, "ER         {}{stuck}", bands.join(", "))?;
        }
        let levels: Vec<String> = (Level::ALL.iter().zip(self.levels))
            .filter(|(_, n)| *n > 0)
            .map(|(level, n)| format!("{level} {n}"))
            .collect();
        if !levels.is_empty() {
            writeln!(f, "levels     {}", levels.join(", "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rating_spread_shows_only_what_it_saw() {
        let mut text = String::new();
        RatingSpread::default()
            .write(&mut text, "")
            .expect("a string");
        assert_eq!(text, "");
        RatingSpread::default()
            .write(&mut text, " (stuck: 2)")
            .expect("a string");
        assert_eq!(text, "ER          (stuck: 2)\n");
        let puzzle = sudokit::format::parse(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        )
        .expect("a puzzle")
        .grid;
        let rating = sudokit::rate::Rater::new()
            .rate(&puzzle)
            .expect("proper")
            .rating;
        let mut spread = RatingSpread::default();
        spread.add(&rating);
        spread.add(&rating);
        let mut text = String::new();
        spread.write(&mut text, "").expect("a string");
        let (er, level) = (rating.se.er.tenths() / 10, rating.hodoku.level);
        assert_eq!(
            text,
            format!("ER         {er}.x: 2\nlevels     {level} 2\n")
        );
    }

    #[test]
    fn the_summary_names_every_kind_of_result() {
        let mut tally = Tally::default();
        tally.add(Status::Unique, 3);
        tally.add(Status::Multiple, 5);
        tally.add(Status::NoSolution, 0);
        tally.add(Status::Invalid, 0);
        tally.add(Status::Error, 0);
        assert_eq!(tally.solved(), 2);
        let text = tally.summary(Duration::from_secs(2), 4).to_string();
        assert!(text.starts_with("puzzles    5 in 2.000 s (2.5 puzzles/s, 4 threads)\n"));
        assert!(text.contains("solved     2 (unique 1, multiple 1)\n"));
        assert!(text.contains("none       1\n"));
        assert!(text.contains("invalid    1\n"));
        assert!(text.contains("bad input  1\n"));
        assert!(text.contains("guesses    8 (1.60 per puzzle)\n"));
    }
}
