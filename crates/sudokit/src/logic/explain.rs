//! Words for steps: one or two plain English sentences per [`Step`], rendered from the step's
//! data alone.
//!
//! Finding and explaining are kept apart: a finder never writes text, and this module never
//! looks at a grid. Another language is another function of the same shape. A step whose
//! fields do not have the shape its technique documents (say, a hand-edited JSON step) still
//! renders, with `?` where something is missing.

// HoDoKu kraken fish and templates
mod hodoku_last_resort;
mod human;
mod uniqueness_sets;

use super::{ChainName, Step, Technique};
use crate::board::{Cell, Digit, House};

/// One or two English sentences saying what `step` does and why.
///
/// ```
/// use sudokit::logic::{explain, Rating, Step, Technique};
/// use sudokit::{Block, Cell, Digit, House};
/// let mut step = Step::new(Technique::HiddenSingleBox, Rating::from_tenths(12));
/// let r4c6 = Cell::new(32).unwrap();
/// let seven = Digit::new(7).unwrap();
/// step.placements.push((r4c6, seven));
/// step.cells.push(r4c6);
/// step.houses.push(House::Block(Block::new(4).unwrap()));
/// step.digits.push(seven);
/// assert_eq!(explain::english(&step), "Hidden single in box 5: 7 can only go in r4c6.");
/// ```
pub fn english(step: &Step) -> String {
    let name = step.technique.name();
    let digit = one(step.digits.first());
    let house = one(step.houses.first());
    match step.technique {
        Technique::FullHouse => format!(
            "Full house in {house}: {} is its last empty cell, so it takes {}.",
            placed_cell(step),
            placed_digit(step)
        ),
        Technique::HiddenSingleBox | Technique::HiddenSingleColumn | Technique::HiddenSingleRow => {
            format!(
                "Hidden single in {house}: {} can only go in {}.",
                placed_digit(step),
                placed_cell(step)
            )
        }
        Technique::NakedSingle => format!(
            "Naked single: {} can only be {}.",
            placed_cell(step),
            placed_digit(step)
        ),
        Technique::DirectPointing | Technique::DirectClaiming => {
            let second = one(step.houses.get(1));
            let third = one(step.houses.get(2));
            format!(
                "{name}: in {house}, {digit} can only go in {}, all in {second}, so no other cell \
                 of {second} can hold it. That leaves {} as the only place for {digit} in \
                 {third}.",
                and_list(&step.cells),
                placed_cell(step)
            )
        }
        Technique::DirectHiddenPair | Technique::DirectHiddenTriple => format!(
            "{name}: in {house}, {} can only go in {}, so those cells hold nothing else. That \
             leaves {} as the only place for {} in {house}.",
            and_list(&step.digits),
            and_list(&step.cells),
            placed_cell(step),
            placed_digit(step)
        ),
        Technique::Pointing | Technique::Claiming => format!(
            "{name}: in {house}, {digit} can only go in {}, so it is removed from {}.",
            one(step.houses.get(1)),
            comma_list(step.eliminations.iter().map(|(c, _)| c))
        ),
        Technique::NakedPair | Technique::NakedTriple | Technique::NakedQuad => format!(
            "{name} {} in {} removes {}. These cells hold only {} between them, so no other \
             cell of {house} can.",
            compact(&step.digits),
            and_list(&step.cells),
            removals(step),
            and_list(&step.digits)
        ),
        Technique::LockedPair | Technique::LockedTriple => format!(
            "{name} {} in {} removes {}. These cells hold only {} between them and lie in both \
             {house} and {}, so no other cell of either can.",
            compact(&step.digits),
            and_list(&step.cells),
            removals(step),
            and_list(&step.digits),
            one(step.houses.get(1))
        ),
        Technique::HiddenPair | Technique::HiddenTriple | Technique::HiddenQuad => format!(
            "{name} {} in {} removes {}. In {house}, {} can only go in these cells, so they hold \
             nothing else.",
            compact(&step.digits),
            and_list(&step.cells),
            removals(step),
            and_list(&step.digits)
        ),
        Technique::XWing | Technique::Swordfish | Technique::Jellyfish => {
            let (bases, covers) = step.houses.split_at(step.houses.len() / 2);
            let (bases, covers) = (lines(bases), lines(covers));
            let kind = bases
                .split(' ')
                .next()
                .filter(|k| k.ends_with('s'))
                .unwrap_or("lines");
            format!(
                "{name} on {digit} in {bases} removes {}. In {bases}, {digit} can only go in \
                 {covers}, so {covers} must take their {digit} in those {kind}.",
                removals(step),
            )
        }
        Technique::XyWing => {
            let [pivot, xz, yz] = wing_cells(step);
            let [x, y, z] = wing_digits(step);
            format!(
                "XY-Wing with pivot {pivot} ({x},{y}) and pincers {xz} ({x},{z}) and {yz} \
                 ({y},{z}) removes {}. Whichever digit the pivot takes, one pincer is {z}, so \
                 no cell that sees both pincers can be {z}.",
                removals(step)
            )
        }
        Technique::XyzWing => {
            let [pivot, xz, yz] = wing_cells(step);
            let [x, y, z] = wing_digits(step);
            format!(
                "XYZ-Wing with pivot {pivot} ({x},{y},{z}) and pincers {xz} ({x},{z}) and {yz} \
                 ({y},{z}) removes {}. One of these three cells is {z}, so no cell that sees all \
                 three can be {z}.",
                removals(step)
            )
        }
        Technique::UniqueLoopType1
        | Technique::UniqueLoopType2
        | Technique::UniqueLoopType3Naked
        | Technique::UniqueLoopType3Hidden
        | Technique::UniqueLoopType4 => unique_loop(step),
        Technique::BugType1 | Technique::BugType2 | Technique::BugType3 | Technique::BugType4 => {
            bug(step)
        }
        Technique::AlignedPairExclusion => {
            let (base, excluders) = step.cells.split_at(step.cells.len().min(2));
            format!(
                "Aligned pair exclusion on {} removes {}. Filling these two cells with the same \
                 digit (when they see each other) or with both digits of a bivalue cell that \
                 sees them both ({}) is impossible, and no other way to fill them uses the \
                 removed candidates.",
                and_list(base),
                removals(step),
                comma_list(excluders.iter())
            )
        }
        Technique::AlignedTripletExclusion => {
            let (base, excluders) = step.cells.split_at(step.cells.len().min(3));
            format!(
                "Aligned triplet exclusion on {} removes {}. Filling these three cells with one \
                 digit twice in cells that see each other, or with all the digits of a cell that \
                 sees all three ({}), is impossible, and no other way to fill them uses the \
                 removed candidates.",
                and_list(base),
                removals(step),
                comma_list(excluders.iter())
            )
        }
        Technique::XCycle
        | Technique::ForcingXChain
        | Technique::YCycle
        | Technique::Cycle
        | Technique::ForcingChain => chain(step),
        Technique::CellForcingChains | Technique::RegionForcingChains => multiple_chains(step),
        Technique::NishioForcingChains
        | Technique::DynamicContradictionChains
        | Technique::DynamicDoubleChains
        | Technique::DynamicCellForcingChains
        | Technique::DynamicRegionForcingChains
        | Technique::DynamicPlusContradictionChains
        | Technique::DynamicPlusDoubleChains
        | Technique::DynamicPlusCellForcingChains
        | Technique::DynamicPlusRegionForcingChains
        | Technique::NestedContradictionChains2
        | Technique::NestedDoubleChains2
        | Technique::NestedCellForcingChains2
        | Technique::NestedRegionForcingChains2
        | Technique::NestedContradictionChains3
        | Technique::NestedContradictionChains4
        | Technique::NestedContradictionChains5
        | Technique::NestedDoubleChains3
        | Technique::NestedDoubleChains4
        | Technique::NestedDoubleChains5
        | Technique::NestedCellForcingChains3
        | Technique::NestedCellForcingChains4
        | Technique::NestedCellForcingChains5
        | Technique::NestedRegionForcingChains3
        | Technique::NestedRegionForcingChains4
        | Technique::NestedRegionForcingChains5 => dynamic_chains(step),
        Technique::Skyscraper
        | Technique::TwoStringKite
        | Technique::TurbotFish
        | Technique::EmptyRectangle
        | Technique::WWing
        | Technique::RemotePair
        | Technique::XChain
        | Technique::XyChain
        | Technique::GroupedNiceLoop
        | Technique::AlsXz
        | Technique::AlsXyWing
        | Technique::AlsChain => human::english(step),

        Technique::FinnedXWing
        | Technique::SashimiXWing
        | Technique::FinnedSwordfish
        | Technique::SashimiSwordfish
        | Technique::FinnedJellyfish
        | Technique::SashimiJellyfish
        | Technique::FrankenXWing
        | Technique::FrankenSwordfish
        | Technique::FrankenJellyfish
        | Technique::FinnedFrankenXWing
        | Technique::FinnedFrankenSwordfish
        | Technique::FinnedFrankenJellyfish
        | Technique::MutantXWing
        | Technique::MutantSwordfish
        | Technique::MutantJellyfish
        | Technique::FinnedMutantXWing
        | Technique::FinnedMutantSwordfish
        | Technique::FinnedMutantJellyfish
        | Technique::FinnedMutantSquirmbag
        | Technique::FinnedMutantWhale => complex_fish(step),
        Technique::SimpleColorsTrap
        | Technique::SimpleColorsWrap
        | Technique::MultiColors1
        | Technique::MultiColors2 => colors(step),
        Technique::UniquenessType6 => {
            let u = one(step.digits.first());
            let v = one(step.digits.get(1));
            format!(
                "{name} removes {}. In {}, {u} can only go in the corners of the rectangle {}, \
                 so it takes one diagonal or the other; on the corners that hold more than {u} \
                 and {v}, the other two would be {v} and the four cells could swap {u} and {v}, \
                 giving a second solution.",
                removals(step),
                lines(&step.houses),
                and_list(&step.cells)
            )
        }
        // HoDoKu uniqueness, BUG, Sue de Coq, death blossom
        Technique::UniquenessType5
        | Technique::AvoidableRectangle1
        | Technique::AvoidableRectangle2
        | Technique::SueDeCoq
        | Technique::DeathBlossom => uniqueness_sets::english(step),
        Technique::HiddenRectangle => {
            let u = one(step.digits.first());
            let v = one(step.digits.get(1));
            let d = one(step.cells.get(2));
            format!(
                "{name} removes {}. In the rectangle {}, {} holds only {u} and {v}, and in \
                 {} {u} can only go in the rectangle. If {d} were {v}, {u} would fill its two \
                 neighbours in the rectangle, {} would be {v}, and the four cells could swap \
                 {u} and {v}, giving a second solution.",
                removals(step),
                and_list(&step.cells),
                one(step.cells.first()),
                and_list(&step.houses),
                one(step.cells.first())
            )
        }
        // HoDoKu kraken fish and templates
        Technique::KrakenFishType1
        | Technique::KrakenFishType2
        | Technique::TemplateSet
        | Technique::TemplateDelete => hodoku_last_resort::english(step),
    }
}

