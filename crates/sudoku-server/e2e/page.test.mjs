// End-to-end tests of the page in a real browser: headless Chromium (Debian's `chromium`)
// driven by playwright-core, against `sudoku serve` started here on 127.0.0.1 with a free port
// (see harness.mjs). play.test.mjs tests the player's tools; this file the first page's uses.
//
//   cargo build --release -p sudoku-cli && npm ci && npm test
//
// Environment: as harness.mjs says. e2e/screenshots.mjs writes the README's screenshots.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  setup, env, open, close, act, readGrid, cellsWith, message, api, houseCells, sorted, stepCells,
  targetCells, paste, EASY, EASY_SOLUTION, WITH_ELIMINATIONS,
} from './harness.mjs';

setup();

test('type a puzzle with the keyboard, solve it, and check the grid', async () => {
  const page = await open('/');
  await page.click('#grid .cell[data-cell="0"]');
  // Type row by row: a digit or nothing, then ArrowRight; at a row's end, ArrowDown and Home.
  for (let i = 0; i < 81; i += 1) {
    if (EASY[i] !== '.') await page.keyboard.press(EASY[i]);
    if (i % 9 < 8) await page.keyboard.press('ArrowRight');
    else { await page.keyboard.press('ArrowDown'); await page.keyboard.press('Home'); }
  }
  assert.equal(await readGrid(page), EASY);
  await act(page, '#solve');
  assert.equal(await readGrid(page), EASY_SOLUTION);
  assert.match(await message(page), /unique/);
  await act(page, '#check');
  assert.match(await message(page), /Solved: every cell is right/);
  await close(page);
});

test('check marks a wrong entry', async () => {
  const page = await open(`/?p=${EASY}`);
  // r1c3 is 4 in the solution; 1 is a candidate there, so no rule is broken.
  await page.click('#grid .cell[data-cell="2"]');
  await page.keyboard.press('1');
  await act(page, '#check');
  assert.deepEqual(await cellsWith(page, 'wrong'), [2]);
  assert.match(await message(page), /1 entry is wrong/);
  // A digit twice in a row: the two cells are named.
  await page.click('#grid .cell[data-cell="2"]');
  await page.keyboard.press('5');
  await act(page, '#check');
  assert.deepEqual(await cellsWith(page, 'wrong'), [0, 2]);
  assert.match(await message(page), /both hold 5/);
  await close(page);
});

test('hint highlights the cells and houses of the step, and says why', async () => {
  const page = await open(`/?p=${EASY}`);
  const expected = (await api('hint', { puzzle: EASY })).step;
  await act(page, '#hint');
  const pattern = stepCells(expected);
  assert.deepEqual(await cellsWith(page, 'pattern'), pattern);
  const houses = sorted(expected.houses.flatMap(houseCells)).filter((i) => !pattern.includes(i));
  assert.deepEqual(await cellsWith(page, 'house'), houses);
  assert.equal(await message(page), expected.text);
  // The placement is shown on the candidates; applying it fills the cell.
  const [[cell, digit]] = expected.placements;
  const placed = await page.$eval(`#grid .cell[data-cell="${cell}"] .cands span.place`, (s) => s.textContent);
  assert.equal(placed, String(digit));
  await page.keyboard.press('a');
  assert.equal((await readGrid(page))[cell], String(digit));
  assert.deepEqual(await cellsWith(page, 'pattern'), []);
  await close(page);
});

