// The page's one way to the engine: every solve, check, hint, explain, rate and generate goes
// through these functions, which answer with the JSON shapes of the HTTP API (see
// /api/openapi.json) or throw an EngineError with the API's error object.
//
// This backend asks `sudoku serve` over HTTP. A backend that runs the engine in the browser
// (the WebAssembly package in a Web Worker) replaces this file alone: it exports the same
// functions with the same answers, and nothing else in the page changes.

/** A refusal or a failure, with the API's `code`, `message` and `cells`. */
export class EngineError extends Error {
  constructor(error) {
    super(error.message || 'The request failed.');
    this.name = 'EngineError';
    this.code = error.code;
    this.cells = error.cells || [];
  }
}

async function call(endpoint, body) {
  let response;
  try {
    response = await fetch(`/api/${endpoint}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (err) {
    throw new EngineError({ code: 'network', message: 'The server cannot be reached.' });
  }
  let data = null;
  try {
    data = await response.json();
  } catch (err) {
    data = null;
  }
  if (!response.ok || data === null) {
    throw new EngineError((data && data.error) || { message: `The server answered ${response.status}.` });
  }
  return data;
}

/** `POST /api/check`: validity, uniqueness and the solution of `puzzle` (any format). */
export const check = (puzzle) => call('check', { puzzle });

/** `POST /api/solve`: one solution of `puzzle`. */
export const solve = (puzzle) => call('solve', { puzzle });

/** `POST /api/hint`: the next step from `puzzle` less the `[cell, digit]` pairs `eliminated`. */
export const hint = (puzzle, eliminated = []) => call('hint', { puzzle, eliminated });

/** `POST /api/explain`: every step of the human-style solve from the same state as `hint`. */
export const explain = (puzzle, eliminated = []) => call('explain', { puzzle, eliminated });

/** `POST /api/rate`: the Sudoku Explainer rating and HoDoKu level of `puzzle`. */
export const rate = (puzzle) => call('rate', { puzzle });

/** `POST /api/generate`: a new puzzle; `options` as the API's body (symmetry, level, minimal). */
export const generate = (options) => call('generate', options);
