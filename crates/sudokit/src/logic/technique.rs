//! The solving techniques, from one table (`technique_table!`): a stable snake_case id (used
//! in JSON and on the command line), an English display name, and the default ratings (Sudoku
//! Explainer's and HoDoKu's) of each.

use std::fmt;

/// Declares the `Technique` enum from the technique table, so that the variant, its id (also
/// its serde name) and its display name can never disagree.
macro_rules! techniques {
    ($(
        $(#[$doc:meta])*
        $variant:ident = $id:literal, $name:literal, se $se:literal, hodoku $hodoku:tt;
    )*) => {
        /// A solving technique. The variants are listed in Sudoku Explainer's search order.
        ///
        /// Each variant's documentation says how a [`Step`](super::Step) of that technique fills
        /// its pattern fields (`cells`, `houses`, `digits`); the order inside them is part of
        /// the contract, so the explanation can be rendered from the step alone.
        ///
        /// Serialized as its [`id`](Technique::id), e.g. `"naked_pair"`.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        #[non_exhaustive]
        pub enum Technique {
            $(
                $(#[$doc])*
                #[cfg_attr(feature = "serde", serde(rename = $id))]
                $variant,
            )*
        }

        impl Technique {
            /// Every technique, in Sudoku Explainer's search order.
            pub const ALL: &'static [Technique] = &[$(Technique::$variant,)*];

            /// How many techniques there are.
            pub const COUNT: usize = Technique::ALL.len();

            /// The stable snake_case id, e.g. `"hidden_single_box"`.
            pub const fn id(self) -> &'static str {
                match self {
                    $(Technique::$variant => $id,)*
                }
            }

            /// The English display name, e.g. `"Hidden single (box)"`.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Technique::$variant => $name,)*
                }
            }
        }
    };
}

