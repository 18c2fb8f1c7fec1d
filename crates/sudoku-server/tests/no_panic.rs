//! No input makes the server fail: arbitrary bodies and mangled puzzles to every endpoint get a
//! 2xx or a 4xx JSON answer, never a 5xx (a panic would be a 500).

use axum::body::Body;
use axum::http::Request;
use http_body_util::BodyExt;
use proptest::prelude::*;
use serde_json::{json, Value};
use sudoku_server::{router, Config};
use tower::ServiceExt;

const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

const ENDPOINTS: [&str; 7] = [
    "solve", "count", "check", "hint", "explain", "rate", "generate",
];

/// Sends `body` to `/api/{endpoint}`; the status and whether the body was JSON.
fn send(runtime: &tokio::runtime::Runtime, endpoint: &str, body: Vec<u8>) -> (u16, bool) {
    runtime.block_on(async {
        let request = Request::post(format!("/api/{endpoint}"))
            .body(Body::from(body))
            .expect("a request");
        let response = router(&Config::default())
            .oneshot(request)
            .await
            .expect("a response");
        let status = response.status().as_u16();
        let bytes = response
            .into_body()
            .collect()
            .await
            .expect("a body")
            .to_bytes();
        (status, serde_json::from_slice::<Value>(&bytes).is_ok())
    })
}

/// The easy puzzle with some cells replaced: valid, invalid, several or no solutions.
fn mangled() -> impl Strategy<Value = String> {
    prop::collection::vec(
        (0..81usize, prop::sample::select(b"123456789.".to_vec())),
        0..12,
    )
    .prop_map(|changes| {
        let mut bytes = EASY.as_bytes().to_vec();
        for (cell, ch) in changes {
            bytes[cell] = ch;
        }
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

fn body() -> impl Strategy<Value = Vec<u8>> {
    let eliminated = prop::collection::vec((0..90u32, 0..12u32), 0..20);
    prop_oneof![
        prop::collection::vec(any::<u8>(), 0..200),
        "[0-9. |\\-+\\n\\[\\],\"a-z]{0,120}"
            .prop_map(|text| json!({ "puzzle": text }).to_string().into_bytes()),
        (mangled(), eliminated, 0..5000u64).prop_map(|(puzzle, eliminated, limit)| {
            json!({ "puzzle": puzzle, "eliminated": eliminated, "limit": limit })
                .to_string()
                .into_bytes()
        }),
        mangled().prop_map(|puzzle| json!({ "puzzle": puzzle }).to_string().into_bytes()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn every_answer_is_json_and_never_a_server_error(
        endpoint in prop::sample::select(&ENDPOINTS[..6]),
        body in body(),
    ) {
        let runtime = tokio::runtime::Runtime::new().expect("a runtime");
        let (status, json) = send(&runtime, endpoint, body);
        prop_assert!(json, "{endpoint}: not JSON");
        prop_assert!(status == 200 || (400..500).contains(&status), "{endpoint}: {status}");
    }

}

proptest! {
    // Fewer cases: each valid request generates (and rates) a puzzle.
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn generate_options_never_fail_the_server(
        symmetry in prop::sample::select(vec!["none", "rot180", "mirror", "spiral", ""]),
        clues in prop::sample::select(vec!["", "30", "10", "20..25", "x", "90", "5..3"]),
        seed in any::<u64>(),
    ) {
        let mut request = json!({ "symmetry": symmetry, "seed": seed });
        if !clues.is_empty() {
            request["clues"] = json!(clues);
        }
        let runtime = tokio::runtime::Runtime::new().expect("a runtime");
        let (status, json) = send(&runtime, ENDPOINTS[6], request.to_string().into_bytes());
        prop_assert!(json);
        prop_assert!(status == 200 || (400..500).contains(&status), "{request}: {status}");
    }
}
