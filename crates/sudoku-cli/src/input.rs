//! Reading puzzles: files and standard input, streamed line by line into the library's record
//! splitter on a reader thread.
//!
//! The reader thread turns the inputs into a stream of [`Job`]s (one per puzzle record, bad
//! record, or unreadable file), in input order, sent in small batches over a bounded channel: the
//! memory in flight is bounded whatever the size of the input, and reading overlaps solving.
//!
//! A batch is sent when it is full, and also whenever the reader is about to block on a read
//! (its buffer is empty), so a slow producer on a pipe gets its answers promptly instead of
//! waiting for a batch to fill.
//!
//! The lines go through the library's one streaming reader, [`sudokit::format::Reader`]. Input
//! bytes that are not UTF-8 do not stop the job: the reader reports the byte at its line and
//! column. Overlong lines are cut at [`MAX_LINE_BYTES`] (no puzzle format needs a fraction of
//! that) so a file without newlines cannot exhaust memory; the reader is told the true length,
//! which its error then gives.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::thread::{self, JoinHandle};
use sudokit::format::tool::PlainLine;
use sudokit::format::{Entry, ParseError, ParseErrorKind, Parsed, ReadItem, Reader as LineReader};

/// The longest line kept, in bytes; the rest of a longer line is dropped.
pub(crate) const MAX_LINE_BYTES: usize = 64 * 1024;

/// How many jobs the reader puts in one batch at most.
const BATCH_JOBS: usize = 256;

/// How many batches may wait in the channel: bounds memory to about `BATCH_JOBS * CHANNEL_BATCHES`
/// records.
const CHANNEL_BATCHES: usize = 32;

/// The buffer size of each input.
const READ_BUFFER_BYTES: usize = 64 * 1024;

/// One input: a file or standard input.
#[derive(Debug, Clone)]
pub(crate) struct Source {
    /// The name used in messages and JSON output: the path as given, or `<stdin>`.
    pub(crate) name: String,
    /// The file, or `None` for standard input.
    pub(crate) path: Option<PathBuf>,
}

/// The inputs of one run, in order.
#[derive(Debug, Clone)]
pub(crate) struct Sources {
    list: Vec<Source>,
}

impl Sources {
    /// The inputs named on the command line: none, or `-`, means standard input.
    pub(crate) fn from_args(files: &[PathBuf]) -> Sources {
        let list = if files.is_empty() {
            vec![Source::stdin()]
        } else {
            files
                .iter()
                .map(|path| {
                    if path.as_os_str() == "-" {
                        Source::stdin()
                    } else {
                        Source {
                            name: path.display().to_string(),
                            path: Some(path.clone()),
                        }
                    }
                })
                .collect()
        };
        Sources { list }
    }

    /// The name of input number `index`, for messages.
    pub(crate) fn name(&self, index: usize) -> &str {
        self.list.get(index).map_or("<input>", |s| s.name.as_str())
    }

    /// Whether any input is standard input.
    pub(crate) fn reads_stdin(&self) -> bool {
        self.list.iter().any(|s| s.path.is_none())
    }

    /// The total size in bytes when every input is a regular file (for the progress bar), else
    /// `None`: a pipe's length is unknown until it ends.
    pub(crate) fn total_bytes(&self) -> Option<u64> {
        self.list.iter().try_fold(0u64, |sum, source| {
            let meta = std::fs::metadata(source.path.as_ref()?).ok()?;
            meta.is_file().then(|| sum.saturating_add(meta.len()))
        })
    }
}

impl Source {
    fn stdin() -> Source {
        Source {
            name: "<stdin>".to_string(),
            path: None,
        }
    }
}

/// One unit of work, in input order.
#[derive(Debug, Clone)]
pub(crate) struct Job {
    /// Which input it came from (an index into [`Sources`]).
    pub(crate) source: usize,
    /// The 1-based line where the record starts in its input, or 0 when there is no line (an
    /// input that could not be opened).
    pub(crate) line: usize,
    /// The bytes read from all inputs up to the end of this record, for the progress bar.
    pub(crate) offset: u64,
    /// What was read.
    pub(crate) body: Body,
}

/// What the reader found.
#[derive(Debug, Clone)]
pub(crate) enum Body {
    /// A puzzle record, as the record splitter parsed it (its text is not kept: the output
    /// shows the parsed puzzle).
    Record(Parsed),
    /// A puzzle line in the plainest spelling (the usual record of a big file): the splitter
    /// checked and counted it, and the worker that takes the job converts it, so that the one
    /// reader thread does not hold up the workers.
    Plain(PlainLine),
    /// The record splitter rejected the text (e.g. a grid cut short by the end of the input).
    Bad(ParseError),
    /// The input could not be opened or read; the message says why.
    Unreadable(String),
}

