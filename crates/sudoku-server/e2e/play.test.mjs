// Browser tests of the page as a player's tool (issue 34): the bugs seen when it was played,
// notes, settings, drawn chains, the explanation list, clock, redo, dark mode, import, print,
// accessibility (axe-core) and a layout that never moves. Run as page.test.mjs is (see
// harness.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  setup, env, open, close, act, press, idle, readGrid, cellsWith, message, api, paste,
  stateBefore, linkTo, assertAccessible, EASY, EASY_SOLUTION, WITH_ELIMINATIONS, HARD, DESKTOP, PHONE,
} from './harness.mjs';
import { candidatePoint } from '../static/draw.js';

setup();

const cell = (i) => `#grid .cell[data-cell="${i}"]`;
/** The digits of `kind` ('cands', 'centre' or 'corner') the player can see in cell `i`. */
const visibleMarks = (page, i, kind) => page.$eval(cell(i), (el, k) => [...el.querySelectorAll(`.${k} span`)]
  .filter((s) => getComputedStyle(s).visibility === 'visible' && getComputedStyle(s).display !== 'none'
    && getComputedStyle(s.parentElement).visibility === 'visible')
  .map((s) => Number(s.textContent)), kind);
const visibleCandidateCount = (page) => page.$$eval('#grid .cands span', (spans) => spans
  .filter((s) => getComputedStyle(s).visibility === 'visible').length);
const isChain = (step) => (step.links || []).length > 0;
const strongCount = (links) => links.filter((l) => !l.from.on && l.to.on).length;
const drawn = (page) => page.evaluate(() => ({
  strong: document.querySelectorAll('#links line.strong').length,
  weak: document.querySelectorAll('#links line.weak').length,
  nodes: document.querySelectorAll('#links circle.node').length,
}));
const distinctNodes = (links) => new Set(links.flatMap((l) => [l.from, l.to]).map((n) => `${n.cell}:${n.digit}`)).size;

// ---- the bugs seen ------------------------------------------------------------------------

test('bug 1: candidates stay hidden until Show candidates is ticked', async () => {
  const page = await open(`/?p=${EASY}`);
  assert.equal(await visibleCandidateCount(page), 0, 'a new puzzle shows no candidate');
  await page.check('#show-cands');
  const { candidates } = await api('hint', { puzzle: EASY });
  const total = candidates.reduce((n, s) => n + s.length, 0);
  assert.equal(await visibleCandidateCount(page), total);
  await page.uncheck('#show-cands');
  assert.equal(await visibleCandidateCount(page), 0);
  await close(page);
});

test('bug 2: Set as puzzle makes typed digits the givens, and Check marks the wrong entry', async () => {
  // The digits typed in as entries (the link's e=), as a player who typed a puzzle has them.
  const page = await open(`/?p=${'.'.repeat(81)}&e=${EASY}`);
  assert.deepEqual(await cellsWith(page, 'clue'), []);
  await act(page, '#check');
  assert.match(await message(page), /Set as puzzle/);
  await act(page, '#set-puzzle');
  const givens = [...EASY].flatMap((ch, i) => (ch === '.' ? [] : [i]));
  assert.deepEqual(await cellsWith(page, 'clue'), givens);
  assert.deepEqual(await cellsWith(page, 'entry'), []);
  // r1c3 is 4 in the solution; 1 breaks no rule.
  await page.click(cell(2));
  await page.keyboard.press('1');
  await act(page, '#check');
  assert.deepEqual(await cellsWith(page, 'wrong'), [2]);
  assert.match(await message(page), /1 entry is wrong/);
  await close(page);
});

test('bug 3: a link to a broken grid is reported and marked as a paste of it is', async () => {
  const broken = `${EASY.slice(0, 2)}5${EASY.slice(3)}`; // 5 twice in row 1
  const linked = await open(`/?p=${broken}`);
  const linkedMessage = await message(linked);
  const linkedCells = await cellsWith(linked, 'wrong');
  await close(linked);
  assert.match(linkedMessage, /not valid/);
  assert.deepEqual(linkedCells, [0, 2]);
  const pasted = await open('/');
  await paste(pasted, broken);
  assert.equal(await message(pasted), linkedMessage);
  assert.deepEqual(await cellsWith(pasted, 'wrong'), linkedCells);
  await close(pasted);
});

