// The package's functions over the WebAssembly module's two exports, `call` and `callMany`
// (bindings/js/src/lib.rs): options go in as JSON text, answers come back as JSON text in the
// HTTP API's shapes, and an error comes back as a thrown SudokitError.

let glue = null;

/** Binds the initialised wasm-bindgen glue (by index.js in Node, by web.js's init()). */
export function bind(module) {
  glue = module;
}

/** An error of the engine: `kind` to switch on, the HTTP API's `code`, and where. */
export class SudokitError extends Error {
  constructor(failure) {
    super(failure.message);
    this.name = 'SudokitError';
    this.kind = failure.kind;
    this.code = failure.code;
    if (failure.line !== undefined) this.line = failure.line;
    if (failure.column !== undefined) this.column = failure.column;
    if (failure.cells !== undefined) this.cells = failure.cells;
  }

  /** The plain failure object, as a batch item's `error` holds it. */
  toJSON() {
    const failure = { kind: this.kind, code: this.code, message: this.message };
    for (const key of ['line', 'column', 'cells']) {
      if (this[key] !== undefined) failure[key] = this[key];
    }
    return failure;
  }
}

function wasm() {
  if (glue === null) {
    throw new SudokitError({
      kind: 'internal',
      code: 'internal',
      message: 'sudokit: the WebAssembly module is not loaded yet: await init() first',
    });
  }
  return glue;
}

function badOption(message) {
  return new SudokitError({ kind: 'bad_option', code: 'bad_request', message });
}

/** Puzzle text from a string, a JSON board (array of rows) or 81 digits (0 = blank). */
function puzzleText(puzzle) {
  if (typeof puzzle === 'string') return puzzle;
  if (Array.isArray(puzzle)) return JSON.stringify(puzzle);
  if (ArrayBuffer.isView(puzzle) && puzzle.length === 81) return digits(puzzle, 0);
  throw new SudokitError({
    kind: 'invalid_puzzle',
    code: 'bad_request',
    message: 'a puzzle is a string (a line or a grid), a JSON board or 81 digits (0 = blank)',
  });
}

function digits(array, start) {
  let line = '';
  for (let i = start; i < start + 81; i += 1) {
    const d = array[i];
    line += d >= 1 && d <= 9 ? String(d) : d === 0 ? '.' : '?';
  }
  return line;
}

function optionsText(options) {
  if (options === undefined || options === null) return '{}';
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw badOption('options must be an object');
  }
  return JSON.stringify(options);
}

function unwrap(json) {
  const answer = JSON.parse(json);
  if (answer.error !== undefined) throw new SudokitError(answer.error);
  return answer.ok;
}

function call(name, puzzle, options) {
  return unwrap(wasm().call(name, puzzleText(puzzle), optionsText(options)));
}

/** The items of a batch as puzzle texts; an item that is none gets its error in place. */
function callMany(name, puzzles, options) {
  const opts = optionsText(options);
  let items;
  if (ArrayBuffer.isView(puzzles)) {
    if (puzzles.length % 81 !== 0) {
      throw badOption(`a typed array of puzzles holds N x 81 digits, not ${puzzles.length}`);
    }
    items = [];
    for (let start = 0; start < puzzles.length; start += 81) items.push(digits(puzzles, start));
  } else if (Array.isArray(puzzles)) {
    items = puzzles;
  } else {
    throw badOption('puzzles must be an array (or a typed array of N x 81 digits)');
  }
  const texts = [];
  const failed = new Map();
  items.forEach((puzzle, i) => {
    try {
      texts.push(puzzleText(puzzle));
    } catch (err) {
      failed.set(i, err.toJSON());
    }
  });
  const answers = unwrap(wasm().callMany(name, texts, opts));
  if (failed.size === 0) return answers;
  let next = 0;
  return items.map((_, i) => (failed.has(i) ? { error: failed.get(i) } : answers[next++]));
}

export function solve(puzzle, options) {
  return call('solve', puzzle, options);
}

export function count(puzzle, options) {
  return call('count', puzzle, options);
}

export function check(puzzle, options) {
  return call('check', puzzle, options);
}

export function hint(puzzle, options) {
  return call('hint', puzzle, options);
}

export function explain(puzzle, options) {
  return call('explain', puzzle, options);
}

export function rate(puzzle, options) {
  return call('rate', puzzle, options);
}

export function canon(puzzle) {
  return call('canon', puzzle, undefined);
}

export function generate(options) {
  const opts = { ...(optionsText(options) === '{}' ? {} : options) };
  // Below 2^53, so that the seed in the answer reproduces the puzzles exactly.
  if (opts.seed === undefined) opts.seed = Math.floor(Math.random() * 2 ** 53);
  return call('generate', '', opts);
}

export function solveMany(puzzles, options) {
  return callMany('solve', puzzles, options);
}

export function countMany(puzzles, options) {
  return callMany('count', puzzles, options);
}

export function rateMany(puzzles, options) {
  return callMany('rate', puzzles, options);
}
