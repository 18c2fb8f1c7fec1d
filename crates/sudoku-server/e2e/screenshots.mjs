// Writes the README's screenshots of the page to docs/screenshots/ (desktop and phone): play
// with notes, a chain hint drawn, the explanation list, and dark mode.
//
//   cargo build -p sudoku-cli && npm ci && SUDOKU_BIN=../../../target/debug/sudoku node screenshots.mjs
//
// Environment: as harness.mjs says (SUDOKU_BIN or BASE_URL, CHROMIUM); OUT_DIR (default
// ../../../docs/screenshots).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  env, startServer, launch, stateBefore, linkTo, EASY, HARD, DESKTOP, PHONE,
} from './harness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const out = process.env.OUT_DIR || resolve(here, '../../../docs/screenshots');
mkdirSync(out, { recursive: true });

env.server = await startServer();
const profile = mkdtempSync(join(tmpdir(), 'sudoku-shots-'));
env.context = await launch(profile);
const idle = (page) => page.waitForFunction(() => !document.body.hasAttribute('aria-busy'));

async function shoot(name, viewport, path, scene, { dark = false } = {}) {
  const page = await env.context.newPage();
  await page.setViewportSize(viewport);
  await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light', reducedMotion: 'reduce' });
  await page.goto(env.server.base + path);
  await page.waitForSelector('#grid .cell');
  await idle(page);
  await scene(page);
  await idle(page);
  const file = join(out, `${name}.png`);
  await page.screenshot({ path: file, fullPage: viewport === PHONE });
  console.log(file);
  await page.close();
}

async function notes(page) {
  await page.click('#fill');
  await page.click('#grid .cell[data-cell="2"]');
  await page.keyboard.press('4');
  await page.click('#grid .cell[data-cell="5"]');
  await page.keyboard.press('Shift+2');
  await page.keyboard.press('Shift+8');
  await page.click('#grid .cell[data-cell="3"]');
}

const chain = await stateBefore(HARD, (s) => s.technique === 'forcing_chain');
async function chainHint(page) {
  await page.click('#hint');
  await idle(page);
  await page.click('#detail summary');
}

async function explainList(page) {
  await page.click('#explain');
  await idle(page);
  // Clicked from the page's side, so the browser does not scroll the page to it.
  await page.evaluate(() => document.querySelector('#path button[data-index="24"]').click());
}

try {
  for (const [device, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    await shoot(`${device}-notes`, viewport, `/?p=${EASY}`, notes);
    await shoot(`${device}-chain`, viewport, linkTo(chain.line, chain.eliminated), chainHint);
    await shoot(`${device}-explain`, viewport, `/?p=${HARD}`, explainList);
    await shoot(`${device}-dark`, viewport, linkTo(chain.line, chain.eliminated), chainHint, { dark: true });
  }
} finally {
  await env.context.close();
  await env.server.stop();
  rmSync(profile, { recursive: true, force: true });
}