for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`bug 4: a long chain hint moves nothing (${name})`, async () => {
    const { line, eliminated, step } = await stateBefore(HARD, (s) => s.technique === 'dynamic_region_forcing_chains');
    const page = await open(linkTo(line, eliminated), viewport);
    const boxes = () => page.evaluate(() => ['#grid', '#pad', '#modes', '#message', '.detail-row', '.buttons', '.stepper']
      .map((s) => JSON.stringify(document.querySelector(s).getBoundingClientRect())));
    const start = await boxes();
    await act(page, '#hint');
    assert.match(await page.textContent('#notation'), /→|⇒/, 'the hint is the chain');
    assert.ok(step.text.length > 200, 'a long hint');
    assert.deepEqual(await boxes(), start, 'after the hint');
    await page.click('#detail summary');
    assert.equal(await page.$eval('#detail', (d) => d.open), true);
    assert.deepEqual(await boxes(), start, 'with its notation open');
    const scrollY = await page.evaluate(() => window.scrollY);
    assert.equal(scrollY, 0, 'the page did not scroll');
    await close(page);
  });
}

test('bug 5: Escape takes the hint sentence away', async () => {
  const page = await open(`/?p=${EASY}`);
  const { step } = await api('hint', { puzzle: EASY });
  await act(page, '#hint');
  assert.equal(await message(page), step.text);
  await page.keyboard.press('Escape');
  assert.notEqual(await message(page), step.text);
  assert.match(await message(page), /Hint hidden/);
  assert.deepEqual(await cellsWith(page, 'pattern'), []);
  await close(page);
});

test('bug 5: a cell clicked during Explain is selected and says so', async () => {
  const page = await open(`/?p=${EASY}`);
  await act(page, '#explain');
  await page.click(cell(2));
  assert.deepEqual(await cellsWith(page, 'selected'), [2]);
  assert.match(await message(page), /r1c3 selected/);
  assert.equal(await page.evaluate(() => document.activeElement.dataset.cell), '2');
  await close(page);
});

test('bug 5: the skip link puts the focus on the grid', async () => {
  const page = await open(`/?p=${EASY}`);
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'skip');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.cell), '40');
  await close(page);
});

test('bug 5: digits typed while a pad button has the focus go to the selected cell', async () => {
  const page = await open(`/?p=${EASY}`);
  await page.click(cell(2));
  await page.click('#pad button[data-digit="4"]');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.digit), '4');
  await page.keyboard.press('1');
  assert.equal((await readGrid(page))[2], '1');
  await page.keyboard.press('Backspace');
  assert.equal((await readGrid(page))[2], '.');
  await close(page);
});

test('bug 5: one clue is "1 clue", and a bad paste is answered in plain words', async () => {
  const page = await open('/');
  await paste(page, `5${'.'.repeat(80)}`);
  assert.equal(await message(page), 'Loaded a puzzle with 1 clue and several solutions.');
  await paste(page, 'hello world');
  const said = await message(page);
  assert.match(said, /not a puzzle this page can read/);
  assert.doesNotMatch(said, /unexpected character|column/);
  await close(page);
});

test('bug 5: candidates removed by applied hints are in the link', async () => {
  const { line, eliminated, step } = await stateBefore(WITH_ELIMINATIONS, (s) => s.placements.length === 0);
  assert.deepEqual(eliminated, [], 'no elimination before the first elimination-only step');
  const page = await open(linkTo(line));
  await act(page, '#hint');
  assert.equal(await message(page), step.text);
  await act(page, '#apply');
  const link = await page.inputValue('#share');
  assert.match(link, /[?&]x=\d{3}/);
  await close(page);
  const again = await open(link.slice(env.server.base.length));
  await act(again, '#hint');
  const next = await api('hint', { puzzle: line, eliminated: step.eliminations });
  assert.equal(await message(again), next.step.text);
  assert.notEqual(next.step.text, step.text);
  await close(again);
});

