// The worker client of the `sudokit` package: the same functions, run in a Web Worker (or a
// Node worker thread), each returning a promise.
import type {
  CountOptions, Counted, Checked, Explained, Generated, GenerateOptions, Hint, Item,
  LogicOptions, Puzzle, Puzzles, RateOptions, Rated, SearchOptions, Solved,
} from './index.js';

export { SudokitError } from './index.js';

export class SudokitWorker {
  /** `url`: where worker.js is served (default: next to client.js). The worker starts at the
   *  first call. */
  constructor(url?: URL | string);
  /** Ends the work under way: the worker is terminated, every pending call rejects with a
   *  SudokitError of kind 'cancelled', and the next call starts a new worker. */
  cancel(): void;
  /** Terminates the worker (pending calls reject with kind 'cancelled'). */
  close(): void;
  /** Resolves when the worker begins the call whose answer is `answer`. */
  started(answer: Promise<unknown>): Promise<void>;
  call(fn: string, ...args: unknown[]): Promise<unknown>;
  solve(puzzle: Puzzle, options?: SearchOptions): Promise<Solved>;
  count(puzzle: Puzzle, options?: CountOptions): Promise<Counted>;
  check(puzzle: Puzzle, options?: SearchOptions): Promise<Checked>;
  hint(puzzle: Puzzle, options?: LogicOptions): Promise<Hint>;
  explain(puzzle: Puzzle, options?: LogicOptions): Promise<Explained>;
  rate(puzzle: Puzzle, options?: RateOptions): Promise<Rated>;
  canon(puzzle: Puzzle): Promise<string>;
  generate(options?: GenerateOptions): Promise<Generated[]>;
  solveMany(puzzles: Puzzles, options?: SearchOptions): Promise<Item<Solved>[]>;
  countMany(puzzles: Puzzles, options?: CountOptions): Promise<Item<Counted>[]>;
  rateMany(puzzles: Puzzles, options?: RateOptions): Promise<Item<Rated>[]>;
}
