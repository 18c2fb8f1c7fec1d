// The in-browser backend of engine.js (the static build, scripts/site.sh): the WebAssembly
// package (bindings/js, copied to ./sudokit/ by site.sh) runs in one Web Worker, so the page
// never blocks. Each function answers as the HTTP API's endpoint of the same name does, with
// the same options. cancel() terminates the worker (the call under way rejects with kind
// 'cancelled') and the next call starts a fresh one, its module compiled again.
import { SudokitWorker } from './sudokit/client.js';

const engine = new SudokitWorker(new URL('./sudokit/worker.js', import.meta.url));

export const check = (puzzle) => engine.check(puzzle);
export const solve = (puzzle) => engine.solve(puzzle);
export const hint = (puzzle, eliminated) => engine.hint(puzzle, { eliminated });
export const explain = (puzzle, eliminated) => engine.explain(puzzle, { eliminated });
export const rate = (puzzle) => engine.rate(puzzle);
// The package makes `count` puzzles (one here) as a list; the API answers with the puzzle.
export const generate = async (options) => (await engine.generate(options))[0];
export const cancel = () => engine.cancel();
