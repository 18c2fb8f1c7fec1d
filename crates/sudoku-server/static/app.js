// The page: a 9x9 grid to play on, and buttons that ask the engine (through ./engine.js).
//
// State lives here, the engine behind engine.js. The grid is the puzzle's clues plus the
// player's entries and notes (centre and corner marks), plus the candidates eliminated by
// hints the player applied. Hints and explanations start from the player's centre marks where
// a cell has them (sent as eliminations), so a hint reasons from the player's own state and
// says so when a mark the player removed was the true digit. The address bar always holds a
// link to the current grid (?p=clues&e=entries&x=eliminations&n=notes), so it can be shared
// or reloaded. Settings are kept in localStorage.
//
// Nothing is created or removed in the grid while the page is used: the 81 cells with their
// candidate and note slots are made once, and rendering only changes classes and text. That,
// with the sizes the style sheet reserves, keeps the layout from jumping.

import * as engine from './engine.js';
import { drawLinks, splitNotation } from './draw.js';
import { createClock } from './clock.js';
import { loadSettings, saveSettings, applyTheme } from './settings.js';
import { encodeNotes, decodeNotes } from './notes-link.js';

const CELLS = 81;
const ALL = 0x1ff; // the nine candidate bits, digit d at bit d-1
const bit = (d) => 1 << (d - 1);

const row = (i) => Math.floor(i / 9);
const col = (i) => i % 9;
const box = (i) => Math.floor(row(i) / 3) * 3 + Math.floor(col(i) / 3);
const cellName = (i) => `r${row(i) + 1}c${col(i) + 1}`;
const indices = [...Array(CELLS).keys()];
const PEERS = indices.map((i) =>
  indices.filter((j) => j !== i && (row(j) === row(i) || col(j) === col(i) || box(j) === box(i))));
const houseCells = (house) => {
  if ('row' in house) return indices.filter((i) => row(i) === house.row);
  if ('col' in house) return indices.filter((i) => col(i) === house.col);
  return indices.filter((i) => box(i) === house.block);
};
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
const digitsOf = (mask) => [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => mask & bit(d));

const $ = (id) => document.getElementById(id);
const gridEl = $('grid');
const messageEl = $('message');
const ratingEl = $('rating');
const shareEl = $('share');
const showCandsEl = $('show-cands');
const detailEl = $('detail');
const notationEl = $('notation');
const pathBox = $('path-box');
const pathEl = $('path');
const timerEl = $('timer');
const pauseEl = $('pause');
const START_MESSAGE = messageEl.textContent;

const state = {
  clues: new Array(CELLS).fill(0),
  entries: new Array(CELLS).fill(0),
  centre: new Array(CELLS).fill(0), // the player's centre marks (candidates), as bit masks
  corner: new Array(CELLS).fill(0), // the player's corner marks
  solved: new Set(), // entries filled by Solve (shown in another colour)
  eliminated: new Set(), // "cell:digit" removed by applied steps
  selected: 40,
  mode: 'digit', // what digits write: 'digit', 'centre' or 'corner'
  hint: null, // {step, cands} while a hint is shown
  explain: null, // {steps, states, index, outcome, hardest} while stepping
  wrong: new Set(), // cells marked wrong by the last check
  solution: null, // {clues, values}: the unique solution of these clues, once asked for
  done: false, // the player filled the grid without a conflict
  undo: [],
  redo: [],
  busy: false,
  running: null, // a promise that the engine action under way keeps until it ends
};

// ---- settings, kept in localStorage (settings.js) ----------------------------------------

const settings = loadSettings();
const settingInputs = {
  conflicts: $('set-conflicts'),
  houses: $('set-houses'),
  same: $('set-same'),
  mistakes: $('set-mistakes'),
  timer: $('set-timer'),
  theme: $('set-theme'),
};

// ---- building the grid once -------------------------------------------------------------

const cellEls = [];
const slotsOf = (parent, cls) => {
  const holder = document.createElement('div');
  holder.className = cls;
  holder.setAttribute('aria-hidden', 'true');
  for (let d = 1; d <= 9; d += 1) {
    const slot = document.createElement('span');
    slot.textContent = String(d);
    holder.appendChild(slot);
  }
  parent.appendChild(holder);
  return holder.children;
};
const parts = [];
for (let r = 0; r < 9; r += 1) {
  const rowEl = document.createElement('div');
  rowEl.setAttribute('role', 'row');
  rowEl.style.display = 'contents';
  for (let c = 0; c < 9; c += 1) {
    const i = r * 9 + c;
    const cell = document.createElement('div');
    cell.className = `cell r${r} c${c}`;
    cell.setAttribute('role', 'gridcell');
    cell.dataset.cell = String(i);
    cell.tabIndex = -1;
    // The cell's name for screen readers is this hidden text (not an aria-label, which would
    // have to repeat the candidates and notes the cell shows); the drawn parts are hidden from them.
    const name = document.createElement('span');
    name.className = 'sr';
    const value = document.createElement('span');
    value.className = 'value';
    value.setAttribute('aria-hidden', 'true');
    cell.append(name, value);
    parts.push({
      name,
      value,
      cands: slotsOf(cell, 'cands'),
      centre: slotsOf(cell, 'centre'),
      corner: slotsOf(cell, 'corner'),
    });
    rowEl.appendChild(cell);
    cellEls.push(cell);
  }
  gridEl.appendChild(rowEl);
}

