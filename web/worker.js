// The Web Worker: loads the WebAssembly module and runs one action per message, so that the page never freezes.
// Cancelling is the page's: it terminates this worker and starts a new one.
/* global importScripts, createDlx */
importScripts('dlx.js');
const ready = createDlx();

// The options each program takes, as the page names them (the commands' option names).
const KNOWN = {
  sudoku: new Set([
    'box', 'symbols', 'variant', 'regions', 'extra-regions', 'limit', 'all', 'minimal', 'format', 'count',
    'seed', 'symmetry', 'tier', 'clues', 'attempts', 'rating', 'cage-size', 'max-givens', 'template'
  ]),
  dlx: new Set(['limit', 'memo'])
};

// The options as (name, value) pairs for the module, each pair passed on its own (web_option), never joined
// into text; an error line instead for a name the program does not take or a value with a control character
// (a newline from a link parameter), which no option has.
function optionPairs(program, options) {
  const pairs = [];
  for (const [k, v] of Object.entries(options || {})) {
    if (v === undefined || v === null || v === false || v === '') continue;
    if (!KNOWN[program].has(k)) return {error: `${program}: unknown option '${k.slice(0, 40)}'\n`};
    const value = v === true ? '' : String(v);
    if (/[\u0000-\u001f\u007f]/.test(value))
      return {error: `${program}: ${k}: a control character (such as a line break) in its value\n`};
    pairs.push([k, value]);
  }
  return {pairs};
}

// The action's text in the module's heap for the length of f(address): ccall's own strings go on the module's
// stack (5 MiB, four bytes a character), which a long paste would overflow. The browser's encoder writes it
// (several times quicker than the module's own JavaScript loop); UTF-8 takes at most three bytes a UTF-16 unit.
const encoder = new TextEncoder();
function withText(m, text, f) {
  const size = 3 * text.length + 1;
  const at = m._malloc(size);
  if (at === 0) throw new Error('out of memory');
  try {
    const {written} = encoder.encodeInto(text, m.HEAPU8.subarray(at, at + size - 1));
    m.HEAPU8[at + written] = 0;
    return f(at);
  } finally {
    m._free(at);
  }
}

// {id, program: 'sudoku' | 'dlx', action, text, options: {name: value}} -> {id, status, out, err, ms}; after
// a failure of the module itself (it could not be loaded, or it trapped), `failed` is set and the page starts
// a new worker, since the module's state cannot be trusted.
self.onmessage = async (event) => {
  const {id, program, action, text, options} = event.data;
  const {pairs, error} = optionPairs(program === 'dlx' ? 'dlx' : 'sudoku', options);
  if (error) {
    self.postMessage({id, status: 2, out: '', err: error, ms: 0});
    return;
  }
  const fn = program === 'dlx' ? 'web_dlx' : 'web_sudoku';
  try {
    const m = await ready;
    const started = performance.now();
    for (const [k, v] of pairs) m.ccall('web_option', null, ['string', 'string'], [k, v]);
    const status = withText(m, text, (at) => m.ccall(fn, 'number', ['string', 'number'], [action, at]));
    const out = m.UTF8ToString(m.ccall('web_out', 'number', [], []));
    const err = m.UTF8ToString(m.ccall('web_err', 'number', [], []));
    self.postMessage({id, status, out, err, ms: performance.now() - started});
  } catch (e) {
    self.postMessage(
        {id, status: 1, out: '', err: `${program}: the WebAssembly module failed: ${e}\n`, failed: true});
  }
};
