//! The variant benchmark's machinery: the sets' recipes, the committed-set loader, the peers'
//! protocol and the answer check, and the table. No timing is checked.

use std::path::Path;
use std::time::Duration;

use sudokit::format::variant::Document;
use sudokit::variant::{Puzzle, Rule, Shape};
use sudoku_bench::variant::peers::{self, Answer, Peer};
use sudoku_bench::variant::sets::{self, Item, Set, Source};
use sudoku_bench::variant::{self as vbench, PeerSpeed, Row};

/// The rule each recipe's puzzles must carry (by name), or none for the plain grids.
fn expected_rule(recipe: &str) -> Option<&'static str> {
    Some(match recipe {
        "diagonal" => "diagonal",
        "windoku" => "windoku",
        "disjoint" => "disjoint",
        "anti-knight" => "anti-knight",
        "anti-king" => "anti-king",
        "non-consecutive" => "non-consecutive",
        "killer" => "killer",
        "thermo" => "thermo",
        "arrow" => "arrow",
        "kropki" => "kropki",
        "xv" => "xv",
        "sandwich" => "sandwich",
        "even-odd" => "even-odd",
        "little-killer" => "little-killer",
        _ => return None,
    })
}

#[test]
fn every_recipe_makes_unique_puzzles_with_its_rule() {
    for recipe in sets::RECIPES {
        // The wide grids take long to dig in a debug build, and so does non-consecutive,
        // whose random fills often run out of guesses and start again (minutes in debug).
        if recipe.size > 9 || recipe.name == "non-consecutive" {
            continue;
        }
        {
            let index = 0;
            let item =
                sets::make(*recipe, 7, index).unwrap_or_else(|e| panic!("{}: {e}", recipe.name));
            let puzzle = &item.puzzle;
            assert_eq!(puzzle.size(), recipe.size, "{}", recipe.name);
            assert_eq!(puzzle.check(&item.solution), Ok(()), "{}", recipe.name);
            assert_eq!(
                sets::unique_solution(puzzle).as_ref(),
                Ok(&item.solution),
                "{}",
                recipe.name
            );
            let names: Vec<&str> = puzzle.rules().iter().map(Rule::name).collect();
            match expected_rule(recipe.name) {
                Some(rule) => assert!(names.contains(&rule), "{}: {names:?}", recipe.name),
                None => assert!(names.is_empty(), "{}: {names:?}", recipe.name),
            }
            if recipe.name == "jigsaw" {
                assert_eq!(puzzle.shape().box_dims(), None, "jigsaw has regions");
            }
            // Seeded: the same puzzle again.
            let again = sets::make(*recipe, 7, index).map(|i| i.puzzle).ok();
            assert_eq!(again.as_ref(), Some(puzzle), "{}", recipe.name);
        }
    }
}

#[test]
fn a_set_does_not_depend_on_the_threads() {
    let recipe = sets::recipe("thermo").expect("thermo is a recipe");
    let one = sets::make_set(recipe, 3, 4, 1).expect("made");
    let two = sets::make_set(recipe, 3, 4, 3).expect("made");
    let puzzles = |s: &Set| s.items.iter().map(|i| i.puzzle.clone()).collect::<Vec<_>>();
    assert_eq!(puzzles(&one), puzzles(&two));
    assert_eq!(one.source, Source::Ours);
    assert!(sets::recipe("no-such-rule").is_err());
}

#[test]
fn a_set_made_in_parts_is_the_set_made_at_once() {
    // `--write-sets --first`: lines 3-4 and 5 of a set, joined after lines 1-2, are the set.
    let recipe = sets::recipe("thermo").expect("thermo is a recipe");
    let whole = sets::make_set(recipe, 3, 5, 2).expect("made");
    let mut parts = sets::make_range(recipe, 3, 0, 2, 1).expect("made").items;
    parts.extend(sets::make_range(recipe, 3, 2, 2, 2).expect("made").items);
    parts.extend(sets::make_range(recipe, 3, 4, 1, 3).expect("made").items);
    let puzzles = |items: &[sets::Item]| items.iter().map(|i| i.puzzle.clone()).collect::<Vec<_>>();
    assert_eq!(puzzles(&parts), puzzles(&whole.items));
    let later = sets::make_range(recipe, 3, 2, 2, 1).expect("made");
    assert_ne!(puzzles(&later.items), puzzles(&whole.items[..2]));
}

