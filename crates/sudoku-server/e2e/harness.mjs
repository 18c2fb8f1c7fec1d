// What every browser test file shares: the server (`sudoku serve` started on 127.0.0.1 with a
// free port, or BASE_URL), one headless Chromium (Debian's `chromium`, driven by
// playwright-core), pages that fail their test on any script error, the API called directly
// for the expected answers, and axe-core for accessibility.
//
// Environment: SUDOKU_BIN (default ../../../target/release/sudoku), CHROMIUM (default
// /usr/bin/chromium), BASE_URL (test a server that is already running instead of starting one).
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));

export const EASY = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
export const EASY_SOLUTION = '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
// Its solver path has elimination-only steps (easy50, line 7).
export const WITH_ELIMINATIONS = '.43.8.25.6.............1.949....4.7....6.8....1.2....382.5.............5.34.9.71.';
// Its path (100 steps, half a second) has a forcing X-chain, an AIC, region forcing chains and
// dynamic forcing chains (the first of testdata/counts.txt's hard ones).
export const HARD = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
export const DESKTOP = { width: 1280, height: 860 };
export const PHONE = { width: 390, height: 844 };

/** The live objects of a test file, set by `setup`. */
export const env = { server: null, context: null, clockInstalled: false };

/**
 * Starts `sudoku serve --addr 127.0.0.1:0` (with `extra` arguments) and reads the address it
 * printed; BASE_URL stands for a server started without extra arguments.
 */
export function startServer(extra = []) {
  if (process.env.BASE_URL && extra.length === 0) return Promise.resolve({ base: process.env.BASE_URL, stop: async () => {} });
  const bin = process.env.SUDOKU_BIN || resolve(here, '../../../target/release/sudoku');
  const child = spawn(bin, ['serve', '--addr', '127.0.0.1:0', '--workers', '2', ...extra], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stderr.on('data', (chunk) => { log += chunk; });
  const stop = () => new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) { done(); return; }
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => { clearTimeout(force); done(); });
    child.kill('SIGTERM');
  });
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => { stop(); fail(new Error(`the server did not start in 20 s:\n${log}`)); }, 20000);
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const found = /listening on (http:\/\/\S+)/.exec(out);
      if (found) {
        clearTimeout(timer);
        ok({ base: found[1], stop, log: () => log });
      }
    });
    child.once('error', (err) => { clearTimeout(timer); fail(err); });
    child.once('exit', (code) => { clearTimeout(timer); fail(new Error(`the server exited (${code}):\n${log}`)); });
  });
}

/** Headless Chromium with a profile in `profile`. */
export function launch(profile) {
  return chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: DESKTOP,
  });
}

/** Registers the file's hooks: one server and one browser for all its tests. */
export function setup() {
  let profile;
  before(async () => {
    env.server = await startServer();
    profile = mkdtempSync(join(tmpdir(), 'sudoku-e2e-'));
    env.context = await launch(profile);
    // A lost element or answer fails its test instead of stalling the run.
    env.context.setDefaultTimeout(60_000);
  });
  after(async () => {
    if (env.context) await env.context.close();
    if (env.server) await env.server.stop();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });
}

/** Waits until no engine request of the page is under way. */
export const idle = (page) => page.waitForFunction(() => !document.body.hasAttribute('aria-busy'));

/**
 * A fresh page at `path`, failing the test on any script error, with the default settings
 * (localStorage is shared by the profile's pages, so it is emptied first unless `keepStorage`)
 * and, with `clock`, Playwright's fake clock installed before the page's script runs.
 */
