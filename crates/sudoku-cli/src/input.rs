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
//! Input bytes that are not UTF-8 do not stop the job: they are replaced with U+FFFD and the
//! parser then reports that character at its line and column. Overlong lines are cut at
//! [`MAX_LINE_BYTES`] (no puzzle format needs a fraction of that) so a file without newlines
//! cannot exhaust memory.

use std::borrow::Cow;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::thread::{self, JoinHandle};
use sudoku::format::{ParseError, Parsed, PlainLine, Records};

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
        let list = sources.list.clone();
        let thread = thread::Builder::new()
            .name("sudoku-reader".to_string())
            .spawn(move || read_all(&list, &sender))?;
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
fn read_all(sources: &[Source], sender: &SyncSender<Vec<Job>>) {
    let mut out = Batcher {
        sender,
        batch: Vec::with_capacity(BATCH_JOBS),
        offset: 0,
        hung_up: false,
    };
    for (index, source) in sources.iter().enumerate() {
        let result = match &source.path {
            None => read_source(
                index,
                BufReader::with_capacity(READ_BUFFER_BYTES, io::stdin()),
                &mut out,
            ),
            Some(path) => match open(path) {
                Ok(file) => read_source(
                    index,
                    BufReader::with_capacity(READ_BUFFER_BYTES, file),
                    &mut out,
                ),
                Err(err) => Err(err),
            },
        };
        if let Err(err) = result {
            out.push(Job {
                source: index,
                line: 0,
                offset: out.offset,
                body: Body::Unreadable(err.to_string()),
            });
        }
        if out.hung_up {
            return;
        }
    }
    out.flush();
}

fn open(path: &Path) -> io::Result<File> {
    let file = File::open(path)?;
    if file.metadata()?.is_dir() {
        return Err(io::Error::other("is a directory"));
    }
    Ok(file)
}

/// Collects jobs into batches and sends them.
struct Batcher<'a> {
    sender: &'a SyncSender<Vec<Job>>,
    batch: Vec<Job>,
    /// Bytes read so far, across inputs.
    offset: u64,
    /// The receiver is gone: stop reading.
    hung_up: bool,
}

impl Batcher<'_> {
    fn push(&mut self, job: Job) {
        self.batch.push(job);
        if self.batch.len() >= BATCH_JOBS {
            self.flush();
        }
    }

    fn flush(&mut self) {
        if self.batch.is_empty() || self.hung_up {
            return;
        }
        let batch = std::mem::replace(&mut self.batch, Vec::with_capacity(BATCH_JOBS));
        if self.sender.send(batch).is_err() {
            self.hung_up = true;
        }
    }

    fn push_records(
        &mut self,
        source: usize,
        records: impl IntoIterator<Item = Result<(usize, Parsed), ParseError>>,
    ) {
        for record in records {
            let (line, body) = match record {
                Ok((line, parsed)) => (line, Body::Record(parsed)),
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

/// Reads one input to its end, feeding its lines to a fresh record splitter (line numbers
/// restart at 1 in each input).
///
/// Lines are taken where they lie in the read buffer; only a line cut by the end of the buffer
/// is copied, to be completed by the next read. A plain puzzle line between records costs a
/// newline search, a check of its bytes and a job; the workers convert it. On a million easy
/// lines this thread's time fell to a quarter (it had been the limit of `--threads 2`).
fn read_source<R: Read>(
    source: usize,
    mut reader: BufReader<R>,
    out: &mut Batcher<'_>,
) -> io::Result<()> {
    let mut lines = Lines {
        source,
        records: Records::new(),
        completed: Vec::new(),
    };
    // A line cut by the end of the buffer: its first bytes (at most `MAX_LINE_BYTES`) and how
    // many bytes it has consumed.
    let mut partial = Vec::with_capacity(128);
    let mut partial_consumed = 0;
    loop {
        if reader.buffer().is_empty() {
            // The next read may block (a pipe fed slowly): hand over what is ready first.
            out.flush();
            if out.hung_up {
                return Ok(());
            }
        }
        let available = match reader.fill_buf() {
            Ok(bytes) => bytes,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
            Err(err) => return Err(err),
        };
        if available.is_empty() {
            break;
        }
        let mut start = 0;
        // memchr scans a vector at a time: a byte loop here cost as much as parsing the line.
        for end in memchr::memchr_iter(b'\n', available) {
            let line = &available[start..=end];
            if partial_consumed == 0 {
                lines.push(out, capped(line), line.len());
            } else {
                extend_capped(&mut partial, line);
                lines.push(out, &partial, partial_consumed + line.len());
                partial.clear();
                partial_consumed = 0;
            }
            start = end + 1;
        }
        let rest = &available[start..];
        extend_capped(&mut partial, rest);
        partial_consumed += rest.len();
        let read = available.len();
        reader.consume(read);
    }
    if partial_consumed > 0 {
        lines.push(out, &partial, partial_consumed);
    }
    out.push_records(source, lines.records.finish_puzzles());
    Ok(())
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

/// The lines of one input on their way to the splitter.
struct Lines {
    source: usize,
    records: Records,
    /// Reused for every line: the records a line completes (usually none or one).
    completed: Vec<Result<(usize, Parsed), ParseError>>,
}

impl Lines {
    /// Feeds one line as read (with its `\n`, cut at `MAX_LINE_BYTES`) that consumed
    /// `consumed` bytes of the input, and sends the jobs it completes.
    fn push(&mut self, out: &mut Batcher<'_>, line: &[u8], consumed: usize) {
        out.offset = out.offset.saturating_add(consumed as u64);
        let bytes = trim_newline(line);
        if let Some(plain) = PlainLine::new(bytes) {
            if let Some(line) = self.records.push_plain_line(&plain) {
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
        // The strict check has a fast path for ASCII that the lossy one lacks; invalid bytes
        // (reported as U+FFFD by the parser) take the lossy way.
        let text = match std::str::from_utf8(bytes) {
            Ok(text) => Cow::Borrowed(text),
            Err(_) => String::from_utf8_lossy(bytes),
        };
        self.records
            .push_line_puzzles_into(&text, &mut self.completed);
        out.push_records(self.source, self.completed.drain(..));
    }
}

/// The line without its `\n` or `\r\n`.
fn trim_newline(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    /// The jobs `read_source` makes of `input` read through a buffer of `capacity` bytes.
    fn read_jobs(input: &[u8], capacity: usize) -> Vec<Job> {
        let (sender, receiver) = sync_channel(1 << 16);
        let mut out = Batcher {
            sender: &sender,
            batch: Vec::new(),
            offset: 0,
            hung_up: false,
        };
        let reader = BufReader::with_capacity(capacity, io::Cursor::new(input.to_vec()));
        assert!(read_source(0, reader, &mut out).is_ok());
        out.flush();
        drop(sender);
        receiver.iter().flatten().collect()
    }

    #[test]
    fn lines_read_the_same_whatever_the_buffer_cuts() {
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
        assert_eq!(
            error.to_string(),
            "line 16, column 82: expected 81 cells, found 65536"
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
