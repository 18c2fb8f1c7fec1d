// Data-set tier (reads ../shared/data; run with SUDOKIT_DATA=1, as scripts/js-test.sh passes
// it through): every top95 puzzle rated in WebAssembly as serate rates it, and explained
// without a panic; kaggle_10k solved to its published solutions. In CI a missing data set
// fails these tests.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dataset, load } from './helpers.mjs';

const s = await load('index.js');
const skip = !process.env.SUDOKIT_DATA && 'data-set tier: set SUDOKIT_DATA=1 (reads ../shared/data)';

test('top95: the ratings of serate (ratings/top95.se121.tsv), and every path explained', { skip }, () => {
  const rows = dataset('ratings/top95.se121.tsv');
  if (rows === null) return;
  const [, ...ratings] = rows.map((line) => line.split('\t'));
  assert.equal(ratings.length, 95);
  const rated = s.rateMany(ratings.map(([puzzle]) => puzzle));
  ratings.forEach(([puzzle, er, ep, ed], i) => {
    assert.deepEqual([rated[i].er, rated[i].ep, rated[i].ed], [Number(er), Number(ep), Number(ed)], puzzle);
    const explained = s.explain(puzzle, { style: 'se' });
    assert.equal(explained.outcome, 'solved', puzzle);
    assert.equal(explained.hardest, rated[i].er, puzzle);
  });
});

test('kaggle_10k: the published solutions', { skip }, () => {
  const puzzles = dataset('kaggle_10k.txt');
  const solutions = dataset('kaggle_10k.solutions.txt');
  if (puzzles === null || solutions === null) return;
  const solved = s.solveMany(puzzles);
  assert.equal(solved.length, solutions.length);
  solved.forEach((answer, i) => assert.equal(answer.solution, solutions[i], puzzles[i]));
});