// ---- the model --------------------------------------------------------------------------

const valueAt = (i) => state.clues[i] || state.entries[i];
const toLine = (values) => values.map((v) => (v ? String(v) : '.')).join('');
const currentLine = () => toLine(indices.map(valueAt));
const hasClues = () => state.clues.some((v) => v);
const hasEntries = () => state.entries.some((v) => v);
const hasNotes = () => indices.some((i) => !valueAt(i) && state.centre[i]);

/** Reads an 81-character line ('.' or '0' for blanks); null if it is not one. */
function parseLine(text) {
  if (typeof text !== 'string' || !/^[0-9.]{81}$/.test(text)) return null;
  return [...text].map((ch) => (ch === '.' ? 0 : Number(ch)));
}

/** The `x` parameter: three digits per eliminated candidate (cell 00-80, then the digit). */
const eliminationsParam = () => [...state.eliminated]
  .map((key) => key.split(':').map(Number))
  .sort((a, b) => a[0] - b[0] || a[1] - b[1])
  .map(([i, d]) => `${String(i).padStart(2, '0')}${d}`)
  .join('');

function parseEliminations(text) {
  const out = new Set();
  if (typeof text !== 'string' || !/^(?:[0-9]{3})*$/.test(text) || text.length > 3 * 729) return out;
  for (let k = 0; k < text.length; k += 3) {
    const i = Number(text.slice(k, k + 2));
    const d = Number(text[k + 2]);
    if (i < CELLS && d >= 1) out.add(`${i}:${d}`);
  }
  return out;
}

/** The candidates of each cell as bit masks: digits no peer holds, less the eliminated. */
function localCandidates(values) {
  return indices.map((i) => {
    if (values[i]) return 0;
    let mask = ALL;
    for (const p of PEERS[i]) if (values[p]) mask &= ~bit(values[p]);
    for (let d = 1; d <= 9; d += 1) if (state.eliminated.has(`${i}:${d}`)) mask &= ~bit(d);
    return mask;
  });
}

/**
 * What the engine is told is gone: the eliminations of applied hints and, in each empty cell
 * with centre marks, every digit the player did not mark.
 */
function engineEliminations() {
  const pairs = new Set(state.eliminated);
  for (const i of indices) {
    if (valueAt(i) || !state.centre[i]) continue;
    for (let d = 1; d <= 9; d += 1) if (!(state.centre[i] & bit(d))) pairs.add(`${i}:${d}`);
  }
  return [...pairs].map((key) => key.split(':').map(Number));
}

const masksFrom = (strings) => strings.map((s) => [...s].reduce((m, ch) => m | bit(Number(ch)), 0));

/** Cells whose digit a peer also holds. */
function conflicts(values) {
  const out = new Set();
  for (const i of indices) {
    if (values[i] && PEERS[i].some((p) => values[p] === values[i])) out.add(i);
  }
  return out;
}

function snapshot() {
  return {
    clues: [...state.clues],
    entries: [...state.entries],
    centre: [...state.centre],
    corner: [...state.corner],
    solved: new Set(state.solved),
    eliminated: new Set(state.eliminated),
  };
}

function restore(saved) {
  const cluesChanged = toLine(saved.clues) !== toLine(state.clues);
  Object.assign(state, saved);
  if (cluesChanged) newClues();
}

/** Makes a change that Undo can take back, then redraws. */
function commit(change) {
  state.undo.push(snapshot());
  if (state.undo.length > 500) state.undo.shift();
  state.redo = [];
  change();
  afterChange();
}

function afterChange() {
  state.hint = null;
  state.explain = null;
  state.wrong.clear();
  syncUrl();
  render();
}

/** The clues changed: the cached solution and the clock start over. */
function newClues() {
  state.solution = null;
  state.done = false;
  timer.reset();
}

function refuseClue(i) {
  say(`${cellName(i)} is a clue of the puzzle; Clear empties the whole grid.`, 'error');
}

function setDigit(i, digit) {
  if (state.explain) closeExplain(false);
  if (state.clues[i]) {
    refuseClue(i);
    return;
  }
  if (digit === 0 && !state.entries[i] && (state.centre[i] || state.corner[i])) {
    commit(() => { state.centre[i] = 0; state.corner[i] = 0; });
    say(`${cellName(i)}: notes cleared`);
    return;
  }
  if (state.entries[i] === digit) return;
  commit(() => {
    // Eliminations were made with the old digits in place; after a change they may not hold.
    if (state.entries[i]) state.eliminated.clear();
    state.entries[i] = digit;
    state.solved.delete(i);
    if (digit) {
      for (const p of PEERS[i]) {
        state.centre[p] &= ~bit(digit);
        state.corner[p] &= ~bit(digit);
      }
    }
  });
  say(digit ? `${cellName(i)} = ${digit}` : `${cellName(i)} emptied`);
  afterEntry();
}

