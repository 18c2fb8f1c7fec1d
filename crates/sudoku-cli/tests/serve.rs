//! `sudoku serve`: the binary starts the server, prints where it listens, answers HTTP, and
//! stops on SIGTERM; a bad or busy address is a usage error.

mod common;

use common::*;
use predicates::prelude::*;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::process::{Child, Command as Process, Stdio};
use std::time::Duration;

/// A running `sudoku serve --addr 127.0.0.1:0` and the address it printed; killed on drop.
struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Server {
    fn start() -> Server {
        let mut child = Process::new(env!("CARGO_BIN_EXE_sudoku"))
            .args(["serve", "--addr", "127.0.0.1:0", "--workers", "1"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("a first line");
        let addr = line
            .trim()
            .strip_prefix("listening on http://")
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"));
        Server { child, addr }
    }

    /// Sends one HTTP/1.1 request and returns the whole response as text.
    fn request(&self, method: &str, path: &str, body: &str) -> String {
        let mut stream = TcpStream::connect(self.addr).expect("connects");
        stream
            .set_read_timeout(Some(Duration::from_secs(20)))
            .expect("a timeout");
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.addr,
            body.len()
        );
        stream.write_all(request.as_bytes()).expect("sends");
        let mut response = String::new();
        stream.read_to_string(&mut response).expect("reads");
        response
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn serves_the_api_and_the_page_on_the_port_it_prints() {
    let server = Server::start();
    let health = server.request("GET", "/api/health", "");
    assert!(health.starts_with("HTTP/1.1 200"), "{health}");
    assert!(health.contains(r#""status":"ok""#), "{health}");
    assert!(health.contains(r#""workers":1"#), "{health}");
    let solved = server.request(
        "POST",
        "/api/solve",
        &format!(r#"{{"puzzle":"{LEETCODE}"}}"#),
    );
    assert!(solved.contains(LEETCODE_SOLUTION), "{solved}");
    let page = server.request("GET", "/", "");
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("<title>"), "{page}");
}

#[cfg(unix)]
#[test]
fn stops_cleanly_on_sigterm() {
    let mut server = Server::start();
    let pid = server.child.id().to_string();
    let status = Process::new("kill")
        .args(["-TERM", &pid])
        .status()
        .expect("kill runs");
    assert!(status.success());
    let exit = server.child.wait().expect("the server exits");
    assert!(exit.success(), "{exit:?}");
}

#[test]
fn a_bad_or_busy_address_is_an_error() {
    sudoku()
        .args(["serve", "--addr", "not-an-address"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--addr"));
    let taken = TcpListener::bind("127.0.0.1:0").expect("a free port");
    let addr = taken.local_addr().expect("its address").to_string();
    sudoku()
        .args(["serve", "--addr", &addr])
        .timeout(Duration::from_secs(20))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot listen on"));
}
