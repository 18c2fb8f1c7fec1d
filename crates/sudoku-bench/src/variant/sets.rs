//! The puzzle sets of the variant benchmark: one per rule set, made by our generator from a
//! recipe and a seed (committed as JSON lines, `data/variant/ours-<set>.jsonl`, so that a run
//! does not spend minutes generating; `--generate` makes them at run time instead and
//! `--write-sets` writes them again), plus the sets pencilmark's generator made (committed as
//! `data/variant/pencilmark-<set>.jsonl`) and the shared 16x16 / 25x25 puzzles.
//!
//! Rules that carry data (thermometers, arrows, dots, sums, even/odd cells) are cut from a
//! random solution grid by the library's cutters ([`Cut::rules`], jigsaw regions by
//! [`variant::jigsaw`]), drawing from a fastrand stream (the one the committed sets were made
//! with); [`variant::generate_with`] then digs the givens from that grid while the puzzle
//! stays unique. Killer puzzles get their
//! cages from the generator itself (`killer_cages`).

use std::path::Path;

use sudokit::format::variant::{self as vformat, Document};
use sudokit::variant::{self, Cut, Options, Puzzle, Request, Rule, Shape};

/// One benchmark puzzle: the puzzle and its unique solution.
#[derive(Debug, Clone)]
pub struct Item {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its solution (N * N digits), as our engine finds it when the set is made.
    pub solution: Vec<u8>,
}

/// A named set of puzzles that share a rule set.
#[derive(Debug, Clone)]
pub struct Set {
    /// The set's name: the rule set, and the generator when it is not ours
    /// (`killer (pencilmark)`).
    pub name: String,
    /// Where its puzzles came from.
    pub source: Source,
    /// The puzzles.
    pub items: Vec<Item>,
}

/// Where a set's puzzles came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// Our generator, seeded (at run time, or committed).
    Ours,
    /// pencilmark's generator (committed JSON lines).
    Pencilmark,
    /// The shared data folder.
    Shared,
}

/// A rule set our generator makes puzzles for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Recipe {
    /// The set's name (the rule's kebab-case name, or the size for plain grids).
    pub name: &'static str,
    /// The grid's size.
    pub size: usize,
    /// How many puzzles the default run makes (fewer for the wide grids, whose generation
    /// takes longest).
    pub count: usize,
}

/// Every rule set, in the table's order.
pub const RECIPES: &[Recipe] = &[
    Recipe {
        name: "classic-4x4",
        size: 4,
        count: 300,
    },
    Recipe {
        name: "classic-6x6",
        size: 6,
        count: 300,
    },
    Recipe {
        name: "classic-16x16",
        size: 16,
        count: 10,
    },
    Recipe {
        name: "diagonal",
        size: 9,
        count: 200,
    },
    Recipe {
        name: "windoku",
        size: 9,
        count: 200,
    },
    Recipe {
        name: "disjoint",
        size: 9,
        count: 200,
    },
    Recipe {
        name: "anti-knight",
        size: 9,
        count: 200,
    },
    Recipe {
        name: "anti-king",
        size: 9,
        count: 200,
    },
    Recipe {
        name: "non-consecutive",
        size: 9,
        count: 200,
    },
    Recipe {
        name: "killer",
        size: 9,
        count: 200,
    },
    Recipe {
        name: "thermo",
        size: 9,
        count: 200,
    },
    Recipe {
        name: "arrow",
        size: 9,
        count: 200,
    },
    Recipe {
        name: "kropki",
        size: 9,
        count: 200,
    },
    Recipe {
        name: "xv",
        size: 9,
        count: 200,
    },
    Recipe {
        name: "sandwich",
        size: 9,
        count: 200,
    },
    Recipe {
        name: "even-odd",
        size: 9,
        count: 200,
    },
    Recipe {
        name: "little-killer",
        size: 9,
        count: 200,
    },
    Recipe {
        name: "jigsaw",
        size: 9,
        count: 200,
    },
];

/// Why a set could not be made or read.
#[derive(Debug, thiserror::Error)]
pub enum SetError {
    /// No recipe has this name.
    #[error("no rule set is called {0:?} (known: {known})", known = names())]
    UnknownSet(String),
    /// The generator failed for a puzzle.
    #[error("{set}: puzzle {index}: {reason}")]
    Generate {
        /// The set.
        set: String,
        /// The puzzle's index.
        index: u64,
        /// What went wrong.
        reason: String,
    },
    /// A file could not be read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The error.
        source: std::io::Error,
    },
    /// A line of a set file is not a puzzle with the unique solution it claims.
    #[error("{path}:{line}: {reason}")]
    Line {
        /// The file.
        path: String,
        /// The line, from 1.
        line: usize,
        /// What is wrong.
        reason: String,
    },
}

