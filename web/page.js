// The page: wires the controls and the link parameters to the Web Worker (worker.js), which runs the
// libraries; shows what the command would print. Cancel terminates the worker and starts a new one.
/* global Board */
'use strict';

const $ = (id) => document.getElementById(id);
const board = new Board($('board'));
const result = $('result');
const messages = $('messages');
let worker = null;
let pending = null;  // {id, resolve}
let nextId = 1;
let ticker = null;

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
  for (const b of document.querySelectorAll('button[data-action], button[data-dlx]')) b.disabled = busy;
  clearInterval(ticker);
  if (busy) {
    const started = performance.now();
    $('elapsed').textContent = 'working';
    ticker = setInterval(() => {
      $('elapsed').textContent = `working, ${((performance.now() - started) / 1000).toFixed(1)} s`;
    }, 200);
  }
}

// Runs one action in the worker; resolves with {status, out, err}, or null when cancelled.
function run(program, action, text, options) {
  if (pending) return Promise.resolve(null);
  if (!worker) {
    const answer = {status: 2, out: '', err: messages.textContent};
    show(answer);
    return Promise.resolve(answer);
  }
  result.dataset.state = 'running';
  result.textContent = '';
  messages.textContent = '';
  setBusy(true);
  return new Promise((resolve) => {
           pending = {id: nextId++, resolve};
           worker.postMessage({id: pending.id, program, action, text, options});
         })
      .then((answer) => {
        setBusy(false);
        show(answer);
        return answer;
      });
}

// The command's standard output; when it printed nothing there, its messages (an error, "no solution").
function show(answer) {
  result.textContent = answer.out !== '' ? answer.out : answer.err;
  messages.textContent = answer.out !== '' ? answer.err : '';
  result.dataset.status = String(answer.status);
  result.dataset.state = 'done';
}

$('cancel').addEventListener('click', () => {
  if (!pending) return;
  worker.terminate();
  const p = pending;
  pending = null;
  startWorker();
  p.resolve({status: 130, out: '', err: 'cancelled\n'});
});

// The command's options from the controls. The board's size is its --box only for the board's own text and
// for generate: text typed or pasted is read as the command reads it (its size from the text).
function sudokuOptions(action) {
  const fromBoard = action === 'generate' || $('puzzle').value.trim() === '';
  const o = {
    box: fromBoard ? $('size').value : '',
    variant: $('variant').value,
    regions: $('regions').value.trim()
  };
  if (action === 'count' && Number($('limit').value) > 0) o.limit = $('limit').value;
  if (action === 'generate') {
    // Every option of the command (docs/sudoku-maker.md); the library checks them as it checks the command's.
    Object.assign(o, {symmetry: $('symmetry').value, tier: $('tier').value, seed: $('seed').value});
    for (const id of ['clues', 'rating', 'attempts', 'cage-size', 'max-givens']) o[id] = $(id).value.trim();
    o.minimal = $('minimal').checked;
    if ($('killer').checked) o.variant = o.variant ? `killer,${o.variant}` : 'killer';
    // The template is the action's text (a line cannot hold an f-puzzles document); its size is its own.
    o.template = $('template').checked;
    if (o.template) o.box = '';
  }
  return o;
}

// The puzzle text: the text box when it holds something the board cannot show as it is, else the board.
function puzzleText() {
  const text = $('puzzle').value;
  return text.trim() !== '' ? text : board.text();
}

const cellPattern = /r(\d+)c(\d+)/g;

async function sudokuAction(action) {
  board.highlight([]);
  const text = puzzleText();
  const options = sudokuOptions(action);
  const answer = await run('sudoku', action, action === 'generate' && !options.template ? '' : text, options);
  if (!answer) return;
  // The cells of the first line: a killer line's after "givens=", else its first word.
  const firstLine = answer.out.split('\n')[0].trim();
  const givens = /givens=(\S+)/.exec(firstLine);
  const first = givens ? givens[1] : firstLine;
  if (action === 'solve' && answer.status === 0) board.fill(first.replace(/\s.*/, ''));
  if (action === 'generate' && answer.status === 0 && firstLine.startsWith('#')) {
    // A killer line or an f-puzzles document after its "# seed=.." line: the text box takes it whole.
    $('puzzle').value = answer.out.split('\n').filter((l) => !l.startsWith('#')).join('\n').trim();
    $('seed').value = String(Number($('seed').value) + 1);
  } else if (action === 'generate' && answer.status === 0) {
    const line = first.replace(/\s.*/, '');
    $('puzzle').value = line;
    board.setLine(line, true);
    $('seed').value = String(Number($('seed').value) + 1);  // the next click makes another puzzle
  }
  if (action === 'minimize' && answer.status === 0) board.setLine(first.replace(/\s.*/, ''), true);
  if (action === 'hint' || action === 'steps') {
    // The cells the step names (rXcY), counted from 1 as the command writes them.
    const line = action === 'hint' ? answer.out : answer.out.split('\n')[0];
    const cells = [...line.matchAll(cellPattern)].map((m) => (Number(m[1]) - 1) * board.n + Number(m[2]) - 1);
    board.highlight(cells);
  }
}