// ---- notes --------------------------------------------------------------------------------

test('notes by keyboard: M switches the mode, Shift+digit a corner note, Ctrl+digit a centre note', async () => {
  const page = await open(`/?p=${EASY}`);
  await page.click(cell(2));
  await page.keyboard.press('m');
  assert.equal(await page.getAttribute('#modes [data-mode="centre"]', 'aria-pressed'), 'true');
  await page.keyboard.press('1');
  await page.keyboard.press('2');
  assert.deepEqual(await visibleMarks(page, 2, 'centre'), [1, 2]);
  assert.equal((await readGrid(page))[2], '.', 'notes are not digits');
  await page.keyboard.press('m');
  await page.keyboard.press('4');
  assert.deepEqual(await visibleMarks(page, 2, 'corner'), [4]);
  await page.keyboard.press('m');
  assert.equal(await page.getAttribute('#modes [data-mode="digit"]', 'aria-pressed'), 'true');
  await page.keyboard.press('Shift+7');
  assert.deepEqual(await visibleMarks(page, 2, 'corner'), [4, 7]);
  await page.keyboard.press('Control+8');
  assert.deepEqual(await visibleMarks(page, 2, 'centre'), [1, 2, 8]);
  await page.keyboard.press('Control+2');
  assert.deepEqual(await visibleMarks(page, 2, 'centre'), [1, 8], 'a second press takes a note away');
  await page.keyboard.press('Control+z');
  assert.deepEqual(await visibleMarks(page, 2, 'centre'), [1, 2, 8]);
  // A digit hides the notes; emptying the cell shows them again.
  await page.keyboard.press('4');
  assert.deepEqual(await visibleMarks(page, 2, 'centre'), []);
  await page.keyboard.press('Delete');
  assert.deepEqual(await visibleMarks(page, 2, 'centre'), [1, 2, 8]);
  await close(page);
});

test('notes by touch: the pad writes notes after the Centre and Corner toggles', async () => {
  const page = await open(`/?p=${EASY}`, PHONE);
  await page.click(cell(2));
  await page.click('#modes [data-mode="centre"]');
  await page.click('#pad button[data-digit="3"]');
  await page.click('#pad button[data-digit="9"]');
  assert.deepEqual(await visibleMarks(page, 2, 'centre'), [3, 9]);
  await page.click('#modes [data-mode="corner"]');
  await page.click('#pad button[data-digit="6"]');
  assert.deepEqual(await visibleMarks(page, 2, 'corner'), [6]);
  await page.click('#modes [data-mode="digit"]');
  await page.click('#pad button[data-digit="4"]');
  assert.equal((await readGrid(page))[2], '4');
  await close(page);
});

test('fill notes gives every empty cell its candidates, and a digit takes them from its peers', async () => {
  const page = await open(`/?p=${EASY}`);
  await page.click('#fill');
  const { candidates } = await api('hint', { puzzle: EASY });
  for (const i of [2, 3, 40, 80 - 1]) {
    assert.deepEqual(await visibleMarks(page, i, 'centre'), [...candidates[i]].map(Number), `cell ${i}`);
  }
  // r1c3 = 4: 4 leaves the notes of row 1, column 3 and box 1.
  await page.click(cell(2));
  await page.keyboard.press('4');
  assert.ok(!(await visibleMarks(page, 3, 'centre')).includes(4));
  await close(page);
});

test('a hint from the player\'s notes says which true digit a note lost', async () => {
  const page = await open(`/?p=${EASY}`);
  await page.click('#fill');
  // r1c3 is 4 in the solution: take 4 out of its notes.
  await page.click(cell(2));
  await page.keyboard.press('Control+4');
  assert.ok(!(await visibleMarks(page, 2, 'centre')).includes(4));
  await act(page, '#hint');
  assert.match(await message(page), /^r1c3 lost its 4, which the solution needs/);
  assert.deepEqual(await cellsWith(page, 'wrong'), [2]);
  // Put it back: the hint reasons from the notes again.
  await page.click(cell(2));
  await page.keyboard.press('Control+4');
  await act(page, '#hint');
  assert.equal(await message(page), (await api('hint', { puzzle: EASY })).step.text);
  await close(page);
});