/// The sentences of simple colors and multi-colors. Each cluster's colours come from its tree
/// links (first colour "on", second "off"); the links of one cluster come together, each after
/// the first touching a cell seen before, so a link that does not starts the next cluster.
fn colors(step: &Step) -> String {
    let name = step.technique.name();
    let digit = one(step.digits.first());
    let mut clusters: Vec<(Vec<Cell>, Vec<Cell>)> = Vec::new();
    for link in &step.links {
        let (from, to) = (link.from.cell, link.to.cell);
        let joins = clusters
            .last()
            .is_some_and(|(on, off)| [from, to].iter().any(|c| on.contains(c) || off.contains(c)));
        if !joins {
            clusters.push((Vec::new(), Vec::new()));
        }
        if let Some((on, off)) = clusters.last_mut() {
            for (cell, side) in [(from, on), (to, off)] {
                if !side.contains(&cell) {
                    side.push(cell);
                }
            }
        }
    }
    let colours: Vec<String> = clusters
        .iter_mut()
        .map(|(on, off)| {
            on.sort();
            off.sort();
            format!("{} against {}", and_list(on), and_list(off))
        })
        .collect();
    let why = match step.technique {
        Technique::SimpleColorsTrap => "one colour holds it, and these cells see both colours",
        Technique::SimpleColorsWrap => {
            "two cells of one colour see each other, so that colour cannot hold it"
        }
        Technique::MultiColors1 => {
            "a cell of one colour of the first cluster sees a cell of one colour of the second, \
             so one of the two other colours holds it, and these cells see both of those"
        }
        _ => {
            "cells of one colour see both colours of the other cluster, one of which holds it, \
             so that colour cannot"
        }
    };
    format!(
        "{name} on {digit} removes {}. Conjugate pairs of {digit} colour its cells: {}. In \
         each cluster one colour holds {digit}; {why}.",
        removals(step),
        if colours.is_empty() {
            "?".to_string()
        } else {
            colours.join("; ")
        }
    )
}

