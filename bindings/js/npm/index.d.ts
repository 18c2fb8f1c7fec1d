// Types of the `sudokit` package. Answers are plain objects in the shapes of the HTTP API's
// JSON (`sudoku serve`, /api/*): field names as the API writes them (snake_case), options in
// camelCase. Every function is synchronous; in browsers `await init()` once first (in Node
// the module loads at import and init() does nothing).

/** A puzzle: an 81-character line, a 9-line grid, a JSON board (text or an array of rows),
 *  or 81 digits with 0 for a blank. */
export type Puzzle = string | (string | number)[][] | ArrayLike<number>;

/** What a thrown SudokitError's `kind` says. */
export type ErrorKind =
  | 'invalid_puzzle'   // unreadable text (line, column) or givens that break the rules (cells)
  | 'no_solution'
  | 'not_unique'       // the call needs exactly one solution
  | 'time_limit'       // options.timeLimit passed
  | 'cancelled'        // SudokitWorker.cancel()
  | 'budget_exhausted' // options.maxGuesses ran out
  | 'missed'           // generate: maxAttempts candidates, none met the target
  | 'bad_option'
  | 'internal';

/** The failure as plain data (a batch item's `error`). */
export interface Failure {
  kind: ErrorKind;
  /** The HTTP API's error code for the same failure: bad_puzzle, invalid_puzzle,
   *  no_solution, not_unique, budget_exhausted, bad_request or internal. */
  code: string;
  message: string;
  /** 1-based line and column of the fault in the puzzle text. */
  line?: number;
  column?: number;
  /** The cells at fault (0..80, row-major): the two cells of a broken rule. */
  cells?: number[];
}

export class SudokitError extends Error implements Failure {
  kind: ErrorKind;
  code: string;
  line?: number;
  column?: number;
  cells?: number[];
  toJSON(): Failure;
}

export interface SearchOptions {
  /** Guesses the exact search may make (default 10,000,000). */
  maxGuesses?: number;
}

export interface CountOptions extends SearchOptions {
  /** Stop counting at this many solutions (default 2). */
  limit?: number;
}

export interface LogicOptions extends SearchOptions {
  /** [cell 0..80, digit 1..9] candidates already eliminated. */
  eliminated?: [number, number][];
  /** Also use nested forcing chains (slow: give a time limit). */
  nested?: boolean;
  /** Milliseconds the solver may take (default: none), by performance.now(). */
  timeLimit?: number;
  /**
   * "human" (the default, as the HTTP API's: HoDoKu's order, the easiest step first) or "se"
   * (Sudoku Explainer's order and steps).
   */
  style?: 'human' | 'se';
}

export interface RateOptions extends SearchOptions {
  nested?: boolean;
  /** Milliseconds per puzzle (default: none). */
  timeLimit?: number;
}

export interface GenerateOptions {
  /** How many puzzles: indices 0..count-1 of the seed (default 1). */
  count?: number;
  /** The seed (an integer below 2^53); drawn at random when left out. */
  seed?: number;
  /** none, rot180, rot90, mirror, vertical, diagonal, antidiagonal, bimirror, bidiagonal, dihedral */
  symmetry?: string;
  minimal?: boolean;
  /** A clue count N or a range "A..B". */
  clues?: number | string;
  /** The SE rating (ER): R, "A..B" or "A..". */
  rating?: number | string;
  /** easy, medium, hard, unfair or extreme */
  level?: string;
  /** The hardest step's technique (x-wing, skyscraper, unique-rectangle, ...). */
  technique?: string;
  acceptStuck?: boolean;
  /** Candidates per puzzle before giving up (default 1000). */
  maxAttempts?: number;
  maxGuesses?: number;
  /** Milliseconds for the whole call (default: none). */
  timeLimit?: number;
}

/** As POST /api/solve. */
export interface Solved {
  status: 'unique' | 'multiple' | 'solved';
  /** 81 characters. */
  solution: string;
  /** The solution in the input's layout (a grid string or a JSON board); not for a line. */
  board?: string | (string | number)[][];
  guesses: number;
}

