// Figures of the static build (scripts/site.sh -> target/site/) for docs/design.md: its page
// weight, raw and gzipped (each file at gzip level 9, as a static host would send it), and the
// time from navigation start to the first hint shown, in headless Chromium over a local static
// server (the median of RUNS fresh pages, each with an empty cache).
//
//   node site-weight.mjs            (after scripts/site.sh; RUNS=7 by default)
import { readdirSync, readFileSync, statSync, mkdtempSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join, dirname, resolve, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, EASY } from './harness.mjs';
import { serveStatic } from './static-server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const site = resolve(process.env.SITE_DIR || resolve(here, '../../../target/site'));
const runs = Number(process.env.RUNS || 7);

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

let raw = 0;
let gzipped = 0;
const rows = [];
for (const path of files(site).sort()) {
  const bytes = readFileSync(path);
  const gz = gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gzipped += gz;
  rows.push(`${relative(site, path).padEnd(30)} ${String(bytes.length).padStart(9)} ${String(gz).padStart(9)}`);
}
console.log(`${'file'.padEnd(30)} ${'raw'.padStart(9)} ${'gzip -9'.padStart(9)}`);
for (const row of rows) console.log(row);
console.log(`${'all'.padEnd(30)} ${String(raw).padStart(9)} ${String(gzipped).padStart(9)}`);

const server = await serveStatic(site);
const profile = mkdtempSync(join(tmpdir(), 'sudoku-site-weight-'));
const context = await launch(profile);
const times = [];
try {
  for (let run = 0; run < runs; run += 1) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.goto(`${server.base}/?p=${EASY}`);
    await page.waitForSelector('#grid .cell');
    await page.waitForFunction(() => !document.body.hasAttribute('aria-busy'));
    await page.click('#hint');
    await page.waitForSelector('#grid .cell.pattern');
    times.push(await page.evaluate(() => performance.now()));
    await page.close();
  }
} finally {
  await context.close();
  await server.stop();
  rmSync(profile, { recursive: true, force: true });
}
times.sort((a, b) => a - b);
console.log(`navigation start to first hint shown (ms, ${runs} runs): median ${times[Math.floor(runs / 2)].toFixed(0)}, `
  + `min ${times[0].toFixed(0)}, max ${times[runs - 1].toFixed(0)}`);