/// The sentences of finned, sashimi, Franken and mutant fish: the houses are the bases then
/// the covers; the fins are the cells in no cover house or in two base houses.
fn complex_fish(step: &Step) -> String {
    let name = step.technique.name();
    let digit = one(step.digits.first());
    let (bases, covers) = step.houses.split_at(step.houses.len() / 2);
    let within = |houses: &[House], cell: Cell| {
        houses
            .iter()
            .filter(|&&h| super::CellSet::house(h).contains(cell))
            .count()
    };
    let fins: Vec<Cell> = step
        .cells
        .iter()
        .copied()
        .filter(|&c| within(covers, c) == 0 || within(bases, c) > 1)
        .collect();
    let (bases, covers) = (lines(bases), lines(covers));
    if fins.is_empty() {
        format!(
            "{name} on {digit} removes {}. Each of {bases} holds {digit} once, and all its \
             places lie in {covers}, so those houses take their {digit} there and nowhere else.",
            removals(step)
        )
    } else {
        let (fin, them) = if fins.len() == 1 {
            ("fin", "it")
        } else {
            ("fins", "one of them")
        };
        format!(
            "{name} on {digit} removes {}. Apart from the {fin} {}, every place for {digit} in \
             {bases} lies in {covers}: so either {them} holds {digit}, or {covers} take their \
             {digit} in {bases}. Either way, the cells that see every fin and lie in {covers} \
             cannot hold {digit}.",
            removals(step),
            and_list(&fins)
        )
    }
}

