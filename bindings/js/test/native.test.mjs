// The package's answers equal the native CLI's (target/debug/sudoku) on the same puzzles:
// solutions, counts, checks, canonical forms, generated puzzles, explanations and ratings.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cli, hardCases, load, testdata } from './helpers.mjs';

const s = await load('index.js');
const puzzles = testdata('counts.txt').map((line) => line.split(':')[0]);
const json = (lines) => lines.map((line) => JSON.parse(line));

test('solve: the CLI\'s status, solution and guesses on every puzzle of testdata/counts.txt', () => {
  const native = json(cli(['solve', '--json'], puzzles.join('\n')));
  const ours = s.solveMany(puzzles);
  assert.equal(ours.length, native.length);
  const statuses = new Set();
  native.forEach((want, i) => {
    const got = ours[i];
    statuses.add(want.status);
    if (want.status === 'none') assert.equal(got.error.kind, 'no_solution', puzzles[i]);
    else if (want.status === 'invalid') assert.equal(got.error.code, 'invalid_puzzle', puzzles[i]);
    else assert.deepEqual([got.status, got.solution, got.guesses], [want.status, want.solution, want.guesses], puzzles[i]);
  });
  // The corpus has every status, so each branch above ran.
  assert.deepEqual([...statuses].sort(), ['invalid', 'multiple', 'none', 'unique']);
});

test('count and check: the CLI\'s counts and statuses', () => {
  const native = json(cli(['count', '--json', '--limit', '1000'], puzzles.join('\n')));
  const ours = s.countMany(puzzles, { limit: 1000 });
  native.forEach((want, i) => {
    if (want.status === 'invalid') assert.equal(ours[i].error.code, 'invalid_puzzle');
    else assert.deepEqual([ours[i].count, ours[i].exact], [want.count, want.count_exact], puzzles[i]);
  });
  const checked = json(cli(['check', '--json'], puzzles.join('\n')));
  checked.forEach((want, i) => assert.equal(s.check(puzzles[i]).status, want.status, puzzles[i]));
});

test('canon: the CLI\'s canonical forms', () => {
  const valid = puzzles.filter((p) => s.check(p).status !== 'invalid');
  const native = cli(['canon'], valid.join('\n'));
  assert.deepEqual(valid.map((p) => s.canon(p)), native);
});

test('generate: the CLI\'s puzzles for a seed, with and without a level', () => {
  const plain = cli(['generate', '-n', '4', '--seed', '9', '--symmetry', 'rot180']);
  assert.deepEqual(s.generate({ count: 4, seed: 9, symmetry: 'rot180' }).map((m) => m.puzzle), plain);
  const hard = json(cli(['generate', '-n', '2', '--seed', '9', '--level', 'hard', '--json', '-j', '1']));
  const ours = s.generate({ count: 2, seed: 9, level: 'hard' });
  hard.forEach((want, i) => {
    assert.equal(ours[i].puzzle, want.puzzle);
    assert.equal(ours[i].minimal, want.minimal);
    const { er, ep, ed, score, level, steps, hardest } = ours[i].rating;
    assert.deepEqual({ er, ep, ed, score, level, steps, hardest },
      { er: want.er, ep: want.ep, ed: want.ed, score: want.score, level: want.level, steps: want.steps, hardest: want.hardest });
  });
});

// The hard puzzles of crates/sudoku-wasm-test/cases.tsv (up to ER 9.0, top95's range).
const hard = [...new Set(hardCases().filter(([, limit]) => limit === '-').map(([p]) => p))]
  .filter((p) => p !== '.'.repeat(81));

test('rate: the CLI\'s ratings of hard puzzles, without a panic', () => {
  const native = json(cli(['rate', '--json'], hard.join('\n')));
  const ours = s.rateMany(hard);
  native.forEach((want, i) => {
    const { er, ep, ed, score, level, outcome, steps, hardest } = want;
    const got = ours[i];
    assert.deepEqual(
      { er: got.er, ep: got.ep, ed: got.ed, score: got.score, level: got.level, outcome: got.outcome, steps: got.steps, hardest: got.hardest },
      { er, ep, ed, score, level, outcome, steps, hardest },
      hard[i],
    );
  });
  assert.ok(ours.some((r) => r.er >= 9.0), 'a puzzle rated 9.0 or more');
});

test('explain: the CLI\'s path on hard puzzles', () => {
  for (const puzzle of hard.slice(-2)) {
    const [want] = json(cli(['explain', '--json'], puzzle));
    const got = s.explain(puzzle);
    assert.equal(got.outcome, want.status);
    assert.equal(got.steps.length, want.steps.length, puzzle);
    got.steps.forEach((step, i) => {
      const { technique, rating, placements, eliminations, text } = want.steps[i];
      assert.deepEqual({ technique: step.technique, rating: step.rating, placements: step.placements, eliminations: step.eliminations, text: step.text },
        { technique, rating, placements, eliminations, text });
    });
  }
});