test('a hint uses the player\'s notes: a false candidate taken out is not found again', async () => {
  // The first elimination-only step of the path: remove its candidates as notes instead.
  const { line, step } = await stateBefore(WITH_ELIMINATIONS, (s) => s.placements.length === 0);
  const page = await open(linkTo(line));
  await page.click('#fill');
  await page.click('#modes [data-mode="centre"]');
  for (const [c, d] of step.eliminations) {
    await page.click(cell(c));
    await page.click(`#pad button[data-digit="${d}"]`);
  }
  await act(page, '#hint');
  const expected = await api('hint', { puzzle: line, eliminated: step.eliminations });
  assert.equal(await message(page), expected.step.text);
  await close(page);
});

// ---- settings -----------------------------------------------------------------------------

test('settings: conflicts, houses, same digit (notes too), mistakes at once; kept after a reload', async () => {
  const page = await open(`/?p=${EASY}`);
  // Conflicts as you type (on by default): 5 at r1c3 clashes with r1c1's 5.
  await page.click(cell(2));
  await page.keyboard.press('5');
  assert.deepEqual(await cellsWith(page, 'conflict'), [0, 2]);
  await page.click('#settings summary');
  await page.uncheck('#set-conflicts');
  assert.deepEqual(await cellsWith(page, 'conflict'), []);
  // The row, column and box of the selection (20 peers).
  await page.click(cell(40));
  assert.equal((await cellsWith(page, 'peer')).length, 20);
  await page.uncheck('#set-houses');
  assert.equal((await cellsWith(page, 'peer')).length, 0);
  // The same digit, in cells and in notes: select a 5 clue after a note 5 in r1c4.
  await page.click(cell(3));
  await page.keyboard.press('Shift+5');
  await page.click(cell(0));
  const fives = [...EASY].flatMap((ch, i) => (ch === '5' && i !== 0 ? [i] : []));
  assert.deepEqual(await cellsWith(page, 'same'), sorted([...fives, 2]));
  assert.equal(await page.$$eval('#grid .corner span.hl', (s) => s.length), 1);
  await page.uncheck('#set-same');
  assert.deepEqual(await cellsWith(page, 'same'), []);
  assert.equal(await page.$$eval('#grid .corner span.hl', (s) => s.length), 0);
  // Mistakes at once: off by default, so r1c4 = 2 (wrong: it is 6; no clash) is not marked
  // until it is on.
  await page.click(cell(2));
  await page.keyboard.press('Backspace');
  await page.click(cell(3));
  await page.keyboard.press('2');
  assert.deepEqual(await cellsWith(page, 'mistake'), []);
  await page.check('#set-mistakes');
  await idle(page);
  await page.waitForSelector('#grid .cell.mistake');
  assert.deepEqual(await cellsWith(page, 'mistake'), [3]);
  // Kept: a new page of the same browser has them.
  await close(page);
  const again = await open(`/?p=${EASY}`, DESKTOP, { keepStorage: true });
  const kept = await again.evaluate(() => ['set-conflicts', 'set-houses', 'set-same', 'set-mistakes']
    .map((id) => document.getElementById(id).checked));
  assert.deepEqual(kept, [false, false, false, true]);
  await close(again);
});

function sorted(cells) {
  return [...new Set(cells)].sort((a, b) => a - b);
}

// ---- chains drawn -------------------------------------------------------------------------