/// The sentences of the unique rectangle and loop types; see the [`Technique`] variants for
/// the layout of `cells` (the loop, then the other cells) and `digits`.
fn unique_loop(step: &Step) -> String {
    let cells = &step.cells;
    // The loop ends where a cell repeats (the cells after it are loop cells named again, then
    // the cells of a set).
    let n = (0..cells.len())
        .find(|&i| cells[..i].contains(&cells[i]))
        .unwrap_or(cells.len());
    let (pattern, rest) = cells.split_at(n);
    let kind = if n == 4 {
        "Unique rectangle"
    } else {
        "Unique loop"
    };
    // Type 4 lists the locked digit first; the pattern is named with the smaller first.
    let (a, b) = (one(step.digits.first()), one(step.digits.get(1)));
    let (low, high) = if a <= b { (&a, &b) } else { (&b, &a) };
    let intro = format!("{kind} {} on {low} and {high}", comma_list(pattern.iter()));
    let swap =
        format!("the cells could swap {low} and {high} and the puzzle would have two solutions");
    let house = one(step.houses.first());
    let (c1, c2) = (one(rest.first()), one(rest.get(1)));
    let set_cells = rest.get(2..).unwrap_or_default();
    match step.technique {
        Technique::UniqueLoopType1 => {
            let rescue = one(step.eliminations.first().map(|(c, _)| c));
            format!(
                "{intro} (type 1) removes {}. If {rescue} were {a} or {b} too, {swap}.",
                removals(step)
            )
        }
        Technique::UniqueLoopType2 => {
            let x = one(step.digits.get(2));
            format!(
                "{intro} (type 2) removes {}. Unless one of {} is {x}, {swap}; so every cell \
                 that sees them all loses {x}.",
                removals(step),
                and_list(rest)
            )
        }
        Technique::UniqueLoopType3Naked => format!(
            "{intro} (type 3) removes {}. Unless {c1} or {c2} takes a digit other than {low} \
             and {high}, {swap}; so together they act as one cell holding their other digits, \
             which forms a naked set {} with {} in {house}.",
            removals(step),
            compact(step.digits.get(2..).unwrap_or_default()),
            and_list(set_cells)
        ),
        Technique::UniqueLoopType3Hidden => format!(
            "{intro} (type 3) removes {}. Unless {c1} or {c2} takes a digit other than {low} \
             and {high}, {swap}; so they hold at most one of {} between them, and in {house} \
             the others fill {}, which can hold nothing else.",
            removals(step),
            compact(&step.digits),
            and_list(set_cells)
        ),
        _ => format!(
            "{intro} (type 4) removes {}. In {house}, {a} can only go in {c1} and {c2}, so one \
             of them is {a}; if the other were {b}, {swap}.",
            removals(step)
        ),
    }
}

