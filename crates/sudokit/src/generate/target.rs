//! Difficulty targets: a band of Sudoku Explainer ratings, a HoDoKu level, the technique of the
//! hardest step, or several of them at once ([`Difficulty`]).
//!
//! The words are the ones the rater uses (see [`crate::rate`]): ER is the rating of the
//! hardest step of Sudoku Explainer's solve path, the level is the HoDoKu-style level over the
//! same path, and "the hardest step" is the first step of the path rated ER
//! ([`PuzzleRating::hardest`](crate::rate::PuzzleRating::hardest)). A puzzle the techniques
//! cannot finish is *stuck* (ER 20.0): its real rating is unknown, only known to be above what
//! the techniques present can do, so it never meets a target unless the target is open-ended
//! and [`Difficulty::accept_stuck`] says so.

use crate::logic::chains::length_bonus;
use crate::logic::techniques::REGISTRY;
use crate::logic::{ChainName, Finder, Rating, Ratings, Technique};
use crate::rate::{HodokuTable, Level};
use std::fmt;
use std::str::FromStr;

/// An inclusive band of Sudoku Explainer ratings (ER), possibly open above.
///
/// ```
/// use sudokit::generate::RatingRange;
/// let band: RatingRange = "6.0..7.5".parse()?;
/// assert_eq!(band.to_string(), "6.0..7.5");
/// let open: RatingRange = "9+".parse()?;
/// assert_eq!(open.max(), None);
/// assert_eq!("7.2".parse::<RatingRange>()?.to_string(), "7.2");
/// # Ok::<(), sudokit::generate::BadRatingRange>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RatingRange {
    min: Rating,
    max: Option<Rating>,
}

impl RatingRange {
    /// The ratings `min..=max`, or `None` if `min > max`.
    pub fn new(min: Rating, max: Rating) -> Option<RatingRange> {
        (min <= max).then_some(RatingRange {
            min,
            max: Some(max),
        })
    }

    /// Every rating from `min` up (stuck puzzles only with [`Difficulty::accept_stuck`]).
    pub fn at_least(min: Rating) -> RatingRange {
        RatingRange { min, max: None }
    }

    /// Exactly `rating`.
    pub fn exactly(rating: Rating) -> RatingRange {
        RatingRange {
            min: rating,
            max: Some(rating),
        }
    }

    /// The lowest rating in the band.
    pub fn min(&self) -> Rating {
        self.min
    }

    /// The highest rating in the band; `None` when open above.
    pub fn max(&self) -> Option<Rating> {
        self.max
    }

    /// Whether `rating` is in the band.
    pub fn contains(&self, rating: Rating) -> bool {
        rating >= self.min && self.max.is_none_or(|max| rating <= max)
    }

    /// How far `rating` is from the band, in tenths (0 inside it).
    pub fn distance(&self, rating: Rating) -> u32 {
        let below = self.min.tenths().saturating_sub(rating.tenths());
        let above = self
            .max
            .map_or(0, |max| rating.tenths().saturating_sub(max.tenths()));
        u32::from(below) + u32::from(above)
    }
}

impl fmt::Display for RatingRange {
    /// `7.2`, `6.0..7.5` or `9.0..` (open above).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.max {
            Some(max) if max == self.min => write!(f, "{}", self.min),
            Some(max) => write!(f, "{}..{max}", self.min),
            None => write!(f, "{}..", self.min),
        }
    }
}

/// The text is not a rating band.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "invalid rating {text:?} (expected an SE rating R, a band A..B with A <= B, or A.. / A+ for A \
     and up, e.g. 7.2, 6..7.5, 9+)"
)]
#[non_exhaustive]
pub struct BadRatingRange {
    /// The text that was read.
    pub text: String,
    /// What is wrong with it.
    pub kind: BadRatingRangeKind,
}

/// What is wrong with the text of a [`BadRatingRange`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BadRatingRangeKind {
    /// An end is not a number.
    NotANumber,
    /// An end is negative, not finite or too large for a [`Rating`].
    OutOfRange,
    /// An end is not a whole number of tenths (ratings are tenths: 7.25 is none).
    NotATenth,
    /// The lower end is above the upper one.
    Empty,
}