impl Job {
    /// Whether this job stands for a puzzle record (good or bad), not an unreadable input.
    pub(crate) fn is_record(&self) -> bool {
        !matches!(self.body, Body::Unreadable(_))
    }
}

/// The receiving end of the reader thread.
pub(crate) struct Reader {
    receiver: Receiver<Vec<Job>>,
    thread: Option<JoinHandle<()>>,
}

impl Reader {
    /// Starts reading `sources` on a new thread.
    pub(crate) fn spawn(sources: &Sources) -> io::Result<Reader> {
        let (sender, receiver) = sync_channel(CHANNEL_BATCHES);
        let sources = sources.clone();
        let thread = thread::Builder::new()
            .name("sudoku-reader".to_string())
            .spawn(move || read_all(&sources, &sender))?;
        Ok(Reader {
            receiver,
            thread: Some(thread),
        })
    }

    /// Waits for the next batch of jobs; `None` once every input has been read.
    pub(crate) fn recv(&self) -> Option<Vec<Job>> {
        self.receiver.recv().ok()
    }

    /// The next batch if one is ready, without waiting.
    pub(crate) fn try_recv(&self) -> Option<Vec<Job>> {
        self.receiver.try_recv().ok()
    }

    /// Collects the next chunk: waits until at least `min_records` records have come (or the
    /// input ended), then takes whatever else is ready, up to about `max_jobs` jobs. Returns an
    /// empty chunk once the input is exhausted.
    pub(crate) fn next_chunk(&self, min_records: usize, max_jobs: usize) -> Chunk {
        let mut chunk = Chunk::default();
        let mut records = 0;
        loop {
            let Some(batch) = self.recv() else {
                return chunk;
            };
            records += batch.iter().filter(|j| j.is_record()).count();
            chunk.push(batch);
            // A chunk of unreadable inputs alone is returned at once (its messages are due),
            // unless the caller is looking ahead for a second record.
            if records >= min_records || (records == 0 && min_records <= 1) {
                break;
            }
        }
        self.take_ready(&mut chunk, max_jobs);
        chunk
    }

    /// What the reader has ready now, up to about `max_jobs` jobs, without waiting: empty when
    /// nothing is ready (or the input is exhausted).
    pub(crate) fn ready_chunk(&self, max_jobs: usize) -> Chunk {
        let mut chunk = Chunk::default();
        self.take_ready(&mut chunk, max_jobs);
        chunk
    }

    /// Adds ready batches to `chunk` until it has about `max_jobs` jobs or none is ready.
    fn take_ready(&self, chunk: &mut Chunk, max_jobs: usize) {
        while chunk.len() < max_jobs {
            match self.try_recv() {
                Some(batch) => chunk.push(batch),
                None => break,
            }
        }
    }
}

/// Consecutive jobs, in the batches the reader sent them in: kept as they came rather than
/// copied into one vector, which cost the thread that collects and prints about 6% of the CPU
/// time of `sudoku solve --threads 1` on easy puzzles (112 bytes a job, written on the reader's
/// core).
#[derive(Debug, Default)]
pub(crate) struct Chunk {
    batches: Vec<Vec<Job>>,
    /// The jobs in all batches.
    jobs: usize,
}

impl Chunk {
    fn push(&mut self, batch: Vec<Job>) {
        self.jobs += batch.len();
        self.batches.push(batch);
    }

    /// How many jobs.
    pub(crate) fn len(&self) -> usize {
        self.jobs
    }

    /// Whether it has no job.
    pub(crate) fn is_empty(&self) -> bool {
        self.jobs == 0
    }

    /// The jobs in order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &Job> {
        self.batches.iter().flatten()
    }

    /// The last job.
    pub(crate) fn last(&self) -> Option<&Job> {
        self.batches.iter().rev().find_map(|batch| batch.last())
    }

    /// The jobs cut into slices of at most `size` consecutive jobs (within a batch), each with
    /// the index of its first job in the chunk.
    pub(crate) fn slices(&self, size: usize) -> Vec<(usize, &[Job])> {
        let mut start = 0;
        let mut slices = Vec::new();
        for batch in &self.batches {
            for slice in batch.chunks(size) {
                slices.push((start, slice));
                start += slice.len();
            }
        }
        slices
    }
}

