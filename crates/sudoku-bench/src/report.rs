//! The results and how they are printed: a Markdown table for people (it pastes unchanged into an
//! issue's closing note), CSV and JSON for scripts.
//!
//! The table and CSV print each row as soon as it is measured, so a long run shows progress; JSON
//! is one document written at the end.

use std::io::{self, Write};

use serde::Serialize;

use crate::solvers::{Mode, Tally};

/// The run's context: what ran where, and how it was measured.
#[derive(Debug, Clone, Serialize)]
pub struct Header {
    /// The CPU's model name.
    pub cpu: String,
    /// Logical CPUs available (the benchmark itself uses one).
    pub logical_cpus: usize,
    /// Vector instruction sets the CPU offers.
    pub cpu_features: Vec<&'static str>,
    /// The CPU path our solver ran on (`avx512`, `avx2`, `sse4.1` or `portable`).
    pub cpu_path: &'static str,
    /// The command line, as typed.
    pub command: String,
    /// The timing method in one sentence.
    pub method: String,
    /// `release` or `debug` (debug numbers mean nothing).
    pub profile: &'static str,
    /// The seed of `--transform`: the puzzles timed are random equivalents of the stored ones.
    pub transform: Option<u64>,
    /// How many times the whole list of sets was measured (`--runs`).
    pub runs: u32,
}

/// One solver's speed on one set in one mode.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Speed {
    /// Puzzles solved per second (in the fastest round).
    pub puzzles_per_sec: f64,
    /// Microseconds per puzzle (in the fastest round).
    pub us_per_puzzle: f64,
    /// Passes over the set, over all rounds.
    pub passes: u64,
    /// Seconds spent measuring, over all rounds.
    pub seconds: f64,
}

/// How many puzzles had 0, 1 and (count mode only) 2 or more solutions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Solutions {
    /// Puzzles without a solution.
    pub none: u64,
    /// Puzzles with one solution (first mode: with a solution).
    pub one: u64,
    /// Puzzles with two or more (count mode only).
    pub several: u64,
}

impl From<&Tally> for Solutions {
    fn from(tally: &Tally) -> Solutions {
        Solutions {
            none: tally.by_count[0],
            one: tally.by_count[1],
            several: tally.by_count[2],
        }
    }
}

/// One line of the table: one set in one mode.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Row {
    /// Which run measured it, from 1 (`--runs`).
    pub run: u32,
    /// The set's name.
    pub set: String,
    /// The mode.
    pub mode: Mode,
    /// Puzzles in the set (after `--limit`).
    pub puzzles: u64,
    /// Our speed, if ours was timed and every answer checked out.
    pub ours: Option<Speed>,
    /// Our share of puzzles answered without guessing, in percent.
    pub ours_no_guess_pct: f64,
    /// Our guesses per puzzle.
    pub ours_guesses_per_puzzle: f64,
    /// Their speed, if theirs was timed and every answer checked out.
    pub theirs: Option<Speed>,
    /// Their time over ours: above 1 we are faster. Only when both were timed.
    pub ratio: Option<f64>,
    /// Solution counts from our solver (they agree with theirs, or the run failed).
    pub ours_solutions: Solutions,
    /// Solution counts from their solver.
    pub theirs_solutions: Solutions,
    /// Answers that were wrong or disagreed; timing is skipped when this is not 0.
    pub mismatches: usize,
}

/// The whole run, for JSON.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// Context.
    pub header: Header,
    /// One row per run, set and mode.
    pub rows: Vec<Row>,
    /// Each set and mode's ratio over the runs (rows without a ratio are left out).
    pub summary: Vec<RatioSummary>,
    /// Every wrong answer, disagreement or unreadable line, as a message.
    pub failures: Vec<String>,
}

/// One set and mode's ratio over the runs of `--runs`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RatioSummary {
    /// The set's name.
    pub set: String,
    /// The mode.
    pub mode: Mode,
    /// The ratio of each run, in run order.
    pub ratios: Vec<f64>,
    /// The median (the mean of the middle two for an even number of runs).
    pub median: f64,
    /// The lowest ratio.
    pub lowest: f64,
    /// The highest ratio.
    pub highest: f64,
}

