//! The API end to end in process: each request goes through the real router (body limit,
//! extractor, worker slots, handlers, error mapping) with `tower::ServiceExt::oneshot`.

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use sudoku_server::{router, Config, Limits};
use tower::ServiceExt;

/// The classic easy puzzle (Wikipedia's example) and its solution.
const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const EASY_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
/// A hard puzzle (hardest_1905_11plus): over 200 guesses for the exact solver.
const HARD: &str =
    "98.7..6..7..8..5......4....6..9..3...3...2.....8....1.3...7.....5..9.7.....5...63";

/// Sends `body` to `path` with `method` on a fresh router for `config`; the status and JSON.
async fn call_with(config: &Config, method: &str, path: &str, body: &str) -> (StatusCode, Value) {
    let request = Request::builder()
        .method(method)
        .uri(path)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .expect("a request");
    let response = router(config).oneshot(request).await.expect("a response");
    let status = response.status();
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("a body")
        .to_bytes();
    let json = serde_json::from_slice(&bytes)
        .unwrap_or_else(|e| panic!("{method} {path}: not JSON ({e}): {bytes:?}"));
    (status, json)
}

async fn post(path: &str, body: Value) -> (StatusCode, Value) {
    call_with(&Config::default(), "POST", path, &body.to_string()).await
}

/// Asserts that `reply` is an error with `status` and `code`; returns the error object.
fn error(reply: (StatusCode, Value), status: StatusCode, code: &str) -> Value {
    let (got, json) = reply;
    assert_eq!(got, status, "{json}");
    assert_eq!(json["error"]["code"], code, "{json}");
    let message = json["error"]["message"].as_str().unwrap_or_default();
    assert!(!message.is_empty(), "{json}");
    json["error"].clone()
}

fn with_limits(limits: Limits) -> Config {
    Config {
        limits,
        ..Config::default()
    }
}

#[tokio::test]
async fn health_and_the_openapi_document() {
    let (status, json) = call_with(&Config::default(), "GET", "/api/health", "").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(json["status"], "ok");
    assert!(json["workers"].as_u64().is_some_and(|n| n >= 1), "{json}");
    let (status, json) = call_with(&Config::default(), "GET", "/api/openapi.json", "").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(json["openapi"], "3.1.0");
}

#[tokio::test]
async fn solve_answers_in_every_input_format() {
    let (status, json) = post("/api/solve", json!({ "puzzle": EASY })).await;
    assert_eq!(status, StatusCode::OK, "{json}");
    assert_eq!(json["status"], "unique");
    assert_eq!(json["solution"], EASY_SOLUTION);
    assert!(json.get("board").is_none(), "{json}");

    // A 9-line grid with separators, zeros for blanks.
    let rows: Vec<String> = EASY
        .as_bytes()
        .chunks(9)
        .map(|row| {
            let row = String::from_utf8_lossy(row).replace('.', "0");
            format!("{} | {} | {}", &row[..3], &row[3..6], &row[6..])
        })
        .collect();
    let grid = [
        &rows[0..3],
        &["------+-------+------".to_string()],
        &rows[3..6],
    ]
    .concat()
    .into_iter()
    .chain(std::iter::once("------+-------+------".to_string()))
    .chain(rows[6..].iter().cloned())
    .collect::<Vec<_>>()
    .join("\n");
    let (status, json) = post("/api/solve", json!({ "puzzle": grid })).await;
    assert_eq!(status, StatusCode::OK, "{json}");
    assert_eq!(json["solution"], EASY_SOLUTION);
    assert!(
        json["board"]
            .as_str()
            .is_some_and(|b| b.lines().count() == 11),
        "{json}"
    );

    // A JSON board of numbers, given directly and as a string; the answer keeps the shape.
    let board: Vec<Vec<u8>> = EASY
        .as_bytes()
        .chunks(9)
        .map(|row| {
            row.iter()
                .map(|&b| if b == b'.' { 0 } else { b - b'0' })
                .collect()
        })
        .collect();
    let (status, json) = post("/api/solve", json!({ "puzzle": board })).await;
    assert_eq!(status, StatusCode::OK, "{json}");
    assert_eq!(json["solution"], EASY_SOLUTION);
    assert_eq!(json["board"][0], json!([5, 3, 4, 6, 7, 8, 9, 1, 2]));
    let as_text = serde_json::to_string(&board).expect("JSON");
    let (status, json) = post("/api/solve", json!({ "puzzle": as_text })).await;
    assert_eq!(status, StatusCode::OK, "{json}");
    assert_eq!(json["board"][8], json!([3, 4, 5, 2, 8, 6, 1, 7, 9]));

    let (status, json) = post("/api/solve", json!({ "puzzle": ".".repeat(81) })).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(json["status"], "multiple");
}