impl FromStr for RatingRange {
    type Err = BadRatingRange;

    /// Reads `R`, `A..B`, `A..=B` (both ends included either way), `A..` or `A+`.
    fn from_str(text: &str) -> Result<RatingRange, BadRatingRange> {
        let bad = |kind| BadRatingRange {
            text: text.to_string(),
            kind,
        };
        let number = |s: &str| -> Result<Rating, BadRatingRange> {
            let value: f64 = s
                .trim()
                .parse()
                .map_err(|_| bad(BadRatingRangeKind::NotANumber))?;
            // Ratings are tenths: 7.25 is not one.
            let rating =
                Rating::try_from(value).map_err(|_| bad(BadRatingRangeKind::OutOfRange))?;
            if (f64::from(rating) - value).abs() > 1e-9 {
                return Err(bad(BadRatingRangeKind::NotATenth));
            }
            Ok(rating)
        };
        let text_trimmed = text.trim();
        if let Some(min) = text_trimmed.strip_suffix('+') {
            return Ok(RatingRange::at_least(number(min)?));
        }
        match text_trimmed.split_once("..") {
            None => Ok(RatingRange::exactly(number(text_trimmed)?)),
            Some((a, b)) => {
                let b = b.strip_prefix('=').unwrap_or(b);
                if b.trim().is_empty() {
                    Ok(RatingRange::at_least(number(a)?))
                } else {
                    RatingRange::new(number(a)?, number(b)?)
                        .ok_or_else(|| bad(BadRatingRangeKind::Empty))
                }
            }
        }
    }
}

/// The techniques whose steps carry a chain's common name ([`ChainName::of`]).
pub(crate) const CHAIN_TECHNIQUES: [Technique; 5] = [
    Technique::XCycle,
    Technique::ForcingXChain,
    Technique::YCycle,
    Technique::Cycle,
    Technique::ForcingChain,
];

/// The common chain names a target may ask for.
pub(crate) const CHAIN_NAMES: [ChainName; 11] = [
    ChainName::Skyscraper,
    ChainName::TwoStringKite,
    ChainName::EmptyRectangle,
    ChainName::TurbotFish,
    ChainName::XChain,
    ChainName::XyChain,
    ChainName::RemotePair,
    ChainName::WWing,
    ChainName::Aic,
    ChainName::NiceLoop,
    ChainName::DiscontinuousNiceLoop,
];

/// Names for groups of techniques, each a list of technique ids or id prefixes (`unique_loop`
/// stands for every `unique_loop_...`). Entries that name no technique of this build are
/// skipped, so the table never breaks when techniques come and go.
const GROUPS: &[(&str, &[&str])] = &[
    ("unique_rectangle", &["unique_loop"]),
    ("ur", &["unique_loop"]),
    ("bivalue_universal_grave", &["bug"]),
    ("ape", &["aligned_pair_exclusion"]),
    ("ate", &["aligned_triplet_exclusion"]),
    ("nishio", &["nishio_forcing_chains"]),
    ("locked_candidates", &["pointing", "claiming"]),
    (
        "multiple_forcing_chains",
        &["cell_forcing_chains", "region_forcing_chains"],
    ),
    // SE's "Dynamic Forcing Chains" and "Dynamic Forcing Chains (+)" are two families: the
    // first name must not take in the second (every id of which also starts `dynamic_`).
    (
        "dynamic_forcing_chains",
        &[
            "dynamic_contradiction_forcing_chains",
            "dynamic_double_forcing_chains",
            "dynamic_cell_forcing_chains",
            "dynamic_region_forcing_chains",
        ],
    ),
    ("dynamic_plus_forcing_chains", &["dynamic_plus"]),
];

