// The player's clock: counts the time while `running(clock)` says so, as m:ss (h:mm:ss past an
// hour). It reads Date.now() only when asked (sync), so it is exact under a fake clock and
// costs nothing between the page's once-a-second syncs.

/**
 * A clock that runs while `running(clock)` is true; `show(clock)` is called on every sync to
 * draw it. `paused` is the player's pause.
 */
export function createClock(running, show) {
  const clock = {
    elapsed: 0, // ms counted before `since`
    since: null, // when the clock last started, while it runs
    paused: false,
    total() {
      return this.elapsed + (this.since === null ? 0 : Date.now() - this.since);
    },
    text() {
      const s = Math.floor(this.total() / 1000);
      const h = Math.floor(s / 3600);
      const mm = String(Math.floor((s % 3600) / 60));
      const ss = String(s % 60).padStart(2, '0');
      return h ? `${h}:${mm.padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
    },
    /** Starts or stops the count as `running` now says, and redraws. */
    sync() {
      const run = running(this);
      if (run && this.since === null) this.since = Date.now();
      if (!run && this.since !== null) {
        this.elapsed += Date.now() - this.since;
        this.since = null;
      }
      show(this);
    },
    /** Back to 0:00, not paused. */
    reset() {
      this.elapsed = 0;
      this.since = null;
      this.paused = false;
      this.sync();
    },
  };
  return clock;
}