/// The sentences of the BUG types; see the [`Technique`] variants for the layout.
fn bug(step: &Step) -> String {
    let grave = "without the extra candidates, every empty cell would hold two candidates and \
                 each candidate would appear twice in each of its houses, a pattern with two \
                 solutions or none";
    let house = one(step.houses.first());
    match step.technique {
        Technique::BugType1 => format!(
            "BUG type 1 removes {}. The only cell with an extra candidate is {}, and {grave}; \
             so {} must be {}.",
            removals(step),
            one(step.cells.first()),
            one(step.cells.first()),
            or_list(&step.digits)
        ),
        Technique::BugType2 => {
            let x = one(step.digits.first());
            format!(
                "BUG type 2 removes {}. The cells with an extra candidate, {}, all have the same \
                 one, {x}, and {grave}; so one of them is {x}, and no cell that sees them all \
                 can be.",
                removals(step),
                and_list(&step.cells)
            )
        }
        Technique::BugType3 => {
            let naked = step.digits.len().saturating_sub(1).min(step.cells.len());
            let (bug_cells, set_cells) = step.cells.split_at(step.cells.len() - naked);
            format!(
                "BUG type 3 removes {}. One of {} takes an extra candidate ({grave}), so \
                 together they act as one cell holding their extras, which forms a naked set {} \
                 with {} in {house}.",
                removals(step),
                and_list(bug_cells),
                compact(&step.digits),
                and_list(set_cells)
            )
        }
        _ => format!(
            "BUG type 4 removes {}. One of {} takes its extra candidate ({grave}), and in \
             {house} {} can only go in these two cells, so the other is {}: neither can hold \
             anything else.",
            removals(step),
            and_list(&step.cells),
            one(step.digits.first()),
            one(step.digits.first())
        ),
    }
}

