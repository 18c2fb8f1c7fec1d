//! Fuzz target `parse`: arbitrary text through every reader of `sudokit::format`.
//!
//! The bytes are read as lossy UTF-8 (so invalid sequences become U+FFFD, as a CLI reading a
//! binary file would see them) and must never panic. On top of that it checks:
//! - every `Ok` from `parse` prints back (line, grid and both JSON layouts) and re-parses to the
//!   same grid, and the JSON forms to the same layout;
//! - the streaming splitter `Records` fed the same lines never panics, and every `Ok` record it
//!   yields parses with `Record::parse` (its documented promise);
//! - `parse` and `Records` agree: when `parse` accepts the text, the splitter yields exactly one
//!   record, and it parses to the same `Parsed`;
//! - every error formats (its `Display` is what users see).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudokit::format::{self, Layout, Parsed, Records};
use sudokit::Grid;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let parsed = format::parse(&text);
    match &parsed {
        Ok(p) => check_round_trips(&p.grid),
        Err(e) => {
            let _ = e.to_string();
        }
    }

    let mut records = Records::new();
    let mut items = Vec::new();
    // `parse` splits on '\n' only (a trailing '\r' is the splitter's business): do the same.
    for line in text.split('\n') {
        items.extend(records.push_line(line));
    }
    items.extend(records.finish());
    let mut reparsed = Vec::new();
    for item in &items {
        match item {
            Ok(record) => match record.parse() {
                Ok(p) => reparsed.push(p),
                Err(e) => panic!("record {record:?} from Records does not parse: {e}"),
            },
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }

    if let Ok(p) = parsed {
        assert_eq!(
            items.len(),
            1,
            "parse accepted the text but Records split it into {items:?}"
        );
        assert_eq!(reparsed, [p], "parse and Record::parse disagree");
    }
});

/// Every printed form of `grid` reads back as `grid`; JSON keeps its layout.
fn check_round_trips(grid: &Grid) {
    let line = format::to_line(grid);
    assert_eq!(line.chars().count(), 81, "to_line gave {line:?}");
    let back = reread(&line);
    assert_eq!(
        back,
        Parsed {
            grid: *grid,
            layout: Layout::Line
        },
        "to_line round trip via {line:?}"
    );

    let pretty = format::to_grid(grid);
    let back = reread(&pretty);
    assert_eq!(
        back,
        Parsed {
            grid: *grid,
            layout: Layout::Grid
        },
        "to_grid round trip via {pretty:?}"
    );

    for layout in [Layout::JsonStrings, Layout::JsonNumbers] {
        let json = format::to_json(grid, layout);
        let back = reread(&json);
        assert_eq!(
            back,
            Parsed {
                grid: *grid,
                layout
            },
            "to_json round trip via {json:?}"
        );
    }
}

/// Parses text the library printed itself, which must always succeed.
fn reread(text: &str) -> Parsed {
    match format::parse(text) {
        Ok(p) => p,
        Err(e) => panic!("printed text {text:?} does not parse: {e}"),
    }
}
