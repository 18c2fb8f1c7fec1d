// Browser tests of the static build (scripts/site.sh -> target/site/, issue 34: "a page that
// needs no server"): the site served by a plain static file server started here, with no
// /api/ behind it and every other host cut off (Playwright aborts each request that is not to
// the static server), so the page can only work through the WebAssembly engine in its Web
// Worker. The expected answers come from the same package run in Node (target/npm/sudokit).
//
// Environment: SITE_DIR (default ../../../target/site), NPM_PKG (default
// ../../../target/npm/sudokit), CHROMIUM as harness.mjs says. Run after scripts/site.sh:
//   node --test --test-concurrency=1 site.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve, basename } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  env, launch, open, close, act, idle, message, paste, assertAccessible, EASY, EASY_SOLUTION, HARD,
} from './harness.mjs';
import { splitNotation } from '../static/draw.js';
import { serveStatic } from './static-server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const site = resolve(process.env.SITE_DIR || resolve(here, '../../../target/site'));
const pkgDir = resolve(process.env.NPM_PKG || resolve(here, '../../../target/npm/sudokit'));
// Long to rate (its path needs dynamic forcing chains): bindings/js's worker test's SLOW.
const SLOW = '7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5';

let pkg;
/** Every request the page made that was not a file of the site (all of them aborted). */
const refused = [];
/** The paths of the site's files the page loaded. */
const served = [];
let profile;
/** The static servers' origins: the only ones the browser may reach. */
const origins = new Set();

before(async () => {
  for (const [what, path] of [['the static build (scripts/site.sh)', join(site, 'index.html')],
    ['the npm package (scripts/package-js.sh)', join(pkgDir, 'index.js')]]) {
    assert.ok(existsSync(path), `${what} is missing: ${path}`);
  }
  pkg = await import(pathToFileURL(join(pkgDir, 'index.js')).href);
  env.server = await serveStatic(site);
  origins.add(env.server.base);
  profile = mkdtempSync(join(tmpdir(), 'sudoku-site-'));
  env.context = await launch(profile);
  env.context.setDefaultTimeout(60_000);
  // Offline but for the static server: no other host, and no API on it either.
  await env.context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (origins.has(url.origin) && !url.pathname.startsWith('/api/')) {
      served.push(url.pathname);
      return route.continue();
    }
    refused.push(url.href);
    return route.abort('internetdisconnected');
  });
});

