//! Where the CPU work runs: a fixed number of slots on tokio's blocking pool.
//!
//! Solving, rating and generating are CPU-bound and take from microseconds to seconds, so they
//! never run on the async executor (a long one would stall every connection on that thread).
//! [`Workers::run`] takes a slot, waiting at most `queue_wait` for one (then `overloaded`, 503),
//! and runs the job with `spawn_blocking`. The slot is released by the job itself when it
//! ends, not when the client stops waiting: so a request that hit the hard `timeout` (504)
//! still occupies its slot until its work is done, and abandoned work can never pile up
//! beyond the slot count. The work budgets (see [`Limits`](crate::Limits)) are what end a job
//! early; the timeout is only a backstop for the client.

use crate::error::{ApiError, ErrorCode};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// A bounded set of slots for blocking jobs.
#[derive(Debug, Clone)]
pub(crate) struct Workers {
    slots: Arc<Semaphore>,
    capacity: usize,
    queue_wait: Duration,
    timeout: Duration,
}

impl Workers {
    /// `slots` concurrent jobs (at least one), waiting `queue_wait` for a slot and `timeout`
    /// for a job.
    pub(crate) fn new(slots: usize, queue_wait: Duration, timeout: Duration) -> Workers {
        let capacity = slots.max(1);
        Workers {
            slots: Arc::new(Semaphore::new(capacity)),
            capacity,
            queue_wait,
            timeout,
        }
    }

    /// Runs `job` on the blocking pool once a slot is free.
    pub(crate) async fn run<T, F>(&self, job: F) -> Result<T, ApiError>
    where
        F: FnOnce() -> Result<T, ApiError> + Send + 'static,
        T: Send + 'static,
    {
        let permit =
            match tokio::time::timeout(self.queue_wait, self.slots.clone().acquire_owned()).await {
                Ok(Ok(permit)) => permit,
                // The semaphore is never closed; treat it like a full queue if it were.
                Ok(Err(_)) | Err(_) => {
                    return Err(ApiError::new(
                        ErrorCode::Overloaded,
                        format!(
                            "all {} workers are busy; try again in a moment",
                            self.capacity()
                        ),
                    ))
                }
            };
        let handle = tokio::task::spawn_blocking(move || {
            let _slot = permit;
            job()
        });
        match tokio::time::timeout(self.timeout, handle).await {
            Ok(Ok(result)) => result,
            Ok(Err(join)) => {
                tracing::error!("a worker failed: {join}");
                Err(ApiError::internal("the worker failed; this is a bug"))
            }
            Err(_) => Err(ApiError::new(
                ErrorCode::Timeout,
                format!(
                    "the work did not finish within {} ms",
                    self.timeout.as_millis()
                ),
            )),
        }
    }

    /// How many jobs may run at once.
    pub(crate) fn capacity(&self) -> usize {
        self.capacity
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_full_pool_answers_overloaded_and_a_slow_job_times_out() {
        let workers = Workers::new(1, Duration::from_millis(50), Duration::from_millis(100));
        let (release, wait) = std::sync::mpsc::channel::<()>();
        let (started, running) = tokio::sync::oneshot::channel::<()>();
        let busy = workers.clone();
        let first = tokio::spawn(async move {
            busy.run(move || {
                let _ = started.send(());
                // Holds the only slot until the test says so (or for 5 s at most).
                let _ = wait.recv_timeout(Duration::from_secs(5));
                Ok(1)
            })
            .await
        });
        running.await.expect("the first job starts");
        let second = workers.run(|| Ok(2)).await;
        assert_eq!(second.map_err(|e| e.code), Err(ErrorCode::Overloaded));
        // The first job outlives the 100 ms timeout: its client gets a 504.
        let first = first.await.expect("the task ends");
        assert_eq!(first.map_err(|e| e.code), Err(ErrorCode::Timeout));
        // Its slot stays taken until the job really ends.
        assert_eq!(
            workers.run(|| Ok(3)).await.map_err(|e| e.code),
            Err(ErrorCode::Overloaded)
        );
        release.send(()).expect("the job is still waiting");
        // The slot comes back once the job has returned: each try waits up to the queue wait
        // for it, a bounded number of times.
        let mut result = Err(ApiError::internal("not tried"));
        for _ in 0..200 {
            result = workers.run(|| Ok(4)).await;
            if result.is_ok() {
                break;
            }
        }
        assert_eq!(result, Ok(4));
        assert_eq!(workers.capacity(), 1);
    }

    #[tokio::test]
    async fn a_panicking_job_is_an_internal_error() {
        // Timeouts far above any wait: the panic's answer must come, not a timeout's (with 1 s,
        // a loaded machine capturing the backtrace answered 504).
        let workers = Workers::new(2, Duration::from_secs(600), Duration::from_secs(600));
        let result = workers
            .run(|| -> Result<(), ApiError> { panic!("a bug in a job") })
            .await;
        assert_eq!(result.map_err(|e| e.code), Err(ErrorCode::Internal));
    }
}