// Killer cages from a killer line: "killer LAYOUT NAME=SUM ... [givens=CELLS]", or SudoCue's "3x3::k:" numbers
// (sum * 256 + cage id per cell). Null for any other text.
function killerCages(text) {
  const typed = /^killer\s+(\S+)((?:\s+\S+=\S+)*)/.exec(text);
  if (typed) {
    const sums = {};
    let givens = null;
    for (const [, name, value] of typed[2].matchAll(/(\S+)=(\S+)/g)) {
      if (name === 'givens')
        givens = value;
      else
        sums[name] = value;
    }
    return {ids: [...typed[1]], sums, givens};
  }
  const sudocue = /^(\d+)x(\d+):d?:k:([\d:]+)/.exec(text);
  if (sudocue) {
    const numbers = sudocue[3].split(':').filter((x) => x !== '').map(Number);
    const sums = {};
    const ids = numbers.map((v) => {
      if (v < 256) return '.';
      sums[String(v % 256)] = Math.floor(v / 256);
      return String(v % 256);
    });
    return {ids, sums, givens: null};
  }
  return null;
}

function textToBoard() {
  const text = $('puzzle').value.trim();
  const cages = killerCages(text);
  board.drawCages(null);
  if (cages) {
    const sides = {16: '2x2', 36: '2x3', 64: '2x4', 81: '3x3', 100: '2x5', 144: '3x4', 256: '4x4'};
    if (sides[cages.ids.length]) {
      $('size').value = sides[cages.ids.length];
      changeSize();
      board.clear();
      if (cages.givens) board.setLine(cages.givens, true);
      board.drawCages(cages);
    }
    return;
  }
  const compact = text.replace(/\s+/g, '');
  const sides = {16: '2x2', 36: '2x3', 64: '2x4', 81: '3x3', 100: '2x5', 144: '3x4', 256: '4x4'};
  if (!text.includes('\n') || !/[|:]/.test(text)) {
    const cells = text.includes('\n') ? compact : text.split(/\s/)[0];
    const markSides = {64: '2x2', 216: '2x3', 512: '2x4', 729: '3x3', 1000: '2x5', 1728: '3x4', 4096: '4x4'};
    if (sides[cells.length]) {
      $('size').value = sides[cells.length];
      changeSize();
      board.setLine(cells.replace(/0/g, '.'), true);
    } else if (markSides[cells.length]) {
      $('size').value = markSides[cells.length];
      changeSize();
      board.setMarks(cells);
    }
  }
}

function changeSize() {
  const [r, c] = $('size').value.split('x').map(Number);
  if (board.rows !== r || board.cols !== c) board.setBox(r, c);
  board.drawRegions($('regions').value.trim() || null);
}

$('size').addEventListener('change', changeSize);
$('regions').addEventListener('input', () => board.drawRegions($('regions').value.trim() || null));
$('load').addEventListener('click', textToBoard);
// Killers and templates take no symmetry (their givens are what uniqueness needs): ticking one sets the
// symmetry to none, which the user can still change (the command then says why it does not apply).
for (const id of ['killer', 'template']) {
  $(id).addEventListener('change', () => {
    if ($(id).checked) $('symmetry').value = 'none';
  });
}
$('puzzle').addEventListener('paste', () => setTimeout(textToBoard, 0));
$('clear').addEventListener('click', () => {
  board.clear();
  $('puzzle').value = '';
  result.textContent = '';
  messages.textContent = '';
});
$('board').addEventListener('input', () => {
  $('puzzle').value = '';
});
for (const b of document.querySelectorAll('button[data-action]'))
  b.addEventListener('click', () => sudokuAction(b.dataset.action));
for (const b of document.querySelectorAll('button[data-dlx]')) {
  b.addEventListener('click', () => {
    const action = b.dataset.dlx;
    const options = action === 'count' ? {memo: $('memo').checked} : {limit: $('dlx-limit').value};
    run('dlx', action, $('knuth').value, options);
  });
}

function showTab(name) {
  for (const t of document.querySelectorAll('.tab')) t.classList.toggle('active', t.dataset.tab === name);
  $('sudoku').classList.toggle('hidden', name !== 'sudoku');
  $('dlx').classList.toggle('hidden', name !== 'dlx');
}
for (const t of document.querySelectorAll('.tab')) t.addEventListener('click', () => showTab(t.dataset.tab));

// Link parameters: ?puzzle=LINE&action=solve|count|check|rate|hint|... and ?dlx=KNUTH_TEXT&action=count|solve;
// box, variant, regions, limit and memo as the commands' options.
function fromLink() {
  const params = new URLSearchParams(window.location.search);
  const action = params.get('action');
  const pick = (names) =>
      Object.fromEntries(names.filter((k) => params.has(k)).map((k) => [k, params.get(k)]));
  if (params.has('dlx')) {
    showTab('dlx');
    $('knuth').value = params.get('dlx');
    if (action) run('dlx', action, params.get('dlx'), pick(['limit', 'memo']));
    return;
  }
  if (params.has('puzzle')) {
    $('puzzle').value = params.get('puzzle');
    for (const k of ['variant', 'regions'])
      if (params.has(k)) $(k).value = params.get(k);
    textToBoard();
    if (action) {
      run('sudoku', action, params.get('puzzle'),
          pick(['box', 'variant', 'regions', 'extra-regions', 'symbols', 'limit', 'minimal']))
          .then((answer) => {
            if (answer && action === 'hint') {
              const cells = [...answer.out.matchAll(cellPattern)].map(
                  (m) => (Number(m[1]) - 1) * board.n + Number(m[2]) - 1);
              board.highlight(cells);
            }
          });
    }
  }
}

try {
  startWorker();
} catch (e) {
  // A page opened as a file: Chromium starts no worker there.
  worker = null;
  messages.textContent = `cannot start the page's worker (serve the page, e.g. scripts/run-web.sh): ${e}\n`;
}
changeSize();
fromLink();
