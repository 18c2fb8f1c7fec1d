//! Property tests of the format module: every printed form reads back, a stream of mixed
//! layouts splits into the right records, and no text makes parsing panic.
// Some properties read JSON boards (the `json` feature); without it their helpers go unused.
#![cfg_attr(not(feature = "json"), allow(unused_imports, dead_code))]

use super::tool::PlainLine;
use super::{parse, to_grid, to_json, to_line, Layout, Parsed, Record, Records};
use crate::board::Grid;
use proptest::prelude::*;

/// Any grid, valid or not: each cell is blank or any digit.
fn any_grid() -> impl Strategy<Value = Grid> {
    prop::collection::vec(0u8..=9, 81).prop_map(|values| {
        let mut array = [0u8; 81];
        array.copy_from_slice(&values);
        super::grid_from_values(&array)
    })
}

/// The ways a puzzle may be written in a stream.
#[derive(Debug, Clone, Copy)]
enum Written {
    Line,
    LineWithFields,
    PrettyGrid,
    PlainGrid,
    JsonNumbers,
    JsonStrings,
    JsonOverLines,
}

fn any_written() -> impl Strategy<Value = Written> {
    prop::sample::select(vec![
        Written::Line,
        Written::LineWithFields,
        Written::PrettyGrid,
        Written::PlainGrid,
        Written::JsonNumbers,
        Written::JsonStrings,
        Written::JsonOverLines,
    ])
}

/// The lines of `grid` written as `written`, and the layout it should read as.
fn write(grid: &Grid, written: Written) -> (Vec<String>, Layout) {
    let line = to_line(grid);
    match written {
        Written::Line => (vec![line], Layout::Line),
        Written::LineWithFields => (vec![format!("{line}\t{line},x;y")], Layout::Line),
        Written::PrettyGrid => (
            to_grid(grid).lines().map(str::to_owned).collect(),
            Layout::Grid,
        ),
        Written::PlainGrid => {
            let rows = line.as_bytes().chunks(9);
            (
                rows.map(|row| String::from_utf8_lossy(row).into_owned())
                    .collect(),
                Layout::Grid,
            )
        }
        Written::JsonNumbers => (
            vec![to_json(grid, Layout::JsonNumbers)],
            Layout::JsonNumbers,
        ),
        Written::JsonStrings => (
            vec![to_json(grid, Layout::JsonStrings)],
            Layout::JsonStrings,
        ),
        Written::JsonOverLines => {
            let json = to_json(grid, Layout::JsonNumbers).replace("],", "],\n");
            (
                json.lines().map(str::to_owned).collect(),
                Layout::JsonNumbers,
            )
        }
    }
}

/// Text made mostly of characters that mean something to the parsers, to reach odd states.
fn formatish_text() -> impl Strategy<Value = String> {
    let alphabet = vec![
        '1', '5', '9', '.', '0', '_', '*', ' ', '\t', '|', '-', '+', '=', '[', ']', '"', ',', ';',
        ':', '#', '\n', '\n', '\n', '\r', 'x', '\\', '{', 'é', '\u{feff}', '─',
    ];
    prop::collection::vec(prop::sample::select(alphabet), 0..600)
        .prop_map(|chars| chars.into_iter().collect())
}

