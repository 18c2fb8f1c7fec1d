//! The engine of the static build, served next to the API so that the page runs it in the
//! browser (`sudoku serve --site DIR`).
//!
//! `scripts/site.sh` builds the page as static files (`target/site/`): the page's own files
//! and, under `sudokit/`, the npm package's browser half with the WebAssembly module. Given
//! that folder, the server reads the package's six files once at start (a missing one is an
//! error then, not a 404 later), serves them at the same paths, and marks the page it sends
//! with `<meta name="sudoku-engine" content="wasm">`, so the page's `engine.js` answers every
//! request in a Web Worker instead of over HTTP. The page's own files still come from the
//! binary: only the engine comes from disk. The page also gets the server's [`Limits`] in a
//! `<meta name="sudoku-limits">`, so that the worker stops where the API would.
//!
//! Without a site, those paths answer 404 and the page uses the API, as it always did.

use crate::Limits;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The files of the package a site must hold: the path under the site and the content type.
pub(crate) const FILES: [(&str, &str); 6] = [
    ("sudokit/api.js", JS),
    ("sudokit/client.js", JS),
    ("sudokit/web.js", JS),
    ("sudokit/worker.js", JS),
    ("sudokit/wasm/sudokit_js.js", JS),
    ("sudokit/wasm/sudokit_js_bg.wasm", "application/wasm"),
];

const JS: &str = "text/javascript; charset=utf-8";

/// The largest file read from a site: the module is under 1 MB; anything far above is not a
/// file of `scripts/site.sh`.
const MAX_FILE: u64 = 32 * 1024 * 1024;

/// The policy of the package's files. A dedicated worker runs under its own script's policy,
/// not the page's: `worker.js` compiles the WebAssembly module, hence `'wasm-unsafe-eval'`
/// (which allows compiling WebAssembly and nothing like `eval`).
const POLICY: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
                      connect-src 'self'; base-uri 'none'; form-action 'none'; \
                      frame-ancestors 'none'";

/// The engine files of a static build, read into memory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Site {
    dir: PathBuf,
    /// The contents of [`FILES`], in that order.
    files: Arc<[Arc<[u8]>]>,
}

/// Why a site cannot be served.
#[derive(Debug, thiserror::Error)]
pub enum SiteError {
    /// A file of the package cannot be read (the folder is not a build of `scripts/site.sh`).
    #[error("cannot read {path} (is the folder a build of scripts/site.sh?)")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// A file is far larger than any of the package's.
    #[error("{path} is {size} bytes, too large to be a file of scripts/site.sh's build")]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its size.
        size: u64,
    },
    /// The module is not WebAssembly.
    #[error("{path} is not a WebAssembly module")]
    NotWasm {
        /// The file.
        path: PathBuf,
    },
}

impl Site {
    /// Reads the engine files of the static build in `dir` (`target/site` after
    /// `scripts/site.sh`).
    pub fn load(dir: impl AsRef<Path>) -> Result<Site, SiteError> {
        let dir = dir.as_ref().to_path_buf();
        let mut files = Vec::with_capacity(FILES.len());
        for (name, content_type) in FILES {
            let path = dir.join(name);
            let read = |source| SiteError::Read {
                path: path.clone(),
                source,
            };
            let size = std::fs::metadata(&path).map_err(read)?.len();
            if size > MAX_FILE {
                return Err(SiteError::TooLarge { path, size });
            }
            let bytes = std::fs::read(&path).map_err(read)?;
            if content_type == "application/wasm" && !bytes.starts_with(b"\0asm") {
                return Err(SiteError::NotWasm { path });
            }
            files.push(Arc::from(bytes));
        }
        Ok(Site {
            dir,
            files: files.into(),
        })
    }

    /// The folder the files were read from.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The answer to `GET /{FILES[index].0}`.
    pub(crate) fn file(&self, index: usize) -> Response {
        match (FILES.get(index), self.files.get(index)) {
            (Some(&(_, content_type)), Some(bytes)) => (
                [
                    (header::CONTENT_TYPE, content_type),
                    (header::CONTENT_SECURITY_POLICY, POLICY),
                    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
                    (header::CACHE_CONTROL, "no-cache"),
                ],
                axum::body::Bytes::from_owner(bytes.clone()),
            )
                .into_response(),
            _ => crate::error::ApiError::new(crate::ErrorCode::NotFound, "no such file")
                .into_response(),
        }
    }
}

