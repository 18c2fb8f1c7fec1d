//! The sentences of HoDoKu's last-resort techniques that its default order leaves off: kraken
//! fish (the fish, then each start's chain node by node) and templates.

use super::{and_list, lines, one, removals};
use crate::logic::{Link, Step, Technique};

/// One or two English sentences for a kraken fish or template step.
pub(super) fn english(step: &Step) -> String {
    let name = step.technique.name();
    let digit = one(step.digits.first());
    match step.technique {
        Technique::TemplateSet => format!(
            "{name}: of all the ways to place the nine {digit}s, one in each row, column and \
             box, that fit the candidates (leaving out those that take a cell every way of \
             another digit needs), every one puts {digit} in {}; so {digit} goes there.",
            and_list(&step.cells)
        ),
        Technique::TemplateDelete => format!(
            "{name} removes {}: of all the ways to place the nine {digit}s, one in each row, \
             column and box, that fit the candidates (leaving out those that take a cell every \
             way of another digit needs), none uses these cells.",
            removals(step)
        ),
        _ => kraken(step),
    }
}

/// Kraken fish: the houses are the bases then the covers; the links are one chain per start.
fn kraken(step: &Step) -> String {
    let name = step.technique.name();
    let digit = one(step.digits.first());
    let (bases, covers) = step.houses.split_at(step.houses.len() / 2);
    let chains = split_chains(&step.links);
    let starts: Vec<String> = chains
        .iter()
        .filter_map(|c| c.first().map(|l| l.from.cell.to_string()))
        .collect();
    let rendered: Vec<String> = chains.iter().map(|c| render(c)).collect();
    let why = if step.technique == Technique::KrakenFishType1 {
        format!(
            "The fish on {digit} in {} covered by {} would remove it, unless a fin ({}) holds \
             {digit}; and each fin holding {digit} removes it too",
            lines(bases),
            lines(covers),
            and_list(&starts)
        )
    } else {
        format!(
            "In the fish on {digit} in {} covered by {}, one of {} holds {digit} (a base cell \
             of one cover, or a fin); each of them removes it",
            lines(bases),
            lines(covers),
            and_list(&starts)
        )
    };
    format!(
        "{name} removes {}. {why}: {}.",
        removals(step),
        if rendered.is_empty() {
            "?".to_string()
        } else {
            rendered.join("; ")
        }
    )
}

/// The links cut into chains: a chain ends where the next link does not start at its end.
fn split_chains(links: &[Link]) -> Vec<Vec<Link>> {
    let mut out: Vec<Vec<Link>> = Vec::new();
    for &link in links {
        match out.last_mut() {
            Some(chain) if chain.last().is_some_and(|l| l.to == link.from) => chain.push(link),
            _ => out.push(vec![link]),
        }
    }
    out
}

/// `r7c5=4 → r5c5≠4 → r5c5=9`.
fn render(chain: &[Link]) -> String {
    let mut nodes: Vec<String> = chain
        .first()
        .map(|l| l.from.to_string())
        .into_iter()
        .collect();
    nodes.extend(chain.iter().map(|l| l.to.to_string()));
    nodes.join(" → ")
}
