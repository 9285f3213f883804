// The board, which is the page's truth: n*n cells (boxes of R x C, or a jigsaw's regions), each a given, a
// digit entered (or placed by an action), or empty with pencilmarks; the puzzle's rules as f-puzzles data,
// drawn in SVG under the cells (rules.js). Every action reads it (puzzle()) and writes its answer onto it.
// The DOM contract (docs/web.md): each cell is [data-cell="rRcC"] (1-based) whose text is its digit;
// candidate marks are .cand[data-digit="D"] inside it (their symbol drawn by CSS, so the cell's text stays
// the digit); a hint's struck candidates are .cand.eliminated.
/* global drawRules */
/* exported Board, SYMBOLS, BOXES */
'use strict';

const SYMBOLS = '123456789ABCDEFGHIJKLMNOP';
// The box of each side the page offers (f-puzzles' own choice for the sides it has).
const BOXES = {
  4: [2, 2],
  6: [2, 3],
  8: [2, 4],
  9: [3, 3],
  10: [2, 5],
  12: [3, 4],
  16: [4, 4],
  25: [5, 5]
};

class Board {
  // onChange(kind) after every edit the user makes ('edit') and every change of the puzzle ('load').
  constructor(element, onChange) {
    this.element = element;
    this.onChange = onChange || (() => {});
    this.pencil = false;
    this.selected = 0;
    this.variant = '';  // the page's --variant, drawn too
    this.undoStack = [];
    this.redoStack = [];
    element.addEventListener('keydown', (e) => this.key(e));
    element.addEventListener('mousedown', (e) => {
      const cell = e.target.closest('[data-cell]');
      if (cell) this.select(Number(cell.dataset.index));
    });
    element.addEventListener('focusin', (e) => {
      const cell = e.target.closest('[data-cell]');
      if (cell && Number(cell.dataset.index) !== this.selected) this.select(Number(cell.dataset.index));
    });
    this.reset(9);
  }

  // An empty board of side n (a jigsaw's layout, one region number per cell, for a side without boxes).
  reset(n, regions) {
    this.n = n;
    this.box = BOXES[n] || null;
    this.regions = regions || null;
    this.rules = {};
    this.given = new Array(n * n).fill(0);
    this.value = new Array(n * n).fill(0);
    this.solved = new Array(n * n).fill(false);
    this.marks = Array.from({length: n * n}, () => new Set());
    this.clearShown();
    this.undoStack = [];
    this.redoStack = [];
    this.selected = 0;
    this.build();
  }

  // What an action shows without changing the puzzle: candidates, a hint's cells and struck candidates.
  clearShown() {
    this.auto = null;             // candidates shown, one Set per cell, or null
    this.autoOver = false;        // whether they hide the user's marks (true candidates do; a hint's do not)
    this.eliminated = new Map();  // cell -> Set of digits a hint strikes
    this.lit = new Set();         // cells of a hint's pattern
    this.placed = new Map();      // cell -> digit a hint places
  }

  // The cells' elements, the SVG of the rules under them. Outside clues (little killers, sandwiches) get a
  // frame one cell wide.
  build() {
    const n = this.n;
    const outside = ['littlekillersum', 'sandwichsum'].some(
        (k) => Array.isArray(this.rules[k]) && this.rules[k].length > 0);
    this.frame = outside ? 1 : 0;
    this.element.replaceChildren();
    this.element.style.setProperty('--n', n);
    this.element.style.setProperty('--m', this.frame);
    this.svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    this.svg.classList.add('rules');
    this.svg.setAttribute(
        'viewBox', `${- this.frame} ${- this.frame} ${n + 2 * this.frame} ${n + 2 * this.frame}`);
    this.svg.setAttribute('aria-hidden', 'true');
    this.grid = document.createElement('div');
    this.grid.className = 'cells';
    this.cells = [];
    for (let i = 0; i < n * n; ++i) {
      const cell = document.createElement('div');
      cell.className = 'cell';
      cell.dataset.cell = `r${Math.floor(i / n) + 1}c${i % n + 1}`;
      cell.dataset.index = i;
      cell.tabIndex = i === this.selected ? 0 : -1;
      cell.setAttribute('role', 'gridcell');
      this.grid.appendChild(cell);
      this.cells.push(cell);
    }
    this.element.append(this.svg, this.grid);
    this.render();
  }

