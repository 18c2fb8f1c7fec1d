//! `sudoku schema`: the JSON Schema of the variant JSON document.
//!
//! The text is `docs/variant.schema.json` itself, built into the binary, so the command and the
//! file cannot drift apart; `tests/schema.rs` validates every committed document and rules
//! file, and what the library writes, against the printed schema, and checks that the reader
//! refuses what the schema refuses.

use std::io::{self, Write};

/// The schema, byte for byte the committed file.
pub(crate) const VARIANT_SCHEMA: &str = include_str!("../../../docs/variant.schema.json");

/// Prints the schema on standard output.
pub(crate) fn print() -> io::Result<()> {
    let mut out = io::stdout().lock();
    out.write_all(VARIANT_SCHEMA.as_bytes())?;
    if !VARIANT_SCHEMA.ends_with('\n') {
        writeln!(out)?;
    }
    out.flush()
}
