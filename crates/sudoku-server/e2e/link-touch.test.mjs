// Browser tests of the player's notes in the page's link (`&n=`, notes-link.js: they survive a
// reload and go with a shared link; a bad one loads the grid without them and says so) and of
// play by real touch (a context with touch and a mobile viewport, driven by taps). Run as
// page.test.mjs is (see harness.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import {
  setup, env, open, close, act, idle, readGrid, message, EASY, PHONE,
} from './harness.mjs';
import { encodeNotes, decodeNotes } from '../static/notes-link.js';

setup();

const cell = (i) => `#grid .cell[data-cell="${i}"]`;
/** The digits of `kind` ('centre' or 'corner') the player can see in cell `i`. */
const visibleMarks = (page, i, kind) => page.$eval(cell(i), (el, k) => [...el.querySelectorAll(`.${k} span`)]
  .filter((s) => getComputedStyle(s).visibility === 'visible' && getComputedStyle(s).display !== 'none'
    && getComputedStyle(s.parentElement).visibility === 'visible')
  .map((s) => Number(s.textContent)), kind);
const allMarks = async (page, kind) => {
  const out = [];
  for (let i = 0; i < 81; i += 1) out.push((await visibleMarks(page, i, kind)).join(''));
  return out;
};
const linkParam = (page, name) => page.evaluate((n) => new URL(window.location.href).searchParams.get(n), name);

test('notes encode to at most 243 characters and decode to the same marks', () => {
  const none = new Array(81).fill(0);
  assert.equal(encodeNotes(none, none), '');
  assert.deepEqual(decodeNotes('', null), { centre: none, corner: none });
  // Every mark: the longest text.
  const all = new Array(81).fill(0x1ff);
  assert.equal(encodeNotes(all, all).length, 243);
  assert.deepEqual(decodeNotes(encodeNotes(all, all), null), { centre: all, corner: all });
  // Pseudo-random masks (a fixed LCG, so the test is the same every run).
  let seed = 12345;
  const next = () => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return seed; };
  for (let round = 0; round < 200; round += 1) {
    const masks = Array.from({ length: 162 }, () => (next() % 4 === 0 ? next() % 512 : 0));
    const centre = masks.slice(0, 81);
    const corner = masks.slice(81);
    const text = encodeNotes(centre, corner);
    assert.match(text, /^[A-Za-z0-9_-]{0,243}$/);
    assert.deepEqual(decodeNotes(text, null), { centre, corner });
  }
  // A note in r1c1 only: a couple of characters.
  const one = [...none];
  one[0] = 0b100000100; // digits 3 and 9
  assert.ok(encodeNotes(one, none).length <= 2);
  // Not a notes text.
  for (const bad of ['!', 'A'.repeat(244), 'AB C', '%41', null, 42]) assert.equal(decodeNotes(bad, null), null, String(bad));
  // A note on a given: refused.
  const clues = [...EASY].map((ch) => (ch === '.' ? 0 : Number(ch)));
  assert.equal(decodeNotes(encodeNotes(one, none), clues), null);
  const onBlank = [...none];
  onBlank[2] = 0b1000;
  assert.deepEqual(decodeNotes(encodeNotes(onBlank, none), clues).centre, onBlank);
});