/// Where a run's jobs come from: read on demand by the thread that asks, or by a reader
/// thread of their own.
///
/// Regular files are read inline: a read never blocks for long, so whichever worker asks for
/// the next chunk reads it, and `--threads N` is N threads in all, reading and printing
/// included. (A reader thread beside N workers makes one more thread than cores: with one
/// worker, the reading ran free on the second core of a two-core machine, and it took a sixth
/// of the CPU on easy puzzles. Read inline, the jobs are also solved on the core that made
/// them.) Standard input and other streams keep the reader thread: a read may wait for a
/// person typing or a slow producer, and the answers so far must be printed meanwhile.
pub(crate) enum Jobs {
    /// A reader thread.
    Thread(Reader),
    /// Read on demand by the caller.
    Inline(Box<Inputs<'static>>),
}

impl Jobs {
    /// Reads `sources` inline when each is a regular file (or a path that cannot be opened as
    /// a stream: a missing file, a directory), else on a reader thread.
    pub(crate) fn open(sources: &Sources) -> io::Result<Jobs> {
        let inline = sources.list.iter().all(|source| match &source.path {
            Some(path) => {
                std::fs::metadata(path).map_or(true, |meta| meta.is_file() || meta.is_dir())
            }
            None => stdin_file().is_some(),
        });
        if inline {
            Ok(Jobs::Inline(Box::new(Inputs::new(sources, None))))
        } else {
            Reader::spawn(sources).map(Jobs::Thread)
        }
    }

    /// Whether the jobs are read by the caller ([`Jobs::ready_chunk`] reads then).
    pub(crate) fn reads_inline(&self) -> bool {
        matches!(self, Jobs::Inline(_))
    }

    /// The next chunk of about `max_jobs` jobs, with at least `min_records` records unless the
    /// input ends first; empty once it is exhausted. See [`Reader::next_chunk`].
    pub(crate) fn next_chunk(&mut self, min_records: usize, max_jobs: usize) -> Chunk {
        match self {
            Jobs::Thread(reader) => reader.next_chunk(min_records, max_jobs),
            Jobs::Inline(files) => files.read_chunk(max_jobs),
        }
    }

    /// The next chunk of about `max_jobs` jobs without waiting for a stream: what the reader
    /// thread has ready, or the next jobs read inline (a regular file does not keep a read
    /// waiting). Empty when nothing is ready or the input is exhausted.
    pub(crate) fn ready_chunk(&mut self, max_jobs: usize) -> Chunk {
        match self {
            Jobs::Thread(reader) => reader.ready_chunk(max_jobs),
            Jobs::Inline(files) => files.read_chunk(max_jobs),
        }
    }
}

/// The inputs of a run read in order, a buffer at a time, into jobs: what the reader thread
/// runs to the end, and what [`Jobs::Inline`] reads a chunk at a time (the same jobs, in the
/// same order).
pub(crate) struct Inputs<'a> {
    list: Vec<Source>,
    /// The next input to open.
    next: usize,
    /// The input being read.
    open: Option<OpenInput<Box<dyn Read + Send>>>,
    /// Where the jobs go: the reader thread's channel, or kept for the inline reader to take.
    out: Batcher<'a>,
    /// Standard input is read as the regular file it is (inline), not as a stream.
    stdin_as_file: bool,
}

