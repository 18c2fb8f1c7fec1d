// Cancel on the page that `sudoku serve` sends (engine.js's HTTP backend): the request under
// way is aborted, by the Cancel button or by a new request. The server's answer is held back
// by Playwright's route until the test lets it go, so the wait is deterministic. Run as
// page.test.mjs is (see harness.mjs); the static build's cancel is in site.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, open, close, act, idle, message, EASY } from './harness.mjs';

setup();

/** Holds every request to `/api/rate` of `page` until its release() is called. */
async function holdRate(page) {
  const held = [];
  let arrived;
  const first = new Promise((resolve) => { arrived = resolve; });
  await page.route('**/api/rate', (route) => {
    held.push(route);
    arrived();
  });
  return {
    first,
    release: () => Promise.all(held.splice(0).map((route) => route.continue().catch(() => {}))),
  };
}

test('served page: Cancel aborts a rate the server has not answered', async () => {
  const page = await open(`/?p=${EASY}`);
  assert.equal(await page.evaluate(async () => (await import('/engine.js')).where), 'http');
  assert.equal(await page.isDisabled('#cancel'), true);
  const rate = await holdRate(page);
  await page.click('#rate');
  await rate.first;
  assert.equal(await page.isDisabled('#cancel'), false);
  await act(page, '#cancel');
  assert.equal(await message(page), 'Stopped.');
  assert.equal((await page.textContent('#rating')).trim(), '');
  assert.equal(await page.isDisabled('#cancel'), true);
  await rate.release();
  await close(page);
});

test('served page: a new request while a rate waits cancels it and is answered', async () => {
  const page = await open(`/?p=${EASY}`);
  const rate = await holdRate(page);
  await page.click('#rate');
  await rate.first;
  await page.click('#solve');
  await page.waitForFunction(() => /^Solved/.test(document.querySelector('#message').textContent)
    && !document.body.hasAttribute('aria-busy'));
  assert.equal((await page.textContent('#rating')).trim(), '');
  assert.ok(!(await page.$$eval('#grid .cell', (cells) => cells.some((c) => !c.dataset.value))), 'the grid is full');
  await rate.release();
  await idle(page);
  await close(page);
});
