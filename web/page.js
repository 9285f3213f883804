// The page: the board (board.js, rules drawn by rules.js) is the truth. Every Sudoku action reads the board,
// runs the command's code in the Web Worker (worker.js) with its JSON output (--format json), and writes the
// answer onto the board: solutions into the cells, candidates as marks, a hint's cells and struck
// candidates, steps to play forward and back; counts, ratings and errors in the status line (#result). The
// text box is import and export only: every import goes through the module's "fpuzzles" action, which turns
// anything the reader takes into the f-puzzles document the board loads. Cancel terminates the worker and
// starts a new one.
/* global Board, BOXES, SYMBOLS, compressToBase64 */
'use strict';

const $ = (id) => document.getElementById(id);
const result = $('result');
const messages = $('messages');
let worker = null;
let pending = null;  // {id, resolve}
let nextId = 1;
let ticker = null;
let steps = null;  // {list, base, at}: the steps being played
let clock = {started: performance.now(), stopped: null};

const board = new Board($('board'), (kind) => {
  if (kind === 'load') {
    buildKeypad();
    const box = BOXES[board.n];
    const option = box && $('size').querySelector(`option[value="${box[0]}x${box[1]}"]`);
    if (option) $('size').value = option.value;
    $('caption').textContent = ['title', 'author', 'ruleset']
                                   .filter((k) => typeof board.rules[k] === 'string' && board.rules[k] !== '')
                                   .map((k) => (k === 'author' ? `by ${board.rules[k]}` : board.rules[k]))
                                   .join('\n');
    clock = {started: performance.now(), stopped: null};
  }
  if (kind === 'edit' || kind === 'load') stopSteps();
  if (kind === 'pencil') $('pencil').setAttribute('aria-pressed', String(board.pencil));
  if (board.full() && board.conflicts().size === 0 && clock.stopped === null)
    clock.stopped = performance.now();
  if (!board.full()) clock.stopped = null;
});

function startWorker() {
  worker = new Worker('worker.js');
  worker.onmessage = (event) => {
    if (event.data.failed) {
      worker.terminate();
      startWorker();
    }
    if (pending && event.data.id === pending.id) {
      const p = pending;
      pending = null;
      p.resolve(event.data);
    }
  };
  // A worker that failed while it had work is replaced (not one that failed to load: its successor would too).
  worker.onerror = (event) => {
    if (pending) {
      worker.terminate();
      startWorker();
      const p = pending;
      pending = null;
      p.resolve({status: 2, out: '', err: `the page's worker failed: ${event.message}\n`});
    }
  };
}

function setBusy(busy) {
  $('progress').classList.toggle('hidden', !busy);
  clearInterval(ticker);
  if (busy) {
    const started = performance.now();
    $('elapsed').textContent = 'working';
    ticker = setInterval(() => {
      $('elapsed').textContent = `working, ${((performance.now() - started) / 1000).toFixed(1)} s`;
    }, 200);
  }
}

// One call of the module in the worker: {status, out, err}; {status: 130} when cancelled.
function call(program, action, text, options) {
  if (!worker) return Promise.resolve({status: 2, out: '', err: messages.textContent});
  return new Promise((resolve) => {
    pending = {id: nextId++, resolve};
    worker.postMessage({id: pending.id, program, action, text, options});
  });
}

// The error lines as the page shows them: without the command's "<stdin>:LINE: " (the page has no file).
const clean = (text) => text.replace(/^<stdin>:\d+: /gm, '');

function begin() {
  if (pending) return false;
  result.dataset.state = 'running';
  result.textContent = '';
  messages.textContent = '';
  setBusy(true);
  return true;
}

// The page's tasks (an import, an action, a link's import and action) run one after the other: a click while
// one runs is queued, not lost, and the status line stays "running" until the last queued task is done.
let queued = 0;
let chain = Promise.resolve();
function enqueue(task) {
  ++queued;
  result.dataset.state = 'running';
  chain =
      chain.then(task).catch((e) => finish(`error: the page failed: ${e && e.message}`, 2)).finally(() => {
        --queued;
      });
  return chain;
}

// The status line; `err`, the command's messages, under it unless it says the same.
function finish(text, status, err) {
  setBusy(false);
  const line = clean(text).trimEnd();
  const notes = clean(err || '').trimEnd();
  result.textContent = line + '\n';
  messages.textContent =
      notes && notes !== line && !line.endsWith(notes.replace(/^error: /, '')) ? notes : '';
  result.dataset.status = String(status);
  result.dataset.state = queued > 1 ? 'running' : 'done';
}