/// "The hardest step needed is this technique": one technique, a family of them (every unique
/// rectangle type, every BUG type, ...), or a chain with a common name (skyscraper, W-wing...).
///
/// Names are read loosely: case, `-`, `_` and spaces do not matter, so `xy-wing`, `XY_Wing`
/// and `xy wing` are the same. [`TechniqueTarget::names`] lists them all.
///
/// ```
/// use sudokit::generate::TechniqueTarget;
/// use sudokit::logic::Technique;
/// let wing: TechniqueTarget = "xy-wing".parse()?;
/// assert_eq!(wing.techniques(), &[Technique::XyWing]);
/// let ur: TechniqueTarget = "unique-rectangle".parse()?;
/// assert_eq!(ur.techniques().len(), 5); // types 1, 2, 3 (naked), 3 (hidden) and 4
/// assert!("skyscraper".parse::<TechniqueTarget>()?.chain_name().is_some());
/// assert!("nonsense".parse::<TechniqueTarget>().is_err());
/// # Ok::<(), sudokit::generate::UnknownTechnique>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TechniqueTarget {
    name: String,
    techniques: Vec<Technique>,
    chain: Option<ChainName>,
}

impl TechniqueTarget {
    /// The target "the hardest step is a `technique` step".
    pub fn technique(technique: Technique) -> TechniqueTarget {
        TechniqueTarget {
            name: slug(technique.id()),
            techniques: vec![technique],
            chain: None,
        }
    }

    /// The target "the hardest step is a chain called `name`".
    pub fn chain(name: ChainName) -> TechniqueTarget {
        TechniqueTarget {
            name: slug(&normalize(name.name())),
            techniques: CHAIN_TECHNIQUES.to_vec(),
            chain: Some(name),
        }
    }

    /// The name, as a slug (`xy-wing`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The techniques the hardest step may be.
    pub fn techniques(&self) -> &[Technique] {
        &self.techniques
    }

    /// The common name the hardest step must have, for a chain target.
    pub fn chain_name(&self) -> Option<ChainName> {
        self.chain
    }

    /// Every name a target can usefully have, as slugs: the ids of the techniques on rating
    /// paths, the groups, the chain names. ([`FromStr`] also reads the ids of the nested
    /// forcing chains, which [`Generator::new`](super::Generator::new) then refuses: the
    /// rater never uses them.)
    pub fn names() -> Vec<String> {
        let mut names: Vec<String> = Technique::ALL
            .iter()
            .filter(|&&t| on_rating_paths(t))
            .map(|t| slug(t.id()))
            .collect();
        for (group, _) in GROUPS {
            if group_members(group).is_some() {
                names.push(slug(group));
            }
        }
        // Families by id prefix, e.g. `unique-loop`, `bug`, `hidden-single`.
        for prefix in family_prefixes() {
            let name = slug(&prefix);
            if !names.contains(&name) {
                names.push(name);
            }
        }
        for chain in CHAIN_NAMES {
            let name = slug(&normalize(chain.name()));
            if !names.contains(&name) {
                names.push(name);
            }
        }
        names
    }
}

impl fmt::Display for TechniqueTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

/// The text names no technique.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown technique {text:?} (expected one of: {})", TechniqueTarget::names().join(", "))]
#[non_exhaustive]
pub struct UnknownTechnique {
    /// The text that was read.
    pub text: String,
}

impl FromStr for TechniqueTarget {
    type Err = UnknownTechnique;

    fn from_str(text: &str) -> Result<TechniqueTarget, UnknownTechnique> {
        let key = normalize(text);
        // Human mode's own techniques (skyscraper, W-Wing, ...) share names with chains of
        // SE's path; the generator judges by SE's path, so those names are its chains.
        if let Some(technique) = Technique::from_id(&key).filter(|&t| !is_human_only(t)) {
            return Ok(TechniqueTarget::technique(technique));
        }
        if let Some(chain) = CHAIN_NAMES
            .into_iter()
            .find(|c| normalize(c.name()) == key || two_for_2(&normalize(c.name())) == key)
        {
            return Ok(TechniqueTarget::chain(chain));
        }
        let techniques = group_members(&key)
            .or_else(|| members(&[key.as_str()]))
            .ok_or_else(|| UnknownTechnique {
                text: text.to_string(),
            })?;
        Ok(TechniqueTarget {
            name: slug(&key),
            techniques,
            chain: None,
        })
    }
}

