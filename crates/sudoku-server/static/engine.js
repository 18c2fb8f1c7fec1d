// The page's one way to the engine: every solve, check, hint, explain, rate and generate goes
// through these functions, which answer with the JSON shapes of the HTTP API (see
// /api/openapi.json) or throw an EngineError with the API's error object.
//
// Two backends answer the same way. The page that `sudoku serve` sends asks the server over
// HTTP. The static build (scripts/site.sh, target/site/), and `sudoku serve --site` for the
// page it sends, mark index.html with
// <meta name="sudoku-engine" content="wasm">, and then engine-worker.js runs the engine here,
// in the browser: the WebAssembly package in a Web Worker, so no server is needed. Long work
// can be stopped with cancel() on either backend.

/** A refusal or a failure, with the API's `code`, `message` and `cells`. */
export class EngineError extends Error {
  constructor(error) {
    super(error.message || 'The request failed.');
    this.name = 'EngineError';
    this.code = error.code;
    this.cells = error.cells || [];
  }
}

const cancelled = () => new EngineError({ code: 'cancelled', message: 'Stopped.' });

// ---- the HTTP backend ---------------------------------------------------------------------

let aborts = new AbortController();

async function call(endpoint, body) {
  let response;
  try {
    response = await fetch(`/api/${endpoint}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: aborts.signal,
    });
  } catch (err) {
    if (err && err.name === 'AbortError') throw cancelled();
    throw new EngineError({ code: 'network', message: 'The server cannot be reached.' });
  }
  let data = null;
  try {
    data = await response.json();
  } catch (err) {
    if (err && err.name === 'AbortError') throw cancelled();
    data = null;
  }
  if (!response.ok || data === null) {
    throw new EngineError((data && data.error) || { message: `The server answered ${response.status}.` });
  }
  return data;
}

const http = {
  check: (puzzle) => call('check', { puzzle }),
  solve: (puzzle) => call('solve', { puzzle }),
  hint: (puzzle, eliminated) => call('hint', { puzzle, eliminated }),
  explain: (puzzle, eliminated) => call('explain', { puzzle, eliminated }),
  rate: (puzzle) => call('rate', { puzzle }),
  generate: (options) => call('generate', options),
  // The server stops the request's work at its own budget; the page stops waiting now.
  cancel: () => {
    aborts.abort();
    aborts = new AbortController();
  },
};

// ---- the backend of this page -------------------------------------------------------------

const flag = document.querySelector('meta[name="sudoku-engine"]');
/** Where the engine runs: 'wasm' (in a Web Worker of this page) or 'http' (`sudoku serve`). */
export const where = flag && flag.content === 'wasm' ? 'wasm' : 'http';

let backend = http;
if (where === 'wasm') {
  const worker = await import('./engine-worker.js');
  // The package's errors carry the API's `code`; a cancelled call is one the page stopped.
  const same = (fn) => (...args) => fn(...args).catch((err) => {
    if (err && err.kind === 'cancelled') throw cancelled();
    throw new EngineError({ code: err.code, message: err.message, cells: err.cells });
  });
  backend = {
    check: same(worker.check),
    solve: same(worker.solve),
    hint: same(worker.hint),
    explain: same(worker.explain),
    rate: same(worker.rate),
    generate: same(worker.generate),
    cancel: worker.cancel,
  };
}

/** `POST /api/check`: validity, uniqueness and the solution of `puzzle` (any format). */
export const check = (puzzle) => backend.check(puzzle);

/** `POST /api/solve`: one solution of `puzzle`. */
export const solve = (puzzle) => backend.solve(puzzle);

/** `POST /api/hint`: the next step from `puzzle` less the `[cell, digit]` pairs `eliminated`. */
export const hint = (puzzle, eliminated = []) => backend.hint(puzzle, eliminated);

/** `POST /api/explain`: every step of the human-style solve from the same state as `hint`. */
export const explain = (puzzle, eliminated = []) => backend.explain(puzzle, eliminated);

/** `POST /api/rate`: the Sudoku Explainer rating and HoDoKu level of `puzzle`. */
export const rate = (puzzle) => backend.rate(puzzle);

/** `POST /api/generate`: a new puzzle; `options` as the API's body (symmetry, level, minimal). */
export const generate = (options) => backend.generate(options);

/** Stops the work under way: its call rejects with an EngineError of code 'cancelled'. */
export const cancel = () => backend.cancel();
