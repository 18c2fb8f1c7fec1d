//! A set of candidate digits for one cell, as a 9-bit mask.

use super::Digit;
use std::fmt;
use std::str::FromStr;

/// A set of digits, stored as a bitmask (bit 0 is digit 1, bit 8 is digit 9).
///
/// This is the per-cell "pencilmark" set of human-style solving and the row/column/box masks of
/// the classic bitmask solvers.
///
/// ```
/// use sudokit::{Candidates, Digit};
/// let mut set = Candidates::ALL;
/// set.remove(Digit::new(5).unwrap());
/// assert_eq!(set.len(), 8);
/// assert!(!set.contains(Digit::new(5).unwrap()));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Candidates(u16);

impl Candidates {
    /// The empty set.
    pub const NONE: Candidates = Candidates(0);
    /// All nine digits.
    pub const ALL: Candidates = Candidates(0x1ff);

    /// The set with these bits (bit 0 is digit 1); bits above 8 are dropped.
    pub const fn from_bits(bits: u16) -> Candidates {
        Candidates(bits & 0x1ff)
    }

    /// The set holding only `digit`.
    pub const fn single(digit: Digit) -> Candidates {
        Candidates(1 << digit.index())
    }

    /// The bitmask (bit 0 is digit 1).
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// How many digits the set holds.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set holds `digit`.
    pub const fn contains(self, digit: Digit) -> bool {
        self.0 & (1 << digit.index()) != 0
    }

    /// Adds `digit`.
    pub fn insert(&mut self, digit: Digit) {
        self.0 |= 1 << digit.index();
    }

    /// Removes `digit`.
    pub fn remove(&mut self, digit: Digit) {
        self.0 &= !(1 << digit.index());
    }

    /// The only digit of the set, if it holds exactly one.
    pub fn single_digit(self) -> Option<Digit> {
        if self.0.count_ones() == 1 {
            Digit::from_index(self.0.trailing_zeros() as usize)
        } else {
            None
        }
    }

    /// The digits of the set in increasing order.
    pub fn iter(self) -> impl Iterator<Item = Digit> {
        Digit::all().filter(move |&d| self.contains(d))
    }

    /// The digits in both sets.
    pub const fn intersection(self, other: Candidates) -> Candidates {
        Candidates(self.0 & other.0)
    }

    /// The digits in either set.
    pub const fn union(self, other: Candidates) -> Candidates {
        Candidates(self.0 | other.0)
    }

    /// The digits of `self` that are not in `other`.
    pub const fn difference(self, other: Candidates) -> Candidates {
        Candidates(self.0 & !other.0)
    }
}

impl FromIterator<Digit> for Candidates {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> Self {
        let mut set = Candidates::NONE;
        for d in iter {
            set.insert(d);
        }
        set
    }
}

impl fmt::Display for Candidates {
    /// The digits in increasing order without separators, e.g. `1479` (nothing for no digit).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in self.iter() {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl FromStr for Candidates {
    type Err = BadCandidates;

    /// Reads digits `1`-`9` in any order, each at most once, as `Display` prints them; the
    /// empty string is [`Candidates::NONE`].
    ///
    /// ```
    /// use sudokit::board::{BadCandidates, Candidates};
    /// use sudokit::Digit;
    /// let set: Candidates = "941".parse()?;
    /// assert_eq!(set.to_string(), "149");
    /// assert_eq!("0".parse::<Candidates>(), Err(BadCandidates::BadCharacter { found: '0' }));
    /// assert_eq!("11".parse::<Candidates>(), Err(BadCandidates::Repeated { digit: Digit::new(1).unwrap() }));
    /// # Ok::<(), BadCandidates>(())
    /// ```
    fn from_str(text: &str) -> Result<Candidates, BadCandidates> {
        let mut set = Candidates::NONE;
        for found in text.chars() {
            let digit = found
                .to_digit(10)
                .and_then(|value| u8::try_from(value).ok())
                .and_then(Digit::new)
                .ok_or(BadCandidates::BadCharacter { found })?;
            if set.contains(digit) {
                return Err(BadCandidates::Repeated { digit });
            }
            set.insert(digit);
        }
        Ok(set)
    }
}

/// Why a text is not a set of candidates ([`Candidates`]'s `FromStr`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum BadCandidates {
    /// A character other than a digit `1`-`9`.
    #[error("unexpected character {found:?} in a set of candidates (expected digits 1 to 9)")]
    BadCharacter {
        /// The character.
        found: char,
    },
    /// A digit written twice.
    #[error("digit {digit} is written twice in a set of candidates")]
    Repeated {
        /// The digit.
        digit: Digit,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let a: Candidates = [1, 4, 7].iter().filter_map(|&v| Digit::new(v)).collect();
        let b = Candidates::from_bits(0b1_0000_1001 | 0xfe00);
        assert_eq!(b.bits(), 0b1_0000_1001);
        assert_eq!(a.to_string(), "147");
        assert_eq!(b.to_string(), "149");
        assert_eq!(a.intersection(b).to_string(), "14");
        assert_eq!(a.union(b).len(), 4);
        assert_eq!(a.difference(b).single_digit(), Digit::new(7));
        assert_eq!(a.single_digit(), None);
        assert!(Candidates::NONE.is_empty());
    }

    #[test]
    fn from_str_reads_what_display_prints_and_names_the_fault() {
        for bits in [0, 1, 0b1_0100_1001, 0x1ff] {
            let set = Candidates::from_bits(bits);
            assert_eq!(set.to_string().parse(), Ok(set));
        }
        assert_eq!(
            "97".parse::<Candidates>().map(Candidates::bits),
            Ok(0b1_0100_0000)
        );
        let bad = |text: &str| text.parse::<Candidates>().map_err(|e| e.to_string());
        assert_eq!(
            bad("1 2"),
            Err("unexpected character ' ' in a set of candidates (expected digits 1 to 9)".into())
        );
        assert_eq!(
            bad("1٣"),
            Err("unexpected character '٣' in a set of candidates (expected digits 1 to 9)".into())
        );
        assert_eq!(
            bad("535"),
            Err("digit 5 is written twice in a set of candidates".into())
        );
    }
}