/// Whether a step of `technique` can be on a rating path: a finder of the rater's registry
/// ([`REGISTRY`]) reports it. The nested forcing chains are outside it (serate tries them
/// only as a last resort; the default rater, which the judge follows, never does), so no
/// rated puzzle's hardest step is one of them.
pub(crate) fn on_rating_paths(technique: Technique) -> bool {
    on_paths(technique, REGISTRY)
}

/// Whether a finder of `finders` reports `technique`.
pub(crate) fn on_paths(technique: Technique, finders: &[&dyn Finder]) -> bool {
    finders.iter().any(|f| f.techniques().contains(&technique))
}

/// Whether `technique` is only in human mode's list (no SE finder reports it).
fn is_human_only(technique: Technique) -> bool {
    !crate::logic::techniques::WITH_NESTED
        .iter()
        .any(|f| f.techniques().contains(&technique))
}

/// Lower case, with `-` and spaces turned into `_`.
fn normalize(text: &str) -> String {
    text.trim()
        .chars()
        .map(|c| match c {
            '-' | ' ' => '_',
            c => c.to_ascii_lowercase(),
        })
        .collect()
}

/// `2_string_kite` also as `two_string_kite`.
fn two_for_2(name: &str) -> String {
    name.strip_prefix("2_")
        .map_or_else(|| name.to_string(), |rest| format!("two_{rest}"))
}

/// The id as typed on a command line: `xy-wing`.
fn slug(id: &str) -> String {
    id.replace('_', "-")
}

/// The techniques of a named group, if the name is one and names any.
fn group_members(name: &str) -> Option<Vec<Technique>> {
    let (_, parts) = GROUPS.iter().find(|(group, _)| *group == name)?;
    members(parts)
}

/// Every technique on rating paths whose id is one of `parts` or starts with one of them
/// followed by `_`, in search order; `None` when there is none.
fn members(parts: &[&str]) -> Option<Vec<Technique>> {
    let found: Vec<Technique> = Technique::ALL
        .iter()
        .copied()
        .filter(|&t| on_rating_paths(t))
        .filter(|t| {
            parts.iter().any(|part| {
                t.id() == *part
                    || t.id()
                        .strip_prefix(part)
                        .is_some_and(|rest| rest.starts_with('_'))
            })
        })
        .collect();
    (!found.is_empty()).then_some(found)
}

/// The id prefixes shared by two or more techniques at a word boundary and naming a family
/// (`unique_loop`, `bug`, `hidden_single`, ...): the id without its last `_type_N` or
/// `_box`/`_row`/`_column` part.
fn family_prefixes() -> Vec<String> {
    let mut prefixes: Vec<String> = Vec::new();
    for t in Technique::ALL {
        let id = t.id();
        let stem = id.rsplit_once("_type_").map(|(stem, _)| stem).or_else(|| {
            ["_box", "_row", "_column"]
                .iter()
                .find_map(|end| id.strip_suffix(end))
        });
        if let Some(stem) = stem {
            let stem = stem.to_string();
            if members(&[&stem]).is_some_and(|m| m.len() > 1) && !prefixes.contains(&stem) {
                prefixes.push(stem);
            }
        }
    }
    prefixes
}

/// What a puzzle's difficulty must be: every part that is set must hold.
///
/// ```
/// use sudokit::generate::{Difficulty, RatingRange};
/// use sudokit::rate::Level;
/// let target = Difficulty {
///     rating: Some("6.0..7.5".parse()?),
///     level: Some(Level::Unfair),
///     ..Difficulty::default()
/// };
/// assert_eq!(target.to_string(), "rating 6.0..7.5, level unfair");
/// # Ok::<(), sudokit::generate::BadRatingRange>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Difficulty {
    /// The band ER must be in.
    pub rating: Option<RatingRange>,
    /// The HoDoKu-style level.
    pub level: Option<Level>,
    /// The technique of the hardest step.
    pub technique: Option<TechniqueTarget>,
    /// Accept puzzles the techniques cannot finish (ER 20.0, their real rating unknown but
    /// above every technique present). Only allowed when the target is open-ended: a rating
    /// band without an upper end or level extreme, and no technique.
    pub accept_stuck: bool,
}