/// A 4x4 puzzle with one solution, and that solution.
fn small() -> (Puzzle, Vec<u8>) {
    let shape = Shape::boxes(2, 2).expect("2x2 boxes");
    let givens = vec![1, 2, 3, 4, 3, 4, 1, 0, 2, 1, 4, 0, 0, 0, 0, 0];
    let puzzle = Puzzle::new(shape, givens, vec![]).expect("valid");
    let solution = sets::unique_solution(&puzzle).expect("unique");
    (puzzle, solution)
}

fn line(puzzle: &Puzzle, solution: &[u8]) -> String {
    let text: String = solution
        .iter()
        .map(|&v| sudokit::format::variant::cell_char(v))
        .collect();
    serde_json::to_string(&sets::Line {
        puzzle: Document::from_puzzle(puzzle, puzzle.givens()),
        solution: text,
    })
    .expect("serialisable")
}

#[test]
fn committed_lines_must_have_the_stored_unique_solution() {
    let (puzzle, solution) = small();
    let path = Path::new("x.jsonl");
    let good = line(&puzzle, &solution);
    let set = sets::load_lines("small (pencilmark)", path, &format!("{good}\n\n{good}\n"))
        .expect("two good lines");
    assert_eq!(set.items.len(), 2);
    assert_eq!(set.source, Source::Pencilmark);
    assert_eq!(set.items[0].solution, solution);

    let mut other = solution.clone();
    other.swap(0, 1);
    let wrong = line(&puzzle, &other);
    let err = sets::load_lines("s", path, &format!("{good}\n{wrong}\n")).map(|_| ());
    assert!(
        matches!(err, Err(sets::SetError::Line { line: 2, .. })),
        "{err:?}"
    );

    let open = Puzzle::new(puzzle.shape().clone(), vec![0; 16], vec![]).expect("valid");
    let several = line(&open, &solution);
    let err = sets::load_lines("s", path, &several).map(|_| ());
    assert!(
        matches!(err, Err(sets::SetError::Line { line: 1, .. })),
        "{err:?}"
    );
    assert!(sets::load_lines("s", path, "{not json").is_err());
}