/// The page as sent when the server has a site: `index` with the engine flag and `limits`
/// right after its `<meta charset>` line (as `scripts/site.sh` puts the flag).
pub(crate) fn flagged_index(index: &str, limits: &Limits) -> String {
    let tags = format!(
        "\n<meta name=\"sudoku-engine\" content=\"wasm\">\n{}",
        limits_meta(limits)
    );
    let charset = "<meta charset=\"utf-8\">";
    match index.find(charset) {
        Some(at) => {
            let end = at + charset.len();
            format!("{}{tags}{}", &index[..end], &index[end..])
        }
        // The page always has the line (a test checks it); without it, no flag: the page
        // then uses the API, which still works.
        None => index.to_string(),
    }
}

/// `<meta name="sudoku-limits" content="logic=MS generate=MS guesses=N attempts=N">`: the
/// budgets the page's worker gives each call (engine-worker.js reads it).
fn limits_meta(limits: &Limits) -> String {
    format!(
        "<meta name=\"sudoku-limits\" content=\"logic={} generate={} guesses={} attempts={}\">",
        limits.logic_time.as_millis(),
        limits.generate_time.as_millis(),
        limits.guesses,
        limits.generate_attempts
    )
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A folder with files named as a site's (small stand-ins), removed on drop.
    pub(crate) struct FakeSite(pub(crate) PathBuf);

    impl FakeSite {
        pub(crate) fn new(tag: &str) -> FakeSite {
            let dir =
                std::env::temp_dir().join(format!("sudoku-site-{tag}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            for (name, content_type) in FILES {
                let path = dir.join(name);
                std::fs::create_dir_all(path.parent().expect("a parent")).expect("a folder");
                let body: &[u8] = if content_type == JS {
                    b"export {};\n"
                } else {
                    b"\0asm\x01\0\0\0"
                };
                std::fs::write(&path, body).expect("written");
            }
            FakeSite(dir)
        }
    }

    impl Drop for FakeSite {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn a_site_needs_every_file_and_a_real_module() {
        let fake = FakeSite::new("load");
        let site = Site::load(&fake.0).expect("a site");
        assert_eq!(site.dir(), fake.0);
        std::fs::write(fake.0.join("sudokit/wasm/sudokit_js_bg.wasm"), b"<html>").expect("w");
        assert!(matches!(
            Site::load(&fake.0),
            Err(SiteError::NotWasm { .. })
        ));
        std::fs::remove_file(fake.0.join("sudokit/worker.js")).expect("removed");
        let err = Site::load(&fake.0).expect_err("a missing file");
        assert!(
            matches!(&err, SiteError::Read { path, .. } if path.ends_with("sudokit/worker.js")),
            "{err}"
        );
    }

    #[test]
    fn the_flagged_page_carries_the_flag_and_the_limits() {
        let index = include_str!("../static/index.html");
        let page = flagged_index(index, &Limits::default());
        assert!(page.contains(
            "<meta charset=\"utf-8\">\n<meta name=\"sudoku-engine\" content=\"wasm\">\n\
             <meta name=\"sudoku-limits\" content=\"logic=10000 generate=5000 guesses=200000 attempts=50\">\n"
        ));
        // Nothing else changes.
        let tags = page.len() - index.len();
        let at = page
            .find("\n<meta name=\"sudoku-engine\"")
            .expect("the flag");
        assert_eq!(format!("{}{}", &page[..at], &page[at + tags..]), index);
        assert!(!index.contains("sudoku-engine"));
    }

    /// engine-worker.js's own defaults (for the static build, which has no server to ask) are
    /// the server's.
    #[test]
    fn the_workers_defaults_are_the_servers_limits() {
        let worker = include_str!("../static/engine-worker.js");
        let limits = Limits::default();
        for (key, value) in [
            ("logic", limits.logic_time.as_millis().to_string()),
            ("generate", limits.generate_time.as_millis().to_string()),
            ("guesses", limits.guesses.to_string()),
            ("attempts", limits.generate_attempts.to_string()),
        ] {
            let line = format!("{key}: {value},");
            assert!(worker.contains(&line), "engine-worker.js lacks `{line}`");
        }
    }
}
