//! Finned, sashimi, Franken and mutant fish (HoDoKu's generalised fish), sizes 2 to 4.
//!
//! A fish on digit `d` takes `n` base houses and `n` cover houses. Every base house holds `d`
//! once, in a different cell each unless a cell lies in two base houses; each cover house holds
//! `d` at most once. So if every candidate of the base houses lies in a cover house and none
//! lies in two base houses, the `n` base digits fill the `n` cover houses: `d` leaves the cover
//! houses outside the base (and every base cell that lies in two cover houses, "cannibalism").
//! A base candidate outside every cover house (an exo fin) or inside two base houses (an endo
//! fin) breaks that argument; then either a fin holds `d` or the fish does, so only cells that
//! also see every fin lose `d`.
//!
//! The shape names the fish, as in HoDoKu: *basic* when the base houses are all rows and the
//! covers all columns (or the other way round), *Franken* when the bases are rows and boxes and
//! the covers columns and boxes (or the other way round) and the fish is not basic, *mutant*
//! otherwise. A finned basic fish is *sashimi* when, without its fins, some base house would
//! hold at most one candidate (the fish without fins would be degenerate).
//!
//! Search: per digit, base sets are built house by house in index order among the houses of
//! the allowed kinds that hold the digit. Covers are then chosen cell by cell: the lowest base
//! candidate not yet covered is either covered by one of its three houses or made a fin, at
//! most [`MAX_FINS`] of them with some candidate seeing them all; so the search never tries a
//! cover that no base cell needs. Everything is 81-bit masks on the stack: no allocation
//! until a step is reported.

use super::report;
use crate::board::Cell;
use crate::logic::cell_set::{house, HOUSE_MASKS, PEER_MASKS};
use crate::logic::{CandidateGrid, Finder, Ratings, Step, Technique};
use std::ops::ControlFlow;

/// At most this many fins (exo and endo together), HoDoKu's default.
const MAX_FINS: u32 = 5;
/// At most this many endo fins, HoDoKu's default.
const MAX_ENDO_FINS: u32 = 2;

/// The houses (0..27: rows, columns, boxes) of each kind, as bit masks over house indexes.
const ROWS: u32 = 0x1ff;
const COLS: u32 = 0x1ff << 9;
const BOXES: u32 = 0x1ff << 18;

/// Which fish a [`ComplexFish`] reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    Basic,
    Franken,
    Mutant,
}

/// Whether a fish has fins, and for basic fish whether it is sashimi.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fins {
    /// No fin at all.
    None,
    /// At least one fin; for basic fish, not sashimi.
    Finned,
    /// A basic fish with fins that is sashimi.
    Sashimi,
}

/// Finds one kind of finned, sashimi, Franken or mutant fish of one size. Sudoku Explainer has
/// none of these; they are HoDoKu's. Basic fish without fins are [`Fish`](super::Fish).
#[derive(Debug, Clone, Copy)]
pub struct ComplexFish {
    size: usize,
    shape: Shape,
    fins: Fins,
    technique: Technique,
}

