// The in-browser backend of engine.js (the static build, scripts/site.sh, and `sudoku serve
// --site`): the WebAssembly package (bindings/js, in ./sudokit/) runs in one Web Worker, so the
// page never blocks. Each function answers as the HTTP API's endpoint of the same name does,
// with the same options and the same budgets: `sudoku serve --site` writes its own limits into
// <meta name="sudoku-limits">, and the static build, which has no server, uses the server's
// defaults below. cancel() terminates the worker (the call under way rejects with kind
// 'cancelled') and the next call starts a fresh one, its module compiled again.
import { SudokitWorker } from './sudokit/client.js';

/** The server's default limits (sudoku_server::Limits::default(); a Rust test keeps them so). */
const DEFAULTS = {
  logic: 10000,
  generate: 5000,
  guesses: 200000,
  attempts: 50,
};

/**
 * The budgets of this page: `content="logic=MS generate=MS guesses=N attempts=N"` read over
 * the defaults; a missing or malformed entry keeps its default.
 */
export function readLimits(text) {
  const limits = { ...DEFAULTS };
  for (const entry of (text || '').split(/\s+/)) {
    const [key, value] = entry.split('=');
    if (Object.hasOwn(DEFAULTS, key) && /^\d{1,15}$/.test(value || '')) limits[key] = Number(value);
  }
  return limits;
}

const meta = document.querySelector('meta[name="sudoku-limits"]');
export const limits = readLimits(meta && meta.content);

const engine = new SudokitWorker(new URL('./sudokit/worker.js', import.meta.url));
const exact = { maxGuesses: limits.guesses };
const logic = { ...exact, timeLimit: limits.logic };

export const check = (puzzle) => engine.check(puzzle, exact);
export const solve = (puzzle) => engine.solve(puzzle, exact);
export const hint = (puzzle, eliminated) => engine.hint(puzzle, { ...logic, eliminated });
export const explain = (puzzle, eliminated) => engine.explain(puzzle, { ...logic, eliminated });
export const rate = (puzzle) => engine.rate(puzzle, logic);
// The package makes `count` puzzles (one here) as a list; the API answers with the puzzle.
export const generate = async (options) => (await engine.generate({
  ...options, timeLimit: limits.generate, maxAttempts: limits.attempts, maxGuesses: limits.guesses,
}))[0];
export const cancel = () => engine.cancel();