/// The ratios of `rows`, gathered by set and mode in the order they first appear; a set and
/// mode without any ratio (one solver timed, or wrong answers) is left out.
pub fn summarize(rows: &[Row]) -> Vec<RatioSummary> {
    let mut gathered: Vec<(String, Mode, Vec<f64>)> = Vec::new();
    for row in rows {
        let Some(ratio) = row.ratio else { continue };
        match gathered
            .iter_mut()
            .find(|(set, mode, _)| *set == row.set && *mode == row.mode)
        {
            Some((_, _, ratios)) => ratios.push(ratio),
            None => gathered.push((row.set.clone(), row.mode, vec![ratio])),
        }
    }
    gathered
        .into_iter()
        .map(|(set, mode, ratios)| {
            let mut sorted = ratios.clone();
            sorted.sort_by(f64::total_cmp);
            let n = sorted.len();
            let median = if n % 2 == 1 {
                sorted[n / 2]
            } else {
                (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0
            };
            RatioSummary {
                set,
                mode,
                median,
                lowest: sorted[0],
                highest: sorted[n - 1],
                ratios,
            }
        })
        .collect()
}

/// The summary of `--runs` as a Markdown table: each set and mode's ratio per run, then the
/// median, lowest and highest.
pub fn summary_table(out: &mut impl Write, summary: &[RatioSummary]) -> io::Result<()> {
    let per_run: Vec<String> = summary
        .iter()
        .map(|s| {
            let ratios: Vec<String> = s.ratios.iter().map(|r| format!("{r:.2}")).collect();
            ratios.join(" / ")
        })
        .collect();
    let widest =
        |title: &str, cells: &mut dyn Iterator<Item = usize>| cells.fold(title.len(), usize::max);
    let set_w = widest("set", &mut summary.iter().map(|s| s.set.len()));
    let runs_w = widest("ratio per run", &mut per_run.iter().map(String::len));
    writeln!(out, "ratio ours/theirs over the runs:")?;
    writeln!(out)?;
    writeln!(
        out,
        "| {:<set_w$} | mode  | {:>runs_w$} | median | lowest | highest |",
        "set", "ratio per run"
    )?;
    writeln!(
        out,
        "| {:-<set_w$} | ----- | {:->rule_w$}: | -----: | -----: | ------: |",
        "",
        "",
        rule_w = runs_w - 1
    )?;
    for (s, per_run) in summary.iter().zip(&per_run) {
        writeln!(
            out,
            "| {:<set_w$} | {:<5} | {:>runs_w$} | {:>6.2} | {:>6.2} | {:>7.2} |",
            s.set,
            s.mode.to_string(),
            per_run,
            s.median,
            s.lowest,
            s.highest
        )?;
    }
    out.flush()
}

/// Column titles, in order; the widths of the table follow from them.
const COLUMNS: [&str; 11] = [
    "set",
    "mode",
    "puzzles",
    "ours puzzles/s",
    "ours us/puzzle",
    "ours no-guess %",
    "ours guesses/puzzle",
    "theirs puzzles/s",
    "theirs us/puzzle",
    "theirs guesses/puzzle",
    "ratio ours/theirs",
];

/// What an absent number prints as.
const ABSENT: &str = "-";

/// The cells of a row as text, `None` where there is no value (the table prints "-").
fn cells(row: &Row) -> [Option<String>; 11] {
    let speed = |s: Option<Speed>| {
        (
            s.map(|s| format!("{:.0}", s.puzzles_per_sec)),
            s.map(|s| format!("{:.2}", s.us_per_puzzle)),
        )
    };
    let (ours_rate, ours_us) = speed(row.ours);
    let (theirs_rate, theirs_us) = speed(row.theirs);
    let has_puzzles = row.puzzles > 0;
    [
        Some(row.set.clone()),
        Some(row.mode.to_string()),
        Some(row.puzzles.to_string()),
        ours_rate,
        ours_us,
        has_puzzles.then(|| format!("{:.1}", row.ours_no_guess_pct)),
        has_puzzles.then(|| format!("{:.2}", row.ours_guesses_per_puzzle)),
        theirs_rate,
        theirs_us,
        // Their crate keeps no guess count.
        None,
        row.ratio.map(|r| format!("{r:.2}")),
    ]
}

/// Prints the table one row at a time: [`TableWriter::header`], then [`TableWriter::row`] for
/// each row.
#[derive(Debug, Clone)]
pub struct TableWriter {
    widths: [usize; 11],
}

impl TableWriter {
    /// A table whose set column fits `set_names`.
    pub fn new<'a>(set_names: impl IntoIterator<Item = &'a str>) -> TableWriter {
        let mut widths = COLUMNS.map(str::len);
        // "first" and "count" are wider than the title "mode".
        widths[1] = widths[1].max("count".len());
        for name in set_names {
            widths[0] = widths[0].max(name.len());
        }
        TableWriter { widths }
    }

    /// The context lines and the column titles.
    pub fn header(&self, out: &mut impl Write, header: &Header) -> io::Result<()> {
        self.context(out, header)?;
        self.titles(out)
    }

    /// The context lines (CPU, path, command, method), then an empty line.
    pub fn context(&self, out: &mut impl Write, header: &Header) -> io::Result<()> {
        let features = if header.cpu_features.is_empty() {
            String::new()
        } else {
            format!("; {}", header.cpu_features.join(" "))
        };
        writeln!(
            out,
            "CPU: {} ({} logical CPUs{features})",
            header.cpu, header.logical_cpus
        )?;
        writeln!(out, "our solver's CPU path: {}", header.cpu_path)?;
        writeln!(out, "command: {}", header.command)?;
        writeln!(out, "method: {}", header.method)?;
        if let Some(seed) = header.transform {
            writeln!(
                out,
                "puzzles: random equivalents of the stored ones (symmetry and digit relabelling, \
                 --transform {seed})"
            )?;
        }
        if header.profile != "release" {
            writeln!(
                out,
                "WARNING: {} build; only release numbers mean anything",
                header.profile
            )?;
        }
        writeln!(out)
    }

    /// The column titles and the rule under them.
    pub fn titles(&self, out: &mut impl Write) -> io::Result<()> {
        self.line(out, COLUMNS.map(|c| Some(c.to_string())))?;
        let rule = self.widths.map(|w| Some(format!("{:-<w$}", "")));
        // Right-align every column but the first two, in Markdown's own syntax.
        let mut rule = rule;
        for cell in rule.iter_mut().skip(2).flatten() {
            cell.replace_range(cell.len() - 1.., ":");
        }
        self.line(out, rule)
    }

    /// One measured row.
    pub fn row(&self, out: &mut impl Write, row: &Row) -> io::Result<()> {
        self.line(out, cells(row))
    }

    fn line(&self, out: &mut impl Write, cells: [Option<String>; 11]) -> io::Result<()> {
        for (i, (cell, width)) in cells.iter().zip(self.widths).enumerate() {
            let text = cell.as_deref().unwrap_or(ABSENT);
            if i < 2 {
                write!(out, "| {text:<width$} ")?;
            } else {
                write!(out, "| {text:>width$} ")?;
            }
        }
        writeln!(out, "|")?;
        out.flush()
    }
}