function toggleNote(i, digit, kind) {
  if (state.explain) closeExplain(false);
  if (state.clues[i]) {
    refuseClue(i);
    return;
  }
  if (state.entries[i]) {
    say(`${cellName(i)} holds ${state.entries[i]}; empty it to write notes.`, 'error');
    return;
  }
  const marks = state[kind];
  if (digit === 0) {
    if (!marks[i]) return;
    commit(() => { marks[i] = 0; });
    say(`${cellName(i)}: ${kind} notes cleared`);
    return;
  }
  const adding = !(marks[i] & bit(digit));
  commit(() => { marks[i] ^= bit(digit); });
  say(`${cellName(i)}: ${kind} note ${digit} ${adding ? 'added' : 'removed'}`);
}

/** Writes `digit` in the selected cell as the mode (or the keys held) say. */
function write(digit, kind = state.mode) {
  if (kind === 'digit') setDigit(state.selected, digit);
  else toggleNote(state.selected, digit, kind);
}

function fillNotes() {
  const values = indices.map(valueAt);
  const cands = localCandidates(values);
  commit(() => {
    for (const i of indices) state.centre[i] = values[i] ? 0 : cands[i];
  });
  say('Every empty cell has its candidates as centre notes. Hints now start from your notes.');
}

function setMode(mode) {
  state.mode = mode;
  for (const button of $('modes').querySelectorAll('[data-mode]')) {
    button.setAttribute('aria-pressed', String(button.dataset.mode === mode));
  }
  gridEl.dataset.mode = mode;
  const words = { digit: 'digits', centre: 'centre notes', corner: 'corner notes' };
  say(`Writing ${words[mode]}.`);
}

function cycleMode() {
  const order = ['digit', 'centre', 'corner'];
  setMode(order[(order.indexOf(state.mode) + 1) % order.length]);
}

/** After the player's own entry: the solved moment, and mistakes marked at once. */
function afterEntry() {
  const values = indices.map(valueAt);
  if (!state.done && values.every((v) => v) && conflicts(values).size === 0 && !indices.some((i) => state.solved.has(i))) {
    state.done = true;
    timer.sync();
    render();
    say(`Solved in ${timer.text()}. Well done!`, 'good');
    return;
  }
  if (settings.mistakes) run(ensureSolution, { quiet: true });
}

/** Asks once per puzzle for its solution (for mistakes marked at once). */
async function ensureSolution() {
  if (!hasClues()) return;
  const clues = toLine(state.clues);
  if (state.solution && state.solution.clues === clues) return;
  const result = await engine.check(clues);
  if (result.status === 'unique' && toLine(state.clues) === clues) {
    state.solution = { clues, values: [...result.solution].map(Number) };
    render();
  }
}

function loadPuzzle(clues, entries, note) {
  commit(() => {
    state.clues = clues;
    state.entries = entries || new Array(CELLS).fill(0);
    for (let i = 0; i < CELLS; i += 1) if (state.clues[i]) state.entries[i] = 0;
    state.centre = new Array(CELLS).fill(0);
    state.corner = new Array(CELLS).fill(0);
    state.solved.clear();
    state.eliminated.clear();
  });
  newClues();
  render();
  ratingEl.textContent = '\u00a0';
  if (note) say(note, 'good');
}

function setAsPuzzle() {
  if (!hasEntries()) {
    say('Type the puzzle\'s digits first; Set as puzzle makes them its givens.');
    return;
  }
  commit(() => {
    for (const i of indices) {
      if (state.entries[i]) state.clues[i] = state.entries[i];
      state.entries[i] = 0;
    }
    state.solved.clear();
    state.eliminated.clear();
  });
  newClues();
  render();
  const clues = state.clues.filter((v) => v).length;
  say(`The ${plural(clues, 'digit')} you typed are now the puzzle's givens; Check marks wrong entries.`, 'good');
}

function syncUrl() {
  const url = new URL(window.location.href);
  url.search = '';
  if (hasClues() || hasEntries()) url.searchParams.set('p', toLine(state.clues));
  if (hasEntries()) url.searchParams.set('e', toLine(state.entries));
  if (state.eliminated.size) url.searchParams.set('x', eliminationsParam());
  // The notes of every cell but the givens (a cell made a given keeps none).
  const notes = encodeNotes(...[state.centre, state.corner].map((m) => m.map((v, i) => (state.clues[i] ? 0 : v))));
  if (notes && (hasClues() || hasEntries())) url.searchParams.set('n', notes);
  window.history.replaceState(null, '', url);
  shareEl.value = url.href;
}

// ---- the clock (clock.js): it runs while there is a puzzle, not paused, not done, in view --

const timer = createClock(
  (clock) => hasClues() && !clock.paused && !state.done && !document.hidden,
  (clock) => {
    timerEl.textContent = clock.text();
    pauseEl.textContent = clock.paused ? 'Resume' : 'Pause';
    pauseEl.setAttribute('aria-pressed', String(clock.paused));
  },
);

// ---- drawing ----------------------------------------------------------------------------

function say(text, kind) {
  messageEl.textContent = text;
  messageEl.className = kind || '';
  detailEl.hidden = true;
  detailEl.open = false;
  notationEl.textContent = '';
}

/** Shows a step: its sentence in the message, its chain notation in the detail box. */
function sayStep(prefix, step) {
  const { sentence, notation } = splitNotation(step.text);
  say(`${prefix}${sentence}`);
  if (notation) {
    notationEl.textContent = notation;
    detailEl.hidden = false;
  }
}