#[test]
fn replies_are_read_and_checked_against_our_solution() {
    let (puzzle, solution) = small();
    let text: String = solution.iter().map(|v| char::from(b'0' + v)).collect();
    let ok =
        format!(r#"{{"id": 0, "peer": "cpsat", "ns": 1500, "solution": "{text}", "error": null}}"#);
    let answer = peers::parse_reply(&ok, 0).expect("a reply");
    assert_eq!(answer.peer, Peer::CpSat);
    assert_eq!(answer.time, Some(Duration::from_nanos(1500)));
    assert_eq!(answer.solution.as_ref(), Ok(&solution));
    assert!(peers::parse_reply(&ok, 1).is_err(), "about another puzzle");
    assert!(peers::parse_reply(r#"{"id": 0, "peer": "z3"}"#, 0).is_err());
    let failed = peers::parse_reply(
        r#"{"id": 0, "peer": "pencilmark", "ns": null, "solution": null, "error": "NotUnique"}"#,
        0,
    )
    .expect("a reply");
    assert_eq!(failed.solution, Err("NotUnique".to_string()));

    let set = Set {
        name: "small".into(),
        source: Source::Ours,
        items: vec![Item {
            puzzle,
            solution: solution.clone(),
        }],
    };
    assert!(vbench::check_answers(&set, &[answer.clone(), failed]).is_empty());
    let mut other = solution;
    other.swap(0, 1);
    let wrong = Answer {
        solution: Ok(other),
        ..answer
    };
    assert_eq!(vbench::check_answers(&set, &[wrong]).len(), 1);
}

#[test]
fn our_answer_is_the_unique_solution_or_none() {
    let (puzzle, solution) = small();
    let item = Item {
        puzzle: puzzle.clone(),
        solution: solution.clone(),
    };
    assert_eq!(vbench::ours(&item), Some(solution.clone()));
    let open = Puzzle::new(puzzle.shape().clone(), vec![0; 16], vec![]).expect("valid");
    assert_eq!(
        vbench::ours(&Item {
            puzzle: open,
            solution
        }),
        None
    );
}

#[test]
fn the_peers_process_is_fed_documents_and_its_answers_collected() {
    // A stand-in for the helper script: it answers every puzzle with a grid of 1s, as both
    // peers, and checks that it was given our document.
    let dir = std::env::temp_dir().join(format!("vbench-peers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let script = dir.join("fake.py");
    std::fs::write(
        &script,
        r#"import json, sys
print(json.dumps({"versions": {"fake": 1}}), flush=True)
for raw in sys.stdin:
    item = json.loads(raw)
    n = item["puzzle"]["size"]
    for peer in sys.argv[1:]:
        print(json.dumps({"id": item["id"], "peer": peer, "ns": 10, "solution": "1" * (n * n), "error": None}), flush=True)
"#,
    )
    .expect("written");
    let (puzzle, solution) = small();
    let items = vec![
        Item {
            puzzle: puzzle.clone(),
            solution: solution.clone(),
        },
        Item { puzzle, solution },
    ];
    let python = Path::new("python3");
    let mut process = peers::Peers::start(python, &script, &Peer::ALL).expect("started");
    assert_eq!(process.versions["fake"], 1);
    let answers = process.solve(&items).expect("answers");
    process.finish().expect("ended");
    assert_eq!(answers.len(), 4);
    assert_eq!(
        answers
            .iter()
            .map(|a| (a.index, a.peer))
            .collect::<Vec<_>>(),
        vec![
            (0, Peer::Pencilmark),
            (0, Peer::CpSat),
            (1, Peer::Pencilmark),
            (1, Peer::CpSat)
        ]
    );
    let set = Set {
        name: "s".into(),
        source: Source::Ours,
        items,
    };
    // Every answer is a grid of 1s: all four are wrong.
    assert_eq!(vbench::check_answers(&set, &answers).len(), 4);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_table_marks_a_missed_goal() {
    let row = |set: &str, ours_us: u64, pm_us: u64, cp_us: u64| Row {
        set: set.into(),
        source: Source::Ours,
        puzzles: 10,
        ours: Duration::from_micros(ours_us),
        guesses: 1.5,
        peers: vec![
            (
                Peer::Pencilmark,
                Some(PeerSpeed {
                    per_puzzle: Duration::from_micros(pm_us),
                    answered: 10,
                }),
            ),
            (
                Peer::CpSat,
                Some(PeerSpeed {
                    per_puzzle: Duration::from_micros(cp_us),
                    answered: 9,
                }),
            ),
        ],
    };
    let fast = row("fast", 10, 2000, 200);
    let slow = row("slow", 10, 500, 200);
    assert_eq!(fast.ratio(Peer::Pencilmark), Some(200.0));
    let table = vbench::table(&[fast, slow], &Peer::ALL);
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(lines.len(), 4, "{table}");
    assert!(
        lines[2].starts_with(
            "| fast | 10 | 100000 | 1.5 | 500 | 5000 (9 answered) | 200x | 20x | yes |"
        ),
        "{table}"
    );
    assert!(lines[3].contains("| 50x | 20x | **no** |"), "{table}");
}