impl Difficulty {
    /// Whether stuck puzzles may be accepted: asked for, and the target is open-ended.
    pub(crate) fn open_ended(&self) -> bool {
        self.rating.is_none_or(|r| r.max().is_none())
            && self.level.is_none_or(|l| l == Level::Extreme)
            && self.technique.is_none()
    }
}

/// The most distinct nodes one step's chains can have, for the bound on the length bonus: a
/// node is a candidate (81 cells x 9 digits) on or off, so one chain has at most 1,458, and a
/// step joins at most 9 chains (one per candidate of a cell, or per cell of a house).
const MAX_STEP_COMPLEXITY: u32 = 9 * 81 * 9 * 2;

/// Why no puzzle can meet a [`Difficulty`] ([`Difficulty::impossible`]). The bounds come from
/// the rating tables (SE's ratings and HoDoKu's levels) of the techniques on rating paths,
/// chains counted with the largest length bonus they could ever get.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Impossible {
    /// The band lies above every rating the techniques can give (and stuck puzzles, ER 20.0,
    /// are not accepted for it).
    #[error(
        "no puzzle the techniques can finish rates above {max} (ER 20.0 means stuck: its real \
         rating is unknown), so none is in {range}{hint}",
        hint = if .range.max().is_none() {
            "; add --accept-stuck to take stuck puzzles"
        } else {
            "; for stuck puzzles ask for an open band (e.g. 9+) with --accept-stuck"
        }
    )]
    AboveTechniques {
        /// The band asked for.
        range: RatingRange,
        /// The highest rating a technique step can have.
        max: Rating,
    },
    /// The band lies below the easiest step.
    #[error("every puzzle rates at least {min} (its first step), so none is in {range}")]
    BelowEasiest {
        /// The band asked for.
        range: RatingRange,
        /// The lowest rating of a step.
        min: Rating,
    },
    /// The hardest step's technique cannot have a rating in the band.
    #[error("{technique} steps rate {low}..{high}, outside the band {range}")]
    TechniqueOutsideBand {
        /// The technique asked for.
        technique: String,
        /// The lowest rating of its steps.
        low: Rating,
        /// The highest rating of its steps.
        high: Rating,
        /// The band asked for.
        range: RatingRange,
    },
    /// Every step of a puzzle of the level rates below the band.
    #[error(
        "the steps allowed in a level {level} puzzle rate at most {max}, so none is in {range}"
    )]
    LevelBelowBand {
        /// The level asked for.
        level: Level,
        /// The highest rating of a step allowed at that level.
        max: Rating,
        /// The band asked for.
        range: RatingRange,
    },
    /// The technique is above the level (a puzzle's level is at least its hardest step's).
    #[error(
        "{technique} steps are of level {lowest} or above, so no level {level} puzzle has one"
    )]
    TechniqueAboveLevel {
        /// The technique asked for.
        technique: String,
        /// The lowest level of its steps.
        lowest: Level,
        /// The level asked for.
        level: Level,
    },
}

impl Difficulty {
    /// Why no puzzle can meet this target, or `None` when the rating tables allow one (which
    /// does not promise it is common: `9+` takes hundreds of candidates per puzzle).
    ///
    /// ```
    /// use sudokit::generate::Difficulty;
    /// use sudokit::rate::Level;
    /// let wing_at_nine = Difficulty {
    ///     rating: "9+".parse().ok(),
    ///     technique: "x-wing".parse().ok(),
    ///     ..Difficulty::default()
    /// };
    /// assert!(wing_at_nine.impossible().is_some()); // an X-Wing rates 3.2
    /// let easy_nine = Difficulty {
    ///     rating: "9+".parse().ok(),
    ///     level: Some(Level::Easy),
    ///     ..Difficulty::default()
    /// };
    /// assert!(easy_nine.impossible().is_some()); // easy puzzles need only singles
    /// let hard = Difficulty { rating: "8..9".parse().ok(), ..Difficulty::default() };
    /// assert_eq!(hard.impossible(), None);
    /// ```
    pub fn impossible(&self) -> Option<Impossible> {
        self.impossible_on(REGISTRY)
    }