macro_rules! fish_const {
    ($(#[$doc:meta])* $name:ident, $size:literal, $shape:ident, $fins:ident, $technique:ident) => {
        $(#[$doc])*
        pub const $name: ComplexFish = ComplexFish {
            size: $size,
            shape: Shape::$shape,
            fins: Fins::$fins,
            technique: Technique::$technique,
        };
    };
}

impl ComplexFish {
    fish_const!(
        /// Finned X-Wing (HoDoKu 0310).
        FINNED_X_WING, 2, Basic, Finned, FinnedXWing
    );
    fish_const!(
        /// Sashimi X-Wing (HoDoKu 0320).
        SASHIMI_X_WING, 2, Basic, Sashimi, SashimiXWing
    );
    fish_const!(
        /// Finned Swordfish (HoDoKu 0311).
        FINNED_SWORDFISH, 3, Basic, Finned, FinnedSwordfish
    );
    fish_const!(
        /// Sashimi Swordfish (HoDoKu 0321).
        SASHIMI_SWORDFISH, 3, Basic, Sashimi, SashimiSwordfish
    );
    fish_const!(
        /// Finned Jellyfish (HoDoKu 0312).
        FINNED_JELLYFISH, 4, Basic, Finned, FinnedJellyfish
    );
    fish_const!(
        /// Sashimi Jellyfish (HoDoKu 0322).
        SASHIMI_JELLYFISH, 4, Basic, Sashimi, SashimiJellyfish
    );
    fish_const!(
        /// Franken X-Wing (HoDoKu 0330).
        FRANKEN_X_WING, 2, Franken, None, FrankenXWing
    );
    fish_const!(
        /// Franken Swordfish (HoDoKu 0331).
        FRANKEN_SWORDFISH, 3, Franken, None, FrankenSwordfish
    );
    fish_const!(
        /// Franken Jellyfish (HoDoKu 0332).
        FRANKEN_JELLYFISH, 4, Franken, None, FrankenJellyfish
    );
    fish_const!(
        /// Finned Franken X-Wing (HoDoKu 0340).
        FINNED_FRANKEN_X_WING, 2, Franken, Finned, FinnedFrankenXWing
    );
    fish_const!(
        /// Finned Franken Swordfish (HoDoKu 0341).
        FINNED_FRANKEN_SWORDFISH, 3, Franken, Finned, FinnedFrankenSwordfish
    );
    fish_const!(
        /// Finned Franken Jellyfish (HoDoKu 0342).
        FINNED_FRANKEN_JELLYFISH, 4, Franken, Finned, FinnedFrankenJellyfish
    );
    fish_const!(
        /// Mutant X-Wing (HoDoKu 0350).
        MUTANT_X_WING, 2, Mutant, None, MutantXWing
    );
    fish_const!(
        /// Mutant Swordfish (HoDoKu 0351).
        MUTANT_SWORDFISH, 3, Mutant, None, MutantSwordfish
    );
    fish_const!(
        /// Mutant Jellyfish (HoDoKu 0352).
        MUTANT_JELLYFISH, 4, Mutant, None, MutantJellyfish
    );
    fish_const!(
        /// Finned Mutant X-Wing (HoDoKu 0360).
        FINNED_MUTANT_X_WING, 2, Mutant, Finned, FinnedMutantXWing
    );
    fish_const!(
        /// Finned Mutant Swordfish (HoDoKu 0361).
        FINNED_MUTANT_SWORDFISH, 3, Mutant, Finned, FinnedMutantSwordfish
    );
    fish_const!(
        /// Finned Mutant Jellyfish (HoDoKu 0362).
        FINNED_MUTANT_JELLYFISH, 4, Mutant, Finned, FinnedMutantJellyfish
    );
    fish_const!(
        /// Finned Mutant Squirmbag (HoDoKu 0363): five base houses.
        FINNED_MUTANT_SQUIRMBAG, 5, Mutant, Finned, FinnedMutantSquirmbag
    );
    fish_const!(
        /// Finned Mutant Whale (HoDoKu 0364): six base houses.
        FINNED_MUTANT_WHALE, 6, Mutant, Finned, FinnedMutantWhale
    );
}

/// Base and cover house kinds to try, per shape.
fn directions(shape: Shape) -> &'static [(u32, u32)] {
    match shape {
        Shape::Basic => &[(ROWS, COLS), (COLS, ROWS)],
        Shape::Franken => &[(ROWS | BOXES, COLS | BOXES), (COLS | BOXES, ROWS | BOXES)],
        Shape::Mutant => &[(ROWS | COLS | BOXES, ROWS | COLS | BOXES)],
    }
}

/// The shape of a fish with these base and cover houses (bit masks over house indexes).
fn shape_of(base: u32, cover: u32) -> Shape {
    let within = |set: u32, kinds: u32| set & !kinds == 0;
    if (within(base, ROWS) && within(cover, COLS)) || (within(base, COLS) && within(cover, ROWS)) {
        Shape::Basic
    } else if (within(base, ROWS | BOXES) && within(cover, COLS | BOXES))
        || (within(base, COLS | BOXES) && within(cover, ROWS | BOXES))
    {
        Shape::Franken
    } else {
        Shape::Mutant
    }
}

/// The cells that see every cell of `cells` (all 81 when `cells` is empty).
fn common_peers(cells: u128) -> u128 {
    let mut out = (1u128 << 81) - 1;
    let mut rest = cells;
    while rest != 0 {
        let i = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        out &= PEER_MASKS[i];
    }
    out
}

/// The search state for one digit and one direction.
struct Search<'a> {
    fish: &'a ComplexFish,
    /// The digit's candidate cells.
    cand: u128,
    /// Houses allowed as covers.
    cover_kinds: u32,
    /// Houses allowed as bases that hold the digit, in index order.
    bases: [u8; 27],
    base_count: usize,
}

