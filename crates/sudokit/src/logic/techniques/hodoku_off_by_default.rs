//! [`HODOKU_OFF_BY_DEFAULT`]: HoDoKu's last-resort techniques that its default order leaves
//! off, kraken fish (its step 8450) and templates (8700, 8800). Neither SE mode nor human mode
//! runs them by default (docs/design.md, "Kraken fish and templates" says why); a caller that
//! wants them puts them into its own list, before the forcing chains where HoDoKu would.

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