// An answer that is no record (a refused option, a failed module, cancel): its messages as the status line.
function finishPlain(answer) {
  finish(answer.out !== '' ? answer.out : answer.err, answer.status, answer.out !== '' ? answer.err : '');
}

$('cancel').addEventListener('click', () => {
  if (!pending) return;
  worker.terminate();
  const p = pending;
  pending = null;
  startWorker();
  p.resolve({status: 130, out: '', err: 'cancelled\n'});
});

// The first JSON record of the command's output, or null.
function record(out) {
  for (const line of out.split('\n')) {
    if (!line.trim().startsWith('{')) continue;
    try {
      const r = JSON.parse(line);
      if (r && typeof r === 'object') return r;
    } catch (e) {
      // not a record
    }
  }
  return null;
}

// A step (hint or one of steps) shown on the board: the candidates simple eliminations leave (less those
// `removed`, by the steps before), its pattern's cells lit, its placements marked, its eliminations struck.
function showStep(step, removed) {
  board.clearShown();
  if (!step) return;
  board.auto = board.simpleCandidates();
  for (const [r, c, d] of removed || []) board.auto[(r - 1) * board.n + c - 1].delete(d);
  const n = board.n;
  // The cells the step reasons from, as the command gives them ("pattern": [[row, column], ...]).
  board.lit = new Set();
  for (const [r, c] of Array.isArray(step.pattern) ? step.pattern : [])
    if (r >= 1 && c >= 1 && r <= n && c <= n) board.lit.add((r - 1) * n + c - 1);
  for (const [r, c, d] of Array.isArray(step.placements) ? step.placements : []) {
    board.placed.set((r - 1) * n + c - 1, d);
    board.lit.add((r - 1) * n + c - 1);
  }
  for (const [r, c, d] of Array.isArray(step.eliminations) ? step.eliminations : []) {
    const i = (r - 1) * n + c - 1;
    if (!board.eliminated.has(i)) board.eliminated.set(i, new Set());
    board.eliminated.get(i).add(d);
  }
}

// The command's options the controls hold beyond the board: the variant, a regions layout the board could
// not take (the command then says what is wrong with it), count's limit.
function boardOptions(action) {
  const options = {variant: $('variant').value, format: 'json'};
  const layout = $('regions').value.trim();
  if (layout !== '' && !board.regions) options.regions = layout;
  if (action === 'count' && Number($('limit').value) > 0) options.limit = $('limit').value;
  return options;
}

function rateText(r) {
  if (r.er === null || r.er === undefined) {
    const parts = [r.status, r.rating, r.tier && `tier ${r.tier}`, r.technique && `hardest: ${r.technique}`];
    return [...new Set(parts.filter(Boolean))].join(', ');
  }
  const one = (x) => Number(x).toFixed(1);
  return `ER ${one(r.er)} / EP ${one(r.ep)} / ED ${one(r.ed)}, hardest: ${r.technique} (${r.tier})`;
}

// Text typed into the text box since it was last imported or written: the next action imports it first,
// as Text to board would (the board stays what every action reads).
let typed = false;
$('puzzle').addEventListener('input', () => {
  typed = $('puzzle').value.trim() !== '';
});

// Imports typed text before an action; false when it could not be (the status line says why).
async function importTyped() {
  if (!typed) return true;
  typed = false;
  if (await importText($('puzzle').value, true)) return true;
  failedImport();
  return false;
}

// Candidates by simple eliminations: no solving, so the page computes them (Board.simpleCandidates).
function simpleCandidates() {
  board.clearShown();
  board.autoOver = true;
  board.auto = board.simpleCandidates();
  board.render();
  finish(
      'the candidates simple eliminations leave (digits no cell of a row, column, region or cage holds)', 0);
}