test('a chain hint draws each of its links: strong solid, weak dashed, nodes on and off', async () => {
  // The page's hints are in human mode (the API's default): HoDoKu's chains and SE's forcing
  // chains, each as the path to HARD's solution meets them.
  for (const technique of ['skyscraper', 'grouped_nice_loop', 'als_chain', 'forcing_chain', 'dynamic_region_forcing_chains']) {
    const { line, eliminated, step } = await stateBefore(HARD, (s) => s.technique === technique);
    assert.ok(isChain(step));
    const page = await open(linkTo(line, eliminated));
    await act(page, '#hint');
    const shown = await drawn(page);
    assert.deepEqual(shown, {
      strong: strongCount(step.links),
      weak: step.links.length - strongCount(step.links),
      nodes: distinctNodes(step.links),
    }, technique);
    assert.ok(shown.strong > 0 && shown.weak > 0, technique);
    const dashed = await page.$eval('#links line.weak', (l) => getComputedStyle(l).strokeDasharray);
    const solid = await page.$eval('#links line.strong', (l) => getComputedStyle(l).strokeDasharray);
    assert.notEqual(dashed, 'none');
    assert.equal(solid, 'none');
    // The sentence is short; a chain's notation, when its text has one (SE's chains; HoDoKu's
    // patterns are told in words), is in the detail box.
    assert.doesNotMatch(await message(page), /→/);
    const notation = /r\dc\d[=≠]\d\s*(?:→|⇒)/.test(step.text);
    assert.equal(await page.isVisible('#detail summary'), notation, technique);
    if (notation) assert.ok(step.text.includes((await page.textContent('#notation')).trim()));
    // Hiding the hint takes the drawing away.
    await page.keyboard.press('Escape');
    assert.deepEqual(await drawn(page), { strong: 0, weak: 0, nodes: 0 });
    await close(page);
  }
});

// Puzzles of testdata/sample.txt whose paths (human mode) meet an XY-Wing and an XYZ-Wing.
const WINGS = {
  xy_wing: '..............1.23.45..6...........7......1.68...4..........54....82.....76......',
  xyz_wing: '.2..5...9..618..73............5....8...938....1.....6...1....2......4....973..4..',
};

/** Each drawn line as "from-cell:digit>to-cell:digit", read back from its geometry: a line
 * runs along its link, cut by the same length at both ends, so its midpoint is the link's. */
const drawnLinks = (page, links) => page.$$eval('#links line', (lines) => lines.map((l) => ({
  x: (Number(l.getAttribute('x1')) + Number(l.getAttribute('x2'))) / 2,
  y: (Number(l.getAttribute('y1')) + Number(l.getAttribute('y2'))) / 2,
  kind: l.dataset.kind,
}))).then((mids) => mids.map((m) => {
  const link = links.find((k) => {
    const a = candidatePoint(k.from.cell, k.from.digit);
    const b = candidatePoint(k.to.cell, k.to.digit);
    return Math.abs((a.x + b.x) / 2 - m.x) < 0.2 && Math.abs((a.y + b.y) / 2 - m.y) < 0.2;
  });
  return link ? `${link.from.cell}:${link.from.digit}>${link.to.cell}:${link.to.digit} ${m.kind}` : `none at ${m.x},${m.y}`;
}));

test('XY-Wing and XYZ-Wing hints draw their pivot-to-pincer links', async () => {
  for (const [technique, puzzle] of Object.entries(WINGS)) {
    const { line, eliminated, step } = await stateBefore(puzzle, (s) => s.technique === technique);
    // pivot=x ⇒ xz≠x ⇒ xz=z and pivot=y ⇒ yz≠y ⇒ yz=z: weak, strong, weak, strong.
    assert.equal(step.links.length, 4, technique);
    assert.deepEqual(step.links.map((l) => (!l.from.on && l.to.on ? 'strong' : 'weak')), ['weak', 'strong', 'weak', 'strong']);
    const [pivot, xz, yz] = step.cells;
    assert.deepEqual(step.links.map((l) => [l.from.cell, l.to.cell]), [[pivot, xz], [xz, xz], [pivot, yz], [yz, yz]]);
    const page = await open(linkTo(line, eliminated));
    await act(page, '#hint');
    assert.match(await message(page), technique === 'xy_wing' ? /^XY-Wing/ : /^XYZ-Wing/);
    assert.deepEqual(await drawn(page), { strong: 2, weak: 2, nodes: distinctNodes(step.links) }, technique);
    const expected = step.links.map((l) => `${l.from.cell}:${l.from.digit}>${l.to.cell}:${l.to.digit} ${!l.from.on && l.to.on ? 'strong' : 'weak'}`);
    assert.deepEqual((await drawnLinks(page, step.links)).sort(), expected.sort(), technique);
    await close(page);
  }
});

