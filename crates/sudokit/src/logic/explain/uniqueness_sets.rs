//! The sentences of HoDoKu's uniqueness test 5, avoidable rectangles, Sue de Coq and death
//! blossom.

use super::{and_list, compact, one, removals};
use crate::board::{Cell, House};
use crate::logic::cell_set::CellSet;
use crate::logic::{Step, Technique};

/// One or two English sentences for one of these techniques' steps.
pub(super) fn english(step: &Step) -> String {
    let name = step.technique.name();
    match step.technique {
        Technique::UniquenessType5 => {
            let a = one(step.digits.first());
            let b = one(step.digits.get(1));
            let x = one(step.digits.get(2));
            let corners = step.cells.get(..4).unwrap_or_default();
            let with = step.cells.get(4..).unwrap_or_default();
            format!(
                "{name} removes {}. Unless one of {} is {x}, the rectangle {} takes only {a} and \
                 {b}, and the two digits could swap, giving a second solution; so every cell \
                 that sees them all loses {x}.",
                removals(step),
                and_list(with),
                and_list(corners)
            )
        }
        Technique::AvoidableRectangle1 | Technique::AvoidableRectangle2 => {
            let a = one(step.digits.first());
            let b = one(step.digits.get(1));
            let corners = step.cells.get(..4).unwrap_or_default();
            let empty = step.cells.get(4..).unwrap_or_default();
            let why = format!(
                "In the rectangle {}, the digits placed while solving (not givens) are {a} on \
                 one diagonal and {b} on the other; if {} completed the pattern, the four cells \
                 could swap {a} and {b}, giving a second solution",
                and_list(corners),
                and_list(empty)
            );
            match step.digits.get(2) {
                None => format!("{name} removes {}. {why}.", removals(step)),
                Some(x) => format!(
                    "{name} removes {}. {why}; so one of them is {x}, and every cell that sees \
                     both loses {x}.",
                    removals(step)
                ),
            }
        }
        Technique::SueDeCoq => {
            let (Some(&line), Some(&boxed)) = (step.houses.first(), step.houses.get(1)) else {
                return format!("{name} removes {}.", removals(step));
            };
            let in_line = CellSet::house(line);
            let in_box = CellSet::house(boxed);
            let part = |keep: &dyn Fn(Cell) -> bool| -> Vec<Cell> {
                step.cells.iter().copied().filter(|&c| keep(c)).collect()
            };
            let meet = part(&|c| in_line.contains(c) && in_box.contains(c));
            let line_part = part(&|c| in_line.contains(c) && !in_box.contains(c));
            let box_part = part(&|c| in_box.contains(c) && !in_line.contains(c));
            format!(
                "{name} removes {}. {} where {line} meets {boxed}, {} in the rest of {line} and {} \
                 in the rest of {boxed} are {} cells holding only the {} digits {}, and no digit \
                 of {} is in {}; so each digit is in them exactly once, and leaves the other \
                 cells of the house that holds all its places.",
                removals(step),
                and_list(&meet),
                and_list(&line_part),
                and_list(&box_part),
                step.cells.len(),
                step.digits.len(),
                compact(&step.digits),
                and_list(&line_part),
                and_list(&box_part)
            )
        }
        _ => {
            let petals = step.houses.len().min(step.digits.len());
            let (stem_digits, zs) = step.digits.split_at(petals);
            let z = and_list(zs);
            let each = if zs.len() > 1 { "each of " } else { "" };
            let houses: Vec<String> = step.houses.iter().map(House::to_string).collect();
            format!(
                "{name} removes {}. The stem {} holds {}; for each of them an almost locked set \
                 (in {}) holds that digit only in cells that see the stem. Whichever digit the \
                 stem takes, that set loses it and is locked on its other digits, {z} among them; \
                 so {each}{z} is in one of the sets, and leaves every cell that sees all its \
                 places there.",
                removals(step),
                one(step.cells.first()),
                and_list(stem_digits),
                and_list(&houses)
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::english;
    use crate::format::tool::ReglibCase;
    use crate::logic::techniques::{AvoidableRectangle, DeathBlossom, SueDeCoq, UniquenessType5};
    use crate::logic::test_util::{all, elims};
    use crate::logic::{Finder, Step};

    /// The sentence of `finder`'s step on reglib case `line` that removes exactly `expect`.
    fn say(finder: &dyn Finder, line: &str, expect: &[&str]) -> String {
        let grid = ReglibCase::parse(line).expect("valid line").grid();
        let steps: Vec<Step> = all(finder, &grid);
        let step = steps
            .iter()
            .find(|s| elims(s) == expect)
            .unwrap_or_else(|| panic!("{steps:?}"));
        english(step)
    }

    #[test]
    fn uniqueness_5_sue_de_coq_and_death_blossom() {
        insta::assert_snapshot!(
            "uniqueness_test_5",
            say(
                &UniquenessType5::STRICT,
                ":0604-1:26:+324+56+7+918..+9..+8.+3...+893+4.+5...+5+7.63.+9+9624+8+3+5+71.+37.5+9+8....+389+17..+7+96+34+2+185..1+6+7+5.+93:121 122 227 229 629 639 479:448::",
                &["4@r4c8"]
            )
        );
        insta::assert_snapshot!(
            "avoidable_rectangle_2",
            say(
                &AvoidableRectangle::TYPE_2,
                ":0608-1:37:9+8....6+4+7..1..6+9387.6.8+9+5+1+2+1...+3.+476+3+741+6+2+8+5+9+65+8947+12+32.....+3.5+8..25.+7.+4....9.+2.1:474 494:943 972 982::",
                &["9@r4c3", "9@r7c2", "9@r8c2"]
            )
        );
        insta::assert_snapshot!(
            "sue_de_coq",
            say(
                &SueDeCoq,
                ":1101:159:+1+483+27..926+7+5+9+43+8+1.+3.+8+6+1+74+23+9+6+4521+787+14+6+38+9+25+85+2..+9....8.+2.6..7.+7..+852...+21..+3+8..::178 578 981 991::",
                &["1@r7c8", "5@r7c8", "9@r8c1", "9@r9c1"]
            )
        );
        insta::assert_snapshot!(
            "death_blossom",
            say(
                &DeathBlossom,
                ":0904-2:67:+9..12.+4..24.3.8.1......4.7..24..38..5..+2...+94..94..32..1.7+4+9....8+25+31.49+4+9.+862...:513 519 619 523 627 631 632 533 633 539 639 657 761 579 679 399 599:652 752::",
                &["6@r5c2", "7@r5c2"]
            )
        );
    }
}