impl<'a> Inputs<'a> {
    fn new(sources: &Sources, sender: Option<&'a SyncSender<Vec<Job>>>) -> Inputs<'a> {
        Inputs {
            list: sources.list.clone(),
            next: 0,
            open: None,
            stdin_as_file: sender.is_none(),
            out: Batcher::new(sender),
        }
    }

    /// Reads one buffer of the current input, or opens the next one (an input that cannot
    /// be opened or read further becomes an unreadable job); `false` once every input has
    /// been read or the receiver is gone.
    fn advance(&mut self) -> bool {
        if self.out.hung_up {
            return false;
        }
        if let Some(input) = &mut self.open {
            match input.step(&mut self.out) {
                Ok(true) => return true,
                Ok(false) => {}
                Err(err) => {
                    let source = input.lines.source;
                    self.out.unreadable(source, &err);
                }
            }
            self.open = None;
            return true;
        }
        let Some(source) = self.list.get(self.next) else {
            return false;
        };
        let index = self.next;
        self.next += 1;
        let opened: io::Result<Box<dyn Read + Send>> = match &source.path {
            Some(path) => open(path).map(|file| Box::new(file) as Box<dyn Read + Send>),
            None if self.stdin_as_file => stdin_file()
                .map(|file| Box::new(file) as Box<dyn Read + Send>)
                .ok_or_else(|| io::Error::other("standard input is not a regular file")),
            None => Ok(Box::new(io::stdin())),
        };
        match opened {
            Ok(reader) => {
                let reader = BufReader::with_capacity(READ_BUFFER_BYTES, reader);
                self.open = Some(OpenInput::new(index, reader));
            }
            Err(err) => self.out.unreadable(index, &err),
        }
        true
    }

    /// Reads until about `max_jobs` jobs are ready (a read buffer's lines more at most) or the
    /// inputs end; an empty chunk once they have ended. (Inline only: without a channel the
    /// jobs stay here.)
    fn read_chunk(&mut self, max_jobs: usize) -> Chunk {
        while self.out.batch.len() < max_jobs && self.advance() {}
        let mut chunk = Chunk::default();
        if !self.out.batch.is_empty() {
            let capacity = max_jobs + READ_BUFFER_BYTES / 64;
            chunk.push(std::mem::replace(
                &mut self.out.batch,
                Vec::with_capacity(capacity),
            ));
        }
        chunk
    }
}

impl Drop for Reader {
    fn drop(&mut self) {
        // Dropping the receiver makes the reader's next send fail, which ends the thread; it
        // may still be blocked reading standard input, so do not wait for it then.
        if let Some(thread) = self.thread.take() {
            if thread.is_finished() {
                let _ = thread.join();
            }
        }
    }
}

/// The reader thread: every source in order, then it hangs up.
fn read_all(sources: &Sources, sender: &SyncSender<Vec<Job>>) {
    let mut inputs = Inputs::new(sources, Some(sender));
    while inputs.advance() {}
    inputs.out.flush();
}

/// Standard input as a file of its own when it is a regular file (`sudoku solve < big.txt`),
/// which can be read inline like a named one.
#[cfg(unix)]
fn stdin_file() -> Option<File> {
    use std::os::fd::AsFd;
    let file = File::from(io::stdin().as_fd().try_clone_to_owned().ok()?);
    file.metadata().ok()?.is_file().then_some(file)
}

/// Standard input is always read on the reader thread here.
#[cfg(not(unix))]
fn stdin_file() -> Option<File> {
    None
}

fn open(path: &Path) -> io::Result<File> {
    let file = File::open(path)?;
    if file.metadata()?.is_dir() {
        return Err(io::Error::other("is a directory"));
    }
    Ok(file)
}

/// Collects jobs into batches and sends them; without a channel (the inline reader), keeps
/// them all for its caller to take.
struct Batcher<'a> {
    sender: Option<&'a SyncSender<Vec<Job>>>,
    batch: Vec<Job>,
    /// Bytes read so far, across inputs.
    offset: u64,
    /// The receiver is gone: stop reading.
    hung_up: bool,
}

impl<'a> Batcher<'a> {
    fn new(sender: Option<&'a SyncSender<Vec<Job>>>) -> Self {
        Batcher {
            sender,
            batch: Vec::with_capacity(BATCH_JOBS),
            offset: 0,
            hung_up: false,
        }
    }

    fn push(&mut self, job: Job) {
        self.batch.push(job);
        if self.batch.len() >= BATCH_JOBS && self.sender.is_some() {
            self.flush();
        }
    }

    fn flush(&mut self) {
        let Some(sender) = self.sender else {
            return;
        };
        if self.batch.is_empty() || self.hung_up {
            return;
        }
        let batch = std::mem::replace(&mut self.batch, Vec::with_capacity(BATCH_JOBS));
        if sender.send(batch).is_err() {
            self.hung_up = true;
        }
    }

    /// Input `source` could not be opened or read any further.
    fn unreadable(&mut self, source: usize, err: &io::Error) {
        self.push(Job {
            source,
            line: 0,
            offset: self.offset,
            body: Body::Unreadable(err.to_string()),
        });
    }

    fn push_records(&mut self, source: usize, records: impl IntoIterator<Item = ReadItem>) {
        for record in records {
            let (line, body) = match record {
                Ok((line, Entry::Puzzle(parsed))) => (line, Body::Record(parsed)),
                // A puzzle reader yields none; were it to, it is not a puzzle.
                Ok((line, Entry::Pencilmarks(_))) => {
                    let kind = ParseErrorKind::NotAPuzzle;
                    let err = ParseError {
                        line,
                        column: 1,
                        kind,
                    };
                    (line, Body::Bad(err))
                }
                Err(err) => (err.line, Body::Bad(err)),
            };
            let offset = self.offset;
            self.push(Job {
                source,
                line,
                offset,
                body,
            });
        }
    }
}