function render() {
  const explain = state.explain;
  let values;
  let cands;
  let placedByReplay = new Set();
  let step = null;
  if (explain) {
    const view = explain.states[explain.index];
    values = view.values;
    cands = view.cands;
    placedByReplay = view.placed;
    step = explain.steps[explain.index] || null;
  } else {
    values = indices.map(valueAt);
    cands = state.hint ? state.hint.cands : localCandidates(values);
    step = state.hint ? state.hint.step : null;
  }

  // A step's cells: the pattern (its cells and placements), the targets (cells that only
  // lose candidates) and the rest of its houses, each in its own colour.
  const houseSet = new Set();
  const patternSet = new Set();
  const targetSet = new Set();
  const marks = new Map(); // "cell:digit" -> class
  if (step) {
    for (const house of step.houses) for (const i of houseCells(house)) houseSet.add(i);
    for (const i of step.cells) patternSet.add(i);
    for (const i of step.cells) for (const d of step.digits) marks.set(`${i}:${d}`, 'digit');
    for (const [i, d] of step.placements) { marks.set(`${i}:${d}`, 'place'); patternSet.add(i); }
    for (const [i, d] of step.eliminations) {
      marks.set(`${i}:${d}`, 'elim');
      if (!patternSet.has(i)) targetSet.add(i);
    }
  }
  drawLinks($('link-lines'), $('link-nodes'), step ? step.links : []);

  const sel = state.selected;
  const selectedValue = values[sel];
  const clash = settings.conflicts ? conflicts(values) : new Set();
  const solution = settings.mistakes && !explain && state.solution
    && state.solution.clues === toLine(state.clues) ? state.solution.values : null;
  gridEl.classList.toggle('done', state.done && !explain);

  for (const i of indices) {
    const el = cellEls[i];
    const part = parts[i];
    const v = values[i];
    const isClue = state.clues[i] !== 0;
    part.value.textContent = v ? String(v) : '';
    el.dataset.value = v ? String(v) : '';
    el.classList.toggle('filled', v !== 0);
    el.classList.toggle('clue', isClue);
    const isSolved = !explain && state.solved.has(i);
    el.classList.toggle('solved', isSolved);
    el.classList.toggle('entry', !isClue && v !== 0 && !isSolved);
    el.classList.toggle('house', houseSet.has(i) && !patternSet.has(i) && !targetSet.has(i));
    el.classList.toggle('pattern', patternSet.has(i));
    el.classList.toggle('target', targetSet.has(i));
    el.classList.toggle('wrong', state.wrong.has(i));
    el.classList.toggle('conflict', clash.has(i));
    const mistake = solution !== null && !isClue && v !== 0 && v !== solution[i];
    el.classList.toggle('mistake', mistake);
    el.classList.toggle('selected', i === sel);
    el.classList.toggle('peer', settings.houses && !step && PEERS[sel].includes(i));
    el.classList.toggle('same', settings.same && i !== sel && v !== 0 && v === selectedValue);
    el.classList.toggle('replayed', placedByReplay.has(i));
    el.tabIndex = i === sel ? 0 : -1;

    // Candidates when a step is shown or asked for; otherwise the player's notes.
    const notes = !explain && !step && !v;
    const showCands = !v && (step !== null || (showCandsEl.checked && !(notes && state.centre[i])));
    el.classList.toggle('cands-on', showCands);
    el.classList.toggle('notes-on', notes && !showCands);
    for (let d = 1; d <= 9; d += 1) {
      const mark = marks.get(`${i}:${d}`) || '';
      part.cands[d - 1].className = (cands[i] & bit(d)) ? `on ${mark}` : '';
      const hl = settings.same && selectedValue === d ? ' hl' : '';
      part.centre[d - 1].className = notes && (state.centre[i] & bit(d)) ? `on${hl}` : '';
      part.corner[d - 1].className = notes && (state.corner[i] & bit(d)) ? `on${hl}` : '';
    }
    let label = `${cellName(i)}, ${v || 'empty'}`;
    if (isClue) label += ', clue';
    if (notes && state.centre[i]) label += `, notes ${digitsOf(state.centre[i]).join(' ')}`;
    if (notes && state.corner[i]) label += `, corner notes ${digitsOf(state.corner[i]).join(' ')}`;
    if (state.wrong.has(i) || mistake) label += ', wrong';
    if (clash.has(i)) label += ', conflict';
    if (patternSet.has(i)) label += ', part of the step';
    if (targetSet.has(i)) label += ', loses candidates';
    if (part.name.textContent !== label) part.name.textContent = label;
  }

  $('apply').disabled = !state.hint || !!explain;
  $('undo').disabled = state.undo.length === 0;
  $('redo').disabled = state.redo.length === 0;
  $('prev').disabled = !explain || explain.index === 0;
  $('next').disabled = !explain || explain.index >= explain.steps.length;
  $('close-explain').disabled = !explain;
  $('step-count').textContent = explain
    ? `Step ${Math.min(explain.index + 1, explain.steps.length)} of ${explain.steps.length}`
    : 'No explanation';
  for (const button of pathEl.querySelectorAll('button')) {
    if (explain && Number(button.dataset.index) === explain.index) button.setAttribute('aria-current', 'step');
    else button.removeAttribute('aria-current');
  }
  timer.sync();
}

