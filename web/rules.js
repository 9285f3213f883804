// The puzzle's rules drawn in SVG under the board's cells, from its f-puzzles data (board.rules, the
// document's fields but "size" and "grid"): whatever the document holds is drawn, read by the libraries or
// not. Each instance is one element with data-rule="NAME", NAME the f-puzzles field it comes from. Units are
// cells: the grid spans 0..n, cell rRcC's centre is (C - 0.5, R - 0.5); clues outside the grid (R0, C0,
// R(n+1), C(n+1)) sit in the board's frame. Colours come from style.css (classes), so that dark mode follows;
// a cosmetic's own colours (f-puzzles' line, rectangle, circle, text) are attributes checked to be colours.
/* exported drawRules */
'use strict';

const SVG_NS = 'http://www.w3.org/2000/svg';

// Line rules: a list of {lines: [[cell, ...], ...]}, drawn as polylines through the cells' centres.
const LINE_RULES = [
  'thermometer', 'slowthermometer', 'palindrome', 'betweenline', 'renban', 'whispers', 'regionsumline',
  'entropicline', 'modularline', 'zipperline', 'doublearrow', 'line'
];

function svgElement(name, attributes, cls) {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attributes || {})) e.setAttribute(k, String(v));
  if (cls) e.setAttribute('class', cls);
  return e;
}

