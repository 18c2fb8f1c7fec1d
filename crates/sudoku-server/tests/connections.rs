//! The server on a real socket (`serve_on`): slow and stalled clients are cut off by the
//! header and body timeouts, so they cannot hold connections (and file descriptors) open, and
//! shutdown waits for nothing else. Timeouts are configured short; every wait in the test is
//! on the server's own answer or close, with the socket's read timeout only as a bound.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;
use sudoku_server::{serve_on, Config};

const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// A server on a free loopback port with `config`, on its own runtime thread; stopped when
/// dropped.
struct Running {
    addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Running {
    fn start(config: Config) -> Running {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a runtime");
        let listener = runtime
            .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
            .expect("a free port");
        let addr = listener.local_addr().expect("its address");
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            runtime.block_on(serve_on(listener, &config, async {
                let _ = stopped.await;
            }));
        });
        Running {
            addr,
            stop: Some(stop),
            thread: Some(thread),
        }
    }

    /// A connection with a read timeout as a bound (a wait never relies on it).
    fn connect(&self) -> TcpStream {
        let stream = TcpStream::connect(self.addr).expect("connects");
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .expect("a read timeout");
        stream
    }

    /// Stops the server and waits until `serve_on` has returned.
    fn stop(mut self) {
        self.shut();
    }

    fn shut(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            thread.join().expect("the server thread ends");
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.shut();
    }
}

fn quick() -> Config {
    Config {
        header_timeout: Duration::from_millis(300),
        body_timeout: Duration::from_millis(300),
        ..Config::default()
    }
}

/// Everything the server sends until it closes the connection; panics if it does not close
/// it before the read timeout.
fn read_until_closed(stream: &mut TcpStream) -> String {
    let mut answer = Vec::new();
    match stream.read_to_end(&mut answer) {
        Ok(_) => String::from_utf8_lossy(&answer).into_owned(),
        // A reset after the answer is a close too.
        Err(err) if err.kind() == std::io::ErrorKind::ConnectionReset => {
            String::from_utf8_lossy(&answer).into_owned()
        }
        Err(err) => panic!("the server kept the connection open: {err} (read {answer:?})"),
    }
}

/// Regression (issue 32): a client that sent its headers and part of its body held its
/// connection open forever (still open after 180 s).
#[test]
fn a_body_that_stops_arriving_gets_408_and_the_connection_closes() {
    let server = Running::start(quick());
    let mut stream = server.connect();
    let body = format!("{{\"puzzle\": \"{EASY}\"}}");
    let head = format!(
        "POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).expect("sends");
    stream.write_all(&body.as_bytes()[..10]).expect("sends");
    let answer = read_until_closed(&mut stream);
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains(r#""code":"request_timeout""#), "{answer}");
    server.stop();
}

/// Regression (issue 32): the same for a client that never finishes its headers, and for one
/// that connects and sends nothing.
#[test]
fn unfinished_headers_and_silent_connections_are_closed() {
    let server = Running::start(quick());
    let mut partial = server.connect();
    partial
        .write_all(b"POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Le")
        .expect("sends");
    let mut silent = server.connect();
    let answer = read_until_closed(&mut partial);
    assert!(!answer.contains("200 OK"), "{answer}");
    let answer = read_until_closed(&mut silent);
    assert!(!answer.contains("200 OK"), "{answer}");
    server.stop();
}

/// A whole request on the same server is answered as usual, and a stalled client does not
/// keep shutdown waiting past its timeout.
#[test]
fn whole_requests_are_answered_and_shutdown_does_not_wait_on_stalled_clients() {
    let server = Running::start(quick());
    let mut stalled = server.connect();
    stalled
        .write_all(b"POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{")
        .expect("sends");
    let mut stream = server.connect();
    let body = format!("{{\"puzzle\": \"{EASY}\"}}");
    let request = format!(
        "POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).expect("sends");
    let answer = read_until_closed(&mut stream);
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains(r#""status":"unique""#), "{answer}");
    // Returns once the stalled connection has timed out.
    server.stop();
    let answer = read_until_closed(&mut stalled);
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
}
