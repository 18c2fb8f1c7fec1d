// Work off the main thread and its cancellation: the worker client (client.js, worker.js) in
// Node's worker_threads, and the time limit inside the engine.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hardCases, load } from './helpers.mjs';

const s = await load('index.js');
const { SudokitWorker, SudokitError } = await load('client.js');
const EASY = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
// Rated 9.8: seconds of dynamic forcing chains, far longer than any wait below.
const SLOW = '7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5';

test('the worker answers as the main thread does, in order of the calls', async () => {
  const worker = new SudokitWorker();
  try {
    const hard = hardCases().map(([p]) => p).filter((p) => p !== '.'.repeat(81));
    const [solved, rated, many, made] = await Promise.all([
      worker.solve(EASY),
      worker.rate(hard[2]),
      worker.solveMany([EASY, 'x']),
      worker.generate({ seed: 4, count: 2 }),
    ]);
    assert.deepEqual(solved, s.solve(EASY));
    assert.deepEqual(rated, s.rate(hard[2]));
    assert.deepEqual(many, s.solveMany([EASY, 'x']));
    assert.deepEqual(made, s.generate({ seed: 4, count: 2 }));
    await assert.rejects(worker.solve('12x'), (err) => err instanceof SudokitError
      && err.kind === 'invalid_puzzle' && err.line === 1 && err.column === 3);
    await assert.rejects(worker.call('nothing'), (err) => err.kind === 'bad_option');
  } finally {
    worker.close();
  }
});

test('cancel() ends long work at once, and the next call gets a fresh worker', async () => {
  const worker = new SudokitWorker();
  try {
    const slow = worker.rate(SLOW);
    const queued = worker.explain(SLOW);
    // Cancel only once the rating is running in the worker.
    await worker.started(slow);
    worker.cancel();
    await assert.rejects(slow, (err) => err instanceof SudokitError && err.kind === 'cancelled');
    await assert.rejects(queued, (err) => err.kind === 'cancelled');
    assert.deepEqual(await worker.solve(EASY), s.solve(EASY));
  } finally {
    worker.close();
  }
});

test('a time limit stops rating, explaining and generating inside the engine', async () => {
  const started = performance.now();
  assert.throws(() => s.rate(SLOW, { timeLimit: 50 }), (err) => err.kind === 'time_limit');
  assert.throws(() => s.explain(SLOW, { timeLimit: 50 }), (err) => err.kind === 'time_limit');
  assert.throws(() => s.hint(SLOW, { timeLimit: 0, nested: true }), (err) => err.kind === 'time_limit');
  // Symmetric ER 9+ puzzles are rare (fresh candidates, no climb from hard seeds): the
  // generator is still looking when the limit passes.
  assert.throws(() => s.generate({ seed: 1, rating: '9..', symmetry: 'rot180', count: 3, timeLimit: 50 }), (err) => err.kind === 'time_limit');
  const worker = new SudokitWorker();
  try {
    await assert.rejects(worker.rate(SLOW, { timeLimit: 50 }), (err) => err.kind === 'time_limit');
  } finally {
    worker.close();
  }
  // No assertion on the elapsed time (a loaded machine may be slow); it is printed.
  console.log(`time-limited calls took ${Math.round(performance.now() - started)} ms in all`);
});
