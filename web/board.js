// The board: n*n cells for boxes of R x C (n = R*C, 4 to 16), each holding a digit, several digits
// (pencilmarks) or nothing; jigsaw regions and killer cages drawn as borders; cells highlighted by a hint.
/* exported Board */
'use strict';

const SYMBOLS = '123456789ABCDEFG';

class Board {
  constructor(element) {
    this.element = element;
    this.setBox(3, 3);
  }

  setBox(rows, cols) {
    this.rows = rows;
    this.cols = cols;
    this.n = rows * cols;
    this.symbols = SYMBOLS.slice(0, this.n);
    this.element.replaceChildren();
    this.element.style.setProperty('--n', this.n);
    this.cells = [];
    for (let i = 0; i < this.n * this.n; ++i) {
      const cell = document.createElement('input');
      cell.className = 'cell';
      cell.dataset.index = i;
      cell.autocomplete = 'off';
      cell.addEventListener('input', () => this.tidy(cell));
      this.element.appendChild(cell);
      this.cells.push(cell);
    }
    this.drawRegions(null);
  }

  tidy(cell) {
    const seen = new Set();
    let text = '';
    for (const c of cell.value.toUpperCase()) {
      if (this.symbols.includes(c) && !seen.has(c)) {
        seen.add(c);
        text += c;
      }
    }
    cell.value = [...text].sort((a, b) => this.symbols.indexOf(a) - this.symbols.indexOf(b)).join('');
    cell.classList.toggle('marks', cell.value.length > 1);
  }

  // Region of each cell: the layout's characters (jigsaw), or the boxes; borders where regions change.
  drawRegions(layout) {
    const n = this.n;
    const region = (r, c) => layout && layout.length === n * n ?
        layout[r * n + c] :
        Math.floor(r / this.rows) * this.rows + Math.floor(c / this.cols);
    for (let r = 0; r < n; ++r) {
      for (let c = 0; c < n; ++c) {
        const s = this.cells[r * n + c].style;
        const here = region(r, c);
        s.borderTopWidth = r === 0 || region(r - 1, c) !== here ? '3px' : '1px';
        s.borderLeftWidth = c === 0 || region(r, c - 1) !== here ? '3px' : '1px';
        s.borderBottomWidth = r === n - 1 ? '3px' : '0';
        s.borderRightWidth = c === n - 1 ? '3px' : '0';
      }
    }
  }

  // Killer cages: a cage id per cell ('.' none) and each cage's sum written in its first cell.
  drawCages(cages) {
    for (const cell of this.cells) {
      cell.classList.remove('cage-top', 'cage-left', 'cage-bottom', 'cage-right', 'caged');
      cell.placeholder = '';
    }
    if (!cages) return;
    const n = this.n;
    const id = (r, c) => (r < 0 || c < 0 || r >= n || c >= n ? null : cages.ids[r * n + c]);
    for (let r = 0; r < n; ++r) {
      for (let c = 0; c < n; ++c) {
        const here = id(r, c);
        if (here === null || here === '.') continue;
        const cell = this.cells[r * n + c];
        cell.classList.add('caged');
        if (id(r - 1, c) !== here) cell.classList.add('cage-top');
        if (id(r, c - 1) !== here) cell.classList.add('cage-left');
        if (id(r + 1, c) !== here) cell.classList.add('cage-bottom');
        if (id(r, c + 1) !== here) cell.classList.add('cage-right');
      }
    }
    for (const [cage, sum] of Object.entries(cages.sums)) {
      const first = cages.ids.indexOf(cage);
      if (first >= 0) this.cells[first].placeholder = String(sum);  // shown while the cell is empty
    }
  }

  // The board as one line: a digit, '.' for an empty cell. With pencilmarks, the command's pencilmark line:
  // n characters per cell, digit d's symbol at position d - 1 when it is a candidate ('.' when not); an empty
  // cell has every candidate, a cell with one digit only that one.
  text() {
    const marks = this.cells.some((c) => c.value.length > 1);
    if (!marks) return this.cells.map((c) => c.value || '.').join('');
    return this.cells
        .map((c) => [...this.symbols].map((d) => (!c.value || c.value.includes(d) ? d : '.')).join(''))
        .join('');
  }

  // Cells from a pencilmark line (n^3 characters); false when it is not one.
  setMarks(line) {
    const n = this.n;
    if (line.length !== n * n * n) return false;
    this.cells.forEach((cell, i) => {
      cell.value = [...line.slice(i * n, i * n + n)].filter((c, d) => c === this.symbols[d]).join('');
      cell.classList.toggle('marks', cell.value.length > 1);
      cell.classList.remove('given', 'solved');
    });
    return true;
  }

  // Cells from a line of n*n characters (digits, '.' or '0' for empty); false when it is not one.
  setLine(line, given) {
    if (line.length !== this.n * this.n) return false;
    this.cells.forEach((cell, i) => {
      const c = line[i].toUpperCase();
      cell.value = this.symbols.includes(c) ? c : '';
      cell.classList.remove('marks');
      if (given !== undefined) cell.classList.toggle('given', given && cell.value !== '');
    });
    return true;
  }

  // Fills the empty cells from a solution line, keeping the givens as they are.
  fill(line) {
    if (line.length !== this.n * this.n) return false;
    this.cells.forEach((cell, i) => {
      if (!cell.value || cell.value.length > 1) {
        cell.value = line[i];
        cell.classList.remove('marks');
        cell.classList.add('solved');
      }
    });
    return true;
  }

  highlight(indices) {
    this.cells.forEach((cell, i) => cell.classList.toggle('highlight', indices.includes(i)));
  }

  clear() {
    for (const cell of this.cells) {
      cell.value = '';
      cell.className = 'cell';
    }
  }
}
