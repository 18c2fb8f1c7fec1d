// The page: a 9x9 grid to type into, and buttons that call the JSON API of `sudoku serve`.
//
// State lives here, the engine on the server. The grid is the puzzle's clues plus the
// player's entries, plus the candidates eliminated by hints the player applied (sent back with
// each hint, so that a hint after an elimination-only step moves on). The address bar always
// holds a link to the current grid (?p=clues&e=entries), so it can be shared or reloaded.
//
// Nothing is created or removed while the page is used: the 81 cells with their 9 candidate
// slots are made once, and rendering only changes classes and text. That, with the sizes the
// style sheet reserves, keeps the layout from jumping.
'use strict';

(() => {
  const CELLS = 81;
  const ALL = 0x1ff; // the nine candidate bits, digit d at bit d-1

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

  const $ = (id) => document.getElementById(id);
  const gridEl = $('grid');
  const messageEl = $('message');
  const ratingEl = $('rating');
  const shareEl = $('share');
  const showCandsEl = $('show-cands');

  const state = {
    clues: new Array(CELLS).fill(0),
    entries: new Array(CELLS).fill(0),
    solved: new Set(), // entries filled by Solve (shown in another colour)
    eliminated: new Set(), // "cell:digit" removed by applied steps
    selected: 40,
    hint: null, // {step, cands} while a hint is shown
    explain: null, // {steps, states, index, outcome, hardest} while stepping
    wrong: new Set(), // cells marked wrong by the last check
    undo: [],
    busy: false,
  };

  // ---- building the grid once -------------------------------------------------------------

  const cellEls = [];
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
      const value = document.createElement('span');
      value.className = 'value';
      const cands = document.createElement('div');
      cands.className = 'cands';
      cands.setAttribute('aria-hidden', 'true');
      for (let d = 1; d <= 9; d += 1) {
        const slot = document.createElement('span');
        slot.textContent = String(d);
        cands.appendChild(slot);
      }
      cell.append(value, cands);
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
  const eliminatedPairs = () => [...state.eliminated].map((key) => key.split(':').map(Number));

  /** Reads an 81-character line ('.' or '0' for blanks); null if it is not one. */
  function parseLine(text) {
    if (typeof text !== 'string' || !/^[0-9.]{81}$/.test(text)) return null;
    return [...text].map((ch) => (ch === '.' ? 0 : Number(ch)));
  }

  /** The candidates of each cell as bit masks: digits no peer holds, less the eliminated. */
  function localCandidates(values) {
    return indices.map((i) => {
      if (values[i]) return 0;
      let mask = ALL;
      for (const p of PEERS[i]) if (values[p]) mask &= ~(1 << (values[p] - 1));
      for (let d = 1; d <= 9; d += 1) if (state.eliminated.has(`${i}:${d}`)) mask &= ~(1 << (d - 1));
      return mask;
    });
  }

  const masksFrom = (strings) => strings.map((s) => [...s].reduce((m, ch) => m | (1 << (Number(ch) - 1)), 0));

  function snapshot() {
    return {
      clues: [...state.clues],
      entries: [...state.entries],
      solved: new Set(state.solved),
      eliminated: new Set(state.eliminated),
    };
  }

  /** Makes a change that Undo can take back, then redraws. */
  function commit(change) {
    state.undo.push(snapshot());
    if (state.undo.length > 500) state.undo.shift();
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

  function setDigit(i, digit) {
    if (state.explain) closeExplain();
    if (state.clues[i]) {
      say(`${cellName(i)} is a clue of the puzzle; Clear empties the whole grid.`, 'error');
      return;
    }
    if (state.entries[i] === digit) return;
    commit(() => {
      // Eliminations were made with the old digits in place; after a change they may not hold.
      if (state.entries[i]) state.eliminated.clear();
      state.entries[i] = digit;
      state.solved.delete(i);
    });
    say(digit ? `${cellName(i)} = ${digit}` : `${cellName(i)} emptied`);
  }

  function loadPuzzle(clues, entries, note) {
    commit(() => {
      state.clues = clues;
      state.entries = entries || new Array(CELLS).fill(0);
      for (let i = 0; i < CELLS; i += 1) if (state.clues[i]) state.entries[i] = 0;
      state.solved.clear();
      state.eliminated.clear();
    });
    ratingEl.textContent = '\u00a0';
    if (note) say(note, 'good');
  }

  function syncUrl() {
    const url = new URL(window.location.href);
    url.search = '';
    if (hasClues() || hasEntries()) url.searchParams.set('p', toLine(state.clues));
    if (hasEntries()) url.searchParams.set('e', toLine(state.entries));
    window.history.replaceState(null, '', url);
    shareEl.value = url.href;
  }

  // ---- drawing ----------------------------------------------------------------------------

  function say(text, kind) {
    messageEl.textContent = text;
    messageEl.className = kind || '';
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
    const selectedValue = explain ? 0 : values[state.selected];
    gridEl.classList.toggle('show-cands', showCandsEl.checked || step !== null);

    for (const i of indices) {
      const el = cellEls[i];
      const v = values[i];
      const isClue = state.clues[i] !== 0;
      el.querySelector('.value').textContent = v ? String(v) : '';
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
      el.classList.toggle('selected', !explain && i === state.selected);
      el.classList.toggle('same', !explain && i !== state.selected && v !== 0 && v === selectedValue);
      el.classList.toggle('replayed', placedByReplay.has(i));
      el.tabIndex = i === state.selected ? 0 : -1;
      const slots = el.querySelector('.cands').children;
      for (let d = 1; d <= 9; d += 1) {
        const slot = slots[d - 1];
        const mark = marks.get(`${i}:${d}`) || '';
        slot.className = (cands[i] >> (d - 1)) & 1 ? `on ${mark}` : '';
      }
      let label = `${cellName(i)}, ${v ? v : 'empty'}`;
      if (isClue) label += ', clue';
      if (state.wrong.has(i)) label += ', wrong';
      if (patternSet.has(i)) label += ', part of the step';
      if (targetSet.has(i)) label += ', loses candidates';
      el.setAttribute('aria-label', label);
    }

    $('apply').disabled = !state.hint || !!explain;
    $('prev').disabled = !explain || explain.index === 0;
    $('next').disabled = !explain || explain.index >= explain.steps.length;
    $('close-explain').disabled = !explain;
    $('step-count').textContent = explain
      ? `Step ${Math.min(explain.index + 1, explain.steps.length)} of ${explain.steps.length}`
      : 'No explanation';
  }

  // ---- talking to the server --------------------------------------------------------------

  class ApiError extends Error {
    constructor(error) {
      super(error.message || 'The request failed.');
      this.code = error.code;
      this.cells = error.cells || [];
    }
  }

  async function api(endpoint, body) {
    let response;
    try {
      response = await fetch(`/api/${endpoint}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    } catch (err) {
      throw new ApiError({ code: 'network', message: 'The server cannot be reached.' });
    }
    let data = null;
    try {
      data = await response.json();
    } catch (err) {
      data = null;
    }
    if (!response.ok || data === null) {
      throw new ApiError((data && data.error) || { message: `The server answered ${response.status}.` });
    }
    return data;
  }

  /** Runs one server action at a time; errors go to the message line. */
  async function run(action) {
    if (state.busy) return;
    state.busy = true;
    document.body.setAttribute('aria-busy', 'true');
    try {
      await action();
    } catch (err) {
      if (err instanceof ApiError) {
        state.wrong = new Set(err.cells);
        render();
        say(friendly(err), 'error');
      } else {
        say(`Something went wrong: ${err.message}`, 'error');
      }
    } finally {
      state.busy = false;
      document.body.removeAttribute('aria-busy');
    }
  }

  function friendly(err) {
    switch (err.code) {
      case 'no_solution':
        return hasEntries()
          ? 'There is no solution from here: some entry is wrong. Check marks the wrong ones.'
          : 'This puzzle has no solution.';
      case 'invalid_puzzle':
        return `Not a valid grid: ${err.message.replace(/^the givens break the rules: /, '')}.`;
      case 'overloaded':
        return 'The server is busy; try again in a moment.';
      default:
        return err.message;
    }
  }

  const emptyCount = () => indices.filter((i) => !valueAt(i)).length;

  async function check() {
    const result = await api('check', { puzzle: currentLine() });
    state.wrong.clear();
    if (result.status === 'invalid') {
      state.wrong = new Set(result.cells);
      render();
      say(`Not valid: ${result.message}.`, 'error');
      return;
    }
    if (result.status === 'none' && hasEntries()) {
      // Which entries are wrong? Compare them with the puzzle's own solution.
      const puzzle = await api('check', { puzzle: toLine(state.clues) });
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
          : `Valid, with exactly one solution. ${left} ${left === 1 ? 'cell' : 'cells'} to go.`, 'good');
        break;
      case 'multiple':
        say(`Valid so far, but ${left === CELLS ? 'the empty grid' : 'this puzzle'} has more than one solution.`);
        break;
      default:
        say('This grid has no solution.', 'error');
    }
  }

  async function solve() {
    const result = await api('solve', { puzzle: currentLine() });
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
    if (state.explain) closeExplain();
    const result = await api('hint', { puzzle: currentLine(), eliminated: eliminatedPairs() });
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
    say(result.step.text);
  }

  function applyHint() {
    if (!state.hint) return;
    const { step } = state.hint;
    commit(() => {
      for (const [i, d] of step.eliminations) state.eliminated.add(`${i}:${d}`);
      for (const [i, d] of step.placements) {
        state.entries[i] = d;
        state.solved.delete(i);
      }
    });
    say('Applied. Hint shows the next step.');
  }

  async function explain() {
    const values = indices.map(valueAt);
    const result = await api('explain', { puzzle: currentLine(), eliminated: eliminatedPairs() });
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
      for (const [i, d] of step.eliminations) next.cands[i] &= ~(1 << (d - 1));
      for (const [i, d] of step.placements) {
        next.values[i] = d;
        next.cands[i] = 0;
        next.placed.add(i);
        for (const p of PEERS[i]) next.cands[p] &= ~(1 << (d - 1));
      }
      states.push(next);
    }
    state.hint = null;
    state.explain = {
      steps: result.steps, states, index: 0, outcome: result.outcome, hardest: result.hardest,
    };
    showStep();
  }

  function showStep() {
    const ex = state.explain;
    render();
    if (ex.index < ex.steps.length) {
      say(`Step ${ex.index + 1}: ${ex.steps[ex.index].text}`);
    } else if (ex.outcome === 'solved') {
      say(`Solved in ${ex.steps.length} steps; the hardest is rated ${ex.hardest.toFixed(1)}.`, 'good');
    } else {
      say(`Stuck after ${ex.steps.length} steps: the rest needs nested forcing chains (Sudoku Explainer 9.5 and up), which this page leaves out to answer quickly; sudoku explain --nested has them.`);
    }
  }

  function stepBy(delta) {
    const ex = state.explain;
    if (!ex) return;
    const index = Math.max(0, Math.min(ex.steps.length, ex.index + delta));
    if (index === ex.index) return;
    ex.index = index;
    showStep();
  }

  function closeExplain() {
    state.explain = null;
    render();
    say('Back to your grid.');
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
      const result = await api('rate', { puzzle });
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
    const result = await api('generate', body);
    loadPuzzle(parseLine(result.puzzle), null);
    ratingEl.textContent = result.rating ? ratingText(result.rating) : '\u00a0';
    const extra = result.minimal ? ', minimal' : '';
    say(`New puzzle: ${result.clues} clues, symmetry ${result.symmetry}${extra} (seed ${result.seed}).`, 'good');
  }

  async function loadText(text) {
    const result = await api('check', { puzzle: text });
    loadPuzzle(parseLine(result.puzzle), null);
    if (result.status === 'invalid') {
      state.wrong = new Set(result.cells);
      render();
      say(`Loaded, but it is not valid: ${result.message}.`, 'error');
    } else {
      const what = { unique: 'one solution', multiple: 'several solutions', none: 'no solution' };
      say(`Loaded a puzzle with ${result.clues} clues and ${what[result.status]}.`, result.status === 'unique' ? 'good' : '');
    }
  }

  function undo() {
    if (state.explain) closeExplain();
    const last = state.undo.pop();
    if (!last) {
      say('Nothing to undo.');
      return;
    }
    Object.assign(state, last);
    afterChange();
    say('Undone.');
  }

  function clearGrid() {
    if (!hasClues() && !hasEntries()) return;
    loadPuzzle(new Array(CELLS).fill(0), null);
    say('Cleared. Undo brings the grid back.');
  }

  // ---- input --------------------------------------------------------------------------------

  function select(i, focus = true) {
    state.selected = i;
    render();
    if (focus) cellEls[i].focus();
  }

  gridEl.addEventListener('click', (event) => {
    const cell = event.target.closest('.cell');
    if (cell) select(Number(cell.dataset.cell));
  });

  gridEl.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const i = state.selected;
    const moves = {
      ArrowUp: row(i) > 0 ? i - 9 : i,
      ArrowDown: row(i) < 8 ? i + 9 : i,
      ArrowLeft: col(i) > 0 ? i - 1 : i,
      ArrowRight: col(i) < 8 ? i + 1 : i,
      Home: i - col(i),
      End: i - col(i) + 8,
    };
    if (event.key in moves) {
      event.preventDefault();
      select(moves[event.key]);
    } else if (/^[1-9]$/.test(event.key)) {
      event.preventDefault();
      setDigit(i, Number(event.key));
    } else if (['0', '.', 'Delete', 'Backspace', ' '].includes(event.key)) {
      event.preventDefault();
      setDigit(i, 0);
    }
  });

  $('pad').addEventListener('click', (event) => {
    const button = event.target.closest('button');
    if (button) setDigit(state.selected, Number(button.dataset.digit));
  });

  const typing = (target) => target instanceof HTMLElement && target.matches('input[type="text"], textarea, select');

  document.addEventListener('keydown', (event) => {
    if (typing(event.target)) return;
    if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === 'z') {
      event.preventDefault();
      undo();
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const keys = {
      h: () => run(hint),
      a: applyHint,
      n: () => stepBy(1),
      p: () => stepBy(-1),
      Escape: () => { if (state.explain) closeExplain(); else if (state.hint) { state.hint = null; render(); } },
    };
    const action = keys[event.key] || keys[event.key.toLowerCase()];
    if (action) {
      event.preventDefault();
      action();
    }
  });

  document.addEventListener('paste', (event) => {
    if (typing(event.target)) return;
    const text = event.clipboardData ? event.clipboardData.getData('text') : '';
    if (!text.trim()) return;
    event.preventDefault();
    run(() => loadText(text));
  });

  const buttons = {
    check: () => run(check),
    solve: () => run(solve),
    hint: () => run(hint),
    apply: applyHint,
    explain: () => run(explain),
    rate: () => run(rate),
    undo,
    clear: clearGrid,
    prev: () => stepBy(-1),
    next: () => stepBy(1),
    'close-explain': closeExplain,
    generate: () => run(generate),
  };
  for (const [id, action] of Object.entries(buttons)) $(id).addEventListener('click', action);

  showCandsEl.addEventListener('change', render);

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

  // ---- start: the grid from the link, if there is one -----------------------------------------

  function start() {
    const params = new URLSearchParams(window.location.search);
    const p = params.get('p');
    const clues = parseLine(p);
    const entries = parseLine(params.get('e'));
    if (clues) {
      state.clues = clues;
      state.entries = entries || new Array(CELLS).fill(0);
      for (const i of indices) if (state.clues[i]) state.entries[i] = 0;
      say('Loaded the grid from the link.', 'good');
    }
    syncUrl();
    render();
    if (p && !clues) run(() => loadText(p)); // another format in the link: let the server read it
  }

  start();
})();