// ---- asking the engine ------------------------------------------------------------------

/** What the message line says while an action (by its function's name) takes long. */
const WORKING = {
  check: 'Checking', solve: 'Solving', hint: 'Looking for a hint', explain: 'Explaining',
  rate: 'Rating', generate: 'Generating',
};

/**
 * Runs one engine action at a time; errors go to the message line. While it runs, Cancel
 * stops it, and so does a new action asked for meanwhile (which then runs): engine.cancel()
 * ends the engine's work, so the running action fails with code 'cancelled'. The message
 * line counts the seconds of a long wait.
 */
async function run(action, { quiet = false } = {}) {
  if (state.busy) {
    if (quiet || !state.running) return;
    engine.cancel();
    await state.running;
    if (state.busy) return; // another action got in first
  }
  state.busy = true;
  document.body.setAttribute('aria-busy', 'true');
  const cancelButton = $('cancel');
  cancelButton.disabled = quiet;
  const started = Date.now();
  const progress = quiet ? null : setInterval(() => {
    const seconds = Math.round((Date.now() - started) / 1000);
    say(`${WORKING[action.name] || 'Working'}\u2026 ${seconds} s (Cancel stops it)`);
  }, 1000);
  let done;
  state.running = new Promise((resolve) => { done = resolve; });
  try {
    await action();
  } catch (err) {
    if (quiet) {
      // A background ask (mistakes at once): its failure is not the player's business.
    } else if (err instanceof engine.EngineError) {
      state.wrong = new Set(err.cells);
      render();
      say(friendly(err), 'error');
    } else {
      say(`Something went wrong: ${err.message}`, 'error');
    }
  } finally {
    clearInterval(progress);
    cancelButton.disabled = true;
    state.busy = false;
    state.running = null;
    document.body.removeAttribute('aria-busy');
    done();
  }
}

function friendly(err) {
  const lost = /(r\dc\d) lost its (\d), which the solution needs/.exec(err.message);
  switch (err.code) {
    case 'no_solution':
      if (lost) return `${lost[0]}: put it back in your notes there.`;
      if (/has no candidate left/.test(err.message)) return `Your notes leave ${err.message.replace(/^.*: /, '')}.`;
      if (hasNotes() && !/given or an entry/.test(err.message)) return 'Your notes allow no solution: some note left out a true digit.';
      return hasEntries()
        ? 'There is no solution from here: some entry is wrong. Check marks the wrong ones.'
        : 'This puzzle has no solution.';
    case 'invalid_puzzle':
      return `Not a valid grid: ${err.message.replace(/^the givens break the rules: /, '')}.`;
    case 'bad_puzzle':
      return 'That is not a puzzle this page can read. Paste 81 characters (digits, with . or 0 for '
        + 'the blanks), a grid of 9 lines, or a JSON board.';
    case 'cancelled':
      return 'Stopped.';
    case 'budget_exhausted': {
      // Out of time: the server's and the browser's engine word it differently; say it one way.
      const ms = /(\d+) ms/.exec(err.message);
      if (ms) {
        const limit = Number(ms[1]) >= 1000 ? `${Number(ms[1]) / 1000} s` : `${ms[1]} ms`;
        return `The engine stopped at its time limit (${limit}): this needs more than that.`;
      }
      return err.message;
    }
    case 'overloaded':
      return 'The server is busy; try again in a moment.';
    default:
      return err.message;
  }
}

const emptyCount = () => indices.filter((i) => !valueAt(i)).length;

async function check() {
  const result = await engine.check(currentLine());
  state.wrong.clear();
  if (result.status === 'invalid') {
    state.wrong = new Set(result.cells);
    render();
    say(`Not valid: ${result.message}.`, 'error');
    return;
  }
  if (result.status === 'none' && hasEntries() && hasClues()) {
    // Which entries are wrong? Compare them with the puzzle's own solution.
    const puzzle = await engine.check(toLine(state.clues));
    if (puzzle.status === 'unique') {
      for (const i of indices) {
        if (state.entries[i] && Number(puzzle.solution[i]) !== state.entries[i]) state.wrong.add(i);
      }
      render();
      const n = state.wrong.size;
      say(`${n} ${n === 1 ? 'entry is' : 'entries are'} wrong (marked in red).`, 'error');
      return;
    }
  }
  render();
  const left = emptyCount();
  switch (result.status) {
    case 'unique':
      say(left === 0 ? 'Solved: every cell is right.'
        : `Valid, with exactly one solution. ${plural(left, 'cell')} to go.`
          + (hasClues() ? '' : ' Typed a puzzle? Set as puzzle makes your digits its givens.'), 'good');
      break;
    case 'multiple':
      say(`Valid so far, but ${left === CELLS ? 'the empty grid' : 'this puzzle'} has more than one solution.`
        + (hasClues() ? '' : ' Typed a puzzle? Set as puzzle makes your digits its givens.'));
      break;
    default:
      say(hasClues() ? 'This grid has no solution.'
        : 'This grid has no solution. Typed a puzzle? Set as puzzle makes your digits its givens, then Check finds the wrong entries.', 'error');
  }
}