test('centre and corner notes survive a reload and go with the shared link', async () => {
  const page = await open(`/?p=${EASY}`);
  await page.click(cell(2));
  await page.keyboard.press('Control+1');
  await page.keyboard.press('Control+2');
  await page.keyboard.press('Shift+8');
  await page.click(cell(78));
  await page.keyboard.press('Control+9');
  await page.keyboard.press('Shift+4');
  await page.keyboard.press('Shift+6');
  const centre = await allMarks(page, 'centre');
  const corner = await allMarks(page, 'corner');
  assert.equal(centre[2], '12');
  assert.equal(corner[2], '8');
  assert.equal(centre[78], '9');
  assert.equal(corner[78], '46');
  const n = await linkParam(page, 'n');
  assert.match(n, /^[A-Za-z0-9_-]+$/);
  assert.ok((await page.inputValue('#share')).includes(`n=${n}`));
  await page.reload();
  await page.waitForSelector('#grid .cell');
  await idle(page);
  assert.deepEqual(await allMarks(page, 'centre'), centre);
  assert.deepEqual(await allMarks(page, 'corner'), corner);
  // The shared link, opened in another tab, has them too.
  const shared = await open(new URL(await page.inputValue('#share')).search);
  assert.deepEqual(await allMarks(shared, 'centre'), centre);
  assert.deepEqual(await allMarks(shared, 'corner'), corner);
  // Taking the notes away takes them out of the link.
  await shared.click(cell(2));
  await shared.keyboard.press('Delete');
  await shared.click(cell(78));
  await shared.keyboard.press('Delete');
  assert.equal(await linkParam(shared, 'n'), null);
  await close(shared);
  await close(page);
});

test('a link with bad notes loads the grid without them and says so', async () => {
  const onGiven = encodeNotes([1, ...new Array(80).fill(0)], new Array(81).fill(0)); // r1c1 is a 5
  for (const bad of ['***', 'A'.repeat(244), onGiven]) {
    const page = await open(`/?p=${EASY}&n=${encodeURIComponent(bad)}`);
    assert.equal(await message(page), 'The link\'s notes cannot be read: the grid was loaded without them.');
    assert.equal(await readGrid(page), EASY);
    assert.ok((await allMarks(page, 'centre')).every((m) => m === ''), bad);
    assert.ok((await allMarks(page, 'corner')).every((m) => m === ''), bad);
    // The link is the grid's again, without the bad part.
    assert.equal(await linkParam(page, 'n'), null);
    assert.equal(page.errors.length, 0);
    await close(page);
  }
});

test('touch: taps on the cells, the pad and the notes toggles enter a digit and notes', async () => {
  const profile = mkdtempSync(join(tmpdir(), 'sudoku-touch-'));
  const phone = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
  });
  try {
    phone.setDefaultTimeout(60_000);
    const page = await phone.newPage();
    const errors = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto(`${env.server.base}/?p=${EASY}`);
    await page.waitForSelector('#grid .cell');
    await idle(page);
    assert.equal(await page.evaluate(() => matchMedia('(pointer: coarse)').matches && navigator.maxTouchPoints > 0), true);
    // A note: tap the cell, the Centre toggle, then the pad's 3 and 7.
    await page.locator(cell(2)).tap();
    await page.locator('#modes [data-mode="centre"]').tap();
    assert.equal(await page.getAttribute('#modes [data-mode="centre"]', 'aria-pressed'), 'true');
    await page.locator('#pad button[data-digit="3"]').tap();
    await page.locator('#pad button[data-digit="7"]').tap();
    assert.deepEqual(await visibleMarks(page, 2, 'centre'), [3, 7]);
    // A corner note in another cell.
    await page.locator(cell(3)).tap();
    await page.locator('#modes [data-mode="corner"]').tap();
    await page.locator('#pad button[data-digit="2"]').tap();
    assert.deepEqual(await visibleMarks(page, 3, 'corner'), [2]);
    // A digit: back to digits, tap a cell and the pad's 4.
    await page.locator('#modes [data-mode="digit"]').tap();
    await page.locator(cell(2)).tap();
    await page.locator('#pad button[data-digit="4"]').tap();
    assert.equal((await readGrid(page))[2], '4');
    assert.equal(await message(page), 'r1c3 = 4');
    // The erase key by tap empties it, and the notes are back.
    await page.locator('#pad button[data-digit="0"]').tap();
    assert.equal((await readGrid(page))[2], '.');
    assert.deepEqual(await visibleMarks(page, 2, 'centre'), [3, 7]);
    await act(page, '#check');
    assert.deepEqual(errors, []);
  } finally {
    await phone.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