test('hints with eliminations strike out the right candidates, and applied ones move on', async () => {
  // Ask the API for the path's hints, applying each, up to the first elimination-only step.
  let values = [...WITH_ELIMINATIONS];
  const eliminated = [];
  let target = null;
  let before = 0;
  for (; before < 81; before += 1) {
    const { step } = await api('hint', { puzzle: values.join(''), eliminated });
    if (step.placements.length === 0) { target = step; break; }
    for (const [c, d] of step.placements) values[c] = String(d);
  }
  assert.ok(target, 'the path has an elimination-only step');
  const page = await open(`/?p=${WITH_ELIMINATIONS}`);
  for (let k = 0; k < before; k += 1) {
    await act(page, '#hint');
    await act(page, '#apply');
  }
  await act(page, '#hint');
  assert.equal(await message(page), target.text);
  const struck = await page.$$eval('#grid .cands span.elim', (spans) => spans.map((s) =>
    [Number(s.closest('.cell').dataset.cell), Number(s.textContent)]));
  const sortPairs = (pairs) => pairs.map((p) => p.join(':')).sort();
  assert.deepEqual(sortPairs(struck), sortPairs(target.eliminations));
  assert.deepEqual(await cellsWith(page, 'pattern'), stepCells(target));
  assert.deepEqual(await cellsWith(page, 'target'), targetCells(target));
  assert.ok(targetCells(target).length > 0);
  const houses = sorted(target.houses.flatMap(houseCells))
    .filter((i) => !stepCells(target).includes(i) && !targetCells(target).includes(i));
  assert.deepEqual(await cellsWith(page, 'house'), houses);
  // Applying it and asking again gives a different step (the page sends the eliminations).
  await act(page, '#apply');
  await act(page, '#hint');
  assert.notEqual(await message(page), target.text);
  await close(page);
});

test('explain steps through the whole path forward and back', async () => {
  const page = await open(`/?p=${EASY}`);
  const path = await api('explain', { puzzle: EASY });
  await act(page, '#explain');
  const total = path.steps.length;
  assert.equal(await page.textContent('#step-count'), `Step 1 of ${total}`);
  assert.equal(await message(page), `Step 1: ${path.steps[0].text}`);
  await page.keyboard.press('n');
  await page.keyboard.press('n');
  assert.equal(await page.textContent('#step-count'), `Step 3 of ${total}`);
  // The grid shows the state before step 3: the first two placements are in.
  const grid = await readGrid(page);
  for (const [c, d] of [...path.steps[0].placements, ...path.steps[1].placements]) assert.equal(grid[c], String(d));
  await page.click('#prev');
  assert.equal(await message(page), `Step 2: ${path.steps[1].text}`);
  assert.deepEqual(await cellsWith(page, 'pattern'), stepCells(path.steps[1]));
  // Past the last step: N does nothing more.
  for (let k = 0; k < total + 2; k += 1) await page.keyboard.press('n');
  assert.match(await message(page), new RegExp(`Solved in ${total} steps`));
  assert.equal(await readGrid(page), EASY_SOLUTION);
  await page.click('#close-explain');
  assert.equal(await page.textContent('#step-count'), 'No explanation');
  assert.equal(await readGrid(page), EASY, 'closing goes back to the grid as it was');
  await close(page);
});

test('the shared link restores the puzzle and the entries', async () => {
  const page = await open(`/?p=${EASY}`);
  await page.click('#grid .cell[data-cell="2"]');
  await page.keyboard.press('4');
  const link = await page.inputValue('#share');
  assert.ok(link.startsWith(env.server.base), link);
  const grid = await readGrid(page);
  const clues = await cellsWith(page, 'clue');
  await close(page);
  const again = await env.context.newPage();
  await again.goto(link);
  await again.waitForSelector('#grid .cell');
  assert.equal(await readGrid(again), grid);
  assert.deepEqual(await cellsWith(again, 'clue'), clues);
  assert.deepEqual(await cellsWith(again, 'entry'), [2]);
  await again.close();
});

test('generate fills a new symmetric puzzle with one solution', async () => {
  const page = await open(`/?p=${EASY}`);
  await page.selectOption('#symmetry', 'rot180');
  await act(page, '#generate');
  assert.match(await message(page), /New puzzle: \d+ clues, symmetry rot180/);
  const grid = await readGrid(page);
  assert.notEqual(grid, EASY);
  const clues = await cellsWith(page, 'clue');
  assert.ok(clues.length >= 17 && clues.length < 81, `${clues.length} clues`);
  for (let i = 0; i < 81; i += 1) assert.equal(grid[i] === '.', grid[80 - i] === '.', `cell ${i}`);
  assert.equal((await api('check', { puzzle: grid })).status, 'unique');
  assert.match(await page.textContent('#rating'), /SE rating \d+\.\d/);
  await close(page);
});