/// One input being read: its buffer, the line cut by the end of the buffer, and the record
/// splitter's state, so that it can be read a buffer at a time.
///
/// Lines are taken where they lie in the read buffer; only a line cut by the end of the buffer
/// is copied, to be completed by the next read. A plain puzzle line between records costs a
/// newline search, a check of its bytes and a job; the workers convert it. On a million easy
/// lines this cut the reading thread's time to a quarter.
struct OpenInput<R> {
    reader: BufReader<R>,
    lines: Lines,
    /// A line cut by the end of the buffer: its first bytes (at most `MAX_LINE_BYTES`).
    partial: Vec<u8>,
    /// How many bytes of the input that line has consumed.
    partial_consumed: usize,
}

impl<R: Read> OpenInput<R> {
    fn new(source: usize, reader: BufReader<R>) -> Self {
        OpenInput {
            reader,
            lines: Lines {
                source,
                reader: LineReader::new(),
                completed: Vec::new(),
            },
            partial: Vec::with_capacity(128),
            partial_consumed: 0,
        }
    }

    /// Reads one buffer's worth and pushes the jobs it completes; `Ok(false)` once the input
    /// has ended (its last records pushed) or the receiver is gone.
    fn step(&mut self, out: &mut Batcher<'_>) -> io::Result<bool> {
        let OpenInput {
            reader,
            lines,
            partial,
            partial_consumed,
        } = self;
        if reader.buffer().is_empty() {
            // The next read may block (a pipe fed slowly): hand over what is ready first.
            out.flush();
            if out.hung_up {
                return Ok(false);
            }
        }
        let available = match reader.fill_buf() {
            Ok(bytes) => bytes,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => return Ok(true),
            Err(err) => return Err(err),
        };
        if available.is_empty() {
            if *partial_consumed > 0 {
                lines.push(out, partial, *partial_consumed, false);
                partial.clear();
                *partial_consumed = 0;
            }
            lines.reader.finish(&mut lines.completed);
            out.push_records(lines.source, lines.completed.drain(..));
            return Ok(false);
        }
        let mut start = 0;
        // memchr scans a vector at a time: a byte loop here cost as much as parsing the line.
        for end in memchr::memchr_iter(b'\n', available) {
            let line = &available[start..=end];
            if *partial_consumed == 0 {
                lines.push(out, capped(line), line.len(), true);
            } else {
                extend_capped(partial, line);
                lines.push(out, partial, *partial_consumed + line.len(), true);
                partial.clear();
                *partial_consumed = 0;
            }
            start = end + 1;
        }
        let rest = &available[start..];
        extend_capped(partial, rest);
        *partial_consumed += rest.len();
        let read = available.len();
        reader.consume(read);
        Ok(true)
    }
}

/// The first `MAX_LINE_BYTES` bytes of `line` (which includes its `\n`, if any).
fn capped(line: &[u8]) -> &[u8] {
    &line[..line.len().min(MAX_LINE_BYTES)]
}

/// Appends `bytes` to the line in `buf`, keeping at most `MAX_LINE_BYTES` of it.
fn extend_capped(buf: &mut Vec<u8>, bytes: &[u8]) {
    let room = MAX_LINE_BYTES.saturating_sub(buf.len());
    buf.extend_from_slice(&bytes[..bytes.len().min(room)]);
}

/// The lines of one input on their way to the reader.
struct Lines {
    source: usize,
    reader: LineReader,
    /// Reused for every line: the records a line completes (usually none or one).
    completed: Vec<ReadItem>,
}

impl Lines {
    /// Feeds one line as read (with its `\n`, cut at `MAX_LINE_BYTES`) that consumed
    /// `consumed` bytes of the input (`newline`: through a `\n`), and sends the jobs it
    /// completes.
    fn push(&mut self, out: &mut Batcher<'_>, line: &[u8], consumed: usize, newline: bool) {
        out.offset = out.offset.saturating_add(consumed as u64);
        let bytes = trim_newline(line);
        if let Some(plain) = PlainLine::new(bytes) {
            if let Some(line) = self.reader.push_plain_line(&plain) {
                let offset = out.offset;
                out.push(Job {
                    source: self.source,
                    line,
                    offset,
                    body: Body::Plain(plain),
                });
                return;
            }
        }
        feed_line(
            &mut self.reader,
            line,
            consumed,
            newline,
            &mut self.completed,
        );
        out.push_records(self.source, self.completed.drain(..));
    }
}