#[tokio::test]
async fn bad_json_is_located_in_the_body() {
    let body = "{\n  \"puzzle\": \"53..7\",\n  oops\n}";
    let reply = call_with(&Config::default(), "POST", "/api/solve", body).await;
    let err = error(reply, StatusCode::BAD_REQUEST, "bad_json");
    assert_eq!(err["line"], 3, "{err}");
    assert_eq!(err["column"], 3, "{err}");
    let reply = call_with(&Config::default(), "POST", "/api/check", "[1, 2").await;
    error(reply, StatusCode::BAD_REQUEST, "bad_json");
}

#[tokio::test]
async fn missing_unknown_and_mistyped_fields_are_bad_requests() {
    let err = error(
        post("/api/solve", json!({})).await,
        StatusCode::BAD_REQUEST,
        "bad_request",
    );
    assert!(
        err["message"]
            .as_str()
            .is_some_and(|m| m.contains("puzzle")),
        "{err}"
    );
    let reply = post("/api/solve", json!({ "puzzle": EASY, "extra": 1 })).await;
    let err = error(reply, StatusCode::BAD_REQUEST, "bad_request");
    assert!(
        err["message"].as_str().is_some_and(|m| m.contains("extra")),
        "{err}"
    );
    error(
        post("/api/solve", json!({ "puzzle": 42 })).await,
        StatusCode::BAD_REQUEST,
        "bad_request",
    );
    let reply = post("/api/count", json!({ "puzzle": EASY, "limit": -1 })).await;
    error(reply, StatusCode::BAD_REQUEST, "bad_request");
    let reply = post(
        "/api/count",
        json!({ "puzzle": EASY, "limit": 100_000_000 }),
    )
    .await;
    error(reply, StatusCode::BAD_REQUEST, "bad_request");
    let reply = post(
        "/api/hint",
        json!({ "puzzle": EASY, "eliminated": [[81, 1]] }),
    )
    .await;
    error(reply, StatusCode::BAD_REQUEST, "bad_request");
    let reply = post(
        "/api/hint",
        json!({ "puzzle": EASY, "eliminated": [[0, 10]] }),
    )
    .await;
    error(reply, StatusCode::BAD_REQUEST, "bad_request");
}

#[tokio::test]
async fn wrong_sizes_and_characters_are_bad_puzzles_with_a_position() {
    for path in [
        "/api/solve",
        "/api/count",
        "/api/check",
        "/api/hint",
        "/api/explain",
        "/api/rate",
    ] {
        let reply = post(path, json!({ "puzzle": &EASY[..80] })).await;
        let err = error(reply, StatusCode::BAD_REQUEST, "bad_puzzle");
        assert!(
            err["message"].as_str().is_some_and(|m| m.contains("81")),
            "{path}: {err}"
        );
        assert_eq!(err["line"], 1, "{path}: {err}");
    }
    let long = format!("{EASY}1234");
    let err = error(
        post("/api/solve", json!({ "puzzle": long })).await,
        StatusCode::BAD_REQUEST,
        "bad_puzzle",
    );
    assert!(err["column"].is_u64(), "{err}");
    let with_x = format!("{}x{}", &EASY[..10], &EASY[11..]);
    let err = error(
        post("/api/solve", json!({ "puzzle": with_x })).await,
        StatusCode::BAD_REQUEST,
        "bad_puzzle",
    );
    assert_eq!(
        (err["line"].clone(), err["column"].clone()),
        (json!(1), json!(11)),
        "{err}"
    );
    // A grid with a short fourth row.
    let rows: Vec<&str> = (0..9).map(|r| &EASY[r * 9..r * 9 + 9]).collect();
    let mut short = rows.clone();
    short[3] = &EASY[27..35];
    let err = error(
        post("/api/solve", json!({ "puzzle": short.join("\n") })).await,
        StatusCode::BAD_REQUEST,
        "bad_puzzle",
    );
    assert_eq!(err["line"], 4, "{err}");
    let err = error(
        post("/api/solve", json!({ "puzzle": "" })).await,
        StatusCode::BAD_REQUEST,
        "bad_puzzle",
    );
    assert!(
        err["message"]
            .as_str()
            .is_some_and(|m| m.contains("no puzzle")),
        "{err}"
    );
    let board = json!([[1, 2, 3]]);
    error(
        post("/api/solve", json!({ "puzzle": board })).await,
        StatusCode::BAD_REQUEST,
        "bad_puzzle",
    );
}

