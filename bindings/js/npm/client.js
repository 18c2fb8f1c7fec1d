// Runs the package's functions off the main thread: in a Web Worker in browsers, a worker
// thread in Node. Every call returns a promise; cancel() ends the work under way at once by
// terminating the worker (its pending calls reject with kind 'cancelled'), and the next call
// starts a fresh one. A time limit (the options' timeLimit) ends work inside the worker
// instead, with kind 'time_limit'.
import { SudokitError } from './api.js';

export { SudokitError };

const inNode = typeof process !== 'undefined' && process.versions != null && process.versions.node != null
  && typeof window === 'undefined';

async function spawn(url) {
  if (inNode) {
    const { Worker } = await import('node:worker_threads');
    // The worker inherits Node's flags, except --input-type, which a worker file refuses.
    const execArgv = process.execArgv.filter((flag) => !flag.startsWith('--input-type'));
    const worker = new Worker(url, { execArgv });
    return {
      onMessage: (f) => worker.on('message', f),
      onError: (f) => {
        worker.on('error', f);
        // A worker that exits without an error event (out of memory, process.exit) fails too;
        // after terminate() this worker is no longer current and the call is ignored.
        worker.on('exit', (code) => f(new Error(`the worker exited with code ${code}`)));
      },
      post: (message) => worker.postMessage(message),
      terminate: () => worker.terminate(),
      // An idle worker must not keep Node running; a busy one must, until it answers.
      hold: (busy) => (busy ? worker.ref() : worker.unref()),
    };
  }
  const worker = new Worker(url, { type: 'module' });
  return {
    onMessage: (f) => { worker.onmessage = (event) => f(event.data); },
    onError: (f) => { worker.onerror = (event) => { event.preventDefault(); f(new Error(event.message)); }; },
    post: (message) => worker.postMessage(message),
    terminate: () => worker.terminate(),
    hold: () => {},
  };
}

export class SudokitWorker {
  #url;
  #worker = null;
  #pending = new Map();
  #next = 0;
  #starts = new WeakMap();

  /** A client; the worker starts at the first call. `url`: where worker.js is served. */
  constructor(url = new URL('./worker.js', import.meta.url)) {
    this.#url = url;
  }

  #start() {
    if (this.#worker === null) {
      const started = spawn(this.#url);
      this.#worker = started;
      started.then((worker) => {
        worker.onMessage((message) => this.#answer(started, message));
        worker.onError((err) => this.#fail(started, err));
      }, (err) => this.#fail(started, err));
    }
    return this.#worker;
  }

  #answer(from, { id, started, ok, error, fatal }) {
    const call = this.#pending.get(id);
    if (call === undefined) return;
    if (started) {
      call.started();
      return;
    }
    this.#pending.delete(id);
    if (error !== undefined) call.reject(new SudokitError(error));
    else call.resolve(ok);
    if (fatal) this.#stop(from, 'the worker\'s WebAssembly instance trapped; it was restarted');
    else this.#hold(from);
  }

  #fail(from, err) {
    this.#stop(from, `the worker failed: ${err && err.message ? err.message : err}`, 'internal');
  }

  async #hold(from) {
    const worker = await from;
    if (this.#worker === from) worker.hold(this.#pending.size > 0);
  }

  /** Terminates the worker `from` (if current) and rejects every pending call. */
  #stop(from, message, kind = 'cancelled') {
    if (from === null || this.#worker !== from) return;
    this.#worker = null;
    from.then((worker) => worker.terminate(), () => {});
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const call of pending) {
      call.reject(new SudokitError({ kind, code: kind === 'cancelled' ? 'budget_exhausted' : 'internal', message }));
    }
  }

  /** Runs `fn` (a function name of the package) with `args` in the worker. */
  call(fn, ...args) {
    const id = this.#next++;
    const started = this.#start();
    let markStarted = null;
    const start = new Promise((resolve) => { markStarted = resolve; });
    const answer = new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, started: markStarted });
    });
    this.#starts.set(answer, start);
    started.then((worker) => {
      // Only if this worker is still the current one (no cancel() in between).
      if (this.#worker !== started || !this.#pending.has(id)) return;
      worker.hold(true);
      worker.post({ id, fn, args });
    });
    return answer;
  }

  /** A promise that resolves when the worker begins the call whose answer is `answer` (a
   *  promise this client returned); it never resolves for a call cancelled before that. */
  started(answer) {
    return this.#starts.get(answer) ?? Promise.reject(new Error('not a call of this worker'));
  }

  /** Ends the work under way: the worker is terminated and every pending call rejects with
   * kind 'cancelled'; the next call starts a new worker. */
  cancel() {
    this.#stop(this.#worker, 'cancelled');
  }

  /** Terminates the worker for good (pending calls reject with kind 'cancelled'). */
  close() {
    this.cancel();
  }

  solve(puzzle, options) { return this.call('solve', puzzle, options); }
  count(puzzle, options) { return this.call('count', puzzle, options); }
  check(puzzle, options) { return this.call('check', puzzle, options); }
  hint(puzzle, options) { return this.call('hint', puzzle, options); }
  explain(puzzle, options) { return this.call('explain', puzzle, options); }
  rate(puzzle, options) { return this.call('rate', puzzle, options); }
  canon(puzzle) { return this.call('canon', puzzle); }
  generate(options) { return this.call('generate', options); }
  solveMany(puzzles, options) { return this.call('solveMany', puzzles, options); }
  countMany(puzzles, options) { return this.call('countMany', puzzles, options); }
  rateMany(puzzles, options) { return this.call('rateMany', puzzles, options); }
}