async function solve() {
  const result = await engine.solve(currentLine());
  commit(() => {
    for (const i of indices) {
      if (!valueAt(i)) {
        state.entries[i] = Number(result.solution[i]);
        state.solved.add(i);
      }
    }
  });
  const notes = {
    unique: 'Solved. The solution is unique.',
    multiple: 'Solved, but the puzzle has more than one solution: this is one of them.',
    solved: 'Solved (whether the solution is unique was not settled within the budget).',
  };
  say(notes[result.status] || 'Solved.', 'good');
}

async function hint() {
  if (state.explain) closeExplain(false);
  const result = await engine.hint(currentLine(), engineEliminations());
  if (result.status === 'solved') {
    say('The grid is already full.', 'good');
    return;
  }
  if (result.status === 'stuck') {
    say('No technique the solver knows applies here. Solve still finds the answer.');
    return;
  }
  state.hint = { step: result.step, cands: masksFrom(result.candidates) };
  render();
  sayStep('', result.step);
}

function hideHint() {
  state.hint = null;
  render();
  say('Hint hidden. H shows it again.');
}

function applyHint() {
  if (!state.hint) return;
  const { step } = state.hint;
  commit(() => {
    for (const [i, d] of step.eliminations) {
      state.eliminated.add(`${i}:${d}`);
      state.centre[i] &= ~bit(d);
    }
    for (const [i, d] of step.placements) {
      state.entries[i] = d;
      state.solved.delete(i);
      for (const p of PEERS[i]) state.centre[p] &= ~bit(d);
    }
  });
  say('Applied. Hint shows the next step.');
  afterEntry();
}

/** "Hidden Single: r1c3" - the list entry of a step. */
function stepLabel(step, k) {
  const cells = [...new Set([...step.cells, ...step.placements.map(([c]) => c)])];
  const shown = cells.slice(0, 4).map(cellName).join(' ');
  const more = cells.length > 4 ? ` +${cells.length - 4}` : '';
  const what = step.placements.length
    ? step.placements.map(([c, d]) => `${cellName(c)}=${d}`).slice(0, 2).join(' ')
    : `${plural(step.eliminations.length, 'elimination')}`;
  return `${k + 1}. ${step.name}: ${shown}${more} (${what})`;
}

async function explain() {
  const values = indices.map(valueAt);
  const result = await engine.explain(currentLine(), engineEliminations());
  if (result.steps.length === 0) {
    say(result.outcome === 'solved' ? 'The grid is already full.'
      : 'No technique the solver knows applies here.');
    return;
  }
  // Replay the steps to get the grid before each one (and after the last).
  const states = [{ values: [...values], cands: masksFrom(result.candidates), placed: new Set() }];
  for (const step of result.steps) {
    const prev = states[states.length - 1];
    const next = { values: [...prev.values], cands: [...prev.cands], placed: new Set(prev.placed) };
    for (const [i, d] of step.eliminations) next.cands[i] &= ~bit(d);
    for (const [i, d] of step.placements) {
      next.values[i] = d;
      next.cands[i] = 0;
      next.placed.add(i);
      for (const p of PEERS[i]) next.cands[p] &= ~bit(d);
    }
    states.push(next);
  }
  state.hint = null;
  state.explain = {
    steps: result.steps, states, index: 0, outcome: result.outcome, hardest: result.hardest,
  };
  pathEl.replaceChildren(...result.steps.map((step, k) => {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.index = String(k);
    button.textContent = stepLabel(step, k);
    item.appendChild(button);
    return item;
  }));
  // Just below the rating, over the controls under it (see app.css).
  pathBox.style.top = `${ratingEl.offsetTop + ratingEl.offsetHeight}px`;
  pathBox.hidden = false;
  showStep();
}

function showStep() {
  const ex = state.explain;
  render();
  if (ex.index < ex.steps.length) {
    sayStep(`Step ${ex.index + 1}: `, ex.steps[ex.index]);
    const current = pathEl.querySelector(`button[data-index="${ex.index}"]`);
    if (current) {
      // Scroll the list, never the page (the list box is the button's offset parent).
      const top = current.offsetTop;
      if (top < pathBox.scrollTop || top + current.offsetHeight > pathBox.scrollTop + pathBox.clientHeight) {
        pathBox.scrollTop = Math.max(0, top - pathBox.clientHeight / 2);
      }
    }
  } else if (ex.outcome === 'solved') {
    say(`Solved in ${ex.steps.length} steps; the hardest is rated ${ex.hardest.toFixed(1)}.`, 'good');
  } else {
    say(`Stuck after ${ex.steps.length} steps: the rest needs nested forcing chains (Sudoku Explainer 9.5 and up), which this page leaves out to answer quickly; sudoku explain --nested has them.`);
  }
}

function stepTo(index) {
  const ex = state.explain;
  if (!ex) return;
  const to = Math.max(0, Math.min(ex.steps.length, index));
  if (to === ex.index) return;
  ex.index = to;
  showStep();
}

const stepBy = (delta) => state.explain && stepTo(state.explain.index + delta);

function closeExplain(announce = true) {
  state.explain = null;
  pathBox.hidden = true;
  pathEl.replaceChildren();
  render();
  if (announce) say('Back to your grid.');
}

