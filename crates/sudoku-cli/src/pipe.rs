//! Whether the reader of standard output has gone (`sudoku rate big.txt | head -1`), asked
//! without writing anything.
//!
//! A closed pipe shows up as an error on the next write, but a command that has nothing to
//! write for a while (one slow puzzle holding up the ordered output) would only find out then,
//! and keep every worker busy meanwhile. On Unix, `poll` reports `POLLERR` on the write end of
//! a pipe whose read end is closed; elsewhere this says "no" and the next write tells.

/// Whether standard output is a pipe whose reader has closed it.
#[cfg(unix)]
pub(crate) fn stdout_closed() -> bool {
    use rustix::event::{poll, PollFd, PollFlags, Timespec};
    let stdout = std::io::stdout();
    let mut fds = [PollFd::new(&stdout, PollFlags::empty())];
    let now = Timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    match poll(&mut fds, Some(&now)) {
        Ok(_) => fds[0].revents().contains(PollFlags::ERR),
        Err(_) => false,
    }
}

/// Whether standard output is a pipe whose reader has closed it (not known here: the next
/// write tells).
#[cfg(not(unix))]
pub(crate) fn stdout_closed() -> bool {
    false
}