/// A chosen fish, ready to be reported.
struct Found {
    base: u32,
    cover: u32,
    base_cells: u128,
    eliminations: u128,
}

impl ComplexFish {
    /// Base sets: picks `left` more base houses from `self.bases[from..]`.
    #[allow(clippy::too_many_arguments)]
    fn bases(
        &self,
        s: &Search<'_>,
        from: usize,
        left: usize,
        base: u32,
        union: u128,
        endo: u128,
        out: &mut dyn FnMut(Found) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if left == 0 {
            return self.covers_for(s, base, union & s.cand, endo & s.cand, out);
        }
        for i in from..s.base_count {
            if s.base_count - i < left {
                break;
            }
            let h = usize::from(s.bases[i]);
            let mask = HOUSE_MASKS[h];
            let overlap = union & mask & s.cand;
            let endo = endo | overlap;
            if self.fins == Fins::None && endo != 0 {
                continue;
            }
            if (endo & s.cand).count_ones() > MAX_ENDO_FINS {
                continue;
            }
            self.bases(s, i + 1, left - 1, base | 1 << h, union | mask, endo, out)?;
        }
        ControlFlow::Continue(())
    }

    /// Cover sets for one base set: [`covers`](Self::covers) from nothing chosen.
    fn covers_for(
        &self,
        s: &Search<'_>,
        base: u32,
        base_cells: u128,
        endo: u128,
        out: &mut dyn FnMut(Found) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let plan = CoverPlan {
            base,
            base_cells,
            endo,
        };
        let start = Partial {
            chosen: 0,
            cover: 0,
            banned: base | !s.cover_kinds,
            covered: 0,
            twice: 0,
            fins: 0,
        };
        self.covers(s, &plan, start, out)
    }