/// Splits `text` and checks the splitter's promises: every record it returns parses, to the
/// puzzle that the `_parsed` methods give with it, and the `_puzzles` methods give the same
/// lines, puzzles and errors without the text, as does a reader that hands plain lines over
/// through [`Records::push_plain_line`].
fn split_checked(text: &str) -> Result<Vec<Result<Record, super::ParseError>>, TestCaseError> {
    let (mut records, mut parsed, mut puzzles) = (Records::new(), Records::new(), Records::new());
    let (mut out, mut with_parsed, mut without_text) = (Vec::new(), Vec::new(), Vec::new());
    let (mut plain, mut with_plain) = (Records::new(), Vec::new());
    for line in text.split('\n') {
        out.extend(records.push_line(line));
        parsed.push_line_parsed_into(line, &mut with_parsed);
        puzzles.push_line_puzzles_into(line, &mut without_text);
        let handed_over = PlainLine::new(line.as_bytes())
            .and_then(|cells| Some((plain.push_plain_line(&cells)?, cells.parsed())));
        match handed_over {
            Some(record) => with_plain.push(Ok(record)),
            None => plain.push_line_puzzles_into(line, &mut with_plain),
        }
    }
    out.extend(records.finish());
    with_parsed.extend(parsed.finish_parsed());
    without_text.extend(puzzles.finish_puzzles());
    with_plain.extend(plain.finish_puzzles());
    prop_assert_eq!(&with_plain, &without_text);
    for record in out.iter().flatten() {
        prop_assert!(
            record.parse().is_ok(),
            "record {record:?} does not parse: {:?}",
            record.parse()
        );
    }
    let texts: Vec<_> = with_parsed
        .iter()
        .map(|item| item.clone().map(|(record, _)| record))
        .collect();
    prop_assert_eq!(&texts, &out);
    for item in with_parsed.iter().flatten() {
        prop_assert_eq!(item.0.parse(), Ok(item.1));
    }
    let lines: Vec<_> = with_parsed
        .into_iter()
        .map(|item| item.map(|(record, parsed)| (record.line, parsed)))
        .collect();
    prop_assert_eq!(lines, without_text);
    Ok(out)
}

proptest! {
    // Reads JSON boards, which need the `json` feature.
    #[cfg(feature = "json")]
    #[test]
    fn every_printed_form_reads_back(grid in any_grid()) {
        prop_assert_eq!(parse(&to_line(&grid)), Ok(Parsed { grid, layout: Layout::Line }));
        prop_assert_eq!(parse(&to_grid(&grid)), Ok(Parsed { grid, layout: Layout::Grid }));
        for layout in [Layout::JsonNumbers, Layout::JsonStrings] {
            prop_assert_eq!(parse(&to_json(&grid, layout)), Ok(Parsed { grid, layout }));
        }
    }

    // Reads JSON boards, which need the `json` feature.

    #[cfg(feature = "json")]

    #[test]
    fn a_mixed_stream_splits_into_its_puzzles(
        puzzles in prop::collection::vec((any_grid(), any_written(), 0usize..3, any::<bool>()), 0..12),
    ) {
        let mut lines = Vec::new();
        let mut expected = Vec::new();
        for (grid, written, filler, comment) in &puzzles {
            for _ in 0..*filler {
                lines.push(if *comment { "# note".to_owned() } else { String::new() });
            }
            let (text, layout) = write(grid, *written);
            expected.push((lines.len() + 1, Parsed { grid: *grid, layout }));
            lines.extend(text);
        }
        let found = split_checked(&lines.join("\n"))?;
        let found: Vec<(usize, Parsed)> = found
            .into_iter()
            .map(|item| {
                let record = item.map_err(|e| TestCaseError::fail(e.to_string()))?;
                let parsed = record.parse().map_err(|e| TestCaseError::fail(e.to_string()))?;
                Ok((record.line, parsed))
            })
            .collect::<Result<_, TestCaseError>>()?;
        prop_assert_eq!(found, expected);
    }

    #[test]
    fn any_text_is_an_answer_not_a_panic(text in any::<String>()) {
        let _ = parse(&text);
        split_checked(&text)?;
    }

    #[test]
    fn formatish_text_is_an_answer_not_a_panic(text in formatish_text()) {
        let _ = parse(&text);
        split_checked(&text)?;
    }

    #[test]
    fn damaged_puzzles_are_answers_not_panics(
        grid in any_grid(),
        written in any_written(),
        cut in 0usize..400,
        insert in any::<char>(),
    ) {
        let text = write(&grid, written).0.join("\n");
        let mut chars: Vec<char> = text.chars().collect();
        let at = cut.min(chars.len());
        chars.insert(at, insert);
        let damaged: String = chars.iter().collect();
        let _ = parse(&damaged);
        split_checked(&damaged)?;
        let truncated: String = text.chars().take(cut).collect();
        let _ = parse(&truncated);
        split_checked(&truncated)?;
    }
}