/// Feeds `reader` one line as read (with its `\n`, cut at `MAX_LINE_BYTES`) that consumed
/// `consumed` bytes of the input (`newline`: through a `\n`): a line that was cut goes in with
/// its true length, for its error to say.
pub(crate) fn feed_line(
    reader: &mut LineReader,
    line: &[u8],
    consumed: usize,
    newline: bool,
    out: &mut Vec<ReadItem>,
) {
    let bytes = trim_newline(line);
    if line.len() < consumed {
        let length = consumed - usize::from(newline);
        reader.push_cut_line(bytes, length, out);
    } else {
        reader.push_line(bytes, out);
    }
}

/// Reads one line (through its `\n`) into `buf`, keeping at most [`MAX_LINE_BYTES`] of it;
/// returns the bytes consumed (0 at the end of the input) and whether the line ended with a
/// `\n`. For a caller that reads line by line (a person at a terminal); a batch reads a buffer
/// at a time instead.
pub(crate) fn read_line_capped<R: BufRead>(
    reader: &mut R,
    buf: &mut Vec<u8>,
) -> io::Result<(usize, bool)> {
    let mut consumed = 0;
    loop {
        let available = match reader.fill_buf() {
            Ok(bytes) => bytes,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
            Err(err) => return Err(err),
        };
        if available.is_empty() {
            return Ok((consumed, false));
        }
        let (take, done) = match memchr::memchr(b'\n', available) {
            Some(at) => (at + 1, true),
            None => (available.len(), false),
        };
        extend_capped(buf, &available[..take]);
        reader.consume(take);
        consumed += take;
        if done {
            return Ok((consumed, true));
        }
    }
}