// Runs `action` on the board and writes its answer onto it; `extra`, options from a link, override.
async function act(action, extra, text) {
  if (!begin()) return;
  stopSteps();
  if (!(await importTyped())) return;
  if (action === 'candidates' && $('cand-kind').value === 'simple' && text === undefined) {
    simpleCandidates();
    return;
  }
  const puzzle = board.puzzle();
  const options = Object.assign(boardOptions(action), text === undefined ? puzzle.options : {}, extra || {});
  const answer = await call('sudoku', action, text === undefined ? puzzle.text : text, options);
  const r = record(answer.out);
  if (!r) {
    finishPlain(answer);
    return;
  }
  if (r.status === 'error') {
    finish(`error: ${r.error}`, answer.status, answer.err);
    return;
  }
  let status = r.status;
  if (action === 'solve' && typeof r.solution === 'string') {
    board.fill(r.solution);
  } else if (action === 'count') {
    status = `${r.count}${r.complete === false ? '+' : ''} solution${r.count === 1 && r.complete ? '' : 's'}`;
  } else if (action === 'rate') {
    status = rateText(r);
  } else if (action === 'hint') {
    showStep(Array.isArray(r.steps) ? r.steps[0] : null);
    board.render();
    if (r.hint) status = r.hint;
  } else if (action === 'candidates' && typeof r.candidates === 'string') {
    const n = board.n;
    if (r.candidates.length === n * n * n) {
      board.clearShown();
      board.autoOver = true;
      board.auto = Array.from({length: n * n}, (_, i) => {
        const set = new Set();
        for (let d = 1; d <= n; ++d)
          if (r.candidates[i * n + d - 1] !== '.') set.add(d);
        return set;
      });
      board.render();
      status = `${r.status}: the true candidates (digits of some solution) in every empty cell`;
    }
  } else if (action === 'minimize' && typeof r.minimized === 'string') {
    if (r.minimized.trim().startsWith('{')) {
      board.load(JSON.parse(r.minimized));
    } else {
      board.setGivens(r.minimized.split(/\s/)[0]);
    }
    status = `minimized: ${r.clues} clues`;
  } else if (action === 'steps' && Array.isArray(r.steps)) {
    startSteps(r.steps, r.status);
    status = `${r.steps.length} steps (${r.status}): play them with the arrows under the board`;
  }
  if (r.error) status = `${status}: ${r.error}`;
  finish(status, answer.status, answer.err);
}

// Steps: the board as it was, then each step's placements on it, one at a time, forward and back.
function startSteps(list, status) {
  steps = {list, base: board.snapshot(), at: 0, status};
  $('stepper').classList.remove('hidden');
  playTo(0);
}

function playTo(k) {
  if (!steps) return;
  steps.at = Math.max(0, Math.min(steps.list.length, k));
  board.restore(steps.base);
  const n = board.n;
  const removed = [];
  for (const step of steps.list.slice(0, steps.at)) {
    if (step !== steps.list[steps.at - 1]) removed.push(...(step.eliminations || []));
    for (const [r, c, d] of step.placements || []) {
      const i = (r - 1) * n + c - 1;
      if (!board.digit(i)) {
        board.value[i] = d;
        board.solved[i] = true;
      }
    }
  }
  showStep(steps.at > 0 ? steps.list[steps.at - 1] : null, removed);
  board.render();
  $('step-text').textContent = steps.at === 0 ?
      `${steps.list.length} steps: press ▶` :
      `step ${steps.at} of ${steps.list.length}: ${steps.list[steps.at - 1].text}`;
  $('step-back').disabled = steps.at === 0;
  $('step-next').disabled = steps.at === steps.list.length;
}

function stopSteps() {
  steps = null;
  $('stepper').classList.add('hidden');
}

$('step-back').addEventListener('click', () => playTo(steps ? steps.at - 1 : 0));
$('step-next').addEventListener('click', () => playTo(steps ? steps.at + 1 : 0));

// What a quiet import that failed would have said, for a caller that then ends there.
let failedImport = null;

// Text (or a link's parameter) onto the board through the module's f-puzzles form. Resolves true when the
// board took it; otherwise the status line says why.
async function importText(text, quiet) {
  if (!quiet && !begin()) return false;
  typed = false;
  const answer = await call('sudoku', 'fpuzzles', text, {});
  let error = clean(answer.out !== '' ? answer.out : answer.err);
  if (answer.status === 0) {
    try {
      board.load(JSON.parse(answer.out));
      $('regions').value = '';
      error = null;
    } catch (e) {
      error = `error: ${e.message}`;
    }
  }
  const report = () => finish(error || 'loaded', error ? answer.status || 2 : 0, error ? answer.err : '');
  if (!quiet)
    report();
  else if (error)
    failedImport = report;
  return error === null;
}

// The command's options for generate from the controls (docs/sudoku-maker.md); the library checks them as
// it checks the command's.
function generateOptions() {
  const box = BOXES[board.n];
  const o = {
    format: 'json',
    box: $('size').value || (box ? `${box[0]}x${box[1]}` : ''),
    variant: $('variant').value,
    regions: $('random-jigsaw').checked ? 'random' : $('regions').value.trim(),
    symmetry: $('symmetry').value,
    tier: $('tier').value,
    seed: $('seed').value
  };
  for (const id of ['clues', 'rating', 'attempts', 'cage-size', 'max-givens']) o[id] = $(id).value.trim();
  o.minimal = $('minimal').checked;
  if ($('killer').checked) o.variant = o.variant ? `killer,${o.variant}` : 'killer';
  o.template = $('template').checked;
  if (o.template) {
    o.box = '';
    o.regions = '';
  }
  return o;
}

