// Browser tests of `sudoku serve --site target/site` (issue 34: "the page uses the engine
// locally whichever way it was opened"): the server sends the page flagged to run the static
// build's WebAssembly engine in a Web Worker, so hint, explain, rate and generate are answered
// in the browser with no request to /api/, while the API still answers a direct fetch. Also
// the worker's time limits: with the server's --logic-time, the page's rate and explain stop
// with the same words as the page that asks the API.
//
// Run after scripts/site.sh, with the CLI built (SUDOKU_BIN, as harness.mjs says):
//   SUDOKU_BIN=../../../target/debug/sudoku node --test --test-concurrency=1 serve-site.test.mjs
// Environment: SITE_DIR (default ../../../target/site), SUDOKU_BIN, CHROMIUM.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  env, startServer, launch, open, close, act, message, api, assertAccessible, EASY, HARD,
} from './harness.mjs';
import { splitNotation } from '../static/draw.js';

const here = dirname(fileURLToPath(import.meta.url));
const site = resolve(process.env.SITE_DIR || resolve(here, '../../../target/site'));

/** Every request of the browser to a path under /api/, as `METHOD path`. */
const apiRequests = [];
let profile;

before(async () => {
  assert.ok(existsSync(join(site, 'sudokit/wasm/sudokit_js_bg.wasm')),
    `the static build (scripts/site.sh) is missing: ${site}`);
  // Budgets far above HARD's needs, so that a loaded machine does not fail a test of where
  // the engine runs (the last test is the one about budgets).
  env.server = await startServer(['--site', site, '--logic-time', '60s', '--generate-time', '60s']);
  profile = mkdtempSync(join(tmpdir(), 'sudoku-serve-site-'));
  env.context = await launch(profile);
  env.context.setDefaultTimeout(60_000);
  env.context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) apiRequests.push(`${request.method()} ${url.pathname}`);
  });
});

after(async () => {
  if (env.context) await env.context.close();
  if (env.server) await env.server.stop();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

test('the served page runs the engine in the browser: hint, explain, rate, generate without /api/', async () => {
  apiRequests.length = 0;
  const page = await open(`/?p=${HARD}`);
  assert.equal(await page.evaluate(() => document.querySelector('meta[name="sudoku-engine"]').content), 'wasm');
  assert.equal(await page.evaluate(async () => (await import('/engine.js')).where), 'wasm');
  assert.equal(await page.textContent('#engine-note'), 'Engine: in this browser (WebAssembly).');
  // The server's budgets reached the worker.
  assert.equal(await page.evaluate(async () => (await import('/engine-worker.js')).limits.logic), 60_000);

  await act(page, '#hint');
  const hint = await api('hint', { puzzle: HARD });
  assert.equal(await message(page), splitNotation(hint.step.text).sentence);
  await page.keyboard.press('Escape');

  await act(page, '#explain');
  const path = await api('explain', { puzzle: HARD });
  assert.equal(await page.$$eval('#path li', (items) => items.length), path.steps.length);
  await page.click('#close-explain');

  await act(page, '#rate');
  const rating = await api('rate', { puzzle: HARD });
  assert.match(await page.textContent('#rating'), new RegExp(`^SE rating ${rating.er.toFixed(1)} `));

  await page.selectOption('#level', 'easy');
  await act(page, '#generate');
  assert.match(await message(page), /^New puzzle: \d+ clues, symmetry rot180 \(seed \d+\)\.$/);
  const made = await page.$$eval('#grid .cell', (cells) => cells.map((c) => c.dataset.value || '.').join(''));
  assert.equal((await api('check', { puzzle: made })).status, 'unique');
  assert.equal((await api('rate', { puzzle: made })).level, 'easy');

  // The answers above came from the worker: the page asked the server for no /api/ path, and
  // it fetched the engine from the server's --site files.
  assert.deepEqual(apiRequests, [], 'the page made no request to /api/');
  // The API still answers a direct fetch from the page.
  const health = await page.evaluate(async () => (await fetch('/api/health')).json());
  assert.equal(health.status, 'ok');
  assert.deepEqual(apiRequests, ['GET /api/health']);
  await close(page);
});

test('axe-core finds no serious or critical violation on the page served with a site', async () => {
  const page = await open('/');
  await assertAccessible(page, 'served with --site, start');
  await close(page);
});

test('the worker stops at the server\'s time limit, with the words of the page that asks the API', async () => {
  // No time at all: every hint, explain and rate runs out at once, whichever engine answers.
  const local = await startServer(['--site', site, '--logic-time', '0ms']);
  const remote = await startServer(['--logic-time', '0ms']);
  const base = env.server.base;
  const said = {};
  try {
    for (const [where, server] of [['wasm', local], ['http', remote]]) {
      env.server = { ...env.server, base: server.base };
      const page = await open(`/?p=${EASY}`);
      assert.equal(await page.evaluate(async () => (await import('/engine.js')).where), where);
      said[where] = [];
      for (const action of ['#rate', '#explain', '#hint']) {
        await act(page, action);
        said[where].push(await message(page));
      }
      await close(page);
    }
  } finally {
    env.server = { ...env.server, base };
    await local.stop();
    await remote.stop();
  }
  const stopped = 'The engine stopped at its time limit (0 ms): this needs more than that.';
  assert.deepEqual(said.wasm, [stopped, stopped, stopped]);
  assert.deepEqual(said.http, said.wasm);
});