/// The legend printed under the table.
pub const LEGEND: &str = "ratio = theirs time / ours time (above 1: ours is faster); \
theirs = crates.io `sudoku` 0.8, which keeps no guess count; \
no-guess % = puzzles answered by propagation alone";

/// The CSV title line.
pub fn csv_header(out: &mut impl Write) -> io::Result<()> {
    let titles = COLUMNS.map(|c| c.replace([' ', '/', '%', '-'], "_"));
    writeln!(out, "{}", titles.join(","))
}

/// One CSV line; absent values are empty fields.
pub fn csv_row(out: &mut impl Write, row: &Row) -> io::Result<()> {
    let fields = cells(row).map(|cell| {
        let text = cell.unwrap_or_default();
        // Set names come from file names, which may hold anything.
        if text.contains([',', '"', '\n']) {
            format!("\"{}\"", text.replace('"', "\"\""))
        } else {
            text
        }
    });
    writeln!(out, "{}", fields.join(","))?;
    out.flush()
}

/// The whole report as one pretty-printed JSON document.
pub fn json(out: &mut impl Write, report: &Report) -> io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, report)?;
    writeln!(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(timed: bool) -> Row {
        let speed = |us: f64| Speed {
            puzzles_per_sec: 1e6 / us,
            us_per_puzzle: us,
            passes: 3,
            seconds: 0.3,
        };
        Row {
            run: 1,
            set: "demo, set".to_string(),
            mode: Mode::Count,
            puzzles: 10,
            ours: timed.then(|| speed(2.0)),
            ours_no_guess_pct: 50.0,
            ours_guesses_per_puzzle: 1.25,
            theirs: timed.then(|| speed(3.0)),
            ratio: timed.then_some(1.5),
            ours_solutions: Solutions {
                none: 0,
                one: 9,
                several: 1,
            },
            theirs_solutions: Solutions {
                none: 0,
                one: 9,
                several: 1,
            },
            mismatches: 0,
        }
    }

    fn header() -> Header {
        Header {
            cpu: "Example CPU".to_string(),
            logical_cpus: 2,
            cpu_features: vec!["avx2"],
            cpu_path: "avx2",
            command: "sudoku-bench x.txt".to_string(),
            method: "best of 3".to_string(),
            profile: "release",
            transform: None,
            runs: 1,
        }
    }

    #[test]
    fn table_rows_line_up_and_show_dashes_for_missing_numbers() {
        let table = TableWriter::new(["demo, set"]);
        let mut out = Vec::new();
        let written = table
            .header(&mut out, &header())
            .and_then(|()| table.row(&mut out, &row(true)))
            .and_then(|()| table.row(&mut out, &row(false)));
        assert!(written.is_ok());
        let text = String::from_utf8_lossy(&out);
        assert!(text
            .starts_with("CPU: Example CPU (2 logical CPUs; avx2)\nour solver's CPU path: avx2\n"));
        let lines: Vec<&str> = text.lines().filter(|l| l.starts_with('|')).collect();
        assert_eq!(lines.len(), 4);
        assert!(lines.iter().all(|l| l.len() == lines[0].len()), "{text}");
        assert!(lines[2].contains("| 500000 |") || lines[2].contains(" 500000 |"));
        assert!(lines[2].trim_end().ends_with("1.50 |"));
        // Their guess column is always "-"; the untimed row has "-" for every speed.
        assert!(lines[2].contains(" - |"));
        assert_eq!(lines[3].matches(" - |").count(), 6, "{}", lines[3]);
    }

    #[test]
    fn csv_has_one_field_per_column_and_quotes_commas() {
        let mut out = Vec::new();
        assert!(csv_header(&mut out)
            .and_then(|()| csv_row(&mut out, &row(false)))
            .is_ok());
        let text = String::from_utf8_lossy(&out);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0].split(',').count(), COLUMNS.len());
        assert!(lines[1].starts_with("\"demo, set\",count,10,,,50.0,1.25,,,,"));
    }

    #[test]
    fn json_names_every_part() {
        let rows = vec![row(true)];
        let report = Report {
            header: header(),
            summary: summarize(&rows),
            rows,
            failures: Vec::new(),
        };
        let mut out = Vec::new();
        assert!(json(&mut out, &report).is_ok());
        let value: serde_json::Value = match serde_json::from_slice(&out) {
            Ok(value) => value,
            Err(e) => panic!("invalid JSON: {e}"),
        };
        assert_eq!(value["rows"][0]["mode"], "count");
        assert_eq!(value["rows"][0]["ratio"], 1.5);
        assert_eq!(value["rows"][0]["ours_solutions"]["several"], 1);
        assert_eq!(value["header"]["cpu"], "Example CPU");
        assert_eq!(value["header"]["cpu_path"], "avx2");
        assert!(value["header"]["transform"].is_null());
        assert_eq!(value["rows"][0]["run"], 1);
        assert_eq!(value["summary"][0]["median"], 1.5);
        assert_eq!(value["summary"][0]["ratios"][0], 1.5);
    }

    #[test]
    fn the_summary_takes_each_rows_median_and_range_over_the_runs() {
        let with = |run: u32, set: &str, mode: Mode, ratio: Option<f64>| Row {
            run,
            set: set.to_string(),
            mode,
            ratio,
            ..row(true)
        };
        let rows = [
            with(1, "a", Mode::First, Some(2.0)),
            with(1, "a", Mode::Count, Some(1.0)),
            with(1, "b", Mode::First, None),
            with(2, "a", Mode::First, Some(3.0)),
            with(2, "a", Mode::Count, Some(1.4)),
            with(2, "b", Mode::First, None),
            with(3, "a", Mode::First, Some(2.5)),
            with(3, "a", Mode::Count, Some(1.2)),
            with(3, "b", Mode::First, None),
        ];
        let summary = summarize(&rows);
        // "b" has no ratio in any run, so it is left out; the order is the rows' order.
        assert_eq!(summary.len(), 2);
        assert_eq!(
            (summary[0].set.as_str(), summary[0].mode),
            ("a", Mode::First)
        );
        assert_eq!(summary[0].ratios, vec![2.0, 3.0, 2.5]);
        assert_eq!(
            (summary[0].median, summary[0].lowest, summary[0].highest),
            (2.5, 2.0, 3.0)
        );
        assert_eq!(summary[1].mode, Mode::Count);
        assert_eq!(summary[1].median, 1.2);
        // An even number of runs: the mean of the middle two.
        let even = summarize(&rows[..5]);
        assert_eq!(even[0].median, 2.5);
        assert_eq!(even[1].median, 1.2);

        let mut out = Vec::new();
        assert!(summary_table(&mut out, &summary).is_ok());
        let text = String::from_utf8_lossy(&out);
        let lines: Vec<&str> = text.lines().filter(|l| l.starts_with('|')).collect();
        assert_eq!(lines.len(), 4, "{text}");
        assert!(lines.iter().all(|l| l.len() == lines[0].len()), "{text}");
        assert!(
            lines[2].contains("2.00 / 3.00 / 2.50 |   2.50 |   2.00 |    3.00 |"),
            "{text}"
        );
    }
}