async function generate() {
  if (!begin()) return;
  const o = generateOptions();
  if (o.template && !(await importTyped())) return;
  const answer = await call('sudoku', 'generate', o.template ? board.puzzle().text : '', o);
  const r = record(answer.out);
  if (!r || r.status !== 'generated') {
    if (r && r.status === 'error')
      finish(`error: ${r.error}`, answer.status, answer.err);
    else
      finishPlain(answer);
    return;
  }
  const loaded = await importText(r.puzzle, true);
  $('seed').value = String(Number($('seed').value) + 1);  // the next click makes another puzzle
  const details = ['clues', 'symmetry', 'tier', 'rating']
                      .filter((k) => r[k] !== undefined && r[k] !== null)
                      .map((k) => `${k} ${r[k]}`);
  finish(
      loaded ? `generated (seed ${r.seed}): ${details.join(', ')}` : result.textContent, answer.status,
      answer.err);
}

// The board's document for f-puzzles and SudokuPad: the page's variant written in as their fields.
function exportDocument() {
  const doc = board.document(true);
  const variants = $('variant').value.split(',');
  if (variants.includes('x')) doc['diagonal+'] = doc['diagonal-'] = true;
  if (variants.includes('anti-knight')) doc.antiknight = true;
  if (variants.includes('anti-king')) doc.antiking = true;
  if (variants.includes('non-consecutive')) doc.nonconsecutive = true;
  if (variants.includes('windoku') && board.box && board.box[0] === board.box[1]) {
    const b = board.box[0];
    const extra = Array.isArray(doc.extraregion) ? doc.extraregion.slice() : [];
    for (let r = 1; r + b < board.n; r += b + 1) {
      for (let c = 1; c + b < board.n; c += b + 1) {
        const cells = [];
        for (let i = 0; i < b; ++i)
          for (let j = 0; j < b; ++j) cells.push(`R${r + i + 1}C${c + j + 1}`);
        extra.push({cells});
      }
    }
    doc.extraregion = extra;
  }
  return doc;
}

function share() {
  const packed = compressToBase64(JSON.stringify(board.document(true)));
  const here = new URL(window.location.href);
  here.search = '';
  here.hash = '';
  let link = `${here.href}?puzzle=${encodeURIComponent(packed)}`;
  if ($('variant').value) link += `&variant=${encodeURIComponent($('variant').value)}`;
  $('share-link').value = link;
  const out = compressToBase64(JSON.stringify(exportDocument()));
  $('fpuzzles-link').href = `https://www.f-puzzles.com/?load=${out}`;
  $('sudokupad-link').href = `https://sudokupad.app/fpuzzles${out}`;
  for (const id of ['fpuzzles-link', 'sudokupad-link']) $(id).classList.remove('hidden');
}

// The board as text: the command's line for a plain board, else its f-puzzles document.
function exportText() {
  typed = false;
  $('puzzle').value = board.hasRules() || board.marks.some((m) => m.size) || board.value.some((v) => v) ?
      JSON.stringify(board.document(true)) :
      board.puzzle().text;
}

function changeSize() {
  const [r, c] = $('size').value.split('x').map(Number);
  board.reset(r * c);
  $('regions').value = '';
  board.onChange('load');
}

// A jigsaw layout typed in: n*n characters, n of each of n symbols; drawn and read as the board's regions.
function changeRegions() {
  const layout = $('regions').value.trim();
  const n = board.n;
  const names = [...new Set(layout)];
  const ok =
      layout.length === n * n && names.length === n && names.every((s) => layout.split(s).length - 1 === n);
  board.regions = ok ? [...layout].map((s) => names.indexOf(s)) : null;
  board.render();
}

function buildKeypad() {
  const pad = $('keypad');
  pad.replaceChildren();
  for (let d = 1; d <= board.n; ++d) {
    const b = document.createElement('button');
    b.textContent = SYMBOLS[d - 1];
    b.addEventListener('click', () => board.enter(d, board.pencil));
    pad.appendChild(b);
  }
  const erase = document.createElement('button');
  erase.textContent = '⌫';
  erase.title = 'erase (Delete)';
  erase.addEventListener('click', () => board.enter(0, false));
  pad.appendChild(erase);
}

