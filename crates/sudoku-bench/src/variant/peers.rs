//! The peers' process: `peers/variant_peers.py` run by the benchmark venv's Python, fed our
//! JSON documents one per line, answering with each peer's solution and CPU time per puzzle.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;

use sudokit::format::variant::Document;

use super::sets::Item;

/// A peer the helper script runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Peer {
    /// `pencilmark.solve` (PyPI `pencilmark`).
    Pencilmark,
    /// Our CP-SAT model (PyPI `ortools`).
    CpSat,
}

impl Peer {
    /// Every peer, in the table's order.
    pub const ALL: [Peer; 2] = [Peer::Pencilmark, Peer::CpSat];

    /// The name the script knows it by.
    pub fn key(self) -> &'static str {
        match self {
            Peer::Pencilmark => "pencilmark",
            Peer::CpSat => "cpsat",
        }
    }

    /// The name in the table.
    pub fn title(self) -> &'static str {
        match self {
            Peer::Pencilmark => "pencilmark",
            Peer::CpSat => "CP-SAT",
        }
    }

    /// The peer named `key`.
    pub fn from_key(key: &str) -> Option<Peer> {
        Peer::ALL.into_iter().find(|p| p.key() == key)
    }
}

/// One peer's answer to one puzzle.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    /// The peer.
    pub peer: Peer,
    /// The puzzle's index in the set.
    pub index: usize,
    /// The CPU time of the timed call, when it answered.
    pub time: Option<Duration>,
    /// Its solution (N * N digits), or why it has none.
    pub solution: Result<Vec<u8>, String>,
}

/// A line the script writes.
#[derive(Debug, serde::Deserialize)]
struct Reply {
    id: usize,
    peer: String,
    ns: Option<u64>,
    solution: Option<String>,
    error: Option<String>,
}

/// A line the script reads.
#[derive(Debug, serde::Serialize)]
struct Request<'a> {
    id: usize,
    puzzle: &'a Document,
}

/// Why the peers could not be run.
#[derive(Debug, thiserror::Error)]
pub enum PeerError {
    /// The process could not be started.
    #[error("cannot start {python} {script}: {source} (make the venv with scripts/bench-variant-venv.sh, or pass --python)")]
    Spawn {
        /// The interpreter.
        python: String,
        /// The script.
        script: String,
        /// The error.
        source: std::io::Error,
    },
    /// Talking to the process failed.
    #[error("the peers' process: {0}")]
    Io(#[from] std::io::Error),
    /// The process said something that is not an answer, or stopped early.
    #[error("the peers' process: {0}")]
    Protocol(String),
}

/// The running helper process.
#[derive(Debug)]
pub struct Peers {
    child: Child,
    input: Option<ChildStdin>,
    output: BufReader<ChildStdout>,
    peers: Vec<Peer>,
    /// The versions it reported (Python, pencilmark, ortools).
    pub versions: serde_json::Value,
}

impl Peers {
    /// Starts `python script peer...` and reads its versions line.
    pub fn start(python: &Path, script: &Path, peers: &[Peer]) -> Result<Peers, PeerError> {
        let mut child = Command::new(python)
            .arg(script)
            .args(peers.iter().map(|p| p.key()))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|source| PeerError::Spawn {
                python: python.display().to_string(),
                script: script.display().to_string(),
                source,
            })?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(PeerError::Protocol("no pipes to the process".into()));
        };
        let mut peers = Peers {
            child,
            input: Some(input),
            output: BufReader::new(output),
            peers: peers.to_vec(),
            versions: serde_json::Value::Null,
        };
        let first = peers.read_line()?;
        let value: serde_json::Value = serde_json::from_str(&first)
            .map_err(|e| PeerError::Protocol(format!("{e} in {first:?}")))?;
        peers.versions = value
            .get("versions")
            .cloned()
            .ok_or_else(|| PeerError::Protocol(format!("expected the versions, got {first:?}")))?;
        Ok(peers)
    }

    fn read_line(&mut self) -> Result<String, PeerError> {
        read_line(&mut self.output)
    }

    /// Every peer's answer to every item, in the order of the items.
    pub fn solve(&mut self, items: &[Item]) -> Result<Vec<Answer>, PeerError> {
        let input = self
            .input
            .as_mut()
            .ok_or_else(|| PeerError::Protocol("its input is closed".into()))?;
        // One puzzle at a time, so that the pipes never fill up in both directions.
        let mut answers = Vec::with_capacity(items.len() * self.peers.len());
        for (index, item) in items.iter().enumerate() {
            let doc = Document::from_puzzle(&item.puzzle, item.puzzle.givens());
            let line = serde_json::to_string(&Request {
                id: index,
                puzzle: &doc,
            })
            .map_err(|e| PeerError::Protocol(e.to_string()))?;
            writeln!(input, "{line}")?;
            input.flush()?;
            for _ in 0..self.peers.len() {
                let text = read_line(&mut self.output)?;
                answers.push(parse_reply(&text, index)?);
            }
        }
        Ok(answers)
    }

    /// Closes its input and waits for it to end.
    pub fn finish(mut self) -> Result<(), PeerError> {
        drop(self.input.take());
        let status = self.child.wait()?;
        if status.success() {
            Ok(())
        } else {
            Err(PeerError::Protocol(format!("it exited with {status}")))
        }
    }
}

impl Drop for Peers {
    fn drop(&mut self) {
        drop(self.input.take());
        // It ends at the end of its input; kill it only if it is still there.
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// The next line of the process's output.
fn read_line(output: &mut BufReader<ChildStdout>) -> Result<String, PeerError> {
    let mut line = String::new();
    if output.read_line(&mut line)? == 0 {
        return Err(PeerError::Protocol(
            "it ended before answering every puzzle".into(),
        ));
    }
    Ok(line)
}

/// One reply line, which must be about puzzle `index`.
pub fn parse_reply(text: &str, index: usize) -> Result<Answer, PeerError> {
    let reply: Reply =
        serde_json::from_str(text).map_err(|e| PeerError::Protocol(format!("{e} in {text:?}")))?;
    if reply.id != index {
        return Err(PeerError::Protocol(format!(
            "answer about puzzle {} where {index} was expected",
            reply.id
        )));
    }
    let peer = Peer::from_key(&reply.peer)
        .ok_or_else(|| PeerError::Protocol(format!("unknown peer {:?}", reply.peer)))?;
    let solution = match (reply.solution, reply.error) {
        (Some(text), None) => Ok(text.chars().map(super::sets::char_value).collect()),
        (_, Some(error)) => Err(error),
        (None, None) => Err("no solution and no error".to_string()),
    };
    Ok(Answer {
        peer,
        index,
        time: reply.ns.map(Duration::from_nanos),
        solution,
    })
}

/// The helper script, next to this crate's sources.
pub fn default_script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("peers/variant_peers.py")
}

/// The venv's Python that `scripts/bench-variant-venv.sh` makes (`target/bench-venv`).
pub fn default_python() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/bench-venv/bin/python")
}
