// Every function of the built package, its answer shapes and its errors.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { load } from './helpers.mjs';

const s = await load('index.js');
const EASY = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const SOLUTION = '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
const EMPTY = '.'.repeat(81);

function throwsKind(fn, kind, more = {}) {
  assert.throws(fn, (err) => {
    assert.ok(err instanceof s.SudokitError, `${err}`);
    assert.ok(err instanceof Error);
    assert.equal(err.kind, kind, err.message);
    for (const [key, value] of Object.entries(more)) assert.deepEqual(err[key], value, key);
    return true;
  });
}

test('solve answers as /api/solve and keeps the input layout', () => {
  assert.deepEqual(s.solve(EASY), { status: 'unique', solution: SOLUTION, guesses: 0 });
  assert.equal(s.solve(EMPTY).status, 'multiple');
  const board = [...Array(9)].map((_, r) => [...EASY.slice(9 * r, 9 * r + 9)].map((c) => (c === '.' ? 0 : Number(c))));
  const solved = s.solve(board);
  assert.equal(solved.solution, SOLUTION);
  assert.deepEqual(solved.board, [...Array(9)].map((_, r) => [...SOLUTION.slice(9 * r, 9 * r + 9)].map(Number)));
  const digits = Uint8Array.from(EASY, (c) => (c === '.' ? 0 : Number(c)));
  assert.equal(s.solve(digits).solution, SOLUTION);
  throwsKind(() => s.solve(EMPTY, { maxGuesses: 0 }), 'budget_exhausted');
});

test('count stops at the limit; check names the status and the broken rule', () => {
  assert.deepEqual(s.count(EASY), { count: 1, exact: true, limit: 2, guesses: 0 });
  const five = s.count(EMPTY, { limit: 5 });
  assert.deepEqual([five.count, five.exact, five.limit], [5, false, 5]);
  assert.deepEqual(s.check(EASY), { status: 'unique', puzzle: EASY, clues: 30, solution: SOLUTION, guesses: 0 });
  const invalid = s.check('55' + '.'.repeat(79));
  assert.equal(invalid.status, 'invalid');
  assert.deepEqual(invalid.cells, [0, 1]);
  assert.equal(s.check('5' + '.'.repeat(80)).status, 'multiple');
});

test('hint is the next step with its words; explain solves; eliminations apply', () => {
  const hint = s.hint(EASY);
  assert.equal(hint.status, 'step');
  assert.equal(hint.candidates.length, 81);
  assert.equal(hint.candidates[2], '124');
  assert.ok(hint.step.text.length > 0 && hint.step.name.length > 0);
  assert.ok(Array.isArray(hint.step.placements));
  const after = s.hint(EASY, { eliminated: [[2, 1]] });
  assert.equal(after.candidates[2], '24');
  assert.equal(s.hint(SOLUTION).status, 'solved');
  // Human mode by default (the API's): HoDoKu's order takes naked singles (2.3) before SE's
  // hidden singles (1.2); style 'se' walks Sudoku Explainer's path.
  const explained = s.explain(EASY);
  assert.equal(explained.outcome, 'solved');
  assert.equal(explained.hardest, 2.3);
  assert.equal(s.explain(EASY, { style: 'se' }).hardest, 1.2);
  assert.notDeepEqual(s.hint(EASY, { style: 'se' }).step, hint.step);
  throwsKind(() => s.hint(EASY, { style: 'hodoku' }), 'bad_option');
  assert.ok(explained.steps.every((step) => step.text.length > 0));
  // Applying every placement of the path gives the solution.
  const cells = [...EASY];
  for (const step of explained.steps) for (const [cell, digit] of step.placements) cells[cell] = String(digit);
  assert.equal(cells.join(''), SOLUTION);
  throwsKind(() => s.explain(EMPTY), 'not_unique', { code: 'not_unique' });
});

test('rate gives the SE and HoDoKu rating; canon is the same for equivalent puzzles', () => {
  const rated = s.rate('1..92....524.1...........7..5...81.2.........4.27...9..6...........3.945....71..6');
  assert.deepEqual([rated.er, rated.ep, rated.ed], [2.6, 1.2, 1.2]);
  assert.equal(typeof rated.level, 'string');
  assert.equal(typeof rated.hardest_name, 'string');
  throwsKind(() => s.rate(EMPTY), 'not_unique');
  // Swapping the first two rows (a symmetry of the grid) keeps the canonical form.
  const swapped = EASY.slice(9, 18) + EASY.slice(0, 9) + EASY.slice(18);
  assert.notEqual(swapped, EASY);
  assert.equal(s.canon(swapped), s.canon(EASY));
  assert.equal(s.canon(EASY).length, 81);
});