const fmt = (x) => (x === null || x === undefined ? '\u2013' : Number(x).toFixed(1));

function ratingText(r) {
  let text = `SE rating ${fmt(r.er)} (EP ${fmt(r.ep)}, ED ${fmt(r.ed)}) \u00b7 level: ${r.level} (score ${r.score})`;
  if (r.hardest_name) text += ` \u00b7 hardest step: ${r.hardest_name}`;
  if (r.outcome === 'stuck') text += ' \u00b7 stuck (20.0): needs nested forcing chains; sudoku rate --nested rates it';
  return text;
}

async function rate() {
  const puzzle = hasClues() ? toLine(state.clues) : currentLine();
  ratingEl.textContent = 'Rating\u2026';
  try {
    const result = await engine.rate(puzzle);
    ratingEl.textContent = ratingText(result);
    say('Rated.', 'good');
  } catch (err) {
    ratingEl.textContent = '\u00a0';
    throw err;
  }
}

async function generate() {
  const body = { symmetry: $('symmetry').value, minimal: $('minimal').checked };
  if ($('level').value) body.level = $('level').value;
  say('Generating\u2026');
  const result = await engine.generate(body);
  loadPuzzle(parseLine(result.puzzle), null);
  ratingEl.textContent = result.rating ? ratingText(result.rating) : '\u00a0';
  const extra = result.minimal ? ', minimal' : '';
  say(`New puzzle: ${plural(result.clues, 'clue')}, symmetry ${result.symmetry}${extra} (seed ${result.seed}).`, 'good');
}

/** What a check says of a grid just loaded; the link and a paste say the same. */
function reportLoaded(result) {
  if (result.status === 'invalid') {
    state.wrong = new Set(result.cells);
    render();
    say(`Loaded, but it is not valid: ${result.message}.`, 'error');
    return;
  }
  if (result.status === 'unique') {
    state.solution = { clues: toLine(state.clues), values: [...result.solution].map(Number) };
  }
  const what = { unique: 'one solution', multiple: 'several solutions', none: 'no solution' };
  say(`Loaded a puzzle with ${plural(result.clues, 'clue')} and ${what[result.status]}.`,
    result.status === 'unique' ? 'good' : '');
}

async function loadText(text) {
  const result = await engine.check(text);
  loadPuzzle(parseLine(result.puzzle), null);
  reportLoaded(result);
}

function undo() {
  if (state.explain) closeExplain(false);
  const last = state.undo.pop();
  if (!last) {
    say('Nothing to undo.');
    return;
  }
  state.redo.push(snapshot());
  restore(last);
  afterChange();
  say('Undone. Ctrl+Y redoes it.');
}

function redo() {
  if (state.explain) closeExplain(false);
  const next = state.redo.pop();
  if (!next) {
    say('Nothing to redo.');
    return;
  }
  state.undo.push(snapshot());
  restore(next);
  afterChange();
  say('Redone.');
}

function clearGrid() {
  if (!hasClues() && !hasEntries() && !state.centre.some((m) => m) && !state.corner.some((m) => m)) return;
  loadPuzzle(new Array(CELLS).fill(0), null);
  say('Cleared. Undo brings the grid back.');
}

// ---- input --------------------------------------------------------------------------------

function select(i, focus = true) {
  state.selected = i;
  render();
  if (focus) cellEls[i].focus();
  if (state.explain) say(`${cellName(i)} selected. Typing a digit there closes the explanation.`);
}

gridEl.addEventListener('click', (event) => {
  const cell = event.target.closest('.cell');
  if (cell) select(Number(cell.dataset.cell));
});

const typing = (target) => target instanceof HTMLElement
  && target.matches('input[type="text"], textarea, select, [contenteditable="true"]');

/** The digit a key stands for (by its place, so Shift+3 is 3 on any layout), or null. */
function keyDigit(event) {
  const found = /^(?:Digit|Numpad)([0-9])$/.exec(event.code || '');
  if (found) return Number(found[1]);
  return /^[0-9]$/.test(event.key) ? Number(event.key) : null;
}

document.addEventListener('keydown', (event) => {
  if (typing(event.target)) return;
  const ctrl = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  if (ctrl && !event.shiftKey && key === 'z') {
    event.preventDefault();
    undo();
    return;
  }
  if ((ctrl && key === 'y') || (ctrl && event.shiftKey && key === 'z')) {
    event.preventDefault();
    redo();
    return;
  }
  const digit = keyDigit(event);
  if (digit !== null) {
    // Digits go to the selected cell from anywhere but a text field (a pad button may have focus).
    let kind = state.mode;
    if (event.shiftKey) kind = 'corner';
    else if (ctrl || event.altKey) kind = 'centre';
    event.preventDefault();
    write(digit, kind);
    return;
  }
  if (ctrl || event.altKey) return;
  const inGrid = gridEl.contains(event.target);
  const i = state.selected;
  const moves = {
    ArrowUp: row(i) > 0 ? i - 9 : i,
    ArrowDown: row(i) < 8 ? i + 9 : i,
    ArrowLeft: col(i) > 0 ? i - 1 : i,
    ArrowRight: col(i) < 8 ? i + 1 : i,
    Home: i - col(i),
    End: i - col(i) + 8,
  };
  if (inGrid && event.key in moves) {
    event.preventDefault();
    select(moves[event.key]);
    return;
  }
  if (['Delete', 'Backspace', '.'].includes(event.key) || (inGrid && event.key === ' ')) {
    event.preventDefault();
    write(0);
    return;
  }
  const keys = {
    h: () => run(hint),
    a: applyHint,
    m: cycleMode,
    n: () => stepBy(1),
    p: () => stepBy(-1),
    escape: () => {
      if (state.explain) closeExplain();
      else if (state.hint) hideHint();
      else if (detailEl.open) detailEl.open = false;
    },
  };
  const action = keys[key];
  if (action) {
    event.preventDefault();
    action();
  }
});