// A colour from a document, or null: "#rgb", "#rrggbb", "#rrggbbaa" only (nothing that could be more).
function colour(text) { return typeof text === 'string' && /^#[0-9a-fA-F]{3,8}$/.test(text) ? text : null; }

function drawRules(svg, board) {
  const n = board.n;
  const rules = board.rules;
  svg.replaceChildren();
  const list = (key) =>
      (Array.isArray(rules[key]) ? rules[key].filter((e) => e && typeof e === 'object') : []);
  // A cell name's centre ({x, y}), or null: R0..R(n+1), C0..C(n+1).
  const at = (text) => {
    const m = /^R(\d+)C(\d+)$/i.exec(String(text));
    if (!m) return null;
    const r = Number(m[1]);
    const c = Number(m[2]);
    if (r > n + 1 || c > n + 1) return null;
    return {x: c - 0.5, y: r - 0.5, r: r - 1, c: c - 1};
  };
  const inside = (p) => p && p.r >= 0 && p.c >= 0 && p.r < n && p.c < n;
  const points = (cells) => (Array.isArray(cells) ? cells.map(at).filter(Boolean) : []);
  const group = (name) => {
    const g = svgElement('g', {}, `rule rule-${name.replace(/[^a-z]/gi, '')}`);
    g.dataset.rule = name;
    return g;
  };
  const polyline = (pts, cls) =>
      svgElement('polyline', {points: pts.map((p) => `${p.x},${p.y}`).join(' ')}, cls);
  const text = (x, y, value, cls, size) => {
    const t = svgElement('text', {x, y, 'font-size': size || 0.3}, cls);
    t.textContent = String(value).slice(0, 12);
    return t;
  };

  const layers =
      {under: svgElement('g'), lines: svgElement('g'), grid: svgElement('g'), over: svgElement('g')};
  svg.append(
      svgElement('rect', {x: 0, y: 0, width: n, height: n}, 'paper'), layers.under, layers.grid, layers.lines,
      layers.over);

  // Shaded cells: extra regions, clones, the page's windoku windows.
  const shade = (g, cells, cls) => {
    for (const p of cells.filter(inside))
      g.appendChild(svgElement('rect', {x: p.c, y: p.r, width: 1, height: 1}, cls));
  };
  for (const e of list('extraregion')) {
    const g = group('extraregion');
    shade(g, points(e.cells), 'shade');
    layers.under.appendChild(g);
  }
  for (const e of list('clone')) {
    const g = group('clone');
    shade(g, [...points(e.cells), ...points(e.cloneCells)], 'clone');
    layers.under.appendChild(g);
  }
  const variants = board.variant.split(',');
  if (variants.includes('windoku') && board.box && board.box[0] === board.box[1]) {
    const b = board.box[0];
    for (let r = 1; r + b < n; r += b + 1) {
      for (let c = 1; c + b < n; c += b + 1) {
        const g = group('windoku');
        for (let i = 0; i < b; ++i)
          for (let j = 0; j < b; ++j)
            g.appendChild(svgElement('rect', {x: c + j, y: r + i, width: 1, height: 1}, 'shade'));
        layers.under.appendChild(g);
      }
    }
  }
  // Cosmetic shapes (f-puzzles' rectangle and circle) with their own colours.
  for (const key of ['rectangle', 'circle']) {
    for (const e of list(key)) {
      const pts = points(e.cells);
      if (!pts.length) continue;
      const x = pts.reduce((s, p) => s + p.x, 0) / pts.length;
      const y = pts.reduce((s, p) => s + p.y, 0) / pts.length;
      const w = Math.min(Number(e.width) || 0.5, n);
      const h = Math.min(Number(e.height) || 0.5, n);
      const g = group(key);
      const shape = key === 'circle' ?
          svgElement('ellipse', {cx: x, cy: y, rx: w / 2, ry: h / 2}, 'cosmetic') :
          svgElement('rect', {x: x - w / 2, y: y - h / 2, width: w, height: h}, 'cosmetic');
      if (colour(e.baseC)) shape.setAttribute('fill', colour(e.baseC));
      if (colour(e.outlineC)) shape.setAttribute('stroke', colour(e.outlineC));
      g.appendChild(shape);
      if (e.value !== undefined && e.value !== '') g.appendChild(text(x, y, e.value, 'clue', 0.3));
      layers.over.appendChild(g);
    }
  }

  // The grid: thin lines between cells, thick ones where the region changes (boxes or a jigsaw's).
  const thin = [];
  const thick = [];
  for (let r = 0; r < n; ++r) {
    for (let c = 0; c < n; ++c) {
      const i = r * n + c;
      if (c + 1 < n) (board.regionOf(i) !== board.regionOf(i + 1) ? thick : thin).push(`M${c + 1} ${r}v1`);
      if (r + 1 < n) (board.regionOf(i) !== board.regionOf(i + n) ? thick : thin).push(`M${c} ${r + 1}h1`);
    }
  }
  layers.grid.append(
      svgElement('path', {d: thin.join('')}, 'grid-line'),
      svgElement('path', {d: thick.join('')}, 'region-line'),
      svgElement('rect', {x: 0, y: 0, width: n, height: n}, 'border'));

  // Diagonals: the document's, and the page's variant x.
  for (const [key, from, to] of [['diagonal-', [0, 0], [n, n]], ['diagonal+', [0, n], [n, 0]]]) {
    if (rules[key] === true || variants.includes('x')) {
      const g = group(key);
      g.appendChild(svgElement('line', {x1: from[0], y1: from[1], x2: to[0], y2: to[1]}, 'diagonal'));
      layers.lines.appendChild(g);
    }
  }

  // Killer cages: a dashed outline inset in the cage, the sum in its first cell's corner.
  for (const key of ['killercage', 'cage']) {
    for (const e of list(key)) {
      const pts = points(e.cells).filter(inside);
      if (!pts.length) continue;
      const set = new Set(pts.map((p) => p.r * n + p.c));
      const has = (r, c) => r >= 0 && c >= 0 && r < n && c < n && set.has(r * n + c);
      const a = 0.08;
      const d = [];
      for (const {r, c} of pts) {
        if (!has(r - 1, c)) {
          const x0 = has(r, c - 1) ? (has(r - 1, c - 1) ? c - a : c) : c + a;
          const x1 = has(r, c + 1) ? (has(r - 1, c + 1) ? c + 1 + a : c + 1) : c + 1 - a;
          d.push(`M${x0} ${r + a}H${x1}`);
        }
        if (!has(r + 1, c)) {
          const x0 = has(r, c - 1) ? (has(r + 1, c - 1) ? c - a : c) : c + a;
          const x1 = has(r, c + 1) ? (has(r + 1, c + 1) ? c + 1 + a : c + 1) : c + 1 - a;
          d.push(`M${x0} ${r + 1 - a}H${x1}`);
        }
        if (!has(r, c - 1)) {
          const y0 = has(r - 1, c) ? (has(r - 1, c - 1) ? r - a : r) : r + a;
          const y1 = has(r + 1, c) ? (has(r + 1, c - 1) ? r + 1 + a : r + 1) : r + 1 - a;
          d.push(`M${c + a} ${y0}V${y1}`);
        }
        if (!has(r, c + 1)) {
          const y0 = has(r - 1, c) ? (has(r - 1, c + 1) ? r - a : r) : r + a;
          const y1 = has(r + 1, c) ? (has(r + 1, c + 1) ? r + 1 + a : r + 1) : r + 1 - a;
          d.push(`M${c + 1 - a} ${y0}V${y1}`);
        }
      }
      const g = group(key);
      g.appendChild(svgElement('path', {d: d.join('')}, 'cage'));
      if (e.value !== undefined && e.value !== null && e.value !== '') {
        const first = pts.reduce((b, p) => (p.r < b.r || p.r === b.r && p.c < b.c ? p : b));
        g.appendChild(svgElement(
            'rect',
            {x: first.c + 0.03, y: first.r + 0.03, width: 0.1 + 0.12 * String(e.value).length, height: 0.26},
            'cage-sum-back'));
        g.appendChild(text(first.c + 0.06, first.r + 0.24, e.value, 'cage-sum', 0.22));
      }
      layers.over.appendChild(g);
    }
  }

  // Odd (circle), even (square), minimum and maximum (a chevron in each side, pointing in or out).
  for (const e of list('odd')) {
    const p = at(e.cell);
    if (!inside(p)) continue;
    const g = group('odd');
    g.appendChild(svgElement('circle', {cx: p.x, cy: p.y, r: 0.36}, 'parity'));
    layers.under.appendChild(g);
  }
  for (const e of list('even')) {
    const p = at(e.cell);
    if (!inside(p)) continue;
    const g = group('even');
    g.appendChild(svgElement('rect', {x: p.x - 0.34, y: p.y - 0.34, width: 0.68, height: 0.68}, 'parity'));
    layers.under.appendChild(g);
  }
  for (const key of ['minimum', 'maximum']) {
    for (const e of list(key)) {
      const p = at(e.cell);
      if (!inside(p)) continue;
      const s = key === 'minimum' ? 1 : -1;  // minimum: chevrons point in, the neighbours are larger
      const k = 0.08 * s;
      const e4 = 0.38;
      const d = `M${p.x - 0.12} ${p.y - e4}l0.12 ${k}l0.12 ${- k}` +
          `M${p.x - 0.12} ${p.y + e4}l0.12 ${- k}l0.12 ${k}` +
          `M${p.x - e4} ${p.y - 0.12}l${k} 0.12l${- k} 0.12` +
          `M${p.x + e4} ${p.y - 0.12}l${- k} 0.12l${k} 0.12`;
      const g = group(key);
      g.appendChild(svgElement('rect', {x: p.c, y: p.r, width: 1, height: 1}, `extremum-${key}`));
      g.appendChild(svgElement('path', {d}, 'chevron'));
      layers.under.appendChild(g);
    }
  }

  // Lines. A thermometer has its bulb at the start, a between line and a double arrow a circle at each end.
  for (const key of LINE_RULES) {
    for (const e of list(key)) {
      const lines = (Array.isArray(e.lines) ? e.lines : []).map(points).filter((l) => l.length > 0);
      if (!lines.length) continue;
      const g = group(key);
      for (const l of lines) {
        const line = polyline(l, `line line-${key}`);
        if (key === 'line') {
          if (colour(e.outlineC)) line.setAttribute('stroke', colour(e.outlineC));
          if (Number(e.width) > 0) line.setAttribute('stroke-width', String(Math.min(Number(e.width), 1)));
        }
        g.appendChild(line);
      }
      if (key === 'thermometer' || key === 'slowthermometer')
        g.appendChild(
            svgElement('circle', {cx: lines[0][0].x, cy: lines[0][0].y, r: 0.36}, `bulb bulb-${key}`));
      if (key === 'betweenline' || key === 'doublearrow') {
        for (const l of lines) {
          for (const p of [l[0], l[l.length - 1]])
            g.appendChild(svgElement('circle', {cx: p.x, cy: p.y, r: 0.4}, 'end-circle'));
        }
      }
      layers.lines.appendChild(g);
    }
  }

  // Arrows: the circle (one cell) or pill (several), and lines from it with a head at the far end.
  for (const e of list('arrow')) {
    const circle = points(e.cells);
    const lines = (Array.isArray(e.lines) ? e.lines : []).map(points).filter((l) => l.length > 1);
    if (!circle.length && !lines.length) continue;
    const g = group('arrow');
    for (const l of lines) {
      g.appendChild(polyline(l, 'line line-arrow'));
      const [p, q] = [l[l.length - 2], l[l.length - 1]];
      const len = Math.hypot(q.x - p.x, q.y - p.y) || 1;
      const [ux, uy] = [(q.x - p.x) / len, (q.y - p.y) / len];
      const h = 0.22;
      g.appendChild(svgElement(
          'path', {
            d: `M${q.x - h * ux + h * uy} ${q.y - h * uy - h * ux}L${q.x} ${q.y}L${q.x - h * ux - h * uy} ${
                q.y - h * uy + h * ux}`
          },
          'line line-arrow'));
    }
    if (circle.length === 1) {
      g.appendChild(svgElement('circle', {cx: circle[0].x, cy: circle[0].y, r: 0.4}, 'arrow-circle'));
    } else if (circle.length > 1) {
      g.appendChild(polyline(circle, 'arrow-pill-edge'));
      g.appendChild(polyline(circle, 'arrow-pill'));
    }
    layers.lines.appendChild(g);
  }

  // Dots and XV between two cells; quadruples at four cells' corner; cosmetic text: each drawn by
  // draw(g, middle, entry) at the middle of its cells (at least `least` of them).
  const middle = (pts) =>
      ({x: pts.reduce((s, p) => s + p.x, 0) / pts.length, y: pts.reduce((s, p) => s + p.y, 0) / pts.length});
  const centred = (key, least, draw) => {
    for (const e of list(key)) {
      const pts = points(e.cells);
      if (pts.length < least) continue;
      const g = group(key);
      draw(g, middle(pts), e);
      layers.over.appendChild(g);
    }
  };
  for (const [key, cls, plain] of [['difference', 'dot-white', '1'], ['ratio', 'dot-black', '2']]) {
    centred(key, 2, (g, m, e) => {
      g.appendChild(svgElement('circle', {cx: m.x, cy: m.y, r: 0.13}, cls));
      if (e.value !== undefined && e.value !== '' && String(e.value) !== plain)
        g.appendChild(text(m.x, m.y + 0.06, e.value, `dot-text ${cls}-text`, 0.16));
    });
  }
  centred('xv', 2, (g, m, e) => {
    g.appendChild(svgElement('rect', {x: m.x - 0.14, y: m.y - 0.16, width: 0.28, height: 0.32}, 'xv-back'));
    g.appendChild(text(m.x, m.y + 0.11, String(e.value || '').toUpperCase(), 'xv', 0.32));
  });
  centred('quadruple', 1, (g, m, e) => {
    g.appendChild(svgElement('circle', {cx: m.x, cy: m.y, r: 0.26}, 'quad'));
    const values = Array.isArray(e.values) ? e.values.slice(0, 4) : [];
    values.forEach((v, k) => {
      const dx = values.length === 1 ? 0 : (k % 2 ? 0.09 : -0.09);
      const dy = values.length <= 2 ? 0.05 : (k < 2 ? -0.04 : 0.13);
      g.appendChild(text(m.x + dx, m.y + dy, v, 'quad-text', 0.15));
    });
  });
  centred('text', 1, (g, m, e) => {
    const t = text(
        m.x, m.y + 0.1, e.value === undefined ? '' : e.value, 'clue', Math.min(Number(e.size) || 0.3, 1));
    if (colour(e.fontC)) t.setAttribute('fill', colour(e.fontC));
    g.appendChild(t);
  });

  // Clues outside the grid: little killer sums (with the diagonal's direction) and sandwich sums.
  const arrows = {DR: [1, 1], DL: [-1, 1], UR: [1, -1], UL: [-1, -1]};
  for (const e of list('littlekillersum')) {
    const p = at(e.cell);
    if (!p) continue;
    const g = group('littlekillersum');
    g.appendChild(text(p.x, p.y + 0.08, e.value === undefined ? '' : e.value, 'clue', 0.3));
    const dir = arrows[String(e.direction || '').toUpperCase()];
    if (dir) {
      const [dx, dy] = dir;
      const x = p.x + 0.3 * dx;
      const y = p.y + 0.3 * dy;
      g.appendChild(
          svgElement('path', {d: `M${x - 0.12 * dx} ${y}L${x} ${y}L${x} ${y - 0.12 * dy}`}, 'clue-arrow'));
    }
    layers.over.appendChild(g);
  }
  for (const e of list('sandwichsum')) {
    const p = at(e.cell);
    if (!p) continue;
    const g = group('sandwichsum');
    g.appendChild(text(p.x, p.y + 0.1, e.value === undefined ? '' : e.value, 'clue', 0.34));
    layers.over.appendChild(g);
  }
}