after(async () => {
  if (env.context) await env.context.close();
  if (env.server) await env.server.stop();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

/** The page, closed with its checks: no script error and no request off the static site. */
async function done(page) {
  await close(page);
  assert.deepEqual(refused, [], 'the page asked for nothing but the static files');
}

/** The state before the first step of `puzzle`'s path that `pick` accepts (the package's path). */
function stateBefore(puzzle, pick) {
  const values = [...puzzle];
  const eliminated = [];
  for (const step of pkg.explain(puzzle).steps) {
    if (pick(step)) return { line: values.join(''), eliminated, step };
    for (const pair of step.eliminations) eliminated.push(pair);
    for (const [c, d] of step.placements) values[c] = String(d);
  }
  throw new Error('no step of the path fits');
}

const linkTo = (line, eliminated = []) => {
  const x = [...new Set(eliminated.map(([c, d]) => `${String(c).padStart(2, '0')}${d}`))].sort().join('');
  return `/?p=${line}${x ? `&x=${x}` : ''}`;
};

const readGrid = (page) => page.$$eval('#grid .cell', (cells) => cells.map((c) => c.dataset.value || '.').join(''));

test('the static build runs the engine in a worker: load, paste, check, solve, no request to /api/', async () => {
  const page = await open('/');
  assert.equal(await page.evaluate(() => document.querySelector('meta[name="sudoku-engine"]').content), 'wasm');
  assert.equal(await page.textContent('#engine-note'), 'Engine: in this browser (WebAssembly).');
  await paste(page, EASY);
  assert.equal(await message(page), 'Loaded a puzzle with 30 clues and one solution.');
  await act(page, '#solve');
  assert.equal(await readGrid(page), EASY_SOLUTION);
  // The worker fetched the package's module and glue from the site.
  for (const file of ['/engine-worker.js', '/sudokit/worker.js', '/sudokit/wasm/sudokit_js_bg.wasm']) {
    assert.ok(served.includes(file), `${file} was loaded`);
  }
  await done(page);
});

test('a chain hint is found and drawn in the browser, as the package finds it', async () => {
  const { line, eliminated, step } = stateBefore(HARD, (s) => s.technique === 'forcing_chain');
  const page = await open(linkTo(line, eliminated));
  await act(page, '#hint');
  const strong = step.links.filter((l) => !l.from.on && l.to.on).length;
  assert.deepEqual(await page.evaluate(() => ({
    strong: document.querySelectorAll('#links line.strong').length,
    weak: document.querySelectorAll('#links line.weak').length,
  })), { strong, weak: step.links.length - strong });
  assert.ok(strong > 0);
  assert.ok(step.text.includes((await page.textContent('#notation')).trim()));
  await done(page);
});

test('explain lists the whole path, and rate gives the package\'s rating', async () => {
  const page = await open(`/?p=${HARD}`);
  await act(page, '#explain');
  const path = pkg.explain(HARD);
  assert.equal(await page.$$eval('#path li', (items) => items.length), path.steps.length);
  await page.click('#close-explain');
  await act(page, '#rate');
  const rating = pkg.rate(HARD);
  assert.match(await page.textContent('#rating'), new RegExp(`^SE rating ${rating.er.toFixed(1)} `));
  await done(page);
});

test('generate makes a puzzle with one solution at the asked level', async () => {
  const page = await open('/');
  await page.selectOption('#level', 'easy');
  await act(page, '#generate');
  assert.match(await message(page), /^New puzzle: \d+ clues, symmetry rot180 \(seed \d+\)\.$/);
  const puzzle = (await readGrid(page));
  const checked = pkg.check(puzzle);
  assert.equal(checked.status, 'unique');
  assert.equal(pkg.rate(puzzle).level, 'easy');
  assert.match(await page.textContent('#rating'), /level: easy/);
  await done(page);
});

test('a long rate shows its progress, Cancel stops it, and a new request stops one too', async () => {
  // The page's clock is Playwright's (the worker keeps real time): the seconds of progress are
  // shown at once, however fast this machine rates SLOW (about a second).
  const page = await open(`/?p=${SLOW}`, undefined, { clock: true });
  assert.equal(await page.isDisabled('#cancel'), true);
  await page.click('#rate');
  await page.clock.runFor(2_000);
  // Progress: the message line counts the seconds while the worker rates.
  await page.waitForFunction(() => /^Rating… [1-9]\d* s \(Cancel stops it\)$/.test(document.querySelector('#message').textContent));
  assert.equal(await page.isDisabled('#cancel'), false);
  await act(page, '#cancel');
  assert.equal(await message(page), 'Stopped.');
  assert.equal((await page.textContent('#rating')).trim(), '');
  assert.equal(await page.isDisabled('#cancel'), true);
  // A new request while the rate runs stops it, and is answered by a fresh worker.
  await page.click('#rate');
  await page.clock.runFor(2_000);
  await page.waitForFunction(() => /^Rating… /.test(document.querySelector('#message').textContent));
  await page.click('#hint');
  await page.waitForFunction(() => !/^(Rating|Stopped)/.test(document.querySelector('#message').textContent)
    && !document.body.hasAttribute('aria-busy'));
  const hint = pkg.hint(SLOW).step;
  assert.equal(await message(page), splitNotation(hint.text).sentence);
  assert.equal((await page.textContent('#rating')).trim(), '');
  await done(page);
});

test('axe-core finds no serious or critical violation on the static page', async () => {
  const page = await open('/');
  await assertAccessible(page, 'static build, start');
  await done(page);
});

test('the site works from a folder of a host (its URLs are relative)', async () => {
  const parent = await serveStatic(dirname(site));
  origins.add(parent.base);
  const base = env.server.base;
  env.server = { ...env.server, base: `${parent.base}/${basename(site)}` };
  try {
    const page = await open(`/?p=${EASY}`);
    await act(page, '#hint');
    assert.equal(await message(page), splitNotation(pkg.hint(EASY).step.text).sentence);
    assert.ok(served.includes(`/${basename(site)}/sudokit/wasm/sudokit_js_bg.wasm`));
    await done(page);
  } finally {
    env.server = { ...env.server, base };
    await parent.stop();
  }
});
