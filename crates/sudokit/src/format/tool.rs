//! Items for this project's own tools, outside the library's promised API.
//!
//! The CLI's batch reader and printer and the technique tests need a few things that are not
//! worth promising to every caller: the [`PlainLine`] fast path of the batch reader, the
//! allocation-free printer [`line_bytes`], and HoDoKu's regression-library line format
//! ([`ReglibCase`]), which only tests read. They are public because other crates of the
//! workspace use them; they may change in any release, without notice.

pub use super::line::PlainLine;
pub use super::print::line_bytes;
pub use super::reglib::{ReglibCase, ReglibError};