    /// [`Difficulty::impossible`] for a rater that uses `finders` (the nested levels too,
    /// say).
    pub(crate) fn impossible_on(&self, finders: &[&dyn Finder]) -> Option<Impossible> {
        let (ratings, table) = (Ratings::default(), HodokuTable::default());
        let on_paths = || {
            Technique::ALL
                .iter()
                .copied()
                .filter(|&t| on_paths(t, finders))
        };
        let highest = |t: Technique| highest_rating(t, &ratings);
        if let Some(range) = self.rating {
            let max = on_paths().map(highest).max().unwrap_or_default();
            let stuck_ok = self.accept_stuck && self.open_ended();
            if range.min() > max && !stuck_ok {
                return Some(Impossible::AboveTechniques { range, max });
            }
            let min = on_paths().map(|t| ratings.get(t)).min().unwrap_or_default();
            if range.max().is_some_and(|top| top < min) {
                return Some(Impossible::BelowEasiest { range, min });
            }
            if let Some(target) = &self.technique {
                let low = target.techniques().iter().map(|&t| ratings.get(t)).min();
                let high = target.techniques().iter().map(|&t| highest(t)).max();
                if let (Some(low), Some(high)) = (low, high) {
                    let meets = high >= range.min() && range.max().is_none_or(|top| low <= top);
                    if !meets {
                        return Some(Impossible::TechniqueOutsideBand {
                            technique: target.name().to_string(),
                            low,
                            high,
                            range,
                        });
                    }
                }
            }
            if let Some(level) = self.level.filter(|&l| l != Level::Extreme) {
                // A puzzle's level is at least the level of each of its steps.
                let max = on_paths()
                    .filter(|&t| lowest_level(t, &table) <= level)
                    .map(highest)
                    .max()
                    .unwrap_or_default();
                if range.min() > max {
                    return Some(Impossible::LevelBelowBand { level, max, range });
                }
            }
        }
        if let (Some(level), Some(target)) = (self.level, &self.technique) {
            let lowest = target
                .techniques()
                .iter()
                .map(|&t| lowest_level(t, &table))
                .min()
                .unwrap_or(Level::Extreme);
            if lowest > level {
                return Some(Impossible::TechniqueAboveLevel {
                    technique: target.name().to_string(),
                    lowest,
                    level,
                });
            }
        }
        None
    }
}

/// The highest rating a step of `technique` can have: its base, plus for the techniques whose
/// rating grows with their size (chains, unique loops, BUG type 3) the largest chain length
/// bonus (a bound: their own bonuses are smaller).
fn highest_rating(technique: Technique, ratings: &Ratings) -> Rating {
    let base = ratings.get(technique);
    let id = technique.id();
    let grows = CHAIN_TECHNIQUES.contains(&technique)
        || technique == Technique::BugType3
        || [
            "unique_loop",
            "nishio",
            "cell_forcing",
            "region_forcing",
            "dynamic",
            "nested",
        ]
        .iter()
        .any(|prefix| id.starts_with(prefix));
    if !grows {
        return base;
    }
    // The bonus is a sum of tenths: at most a few dozen of them.
    let bonus = (length_bonus(MAX_STEP_COMPLEXITY) * 10.0).round() as u16;
    Rating::from_tenths(base.tenths().saturating_add(bonus))
}

/// The lowest HoDoKu level a step of `technique` can have (a chain's common name may have a
/// lower level than its technique).
fn lowest_level(technique: Technique, table: &HodokuTable) -> Level {
    let mut lowest = table.get(technique).level;
    if CHAIN_TECHNIQUES.contains(&technique) {
        for name in CHAIN_NAMES {
            if let Some(entry) = table.chain_name(name) {
                lowest = lowest.min(entry.level);
            }
        }
    }
    lowest
}