  symbol(d) { return SYMBOLS[d - 1]; }

  digit(i) { return this.given[i] || this.value[i]; }

  // The region of each cell: the jigsaw's, else the boxes'.
  regionOf(i) {
    const n = this.n;
    if (this.regions) return this.regions[i];
    if (!this.box) return 0;
    const [br, bc] = this.box;
    const r = Math.floor(i / n);
    const c = i % n;
    return Math.floor(r / br) * (n / bc) + Math.floor(c / bc);
  }

  // Groups whose digits differ: rows, columns, regions, extra regions, diagonals, killer cages.
  groups() {
    const n = this.n;
    const cellsOf = (list) => (list || []).map((s) => parseRef(s, n)).filter((i) => i !== null && i >= 0);
    const groups = [];
    for (let k = 0; k < n; ++k) {
      groups.push(Array.from({length: n}, (_, j) => k * n + j));
      groups.push(Array.from({length: n}, (_, j) => j * n + k));
    }
    if (this.box || this.regions) {
      const byRegion = new Map();
      for (let i = 0; i < n * n; ++i) {
        const r = this.regionOf(i);
        if (!byRegion.has(r)) byRegion.set(r, []);
        byRegion.get(r).push(i);
      }
      groups.push(...byRegion.values());
    }
    for (const key of ['extraregion', 'killercage'])
      for (const e of Array.isArray(this.rules[key]) ? this.rules[key] : [])
        groups.push(cellsOf(e && e.cells));
    const variants = this.variant.split(',');
    if (this.rules['diagonal-'] || variants.includes('x'))
      groups.push(Array.from({length: n}, (_, k) => k * n + k));
    if (this.rules['diagonal+'] || variants.includes('x'))
      groups.push(Array.from({length: n}, (_, k) => k * n + n - 1 - k));
    return groups;
  }

  conflicts() {
    const bad = new Set();
    for (const group of this.groups()) {
      const seen = new Map();
      for (const i of group) {
        const d = this.digit(i);
        if (!d) continue;
        if (seen.has(d)) {
          bad.add(i);
          bad.add(seen.get(d));
        } else {
          seen.set(d, i);
        }
      }
    }
    return bad;
  }

  // The candidates simple eliminations leave: digits no cell of a group with this one holds (within the
  // user's marks, where there are some); what a hint or a step starts from.
  simpleCandidates() {
    const n = this.n;
    const peers = Array.from({length: n * n}, () => new Set());
    for (const g of this.groups())
      for (const i of g)
        for (const j of g)
          if (i !== j) peers[i].add(j);
    return peers.map((p, i) => {
      const s = new Set();
      if (this.digit(i)) return s;
      for (let d = 1; d <= n; ++d)
        if (!this.marks[i].size || this.marks[i].has(d)) s.add(d);
      for (const j of p) s.delete(this.digit(j));
      return s;
    });
  }

  full() { return this.given.every((g, i) => g || this.value[i]); }

