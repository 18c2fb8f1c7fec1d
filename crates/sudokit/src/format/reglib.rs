//! HoDoKu's regression-library line format: one pencilmark state and one technique, with the
//! exact eliminations or placements expected.
//!
//! ```text
//! :<code>[-variant|-x]:<digits>:<givens>:<deleted candidates>:<eliminations>:<placements>:<extra>:
//! ```
//!
//! `givens` is 81 cells (`.` or `0` blank) where a `+` before a digit marks one placed while
//! solving rather than given; the state is those digits with the usual candidates, minus the
//! deleted candidates. Candidate lists are space-separated `<digit><row><col>` tokens (1-based),
//! so `436` means "4 in r3c6". `-x` marks a case where the technique must find nothing. The
//! format is described on HoDoKu's library page and in `shared/data/techniques/README.md`.

use super::Pencilmarks;
use crate::board::{Candidates, Cell, Col, Digit, Grid, Row};

/// Why a reglib line could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReglibError {
    /// The line does not start with `:` (a comment, a blank line or garbage).
    #[error("a reglib case starts with ':'")]
    NotACase,
    /// Fewer than the six fields up to the placements.
    #[error("the {0} field is missing")]
    MissingField(&'static str),
    /// The technique field is not a code with an optional `-variant` or `-x`.
    #[error("bad technique field {0:?}")]
    Technique(String),
    /// The candidates field holds something other than digits.
    #[error("bad digits field {0:?}")]
    Digits(String),
    /// The givens field is not 81 cells.
    #[error("the givens field has {0} cells, not 81")]
    GivensLength(usize),
    /// A character in the givens field other than a digit, `.`, `0` or `+`.
    #[error("bad character {0:?} in the givens field")]
    GivensCharacter(char),
    /// A candidate token that is not `<digit><row><col>`.
    #[error("bad candidate {token:?} in the {field} field")]
    Candidate {
        /// Which field.
        field: &'static str,
        /// The token.
        token: String,
    },
}

/// One test case of the regression library.
///
/// `logic` builds the case's `CandidateGrid` (`ReglibCase::grid`, defined there so that this
/// module does not depend on `logic`).
///
/// ```
/// use sudokit::format::tool::ReglibCase;
/// let line = ":0000:1:+6+3+42+8+9...8+7531+6+2+9+42+91+7+5+4+6+38+349+16+58+7+2+5+8+79+42..+6+1+62+83+754+97+5+8+4+2+39+61+9.+6+5784+23+4+2+3+6+91...:::182:";
/// let case = ReglibCase::parse(line)?;
/// assert_eq!(case.code, "0000");
/// assert_eq!(case.placements.len(), 1);
/// assert_eq!(case.placements[0].0.to_string(), "r8c2");
/// # Ok::<(), sudokit::format::tool::ReglibError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReglibCase {
    /// HoDoKu's technique code, e.g. `"0300"` (X-Wing) or `"03111"`.
    pub code: String,
    /// The variant number after a `-` (HoDoKu solver options), if any.
    pub variant: Option<u8>,
    /// Whether this is a fail case (`-x`): the technique must find nothing.
    pub fail_case: bool,
    /// The candidates field: the placed digit for singles, else the digits the pattern uses
    /// (or eliminates, for chains and ALS).
    pub digits: Candidates,
    /// The pencilmark state to run the technique on: the givens and digits placed so far,
    /// every other cell with all nine candidates but the deleted ones (`logic` removes the
    /// placed digits from their peers).
    pub pencilmarks: Pencilmarks,
    /// The candidates the technique must eliminate, in line order.
    pub eliminations: Vec<(Cell, Digit)>,
    /// The digits the technique must place, in line order.
    pub placements: Vec<(Cell, Digit)>,
    /// The technique-specific extra field (chain length), empty if absent.
    pub extra: String,
    /// The cells of `<givens>` marked `+`: digits placed while solving, not givens (HoDoKu's
    /// avoidable rectangles tell them apart).
    pub placed_cells: Vec<Cell>,
}

impl ReglibCase {
    /// Reads one case line (a trailing `\r` or other whitespace is ignored).
    pub fn parse(line: &str) -> Result<ReglibCase, ReglibError> {
        let line = line.trim_end();
        let rest = line.strip_prefix(':').ok_or(ReglibError::NotACase)?;
        let mut fields = rest.split(':');
        let mut next = |name| fields.next().ok_or(ReglibError::MissingField(name));
        let technique = next("technique")?;
        let digits_field = next("digits")?;
        let givens = next("givens")?;
        let deleted = next("deleted candidates")?;
        let eliminations = next("eliminations")?;
        let placements = next("placements")?;
        let extra = fields.next().unwrap_or("").to_string();

        let (code, variant, fail_case) = parse_technique(technique)?;
        let digits = parse_digits(digits_field)?;
        let mut candidates = [Candidates::ALL; 81];
        for (cell, digit) in parse_candidates(deleted, "deleted candidates")? {
            candidates[cell.index()].remove(digit);
        }
        let pencilmarks = Pencilmarks::new(parse_givens(givens)?, candidates);
        Ok(ReglibCase {
            code,
            variant,
            fail_case,
            digits,
            pencilmarks,
            eliminations: parse_candidates(eliminations, "eliminations")?,
            placements: parse_candidates(placements, "placements")?,
            extra,
            placed_cells: parse_placed_cells(givens),
        })
    }
}