test('generate is reproducible from the seed and meets a level', () => {
  const made = s.generate({ seed: 5, count: 3, symmetry: 'rot180' });
  assert.equal(made.length, 3);
  assert.deepEqual(made.map((m) => m.index), [0, 1, 2]);
  for (const m of made) {
    assert.equal(s.count(m.puzzle).count, 1);
    assert.equal(s.solve(m.puzzle).solution, m.solution);
    assert.equal(m.symmetry, 'rot180');
    for (let i = 0; i < 81; i += 1) assert.equal(m.puzzle[i] === '.', m.puzzle[80 - i] === '.', m.puzzle);
  }
  assert.deepEqual(s.generate({ seed: 5, count: 3, symmetry: 'rot180' }), made);
  const medium = s.generate({ seed: 3, level: 'medium' })[0];
  assert.equal(medium.rating.level, 'medium');
  assert.equal(s.rate(medium.puzzle).level, 'medium');
  const drawn = s.generate();
  assert.ok(Number.isSafeInteger(drawn[0].seed));
  assert.deepEqual(s.generate({ seed: drawn[0].seed }), drawn);
});

test('bad input and bad options throw a SudokitError with a kind, never a panic', () => {
  throwsKind(() => s.solve('12x'), 'invalid_puzzle', { code: 'bad_puzzle', line: 1, column: 3 });
  throwsKind(() => s.solve('1'.repeat(80)), 'invalid_puzzle', { code: 'bad_puzzle' });
  throwsKind(() => s.solve('55' + '.'.repeat(79)), 'invalid_puzzle', { code: 'invalid_puzzle', cells: [0, 1] });
  throwsKind(() => s.solve(`${EASY}\n${'x'.repeat(81)}`), 'invalid_puzzle');
  throwsKind(() => s.solve(42), 'invalid_puzzle');
  throwsKind(() => s.solve('[["5"'), 'invalid_puzzle');
  // r1c3 may hold 1 by the rules, but the solution has 4 there.
  throwsKind(() => s.hint(`${EASY.slice(0, 2)}1${EASY.slice(3)}`), 'no_solution');
  throwsKind(() => s.count(EASY, { limit: 0 }), 'bad_option');
  throwsKind(() => s.count(EASY, { limt: 3 }), 'bad_option');
  throwsKind(() => s.rate(EASY, { timeLimit: -1 }), 'bad_option');
  throwsKind(() => s.solve(EASY, 'fast'), 'bad_option');
  throwsKind(() => s.generate({ seed: 1, symmetry: 'spiral' }), 'bad_option');
  throwsKind(() => s.generate({ seed: 1, clues: 12 }), 'bad_option');
  throwsKind(() => s.generate({ seed: 1, clues: 20, maxAttempts: 1 }), 'missed');
  // Odd text of every kind: an answer or a SudokitError, and the module still works after.
  for (const text of ['', '\n\n', '.'.repeat(10000), '[]', '[[]]', '{}', '\u{1F600}'.repeat(81), '0'.repeat(729), '#\n']) {
    try {
      s.check(text);
    } catch (err) {
      assert.ok(err instanceof s.SudokitError, `${JSON.stringify(text.slice(0, 20))}: ${err}`);
    }
  }
  assert.equal(s.solve(EASY).solution, SOLUTION);
});

test('batches keep input order and put each error in its place', () => {
  const puzzles = [EASY, 'x', EMPTY, 7, '55' + '.'.repeat(79)];
  const solved = s.solveMany(puzzles);
  assert.equal(solved.length, 5);
  assert.equal(solved[0].solution, SOLUTION);
  assert.equal(solved[1].error.kind, 'invalid_puzzle');
  assert.equal(solved[2].status, 'multiple');
  assert.equal(solved[3].error.kind, 'invalid_puzzle');
  assert.deepEqual(solved[4].error.cells, [0, 1]);
  const digits = new Uint8Array(81 * 2);
  [...EASY].forEach((c, i) => { digits[81 + i] = c === '.' ? 0 : Number(c); });
  assert.deepEqual(s.countMany(digits, { limit: 3 }).map((c) => c.count), [3, 1]);
  const rated = s.rateMany([EASY, EMPTY]);
  assert.equal(rated[0].er, s.rate(EASY).er);
  assert.equal(rated[1].error.kind, 'not_unique');
  assert.deepEqual(s.solveMany([]), []);
  throwsKind(() => s.solveMany(new Uint8Array(80)), 'bad_option');
  throwsKind(() => s.countMany([EASY], { limit: 0 }), 'bad_option');
});