/// `a`, `a or b`, `a, b or c`.
fn or_list<T: std::fmt::Display>(items: &[T]) -> String {
    let names: Vec<String> = items.iter().map(T::to_string).collect();
    match names.split_last() {
        None => "?".to_string(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// The display of `item`, or `?` if it is missing.
fn one<T: std::fmt::Display>(item: Option<&T>) -> String {
    item.map_or_else(|| "?".to_string(), T::to_string)
}

fn placed_cell(step: &Step) -> String {
    one(step.placements.first().map(|(c, _)| c))
}

fn placed_digit(step: &Step) -> String {
    one(step.placements.first().map(|(_, d)| d))
}

/// `a`, `a and b`, `a, b and c`.
fn and_list<T: std::fmt::Display>(items: &[T]) -> String {
    let names: Vec<String> = items.iter().map(T::to_string).collect();
    match names.split_last() {
        None => "?".to_string(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// `a, b, c`.
fn comma_list<'a>(cells: impl Iterator<Item = &'a Cell>) -> String {
    let names: Vec<String> = cells.map(Cell::to_string).collect();
    if names.is_empty() {
        "?".to_string()
    } else {
        names.join(", ")
    }
}

/// Digits as a set label: `2,7`.
fn compact(digits: &[Digit]) -> String {
    let names: Vec<String> = digits.iter().map(Digit::to_string).collect();
    names.join(",")
}

/// The eliminations, grouped by cells that lose the same digits: `2 and 7 from r3c2, r3c8;
/// 2 from r3c9`.
fn removals(step: &Step) -> String {
    let mut per_cell: Vec<(Cell, Vec<Digit>)> = Vec::new();
    for &(cell, digit) in &step.eliminations {
        match per_cell.iter_mut().find(|(c, _)| *c == cell) {
            Some((_, digits)) => digits.push(digit),
            None => per_cell.push((cell, vec![digit])),
        }
    }
    let mut groups: Vec<(Vec<Digit>, Vec<Cell>)> = Vec::new();
    for (cell, digits) in per_cell {
        match groups.iter_mut().find(|(d, _)| *d == digits) {
            Some((_, cells)) => cells.push(cell),
            None => groups.push((digits, vec![cell])),
        }
    }
    if groups.is_empty() {
        return "nothing".to_string();
    }
    groups
        .iter()
        .map(|(digits, cells)| format!("{} from {}", and_list(digits), comma_list(cells.iter())))
        .collect::<Vec<_>>()
        .join("; ")
}

/// Lines of one kind as `rows 2 and 7` (or each by name if the kinds differ).
fn lines(houses: &[House]) -> String {
    let numbers = |kind: fn(&House) -> Option<usize>| -> Option<Vec<usize>> {
        houses.iter().map(kind).collect()
    };
    let rows = numbers(|h| match h {
        House::Row(r) => Some(r.index() + 1),
        _ => None,
    });
    let columns = numbers(|h| match h {
        House::Col(c) => Some(c.index() + 1),
        _ => None,
    });
    match (rows, columns) {
        (Some(n), _) if !n.is_empty() => format!("rows {}", and_list(&n)),
        (_, Some(n)) if !n.is_empty() => format!("columns {}", and_list(&n)),
        _ => and_list(houses),
    }
}

fn wing_cells(step: &Step) -> [String; 3] {
    std::array::from_fn(|i| one(step.cells.get(i)))
}

fn wing_digits(step: &Step) -> [String; 3] {
    std::array::from_fn(|i| one(step.digits.get(i)))
}

/// The sentences of Sudoku Explainer's chains and cycles: the conclusion, then the chain node
/// by node (`r1c2=5 → r1c7≠5 → ...`).
fn chain(step: &Step) -> String {
    let name = match ChainName::of(step) {
        Some(common) => format!("{} ({common})", step.technique.name()),
        None => step.technique.name().to_string(),
    };
    let mut nodes: Vec<String> = step
        .links
        .first()
        .map(|l| l.from.to_string())
        .into_iter()
        .collect();
    nodes.extend(step.links.iter().map(|l| l.to.to_string()));
    let path = if nodes.is_empty() {
        "?".to_string()
    } else {
        nodes.join(" → ")
    };
    match step.technique {
        Technique::XCycle | Technique::YCycle | Technique::Cycle => format!(
            "{name} removes {}. The loop {path} holds whichever way it is read, so one end of \
             each of its links is true, and a cell outside it that sees both ends of a link \
             cannot hold their digit.",
            removals(step)
        ),
        _ => {
            let (assumed, opposite) = match (step.links.first(), step.links.last()) {
                (Some(first), Some(last)) => (first.from.to_string(), last.to.to_string()),
                _ => ("?".to_string(), "?".to_string()),
            };
            let conclusion = if step.is_placement() {
                format!("places {} in {}", placed_digit(step), placed_cell(step))
            } else {
                format!("removes {}", removals(step))
            };
            format!("{name} {conclusion}, because assuming {assumed} leads to {opposite}: {path}.")
        }
    }
}

/// The sentences of Sudoku Explainer's cell and region forcing chains: the conclusion, then
/// each branch's chain.
fn multiple_chains(step: &Step) -> String {
    let conclusion = if step.is_placement() {
        format!("place {} in {}", placed_digit(step), placed_cell(step))
    } else {
        format!("remove {}", removals(step))
    };
    let origin = match step.technique {
        Technique::CellForcingChains => format!(
            "whichever of {} {} holds",
            or_list(&step.digits),
            one(step.cells.first())
        ),
        _ => format!(
            "wherever {} goes in {} ({})",
            one(step.digits.first()),
            one(step.houses.first()),
            or_list(&step.cells)
        ),
    };
    let target = one(step.links.last().map(|l| l.to).as_ref());
    // A branch starts where a link does not continue the previous one.
    let mut branches: Vec<Vec<String>> = Vec::new();
    let mut last = None;
    for link in &step.links {
        if last != Some(link.from) {
            branches.push(vec![link.from.to_string()]);
        }
        if let Some(branch) = branches.last_mut() {
            branch.push(link.to.to_string());
        }
        last = Some(link.to);
    }
    let chains: Vec<String> = branches.iter().map(|b| b.join(" → ")).collect();
    format!(
        "{}: {origin}, {target}, so they {conclusion}. {}.",
        step.technique.name(),
        if chains.is_empty() {
            "?".to_string()
        } else {
            chains.join("; ")
        }
    )
}

/// The sentences of Sudoku Explainer's Nishio and dynamic forcing chains: the conclusion, the
/// assumptions, and the implications one by one (a node with several premises lists them all,
/// as the grid left by earlier implications is what makes it follow).
fn dynamic_chains(step: &Step) -> String {
    let conclusion = if step.is_placement() {
        format!("places {} in {}", placed_digit(step), placed_cell(step))
    } else {
        format!("removes {}", removals(step))
    };
    let cell = one(step.cells.first());
    let digit = one(step.digits.first());
    let why = match step.technique {
        Technique::NishioForcingChains
        | Technique::DynamicContradictionChains
        | Technique::DynamicPlusContradictionChains
        | Technique::NestedContradictionChains2
        | Technique::NestedContradictionChains3
        | Technique::NestedContradictionChains4
        | Technique::NestedContradictionChains5 => {
            let target = step.links.last().map(|l| l.to);
            let assumed = step
                .links
                .first()
                .map(|l| l.from.to_string())
                .unwrap_or_else(|| "?".to_string());
            format!(
                "assuming {assumed} makes {} both true and false",
                target.map_or_else(|| "?".to_string(), |t| format!("{} in {}", t.digit, t.cell))
            )
        }
        Technique::DynamicDoubleChains
        | Technique::DynamicPlusDoubleChains
        | Technique::NestedDoubleChains2
        | Technique::NestedDoubleChains3
        | Technique::NestedDoubleChains4
        | Technique::NestedDoubleChains5 => {
            format!("{digit} in {cell} and {digit} not in {cell} lead to the same conclusion")
        }
        Technique::DynamicCellForcingChains
        | Technique::DynamicPlusCellForcingChains
        | Technique::NestedCellForcingChains2
        | Technique::NestedCellForcingChains3
        | Technique::NestedCellForcingChains4
        | Technique::NestedCellForcingChains5 => format!(
            "whichever of {} {cell} holds, the same conclusion follows",
            or_list(&step.digits)
        ),
        _ => format!(
            "wherever {digit} goes in {} ({}), the same conclusion follows",
            one(step.houses.first()),
            or_list(&step.cells)
        ),
    };
    // Group the links by consequence ("a & b ⇒ c"), each implication once (two chains from one
    // assumption share their start).
    let mut implications: Vec<(String, Vec<String>)> = Vec::new();
    for link in &step.links {
        let to = link.to.to_string();
        let from = link.from.to_string();
        match implications.last_mut() {
            Some((last, premises)) if *last == to => premises.push(from),
            _ => implications.push((to, vec![from])),
        }
    }
    let mut steps: Vec<String> = Vec::new();
    for (to, premises) in &implications {
        let line = format!("{} ⇒ {to}", premises.join(" & "));
        if !steps.contains(&line) {
            steps.push(line);
        }
    }
    format!(
        "{}: {why}, which {conclusion}. {}.",
        step.technique.name(),
        if steps.is_empty() {
            "?".to_string()
        } else {
            steps.join("; ")
        }
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::techniques::{
        DirectHiddenSet, DirectLocking, Fish, FullHouse, HiddenSet, HiddenSingle, Locking,
        NakedSet, NakedSingle, XyWing, XyzWing,
    };
    use crate::logic::test_util::{confine, first, keep, puzzle};
    use crate::logic::{CandidateGrid, Finder, Rating};

    fn say(finder: &dyn Finder, grid: &CandidateGrid) -> String {
        english(&first(finder, grid).expect("the position has a step"))
    }

    #[test]
    fn singles() {
        let grid = puzzle(&format!("12345678.{}", ".".repeat(72)));
        insta::assert_snapshot!("full_house", say(&FullHouse, &grid));
        let mut rows = vec![".".repeat(9); 9];
        rows[1] = "...1.....".to_string();
        rows[2] = "......1..".to_string();
        rows[3] = ".1.......".to_string();
        rows[6] = "..1......".to_string();
        let grid = puzzle(&rows.concat());
        insta::assert_snapshot!("hidden_single", say(&HiddenSingle::BOX, &grid));
        let mut grid = CandidateGrid::new();
        keep(&mut grid, "r2c3", "7");
        insta::assert_snapshot!("naked_single", say(&NakedSingle, &grid));
    }

    #[test]
    fn direct_techniques() {
        let mut grid = CandidateGrid::new();
        confine(&mut grid, 5, "box 1", "r1c1 r2c1");
        confine(&mut grid, 5, "box 4", "r4c1 r5c2");
        insta::assert_snapshot!("direct_pointing", say(&DirectLocking::POINTING, &grid));
        let mut grid = CandidateGrid::new();
        confine(&mut grid, 3, "row 1", "r1c2 r1c5");
        confine(&mut grid, 6, "row 1", "r1c2 r1c5");
        confine(&mut grid, 4, "row 1", "r1c2 r1c5 r1c8");
        insta::assert_snapshot!("direct_hidden_pair", say(&DirectHiddenSet::PAIR, &grid));
    }

    #[test]
    fn intersections_and_subsets() {
        let mut grid = CandidateGrid::new();
        confine(&mut grid, 7, "box 1", "r1c1 r1c2");
        insta::assert_snapshot!("pointing", say(&Locking::POINTING, &grid));
        let mut grid = CandidateGrid::new();
        keep(&mut grid, "r3c1", "27");
        keep(&mut grid, "r3c5", "27");
        for c in ["r3c2", "r3c3", "r3c4", "r3c6", "r3c7"] {
            keep(&mut grid, c, "13456");
        }
        keep(&mut grid, "r3c9", "1237");
        insta::assert_snapshot!("naked_pair", say(&NakedSet::PAIR, &grid));
        let mut grid = CandidateGrid::new();
        confine(&mut grid, 3, "column 4", "r2c4 r7c4");
        confine(&mut grid, 6, "column 4", "r2c4 r7c4");
        keep(&mut grid, "r2c4", "1369");
        keep(&mut grid, "r7c4", "356");
        insta::assert_snapshot!("hidden_pair", say(&HiddenSet::PAIR, &grid));
    }

    #[test]
    fn fish_and_wings() {
        let mut grid = CandidateGrid::new();
        confine(&mut grid, 4, "row 2", "r2c3 r2c8");
        confine(&mut grid, 4, "row 7", "r7c3 r7c8");
        for c in ["r1", "r3", "r4", "r5", "r6", "r8"] {
            crate::logic::test_util::remove(&mut grid, 4, &format!("{c}c3 {c}c8"));
        }
        insta::assert_snapshot!("x_wing", say(&Fish::X_WING, &grid));
        let mut grid = CandidateGrid::new();
        keep(&mut grid, "r1c1", "25");
        keep(&mut grid, "r1c7", "29");
        keep(&mut grid, "r4c1", "59");
        insta::assert_snapshot!("xy_wing", say(&XyWing, &grid));
        let mut grid = CandidateGrid::new();
        keep(&mut grid, "r1c1", "259");
        keep(&mut grid, "r1c2", "29");
        keep(&mut grid, "r4c1", "59");
        insta::assert_snapshot!("xyz_wing", say(&XyzWing, &grid));
    }

    #[test]
    fn uniqueness_and_aligned_pairs() {
        use crate::logic::techniques::{AlignedPairExclusion, Bug, UniqueLoops};
        // A unique rectangle r1c1, r1c4, r2c1, r2c4 on 1 and 2 with extras in row 2.
        let rectangle = |c1: &str, c2: &str| {
            let mut grid = CandidateGrid::new();
            keep(&mut grid, "r1c1", "12");
            keep(&mut grid, "r1c4", "12");
            keep(&mut grid, "r2c1", c1);
            keep(&mut grid, "r2c4", c2);
            grid
        };
        insta::assert_snapshot!(
            "unique_rectangle_1",
            say(&UniqueLoops::TYPES_1_TO_4, &rectangle("12", "125"))
        );
        let mut grid = rectangle("125", "127");
        keep(&mut grid, "r2c7", "57");
        insta::assert_snapshot!(
            "unique_rectangle_3_naked",
            say(&UniqueLoops::TYPES_1_TO_4, &grid)
        );
        let mut grid = rectangle("125", "127");
        confine(&mut grid, 1, "row 2", "r2c1 r2c4");
        insta::assert_snapshot!("unique_rectangle_4", say(&UniqueLoops::TYPES_1_TO_4, &grid));
        let line = ":0610::.+9.+613.+8+4...2+5+7+1+393.184+92..968+5+7+1+42+3+4379+2+6+81+5+1..+3+84......+1+9+2..8..9+435+67+1+51.+76+8..+2::373 673::";
        let case = crate::format::tool::ReglibCase::parse(line).expect("valid line");
        insta::assert_snapshot!("bug_1", say(&Bug, &case.grid()));
        let mut grid = CandidateGrid::new();
        keep(&mut grid, "r1c1", "12");
        keep(&mut grid, "r1c2", "123");
        keep(&mut grid, "r1c5", "13");
        keep(&mut grid, "r1c9", "23");
        insta::assert_snapshot!("aligned_pair_exclusion", say(&AlignedPairExclusion, &grid));
    }

    #[test]
    fn a_malformed_step_still_renders() {
        for &technique in Technique::ALL {
            let text = english(&Step::new(technique, Rating::default()));
            assert!(text.ends_with('.'), "{technique:?}: {text}");
        }
    }
}