  render() {
    const bad = this.conflicts();
    this.cells.forEach((cell, i) => {
      const d = this.digit(i);
      cell.replaceChildren();
      cell.className = 'cell';
      if (this.given[i])
        cell.classList.add('given');
      else if (d && this.solved[i])
        cell.classList.add('solved');
      else if (d)
        cell.classList.add('entered');
      if (bad.has(i)) cell.classList.add('conflict');
      if (i === this.selected) cell.classList.add('selected');
      if (this.lit.has(i)) cell.classList.add('highlight');
      cell.tabIndex = i === this.selected ? 0 : -1;
      if (d) {
        cell.textContent = this.symbol(d);
        return;
      }
      // Marks: the user's pencilmarks, else the true candidates; a hint's struck digits and placement over them.
      const shown = new Map();
      const user = this.marks[i];
      const auto = this.auto ? this.auto[i] : null;
      const useAuto = auto && (this.autoOver || !user.size);
      for (const m of useAuto ? auto : user) shown.set(m, useAuto ? 'auto' : 'user');
      const struck = this.eliminated.get(i);
      if (struck)
        for (const m of struck)
          if (!shown.has(m)) shown.set(m, 'auto');
      if (this.placed.has(i)) shown.set(this.placed.get(i), shown.get(this.placed.get(i)) || 'auto');
      if (shown.size === 0) return;
      const marks = document.createElement('div');
      marks.className = 'marks';
      const [rows, cols] = this.markShape();
      marks.style.setProperty('--mr', rows);
      marks.style.setProperty('--mc', cols);
      for (const m of [...shown.keys()].sort((a, b) => a - b)) {
        const span = document.createElement('span');
        span.className = `cand ${shown.get(m)}`;
        if (struck && struck.has(m)) span.classList.add('eliminated');
        if (this.placed.get(i) === m) span.classList.add('placed');
        span.dataset.digit = m;
        span.dataset.symbol = this.symbol(m);
        span.style.gridRow = String(Math.floor((m - 1) / cols) + 1);
        span.style.gridColumn = String((m - 1) % cols + 1);
        marks.appendChild(span);
      }
      cell.appendChild(marks);
    });
    drawRules(this.svg, this);
  }

  // Marks laid out as the digits on a phone's keypad: 3x3 for 9, 4x4 for 16, 5x5 for 25...
  markShape() {
    const cols = Math.ceil(Math.sqrt(this.n));
    return [Math.ceil(this.n / cols), cols];
  }

  select(i) {
    this.selected = Math.max(0, Math.min(this.n * this.n - 1, i));
    this.cells.forEach((cell, k) => {
      cell.classList.toggle('selected', k === this.selected);
      cell.tabIndex = k === this.selected ? 0 : -1;
    });
    if (this.element.contains(document.activeElement) && document.activeElement !== this.cells[this.selected])
      this.cells[this.selected].focus();
  }

  // The state an undo goes back to: the cells (the rules do not change by editing).
  snapshot() { return JSON.stringify([this.given, this.value, this.solved, this.marks.map((s) => [...s])]); }

  restore(text) {
    const [given, value, solved, marks] = JSON.parse(text);
    this.given = given;
    this.value = value;
    this.solved = solved;
    this.marks = marks.map((m) => new Set(m));
  }

  // Records the state before a change, for undo; the shown candidates and hint go (they were of the old board).
  change() {
    this.undoStack.push(this.snapshot());
    if (this.undoStack.length > 500) this.undoStack.shift();
    this.redoStack = [];
    this.clearShown();
  }

  undo() { this.travel(this.undoStack, this.redoStack); }

  redo() { this.travel(this.redoStack, this.undoStack); }

  // One state back (or forward): the state taken from `from`, the current one kept on `to`.
  travel(from, to) {
    if (!from.length) return;
    to.push(this.snapshot());
    this.restore(from.pop());
    this.clearShown();
    this.render();
    this.onChange('edit');
  }

  // A digit into the selected cell (pencil: toggles the mark); 0 clears the digit, then the marks.
  enter(d, pencil) {
    const i = this.selected;
    if (this.given[i]) return;
    this.change();
    if (d === 0) {
      if (this.value[i])
        this.value[i] = 0;
      else
        this.marks[i].clear();
      this.solved[i] = false;
    } else if (pencil) {
      if (this.value[i]) return;
      if (this.marks[i].has(d))
        this.marks[i].delete(d);
      else
        this.marks[i].add(d);
    } else {
      this.value[i] = this.value[i] === d ? 0 : d;
      this.solved[i] = false;
    }
    this.render();
    this.onChange('edit');
  }