    /// Completes a partial cover set. The lowest base cell neither covered nor a fin yet is
    /// either covered by one of its houses, the lowest-numbered cover holding it (so each
    /// cover set and fin set is built once: the houses of the cell below the chosen one are
    /// banned from then on), or, where fins are allowed, a fin (and its houses are banned).
    fn covers(
        &self,
        s: &Search<'_>,
        plan: &CoverPlan,
        p: Partial,
        out: &mut dyn FnMut(Found) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let open = plan.base_cells & !p.covered & !p.fins;
        if p.chosen == self.size || open == 0 {
            if p.chosen < self.size {
                // Fewer covers than bases hold every base candidate: not a fish.
                return ControlFlow::Continue(());
            }
            return self.finish(s, plan, p.cover, p.covered, p.twice, out);
        }
        let i = open.trailing_zeros() as usize;
        let mut banned = p.banned;
        for h in CELL_HOUSES[i] {
            if banned & 1 << h != 0 {
                continue;
            }
            let mask = HOUSE_MASKS[h] & s.cand;
            self.covers(
                s,
                plan,
                Partial {
                    chosen: p.chosen + 1,
                    cover: p.cover | 1 << h,
                    banned: banned | 1 << h,
                    covered: p.covered | mask,
                    twice: p.twice | (p.covered & mask),
                    fins: p.fins,
                },
                out,
            )?;
            banned |= 1 << h;
        }
        if self.fins != Fins::None {
            let fins = p.fins | 1 << i;
            let all = fins | plan.endo;
            if all.count_ones() <= MAX_FINS && common_peers(all) & s.cand & !all != 0 {
                self.covers(s, plan, Partial { banned, fins, ..p }, out)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Checks a complete fish and reports it if it is of this finder's kind and eliminates.
    fn finish(
        &self,
        s: &Search<'_>,
        plan: &CoverPlan,
        cover: u32,
        covered: u128,
        twice: u128,
        out: &mut dyn FnMut(Found) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let fins = (plan.base_cells & !covered) | plan.endo;
        if (fins == 0) != (self.fins == Fins::None) || fins.count_ones() > MAX_FINS {
            return ControlFlow::Continue(());
        }
        if shape_of(plan.base, cover) != self.shape {
            return ControlFlow::Continue(());
        }
        let mut eliminations = (covered & !plan.base_cells) | (twice & plan.base_cells);
        eliminations &= common_peers(fins) & s.cand & !fins;
        if eliminations == 0 {
            return ControlFlow::Continue(());
        }
        if self.shape == Shape::Basic && fins != 0 {
            let body = plan.base_cells & !fins;
            let sashimi = (0..27)
                .filter(|&h| plan.base & 1 << h != 0)
                .any(|h| (HOUSE_MASKS[h] & body).count_ones() <= 1);
            if sashimi != (self.fins == Fins::Sashimi) {
                return ControlFlow::Continue(());
            }
        }
        out(Found {
            base: plan.base,
            cover,
            base_cells: plan.base_cells,
            eliminations,
        })
    }
}

/// The cover search's fixed inputs for one base set.
struct CoverPlan {
    base: u32,
    base_cells: u128,
    endo: u128,
}

/// A partial cover set.
#[derive(Clone, Copy)]
struct Partial {
    /// How many covers are chosen.
    chosen: usize,
    /// The chosen covers (house bits).
    cover: u32,
    /// Houses that may not be chosen any more (bases, wrong kinds, passed over).
    banned: u32,
    /// Candidate cells in some chosen cover.
    covered: u128,
    /// Candidate cells in two chosen covers.
    twice: u128,
    /// Base cells made exo fins.
    fins: u128,
}

/// The row, column and box (house indexes) of each cell.
const CELL_HOUSES: [[usize; 3]; 81] = {
    let mut out = [[0; 3]; 81];
    let mut c = 0;
    while c < 81 {
        out[c] = [c / 9, 9 + c % 9, 18 + c / 27 * 3 + c % 9 / 3];
        c += 1;
    }
    out
};

/// The cells of a mask, in index order.
fn cells_of(mask: u128) -> impl Iterator<Item = Cell> {
    (0..81)
        .filter(move |&i| mask & 1 << i != 0)
        .filter_map(Cell::new)
}

impl Finder for ComplexFish {
    fn technique(&self) -> Technique {
        self.technique
    }

    fn find(
        &self,
        grid: &CandidateGrid,
        ratings: &Ratings,
        found: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for digit in crate::logic::cell_set::DIGITS {
            let cand = grid.cells_with(digit).bits();
            if cand == 0 {
                continue;
            }
            for &(base_kinds, cover_kinds) in directions(self.shape) {
                let mut s = Search {
                    fish: self,
                    cand,
                    cover_kinds,
                    bases: [0; 27],
                    base_count: 0,
                };
                for (h, &mask) in HOUSE_MASKS.iter().enumerate() {
                    if base_kinds & 1 << h != 0 && mask & cand != 0 {
                        s.bases[s.base_count] = h as u8;
                        s.base_count += 1;
                    }
                }
                let mut report_one = |f: Found| {
                    let mut step = Step::new(self.technique, ratings.get(self.technique));
                    step.eliminations = cells_of(f.eliminations).map(|c| (c, digit)).collect();
                    step.cells = cells_of(f.base_cells).collect();
                    step.houses = (0..27)
                        .filter(|&h| f.base & 1 << h != 0)
                        .chain((0..27).filter(|&h| f.cover & 1 << h != 0))
                        .map(house)
                        .collect();
                    step.digits.push(digit);
                    report(found, step)
                };
                s.fish.bases(&s, 0, self.size, 0, 0, 0, &mut report_one)?;
            }
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::test_util::{all, cells, confine, elims, first, house};

    #[test]
    fn a_finned_x_wing_eliminates_only_where_the_fin_sees() {
        let mut grid = CandidateGrid::new();
        confine(&mut grid, 4, "row 2", "r2c3 r2c8");
        // The fin r7c9 sits in box 9 with r7c8.
        confine(&mut grid, 4, "row 7", "r7c3 r7c8 r7c9");
        assert!(first(&ComplexFish::SASHIMI_X_WING, &grid).is_none());
        let step = first(&ComplexFish::FINNED_X_WING, &grid).expect("finned X-Wing");
        assert_eq!(
            step.houses,
            [
                house("row 2"),
                house("row 7"),
                house("column 3"),
                house("column 8")
            ]
        );
        assert_eq!(step.cells, cells("r2c3 r2c8 r7c3 r7c8 r7c9"));
        assert_eq!(elims(&step), ["4@r8c8", "4@r9c8"]);
        assert_eq!(step.rating.to_string(), "6.7");
    }

    #[test]
    fn a_sashimi_x_wing_has_a_base_line_with_one_body_cell() {
        let mut grid = CandidateGrid::new();
        confine(&mut grid, 4, "row 2", "r2c3 r2c8");
        confine(&mut grid, 4, "row 7", "r7c3 r7c9");
        assert!(all(&ComplexFish::FINNED_X_WING, &grid).is_empty());
        let step = first(&ComplexFish::SASHIMI_X_WING, &grid).expect("sashimi X-Wing");
        assert_eq!(elims(&step), ["4@r8c8", "4@r9c8"]);
    }

    #[test]
    fn without_fins_a_basic_fish_is_left_to_the_basic_finder() {
        let mut grid = CandidateGrid::new();
        confine(&mut grid, 4, "row 2", "r2c3 r2c8");
        confine(&mut grid, 4, "row 7", "r7c3 r7c8");
        assert!(all(&ComplexFish::FINNED_X_WING, &grid).is_empty());
        assert!(all(&ComplexFish::SASHIMI_X_WING, &grid).is_empty());
    }

    #[test]
    fn a_franken_x_wing_uses_a_box() {
        // 6 in box 1 only in column 1 and 2 cells, in row 5 only in columns 1 and 2: base
        // {box 1, row 5}, covers {column 1, column 2}.
        let mut grid = CandidateGrid::new();
        confine(&mut grid, 6, "box 1", "r1c1 r2c2");
        confine(&mut grid, 6, "row 5", "r5c1 r5c2");
        let steps = all(&ComplexFish::FRANKEN_X_WING, &grid);
        let step = steps
            .iter()
            .find(|s| {
                s.houses
                    == [
                        house("row 5"),
                        house("box 1"),
                        house("column 1"),
                        house("column 2"),
                    ]
            })
            .expect("Franken X-Wing");
        assert_eq!(elims(step).len(), 10);
        assert!(elims(step).contains(&"6@r9c1".to_string()));
        assert!(!elims(step).contains(&"6@r3c1".to_string()));
    }
}