/** As POST /api/count. */
export interface Counted {
  count: number;
  /** false: the count stopped at the limit. */
  exact: boolean;
  limit: number;
  guesses: number;
}

/** As POST /api/check. */
export interface Checked {
  status: 'unique' | 'multiple' | 'none' | 'invalid';
  /** The puzzle as read, as a line. */
  puzzle: string;
  clues: number;
  solution?: string;
  /** For invalid: what is wrong, and the two cells. */
  message?: string;
  cells?: number[];
  guesses: number;
}

/** One human-style step (the engine's Step, with its words). */
export interface Step {
  /** The technique's id, e.g. "hidden_single_box", "x_wing". */
  technique: string;
  /** Its Sudoku Explainer rating, e.g. 1.2. */
  rating: number;
  /** [cell, digit] pairs placed. */
  placements: [number, number][];
  /** [cell, digit] pairs eliminated. */
  eliminations: [number, number][];
  /** The pattern's cells, houses and digits (meaning per technique). */
  cells: number[];
  /** Houses as {row: 0..8}, {col: 0..8} or {block: 0..8}. */
  houses: ({ row: number } | { col: number } | { block: number })[];
  digits: number[];
  /** A chain's implications (chains only). */
  links?: unknown[];
  /** The technique's name, e.g. "Hidden Single". */
  name: string;
  /** One or two English sentences. */
  text: string;
}

/** As POST /api/hint. */
export interface Hint {
  status: 'step' | 'solved' | 'stuck';
  step?: Step;
  /** Each cell's candidates ("" for a filled cell) in the state the step was found in. */
  candidates: string[];
}

/** As POST /api/explain. */
export interface Explained {
  outcome: 'solved' | 'stuck';
  candidates: string[];
  steps: Step[];
  /** The highest step rating. */
  hardest?: number;
}

/** As POST /api/rate. */
export interface Rated {
  /** Sudoku Explainer's ER/EP/ED. */
  er: number;
  ep: number;
  ed: number;
  /** HoDoKu-style score and level. */
  score: number;
  level: 'easy' | 'medium' | 'hard' | 'unfair' | 'extreme';
  outcome: 'solved' | 'stuck';
  steps: number;
  /** The technique id of the hardest step. */
  hardest?: string;
  hardest_name?: string;
}

/** As POST /api/generate (one per puzzle). */
export interface Generated {
  puzzle: string;
  solution: string;
  clues: number;
  symmetry: string;
  /** true when proven minimal, false when proven not, absent when not checked. */
  minimal?: boolean;
  seed: number;
  index: number;
  /** With a difficulty target (rating, level, technique). */
  rating?: Rated;
}

/** A batch item: the answer, or the error of that puzzle alone. */
export type Item<T> = T | { error: Failure };

/** A batch: an array of puzzles, or a typed array of N x 81 digits (0 = blank). */
export type Puzzles = Puzzle[] | ArrayLike<number>;

export function solve(puzzle: Puzzle, options?: SearchOptions): Solved;
export function count(puzzle: Puzzle, options?: CountOptions): Counted;
export function check(puzzle: Puzzle, options?: SearchOptions): Checked;
/** The next step of a puzzle or pencilmark state (the 729-character form or a grid). */
export function hint(puzzle: Puzzle, options?: LogicOptions): Hint;
export function explain(puzzle: Puzzle, options?: LogicOptions): Explained;
export function rate(puzzle: Puzzle, options?: RateOptions): Rated;
/** The canonical form as a line: equivalent puzzles have the same one. */
export function canon(puzzle: Puzzle): string;
export function generate(options?: GenerateOptions): Generated[];
export function solveMany(puzzles: Puzzles, options?: SearchOptions): Item<Solved>[];
export function countMany(puzzles: Puzzles, options?: CountOptions): Item<Counted>[];
export function rateMany(puzzles: Puzzles, options?: RateOptions): Item<Rated>[];

/** Browsers: loads the WebAssembly module (from next to web.js, or `input`: a URL, Response,
 *  bytes or WebAssembly.Module). Node: does nothing. */
export default function init(input?: unknown): Promise<void>;