impl fmt::Display for Difficulty {
    /// `rating 6.0..7.5, level unfair, technique x-wing` (the parts that are set).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(rating) = self.rating {
            parts.push(format!("rating {rating}"));
        }
        if let Some(level) = self.level {
            parts.push(format!("level {level}"));
        }
        if let Some(technique) = &self.technique {
            parts.push(format!("technique {technique}"));
        }
        if self.accept_stuck {
            parts.push("stuck accepted".to_string());
        }
        if parts.is_empty() {
            parts.push("any difficulty".to_string());
        }
        f.write_str(&parts.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tenths(t: u16) -> Rating {
        Rating::from_tenths(t)
    }

    #[test]
    fn rating_bands_parse_and_measure() {
        let band: RatingRange = "6..7.5".parse().expect("a band");
        assert_eq!((band.min(), band.max()), (tenths(60), Some(tenths(75))));
        assert!(band.contains(tenths(60)) && band.contains(tenths(75)));
        assert!(!band.contains(tenths(76)) && !band.contains(tenths(59)));
        assert_eq!(band.distance(tenths(52)), 8);
        assert_eq!(band.distance(tenths(80)), 5);
        assert_eq!(band.distance(tenths(70)), 0);
        assert_eq!("6..=7.5".parse::<RatingRange>(), Ok(band));
        let open: RatingRange = "9..".parse().expect("open");
        assert_eq!(open, RatingRange::at_least(tenths(90)));
        assert_eq!(" 9+ ".parse::<RatingRange>(), Ok(open));
        assert_eq!(open.distance(tenths(200)), 0);
        assert_eq!(open.to_string(), "9.0..");
        assert_eq!(
            "2.3".parse::<RatingRange>(),
            Ok(RatingRange::exactly(tenths(23)))
        );
        use BadRatingRangeKind::{Empty, NotANumber, NotATenth, OutOfRange};
        for (bad, kind) in [
            ("", NotANumber),
            ("x", NotANumber),
            ("7..6", Empty),
            ("-1", OutOfRange),
            ("7.25", NotATenth),
            ("1..2..3", NotANumber),
            ("+", NotANumber),
            ("nan", OutOfRange),
        ] {
            let text = bad.to_string();
            assert_eq!(
                bad.parse::<RatingRange>(),
                Err(BadRatingRange { text, kind }),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn technique_names_are_read_loosely() {
        let of = |name: &str| name.parse::<TechniqueTarget>().map(|t| t.techniques);
        assert_eq!(of("x-wing"), Ok(vec![Technique::XWing]));
        assert_eq!(of("X_Wing"), Ok(vec![Technique::XWing]));
        assert_eq!(of("swordfish"), Ok(vec![Technique::Swordfish]));
        assert_eq!(of("xy wing"), Ok(vec![Technique::XyWing]));
        assert_eq!(
            of("hidden-single"),
            Ok(vec![
                Technique::HiddenSingleBox,
                Technique::HiddenSingleColumn,
                Technique::HiddenSingleRow
            ])
        );
        assert_eq!(of("bug").map(|t| t.len()), Ok(4));
        assert_eq!(of("ur"), of("unique-loop"));
        assert_eq!(
            of("locked-candidates"),
            Ok(vec![Technique::Pointing, Technique::Claiming])
        );
        let dynamic = of("dynamic-forcing-chains").expect("a group");
        let plus = of("dynamic-plus-forcing-chains").expect("a group");
        assert_eq!((dynamic.len(), plus.len()), (4, 4));
        assert!(dynamic.iter().all(|t| !plus.contains(t)), "{dynamic:?}");
        let kite: TechniqueTarget = "2-string-kite".parse().expect("a chain name");
        assert_eq!(kite.chain_name(), Some(ChainName::TwoStringKite));
        assert_eq!(
            "two-string-kite".parse::<TechniqueTarget>(),
            Ok(kite.clone())
        );
        assert_eq!(kite.name(), "2-string-kite");
        assert_eq!(
            "w-wing".parse::<TechniqueTarget>().map(|t| t.chain_name()),
            Ok(Some(ChainName::WWing))
        );
        let err = "x-wings".parse::<TechniqueTarget>().expect_err("unknown");
        assert!(err.to_string().contains("x-wing, "), "{err}");
    }

    #[test]
    fn every_listed_name_parses() {
        let names = TechniqueTarget::names();
        for name in &names {
            assert!(name.parse::<TechniqueTarget>().is_ok(), "{name}");
        }
        // The nested forcing chains are never on a rating path: not offered.
        assert!(!names.iter().any(|n| n.starts_with("nested")), "{names:?}");
        for expected in [
            "xy-wing",
            "unique-rectangle",
            "skyscraper",
            "bug",
            "hidden-single",
        ] {
            assert!(names.iter().any(|n| n == expected), "{expected}: {names:?}");
        }
    }

    /// Issue 32, item 5: targets no puzzle can meet burned every attempt; the rating tables
    /// now tell them apart from rare but possible ones.
    #[test]
    fn impossible_targets_say_why() {
        let target = |rating: &str, level: Option<Level>, technique: &str| Difficulty {
            rating: rating.parse().ok(),
            level,
            technique: technique.parse().ok(),
            accept_stuck: false,
        };
        let bound = highest_rating(
            Technique::DynamicPlusRegionForcingChains,
            &Ratings::default(),
        );
        assert!(bound >= tenths(94) && bound < tenths(120), "{bound}");
        assert!(matches!(
            target("20", None, "").impossible(),
            Some(Impossible::AboveTechniques { .. })
        ));
        assert!(matches!(
            target("12..13", None, "").impossible(),
            Some(Impossible::AboveTechniques { .. })
        ));
        assert!(matches!(
            target("0.5", None, "").impossible(),
            Some(Impossible::BelowEasiest { .. })
        ));
        assert!(matches!(
            target("9+", None, "x-wing").impossible(),
            Some(Impossible::TechniqueOutsideBand { .. })
        ));
        assert!(matches!(
            target("9+", Some(Level::Easy), "").impossible(),
            Some(Impossible::LevelBelowBand { .. })
        ));
        assert!(matches!(
            target("", Some(Level::Easy), "x-wing").impossible(),
            Some(Impossible::TechniqueAboveLevel { .. })
        ));
        // Rare but possible, and stuck puzzles for an open band with --accept-stuck.
        for possible in [
            target("9+", None, ""),
            target("3.2", None, "x-wing"),
            target("8..9", Some(Level::Extreme), ""),
            target("", Some(Level::Easy), "hidden-single"),
            target("1.0..2.0", Some(Level::Easy), ""),
            target("9.5..9.9", None, "dynamic-plus-forcing-chains"),
            Difficulty {
                rating: "12+".parse().ok(),
                accept_stuck: true,
                ..Difficulty::default()
            },
        ] {
            assert_eq!(possible.impossible(), None, "{possible}");
        }
        let text = target("12..13", None, "")
            .impossible()
            .map(|e| e.to_string());
        assert!(text.is_some_and(|t| t.contains("rates above")));
    }

    #[test]
    fn only_open_targets_are_open_ended() {
        let open = Difficulty {
            rating: Some(RatingRange::at_least(tenths(90))),
            ..Difficulty::default()
        };
        assert!(open.open_ended());
        let closed = Difficulty {
            rating: RatingRange::new(tenths(90), tenths(99)),
            ..Difficulty::default()
        };
        assert!(!closed.open_ended());
        let extreme = Difficulty {
            level: Some(Level::Extreme),
            ..Difficulty::default()
        };
        assert!(extreme.open_ended());
        let wing = Difficulty {
            technique: "x-wing".parse().ok(),
            ..Difficulty::default()
        };
        assert!(!wing.open_ended());
        assert_eq!(wing.to_string(), "technique x-wing");
        assert_eq!(Difficulty::default().to_string(), "any difficulty");
    }
}
