//! The sentences of the HoDoKu techniques of human mode (chains, wings, ALS): what the step
//! removes and why, then, for chains, the chain node by node.

use super::{and_list, comma_list, one, removals};
use crate::logic::{Step, Technique};

/// One or two English sentences for a human-mode technique's step.
pub(super) fn english(step: &Step) -> String {
    sentences(step).trim_end().to_string()
}

fn sentences(step: &Step) -> String {
    let name = step.technique.name();
    let digit = one(step.digits.first());
    let cells = &step.cells;
    let cell = |i: usize| one(cells.get(i));
    match step.technique {
        Technique::Skyscraper | Technique::TwoStringKite | Technique::TurbotFish => format!(
            "{name} on {digit} removes {}. {digit} is in {} or {} (the only places in {}), and \
             in {} or {} (the only places in {}); {} and {} see each other, so they are not \
             both {digit}, and {} or {} must be {digit}: no cell seeing both can be.",
            removals(step),
            cell(0),
            cell(1),
            one(step.houses.first()),
            cell(2),
            cell(3),
            one(step.houses.get(1)),
            cell(1),
            cell(2),
            cell(0),
            cell(3)
        ),
        Technique::EmptyRectangle => {
            let n = cells.len().saturating_sub(2);
            format!(
                "{name} on {digit} removes {}. In {}, {digit} lies only on {} and {}, so one of \
                 them holds it. {digit} is in {} or {} (the only places in {}): if not in {}, it \
                 is in {}, so the box's {digit} is on the other line, and the target sees it; \
                 if it is in {}, the target sees that too.",
                removals(step),
                one(step.houses.first()),
                one(step.houses.get(1)),
                one(step.houses.get(2)),
                cell(n),
                cell(n + 1),
                one(step.houses.get(3)),
                cell(n + 1),
                cell(n),
                cell(n + 1)
            )
        }
        Technique::WWing => format!(
            "{name} removes {}. {} and {} hold only {} and {}. In {}, {} can only go in {} or {}, \
             which see {} and {}: so one of the two wing cells is not {}, and holds {}. No \
             cell that sees both can be {}.",
            removals(step),
            cell(0),
            cell(3),
            digit,
            one(step.digits.get(1)),
            one(step.houses.first()),
            digit,
            cell(1),
            cell(2),
            cell(0),
            cell(3),
            digit,
            one(step.digits.get(1)),
            one(step.digits.get(1))
        ),
        Technique::RemotePair => format!(
            "{name} on {} removes {}. The chain {} of cells holding only those two digits, each \
             seeing the next, alternates between them, so two cells an odd number of links \
             apart hold both digits between them, and no cell seeing both can hold either. {}",
            and_list(&step.digits),
            removals(step),
            comma_list(cells.iter()),
            chain_text(step)
        ),
        Technique::XChain
        | Technique::XyChain
        | Technique::GroupedNiceLoop
        | Technique::AlsChain => format!(
            "{name} removes {}. If the first node of the chain is false, each link forces the \
             next, up to its last node being true; so one end is true, and what sees both ends \
             (or, in a closed loop, both ends of any weak link) is removed. {}",
            removals(step),
            chain_text(step)
        ),
        Technique::AlsXz | Technique::AlsXyWing => {
            let sets = step.houses.len();
            format!(
                "{name} removes {}. The cells {} form {} almost locked sets (n cells holding n+1 \
                 digits) in {}, linked by {}: at most one set of each link holds the linking \
                 digit, so the other is locked on its remaining digits, and one set holds \
                 each eliminated digit in a cell the removed candidates see.",
                removals(step),
                comma_list(cells.iter()),
                sets,
                and_list(&step.houses),
                and_list(
                    &step.digits[..step
                        .digits
                        .len()
                        .min(if step.technique == Technique::AlsXz {
                            1
                        } else {
                            2
                        })]
                )
            )
        }
        _ => format!("{name}: {}", removals(step)),
    }
}

/// "Chain: r1c2≠5 → r1c7=5 → ..." from the step's links ("" without links).
fn chain_text(step: &Step) -> String {
    let Some(first) = step.links.first() else {
        return String::new();
    };
    let mut nodes = vec![first.from.to_string()];
    nodes.extend(step.links.iter().map(|l| l.to.to_string()));
    format!("Chain: {}.", nodes.join(" → "))
}