/// The technique table: one row per technique, in Sudoku Explainer's search order, and the one
/// place where a technique's data is written. A row reads
///
/// ```text
/// Variant = "id", "Display name", se TENTHS, hodoku (SCORE, Level);
/// ```
///
/// with the variant's documentation above it: its stable id (also its serde name), its English
/// name, Sudoku Explainer 1.2.1's rating in tenths (the default [`Ratings`](super::Ratings)),
/// and HoDoKu's score and level (the default `rate::HodokuTable`), or `hodoku none` for a
/// technique HoDoKu's table has no entry for. The macro hands the rows to `$callback!`, so each
/// reader (the enum below, the SE ratings, the HoDoKu table) expands them its own way and a
/// new technique is one row here, its finder's file and entry in the registry, and its sentence
/// in `explain`.
macro_rules! technique_table {
    ($callback:ident) => {
        $callback! {
            /// The last empty cell of a house takes the missing digit. cells: `[cell]`; houses:
            /// `[house]`; digits: `[digit]`.
            FullHouse = "full_house", "Full house", se 10, hodoku (4, Easy);
            /// A digit has one place left in a box. cells: `[cell]`; houses: `[box]`; digits: `[digit]`.
            HiddenSingleBox = "hidden_single_box", "Hidden single (box)", se 12, hodoku (14, Easy);
            /// A digit has one place left in a column. Laid out like [`Technique::HiddenSingleBox`].
            HiddenSingleColumn = "hidden_single_column", "Hidden single (column)", se 15, hodoku (14, Easy);
            /// A digit has one place left in a row. Laid out like [`Technique::HiddenSingleBox`].
            HiddenSingleRow = "hidden_single_row", "Hidden single (row)", se 15, hodoku (14, Easy);
            /// A pointing whose eliminations would leave a hidden single in another box. As in Sudoku
            /// Explainer the step only places that single (it eliminates nothing). cells: the box's
            /// cells holding the digit (all on the line); houses: `[box, line, box of the single]`;
            /// digits: `[digit]`.
            DirectPointing = "direct_pointing", "Direct pointing", se 17, hodoku (50 + 14, Medium);
            /// A claiming whose eliminations would leave a hidden single in another line of the same
            /// kind. As in Sudoku Explainer the step only places that single. cells: the line's cells
            /// holding the digit (all in the box); houses: `[line, box, line of the single]`; digits:
            /// `[digit]`.
            DirectClaiming = "direct_claiming", "Direct claiming", se 19, hodoku (50 + 14, Medium);
            /// A hidden pair that leaves a hidden single in the same house. As in Sudoku Explainer the
            /// step only places that single (it eliminates nothing). cells: the pair's cells; houses:
            /// `[house]`; digits: the pair's digits (the placed digit is in `placements`).
            DirectHiddenPair = "direct_hidden_pair", "Direct hidden pair", se 20, hodoku (70 + 14, Medium);
            /// A cell has one candidate left. cells: `[cell]`; houses: none; digits: `[digit]`.
            NakedSingle = "naked_single", "Naked single", se 23, hodoku (4, Easy);
            /// Like [`Technique::DirectHiddenPair`], with three digits in three cells.
            DirectHiddenTriple = "direct_hidden_triple", "Direct hidden triple", se 25, hodoku (100 + 14, Medium);
            /// A digit in a box is confined to one line, so it leaves the rest of that line. cells:
            /// the box's cells holding the digit; houses: `[box, line]`; digits: `[digit]`.
            Pointing = "pointing", "Pointing", se 26, hodoku (50, Medium);
            /// A digit in a line is confined to one box, so it leaves the rest of that box. cells: the
            /// line's cells holding the digit; houses: `[line, box]`; digits: `[digit]`.
            Claiming = "claiming", "Claiming", se 28, hodoku (50, Medium);
            /// Two cells of a house hold only the same two digits, which leave the rest of the house.
            /// cells: the two cells; houses: `[house]`; digits: the two digits.
            NakedPair = "naked_pair", "Naked pair", se 30, hodoku (60, Medium);
            /// A digit confined to the same two columns in two rows (or the other way round) leaves the
            /// rest of those columns. cells: the pattern's cells holding the digit; houses: the two
            /// base lines, then the two cover lines; digits: `[digit]`.
            XWing = "x_wing", "X-Wing", se 32, hodoku (140, Hard);
            /// Two digits confined to the same two cells of a house: the cells lose their other
            /// candidates. cells: the two cells; houses: `[house]`; digits: the two digits.
            HiddenPair = "hidden_pair", "Hidden pair", se 34, hodoku (70, Medium);
            /// Like [`Technique::NakedPair`], with three cells and three digits.
            NakedTriple = "naked_triple", "Naked triple", se 36, hodoku (80, Medium);
            /// Like [`Technique::XWing`], with three base and three cover lines.
            Swordfish = "swordfish", "Swordfish", se 38, hodoku (150, Hard);
            /// Like [`Technique::HiddenPair`], with three digits and three cells.
            HiddenTriple = "hidden_triple", "Hidden triple", se 40, hodoku (100, Medium);
            /// A bivalue pivot `xy` sees bivalue pincers `xz` and `yz`: `z` leaves every cell that sees
            /// both pincers. cells: `[pivot, xz pincer, yz pincer]`; houses: none; digits: `[x, y, z]`.
            XyWing = "xy_wing", "XY-Wing", se 42, hodoku (160, Hard);
            /// A pivot `xyz` sees pincers `xz` and `yz`: `z` leaves every cell that sees all three.
            /// cells: `[pivot, xz pincer, yz pincer]`; houses: none; digits: `[x, y, z]`.
            XyzWing = "xyz_wing", "XYZ-Wing", se 44, hodoku (180, Hard);
            // Unique loops: SE's 4.5 is a rectangle's; the finder adds SE's bonus for longer loops
            // and for the size of a type 3 set.
            /// Unique rectangle or loop, type 1: every cell of a loop of cells holding digits `a` and
            /// `b` (each house it visits holds two of its cells) is bivalue but one, the rescue cell,
            /// which loses `a` and `b`, as otherwise the puzzle would have two solutions. Only used on
            /// a puzzle with one solution. A loop of four cells is a rectangle; longer loops (6, 8,
            /// 10... cells) are rated higher. cells: the loop in loop order; houses: none; digits:
            /// `[a, b]`.
            UniqueLoopType1 = "unique_loop_type_1", "Unique rectangle type 1", se 45, hodoku (100, Hard);
            /// Unique rectangle or loop, type 2: the loop's cells with more than `a` and `b` all hold
            /// the same one extra digit `x`, so one of them is `x`, and `x` leaves every cell that sees
            /// them all. cells: the loop in loop order, then the cells holding `x` again; houses: none;
            /// digits: `[a, b, x]`.
            UniqueLoopType2 = "unique_loop_type_2", "Unique rectangle type 2", se 45, hodoku (100, Hard);
            /// Unique rectangle or loop, type 3 with a naked set: the two loop cells `c1`, `c2` with
            /// extra digits share a house; one of them holds an extra digit, so their extra digits act
            /// as one cell that forms a naked set with other cells of the house. cells: the loop in loop
            /// order, then `c1`, `c2`, then the other cells of the set; houses: `[house]`; digits:
            /// `[a, b]` then the digits of the set.
            UniqueLoopType3Naked = "unique_loop_type_3_naked", "Unique rectangle type 3 (naked set)", se 45, hodoku (100, Hard);
            /// Unique rectangle or loop, type 3 with a hidden set: `c1` and `c2` (as in
            /// [`Technique::UniqueLoopType3Naked`]) hold at most one of `a`, `b` and the set's other
            /// digits between them, so those digits fill the other cells of the set, which lose their
            /// other candidates. cells: the loop in loop order, then `c1`, `c2`, then the other cells
            /// of the set; houses: `[house]`; digits: the set's digits, `a` and `b` first.
            UniqueLoopType3Hidden = "unique_loop_type_3_hidden", "Unique rectangle type 3 (hidden set)", se 45, hodoku (100, Hard);
            /// Unique rectangle or loop, type 4: in a house shared by the two loop cells `c1`, `c2`
            /// with extra digits, `a` can only go in those two cells, so one of them is `a` and neither
            /// can be `b`. cells: the loop in loop order, then `c1`, `c2`; houses: `[house]`; digits:
            /// `[a, b]` (`b` is removed).
            UniqueLoopType4 = "unique_loop_type_4", "Unique rectangle type 4", se 45, hodoku (100, Hard);
            /// Like [`Technique::NakedPair`], with four cells and four digits.
            NakedQuad = "naked_quad", "Naked quad", se 50, hodoku (120, Hard);
            /// Like [`Technique::XWing`], with four base and four cover lines.
            Jellyfish = "jellyfish", "Jellyfish", se 52, hodoku (160, Hard);
            /// Like [`Technique::HiddenPair`], with four digits and four cells.
            HiddenQuad = "hidden_quad", "Hidden quad", se 54, hodoku (150, Hard);
            /// Bivalue universal grave, type 1: without its extra candidates one cell, every empty
            /// cell would be bivalue and every candidate would appear twice in each house, a pattern
            /// with two solutions or none; so that cell takes one of its extra candidates and loses the
            /// others. Only used on a puzzle with one solution. cells: `[cell]`; houses: none; digits:
            /// the extra candidates (kept).
            BugType1 = "bug_type_1", "BUG type 1", se 56, hodoku (100, Hard);
            /// BUG, type 2: several cells hold extra candidates, all the same digit `x`; one of them is
            /// `x`, so `x` leaves every cell that sees them all. cells: the BUG cells; houses: none;
            /// digits: `[x]`.
            BugType2 = "bug_type_2", "BUG type 2", se 57, hodoku (100, Hard);
            // BUG type 3: the finder adds 0.1 per digit of the naked set beyond the first.
            /// BUG, type 3: the BUG cells share a house; one of them takes an extra candidate, so
            /// their extra candidates act as one cell that forms a naked set with other cells of the
            /// house. cells: the BUG cells, then the other cells of the set (one fewer than its
            /// digits); houses: `[house]`; digits: the digits of the set.
            BugType3 = "bug_type_3", "BUG type 3", se 57, hodoku (100, Hard);
            /// BUG, type 4: two BUG cells share a house where digit `x` is only in them; one of them
            /// is `x` and the other takes an extra candidate, so both lose their remaining candidate.
            /// cells: the two BUG cells; houses: `[house]`; digits: `[x]`.
            BugType4 = "bug_type_4", "BUG type 4", se 57, hodoku (100, Hard);
            /// Aligned pair exclusion: of all the ways to fill two cells, those that put one digit in
            /// both while they see each other, or that take both candidates of a bivalue cell both
            /// see, are impossible; a candidate used by no remaining way is removed. cells: the two
            /// cells, then the bivalue cells both see; houses: none; digits: none.
            AlignedPairExclusion = "aligned_pair_exclusion", "Aligned pair exclusion", se 62, hodoku (300, Unfair);
            /// Sudoku Explainer's bidirectional X-cycle: a loop on one digit, alternating "on" and
            /// "off" nodes along strong and weak links, that holds whichever way it is read; the digit
            /// leaves every cell outside the loop that sees an "on" and an "off" node. Rated 6.5 plus
            /// SE's length bonus. cells: the loop's cells in order; houses: none; digits: `[digit]`;
            // SE's chains and cycles: the finder adds SE's length bonus. HoDoKu: by the chain's
            // common name when it has one (`rate::hodoku`), else these.
            /// links: around the loop from its first node back to it.
            XCycle = "x_cycle", "Bidirectional X-cycle", se 65, hodoku (280, Unfair);
            /// Sudoku Explainer's forcing X-chain: on one digit, assuming a candidate on leads to it
            /// being off (it is removed), or assuming it off leads to it being on (it is placed). A
            /// 6-node one is a turbot fish (skyscraper, 2-string kite...). Rated 6.6 plus SE's length
            /// bonus. cells: the chain's cells in order; houses: none; digits: `[digit]`; links: from
            /// the assumption to its opposite.
            ForcingXChain = "forcing_x_chain", "Forcing X-chain", se 66, hodoku (260, Unfair);
            /// Sudoku Explainer's bidirectional Y-cycle: like [`Technique::XCycle`] through bivalue
            /// cells, a digit at a time (a remote pair loop when all cells hold the same two). Rated
            /// 6.5 plus SE's length bonus. cells, links: as for [`Technique::XCycle`]; digits: the
            /// digits used, in increasing order.
            YCycle = "y_cycle", "Bidirectional Y-cycle", se 65, hodoku (280, Unfair);
            /// Sudoku Explainer's bidirectional cycle with both kinds of links (a continuous nice
            /// loop). Rated 7.0 plus SE's length bonus. Laid out like [`Technique::YCycle`].
            Cycle = "cycle", "Bidirectional cycle", se 70, hodoku (280, Unfair);
            /// Sudoku Explainer's forcing chain with both kinds of links (an XY-chain, W-wing, AIC or
            /// discontinuous nice loop). Rated 7.0 plus SE's length bonus. cells, links: as for
            /// [`Technique::ForcingXChain`]; digits: the digits used, in increasing order.
            ForcingChain = "forcing_chain", "Forcing chain", se 70, hodoku (280, Unfair);
            /// Aligned triplet exclusion: like [`Technique::AlignedPairExclusion`] with three cells,
            /// where a cell with two or three candidates that sees all three is emptied when a way
            /// uses all its digits. cells: the three cells, then the cells with two or three
            /// candidates all three see; houses: none; digits: none.
            AlignedTripletExclusion = "aligned_triplet_exclusion", "Aligned triplet exclusion", se 75, hodoku (320, Unfair);
            // Nishio, multiple, dynamic and nested chains: the finder adds SE's length bonus. HoDoKu:
            // its forcing chain (500) for Nishio chains (a contradiction along one digit's links,
            // HoDoKu's "Forcing Chain Contradiction"), its forcing net (700) for SE's dynamic chains,
            // whose implications rely on earlier ones as nets do; the others fall back on
            // `HodokuTable::unlisted`.
            /// Sudoku Explainer's Nishio forcing chain: assuming a candidate on (or off) and following
            /// one digit at a time, on the grid as each implication leaves it, some candidate would be
            /// both on and off, so the assumption is false: the candidate is removed (or placed).
            /// Rated 7.5 plus SE's length bonus on the nodes of both chains to the contradiction.
            /// cells: `[cell of the assumption]`; houses: none; digits: `[its digit]`; links: the chain
            /// to the candidate implied on, then the chain to it implied off (each link from a premise
            /// to what it implies; a node may have several premises).
            NishioForcingChains = "nishio_forcing_chains", "Nishio forcing chains", se 75, hodoku (500, Extreme);
            /// Sudoku Explainer's cell forcing chains: whichever candidate a cell (of three or more)
            /// holds, chains lead to the same conclusion, which therefore holds. Rated 8.0 plus SE's
            /// length bonus on the nodes of all the chains. cells: `[cell]`; houses: none; digits: the
            /// cell's candidates; links: each candidate's chain in turn, to the conclusion.
            CellForcingChains = "cell_forcing_chains", "Cell forcing chains", se 80, hodoku none;
            /// Sudoku Explainer's region forcing chains: wherever a digit goes in a house, chains lead
            /// to the same conclusion. Rated like [`Technique::CellForcingChains`]. cells: the digit's
            /// cells in the house; houses: `[house]`; digits: `[digit]`; links: each place's chain in
            /// turn, to the conclusion.
            RegionForcingChains = "region_forcing_chains", "Region forcing chains", se 80, hodoku none;
            /// Sudoku Explainer's dynamic contradiction forcing chains: like
            /// [`Technique::NishioForcingChains`], with links inside cells too. Rated 8.5 plus SE's
            /// length bonus. Laid out like [`Technique::NishioForcingChains`].
            DynamicContradictionChains = "dynamic_contradiction_forcing_chains", "Dynamic contradiction forcing chains", se 85, hodoku (700, Extreme);
            /// Sudoku Explainer's dynamic double forcing chains: a candidate on and the same candidate
            /// off both imply the conclusion, which therefore holds; implications use the grid as the
            /// earlier ones leave it. Rated 8.5 plus SE's length bonus on both chains. cells:
            /// `[cell of the candidate]`; houses: none; digits: `[its digit]`; links: the chain from
            /// "on", then the chain from "off".
            DynamicDoubleChains = "dynamic_double_forcing_chains", "Dynamic double forcing chains", se 85, hodoku (700, Extreme);
            /// Sudoku Explainer's dynamic cell forcing chains: like [`Technique::CellForcingChains`]
            /// (also from bivalue cells), with implications on the grid as the earlier ones leave it.
            /// Rated 8.5 plus SE's length bonus. Laid out like [`Technique::CellForcingChains`].
            DynamicCellForcingChains = "dynamic_cell_forcing_chains", "Dynamic cell forcing chains", se 85, hodoku (700, Extreme);
            /// Sudoku Explainer's dynamic region forcing chains: like
            /// [`Technique::RegionForcingChains`], with implications on the grid as the earlier ones
            /// leave it. Rated 8.5 plus SE's length bonus. Laid out like
            /// [`Technique::RegionForcingChains`].
            DynamicRegionForcingChains = "dynamic_region_forcing_chains", "Dynamic region forcing chains", se 85, hodoku (700, Extreme);
            /// Sudoku Explainer's dynamic contradiction forcing chains (+): when the links run out,
            /// locking, hidden and naked pairs and X-wings on the assumed grid give more "off" nodes.
            /// Rated 9.0 plus SE's length bonus. Laid out like [`Technique::NishioForcingChains`].
            DynamicPlusContradictionChains = "dynamic_plus_contradiction_forcing_chains", "Dynamic contradiction forcing chains (+)", se 90, hodoku (700, Extreme);
            /// [`Technique::DynamicDoubleChains`] with the simple rules of
            /// [`Technique::DynamicPlusContradictionChains`]. Rated 9.0 plus SE's length bonus.
            DynamicPlusDoubleChains = "dynamic_plus_double_forcing_chains", "Dynamic double forcing chains (+)", se 90, hodoku (700, Extreme);
            /// [`Technique::DynamicCellForcingChains`] with the simple rules of
            /// [`Technique::DynamicPlusContradictionChains`]. Rated 9.0 plus SE's length bonus.
            DynamicPlusCellForcingChains = "dynamic_plus_cell_forcing_chains", "Dynamic cell forcing chains (+)", se 90, hodoku (700, Extreme);
            /// [`Technique::DynamicRegionForcingChains`] with the simple rules of
            /// [`Technique::DynamicPlusContradictionChains`]. Rated 9.0 plus SE's length bonus.
            DynamicPlusRegionForcingChains = "dynamic_plus_region_forcing_chains", "Dynamic region forcing chains (+)", se 90, hodoku (700, Extreme);
            /// Sudoku Explainer's nested forcing chains, level 2: dynamic contradiction forcing
            /// chains where, when the links and the simple rules of
            /// [`Technique::DynamicPlusContradictionChains`] run out, forcing chains and cycles found on the assumed grid
            /// give more "off" nodes; each nested chain's nodes count in the complexity. Rated 9.5 plus
            /// SE's length bonus. Laid out like [`Technique::NishioForcingChains`].
            NestedContradictionChains2 = "nested_contradiction_forcing_chains_2", "Dynamic contradiction forcing chains (+ forcing chains)", se 95, hodoku none;
            /// [`Technique::DynamicDoubleChains`] with the rules of
            /// [`Technique::NestedContradictionChains2`]. Rated 9.5 plus SE's length bonus.
            NestedDoubleChains2 = "nested_double_forcing_chains_2", "Dynamic double forcing chains (+ forcing chains)", se 95, hodoku none;
            /// [`Technique::DynamicCellForcingChains`] with the rules of
            /// [`Technique::NestedContradictionChains2`]. Rated 9.5 plus SE's length bonus.
            NestedCellForcingChains2 = "nested_cell_forcing_chains_2", "Dynamic cell forcing chains (+ forcing chains)", se 95, hodoku none;
            /// [`Technique::DynamicRegionForcingChains`] with the rules of
            /// [`Technique::NestedContradictionChains2`]. Rated 9.5 plus SE's length bonus.
            NestedRegionForcingChains2 = "nested_region_forcing_chains_2", "Dynamic region forcing chains (+ forcing chains)", se 95, hodoku none;
            /// Sudoku Explainer's nested forcing chains, level 3: dynamic contradiction forcing
            /// chains where, when the links and the simple rules of
            /// [`Technique::DynamicPlusContradictionChains`] run out, forcing chains and cycles, and multiple (cell and region) forcing chains, found on the assumed grid
            /// give more "off" nodes; each nested chain's nodes count in the complexity. Rated 10.0 plus
            /// SE's length bonus. Laid out like [`Technique::NishioForcingChains`].
            NestedContradictionChains3 = "nested_contradiction_forcing_chains_3", "Dynamic contradiction forcing chains (+ multiple forcing chains)", se 100, hodoku none;
            /// [`Technique::DynamicDoubleChains`] with the rules of
            /// [`Technique::NestedContradictionChains3`]. Rated 10.0 plus SE's length bonus.
            NestedDoubleChains3 = "nested_double_forcing_chains_3", "Dynamic double forcing chains (+ multiple forcing chains)", se 100, hodoku none;
            /// [`Technique::DynamicCellForcingChains`] with the rules of
            /// [`Technique::NestedContradictionChains3`]. Rated 10.0 plus SE's length bonus.
            NestedCellForcingChains3 = "nested_cell_forcing_chains_3", "Dynamic cell forcing chains (+ multiple forcing chains)", se 100, hodoku none;
            /// [`Technique::DynamicRegionForcingChains`] with the rules of
            /// [`Technique::NestedContradictionChains3`]. Rated 10.0 plus SE's length bonus.
            NestedRegionForcingChains3 = "nested_region_forcing_chains_3", "Dynamic region forcing chains (+ multiple forcing chains)", se 100, hodoku none;
            /// Sudoku Explainer's nested forcing chains, level 4: dynamic contradiction forcing
            /// chains where, when the links and the simple rules of
            /// [`Technique::DynamicPlusContradictionChains`] run out, dynamic forcing chains found on the assumed grid
            /// give more "off" nodes; each nested chain's nodes count in the complexity. Rated 10.5
            /// plus SE's length bonus. Laid out like [`Technique::NishioForcingChains`].
            NestedContradictionChains4 = "nested_contradiction_forcing_chains_4", "Dynamic contradiction forcing chains (+ dynamic forcing chains)", se 105, hodoku none;
            /// [`Technique::DynamicDoubleChains`] with the rules of
            /// [`Technique::NestedContradictionChains4`]. Rated 10.5 plus SE's length bonus.
            NestedDoubleChains4 = "nested_double_forcing_chains_4", "Dynamic double forcing chains (+ dynamic forcing chains)", se 105, hodoku none;
            /// [`Technique::DynamicCellForcingChains`] with the rules of
            /// [`Technique::NestedContradictionChains4`]. Rated 10.5 plus SE's length bonus.
            NestedCellForcingChains4 = "nested_cell_forcing_chains_4", "Dynamic cell forcing chains (+ dynamic forcing chains)", se 105, hodoku none;
            /// [`Technique::DynamicRegionForcingChains`] with the rules of
            /// [`Technique::NestedContradictionChains4`]. Rated 10.5 plus SE's length bonus.
            NestedRegionForcingChains4 = "nested_region_forcing_chains_4", "Dynamic region forcing chains (+ dynamic forcing chains)", se 105, hodoku none;
            /// Sudoku Explainer's nested forcing chains, level 5: dynamic contradiction forcing
            /// chains where, when the links and the simple rules of
            /// [`Technique::DynamicPlusContradictionChains`] run out, dynamic forcing chains, then nested forcing chains of level 2, found on the assumed grid
            /// give more "off" nodes; each nested chain's nodes count in the complexity. Rated 11.0
            /// plus SE's length bonus. Laid out like [`Technique::NishioForcingChains`].
            NestedContradictionChains5 = "nested_contradiction_forcing_chains_5", "Dynamic contradiction forcing chains (+ dynamic forcing chains (+ forcing chains))", se 110, hodoku none;
            /// [`Technique::DynamicDoubleChains`] with the rules of
            /// [`Technique::NestedContradictionChains5`]. Rated 11.0 plus SE's length bonus.
            NestedDoubleChains5 = "nested_double_forcing_chains_5", "Dynamic double forcing chains (+ dynamic forcing chains (+ forcing chains))", se 110, hodoku none;
            /// [`Technique::DynamicCellForcingChains`] with the rules of
            /// [`Technique::NestedContradictionChains5`]. Rated 11.0 plus SE's length bonus.
            NestedCellForcingChains5 = "nested_cell_forcing_chains_5", "Dynamic cell forcing chains (+ dynamic forcing chains (+ forcing chains))", se 110, hodoku none;
            /// [`Technique::DynamicRegionForcingChains`] with the rules of
            /// [`Technique::NestedContradictionChains5`]. Rated 11.0 plus SE's length bonus.
            NestedRegionForcingChains5 = "nested_region_forcing_chains_5", "Dynamic region forcing chains (+ dynamic forcing chains (+ forcing chains))", se 110, hodoku none;
            // HoDoKu techniques Sudoku Explainer lacks: chains, wings, ALS
            // Human mode only (`techniques::HUMAN`); SE 1.2.1 has none of these, so the `se`
            // column holds the SE-equivalent rating hodoku-py and SukakuExplainer use, and the
            // `hodoku` column HoDoKu's own score and level.
            /// Skyscraper (SE lacks it; rated like SE's 6-node forcing X-chain): two strong links on
            /// one digit in parallel lines whose ends in one crossing line see each other; the digit
            /// leaves every cell that sees both far ends. cells: `[a1, a2, b1, b2]` (a strong link
            /// a1-a2, a2 sees b1, a strong link b1-b2); houses: `[house of a1-a2, house of b1-b2]`;
            /// digits: `[digit]`; links: a1 off to a2 on, a2 on to b1 off, b1 off to b2 on.
            Skyscraper = "skyscraper", "Skyscraper", se 66, hodoku (130, Hard);
            /// 2-String Kite (SE lacks it): a strong link in a row and one in a column whose ends meet
            /// in a box. Laid out like [`Technique::Skyscraper`].
            TwoStringKite = "two_string_kite", "2-String Kite", se 66, hodoku (150, Hard);
            /// Turbot fish (SE lacks it): two strong links on one digit joined by a weak link, other
            /// than a skyscraper or a 2-string kite (one strong link lies in a box). Laid out like
            /// [`Technique::Skyscraper`].
            TurbotFish = "turbot_fish", "Turbot fish", se 66, hodoku (120, Hard);
            /// Empty rectangle (SE lacks it): in a box a digit lies only on one row and one column;
            /// a strong link on the digit with one end on that row (or column) outside the box
            /// removes the digit where the other end's line crosses the box's column (row). cells:
            /// the box's cells holding the digit, then the strong link's ends `[near, far]`; houses:
            /// `[box, box row, box column, house of the strong link]`; digits: `[digit]`.
            EmptyRectangle = "empty_rectangle", "Empty rectangle", se 66, hodoku (120, Hard);
            /// W-Wing (SE lacks it; rated like SE's forcing chain): two bivalue cells holding the same
            /// digits `x` and `y`, joined by a strong link on `x` (one end seeing each cell): one of
            /// them is `y`, so `y` leaves every cell that sees both. cells: `[wing 1, link end near 1,
            /// link end near 2, wing 2]`; houses: `[house of the strong link]`; digits: `[x, y]`.
            WWing = "w_wing", "W-Wing", se 70, hodoku (150, Hard);
            /// Remote pair (SE lacks it; rated like an XY-chain): a chain of bivalue cells holding the
            /// same two digits, each seeing the next; cells an odd number of links apart hold the two
            /// digits between them, so both leave every cell that sees two such cells. cells: the
            /// chain in order; houses: none; digits: the two digits; links: the chain as an AIC.
            RemotePair = "remote_pair", "Remote pair", se 72, hodoku (110, Hard);
            /// X-Chain (SE lacks it as such; rated like SE's forcing X-chain): an alternating chain of
            /// strong and weak links on one digit, strong at both ends: one end holds the digit, so
            /// it leaves every cell that sees both. cells: the chain's cells in order; houses:
            /// none; digits: `[digit]`; links: the chain, from its first node (off) to its last (on).
            XChain = "x_chain", "X-Chain", se 67, hodoku (260, Unfair);
            /// XY-Chain (SE lacks it as such): a chain of bivalue cells, each seeing the next by the
            /// digit they share, whose two ends both hold `z`: one of them is `z`, so it leaves every
            /// cell that sees both. cells: the chain's cells in order; houses: none; digits: the
            /// digits used, `z` first; links: as for [`Technique::XChain`].
            XyChain = "xy_chain", "XY-Chain", se 72, hodoku (260, Unfair);
            /// Grouped nice loop or AIC (SE lacks group nodes): an alternating inference chain whose
            /// nodes may be groups (two or three cells of a box on one line holding the digit). An
            /// AIC removes what sees both ends (or, with ends on two digits, each end's digit from
            /// the other end's cell); a closed loop makes every weak link strong and removes what
            /// sees both ends of each. cells: the chain's cells in order (a group's cells
            /// together); houses: none; digits: the digits used; links: the chain, one link per
            /// cell pair (a group link is drawn from and to its first cell).
            GroupedNiceLoop = "grouped_nice_loop", "Grouped nice loop / AIC", se 83, hodoku (300, Unfair);
            /// ALS-XZ (SE lacks it; rated like SukakuExplainer's ALS): two almost locked sets `A` and
            /// `B` (n cells, n+1 digits) with a restricted common digit `x` (every `x` of one sees
            /// every `x` of the other): a digit `z` common to both leaves every cell that sees all
            /// their `z`s. Doubly linked (two such digits): each set is locked. cells: `A`'s cells,
            /// then `B`'s; houses: `[house of A, house of B]`; digits: the restricted common
            /// digits, then the eliminated ones.
            AlsXz = "als_xz", "ALS-XZ", se 84, hodoku (300, Unfair);
            /// ALS-XY-Wing (SE lacks it): sets `A` and `B` each share a restricted common digit with a
            /// third set `C` (`x` with `A`, `y` with `B`, `x` ≠ `y`): a digit `z` common to `A` and `B`
            /// leaves every cell that sees all their `z`s. cells: `A`, `B`, then `C`; houses: their
            /// houses in that order; digits: `[x, y, z]`.
            AlsXyWing = "als_xy_wing", "ALS-XY-Wing", se 84, hodoku (320, Unfair);
            /// ALS chain (SE lacks it): an AIC (as [`Technique::GroupedNiceLoop`]) that passes
            /// through almost locked sets of two to four cells: entering a set by one digit (its
            /// cells holding it all false) leaves it locked, so each other digit is in one of its
            /// cells. HoDoKu's ALS-XY-Chain is the case made only of sets. Laid out like
            /// [`Technique::GroupedNiceLoop`]; a set's link is drawn between the first cells of
            /// its two digits. An ALS-XY-Chain as HoDoKu's ALS solver finds it
            /// ([`AlsXyChain`](crate::logic::techniques::AlsXyChain)) lists cells: each set's cells,
            /// set by set in chain order; houses: each set's house; digits: the digits removed,
            /// then each link's restricted common digit(s).
            AlsChain = "als_chain", "ALS chain", se 84, hodoku (340, Unfair);
            /// Locked pair (SE sees a naked pair): two cells of a box on one line holding only the
            /// same two digits, which leave the rest of both the box and the line. cells: the two
            /// cells; houses: `[box, line]`; digits: the two digits.
            LockedPair = "locked_pair", "Locked pair", se 30, hodoku (40, Medium);
            /// Locked triple (SE sees a naked triple): like [`Technique::LockedPair`], with the
            /// three cells of a box-line crossing and three digits.
            LockedTriple = "locked_triple", "Locked triple", se 36, hodoku (60, Medium);

            // HoDoKu techniques Sudoku Explainer lacks: fish, coloring, uniqueness
            // Their `se` column is an SE-equivalent rating (SE 1.2.1 lacks them all): finned and
            // sashimi fish 6.7-7.1 as hodoku-py and SukakuExplainer rate them, coloring like
            // SE's X-chains, uniqueness like SE's unique rectangles; Franken, mutant and template
            // ratings are our extrapolation (see docs/design.md). Found by the finders in
            // `techniques::FISH_COLORING_UNIQUENESS`, which SE mode never runs.
            /// Finned X-Wing (SE lacks it): a basic fish of two base lines whose candidates all lie
            /// in two cover lines but for the fins, extra candidates in one base line, all in one
            /// box; the digit leaves the cover lines' cells outside the base that also see every fin.
            /// cells: every candidate of the base lines (body and fins; a fin is a cell in no cover
            /// house, or in two base houses); houses: the base houses, then the cover houses, each
            /// in index order (rows, columns, boxes); digits: `[digit]`.
            FinnedXWing = "finned_x_wing", "Finned X-Wing", se 67, hodoku (130, Hard);
            /// Sashimi X-Wing (SE lacks it): a finned X-Wing where a base line holds only one
            /// candidate besides its fins. Laid out like [`Technique::FinnedXWing`].
            SashimiXWing = "sashimi_x_wing", "Sashimi X-Wing", se 68, hodoku (150, Hard);
            /// Finned Swordfish (SE lacks it): like [`Technique::FinnedXWing`] with three lines.
            FinnedSwordfish = "finned_swordfish", "Finned Swordfish", se 68, hodoku (200, Unfair);
            /// Sashimi Swordfish (SE lacks it): like [`Technique::SashimiXWing`] with three lines.
            SashimiSwordfish = "sashimi_swordfish", "Sashimi Swordfish", se 69, hodoku (240, Unfair);
            /// Finned Jellyfish (SE lacks it): like [`Technique::FinnedXWing`] with four lines.
            FinnedJellyfish = "finned_jellyfish", "Finned Jellyfish", se 70, hodoku (250, Unfair);
            /// Sashimi Jellyfish (SE lacks it): like [`Technique::SashimiXWing`] with four lines.
            SashimiJellyfish = "sashimi_jellyfish", "Sashimi Jellyfish", se 71, hodoku (260, Unfair);
            /// Franken X-Wing (SE lacks it): a fish whose two base houses are rows and boxes (or
            /// columns and boxes) and whose covers are columns and boxes (or rows and boxes), with
            /// a box among them; without fins. A base cell in two cover houses is removed too
            /// (cannibalism). Laid out like [`Technique::FinnedXWing`].
            FrankenXWing = "franken_x_wing", "Franken X-Wing", se 72, hodoku (300, Unfair);
            /// Franken Swordfish (SE lacks it): [`Technique::FrankenXWing`] with three houses.
            FrankenSwordfish = "franken_swordfish", "Franken Swordfish", se 73, hodoku (350, Unfair);
            /// Franken Jellyfish (SE lacks it): [`Technique::FrankenXWing`] with four houses.
            FrankenJellyfish = "franken_jellyfish", "Franken Jellyfish", se 74, hodoku (370, Unfair);
            /// Finned Franken X-Wing (SE lacks it): a [`Technique::FrankenXWing`] with fins (exo
            /// fins outside every cover, endo fins in two base houses); only cells that see every
            /// fin lose the digit. Laid out like [`Technique::FinnedXWing`].
            FinnedFrankenXWing = "finned_franken_x_wing", "Finned Franken X-Wing", se 73, hodoku (390, Unfair);
            /// Finned Franken Swordfish (SE lacks it): [`Technique::FinnedFrankenXWing`] with three houses.
            FinnedFrankenSwordfish = "finned_franken_swordfish", "Finned Franken Swordfish", se 74, hodoku (410, Unfair);
            /// Finned Franken Jellyfish (SE lacks it): [`Technique::FinnedFrankenXWing`] with four houses.
            FinnedFrankenJellyfish = "finned_franken_jellyfish", "Finned Franken Jellyfish", se 75, hodoku (430, Unfair);
            /// Mutant X-Wing (SE lacks it): a fish with any mix of rows, columns and boxes that is
            /// neither basic nor Franken; without fins. Laid out like [`Technique::FinnedXWing`].
            MutantXWing = "mutant_x_wing", "Mutant X-Wing", se 75, hodoku (450, Extreme);
            /// Mutant Swordfish (SE lacks it): [`Technique::MutantXWing`] with three houses.
            MutantSwordfish = "mutant_swordfish", "Mutant Swordfish", se 76, hodoku (450, Extreme);
            /// Mutant Jellyfish (SE lacks it): [`Technique::MutantXWing`] with four houses.
            MutantJellyfish = "mutant_jellyfish", "Mutant Jellyfish", se 77, hodoku (450, Extreme);
            /// Finned Mutant X-Wing (SE lacks it): a [`Technique::MutantXWing`] with fins. Laid out
            /// like [`Technique::FinnedXWing`].
            FinnedMutantXWing = "finned_mutant_x_wing", "Finned Mutant X-Wing", se 76, hodoku (470, Extreme);
            /// Finned Mutant Swordfish (SE lacks it): [`Technique::FinnedMutantXWing`] with three houses.
            FinnedMutantSwordfish = "finned_mutant_swordfish", "Finned Mutant Swordfish", se 77, hodoku (470, Extreme);
            /// Finned Mutant Jellyfish (SE lacks it): [`Technique::FinnedMutantXWing`] with four houses.
            FinnedMutantJellyfish = "finned_mutant_jellyfish", "Finned Mutant Jellyfish", se 78, hodoku (470, Extreme);
            /// Finned Mutant Squirmbag (SE lacks it): [`Technique::FinnedMutantXWing`] with five
            /// houses (HoDoKu 0363; its default order leaves fish of five or more houses off).
            FinnedMutantSquirmbag = "finned_mutant_squirmbag", "Finned Mutant Squirmbag", se 79, hodoku (470, Extreme);
            /// Finned Mutant Whale (SE lacks it): [`Technique::FinnedMutantXWing`] with six houses
            /// (HoDoKu 0364).
            FinnedMutantWhale = "finned_mutant_whale", "Finned Mutant Whale", se 80, hodoku (470, Extreme);
            /// Simple colors trap (SE lacks it; its X-chains find the same eliminations one chain at
            /// a time): on one digit, a cluster of conjugate pairs splits into two colours, one of
            /// which holds the digit; a cell outside the cluster that sees both colours loses it.
            /// cells: the first colour's cells (the one holding the cluster's lowest cell), then
            /// the second's; houses: none; digits: `[digit]`; links: the conjugate pairs of a
            /// spanning tree of the cluster, each from a first-colour cell ("on") to a
            /// second-colour cell ("off"), with the pair's house.
            SimpleColorsTrap = "simple_colors_trap", "Simple colors trap", se 66, hodoku (150, Hard);
            /// Simple colors wrap (SE lacks it): two cells of one colour see each other, so that
            /// colour is false and the digit leaves all its cells. Laid out like
            /// [`Technique::SimpleColorsTrap`].
            SimpleColorsWrap = "simple_colors_wrap", "Simple colors wrap", se 66, hodoku (150, Hard);
            /// Multi-colors type 1 (SE lacks it): two clusters of the same digit, where a cell of
            /// one colour of the first sees a cell of one colour of the second; so one of the two
            /// other colours is true, and a cell that sees both loses the digit. cells: the first
            /// cluster's two colours, then the second's, each laid out as in
            /// [`Technique::SimpleColorsTrap`]; houses: none; digits: `[digit]`; links: the first
            /// cluster's tree links, then the second's.
            MultiColors1 = "multi_colors_1", "Multi-colors type 1", se 70, hodoku (200, Hard);
            /// Multi-colors type 2 (SE lacks it): cells of one colour see both colours of another
            /// cluster, so that colour is false and the digit leaves all its cells. Laid out like
            /// [`Technique::MultiColors1`].
            MultiColors2 = "multi_colors_2", "Multi-colors type 2", se 70, hodoku (200, Hard);
            /// Uniqueness test 6 (SE lacks it): a rectangle of four empty cells on digits `a` and
            /// `b` in two rows, columns and boxes, whose corners on one diagonal hold only `a` and
            /// `b` and on the other more; when one digit `u` lies in both rows (or both columns) of
            /// the rectangle only in its corners, `u` leaves the corners with more, as otherwise
            /// the corners would take `a` and `b` in a pattern with two solutions. Only used on a
            /// puzzle with one solution. cells: the corners in loop order (`r1c1`, `r1c2`, `r2c2`,
            /// `r2c1`); houses: the two lines where `u` is confined; digits: `[u, v]`.
            UniquenessType6 = "uniqueness_type_6", "Uniqueness test 6", se 45, hodoku (100, Hard);
            /// Hidden rectangle (SE lacks it): a rectangle as in [`Technique::UniquenessType6`]
            /// with a corner `x` holding only `a` and `b`; when digit `u` lies in the row and in
            /// the column of the diagonal corner `d` only in the rectangle, `d` cannot be the
            /// other digit `v`. Only used on a puzzle with one solution. cells: the corners in loop
            /// order from `x` (so `d` is the third); houses: `[row of d, column of d]`; digits:
            /// `[u, v]` (`v` is removed from `d`).
            HiddenRectangle = "hidden_rectangle", "Hidden rectangle", se 45, hodoku (100, Hard);

            // HoDoKu kraken fish and templates
            // HoDoKu's last-resort techniques that its default order leaves off (kraken fish
            // 8450, templates 8700/8800); found by `techniques::HODOKU_OFF_BY_DEFAULT`, in no
            // default order (docs/design.md, "Kraken fish and templates"). SE lacks them; the
            // `se` column is our extrapolation: kraken fish as SE's cell/region forcing chains
            // (8.0), templates as its dynamic forcing chains (+) (9.0).
            /// Kraken fish type 1 (SE lacks it): a finned fish (basic or Franken, two to four base
            /// houses, one or two exo fins) whose fins see no cell the fish would clear; one such
            /// cell loses the digit when, for every fin, a chain leads from "the fin holds the
            /// digit" to "the cell does not" (either the fish holds or a fin does). cells: every
            /// candidate of the base houses, as for [`Technique::FinnedXWing`]; houses: the base
            /// houses, then the cover houses; digits: `[digit]`; links: one chain per fin, in fin
            /// order, each from the fin (on) to the eliminated candidate (off).
            KrakenFishType1 = "kraken_fish_type_1", "Kraken fish type 1", se 80, hodoku (500, Extreme);
            /// Kraken fish type 2 (SE lacks it): a finned fish as in [`Technique::KrakenFishType1`]
            /// with a cover house that holds candidates outside the base: one of that cover's base
            /// candidates or a fin holds the fish digit, so a candidate (of any digit) that a chain
            /// from each of them turns off goes. cells and houses as type 1; digits: `[fish digit,
            /// eliminated digit]`; links: one chain per start (the cover's base candidates, then
            /// the fins), each ending at the eliminated candidate.
            KrakenFishType2 = "kraken_fish_type_2", "Kraken fish type 2", se 80, hodoku (500, Extreme);
            /// Template set (SE lacks it): of the ways to place a digit nine times (one per row,
            /// column and box) that fit the grid, after dropping those that meet a cell every
            /// way of another digit holds, all hold these cells, so the digit goes there. cells:
            /// the cells placed; houses: none; digits: `[digit]`.
            TemplateSet = "template_set", "Template set", se 90, hodoku (10000, Extreme);
            /// Template delete (SE lacks it): as [`Technique::TemplateSet`], no remaining way holds
            /// these candidates, so the digit leaves them. cells: the cells losing the digit;
            /// houses: none; digits: `[digit]`.
            TemplateDelete = "template_delete", "Template delete", se 90, hodoku (10000, Extreme);

            // HoDoKu uniqueness, BUG, Sue de Coq, death blossom
            /// Uniqueness test 5 (SE lacks the name; its unique rectangle type 2 finds the same
            /// eliminations): a rectangle as in [`Technique::UniquenessType6`] whose corners
            /// hold only `a` and `b` but for two diagonal corners, or three corners, that also
            /// hold one extra digit `x`, the same in each; one of them is `x`, so `x` leaves
            /// every cell that sees them all. Only used on a puzzle with one solution. cells: the
            /// corners in loop order, then the corners holding `x`; houses: none; digits:
            /// `[a, b, x]`. Rated as SE's unique rectangle.
            UniquenessType5 = "uniqueness_type_5", "Uniqueness test 5", se 45, hodoku (100, Hard);
            /// Avoidable rectangle type 1 (SE lacks it): a rectangle of cells in two rows, columns
            /// and boxes with three corners placed while solving (not givens), `a` on one diagonal
            /// and `b` on the other; the fourth corner cannot be the digit that completes the
            /// pattern, as the four cells could then swap `a` and `b`. Only used on a puzzle with
            /// one solution, on digits the grid knows were placed
            /// ([`CandidateGrid::deduced_cells`](super::CandidateGrid::deduced_cells)). cells: the
            /// corners in loop order, then the empty one; houses: none; digits: `[a, b]` (`a` on
            /// the diagonal of the first corner).
            AvoidableRectangle1 = "avoidable_rectangle_1", "Avoidable rectangle type 1", se 45, hodoku (100, Hard);
            /// Avoidable rectangle type 2 (SE lacks it): as type 1 with two corners placed (`a`
            /// and `b`) and two empty ones, each holding the digit that completes the pattern and
            /// one extra digit `x`, the same in both; one of them is `x`, which leaves every cell
            /// that sees both. cells: the corners in loop order, then the two empty ones; houses:
            /// none; digits: `[a, b, x]`.
            AvoidableRectangle2 = "avoidable_rectangle_2", "Avoidable rectangle type 2", se 45, hodoku (100, Hard);
            /// Sue de Coq (SE lacks it; rated like SukakuExplainer's ALS): two or three empty
            /// cells `C` where a line meets a box, with at least two digits more than cells; cells
            /// `D` of the rest of the line and `E` of the rest of the box, with no digit in both,
            /// such that the three sets have as many digits as cells. Each digit is then in them
            /// once: the digits of `C` and `D` that `E` lacks leave the rest of the line, those of
            /// `C` and `E` that `D` lacks leave the rest of the box. cells: `C`, then `D`, then
            /// `E` (a cell of `D` is in the line only, of `E` in the box only); houses: `[line,
            /// box]`; digits: all the digits of the three sets.
            SueDeCoq = "sue_de_coq", "Sue de Coq", se 84, hodoku (250, Unfair);
            /// Death blossom (SE lacks it; rated like SukakuExplainer's ALS): a stem cell and for
            /// each of its candidates `d` an almost locked set (a petal) holding `d` only in cells
            /// that see the stem; whichever digit the stem takes, that petal is locked on its other
            /// digits, so a digit `z` every petal holds (and the stem not) leaves every cell that
            /// sees all the petals' `z`s. Petals may share cells (HoDoKu's option). cells: the
            /// stem, then each petal's cells in the order of the stem's digits; houses: each
            /// petal's house, in that order; digits: the stem's candidates (one per house), then
            /// every `z` removed (one step removes all the digits its petals share).
            DeathBlossom = "death_blossom", "Death blossom", se 84, hodoku (360, Unfair);
        }
    };
}
pub(crate) use technique_table;

technique_table!(techniques);

impl Technique {
    /// The technique with this [`id`](Technique::id), if any.
    pub fn from_id(id: &str) -> Option<Technique> {
        Technique::ALL.iter().copied().find(|t| t.id() == id)
    }

    /// The 0-based position in [`Technique::ALL`], for tables indexed by technique.
    pub(crate) const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Technique {
    /// The display name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_match_serde() {
        for (i, &t) in Technique::ALL.iter().enumerate() {
            assert_eq!(t.index(), i);
            assert_eq!(Technique::from_id(t.id()), Some(t));
            let json = serde_json::to_string(&t).expect("serializes");
            assert_eq!(json, format!("\"{}\"", t.id()));
            let back: Technique = serde_json::from_str(&json).expect("deserializes");
            assert_eq!(back, t);
            // snake_case: lower-case letters, digits and underscores, starting with a letter.
            assert!(t.id().starts_with(|c: char| c.is_ascii_lowercase()));
            assert!(t
                .id()
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'));
        }
        assert_eq!(Technique::from_id("nope"), None);
        assert_eq!(Technique::XWing.to_string(), "X-Wing");
    }
}