/// The line without its `\n` or `\r\n`.
pub(crate) fn trim_newline(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    /// The jobs one input makes of `input` read through a buffer of `capacity` bytes.
    fn read_jobs(input: &[u8], capacity: usize) -> Vec<Job> {
        let mut out = Batcher::new(None);
        let reader = BufReader::with_capacity(capacity, io::Cursor::new(input.to_vec()));
        let mut input = OpenInput::new(0, reader);
        while input.step(&mut out).expect("a cursor reads") {}
        out.batch
    }

    /// Records of every kind, cut and bad ones too: plain lines (one with `\r\n`), a comment,
    /// a line with a trailing field, a grid, a JSON board over two lines, a line that is not
    /// UTF-8, an overlong line, and a last line without its newline.
    fn mixed_input() -> Vec<u8> {
        let mut input = Vec::new();
        input.extend_from_slice(format!("{PUZZLE}\r\n# note\n{PUZZLE},x\n").as_bytes());
        // A grid, a JSON board over two lines, a line that is not UTF-8, an overlong line.
        for row in PUZZLE.as_bytes().chunks(9) {
            input.extend_from_slice(row);
            input.push(b'\n');
        }
        input.extend_from_slice(b"[[5,3,0,0,7,0,0,0,0],[6,0,0,1,9,5,0,0,0],[0,9,8,0,0,0,0,6,0],\n");
        input.extend_from_slice(b" [8,0,0,0,6,0,0,0,3],[4,0,0,8,0,3,0,0,1],[7,0,0,0,2,0,0,0,6],");
        input.extend_from_slice(b"[0,6,0,0,0,0,2,8,0],[0,0,0,4,1,9,0,0,5],[0,0,0,0,8,0,0,7,9]]\n");
        input.extend_from_slice(b"5\xff\n");
        input.extend(std::iter::repeat_n(b'1', MAX_LINE_BYTES + 5000));
        input.extend_from_slice(format!("\n{PUZZLE}").as_bytes());
        input
    }

    #[test]
    fn lines_read_the_same_whatever_the_buffer_cuts() {
        let input = mixed_input();
        let jobs = read_jobs(&input, READ_BUFFER_BYTES);
        let summary: Vec<(usize, &str)> = jobs
            .iter()
            .map(|job| {
                let kind = match &job.body {
                    Body::Plain(_) => "plain",
                    Body::Record(_) => "record",
                    Body::Bad(_) => "bad",
                    Body::Unreadable(_) => "unreadable",
                };
                (job.line, kind)
            })
            .collect();
        let expected = [
            (1, "plain"),
            (3, "plain"),
            (4, "record"),
            (13, "record"),
            (15, "bad"),
            (16, "bad"),
            (17, "plain"),
        ];
        assert_eq!(summary, expected);
        assert_eq!(jobs.last().map(|job| job.offset), Some(input.len() as u64));
        let Body::Bad(error) = &jobs[5].body else {
            panic!("the overlong line is a bad record");
        };
        // Issue 32, item 2: the true length, not the 65536 bytes kept.
        assert_eq!(
            error.to_string(),
            "line 16, column 82: expected 81 cells, found at least 65536 in a line of 70536 bytes"
        );
        let Body::Bad(error) = &jobs[4].body else {
            panic!("the line that is not UTF-8 is a bad record");
        };
        // Issue 32, item 7: the byte, not U+FFFD.
        assert_eq!(
            error.to_string(),
            "line 15, column 2: unexpected byte 0xff (not UTF-8)"
        );
        for capacity in [1, 2, 7, 81, 82, 83, 1000] {
            let cut = read_jobs(&input, capacity);
            assert_eq!(
                format!("{cut:?}"),
                format!("{jobs:?}"),
                "buffer of {capacity}"
            );
        }
    }

    #[test]
    fn files_read_inline_make_the_reader_threads_jobs() {
        let dir = std::env::temp_dir().join(format!("sudoku-inline-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("the temporary directory is writable");
        let mixed = dir.join("mixed.txt");
        std::fs::write(&mixed, mixed_input()).expect("the temporary directory is writable");
        let plain = dir.join("plain.txt");
        std::fs::write(&plain, format!("{PUZZLE}\n").repeat(300)).expect("writable");
        // A missing file and a directory between them: each is one unreadable job.
        let files = [
            mixed.clone(),
            dir.join("missing.txt"),
            plain,
            dir.clone(),
            mixed,
        ];
        let sources = Sources::from_args(&files);
        let mut thread = Jobs::Thread(Reader::spawn(&sources).expect("the thread starts"));
        let mut by_thread = Vec::new();
        loop {
            let chunk = thread.next_chunk(1, 100);
            if chunk.is_empty() {
                break;
            }
            by_thread.extend(chunk.iter().cloned());
        }
        assert_eq!(by_thread.len(), 7 + 1 + 300 + 1 + 7);
        let unreadable = |job: &Job| matches!(job.body, Body::Unreadable(_));
        assert_eq!(by_thread.iter().filter(|job| unreadable(job)).count(), 2);

        let mut inline = Jobs::open(&sources).expect("files open inline");
        assert!(inline.reads_inline());
        for max_jobs in [1, 2, 7, 100, 4096] {
            let mut inline = Jobs::Inline(Box::new(Inputs::new(&sources, None)));
            let mut jobs = Vec::new();
            let mut chunk = inline.next_chunk(2, max_jobs);
            while !chunk.is_empty() {
                jobs.extend(chunk.iter().cloned());
                chunk = inline.ready_chunk(max_jobs);
            }
            assert_eq!(
                format!("{jobs:?}"),
                format!("{by_thread:?}"),
                "chunks of {max_jobs}"
            );
        }
        assert!(inline.next_chunk(1, 4096).len() == by_thread.len());
        assert!(inline.ready_chunk(4096).is_empty());
        std::fs::remove_dir_all(&dir).expect("the temporary directory is removable");
    }

    /// Every job of `jobs`, chunk after chunk, with chunks of about `max_jobs` (waiting for
    /// each: a reader thread's `ready_chunk` is empty whenever it is behind).
    fn drain(jobs: &mut Jobs, max_jobs: usize) -> Vec<Job> {
        let mut all = Vec::new();
        loop {
            let chunk = jobs.next_chunk(1, max_jobs);
            if chunk.is_empty() {
                return all;
            }
            all.extend(chunk.iter().cloned());
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

        /// Random inputs of every kind of line, in one to three files: read inline they make
        /// the same jobs as on the reader thread, whatever the chunk size.
        #[test]
        fn inline_and_thread_readers_agree_on_random_inputs(
            files in proptest::collection::vec(
                proptest::collection::vec((0usize..9, 0usize..81, 0u8..3), 0..120),
                1..4,
            ),
            max_jobs in 1usize..300,
        ) {
            let dir = std::env::temp_dir().join(format!(
                "sudoku-inline-prop-{}-{:?}",
                std::process::id(),
                std::thread::current().id()
            ));
            std::fs::create_dir_all(&dir).expect("the temporary directory is writable");
            let mut paths = Vec::new();
            for (index, lines) in files.iter().enumerate() {
                let mut text = Vec::new();
                for &(kind, at, ending) in lines {
                    let mut puzzle = PUZZLE.as_bytes().to_vec();
                    match kind {
                        0 | 1 => {}
                        2 => puzzle[at] = b'x',
                        3 => puzzle.truncate(at),
                        4 => puzzle = b"# a comment".to_vec(),
                        5 => puzzle.clear(),
                        6 => puzzle = PUZZLE.as_bytes()[at / 9 * 9..at / 9 * 9 + 9].to_vec(),
                        7 => puzzle = b"[[5,3,0,0,7,0,0,0,0],".to_vec(),
                        _ => puzzle.extend_from_slice(b" tail"),
                    }
                    text.extend_from_slice(&puzzle);
                    text.extend_from_slice(match ending {
                        0 => b"\n".as_slice(),
                        1 => b"\r\n",
                        _ => b"\n\n",
                    });
                }
                if index % 2 == 1 && text.ends_with(b"\n") {
                    text.pop();
                }
                let path = dir.join(format!("{index}.txt"));
                std::fs::write(&path, &text).expect("writable");
                paths.push(path);
            }
            let sources = Sources::from_args(&paths);
            let by_thread =
                drain(&mut Jobs::Thread(Reader::spawn(&sources).expect("starts")), 64);
            let inline = drain(&mut Jobs::Inline(Box::new(Inputs::new(&sources, None))), max_jobs);
            std::fs::remove_dir_all(&dir).expect("removable");
            proptest::prop_assert_eq!(format!("{inline:?}"), format!("{by_thread:?}"));
        }
    }

    #[test]
    fn a_chunk_keeps_its_batches_in_order() {
        let job = |line| Job {
            source: 0,
            line,
            offset: line as u64,
            body: Body::Unreadable(String::new()),
        };
        let mut chunk = Chunk::default();
        assert!(chunk.is_empty() && chunk.last().is_none());
        chunk.push((1..=5).map(job).collect());
        chunk.push(Vec::new());
        chunk.push((6..=8).map(job).collect());
        assert_eq!(chunk.len(), 8);
        assert_eq!(chunk.last().map(|job| job.line), Some(8));
        let lines: Vec<usize> = chunk.iter().map(|job| job.line).collect();
        assert_eq!(lines, (1..=8).collect::<Vec<_>>());
        // Slices never span two batches, and each knows where it starts in the chunk.
        let slices: Vec<(usize, Vec<usize>)> = chunk
            .slices(2)
            .into_iter()
            .map(|(start, jobs)| (start, jobs.iter().map(|job| job.line).collect()))
            .collect();
        assert_eq!(
            slices,
            [
                (0, vec![1, 2]),
                (2, vec![3, 4]),
                (4, vec![5]),
                (5, vec![6, 7]),
                (7, vec![8])
            ]
        );
    }

    #[test]
    fn an_empty_input_has_no_jobs() {
        assert!(read_jobs(b"", 16).is_empty());
        assert!(read_jobs(b"\n\n# nothing\n", 16).is_empty());
    }

    #[test]
    fn lines_read_one_by_one_are_capped_and_keep_their_length() {
        let long = format!("{}\nnext\r\nlast", "1".repeat(MAX_LINE_BYTES + 10));
        let mut reader = io::Cursor::new(long.into_bytes());
        let mut buf = Vec::new();
        let read = read_line_capped(&mut reader, &mut buf).expect("reads");
        assert_eq!(
            (read, buf.len()),
            ((MAX_LINE_BYTES + 11, true), MAX_LINE_BYTES)
        );
        let mut lines = LineReader::new();
        let mut found = Vec::new();
        feed_line(&mut lines, &buf, read.0, read.1, &mut found);
        let Some(Err(error)) = found.first() else {
            panic!("an error: {found:?}");
        };
        assert_eq!(
            error.to_string(),
            "line 1, column 82: expected 81 cells, found at least 65536 in a line of 65546 bytes"
        );
        buf.clear();
        assert_eq!(
            read_line_capped(&mut reader, &mut buf).ok(),
            Some((6, true))
        );
        assert_eq!(trim_newline(&buf), b"next");
        buf.clear();
        assert_eq!(
            read_line_capped(&mut reader, &mut buf).ok(),
            Some((4, false))
        );
        assert_eq!(buf, b"last");
        buf.clear();
        assert_eq!(
            read_line_capped(&mut reader, &mut buf).ok(),
            Some((0, false))
        );
    }

    #[test]
    fn newlines_are_trimmed() {
        assert_eq!(trim_newline(b"ab\r\n"), b"ab");
        assert_eq!(trim_newline(b"ab\n"), b"ab");
        assert_eq!(trim_newline(b"ab"), b"ab");
    }

    #[test]
    fn dash_means_stdin() {
        let sources = Sources::from_args(&[PathBuf::from("-"), PathBuf::from("a.txt")]);
        assert_eq!(sources.name(0), "<stdin>");
        assert_eq!(sources.name(1), "a.txt");
        assert!(sources.reads_stdin());
        assert_eq!(sources.total_bytes(), None);
    }
}
