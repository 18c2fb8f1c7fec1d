//! `sudoku serve`: the binary starts the server, prints where it listens, answers HTTP, logs
//! every request (aborted ones too), takes its settings from flags or the environment, and
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
        Server::start_with(
            &["--addr", "127.0.0.1:0", "--workers", "1"],
            &[],
            Stdio::null(),
        )
    }

    /// `sudoku serve` with `args` and the environment variables `env` (and no `SUDOKU_*` or
    /// `RUST_LOG` from the test's own environment); its standard error goes to `stderr`.
    fn start_with(args: &[&str], env: &[(&str, &str)], stderr: Stdio) -> Server {
        let mut command = Process::new(env!("CARGO_BIN_EXE_sudoku"));
        command.arg("serve").args(args);
        for (key, _) in std::env::vars() {
            if key.starts_with("SUDOKU_") || key == "RUST_LOG" {
                command.env_remove(key);
            }
        }
        let mut child = command
            .envs(env.iter().copied())
            .stdout(Stdio::piped())
            .stderr(stderr)
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

/// Regression (issue 32): a busy port printed the OS error twice ("cannot listen on ADDR:
/// Address in use: Address in use").
#[test]
fn a_busy_port_names_the_os_error_once() {
    let taken = TcpListener::bind("127.0.0.1:0").expect("a free port");
    let addr = taken.local_addr().expect("its address").to_string();
    let output = sudoku()
        .args(["serve", "--addr", &addr])
        .timeout(Duration::from_secs(20))
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    let reason = std::io::Error::from(std::io::ErrorKind::AddrInUse).to_string();
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert_eq!(stderr.matches("os error").count(), 1, "{stderr} ({reason})");
    assert!(
        stderr.contains(&format!("cannot listen on {addr}: ")),
        "{stderr}"
    );
}

/// Regression (issue 32): `--addr localhost:0` was refused as bad syntax.
#[test]
fn a_host_name_is_resolved() {
    let server = Server::start_with(&["--addr", "localhost:0"], &[], Stdio::null());
    assert!(server.addr.ip().is_loopback(), "{}", server.addr);
    let health = server.request("GET", "/api/health", "");
    assert!(health.starts_with("HTTP/1.1 200"), "{health}");
    sudoku()
        .args(["serve", "--addr", "no-such-host.invalid:8080"])
        .timeout(Duration::from_secs(20))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--addr"));
}

/// Regression (issue 32): the budgets, limits and timeouts were set in code only; `serve
/// --help` lists each with its default and environment variable.
#[test]
fn help_lists_every_setting_with_its_default_and_variable() {
    let output = sudoku().args(["serve", "--help"]).output().expect("runs");
    let help = String::from_utf8_lossy(&output.stdout).replace('\n', " ");
    let help: String = help.split_whitespace().collect::<Vec<_>>().join(" ");
    for (flag, env, default) in [
        ("--addr", "SUDOKU_ADDR", "[default: 127.0.0.1:8080]"),
        ("--workers", "SUDOKU_WORKERS", "[default: all cores]"),
        ("--queue-wait", "SUDOKU_QUEUE_WAIT", "[default: 2s]"),
        ("--timeout", "SUDOKU_TIMEOUT", "[default: 30s]"),
        ("--header-timeout", "SUDOKU_HEADER_TIMEOUT", "[default: 5s]"),
        ("--body-timeout", "SUDOKU_BODY_TIMEOUT", "[default: 10s]"),
        ("--max-body", "SUDOKU_MAX_BODY", "[default: 65536]"),
        ("--guesses", "SUDOKU_GUESSES", "[default: 200000]"),
        ("--count-default", "SUDOKU_COUNT_DEFAULT", "[default: 1000]"),
        ("--count-max", "SUDOKU_COUNT_MAX", "[default: 100000]"),
        ("--logic-time", "SUDOKU_LOGIC_TIME", "[default: 10s]"),
        ("--generate-time", "SUDOKU_GENERATE_TIME", "[default: 5s]"),
        (
            "--generate-attempts",
            "SUDOKU_GENERATE_ATTEMPTS",
            "[default: 50]",
        ),
    ] {
        let at = help
            .find(&format!("{flag} <"))
            .unwrap_or_else(|| panic!("{flag} missing: {help}"));
        let entry = &help[at..];
        let end = entry[2..].find(" --").map_or(entry.len(), |i| i + 2);
        let entry = &entry[..end];
        assert!(entry.contains(&format!("[env: {env}")), "{entry}");
        assert!(entry.contains(default), "{entry}");
    }
}

/// The settings come from the environment when no flag gives them; a flag wins.
#[test]
fn settings_come_from_the_environment() {
    let server = Server::start_with(
        &["--addr", "127.0.0.1:0"],
        &[("SUDOKU_WORKERS", "3"), ("SUDOKU_COUNT_MAX", "7")],
        Stdio::null(),
    );
    let health = server.request("GET", "/api/health", "");
    assert!(health.contains(r#""workers":3"#), "{health}");
    let counted = server.request(
        "POST",
        "/api/count",
        &format!(r#"{{"puzzle":"{}","limit":8}}"#, ".".repeat(81)),
    );
    assert!(counted.starts_with("HTTP/1.1 400"), "{counted}");
    let server = Server::start_with(
        &["--addr", "127.0.0.1:0", "--workers", "1"],
        &[("SUDOKU_WORKERS", "3")],
        Stdio::null(),
    );
    let health = server.request("GET", "/api/health", "");
    assert!(health.contains(r#""workers":1"#), "{health}");
    sudoku()
        .args(["serve", "--addr", "127.0.0.1:0"])
        .env("SUDOKU_LOGIC_TIME", "soon")
        .timeout(Duration::from_secs(20))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--logic-time"));
}

/// Regression (issue 32): a request whose client went away was mostly not logged, though the
/// help promises one line per request; it is logged with status 499.
#[test]
fn an_abandoned_request_is_logged_as_aborted() {
    let mut server = Server::start_with(
        &[
            "--addr",
            "127.0.0.1:0",
            "--workers",
            "1",
            "--guesses",
            "18446744073709551615",
            "--count-max",
            "100000000",
        ],
        &[("RUST_LOG", "debug")],
        Stdio::piped(),
    );
    let stderr = server.child.stderr.take().expect("piped stderr");
    let (lines, log) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines() {
            let Ok(line) = line else { break };
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    // A count that takes far longer than the test; the client leaves once it is sent.
    let mut stream = TcpStream::connect(server.addr).expect("connects");
    let body = format!(r#"{{"puzzle":"{}","limit":100000000}}"#, ".".repeat(81));
    let request = format!(
        "POST /api/count HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).expect("sends");
    // Leave once the server is working on it (its debug line says so): a close that arrives
    // with the request itself is read with it, and hyper does not see it as the client going.
    let mut seen = Vec::new();
    loop {
        match log.recv_timeout(Duration::from_secs(30)) {
            Ok(line) if line.contains("POST /api/count started") => break,
            Ok(line) => seen.push(line),
            Err(err) => panic!("the request did not start ({err}); log so far: {seen:?}"),
        }
    }
    drop(stream);
    let aborted = loop {
        match log.recv_timeout(Duration::from_secs(30)) {
            Ok(line) if line.contains("POST /api/count 499 ") => break line,
            Ok(line) => seen.push(line),
            Err(err) => panic!("no 499 line ({err}); log so far: {seen:?}"),
        }
    };
    assert!(aborted.ends_with(" aborted"), "{aborted}");
}

/// `--site DIR` (or `SUDOKU_SITE`): the static build's engine is served and the page flagged
/// to run it; a folder that is not a build is refused at start, naming the missing file.
#[test]
fn a_site_is_served_with_the_page_and_a_folder_that_is_none_is_refused() {
    let dir = std::env::temp_dir().join(format!("sudoku-cli-site-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("sudokit/wasm")).expect("a folder");
    for name in [
        "api.js",
        "client.js",
        "web.js",
        "worker.js",
        "wasm/sudokit_js.js",
    ] {
        std::fs::write(dir.join("sudokit").join(name), "export {};\n").expect("written");
    }
    let folder = dir.to_string_lossy().into_owned();
    sudoku()
        .args(["serve", "--addr", "127.0.0.1:0", "--site", &folder])
        .timeout(Duration::from_secs(20))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("sudokit_js_bg.wasm"));
    std::fs::write(
        dir.join("sudokit/wasm/sudokit_js_bg.wasm"),
        b"\0asm\x01\0\0\0",
    )
    .expect("w");
    let server = Server::start_with(
        &["--addr", "127.0.0.1:0", "--workers", "1"],
        &[("SUDOKU_SITE", &folder)],
        Stdio::null(),
    );
    let page = server.request("GET", "/", "");
    assert!(
        page.contains(r#"<meta name="sudoku-engine" content="wasm">"#),
        "{page}"
    );
    let module = server.request("GET", "/sudokit/wasm/sudokit_js_bg.wasm", "");
    assert!(module.starts_with("HTTP/1.1 200"), "{module}");
    assert!(module.contains("application/wasm"), "{module}");
    drop(server);
    let server = Server::start();
    assert!(!server.request("GET", "/", "").contains("sudoku-engine"));
    let _ = std::fs::remove_dir_all(&dir);
}