function tick() {
  const ms = (clock.stopped === null ? performance.now() : clock.stopped) - clock.started;
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const text = `${Math.floor(s / 60) % 60}:${String(s % 60).padStart(2, '0')}`;
  $('timer').textContent = h ? `${h}:${text.padStart(5, '0')}` : text;
  $('timer').classList.toggle('done', clock.stopped !== null);
}
setInterval(tick, 500);

$('size').addEventListener('change', changeSize);
$('variant').addEventListener('change', () => {
  board.variant = $('variant').value;
  board.render();
});
$('regions').addEventListener('input', changeRegions);
$('load').addEventListener('click', () => enqueue(() => importText($('puzzle').value)));
$('export').addEventListener('click', exportText);
$('puzzle').addEventListener(
    'paste', () => setTimeout(() => enqueue(() => importText($('puzzle').value)), 0));
$('clear').addEventListener('click', () => board.clear());
$('undo').addEventListener('click', () => board.undo());
$('redo').addEventListener('click', () => board.redo());
$('pencil').addEventListener('click', () => board.setPencil(!board.pencil));
$('share').addEventListener('click', share);
// Killers and templates take no symmetry (their givens are what uniqueness needs): ticking one sets the
// symmetry to none, which the user can still change (the command then says why it does not apply).
for (const id of ['killer', 'template']) {
  $(id).addEventListener('change', () => {
    if ($(id).checked) $('symmetry').value = 'none';
  });
}
for (const b of document.querySelectorAll('button[data-action]')) {
  b.addEventListener(
      'click', () => enqueue(() => (b.dataset.action === 'generate' ? generate() : act(b.dataset.action))));
}

// The exact-cover tab shows the dlx command's text as it is.
async function dlxAction(action, text, options) {
  if (!begin()) return;
  finishPlain(await call('dlx', action, text, options));
}
for (const b of document.querySelectorAll('button[data-dlx]')) {
  b.addEventListener('click', () => {
    const action = b.dataset.dlx;
    const options = action === 'count' ? {memo: $('memo').checked} : {limit: $('dlx-limit').value};
    enqueue(() => dlxAction(action, $('knuth').value, options));
  });
}

function showTab(name) {
  for (const t of document.querySelectorAll('.tab')) t.classList.toggle('active', t.dataset.tab === name);
  $('sudoku').classList.toggle('hidden', name !== 'sudoku');
  $('dlx').classList.toggle('hidden', name !== 'dlx');
}
for (const t of document.querySelectorAll('.tab')) t.addEventListener('click', () => showTab(t.dataset.tab));

// Link parameters: ?puzzle=TEXT (any form the command reads, f-puzzles and SudokuPad links too; the share
// link's is an f-puzzles document) [&action=solve|count|check|rate|hint|steps|minimize|candidates], and
// ?dlx=KNUTH_TEXT&action=count|solve; the commands' options as parameters (box, variant, regions,
// extra-regions, symbols, limit, minimal; limit and memo for dlx).
async function fromLink() {
  const params = new URLSearchParams(window.location.search);
  const action = params.get('action');
  const pick = (names) =>
      Object.fromEntries(names.filter((k) => params.has(k)).map((k) => [k, params.get(k)]));
  if (params.has('dlx')) {
    showTab('dlx');
    $('knuth').value = params.get('dlx');
    if (action) await dlxAction(action, params.get('dlx'), pick(['limit', 'memo']));
    return;
  }
  if (!params.has('puzzle')) return;
  const text = params.get('puzzle');
  $('puzzle').value = text;
  if (params.has('variant')) {
    $('variant').value = params.get('variant');
    board.variant = $('variant').value;
  }
  const options = pick(['box', 'variant', 'regions', 'extra-regions', 'symbols', 'limit', 'minimal']);
  const loaded = await importText(text, Boolean(action));
  if (params.has('regions') && loaded) {
    $('regions').value = params.get('regions');
    changeRegions();
    if (board.regions) delete options.regions;
  }
  if (!action) return;
  // What the board could not take is still the action's: the command says what is wrong with it.
  if (action === 'generate')
    await generate();
  else
    await act(action, options, loaded ? undefined : text);
}

try {
  startWorker();
} catch (e) {
  // A page opened as a file: Chromium starts no worker there.
  worker = null;
  messages.textContent = `cannot start the page's worker (serve the page, e.g. scripts/run-web.sh): ${e}\n`;
}
buildKeypad();
enqueue(fromLink);