#[tokio::test]
async fn invalid_puzzles_name_their_cells_and_unsolvable_ones_say_so() {
    let two_fives = format!("5....5{}", ".".repeat(75));
    for path in [
        "/api/solve",
        "/api/count",
        "/api/hint",
        "/api/explain",
        "/api/rate",
    ] {
        let reply = post(path, json!({ "puzzle": two_fives })).await;
        let err = error(reply, StatusCode::UNPROCESSABLE_ENTITY, "invalid_puzzle");
        assert_eq!(err["cells"], json!([0, 5]), "{path}: {err}");
    }
    // Valid givens without a solution: r1c1 sees 1-8 in its row and 9 in its column.
    let dead = format!(".12345678{}9{}", ".".repeat(9), ".".repeat(62));
    for path in ["/api/solve", "/api/hint", "/api/explain", "/api/rate"] {
        let reply = post(path, json!({ "puzzle": dead })).await;
        error(reply, StatusCode::UNPROCESSABLE_ENTITY, "no_solution");
    }
    let (status, json) = post("/api/count", json!({ "puzzle": dead })).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (json["count"].clone(), json["exact"].clone()),
        (json!(0), json!(true))
    );
}

#[tokio::test]
async fn check_reports_every_status() {
    let cases = [
        (EASY.to_string(), "unique"),
        (".".repeat(81), "multiple"),
        (
            format!(".12345678{}9{}", ".".repeat(9), ".".repeat(62)),
            "none",
        ),
        (format!("55{}", ".".repeat(79)), "invalid"),
    ];
    for (puzzle, expected) in cases {
        let (status, json) = post("/api/check", json!({ "puzzle": puzzle })).await;
        assert_eq!(status, StatusCode::OK, "{json}");
        assert_eq!(json["status"], expected, "{json}");
    }
    let (_, json) = post("/api/check", json!({ "puzzle": EASY })).await;
    assert_eq!(json["solution"], EASY_SOLUTION);
    assert_eq!(json["clues"], 30);
    let (_, json) = post(
        "/api/check",
        json!({ "puzzle": format!("55{}", ".".repeat(79)) }),
    )
    .await;
    assert_eq!(json["cells"], json!([0, 1]));
    assert!(
        json["message"]
            .as_str()
            .is_some_and(|m| m.contains("both hold 5")),
        "{json}"
    );
}

#[tokio::test]
async fn count_is_exact_or_stops_at_the_limit() {
    let (status, json) = post("/api/count", json!({ "puzzle": EASY })).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(json["count"], 1);
    assert_eq!(json["exact"], true);
    let (status, json) = post(
        "/api/count",
        json!({ "puzzle": ".".repeat(81), "limit": 50 }),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (json["count"].clone(), json["exact"].clone()),
        (json!(50), json!(false))
    );
}

#[tokio::test]
async fn hint_gives_the_next_step_with_its_pattern() {
    let (status, json) = post("/api/hint", json!({ "puzzle": EASY })).await;
    assert_eq!(status, StatusCode::OK, "{json}");
    assert_eq!(json["status"], "step");
    let step = &json["step"];
    assert!(
        step["text"].as_str().is_some_and(|t| t.ends_with('.')),
        "{json}"
    );
    assert!(
        step["name"].is_string() && step["technique"].is_string(),
        "{json}"
    );
    let placements = step["placements"].as_array().expect("placements");
    assert_eq!(placements.len(), 1, "{json}");
    // The placement is right and its cell is part of the highlighted pattern.
    let cell = placements[0][0].as_u64().expect("a cell") as usize;
    let digit = placements[0][1].as_u64().expect("a digit");
    assert_eq!(u64::from(EASY_SOLUTION.as_bytes()[cell] - b'0'), digit);
    assert!(
        step["cells"]
            .as_array()
            .is_some_and(|c| c.contains(&json!(cell))),
        "{json}"
    );
    assert_eq!(json["candidates"].as_array().map(Vec::len), Some(81));

    let (status, json) = post("/api/hint", json!({ "puzzle": EASY_SOLUTION })).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(json["status"], "solved");
    assert!(json.get("step").is_none(), "{json}");
}

/// A puzzle whose solver path has elimination-only steps (easy50, line 7).
const WITH_ELIMINATIONS: &str =
    ".43.8.25.6.............1.949....4.7....6.8....1.2....382.5.............5.34.9.71.";