test('dynamic forcing chains and the steps of an explanation are drawn too', async () => {
  const path = await api('explain', { puzzle: HARD });
  const dynamic = path.steps.findIndex((s) => s.technique.startsWith('dynamic') && isChain(s));
  assert.ok(dynamic >= 0);
  const page = await open(`/?p=${HARD}`);
  await act(page, '#explain');
  await page.click(`#path button[data-index="${dynamic}"]`);
  const step = path.steps[dynamic];
  assert.deepEqual(await drawn(page), {
    strong: strongCount(step.links),
    weak: step.links.length - strongCount(step.links),
    nodes: distinctNodes(step.links),
  });
  await close(page);
});

// ---- explain as a list, clock, redo, solved, dark mode, import, print -----------------------

test('explain lists every step; a click jumps to it, and N and P move from there', async () => {
  const page = await open(`/?p=${EASY}`);
  const path = await api('explain', { puzzle: EASY });
  await act(page, '#explain');
  const items = await page.$$eval('#path button', (b) => b.map((x) => x.textContent));
  assert.equal(items.length, path.steps.length);
  path.steps.forEach((step, k) => {
    assert.ok(items[k].startsWith(`${k + 1}. ${step.name}: `), items[k]);
  });
  await page.click('#path button[data-index="9"]');
  assert.equal(await page.textContent('#step-count'), `Step 10 of ${path.steps.length}`);
  assert.equal(await message(page), `Step 10: ${path.steps[9].text}`);
  assert.equal(await page.getAttribute('#path button[data-index="9"]', 'aria-current'), 'step');
  await page.keyboard.press('n');
  assert.equal(await page.textContent('#step-count'), `Step 11 of ${path.steps.length}`);
  assert.equal(await page.getAttribute('#path button[data-index="10"]', 'aria-current'), 'step');
  assert.equal(await page.getAttribute('#path button[data-index="9"]', 'aria-current'), null);
  await page.keyboard.press('p');
  await page.keyboard.press('p');
  assert.equal(await page.textContent('#step-count'), `Step 9 of ${path.steps.length}`);
  // A step far down the list, chosen without the test's own scrolling: the list scrolls to
  // it, the page does not.
  const far = path.steps.length - 2;
  await page.evaluate((k) => document.querySelector(`#path button[data-index="${k}"]`).click(), far);
  assert.equal(await page.textContent('#step-count'), `Step ${far + 1} of ${path.steps.length}`);
  await page.keyboard.press('p');
  const seen = await page.evaluate((k) => {
    const box = document.getElementById('path-box').getBoundingClientRect();
    const item = document.querySelector(`#path button[data-index="${k}"]`).getBoundingClientRect();
    return item.top >= box.top && item.bottom <= box.bottom;
  }, far - 1);
  assert.ok(seen, 'the current step is in view in the list');
  await page.click('#close-explain');
  assert.equal(await page.isHidden('#path-box'), true);
  await close(page);
});

test('the clock runs, pauses, resumes and can be hidden', async () => {
  const page = await open(`/?p=${EASY}`, DESKTOP, { clock: true });
  assert.equal(await page.textContent('#timer'), '0:00');
  await page.clock.runFor(65_000);
  assert.equal(await page.textContent('#timer'), '1:05');
  await page.click('#pause');
  assert.equal(await page.getAttribute('#pause', 'aria-pressed'), 'true');
  await page.clock.runFor(30_000);
  assert.equal(await page.textContent('#timer'), '1:05', 'paused');
  await page.click('#pause');
  await page.clock.runFor(5_000);
  assert.equal(await page.textContent('#timer'), '1:10');
  await page.click('#settings summary');
  await page.uncheck('#set-timer');
  assert.equal(await page.$eval('.clock', (c) => getComputedStyle(c).visibility), 'hidden');
  await close(page);
});