fn parse_technique(field: &str) -> Result<(String, Option<u8>, bool), ReglibError> {
    let bad = || ReglibError::Technique(field.to_string());
    let (code, suffix) = match field.split_once('-') {
        Some((code, suffix)) => (code, Some(suffix)),
        None => (field, None),
    };
    if code.is_empty() || !code.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let (variant, fail_case) = match suffix {
        None => (None, false),
        Some("x") => (None, true),
        Some(n) => (Some(n.parse::<u8>().map_err(|_| bad())?), false),
    };
    Ok((code.to_string(), variant, fail_case))
}

fn parse_digits(field: &str) -> Result<Candidates, ReglibError> {
    field
        .chars()
        .map(|c| {
            c.to_digit(10)
                .and_then(|v| Digit::new(v as u8))
                .ok_or_else(|| ReglibError::Digits(field.to_string()))
        })
        .collect()
}

fn parse_givens(field: &str) -> Result<Grid, ReglibError> {
    let mut values = Vec::with_capacity(81);
    for c in field.chars() {
        match c {
            '+' => {}
            '.' | '0' => values.push(0),
            '1'..='9' => values.push(c as u8 - b'0'),
            other => return Err(ReglibError::GivensCharacter(other)),
        }
    }
    let values: [u8; 81] = values
        .try_into()
        .map_err(|v: Vec<u8>| ReglibError::GivensLength(v.len()))?;
    Grid::from_values(values).ok_or(ReglibError::GivensLength(81))
}

/// The cells whose digit follows a `+` in a givens field that `parse_givens` accepted.
fn parse_placed_cells(field: &str) -> Vec<Cell> {
    let mut out = Vec::new();
    let mut index = 0;
    let mut plus = false;
    for c in field.chars() {
        if c == '+' {
            plus = true;
            continue;
        }
        if plus && c != '.' && c != '0' {
            out.extend(Cell::new(index));
        }
        plus = false;
        index += 1;
    }
    out
}

fn parse_candidates(field: &str, name: &'static str) -> Result<Vec<(Cell, Digit)>, ReglibError> {
    field
        .split_whitespace()
        .map(|token| {
            let bad = || ReglibError::Candidate {
                field: name,
                token: token.to_string(),
            };
            let digits: Vec<u8> = token
                .chars()
                .map(|c| c.to_digit(10).map(|v| v as u8))
                .collect::<Option<_>>()
                .ok_or_else(bad)?;
            let [d, r, c] = digits[..] else {
                return Err(bad());
            };
            let digit = Digit::new(d).ok_or_else(bad)?;
            let row = Row::new(usize::from(r).wrapping_sub(1)).ok_or_else(bad)?;
            let col = Col::new(usize::from(c).wrapping_sub(1)).ok_or_else(bad)?;
            Ok((Cell::at(row, col), digit))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(name: &str) -> Cell {
        Cell::all()
            .find(|c| c.to_string() == name)
            .unwrap_or_else(|| panic!("no cell {name}"))
    }

    fn digit(value: u8) -> Digit {
        Digit::new(value).unwrap_or_else(|| panic!("no digit {value}"))
    }

    #[test]
    fn reads_a_case_with_deleted_candidates_and_eliminations() {
        let line = ":0100:1:.+92....+365...3+697..3+6.+94...+2.58.1.+9+3+3.96.28.....9.32..+9+5+34+6..2..87+32+9..56+2....3.+9:811 515 715 538 761 595 795:193 198::\r";
        let case = ReglibCase::parse(line).expect("valid");
        assert_eq!(case.code, "0100");
        assert_eq!((case.variant, case.fail_case), (None, false));
        assert_eq!(case.digits.to_string(), "1");
        assert_eq!(case.pencilmarks.placed().get(cell("r1c2")), Some(digit(9)));
        assert!(!case.pencilmarks.candidates(cell("r1c1")).contains(digit(8)));
        assert!(case.pencilmarks.candidates(cell("r1c1")).contains(digit(1)));
        assert_eq!(
            case.eliminations,
            [(cell("r9c3"), digit(1)), (cell("r9c8"), digit(1))]
        );
        assert!(case.placements.is_empty());
        assert_eq!(case.extra, "");
    }

    #[test]
    fn reads_variants_and_fail_cases() {
        let givens = ".".repeat(81);
        let case = ReglibCase::parse(&format!(":0110-1:47:{givens}::477::")).expect("valid");
        assert_eq!((case.code.as_str(), case.variant), ("0110", Some(1)));
        let case = ReglibCase::parse(&format!(":0610-x::{givens}:::")).expect("valid");
        assert!(case.fail_case);
        assert!(case.digits.is_empty());
    }

    #[test]
    fn rejects_malformed_lines() {
        let givens = ".".repeat(81);
        assert_eq!(ReglibCase::parse("# comment"), Err(ReglibError::NotACase));
        assert_eq!(
            ReglibCase::parse(":0000:1"),
            Err(ReglibError::MissingField("givens"))
        );
        assert!(matches!(
            ReglibCase::parse(&format!(":00a0:1:{givens}::::")),
            Err(ReglibError::Technique(_))
        ));
        assert_eq!(
            ReglibCase::parse(":0000:1:123::::"),
            Err(ReglibError::GivensLength(3))
        );
        let err = ReglibCase::parse(&format!(":0000:1:{givens}::1034::")).expect_err("bad");
        assert_eq!(
            err.to_string(),
            "bad candidate \"1034\" in the eliminations field"
        );
        assert!(ReglibCase::parse(&format!(":0000:1:{givens}::101::")).is_err());
        assert!(ReglibCase::parse(&format!(":0000:x:{givens}::::")).is_err());
    }
}
