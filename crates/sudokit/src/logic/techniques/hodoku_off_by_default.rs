//! [`HODOKU_OFF_BY_DEFAULT`]: HoDoKu's last-resort techniques that its default order leaves
//! off, kraken fish (its step 8450) and templates (8700, 8800). SE mode never runs them; human
//! mode runs the kraken fish just before its forcing chains, which they replace on most paths
//! that need one (docs/design.md, "Fewer forcing chains in human mode"), and not the templates
//! (they add nothing there that kraken fish miss); a caller that wants them puts them into its
//! own list.

use super::{KrakenFish, Templates};
use crate::logic::Finder;

/// Kraken fish types 1 and 2, template set and template delete, in HoDoKu's order.
///
/// ```
/// use sudokit::logic::techniques::HODOKU_OFF_BY_DEFAULT;
/// use sudokit::logic::Technique;
/// assert_eq!(HODOKU_OFF_BY_DEFAULT[2].technique(), Technique::TemplateSet);
/// ```
pub static HODOKU_OFF_BY_DEFAULT: &[&dyn Finder] = &[
    &KrakenFish::TYPE_1,
    &KrakenFish::TYPE_2,
    &Templates::SET,
    &Templates::DELETE,
];