test('redo: Ctrl+Y and Ctrl+Shift+Z bring back what Ctrl+Z took', async () => {
  const page = await open(`/?p=${EASY}`);
  await page.click(cell(2));
  await page.keyboard.press('4');
  await page.keyboard.press('Control+z');
  assert.equal((await readGrid(page))[2], '.');
  await page.keyboard.press('Control+y');
  assert.equal((await readGrid(page))[2], '4');
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+Shift+z');
  assert.equal((await readGrid(page))[2], '4');
  await page.keyboard.press('Control+z');
  await page.click('#redo');
  assert.equal((await readGrid(page))[2], '4');
  // A new change drops what could be redone.
  await page.keyboard.press('Control+z');
  await page.click(cell(3));
  await page.keyboard.press('6');
  assert.equal(await page.isDisabled('#redo'), true);
  await close(page);
});

test('the last right digit is a solved moment and stops the clock', async () => {
  const entries = [...EASY_SOLUTION].map((ch, i) => (EASY[i] === '.' && i !== 2 ? ch : '.')).join('');
  const page = await open(`/?p=${EASY}&e=${entries}`, DESKTOP, { clock: true });
  await page.clock.runFor(42_000);
  await page.click(cell(2));
  await page.keyboard.press('4');
  assert.equal(await message(page), 'Solved in 0:42. Well done!');
  assert.equal(await page.$eval('#grid', (g) => g.classList.contains('done')), true);
  await page.clock.runFor(10_000);
  assert.equal(await page.textContent('#timer'), '0:42');
  await close(page);
});

test('dark mode follows the system and the setting', async () => {
  const page = await open(`/?p=${EASY}`);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.equal(await background(), 'rgb(255, 255, 255)');
  await page.emulateMedia({ colorScheme: 'dark' });
  assert.equal(await background(), 'rgb(21, 24, 29)');
  await page.click('#settings summary');
  await page.selectOption('#set-theme', 'light');
  assert.equal(await background(), 'rgb(255, 255, 255)');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.selectOption('#set-theme', 'dark');
  assert.equal(await background(), 'rgb(21, 24, 29)');
  await close(page);
});

test('the import box loads a puzzle (the way in on a phone)', async () => {
  const page = await open('/', PHONE);
  const rows = EASY.match(/.{9}/g).join('\n');
  await page.fill('#import-text', rows);
  await act(page, '#import');
  assert.equal(await readGrid(page), EASY);
  assert.match(await message(page), /30 clues and one solution/);
  const size = await page.$eval('#import-text', (t) => parseFloat(getComputedStyle(t).fontSize));
  assert.ok(size >= 16, 'no zoom on focus in mobile browsers');
  await close(page);
});

test('print shows the puzzle alone', async () => {
  const page = await open(`/?p=${EASY}`);
  await page.emulateMedia({ media: 'print' });
  const shown = await page.evaluate(() => ['#grid', '#pad', '#modes', '.controls', '#message', 'footer', '.clock']
    .map((s) => getComputedStyle(document.querySelector(s)).display !== 'none'));
  assert.deepEqual(shown, [true, false, false, false, false, false, false]);
  await close(page);
});

// ---- accessibility ----------------------------------------------------------------------

test('axe-core finds no serious or critical violation in the main states', async () => {
  const { line, eliminated } = await stateBefore(HARD, (s) => s.technique === 'forcing_chain');
  const page = await open(linkTo(line, eliminated));
  await assertAccessible(page, 'start');
  await act(page, '#hint');
  await page.click('#detail summary');
  await assertAccessible(page, 'a chain hint shown');
  await page.keyboard.press('Escape');
  await act(page, '#explain');
  await assertAccessible(page, 'the explanation list');
  await page.click('#close-explain');
  await page.click('#settings summary');
  await page.click('#fill');
  await assertAccessible(page, 'settings open, notes filled');
  await page.emulateMedia({ colorScheme: 'dark' });
  await assertAccessible(page, 'dark mode');
  await act(page, '#hint');
  await assertAccessible(page, 'dark mode with a hint');
  await close(page);
  const phone = await open(`/?p=${EASY}`, PHONE);
  await assertAccessible(phone, 'phone');
  await close(phone);
});