$('pad').addEventListener('click', (event) => {
  const button = event.target.closest('button');
  if (button) write(Number(button.dataset.digit));
});

$('modes').addEventListener('click', (event) => {
  const button = event.target.closest('button[data-mode]');
  if (button) setMode(button.dataset.mode);
});

document.addEventListener('paste', (event) => {
  if (typing(event.target)) return;
  const text = event.clipboardData ? event.clipboardData.getData('text') : '';
  if (!text.trim()) return;
  event.preventDefault();
  run(() => loadText(text));
});

pathEl.addEventListener('click', (event) => {
  const button = event.target.closest('button[data-index]');
  if (button) stepTo(Number(button.dataset.index));
});

$('skip').addEventListener('click', (event) => {
  event.preventDefault();
  select(state.selected);
});

const buttons = {
  check: () => run(check),
  solve: () => run(solve),
  hint: () => run(hint),
  apply: applyHint,
  explain: () => run(explain),
  rate: () => run(rate),
  undo,
  redo,
  'set-puzzle': setAsPuzzle,
  clear: clearGrid,
  prev: () => stepBy(-1),
  next: () => stepBy(1),
  'close-explain': () => closeExplain(),
  generate: () => run(generate),
  cancel: () => engine.cancel(),
  fill: fillNotes,
  import: () => {
    const text = $('import-text').value;
    if (!text.trim()) {
      say('Paste or type a puzzle in the box first.', 'error');
      return;
    }
    run(() => loadText(text));
  },
  pause: () => {
    timer.paused = !timer.paused;
    timer.sync();
    say(timer.paused ? 'The clock is paused.' : 'The clock runs again.');
  },
};
for (const [id, action] of Object.entries(buttons)) $(id).addEventListener('click', action);

showCandsEl.addEventListener('change', render);

for (const [key, input] of Object.entries(settingInputs)) {
  input.addEventListener('change', () => {
    settings[key] = input.type === 'checkbox' ? input.checked : input.value;
    saveSettings(settings);
    applyTheme(settings);
    document.body.classList.toggle('no-timer', !settings.timer);
    render();
    if (key === 'mistakes' && settings.mistakes) run(ensureSolution, { quiet: true });
  });
}

$('copy').addEventListener('click', () => {
  const done = () => say('Link copied.', 'good');
  const fallback = () => {
    shareEl.focus();
    shareEl.select();
    say('The link is selected: press Ctrl+C to copy it.');
  };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(shareEl.value).then(done, fallback);
  } else {
    fallback();
  }
});

document.addEventListener('visibilitychange', () => timer.sync());
window.setInterval(() => timer.sync(), 1000);

// ---- start: the settings, and the grid from the link, if there is one -----------------------

function start() {
  // Where the answers come from: this browser (the static build, or `sudoku serve --site`) or
  // the server's API (`sudoku serve` without a site).
  $('engine-note').textContent = engine.where === 'wasm'
    ? 'Engine: in this browser (WebAssembly).'
    : 'Engine: on the server.';
  for (const [key, input] of Object.entries(settingInputs)) {
    if (input.type === 'checkbox') input.checked = settings[key];
    else input.value = settings[key];
  }
  applyTheme(settings);
  document.body.classList.toggle('no-timer', !settings.timer);
  gridEl.dataset.mode = state.mode;
  const params = new URLSearchParams(window.location.search);
  const p = params.get('p');
  const clues = parseLine(p);
  const entries = parseLine(params.get('e'));
  if (clues) {
    state.clues = clues;
    state.entries = entries || new Array(CELLS).fill(0);
    for (const i of indices) if (state.clues[i]) state.entries[i] = 0;
    state.eliminated = parseEliminations(params.get('x'));
  }
  // Notes from the link, all or none: a bad `n` loads the grid without them and says so.
  let badNotes = false;
  if (clues && params.has('n')) {
    const notes = decodeNotes(params.get('n'), state.clues);
    if (notes) {
      state.centre = notes.centre;
      state.corner = notes.corner;
    } else {
      badNotes = true;
    }
  }
  syncUrl();
  render();
  if (clues) {
    // The same check as a paste: a link to a broken grid says so and marks the cells.
    run(async () => {
      const result = await engine.check(toLine(state.clues));
      reportLoaded(result);
      if (result.status !== 'invalid' && hasEntries()) say('Loaded the grid from the link.', 'good');
      if (badNotes) say('The link\'s notes cannot be read: the grid was loaded without them.', 'error');
    });
  } else if (p) {
    run(() => loadText(p)); // another format in the link: let the engine read it
  }
}

start();
