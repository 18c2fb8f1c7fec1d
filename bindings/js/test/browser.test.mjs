// The browser build in a real browser: a page served from the package directory imports
// web.js, awaits init(), solves and rates, runs a SudokitWorker (a module Web Worker) and
// cancels it, then posts what it saw back to this server. Needs chromium (SUDOKIT_CHROMIUM,
// default /usr/bin/chromium); skipped without it, failed without it in CI.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { test } from 'node:test';
import { packageDir } from './helpers.mjs';

const chromium = process.env.SUDOKIT_CHROMIUM || '/usr/bin/chromium';
const missing = !existsSync(chromium) && `no browser at ${chromium}`;

const EASY = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const SLOW = '7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5';
const PAGE = `<!doctype html><meta charset="utf-8"><script type="module">
import init, { solve, rate, SudokitError } from './web.js';
import { SudokitWorker } from './client.js';
const seen = {};
try {
  await init();
  seen.solved = solve('${EASY}').status;
  seen.er = rate('1..92....524.1...........7..5...81.2.........4.27...9..6...........3.945....71..6').er;
  try { solve('12x'); } catch (err) { seen.error = [err instanceof SudokitError, err.kind, err.column]; }
  const worker = new SudokitWorker();
  seen.inWorker = (await worker.check('${EASY}')).status;
  const slow = worker.rate('${SLOW}');
  await worker.started(slow);
  worker.cancel();
  try { await slow; } catch (err) { seen.cancelled = err.kind; }
  seen.afterCancel = (await worker.solve('${EASY}')).status;
  worker.close();
} catch (err) {
  seen.failure = String(err && err.stack || err);
}
await fetch('/result', { method: 'POST', body: JSON.stringify(seen) });
</script>`;

const TYPES = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' };

test('web.js and the worker client work in chromium', { skip: !process.env.CI && missing }, async () => {
  assert.ok(!missing, missing);
  let report;
  const result = new Promise((resolve) => { report = resolve; });
  const server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/result') {
      let body = '';
      req.on('data', (chunk) => { body += chunk; });
      req.on('end', () => { res.end('ok'); report(JSON.parse(body)); });
      return;
    }
    if (req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
      return;
    }
    const path = normalize(join(packageDir, decodeURIComponent(req.url.split('?')[0])));
    if (!path.startsWith(packageDir) || !existsSync(path)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
    res.end(readFileSync(path));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const profile = mkdtempSync(join(tmpdir(), 'sudokit-chromium-'));
  const browser = spawn(chromium, ['--headless', '--no-sandbox', '--disable-gpu', `--user-data-dir=${profile}`,
    `http://127.0.0.1:${server.address().port}/`], { stdio: 'ignore' });
  try {
    const seen = await result;
    assert.deepEqual(seen, {
      solved: 'unique', er: 2.6, error: [true, 'invalid_puzzle', 3],
      inWorker: 'unique', cancelled: 'cancelled', afterCancel: 'unique',
    });
  } finally {
    // The profile directory is removed only once the browser has exited and let go of it.
    const exited = new Promise((resolve) => {
      if (browser.exitCode !== null || browser.signalCode !== null) resolve();
      else browser.once('exit', resolve);
    });
    browser.kill();
    await exited;
    server.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