/// The recipes' names, comma-separated.
pub fn names() -> String {
    RECIPES
        .iter()
        .map(|r| r.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The recipe called `name`.
pub fn recipe(name: &str) -> Result<Recipe, SetError> {
    RECIPES
        .iter()
        .copied()
        .find(|r| r.name == name)
        .ok_or_else(|| SetError::UnknownSet(name.to_string()))
}

/// The guess budget of each uniqueness check while digging.
const DIG_BUDGET: u64 = 20_000;

/// Seeds a puzzle is tried with before its set fails.
const ATTEMPTS: u64 = 8;

/// Puzzle `index` of `recipe` for `seed`: the same on every machine and thread. A random fill
/// that runs out of guesses (it happens with non-consecutive) is tried again with the next
/// seed, up to `ATTEMPTS` (8) times.
pub fn make(recipe: Recipe, seed: u64, index: u64) -> Result<Item, SetError> {
    let mut last = None;
    for attempt in 0..ATTEMPTS {
        match make_once(recipe, seed.wrapping_add(attempt << 32), index) {
            Ok(item) => return Ok(item),
            Err(error) => last = Some(error),
        }
    }
    Err(last.unwrap_or_else(|| SetError::UnknownSet(recipe.name.into())))
}

fn make_once(recipe: Recipe, seed: u64, index: u64) -> Result<Item, SetError> {
    let fail = |reason: String| SetError::Generate {
        set: recipe.name.to_string(),
        index,
        reason,
    };
    // Each puzzle has its own stream, so a set's puzzles can be made in any order.
    let mut rng = fastrand::Rng::with_seed(seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let square = Shape::square(recipe.size).map_err(|e| fail(e.to_string()))?;
    let shape = match recipe.name {
        "jigsaw" => variant::jigsaw(&square, &mut Fastrand(&mut rng)),
        _ => Ok(square),
    }
    .map_err(|e| fail(e.to_string()))?;
    let mut request = Request {
        shape: shape.clone(),
        rules: Vec::new(),
        symmetric: false,
        killer_cages: recipe.name == "killer",
        max_guesses: DIG_BUDGET,
    };
    let mut options = Options::default();
    if let Some(rule) = Rule::from_name(recipe.name) {
        request.rules.push(rule);
    } else if let Some(cut) = Cut::from_name(recipe.name) {
        // A random grid (the plain generator's fill) to cut the rule's data from, and to dig
        // from: a second random fill that had to meet the rules (sandwich sums, little-killer
        // diagonals) would spend minutes of guesses finding what is already here. (The
        // library's `Options::with_cuts` does the same with its own stream; this one keeps the
        // committed sets' fastrand stream.)
        let grid = variant::fill(&request, seed, index, None).map_err(|e| fail(e.to_string()))?;
        request.rules = cut.rules(&grid, recipe.size, &mut Fastrand(&mut rng));
        options = options.with_solution(grid);
    }
    let puzzle = variant::generate_with(&request, &options, seed, index, None)
        .map_err(|e| fail(e.to_string()))?;
    let solution = unique_solution(&puzzle).map_err(fail)?;
    Ok(Item { puzzle, solution })
}

/// The solution of `puzzle`, or why it has none or several.
pub fn unique_solution(puzzle: &Puzzle) -> Result<Vec<u8>, String> {
    let mut search = variant::Search::new(puzzle).with_guess_budget(10_000_000);
    let first = search
        .next_solution()
        .map_err(|e| e.to_string())?
        .ok_or("no solution")?;
    match search.next_solution().map_err(|e| e.to_string())? {
        None => Ok(first),
        Some(_) => Err("more than one solution".into()),
    }
}

/// Makes `count` puzzles of `recipe` on `threads` threads (the result does not depend on it).
pub fn make_set(recipe: Recipe, seed: u64, count: usize, threads: usize) -> Result<Set, SetError> {
    make_range(recipe, seed, 0, count, threads)
}

/// Makes puzzles `first..first + count` of `recipe`: the lines of [`make_set`]'s set from
/// `first` on, so a big set can be made in parts (and a part again) and joined.
pub fn make_range(
    recipe: Recipe,
    seed: u64,
    first: usize,
    count: usize,
    threads: usize,
) -> Result<Set, SetError> {
    let threads = threads.clamp(1, count.max(1));
    let results: Vec<Vec<(u64, Result<Item, SetError>)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    (first + t..first + count)
                        .step_by(threads)
                        .map(|i| (i as u64, make(recipe, seed, i as u64)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_default())
            .collect()
    });
    let mut all: Vec<(u64, Result<Item, SetError>)> = results.into_iter().flatten().collect();
    if all.len() != count {
        return Err(SetError::Generate {
            set: recipe.name.into(),
            index: (first + all.len()) as u64,
            reason: "a generator thread panicked".into(),
        });
    }
    all.sort_by_key(|(i, _)| *i);
    let items = all
        .into_iter()
        .map(|(_, item)| item)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Set {
        name: recipe.name.to_string(),
        source: Source::Ours,
        items,
    })
}

/// The stream the committed sets were cut with (fastrand's), for the library's cutters.
struct Fastrand<'a>(&'a mut fastrand::Rng);