test('paste loads a puzzle written as a grid', async () => {
  const page = await open('/');
  const rows = EASY.match(/.{9}/g).map((r) => r.replace(/\./g, '0'));
  const text = rows.map((r) => `${r.slice(0, 3)} | ${r.slice(3, 6)} | ${r.slice(6)}`).join('\n');
  await paste(page, text);
  await page.waitForFunction(() => /Loaded a puzzle/.test(document.getElementById('message').textContent));
  assert.equal(await readGrid(page), EASY);
  assert.match(await message(page), /30 clues and one solution/);
  await close(page);
});

test('the keyboard alone reaches the grid, fills it, undoes, and rates', async () => {
  const page = await open(`/?p=${EASY}`);
  // Tab from the top: the skip link, then the grid's selected cell.
  for (let k = 0; k < 5; k += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement.classList.contains('cell'))) break;
  }
  const focused = await page.evaluate(() => Number(document.activeElement.dataset.cell));
  assert.equal(focused, 40, 'the centre cell is selected first');
  // r5c5 is 5 in the solution.
  await page.keyboard.press('ArrowUp'); // r4c5 holds the clue 6
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('5');
  assert.equal((await readGrid(page))[40], '5');
  await page.keyboard.press('Backspace');
  assert.equal((await readGrid(page))[40], '.');
  await page.keyboard.press('Control+z');
  assert.equal((await readGrid(page))[40], '5');
  await page.keyboard.press('h');
  await page.waitForFunction(() => document.querySelectorAll('#grid .cell.pattern').length > 0);
  // Tab on to the Rate button and press Enter.
  await page.focus('#rate');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /SE rating/.test(document.getElementById('rating').textContent));
  const rated = await api('rate', { puzzle: EASY });
  assert.match(await page.textContent('#rating'), new RegExp(`SE rating ${rated.er.toFixed(1)}`));
  await close(page);
});

test('a phone-sized screen shows the whole grid without sideways scrolling', async () => {
  const phone = { width: 390, height: 844 };
  const page = await open(`/?p=${EASY}`, phone);
  const box = await page.locator('#grid').boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= phone.width, JSON.stringify(box));
  assert.ok(box.width >= 330, `the grid is ${box.width}px wide`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${overflow}px of sideways scrolling`);
  // Tap a cell and a pad button: the way in without a keyboard.
  await page.click('#grid .cell[data-cell="2"]');
  await page.click('#pad button[data-digit="4"]');
  assert.equal((await readGrid(page))[2], '4');
  await act(page, '#explain');
  await page.click('#next');
  await close(page);
});

test('nothing moves when hints, explanations, ratings and errors appear', async () => {
  const page = await open(`/?p=${EASY}`);
  const boxes = () => page.evaluate(() => ['#grid', '#pad', '#message', '.buttons', '.stepper', '.generate', '#share']
    .map((s) => JSON.stringify(document.querySelector(s).getBoundingClientRect())));
  const start = await boxes();
  await act(page, '#hint');
  assert.deepEqual(await boxes(), start, 'after a hint');
  await act(page, '#explain');
  assert.deepEqual(await boxes(), start, 'while explaining');
  await page.click('#close-explain');
  await act(page, '#rate');
  assert.deepEqual(await boxes(), start, 'after a rating');
  await page.click('#grid .cell[data-cell="2"]');
  await page.keyboard.press('5');
  await act(page, '#check');
  assert.match(await message(page), /both hold 5/);
  assert.deepEqual(await boxes(), start, 'after an error');
  await close(page);
});