#[tokio::test]
async fn eliminations_sent_back_move_the_hint_on() {
    // Follow the hints, applying each, until solved.
    let mut values: Vec<u8> = WITH_ELIMINATIONS.bytes().collect();
    let mut eliminated: Vec<Value> = Vec::new();
    let mut elimination_steps = 0;
    for _ in 0..200 {
        let puzzle = String::from_utf8(values.clone()).expect("ASCII");
        let (status, json) = post(
            "/api/hint",
            json!({ "puzzle": puzzle, "eliminated": eliminated }),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{json}");
        if json["status"] != "step" {
            assert_eq!(json["status"], "solved", "{json}");
            break;
        }
        let step = &json["step"];
        let placements = step["placements"].as_array().expect("placements");
        if placements.is_empty() {
            elimination_steps += 1;
            // Without the eliminations, the server would find the very same step again.
            let (_, again) = post(
                "/api/hint",
                json!({ "puzzle": puzzle, "eliminated": eliminated }),
            )
            .await;
            assert_eq!(again["step"], *step);
        }
        for pair in step["eliminations"].as_array().expect("eliminations") {
            // The candidates sent back are the state the step was found in.
            let cell = pair[0].as_u64().expect("a cell") as usize;
            let digit = pair[1].as_u64().expect("a digit").to_string();
            assert!(
                json["candidates"][cell]
                    .as_str()
                    .is_some_and(|c| c.contains(&digit)),
                "{json}"
            );
            eliminated.push(pair.clone());
        }
        for pair in placements {
            let cell = pair[0].as_u64().expect("a cell") as usize;
            let digit = pair[1].as_u64().expect("a digit") as u8;
            values[cell] = b'0' + digit;
        }
    }
    assert!(
        elimination_steps > 0,
        "the path should have elimination-only steps"
    );
    let (_, solved) = post("/api/solve", json!({ "puzzle": WITH_ELIMINATIONS })).await;
    assert_eq!(
        String::from_utf8(values).expect("ASCII"),
        solved["solution"].as_str().unwrap_or_default()
    );
}

#[tokio::test]
async fn explain_walks_the_whole_path() {
    let (status, json) = post("/api/explain", json!({ "puzzle": EASY })).await;
    assert_eq!(status, StatusCode::OK, "{json}");
    assert_eq!(json["outcome"], "solved");
    let steps = json["steps"].as_array().expect("steps");
    assert_eq!(steps.len(), 51, "one placement per empty cell");
    assert!(steps.iter().all(|s| s["text"].is_string()));
    assert_eq!(json["candidates"][2], "124");
}

#[tokio::test]
async fn rate_gives_se_and_hodoku_figures_for_proper_puzzles_only() {
    let (status, json) = post("/api/rate", json!({ "puzzle": EASY })).await;
    assert_eq!(status, StatusCode::OK, "{json}");
    assert!(
        json["er"]
            .as_f64()
            .is_some_and(|er| (1.0..=2.0).contains(&er)),
        "{json}"
    );
    assert_eq!(json["level"], "easy");
    assert_eq!(json["outcome"], "solved");
    assert!(json["hardest_name"].is_string(), "{json}");
    let reply = post("/api/rate", json!({ "puzzle": ".".repeat(81) })).await;
    error(reply, StatusCode::UNPROCESSABLE_ENTITY, "not_unique");
}

#[tokio::test]
async fn generate_makes_unique_puzzles_to_the_options() {
    let (status, json) = post("/api/generate", json!({ "symmetry": "rot180", "seed": 5 })).await;
    assert_eq!(status, StatusCode::OK, "{json}");
    let puzzle = json["puzzle"].as_str().expect("a puzzle").to_string();
    assert_eq!(puzzle.len(), 81);
    let bytes = puzzle.as_bytes();
    assert!(
        (0..81).all(|i| (bytes[i] == b'.') == (bytes[80 - i] == b'.')),
        "{puzzle}"
    );
    assert_eq!(json["seed"], 5);
    let (_, check) = post("/api/check", json!({ "puzzle": puzzle })).await;
    assert_eq!(check["status"], "unique");
    assert_eq!(check["solution"], json["solution"]);
    // Same seed, same puzzle; no body at all is a default request.
    let (_, again) = post("/api/generate", json!({ "symmetry": "rot180", "seed": 5 })).await;
    assert_eq!(again["puzzle"], json["puzzle"]);
    let (status, json) = call_with(&Config::default(), "POST", "/api/generate", "").await;
    assert_eq!(status, StatusCode::OK, "{json}");
    assert_eq!(json["minimal"], true);
    let (status, json) = post("/api/generate", json!({ "level": "hard", "seed": 1 })).await;
    assert_eq!(status, StatusCode::OK, "{json}");
    assert_eq!(json["rating"]["level"], "hard");
    for bad in [
        json!({ "symmetry": "spiral" }),
        json!({ "clues": "10" }),
        json!({ "level": "nope" }),
    ] {
        error(
            post("/api/generate", bad).await,
            StatusCode::BAD_REQUEST,
            "bad_request",
        );
    }
}

#[tokio::test]
async fn oversize_bodies_are_refused() {
    let config = Config::default();
    let padding = " ".repeat(config.max_body);
    let body = format!("{{\"puzzle\": \"{EASY}\"{padding}}}");
    let reply = call_with(&config, "POST", "/api/solve", &body).await;
    error(reply, StatusCode::PAYLOAD_TOO_LARGE, "too_large");
    // Just under the limit is fine.
    let body = format!("{{\"puzzle\": \"{EASY}\"}}");
    let fits = format!("{body}{}", " ".repeat(config.max_body - body.len()));
    let (status, _) = call_with(&config, "POST", "/api/solve", &fits).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn slow_requests_hit_their_budget_and_say_so() {
    // The most a client can ask of count under the default limits ends in seconds at most.
    let started = Instant::now();
    let (status, json) = post(
        "/api/count",
        json!({ "puzzle": ".".repeat(81), "limit": 100_000 }),
    )
    .await;
    assert!(
        status == StatusCode::OK || status == StatusCode::UNPROCESSABLE_ENTITY,
        "{json}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
    // With fewer guesses than solutions asked for, the guess budget ends it, and says so.
    let fewer = with_limits(Limits {
        guesses: 20_000,
        ..Limits::default()
    });
    let body = json!({ "puzzle": ".".repeat(81), "limit": 100_000 }).to_string();
    let reply = call_with(&fewer, "POST", "/api/count", &body).await;
    let err = error(reply, StatusCode::UNPROCESSABLE_ENTITY, "budget_exhausted");
    assert!(
        err["message"]
            .as_str()
            .is_some_and(|m| m.contains("20000 guesses")),
        "{err}"
    );

    // A hard puzzle with a small guess budget: solve and check give up, with a message.
    let stingy = with_limits(Limits {
        guesses: 2,
        ..Limits::default()
    });
    for path in ["/api/solve", "/api/check", "/api/hint", "/api/rate"] {
        let reply = call_with(
            &stingy,
            "POST",
            path,
            &json!({ "puzzle": HARD }).to_string(),
        )
        .await;
        error(reply, StatusCode::UNPROCESSABLE_ENTITY, "budget_exhausted");
    }
    // The logic solver and the generator out of time.
    let no_time = with_limits(Limits {
        logic_time: Duration::ZERO,
        generate_time: Duration::ZERO,
        ..Limits::default()
    });
    for path in ["/api/hint", "/api/explain", "/api/rate"] {
        let reply = call_with(
            &no_time,
            "POST",
            path,
            &json!({ "puzzle": EASY }).to_string(),
        )
        .await;
        error(reply, StatusCode::UNPROCESSABLE_ENTITY, "budget_exhausted");
    }
    let reply = call_with(&no_time, "POST", "/api/generate", "{}").await;
    error(reply, StatusCode::UNPROCESSABLE_ENTITY, "budget_exhausted");
}

#[tokio::test]
async fn a_busy_server_answers_overloaded() {
    // One slot, no patience: while a long count holds the slot, the next request is refused.
    let config = Config {
        workers: 1,
        queue_wait: Duration::from_millis(1),
        limits: Limits {
            guesses: u64::MAX,
            max_count: 1_000_000,
            ..Limits::default()
        },
        ..Config::default()
    };
    let app = router(&config);
    let slow = || {
        Request::post("/api/count")
            .body(Body::from(
                json!({ "puzzle": ".".repeat(81), "limit": 1_000_000 }).to_string(),
            ))
            .expect("a request")
    };
    let mut busy = tokio::spawn(app.clone().oneshot(slow()));
    // Until the count holds the slot, a quick request gets it and answers; then it cannot. The
    // count has no patience either: when it finds a quick request in the slot it is refused
    // (or, on a fast machine, it may finish), so a finished count is sent again.
    let mut refused = None;
    for _ in 0..100_000 {
        if busy.is_finished() {
            busy = tokio::spawn(app.clone().oneshot(slow()));
        }
        let quick = Request::post("/api/solve")
            .body(Body::from(json!({ "puzzle": EASY }).to_string()))
            .expect("a request");
        let response = app.clone().oneshot(quick).await.expect("a response");
        if response.status() != StatusCode::OK {
            refused = Some(response);
            break;
        }
        tokio::task::yield_now().await;
    }
    let response = refused.expect("the count took the slot");
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(
        response
            .headers()
            .get(header::RETRY_AFTER)
            .and_then(|v| v.to_str().ok()),
        Some("1")
    );
    busy.abort();
}

#[tokio::test]
async fn unknown_routes_and_methods_are_json_errors() {
    let reply = call_with(&Config::default(), "GET", "/api/nope", "").await;
    error(reply, StatusCode::NOT_FOUND, "not_found");
    let reply = call_with(&Config::default(), "GET", "/api/solve", "").await;
    error(reply, StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed");
}

#[tokio::test]
async fn the_page_and_its_assets_are_served_from_the_binary() {
    for (path, kind) in [
        ("/", "text/html"),
        ("/app.js", "text/javascript"),
        ("/app.css", "text/css"),
        ("/engine.js", "text/javascript"),
        ("/draw.js", "text/javascript"),
        ("/clock.js", "text/javascript"),
        ("/settings.js", "text/javascript"),
        ("/notes-link.js", "text/javascript"),
        ("/engine-worker.js", "text/javascript"),
    ] {
        let request = Request::get(path).body(Body::empty()).expect("a request");
        let response = router(&Config::default())
            .oneshot(request)
            .await
            .expect("a response");
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let content_type = response.headers()[header::CONTENT_TYPE]
            .to_str()
            .unwrap_or_default();
        assert!(content_type.starts_with(kind), "{path}: {content_type}");
        let policy = response.headers()[header::CONTENT_SECURITY_POLICY]
            .to_str()
            .unwrap_or_default();
        assert!(policy.contains("default-src 'self'"), "{policy}");
        let body = response
            .into_body()
            .collect()
            .await
            .expect("a body")
            .to_bytes();
        let text = String::from_utf8_lossy(&body);
        assert!(text.len() > 500, "{path} is too small");
        // Nothing from elsewhere: no absolute URLs to load.
        assert!(
            !text.contains("http://") && !text.contains("https://"),
            "{path} loads from elsewhere"
        );
    }
}

/// The puzzle of issue 32's report: its solution has 1 in r1c2 (cell 1).
const REPORTED: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// Regression (issue 32): removing r1c2's true digit used to be explained as "Naked single:
/// r1c2 can only be 7", a wrong digit; now the state is refused and the cell named.
#[tokio::test]
async fn a_state_that_lost_a_true_candidate_is_refused_with_its_cell() {
    for path in ["/api/explain", "/api/hint"] {
        let reply = post(path, json!({ "puzzle": REPORTED, "eliminated": [[1, 1]] })).await;
        let err = error(reply, StatusCode::UNPROCESSABLE_ENTITY, "no_solution");
        assert_eq!(err["cells"], json!([1]), "{path}: {err}");
        assert!(
            err["message"]
                .as_str()
                .is_some_and(|m| m.contains("r1c2 lost its 1, which the solution needs")),
            "{path}: {err}"
        );
    }
    // A cell with no candidate left.
    let all: Vec<Value> = (1..=9).map(|d| json!([80, d])).collect();
    for path in ["/api/explain", "/api/hint"] {
        let reply = post(path, json!({ "puzzle": REPORTED, "eliminated": all })).await;
        let err = error(reply, StatusCode::UNPROCESSABLE_ENTITY, "no_solution");
        assert_eq!(err["cells"], json!([80]), "{path}: {err}");
        assert!(
            err["message"]
                .as_str()
                .is_some_and(|m| m.contains("r9c9 has no candidate left")),
            "{path}: {err}"
        );
    }
    // Several solutions, and candidates that allow none of them: no 9 left in row 1.
    let no_nine: Vec<Value> = (0..9).map(|c| json!([c, 9])).collect();
    let reply = post(
        "/api/hint",
        json!({ "puzzle": ".".repeat(81), "eliminated": no_nine }),
    )
    .await;
    error(reply, StatusCode::UNPROCESSABLE_ENTITY, "no_solution");
    // Removing a wrong candidate is fine.
    let (status, json) = post(
        "/api/explain",
        json!({ "puzzle": REPORTED, "eliminated": [[1, 2]] }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{json}");
}

/// Regression (issue 32): explain on a puzzle with several solutions answered 200 "stuck";
/// the CLI says "not explained: more than one solution".
#[tokio::test]
async fn explain_refuses_a_puzzle_with_several_solutions() {
    let several = format!("{}{}", &EASY[..70], ".".repeat(11));
    let reply = post("/api/explain", json!({ "puzzle": several })).await;
    let err = error(reply, StatusCode::UNPROCESSABLE_ENTITY, "not_unique");
    assert!(
        err["message"]
            .as_str()
            .is_some_and(|m| m.contains("more than one solution")),
        "{err}"
    );
    // A hint is still given, without uniqueness techniques.
    let (status, json) = post("/api/hint", json!({ "puzzle": several })).await;
    assert_eq!(status, StatusCode::OK, "{json}");
}

/// The candidates of `puzzle` in the 729-character form.
fn candidate_form(puzzle: &str) -> String {
    let grid = sudokit::format::parse(puzzle).expect("a puzzle").grid;
    sudokit::logic::CandidateGrid::from_grid(&grid).to_candidate_string()
}

/// Regression (issue 32): hint and explain refused the 729-character candidate form ("found
/// 729") that `sudoku hint` reads.
#[tokio::test]
async fn hint_and_explain_read_pencilmark_states() {
    let form = candidate_form(EASY);
    assert_eq!(form.len(), 729);
    // The form reads a cell with one candidate as placed, so only the step is the same (in SE
    // style: human mode's naked singles first would differ on those cells).
    let (_, expected) = post("/api/hint", json!({ "puzzle": EASY, "style": "se" })).await;
    let (status, json) = post("/api/hint", json!({ "puzzle": form, "style": "se" })).await;
    assert_eq!(status, StatusCode::OK, "{json}");
    assert_eq!(json["step"], expected["step"]);
    let (status, json) = post("/api/explain", json!({ "puzzle": form })).await;
    assert_eq!(status, StatusCode::OK, "{json}");
    assert_eq!(json["outcome"], "solved");
    // The pencilmark grid, as HoDoKu prints it.
    let grid = sudokit::format::parse(EASY).expect("a puzzle").grid;
    let pencilmarks = sudokit::logic::CandidateGrid::from_grid(&grid).to_pencilmark_grid();
    let (status, json) = post("/api/hint", json!({ "puzzle": pencilmarks, "style": "se" })).await;
    assert_eq!(status, StatusCode::OK, "{json}");
    assert_eq!(json["step"], expected["step"]);
    // The form with r1c2's true digit gone (see the regression above) is refused too.
    let mut lost = candidate_form(REPORTED).into_bytes();
    lost[9] = b'.';
    let lost = String::from_utf8(lost).expect("ASCII");
    let reply = post("/api/hint", json!({ "puzzle": lost })).await;
    let err = error(reply, StatusCode::UNPROCESSABLE_ENTITY, "no_solution");
    assert_eq!(err["cells"], json!([1]), "{err}");
    // A broken form is a bad puzzle.
    let reply = post("/api/hint", json!({ "puzzle": "1".repeat(729) })).await;
    error(reply, StatusCode::BAD_REQUEST, "bad_puzzle");
}

/// Regression (issue 32): `[1,2,3]` as the body was "not valid JSON", `["<puzzle>"]` was
/// accepted, and messages named Rust types ("expected struct PuzzleRequest", "expected u64").
#[tokio::test]
async fn bodies_of_the_wrong_shape_are_bad_requests_in_the_apis_words() {
    let leaks = ["struct", "Request", "u64", "u8", "sequence", "map"];
    let cases = [
        (
            "/api/solve",
            "[1,2,3]".to_string(),
            "JSON object with a `puzzle`",
        ),
        (
            "/api/solve",
            json!([EASY]).to_string(),
            "JSON object with a `puzzle`",
        ),
        (
            "/api/hint",
            "\"text\"".to_string(),
            "JSON object with a `puzzle`",
        ),
        ("/api/generate", "42".to_string(), "JSON object"),
        (
            "/api/count",
            json!({ "puzzle": EASY, "limit": "10" }).to_string(),
            "`limit`",
        ),
        (
            "/api/count",
            json!({ "puzzle": EASY, "limit": -1 }).to_string(),
            "whole number",
        ),
        (
            "/api/hint",
            json!({ "puzzle": EASY, "eliminated": [[300, 1]] }).to_string(),
            "eliminated",
        ),
        (
            "/api/hint",
            json!({ "puzzle": EASY, "eliminated": [5] }).to_string(),
            "[cell, digit] pair",
        ),
        (
            "/api/hint",
            json!({ "puzzle": EASY, "eliminated": {} }).to_string(),
            "an array",
        ),
        (
            "/api/generate",
            json!({ "seed": [1] }).to_string(),
            "`seed`",
        ),
        ("/api/solve", "{}".to_string(), "`puzzle`"),
    ];
    for (path, body, wanted) in cases {
        let reply = call_with(&Config::default(), "POST", path, &body).await;
        let err = error(reply, StatusCode::BAD_REQUEST, "bad_request");
        let message = err["message"].as_str().unwrap_or_default();
        assert!(message.contains(wanted), "{path} {body}: {message}");
        for leak in leaks {
            assert!(!message.contains(leak), "{path} {body}: {message}");
        }
    }
}

/// The page sends a player's centre notes as eliminations: every digit a note leaves out of
/// an empty cell, including the digits its peers already rule out. Those redundant pairs
/// change nothing: the hint is the one of the bare puzzle, and a note that leaves out the
/// true digit is named (the page shows that sentence).
#[tokio::test]
async fn notes_sent_as_eliminations_with_redundant_pairs_give_the_same_hint() {
    let (status, bare) = post("/api/hint", json!({ "puzzle": EASY })).await;
    assert_eq!(status, StatusCode::OK, "{bare}");
    let candidates = bare["candidates"].as_array().expect("candidates");
    let mut eliminated: Vec<Value> = Vec::new();
    for (cell, marks) in candidates.iter().enumerate() {
        let marks = marks.as_str().unwrap_or_default();
        if EASY.as_bytes()[cell] != b'.' {
            continue;
        }
        for digit in 1..=9u8 {
            if !marks.contains(char::from(b'0' + digit)) {
                eliminated.push(json!([cell, digit]));
            }
        }
    }
    assert!(eliminated.len() > 51 * 4, "{} pairs", eliminated.len());
    let (status, noted) = post(
        "/api/hint",
        json!({ "puzzle": EASY, "eliminated": eliminated }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{noted}");
    assert_eq!(noted["step"], bare["step"]);
    assert_eq!(noted["candidates"], bare["candidates"]);
    // r1c3 (cell 2) is 4 in the solution: a note without it is named.
    eliminated.push(json!([2, 4]));
    let reply = post(
        "/api/hint",
        json!({ "puzzle": EASY, "eliminated": eliminated }),
    )
    .await;
    let err = error(reply, StatusCode::UNPROCESSABLE_ENTITY, "no_solution");
    assert_eq!(err["cells"], json!([2]), "{err}");
    assert!(
        err["message"]
            .as_str()
            .is_some_and(|m| m.contains("r1c3 lost its 4, which the solution needs")),
        "{err}"
    );
}

/// Issue 36: hint and explain are in human mode unless `style` says "se"; rate takes a
/// `scale`, "se" by default or "hodoku" (HoDoKu's score and level over human mode's path).
#[tokio::test]
async fn hint_and_explain_take_a_style_and_rate_a_scale() {
    // top1465 #7 after its first step (r6c5 = 8): SE's first pointing is box 1's 7, human
    // mode's the one that removes most, box 5's 5.
    let mut puzzle =
        ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........"
            .to_string();
    puzzle.replace_range(49..50, "8");
    let (status, human) = post("/api/hint", json!({ "puzzle": puzzle })).await;
    assert_eq!(status, StatusCode::OK, "{human}");
    let (_, explicit) = post("/api/hint", json!({ "puzzle": puzzle, "style": "human" })).await;
    let (_, se) = post("/api/hint", json!({ "puzzle": puzzle, "style": "se" })).await;
    assert_eq!(human["step"], explicit["step"]);
    assert_eq!(human["step"]["digits"][0], 5);
    assert_eq!(se["step"]["digits"][0], 7);
    let reply = post("/api/hint", json!({ "puzzle": puzzle, "style": "hodoku" })).await;
    error(reply, StatusCode::BAD_REQUEST, "bad_request");
    // explain: the same switch, the same answer shape.
    let (status, human) = post("/api/explain", json!({ "puzzle": puzzle })).await;
    assert_eq!(status, StatusCode::OK, "{human}");
    let (_, se) = post("/api/explain", json!({ "puzzle": puzzle, "style": "se" })).await;
    let ids = |json: &Value| -> Vec<String> {
        json["steps"]
            .as_array()
            .map(|steps| {
                steps
                    .iter()
                    .filter_map(|s| s["technique"].as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()
    };
    let forcing = |id: &String| id.contains("forcing_chains") || id.starts_with("dynamic");
    assert!(!ids(&human).iter().any(forcing), "{:?}", ids(&human));
    assert!(ids(&se).iter().any(forcing), "{:?}", ids(&se));
    // rate: SE's scale by default, HoDoKu's on request.
    let (_, se) = post("/api/rate", json!({ "puzzle": puzzle })).await;
    let (status, hodoku) = post("/api/rate", json!({ "puzzle": puzzle, "scale": "hodoku" })).await;
    assert_eq!(status, StatusCode::OK, "{hodoku}");
    assert_ne!(se["score"], hodoku["score"]);
    assert_eq!(hodoku["level"], "extreme");
}
