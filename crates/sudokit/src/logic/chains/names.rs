//! Common names for chains: Sudoku Explainer rates every chain by its length alone, but many
//! short ones are well-known patterns (skyscraper, 2-string kite, W-wing, ...). The name is read
//! from a step's links only, so it can label a step loaded from JSON as well.

use super::node::Link;
use crate::board::House;
use crate::logic::{Step, Technique};

/// The well-known pattern a chain step is, when it is one.
///
/// ```
/// use sudokit::logic::ChainName;
/// assert_eq!(ChainName::TwoStringKite.to_string(), "2-string kite");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ChainName {
    /// One digit, two strong links in parallel lines joined at one end by a perpendicular line.
    Skyscraper,
    /// One digit, a strong link in a row and one in a column, joined in a box.
    TwoStringKite,
    /// One digit, a strong link in a box and one in a line, joined by a line.
    EmptyRectangle,
    /// One digit, two strong links joined by a weak link otherwise.
    TurbotFish,
    /// One digit, a longer alternating chain.
    XChain,
    /// Bivalue cells only, linked by one digit at a time.
    XyChain,
    /// Bivalue cells that all hold the same two digits.
    RemotePair,
    /// Two bivalue cells with the same two digits, joined by a strong link on one of them.
    WWing,
    /// An alternating inference chain mixing links in cells and in houses.
    Aic,
    /// A loop of alternating strong and weak links (a continuous nice loop).
    NiceLoop,
    /// A chain that starts and ends on the same candidate with a strong link (a discontinuous
    /// nice loop): the candidate is placed.
    DiscontinuousNiceLoop,
}

impl ChainName {
    /// The English name, lower case except for letters that name links (`X-chain`).
    pub const fn name(self) -> &'static str {
        match self {
            ChainName::Skyscraper => "skyscraper",
            ChainName::TwoStringKite => "2-string kite",
            ChainName::EmptyRectangle => "empty rectangle",
            ChainName::TurbotFish => "turbot fish",
            ChainName::XChain => "X-chain",
            ChainName::XyChain => "XY-chain",
            ChainName::RemotePair => "remote pair",
            ChainName::WWing => "W-wing",
            ChainName::Aic => "AIC",
            ChainName::NiceLoop => "nice loop",
            ChainName::DiscontinuousNiceLoop => "discontinuous nice loop",
        }
    }

    /// The common name of `step`, if it is a chain step whose links form a known pattern.
    pub fn of(step: &Step) -> Option<ChainName> {
        let links = &step.links;
        let first = links.first()?;
        let single_digit = links
            .iter()
            .all(|l| l.from.digit == first.from.digit && l.to.digit == first.from.digit);
        match step.technique {
            Technique::XCycle | Technique::YCycle | Technique::Cycle => {
                let strong_in_cells = links.iter().all(|l| !l.is_strong() || l.house.is_none());
                if strong_in_cells && same_pair(links) {
                    Some(ChainName::RemotePair)
                } else {
                    Some(ChainName::NiceLoop)
                }
            }
            Technique::ForcingXChain | Technique::ForcingChain => {
                if !first.from.on {
                    return Some(ChainName::DiscontinuousNiceLoop);
                }
                // Source on, weak link in, the inner chain, weak link out to source off.
                let inner = links.get(1..links.len().checked_sub(1)?)?;
                if single_digit {
                    return Some(if inner.len() == 3 {
                        turbot_family(inner)
                    } else {
                        ChainName::XChain
                    });
                }
                let strong_in_cells = inner.iter().all(|l| !l.is_strong() || l.house.is_none());
                let weak_in_houses = links.iter().all(|l| l.is_strong() || l.house.is_some());
                if strong_in_cells && weak_in_houses {
                    Some(if same_pair(links) {
                        ChainName::RemotePair
                    } else {
                        ChainName::XyChain
                    })
                } else if is_w_wing(inner) {
                    Some(ChainName::WWing)
                } else {
                    Some(ChainName::Aic)
                }
            }
            _ => None,
        }
    }
}

impl std::fmt::Display for ChainName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether every link inside a cell joins the same two digits.
fn same_pair(links: &[Link]) -> bool {
    let mut pairs = links
        .iter()
        .filter(|l| l.from.cell == l.to.cell)
        .map(|l| (l.from.digit.min(l.to.digit), l.from.digit.max(l.to.digit)));
    match pairs.next() {
        Some(pair) => pairs.all(|p| p == pair),
        None => false,
    }
}

/// Names a single-digit chain strong-weak-strong by the houses of its links.
fn turbot_family(inner: &[Link]) -> ChainName {
    let [first, weak, second] = [inner[0].house, inner[1].house, inner[2].house];
    let line = |h: Option<House>| matches!(h, Some(House::Row(_) | House::Col(_)));
    let boxed = |h: Option<House>| matches!(h, Some(House::Block(_)));
    let parallel = matches!(
        (first, second),
        (Some(House::Row(_)), Some(House::Row(_))) | (Some(House::Col(_)), Some(House::Col(_)))
    );
    let crossed = matches!(
        (first, second),
        (Some(House::Row(_)), Some(House::Col(_))) | (Some(House::Col(_)), Some(House::Row(_)))
    );
    if parallel && line(weak) {
        ChainName::Skyscraper
    } else if crossed && boxed(weak) {
        ChainName::TwoStringKite
    } else if ((boxed(first) && line(second)) || (line(first) && boxed(second))) && line(weak) {
        ChainName::EmptyRectangle
    } else {
        ChainName::TurbotFish
    }
}

/// Whether the inner chain is bivalue cell, strong link on its other digit, bivalue cell with
/// the same two digits.
fn is_w_wing(inner: &[Link]) -> bool {
    let [a, _, b, _, c] = inner else {
        return false;
    };
    a.house.is_none()
        && c.house.is_none()
        && b.house.is_some()
        && a.to.digit == b.from.digit
        && b.to.digit == c.from.digit
        && a.from.digit == c.to.digit
        && a.from.digit != a.to.digit
}
