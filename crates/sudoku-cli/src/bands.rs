//! The rating time of `sudoku rate --stats` by ER band: how many puzzles each band holds, the
//! time they took, and puzzles per second per core, so a batch run shows where its time goes
//! (issue 37: a million puzzles, mostly trivial, are rated at very different speeds from the
//! few hard ones).
//!
//! The bands are those of the issue: below 2 (singles), 2-4, 4-6, 6-8, 8-9 and 9 and up
//! (stuck puzzles, ER 20.0, included). A band's time is the sum of its puzzles' own times
//! (wall or CPU time of the rating thread, as `--cpu-time` asks), so puzzles/s per core is
//! its count over that sum, whatever the number of threads.

use std::fmt::{self, Write};
use std::time::Duration;
use sudokit::logic::Rating;

/// The lower bounds of the bands, in tenths; the last band is open.
const BAND_FLOORS: [u16; 6] = [0, 20, 40, 60, 80, 90];

/// The bands' names, as printed.
const BAND_NAMES: [&str; 6] = ["< 2", "2-4", "4-6", "6-8", "8-9", "9+"];

/// Counts and times of rated puzzles by ER band.
#[derive(Debug, Default, Clone, PartialEq)]
pub(crate) struct Bands {
    count: [u64; 6],
    time: [Duration; 6],
}

impl Bands {
    /// The band of `er`: the last one whose floor it reaches.
    fn band_of(er: Rating) -> usize {
        let tenths = er.tenths();
        BAND_FLOORS
            .iter()
            .rposition(|&floor| tenths >= floor)
            .unwrap_or(0)
    }

    /// Counts one rated puzzle of ER `er` that took `time`.
    pub(crate) fn add(&mut self, er: Rating, time: Duration) {
        let band = Bands::band_of(er);
        self.count[band] += 1;
        self.time[band] += time;
    }

    /// A header, then one line per band that holds a puzzle: its count, time, ms per puzzle and
    /// puzzles/s per core.
    pub(crate) fn write(&self, out: &mut String, clock: &str) -> fmt::Result {
        if self.count.iter().all(|&n| n == 0) {
            return Ok(());
        }
        writeln!(out, "by ER      puzzles, {clock} time, puzzles/s per core")?;
        for ((name, &n), time) in BAND_NAMES.iter().zip(&self.count).zip(&self.time) {
            let time = time.as_secs_f64();
            if n == 0 {
                continue;
            }
            let rate = n as f64 / time.max(1e-9);
            let mean = time * 1e3 / n as f64;
            writeln!(
                out,
                "  ER {name:<4} {n:>9}  {time:>10.3} s  {mean:>9.3} ms/puzzle  {rate:>10.1}/s per core"
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_rating_goes_to_its_band() {
        let band = |tenths| Bands::band_of(Rating::from_tenths(tenths));
        assert_eq!(band(0), 0);
        assert_eq!(band(15), 0);
        assert_eq!(band(19), 0);
        assert_eq!(band(20), 1);
        assert_eq!(band(39), 1);
        assert_eq!(band(40), 2);
        assert_eq!(band(72), 3);
        assert_eq!(band(80), 4);
        assert_eq!(band(89), 4);
        assert_eq!(band(90), 5);
        assert_eq!(band(200), 5);
    }

    #[test]
    fn the_table_shows_counts_times_and_rates() {
        let mut bands = Bands::default();
        let mut text = String::new();
        bands
            .write(&mut text, "cpu")
            .expect("a String takes any text");
        assert_eq!(text, "", "no rated puzzle, no table");
        bands.add(Rating::from_tenths(12), Duration::from_millis(1));
        bands.add(Rating::from_tenths(15), Duration::from_millis(3));
        bands.add(Rating::from_tenths(93), Duration::from_secs(2));
        bands
            .write(&mut text, "cpu")
            .expect("a String takes any text");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3, "{text}");
        assert_eq!(lines[0], "by ER      puzzles, cpu time, puzzles/s per core");
        assert!(
            lines[1].starts_with("  ER < 2          2       0.004 s"),
            "{text}"
        );
        assert!(lines[1].ends_with("500.0/s per core"), "{text}");
        assert!(
            lines[2].starts_with("  ER 9+           1       2.000 s"),
            "{text}"
        );
        assert!(lines[2].ends_with("0.5/s per core"), "{text}");
    }
}
