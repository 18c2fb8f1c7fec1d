//! The progress bar on standard error: puzzles done, rate, and (for regular files) percent and
//! ETA.
//!
//! It is only ever drawn when standard error is a terminal and `--no-progress` is absent, and
//! only once a run has lasted [`SHOW_AFTER`], so a quick run never flickers a bar. Progress is
//! measured in bytes of input (known up front for regular files, no extra pass over the data),
//! and the message shows the puzzle count and rate. On a pipe the length is unknown, so a
//! spinner shows the count and rate alone.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::time::{Duration, Instant};

/// How long a run goes before the bar appears.
pub(crate) const SHOW_AFTER: Duration = Duration::from_millis(400);

const BAR_TEMPLATE: &str = "{elapsed_precise} [{wide_bar}] {percent:>3}% {msg} ETA {eta}";
const SPINNER_TEMPLATE: &str = "{spinner} {elapsed_precise} {msg}";

/// The progress display of one run (possibly disabled).
pub(crate) struct Progress {
    /// `None` when disabled.
    bar: Option<ProgressBar>,
    shown: bool,
    started: Instant,
}

impl Progress {
    /// A progress display; `enabled` is false when standard error is not a terminal or the user
    /// said `--no-progress`. `total_bytes` is the input size when known.
    pub(crate) fn new(enabled: bool, total_bytes: Option<u64>) -> Progress {
        let bar = enabled.then(|| {
            let bar = ProgressBar::with_draw_target(total_bytes, ProgressDrawTarget::hidden());
            let (template, chars) = match total_bytes {
                Some(_) => (BAR_TEMPLATE, "=> "),
                None => (SPINNER_TEMPLATE, ""),
            };
            // The templates are constants; should one ever fail to parse, the default style
            // still shows progress.
            let style = ProgressStyle::with_template(template)
                .map(|style| {
                    if chars.is_empty() {
                        style
                    } else {
                        style.progress_chars(chars)
                    }
                })
                .unwrap_or_else(|_| ProgressStyle::default_bar());
            bar.set_style(style);
            bar
        });
        Progress {
            bar,
            shown: false,
            started: Instant::now(),
        }
    }

    /// Records that `puzzles` puzzles are done and `offset` bytes of input consumed.
    pub(crate) fn update(&mut self, puzzles: u64, offset: u64) {
        let rate = puzzles as f64 / self.started.elapsed().as_secs_f64().max(1e-9);
        self.update_with(offset, || format!("{puzzles} done, {rate:.0} puzzles/s"));
    }

    /// Moves the bar to `position` with the message `message()` (made only when the bar is
    /// on).
    pub(crate) fn update_with(&mut self, position: u64, message: impl FnOnce() -> String) {
        let Some(bar) = &self.bar else { return };
        if !self.shown && self.started.elapsed() >= SHOW_AFTER {
            bar.set_draw_target(ProgressDrawTarget::stderr());
            // Keeps the spinner and elapsed time moving while one slow chunk is solved.
            bar.enable_steady_tick(Duration::from_millis(200));
            self.shown = true;
        }
        bar.set_position(position);
        bar.set_message(message());
    }

    /// Runs `f` (which writes to the terminal) with the bar out of the way.
    pub(crate) fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) if self.shown => bar.suspend(f),
            _ => f(),
        }
    }

    /// Removes the bar for good.
    pub(crate) fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        // An early return (say, an output error) must not leave a half-drawn bar behind.
        self.finish();
    }
}
