//! The README's variant section runs as written: every command line of its `sh` blocks (in
//! "Other sizes and variant rules") runs from the repository root with this build's `sudoku`
//! first on `PATH`, must exit 0 and print something, and a line ending in a number comment
//! (`# 48`) must print that number. Lines that read `../shared/data` need the data folder:
//! without it they are skipped with a note, or fail when `CI` is set.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The command lines of the `sh` blocks of the README section headed `heading`.
fn section_commands(readme: &str, heading: &str) -> Vec<String> {
    let start = readme
        .find(heading)
        .unwrap_or_else(|| panic!("the README has a section {heading:?}"));
    let rest = &readme[start + heading.len()..];
    let end = rest.find("\n### ").unwrap_or(rest.len());
    let mut commands = Vec::new();
    let mut in_sh = false;
    for line in rest[..end].lines() {
        match line.trim() {
            "```sh" => in_sh = true,
            "```" => in_sh = false,
            l if in_sh && !l.is_empty() && !l.starts_with('#') => commands.push(l.to_string()),
            _ => {}
        }
    }
    commands
}

/// The number a trailing `# N` comment promises, if any (`# 48`, not `# 4x4, ...`).
fn promised_number(line: &str) -> Option<String> {
    let (_, comment) = line.rsplit_once(" # ")?;
    let word = comment.trim();
    word.chars()
        .all(|c| c.is_ascii_digit())
        .then(|| word.to_string())
}

fn ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "0" && v != "false")
}

#[test]
fn the_variant_examples_run_as_written() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let commands = section_commands(&readme, "### Other sizes and variant rules");
    assert!(commands.len() >= 8, "{commands:?}");
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_sudoku"))
        .parent()
        .expect("the binary's directory")
        .to_path_buf();
    let path = std::env::join_paths(std::iter::once(bin_dir).chain(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    )))
    .expect("a PATH");
    let mut ran = 0;
    for line in &commands {
        if line.contains("../shared/data") {
            let data = root().join("../shared/data");
            if !data.is_dir() {
                assert!(
                    !ci(),
                    "{line}: the data folder {} is missing",
                    data.display()
                );
                eprintln!("skipped (no ../shared/data): {line}");
                continue;
            }
        }
        let out = Command::new("sh")
            .args(["-c", &format!("set -e; {line}")])
            .current_dir(root())
            .env("PATH", &path)
            .output()
            .expect("sh runs");
        let stdout = common::stdout_of(&out);
        assert!(
            out.status.success(),
            "{line}: {:?}\n{stdout}\n{}",
            out.status,
            common::stderr_of(&out)
        );
        assert!(!stdout.trim().is_empty(), "{line}: no output");
        if let Some(number) = promised_number(line) {
            assert_eq!(stdout.trim(), number, "{line}");
        }
        ran += 1;
    }
    assert!(ran >= 7, "only {ran} commands ran");
}

#[test]
fn number_comments_are_read() {
    assert_eq!(
        promised_number("echo x | sudoku count   # 48").as_deref(),
        Some("48")
    );
    assert_eq!(promised_number("echo x | sudoku solve  # 4x4, size"), None);
    assert_eq!(promised_number("sudoku check x"), None);
}