  key(e) {
    const n = this.n;
    const i = this.selected;
    const moves = {ArrowUp: -n, ArrowDown: n, ArrowLeft: -1, ArrowRight: 1};
    if ((e.ctrlKey || e.metaKey) && (e.key === 'z' || e.key === 'Z')) {
      if (e.shiftKey)
        this.redo();
      else
        this.undo();
    } else if ((e.ctrlKey || e.metaKey) && (e.key === 'y' || e.key === 'Y')) {
      this.redo();
    } else if (e.ctrlKey || e.metaKey || e.altKey) {
      return;
    } else if (moves[e.key] !== undefined) {
      const r = Math.floor(i / n);
      const c = i % n;
      if (e.key === 'ArrowLeft')
        this.select(r * n + (c + n - 1) % n);
      else if (e.key === 'ArrowRight')
        this.select(r * n + (c + 1) % n);
      else
        this.select((i + moves[e.key] + n * n) % (n * n));
    } else if (e.key === 'Delete' || e.key === 'Backspace' || e.key === '0' && n < 10) {
      this.enter(0, false);
    } else if (e.key === ' ') {
      this.setPencil(!this.pencil);
    } else {
      // Shift with a digit key marks too (its key is then a sign: read the key's code, or the sign's place on
      // a US keyboard when the event has no code).
      const fromCode = /^(?:Digit|Numpad)(\d)$/.exec(e.code || '');
      const shifted = '!@#$%^&*('.indexOf(e.key);
      const key = e.shiftKey && fromCode ? fromCode[1] :
          shifted >= 0                   ? String(shifted + 1) :
                                           e.key.toUpperCase();
      const d = key.length === 1 ? SYMBOLS.indexOf(key) + 1 : 0;
      if (d < 1 || d > n) return;
      this.enter(d, this.pencil || e.shiftKey);
    }
    e.preventDefault();
  }

  setPencil(on) {
    this.pencil = on;
    this.element.classList.toggle('pencil', on);
    this.onChange('pencil');
  }

  // The f-puzzles document of the board. `share`: entered digits as values that are not given, the user's
  // marks as centre marks (f-puzzles' own fields, restored by load()); otherwise, for an action, every
  // digit on the board as a given and the marks as givenPencilMarks (what the reader takes: the candidates
  // the cell keeps).
  document(share) {
    const n = this.n;
    const doc = {size: n};
    for (const [k, v] of Object.entries(this.rules)) doc[k] = v;
    doc.grid = [];
    for (let r = 0; r < n; ++r) {
      const row = [];
      for (let c = 0; c < n; ++c) {
        const i = r * n + c;
        const cell = {};
        if (this.given[i]) {
          cell.value = this.given[i];
          cell.given = true;
        } else if (this.value[i]) {
          cell.value = this.value[i];
          cell.given = !share;
        } else if (this.marks[i].size) {
          cell[share ? 'centerPencilMarks' : 'givenPencilMarks'] = [...this.marks[i]].sort((a, b) => a - b);
        }
        if (this.regions) cell.region = this.regions[i];
        row.push(cell);
      }
      doc.grid.push(row);
    }
    return doc;
  }

  // Whether the board has rules beyond its boxes (then actions read its f-puzzles document).
  hasRules() {
    return this.regions !== null || !this.box ||
        Object.keys(this.rules).some((k) => !['title', 'author', 'ruleset', 'solution'].includes(k));
  }