impl variant::Draw for Fastrand<'_> {
    fn index(&mut self, n: usize) -> usize {
        self.0.usize(..n)
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        self.0.shuffle(items);
    }
}

/// One line of a committed set file: our document and the solution the other generator gave.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub struct Line {
    /// The puzzle in our JSON document form.
    pub puzzle: Document,
    /// The solution the other generator stored with it (N * N characters).
    pub solution: String,
}

/// The JSON lines of `set` (one [`Line`] per puzzle, in order), as `load_lines` reads them.
pub fn write_lines(set: &Set) -> String {
    let mut out = String::new();
    for item in &set.items {
        let line = Line {
            puzzle: Document::from_puzzle(&item.puzzle, item.puzzle.givens()),
            solution: item
                .solution
                .iter()
                .map(|&v| vformat::cell_char(v))
                .collect(),
        };
        // A document of plain data always serialises.
        if let Ok(text) = serde_json::to_string(&line) {
            out.push_str(&text);
            out.push('\n');
        }
    }
    out
}

/// Reads a JSON-lines set file of pencilmark's; each puzzle must have exactly one solution,
/// the one stored.
pub fn load_lines(name: &str, path: &Path, text: &str) -> Result<Set, SetError> {
    load_lines_from(name, Source::Pencilmark, path, text, usize::MAX)
}

/// Reads at most `limit` puzzles of a JSON-lines set file made by `source`; each puzzle must
/// have exactly one solution, the one stored.
pub fn load_lines_from(
    name: &str,
    source: Source,
    path: &Path,
    text: &str,
    limit: usize,
) -> Result<Set, SetError> {
    let mut items = Vec::new();
    let show = path.display().to_string();
    for (k, raw) in text.lines().enumerate() {
        if items.len() >= limit {
            break;
        }
        if raw.trim().is_empty() {
            continue;
        }
        let bad = |reason: String| SetError::Line {
            path: show.clone(),
            line: k + 1,
            reason,
        };
        let line: Line = serde_json::from_str(raw).map_err(|e| bad(e.to_string()))?;
        let puzzle = line.puzzle.to_puzzle().map_err(|e| bad(e.to_string()))?;
        let solution = unique_solution(&puzzle).map_err(bad)?;
        let stored: Vec<u8> = line.solution.chars().map(char_value).collect();
        if stored != solution {
            return Err(bad(
                "our engine's unique solution differs from the stored one".into(),
            ));
        }
        items.push(Item { puzzle, solution });
    }
    Ok(Set {
        name: name.to_string(),
        source,
        items,
    })
}

/// Reads a file of plain puzzles (one per line, `../shared/data/16x16.txt`); each must be
/// unique.
pub fn load_plain(name: &str, path: &Path) -> Result<Set, SetError> {
    let show = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|source| SetError::Io {
        path: show.clone(),
        source,
    })?;
    let mut items = Vec::new();
    for (k, raw) in text.lines().enumerate() {
        let raw = raw.trim();
        if raw.is_empty() || raw.starts_with('#') {
            continue;
        }
        let bad = |reason: String| SetError::Line {
            path: show.clone(),
            line: k + 1,
            reason,
        };
        let parsed =
            vformat::parse(raw, &vformat::Options::default()).map_err(|e| bad(e.to_string()))?;
        let solution = unique_solution(&parsed.puzzle).map_err(bad)?;
        items.push(Item {
            puzzle: parsed.puzzle,
            solution,
        });
    }
    Ok(Set {
        name: name.to_string(),
        source: Source::Shared,
        items,
    })
}

/// The value of a solution character (`1`-`9`, then `A` = 10); 0 for anything else.
pub fn char_value(c: char) -> u8 {
    match c {
        '1'..='9' => c as u8 - b'0',
        'A'..='Z' => c as u8 - b'A' + 10,
        'a'..='z' => c as u8 - b'a' + 10,
        _ => 0,
    }
}