export async function open(path = '/', viewport = DESKTOP, { clock = false, keepStorage = false } = {}) {
  const page = await env.context.newPage();
  await page.setViewportSize(viewport);
  const errors = [];
  page.on('pageerror', (err) => errors.push(err.message));
  // A refusal (4xx) is an answer the page handles; Chromium still logs it as a failed load.
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/status of 4\d\d /.test(msg.text())) errors.push(msg.text());
  });
  if (clock) {
    // Time stands still until a test moves it (runFor), so the clock's figures are exact.
    await page.clock.install({ time: new Date('2026-01-01T00:00:00Z') });
    await page.clock.pauseAt(new Date('2026-01-01T00:00:01Z'));
    env.clockInstalled = true;
  } else if (env.clockInstalled) {
    // The fake clock is the whole context's and stays once installed: let it run at the real
    // pace again, or timers (axe-core's among them) would never fire.
    await page.clock.resume();
  }
  await page.goto(env.server.base + path);
  await page.waitForSelector('#grid .cell');
  if (!keepStorage && await page.evaluate(() => window.localStorage.length > 0)) {
    await page.evaluate(() => window.localStorage.clear());
    await page.reload();
    await page.waitForSelector('#grid .cell');
  }
  await idle(page);
  page.errors = errors;
  return page;
}

export async function close(page) {
  assert.deepEqual(page.errors, [], 'no script errors');
  await page.close();
}

/** Clicks `selector` and waits for the engine round trip it started (if any) to end. */
export async function act(page, selector) {
  await page.click(selector);
  await idle(page);
}

/** Presses `key` and waits for the engine round trip it started (if any) to end. */
export async function press(page, key) {
  await page.keyboard.press(key);
  await idle(page);
}

export const readGrid = (page) => page.$$eval('#grid .cell', (cells) => cells.map((c) => c.dataset.value || '.').join(''));
export const cellsWith = (page, cls) => page.$$eval(`#grid .cell.${cls}`, (cells) => cells.map((c) => Number(c.dataset.cell)));
export const message = (page) => page.textContent('#message');

/** Pastes `text` on the page as a clipboard paste event would. */
export async function paste(page, text) {
  await page.evaluate((pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
  }, text);
  await idle(page);
}

export async function api(endpoint, body) {
  const response = await fetch(`${env.server.base}/api/${endpoint}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(response.status, 200, `${endpoint}: ${response.status}`);
  return response.json();
}

export function houseCells(house) {
  const all = [...Array(81).keys()];
  if ('row' in house) return all.filter((i) => Math.floor(i / 9) === house.row);
  if ('col' in house) return all.filter((i) => i % 9 === house.col);
  return all.filter((i) => Math.floor(i / 27) * 3 + Math.floor((i % 9) / 3) === house.block);
}

export const sorted = (cells) => [...new Set(cells)].sort((a, b) => a - b);
/** The cells a step highlights as its pattern: its cells and its placements. */
export const stepCells = (step) => sorted([...step.cells, ...step.placements.map(([c]) => c)]);
/** The cells it highlights as targets: those that only lose candidates. */
export const targetCells = (step) => sorted(step.eliminations.map(([c]) => c)).filter((c) => !stepCells(step).includes(c));

/**
 * The state before the first step of `puzzle`'s path that `pick` accepts: the grid's digits,
 * the eliminations of the steps before it, and the step, from the API's explanation.
 */
export async function stateBefore(puzzle, pick) {
  const path = await api('explain', { puzzle });
  const values = [...puzzle];
  const eliminated = [];
  for (const step of path.steps) {
    if (pick(step)) return { line: values.join(''), eliminated, step };
    for (const pair of step.eliminations) eliminated.push(pair);
    for (const [c, d] of step.placements) values[c] = String(d);
  }
  throw new Error('no step of the path fits');
}

/** A link to the page with `line`'s digits as clues and `eliminated` in the link. */
export const linkTo = (line, eliminated = []) => {
  const x = [...new Set(eliminated.map(([c, d]) => `${String(c).padStart(2, '0')}${d}`))].sort().join('');
  return `/?p=${line}${x ? `&x=${x}` : ''}`;
};

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core on the page (WCAG 2 A and AA rules) and fails on any serious or critical
 * violation, naming the rule and the elements. axe is evaluated through the DevTools protocol,
 * so the page's Content-Security-Policy stays as it is served.
 */
export async function assertAccessible(page, what) {
  await page.evaluate(`${AXE};0`);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(bad, [], `${what}: serious or critical accessibility violations`);
  return violations;
}