  // The board as an action reads it: {text, options}. A plain board is the command's line (a pencilmark line
  // when it has marks: an empty cell then stands for every digit), with its box; one with rules is its
  // f-puzzles document.
  puzzle() {
    const n = this.n;
    if (this.hasRules()) return {text: JSON.stringify(this.document(false)), options: {}};
    const options = {box: `${this.box[0]}x${this.box[1]}`};
    const anyMarks = this.marks.some((m, i) => m.size && !this.digit(i));
    if (!anyMarks) {
      return {
        text:
            Array.from({length: n * n}, (_, i) => this.digit(i) ? this.symbol(this.digit(i)) : '.').join(''),
        options
      };
    }
    let text = '';
    for (let i = 0; i < n * n; ++i) {
      for (let d = 1; d <= n; ++d) {
        const keep = this.digit(i) ? this.digit(i) === d : !this.marks[i].size || this.marks[i].has(d);
        text += keep ? this.symbol(d) : '.';
      }
    }
    return {text, options};
  }

  // The board from an f-puzzles document (the module's form of every import): its rules, givens, entered
  // digits (a value with "given": false), centre marks and given pencilmarks (as the user's marks).
  load(doc) {
    const n = Number(doc.size);
    if (!Number.isInteger(n) || n < 1 || n > SYMBOLS.length || !Array.isArray(doc.grid))
      throw new Error(
          `an f-puzzles document of size ${String(doc.size).slice(0, 20)}: the page shows 1 to 25`);
    const cellAt = (i) => (doc.grid[Math.floor(i / n)] || [])[i % n] || {};
    const regions = [];
    let jigsaw = false;
    for (let i = 0; i < n * n; ++i) {
      const region = cellAt(i).region;
      if (Number.isInteger(region)) jigsaw = true;
      regions.push(Number.isInteger(region) ? region : null);
    }
    this.reset(n, jigsaw ? regions : null);
    for (const [k, v] of Object.entries(doc))
      if (k !== 'size' && k !== 'grid') this.rules[k] = v;
    const digit = (v) => (Number.isInteger(v) && v >= 1 && v <= n ? v : 0);
    for (let i = 0; i < n * n; ++i) {
      const cell = cellAt(i);
      const d = digit(cell.value);
      if (d && cell.given === false)
        this.value[i] = d;
      else if (d)
        this.given[i] = d;
      for (const key of ['centerPencilMarks', 'givenPencilMarks'])
        if (Array.isArray(cell[key]))
          for (const m of cell[key])
            if (digit(m)) this.marks[i].add(m);
    }
    this.build();
    this.onChange('load');
  }

  // Each cell's digit in a line of n*n symbols (0 for any other character) to put(cell, digit), one change
  // to undo; false, changing nothing, for a line of another length.
  fromLine(line, put) {
    const n = this.n;
    if (line.length !== n * n) return false;
    this.change();
    for (let i = 0; i < n * n; ++i) {
      const d = SYMBOLS.indexOf(line[i].toUpperCase()) + 1;
      put(i, d >= 1 && d <= n ? d : 0);
    }
    this.render();
    return true;
  }

  // The solution line's digits in every cell without one.
  fill(line) {
    return this.fromLine(line, (i, d) => {
      if (!this.digit(i) && d) {
        this.value[i] = d;
        this.solved[i] = true;
      }
    });
  }

  // New givens from a line (minimize's puzzle), the rules kept; the rest of the board emptied.
  setGivens(line) {
    return this.fromLine(line, (i, d) => {
      this.given[i] = d;
      this.value[i] = 0;
      this.solved[i] = false;
      this.marks[i].clear();
    });
  }

  clear() {
    this.change();
    this.value.fill(0);
    this.solved.fill(false);
    for (const m of this.marks) m.clear();
    this.render();
    this.onChange('edit');
  }
}

// A cell named as f-puzzles names it ("R3C4", 1-based) as an index; null when it is no cell name. Cells
// outside the grid (R0, C0, n+1: clues) give -1.
function parseRef(text, n) {
  const m = /^R(\d+)C(\d+)$/i.exec(String(text));
  if (!m) return null;
  const r = Number(m[1]);
  const c = Number(m[2]);
  if (r < 1 || c < 1 || r > n || c > n) return -1;
  return (r - 1) * n + c - 1;
}
