// Compiled by types.test.mjs with `tsc --noEmit --strict` against the installed package: the
// .d.ts files describe the API as the tests use it, and reject what they must.
import init, {
  explain, generate, rate, solve, solveMany, SudokitError, type Item, type Rated, type Solved,
} from 'sudokit';
import { SudokitWorker } from 'sudokit/worker-client';

await init();
const solved: Solved = solve('x');
const rated: Rated = rate('x', { timeLimit: 5, nested: true });
const house = explain('x', { eliminated: [[1, 2]] }).steps[0].houses[0];
const er: number | undefined = generate({ seed: 1, clues: '22..24', level: 'hard' })[0].rating?.er;
const many: Item<Solved>[] = solveMany(new Uint8Array(81));
try {
  solve('x');
} catch (err) {
  if (err instanceof SudokitError) console.log(err.kind, err.line, err.cells);
}
const worker = new SudokitWorker();
const pending: Promise<Rated> = worker.rate('x');
await worker.started(pending);
worker.cancel();
console.log(solved.status, rated.er, house, er, many.length);

// @ts-expect-error: options are camelCase
rate('x', { timelimit: 5 });
// @ts-expect-error: a rating is a number
const wrong: string = rated.er;
// @ts-expect-error: no such status
if (solved.status === 'solved_uniquely') console.log(wrong);
